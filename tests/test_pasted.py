"""Boards pasted from puzzle websites: each bundled example, written in the site's structure
(docs/formats.md; no real page is at hand, so the structure is the one described there), reads
back as the same puzzle, also with harmless variations: a whole page around the board,
attributes in another order, other quotes, extra classes and style properties, cells in
shuffled order, upper-case tags. Malformed pastes give one clear ParseError line.

puzzle-shikaku.com holds areas only; the bundled Patches example has shape letters, so its
board here carries, in each clue cell, the area of that clue's rectangle in the example's
unique solution.
"""

from __future__ import annotations

import json
import random

import pytest
from conftest import EXAMPLES
from hypothesis import given
from hypothesis import strategies as st

import puzzlekit
from puzzlekit import formats
from puzzlekit.errors import ParseError
from puzzlekit.formats import pasted
from puzzlekit.genres import masyu, nonogram, numberlink, patches, slitherlink

VARIANTS = ["plain", "page", "reordered", "classes", "shuffled", "upper", "compact"]


def example(module):
    return module.parse((EXAMPLES / f"{module.NAME}01.txt").read_text())


def shikaku_example() -> patches.Puzzle:
    """The Patches example with each clue replaced by its rectangle's area."""
    puzzle = example(patches)
    (solution,) = puzzlekit.solve(puzzle, unique=True).solutions
    area = {cell: rect[2] * rect[3] for rect in solution.rects for cell in patches.rect_cells(rect)}
    return patches.Puzzle(tuple(
        tuple(None if clue is None else patches.Clue(area[(r, c)]) for c, clue in enumerate(row))
        for r, row in enumerate(puzzle.grid)
    ))


def element(tag: str, classes: list[str], text: str, variant: str, style: str = "") -> str:
    """One element in a variant's spelling."""
    if variant == "classes":
        classes = ["task", *classes, "active"]
        style = f"width: 30px; {style} height: 30px"
    attrs = [f'class="{" ".join(classes)}"'] + ([f'style="{style}"'] if style else [])
    if variant == "reordered":
        attrs = [a.replace('"', "'") for a in reversed(attrs)] + ['data-x="1"']
    if variant == "upper":
        tag = tag.upper()
    sep = "" if variant == "compact" else "\n  "
    return f"<{tag} {' '.join(attrs)}>{sep}{text}{sep}</{tag}>"


def placed(cells: list[tuple[int, int, list[str], str]], variant: str, board_class: str) -> str:
    """Absolutely placed cells: (row, column, classes, text)."""
    if variant == "shuffled":
        cells = random.Random(7).sample(cells, len(cells))
    parts = [element("div", cls, text, variant, f"top: {31 * r}px; left: {31 * c + 2}px;")
             for r, c, cls, text in cells]
    return wrap(f'<div class="{board_class}">' + "\n".join(parts) + "</div>", variant)


def wrap(board: str, variant: str) -> str:
    if variant != "page":
        return board
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Puzzle</title>"
        "<script>var s = '<div class=\"loop-dot\">';</script><style>.cell { top: 0 }</style></head>"
        f"<body><div id='menu'><a href='/'>Home</a><br></div><p>Solve it!\n{board}\n<p>Done</body></html>"
    )


def masyu_html(puzzle: masyu.Puzzle, variant: str) -> str:
    names = {0: [], masyu.WHITE: ["dot-white"], masyu.BLACK: ["dot-black"]}
    cells = [(r, c, ["loop-dot", *names[v]], "")
             for r, row in enumerate(puzzle.grid) for c, v in enumerate(row)]
    return placed(cells, variant, "board-back")


def slitherlink_html(puzzle: slitherlink.Puzzle, variant: str) -> str:
    cells = [(r, c, ["loop-task-cell"], "" if v is None else str(v))
             for r, row in enumerate(puzzle.grid) for c, v in enumerate(row)]
    return placed(cells, variant, "loop-task")


def shikaku_html(puzzle: patches.Puzzle, variant: str) -> str:
    cells = [(r, c, ["cell"], "" if v is None else str(v.area))
             for r, row in enumerate(puzzle.grid) for c, v in enumerate(row)]
    return placed(cells, variant, "board")


def nonogram_html(puzzle: nonogram.Puzzle, variant: str) -> str:
    def table(name: str, rows: list[list[str]]) -> str:
        body = "".join("<tr>" + "".join(element("td", ["nmt"], text, variant) for text in row) + "</tr>"
                       for row in rows)
        return element("table", [name], body, variant)

    depth = max(1, max(len(c) for c in puzzle.cols))
    top = [[str(clue[i - depth + len(clue)]) if i >= depth - len(clue) else "" for clue in puzzle.cols]
           for i in range(depth)]
    width = max(1, max(len(c) for c in puzzle.rows))
    left = [[""] * (width - len(clue)) + [str(v) for v in clue] for clue in puzzle.rows]
    return wrap(f"<div id='game'>{table('nmtt', top)}<div>{table('nmtl', left)}</div></div>", variant)


def numberlink_json(puzzle: numberlink.Puzzle, variant: str) -> str:
    flat = [v for row in puzzle.grid for v in row]
    data = {"gridWidth": puzzle.width, "gridHeight": puzzle.height, "data": {"startingGrid": flat}}
    if variant == "classes":
        data["data"]["startingGrid"] = [list(row) for row in puzzle.grid]
    if variant == "reordered":
        return json.dumps({"puzzleData": json.dumps(data), "id": 3})
    indent = None if variant == "compact" else 2
    return json.dumps({"title": "Number Link", "puzzleData": data}, indent=indent)


