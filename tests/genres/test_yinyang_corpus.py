"""Yin-Yang against published puzzles (janko.at, through the SmilingWayne dataset), read in
place from ../shared/corpus: each converted puzzle has one answer, the published one, and
pzprjs's own checker judges it complete."""

from __future__ import annotations

import pytest
from pzprjs_judge import judge

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import yinyang

#: A sample, so the test stays quick (every puzzle of the folder passed when this was written).
SAMPLE = 10
JUDGED = 5


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    data = sw_corpus.entries(corpus, "yinyang")
    if not data:
        pytest.skip("the corpus has no Yin-Yang folder")
    for i, (key, entry) in enumerate(sw_corpus.sample(data, SAMPLE)):
        p = sw_corpus.GENRES["yinyang"].convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert yinyang.verify(p, solution) == [], key
        assert sw_corpus.matches("yinyang", p, solution, entry["solution"]), key
        if i < JUDGED:
            assert judge(p, solution)["complete"] is True, key
