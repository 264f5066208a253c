"""Boards to our genres' puzzles and back; answer layers to solutions and back.

Every puzzle made here is checked by its genre's own reader (``parse(format(puzzle))``), so a
URL yields only puzzles the genre's file format would accept. What a genre cannot hold
(a clue without a value, an option puzzlekit's rules lack, a missing Tents count) is refused
with a `ParseError` that says why; what pzprjs cannot hold (a Patches shape letter, a genre
it has no id for) is refused on export with a `ParseError` too.
"""

from __future__ import annotations

from math import isqrt
from types import ModuleType
from typing import Any

from .. import genres
from ..errors import ParseError
from ..genres import hashi, masyu, nonogram, numberlink, patches, queens, slitherlink, sudoku, tents
from ..grid import Cell, CellEdge
from . import board as b
from .board import UNKNOWN, Answer, Board

#: Our genres with no pzprjs form, and why.
NO_FORM: dict[str, str] = {
    "tracks": "pzprjs has no genre for Tatham's Tracks (trainstations and country are other genres)",
    "zip": "pzprjs has no Zip genre",
}
#: Genres whose file has one line per row, after a fixed number of header lines.
_ROW_LINES = {"masyu", "hashi", "slitherlink", "numberlink", "sudoku", "queens", "patches", "tents"}


def _where(r: int, c: int) -> str:
    return f"({r}, {c})"


def sudoku_box(n: int) -> tuple[int, int] | None:
    """The box (rows, cols) pzprjs draws for side ``n``: 2 x 3 for 6, else the square root."""
    if n == 6:
        return (2, 3)
    root = isqrt(n)
    return (root, root) if root * root == n else None


def _values(board: Board, what: str, allow_unknown: bool = False) -> tuple[tuple[int, ...], ...]:
    """The cells with 0 for no clue; refuses ``?`` clues unless allowed (then -2 stays)."""
    out = []
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v == UNKNOWN and not allow_unknown:
                raise ParseError(f"{what} at {_where(r, c)} has no value ('?'); puzzlekit needs it")
        out.append(tuple(0 if v is None else v for v in row))
    return tuple(out)


def _no_flags(board: Board, meaning: dict[str, str]) -> None:
    for flag in board.flags:
        text = meaning.get(flag, f"option {flag!r}")
        raise ParseError(f"{board.kind.name} with {text} (pflag {flag!r}) is not a rule of puzzlekit's genre")


def to_puzzle(board: Board, source: str = "<url>") -> tuple[str, Any]:
    """Our genre's name and puzzle for a board (a ParseError when it has no such form)."""
    try:
        genre, puzzle = _to_puzzle(board)
    except ParseError as exc:
        raise ParseError(exc.reason, source=source) from None
    return genre, _checked(genre, puzzle, source)


