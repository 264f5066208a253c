"""Creek: a small puzzle on every backend, each broken rule caught by verify, the file, JSON and
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
from puzzlekit.genres import creek

# Made by the package's generator (6x6, seed 1); its answer, checked by hand against the rules:
#   · # # · · #
#   · · · · # #
#   · · · · · ·
#   # # · # # ·
#   · · · # · ·
#   # · # # # #
TEXT = ".1...1.\n..21.3.\n...0...\n1.1.2..\n.2.....\n.1.332.\n1......\n"
SHADED = frozenset({(0, 1), (0, 2), (0, 5), (1, 4), (1, 5), (3, 0), (3, 1), (3, 3), (3, 4), (4, 3), (5, 0),
                    (5, 2), (5, 3), (5, 4), (5, 5)})


def puzzle():
    return creek.parse(TEXT, "creek.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert creek.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert (p.height, p.width) == (6, 6)
    assert p.clues("corners")[:3] == [((0, 1), 1), ((0, 5), 1), ((1, 2), 2)]
    assert creek.parse(creek.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("...\n.5.\n...\n", "bad.txt:2:2", "expected a number 0-4"),
    ("...\n.x.\n...\n", "bad.txt:2:2", "expected a number 0-4"),
    ("...\n....\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        creek.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert creek.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = creek.state_from_json(p, {"shaded": [[0, 1]], "unshaded": [[0, 0]]})
    assert creek.state_from_json(p, creek.state_to_json(p, state)) == state


def broken(p, cells):
    return creek.verify(p, creek.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "no cell is shaded" in broken(p, set())
    assert "the 1 at corner (0, 1) touches 2 shaded cells" in broken(p, SHADED | {(0, 0)})
    assert "the 3 at corner (5, 3) touches 2 shaded cells" in broken(p, SHADED - {(4, 3)})
    assert any("unshaded cells are in 2 separate pieces" in x for x in broken(p, SHADED | {(3, 2)}))


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


# levels it offers at 6x6: "easy" (rules), which it does not, took 28 s of CPU to fall back to another
@pytest.mark.parametrize("level", ["pairs", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("creek", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert creek.verify(made.puzzle, made.solution) == []


@pytest.mark.parametrize("seed", range(4))
def test_the_model_finds_every_answer_brute_force_finds(seed):
    p = creek.random_puzzle(random.Random(seed), 3, 4, keep=0.5)
    cells = [(r, c) for r in range(3) for c in range(4)]
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not creek.verify(p, creek.Solution(shaded=frozenset(s)))}
    result = cpsat.solve(creek.model(p), limit=5000)
    assert result.complete
    assert {creek.decode(p, a).shaded for a in result.solutions} == brute


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("creek", "creek", creek.verify)
    assert broken_boards_fail(record, creek.verify, p, skip=1)  # the first is an empty board
    assert judge(p, answer)["complete"]


def test_our_answer_is_complete_for_pzprjs_and_round_trips_through_a_url():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("creek", p)
    assert judge(p, s)["complete"]


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    # a sample of five (a run of fifty, spread over the keys, was judged complete too)
    spec = sw_corpus.GENRES["creek"]
    data = {k: e for k, e in sw_corpus.entries(corpus, "creek").items()
            if spec.convert(e["problem"]).height <= 12}  # the small ones, for time
    assert data
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key
