"""Hashi in pzprjs: ``hashikake`` (URLs say ``hashi``), islands as numbers in cells; a solved
file holds the bridge count of every segment between adjacent cells."""

from __future__ import annotations

from dataclasses import replace

from ...errors import ParseError
from ...formats import convert, pzprv3
from ...formats.board import Answer, Board, Kind
from ...grid import CellEdge
from . import MAX_CLUE, NAME, Puzzle, Solution, make_solution

KINDS = (Kind("hashikake", "hashi", "Hashiwokakero", NAME),)
ALIASES = {"hashi": "hashikake", "bridges": "hashikake"}
ROW_LINES = True
_BRIDGE = pzprv3.mark({"0": 0, "1": 1, "2": 2, "-1": 0})


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    cells, counts = pzprv3.read_cells_and_edges(lines, board, pzprv3.clue, "bridges", _BRIDGE)
    return replace(board, cells=cells), Answer(bridges=counts)  # type: ignore[arg-type]


def write(board: Board, answer: Answer) -> list[str]:
    body = [pzprv3.line([pzprv3.token(v) for v in row]) for row in board.cells]
    return body + pzprv3.blocks(board.rows, board.cols, lambda p, q: answer.bridges.get((p, q), 0))


def to_puzzle(board: Board) -> Puzzle:
    values = convert.values(board, "the island")
    for r, row in enumerate(values):
        for c, v in enumerate(row):
            if board.cells[r][c] is not None and not 1 <= v <= MAX_CLUE:
                raise ParseError(f"the island {v} at {convert.where(r, c)}: islands carry 1-8 bridges")
    return Puzzle(values)


def to_board(puzzle: Puzzle) -> Board:
    return Board("hashikake", puzzle.height, puzzle.width, cells=convert.cells(puzzle.grid))


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    """Bridges between islands from the counts on every segment they span."""
    out, spanned = [], {}
    counts = answer.bridges
    for (a, c), water in puzzle.pairs().items():
        path = [a, *water, c]
        segments = [(min(p, q), max(p, q)) for p, q in zip(path, path[1:])]
        k = counts.get(segments[0], 0)
        if k:
            out.append((a, c, k))
            for s in segments:
                spanned[s] = spanned.get(s, 0) + k
    for segment in sorted(set(counts) | set(spanned)):
        if counts.get(segment, 0) != spanned.get(segment, 0):
            p, q = segment
            raise ParseError(
                f"the bridge segment between {p} and {q} does not belong to a bridge joining two islands"
            )
    return make_solution(out)


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    counts: dict[CellEdge, int] = {}
    pairs = puzzle.pairs()
    for a, c, k in solution.bridges:
        path = [a, *pairs.get((a, c), ()), c]
        for p, q in zip(path, path[1:]):
            counts[(min(p, q), max(p, q))] = k
    return Answer(bridges=counts)
