"""The shared lazy cuts: each broken candidate yields a cut that it breaks and the true answer keeps."""

from __future__ import annotations

from models import grid_lines

from puzzlekit import grid
from puzzlekit.ir import Model
from puzzlekit.transforms import cuts


def grid_graph(height: int, width: int, kind: str, **kw) -> tuple[Model, dict]:
    """A model with one boolean per cell edge and one graph constraint of the given kind
    (``connected``: every cell present)."""
    if kind == "connected":
        kw["always"] = list(grid.cells(height, width))
    return grid_lines(height, width, kind, **kw)


def values_for(relaxation: cuts.Relaxation, lit: dict, chosen: set) -> list[int]:
    """A full assignment of the relaxed model: chosen edges on, presence as implied."""
    values = [0] * len(relaxation.model.vars)
    used = set()
    for e, x in lit.items():
        if e in chosen:
            values[x.var] = 1
            used.update(e)
    for var in relaxation.model.vars:
        if isinstance(var.key, tuple) and var.key[0] == "_on":
            values[var.index] = int(var.key[2] in used)
    return values


def path_edges(*cells):
    return {grid.edge(a, b) for a, b in zip(cells, cells[1:])}


def check(relaxation, lit, broken: set, truth: set) -> list:
    bad = values_for(relaxation, lit, broken)
    good = values_for(relaxation, lit, truth)
    assert relaxation.model.check(good) == [], "the true answer must keep the degree counts"
    assert relaxation.cuts(good) == [], "a valid answer needs no cut"
    found = relaxation.cuts(bad)
    assert found, "a broken candidate must be cut"
    for clause in found:
        assert not clause.holds(bad), f"{clause} does not cut off the candidate"
        assert clause.holds(good), f"{clause} cuts off the true answer"
    return found


def ring(top, left, height, width):
    cells = [(top, c) for c in range(left, left + width)]
    cells += [(r, left + width - 1) for r in range(top + 1, top + height)]
    cells += [(top + height - 1, c) for c in range(left + width - 2, left - 1, -1)]
    cells += [(r, left) for r in range(top + height - 2, top, -1)]
    return path_edges(*cells, cells[0])


def test_two_disjoint_loops_are_cut():
    model, lit = grid_graph(2, 5, "loop")
    relaxation = cuts.relax(model)
    found = check(relaxation, lit, ring(0, 0, 2, 2) | ring(0, 3, 2, 2), ring(0, 0, 2, 5))
    assert len(found) == 2  # one per piece


def test_loop_plus_stray_path_is_cut_or_breaks_degrees():
    model, lit = grid_graph(3, 4, "loop")
    relaxation = cuts.relax(model)
    stray = ring(0, 0, 2, 2) | path_edges((2, 2), (2, 3))
    values = values_for(relaxation, lit, stray)
    # the stray path's ends have degree 1: the relaxed model's degree counts reject it
    assert relaxation.model.check(values) != []


def test_path_with_a_stray_cycle_is_cut():
    model, lit = grid_graph(3, 4, "path", start=(0, 0), end=(0, 3))
    relaxation = cuts.relax(model)
    path = path_edges((0, 0), (0, 1), (0, 2), (0, 3))
    truth = path_edges((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3), (1, 3), (0, 3))
    check(relaxation, lit, path | ring(1, 1, 2, 2), truth)


def test_disconnected_islands_are_cut():
    model, lit = grid_graph(2, 3, "connected")
    relaxation = cuts.relax(model)
    left = path_edges((0, 0), (1, 0), (1, 1), (0, 1))
    right = path_edges((0, 2), (1, 2))
    found = check(relaxation, lit, left | right, left | right | path_edges((1, 1), (1, 2)))
    assert len(found) == 2


def test_paths_joining_the_wrong_pairs_are_cut():
    pairs = (((0, 0), (0, 2)), ((1, 0), (1, 2)))
    model, lit = grid_graph(2, 3, "pairs", pairs=pairs)
    relaxation = cuts.relax(model, labels=False)  # with labels the wrong pairing is infeasible
    wrong = path_edges((0, 0), (1, 0)) | path_edges((0, 2), (1, 2))  # 0-0 with 1-0: wrong pairs
    truth = path_edges((0, 0), (0, 1), (0, 2)) | path_edges((1, 0), (1, 1), (1, 2))
    check(relaxation, lit, wrong, truth)


def test_relaxation_adds_degree_counts_and_presence_vars():
    model, _ = grid_graph(3, 3, "loop")
    relaxation = cuts.relax(model)
    assert not relaxation.model.graphs
    assert len(relaxation.model.vars) == len(model.vars) + 9
    assert len(relaxation.model.counts) == 9
    assert relaxation.model.output == model.output


def test_forced_presence_drops_the_absent_literal():
    model, lit = grid_graph(2, 5, "loop")
    relaxation = cuts.relax(model)
    (g,) = relaxation.graphs
    on = g.on[(0, 0)]  # on the true loop (it covers every cell), so known present
    broken, truth = ring(0, 0, 2, 2) | ring(0, 3, 2, 2), ring(0, 0, 2, 5)
    plain = check(relaxation, lit, broken, truth)
    assert all(~on in cut.lits for cut in plain)  # (0, 0) stands for its piece in both cuts
    strong = relaxation.cutter({on}).cuts(values_for(relaxation, lit, broken))
    assert [set(cut.lits) for cut in strong] == [set(cut.lits) - {~on} for cut in plain]
    bad, good = values_for(relaxation, lit, broken), values_for(relaxation, lit, truth)
    assert all(not cut.holds(bad) and cut.holds(good) for cut in strong)
    assert relaxation.cutter({on}).cuts(good) == []


def test_forced_presence_shortens_a_stray_cycle_cut():
    model, lit = grid_graph(3, 4, "path", start=(0, 0), end=(0, 3))
    relaxation = cuts.relax(model)
    (g,) = relaxation.graphs
    path = path_edges((0, 0), (0, 1), (0, 2), (0, 3))
    truth = path_edges((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3), (1, 3), (0, 3))
    (plain,) = check(relaxation, lit, path | ring(1, 1, 2, 2), truth)
    on = g.on[(2, 1)]  # on the cycle and on the true path
    (strong,) = relaxation.cutter({on}).cuts(values_for(relaxation, lit, path | ring(1, 1, 2, 2)))
    assert set(strong.lits) < set(plain.lits) and len(strong.lits) == len(plain.lits) - 1
    assert not any(x.var == on.var for x in strong.lits)  # the cycle's cut needs no ~on now
