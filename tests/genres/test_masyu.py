"""Masyu: the seed instance, the rule checker against corrupted loops, the model against brute force."""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import EXAMPLES
from refusals import cell_edges, file_and_data_agree, judged, refused

from puzzlekit import grid
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError
from puzzlekit.genres import masyu


def ring(top: int, left: int, height: int, width: int) -> frozenset:
    """The edges of the rectangular loop around a block of cells."""
    cells = [(top, c) for c in range(left, left + width)]
    cells += [(r, left + width - 1) for r in range(top + 1, top + height)]
    cells += [(top + height - 1, c) for c in range(left + width - 2, left - 1, -1)]
    cells += [(r, left) for r in range(top + height - 2, top, -1)]
    return frozenset(grid.edge(a, b) for a, b in zip(cells, cells[1:] + cells[:1]))


def puzzle(text: str) -> masyu.Puzzle:
    return masyu.parse(text, "test")


def test_seed_instance_is_unique_and_valid():
    p = masyu.parse((EXAMPLES / "masyu01.txt").read_text(), "masyu01.txt")
    result = cpsat.solve(masyu.model(p), limit=2)
    assert result.status == "solved"
    assert len(result.solutions) == 1 and result.complete
    solution = masyu.decode(p, result.solutions[0])
    assert masyu.verify(p, solution) == []
    assert all(len(d) == 2 for d in masyu._common.line_directions(solution.edges).values())


def test_two_solutions_are_both_found_and_valid():
    p = puzzle("0 1 0 0\n0 0 0 0\n")
    result = cpsat.solve(masyu.model(p), limit=10)
    found = {masyu.decode(p, a).edges for a in result.solutions}
    assert found == {ring(0, 0, 2, 3), ring(0, 0, 2, 4)}
    assert result.complete


@pytest.mark.parametrize(
    "text, edges, expected",
    [
        ("0 0 0\n0 0 0\n0 0 0\n", frozenset(), "no loop"),
        ("0 0 0\n0 0 0\n0 0 0\n", ring(0, 0, 3, 3) | {((0, 1), (1, 1))}, "branches"),
        ("0 0 0\n0 0 0\n0 0 0\n", ring(0, 0, 3, 3) - {((0, 0), (0, 1))}, "ends"),
        ("0 0\n0 0\n0 0\n0 0\n0 0\n", ring(0, 0, 2, 2) | ring(3, 0, 2, 2), "separate pieces"),
        ("0 0 0\n0 2 0\n0 0 0\n", ring(0, 0, 3, 3), "does not pass through the black pearl"),
        ("1 0 0\n0 0 0\n0 0 0\n", ring(0, 0, 3, 3), "turns on the white pearl"),
        ("0 0 1 0 0\n0 0 0 0 0\n", ring(0, 0, 2, 5), "straight through both neighbours"),
        ("0 2 0 0\n0 0 0 0\n0 0 0 0\n", ring(0, 0, 3, 4), "goes straight on the black pearl"),
        ("2 0 0\n0 0 0\n", ring(0, 0, 2, 3), "turns at (1, 0), next to the black pearl"),
        ("0 0\n0 0\n", frozenset({((0, 0), (1, 1))}), "does not join orthogonal neighbours"),
        ("0 0\n0 0\n", ring(0, 0, 2, 2) | {((1, 1), (1, 2))}, "leaves the 2x2 grid"),
    ],
)
def test_verify_names_each_broken_rule(text, edges, expected):
    problems = masyu.verify(puzzle(text), masyu.Solution(frozenset(edges)))
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize(
    "text, edges",
    [
        ("0 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", ring(0, 0, 4, 4)),
        ("2 0 0\n0 0 0\n0 0 0\n", ring(0, 0, 3, 3)),
    ],
)
def test_verify_accepts_loops_that_keep_the_rules(text, edges):
    assert masyu.verify(puzzle(text), masyu.Solution(edges)) == []


def all_valid_loops(p: masyu.Puzzle) -> set[frozenset]:
    """Every edge subset that the rule checker accepts (brute force, tiny grids only)."""
    edges = list(grid.cell_edges(p.height, p.width))
    out = set()
    for mask in range(1, 1 << len(edges)):
        chosen = frozenset(e for i, e in enumerate(edges) if mask >> i & 1)
        if not masyu.verify(p, masyu.Solution(chosen)):
            out.add(chosen)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_model_admits_exactly_the_loops_the_rules_admit(seed):
    rng = random.Random(seed)
    h, w = rng.choice([(3, 3), (2, 4), (2, 5)])
    p = masyu.random_puzzle(rng, h, w, density=rng.choice([0.15, 0.3, 0.5]))
    result = cpsat.solve(masyu.model(p), limit=200)
    assert result.complete
    assert {masyu.decode(p, a).edges for a in result.solutions} == all_valid_loops(p)


