"""Puzzle packs played in a real browser: Debian's Chromium, driven by Playwright.

For every genre, three puzzles (packpuzzles.py) go into one pack, opened from file://.
Each test replays the stored solution with real mouse and keyboard events, sees the page
report it solved, undoes back to an empty board, enters one wrong value and sees Check mark
it, reloads and finds that progress restored, all without a console error. One more test per
genre enters a solution with the keyboard alone.

The browser is /usr/bin/chromium (or $PUZZLEKIT_CHROMIUM). Without it, or without the
playwright package (the ``browser`` extra), the tests skip locally and fail in CI (CI=true).
With $PUZZLEKIT_PACK_SCREENSHOTS set to a folder, the first puzzle of each genre is saved
there solved, as GENRE.png (docs/packs/ holds these).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from packpuzzles import three

import puzzlekit
from puzzlekit import genres
from puzzlekit.pack import PLAYABLE, build_pack

PER_GENRE = 3


@pytest.fixture(scope="session")
def puzzles() -> list[tuple[Any, Any, str]]:
    return [item for name in PLAYABLE for item in three(name)]


@pytest.fixture(scope="session")
def site(tmp_path_factory, puzzles) -> str:
    # the hints have a test of their own (test_pack_hints_browser.py)
    index = build_pack(puzzles, tmp_path_factory.mktemp("pack"), title="Test pack", hints=False)
    return index.resolve().as_uri()


@pytest.fixture
def page(context, site):
    tab = context.new_page()
    tab.errors = []
    tab.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: tab.errors.append(str(e)))
    tab.goto(site)
    yield tab
    tab.close()


class Board:
    """Where the grid of the page's picture lies on screen, in grid units."""

    def __init__(self, page) -> None:
        self.page = page
        svg = page.locator("#board svg")
        box = svg.bounding_box()
        view = [float(v) for v in svg.get_attribute("viewBox").split()]
        self.scale = box["width"] / view[2]
        self.x0, self.y0 = box["x"], box["y"]
        self.left, self.top, self.cell = (float(svg.get_attribute(f"data-{k}"))
                                          for k in ("left", "top", "cell"))

    def at(self, r: float, c: float) -> tuple[float, float]:
        """The screen point of grid position (r, c): (0, 0) the grid's top left corner."""
        x = self.x0 + (self.left + c * self.cell) * self.scale
        return x, self.y0 + (self.top + r * self.cell) * self.scale

    def click(self, r: float, c: float, button: str = "left") -> None:
        self.page.mouse.click(*self.at(r, c), button=button)

    def drag(self, cells: list[tuple[int, int]]) -> None:
        mouse = self.page.mouse
        mouse.move(*self.at(cells[0][0] + 0.5, cells[0][1] + 0.5))
        mouse.down()
        for r, c in cells[1:]:
            mouse.move(*self.at(r + 0.5, c + 0.5), steps=2)
        mouse.up()


