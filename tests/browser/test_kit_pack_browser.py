"""Genres made with the genre kit, played in a real browser: the page draws and plays them from
their board layers alone. The docs' example genre (a file outside the package) goes into a pack
with a generated puzzle; each is replayed by mouse, checked with a wrong entry, and restored
after a reload."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import LONG, example_genre, kit_names, plants
from test_pack_browser import Board, between, entries, solved, status

from puzzlekit import api, genres
from puzzlekit.board.answers import Lines, Shading
from puzzlekit.board.slants import Slants
from puzzlekit.generate import generate
from puzzlekit.pack import build_pack

#: Genres made with the kit that the page plays by clicks: the docs' example (shaded cells),
#: the loop genre of the kit's tests (lines between cells), and every kit genre of the package
#: whose answer is entered a click per cell or per side (shaded cells, lamps, lines, diagonals)
#: and whose planter makes a 5x5 grid (or a 6x6, the smallest some take): read off its answer
#: layer, so a new genre joins by itself (a division into regions is played as the joins
#: between cells of one region). Digits, Binairo's and Tango's 6x6 have their own tests below.
CLICKED = (Shading, Lines, Slants)
SIDES = (5, 6)


def play_side(name: str) -> int | None:
    """The side of the grid a kit genre is played at here (None: not played by clicks)."""
    module = genres.get(name)
    layers = module.GENRE.answers
    if len(layers) != 1 or not isinstance(layers[0], CLICKED):
        return None
    return next((n for n in SIDES if plants(module, n, n)), None)


PLAYED = {name: side for name in kit_names() if (side := play_side(name))}
KIT_GENRES = ("canalview", "kitloop", *PLAYED)
#: puzzles played per genre (generating them is most of this file's time): two in the long profile
PER_GENRE = 2 if LONG else 1


def register_test_genres() -> None:
    example_genre()
    sys.path.insert(0, str(Path(__file__).parent.parent / "genres"))
    import kit_loop

    if "kitloop" not in genres.available():
        genres.register(kit_loop)


@pytest.fixture(scope="module")
def kit_puzzles() -> list[tuple[Any, Any, str]]:
    register_test_genres()
    out = []
    for name in KIT_GENRES:
        side = PLAYED.get(name, 5)
        for made in generate(name, side, side, count=PER_GENRE, seed=11):
            out.append((made.puzzle, made.solution, f"{name} seed {made.seed}"))
    return out


@pytest.fixture(scope="module")
def kit_site(tmp_path_factory, kit_puzzles) -> str:
    index = build_pack(kit_puzzles, tmp_path_factory.mktemp("kitpack"), title="Kit pack")
    return index.resolve().as_uri()


@pytest.fixture
def kit_page(context, kit_site):
    tab = context.new_page()
    tab.errors = []
    tab.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: tab.errors.append(str(e)))
    tab.goto(kit_site)
    yield tab
    tab.close()


def enter(board: Board, entry: Any) -> None:
    """Click a cell, or the side between two cells (a line)."""
    if isinstance(entry[0], tuple):
        board.click(*between(*entry))
    else:
        board.click(entry[0] + 0.5, entry[1] + 0.5)


def answer_entries(puzzle: Any, solution: Any) -> list[Any]:
    layer = genres.module_of(puzzle).GENRE.answers[0]
    if layer.look == "diagonal":  # one click makes a backslash; a cell left empty counts as a slash
        return sorted(cell for cell, d in layer.marks(getattr(solution, layer.name)).items() if d == "\\")
    return sorted(getattr(solution, layer.name))


@pytest.mark.parametrize("index", range(PER_GENRE * len(KIT_GENRES)))
def test_play_a_kit_puzzle(kit_page, kit_puzzles, index):
    page = kit_page
    puzzle, solution, label = kit_puzzles[index]
    page.select_option("#pick", str(index))
    if entries(page):
        page.click("#clear")
    assert entries(page) == 0
    board = Board(page)
    for entry in answer_entries(puzzle, solution):
        enter(board, entry)
    solved(page, label)
    page.click("#clear")
    assert entries(page) == 0
    model = genres.module_of(puzzle).model(puzzle)
    answer = api.genre_module(puzzle).GENRE.answer_of(puzzle, solution)
    key = next(model.vars[i].key for i in model.output if not answer[model.vars[i].key])
    enter(board, key[1:])
    page.click("#check")
    assert page.locator("#board .entry.wrong").count() == 1, f"{label}: Check marks the wrong entry"
    assert "wrong" in status(page)
    page.reload()
    assert entries(page) == 1, "progress is restored after a reload"
    assert page.errors == []


def test_play_a_futoshiki_with_signs_and_givens(context, tmp_path):
    """A digits genre with marks between cells: the signs are drawn, the givens are fixed, and
    typing the other digits solves it."""
    (made,) = generate("futoshiki", 4, 4, count=1, seed=3, level="medium", nearest=True)
    index = build_pack([(made.puzzle, made.solution, "futoshiki")], tmp_path, title="Futoshiki")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(index.resolve().as_uri())
    assert page.locator("#board text.relation").count() == len(made.puzzle.signs)
    board = Board(page)
    givens = dict(made.puzzle.clues("givens"))
    for r, row in enumerate(made.solution.digits):
        for c, v in enumerate(row):
            if (r, c) not in givens:
                board.click(r + 0.5, c + 0.5)
                page.keyboard.press(str(v))
    solved(page, "futoshiki")
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("name", ["binairo", "tango"])
def test_play_a_two_colour_genre(context, tmp_path, name):
    """Binairo's 1s and Tango's suns are entered one click each; Tango's signs are drawn."""
    (made,) = generate(name, 6, 6, count=1, seed=3)
    index = build_pack([(made.puzzle, made.solution, name)], tmp_path, title=name)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(index.resolve().as_uri())
    assert page.locator("#board text.relation").count() == len(getattr(made.puzzle, "signs", ()))
    board = Board(page)
    for entry in answer_entries(made.puzzle, made.solution):
        enter(board, entry)
    solved(page, name)
    assert page.errors == []
    page.close()


def test_a_star_battle_cell_in_no_region_is_grey_and_takes_no_entry(context, tmp_path):
    """Cells in no region are drawn grey; clicking one enters nothing; the stars solve it."""
    puzzle = genres.get("starbattle").parse("AABB.\nACBBB\nAA.BE\nADDDE\n.DDDE\n")
    (solution,) = api.solve(puzzle).solutions
    index = build_pack([(puzzle, solution, "holes")], tmp_path, title="Star Battle")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(index.resolve().as_uri())
    assert page.locator("#board rect.hole").count() == len(puzzle.holes()) == 3
    board = Board(page)
    board.click(0.5, 4.5)  # (0, 4): outside the shape
    board.click(2.5, 2.5)  # (2, 2): blocked
    assert entries(page) == 0
    for r, c in sorted(solution.stars):
        board.click(r + 0.5, c + 0.5)
    solved(page, "holes")
    assert page.errors == []
    page.close()
