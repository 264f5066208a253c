"""Hitori: a small puzzle on every backend, each broken rule caught by verify, the file, JSON
and state forms, the generator, Tatham's Singles IDs and the puzz.link golden."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer
from tatham_live import fresh_ids, needs, solved_and_written_back

from puzzlekit import api
from puzzlekit.board.shading_rules import other_answer
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import hitori
from puzzlekit.genres.hitori import tatham

# Made by the package's generator (seed 1); its answer, checked by hand against the rules:
#   5 2 # 4 #
#   # 3 2 5 4
#   2 # 3 1 5
#   3 5 4 # 1
#   # 1 5 3 #
TEXT = "52344\n33254\n22315\n35451\n31531\n"
SHADED = frozenset({(0, 2), (0, 4), (1, 0), (2, 1), (3, 3), (4, 0), (4, 4)})


def puzzle():
    return hitori.parse(TEXT, "hi.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert hitori.verify(p, s) == []


def test_the_file_reads_and_writes_back_and_wide_numbers_are_spaced():
    p = puzzle()
    assert p.numbers[0] == (5, 2, 3, 4, 4)
    assert hitori.parse(hitori.format(p), "again") == p
    wide = hitori.parse("10 1\n1 10\n", "w")
    assert wide.numbers == ((10, 1), (1, 10)) and hitori.format(wide) == "10 1\n1 10\n"


@pytest.mark.parametrize(("text", "where", "words"), [
    ("12\n1x\n", "bad.txt:2:2", "expected a number 1-99, found 'x'"),
    ("12\n1.\n", "bad.txt:2:2", "every cell needs a number"),
    ("12\n0 1\n", "bad.txt:2:1", "expected a number 1-99"),
    ("12\n123\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        hitori.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert hitori.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = hitori.state_from_json(p, {"shaded": [[0, 2]], "unshaded": [[0, 0]]})
    assert hitori.state_from_json(p, hitori.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="listed both"):
        hitori.state_from_json(p, {"shaded": [[0, 2]], "unshaded": [[0, 2]]})


def broken(p, cells):
    return hitori.verify(p, hitori.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the unshaded number 4 stands at both (0, 3) and (0, 4)" in broken(p, SHADED - {(0, 4)})
    assert "the shaded cells at (0, 2) and (0, 3) are side by side" in broken(p, SHADED | {(0, 3)})
    cut = broken(p, SHADED | {(3, 1)} - {(2, 1)} | {(2, 0)})
    assert any("unshaded cells are in 2 separate pieces" in x for x in cut), cut


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


# the two levels it offers; "easy" (rules), which it does not, took 4.6 s of CPU to fall back
@pytest.mark.parametrize("level", ["lines", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("hitori", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert hitori.verify(made.puzzle, made.solution) == []
    again = next(iter(generate("hitori", 6, 6, level=level, seed=made.seed, nearest=True)))
    assert hitori.format(again.puzzle) == hitori.format(made.puzzle)


def test_render_keeps_wide_numbers():
    p = hitori.parse("10 1\n1 10\n", "w")
    assert hitori.render(p, hitori.Solution(shaded=frozenset({(0, 1)}))) == "10  #\n 1 10"


@needs("singles")
def test_his_fresh_ids_of_every_level_read_solve_and_write_back():
    ids = fresh_ids("singles")
    assert len(ids) == 6  # 5x5 easy and tricky
    for game_id in ids:
        solved_and_written_back(game_id, tatham, hitori.verify)


def test_tatham_ids_round_trip_and_bad_ones_are_refused():
    p = hitori.parse("10 1\n1 10\n", "w")
    assert tatham.write(p) == "2x2:a11a"
    assert tatham.read("2x2dk", "a11a") == p
    with pytest.raises(ValueError, match="expected 4 numbers"):
        tatham.read("2x2", "a11")
    with pytest.raises(ValueError, match="unexpected character"):
        tatham.read("2x2", "a1-a")


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, _ = golden_answer("hitori", "hitori", hitori.verify)
    assert broken_boards_fail(record, hitori.verify, p, skip=1)  # the first is an empty board


def test_other_answer_finds_the_second_answer_and_none_for_a_unique_puzzle():
    # two answers: (0, 2) may be shaded or not (its 1 already repeats at (0, 0), shaded)
    p = hitori.parse("131\n123\n322\n", "two")
    one, two = frozenset({(0, 0), (0, 2), (2, 1)}), frozenset({(0, 0), (2, 1)})
    model = hitori.model(p)
    for mine, other in ((one, two), (two, one)):
        found = other_answer(model, hitori.GENRE.answer_of(p, hitori.Solution(shaded=mine)))
        assert found is not None and {(k[1], k[2]) for k, v in found.items() if v} == other
    q, s = solved()
    assert other_answer(hitori.model(q), hitori.GENRE.answer_of(q, s)) is None
