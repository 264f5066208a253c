"""Fillomino in pzprjs: ``fillomino`` (givens as numbers in cells; a solved board's numbers
are the answer, its drawn borders only the solver's notes)."""

from __future__ import annotations

from dataclasses import replace

from ...board.regions import labels
from ...formats import pzprv3
from ...formats.board import Answer, Board, Kind
from ...formats.forms import Form, install
from . import GENRE, NAME, Puzzle, Solution

FORM = Form(Kind("fillomino", "fillomino", "Fillomino", NAME), "numbers", "regions", what="the number")
install(globals(), FORM)  # the URL and the board; the file and its answer (numbers, borders) are below
ALIASES: dict[str, str] = {}
ROW_LINES = True


def _answer(token: str) -> object:
    value = pzprv3.number(token)
    return 0 if value is pzprv3.BAD else value


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    givens = lines.block(rows, cols, "the givens", pzprv3.clue)
    digits = [[x if isinstance(x, int) and x > 0 else 0 for x in row] for row in givens]
    if lines.peek() is not None:
        answers = lines.block(rows, cols, "the answers", _answer)
        for r in range(rows):
            for c in range(cols):
                digits[r][c] = digits[r][c] or answers[r][c]
        lines.block(rows, cols - 1, "the vertical borders", pzprv3.WALL)
        lines.block(rows - 1, cols, "the horizontal borders", pzprv3.WALL)
    answer = Answer(digits=pzprv3.grid(digits)) if any(map(any, digits)) else Answer()
    return replace(board, cells=pzprv3.grid(givens)), answer


def write(board: Board, answer: Answer) -> list[str]:
    rows, cols = board.rows, board.cols
    digits = answer.digits or tuple((0,) * cols for _ in range(rows))
    body = [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    body += [pzprv3.line(["." if board.cells[r][c] is not None or not digits[r][c] else digits[r][c]
                          for c in range(cols)]) for r in range(rows)]
    return body + pzprv3.blocks(rows, cols, lambda p, q: int(bool(answer.digits) and digits[p[0]][p[1]]
                                                             != digits[q[0]][q[1]]))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    rows = answer.digits or tuple((0,) * puzzle.width for _ in range(puzzle.height))
    return GENRE.solution_from_json(puzzle, {"regions": [list(row) for row in rows]})


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(digits=labels(solution.regions, puzzle.height, puzzle.width, sizes=True))