def _to_puzzle(board: Board) -> tuple[str, Any]:
    pid, rows, cols = board.pid, board.rows, board.cols
    if pid == "mashu":
        _no_flags(board, {"f": "the loop through every cell"})
        return "masyu", masyu.Puzzle(_values(board, "the pearl"))
    if pid in ("numlin", "arukone"):
        values = _values(board, "the number")
        for r, row in enumerate(board.cells):
            if 0 in row:
                raise ParseError(f"the number 0 at {_where(r, row.index(0))}: puzzlekit's numbers start at 1")
        cover = "any" if pid == "numlin" or "e" in board.flags else "all"
        return "numberlink", numberlink.Puzzle(values, cover)
    if pid == "hashikake":
        values = _values(board, "the island")
        for r, row in enumerate(values):
            for c, v in enumerate(row):
                if board.cells[r][c] is not None and not 1 <= v <= hashi.MAX_CLUE:
                    raise ParseError(f"the island {v} at {_where(r, c)}: islands carry 1-8 bridges")
        return "hashi", hashi.Puzzle(values)
    if pid == "slither":
        _no_flags(board, {"f": "the loop through every vertex"})
        grid = []
        for r, row in enumerate(board.cells):
            for c, v in enumerate(row):
                if v == UNKNOWN or (v is not None and not 0 <= v <= 3):
                    shown = "'?'" if v == UNKNOWN else str(v)
                    raise ParseError(
                        f"the clue {shown} at {_where(r, c)}: puzzlekit's Slitherlink clues are 0-3"
                    )
            grid.append(tuple(row))
        return "slitherlink", slitherlink.Puzzle(tuple(grid))
    if pid == "sudoku":
        box = sudoku_box(rows)
        if box is None:
            raise ParseError(f"a {rows}x{rows} Sudoku: pzprjs boxes tile only square sides and 6")
        return "sudoku", sudoku.Puzzle(_values(board, "the given"), box)
    if pid == "nonogram":
        for what, clues in (("column", board.col_clues), ("row", board.row_clues)):
            for i, clue in enumerate(clues):
                if UNKNOWN in clue:
                    raise ParseError(f"{what} {i} has a '?' clue; puzzlekit needs every run length")
        rows_ = tuple(_runs(c, "row", i) for i, c in enumerate(board.row_clues))
        cols_ = tuple(_runs(c, "column", i) for i, c in enumerate(board.col_clues))
        return "nonogram", nonogram.Puzzle(rows_, cols_)
    if pid == "tents":
        for what, counts in (("column", board.col_counts), ("row", board.row_counts)):
            for i, v in enumerate(counts):
                if v is None or v == UNKNOWN:
                    raise ParseError(
                        f"{what} {i} has {'no' if v is None else 'a ?'} tent count: puzz.link Tents may "
                        "leave counts out, puzzlekit's tents needs every row and column count"
                    )
        return "tents", tents.Puzzle(tuple(board.col_counts), tuple(board.row_counts), board.trees)
    if pid == "starbattle":
        if board.stars != 1:
            raise ParseError(
                f"Star Battle with {board.stars} stars: puzzlekit solves the 1-star form (queens)"
            )
        if rows != cols:
            raise ParseError(f"a 1-star Star Battle on {rows}x{cols}: queens needs a square grid")
        count = 1 + max(x for row in board.regions for x in row)
        if count > len(queens.LABELS):
            raise ParseError(f"{count} regions: queens labels at most {len(queens.LABELS)}")
        return "queens", queens.Puzzle(tuple("".join(queens.LABELS[x] for x in row) for row in board.regions))
    if pid == "shikaku":
        grid = []
        for r, row in enumerate(board.cells):
            for c, v in enumerate(row):
                if v == 0:
                    raise ParseError(f"the area 0 at {_where(r, c)}: an area is at least 1")
            grid.append(tuple(None if v is None else patches.Clue() if v == UNKNOWN else patches.Clue(v)
                              for v in row))
        return "patches", patches.Puzzle(tuple(grid))
    raise ParseError(f"{pid} has no puzzlekit genre")  # pragma: no cover (KINDS lists the rest)


def _runs(clue: tuple[int, ...], what: str, i: int) -> tuple[int, ...]:
    if clue and all(v == 0 for v in clue):
        return ()
    if 0 in clue:
        raise ParseError(f"{what} {i} has a run of length 0 next to others")
    return clue


def _checked(genre: str, puzzle: Any, source: str) -> Any:
    """The puzzle as the genre's own reader sees it; its refusal becomes this source's error."""
    module = genres.get(genre)
    text = module.format(puzzle)
    try:
        return module.parse(text, source)
    except ParseError as exc:
        where = ""
        if exc.line and genre in _ROW_LINES:
            row = exc.line - 1 - (len(text.splitlines()) - _height(puzzle))
            if row >= 0:
                where = f" (row {row})"
        raise ParseError(f"{genre}: {exc.reason}{where}", source=source) from None


def _height(puzzle: Any) -> int:
    return getattr(puzzle, "height", 0)


# export ------------------------------------------------------------------------------------


