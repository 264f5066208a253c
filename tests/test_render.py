"""Pictures: the SVG of every genre's example, read back as XML and counted against the puzzle.

Counts come from the puzzle and solution objects, never from numbers written here: pearls,
islands, clues, digits, queens, tents, trees, rectangles, and the segments of every line
(a line is drawn as one ``<path>`` per unbroken run, one ``L`` or closing ``Z`` per edge).
"""

from __future__ import annotations

import collections
import json
import random
import re
import struct
import subprocess
import sys
import types
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from conftest import EXAMPLES, ROOT, example_genre, kit_declaration, plants

import puzzlekit
from puzzlekit import genres, render
from puzzlekit.board import canvas as writer
from puzzlekit.board.answers import Digits, Shading
from puzzlekit.board.sides import Marks
from puzzlekit.board.slants import Slants
from puzzlekit.genres import masyu, sudoku

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def examples() -> dict[str, tuple]:
    """Each genre's example and its solution."""
    out = {}
    for name in genres.NAMES:
        module = genres.get(name)
        puzzle = module.parse((EXAMPLES / f"{name}01.txt").read_text(), f"{name}01.txt")
        result = puzzlekit.solve(puzzle)
        assert result.status == "solved"
        out[name] = (puzzle, result.solutions[0])
    return out


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == NS + "svg"
    return root


def find(root: ET.Element, *tokens: str, without: tuple[str, ...] = ()) -> list[ET.Element]:
    """Elements whose class holds every one of ``tokens`` and none of ``without``."""
    out = []
    for el in root.iter():
        have = set(el.get("class", "").split())
        if set(tokens) <= have and not have & set(without):
            out.append(el)
    return out


def segments(elements: list[ET.Element]) -> int:
    """Edges drawn by line paths: one L or Z each."""
    return sum(el.get("d", "").count("L") + el.get("d", "").count("Z") for el in elements)


def texts(elements: list[ET.Element]) -> list[str]:
    """The text of each element (or of the text elements inside it), sorted."""
    out = []
    for el in elements:
        out += [t.text or "" for t in el.iter(NS + "text")]
    return sorted(out)


def draw(examples, name, solved: bool, **kwargs) -> tuple[ET.Element, object, object]:
    puzzle, solution = examples[name]
    return parse(render.svg(puzzle, solution if solved else None, **kwargs)), puzzle, solution


# every genre --------------------------------------------------------------------------------


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
@pytest.mark.parametrize("name", genres.NAMES)
def test_a_standalone_svg_11_document(examples, name, solved):
    puzzle, solution = examples[name]
    text = render.svg(puzzle, solution if solved else None)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')
    root = parse(text)
    assert root.get("version") == "1.1"
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert width > 100 and height > 100
    tags = {el.tag for el in root.iter()}
    assert not tags & {NS + "image", NS + "script", NS + "foreignObject", NS + "use"}
    assert "href" not in text and "url(" not in text and "@import" not in text
    title = root.find(NS + "title").text.lower()
    assert title.replace(" ", "").replace("-", "").startswith(name)  # "Light Up", "Yin-Yang"
    # everything drawn lies on the canvas
    for el in root.iter(NS + "line"):
        for a, limit in (("x1", width), ("x2", width), ("y1", height), ("y2", height)):
            assert 0 <= float(el.get(a)) <= limit


def test_the_same_input_gives_the_same_bytes_in_any_process(examples):
    """Set and string hashing differ between processes (PYTHONHASHSEED); the pictures do not."""
    mine = {}
    for name, (puzzle, solution) in examples.items():
        mine[name] = render.svg(puzzle, solution, highlight={(0, 0), (1, 1)})
        assert mine[name] == render.svg(puzzle, solution, highlight=[(1, 1), (0, 0)])
    program = (
        "import json, sys, puzzlekit; from puzzlekit import genres, render\n"
        "out = {}\n"
        "for name in genres.NAMES:\n"
        f"    p = puzzlekit.load(name, {str(EXAMPLES)!r} + f'/{{name}}01.txt')\n"
        "    s = puzzlekit.solve(p).solutions[0]\n"
        "    out[name] = render.svg(p, s, highlight={(0, 0), (1, 1)})\n"
        "sys.stdout.write(json.dumps(out))\n"
    )
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, check=True,
                             env={"PYTHONHASHSEED": seed, "PATH": ""}, timeout=120)
        assert json.loads(out.stdout) == mine


