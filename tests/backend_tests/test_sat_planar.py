"""The sat backend's planar parities: kept by every solution, able to cut, added where meant."""

from __future__ import annotations

import dataclasses
import importlib.util
import itertools
import random

import pytest
from bruteforce import as_set

from puzzlekit import grid
from puzzlekit.backends import sat, sat_planar
from puzzlekit.errors import UnknownName
from puzzlekit.genres import numberlink
from puzzlekit.ir import Edge, ModelBuilder

pytestmark = pytest.mark.skipif(importlib.util.find_spec("pysat") is None, reason="python-sat missing")


def puzzle(seed: int) -> numberlink.Puzzle:
    """A small random Numberlink, cover and u-turn rule varying with the seed."""
    rng = random.Random(seed)
    h, w = rng.choice([(4, 5), (5, 5), (5, 6)])
    cover = "any" if seed % 2 else "all"
    base = numberlink.random_puzzle(rng, h, w, cover=cover, pairs=rng.choice([2, 3, 4]))
    return dataclasses.replace(base, uturns="no" if seed % 4 >= 2 else "yes")


@pytest.mark.parametrize("seed", range(12))
def test_the_parities_keep_every_solution(seed):
    model = numberlink.model(puzzle(seed))
    plain = sat.solve(model, limit=20_000, planar=False)
    planar = sat.solve(model, limit=20_000, planar=True)
    assert plain.complete and planar.complete
    assert as_set(planar.solutions) == as_set(plain.solutions)
    assert planar.stats["clauses"] > plain.stats["clauses"]


def test_a_wrong_parity_loses_solutions(monkeypatch):
    """One ray crossing miscounted makes some parities false for every solution: the
    comparison above would catch it."""
    model = numberlink.model(puzzle(1))
    plain = sat.solve(model, limit=20_000, planar=False)
    monkeypatch.setattr(sat_planar, "_ray_crossings", lambda cell, points, way: 1 + sum(points[0]) % 2)
    broken = sat.solve(model, limit=20_000, planar=True)
    assert len(broken.solutions) < len(plain.solutions)


@pytest.mark.parametrize("cover", ["all", "any"])
def test_auto_adds_the_parities_only_where_cells_may_stay_empty(cover):
    rng = random.Random(5)
    model = numberlink.model(numberlink.random_puzzle(rng, 5, 5, cover=cover, pairs=3))
    clauses = {pl: sat.solve(model, planar=pl).stats["clauses"] for pl in ("auto", False, True)}
    assert clauses[True] > clauses[False]
    assert clauses["auto"] == clauses[True if cover == "any" else False]


def test_applies_to_disjoint_paths_on_grid_cells_only():
    def relaxed(edges, pairs):
        m = ModelBuilder("g")
        m.disjoint_paths(edges, pairs) if len(pairs) > 1 else m.path(edges, *pairs[0])
        g = m.build().graphs[0]
        return type("G", (), {"constraint": g})()

    cells = {e: ModelBuilder("x").bool(e) for e in grid.cell_edges(2, 3)}
    on_grid = [Edge(a, b, x) for (a, b), x in cells.items()]
    assert sat_planar.applies(relaxed(on_grid, [((0, 0), (1, 2)), ((0, 2), (1, 0))]))
    assert not sat_planar.applies(relaxed(on_grid, [((0, 0), (1, 2))]))  # one pair
    named = [Edge(str(a), str(b), x) for (a, b), x in cells.items()]
    assert not sat_planar.applies(relaxed(named, [("(0, 0)", "(1, 2)"), ("(0, 2)", "(1, 0)")]))
    shifted = [Edge((a[0] - 1, a[1]), (b[0] - 1, b[1]), x) for (a, b), x in cells.items()]
    assert not sat_planar.applies(relaxed(shifted, [((-1, 0), (0, 2)), ((-1, 2), (0, 0))]))
    diagonal = [*on_grid, Edge((0, 0), (1, 1), on_grid[0].lit)]
    assert not sat_planar.applies(relaxed(diagonal, [((0, 0), (1, 2)), ((0, 2), (1, 0))]))


def test_the_reference_curve_crosses_the_edges_between_the_corners():
    points, crossed = sat_planar._reference((0, 0), (1, 2), rows_first=True)
    assert crossed == [frozenset({(0, 1), (1, 1)}), frozenset({(0, 2), (1, 2)}), frozenset({(1, 2), (1, 3)})]
    assert points[0] == (0, 0) and points[-1] == (4, 8)
    _, by_column = sat_planar._reference((0, 0), (1, 2), rows_first=False)
    assert by_column[0] == frozenset({(1, 0), (1, 1)})


@pytest.mark.parametrize("n", range(7))
@pytest.mark.parametrize("parity", [0, 1])
def test_a_parity_allows_exactly_the_assignments_of_its_parity(n, parity):
    """Over n free literals and the constants (variable 1 is true in the backend's CNF)."""
    from pysat.solvers import Solver

    cnf = type("Cnf", (), {"top": n + 1, "clauses": [[1]]})()
    free = list(range(2, n + 2))
    sat_planar._xor(cnf, [*free, 1, -1], parity)
    with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
        for values in itertools.product((False, True), repeat=n):
            assumptions = [x if v else -x for x, v in zip(free, values)]
            assert solver.solve(assumptions=assumptions) == ((sum(values) + 1) % 2 == parity)


@pytest.mark.parametrize("way", ["right", "left", "up", "down"])
def test_a_ray_crosses_a_closed_curve_an_odd_number_of_times_just_from_inside(way):
    square = [(6, 6), (6, 14), (14, 14), (14, 6), (6, 6)]  # quarter cells: around rows and columns 2-3
    for cell in itertools.product(range(6), repeat=2):
        inside = cell[0] in (2, 3) and cell[1] in (2, 3)
        assert sat_planar._ray_crossings(cell, square, way) % 2 == inside, cell


@pytest.mark.parametrize("labels", ["onehot", False])
def test_planar_true_without_binary_labels_is_refused(labels):
    model = numberlink.model(puzzle(1))
    with pytest.raises(UnknownName, match="planar"):
        sat.solve(model, planar=True, labels=labels)
    assert sat.solve(model, planar="auto", labels=labels).status in ("solved", "unsolvable")
