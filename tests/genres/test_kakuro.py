"""Kakuro: a small puzzle on every backend, its file and JSON, verify per rule, generation."""

from __future__ import annotations

import json
import random

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import golden, judge

from puzzlekit import api, formats, render
from puzzlekit.board import runfill
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import kakuro as kk

# a 7x7 made by our generator
TEXT = """\
X   16\\ 3\\  X   X   X   X
\\11 .   .   7\\  14\\ X   X
\\15 .   .   .   .   29\\ X
X   X   \\11 .   .   .   X
X   X   \\15 .   .   .   11\\
X   X   X   X   \\16 .   .
X   X   X   X   \\12 .   .
"""


def solved():
    p = kk.parse(TEXT, "k.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_the_file_round_trips():
    p, s = solved()
    assert kk.verify(p, s) == []
    assert kk.format(p) == TEXT
    assert p.sums[1][3] == (7, 0) and p.sums[0][0] == (0, 0) and p.sums[1][1] is None
    # every white cell holds a digit, every black one none
    assert all((v is None) == (clue is not None)
               for row, sums in zip(s.digits, p.sums) for v, clue in zip(row, sums))


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace("\\11 .", "\\11 7", 1), "bad.txt:2:5", "expected '.' (white), 'X' (black) or sums"),
    (TEXT.replace("\\11 .", "\\46 .", 1), "bad.txt:2:1", "sums 1-45"),
    (TEXT.replace("29\\ X", "29\\ 4\\", 1), "bad.txt:3:25", "the sum 4 at (2, 6) has no white cell below it"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        kk.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def _broken(p, rows):
    return kk.verify(p, kk.Solution(digits=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p, s = solved()
    rows = [list(row) for row in s.digits]
    sums = [[*row] for row in rows]
    sums[1][1], sums[1][2] = sums[1][2], sums[1][1]  # the across run keeps its sum, the columns do not
    problems = _broken(p, sums)
    assert "the run down from (0, 1) adds up to" in " ".join(problems)
    assert not any("right from (1, 0)" in x for x in problems)
    twice = [[*row] for row in rows]
    twice[5][5] = twice[5][6]
    assert "the run right from (5, 4) repeats a digit" in _broken(p, twice)
    empty = [[*row] for row in rows]
    empty[1][1] = None
    assert "the white cell (1, 1) holds no digit" in _broken(p, empty)
    black = [[*row] for row in rows]
    black[0][0] = 5
    assert "the black cell (0, 0) holds the digit 5" in _broken(p, black)


def test_json_and_state_round_trip():
    p, s = solved()
    data = json.loads(json.dumps(s.to_json()))
    assert data["digits"][0] == [None] * 7
    assert kk.solution_from_json(p, data) == s
    state = kk.state_from_json(p, {"digits": [[None] * 7, [None, 5] + [None] * 5] + [[None] * 7] * 5})
    assert state == {("digit", 1, 1): 5}
    assert kk.state_from_json(p, kk.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="takes no digit"):
        kk.state_from_json(p, {"digits": [[5] + [None] * 6] + [[None] * 7] * 6})
    with pytest.raises(ParseError, match="expected a digit 1-9 or null"):
        kk.solution_from_json(p, {"digits": [[10] * 7] * 7})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_the_picture_draws_black_cells_sums_and_digits():
    p, s = solved()
    picture = render.svg(p, s)
    blacks = sum(v is not None for row in p.sums for v in row)
    assert picture.count('class="block"') == blacks
    assert picture.count('class="clue"') == sum(bool(x) for row in p.sums for v in row if v for x in v)
    assert picture.count('class="digit"') == 7 * 7 - blacks


@pytest.mark.parametrize("level", sorted(kk.RELIABLE))
def test_generated_puzzles_are_unique_at_each_level_made(level):
    made = next(iter(generate("kakuro", 6, 6, seed=2, level=level)))
    assert api.is_unique(made.puzzle) and made.grade.level == level
    assert kk.verify(made.puzzle, made.solution) == []


def test_tightening_keeps_runs_distinct_and_leaves_no_more_digit_sets():
    rng = random.Random(5)
    white = [[r > 0 and c > 0 for c in range(6)] for r in range(6)]
    runfill.tidy_runs(white, rng)
    grid = runfill.fill_runs(rng, white)
    cells = [(r, c) for r in range(6) for c in range(6) if white[r][c]]
    before = sum(runfill.looseness(grid, white, r, c) for r, c in cells)
    runfill.tighten(rng, grid, white, 100)
    assert sum(runfill.looseness(grid, white, r, c) for r, c in cells) < before
    for r, c in cells:
        assert grid[r][c] not in runfill.used_digits(grid, white, r, c)


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("kakuro")
    genre, p = formats.read(record["url"])
    assert genre == "kakuro" and formats.to_url(p) == record["url"]
    assert formats.read_pzprv3(record["clues_pzprv3"])[1] == p  # -1 and 0 both read as no sum
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert kk.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.write_pzprv3(p, answer).split("\n")[4:] == record["solved"].split("/")[4:]
    for code, board in record["failchecks"]:  # pzprjs's broken boards break a rule
        assert kk.verify(p, formats.read_pzprv3_solution(genre, p, board)), code


def test_pzprjs_judges_our_answers_complete_and_a_broken_one_not():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("kakuro", p)
    assert judge(p, s)["complete"] is True
    genre, gp = formats.read(golden("kakuro")["url"])
    assert judge(gp, api.solve(gp).solutions[0])["complete"] is True
    broken = [list(row) for row in s.digits]
    broken[1][1], broken[1][2] = broken[1][2], broken[1][1]  # the down runs no longer add up
    assert judge(p, kk.Solution(digits=tuple(map(tuple, broken))))["complete"] is False


def test_a_puzzle_whose_runs_start_at_the_edge_gets_a_frame_on_puzzlink():
    p, s = solved()
    inner = kk.Puzzle(p.height - 1, p.width - 1, sums=[list(row[1:]) for row in p.sums[1:]])
    genre, back = formats.read(formats.to_url(inner))
    assert genre == "kakuro" and (back.height, back.width) == (p.height, p.width)
    assert [row[1:] for row in back.sums[1:]] == list(inner.sums)  # the same runs, without sums
    assert set(back.sums[0]) | {row[0] for row in back.sums} == {(0, 0)}
