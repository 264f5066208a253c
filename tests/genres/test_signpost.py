"""Signpost (Arrow Path): the arrows' and numbers' file, the numbering's JSON and state, each
rule caught by the checks, every backend, the generator and Tatham's Signpost IDs."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, genres
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres.signpost import tatham

sp = genres.get("signpost")

# made by `puzzlekit generate signpost 4x4 --seed 1`: the arrows, then the given numbers
TEXT = """\
 S  E  E SW
 S  E  S  S
SE  N  E  N
 N  N  N  .
. . . .
1 . . .
. . . .
. . . .
"""


def solved():
    p = sp.parse(TEXT, "sp.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p = sp.parse(TEXT, "sp.txt")
    assert (p.height, p.width) == (4, 4) and p.arrows[0][3] == "SW" and p.arrows[3][3] is None
    assert p.numbers[1][0] == 1
    assert sp.parse(sp.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("N X\nS S\n. .\n. .\n", "bad.txt:1:3",
     "expected an arrow (N, NE, E, SE, S, SW, W, NW) or '.', found 'X'"),
    ("N E\nS S\n. .\n. x\n", "bad.txt:4:3", "found 'x'"),
    ("N E\nS S\n. .\n", "bad.txt:3:1", "expected 2 grids of equal height"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        sp.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert sp.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    with pytest.raises(ParseError, match=r"order\[0\]\[0\]: expected a number 1-16, found 17"):
        sp.solution_from_json(p, {"order": [[17, 2, 3, 4]] * 4})
    state = sp.state_from_json(p, {"order": [[None, 2, None, None]] + [[None] * 4] * 3})
    assert state == {("order", 0, 1): 2}
    assert sp.state_from_json(p, sp.state_to_json(p, state)) == state


def _swapped(s, a, b):
    rows = [list(row) for row in s.order]
    rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]
    return sp.Solution(tuple(tuple(row) for row in rows))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert sp.verify(p, s) == []
    assert s.order[1][0] == 1 and s.order[3][0] == 2
    # the given 1 moved away (and the path broken around it)
    problems = sp.verify(p, _swapped(s, (1, 0), (3, 0)))
    assert "the given 1 in (1, 0) holds 2" in problems
    assert any(x.endswith("is not along the arrow of 2 in (1, 0)") for x in problems)
    # a number twice
    rows = [list(row) for row in s.order]
    rows[0][0] = rows[0][1]
    assert any(x.startswith(f"the number {rows[0][1]} stands in 2 cells")
               for x in sp.verify(p, sp.Solution(tuple(map(tuple, rows)))))


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_puzzles_are_unique(seed):
    made = next(iter(generate("signpost", 4, 4, seed=seed)))
    assert api.is_unique(made.puzzle)
    assert sp.verify(made.puzzle, made.solution) == []


def test_a_signpost_id_reads_and_writes_back():
    p = tatham.read("3x3", "1cedcccba9a")
    assert p.numbers[0][0] == 1 and p.arrows[0][0] == "E" and p.numbers[2][2] == 9
    assert tatham.write(p) == "3x3:1cedcccba9a"
    with pytest.raises(ValueError, match="covers 2 cells, not 9"):
        tatham.read("3x3", "1ca")
    with pytest.raises(ValueError, match="found .z."):
        tatham.read("3x3", "1cz")


@needs("signpost")
@pytest.mark.parametrize("params", ["4x4c", "4x4"])
def test_fresh_signpost_ids_are_read_solved_and_written_back(params):
    for game_id in generated("signpost", params, 3):
        solved_and_written_back(game_id, tatham, sp.verify)