def test_every_genre_has_a_picture_its_own_folder_or_board_layers_draw():
    assert [name for name in genres.NAMES if not render.has_picture(name)] == []
    assert render.has_picture(example_genre().NAME)  # a kit genre from outside the package
    for name in genres.NAMES:  # a variant draws with its base genre's picture
        module = genres.get(name)
        picture = genres.part(module, "picture")
        assert picture is None or picture.__name__ == f"{module.__package__}.picture"


def test_a_genre_with_no_picture_is_refused_by_name(monkeypatch):
    bare = types.ModuleType("bare")  # no draw hook, and no folder to hold a picture

    class Puzzle:
        height = width = 2

    bare.NAME, bare.Puzzle, bare.Solution = "bare", Puzzle, type("Solution", (), {})
    monkeypatch.setattr(genres, "module_of", lambda puzzle: bare)
    monkeypatch.setattr(genres, "get", lambda name: bare)
    assert not render.has_picture("bare")
    with pytest.raises(render.RenderError, match="no picture for bare"):
        render.svg(Puzzle())


@pytest.mark.parametrize("name", genres.NAMES)
def test_highlight_draws_each_named_cell_once(examples, name):
    cells = {(0, 0), (1, 2), (2, 1)}
    root, _, _ = draw(examples, name, solved=False, highlight=list(cells) + [(0, 0)])
    assert len(find(root, "highlight")) == len(cells)
    assert find(parse(render.svg(examples[name][0])), "highlight") == []


@pytest.mark.parametrize("name", genres.NAMES)
def test_a_highlight_off_the_grid_is_refused(examples, name):
    puzzle, _ = examples[name]
    with pytest.raises(render.RenderError, match="cannot highlight"):
        render.svg(puzzle, highlight=[(puzzle.height, 0)])
    with pytest.raises(render.RenderError):
        render.svg(puzzle, highlight=["a1"])


# a player's state: every answer-key value of the solution, entered as known ------------------


@pytest.fixture(scope="module")
def answers(examples) -> dict[str, dict]:
    """The full answer key of each example (unique, so the backbone is the whole key)."""
    return {name: puzzlekit.determined(puzzle) for name, (puzzle, _) in examples.items()}


#: The class of a state's known-present entries, by genre written by hand (a kit genre's are
#: read off its answer layer: `drawn`).
STATE_MARK = {
    "masyu": "loop", "slitherlink": "loop", "tracks": "path", "numberlink": "path", "zip": "path",
    "hashi": "bridge", "sudoku": "digit", "nonogram": "filled", "queens": "queen", "tents": "tent",
    "patches": "rect", "wend": "known", "swend": "known",
}
LINES = {"masyu", "slitherlink", "tracks", "numberlink", "zip"}
#: Hand-written genres whose state draws nothing known absent: no digit is 0; a rectangle
#: known absent, or a letter known not in a cell, has no mark.
NO_ABSENT = {"sudoku", "patches", "wend", "swend"}


def drawn(name: str) -> tuple[str, Any, bool]:
    """What a genre's state is drawn with: the class of a player's entries, the kit's answer
    layer (None for a genre written by hand) and whether known-absent entries get a mark. A kit
    layer that writes a value in each cell draws digits; a two-valued one draws its key (lamp,
    shaded, join, slant), and its other value with an ``absent`` mark when it names one, as
    Magnets' blank pole (0, a dot) is."""
    if name in STATE_MARK:
        return STATE_MARK[name], None, name not in NO_ABSENT
    (layer,) = kit_declaration(genres.get(name)).answers  # a kit genre of several layers: say how
    mark = "digit" if isinstance(layer, Digits) else layer.key
    return mark, layer, getattr(layer, "absent", None) is not None or isinstance(layer, Marks)


@pytest.mark.parametrize("name", genres.NAMES)
def test_a_state_draws_known_present_and_known_absent_entries(examples, answers, name):
    draws_the_state(examples[name][0], answers[name], name)


