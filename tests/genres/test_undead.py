"""Undead on the genre kit: its file (totals, four sides, mirrors), JSON and states, each
broken rule caught by verify, lines of sight bouncing off mirrors, every backend, the
generator and Tatham's Undead IDs."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, genres
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import undead as ud
from puzzlekit.genres.undead import tatham

#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (4, 4)

TEXT = """\
# a 4x4 Undead, made for this test
monsters: 5 5 2
top: 1 1 2 3
bottom: 0 2 2 ?
left: 0 1 1 ?
right: 2 3 3 ?
../.
\\/..
\\...
....
"""
G, V, Z = ud.GHOST, ud.VAMPIRE, ud.ZOMBIE
ANSWER = ((G, G, 0, V), (0, 0, V, V), (0, V, V, Z), (G, Z, G, G))


def solved():
    p = ud.parse(TEXT, "undead.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p, s = solved()
    assert s.monsters_placed == ANSWER
    assert p.monsters == (5, 5, 2) and p.mirrors[1] == ("\\", "/", None, None) and p.bottom[3] is None
    assert ud.parse(ud.format(p), "again") == p
    assert genres.get("haunted mirror maze") is ud and genres.get("haunted") is ud


def test_a_line_of_sight_bounces_off_mirrors():
    p, _ = solved()
    # up column 0 from below: (3, 0), (2, 0) is '\\', which turns a line going up to the left: out
    assert ud.sight(p.mirrors, "bottom", 0) == [((3, 0), False)]
    # from the left of row 0: (0, 0), (0, 1), then '/' at (0, 2) turns it up: out
    assert ud.sight(p.mirrors, "left", 0) == [((0, 0), False), ((0, 1), False)]
    # down column 1: '/' at (1, 1) sends it left to '\\' at (1, 0), which sends it up
    assert ud.sight(p.mirrors, "top", 1) == [((0, 1), False), ((0, 0), True)]


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace("monsters: 5 5 2", "monsters: 5 5"), "bad.txt:2:11", "expected 3 whole numbers"),
    (TEXT.replace("../.\n", "..x.\n"), "bad.txt:7:3", "expected '/' (mirror /)"),
    (TEXT.replace("top: 1 1 2 3", "top: 1 1 2"), "bad.txt:3:6", "expected 4 column counts"),
    (TEXT.replace("monsters: 5 5 2\n", ""), "bad.txt:2:1", "missing header 'monsters:'"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        ud.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_json_and_state_round_trip():
    p, s = solved()
    assert ud.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = ud.state_from_json(p, {"monsters_placed": [[1, None, None, None]] + [[None] * 4] * 3})
    assert state == {("monster", 0, 0): 1}
    assert ud.state_from_json(p, ud.state_to_json(p, state)) == state
    assert ud.describe(p, ("monster", 0, 0), 1) == "a ghost at (0, 0)"


def _broken(p, rows):
    return ud.verify(p, ud.Solution(monsters_placed=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert ud.verify(p, s) == []
    on_mirror = [list(row) for row in ANSWER]
    on_mirror[0][2] = Z
    assert "a zombie stands at (0, 2), a mirror" in _broken(p, on_mirror)
    empty = [list(row) for row in ANSWER]
    empty[0][0] = 0
    assert "no monster stands at (0, 0), no mirror" in _broken(p, empty)
    swapped = [list(row) for row in ANSWER]
    swapped[3][1] = G  # a zombie becomes a ghost: the totals and some sightings change
    problems = _broken(p, swapped)
    assert "ghosts: 6 in all, not 5" in problems and "zombies: 1 in all, not 2" in problems
    assert "the 2 below column 1 sees 1 monster" in problems


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_and_picture():
    p, s = solved()
    assert api.grade(p).unique
    assert api.hint(p) is not None
    picture = ud.draw(p, s, {}, [])
    assert picture.count('class="mirror"') == 4 and picture.count('class="tally ') == 3


# levels it offers; scan, which it does not, took 6 s of CPU to fall back to another
@pytest.mark.parametrize("level", ["pairs", "trial"])
def test_generate_makes_a_unique_puzzle(level):
    (made,) = list(generate("undead", 5, 5, level=level, seed=3, nearest=True))
    assert api.is_unique(made.puzzle)
    assert ud.verify(made.puzzle, made.solution) == []
    assert ud.parse(ud.format(made.puzzle)) == made.puzzle


@needs("undead")
@pytest.mark.parametrize("preset", ["4x4de", "4x4dn", "4x4dt"])
def test_tatham_ids_read_solve_and_write_back(preset):
    for game_id in generated("undead", preset, 3):
        solved_and_written_back(game_id, tatham, ud.verify)


def test_tatham_ids_refuse_what_they_cannot_be():
    janko = "4x4:0,2,6,LLaRLaRaRaRdL,2,1,1,1,2,2,2,2,2,2,3,3,3,0,0,1"  # his docs' example
    puzzle = tatham.read(*janko.split(":", 1))
    assert tatham.write(puzzle) == janko and api.solve(puzzle, unique=True).unique
    with pytest.raises(ValueError, match="monster placed"):
        tatham.read("3x3", "1,1,1,Gh,0,0,0,0,0,0,0,0,0,0,0,0")
    with pytest.raises(ValueError, match="covers 8 cells, not 9"):
        tatham.read("3x3", "1,1,1,h,0,0,0,0,0,0,0,0,0,0,0,0")


def quarter_turn(p):
    """The puzzle a quarter turn clockwise, by hand: a cell (r, c) goes to (c, h-1-r), each
    mirror turns the other way, and each side's counts go to the next side clockwise."""
    h, w = p.height, p.width
    swap = {"/": "\\", "\\": "/"}
    mirrors = tuple(tuple(swap.get(p.mirrors[h - 1 - r][c]) for r in range(h)) for c in range(w))
    return ud.Puzzle(w, h, monsters=p.monsters, mirrors=mirrors, right=p.top, left=p.bottom,
                     bottom=tuple(reversed(p.right)), top=tuple(reversed(p.left)))


def test_the_fingerprint_does_not_change_when_the_puzzle_turns():
    from puzzlekit.generate import fingerprint_of

    p, s = solved()
    turned = quarter_turn(p)
    assert turned != p and fingerprint_of(turned) == fingerprint_of(p)
    result = api.solve(turned, unique=True)
    assert result.unique and ud.verify(turned, result.solutions[0]) == []
    assert quarter_turn(quarter_turn(quarter_turn(turned))) == p
