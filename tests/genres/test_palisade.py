"""Palisade on the genre kit: its size header, each rule broken and caught, every backend, the
generator, and Tatham's Palisade IDs fresh from his program."""

from __future__ import annotations

import json

import pytest
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, backends, render
from puzzlekit.board.regions import labels
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import palisade
from puzzlekit.genres.palisade import tatham
from puzzlekit.pack import encoding

#: Tatham's 5x5n5:a2c1g0f2, as a file
TEXT = """\
size: 5
. 2 . . .
1 . . . .
. . . 0 .
. . . . .
. 2 . . .
"""


#: the cross-check (tests/crosscheck) enumerates every division on every backend: 2x2 to 3x3
CROSSCHECK_SIDES = (2, 3)

def solved():
    p = palisade.parse(TEXT, "p.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p, s = solved()
    assert p.size == 5 and palisade.verify(p, s) == []
    assert palisade.parse(palisade.format(p), "again") == p
    assert palisade.parse(TEXT.replace("size: 5\n", ""), "default") == p
    assert "size: 4" in palisade.format(palisade.Puzzle(4, 4, size=4))


@pytest.mark.parametrize(("text", "where", "words"), [
    ("size: 5\n..\n.5\n", "bad.txt:3:2", "expected a number 0-4 or '.', found '5'"),
    ("size: x\n..\n..\n", "bad.txt:1:7", "size must be a whole number 1-99, found 'x'"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        palisade.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    data = json.loads(json.dumps(s.to_json()))
    assert palisade.solution_from_json(p, data) == s
    state = palisade.state_from_json(p, {"joined": [[[0, 0], [0, 1]]], "borders": [[[0, 2], [0, 3]]]})
    assert palisade.state_from_json(p, palisade.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, s = solved()
    rows = [list(row) for row in labels(s.regions, 5, 5)]
    other = palisade.solution_from_json(p, {"regions": [[0] * 5] * 5})
    problems = palisade.verify(p, other)
    assert "the region at (0, 0) has 25 cells, not 5" in problems
    assert "the 0 at (2, 3) has 0 borders around it" not in problems
    assert "the 2 at (0, 1) has 1 borders around it" in problems
    cut = [row[:] for row in rows]
    cut[0][0] = 99  # (0, 0) on its own: one region of 1 cell, one of 4
    problems = palisade.verify(p, palisade.solution_from_json(p, {"regions": cut}))
    assert "the region at (0, 0) has 1 cells, not 5" in problems


def test_every_installed_backend_finds_the_one_answer():
    p, s = solved()
    for name, version in backends.installed().items():
        if version and name not in ("csp", "search"):
            result = api.solve(p, backend=name, limit=2)
            assert result.status == "solved" and result.complete, name
            assert list(result.solutions) == [s], name


def test_hint_picture_and_pack():
    p, s = solved()
    key, value = next(iter(api.hint(p, {}).step.fixes.items()))
    assert palisade.GENRE.answer_of(p, s)[key] == value
    assert render.svg(p, s).count('class="border"') > 5
    data = encoding.encode("palisade", p, s)
    assert encoding.decode(data) == (p, encoding.answer("palisade", s))


# medium (trial, not offered) takes 23 s of CPU at seed 2 (2026-12-07): a long profile
@pytest.mark.parametrize("level", ["easy", pytest.param("medium", marks=pytest.mark.long)])
def test_generated_puzzles_are_unique(level):
    (g,) = generate("palisade", 5, 5, seed=2, level=level, nearest=True)
    assert api.is_unique(g.puzzle) and palisade.verify(g.puzzle, g.solution) == []


@needs("palisade")
def test_his_fresh_ids_read_solve_and_write_back():
    for size in ("5x5n5", "8x6n6"):  # his Palisade has no levels
        for game_id in generated("palisade", size, 3):
            solved_and_written_back(game_id, tatham, palisade.verify)


def test_tatham_ids_refuse_bad_ones():
    assert tatham.write(tatham.read("5x5n5", "a2c1g0f2")) == "5x5n5:a2c1g0f2"
    with pytest.raises(ValueError, match="covers 27 cells, not 25"):
        tatham.read("5x5n5", "a2c1g0f2f")
    with pytest.raises(ValueError, match="unexpected '5' at position 8"):
        tatham.read("5x5n5", "a2c1g0f5")
    with pytest.raises(ValueError, match="params"):
        tatham.read("5x5", "a2")