def test_a_kit_layer_that_draws_a_players_entries_unmarked_is_caught(examples, answers, monkeypatch):
    # a planted fault: the kit's shading drops the class of a player's entries; the class the
    # test expects is read off the layer, so it must still catch it
    draw = Shading.draw

    def unmarked(self, canvas, layout, value, player=False):
        key, self.key = self.key, "cell"
        try:
            draw(self, canvas, layout, value, player)
        finally:
            self.key = key

    draws_the_state(examples["hitori"][0], answers["hitori"], "hitori")
    monkeypatch.setattr(Shading, "draw", unmarked)
    with pytest.raises(AssertionError):
        draws_the_state(examples["hitori"][0], answers["hitori"], "hitori")


def draws_the_state(puzzle, key, name) -> None:
    root = parse(render.svg(puzzle, state=key))
    zeros = [k for k, v in key.items() if v == 0]
    nonzero = {k: v for k, v in key.items() if v}
    mark, layer, absent_marks = drawn(name)
    marks = find(root, mark, "state")
    if name in LINES:
        assert segments(marks) == len(nonzero)
    elif isinstance(layer, Slants):  # a diagonal either way in every cell: a backslash for 1, a slash for 0
        assert len(marks) == len(key) and len(find(root, "slant", "forward", "state")) == len(zeros)
    elif name == "hashi":
        assert len(marks) == sum(nonzero.values())
    elif name == "sudoku":
        assert len(marks) == len(nonzero) - len(puzzle.givens())
        entered = [str(v) for k, v in nonzero.items() if (k[1], k[2]) not in puzzle.givens()]
        assert texts(marks) == sorted(entered)
    else:
        assert len(marks) == len(nonzero)
    absent = find(root, "absent")
    if absent_marks:
        assert len(absent) == len(zeros) > 0
    else:
        assert absent == []
    # no solution was given, so nothing is drawn as solved
    solved = find(root, mark, without=("state",))
    assert [el for el in solved if el.tag != NS + "g"] == []  # a layer's group may share the name


def test_a_state_outside_the_answer_key_is_refused(examples):
    puzzle, _ = examples["masyu"]
    with pytest.raises(render.RenderError, match="answer key"):
        render.svg(puzzle, state={("edge", (0, 0), (1, 1)): 1})
    with pytest.raises(render.RenderError, match="0..1"):
        render.svg(puzzle, state={("edge", (0, 0), (0, 1)): 2})
    with pytest.raises(render.RenderError):
        render.svg(puzzle, state=[("edge", (0, 0), (0, 1))])
    hashi_puzzle, _ = examples["hashi"]
    with pytest.raises(render.RenderError, match="0..2"):
        render.svg(hashi_puzzle, state={("bridge", (0, 1), (0, 3)): 3})


def test_wrong_objects_are_refused(examples):
    puzzle, _ = examples["masyu"]
    _, other = examples["slitherlink"]
    with pytest.raises(TypeError, match="masyu Solution"):
        render.svg(puzzle, other)
    with pytest.raises(TypeError, match="not a puzzlekit puzzle"):
        render.svg("0 1\n")


