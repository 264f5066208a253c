"""Galaxies in pzprjs: ``tentaisho``, its board the points of `formats.points` (stars white
and black, cells left out); a solved file's answer is the borders drawn."""

from __future__ import annotations

from ...board.answers import Lines
from ...board.dots import BLACK, DOT, HOLE, holes
from ...board.regions import borders
from ...formats.board import Answer, Board, Kind
from ...formats.points import OUT, decode, encode, read, write  # noqa: F401  (the part's URL and file)
from . import GENRE, NAME, Puzzle, Solution

KINDS = (Kind("tentaisho", "tentaisho", "Tentaisho", NAME),)
ROW_LINES = True
VALUES = {DOT: 1, BLACK: 2, HOLE: OUT}


def to_puzzle(board: Board) -> Puzzle:
    names = {v: k for k, v in VALUES.items()}
    return Puzzle(board.rows, board.cols, dots=[[names.get(v) for v in row] for row in board.cells])


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(map(VALUES.get, row)) for row in puzzle.dots)
    return Board("tentaisho", puzzle.height, puzzle.width, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    """The regions the borders drawn make; a cell left out is apart from its neighbours, drawn
    or not, as pzprjs takes it."""
    h, w, out = puzzle.height, puzzle.width, holes(puzzle.dots)
    return GENRE.Solution(regions=frozenset((a, b) for a, b in Lines().pairs(h, w)
                                            if (a, b) not in answer.walls and not {a, b} & out))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(walls=frozenset(borders(solution.regions, puzzle.height, puzzle.width)))
