"""Heyawake against published puzzles (through the SmilingWayne dataset), read in place from
../shared/corpus: each converted puzzle has one answer, the published one, and pzprjs's own
checker judges it complete."""

from __future__ import annotations

import pytest
from pzprjs_judge import judge

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import heyawake

#: A sample, so the test stays quick (149 of the folder's 150 puzzles passed when this was
#: written; the converter leaves out 370_21x21, one number over a room in two pieces, which
#: these rules do not state).
SAMPLE = 10
JUDGED = 5


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    spec = sw_corpus.GENRES["heyawake"]
    picked = [(k, e) for k, e in sw_corpus.sample(sw_corpus.entries(corpus, "heyawake"), SAMPLE + 1)
              if spec.convert(e["problem"]) is not None][:SAMPLE]
    assert picked
    for i, (key, entry) in enumerate(picked):
        p = spec.convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert heyawake.verify(p, solution) == [], key
        assert sw_corpus.matches("heyawake", p, solution, entry["solution"]), key
        if i < JUDGED:
            assert judge(p, solution)["complete"] is True, key


@pytest.mark.corpus
def test_a_count_over_a_room_in_two_pieces_is_not_stated(corpus):
    data = sw_corpus.entries(corpus, "heyawake")
    if "370_21x21" not in data:
        pytest.skip("the corpus has no 370_21x21")
    convert = sw_corpus.GENRES["heyawake"].convert
    assert convert(data["370_21x21"]["problem"]) is None
    assert convert(data["210_31x45"]["problem"]) is not None  # an id in two pieces, neither counted
