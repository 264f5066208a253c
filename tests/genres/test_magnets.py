"""Magnets on the genre kit: its file with the four sides and the dominoes, JSON and states,
each broken rule caught by verify, every backend, the generator and Tatham's Magnets IDs."""

from __future__ import annotations

import ast
import json

import pytest
from conftest import SHARED
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import magnets as mg
from puzzlekit.genres.magnets import tatham

#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (4, 4)

TEXT = """\
# a 4x4 Magnets, made for this test
top: ? 1 1 1
bottom: ? ? 2 0
left: 2 0 1 2
right: 0 ? ? 2
abcd
abcd
eeff
gghh
"""
ANSWER = ((1, 0, 1, 0), (2, 0, 2, 0), (1, 2, 0, 0), (2, 1, 2, 1))


def solved():
    p = mg.parse(TEXT, "mag.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p, s = solved()
    assert s.poles == ANSWER
    assert p.left == (2, 0, 1, 2) and p.right[1] is None and p.dominoes[2] == ("e", "e", "f", "f")
    assert mg.parse(mg.format(p), "again") == p
    assert mg.render(p, s).splitlines()[1] == "2 + · + · 0"


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace("gghh", "ghgh"), "bad.txt:9:3", "labelled 'g' are not side by side"),
    (TEXT.replace("eeff", "efef"), "bad.txt:8:3", "labelled 'e' are not side by side"),
    (TEXT.replace("top: ? 1", "top: ? x"), "bad.txt:2:8", "expected a + count"),
    (TEXT.replace("right: 0 ? ? 2", "right: 0 ?"), "bad.txt:5:8", "expected 4 row counts"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        mg.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_json_and_state_round_trip():
    p, s = solved()
    assert mg.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = mg.state_from_json(p, {"poles": [[1, None, None, None]] + [[None] * 4] * 3})
    assert state == {("pole", 0, 0): 1}
    assert mg.state_from_json(p, mg.state_to_json(p, state)) == state
    assert mg.describe(p, ("pole", 0, 0), 1) == "+ at (0, 0)"


def _broken(p, rows):
    return mg.verify(p, mg.Solution(poles=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert mg.verify(p, s) == []
    half = [list(row) for row in ANSWER]
    half[1][0] = 0  # the domino (0, 0)-(1, 0) holds a + and a blank
    assert "the domino (0, 0)-(1, 0) holds blank and +" in _broken(p, half)
    touching = [list(row) for row in ANSWER]
    touching[2][2], touching[2][3] = 2, 1  # the blank domino becomes a magnet: - above a -
    assert "two - touch at (2, 2) and (3, 2)" in _broken(p, touching)
    counts = [list(row) for row in ANSWER]
    counts[0][2], counts[1][2] = 2, 1  # the magnet in column 2 turned round
    assert "row 0 holds 1 +, not 2" in _broken(p, counts)


def test_a_larger_region_holds_one_magnet_or_none():
    p = mg.parse("top: ? ? ?\nbottom: ? ? ?\nleft: ? ? ?\nright: ? ? ?\naaa\nbbc\nddc\n")
    assert "the region at (0, 0) holds 3 poles, not one magnet" in mg.verify(
        p, mg.Solution(poles=((1, 2, 1), (0, 0, 0), (0, 0, 0))))
    assert mg.verify(p, mg.Solution(poles=((0, 1, 2), (0, 0, 0), (0, 0, 0)))) == []
    assert all(sum(v != 0 for v in s.poles[0]) in (0, 2) for s in api.solve(p, limit=50).solutions)


def test_a_single_cell_holds_no_magnet():
    p = mg.parse("top: ? ?\nbottom: ? ?\nleft: ? ?\nright: ? ?\naa\nbc\n")
    assert "the single cell (1, 0) holds +" in mg.verify(p, mg.Solution(poles=((0, 0), (1, 0))))
    result = api.solve(p, limit=5)
    assert all(s.poles[1] == (0, 0) for s in result.solutions)


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_and_picture():
    p, s = solved()
    assert api.grade(p).unique
    assert api.hint(p) is not None
    assert mg.draw(p, s, {}, []).count('class="count ') == 11


# the easiest and the hardest of the levels it offers (scan to chain at 6x6, docs/generating.md)
@pytest.mark.parametrize("level", ["scan", "chain"])
def test_generate_makes_a_unique_puzzle(level):
    (made,) = list(generate("magnets", 5, 6, level=level, seed=3, nearest=True))
    assert api.is_unique(made.puzzle)
    assert mg.verify(made.puzzle, made.solution) == []
    assert mg.parse(mg.format(made.puzzle)) == made.puzzle


@needs("magnets")
@pytest.mark.parametrize("preset", ["6x5de", "6x5dt", "6x5dtS"])
def test_tatham_ids_read_solve_and_write_back(preset):
    for game_id in generated("magnets", preset, 3):
        solved_and_written_back(game_id, tatham, mg.verify)


def test_tatham_ids_with_single_cells_and_mistakes():
    game_id = "3x3:211,112,121,121,TT*BBTLRB"
    assert tatham.write(tatham.read(*game_id.split(":", 1))) == game_id
    with pytest.raises(ValueError, match="has no partner"):
        tatham.read("3x3", "211,112,121,121,TTLBBTLRB")
    with pytest.raises(ValueError, match="expected 3 \\+ counts above"):
        tatham.read("3x3", "21,112,121,121,TT*BBTLRB")


GOLDENS = SHARED / "pzprjs" / "goldens-more.jsonl"


@pytest.mark.skipif(not GOLDENS.is_file(), reason="../shared/pzprjs is not present")
def test_the_pzprjs_board_round_trips_and_its_answer_is_accepted():
    (record,) = [json.loads(line) for line in GOLDENS.read_text().splitlines() if '"pid": "magnets"' in line]
    genre, puzzle = formats.read(record["url"])
    assert genre == "magnets" and formats.to_url(puzzle) == record["url"]
    assert formats.write_pzprv3(puzzle).replace("\n", "/") == record["clues_pzprv3"]
    answer = formats.read_pzprv3_solution(genre, puzzle, record["solved"])
    assert mg.verify(puzzle, answer) == []
    assert list(api.solve(puzzle, unique=True).solutions) == [answer]
    expected = {"nmAdjacent": "two - touch", "bkNumLt2": "holds blank and +", "bkNumGt2": "holds 3 poles",
                "exPlusNe": "holds 0 -, not 2", "exMinusNe": "holds 1 -, not 2", "nmAdjDiff": "'a' flag"}
    failchecks = record["failchecks"]
    for code, text, *_ in ast.literal_eval(failchecks) if isinstance(failchecks, str) else failchecks:
        try:
            g, p, _ = formats.read_pzprv3(text)
            problems = mg.verify(p, formats.read_pzprv3_solution(g, p, text))
        except ParseError as exc:
            problems = [exc.reason]
        assert any(expected[code] in x for x in problems), (code, problems)


def test_the_fingerprint_does_not_change_when_the_puzzle_turns():
    from puzzlekit.generate import fingerprint_of

    p, s = solved()
    h, w = p.height, p.width
    # a quarter turn clockwise, by hand: (r, c) goes to (c, h-1-r); the + counts of the columns
    # are the + counts of the rows now (still left), the rows' the columns' (above, reversed)
    dominoes = tuple(tuple(p.dominoes[h - 1 - r][c] for r in range(h)) for c in range(w))
    turned = mg.Puzzle(w, h, dominoes=dominoes, left=p.top, right=p.bottom,
                       top=tuple(reversed(p.left)), bottom=tuple(reversed(p.right)))
    assert turned != p and fingerprint_of(turned) == fingerprint_of(p)
    result = api.solve(turned, unique=True)
    assert result.unique and mg.verify(turned, result.solutions[0]) == []
    # the counts moved as the sides (the + ones to the - side) give another puzzle
    moved = mg.Puzzle(w, h, dominoes=dominoes, right=p.top, left=p.bottom,
                      bottom=tuple(reversed(p.right)), top=tuple(reversed(p.left)))
    assert fingerprint_of(moved) != fingerprint_of(p)


# given poles: an optional block after the dominoes, x for a given blank
GIVEN = TEXT + "+x..\n....\n....\n....\n"


def test_given_poles_read_solve_and_write_back():
    p = mg.parse(GIVEN, "given.txt")
    assert p.givens[0] == ("+", "x", None, None) and mg.parse(mg.format(p)) == p
    assert mg.format(p).endswith("gghh\n+x..\n....\n....\n....\n")
    assert "+x.." not in mg.format(mg.parse(TEXT))  # no block when nothing is given
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True and result.solutions[0].poles == ANSWER
    # a given that contradicts the counts leaves no answer
    assert api.solve(mg.parse(TEXT + "-...\n....\n....\n....\n")).status == "unsolvable"


def test_a_changed_given_pole_is_caught():
    p = mg.parse(GIVEN)
    flipped = [list(row) for row in ANSWER]
    flipped[0][0], flipped[1][0] = 2, 1  # domino a turned round: a magnet still
    assert "the given + at (0, 0) holds -" in mg.verify(p, mg.Solution(poles=tuple(map(tuple, flipped))))
    blank = [list(row) for row in ANSWER]
    blank[0][1], blank[1][1] = 1, 2  # domino b becomes a magnet where x gives a blank
    assert "the given blank at (0, 1) holds +" in mg.verify(p, mg.Solution(poles=tuple(map(tuple, blank))))


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT + "+?..\n....\n....\n....\n", "bad.txt:10:2", "expected 'x' (blank) or '+' (+) or '-' (-) or '.'"),
    (TEXT + "+...\n....\n....\n", "bad.txt:12:1", "expected 2 grids of equal height (dominoes, givens)"),
])
def test_a_bad_given_block_is_refused(text, where, words):
    with pytest.raises(ParseError) as caught:
        mg.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_given_poles_in_other_forms():
    p = mg.parse(TEXT + "+-..\n....\n....\n....\n")
    genre, back = formats.read(formats.to_url(p))  # puzz.link gives + and - (circles)
    assert genre == "magnets" and back.givens == p.givens
    with pytest.raises(ParseError, match="a given blank: pzprjs's Magnets gives only"):
        formats.to_url(mg.parse(GIVEN))
    with pytest.raises(ValueError, match="given poles: Tatham's Magnets gives none"):
        tatham.write(p)
