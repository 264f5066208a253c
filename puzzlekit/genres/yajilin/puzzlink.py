"""Yajilin in pzprjs: ``yajilin`` (arrow numbers in a 16-code; pflag ``o``: shaded cells may lie
outside the loop's region, not a rule of ours; ``b``: grey clue cells, a look only). A board
cell is ``(direction, number)``: direction 0 none, 1 up, 2 down, 3 left, 4 right; number -2
for none. A solved file marks the shaded cells ``#``; they must be the cells off the loop."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats import urlcodes as code
from ...formats.board import UNKNOWN, Answer, Board, Kind
from ...formats.puzzlink import grid
from . import CLUE, NAME, Puzzle, Solution

KINDS = (Kind("yajilin", "yajilin", "Yajilin", NAME, flags="ob"),)
ROW_LINES = True
LETTER = {1: "N", 2: "S", 3: "W", 4: "E"}
NUMBER = {v: k for k, v in LETTER.items()}


def decode(empty: Board, data: str) -> tuple[Board, int]:
    cells, at = code.read_arrow_number16(data, empty.rows * empty.cols)
    return replace(empty, cells=grid(cells, empty.cols)), at


def encode(board: Board) -> str:
    return code.write_arrow_number16([v for row in board.cells for v in row])


def _clue(token: str) -> object:
    if token == ".":
        return None
    d, _, n = token.partition(",")
    if d not in "01234" or not d or not (n == "-" or n.isdigit()):
        return pzprv3.BAD
    return int(d), UNKNOWN if n == "-" else int(n)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    flags = pzprv3.flags(lines)
    cells = lines.block(board.rows, board.cols, "the clues", _clue)
    shaded = lines.block(board.rows, board.cols, "the shading", pzprv3.mark({"#": 1, "+": 0, ".": 0}))
    h = lines.block(board.rows, board.cols - 1, "the horizontal lines", pzprv3.LINE)
    v = lines.block(board.rows - 1, board.cols, "the vertical lines", pzprv3.LINE)
    marks = frozenset((r, c) for r, row in enumerate(shaded) for c, x in enumerate(row) if x)
    answer = Answer(lines=pzprv3.edges(h, v), marks=marks)
    return replace(board, flags=flags, cells=pzprv3.grid(cells)), answer


def write(board: Board, answer: Answer) -> list[str]:
    head = [board.flags] if board.flags else []
    body = [pzprv3.line(["." if v is None else f"{v[0]},{'-' if v[1] == UNKNOWN else v[1]}" for v in row])
            for row in board.cells]
    body += [pzprv3.line(["#" if (r, c) in answer.marks else "." for c in range(board.cols)])
             for r in range(board.rows)]
    return head + body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))


def to_puzzle(board: Board) -> Puzzle:
    convert.no_flags(board.__class__(board.pid, 1, 1, flags=board.flags.replace("b", "")),
                     {"o": "shaded cells outside the loop"})
    blocks, arrows = [], []
    for r, row in enumerate(board.cells):
        blocks.append([None if v is None else CLUE for v in row])
        arrows.append([None] * len(row))
        for c, v in enumerate(row):
            if v is None:
                continue
            d, n = v
            if d == 0 and n != UNKNOWN:
                raise ParseError(f"the number {n} at {convert.where(r, c)} has no arrow")
            if d:
                arrows[r][c] = f"{'?' if n == UNKNOWN else n}{LETTER[d]}"
    return Puzzle(board.rows, board.cols, blocks=blocks, arrows=arrows)


def to_board(puzzle: Puzzle) -> Board:
    cells = tuple(tuple(None if b is None else (0, UNKNOWN) if a is None else
                        (NUMBER[a[-1]], UNKNOWN if a[0] == "?" else int(a[:-1])) for b, a in zip(*rows))
                  for rows in zip(puzzle.blocks, puzzle.arrows))
    return Board("yajilin", puzzle.height, puzzle.width, cells=cells)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    solution = Solution(frozenset(answer.lines))
    shaded = puzzle.shaded(answer.lines)
    if answer.marks and answer.marks != shaded:
        wrong = sorted(answer.marks ^ shaded)[0]
        raise ParseError(f"the cell {convert.where(*wrong)} is shaded and on the loop, or neither")
    return solution


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges), marks=puzzle.shaded(solution.edges))
