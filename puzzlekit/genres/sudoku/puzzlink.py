"""Sudoku in pzprjs: ``sudoku``, one side (the URL gives it twice, a file once); pzprjs
draws boxes from the side alone (2 x 3 for 6, else the square root)."""

from __future__ import annotations

from dataclasses import replace
from math import isqrt

from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats.board import Answer, Board, Kind
from . import NAME, Puzzle, Solution

KINDS = (Kind("sudoku", "sudoku", "Sudoku", NAME, square=True),)
ALIASES: dict[str, str] = {}
ROW_LINES = True


def sudoku_box(n: int) -> tuple[int, int] | None:
    """The box (rows, cols) pzprjs draws for side ``n``: 2 x 3 for 6, else the square root."""
    if n == 6:
        return (2, 3)
    root = isqrt(n)
    return (root, root) if root * root == n else None


def _digit(token: str) -> object:
    value = pzprv3.number(token)
    return 0 if value is pzprv3.BAD else value


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    n = board.rows
    givens = lines.block(n, n, "the givens", pzprv3.clue)
    digits = [[x if isinstance(x, int) and x > 0 else 0 for x in row] for row in givens]
    if lines.peek() is not None:
        answers = lines.block(n, n, "the answers", _digit)
        for r in range(n):
            for c in range(n):
                if not digits[r][c]:
                    digits[r][c] = answers[r][c]
    # an empty grid holds no answer (its givens are merged into the digits otherwise)
    answer = Answer(digits=pzprv3.grid(digits)) if any(map(any, digits)) else Answer()
    return replace(board, cells=pzprv3.grid(givens)), answer


def write(board: Board, answer: Answer) -> list[str]:
    rows, cols = board.rows, board.cols
    body = [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    digits = answer.digits or tuple((0,) * cols for _ in range(rows))
    body += [
        pzprv3.line(["." if board.cells[r][c] is not None or not digits[r][c] else digits[r][c]
                     for c in range(cols)])
        for r in range(rows)
    ]
    return body


def to_puzzle(board: Board) -> Puzzle:
    box = sudoku_box(board.rows)
    if box is None:
        raise ParseError(f"a {board.rows}x{board.rows} Sudoku: pzprjs boxes tile only square sides and 6")
    return Puzzle(convert.values(board, "the given"), box)


def to_board(puzzle: Puzzle) -> Board:
    if puzzle.diagonals:
        raise ParseError("a Sudoku X: pzprjs's Sudoku has no diagonals rule")
    want = sudoku_box(puzzle.n)
    if want != puzzle.box:
        shown = f"{want[0]}x{want[1]}" if want else "none (only square sides and 6 tile)"
        raise ParseError(
            f"a {puzzle.n}x{puzzle.n} Sudoku with {puzzle.box[0]}x{puzzle.box[1]} boxes: pzprjs "
            f"draws boxes {shown} for this side"
        )
    return Board("sudoku", puzzle.height, puzzle.width, cells=convert.cells(puzzle.grid))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(answer.digits or tuple((0,) * puzzle.width for _ in range(puzzle.height)))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(digits=solution.grid)