# per genre: what is drawn matches the puzzle and the solution ----------------------------


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_masyu_pearls_and_loop(examples, solved):
    root, puzzle, solution = draw(examples, "masyu", solved)
    kinds = collections.Counter(puzzle.pearls().values())
    assert len(find(root, "pearl", "white")) == kinds[masyu.WHITE]
    assert len(find(root, "pearl", "black")) == kinds[masyu.BLACK]
    assert segments(find(root, "loop")) == (len(solution.edges) if solved else 0)
    if solved:
        assert len(find(root, "loop")) == 1  # one closed loop, one unbroken path
        assert find(root, "loop")[0].get("d").endswith("Z")


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_slitherlink_dots_clues_and_loop(examples, solved):
    root, puzzle, solution = draw(examples, "slitherlink", solved)
    assert len(find(root, "dot")) == (puzzle.height + 1) * (puzzle.width + 1)
    assert texts(find(root, "clue")) == sorted(str(v) for v in puzzle.clues().values())
    assert segments(find(root, "loop")) == (len(solution.edges) if solved else 0)


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_hashi_islands_and_bridges(examples, solved):
    root, puzzle, solution = draw(examples, "hashi", solved)
    islands = puzzle.islands()
    assert len(find(root, "island")) == len(islands)
    assert texts(find(root, "clue")) == sorted(str(v) for v in islands.values())
    bridges = solution.bridges if solved else ()
    assert len(find(root, "bridge", "single")) == sum(1 for *_, k in bridges if k == 1)
    assert len(find(root, "bridge", "double")) == sum(2 for *_, k in bridges if k == 2)
    assert len(find(root, "bridge")) == sum(k for *_, k in bridges)


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_tracks_totals_outside_the_grid_givens_and_path(examples, solved):
    root, puzzle, solution = draw(examples, "tracks", solved)
    columns, rows = find(root, "count", "column"), find(root, "count", "row")
    assert texts(columns) == sorted(map(str, puzzle.cols))
    assert texts(rows) == sorted(map(str, puzzle.rows))
    border = find(root, "border")[0]
    top, right = float(border.get("y")), float(border.get("x")) + float(border.get("width"))
    assert all(float(t.get("y")) < top for t in columns)
    assert all(float(t.get("x")) > right for t in rows)
    assert len(find(root, "given")) == len(puzzle.givens)
    assert segments(find(root, "path")) == (len(solution.edges) if solved else 0)
    assert len(find(root, "end")) == 2


