"""The second judge itself: it accepts our answers to genres pzprjs has, and rejects an answer
with one cell changed (so a test that leans on it can fail)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from conftest import ROOT
from pzprjs_judge import judge, node

from puzzlekit import api, genres

#: Genres whose pzprv3 boards we write and pzprjs's copy here can judge.
JUDGED = ["lightup", "hitori", "kurodoko"]


def _flip(solution: Any) -> Any:
    """The answer with its first cell changed (a shaded cell cleared, a clear one shaded)."""
    field = dataclasses.fields(solution)[0].name
    grid = [list(row) for row in getattr(solution, field)]
    grid[0][0] = not grid[0][0] if isinstance(grid[0][0], bool) else (0 if grid[0][0] else 1)
    return dataclasses.replace(solution, **{field: tuple(tuple(row) for row in grid)})


@pytest.mark.parametrize("genre", JUDGED)
def test_the_judge_accepts_our_answer_and_refuses_a_broken_one(genre):
    node()
    module = genres.get(genre)
    puzzle = module.parse((ROOT / "examples" / f"{genre}01.txt").read_text())
    solution = api.solve(puzzle).solutions[0]
    assert judge(puzzle, solution)["complete"] is True
    assert judge(puzzle, _flip(solution))["complete"] is False
