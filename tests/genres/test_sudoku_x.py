"""Sudoku X, the diagonals setting of Sudoku: its header, its rule on every backend and in
verify, its picture and pack, and Tatham's Solo X IDs read, solved and written back. The files
and JSON of Sudoku without it stay as they were."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, render
from puzzlekit.errors import ParseError
from puzzlekit.genres import sudoku
from puzzlekit.genres.sudoku import tatham
from puzzlekit.pack import encoding

# three givens: unique with the diagonals, six answers without them
TEXT = "diagonals: yes\n12..\n....\n4...\n....\n"
ANSWER = ((1, 2, 3, 4), (3, 4, 1, 2), (4, 3, 2, 1), (2, 1, 4, 3))


def solved():
    p = sudoku.parse(TEXT, "x.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_header_turns_the_rule_on_and_is_written_back():
    p, s = solved()
    assert p.diagonals is True and s.grid == ANSWER
    assert sudoku.format(p) == TEXT and sudoku.parse(sudoku.format(p), "again") == p
    plain = sudoku.parse(TEXT.replace("diagonals: yes\n", ""), "plain")
    assert plain.diagonals is False and "diagonals" not in sudoku.format(plain)
    assert sudoku.parse("diagonals: NO\n" + sudoku.format(plain), "no") == plain
    assert api.count(plain, up_to=10) == 6


def test_a_bad_header_and_a_given_twice_on_a_diagonal_are_refused():
    with pytest.raises(ParseError, match=r"x.txt:1:12: diagonals must be 'yes' or 'no', found 'x'"):
        sudoku.parse("diagonals: x\n12..\n....\n4...\n....\n", "x.txt")
    with pytest.raises(ParseError, match="digit 1 is given twice in the main diagonal"):
        sudoku.parse("diagonals: yes\n1...\n....\n....\n...1\n", "x.txt")
    with pytest.raises(ParseError, match="diagonals must be true or false"):
        sudoku.Puzzle(((0,) * 4,) * 4, None, "yes")


def test_verify_names_each_broken_diagonal():
    p, s = solved()
    assert sudoku.verify(p, s) == []
    # columns 2 and 3 swapped: still a Sudoku, but both diagonals now repeat
    swapped = tuple((a, b, d, c) for a, b, c, d in ANSWER)
    problems = sudoku.verify(p, sudoku.Solution(swapped))
    assert any(x.startswith("the main diagonal repeats") for x in problems)
    assert any(x.startswith("the anti-diagonal repeats") for x in problems)
    plain = sudoku.parse(TEXT.replace("diagonals: yes\n", ""), "plain")
    assert sudoku.verify(plain, sudoku.Solution(swapped)) == []


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_json_picture_and_pack():
    p, s = solved()
    assert sudoku.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    assert render.svg(p, s).count('class="diagonal"') == 2
    plain = sudoku.parse(TEXT.replace("diagonals: yes\n", ""), "plain")
    assert 'class="diagonal"' not in render.svg(plain)
    data = encoding.encode("sudoku", p, s)
    assert data["x"] == 1 and "x" not in encoding.encode("sudoku", plain, s)
    assert encoding.decode(data) == (p, encoding.answer("sudoku", s))


def test_a_puzz_link_url_is_refused_for_sudoku_x():
    p, _ = solved()
    from puzzlekit import formats

    with pytest.raises(ParseError, match="no diagonals"):
        formats.to_url(p)


@needs("solo")
@pytest.mark.parametrize("params", ["2x2x", "2x3xdb", "3x3xdb", "3x3xda", "3x3db", "3x3du"])
def test_his_ids_read_solve_and_write_back(params):
    for game_id in generated("solo", params):
        p = solved_and_written_back(game_id, tatham, sudoku.verify)
        assert p.diagonals == ("x" in params[3:])


def test_other_solo_modes_are_refused():
    with pytest.raises(ValueError, match="jigsaw and killer"):
        tatham.read("9j", "zzzc,abc")
    with pytest.raises(ValueError, match="jigsaw and killer"):
        tatham.read("3x3k", "zzzc,a,b")
    with pytest.raises(ValueError, match="outside 1..4"):
        tatham.read("2x2", "a5n")


@pytest.mark.parametrize("level", ["rules", "trial"])
def test_generated_sudoku_x_is_unique(level):
    from puzzlekit.generate import generate

    made = next(iter(generate("sudoku", 6, 6, level, seed=2, nearest=True, diagonals=True)))
    assert made.puzzle.diagonals is True
    assert api.is_unique(made.puzzle)
    assert sudoku.verify(made.puzzle, made.solution) == []
    with pytest.raises(ValueError, match="diagonals is true or false"):
        next(iter(generate("sudoku", 6, 6, seed=2, diagonals="yes")))
