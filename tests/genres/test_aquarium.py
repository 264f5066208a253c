"""Aquarium on the genre kit: its file, JSON and states, each broken rule caught by verify,
every backend and the generator."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES
from kit_checks import every_backend_finds

from puzzlekit import api, formats, genres
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import aquarium as aq

# made for this test: the counts of tanks filled by hand (a and c to row 1, b to row 2, d to row 3)
TEXT = """\
# a 4x4 Aquarium
cols: 2 3 2 2
rows: 0 2 3 4
aabb
acbb
dccb
ddcc
"""
WATER = frozenset({(1, 0), (1, 1), (2, 1), (2, 2), (2, 3), (3, 0), (3, 1), (3, 2), (3, 3)})


def solved():
    p = aq.parse(TEXT, "aq.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p, s = solved()
    assert s.water == WATER
    assert p.cols == (2, 3, 2, 2) and p.rows == (0, 2, 3, 4)
    assert p.rooms()["c"] == [(1, 1), (2, 1), (2, 2), (3, 2), (3, 3)]
    assert aq.parse(aq.format(p), "again") == p
    assert genres.get("aquarium") is aq


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace("cols: 2 3", "cols: 2 x"), "bad.txt:2:9", "expected a column count"),
    (TEXT.replace("rows: 0 2 3 4", "rows: 0 2 3 5"), "bad.txt:3:13", "a count is 0-4 here, found 5"),
    (TEXT.replace("ddcc", "ddc"), "bad.txt:7", "row"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        aq.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_json_and_state_round_trip():
    p, s = solved()
    assert aq.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = aq.state_from_json(p, {"water": [[3, 0]], "dry": [[0, 0]]})
    assert aq.state_from_json(p, aq.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert aq.verify(p, s) == []
    floating = (WATER - {(1, 0), (1, 1)}) | {(0, 0), (0, 1)}  # tank a full at the top, dry below
    problems = aq.verify(p, aq.Solution(water=floating))
    assert "tank a is full at row 0 but empty at (1, 0)" in problems
    assert "row 0 holds 2 full cells, not 0" in problems
    tilted = WATER - {(2, 2)}  # tank c dry in a row below its level
    assert "tank c is full at row 1 but empty at (2, 2)" in aq.verify(p, aq.Solution(water=tilted))
    assert "column 2 holds 1 full cells, not 2" in aq.verify(p, aq.Solution(water=tilted))


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_and_picture():
    p, s = solved()
    assert api.grade(p).unique
    assert api.hint(p) is not None
    assert aq.draw(p, s, {}, []).count('class="count') == 8


@pytest.mark.parametrize("level", ["scan", "trial"])
def test_generate_makes_a_unique_puzzle(level):
    (made,) = list(generate("aquarium", 5, 5, level=level, seed=3, nearest=True))
    assert api.is_unique(made.puzzle)
    assert aq.verify(made.puzzle, made.solution) == []
    assert aq.parse(aq.format(made.puzzle)) == made.puzzle


def test_the_example_has_one_answer():
    p = aq.parse((EXAMPLES / "aquarium01.txt").read_text(), "aquarium01.txt")
    assert api.solve(p, unique=True).unique is True


# --- puzz.link (pzprjs has no golden and no checker for Aquarium here: round trips only) -------

#: pzprjs's own test board (test/script/aquarium.js), with the pflag of per-tank levels
PZPRJS = "https://puzz.link/p?aquarium/r/4/4/bu8i90/i3213g"


def test_urls_and_pzprv3_boards_round_trip():
    p, s = solved()
    url = formats.to_url(p)
    assert url.startswith("https://puzz.link/p?aquarium/r/4/4/")
    assert formats.read(url) == ("aquarium", p)
    assert formats.read_pzprv3(formats.write_pzprv3(p, s)) == ("aquarium", p, s)
    genre, q = formats.read(PZPRJS)
    assert formats.to_url(q) == PZPRJS
    assert q.cols == (None, None, None, 3) and q.rows == (2, 1, 3, None) and len(q.rooms()) == 4


def test_a_board_levelled_per_pool_is_refused():
    with pytest.raises(ParseError, match="levels the water of each connected pool"):
        formats.read(PZPRJS.replace("/r/", "/"))