def between(a: tuple[int, int], b: tuple[int, int]) -> tuple[float, float]:
    """The middle of the side two neighbouring cells share, in grid units."""
    return (a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5


def fixed_edges(puzzle: Any) -> set:
    """Tracks' given pieces, as the edges the page draws fixed."""
    out = set()
    steps = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    for (r, c), piece in getattr(puzzle, "givens", ()) if hasattr(puzzle, "start") else ():
        for d in piece:
            o = (r + steps[d][0], c + steps[d][1])
            if 0 <= o[0] < puzzle.height and 0 <= o[1] < puzzle.width:
                out.add(tuple(sorted([(r, c), o])))
    return out


def replay(page, name: str, puzzle: Any, solution: Any) -> None:
    """Enter the solution as a player would."""
    board = Board(page)
    if name in ("tracks", "zip"):  # drawn as one drag along the path
        board.drag(list(solution.path))
    elif name in ("masyu", "numberlink"):  # a click on each side the line crosses
        for a, b in sorted(solution.edges):
            board.click(*between(a, b))
    elif name == "slitherlink":  # a click on each segment between two dots
        for p, q in sorted(solution.edges):
            board.click((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    elif name == "hashi":  # drag island to island for the first bridge, click for the second
        for a, b, k in solution.bridges:
            board.drag([a, b])
            if k == 2:
                board.click(*((a[0] + 0.5, a[1] + 1.0) if a[0] == b[0] else (a[0] + 1.0, a[1] + 0.5)))
    elif name == "sudoku":  # click a cell, type its digit
        for r, row in enumerate(solution.grid):
            for c, v in enumerate(row):
                if not puzzle.grid[r][c]:
                    board.click(r + 0.5, c + 0.5)
                    page.keyboard.press(str(v))
    elif name in ("nonogram", "queens", "tents"):
        cells = solution.queens if name == "queens" else solution.tents if name == "tents" else [
            (r, c) for r, row in enumerate(solution.grid) for c, v in enumerate(row) if v]
        for r, c in cells:
            board.click(r + 0.5, c + 0.5)
    elif name == "patches":  # drag corner to corner; a one-cell patch is a click
        for t, l, h, w in solution.rects:
            if h == w == 1:
                board.click(t + 0.5, l + 0.5)
            else:
                board.drag([(t, l), (t + h - 1, l + w - 1)])
    elif name in ("wend", "swend"):  # one drag through each word's letters
        for _, cells in solution.paths:
            if len(cells) > 1:
                board.drag(list(cells))
    else:
        raise AssertionError(f"no replay for {name}")


def wend_steps(puzzle: Any) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every step between two neighbouring letter cells (right and down)."""
    letters = puzzle.letters()
    return [(a, b) for a in sorted(letters) for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])) if b in letters]


def blocked_side(puzzle: Any) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A letter cell and a blocked cell beside it, if the puzzle has one."""
    letters = puzzle.letters()
    for a in sorted(letters):
        for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]), (a[0], a[1] - 1), (a[0] - 1, a[1])):
            if 0 <= b[0] < puzzle.height and 0 <= b[1] < puzzle.width and b not in letters:
                return a, b
    return None


