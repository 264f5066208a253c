"""Cage genres in a pack, played in a real browser: the page draws each cage's dashed outline
and clue from the kit's cage layer, and a solution typed digit by digit is reported solved."""

from __future__ import annotations

import pytest
from test_pack_browser import Board, solved

from puzzlekit.board.cages import Cages
from puzzlekit.generate import generate
from puzzlekit.pack import build_pack

GENRES = ("kenken", "killersudoku")


@pytest.fixture(scope="module")
def cage_site(tmp_path_factory):
    made = [next(iter(generate(name, 4, 4, seed=5))) for name in GENRES]
    puzzles = [(m.puzzle, m.solution, f"{name} seed {m.seed}") for name, m in zip(GENRES, made)]
    index = build_pack(puzzles, tmp_path_factory.mktemp("cagepack"), title="Cages")
    return index.resolve().as_uri(), puzzles


@pytest.mark.parametrize("index", range(len(GENRES)))
def test_play_a_cage_puzzle(context, cage_site, index):
    site, puzzles = cage_site
    puzzle, solution, label = puzzles[index]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site)
    page.select_option("#pick", str(index))
    cages = Cages.cages(puzzle.cages)
    assert page.locator("#board .cage-clue").count() == len(cages), label
    assert page.locator("#board .cage").count() > 0
    board = Board(page)
    for r, row in enumerate(solution.digits):
        for c, v in enumerate(row):
            board.click(r + 0.5, c + 0.5)
            page.keyboard.press(str(v))
    solved(page, label)
    assert errors == []
    page.close()
