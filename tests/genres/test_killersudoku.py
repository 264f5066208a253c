"""Killer Sudoku: a small puzzle on every backend, its file and JSON, verify per rule,
generation, and Tatham's Solo killer IDs read, solved and written back."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, render
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import killersudoku as ks
from puzzlekit.genres.killersudoku import tatham
from puzzlekit.pack import encoding

#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (4, 4)

# a 6x6 made by our generator (seed 3): boxes of 2 rows by 3 columns, the default
TEXT = """\
......
......
......
......
......
......
A6  A   B3  C9  D11 D
E7  F5  G10 C   D   H7
E   F   G   I7  I   H
E   J11 J   K5  K   L7
M12 M   M   N9  O8  L
P9  P   P   N   O   O
"""
ANSWER = ((5, 1, 3, 4, 6, 2), (4, 2, 6, 5, 3, 1), (1, 3, 4, 2, 5, 6), (2, 6, 5, 1, 4, 3),
          (6, 5, 1, 3, 2, 4), (3, 4, 2, 6, 1, 5))


def solved():
    p = ks.parse(TEXT, "k.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_the_file_round_trips():
    p, s = solved()
    assert s.digits == ANSWER and p.box == (2, 3)
    assert ks.format(p) == TEXT
    tall = ks.parse("box: 3x2\n" + TEXT, "tall")
    assert tall.box == (3, 2) and ks.format(tall).startswith("box: 3x2\n")
    assert ks.parse(ks.format(tall), "again") == tall


@pytest.mark.parametrize(("text", "where", "words"), [
    ("box: 2x2x\n" + TEXT, "bad.txt:1:6", "expected a box RxC"),
    ("box: 2x2\n" + TEXT, "bad.txt:1:1", "a 2x2 box holds 4 cells, but a row holds 6"),
    (TEXT.replace("B3 ", "B3-"), "bad.txt:7:9", "expected a cage label"),
    (TEXT.replace("G10", "G  "), "bad.txt:8:9", "the cage G has no clue"),
    (TEXT.replace("......", "..7...", 1), "bad.txt:1:3", "expected a number 1-6, found 7"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        ks.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def _broken(p, rows):
    return ks.verify(p, ks.Solution(digits=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert ks.verify(p, s) == []
    rows = [list(row) for row in s.digits]
    assert "row 0 has 5 at both (0, 0) and (0, 1)" in _broken(p, [[5, 5, 3, 4, 6, 2], *rows[1:]])
    assert any("column 0 has 4" in x for x in _broken(p, [rows[1], *rows[1:]]))
    # rows 0 and 1 swapped: still a Latin square with whole boxes, so only cages break
    problems = _broken(p, [rows[1], rows[0], *rows[2:]])
    assert "the cage at (0, 2) has the digit 6, its clue is 3" in problems
    assert "the cage at (0, 4) has the sum 10, its clue is 11" in problems
    assert not any(x.startswith(("row", "column", "the box")) for x in problems)
    given = ks.parse(TEXT.replace("......", "5.....", 1), "g")
    assert "the given 5 at (0, 0) holds 4" in _broken(given, [rows[1], rows[0], *rows[2:]])
    # columns 2 and 3 swapped: the boxes of the first band change
    swapped = [[row[0], row[1], row[3], row[2], row[4], row[5]] for row in rows]
    assert any(x.startswith("the box at (0, 0) has") for x in _broken(p, swapped))
    repeat = ks.parse("....\n" * 4 + "A4 A  B3 B\nC4 C  D3 D\nE4 E  F3 F\nG4 G  H3 H\n", "r")
    assert "the cage at (0, 0) repeats a digit" in _broken(repeat, [[2, 2, 1, 2]] * 4)


def test_json_and_state_round_trip():
    p, s = solved()
    assert ks.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = ks.state_from_json(p, {"digits": [[5] + [None] * 5] + [[None] * 6] * 5})
    assert state == {("digit", 0, 0): 5}
    assert ks.state_from_json(p, ks.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="expected a number 1-6"):
        ks.solution_from_json(p, {"digits": [[7] * 6] * 6})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_picture_and_pack():
    p, s = solved()
    picture = render.svg(p, s)
    assert picture.count('class="cage-clue"') == len(p.cage_list)
    assert picture.count('class="grid box"') == 2 + 1  # under rows 2 and 4, right of column 2
    data = encoding.encode("killersudoku", p, s)
    assert data["kit"]["clues"][0] == {"n": "box", "t": "boxes", "v": [2, 3],
                                       "e": [str(r // 2 * 2 + c // 3) for r in range(6) for c in range(6)]}
    assert [c["t"] for c in data["kit"]["clues"][1:]] == ["numbers", "cages"]
    assert encoding.decode(data) == (p, encoding.answer("killersudoku", s))


# the two levels it offers; "hard" (chain), which it does not, took 11 s of CPU to fall back
@pytest.mark.parametrize("level", ["scan", "easy"])
def test_generated_puzzles_are_unique(level):
    made = next(iter(generate("killersudoku", 6, 6, seed=4, level=level, nearest=True)))
    assert api.is_unique(made.puzzle)
    assert ks.verify(made.puzzle, made.solution) == []


@needs("solo")
@pytest.mark.parametrize("params", ["2x2kdb", "2x3kdb", "3x2kdi", "3x3kdb", "3x3kdu"])
def test_his_ids_read_solve_and_write_back(params):
    for game_id in generated("solo", params):
        solved_and_written_back(game_id, tatham, ks.verify)


def test_other_solo_modes_are_refused():
    with pytest.raises(ValueError, match="killer mode"):
        tatham.read("3x3", "zzzc")
    with pytest.raises(ValueError, match="killer mode"):
        tatham.read("9jk", "zzzc")


def test_a_sum_no_digit_can_make_is_unsolvable_not_an_error():
    # the first row's whole cage asks 10 of three digits 1-4 (at most 9): what it leaves the
    # row's last cell is 0, outside the digits; the implied rule must say "no answer", not fail
    p = ks.parse("....\n....\n....\n....\n\nA10 A A B3\nC5 C D6 B\nE5 E D F5\nG5 G H5 F\n", "k.txt")
    assert api.solve(p).status == "unsolvable"