def genre_of(puzzle: Any) -> tuple[str, ModuleType]:
    """Our genre name and module of a puzzle object."""
    mod = genres.module_of(puzzle)
    return mod.NAME, mod


def to_board(puzzle: Any) -> Board:
    """The pzprjs board of a puzzle; a ParseError when pzprjs has no form for it."""
    genre, _ = genre_of(puzzle)
    if genre in NO_FORM:
        raise ParseError(f"{genre} has no puzz.link form: {NO_FORM[genre]}", source=genre)

    def cells(grid: Any) -> tuple[tuple[int | None, ...], ...]:
        return tuple(tuple(v or None for v in row) for row in grid)

    h, w = puzzle.height, puzzle.width
    if genre == "masyu":
        return Board("mashu", h, w, cells=cells(puzzle.grid))
    if genre == "numberlink":
        if puzzle.uturns != "yes":
            why = "its rule cannot be stated there"
            raise ParseError(f"numberlink with u-turns: no has no puzz.link form: {why}", source=genre)
        if puzzle.cover == "all":
            return Board("arukone", h, w, cells=cells(puzzle.grid))
        return Board("numlin", h, w, cells=cells(puzzle.grid))
    if genre == "hashi":
        return Board("hashikake", h, w, cells=cells(puzzle.grid))
    if genre == "slitherlink":
        return Board("slither", h, w, cells=puzzle.grid)
    if genre == "sudoku":
        if sudoku_box(puzzle.n) != puzzle.box:
            want = sudoku_box(puzzle.n)
            shown = f"{want[0]}x{want[1]}" if want else "none (only square sides and 6 tile)"
            raise ParseError(
                f"a {puzzle.n}x{puzzle.n} Sudoku with {puzzle.box[0]}x{puzzle.box[1]} boxes: pzprjs "
                f"draws boxes {shown} for this side", source=genre,
            )
        return Board("sudoku", h, w, cells=cells(puzzle.grid))
    if genre == "nonogram":
        return Board("nonogram", h, w, col_clues=puzzle.cols, row_clues=puzzle.rows)
    if genre == "tents":
        return Board("tents", h, w, col_counts=puzzle.cols, row_counts=puzzle.rows, trees=puzzle.trees)
    if genre == "queens":
        regions = b.regions_from_walls(h, w, b.walls_of(tuple(tuple(row) for row in puzzle.grid)))
        labels = {puzzle.grid[r][c] for r in range(h) for c in range(w)}
        if len(labels) != 1 + max(x for row in regions for x in row):
            pieces: dict[str, set[int]] = {}
            for r in range(h):
                for c in range(w):
                    pieces.setdefault(puzzle.grid[r][c], set()).add(regions[r][c])
            split = next(lab for lab in sorted(pieces) if len(pieces[lab]) > 1)
            raise ParseError(
                f"region {split} is in separate pieces: puzz.link regions are drawn by walls, so each "
                "must be connected", source=genre,
            )
        return Board("starbattle", h, w, stars=1, regions=regions)
    if genre == "patches":
        out = []
        for r, row in enumerate(puzzle.grid):
            for c, clue in enumerate(row):
                if clue is not None and clue.shape is not None:
                    raise ParseError(
                        f"the clue {clue} at {_where(r, c)} has a shape letter: Shikaku, the puzz.link "
                        "form of Patches, holds only areas", source=genre,
                    )
            out.append(tuple(None if v is None else UNKNOWN if v.area is None else v.area for v in row))
        return Board("shikaku", h, w, cells=tuple(out))
    raise ParseError(f"{genre} has no puzz.link form", source=genre)  # pragma: no cover


# answers ------------------------------------------------------------------------------------


