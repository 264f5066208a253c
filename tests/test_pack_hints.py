"""The hints a pack stores (puzzlekit/pack/hints.py): each puzzle's chain of deductions in the
page's terms. For every genre, a small generated puzzle (and the bundled example where its chain
is quick to work out) gets a chain whose steps, entered in turn, give exactly the page's
solution (worked out here from the stored answer, apart from the hints), within the size limit;
a puzzle whose chain cannot be worked out or does not fit goes in without hints, saying why.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import EXAMPLES, example_genre

from puzzlekit import api, load
from puzzlekit.board import layers
from puzzlekit.errors import OutOfTime
from puzzlekit.generate import generate
from puzzlekit.pack import MAX_HINT_BYTES, PLAYABLE, build_pack, decode, encode, hints, kit, pack_data
from puzzlekit.pack.shapes import CROSS, cell_key, edge_key

#: Examples whose chain takes a few seconds at most; the others (Sudoku's, Queens', Tracks',
#: Numberlink's) are tested on the small generated puzzles only.
QUICK_EXAMPLES = ("masyu", "hashi", "slitherlink", "nonogram", "zip", "tents", "patches", "wend", "swend")
#: The genres whose page entries are counts (bridges, digits) rather than marks.
COUNTS = ("hashi", "sudoku")


def page_solution(entry: dict[str, Any]) -> dict[str, int]:
    """What the page holds as the solution (P.sol), read off the stored answer by its shape."""
    puzzle, answer = decode(entry)
    if isinstance(answer, tuple):  # rows of digits (the givens are not entered), or of 0/1
        givens = getattr(puzzle, "grid", None) if entry.get("gv") else None
        if givens is None:
            return {cell_key(r, c): 1 for r, row in enumerate(answer) for c, v in enumerate(row) if v}
        return {cell_key(r, c): v for r, row in enumerate(answer) for c, v in enumerate(row)
                if not givens[r][c]}
    items = list(answer)
    if all(len(x) == 3 for x in items):  # bridges (a, b, count)
        return {edge_key(a, b): k for a, b, k in items}
    if all(len(x) == 4 for x in items):  # rectangles
        return {",".join(map(str, x)): 1 for x in items}
    if all(isinstance(x[0], tuple) for x in items):  # steps between cells or dots
        return {edge_key(a, b): 1 for a, b in items}
    return {cell_key(r, c): 1 for r, c in items}


def small(name: str) -> tuple[Any, Any]:
    made = next(iter(generate(name, 5, 5, count=1, seed=1)))
    return made.puzzle, made.solution


def check_chain(name: str, puzzle: Any, solution: Any) -> dict[str, Any]:
    data = hints.hint_data(puzzle, time_limit=60)
    assert "s" in data, f"{name}: no chain ({data.get('x')})"
    size = len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())
    assert size <= MAX_HINT_BYTES
    assert all(step[3] for step in data["s"]), "every stored step makes an entry"
    final = hints.replay(data)
    # a 2 is a line or cell marked empty, except where the page enters counts (bridges, digits)
    played = {k: v for k, v in final.items() if name in COUNTS or v != CROSS}
    assert played == page_solution(encode(name, puzzle, solution)), name
    h, w = puzzle.height, puzzle.width
    for step in data["s"]:  # masks of one bit a cell, six to a character
        assert len(step[1]) == len(step[2]) == -(-h * w // 6)
    return data


@pytest.mark.parametrize("name", PLAYABLE)
def test_every_genre_gets_a_chain_that_solves_the_page(name):
    puzzle, solution = small(name)
    data = check_chain(name, puzzle, solution)
    said = iter(h.words for h in api.explain(puzzle))  # the stored steps: the chain's, in its order
    stored = [hints.words(data, i) for i in range(len(data["s"]))]
    assert all(any(words == other for other in said) for words in stored)


@pytest.mark.parametrize("name", QUICK_EXAMPLES)
def test_the_examples_get_a_chain(name):
    puzzle = load(name, EXAMPLES / f"{name}01.txt")
    check_chain(name, puzzle, api.solve(puzzle, unique=True).solutions[0])


def test_a_kit_genre_gets_a_chain():
    name = example_genre().NAME
    puzzle, solution = small(name)
    check_chain(name, puzzle, solution)


def test_a_chain_not_worked_out_or_too_long_leaves_the_puzzle_without_hints(monkeypatch):
    puzzle, solution = small("masyu")
    def out_of_time(*args: Any, **kwargs: Any) -> None:
        raise OutOfTime("the time limit ended")

    monkeypatch.setattr(api, "explain", out_of_time)
    data = pack_data([(puzzle, solution, "p")])
    assert data["hints"] == [{"x": "the hints could not be worked out (the time limit ended)"}]
    monkeypatch.undo()
    monkeypatch.setattr(hints, "MAX_HINT_BYTES", 100)
    assert hints.hint_data(puzzle)["x"].endswith("over the limit of 100")
    assert "hints" not in pack_data([(puzzle, solution, "p")], hints=False)


def test_a_pack_page_has_the_hint_button_and_the_chains(tmp_path):
    items = [(*small(name), name) for name in ("masyu", "queens")]
    index = build_pack(items, tmp_path)
    html = index.read_text()
    assert 'id="hint"' in html
    data = pack_data(items)
    assert data == pack_data(items)  # the chains are worked out the same way every time
    assert len(data["hints"]) == 2 and all("s" in h for h in data["hints"])
    assert [e["id"] for e in data["puzzles"]] == [e["id"] for e in pack_data(items, hints=False)["puzzles"]]


@pytest.mark.parametrize(("layer", "known", "entries"), [
    (layers.Digits(key="digit"), {("digit", 0, 1): 3, ("shaded", 0, 0): 1}, {"0,1": 3}),
    (layers.Lines(), {("edge", (1, 0), (1, 1)): 1, ("edge", (0, 0), (1, 0)): 0},
     {"1,0,1,1": 1, "0,0,1,0": CROSS}),
    (layers.Shading(), {("shaded", 2, 1): 1, ("shaded", 0, 0): 0, ("digit", 0, 1): 3},
     {"2,1": 1, "0,0": CROSS}),
])
def test_a_kit_genres_page_entries_come_from_its_answer_layer(layer, known, entries):
    module = SimpleNamespace(GENRE=SimpleNamespace(answers=[layer]), NAME="made")
    assert kit.page_entries(module, None, known) == entries
