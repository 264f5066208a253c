"""Cave: a small puzzle on every backend, each broken rule caught by verify, the file, JSON and
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
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import cave

# Made by the package's generator (seed 1); its answer, checked by hand against the rules:
#   # # 6 6 # ·
#   # # · · · 5
#   5 · · · 7 #
#   # 7 · · · 5
#   # · 7 · # #
#   # # # # # #
TEXT = "..66..\n.....5\n5...7.\n.7...5\n..7...\n......\n"
SHADED = frozenset({(0, 0), (0, 1), (0, 4), (1, 0), (1, 1), (2, 5), (3, 0), (4, 0), (4, 4), (4, 5),
                    *((5, c) for c in range(6))})


def puzzle():
    return cave.parse(TEXT, "cave.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert cave.verify(p, s) == []


def test_the_file_reads_and_writes_back_with_unknown_numbers():
    p = puzzle()
    assert p.clues("numbers")[:3] == [((0, 2), 6), ((0, 3), 6), ((1, 5), 5)]
    assert cave.parse(cave.format(p), "again") == p
    hidden = cave.parse(TEXT.replace("..66..", "..6?.."), "q")
    assert hidden.numbers[0][3] == "?"
    found = api.solve(hidden, limit=5).solutions  # a ? stays in the cave and counts nothing
    assert len(found) > 1 and cave.verify(hidden, cave.Solution(shaded=SHADED)) == []
    assert all((0, 3) not in x.shaded for x in found)


@pytest.mark.parametrize(("text", "where", "words"), [
    ("6.\n.x\n", "bad.txt:2:2", "expected a number 1-999 or '?' or '.'"),
    ("0.\n..\n", "bad.txt:1:1", "expected a number 1-999"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        cave.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert cave.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = cave.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[0, 2]]})
    assert cave.state_from_json(p, cave.state_to_json(p, state)) == state


def broken(p, cells):
    return cave.verify(p, cave.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the numbered cell (0, 2) is shaded" in broken(p, SHADED | {(0, 2)})
    assert "no cell is shaded" in broken(p, ())
    assert any("cave cells are in 2 separate pieces" in x for x in broken(p, SHADED | {(1, 4)}))
    assert ("the shaded piece at (2, 2) (1 cell) does not reach the edge of the grid"
            in broken(p, SHADED | {(2, 2)}))
    wrong = cave.parse(TEXT.replace("5...7.", "4...7."), "w")
    assert broken(wrong, SHADED) == ["the 4 at (2, 0) sees 5 cave cells, itself included"]


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("cave", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert cave.verify(made.puzzle, made.solution) == []


@pytest.mark.parametrize("seed", range(4))
def test_the_model_finds_every_answer_brute_force_finds(seed):
    p = cave.random_puzzle(random.Random(seed), 3, 4, keep=0.3)
    cells = [(r, c) for r in range(3) for c in range(4)]
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not cave.verify(p, cave.Solution(shaded=frozenset(s)))}
    result = cpsat.solve(cave.model(p), limit=5000)
    assert result.complete
    assert {cave.decode(p, a).shaded for a in result.solutions} == brute


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("cave", "cave", cave.verify)
    assert broken_boards_fail(record, cave.verify, p)  # pzprjs's broken boards break a rule
    assert judge(p, answer)["complete"]


def test_our_answer_is_complete_for_pzprjs_and_round_trips_through_a_url():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("cave", p)
    hidden = cave.parse(TEXT.replace("..66..", "..6?.."), "q")
    assert formats.read(formats.to_url(hidden)) == ("cave", hidden)
    assert judge(p, s)["complete"]


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    # a sample of five (a run of fifty, spread over the keys, was judged complete too)
    spec = sw_corpus.GENRES["cave"]
    data = {k: e for k, e in sw_corpus.entries(corpus, "cave").items()
            if spec.convert(e["problem"]).height <= 12}  # the small ones, for time
    assert data
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key
