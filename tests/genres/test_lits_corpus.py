"""LITS against published puzzles (through the SmilingWayne dataset), read in place from
../shared/corpus: each converted puzzle has one answer, the published one, and pzprjs's own
checker judges it complete."""

from __future__ import annotations

import pytest
from pzprjs_judge import judge

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import lits

#: A sample, so the test stays quick (all 146 puzzles of the folder with every cell in a room
#: passed when this was written; the 4 with cells in no room are not these rules).
SAMPLE = 10
JUDGED = 5


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    spec = sw_corpus.GENRES["lits"]
    picked = [(k, e) for k, e in sw_corpus.sample(sw_corpus.entries(corpus, "lits"), SAMPLE + 1)
              if spec.convert(e["problem"]) is not None][:SAMPLE]
    assert picked
    for i, (key, entry) in enumerate(picked):
        p = spec.convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert lits.verify(p, solution) == [], key
        assert sw_corpus.matches("lits", p, solution, entry["solution"]), key
        if i < JUDGED:
            assert judge(p, solution)["complete"] is True, key
