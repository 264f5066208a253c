"""Tents in pzprjs: ``tents``, the column then row counts outside the grid (``.``: none) and
the trees in a 1-bit code; a solved file marks the tents ``A``."""

from __future__ import annotations

from dataclasses import replace

from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from . import NAME, Puzzle, Solution, make_solution

KINDS = (Kind("tents", "tents", "Tents", NAME, fields=("col_counts", "row_counts", "trees")),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    rows, cols = empty.rows, empty.cols
    counts, at = code.read_number16(data, cols + rows, wide=False)
    marked, at = code.read_1cell(data, rows * cols, at)
    trees = frozenset((i // cols, i % cols) for i, x in enumerate(marked) if x)
    return replace(empty, col_counts=tuple(counts[:cols]), row_counts=tuple(counts[cols:]), trees=trees), at


def encode(board: Board) -> str:
    data = code.write_number16([*board.col_counts, *board.row_counts], wide=False)
    cells = [(r, c) in board.trees for r in range(board.rows) for c in range(board.cols)]
    return data + code.write_1cell(cells)


def _count_of(token: str) -> object:
    if token == ".":
        return None
    if token in ("-", "-2"):
        return UNKNOWN
    return pzprv3.number(token)


def _count_token(value: int | None) -> str:
    return "." if value is None else "-2" if value == UNKNOWN else str(value)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    head = lines.row(cols + 1, "the column counts")
    col_counts = [_count_of(t) for t in head[1:]]
    if head[0] != "." or pzprv3.BAD in col_counts:
        raise lines.error(f"unexpected token in the column counts: {' '.join(head)!r}", lines.at - 1)
    row_counts, trees, tents = [], set(), set()
    for r in range(rows):
        tokens = lines.row(cols + 1, f"row {r + 1} of {rows}")
        row_counts.append(_count_of(tokens[0]))
        for c, token in enumerate(tokens[1:]):
            if token == "1":
                trees.add((r, c))
            elif token == "A":
                tents.add((r, c))
            elif token not in (".", "-", "+"):
                raise lines.error(f"unexpected {token!r} in the grid", lines.at - 1)
        if row_counts[-1] is pzprv3.BAD:
            raise lines.error(f"unexpected row count {tokens[0]!r}", lines.at - 1)
    out = replace(board, col_counts=tuple(col_counts), row_counts=tuple(row_counts),  # type: ignore[arg-type]
                  trees=frozenset(trees))
    return out, Answer(marks=frozenset(tents))


def write(board: Board, answer: Answer) -> list[str]:
    body = [pzprv3.line(["."] + [_count_token(v) for v in board.col_counts])]
    for r in range(board.rows):
        cells = ["1" if (r, c) in board.trees else "A" if (r, c) in answer.marks else "."
                 for c in range(board.cols)]
        body.append(pzprv3.line([_count_token(board.row_counts[r])] + cells))
    return body + pzprv3.blocks(board.rows, board.cols, lambda p, q: 0)


def _count(value: int | None) -> int | None:
    """A count of the board as ours: none, or a ``?`` (a count shown without a number, which
    asks nothing either), is None."""
    return None if value is None or value == UNKNOWN else value


def to_puzzle(board: Board) -> Puzzle:
    return Puzzle(tuple(map(_count, board.col_counts)), tuple(map(_count, board.row_counts)), board.trees)


def to_board(puzzle: Puzzle) -> Board:
    return Board("tents", puzzle.height, puzzle.width, col_counts=puzzle.cols, row_counts=puzzle.rows,
                 trees=puzzle.trees)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return make_solution(answer.marks)


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.tents))
