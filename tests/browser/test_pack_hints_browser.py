"""The Hint button of a pack, in a real browser, for every genre (the package's and two made
with the genre kit), on one small generated puzzle each.

Each test presses Hint on a fresh grid and finds cells lit, the step's entries ringed and its
words (as the pack stores them) in the status line; enters the opposite of what that hint asks
and finds Hint marking it wrong instead; then clears, and presses Hint and enters what each
hint rings, by mouse and keyboard as a player would, until the page says the puzzle is solved.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_kit_pack_browser import KIT_GENRES, PLAYED, register_test_genres
from test_pack_browser import Board, between, status

from puzzlekit import genres
from puzzlekit.board.layers import Shading
from puzzlekit.board.regions import Regions
from puzzlekit.board.slants import Slants
from puzzlekit.generate import generate
from puzzlekit.pack import PLAYABLE, build_pack
from puzzlekit.pack.hints import words

#: How each genre is played (the page's kinds of play); the rest draw lines between cells.
KINDS = {"slitherlink": "lattice", "hashi": "bridges", "sudoku": "digits", "patches": "rects",
         "nonogram": "cells", "queens": "cells", "tents": "cells", "canalview": "cells"}


def kind_of(name: str) -> str:
    """How a genre is played: its entry above, or a kit genre's from its answer layer (cells
    shaded or marked, else lines between cells)."""
    if name in KINDS:
        return KINDS[name]
    layer = getattr(genres.get(name), "GENRE", None)
    return "cells" if layer is not None and isinstance(layer.answers[0], Shading) else "edges"


def diagonal(name: str) -> bool:
    """A package genre whose answer is a diagonal per cell: entered by clicks that turn it, not
    by the opposite mark this test enters."""
    return name in genres.NAMES and isinstance(genres.get(name).GENRE.answers[0], Slants)


def division(name: str) -> bool:
    """A package genre whose answer divides the grid into regions: its hints are worked out by
    explaining the whole puzzle, which for Fillomino and Palisade passes the pack's time limit
    on a busy machine; they are played without hints in the kit pack's test."""
    return name in genres.NAMES and isinstance(genres.get(name).GENRE.answers[0], Regions)


#: The kit genres played at 5x5 (the few whose smallest grid is 6x6 are left out, for time).
NAMES = (*PLAYABLE, *(name for name in KIT_GENRES
                      if PLAYED.get(name, 5) == 5 and not diagonal(name) and not division(name)))


@pytest.fixture(scope="module")
def hint_puzzles() -> list[tuple[Any, Any, str]]:
    register_test_genres()
    out = []
    for name in NAMES:
        made = next(iter(generate(name, 5, 5, count=1, seed=1)))
        out.append((made.puzzle, made.solution, name))
    return out


@pytest.fixture(scope="module")
def hint_site(tmp_path_factory, hint_puzzles) -> tuple[str, dict[str, Any]]:
    index = build_pack(hint_puzzles, tmp_path_factory.mktemp("hintpack"), title="Hints", hint_time_limit=60)
    html = index.read_text()
    start = html.index('id="pack-data">') + len('id="pack-data">')
    data = json.loads(html[start:html.index("</script>", start)])
    return index.resolve().as_uri(), data


@pytest.fixture
def hint_page(context, hint_site):
    tab = context.new_page()
    tab.errors = []
    tab.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: tab.errors.append(str(e)))
    tab.goto(hint_site[0])
    yield tab
    tab.close()


def ringed(page) -> list[tuple[list[int], int]]:
    """The entries the hint on the grid asks for: (the numbers of the page key, the value)."""
    marks = page.locator("#board .hint-mark")
    return [([int(x) for x in marks.nth(i).get_attribute("data-key").split(",")],
             int(marks.nth(i).get_attribute("data-value"))) for i in range(marks.count())]


def enter(page, kind: str, key: list[int], value: int) -> None:
    """Make one page entry as a player would, on a grid that does not hold it yet."""
    board = Board(page)
    button = "right" if value == 2 and kind in ("edges", "lattice", "cells") else "left"
    if kind == "edges":
        board.click(*between((key[0], key[1]), (key[2], key[3])), button=button)
    elif kind == "lattice":
        board.click((key[0] + key[2]) / 2, (key[1] + key[3]) / 2, button=button)
    elif kind == "cells":
        board.click(key[0] + 0.5, key[1] + 0.5, button=button)
    elif kind == "digits":
        board.click(key[0] + 0.5, key[1] + 0.5)
        page.keyboard.press(str(value))
    elif kind == "bridges":  # a click between the islands adds one bridge
        for _ in range(value):
            board.click((key[0] + key[2] + 1) / 2, (key[1] + key[3] + 1) / 2)
    elif kind == "rects":
        t, l, h, w = key
        if h == w == 1:
            board.click(t + 0.5, l + 0.5)
        else:
            board.drag([(t, l), (t + h - 1, l + w - 1)])
    else:
        raise AssertionError(f"no way to enter a {kind} entry")


def enter_opposite(page, kind: str, key: list[int], value: int, n: int) -> None:
    """Enter a value the hint's entry does not have: a wrong entry, since hints are right."""
    if kind == "rects":  # a rectangle one cell bigger or smaller than the patch
        t, l, h, w = key
        Board(page).drag([(t, l), (t, l + 1) if w == 1 and l + 1 < n else (t + 1, l) if w == 1 else (t, l)])
    elif kind == "digits":
        enter(page, kind, key, value % n + 1)
    elif kind == "bridges":
        enter(page, kind, key, 3 - value)
    else:
        enter(page, kind, key, 2 if value == 1 else 1)


@pytest.mark.parametrize("name", NAMES)
def test_hints_lead_to_the_solution(hint_page, hint_site, hint_puzzles, name):
    page, data = hint_page, hint_site[1]
    index = NAMES.index(name)
    kind, chain = kind_of(name), data["hints"][index]
    assert "s" in chain, f"{name}: no hints stored ({chain.get('x')})"
    stored = {words(chain, i) for i in range(len(chain["s"]))}
    page.select_option("#pick", str(index))
    page.click("#hint")
    assert page.locator("#board .hint-cell").count() > 0, f"{name}: a hint lights cells"
    first = ringed(page)
    assert first, f"{name}: a hint rings the entries to make"
    shown = status(page)
    assert shown.startswith("Hint: ") and shown[len("Hint: "):].rstrip(".") in stored

    enter_opposite(page, kind, *first[0], hint_puzzles[index][0].width)
    page.click("#hint")
    assert "wrong (marked)" in status(page), f"{name}: {status(page)}"
    assert page.locator("#board .flag").count() >= 1 and not ringed(page)

    page.click("#clear")
    for _ in range(len(chain["s"]) + 1):
        page.click("#hint")
        if "Solved" in status(page):
            break
        asked = ringed(page)
        assert asked and "wrong" not in status(page), f"{name}: {status(page)}"
        for key, value in asked:
            enter(page, kind, key, value)
    assert "Solved" in status(page), f"{name}: the hints did not solve it ({status(page)})"
    assert page.errors == []


def test_every_genre_has_a_hint_test():
    register_test_genres()
    assert set(PLAYABLE) <= set(NAMES) and all(name in genres.available() for name in NAMES)
