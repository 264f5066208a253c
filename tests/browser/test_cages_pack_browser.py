"""Cage and region genres in a pack, played in a real browser: the page draws each cage's dashed
outline and clue (and a Sudoku's boxes, a jigsaw's regions) from the kit's layers, and a
solution typed digit by digit is reported solved."""

from __future__ import annotations

import pytest
from test_pack_browser import Board, solved

from puzzlekit.board.cages import Cages
from puzzlekit.generate import generate
from puzzlekit.pack import build_pack

GENRES = ("kenken", "killersudoku", "jigsawsudoku")


@pytest.fixture(scope="module")
def cage_site(tmp_path_factory):
    made = [next(iter(generate(name, 4, 4, seed=5))) for name in GENRES]
    puzzles = [(m.puzzle, m.solution, f"{name} seed {m.seed}") for name, m in zip(GENRES, made)]
    index = build_pack(puzzles, tmp_path_factory.mktemp("cagepack"), title="Cages")
    return index.resolve().as_uri(), puzzles


@pytest.mark.parametrize("index", range(len(GENRES)))
def test_play_a_cage_or_region_puzzle(context, cage_site, index):
    site, puzzles = cage_site
    puzzle, solution, label = puzzles[index]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site)
    page.select_option("#pick", str(index))
    if hasattr(puzzle, "cages"):
        assert page.locator("#board .cage-clue").count() == len(Cages.cages(puzzle.cages)), label
        assert page.locator("#board .cage").count() > 0
    if hasattr(puzzle, "box") or hasattr(puzzle, "regions"):
        assert page.locator("#board .region-border").count() > 0, label
    givens = dict(puzzle.clues("givens")) if hasattr(puzzle, "givens") else {}
    board = Board(page)
    for r, row in enumerate(solution.digits):
        for c, v in enumerate(row):
            if (r, c) not in givens:
                board.click(r + 0.5, c + 0.5)
                page.keyboard.press(str(v))
    solved(page, label)
    assert errors == []
    page.close()
