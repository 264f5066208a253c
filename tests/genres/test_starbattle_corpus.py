"""Star Battle against published puzzles (janko.at, through the SmilingWayne dataset), read in
place from ../shared/corpus: each converted puzzle has one answer, the published one, and
pzprjs's own checker calls our answer complete."""

from __future__ import annotations

import pytest
from pzprjs_judge import judge

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import starbattle

#: A sample, so the test stays quick. Of the 150 puzzles of the folder, 149 solve to their
#: published answer alone (the 7 with cells in no region among them); one from another site
#: has three answers.
SAMPLE = 10
SPEC = sw_corpus.GENRES["starbattle"]
#: The boards with cells in no region (``@`` outside the shape, ``#`` blocked).
HOLED = ("4_12x12", "5_10x10", "6_10x10", "7_11x11", "12_9x9", "13_11x11", "19_8x8")


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
        if p.holes():  # puzz.link has no cell outside the regions: pzprjs cannot read it
            continue
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key


@pytest.mark.corpus
@pytest.mark.parametrize("key", HOLED)
def test_a_board_with_cells_in_no_region_solves_to_its_published_answer(corpus, key):
    data = sw_corpus.entries(corpus, "starbattle")
    if key not in data:
        pytest.skip("no such corpus entry")
    p = SPEC.convert(data[key]["problem"])
    tokens = [t for row in sw_corpus.rows_of(data[key]["problem"]) for t in row]
    assert len(p.holes()) == sum(t in ("@", "#") for t in tokens) > 0
    result = api.solve(p, unique=True, time_limit=60)
    assert result.status == "solved" and result.unique is True, key
    (solution,) = result.solutions
    assert not solution.stars & p.holes()
    assert starbattle.verify(p, solution) == [], key
    assert sw_corpus.matches("starbattle", p, solution, data[key]["solution"]), key
