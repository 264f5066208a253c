"""Declared pzprjs forms (`formats.forms`): a part that declares one reads and writes URLs and
pzprv3 files through it, and what the genre writes itself wins over the form's."""

from __future__ import annotations

import random

import pytest

from puzzlekit import formats, genres
from puzzlekit.errors import ParseError
from puzzlekit.formats import urlcodes
from puzzlekit.formats.board import UNKNOWN


def part(name: str):
    return genres.part(genres.get(name), "puzzlink")


def test_install_gives_the_part_its_functions_and_its_own_win():
    hitori, lightup = part("hitori"), part("lightup")
    assert hitori.KINDS == (hitori.FORM.kind,) and hitori.decode == hitori.FORM.decode
    assert hitori.to_puzzle == hitori.FORM.to_puzzle
    assert lightup.to_puzzle is not lightup.FORM.to_puzzle  # its board is two layers: its own
    assert lightup.decode == lightup.FORM.decode


def test_a_declared_form_round_trips_urls_and_files():
    url = "https://puzz.link/p?hitori/3/2/123312"
    genre, puzzle = formats.read(url)
    assert genre == "hitori" and formats.to_url(puzzle) == url
    solution = genres.get("hitori").Solution(shaded=frozenset({(0, 0)}))
    text = formats.write_pzprv3(puzzle, solution)
    assert text.splitlines()[-2:] == ["# . . ", ". . . "]
    assert formats.read_pzprv3(text) == ("hitori", puzzle, solution)


def test_a_question_mark_is_refused_or_kept_as_the_form_says():
    with pytest.raises(ParseError, match=r"at \(0, 0\) has no value \('\?'\)"):
        formats.read("https://puzz.link/p?hitori/2/1/.1")
    _, puzzle = formats.read("https://puzz.link/p?akari/2/1/.g")  # a wall without a number
    assert puzzle.walls[0][0] is not None and puzzle.numbers[0][0] is None


def test_the_cross_code_of_corner_numbers_round_trips():
    rng = random.Random(5)
    for _ in range(200):
        values = [rng.choice([None, None, None, 0, 1, 2, 3, 4, UNKNOWN]) for _ in range(rng.randint(1, 40))]
        text = urlcodes.write_cross(values)
        assert urlcodes.read_cross(text, len(values)) == (values, len(text))
    with pytest.raises(urlcodes.CodeError, match="unexpected 'f'"):
        urlcodes.read_cross("0f", 3)


def test_points_on_the_doubled_grid_read_and_write_pzprjs_codes():
    from puzzlekit.formats import points
    from puzzlekit.formats.board import Board
    from puzzlekit.formats.puzzlink import grid

    # 3 rows x 4 columns: 5 x 7 points: a black star with no star in the 7 points after it
    # ('f'), 1 point without ('g'), a white star likewise ('e'), 17 without ('w'), a black one
    stars = [2 if i in (0, 34) else 1 if i == 9 else None for i in range(35)]
    board = Board("tentaisho", 3, 4, cells=grid(stars, 7))
    assert points.encode(board) == "fgewf"
    assert points.decode(Board("tentaisho", 3, 4), "fgewf") == (board, 5)
    # the cell (1, 1) left out: its centre is the point (2, 2); the cells as bits after the stars
    holed = Board("tentaisho", 3, 4, cells=grid([points.OUT if i == 16 else v
                                                  for i, v in enumerate(stars)], 7))
    assert points.encode(holed) == "fgewf0g0"
    assert points.decode(Board("tentaisho", 3, 4), "fgewf0g0")[0] == holed
    with pytest.raises(urlcodes.CodeError, match="unexpected character '#' in the stars"):
        points.decode(Board("tentaisho", 3, 4), "f#")
