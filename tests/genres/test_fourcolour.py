"""Four Colour (Map): the regions' and colours' file, the colouring's JSON and state, each rule
caught by the checks, every backend, the generator and Tatham's Map IDs."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, genres
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres.fourcolour import tatham

fc = genres.get("fourcolour")

# made by the generator: the regions, then the given colours
TEXT = """\
AABCBD
AABBBB
AAABBE
AAAAEE
AAAAEE
AAAAFF
..24.3
......
.....3
......
......
....4.
"""


def solved():
    p = fc.parse(TEXT, "fc.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p = fc.parse(TEXT, "fc.txt")
    assert (p.height, p.width) == (6, 6) and p.regions[0][2] == "B" and p.given[0][3] == 4
    assert fc.parse(fc.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("AB\nA%\n..\n..\n", "bad.txt:2:2", "found '%'"),
    ("AB\nAB\n.5\n..\n", "bad.txt:3:2", "expected a colour 1-4 or '.', found '5'"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        fc.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert fc.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = fc.state_from_json(p, {"colours": [[1, None, None, None, None, None]] + [[None] * 6] * 5})
    assert state == {("colour", 0, 0): 1}
    assert fc.state_from_json(p, fc.state_to_json(p, state)) == state


def _with(s, cell, k):
    rows = [list(row) for row in s.colours]
    rows[cell[0]][cell[1]] = k
    return fc.Solution(tuple(map(tuple, rows)))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert fc.verify(p, s) == []
    assert s.colours[0][0] == 1 and s.colours[0][2] == 2
    problems = fc.verify(p, _with(s, (0, 0), 2))
    assert "the region A has two colours, 2 at (0, 0) and 1 at (0, 1)" in problems
    problems = fc.verify(p, _with(s, (0, 3), 2))
    assert "the given colour 4 in (0, 3) is 2" in problems
    assert "the regions B and C share an edge at (0, 2)-(0, 3) and both are 2" in problems


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_puzzles_are_unique(seed):
    made = next(iter(generate("fourcolour", 6, 6, seed=seed)))
    assert api.is_unique(made.puzzle)
    assert fc.verify(made.puzzle, made.solution) == []


def test_a_map_id_reads_and_writes_back():
    p = tatham.read("6x5n6", "ebacdaccaaabfacaaaadaca,03a212")
    assert tatham.write(p) == "6x5n6:ebacdaccaaabfacaaaadaca,03a212"
    assert len({label for row in p.regions for label in row}) == 6
    with pytest.raises(ValueError, match="make 6 regions, not 7"):
        tatham.read("6x5n7", "ebacdaccaaabfacaaaadaca,03a2121")


@needs("map")
@pytest.mark.parametrize("params", ["20x15n30de", "20x15n30dn", "20x15n30dh", "20x15n30du"])
def test_fresh_map_ids_are_read_solved_and_written_back(params):
    for game_id in generated("map", params):
        solved_and_written_back(game_id, tatham, fc.verify)
