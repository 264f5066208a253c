"""Skyscrapers on the genre kit: its file with the four sides, JSON and states, each broken
rule caught by verify, every backend, the generator, Tatham's Towers IDs and pzprjs's board."""

from __future__ import annotations

import ast
import json

import pytest
from conftest import SHARED
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, backends, formats, genres
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import skyscrapers as sk
from puzzlekit.genres.skyscrapers import tatham

#: The cross-check's sides (tests/crosscheck/genre_strategies.py): larger grids are slow there.
CROSSCHECK_SIDES = (3, 5)
#: The size tests/test_ladder.py grades its random puzzles at.
LADDER_SIZE = (4, 4)

TEXT = """\
# a 4x4 Skyscrapers, made for this test
top: 3 ? ? ?
bottom: ? ? 1 2
left: ? ? ? 2
right: ? 2 4 ?
....
.4..
....
....
"""
ANSWER = ((1, 2, 3, 4), (3, 4, 1, 2), (4, 3, 2, 1), (2, 1, 4, 3))


def solved():
    p = sk.parse(TEXT, "sky.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p, s = solved()
    assert s.heights == ANSWER
    assert p.top == (3, None, None, None) and p.right == (None, 2, 4, None) and p.givens[1][1] == 4
    assert sk.parse(sk.format(p), "again") == p
    assert genres.get("towers") is sk


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace("top: 3", "top: x"), "bad.txt:2:6", "expected a tower count"),
    (TEXT.replace("right: ? 2 4 ?", "right: ? 2 4"), "bad.txt:5:8", "expected 4 row counts"),
    (TEXT.replace(".4..", ".9.."), "bad.txt:7:2", "a height is 1-4 on a 4x4 grid, found 9"),
    (TEXT.replace("left: ? ? ? 2", "left: ? ? ? 5"), "bad.txt:4:13", "a tower count is 1-4"),
    (TEXT.replace("top: 3 ? ? ?\n", ""), "bad.txt:2:1",
     "missing header 'top:' (tower counts above the columns)"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        sk.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_json_and_state_round_trip():
    p, s = solved()
    assert sk.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = sk.state_from_json(p, {"heights": [[1, None, None, None]] + [[None] * 4] * 3})
    assert state == {("height", 0, 0): 1}
    assert sk.state_from_json(p, sk.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match=r"heights\[0\]\[0\]: expected a number 1-4"):
        sk.state_from_json(p, {"heights": [[7, None, None, None]] + [[None] * 4] * 3})


def _broken(p, rows):
    return sk.verify(p, sk.Solution(heights=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert sk.verify(p, s) == []
    swapped = [list(row) for row in ANSWER]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]  # row 0 fine, columns 0 and 1 repeat
    assert "the height 2 stands at both (0, 0) and (3, 0)" in _broken(p, swapped)
    high = [list(row) for row in ANSWER]
    high[3][3] = 5
    assert "the height 5 at (3, 3) is not 1-4" in _broken(p, high)
    given = [list(row) for row in ANSWER]
    given[1] = [4, 3, 1, 2]  # the given 4 at (1, 1) moves; row 1 still holds each height once
    assert "the given height 4 at (1, 1) holds 3" in _broken(p, given)
    rows = [list(row) for row in ANSWER]
    rows[0], rows[1] = rows[1], rows[0]  # a Latin square still, its counts differ
    assert "the 3 above column 0 sees 2 towers" in _broken(p, rows)


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_render_and_pack():
    p, s = solved()
    assert api.grade(p).unique
    assert api.hint(p) is not None
    picture = sk.draw(p, s, {}, [])
    assert picture.count('class="count ') == 6
    assert sk.render(p).splitlines()[0].split() == ["3", "?", "?", "?"]


@pytest.mark.parametrize("level", ["scan", "trial"])
def test_generate_makes_a_unique_puzzle(level):
    (made,) = list(generate("skyscrapers", 5, 5, level=level, seed=3, nearest=True))
    assert api.is_unique(made.puzzle)
    assert sk.verify(made.puzzle, made.solution) == []
    assert sk.parse(sk.format(made.puzzle)) == made.puzzle


@needs("towers")
@pytest.mark.parametrize("preset", ["4de", "5dh", "5dx", "5du"])
def test_tatham_ids_read_solve_and_write_back(preset):
    for game_id in generated("towers", preset, 3):
        solved_and_written_back(game_id, tatham, sk.verify)


def test_tatham_ids_refuse_what_they_cannot_be():
    with pytest.raises(ValueError, match="expected 16 clues"):
        tatham.read("4", "1/2/3")
    with pytest.raises(ValueError, match="covers 15 cells, not 16"):
        tatham.read("4", "///////////////,o")
    assert tatham.write(tatham.read("4", "///////////////,1_2n")) == "4:///////////////,1_2n"


GOLDENS = SHARED / "pzprjs" / "goldens-more.jsonl"


@pytest.mark.skipif(not GOLDENS.is_file(), reason="../shared/pzprjs is not present")
def test_the_pzprjs_board_round_trips_and_its_answer_is_accepted():
    records = [json.loads(line) for line in GOLDENS.read_text().splitlines() if '"skyscrapers"' in line]
    (record,) = [r for r in records if r["pid"] == "skyscrapers"]
    genre, puzzle = formats.read(record["url"])
    assert genre == "skyscrapers" and formats.to_url(puzzle) == record["url"]
    assert formats.write_pzprv3(puzzle).replace("\n", "/") == record["clues_pzprv3"]
    answer = formats.read_pzprv3_solution(genre, puzzle, record["solved"])
    assert sk.verify(puzzle, answer) == []
    assert list(api.solve(puzzle, unique=True).solutions) == [answer]
    expected = {"nmDupRow": "stands at both", "nmSightNe": "sees", "ceNoNum": "is not 1-4"}
    failchecks = record["failchecks"]
    failchecks = ast.literal_eval(failchecks) if isinstance(failchecks, str) else failchecks
    for code, text, *_ in failchecks:
        g, p, _ = formats.read_pzprv3(text)
        problems = sk.verify(p, formats.read_pzprv3_solution(g, p, text))
        assert any(expected[code] in x for x in problems), (code, problems)


def test_the_fingerprint_does_not_change_when_the_puzzle_turns():
    from puzzlekit.generate import fingerprint_of

    p, s = solved()
    n = p.width
    # a quarter turn clockwise, by hand: (r, c) goes to (c, n-1-r), each side's counts to the next
    givens = tuple(tuple(p.givens[n - 1 - r][c] for r in range(n)) for c in range(n))
    turned = sk.Puzzle(n, n, givens=givens, right=p.top, left=p.bottom, bottom=tuple(reversed(p.right)),
                       top=tuple(reversed(p.left)))
    assert turned != p and fingerprint_of(turned) == fingerprint_of(p)
    result = api.solve(turned, unique=True)
    assert result.unique and sk.verify(turned, result.solutions[0]) == []


# the variants: both main diagonals hold each height once; heights 1..tallest, the rest empty
VARIANT = """\
# a 4x4 Skyscrapers with both variants, made for this test
top: ? ? ? ?
bottom: 3 ? 1 ?
left: 2 ? ? ?
right: ? ? ? ?
diagonals: yes
tallest: 3
....
....
....
....
"""
VARIANT_ANSWER = ((0, 2, 1, 3), (3, 1, 2, 0), (2, 0, 3, 1), (1, 3, 0, 2))


def test_a_variant_reads_solves_and_writes_back():
    p = sk.parse(VARIANT, "variant.txt")
    assert p.diagonals == "yes" and p.tallest == 3 and p.top_height == 3
    assert sk.parse(sk.format(p)) == p and "tallest: 3" in sk.format(p)
    for name, version in backends.installed().items():
        if version:
            result = api.solve(p, backend=name, limit=3)
            assert result.status == "solved" and result.complete, name
            assert [s.heights for s in result.solutions] == [VARIANT_ANSWER], name
    plain = sk.Puzzle(4, 4, top=p.top, bottom=p.bottom, left=p.left, right=p.right)
    assert plain.tallest is None and sk.format(plain).count(":") == 4  # no setting written
    assert sk.Puzzle(4, 4, tallest=4).tallest is None  # as many heights as cells: the plain rule


def test_a_variant_answer_round_trips_with_its_empty_cells():
    p = sk.parse(VARIANT)
    s = sk.Solution(heights=VARIANT_ANSWER)
    data = json.loads(json.dumps(s.to_json()))
    assert data["heights"][0] == [0, 2, 1, 3] and sk.solution_from_json(p, data) == s
    state = sk.state_from_json(p, {"heights": [[0, None, None, None]] + [[None] * 4] * 3})
    assert state == {("height", 0, 0): 0} and sk.state_from_json(p, sk.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match=r"heights\[0\]\[0\]: expected a number 0-3 or null, found 4"):
        sk.state_from_json(p, {"heights": [[4, None, None, None]] + [[None] * 4] * 3})
    plain, _ = solved()
    with pytest.raises(ParseError, match=r"expected a number 1-4 or null, found 0"):
        sk.state_from_json(plain, {"heights": [[0, None, None, None]] + [[None] * 4] * 3})
    assert sk.render(p, s).splitlines()[1].split() == ["2", "-", "2", "1", "3", "?"]
    assert sk.draw(p, s, {}, []).count('class="absent"') == 4  # a dot in each empty cell


def _variant_broken(p, rows):
    return sk.verify(p, sk.Solution(heights=tuple(map(tuple, rows))))


def test_each_broken_variant_rule_is_caught():
    p = sk.parse(VARIANT)
    assert _variant_broken(p, VARIANT_ANSWER) == []
    # the diagonals: the columns turned left by one keep every row and column, not the diagonals
    turned = [list(row[1:] + row[:1]) for row in VARIANT_ANSWER]
    assert "the height 2 stands at both (0, 0) and (1, 1)" in _variant_broken(p, turned)
    assert _variant_broken(sk.Puzzle(4, 4, tallest=3), turned) == []  # fine without the diagonals
    # the tallest height: 4 is too tall; a height missing leaves its row and column short
    high = [list(row) for row in VARIANT_ANSWER]
    high[0][0] = 4
    assert "the height 4 at (0, 0) is not 0-3 (0: an empty cell)" in _variant_broken(p, high)
    short = [list(row) for row in VARIANT_ANSWER]
    short[0][1] = 0
    assert {"row 0 has no height 2", "column 1 has no height 2"} <= set(_variant_broken(p, short))
    # an empty cell is never seen: row 0 (empty, 2, 1, 3) shows 2 towers to its left (the
    # answer passes), (empty, 3, 1, 2) shows 1
    seen = [list(row) for row in VARIANT_ANSWER]
    seen[0] = [0, 3, 1, 2]
    assert "the 2 left of row 0 sees 1 tower" in _variant_broken(p, seen)


@pytest.mark.parametrize(("text", "where", "words"), [
    (VARIANT.replace("tallest: 3", "tallest: 5"), "bad.txt", "the tallest height is at most 4"),
    (VARIANT.replace("tallest: 3", "tallest: x"), "bad.txt:7:10", "tallest must be a whole number 1-16"),
    (VARIANT.replace("diagonals: yes", "diagonals: on"), "bad.txt:6:12", "diagonals must be 'no' or 'yes'"),
    (VARIANT.replace("bottom: 3", "bottom: 4"), "bad.txt:3:9", "a tower count is 1-3 on a 4x4 grid"),
    (VARIANT.replace("....\n", ".4..\n", 1), "bad.txt:8:2", "a height is 1-3 on a 4x4 grid, found 4"),
])
def test_a_bad_variant_file_is_refused(text, where, words):
    with pytest.raises(ParseError) as caught:
        sk.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_tatham_and_puzzlink_refuse_to_write_a_variant():
    p = sk.parse(VARIANT)
    with pytest.raises(ValueError, match="the diagonals rule and heights 1-3 only: Tatham's Towers"):
        tatham.write(p)
    with pytest.raises(ParseError, match="puzz.link has no such rule"):
        formats.to_url(p)
