"""Skyscrapers, Magnets and Undead played in a real browser: each example's answer typed cell
by cell (a height; 1 a +, 2 a -; 1-3 a ghost, vampire, zombie; a blank or mirror cell left
empty) is reported solved, and a wrong entry is marked by Check; so are a Skyscrapers with
both variants (its empty cells left empty) and a Magnets with given poles."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import EXAMPLES
from test_pack_browser import Board, solved, status

from puzzlekit import api, genres, load
from puzzlekit.pack import build_pack

GENRES = ("skyscrapers", "magnets", "undead")
VARIANTS = {  # made for this test: heights 1-3 with the diagonals; a + and a blank given
    "skyscrapers": "top: ? ? ? ?\nbottom: 3 ? 1 ?\nleft: 2 ? ? ?\nright: ? ? ? ?\ndiagonals: yes\n"
                   "tallest: 3\n....\n....\n....\n....\n",
    "magnets": "top: ? 1 1 1\nbottom: ? ? 2 0\nleft: 2 0 1 2\nright: 0 ? ? 2\nabcd\nabcd\neeff\ngghh\n"
               "+x..\n....\n....\n....\n",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[str, list[tuple[Any, Any, str]]]:
    puzzles = []
    for name in GENRES:
        puzzle = load(name, EXAMPLES / f"{name}01.txt")
        puzzles.append((puzzle, api.solve(puzzle).solutions[0], name))
    for name, text in VARIANTS.items():
        puzzle = genres.get(name).parse(text)
        puzzles.append((puzzle, api.solve(puzzle).solutions[0], f"{name} variant"))
    index = build_pack(puzzles, tmp_path_factory.mktemp("sidespack"), title="Sides pack")
    return index.resolve().as_uri(), puzzles


@pytest.mark.parametrize("index", range(len(GENRES) + len(VARIANTS)))
def test_type_the_answer_of_a_puzzle_with_numbers_on_its_sides(context, site, index):
    url, puzzles = site
    puzzle, solution, label = puzzles[index]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.select_option("#pick", str(index))
    board = Board(page)
    rows = getattr(solution, next(iter(solution.to_json())))
    wrong = None
    given = {(r, c) for r, row in enumerate(getattr(puzzle, "givens", ())) for c, v in enumerate(row) if v}
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if v:
                board.click(r + 0.5, c + 0.5)
                page.keyboard.press(str(v))
            elif wrong is None and (r, c) not in given:  # a given cell is not the player's
                wrong = (r, c)
    solved(page, label)
    if wrong is not None:  # a value where the answer has none
        board.click(wrong[0] + 0.5, wrong[1] + 0.5)
        page.keyboard.press("1")
        page.click("#check")
        assert page.locator("#board .entry.wrong").count() == 1, label
        assert "wrong" in status(page)
    assert errors == []
    page.close()
