"""Gokigen Naname in pzprjs: ``gokigen`` (numbers at the grid corners in pzprjs's cross code;
a file's answer block holds ``1`` for a \\ and ``2`` for a /). The board's ``cells`` hold the
``(rows + 1) x (cols + 1)`` corners; its answer's ``digits`` the diagonals."""

from __future__ import annotations

from ...board import slants as sl
from ...errors import ParseError
from ...formats.board import Answer, Kind
from ...formats.forms import Form, install
from . import NAME, Puzzle, Solution

ALIASES = {"slant": "gokigen"}
#: A diagonal in a pzprv3 answer block.
MARKS = {1: sl.BACK, 2: sl.FORWARD}
FORM = Form(Kind("gokigen", "gokigen", "Slant", NAME), "corners", "slants", answer="digits", code="cross",
            corners=True, tokens={"1": 1, "2": 2, ".": 0, "0": 0, "-1": 0}, what="a corner's number")
install(globals(), FORM)


def to_solution(puzzle: Puzzle, answer: Answer) -> Solution:
    rows = []
    for r, row in enumerate(answer.digits):
        if 0 in row:
            raise ParseError(f"the answer has no diagonal in ({r}, {row.index(0)})")
        rows.append("".join(MARKS[v] for v in row))
    return Solution(tuple(rows))


def to_answer(puzzle: Puzzle, solution: Solution) -> Answer:
    return Answer(digits=tuple(tuple(1 if d == sl.BACK else 2 for d in row) for row in solution.slants))
