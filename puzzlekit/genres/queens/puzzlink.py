"""Queens in pzprjs: ``starbattle`` with one star, its regions drawn by walls."""

from __future__ import annotations

import re
from dataclasses import replace

from ...errors import ParseError
from ...formats import board as b
from ...formats import pzprv3
from ...formats import urlcodes as code
from ...formats.board import Answer, Board
from . import LABELS, Puzzle, Solution

# pzprjs's starbattle is read as Star Battle (genres/starbattle), which takes any number of
# stars; a Queens puzzle is still written as its one-star board, in the codes below
ROW_LINES = True


def decode(empty: Board, data: str) -> tuple[Board, int]:
    match = re.match(r"(\d{1,4})/", data)
    if match is None or int(match.group(1)) < 1:
        raise code.CodeError("expected the number of stars, then '/'", 0)
    walls, at = code.read_borders(data, empty.rows, empty.cols, match.end())
    regions = b.regions_from_walls(empty.rows, empty.cols, walls)
    return replace(empty, stars=int(match.group(1)), regions=regions, walls=walls), at


def encode(board: Board) -> str:
    walls = board.walls or b.walls_of(board.regions)
    return f"{board.stars}/" + code.write_borders(board.rows, board.cols, walls)


def read(lines: pzprv3.Lines, board: Board, minor: int) -> tuple[Board, Answer]:
    rows, cols = board.rows, board.cols
    stars = lines.number("the number of stars", 1)
    lines.number("the number of regions", 1)
    ids = lines.block(rows, cols, "the regions", pzprv3.number)
    marks = lines.block(rows, cols, "the stars", pzprv3.mark({"#": 1, "+": 0, ".": 0}))
    regions = b.regions_from_walls(rows, cols, b.walls_of(pzprv3.grid(ids)))
    stars_at = frozenset((r, c) for r in range(rows) for c in range(cols) if marks[r][c])
    return replace(board, stars=stars, regions=regions), Answer(marks=stars_at)


def write(board: Board, answer: Answer) -> list[str]:
    count = 1 + max((x for row in board.regions for x in row), default=-1)
    body = [str(board.stars), str(count)] + [pzprv3.line(list(row)) for row in board.regions]
    body += [pzprv3.line(["#" if (r, c) in answer.marks else "." for c in range(board.cols)])
             for r in range(board.rows)]
    return body


def to_puzzle(board: Board) -> Puzzle:
    rows, cols = board.rows, board.cols
    if board.stars != 1:
        raise ParseError(f"Star Battle with {board.stars} stars: puzzlekit solves the 1-star form (queens)")
    if rows != cols:
        raise ParseError(f"a 1-star Star Battle on {rows}x{cols}: queens needs a square grid")
    count = 1 + max(x for row in board.regions for x in row)
    if count > len(LABELS):
        raise ParseError(f"{count} regions: queens labels at most {len(LABELS)}")
    return Puzzle(tuple("".join(LABELS[x] for x in row) for row in board.regions))


def to_board(puzzle: Puzzle) -> Board:
    h, w = puzzle.height, puzzle.width
    regions = b.regions_from_walls(h, w, b.walls_of(tuple(tuple(row) for row in puzzle.grid)))
    labels = {puzzle.grid[r][c] for r in range(h) for c in range(w)}
    if len(labels) != 1 + max(x for row in regions for x in row):
        pieces: dict[str, set[int]] = {}
        for r in range(h):
            for c in range(w):
                pieces.setdefault(puzzle.grid[r][c], set()).add(regions[r][c])
        split = next(lab for lab in sorted(pieces) if len(pieces[lab]) > 1)
        raise ParseError(
            f"region {split} is in separate pieces: puzz.link regions are drawn by walls, so each "
            "must be connected"
        )
    return Board("starbattle", h, w, stars=1, regions=regions)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    return Solution(tuple(sorted(answer.marks)))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(marks=frozenset(solution.queens))
