"""Numberlink in pzprjs: ``numlin`` (lines need not cover the grid) and ``arukone`` (they
must, unless pflag ``e``); Arukone files write numbers as letters. Both read into our
Numberlink with u-turns allowed, which is all pzprjs can state."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats.board import UNKNOWN, Answer, Board, Kind
from . import NAME, Puzzle, Solution, label_cells

KINDS = (
    Kind("numlin", "numlin", "Numberlink", NAME),
    Kind("arukone", "arukone", "Arukone", NAME, flags="e"),
)
ROW_LINES = True
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # arukone: A = 1 ... z = 52


def _letter(token: str) -> object:
    if token in (".", "-"):
        return None if token == "." else UNKNOWN
    return LETTERS.index(token) + 1 if len(token) == 1 and token in LETTERS else pzprv3.BAD


def _letter_token(value: int | None) -> str:
    if value is None or value == UNKNOWN:
        return pzprv3.token(value)
    if not 1 <= value <= len(LETTERS):
        raise ValueError(f"an Arukone file writes numbers 1-{len(LETTERS)} as letters, not {value}")
    return LETTERS[value - 1]


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    flags = ""
    read_cell = pzprv3.clue
    if board.pid == "arukone":
        mode = lines.word("passallcell or dontpassallcell")
        if mode not in ("passallcell", "dontpassallcell"):
            raise lines.error(f"expected passallcell or dontpassallcell, found {mode!r}", lines.at - 1)
        flags = "" if mode == "passallcell" else "e"
        read_cell = _letter
    cells, segments = pzprv3.read_cells_and_edges(lines, board, read_cell, "lines", pzprv3.LINE)
    return replace(board, flags=flags, cells=cells), Answer(lines=frozenset(segments))


def write(board: Board, answer: Answer) -> list[str]:
    head = []
    show = pzprv3.token
    if board.pid == "arukone":
        head.append("dontpassallcell" if "e" in board.flags else "passallcell")
        show = _letter_token
    body = [pzprv3.line([show(v) for v in row]) for row in board.cells]
    return head + body + pzprv3.blocks(board.rows, board.cols, lambda p, q: int((p, q) in answer.lines))


def to_puzzle(board: Board) -> Puzzle:
    values = convert.values(board, "the number")
    for r, row in enumerate(board.cells):
        if 0 in row:
            at = convert.where(r, row.index(0))
            raise ParseError(f"the number 0 at {at}: puzzlekit's numbers start at 1")
    cover = "any" if board.pid == "numlin" or "e" in board.flags else "all"
    return Puzzle(values, cover)


def to_board(puzzle: Puzzle) -> Board:
    if puzzle.uturns != "yes":
        raise ParseError(f"{NAME} with u-turns: no has no puzz.link form: its rule cannot be stated there")
    pid = "arukone" if puzzle.cover == "all" else "numlin"
    return Board(pid, puzzle.height, puzzle.width, cells=convert.cells(puzzle.grid))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(answer.lines, label_cells(puzzle, answer.lines))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(lines=frozenset(solution.edges))
