"""Patches in pzprjs: ``shikaku``, areas in cells (``?``: an area not given); shape letters
have no form there. A solved file holds the walls between the rectangles."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import board as b
from ...formats import convert, pzprv3
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...grid import Cell
from . import NAME, Clue, Puzzle, Solution, make_solution, rect_cells

KINDS = (Kind("shikaku", "shikaku", "Shikaku", NAME),)
OTHERS = {
    "patchwork": "Patchwork is a shading genre with squares, not LinkedIn Patches (read shikaku instead)",
}
ROW_LINES = True


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    cells = lines.block(rows, cols, "the clues", pzprv3.clue)
    h = lines.block(rows, cols - 1, "the vertical walls", pzprv3.WALL)
    v = lines.block(rows - 1, cols, "the horizontal walls", pzprv3.WALL)
    return replace(board, cells=pzprv3.grid(cells)), Answer(walls=pzprv3.edges(h, v))


def write(board: Board, answer: Answer) -> list[str]:
    body = [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    return body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.walls))


def to_puzzle(board: Board) -> Puzzle:
    grid = []
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v == 0:
                raise ParseError(f"the area 0 at {convert.where(r, c)}: an area is at least 1")
        grid.append(tuple(None if v is None else Clue() if v == UNKNOWN else Clue(v) for v in row))
    return Puzzle(tuple(grid))


def to_board(puzzle: Puzzle) -> Board:
    out = []
    for r, row in enumerate(puzzle.grid):
        for c, clue in enumerate(row):
            if clue is not None and clue.shape is not None:
                raise ParseError(
                    f"the clue {clue} at {convert.where(r, c)} has a shape letter: Shikaku, the puzz.link "
                    "form of Patches, holds only areas"
                )
        out.append(tuple(None if v is None else UNKNOWN if v.area is None else v.area for v in row))
    return Board("shikaku", puzzle.height, puzzle.width, cells=tuple(out))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    """The regions the walls draw, each of which must be a rectangle."""
    h, w, walls = puzzle.height, puzzle.width, answer.walls
    regions = b.regions_from_walls(h, w, walls)
    for p, q in sorted(walls):
        if regions[p[0]][p[1]] == regions[q[0]][q[1]]:
            raise ParseError(f"the wall between {p} and {q} ends inside a region (a dead end)")
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
            raise ParseError(f"the region at {members[0]} is not a rectangle")
        rects.append((top, left, height, width))
    return make_solution(rects)


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    owner = {cell: i for i, rect in enumerate(solution.rects) for cell in rect_cells(rect)}
    walls = {(p, q) for p in owner for q in ((p[0], p[1] + 1), (p[0] + 1, p[1]))
             if q in owner and owner[p] != owner[q]}
    return Answer(walls=frozenset(walls))
