"""Tango (LinkedIn's): suns and moons with = and x signs between cells: its file, each rule
checked, every backend, and generated 6x6 puzzles like the daily ones."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds

from puzzlekit import api, genres, render
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.pack import kit as pack_kit

#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (6, 6)

ta = genres.get("tango")

TEXT = """\
# a 6x6 Tango: three givens and six signs
M..M..
......
......
......
.....M
......
.. .. =. .. .. ..
.. .. .. .. .. ..
.. .. .= .. .x .=
.. .. .. =. .. ..
.. =. .. .. .. ..
.. .. .. .. .. ..
"""


def solved():
    p = ta.parse(TEXT, "t.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p = ta.parse(TEXT, "t.txt")
    assert p.clues("givens") == [((0, 0), "M"), ((0, 3), "M"), ((4, 5), "M")]
    assert (((2, 4), (3, 4)), "x") in p.signs and (((0, 2), (0, 3)), "=") in p.signs
    assert ta.parse(ta.format(p), "again") == p
    assert ta.GENRE.name == genres.get("linkedin tango").GENRE.name == "tango"


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace("M..M..", "M..X.."), "t.txt:2:4", "expected 'S' (sun) or 'M' (moon) or '.'"),
    (TEXT.replace(".. .. =. .. .. ..", ".. .. <. .. .. .."), "t.txt:8:7",
     "expected a mark right ('=' or 'x')"),
    (TEXT[:TEXT.rindex(".. .. .. .. .. ..")] + ".. .. .. .. .. .x\n", "t.txt:13:17",
     "a mark below of the grid's last row"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        ta.parse(text, "t.txt")
    assert where in str(caught.value) and words in str(caught.value), str(caught.value)


def test_solution_and_state_json_round_trip():
    p, s = solved()
    assert ta.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = ta.state_from_json(p, {"suns": [[0, 1]], "moons": [[0, 0]]})
    assert ta.state_from_json(p, ta.state_to_json(p, state)) == state


def _flip(s, *cells):
    return ta.Solution(suns=s.suns ^ frozenset(cells))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert ta.verify(p, s) == []
    assert (0, 0) not in s.suns and (0, 1) in s.suns
    problems = ta.verify(p, _flip(s, (0, 0), (0, 1)))
    assert "the given moon at (0, 0) holds a sun" in problems
    assert "row 1 holds 2 suns, not 3" in ta.verify(p, _flip(s, (1, 1)))
    assert "column 1 holds 2 suns, not 3" in ta.verify(p, _flip(s, (1, 1)))
    # row 1 is S S M S M M: swapping (1, 2) and (1, 3) makes three suns from (1, 0)
    assert "three alike side by side from (1, 0)" in ta.verify(p, _flip(s, (1, 2), (1, 3)))
    # (0, 2) = (0, 3) are both moons; turning (0, 2) into a sun breaks the '='
    assert any("the mark '=' between (0, 2) and (0, 3) is broken: sun and moon" in x
               for x in ta.verify(p, _flip(s, (0, 2))))
    # (2, 4) x (3, 4): a sun over a moon; a moon at (2, 4) breaks the 'x'
    assert any("the mark 'x' between (2, 4) and (3, 4) is broken: moon and moon" in x
               for x in ta.verify(p, _flip(s, (2, 4))))


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_picture_and_pack():
    p, s = solved()
    assert api.grade(p).unique
    hint = api.hint(p, {})
    key, value = next(iter(hint.step.fixes.items()))
    assert ta.GENRE.answer_of(p, s)[key] == value
    assert render.svg(p, s).count('class="relation"') == len(p.signs)
    assert ta.render(p, s).splitlines()[0] == "M S M=M S S"
    data = pack_kit.encode(ta, p, s)
    assert pack_kit.decode(ta, json.loads(json.dumps(data))) == (p, s.suns)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_generated_6x6_puzzles_are_unique_with_few_clues(level):
    (g,) = generate("tango", 6, 6, count=1, seed=2, level=level, nearest=True)
    assert api.is_unique(g.puzzle)
    assert ta.verify(g.puzzle, g.solution) == []
    assert len(g.puzzle.clues("givens")) + len(g.puzzle.signs) < 36, "the clues are pared down"
