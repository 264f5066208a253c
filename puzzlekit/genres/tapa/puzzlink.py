"""Tapa in pzprjs: ``tapa``. A URL cell is a digit (one number), ``9`` (``1111``), ``.`` (``?``),
two base-36 characters from ``a0`` for two to four lengths (``?`` as 0), or ``g``-``z`` that many
empty cells less fifteen; a file's clue is its lengths joined by commas (``-`` for ``?``), ``#``
a shaded cell, ``+`` one the solver marked unshaded. The board's cells hold our clue strings."""

from __future__ import annotations

from dataclasses import replace

from ...board.around import valid
from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats.board import Answer, Board, Kind
from ...formats.puzzlink import grid
from ...formats.urlcodes import CodeError
from . import NAME, Puzzle, Solution

KINDS = (Kind("tapa", "tapa", "Tapa", NAME),)
ROW_LINES = True
#: Two to four lengths in a two-character code: its first value, the lengths and their bases.
WIDE = {2: (360, (6, 1)), 3: (396, (16, 4, 1)), 4: (460, (8, 4, 2, 1))}


def _wide(num: int) -> str:
    for count, (start, bases) in WIDE.items():
        if start <= num < start + bases[0] * (6 if count == 2 else 4 if count == 3 else 2):
            num -= start
            out = []
            for base in bases:
                out.append(num // base)
                num %= base
            return "".join(str(n) if n else "?" for n in out)
    raise ValueError(num)


def decode(empty: Board, data: str) -> tuple[Board, int]:
    count, values, at = empty.rows * empty.cols, [], 0
    while at < len(data) and len(values) < count:
        ch = data[at]
        if "0" <= ch <= "8" or ch in "9.":
            values.append({"9": "1111", ".": "?"}.get(ch, ch))
        elif "a" <= ch <= "f":
            try:
                values.append(_wide(int(data[at:at + 2], 36)))
            except ValueError:
                raise CodeError(f"expected a Tapa clue code, found {data[at:at + 2]!r}", at) from None
            at += 1
        elif "g" <= ch <= "z":
            values += [None] * (int(ch, 36) - 15)
        else:
            raise CodeError(f"unexpected {ch!r} in the Tapa clues", at)
        at += 1
    values = (values + [None] * count)[:count]
    return replace(empty, cells=grid(values, empty.cols)), at


def _code(clue: str) -> str:
    if len(clue) == 1:
        return "." if clue == "?" else clue
    if clue == "1111":
        return "9"
    start, bases = WIDE[len(clue)]
    num = start + sum((0 if ch == "?" else int(ch)) * base for ch, base in zip(clue, bases))
    return "abcdef"[num // 36 - 10] + "0123456789abcdefghijklmnopqrstuvwxyz"[num % 36]


def encode(board: Board) -> str:
    out, gap = [], 0
    for clue in (v for row in board.cells for v in row):
        if clue is None:
            gap += 1
            if gap == 20:
                out.append("z")
                gap = 0
            continue
        if gap:
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[15 + gap])
            gap = 0
        out.append(_code(clue))
    if gap:
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[15 + gap])
    return "".join(out)


def _token(token: str) -> object:
    if token in ("#", "+", "."):
        return token
    clue = "".join("?" if part == "-" else part for part in token.split(","))
    return clue if valid(clue) and "," * (len(clue) - 1) == "".join(ch for ch in token if ch == ",") \
        else pzprv3.BAD


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    cells = lines.block(board.rows, board.cols, "the clues", _token)
    marks = frozenset((r, c) for r, row in enumerate(cells) for c, t in enumerate(row) if t == "#")
    clues = [[None if t in ("#", "+", ".") else t for t in row] for row in cells]
    return replace(board, cells=pzprv3.grid(clues)), Answer(marks=marks)


def write(board: Board, answer: Answer) -> list[str]:
    def token(r: int, c: int, v: str | None) -> str:
        if v is not None:
            return ",".join("-" if ch == "?" else ch for ch in v)
        return "#" if (r, c) in answer.marks else "."

    return [pzprv3.line([token(r, c, v) for c, v in enumerate(row)]) for r, row in enumerate(board.cells)]


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board, {})
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v is not None and not valid(v):
                raise ParseError(f"the clue {v} at {convert.where(r, c)} does not fit around a cell")
    return Puzzle(board.rows, board.cols, numbers=board.cells)


def to_board(puzzle: Puzzle) -> Board:
    return Board("tapa", puzzle.height, puzzle.width, cells=puzzle.numbers)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(shaded=answer.marks)


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.shaded))
