"""Jigsaw Sudoku: a small puzzle on every backend, its file and JSON, verify per rule,
generation, and Tatham's Solo jigsaw IDs read, solved and written back."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, render
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import jigsawsudoku as js
from puzzlekit.genres.jigsawsudoku import tatham
from puzzlekit.pack import encoding

#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (4, 4)

# a 6x6 made by our generator (seed 3)
TEXT = """\
.13...
...5..
..42..
......
.5..2.
...6..
AAABBB
AAABBB
CCCDDD
CECDDD
CEEFFF
EEEFFF
"""
ANSWER = ((5, 1, 3, 4, 6, 2), (4, 2, 6, 5, 3, 1), (1, 3, 4, 2, 5, 6), (2, 6, 5, 1, 4, 3),
          (6, 5, 1, 3, 2, 4), (3, 4, 2, 6, 1, 5))


def solved():
    p = js.parse(TEXT, "j.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_the_file_round_trips():
    p, s = solved()
    assert s.digits == ANSWER
    assert js.format(p) == TEXT and js.parse(js.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace(".13...", ".13..x"), "bad.txt:1:6", "expected a number"),
    (TEXT.replace(".13...", ".13..7"), "bad.txt:1:6", "expected a number 1-6, found 7"),
    (TEXT.replace("AAABBB\nAAABBB", "AAABBB\nAAAABB"), "bad.txt:7:1", "the region A has 7 cells, not 6"),
    (TEXT.replace("CECDDD", "CE-DDD"), "bad.txt:10:3", "expected a room label"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        js.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def _broken(p, rows):
    return js.verify(p, js.Solution(digits=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert js.verify(p, s) == []
    rows = [list(row) for row in s.digits]
    assert "row 0 has 5 at both (0, 0) and (0, 1)" in _broken(p, [[5, 5, 3, 4, 6, 2], *rows[1:]])
    assert any(x.startswith("column 0 has") for x in _broken(p, [rows[1], *rows[1:]]))
    # rows 4 and 5 swapped: still a Latin square, but the givens and regions E and F break
    problems = _broken(p, [*rows[:4], rows[5], rows[4]])
    assert "the given 5 at (4, 1) holds 4" in problems
    assert any(x.startswith("the region E has") for x in problems)
    assert not any(x.startswith(("row", "column")) for x in problems)


def test_json_and_state_round_trip():
    p, s = solved()
    assert js.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = js.state_from_json(p, {"digits": [[5] + [None] * 5] + [[None] * 6] * 5})
    assert js.state_from_json(p, js.state_to_json(p, state)) == state == {("digit", 0, 0): 5}


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_picture_and_pack():
    p, s = solved()
    picture = render.svg(p, s)
    assert 'class="border"' in picture
    data = encoding.encode("jigsawsudoku", p, s)
    assert [c["t"] for c in data["kit"]["clues"]] == ["numbers", "rooms"]
    assert encoding.decode(data) == (p, encoding.answer("jigsawsudoku", s))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    made = next(iter(generate("jigsawsudoku", 6, 6, seed=4, level=level, nearest=True)))
    assert api.is_unique(made.puzzle)
    assert js.verify(made.puzzle, made.solution) == []


@needs("solo")
@pytest.mark.parametrize("params", ["4jdt", "5jdb", "6jdb", "9jdb", "9jda"])
def test_his_ids_read_solve_and_write_back(params):
    for game_id in generated("solo", params):
        solved_and_written_back(game_id, tatham, js.verify)


def test_other_solo_modes_are_refused():
    with pytest.raises(ValueError, match="jigsaw mode"):
        tatham.read("3x3", "zzzc")
    with pytest.raises(ValueError, match="jigsaw mode"):
        tatham.read("9jk", "zzzc")
