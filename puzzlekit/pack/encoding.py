"""The compact per-genre encoding of a puzzle and its stored solution in a pack's data.

Each puzzle becomes one small JSON object: ``g`` (genre), ``h``/``w`` (grid size), the
puzzle's parts, and ``s``, the answer the player must enter. Grids of small numbers are
packed with `pack_bits`: each value as a fixed number of bits, low bit first, six bits to a
character of `ALPHABET`. The page (pack.js) reads the same encoding; `decode` here reads it
back too, so the round trip is tested on the Python side.

What ``s`` holds, per genre (edges as ``right + 2 * down`` per cell, or per lattice point for
slitherlink):

| genre | puzzle parts | answer ``s`` |
|---|---|---|
| masyu | ``p``: pearls, 2 bits a cell | edges, 2 bits a cell |
| slitherlink | ``c``: clue + 1 (0 none), 3 bits a cell | edges, 2 bits a lattice point |
| tracks | ``cols``, ``rows``, ``a``/``b`` ends, ``gv`` given pieces | edges |
| numberlink | ``nums`` ``[r, c, k]``, ``cover``, ``uturns`` (only ``"no"``) | edges |
| zip | ``nums`` ``[r, c, k]``, ``walls`` ``[r1, c1, r2, c2]`` | edges |
| hashi | ``i``: island clue (0 water), 4 bits a cell | ``right + 3 * down`` bridges, 4 bits a cell |
| sudoku | ``n``, ``box``, ``gv``: givens (0 none) | digits |
| nonogram | ``rows``, ``cols`` (clues) | filled cells, 1 bit each |
| queens | ``r``: region index per cell, ``nr`` regions, ``lb`` their letters | queens, 1 bit a cell |
| tents | ``cols``, ``rows``, ``t``: trees, 1 bit a cell | tents, 1 bit a cell |
| patches | ``c``: clues ``[r, c, area or 0, shape or ""]`` | rectangles ``[top, left, height, width]`` |
| wend, swend | ``l``: the letters row by row (``#`` blocked), ``words`` | steps of the words' paths (edges) |

Wend's ``g`` is ``swend`` for a puzzle in Swedish letters (``language`` "sv"), ``wend`` otherwise.
"""

from __future__ import annotations

from typing import Any

from .. import genres
from ..errors import PuzzlekitError
from . import kit
from .bits import ALPHABET, pack_bits, unpack_bits

#: The genres a pack can hold, each with its own page code (pack-genres.js), whether or not
#: it has a picture in `puzzlekit.render`.
PLAYABLE: tuple[str, ...] = (
    "masyu", "tracks", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "queens", "zip",
    "tents", "patches", "wend", "swend",
)


def playable(name: str) -> bool:
    """Whether a pack can hold puzzles of a genre: one of `PLAYABLE`, or a genre made with the
    genre kit whose answer is one layer."""
    if name in PLAYABLE:
        return True
    try:
        module = genres.get(name)
    except PuzzlekitError:
        return False
    return kit.is_kit(module) and len(module.GENRE.answers) == 1


def playable_names() -> list[str]:
    """Every genre a pack can hold."""
    return [name for name in genres.available() if playable(name)]


#: The genres whose answer is a set of edges between neighbouring cells (``right + 2 * down``).
_EDGES = ("masyu", "tracks", "numberlink", "zip", "wend", "swend")


class PackError(PuzzlekitError, ValueError):
    """A puzzle that cannot go into a pack (a genre without a page, data over the size limit)."""


def _width(top: int) -> int:
    return max(1, int(top).bit_length())


# edges ----------------------------------------------------------------------------------


def _edges_out(edges: Any, h: int, w: int) -> str:
    """Edges between neighbouring points of an ``h`` x ``w`` array as right + 2 * down per point."""
    values = [0] * (h * w)
    for a, b in edges:
        a, b = min(a, b), max(a, b)
        values[a[0] * w + a[1]] |= 1 if a[0] == b[0] else 2
    return pack_bits(values, 2)


def _edges_in(text: str, h: int, w: int) -> frozenset:
    out = set()
    for i, v in enumerate(unpack_bits(text, 2, h * w)):
        r, c = divmod(i, w)
        if v & 1:
            out.add(((r, c), (r, c + 1)))
        if v & 2:
            out.add(((r, c), (r + 1, c)))
    return frozenset(out)


