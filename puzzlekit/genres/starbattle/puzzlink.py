"""Star Battle in pzprjs: ``starbattle``, the number of stars then the regions drawn by walls;
a solved file marks the stars ``#``. The codes are Queens' (its one-star case), shared."""

from __future__ import annotations

from ...board.stars import label
from ...errors import ParseError
from ...formats import board as b
from ...formats.board import Answer, Board, Kind
from ..queens.puzzlink import decode, encode, read, write
from . import NAME, Puzzle, Solution

__all__ = ["KINDS", "decode", "encode", "read", "write", "to_puzzle", "to_board", "to_solution", "to_answer"]

KINDS = (Kind("starbattle", "starbattle", "Star Battle", NAME, fields=("stars", "regions")),)
ROW_LINES = True


def to_puzzle(board: Board) -> Puzzle:
    if not 1 <= board.stars <= 9:
        raise ParseError(f"Star Battle with {board.stars} stars: puzzlekit takes 1-9")
    regions = [[label(x) for x in row] for row in board.regions]
    return Puzzle(board.rows, board.cols, count=board.stars, regions=regions)


def to_board(puzzle: Puzzle) -> Board:
    h, w = puzzle.height, puzzle.width
    holes = sorted(puzzle.holes())
    if holes:  # pzprjs draws every cell inside a region: there is no way to write one outside
        many = f"{len(holes)} cells in no region, the first" if len(holes) > 1 else "a cell in no region"
        raise ParseError(f"this board has {many} at {holes[0]}, which puzz.link cannot write: its "
                         "Star Battle puts every cell in a region")
    regions = b.regions_from_walls(h, w, b.walls_of(tuple(tuple(row) for row in puzzle.regions)))
    if len(puzzle.rooms()) != 1 + max(x for row in regions for x in row):
        raise ParseError("a region is in separate pieces: puzz.link regions are drawn by walls, so "
                         "each must be connected")
    return Board("starbattle", h, w, stars=puzzle.count, regions=regions)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(stars=frozenset(answer.marks))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.stars))
