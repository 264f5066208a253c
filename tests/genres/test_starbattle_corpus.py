"""Star Battle against published puzzles (janko.at, through the SmilingWayne dataset), read in
place from ../shared/corpus: each converted puzzle has one answer, the published one, and
pzprjs's own checker calls our answer complete."""

from __future__ import annotations

import pytest
from pzprjs_judge import judge

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import starbattle

#: A sample, so the test stays quick. Of the 143 puzzles of the folder with every cell in a
#: region, 142 solve to their published answer alone; one from another site has three answers.
SAMPLE = 10
SPEC = sw_corpus.GENRES["starbattle"]


def entries(corpus):
    data = sw_corpus.entries(corpus, "starbattle")
    if not data:
        pytest.skip("no Star Battle corpus")
    return [(k, e) for k, e in sw_corpus.sample(data, SAMPLE) if SPEC.convert(e["problem"]) is not None]


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    found = entries(corpus)
    assert len(found) >= SAMPLE - 2
    counts = set()
    for key, entry in found:
        p = SPEC.convert(entry["problem"])
        counts.add(p.count)
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert starbattle.verify(p, solution) == [], key
        assert sw_corpus.matches("starbattle", p, solution, entry["solution"]), key
    assert len(counts) > 1  # one-star and more-star puzzles both


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_complete(corpus):
    for key, entry in entries(corpus)[:5]:
        p = SPEC.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key


@pytest.mark.corpus
def test_a_board_with_cells_in_no_region_is_left_out(corpus):
    data = sw_corpus.entries(corpus, "starbattle")
    if "12_9x9" not in data:
        pytest.skip("no such corpus entry")
    assert SPEC.convert(data["12_9x9"]["problem"]) is None