SITES = {
    "masyu": (lambda: example(masyu), masyu_html),
    "slitherlink": (lambda: example(slitherlink), slitherlink_html),
    "patches": (shikaku_example, shikaku_html),
    "nonogram": (lambda: example(nonogram), nonogram_html),
    "numberlink": (lambda: example(numberlink), numberlink_json),
}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("genre", SITES)
def test_each_example_reads_back_from_its_sites_board(genre, variant):
    make, render = SITES[genre]
    puzzle = make()
    text = render(puzzle, variant)
    assert formats.format_of(text) == "pasted"
    assert formats.read(text) == (genre, puzzle)
    assert formats.read(text, genre) == (genre, puzzle)


def test_the_shikaku_board_is_the_example_with_areas():
    puzzle = shikaku_example()
    assert puzzlekit.solve(puzzle, unique=True).unique is True
    assert formats.to_url(puzzle).startswith("https://puzz.link/p?shikaku/6/6/")


BAD = {
    "missing cell": (masyu_html(example(masyu), "plain").replace(
        '<div class="loop-dot" style="top: 0px; left: 2px;">\n  \n  </div>', "", 1), "not a full grid"),
    "no top": ('<div class="loop-dot" style="left: 0px"></div>', "no usable 'top'"),
    "bad top": ('<div class="loop-dot" style="top: auto; left: 0px"></div>', "found 'auto'"),
    "same place": ('<div class="loop-dot" style="top:0;left:0"></div>' * 2, "two div.loop-dots at"),
    "two colours": ('<div class="loop-dot dot-white dot-black" style="top:0;left:0"></div>',
                    "both dot-white and dot-black"),
    "letter clue": ('<div class="loop-task-cell" style="top:0;left:0">x</div>', "reads 'x'"),
    "clue 5": ('<div class="loop-task-cell" style="top:0;left:0">5</div>', "Slitherlink clues are 0-3"),
    "area too big": ('<div class="cell" style="top:0;left:0">9</div>', "area 9 is larger"),
    "no area": ('<div class="cell" style="top:0;left:0"></div>', "no clues"),
    "rows only": ('<table class="nmtl"><tr><td>1</td></tr></table>', "one table of class nmtt, found no"),
    "ragged": ('<table class="nmtt"><tr><td>1</td><td></td></tr><tr><td>1</td></tr></table>'
               '<table class="nmtl"><tr><td>1</td></tr></table>', "row 1 of table nmtt has 1 cells"),
    "too long": ('<table class="nmtt"><tr><td>3</td></tr></table><table class="nmtl"><tr><td>3</td></tr>'
                 "</table>", "need at least|nonogram"),
    "nothing": ("<html><body><div class='grid'>1 2</div></body></html>", "no puzzle board in this HTML"),
    "bad json": ('{"puzzleData": {"gridWidth": 2,', "invalid JSON"),
    "no data": ('{"puzzleData": 3}', "'puzzleData' is an object"),
    "width": ('{"puzzleData": {"gridWidth": "x", "gridHeight": 1, "data": {"startingGrid": [1]}}}',
              "gridWidth must be a whole number"),
    "length": ('{"puzzleData": {"gridWidth": 2, "gridHeight": 2, "data": {"startingGrid": [1, 1]}}}',
               "startingGrid holds 2 cells, but gridWidth x gridHeight is 2x2"),
    "odd value": ('{"puzzleData": {"gridWidth": 2, "gridHeight": 1, "data": {"startingGrid": [1, -1]}}}',
                  r"startingGrid\[1\] is -1"),
    "lone number": ('{"puzzleData": {"gridWidth": 2, "gridHeight": 1, "data": {"startingGrid": [1, 2]}}}',
                    "number 1 appears only once"),
}


@pytest.mark.parametrize("name", BAD)
def test_malformed_pastes_give_one_clear_error(name):
    text, message = BAD[name]
    with pytest.raises(ParseError, match=message) as caught:
        formats.read(text)
    assert "\n" not in str(caught.value)


def test_a_paste_of_another_genre_is_refused():
    with pytest.raises(ParseError, match="holds a masyu puzzle, not slitherlink"):
        formats.read(masyu_html(example(masyu), "plain"), "loopy")


def test_the_tree_builder_forgives_unclosed_and_stray_tags():
    root = pasted.parse_html("<div class=a><p>one<div class=b>two</span></div><br/>three")
    names = [(n.tag, sorted(n.classes)) for n in root.walk()]
    assert names == [("#root", []), ("div", ["a"]), ("p", []), ("div", ["b"]), ("br", [])]
    assert root.all_text() == "onetwothree"


@given(st.sampled_from(sorted(SITES)), st.data())
def test_mutated_pastes_read_or_give_one_parse_error(genre, data):
    make, render = SITES[genre]
    text = render(make(), "compact")
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 8))
        piece = data.draw(st.text("<>/=\"' 0123456789:;pxdivclasstop-{}[],", max_size=4))
        text = text[:at] + piece + text[at + cut:]
    try:
        formats.read(text)
    except ParseError as exc:
        assert exc.reason and "\n" not in str(exc)
