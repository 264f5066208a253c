"""Galaxies against published puzzles (janko.at, through the SmilingWayne dataset), read in
place from ../shared/corpus: each converted puzzle has one answer, the published one."""

from __future__ import annotations

import pytest

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import galaxies

#: A sample, so the test stays quick (all 150 puzzles of the folder, up to 20x36, passed when
#: this was written: `python -m benchmarks.sw_dataset --genres galaxies`).
SAMPLE = 10


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    entries = sw_corpus.sample(sw_corpus.entries(corpus, "galaxies"), SAMPLE)
    assert entries, "the corpus has no Galaxies folder"
    for key, entry in entries:
        p = sw_corpus.GENRES["galaxies"].convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert galaxies.verify(p, solution) == [], key
        assert sw_corpus.matches("galaxies", p, solution, entry["solution"]), key


def test_a_dot_code_lands_on_its_point():
    p = sw_corpus.GENRES["galaxies"].convert("3 3\n0 1 -\n2 3 -\n- - -")
    assert [d for d, _ in p.clues("dots")] == [(0, 0), (0, 3), (3, 0), (3, 3)]
