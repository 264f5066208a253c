"""Binairo (Takuzu, Unruly): its file, each rule checked, every backend, the generator, the
unique-rows setting, and Tatham's Unruly game IDs."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, genres
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres.binairo import tatham
from puzzlekit.pack import kit as pack_kit

#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (6, 6)

bi = genres.get("binairo")

TEXT = """\
# a 6x6 Binairo
0...0.
......
.0.1..
.0..0.
...1..
..0.0.
"""


def solved(text=TEXT):
    p = bi.parse(text, "b.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p = bi.parse(TEXT, "b.txt")
    assert (p.height, p.width, p.unique) == (6, 6, "no")
    assert p.givens[2][3] == 1 and p.givens[0][0] == 0 and p.givens[1][1] is None
    assert bi.parse(bi.format(p), "again") == p
    assert bi.format(bi.GENRE.Puzzle(6, 6, unique="yes", givens=p.givens)).startswith("unique: yes\n")


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace(".0.1..", ".0.2.."), "b.txt:4:4", "expected a number 0-1 or '.', found '2'"),
    ("unique: maybe\n" + TEXT, "b.txt:1:9", "unique must be 'no' or 'yes'"),
    ("0.0\n...\n", "b.txt:1:1", "a Binairo grid has even sides, not 2x3"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        bi.parse(text, "b.txt")
    assert where in str(caught.value) and words in str(caught.value), str(caught.value)


def test_solution_and_state_json_round_trip():
    p, s = solved()
    assert bi.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = bi.state_from_json(p, {"ones": [[2, 3]], "zeros": [[0, 0]]})
    assert state == {("one", 2, 3): 1, ("one", 0, 0): 0}
    assert bi.state_from_json(p, bi.state_to_json(p, state)) == state


def _flip(s, *cells):
    return bi.Solution(ones=s.ones ^ frozenset(cells))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert bi.verify(p, s) == []
    assert "the given 1 at (2, 3) holds 0" in bi.verify(p, _flip(s, (2, 3)))
    assert "row 1 holds 2 1s, not 3" in bi.verify(p, _flip(s, (1, 1)))
    assert "column 1 holds 2 1s, not 3" in bi.verify(p, _flip(s, (1, 1)))
    # (1, 3) and (1, 5) are 0 beside a 1 at (1, 4): flipping (1, 4) makes three 0s in a row
    assert (1, 3) not in s.ones and (1, 4) in s.ones and (1, 5) not in s.ones
    assert "three alike side by side from (1, 3)" in bi.verify(p, _flip(s, (1, 4)))


def test_unique_rows_when_the_setting_asks():
    p, s = solved()
    rows = [tuple((r, c) in s.ones for c in range(6)) for r in range(6)]
    twins = [(i, j) for i in range(6) for j in range(i + 1, 6) if rows[i] == rows[j]]
    strict = bi.GENRE.Puzzle(6, 6, unique="yes", givens=p.givens)
    problems = bi.verify(strict, s)
    assert all(f"rows {i} and {j} are alike" in problems for i, j in twins)
    made = bi.GENRE.Solution(ones=frozenset((r, c) for r in range(4) for c in range(4) if (r + c // 2) % 2))
    square = bi.GENRE.Puzzle(4, 4, unique="yes")
    assert "rows 0 and 2 are alike" in bi.verify(square, made)
    result = api.solve(square, limit=50)
    for answer in result.solutions:
        assert bi.verify(square, answer) == []


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_and_pack():
    p, s = solved()
    assert api.grade(p).unique
    hint = api.hint(p, {})
    key, value = next(iter(hint.step.fixes.items()))
    assert bi.GENRE.answer_of(p, s)[key] == value
    data = pack_kit.encode(bi, p, s)
    assert pack_kit.decode(bi, json.loads(json.dumps(data))) == (p, s.ones)


# "medium" (trial), which it makes at no size, took 18 s of CPU to fall back to another;
# pairs it offers at 8x8
@pytest.mark.parametrize("level", ["easy", "pairs"])
def test_generated_puzzles_are_unique(level):
    (g,) = generate("binairo", 6, 6, count=1, seed=4, level=level, nearest=True)
    assert api.is_unique(g.puzzle)
    assert bi.verify(g.puzzle, g.solution) == []


def test_tatham_ids_read_and_write():
    p = tatham.read("6x6", "DfDFBAhaBc")
    assert p.givens[0][3] == 1 and p.givens[1][3] == 0 and p.unique == "no"
    assert tatham.write(p) == "6x6:DfDFBAhaBc"
    with pytest.raises(ValueError, match="covers"):
        tatham.read("6x6", "DfD")
    with pytest.raises(ValueError, match="even sides"):
        tatham.read("5x6", "a")


LEVELS = ["6x6de", "6x6dn", "8x8ude", "8x8udn"]  # his two levels, plain and with unique rows


@needs("unruly")
@pytest.mark.parametrize("params", LEVELS)
def test_his_fresh_ids_read_solve_and_write_back(params):
    for game_id in generated("unruly", params):
        solved_and_written_back(game_id, tatham, bi.verify)
