"""Sashigane in pzprjs: ``sashigane``. A board cell is our mark (``o``, ``o5``, ``N`` ... ``W``),
or ``?`` for pzprjs's mark of either kind, which our rules do not take. The URL gives a circle's
size in hex (``-`` and two digits from 16), ``.`` a bare circle, ``g``-``j`` an arrow up, down,
left, right, ``k``-``z`` runs of empty cells; a file writes ``o``/``o5``, arrows 1-4, then the
borders drawn."""

from __future__ import annotations

from dataclasses import replace

from ...board.answers import Lines
from ...board.regions import borders
from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats.board import Answer, Board, Kind
from ...formats.puzzlink import grid
from . import NAME, Puzzle, Solution

KINDS = (Kind("sashigane", "sashigane", "Sashigane", NAME),)
ROW_LINES = True
ARROWS = "NSWE"  # pzprjs's directions 1-4: up, down, left, right


def decode(empty: Board, data: str) -> tuple[Board, int]:
    count, cells, at = empty.rows * empty.cols, [], 0
    while at < len(data) and len(cells) < count:
        ch = data[at]
        if ch in "0123456789abcdef":
            cells.append(f"o{int(ch, 16)}")
        elif ch == "-":
            cells.append(f"o{int(data[at + 1:at + 3], 16)}")
            at += 2
        elif ch == ".":
            cells.append("o")
        elif ch in "%@":
            cells.append("?")
        elif "g" <= ch <= "j":
            cells.append(ARROWS[ord(ch) - ord("g")])
        elif "k" <= ch <= "z":
            cells += [None] * (int(ch, 36) - 19)
        else:
            break
        at += 1
    cells = (cells + [None] * count)[:count]
    return replace(empty, cells=grid(cells, empty.cols)), at


def encode(board: Board) -> str:
    out, count = [], 0
    for v in (v for row in board.cells for v in row):
        if v is None:
            count += 1
            if count == 16:
                out.append("z")
                count = 0
            continue
        if count:
            out.append(chr(ord("k") + count - 1))
            count = 0
        if v == "?":
            out.append("@")
        elif v in ARROWS:
            out.append("ghij"[ARROWS.index(v)])
        elif v == "o":
            out.append(".")
        else:
            n = int(v[1:])
            out.append(f"{n:x}" if n < 16 else f"-{n:02x}" if n < 256 else ".")
    if count:
        out.append(chr(ord("k") + count - 1))
    return "".join(out)


def _clue(token: str) -> object:
    if token == "o" or (token[:1] == "o" and token[1:].isdigit()):
        return token
    if token in ("1", "2", "3", "4"):
        return ARROWS[int(token) - 1]
    return {".": None, "-": "?", "#": None, "_": None}.get(token, pzprv3.BAD)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    cells = lines.block(board.rows, board.cols, "the clues", _clue)
    walls: frozenset = frozenset()
    if lines.peek() is not None:
        h = lines.block(board.rows, board.cols - 1, "the vertical borders", pzprv3.WALL)
        v = lines.block(board.rows - 1, board.cols, "the horizontal borders", pzprv3.WALL)
        walls = pzprv3.edges(h, v)
    return replace(board, cells=pzprv3.grid(cells)), Answer(walls=walls)


def write(board: Board, answer: Answer) -> list[str]:
    def token(v: object) -> str:
        return "." if v is None else "-" if v == "?" else str(ARROWS.index(v) + 1) if v in ARROWS else str(v)
    body = [pzprv3.line([token(v) for v in row]) for row in board.cells]
    return body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.walls))


def to_puzzle(board: Board) -> Puzzle:
    for r, row in enumerate(board.cells):
        for c, v in enumerate(row):
            if v == "?":
                raise ParseError(f"the mark '?' at {convert.where(r, c)} (a circle or an arrow) is not one "
                                 "puzzlekit's Sashigane takes")
    return Puzzle(board.rows, board.cols, marks=[list(row) for row in board.cells])


def to_board(puzzle: Puzzle) -> Board:
    return Board("sashigane", puzzle.height, puzzle.width, cells=puzzle.marks)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    h, w = puzzle.height, puzzle.width
    return Solution(regions=frozenset(p for p in Lines().pairs(h, w) if p not in answer.walls))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(walls=frozenset(borders(solution.regions, puzzle.height, puzzle.width)))
