"""KenKen: a small puzzle on every backend, its file and JSON, verify per rule, generation, and
Tatham's Keen IDs read, solved and written back."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, render
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import kenken
from puzzlekit.genres.kenken import tatham
from puzzlekit.pack import encoding

#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (4, 4)

# a 4x4 made by our generator (seed 11)
TEXT = """\
A3-  A    B5+  B
C7+  C    D2x  D
E1-  F2/  F    G12x
E    H4x  H    G
"""
ANSWER = ((1, 4, 3, 2), (4, 3, 2, 1), (3, 2, 1, 4), (2, 1, 4, 3))


def solved():
    p = kenken.parse(TEXT, "k.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_the_file_round_trips():
    p, s = solved()
    assert s.digits == ANSWER
    assert kenken.parse(kenken.format(p), "again") == p
    assert kenken.format(p) == TEXT
    assert [c.clue for c in p.cage_list][:3] == ["3-", "5+", "7+"]


@pytest.mark.parametrize(("text", "where", "words"), [
    ("A3+ A\nB2  B%\n", "bad.txt:2:5", "expected a cage label"),
    ("A3- A  A\nB3  B  B\nC3  C  C\n", "bad.txt:1:1", "a difference is given for two"),
    ("A3+ B\nA1  B2\n", "bad.txt:2:1", "second clue"),
    ("A3+ B2\nB   A\n", "bad.txt:1:1", "separate pieces"),
    ("A3+ A\nB   B\n", "bad.txt:2:1", "the cage B has no clue"),
    ("A3+ A B2\nC1 C D3\n", "bad.txt", "square"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        kenken.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def _broken(p, rows):
    return kenken.verify(p, kenken.Solution(digits=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert kenken.verify(p, s) == []
    rows = [list(row) for row in s.digits]
    assert any("row 0 has 1 at both (0, 0) and (0, 1)" in x for x in _broken(p, [[1, 1, 3, 2], *rows[1:]]))
    assert any("column 0 has 4 at both (0, 0) and (1, 0)" in x for x in _broken(p, [rows[1], *rows[1:]]))
    swapped = [rows[1], rows[0], *rows[2:]]  # still a Latin square: only cages break
    problems = _broken(p, swapped)
    assert "the cage at (0, 0) has the difference 1, its clue is 3-" in problems
    assert not any("row" in x or "column" in x for x in problems)


def test_a_cage_without_operation_takes_any_that_fits():
    any_op = kenken.parse("A3 A  B3\nC6 D2 B\nC  D  E2\n", "k")
    result = api.solve(any_op, limit=10)
    assert result.complete and result.solutions
    for s in result.solutions:
        assert kenken.verify(any_op, s) == []
    digits = [list(row) for row in result.solutions[0].digits]
    digits[0][0], digits[0][1] = 3, 3
    assert any("no operation on the digits of the cage at (0, 0) gives its clue 3" in x
               for x in _broken(any_op, digits))


def test_json_and_state_round_trip():
    p, s = solved()
    assert kenken.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = kenken.state_from_json(p, {"digits": [[1, None, None, None]] + [[None] * 4] * 3})
    assert state == {("digit", 0, 0): 1}
    assert kenken.state_from_json(p, kenken.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="expected a number 1-4"):
        kenken.solution_from_json(p, {"digits": [[5, 1, 1, 1]] * 4})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_picture_and_pack():
    p, s = solved()
    picture = render.svg(p, s)
    assert picture.count('class="cage-clue"') == len(p.cage_list)
    assert 'class="cage"' in picture
    data = encoding.encode("kenken", p, s)
    assert data["kit"]["answer"]["hi"] == 4 and data["kit"]["clues"][0]["t"] == "cages"
    assert encoding.decode(data) == (p, encoding.answer("kenken", s))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    made = next(iter(generate("kenken", 5, 5, seed=2, level=level, nearest=True)))
    assert api.is_unique(made.puzzle)
    assert kenken.verify(made.puzzle, made.solution) == []


@needs("keen")
@pytest.mark.parametrize("params", ["4de", "5dn", "5dem", "6dh", "6dx", "6du"])
def test_his_ids_read_solve_and_write_back(params):
    for game_id in generated("keen", params):
        solved_and_written_back(game_id, tatham, kenken.verify)


def test_a_bad_id_is_refused():
    with pytest.raises(ValueError, match="side 3-9"):
        tatham.read("12dn", "a,a1")
    with pytest.raises(ValueError, match="block structure"):
        tatham.read("3", "_9,a1")
