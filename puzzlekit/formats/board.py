"""The neutral board between puzz.link/pzprv3 text and our genres, and the pzprjs genre ids.

A `Board` holds what a puzz.link URL or the clue layer of a pzprv3 file says, in pzprjs's
terms (rows top to bottom, columns left to right, ``None`` no clue, ``-2`` a clue shown
without a value); an `Answer` holds the answer layer of a solved pzprv3 board. Neither knows
our genres: `convert` maps them to and from each genre's ``Puzzle`` and ``Solution``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import ParseError
from ..grid import Cell, CellEdge

#: A clue shown without a value: "?" in pzprjs, "." in a URL, "-" in a pzprv3 file.
UNKNOWN = -2

Grid = tuple[tuple[int | None, ...], ...]


@dataclass(frozen=True)
class Kind:
    """A pzprjs genre: its id in files (``pid``), in URLs, its English name and our genre."""

    pid: str
    urlid: str
    name: str
    genre: str


#: The pzprjs genres read and written here, by pid.
KINDS: dict[str, Kind] = {
    k.pid: k
    for k in (
        Kind("mashu", "mashu", "Masyu", "masyu"),
        Kind("numlin", "numlin", "Numberlink", "numberlink"),
        Kind("arukone", "arukone", "Arukone", "numberlink"),
        Kind("hashikake", "hashi", "Hashiwokakero", "hashi"),
        Kind("slither", "slither", "Slitherlink", "slitherlink"),
        Kind("sudoku", "sudoku", "Sudoku", "sudoku"),
        Kind("nonogram", "nonogram", "Nonogram", "nonogram"),
        Kind("tents", "tents", "Tents", "tents"),
        Kind("starbattle", "starbattle", "Star Battle", "queens"),
        Kind("shikaku", "shikaku", "Shikaku", "patches"),
    )
}
#: Other ids readers accept for the same genres.
ALIASES: dict[str, str] = {
    "masyu": "mashu", "pearl": "mashu", "hashi": "hashikake", "bridges": "hashikake",
}
#: pzprjs genres near ours that puzzlekit does not solve, with the reason given.
OTHERS: dict[str, str] = {
    "trainstations": "Train Stations is not Tracks (its stations are numbered and the loop may cross)",
    "country": "Country Road is another genre (a loop through rooms), not Tracks",
    "patchwork": "Patchwork is a shading genre with squares, not LinkedIn Patches (read shikaku instead)",
}


def kind(ident: str, source: str = "<url>", column: int = 0) -> Kind:
    """The genre of a pzprjs id or alias (any case), or a ParseError saying what is known."""
    key = ident.strip().lower()
    key = ALIASES.get(key, key)
    if key in KINDS:
        return KINDS[key]
    known = ", ".join(sorted({*KINDS, *ALIASES}))
    if key in OTHERS:
        message = f"puzz.link genre {ident!r} is not one puzzlekit solves: {OTHERS[key]}"
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
    ``flags`` are the URL's pflag letters (``f``, ``e``).
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

    @property
    def kind(self) -> Kind:
        return KINDS[self.pid]

    def to_json(self) -> dict[str, Any]:
        """The board as plain JSON (the ``url_clues`` shape of the pzprjs test data)."""
        out: dict[str, Any] = {"rows": self.rows, "cols": self.cols, "flags": sorted(self.flags)}
        if self.pid == "nonogram":
            out["col_clues"] = [list(c) for c in self.col_clues]
            out["row_clues"] = [list(c) for c in self.row_clues]
        elif self.pid == "tents":
            out["col_counts"] = list(self.col_counts)
            out["row_counts"] = list(self.row_counts)
            out["trees"] = [list(t) for t in sorted(self.trees)]
        elif self.pid == "starbattle":
            out["stars"] = self.stars
            out["regions"] = [list(r) for r in self.regions]
        else:
            out["cells"] = [list(r) for r in self.cells]
        return out


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
