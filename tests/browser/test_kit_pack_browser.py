"""Genres made with the genre kit, played in a real browser: the page draws and plays them from
their board layers alone. The docs' example genre (a file outside the package) goes into a pack
with a generated puzzle; each is replayed by mouse, checked with a wrong entry, and restored
after a reload."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import example_genre
from test_pack_browser import Board, context, entries, solved, status  # noqa: F401 (context: a fixture)

from puzzlekit import api, genres
from puzzlekit.generate import generate
from puzzlekit.pack import build_pack

#: Genres made with the kit that the page plays, with how many puzzles of each go in.
KIT_GENRES = ("canalview",)


@pytest.fixture(scope="module")
def kit_puzzles() -> list[tuple[Any, Any, str]]:
    example_genre()
    out = []
    for name in KIT_GENRES:
        for made in generate(name, 5, 5, count=2, seed=11):
            out.append((made.puzzle, made.solution, f"{name} seed {made.seed}"))
    return out


@pytest.fixture(scope="module")
def kit_site(tmp_path_factory, kit_puzzles) -> str:
    index = build_pack(kit_puzzles, tmp_path_factory.mktemp("kitpack"), title="Kit pack")
    return index.resolve().as_uri()


@pytest.fixture
def kit_page(context, kit_site):  # noqa: F811 (context is the fixture imported above)
    tab = context.new_page()
    tab.errors = []
    tab.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: tab.errors.append(str(e)))
    tab.goto(kit_site)
    yield tab
    tab.close()


def answer_cells(puzzle: Any, solution: Any) -> list[tuple[int, int]]:
    layer = genres.module_of(puzzle).GENRE.answers[0]
    return sorted(getattr(solution, layer.name))


@pytest.mark.parametrize("index", range(2 * len(KIT_GENRES)))
def test_play_a_kit_puzzle(kit_page, kit_puzzles, index):
    page = kit_page
    puzzle, solution, label = kit_puzzles[index]
    page.select_option("#pick", str(index))
    if entries(page):
        page.click("#clear")
    assert entries(page) == 0
    board = Board(page)
    for r, c in answer_cells(puzzle, solution):
        board.click(r + 0.5, c + 0.5)
    solved(page, label)
    page.click("#clear")
    assert entries(page) == 0
    model = genres.module_of(puzzle).model(puzzle)
    answer = api.genre_module(puzzle).GENRE.answer_of(puzzle, solution)
    key = next(model.vars[i].key for i in model.output if not answer[model.vars[i].key])
    board.click(key[1] + 0.5, key[2] + 0.5)
    page.click("#check")
    assert page.locator("#board .entry.wrong").count() == 1, f"{label}: Check marks the wrong entry"
    assert "wrong" in status(page)
    page.reload()
    assert entries(page) == 1, "progress is restored after a reload"
    assert page.errors == []