def test_tracks_given_pieces_are_drawn():
    puzzle = genres.get("tracks").random_puzzle(random.Random(3), 6, 7, givens=4, start=(2, 0), end=(5, 6))
    assert puzzle.givens
    root = parse(render.svg(puzzle))
    givens = find(root, "given")
    assert len(givens) == len(puzzle.givens)
    assert all(el.get("d").count("L") == 2 for el in givens)  # each piece: side, centre, side


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_numberlink_numbers_and_a_colour_per_path(examples, solved):
    root, puzzle, solution = draw(examples, "numberlink", solved)
    numbers = puzzle.numbers()
    assert texts(find(root, "number")) == sorted(str(k) for k in numbers.values())
    by_number = collections.Counter(
        solution.cells[a[0]][a[1]] or solution.cells[b[0]][b[1]] for a, b in solution.edges
    ) if solved else collections.Counter()
    colours = set()
    for k in sorted(set(numbers.values())):
        paths = find(root, "path", f"n{k}")
        assert segments(paths) == by_number[k]
        colours |= {el.get("stroke") for el in paths}
    assert segments(find(root, "path")) == (len(solution.edges) if solved else 0)
    if solved:
        assert len(colours) == len(set(numbers.values()))


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_sudoku_box_lines_givens_and_solved_digits(examples, solved):
    root, puzzle, solution = draw(examples, "sudoku", solved)
    givens = puzzle.givens()
    given = find(root, "given")
    assert texts(given) == sorted(str(v) for v in givens.values())
    digits = find(root, "digit")
    if solved:
        expected = [str(v) for r, row in enumerate(solution.grid) for c, v in enumerate(row)
                    if (r, c) not in givens]
        assert texts(digits) == sorted(expected)
        assert {el.get("font-weight") for el in given}.isdisjoint({el.get("font-weight") for el in digits})
    else:
        assert digits == []
    br, bc = puzzle.box
    heavy = find(root, "grid", "box")
    assert len(heavy) == (puzzle.n // br - 1) + (puzzle.n // bc - 1)
    thin = find(root, "grid", without=("box",))
    widths = [float(el.get("stroke-width")) for el in heavy], [float(el.get("stroke-width")) for el in thin]
    assert min(widths[0]) > max(widths[1])


def test_sudoku_boxes_follow_a_box_header():
    puzzle = sudoku.parse("box: 2x3\n" + "......\n" * 6)
    heavy = find(parse(render.svg(puzzle)), "grid", "box")
    horizontal = [el for el in heavy if el.get("y1") == el.get("y2")]
    assert (len(horizontal), len(heavy) - len(horizontal)) == (2, 1)


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_nonogram_clues_in_the_margins_and_filled_cells(examples, solved):
    root, puzzle, solution = draw(examples, "nonogram", solved)
    border = find(root, "border")[0]
    top, left = float(border.get("y")), float(border.get("x"))
    columns, rows = find(root, "clue", "column"), find(root, "clue", "row")
    assert texts(columns) == sorted(str(k) for clue in puzzle.cols for k in clue or (0,))
    assert texts(rows) == sorted(str(k) for clue in puzzle.rows for k in clue or (0,))
    assert all(float(t.get("y")) < top for t in columns)
    assert all(float(t.get("x")) < left for t in rows)
    filled = find(root, "filled")
    assert len(filled) == (sum(map(sum, solution.grid)) if solved else 0)
    assert {el.get("fill") for el in filled} <= {"#000000"}


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_queens_regions_borders_and_crowns(examples, solved):
    root, puzzle, solution = draw(examples, "queens", solved)
    regions = puzzle.regions()
    fills = []
    for index, cells in enumerate(regions.values()):
        drawn = find(root, "cell", f"region-{index}")
        assert len(drawn) == len(cells)
        assert len({el.get("fill") for el in drawn}) == 1
        fills.append(drawn[0].get("fill"))
    assert len(set(fills)) == len(regions)  # 8 regions, 9 colours: each its own
    assert set(fills) <= set(writer.TOL_LIGHT)
    owner = {cell: label for label, cells in regions.items() for cell in cells}
    sides = sum(
        1 for (r, c), label in owner.items() for other in ((r, c + 1), (r + 1, c))
        if other in owner and owner[other] != label
    )
    assert len(find(root, "region-border")) == sides
    assert len(find(root, "queen")) == (len(solution.queens) if solved else 0)


def test_queens_with_more_regions_than_colours_keep_touching_regions_apart():
    puzzle = genres.get("queens").random_puzzle(random.Random(5), 12, 12)
    root = parse(render.svg(puzzle))
    colour = {}
    for index, cells in enumerate(puzzle.regions().values()):
        for el, cell in zip(find(root, "cell", f"region-{index}"), cells):
            colour[cell] = el.get("fill")
    owner = {cell: label for label, cells in puzzle.regions().items() for cell in cells}
    for (r, c), label in owner.items():
        for other in ((r, c + 1), (r + 1, c)):
            if other in owner and owner[other] != label:
                assert colour[other] != colour[(r, c)]


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_zip_numbers_walls_and_path(examples, solved):
    root, puzzle, solution = draw(examples, "zip", solved)
    assert texts(find(root, "number")) == sorted(str(k) for k in range(1, puzzle.last + 1))
    assert len(find(root, "disc")) == puzzle.last
    assert len(find(root, "wall")) == len(puzzle.walls)
    assert segments(find(root, "path")) == (len(solution.path) - 1 if solved else 0)


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_tents_trees_tents_and_counts(examples, solved):
    root, puzzle, solution = draw(examples, "tents", solved)
    assert len(find(root, "tree")) == len(puzzle.trees)
    assert len(find(root, "tent")) == (len(solution.tents) if solved else 0)
    assert texts(find(root, "count", "column")) == sorted(map(str, puzzle.cols))
    assert texts(find(root, "count", "row")) == sorted(map(str, puzzle.rows))


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
def test_patches_clues_and_rectangles(examples, solved):
    root, puzzle, solution = draw(examples, "patches", solved)
    clues = puzzle.clues()
    assert len(find(root, "clue")) == len(clues)
    shapes = collections.Counter(clue.shape or "any" for clue in clues.values())
    for shape, n in shapes.items():
        assert len(find(root, "shape", shape)) == n
    shown = [str(c.area) if c.area is not None else "?" for c in clues.values() if c.area or not c.shape]
    assert texts(find(root, "area")) == sorted(shown)
    rects = find(root, "rect")
    assert len(rects) == (len(solution.rects) if solved else 0)
    if solved:  # each outline spans its rectangle's cells, in proportion
        cell = render.common.CELL
        sizes = sorted((round(float(el.get("height")) / cell), round(float(el.get("width")) / cell))
                       for el in rects)
        assert sizes == sorted((h, w) for _, _, h, w in solution.rects)


@pytest.mark.parametrize("solved", [False, True], ids=["puzzle", "solved"])
@pytest.mark.parametrize("name", ["wend", "swend"])
def test_wend_letters_blocked_cells_words_and_a_path_per_word(examples, name, solved):
    root, puzzle, solution = draw(examples, name, solved)
    letters = puzzle.letters()
    assert texts(find(root, "letter")) == sorted(letters.values())
    blocked = sum(ch == "#" for row in puzzle.grid for ch in row)
    assert len(find(root, "blocked")) == blocked > 0
    assert texts(find(root, "word")) == sorted(puzzle.words)
    paths = find(root, "path")
    if not solved:
        assert paths == [] and find(root, "start") == []
        return
    assert len(paths) == len(puzzle.words) == len(find(root, "start"))
    assert segments(paths) == sum(len(cells) - 1 for _, cells in solution.paths)
    for k, (word, _) in enumerate(solution.paths):  # each word its own colour, in word order
        (path,) = find(root, "path", f"w{k}")
        assert path.get("stroke") == find(root, "swatch", f"w{k}")[0].get("fill")
        assert path.get("d").count("L") == len(word) - 1
    assert len({p.get("stroke") for p in paths}) == len(paths)
    assert root.find(NS + "title").text.startswith("Swend" if name == "swend" else "Wend")


# random puzzles of odd shapes ---------------------------------------------------------------


#: The shapes a hand-written genre's random puzzles are drawn at (others: `ODD`).
SHAPES = {"sudoku": [(4, 4), (6, 6)], "queens": [(4, 4), (5, 5)]}
ODD = [(1, 3), (3, 1), (2, 5), (5, 2)]


def shapes(name: str) -> list[tuple[int, int]]:
    """A kit genre's shapes come from its declaration: squares from its smallest side up when
    its planter makes only squares, the odd shapes otherwise (and its smallest oblong, for a
    genre too big for every odd shape)."""
    module = genres.get(name)
    if name in SHAPES or getattr(module, "GENRE", None) is None:
        return SHAPES.get(name, ODD)
    lo = kit_declaration(module).sizes[0]
    if plants(module, lo, lo + 1):
        return ODD + [(lo, lo + 1)] if lo > 2 else ODD
    return [(lo, lo), (lo + 2, lo + 2)]


@pytest.mark.parametrize("name", genres.NAMES)
def test_random_puzzles_of_odd_shapes_draw(name):
    module = genres.get(name)
    rng = random.Random(7)
    made = 0
    for h, w in shapes(name):
        try:
            puzzle = module.random_puzzle(rng, h, w)
        except ValueError:  # a shape the genre cannot make
            continue
        root = parse(render.svg(puzzle))
        assert float(root.get("width")) > 0
        made += 1
    assert made > 0  # some shape was drawn


# the writer and PNG ---------------------------------------------------------------------------


def test_text_and_attributes_are_escaped():
    canvas = writer.Canvas(10, 10, title='a <b> & "c"')
    canvas.text(5, 5, '<&>"\x01', 4, cls="note")
    canvas.rect(0, 0, 1, 1, cls='x" onload="y')
    root = parse(canvas.to_string())
    assert root.find(NS + "title").text == 'a <b> & "c"'
    assert find(root, "note")[0].text == '<&>"\ufffd'
    assert [el.get("class") for el in root.iter(NS + "rect")][-1] == 'x" onload="y'
    assert writer.num(0.1 + 0.2) == "0.3" and writer.num(-0.001) == "0" and writer.num(40.0) == "40"


def test_png_without_the_rasteriser_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import now fails
    with pytest.raises(render.RasteriserUnavailable, match=re.escape("pip install 'puzzlekit[png]'")):
        render.png(writer.Canvas(10, 10).to_string())
    assert issubclass(render.RasteriserUnavailable, puzzlekit.PuzzlekitError)


def test_png_refuses_a_bad_scale():
    with pytest.raises(ValueError, match="scale"):
        render.png("<svg/>", scale=0)


@pytest.mark.parametrize("scale", [1, 2])
def test_png_has_the_signature_and_the_scaled_size(examples, scale):
    pytest.importorskip("resvg_py")
    puzzle, solution = examples["hashi"]
    text = render.svg(puzzle, solution)
    root = parse(text)
    data = render.png(text, scale=scale)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width == round(float(root.get("width")) * scale)
    assert height == round(float(root.get("height")) * scale)
    # the picture is not blank: it is larger than an image of one colour would compress to
    assert len(data) > 2000

