"""The neutral board between puzz.link/pzprv3 text and our genres, and the pzprjs genre ids.

A `Board` holds what a puzz.link URL or the clue layer of a pzprv3 file says, in pzprjs's
terms (rows top to bottom, columns left to right, ``None`` no clue, ``-2`` a clue shown
without a value); an `Answer` holds the answer layer of a solved pzprv3 board. Neither knows
our genres: `convert` maps them to and from each genre's ``Puzzle`` and ``Solution``.

Each genre with a pzprjs form says so in its folder, in a ``puzzlink`` part (see
`puzzlekit.genres.part`): the `Kind`s it reads and writes, other ids for them, the pzprjs
genres near it that it is not, and the code between its boards and its puzzles. The ids
known here are gathered from those parts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from .. import genres
from ..errors import ParseError
from ..grid import Cell, CellEdge

#: A clue shown without a value: "?" in pzprjs, "." in a URL, "-" in a pzprv3 file.
UNKNOWN = -2

Grid = tuple[tuple[int | None, ...], ...]


@dataclass(frozen=True)
class Kind:
    """A pzprjs genre: its id in files (``pid``), in URLs, its English name and our genre,
    as the genre's ``puzzlink`` part declares it.

    ``fields``: the `Board` fields its clues fill (``to_json`` shows those); ``flags``: the
    pflag letters its URLs may carry; ``square``: one size for rows and columns (the URL
    gives it twice, a file once); ``version``: the first line of the files written.
    """

    pid: str
    urlid: str
    name: str
    genre: str
    fields: tuple[str, ...] = ("cells",)
    flags: str = ""
    square: bool = False
    version: str = "pzprv3"


def parts() -> dict[str, ModuleType]:
    """The ``puzzlink`` part of every genre that has one, by genre name (a variant shares its
    genre's part, so it is left out)."""
    out = {}
    for name in genres.available():
        if name in genres.VARIANTS:
            continue
        found = genres.part(genres.get(name), "puzzlink")
        if found is not None:
            out[name] = found
    return out


def _declared() -> tuple[dict[str, Kind], dict[str, str], dict[str, str], dict[str, ModuleType]]:
    kinds: dict[str, Kind] = {}
    aliases: dict[str, str] = {}
    others: dict[str, str] = {}
    owner: dict[str, ModuleType] = {}
    for found in parts().values():
        for k in getattr(found, "KINDS", ()):
            kinds.setdefault(k.pid, k)
            owner.setdefault(k.pid, found)
        for alias, pid in getattr(found, "ALIASES", {}).items():
            aliases.setdefault(alias, pid)
        for pid, why in getattr(found, "OTHERS", {}).items():
            others.setdefault(pid, why)
    return kinds, aliases, others, owner


def __getattr__(name: str) -> Any:
    """``KINDS`` (the pzprjs genres read and written, by pid), ``ALIASES`` (other ids readers
    accept for them) and ``OTHERS`` (pzprjs genres near ours that puzzlekit does not solve,
    with the reason): gathered from the genres' ``puzzlink`` parts when asked."""
    index = {"KINDS": 0, "ALIASES": 1, "OTHERS": 2}.get(name)
    if index is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _declared()[index]


def part(pid: str) -> ModuleType:
    """The ``puzzlink`` part of the genre that declares a pzprjs id."""
    return _declared()[3][pid]


def kind(ident: str, source: str = "<url>", column: int = 0) -> Kind:
    """The genre of a pzprjs id or alias (any case), or a ParseError saying what is known."""
    kinds, aliases, others, _ = _declared()
    key = ident.strip().lower()
    key = aliases.get(key, key)
    if key in kinds:
        return kinds[key]
    known = ", ".join(sorted({*kinds, *aliases}))
    if key in others:
        message = f"puzz.link genre {ident!r} is not one puzzlekit solves: {others[key]}"
    elif not key:
        message = f"no puzz.link genre id (expected one of: {known})"
    else:
        message = f"unknown puzz.link genre {ident!r}; puzzlekit reads: {known}"
    raise ParseError(message, source=source, line=1 if column else 0, column=column)


@dataclass(frozen=True)
class Board:
    """The clues of one pzprjs board.

    ``cells`` (R x C, row by row) holds per-cell clues: numbers, islands, pearls (1 white,
    2 black), Sudoku givens. Nonogram: ``col_clues``/``row_clues`` in reading order. Tents:
    ``col_counts``/``row_counts`` (None: no count) and ``trees``. Star Battle: ``stars`` and
    ``regions`` (R x C region numbers, counted in reading order of their first cell) and
    the URL's ``walls`` as read (a URL may hold walls inside a region, which `regions`
    leaves out; they are kept only to write the same URL again).
    ``flags`` are the URL's pflag letters (``f``, ``e``). ``sides``: the numbers outside
    the four sides (Skyscrapers, Magnets), top, bottom, left, right, each in reading order.
    """

    pid: str
    rows: int
    cols: int
    flags: str = ""
    cells: Grid = ()
    col_clues: tuple[tuple[int, ...], ...] = ()
    row_clues: tuple[tuple[int, ...], ...] = ()
    col_counts: tuple[int | None, ...] = ()
    row_counts: tuple[int | None, ...] = ()
    trees: frozenset[Cell] = frozenset()
    stars: int = 0
    regions: tuple[tuple[int, ...], ...] = ()
    walls: frozenset[CellEdge] = field(default=frozenset(), compare=False)
    sides: tuple[tuple[int | None, ...], ...] = ()

    @property
    def kind(self) -> Kind:
        return _declared()[0][self.pid]

    def to_json(self) -> dict[str, Any]:
        """The board as plain JSON (the ``url_clues`` shape of the pzprjs test data): the
        fields its kind fills, tuples as lists, sets as sorted lists."""
        out: dict[str, Any] = {"rows": self.rows, "cols": self.cols, "flags": sorted(self.flags)}
        for name in self.kind.fields:
            out[name] = _plain(getattr(self, name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, frozenset):
        return [_plain(v) for v in sorted(value)]
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class Answer:
    """The answer layer of a solved board; the solver's notes (crosses, dots) are left out.

    ``lines``: line segments between adjacent cell centres (mashu, numlin, arukone) or
    lattice points (slither). ``bridges``: hashikake bridge counts per segment between
    adjacent cells. ``marks``: shaded cells (nonogram), tents, stars. ``digits``: the Sudoku
    grid, givens merged in, 0 for an empty cell. ``walls``: Shikaku walls as pairs of
    adjacent cells.
    """

    lines: frozenset[CellEdge] = frozenset()
    bridges: dict[CellEdge, int] = field(default_factory=dict)
    marks: frozenset[Cell] = frozenset()
    digits: tuple[tuple[int, ...], ...] = ()
    walls: frozenset[CellEdge] = frozenset()


def regions_from_walls(rows: int, cols: int, walls: set[CellEdge] | frozenset[CellEdge]) -> tuple[
    tuple[int, ...], ...
]:
    """Region numbers of the cells split by walls, numbered in reading order of first cells."""
    label = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if label[r][c] >= 0:
                continue
            label[r][c] = count
            stack = [(r, c)]
            while stack:
                a = stack.pop()
                for b in ((a[0] - 1, a[1]), (a[0] + 1, a[1]), (a[0], a[1] - 1), (a[0], a[1] + 1)):
                    if 0 <= b[0] < rows and 0 <= b[1] < cols and label[b[0]][b[1]] < 0:
                        if (min(a, b), max(a, b)) not in walls:
                            label[b[0]][b[1]] = count
                            stack.append(b)
            count += 1
    return tuple(tuple(row) for row in label)


def walls_of(regions: tuple[tuple[Any, ...], ...]) -> frozenset[CellEdge]:
    """The walls between adjacent cells of different regions."""
    rows, cols = len(regions), len(regions[0]) if regions else 0
    out = set()
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and regions[r][c] != regions[r][c + 1]:
                out.add(((r, c), (r, c + 1)))
            if r + 1 < rows and regions[r][c] != regions[r + 1][c]:
                out.add(((r, c), (r + 1, c)))
    return frozenset(out)
