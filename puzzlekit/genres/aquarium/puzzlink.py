"""Aquarium in pzprjs: ``aquarium``, the tanks drawn by walls, then ``/`` and the counts above
the columns and left of the rows in number16. pzprjs levels the water per tank only with its
pflag ``r``; without it the water of each connected pool finds its own level, not our rule,
so such a board is refused and our puzzles are written with ``r``. A file has the flag line
``r``, the walls, then the grid framed by the counts (``#`` full, ``+`` marked empty)."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import board as b
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import Answer, Board, Kind
from .. import shown
from . import NAME, Puzzle, Solution, room_label

KINDS = (Kind("aquarium", "aquarium", "Aquarium", NAME, fields=("regions", "col_counts", "row_counts"),
              flags="r"),)
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    walls, at = code.read_borders(data, empty.rows, empty.cols)
    if data[at:at + 1] != "/":
        raise code.CodeError("expected '/' after the walls", at)
    counts, at = code.read_number16(data, empty.cols + empty.rows, at + 1, wide=False)
    regions = b.regions_from_walls(empty.rows, empty.cols, walls)
    return replace(empty, regions=regions, walls=walls, col_counts=tuple(counts[:empty.cols]),
                   row_counts=tuple(counts[empty.cols:])), at


def encode(board: Board) -> str:
    walls = board.walls or b.walls_of(board.regions)
    counts = code.write_number16([*board.col_counts, *board.row_counts], wide=False)
    return code.write_borders(board.rows, board.cols, walls) + "/" + counts


def _count(token: str) -> object:
    return pzprv3.clue(token[1:] if token.startswith("c") else token)  # c: ticked off by the solver


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    flags = "r" if lines.peek() == "r" and lines.word("the flag") else ""
    right = lines.block(rows, cols - 1, "the vertical walls", pzprv3.WALL)
    walls = pzprv3.edges(right, lines.block(rows - 1, cols, "the horizontal walls", pzprv3.WALL))
    head = lines.row(cols + 1, "the counts above the grid")
    left, water = [], set()
    for r in range(rows):
        tokens = lines.row(cols + 1, f"row {r + 1} of {rows}")
        left.append(_count(tokens[0]))
        water |= {(r, c) for c, t in enumerate(tokens[1:]) if t == "#"}
    counts = [*map(_count, head[1:]), *left]
    if any(v is pzprv3.BAD for v in counts):
        raise lines.error("unexpected token in the counts", lines.at - 1)
    board = replace(board, flags=flags, regions=b.regions_from_walls(rows, cols, walls), walls=walls,
                    col_counts=tuple(counts[:cols]), row_counts=tuple(counts[cols:]))  # type: ignore[arg-type]
    return board, Answer(marks=frozenset(water))


def write(board: Board, answer: Answer) -> list[str]:
    walls = board.walls or b.walls_of(board.regions)
    out = ["r"] if "r" in board.flags else []
    out += pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in walls))
    out.append(pzprv3.line([".", *map(pzprv3.token, board.col_counts)]))
    for r in range(board.rows):
        cells = ["#" if (r, c) in answer.marks else "." for c in range(board.cols)]
        out.append(pzprv3.line([pzprv3.token(board.row_counts[r]), *cells]))
    return out


def to_puzzle(board: Board) -> Puzzle:
    if "r" not in board.flags:
        raise ParseError("an Aquarium without pflag 'r' levels the water of each connected pool, "
                         "not of each tank: not puzzlekit's rule")
    if board.walls and board.walls != b.walls_of(board.regions):
        raise ParseError("a wall inside a tank: puzzlekit's tanks are divided by their borders only")
    counts = [v for v in (*board.col_counts, *board.row_counts) if v is not None]
    if any(v < 0 for v in counts):  # '?' in pzprjs
        raise ParseError(f"a count without a value: puzzlekit needs it, found {shown(min(counts))}")
    tanks = tuple(tuple(room_label(x) for x in row) for row in board.regions)
    return Puzzle(board.rows, board.cols, cols=board.col_counts, rows=board.row_counts, tanks=tanks)


def to_board(puzzle: Puzzle) -> Board:
    h, w = puzzle.height, puzzle.width
    regions = b.regions_from_walls(h, w, b.walls_of(puzzle.tanks))
    if 1 + max(map(max, regions)) != len(puzzle.rooms()):
        raise ParseError("a tank in separate pieces: puzz.link draws tanks by walls, each one piece")
    return Board("aquarium", h, w, flags="r", regions=regions, col_counts=puzzle.cols, row_counts=puzzle.rows)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(water=frozenset(answer.marks))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.water))