def answer(name: str, solution: Any) -> Any:
    """The part of a solution the player enters, in a form that compares by value."""
    module = genres.get(name)
    if kit.is_kit(module):
        return kit.answer(module, solution)
    if name in ("masyu", "tracks", "numberlink", "slitherlink"):
        return frozenset(tuple(sorted(e)) for e in solution.edges)
    if name == "zip":
        return frozenset(tuple(sorted(e)) for e in zip(solution.path, solution.path[1:]))
    if name == "hashi":
        return frozenset(solution.bridges)
    if name in ("sudoku", "nonogram"):
        return tuple(tuple(row) for row in solution.grid)
    if name == "queens":
        return frozenset(solution.queens)
    if name == "tents":
        return frozenset(solution.tents)
    if name == "patches":
        return frozenset(solution.rects)
    if name in ("wend", "swend"):  # each step between consecutive cells of a word's path
        return frozenset(tuple(sorted(e)) for _, cells in solution.paths for e in zip(cells, cells[1:]))
    raise PackError(f"there is no playable page for {name} yet; packs hold {', '.join(playable_names())}")


def _cells(grid_rows: Any) -> list[int]:
    return [v for row in grid_rows for v in row]


def encode(name: str, puzzle: Any, solution: Any) -> dict[str, Any]:
    """One puzzle and its solution as the pack's JSON object (see the module's table)."""
    name = genres.canonical(name)
    module = genres.get(name)
    if kit.is_kit(module):
        return kit.encode(module, puzzle, solution)
    ans = answer(name, solution)
    h, w = puzzle.height, puzzle.width
    out: dict[str, Any] = {"g": name, "h": h, "w": w}
    if name in _EDGES:
        out["s"] = _edges_out(ans, h, w)
    if name == "masyu":
        out["p"] = pack_bits(_cells(puzzle.grid), 2)
    elif name == "slitherlink":
        out["c"] = pack_bits([0 if v is None else v + 1 for v in _cells(puzzle.grid)], 3)
        out["s"] = _edges_out(ans, h + 1, w + 1)
    elif name == "tracks":
        out.update(cols=list(puzzle.cols), rows=list(puzzle.rows), a=list(puzzle.start),
                   b=list(puzzle.end), gv=[[r, c, d] for (r, c), d in puzzle.givens])
    elif name in ("numberlink", "zip"):
        out["nums"] = [[r, c, k] for r, row in enumerate(puzzle.grid) for c, k in enumerate(row) if k]
        if name == "numberlink":
            out["cover"] = puzzle.cover
            if puzzle.uturns != "yes":
                out["uturns"] = puzzle.uturns
        else:
            out["walls"] = [[*a, *b] for a, b in sorted(tuple(sorted(e)) for e in puzzle.walls)]
    elif name == "hashi":
        clues = _cells(puzzle.grid)
        out["i"] = pack_bits(clues, 4)
        values = [0] * (h * w)
        for a, b, k in ans:
            a, b = min(a, b), max(a, b)
            values[a[0] * w + a[1]] += k if a[0] == b[0] else 3 * k
        out["s"] = pack_bits(values, 4)
    elif name == "sudoku":
        bits = _width(puzzle.n)
        out.update(n=puzzle.n, box=list(puzzle.box), gv=pack_bits(_cells(puzzle.grid), bits))
        out["s"] = pack_bits(_cells(ans), bits)
    elif name == "nonogram":
        out.update(rows=[list(x) for x in puzzle.rows], cols=[list(x) for x in puzzle.cols])
        out["s"] = pack_bits(_cells(ans), 1)
    elif name == "queens":
        labels: dict[str, int] = {}
        index = [labels.setdefault(ch, len(labels)) for row in puzzle.grid for ch in row]
        out["r"] = pack_bits(index, _width(len(labels) - 1))
        out["nr"] = len(labels)
        out["lb"] = "".join(labels)
        out["s"] = pack_bits([int((r, c) in ans) for r in range(h) for c in range(w)], 1)
    elif name == "tents":
        if None in puzzle.cols or None in puzzle.rows:
            # the data could say null, but the page draws and plays every count
            raise PackError("a Tents puzzle with a row or column count left out has no playable page yet; "
                            "packs hold Tents with every count given")
        out.update(cols=list(puzzle.cols), rows=list(puzzle.rows))
        out["t"] = pack_bits([int((r, c) in puzzle.trees) for r in range(h) for c in range(w)], 1)
        out["s"] = pack_bits([int((r, c) in ans) for r in range(h) for c in range(w)], 1)
    elif name == "patches":
        out["c"] = [[r, c, v.area or 0, v.shape or ""] for (r, c), v in sorted(puzzle.clues().items())]
        out["s"] = [list(rect) for rect in sorted(ans)]
    elif name in ("wend", "swend"):
        out["g"] = "swend" if puzzle.language == "sv" else "wend"
        out["l"] = "".join(puzzle.grid)
        out["words"] = list(puzzle.words)
    return out


