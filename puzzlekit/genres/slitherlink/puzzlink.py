"""Slitherlink in pzprjs: ``slither`` (clues in a 4-cell code; pflag ``f``: the loop through
every vertex, not a rule of ours). Files are written in the pzprv3.1 layout (a cell colour
block after the clues)."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from . import NAME, Puzzle, Solution

KINDS = (Kind("slither", "slither", "Slitherlink", NAME, flags="f", version="pzprv3.1"),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    values, at = code.read_4cell(data, empty.rows * empty.cols)
    return replace(empty, cells=grid(values, empty.cols)), at


def encode(board: Board) -> str:
    return code.write_4cell([v for row in board.cells for v in row])


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    flags = pzprv3.flags(lines)
    if minor > 1:
        raise lines.error(f"pzprv3.{minor} Slitherlink files are not known (pzprv3 and pzprv3.1 are)")
    cells = lines.block(rows, cols, "the clues", pzprv3.clue)
    if minor == 1:
        lines.block(rows, cols, "the cell colours", pzprv3.mark({"0": 0, "1": 1, "2": 2}))
    left = lines.block(rows, cols + 1, "the vertical edges", pzprv3.LINE)
    top = lines.block(rows + 1, cols, "the horizontal edges", pzprv3.LINE)
    edges = {((r, c), (r + 1, c)) for r, row in enumerate(left) for c, x in enumerate(row) if x}
    edges |= {((r, c), (r, c + 1)) for r, row in enumerate(top) for c, x in enumerate(row) if x}
    return replace(board, flags=flags, cells=pzprv3.grid(cells)), Answer(lines=frozenset(edges))


def write(board: Board, answer: Answer) -> list[str]:
    rows, cols, lines = board.rows, board.cols, answer.lines
    body = [board.flags] if board.flags else []
    body += [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    body += [pzprv3.line([0] * cols) for _ in range(rows)]
    body += [pzprv3.line([int(((r, c), (r + 1, c)) in lines) for c in range(cols + 1)]) for r in range(rows)]
    body += [pzprv3.line([int(((r, c), (r, c + 1)) in lines) for c in range(cols)]) for r in range(rows + 1)]
    return body


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board, {"f": "the loop through every vertex"})
    out = []
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v == UNKNOWN or (v is not None and not 0 <= v <= 3):
                shown = "'?'" if v == UNKNOWN else str(v)
                raise ParseError(
                    f"the clue {shown} at {convert.where(r, c)}: puzzlekit's Slitherlink clues are 0-3"
                )
        out.append(tuple(row))
    return Puzzle(tuple(out))


def to_board(puzzle: Puzzle) -> Board:
    return Board("slither", puzzle.height, puzzle.width, cells=puzzle.grid)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(answer.lines)


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
