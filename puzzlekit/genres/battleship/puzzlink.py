"""Battleship in pzprjs: ``battleship``, the column then row counts outside the grid, the given
parts in the cells (0 water, 1-4 an end pointing north, south, west, east, 5 a middle, 6 a
single) and the fleet, as a preset letter (``//d``) or a list of pieces; a solved file marks
the ship cells ``#``."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import ParseError
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from . import NAME, Puzzle, Solution

KINDS = (Kind("battleship", "battleship", "Battleship", NAME,
              fields=("col_counts", "row_counts", "cells", "fleet")),)
ROW_LINES = True
LETTERS = "xnswemo"  # pzprjs's part numbers 0-6 as our letters
PRESETS = {"c": (3, 2, 1), "d": (4, 3, 2, 1), "e": (5, 4, 3, 2, 1)}


@dataclass(frozen=True)
class FleetBoard(Board):
    """A pzprjs board with its fleet: the number of ships of each length 1, 2, ..."""

    fleet: tuple[int, ...] = PRESETS["d"]


def _piece(n: int) -> str:
    """pzprjs's code of a straight ship of ``n`` cells: width, height, then its bits in base 32."""
    bits = "1" * n + "0" * (-n % 5)
    return (f"{n:x}" if n < 10 else "abcdefghijklmnopqrstuvwxyz"[n - 10]) + "1" + "".join(
        "0123456789abcdefghijklmnopqrstuv"[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))


def _length(piece: str) -> int:
    """The length of a straight ship's piece code (ValueError for any other piece)."""
    w, h = int(piece[0], 36), int(piece[1], 36)
    bits = "".join(f"{int(ch, 32):05b}" for ch in piece[2:])[: w * h].ljust(w * h, "0")
    if min(w, h) != 1 or "0" in bits:
        raise ValueError(f"the piece {piece!r} is not a straight ship")
    return w * h


def _fleet(pieces: list[str]) -> tuple[int, ...]:
    lengths = [_length(p) for p in pieces]
    if not lengths:
        raise ValueError("the fleet has no ship")
    return tuple(lengths.count(n) for n in range(1, max(lengths) + 1))


def _read_fleet(head: str, more: list[str]) -> tuple[int, ...]:
    if head in PRESETS:
        return PRESETS[head]
    if not head.isdigit():
        raise ValueError(f"the fleet {head!r} is not straight ships")
    return _fleet(more[: int(head)])


def _pieces(fleet: tuple[int, ...]) -> list[str]:
    letter = next((k for k, v in PRESETS.items() if v == fleet), None)
    if letter:
        return [letter]
    ships = [_piece(n + 1) for n, k in enumerate(fleet) for _ in range(k)]
    return [str(len(ships)), *ships]


def decode(empty: Board, data: str) -> tuple[Board, int]:
    rows, cols = empty.rows, empty.cols
    counts, cells, at = [None] * (rows + cols), [None] * (rows * cols), 0
    if not data.startswith("/"):
        counts, at = code.read_number16(data, cols + rows, wide=False)
        cells, at = code.read_number16(data, rows * cols, at)
    rest = data[at:].split("/")
    try:
        fleet = _read_fleet(rest[2], rest[3:]) if rest[:2] == ["", ""] and len(rest) > 2 else \
            _read_fleet(rest[1], rest[2:]) if len(rest) > 1 else PRESETS["d"]
    except ValueError as exc:
        raise code.CodeError(f"{exc}: puzzlekit's Battleship takes straight ships", at) from None
    grid = tuple(tuple(cells[r * cols:(r + 1) * cols]) for r in range(rows))
    return FleetBoard(empty.pid, rows, cols, empty.flags, cells=grid, col_counts=tuple(counts[:cols]),
                      row_counts=tuple(counts[cols:]), fleet=fleet), len(data)


def encode(board: Board) -> str:
    data = code.write_number16([*board.col_counts, *board.row_counts], wide=False)
    data += code.write_number16([v for row in board.cells for v in row])
    fleet = _pieces(getattr(board, "fleet", PRESETS["d"]))
    return data + ("//" + fleet[0] if len(fleet) == 1 else "/" + "/".join(fleet))


def _token(token: str) -> object:
    token = token.removeprefix("c")
    return None if token == "." else UNKNOWN if token == "-" else pzprv3.number(token)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    head = lines.word("the fleet")
    more = [lines.word("a piece of the fleet") for _ in range(int(head))] if head.isdigit() else []
    try:
        fleet = _read_fleet(head, more)
    except ValueError as exc:
        raise lines.error(f"{exc}: puzzlekit's Battleship takes straight ships", lines.at - 1) from None
    grid = lines.block(rows + 1, cols + 1, "the counts and parts", _token)
    marks = lines.block(rows, cols, "the answer", pzprv3.mark({".": None, "+": None, "#": 1, "x": None}))
    cells = tuple(tuple(row[1:]) for row in grid[1:])
    ships = frozenset((r, c) for r in range(rows) for c in range(cols)
                      if marks[r][c] == 1 or (cells[r][c] is not None and cells[r][c] != 0))
    out = FleetBoard(board.pid, rows, cols, board.flags, cells=cells, col_counts=tuple(grid[0][1:]),
                     row_counts=tuple(row[0] for row in grid[1:]), fleet=fleet)
    return out, Answer(marks=ships)


def write(board: Board, answer: Answer) -> list[str]:
    fleet = _pieces(getattr(board, "fleet", PRESETS["d"]))
    body = [*fleet, pzprv3.line(["."] + [pzprv3.token(v) for v in board.col_counts])]
    for r in range(board.rows):
        body.append(pzprv3.line([pzprv3.token(board.row_counts[r])]
                                + [pzprv3.token(v) for v in board.cells[r]]))
    for r in range(board.rows):
        body.append(pzprv3.line(["." if board.cells[r][c] is not None else "#" if (r, c) in answer.marks
                                 else "+" for c in range(board.cols)]))
    return body + [pzprv3.line([0] * sum(getattr(board, "fleet", PRESETS["d"])))]


def _count(v: object) -> int | None:
    return None if v is None or v == UNKNOWN else v  # type: ignore[return-value]


def to_puzzle(board: Board) -> Puzzle:
    parts = []
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v is not None and not (isinstance(v, int) and 0 <= v <= 6):
                raise ParseError(f"the part {v} at ({r}, {c}): a Battleship part is 0-6")
        parts.append([None if v is None else LETTERS[v] for v in row])
    return Puzzle(board.rows, board.cols, cols=[_count(v) for v in board.col_counts],
                  rows=[_count(v) for v in board.row_counts], fleet=getattr(board, "fleet", PRESETS["d"]),
                  parts=parts)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(None if v is None else LETTERS.index(v) for v in row) for row in puzzle.parts)
    return FleetBoard("battleship", puzzle.height, puzzle.width, cells=cells, col_counts=tuple(puzzle.cols),
                      row_counts=tuple(puzzle.rows), fleet=tuple(puzzle.fleet))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(ships=frozenset(answer.marks))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.ships))
