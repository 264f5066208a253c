"""Simple Loop: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, and the puzz.link and pzprv3 forms."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.genres import simpleloop

# Made by hand (blocks tried until one loop was left); its answer, checked by hand:
#   X ┌ ─ ─ ┐
#   ┌ ┘ X ┌ ┘
#   │ ┌ ┐ └ ┐
#   │ │ └ ┐ │
#   └ ┘ X └ ┘
TEXT = "X....\n..X..\n.....\n.....\n..X..\n"


def puzzle():
    return simpleloop.parse(TEXT, "sl.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def edge(a, b):
    return (a, b) if a < b else (b, a)


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert len(s.edges) == 22 and edge((1, 0), (1, 1)) in s.edges and edge((2, 1), (2, 2)) in s.edges
    assert simpleloop.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.blocked == {(0, 0), (1, 2), (4, 2)}
    assert simpleloop.parse(simpleloop.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("..\n.#\n", "bad.txt:2:2", "expected 'X' (blocked cell) or '.'"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        simpleloop.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert simpleloop.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = simpleloop.state_from_json(p, {"edges": [[[0, 1], [0, 2]]], "no_edges": [[[2, 0], [2, 1]]]})
    assert simpleloop.state_from_json(p, simpleloop.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, s = solved()
    cut = simpleloop.Solution(edges=s.edges - {edge((0, 1), (0, 2))})
    assert "the line ends at (0, 1)" in simpleloop.verify(p, cut)
    into = simpleloop.Solution(edges=s.edges | {edge((0, 0), (0, 1))})
    problems = simpleloop.verify(p, into)
    assert "the loop enters the blocked cell (0, 0)" in problems
    assert any("branches" in x or "3 lines" in x for x in problems), problems
    # two loops, one around the top left and one at the bottom right, leave cells out
    ring = lambda *cells: {edge(a, b) for a, b in zip(cells, cells[1:] + cells[:1])}  # noqa: E731
    two = simpleloop.Solution(edges=frozenset(ring((1, 0), (1, 1), (2, 1), (2, 0))
                                              | ring((3, 3), (3, 4), (4, 4), (4, 3))))
    problems = simpleloop.verify(p, two)
    assert "the loop misses (0, 1)" in problems
    assert "the line is in 2 separate pieces, not one loop" in problems


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_urls_and_pzprv3_boards_round_trip():
    p, s = solved()
    url = formats.to_url(p)
    assert url == "https://puzz.link/p?simpleloop/5/5/g4004"  # bits 10000 00100 00000 00000 00100
    assert formats.read(url) == ("simpleloop", p)
    assert formats.read_pzprv3(formats.write_pzprv3(p, s)) == ("simpleloop", p, s)
    empty = simpleloop.Puzzle(2, 2, blocks=[[None, None], [None, None]])
    assert formats.read("https://puzz.link/p?simpleloop/2/2/") == ("simpleloop", empty)  # no bits
    assert formats.read(formats.to_url(empty)) == ("simpleloop", empty)


@pytest.mark.parametrize("level", ["lines", "chain"])
def test_generated_puzzles_are_unique(level):
    from puzzlekit.generate import generate

    (made,) = generate("simpleloop", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert simpleloop.verify(made.puzzle, made.solution) == []


def test_the_planter_refuses_a_grid_without_a_loop():
    import random

    with pytest.raises(ValueError, match="holds no loop"):
        simpleloop.plant(random.Random(1), 1, 5)
