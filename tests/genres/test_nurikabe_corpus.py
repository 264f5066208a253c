"""Nurikabe against published puzzles (janko.at, through the SmilingWayne dataset), read in
place from ../shared/corpus: each converted puzzle has one answer, the published one, and
pzprjs's own checker judges it complete."""

from __future__ import annotations

import pytest
from pzprjs_judge import judge

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import nurikabe

#: A sample of the grids up to 15x15, so the test stays quick (the whole folder's run is in
#: docs/genres/nurikabe.md, "Model").
SAMPLE = 10
JUDGED = 5


def entries(corpus) -> list[tuple[str, dict]]:
    small = {key: entry for key, entry in sw_corpus.entries(corpus, "nurikabe").items()
             if sw_corpus.size(entry["problem"])[0] * sw_corpus.size(entry["problem"])[1] <= 225}
    if not small:
        pytest.skip("the corpus has no Nurikabe folder")
    return sw_corpus.sample(small, SAMPLE)


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    for i, (key, entry) in enumerate(entries(corpus)):
        p = sw_corpus.GENRES["nurikabe"].convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert nurikabe.verify(p, solution) == [], key
        assert sw_corpus.matches("nurikabe", p, solution, entry["solution"]), key
        if i < JUDGED:
            assert judge(p, solution)["complete"] is True, key