def decode(data: dict[str, Any]) -> tuple[Any, Any]:
    """The puzzle and the `answer` an `encode` object holds (the inverse of `encode`)."""
    name, h, w = data["g"], data["h"], data["w"]
    genre = genres.get(name)
    if kit.is_kit(genre):
        return kit.decode(genre, data)

    def rows(values: list[Any]) -> tuple[tuple[Any, ...], ...]:
        return tuple(tuple(values[r * w:(r + 1) * w]) for r in range(h))

    def cellset(text: str) -> frozenset:
        return frozenset(divmod(i, w) for i, v in enumerate(unpack_bits(text, 1, h * w)) if v)

    if name in _EDGES:
        ans: Any = _edges_in(data["s"], h, w)
    if name == "masyu":
        puzzle = genre.Puzzle(grid=rows(unpack_bits(data["p"], 2, h * w)))
    elif name == "slitherlink":
        clues = unpack_bits(data["c"], 3, h * w)
        puzzle = genre.Puzzle(grid=rows([None if v == 0 else v - 1 for v in clues]))
        ans = _edges_in(data["s"], h + 1, w + 1)
    elif name == "tracks":
        puzzle = genre.Puzzle(cols=tuple(data["cols"]), rows=tuple(data["rows"]), start=tuple(data["a"]),
                              end=tuple(data["b"]), givens=tuple(((r, c), d) for r, c, d in data["gv"]))
    elif name in ("numberlink", "zip"):
        cells = [0] * (h * w)
        for r, c, k in data["nums"]:
            cells[r * w + c] = k
        if name == "numberlink":
            puzzle = genre.Puzzle(grid=rows(cells), cover=data["cover"], uturns=data.get("uturns", "yes"))
        else:
            walls = frozenset(((a, b), (c, d)) for a, b, c, d in data["walls"])
            puzzle = genre.Puzzle(grid=rows(cells), walls=walls)
    elif name == "hashi":
        puzzle = genre.Puzzle(grid=rows(unpack_bits(data["i"], 4, h * w)))
        ans = set()
        for i, v in enumerate(unpack_bits(data["s"], 4, h * w)):
            cell = divmod(i, w)
            for k, step in ((v % 3, (0, 1)), (v // 3, (1, 0))):
                if k:
                    other = cell
                    while True:
                        other = (other[0] + step[0], other[1] + step[1])
                        if puzzle.grid[other[0]][other[1]]:
                            break
                    ans.add((cell, other, k))
        ans = frozenset(ans)
    elif name == "sudoku":
        bits = _width(data["n"])
        puzzle = genre.Puzzle(grid=rows(unpack_bits(data["gv"], bits, h * w)), box=tuple(data["box"]))
        ans = rows(unpack_bits(data["s"], bits, h * w))
    elif name == "nonogram":
        puzzle = genre.Puzzle(rows=tuple(tuple(x) for x in data["rows"]),
                              cols=tuple(tuple(x) for x in data["cols"]))
        ans = rows(unpack_bits(data["s"], 1, h * w))
    elif name == "queens":
        index = unpack_bits(data["r"], _width(data["nr"] - 1), h * w)
        letters = data["lb"]
        puzzle = genre.Puzzle(grid=tuple("".join(letters[v] for v in row) for row in rows(index)))
        ans = cellset(data["s"])
    elif name == "tents":
        puzzle = genre.Puzzle(cols=tuple(data["cols"]), rows=tuple(data["rows"]), trees=cellset(data["t"]))
        ans = cellset(data["s"])
    elif name == "patches":
        cells: list[Any] = [None] * (h * w)
        for r, c, area, shape in data["c"]:
            cells[r * w + c] = genre.Clue(area=area or None, shape=shape or None)
        puzzle = genre.Puzzle(grid=rows(cells))
        ans = frozenset(tuple(x) for x in data["s"])
    elif name in ("wend", "swend"):
        letters = data["l"]
        puzzle = genre.Puzzle(grid=tuple(letters[r * w:(r + 1) * w] for r in range(h)),
                              words=tuple(data["words"]), language="sv" if name == "swend" else "en")
    else:
        raise PackError(f"unknown genre {name!r} in pack data")
    return puzzle, ans


__all__ = ["ALPHABET", "PLAYABLE", "PackError", "answer", "decode", "encode", "pack_bits", "playable",
           "playable_names", "unpack_bits"]
