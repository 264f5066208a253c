"""Ripple Effect: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, and the puzz.link golden judged by pzprjs too."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import golden, judge

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import ripple

# Made by the package's generator (6x6, seed 1, level easy); its answer checked by hand.
TEXT = "..1...\n3...5.\n2...23\n.7....\n6.1.1.\n......\nAABCCC\nABBCDD\nEBBCDD\nEFFGDH\nFFFHHH\nFFHHII\n"
DIGITS = ((1, 2, 1, 5, 3, 2), (3, 4, 2, 1, 5, 1), (2, 3, 5, 4, 2, 3),
          (1, 7, 3, 1, 4, 5), (6, 5, 1, 2, 1, 4), (4, 2, 6, 3, 2, 1))


def puzzle():
    return ripple.parse(TEXT, "rp.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.digits == DIGITS
    assert ripple.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("givens")[:2] == [((0, 2), 1), ((1, 0), 3)]
    assert ripple.parse(ripple.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("1.\n..\nAB\nA!\n", "bad.txt:4:2", "room label"),
    ("1x\n..\nAB\nAB\n", "bad.txt:1:2", "expected a number"),
    ("3.\n..\nAB\nAB\n", "bad.txt:1:1", "more than its room's 2 cells"),
    ("..\n..\nAB\nBA\n", "bad.txt:", "separate pieces"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        ripple.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert ripple.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = ripple.state_from_json(p, {"digits": [[1, None, None, None, None, None]] + [[None] * 6] * 5})
    assert ripple.state_from_json(p, ripple.state_to_json(p, state)) == state


def broken(p, changes):
    rows = [list(row) for row in DIGITS]
    for (r, c), v in changes.items():
        rows[r][c] = v
    return ripple.verify(p, ripple.Solution(digits=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p = puzzle()
    assert "the given 1 at (0, 2) holds 2" in broken(p, {(0, 2): 2})
    assert "the room A holds 1 at both (0, 0) and (1, 0)" in broken(p, {(1, 0): 1})
    assert "the room I of 2 cells holds 3 at (5, 5)" in broken(p, {(5, 5): 3})
    assert "the cell (5, 5) of the room I holds no digit" in broken(p, {(5, 5): 0})
    assert "the 2s at (0, 1) and (1, 1) are 1 apart, not more than 2" in broken(p, {(1, 1): 2, (2, 1): 4})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("ripple", 5, 5, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert ripple.verify(made.puzzle, made.solution) == []


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("ripple")
    genre, p = formats.read(record["url"])
    assert genre == "ripple" and formats.to_url(p) == record["url"]
    assert formats.read_pzprv3(record["clues_pzprv3"])[1] == p
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert ripple.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.write_pzprv3(p, answer) == record["solved"].replace("/", "\n")
    for _, board in record["failchecks"]:
        assert ripple.verify(p, formats.read_pzprv3_solution(genre, p, board))


def test_pzprjs_judges_our_answers_complete_and_a_broken_one_not():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("ripple", p)
    assert judge(p, s)["complete"] is True
    _, gp = formats.read(golden("ripple")["url"])
    assert judge(gp, api.solve(gp).solutions[0])["complete"] is True
    wrong = ripple.Solution(digits=tuple(tuple(1 for _ in row) for row in DIGITS))
    assert judge(p, wrong)["complete"] is False


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    from benchmarks import sw_corpus

    spec = sw_corpus.GENRES["ripple"]
    for key, entry in sw_corpus.sample(sw_corpus.entries(corpus, "ripple"), 5):
        p = spec.convert(entry["problem"])
        (solution,) = api.solve(p, time_limit=60).solutions
        assert judge(p, solution)["complete"] is True, key