def enter_wrong(page, name: str, puzzle: Any, solution: Any) -> None:
    """Enter one value the solution does not have."""
    board = Board(page)
    model = genres.get(name).model(puzzle)
    keys = [model.vars[i].key for i in model.output]
    if name in ("masyu", "numberlink", "tracks", "zip", "slitherlink"):
        edges = solution.edges if name != "zip" else zip(solution.path, solution.path[1:])
        have = {tuple(sorted(e)) for e in edges}
        a, b = next(k[1:] for k in keys if tuple(sorted(k[1:])) not in have | fixed_edges(puzzle))
        if name == "slitherlink":
            board.click((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        else:
            board.click(*between(a, b))
    elif name == "hashi":
        have = {(a, b) for a, b, _ in solution.bridges}
        a, b = next(k[1:] for k in keys if k[1:] not in have)
        board.drag([a, b])
    elif name == "sudoku":
        r, c = next((r, c) for r in range(puzzle.n) for c in range(puzzle.n) if not puzzle.grid[r][c])
        board.click(r + 0.5, c + 0.5)
        page.keyboard.press(str(solution.grid[r][c] % puzzle.n + 1))
    elif name in ("nonogram", "queens", "tents"):
        have = set(solution.queens if name == "queens" else solution.tents if name == "tents" else [
            (r, c) for r, row in enumerate(solution.grid) for c, v in enumerate(row) if v])
        r, c = next(k[1:] for k in keys if k[1:] not in have)
        board.click(r + 0.5, c + 0.5)
    elif name == "patches":
        t, l, _, _ = next(x for x in solution.rects if x[2] * x[3] > 1)
        board.click(t + 0.5, l + 0.5)
    elif name in ("wend", "swend"):  # a step between two words, or inside one word but off its path
        have = {tuple(sorted(e)) for _, cells in solution.paths for e in zip(cells, cells[1:])}
        a, b = next(e for e in wend_steps(puzzle) if e not in have)
        board.click(*between(a, b))


def entries(page) -> int:
    return page.locator("#board .entry").count()


def status(page) -> str:
    return page.locator("#status").inner_text()


def solved(page, label: str, yes: bool = True) -> None:
    """The page says Solved (or, with ``yes`` false, does not), waiting a little for it."""
    from playwright.sync_api import expect

    shown = expect(page.locator("#status"), f"{label}: {'not ' if yes else ''}reported solved")
    (shown.to_contain_text if yes else shown.not_to_contain_text)("Solved", timeout=5000)


CASES = [(name, i) for name in PLAYABLE for i in range(PER_GENRE)]


@pytest.mark.parametrize(("name", "i"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
def test_play_a_puzzle(page, puzzles, name, i):
    index = PLAYABLE.index(name) * PER_GENRE + i
    puzzle, solution, label = puzzles[index]
    page.select_option("#pick", str(index))
    assert entries(page) == 0, "a puzzle starts empty"
    side = blocked_side(puzzle) if name in ("wend", "swend") else None
    if side:  # no step goes into a blocked cell
        Board(page).click(*between(*side))
        assert entries(page) == 0, f"{label}: a step into a blocked cell was drawn"
    replay(page, name, puzzle, solution)
    solved(page, label)
    assert page.locator("#help").inner_text(), "the page says how to play"
    if name == "numberlink":  # each line in its number's colour
        for k in {k for row in puzzle.grid for k in row if k}:
            assert page.locator(f"#board .entry.path.n{k}").count() > 0
    if name in ("wend", "swend"):  # the letters as in the file (Å, Ä, Ö too), every word struck through
        shown = page.locator("#board text.letter").all_text_contents()
        assert shown == [ch for row in puzzle.grid for ch in row if ch != "#"]
        assert page.locator("#board text.word").all_text_contents() == list(puzzle.words)
        assert page.locator("#board text.word.done").count() == len(puzzle.words)
        assert page.locator("#board rect.blocked").count() == sum(row.count("#") for row in puzzle.grid)
    shots = os.environ.get("PUZZLEKIT_PACK_SCREENSHOTS")
    if shots and i == 0:
        Path(shots).mkdir(parents=True, exist_ok=True)
        boxes = [page.locator(sel).bounding_box() for sel in ("#undo", "#clear", "#board", "#status")]
        left, top = min(b["x"] for b in boxes), min(b["y"] for b in boxes)
        right = max(b["x"] + b["width"] for b in boxes[:3])  # the status line is as wide as the page
        bottom = max(b["y"] + b["height"] for b in boxes)
        clip = {"x": left - 8, "y": top - 8, "width": right - left + 16, "height": bottom - top + 16}
        page.mouse.move(0, 0)
        page.screenshot(path=str(Path(shots) / f"{name}.png"), clip=clip)
    # undo back to the empty board: the keyboard for odd puzzles, the button for the others
    for _ in range(1000):
        if page.locator("#undo").is_disabled():
            break
        if i % 2:
            page.keyboard.press("Control+z")
        else:
            page.click("#undo")
    solved(page, label, yes=False)
    assert entries(page) == 0
    page.click("#redo")
    assert entries(page) > 0
    page.click("#clear")
    assert entries(page) == 0
    enter_wrong(page, name, puzzle, solution)
    assert entries(page) >= 1
    page.click("#check")
    assert page.locator("#board .entry.wrong").count() >= 1, f"{label}: Check marks no wrong entry"
    assert "wrong" in status(page)
    kept = entries(page)
    page.reload()
    assert page.locator("#pick").input_value() == str(index), "the puzzle being played is restored"
    assert entries(page) == kept, "progress is restored after a reload"
    assert page.errors == []


def test_every_genre_is_in_the_pack():
    from conftest import kit_names

    from puzzlekit import render

    # a genre with page code of its own, or one made with the kit (its page reads the layers)
    assert set(PLAYABLE) | set(kit_names()) == set(genres.NAMES)
    assert {name for name in genres.NAMES if render.has_picture(name)} <= set(genres.NAMES)


class Keys:
    """The keyboard cursor, moved by arrow keys from the top left cell."""

    ARROW = {(-1, 0): "ArrowUp", (1, 0): "ArrowDown", (0, -1): "ArrowLeft", (0, 1): "ArrowRight"}

    def __init__(self, page) -> None:
        self.page, self.at = page, (0, 0)

    def go(self, cell: tuple[int, int]) -> None:
        dr, dc = cell[0] - self.at[0], cell[1] - self.at[1]
        for _ in range(abs(dr)):
            self.page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
        for _ in range(abs(dc)):
            self.page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
        self.at = cell

    def draw(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """Shift+arrow from a towards b (b a neighbour, or Hashi's next island that way)."""
        self.go(a)
        step = ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))
        self.page.keyboard.press("Shift+" + self.ARROW[step])
        self.at = b


def replay_by_keyboard(page, name: str, puzzle: Any, solution: Any) -> None:
    keys = Keys(page)
    press = page.keyboard.press
    if name in ("tracks", "zip"):
        for a, b in zip(solution.path, solution.path[1:]):
            keys.draw(a, b)
    elif name in ("masyu", "numberlink"):
        for a, b in sorted(solution.edges):
            keys.draw(a, b)
    elif name == "hashi":
        for a, b, k in solution.bridges:
            for _ in range(k):
                keys.draw(a, b)
    elif name == "slitherlink":  # each segment as a side of a cell
        for p, q in sorted(solution.edges):
            if p[0] == q[0]:  # the top of the cell below, or the bottom of the last row's cell
                below = p[0] < puzzle.height
                cell, key = (p, "Shift+ArrowUp") if below else ((p[0] - 1, p[1]), "Shift+ArrowDown")
            else:  # the left of the cell to the right, or the right of the last column's cell
                right = p[1] < puzzle.width
                cell, key = (p, "Shift+ArrowLeft") if right else ((p[0], p[1] - 1), "Shift+ArrowRight")
            keys.go(cell)
            press(key)
    elif name == "sudoku":
        press("ArrowRight")
        press("ArrowLeft")  # a cell is selected now: the top left one
        for r, row in enumerate(solution.grid):
            for c, v in enumerate(row):
                if not puzzle.grid[r][c]:
                    keys.go((r, c))
                    press(str(v))
    elif name in ("nonogram", "queens", "tents"):
        cells = solution.queens if name == "queens" else solution.tents if name == "tents" else [
            (r, c) for r, row in enumerate(solution.grid) for c, v in enumerate(row) if v]
        for cell in cells:
            keys.go(cell)
            press("Space")
    elif name == "patches":
        for t, l, h, w in solution.rects:
            keys.go((t, l))
            press("Enter")
            keys.go((t + h - 1, l + w - 1))
            press("Enter")
    elif name in ("wend", "swend"):
        for _, cells in solution.paths:
            for a, b in zip(cells, cells[1:]):
                keys.draw(a, b)
    else:
        raise AssertionError(f"no keyboard replay for {name}")


@pytest.mark.parametrize("name", PLAYABLE)
def test_play_by_keyboard_alone(page, puzzles, name):
    index = PLAYABLE.index(name) * PER_GENRE + 1
    puzzle, solution, label = puzzles[index]
    page.select_option("#pick", str(index))
    page.locator("#board").focus()
    if entries(page):  # what an earlier test left in this browser's storage
        page.click("#clear")
        page.locator("#board").focus()
    assert entries(page) == 0
    replay_by_keyboard(page, name, puzzle, solution)
    solved(page, label)
    press = page.keyboard.press
    press("Control+z")
    solved(page, label, yes=False)
    press("Control+y")
    solved(page, label)
    assert page.errors == []


def test_marks_empty_and_paints(page, puzzles):
    """Right-click marks a side empty (Check flags one the loop uses); a drag paints cells."""
    index = PLAYABLE.index("masyu") * PER_GENRE + 2
    puzzle, solution, label = puzzles[index]
    page.select_option("#pick", str(index))
    if entries(page):
        page.click("#clear")
    a, b = sorted(solution.edges)[0]
    Board(page).click(*between(a, b), button="right")
    assert page.locator("#board .entry.absent").count() == 2  # a cross: two strokes
    page.click("#check")
    assert page.locator("#board .flag").count() == 1 and "1 wrong entry" in status(page)
    page.click("#undo")
    assert entries(page) == 0

    index = PLAYABLE.index("nonogram") * PER_GENRE + 2
    page.select_option("#pick", str(index))
    if entries(page):
        page.click("#clear")
    Board(page).drag([(0, c) for c in range(puzzles[index][0].width)])
    assert page.locator("#board .entry.filled").count() == puzzles[index][0].width
    page.click("#undo")  # the drag is one move
    assert entries(page) == 0
    assert page.errors == []


def test_tents_with_counts_left_out(context, tmp_path):
    """A Tents puzzle with counts left out is packed, drawn without them and played to the end."""
    tents = genres.get("tents")
    puzzle, solution, _ = three("tents")[0]
    cols = (None, *puzzle.cols[1:])
    rows = (*puzzle.rows[:-1], None)
    open_puzzle = tents.Puzzle(cols=cols, rows=rows, trees=puzzle.trees)
    found = puzzlekit.solve(open_puzzle, limit=1).solutions[0]
    index = build_pack([(open_puzzle, found, "open")], tmp_path, title="Open counts")
    tab = context.new_page()
    errors = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(index.resolve().as_uri())
    shown = tab.locator("#board text.count").all_text_contents()
    assert shown == [str(k) for k in (*cols, *rows) if k is not None]
    replay(tab, "tents", open_puzzle, found)
    solved(tab, "tents with counts left out")
    assert errors == []
    tab.close()
