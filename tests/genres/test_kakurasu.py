"""Kakurasu on the genre kit: its file, JSON and states, each broken rule caught by verify,
every backend and the generator."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES
from kit_checks import every_backend_finds

from puzzlekit import api, genres
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import kakurasu as kk

# made for this test: the sums of a shading drawn by hand
TEXT = """\
# a 4x4 Kakurasu
cols: 6 5 7 4
rows: 6 1 7 6
"""
SHADED = frozenset({(0, 1), (0, 3), (1, 0), (2, 2), (2, 3), (3, 0), (3, 1), (3, 2)})


def solved():
    p = kk.parse(TEXT, "kk.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p, s = solved()
    assert s.shaded == SHADED
    assert (p.height, p.width) == (4, 4) and p.cols == (6, 5, 7, 4) and p.rows == (6, 1, 7, 6)
    assert kk.parse(kk.format(p), "again") == p
    assert genres.get("kakurasu") is kk


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace("cols: 6 5", "cols: 6 x"), "bad.txt:2:9", "expected a column sum"),
    (TEXT.replace("rows: 6 1 7 6", "rows: 6 1 7 11"), "bad.txt:3:13", "a sum is 0-10 here, found 11"),
    (TEXT.replace("rows: 6 1 7 6\n", ""), "bad.txt", "rows"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        kk.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_json_and_state_round_trip():
    p, s = solved()
    assert kk.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = kk.state_from_json(p, {"shaded": [[0, 1]], "unshaded": [[0, 0]]})
    assert kk.state_from_json(p, kk.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="outside"):
        kk.state_from_json(p, {"shaded": [[4, 0]]})


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert kk.verify(p, s) == []
    moved = (SHADED - {(1, 0)}) | {(1, 1)}  # row 1 adds up to 2, columns 0 and 1 change
    problems = kk.verify(p, kk.Solution(shaded=moved))
    assert "row 1's shaded cells add up to 2, not 1" in problems
    assert "column 0's shaded cells add up to 4, not 6" in problems
    assert "column 1's shaded cells add up to 7, not 5" in problems


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_a_hidden_sum_can_leave_two_answers():
    assert api.is_unique(kk.Puzzle((6, None, 7, 4), (6, 1, None, 6))) is False


def test_grade_hint_and_picture():
    p, s = solved()
    assert api.grade(p).unique
    assert api.hint(p) is not None
    assert kk.draw(p, s, {}, []).count('class="count') == 8


@pytest.mark.parametrize("level", ["scan", "trial"])
def test_generate_makes_a_unique_puzzle(level):
    (made,) = list(generate("kakurasu", 5, 5, level=level, seed=3, nearest=True))
    assert api.is_unique(made.puzzle)
    assert kk.verify(made.puzzle, made.solution) == []
    assert kk.parse(kk.format(made.puzzle)) == made.puzzle


def test_the_example_has_one_answer():
    p = kk.parse((EXAMPLES / "kakurasu01.txt").read_text(), "kakurasu01.txt")
    assert api.solve(p, unique=True).unique is True


def test_the_text_picture_writes_counts_of_two_digits_down_their_column():
    # sums at the right of the rows and under the columns; one column's sum has two digits
    p = kk.parse("cols: 9 9 9 9 15\nrows: 15 ? ? 5 5\n", "wide.txt")
    lines = kk.genre.text(p).splitlines()
    assert lines[0] == "· · · · · 15" and lines[1] == "· · · · · ?"
    assert lines[5:] == ["9 9 9 9 1", "        5"]
