"""Gokigen Naname (Slant): the corner numbers' file, the diagonals' JSON and state, each rule
caught by the checks, every backend, the generator, Tatham's Slant IDs and puz.link URLs."""

from __future__ import annotations

import json

import pytest
from conftest import SHARED
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, genres, render
from puzzlekit.errors import ParseError
from puzzlekit.formats import convert, puzzlink, pzprv3
from puzzlekit.generate import generate
from puzzlekit.genres.gokigen import tatham

#: The cross-check's sides (tests/crosscheck/genre_strategies.py): larger grids are slow there.
CROSSCHECK_SIDES = (2, 5)

gk = genres.get("gokigen")

# made by `puzzlekit generate gokigen 5x5 --seed 4`: numbers at the 6x6 corners
TEXT = """\
# a 5x5 Gokigen Naname
01...1
....2.
.233..
.2113.
1.312.
....1.
"""


def solved():
    p = gk.parse(TEXT, "gk.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p = gk.parse(TEXT, "gk.txt")
    assert (p.height, p.width) == (5, 5)
    assert p.corners[0][1] == 1 and p.corners[5][4] == 1 and p.corners[5][5] is None
    assert gk.parse(gk.format(p), "again") == p
    assert gk.Puzzle(5, 5, corners=p.corners) == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("01.\n.x.\n...\n", "bad.txt:2:2", "expected a number 0-4 or '.', found 'x'"),
    ("01.\n.5.\n...\n", "bad.txt:2:2", "expected a number 0-4 or '.', found '5'"),
    ("01.\n..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        gk.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_puzzle_data_made_in_python_is_checked():
    with pytest.raises(ParseError, match="expected 3 rows"):
        gk.Puzzle(2, 2, corners=[[None] * 3] * 2)
    with pytest.raises(ParseError, match=r"corners\[1\]\[1\]: expected a number 0-4"):
        gk.Puzzle(2, 2, corners=[[None] * 3, [None, 7, None], [None] * 3])


def test_solution_json_and_state_round_trip():
    p, s = solved()
    data = json.loads(json.dumps(s.to_json()))
    assert set(data) == {"slants"} and len(data["slants"]) == 5
    assert gk.solution_from_json(p, data) == s
    with pytest.raises(ParseError, match=r"slants\[0\]\[0\]: expected '\\\\' or '/', found 'x'"):
        gk.solution_from_json(p, {"slants": ["x////"] + ["/////"] * 4})
    state = gk.state_from_json(p, {"slants": ["\\/...", "....."] + ["....."] * 3})
    assert state == {("slant", 0, 0): 1, ("slant", 0, 1): 0}
    assert gk.state_from_json(p, gk.state_to_json(p, state)) == state


def _with(s, cell, diagonal):
    rows = [list(row) for row in s.slants]
    rows[cell[0]][cell[1]] = diagonal
    return gk.Solution(tuple("".join(row) for row in rows))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert gk.verify(p, s) == []
    # a corner's count: (0, 0) holds a /, so the 0 at corner (0, 0) is not touched; a \ touches it
    assert s.slants[0][0] == "/"
    assert "the 0 at corner (0, 0) touches 1 diagonal" in gk.verify(p, _with(s, (0, 0), "\\"))
    # a loop: a diamond around the corner (1, 1)
    diamond = _with(_with(_with(_with(s, (0, 0), "/"), (0, 1), "\\"), (1, 0), "\\"), (1, 1), "/")
    assert any(x.startswith("the diagonals form a loop through corner") for x in gk.verify(p, diamond))


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_hint_and_picture():
    p, s = solved()
    hint = api.hint(p, {})
    key, value = next(iter(hint.step.fixes.items()))
    assert gk.GENRE.answer_of(p, s)[key] == value
    picture = render.svg(p, s)
    assert picture.count('class="slant ') == 25 and picture.count('<circle class="corner"') == 16


@pytest.mark.parametrize("level", ["rules", "chain"])
def test_generated_puzzles_are_unique(level):
    made = next(iter(generate("gokigen", 5, 5, level, seed=2, nearest=True)))
    assert api.is_unique(made.puzzle)
    assert gk.verify(made.puzzle, made.solution) == []
    assert made.grade.level == level


# Tatham's Slant game IDs ------------------------------------------------------------------------


def test_a_slant_id_reads_and_writes_back():
    p = tatham.read("3x2", "a1b0b3b1a")
    assert (p.height, p.width) == (2, 3) and p.corners[0][1] == 1 and p.corners[1][3] == 3
    assert tatham.write(p) == "3x2:a1b0b3b1a"
    assert tatham.write(tatham.read("27x2dh", "zzzf")) == "27x2:zzzf"  # runs of 26 at most
    with pytest.raises(ValueError, match="covers 2 cells, not 12"):  # 12 corners
        tatham.read("3x2", "a1")
    with pytest.raises(ValueError, match="unexpected '5'"):
        tatham.read("3x2", "5k")


@needs("slant")
@pytest.mark.parametrize("params", ["5x5de", "5x5dh"])
def test_fresh_slant_ids_are_read_solved_and_written_back(params):
    for game_id in generated("slant", params, 3):
        solved_and_written_back(game_id, tatham, gk.verify)


# puzz.link ---------------------------------------------------------------------------------------


def _golden() -> dict:
    path = SHARED / "pzprjs" / "goldens-more.jsonl"
    if not path.exists():
        pytest.skip("the pzprjs goldens are not present")
    return next(d for d in map(json.loads, path.read_text().splitlines()) if d["pid"] == "gokigen")


def test_the_golden_url_round_trips_and_its_answer_is_valid():
    golden = _golden()
    _, p = convert.to_puzzle(puzzlink.decode(golden["url"]))
    assert puzzlink.encode(convert.to_board(p)) == golden["url"]
    _, answer = pzprv3.read(golden["solved"].replace("/", "\n"))
    s = convert.to_solution("gokigen", p, answer)
    assert gk.verify(p, s) == []
    assert api.solve(p, unique=True).solutions == (s,)


def test_our_url_reads_back():
    p, s = solved()
    url = puzzlink.encode(convert.to_board(p))
    assert convert.to_puzzle(puzzlink.decode(url))[1] == p
    text = pzprv3.write(convert.to_board(p), convert.to_answer("gokigen", p, s))
    assert convert.to_solution("gokigen", p, pzprv3.read(text)[1]) == s
