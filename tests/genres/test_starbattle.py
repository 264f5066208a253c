"""Star Battle: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, Queens as its one-star case and the puzz.link golden."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden, golden_answer, judge

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import queens, starbattle

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# examples/starbattle01.txt, made by the package's generator (8x8, two stars); its answer,
# checked by hand: two per row, column and region, none touching
STARS = frozenset({(0, 1), (0, 3), (1, 5), (1, 7), (2, 1), (2, 3), (3, 5), (3, 7), (4, 0), (4, 2),
                   (5, 4), (5, 6), (6, 0), (6, 2), (7, 4), (7, 6)})


def puzzle():
    return starbattle.parse((EXAMPLES / "starbattle01.txt").read_text(), "sb.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert p.count == 2 and s.stars == STARS
    assert starbattle.verify(p, s) == []


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("queens*.txt")), ids=lambda p: p.name)
def test_a_queens_file_is_a_one_star_star_battle_with_the_same_answer(path):
    text = path.read_text()
    as_queens, as_stars = queens.parse(text), starbattle.parse(text)
    assert as_stars.count == 1
    q, s = api.solve(as_queens, unique=True), api.solve(as_stars, unique=True)
    assert q.unique is True and s.unique is True
    assert frozenset(q.solutions[0].queens) == s.solutions[0].stars
    # and the same rules say the same thing of a broken answer
    wrong = frozenset(s.solutions[0].stars) ^ {(0, 0), (0, 1)}
    said = starbattle.verify(as_stars, starbattle.Solution(stars=wrong))
    told = queens.verify(as_queens, queens.Solution(tuple(sorted(wrong))))
    assert said and [x.replace("star", "queen") for x in said] == [x for x in told if "placed" not in x]


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert starbattle.parse(starbattle.format(p), "again") == p
    one = starbattle.parse("AB\nBA\n")
    assert one.count == 1 and starbattle.format(one) == "AB\nBA\n"  # one star: no header line


@pytest.mark.parametrize(("text", "where", "words"), [
    ("stars: x\nAB\nBA\n", "bad.txt:1:8", "stars must be a whole number 1-9, found 'x'"),
    ("stars: 2\nABC\nABC\n", "bad.txt:2:1", "the grid must be square: 2 rows of 3 cells"),
    ("AB\nB\n", "bad.txt:2:2", "ragged grid"),
    ("A-\nBA\n", "bad.txt:1:2", "expected a room label"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        starbattle.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert starbattle.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = starbattle.state_from_json(p, {"stars": [[0, 1]], "no_stars": [[0, 0]]})
    assert starbattle.state_from_json(p, starbattle.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="listed both"):
        starbattle.state_from_json(p, {"stars": [[0, 1]], "no_stars": [[0, 1]]})


def broken(p, cells):
    return starbattle.verify(p, starbattle.Solution(stars=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    # a star moved along its row: its old column and region lose one, its new ones gain one
    moved = broken(p, STARS - {(0, 1)} | {(0, 5)})
    assert "column 1 holds 1 stars, expected 2" in moved
    assert "column 5 holds 3 stars, expected 2" in moved
    assert "stars at [0, 5] and [1, 5] touch" in moved
    assert "row 0 holds 1 stars, expected 2" in broken(p, STARS - {(0, 1)})
    assert "region F holds 1 stars, expected 2" in broken(p, STARS - {(0, 1)})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize(("side", "level"), [(6, "trial"), (8, "chain")])
def test_generated_puzzles_are_unique(side, level):
    (made,) = generate("starbattle", side, side, level=level, seed=3, nearest=True)
    assert made.puzzle.count == starbattle.stars_for(side)
    assert api.is_unique(made.puzzle)
    assert starbattle.verify(made.puzzle, made.solution) == []


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("starbattle", "starbattle", starbattle.verify)
    assert broken_boards_fail(record, starbattle.verify, p)


def test_a_two_star_puzzle_goes_through_a_url_and_pzprjs_judges_our_answers_complete():
    p, s = solved()
    genre, again = formats.read(formats.to_url(p))
    assert (genre, again.count) == ("starbattle", 2)
    assert sorted(again.rooms().values()) == sorted(p.rooms().values())  # labels in reading order
    assert judge(p, s)["complete"] is True
    assert judge(p, starbattle.Solution(stars=s.stars - {(0, 1)}))["complete"] is False
    record = golden("starbattle")
    q = formats.read(record["url"])[1]
    assert judge(q, api.solve(q).solutions[0])["complete"] is True