def to_solution(genre: str, puzzle: Any, answer: Answer, source: str = "<input>") -> Any:
    """Our genre's solution from a board's answer layer (a ParseError if it cannot hold it)."""
    if genre == "masyu":
        return masyu.Solution(answer.lines)
    if genre == "numberlink":
        return numberlink.Solution(answer.lines, numberlink.label_cells(puzzle, answer.lines))
    if genre == "slitherlink":
        return slitherlink.Solution(answer.lines)
    if genre == "hashi":
        return hashi.make_solution(_bridges(puzzle, answer.bridges, source))
    if genre == "sudoku":
        return sudoku.Solution(answer.digits)
    if genre == "nonogram":
        return nonogram.Solution(tuple(tuple(int((r, c) in answer.marks) for c in range(puzzle.width))
                                       for r in range(puzzle.height)))
    if genre == "tents":
        return tents.make_solution(answer.marks)
    if genre == "queens":
        return queens.Solution(tuple(sorted(answer.marks)))
    if genre == "patches":
        return patches.make_solution(_rectangles(puzzle.height, puzzle.width, answer.walls, source))
    raise ParseError(f"{genre} has no pzprv3 form", source=source)


def _bridges(puzzle: hashi.Puzzle, counts: dict[CellEdge, int], source: str) -> list:
    """Bridges between islands from the counts on every segment they span."""
    out, spanned = [], {}
    for (a, c), water in puzzle.pairs().items():
        path = [a, *water, c]
        segments = [(min(p, q), max(p, q)) for p, q in zip(path, path[1:])]
        k = counts.get(segments[0], 0)
        if k:
            out.append((a, c, k))
            for s in segments:
                spanned[s] = spanned.get(s, 0) + k
    for segment in sorted(set(counts) | set(spanned)):
        if counts.get(segment, 0) != spanned.get(segment, 0):
            p, q = segment
            raise ParseError(
                f"the bridge segment between {p} and {q} does not belong to a bridge joining two islands",
                source=source,
            )
    return out


def _rectangles(h: int, w: int, walls: frozenset[CellEdge], source: str) -> list:
    """The regions the walls draw, each of which must be a rectangle."""
    regions = b.regions_from_walls(h, w, walls)
    for p, q in sorted(walls):
        if regions[p[0]][p[1]] == regions[q[0]][q[1]]:
            raise ParseError(f"the wall between {p} and {q} ends inside a region (a dead end)", source=source)
    cells: dict[int, list[Cell]] = {}
    for r in range(h):
        for c in range(w):
            cells.setdefault(regions[r][c], []).append((r, c))
    rects = []
    for members in cells.values():
        top, left = min(r for r, _ in members), min(c for _, c in members)
        height = max(r for r, _ in members) - top + 1
        width = max(c for _, c in members) - left + 1
        if height * width != len(members):
            raise ParseError(f"the region at {members[0]} is not a rectangle", source=source)
        rects.append((top, left, height, width))
    return rects


def to_answer(genre: str, puzzle: Any, solution: Any) -> Answer:
    """The answer layer of a solution."""
    if genre in ("masyu", "numberlink", "slitherlink"):
        return Answer(lines=frozenset(solution.edges))
    if genre == "hashi":
        counts: dict[CellEdge, int] = {}
        pairs = puzzle.pairs()
        for a, c, k in solution.bridges:
            path = [a, *pairs.get((a, c), ()), c]
            for p, q in zip(path, path[1:]):
                counts[(min(p, q), max(p, q))] = k
        return Answer(bridges=counts)
    if genre == "sudoku":
        return Answer(digits=solution.grid)
    if genre == "nonogram":
        grid = solution.grid
        return Answer(marks=frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v))
    if genre == "tents":
        return Answer(marks=frozenset(solution.tents))
    if genre == "queens":
        return Answer(marks=frozenset(solution.queens))
    if genre == "patches":
        owner = {cell: i for i, rect in enumerate(solution.rects) for cell in patches.rect_cells(rect)}
        walls = {(p, q) for p in owner for q in ((p[0], p[1] + 1), (p[0] + 1, p[1]))
                 if q in owner and owner[p] != owner[q]}
        return Answer(walls=frozenset(walls))
    raise ParseError(f"{genre} has no pzprv3 form")  # pragma: no cover
