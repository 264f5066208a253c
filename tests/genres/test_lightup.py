"""Light Up: a hand-made puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, Tatham's game IDs and the puzz.link golden."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer
from tatham_live import fresh_ids, needs, solved_and_written_back

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import lightup
from puzzlekit.genres.lightup import tatham

#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (6, 6)

# Made by hand: the 0 keeps (1, 0) and (3, 0) dark, so the corner lamps follow, and the 2 and
# the two 1s place the rest.
TEXT = """\
.X...
...X.
X...X
.X...
...X.

.1...
...2.
0....
.....
...1.
"""
LAMPS = frozenset({(0, 0), (0, 4), (1, 2), (2, 3), (4, 0), (4, 4)})


def puzzle():
    return lightup.parse(TEXT, "lu.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.lamps == LAMPS
    assert lightup.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert (p.height, p.width) == (5, 5)
    assert p.walls[0][1] == "X" and p.numbers[0][1] == 1 and p.walls[3][1] == "X" and p.numbers[3][1] is None
    assert lightup.parse(lightup.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    (".X\n..\n1.\n..\n", "bad.txt:3:1", "the number 1 at (0, 0) is not on a wall"),
    (".X\n.#\n..\n..\n", "bad.txt:2:2", "expected 'X' (wall) or '.'"),
    (".X\n..\n.5\n..\n", "bad.txt:3:2", "expected a lamp count 0-4 or '.'"),
    (".X\n..\n..\n", "bad.txt:3:1", "expected 2 grids of equal height"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        lightup.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert lightup.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    with pytest.raises(ParseError, match="unknown field"):
        lightup.solution_from_json(p, {"lamps": [], "shaded": []})
    state = lightup.state_from_json(p, {"lamps": [[0, 0]], "no_lamps": [[0, 2]]})
    assert state == {("lamp", 0, 0): 1, ("lamp", 0, 2): 0}
    assert lightup.state_from_json(p, lightup.state_to_json(p, state)) == state
    full = lightup.state_from_json(p, {"lamps": [[0, 0]], "complete": True})
    assert len(full) == 25 - 6 and sum(full.values()) == 1  # the walls hold no answer
    with pytest.raises(ParseError, match=r"lamps\[0\]: the cell \(0, 1\) is a wall"):
        lightup.state_from_json(p, {"lamps": [[0, 1]]})  # a lamp on a wall has no key to set


def broken(p, lamps):
    return lightup.verify(p, lightup.Solution(lamps=frozenset(lamps)))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert "the lamp at (0, 1) stands on a wall" in broken(p, LAMPS | {(0, 1)})
    assert "the lamps at (0, 2) and (0, 4) light each other" in broken(p, LAMPS - {(1, 2)} | {(0, 2)})
    assert "open cells not lit: (3, 4), (4, 4) (2 in all)" in broken(p, LAMPS - {(4, 4)})
    assert "the 1 at (4, 3) has 0 lamps beside it" in broken(p, LAMPS - {(4, 4)})
    assert "the 0 at (2, 0) has 1 lamp beside it" in broken(p, LAMPS | {(1, 0)})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_hint_agrees_with_the_answer():
    p, s = solved()
    hint = api.hint(p, {})
    key, value = next(iter(hint.step.fixes.items()))
    assert lightup.GENRE.answer_of(p, s)[key] == value


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("lightup", 6, 6, level=level, seed=4, nearest=True)
    assert api.is_unique(made.puzzle)
    assert lightup.verify(made.puzzle, made.solution) == []
    assert made.puzzle.clues("walls")  # walls stay: only numbers are hidden
    again = next(iter(generate("lightup", 6, 6, level=level, seed=made.seed, nearest=True)))
    assert lightup.format(again.puzzle) == lightup.format(made.puzzle)


# --- Tatham's game IDs ---------------------------------------------------------------------


@needs("lightup")
def test_his_fresh_ids_of_every_level_read_solve_and_write_back():
    ids = fresh_ids("lightup")
    assert len(ids) == 9  # 7x7 easy, tricky and hard
    for game_id in ids:
        solved_and_written_back(game_id, tatham, lightup.verify)


def test_tatham_ids_round_trip_and_bad_ones_are_refused():
    p = puzzle()
    game_id = tatham.write(p)
    assert game_id == "5x5:a1f2a0cBaBf1a"  # worked out by hand from his description format
    assert tatham.read(*game_id.split(":", 1)) == p
    with pytest.raises(ValueError, match="covers 24 cells, not 25"):
        tatham.read("5x5", game_id.split(":", 1)[1][:-1])
    with pytest.raises(ValueError, match="unexpected '5' at position 1"):
        tatham.read("5x5", "5y")


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("lightup", "lightup", lightup.verify)
    assert broken_boards_fail(record, lightup.verify, p)  # pzprjs's broken boards break a rule


def test_our_puzzle_round_trips_through_a_url():
    p = puzzle()
    assert formats.read(formats.to_url(p)) == ("lightup", p)
