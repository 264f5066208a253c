"""Norinori against published puzzles (janko.at, through the SmilingWayne dataset), read in
place from ../shared/corpus: each converted puzzle has one answer, the published one, and
pzprjs's own checker calls our answer complete."""

from __future__ import annotations

import pytest
from pzprjs_judge import judge

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import norinori

#: A sample, so the test stays quick. Of the 150 puzzles of the folder (6x6 to 36x54), 149
#: solve to their published answer alone; 177_12x22 reads with three answers (the published
#: one among them).
SAMPLE = 10
SPEC = sw_corpus.GENRES["norinori"]


def entries(corpus):
    data = sw_corpus.entries(corpus, "norinori")
    if not data:
        pytest.skip("no Norinori corpus")
    return sw_corpus.sample(data, SAMPLE)


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    for key, entry in entries(corpus):
        p = SPEC.convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert norinori.verify(p, solution) == [], key
        assert sw_corpus.matches("norinori", p, solution, entry["solution"]), key


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_complete(corpus):
    for key, entry in entries(corpus)[:5]:
        p = SPEC.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key
