"""Double Back: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, the puzz.link and pzprv3 forms and pzprjs's own judge."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.genres import doubleback

# Made by the package's generator (5x5, seed 4); its answer, checked by hand against the rules
# (room 2 is entered at (0, 0) and at (1, 1), room 1 at (1, 0) and at (2, 0), room 0 at (2, 1)
# and at (1, 2)):
#   ┌ ─ ─ ┐ X
#   └ ┐ ┌ ┘ X
#   ┌ ┘ │ X X
#   │ X └ ┐ X
#   └ ─ ─ ┘ X
TEXT = "22222\n12022\n10022\n00002\n00002\n\n....X\n....X\n...XX\n.X..X\n....X\n"


def puzzle():
    return doubleback.parse(TEXT, "db.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def edge(a, b):
    return (a, b) if a < b else (b, a)


def ring(*cells):
    return frozenset(edge(a, b) for a, b in zip(cells, cells[1:] + cells[:1]))


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert len(s.edges) == 18 and edge((1, 0), (1, 1)) in s.edges and edge((2, 0), (2, 1)) in s.edges
    assert doubleback.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.blocked == {(0, 4), (1, 4), (2, 3), (2, 4), (3, 1), (3, 4), (4, 4)}
    assert doubleback.parse(doubleback.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("AB\nA!\n\n..\n..\n", "bad.txt:2:2", "expected a room label"),
    ("AB\nAB\n\n.#\n..\n", "bad.txt:4:2", "expected 'X' (blocked cell) or '.'"),
    ("AB\nABB\n\n..\n..\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        doubleback.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert doubleback.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = doubleback.state_from_json(p, {"edges": [[[0, 0], [0, 1]]], "no_edges": [[[3, 0], [3, 1]]]})
    assert doubleback.state_from_json(p, doubleback.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, s = solved()
    cut = doubleback.Solution(edges=s.edges - {edge((0, 1), (0, 2))})
    assert "the line ends at (0, 1)" in doubleback.verify(p, cut)
    into = doubleback.Solution(edges=s.edges | {edge((0, 3), (0, 4))})
    assert "the loop enters the blocked cell (0, 4)" in doubleback.verify(p, into)
    # a loop around the first two rows: it misses cells, enters room 1 once and room 2 once
    small = doubleback.Solution(edges=ring((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1), (1, 0)))
    problems = doubleback.verify(p, small)
    assert "the loop misses (2, 0)" in problems
    assert "the loop enters room 1 1 times, not twice" in problems
    # two loops: the one of the answer less its bottom, and a square below
    two = doubleback.Solution(edges=small.edges | ring((3, 2), (3, 3), (4, 3), (4, 2)))
    assert "the line is in 2 separate pieces, not one loop" in doubleback.verify(p, two)
    # a loop through room 0 three times: in and out of it along the left and bottom
    thrice = doubleback.Solution(edges=ring((1, 0), (1, 1), (1, 2), (2, 2), (3, 2), (3, 3), (4, 3), (4, 2),
                                            (4, 1), (4, 0), (3, 0), (2, 0)))
    assert "the loop enters room 0 1 times, not twice" in doubleback.verify(p, thrice)


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_urls_and_pzprv3_boards_round_trip_and_pzprjs_judges_our_answer_complete():
    from pzprjs_judge import judge

    p, s = solved()
    url = formats.to_url(p)
    genre, q = formats.read(url)
    assert genre == "doubleback" and formats.to_url(q) == url
    assert q.blocked == p.blocked and list(api.solve(q, unique=True).solutions) == [s]
    assert formats.read_pzprv3(formats.write_pzprv3(q, s)) == (genre, q, s)
    assert judge(p, s)["complete"] is True
    bad = doubleback.Solution(edges=s.edges - {edge((0, 1), (0, 2))})
    assert judge(p, bad)["complete"] is False


@pytest.mark.parametrize("level", ["lines", "chain"])
def test_generated_puzzles_are_unique(level):
    from puzzlekit.generate import generate

    (made,) = generate("doubleback", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert doubleback.verify(made.puzzle, made.solution) == []


def test_the_planter_refuses_a_grid_too_small():
    import random

    with pytest.raises(ValueError, match="holds no loop"):
        doubleback.plant(random.Random(1), 2, 3)
