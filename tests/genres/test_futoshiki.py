"""Futoshiki (Unequal): its file with signs between cells, the rules checked one by one, every
backend, the generator, the pack's data, and Tatham's Unequal game IDs (both modes)."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, genres, render
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres.futoshiki import tatham
from puzzlekit.pack import kit as pack_kit

#: The cross-check's sides (tests/crosscheck/genre_strategies.py): larger grids are slow there.
CROSSCHECK_SIDES = (3, 5)
#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (4, 4)

fu = genres.get("futoshiki")

TEXT = """\
# a 4x4 Futoshiki
....
.3..
....
...1
>. .. .. ..
.. .^ .. ..
.. .. >. ..
.. .. .. ..
"""

ADJACENT = """\
mode: adjacent
1...
....
....
....
.. |- .. .-
.. |. .. ..
.- |. .- ..
.. |. .. ..
"""


def solved(text=TEXT):
    p = fu.parse(text, "f.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p = fu.parse(TEXT, "f.txt")
    assert (p.height, p.width, p.mode) == (4, 4, "unequal")
    assert p.givens[1][1] == 3 and p.givens[0][0] is None
    assert p.signs == ((((0, 0), (0, 1)), ">"), (((1, 1), (2, 1)), "<"), (((2, 2), (2, 3)), ">"))
    assert fu.parse(fu.format(p), "again") == p
    assert fu.GENRE.Puzzle(4, 4, signs=[[[0, 1], [0, 0], "<"]]).signs == ((((0, 0), (0, 1)), ">"),)


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace(">. .. .. ..", ">. .. .. >."), "f.txt:6:10", "a mark right of the grid's last column"),
    (TEXT.replace(".. .. >. ..", ".. .. ?. .."), "f.txt:8:7",
     "expected a mark right ('<' or '>' or '|') or '.'"),
    (TEXT.replace(".. .^ .. ..", ".. .^ . .."), "f.txt:7:7", "expected two characters"),
    (TEXT.replace(".3..", ".5.."), "f.txt:3:2", "expected a number 1-4"),
    ("mode: sideways\n" + TEXT, "f.txt:1:7", "mode must be 'unequal' or 'adjacent'"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        fu.parse(text, "f.txt")
    assert where in str(caught.value) and words in str(caught.value), str(caught.value)


def test_solution_and_state_json_round_trip():
    p, s = solved()
    assert fu.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = fu.state_from_json(p, {"digits": [[4, None, None, None]] + [[None] * 4] * 3})
    assert state == {("digit", 0, 0): 4}
    assert fu.state_from_json(p, fu.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="expected a number 1-4"):
        fu.solution_from_json(p, {"digits": [[5, 1, 2, 3]] + [list(row) for row in s.digits[1:]]})


def _with(s, changes):
    rows = [list(row) for row in s.digits]
    for (r, c), v in changes.items():
        rows[r][c] = v
    return fu.Solution(digits=tuple(map(tuple, rows)))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert fu.verify(p, s) == []
    d = s.digits
    # a given changed (and so a repeat in its row and column)
    assert "the given 3 at (1, 1) holds 4" in fu.verify(p, _with(s, {(1, 1): 4}))
    # a repeat: two cells of row 0 swapped with row 1 keeps rows but breaks columns
    swapped = _with(s, {(0, 0): d[1][0], (1, 0): d[0][0]})
    assert any(x.startswith("the number") and "stands at both" in x for x in fu.verify(p, swapped))
    # a sign broken: mirror the columns of a valid square so (0, 0) > (0, 1) fails
    assert any("the mark '>' between (0, 0) and (0, 1) is broken" in x
               for x in fu.verify(p, _with(s, {(0, 0): d[0][1], (0, 1): d[0][0]})))
    # a number outside 1..n
    assert "7 at (2, 2) is outside 1-4" in fu.verify(p, _with(s, {(2, 2): 7}))


def test_adjacent_mode_bars_and_their_absence():
    p, s = solved(ADJACENT)
    assert p.mode == "adjacent" and fu.verify(p, s) == []
    d = s.digits
    assert d[0][1] == 3 and d[0][2] == 4
    problems = fu.verify(p, _with(s, {(0, 2): 1}))
    assert any("the mark '|' between (0, 1) and (0, 2) is broken: 3 and 1" in x for x in problems)
    # a pair one apart without a bar: find one in the answer, then drop the bars
    plain = fu.GENRE.Puzzle(4, 4, mode="adjacent", givens=p.givens)
    assert any("one apart" in x and "no bar joins them" in x for x in fu.verify(plain, s))


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_and_picture():
    p, s = solved()
    assert api.grade(p).unique
    hint = api.hint(p, {})
    key, value = next(iter(hint.step.fixes.items()))
    assert fu.GENRE.answer_of(p, s)[key] == value
    picture = render.svg(p, s)
    assert picture.count('class="relation"') == len(p.signs)
    assert fu.render(p).splitlines()[0] == "·>· · ·"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_generated_puzzles_are_unique(level):
    (g,) = generate("futoshiki", 4, 4, count=1, seed=5, level=level, nearest=True)
    assert api.is_unique(g.puzzle)
    assert fu.verify(g.puzzle, g.solution) == []


def test_the_pack_data_round_trips():
    p, s = solved(ADJACENT)
    data = pack_kit.encode(fu, p, s)
    assert {"n": "mode", "t": "setting", "v": "adjacent"} in data["kit"]["clues"]
    assert data["kit"]["answer"]["hi"] == 4
    assert pack_kit.decode(fu, json.loads(json.dumps(data))) == (p, s.digits)


def test_tatham_reads_his_examples_and_writes_them_back():
    gid = "5:0,0,0,4L,0L,0,2LU,0L,0U,0,0,0U,0,0,0,0,0D,0,3LRUD,0,0R,3,0L,0,0,"
    params, desc = gid.split(":", 1)
    p = tatham.read(params, desc)
    assert p.givens[0][3] == 4 and ((((0, 2), (0, 3)), "<")) in p.signs
    # his generator writes a cell's letters in the order URDL (this example, typed by hand, does not)
    assert tatham.write(p) == gid.replace("2LU", "2UL").replace("3LRUD", "3URDL")
    with pytest.raises(ValueError, match="order 3-32"):
        tatham.read("2", "0,0,0,0,")
    with pytest.raises(ValueError, match="points off the grid"):
        tatham.read("3", "0U,0,0,0,0,0,0,0,0,")


LEVELS = ["4dt", "4de", "4dk", "4dx", "5adt", "5ade", "5adk", "5adx"]


@needs("unequal")
@pytest.mark.parametrize("params", LEVELS)
def test_his_fresh_ids_read_solve_and_write_back(params):
    for game_id in generated("unequal", params):
        solved_and_written_back(game_id, tatham, fu.verify)
