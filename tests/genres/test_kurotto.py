"""Kurotto: a small puzzle on every backend, each broken rule caught by verify, the file, JSON and
state forms, the generator, the puzz.link golden and pzprjs's own checker."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer, judge

from benchmarks import sw_corpus
from puzzlekit import api, formats
from puzzlekit.backends import cpsat, sat
from puzzlekit.board.checks import pieces
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import kurotto

# Made by the package's generator (seed 1); its answer, checked by hand against the rules:
#   # 1 · # 4
#   · · 4 # #
#   0 · · # 7
#   · # 1 · #
#   # 2 · # #
TEXT = ".1..4\n..4..\n0...7\n..1..\n.2...\n"
SHADED = frozenset({(0, 0), (0, 3), (1, 3), (1, 4), (2, 3), (3, 1), (3, 4), (4, 0), (4, 3), (4, 4)})


def puzzle():
    return kurotto.parse(TEXT, "kurotto.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert kurotto.verify(p, s) == []


def test_the_file_reads_and_writes_back_with_circles_without_numbers():
    p = puzzle()
    assert p.clues("numbers")[:3] == [((0, 1), 1), ((0, 4), 4), ((1, 2), 4)]
    assert kurotto.parse(kurotto.format(p), "again") == p
    hidden = kurotto.parse(TEXT.replace(".1..4", ".?..4"), "q")
    assert hidden.numbers[0][1] == "?"
    found = api.solve(hidden, limit=5).solutions  # a circle without a number stays unshaded
    assert len(found) > 1 and kurotto.verify(hidden, kurotto.Solution(shaded=SHADED)) == []
    assert all((0, 1) not in x.shaded for x in found)


@pytest.mark.parametrize(("text", "where", "words"), [
    ("6.\n.x\n", "bad.txt:2:2", "expected a circle's number 0-999 or '?' or '.'"),
    ("x.\n..\n", "bad.txt:1:1", "expected a circle's number 0-999"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        kurotto.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert kurotto.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = kurotto.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[0, 1]]})
    assert kurotto.state_from_json(p, kurotto.state_to_json(p, state)) == state


def broken(p, cells):
    return kurotto.verify(p, kurotto.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the circle at (0, 1) is shaded" in broken(p, SHADED | {(0, 1)})
    assert "no cell is shaded" in broken(p, ())
    assert broken(p, SHADED - {(0, 0)}) == ["the 1 at (0, 1) touches shaded groups of 0 cells"]
    # (2, 2) joins the group of (1, 3): beside the 4 twice, counted once
    assert "the 4 at (1, 2) touches shaded groups of 5 cells" in broken(p, SHADED | {(2, 2)})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("kurotto", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert kurotto.verify(made.puzzle, made.solution) == []


@pytest.mark.parametrize(("seed", "h", "w", "keep"), [*((s, 3, 4, 0.5) for s in range(4)),
                                                     *((s, 3, 5, 0.8) for s in range(3)),
                                                     *((s, 3, 5, 0.3) for s in range(2))])
def test_the_model_finds_every_answer_brute_force_finds(seed, h, w, keep):
    # many numbers shown: the reach of each is cut by the numbers beside its paths; few shown:
    # long paths, whose distances the generator's model (`finder_model`) defines one way only
    p = kurotto.random_puzzle(random.Random(seed), h, w, keep=keep)
    cells = [(r, c) for r in range(h) for c in range(w)]
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not kurotto.verify(p, kurotto.Solution(shaded=frozenset(s)))}
    # cpsat lists answers by every variable, the sat backend by the answer key alone (the
    # generator's model has many settings of its distances per answer)
    found = sat.solve(kurotto.finder_model(p), limit=5000)
    assert found.complete
    assert {kurotto.decode(p, a).shaded for a in found.solutions} == brute
    result = cpsat.solve(kurotto.model(p), limit=5000)
    assert result.complete
    assert {kurotto.decode(p, a).shaded for a in result.solutions} == brute


@pytest.mark.parametrize("seed", range(5))
def test_the_planter_makes_small_groups_on_about_two_cells_in_five(seed):
    solution = kurotto.GENRE.planter(random.Random(seed), 10, 10)
    sizes = [len(group) for group in pieces(solution.shaded)]
    assert max(sizes) <= max(kurotto.GROUP_SIZES)
    assert 30 <= len(solution.shaded) <= 45 and len(sizes) >= 10


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("kurotto", "kurotto", kurotto.verify)
    assert broken_boards_fail(record, kurotto.verify, p, skip=1)  # pzprjs's broken boards break a rule
    # the first is an empty board (pzprjs: no shaded cell)
    assert "no cell is shaded" in kurotto.verify(p, kurotto.Solution(shaded=frozenset()))
    assert judge(p, answer)["complete"]


def test_our_answer_is_complete_for_pzprjs_and_round_trips_through_a_url():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("kurotto", p)
    hidden = kurotto.parse(TEXT.replace(".1..4", ".?..4"), "q")
    assert formats.read(formats.to_url(hidden)) == ("kurotto", hidden)
    assert judge(p, s)["complete"]


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    # a sample of five (a run of fifty, spread over the keys, was judged complete too)
    spec = sw_corpus.GENRES["kurotto"]
    data = {k: e for k, e in sw_corpus.entries(corpus, "kurotto").items()
            if spec.convert(e["problem"]).height <= 12}  # the small ones, for time
    assert data
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key