def test_format_parse_round_trip():
    rng = random.Random(5)
    for h, w in itertools.product((1, 3, 6), (2, 5)):
        p = masyu.random_puzzle(rng, h, w, density=0.4)
        assert masyu.parse(masyu.format(p), "x") == p


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("0 1 0\n0 3 0\n", 2, 3, "expected 0 (empty), 1 (white) or 2 (black)"),
        ("0 1 0\n0 0\n", 2, 4, "ragged grid"),
        ("0 1 0\n0 0 0 0\n", 2, 7, "ragged grid"),
        ("# a comment\n\n0 x\n", 3, 3, "found 'x'"),
        ("size: 3\n0 0\n", 1, 1, "unknown header"),
    ],
)
def test_bad_files_name_line_and_column(text, line, column, words):
    with pytest.raises(ParseError) as info:
        masyu.parse(text, "bad.txt")
    err = info.value
    assert (err.source, err.line, err.column) == ("bad.txt", line, column)
    assert words in str(err)
    assert str(err).startswith(f"bad.txt:{line}:{column}: ")


def test_solution_json_round_trip():
    p = puzzle("0 1 0 0\n0 0 0 0\n")
    solution = masyu.Solution(ring(0, 0, 2, 4))
    assert masyu.solution_from_json(p, solution.to_json()) == solution
    data = solution.to_json()["edges"]
    assert data == sorted(data) and all(a <= b for a, b in data)


# --- puzzles made in Python ------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message",
    [
        (5, "grid: expected a tuple of rows, found 5"),
        ((), "grid: grid must have at least one row and column, got 0x0"),
        (((),), "grid: grid must have at least one row and column, got 1x0"),
        (("010",), "grid[0]: expected a row (a tuple of cells), found '010'"),
        (((0, 1, 0), (0, 0), (0, 0, 0)),
         "grid[1]: ragged grid: expected 3 cells in this row (as in row 0), found 2"),
        (((0, 7),), "grid[0][1]: expected 0 (empty), 1 (white) or 2 (black), found 7"),
        (((0, -1),), "grid[0][1]: expected 0 (empty), 1 (white) or 2 (black), found -1"),
        (((True, 0),), "grid[0][0]: expected 0 (empty), 1 (white) or 2 (black), found True"),
        ((("1", 0),), "grid[0][0]: expected 0 (empty), 1 (white) or 2 (black), found '1'"),
        (((0,) * 1001,), "grid: grid 1x1001 is over the size limit (1000 rows or columns, 40000 cells)"),
        (((0,) * 201,) * 200,
         "grid: grid 200x201 is over the size limit (1000 rows or columns, 40000 cells)"),
    ],
)
def test_puzzle_data_is_checked_when_made(data, message):
    assert refused(masyu.Puzzle, data) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_and_agrees_with_the_parser():
    p = masyu.Puzzle([[0, 1], [2, 0]])
    assert p.grid == ((0, 1), (2, 0)) and p == puzzle("0 1\n2 0\n") and hash(p) == hash(puzzle("0 1\n2 0\n"))
    file_and_data_agree(puzzle, "0 1\n0 7\n", lambda: masyu.Puzzle(((0, 1), (0, 7))))


# --- solution JSON ---------------------------------------------------------------------------


SMALL = "0 1 0\n0 0 0\n"


@pytest.mark.parametrize(
    "data, message",
    [
        ({}, "solution JSON has no 'edges' field"),
        ({"edges": 3}, "solution field 'edges' must be a list, found 3"),
        ({"edges": [[[0, 0]]]}, "edges[0]: expected a pair of points, found [[0, 0]]"),
        ({"edges": [[[0, 0], [0, "1"]]]}, "edges[0][1]: expected [row, col], found [0, '1']"),
        ({"edges": [[[0, 0], [0, 1.0]]]}, "edges[0][1]: expected [row, col], found [0, 1.0]"),
        ({"edges": [[[0, 0], [0, True]]]}, "edges[0][1]: expected [row, col], found [0, True]"),
        ({"edges": [[[0, 0], [0, 1]], [[2147483648, 0], [0, 0]]]},
         "edges[1][0]: (2147483648, 0) is outside the 2x3 grid"),
        ({"edges": [[[0, 0], [0, 1]], [[0, -1], [0, 0]]]}, "edges[1][0]: (0, -1) is outside the 2x3 grid"),
        ({"edges": [[[0, 0], [0, 10**400]]]},
         "edges[0][1]: (0, 100000000000000000...0000000000000000000) is outside the 2x3 grid"),
        ({"edges": [[[0, 0], [0, 1]], [[0, 1], [0, 0]]]},
         "edges[1]: the edge (0, 0)-(0, 1) is listed twice (first as edges[0])"),
        ({"edges": [[list(range(10_000)), [0, 0]]]},
         "edges[0][0]: expected [row, col], found [0, 1, 2, 3, 4, 5, ...]"),
    ],
)
def test_malformed_solution_json_is_refused(data, message):
    assert judged(masyu, puzzle(SMALL), data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast():
    row = " ".join("1" if c % 7 == 0 else "0" for c in range(200)) + "\n"
    big = puzzle(row * 200)
    problems = judged(masyu, big, {"edges": cell_edges(200, 200)})  # every edge: the line branches everywhere
    assert len(problems) > 40_000 and "the line branches at (0, 1)" in problems
    message = judged(masyu, big, {"edges": [[[0, 0], [0, 1]]] * 100_000})
    assert message.endswith("is listed twice (first as edges[0])")
