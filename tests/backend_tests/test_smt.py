"""The Z3 backend: every IR kind, both graph methods, against CP-SAT and brute force."""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from puzzlekit.backends import cpsat, smt
from puzzlekit.errors import BackendUnavailable
from puzzlekit.genres import masyu
from puzzlekit.ir import Edge, Lit, Model, ModelBuilder

#: Seconds past a time limit a run may take to end: generous, so a busy machine does not
#: fail a test whose unlimited run takes minutes (tests/test_no_clock_bounds.py).
MARGIN = 5.0

pytest.importorskip("z3")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GRAPHS = ("cuts", "order")
ALL = 10_000


# small hand-made models ----------------------------------------------------------------
def _bools(m: ModelBuilder, n: int) -> list[Lit]:
    lits = [m.bool(("b", i)) for i in range(n)]
    m.output(lits)
    return lits


def counts_negative(op: str) -> Callable[[], Model]:
    """A count with negative coefficients and negated literals, under one operator."""
    def build() -> Model:
        m = ModelBuilder(f"neg{op}")
        a, b, c, d = _bools(m, 4)
        m.count([(-2, a), (1, b), (3, c), (1, ~d)], op, 1)  # type: ignore[arg-type]
        return m.build()
    return build


def weighted() -> Model:
    m = ModelBuilder("weighted")
    xs = _bools(m, 5)
    m.count(list(zip((1, 2, 3, 4, 5), xs)), "==", 7)
    m.count([(2, xs[0]), (2, xs[4])], "<=", 2)
    return m.build()


def clauses() -> Model:
    m = ModelBuilder("clauses")
    a, b, c, d = _bools(m, 4)
    m.clause([a, ~b])
    m.clause([b, c, ~d])
    m.implies(c, d)
    m.at_most(2, [a, b, c, d])
    return m.build()


def ints() -> Model:
    m = ModelBuilder("ints")
    x = m.int("x", 1, 3)
    y = m.int("y", 0, 2)
    z = m.int("z", -1, 1)
    flag = m.bool("flag")
    m.output([x, y, z, flag])
    m.clause([m.eq(x, 2), ~m.eq(y, 1), flag])
    m.count([(1, m.eq(x, 3)), (2, m.eq(y, 2)), (-1, m.eq(z, -1)), (1, Lit(x.index, 7))], ">=", 1)
    m.clause([~Lit(y.index, 9), m.eq(z, 0)])  # y != 9 always holds: forces nothing
    m.exactly(1, [m.eq(z, 1), flag])
    m.count([m.eq(x, 3), m.eq(y, 2), (2, ~Lit(z.index, 5))], "<=", 3)  # z != 5 is always true
    return m.build()


def runs() -> Model:
    m = ModelBuilder("runs")
    cells = _bools(m, 7)
    x = m.int("x", 0, 2)
    m.output([x])
    m.runs(cells[:6], (2, 1))
    m.runs([~cells[0], ~cells[6], m.eq(x, 1)], (1,))
    m.runs(cells[3:5], ())
    return m.build()


def _grid_edges(m: ModelBuilder, h: int, w: int) -> list[Edge]:
    edges = []
    for r, c in itertools.product(range(h), range(w)):
        for nb in ((r + 1, c), (r, c + 1)):
            if nb[0] < h and nb[1] < w:
                edges.append(Edge((r, c), nb, m.bool(("e", (r, c), nb))))
    m.output(e.lit for e in edges)
    return edges


def loop() -> Model:
    m = ModelBuilder("loop")
    m.loop(_grid_edges(m, 3, 3))
    return m.build()


def loop_with_clue() -> Model:
    m = ModelBuilder("loop_clue")
    edges = _grid_edges(m, 3, 4)
    m.loop(edges)
    m.exactly(2, [e.lit for e in edges if (1, 1) in (e.u, e.v)])
    m.exactly(0, [e.lit for e in edges if (0, 3) in (e.u, e.v)])
    return m.build()


def path() -> Model:
    m = ModelBuilder("path")
    m.path(_grid_edges(m, 3, 3), (0, 0), (2, 2))
    return m.build()


def disjoint_paths() -> Model:
    m = ModelBuilder("disjoint")
    m.disjoint_paths(_grid_edges(m, 3, 3), [((0, 0), (2, 0)), ((0, 2), (2, 2))])
    return m.build()


def disjoint_paths_inner() -> Model:
    m = ModelBuilder("inner")  # terminals inside the grid: the wrong pairing is drawable
    m.disjoint_paths(_grid_edges(m, 3, 3), [((0, 0), (1, 1)), ((2, 2), (0, 1))])
    return m.build()


def disjoint_paths_crossing() -> Model:
    m = ModelBuilder("crossing")
    m.disjoint_paths(_grid_edges(m, 2, 2), [((0, 0), (1, 1)), ((0, 1), (1, 0))])
    return m.build()


def _connected(fixed: bool) -> Model:
    m = ModelBuilder(f"connected{fixed}")
    edges = _grid_edges(m, 2, 3)
    nodes = []
    for cell in itertools.product(range(2), range(3)):
        if fixed and cell == (1, 1):
            nodes.append((cell, None))
        else:
            lit = m.bool(("on", cell))
            m.output([lit])
            nodes.append((cell, lit))
    m.connected(nodes, edges)
    # keep the enumeration small: at most four edges
    m.at_most(4, [e.lit for e in edges])
    return m.build()


def connected_fixed() -> Model:
    return _connected(True)


def connected_optional() -> Model:
    return _connected(False)


def unsolvable() -> Model:
    m = ModelBuilder("unsat")
    a, b = _bools(m, 2)
    m.count([a, b], "==", 2)
    m.count([(1, a), (-1, b)], ">=", 1)
    return m.build()


MODELS: dict[str, Callable[[], Model]] = {
    **{f"counts{op}": counts_negative(op) for op in ("==", "<=", ">=")},
    "weighted": weighted,
    "clauses": clauses,
    "ints": ints,
    "runs": runs,
    "loop": loop,
    "loop_with_clue": loop_with_clue,
    "path": path,
    "disjoint_paths": disjoint_paths,
    "disjoint_paths_inner": disjoint_paths_inner,
    "disjoint_paths_crossing": disjoint_paths_crossing,
    "connected_fixed": connected_fixed,
    "connected_optional": connected_optional,
    "unsolvable": unsolvable,
}


def _key(solutions: tuple) -> set[frozenset]:
    return {frozenset(s.items()) for s in solutions}


def _brute_force(model: Model) -> set[frozenset]:
    """Every answer-key assignment of a graph-free model, by trying all full assignments."""
    assert not model.graphs
    domains = [range(v.lo, v.hi + 1) for v in model.vars]
    return {
        frozenset((model.vars[i].key, values[i]) for i in model.output)
        for values in itertools.product(*domains)
        if not model.check(values)
    }


# tests ---------------------------------------------------------------------------------
@pytest.mark.parametrize("graph", GRAPHS)
@pytest.mark.parametrize("name", sorted(MODELS))
def test_all_solutions_match_cpsat(name: str, graph: str) -> None:
    model = MODELS[name]()
    expected = cpsat.solve(model, limit=ALL)
    got = smt.solve(model, limit=ALL, graph=graph)
    assert expected.complete and got.complete
    assert got.status == expected.status
    assert len(got.solutions) == len(_key(got.solutions))  # no duplicates
    assert _key(got.solutions) == _key(expected.solutions)
    if not model.graphs:
        assert _key(got.solutions) == _brute_force(model)


@pytest.mark.parametrize("graph", GRAPHS)
@pytest.mark.parametrize(
    ("name", "count"),
    [("loop", 13), ("path", 12), ("disjoint_paths_crossing", 0)],  # known counts of a 3x3 grid
)
def test_known_graph_counts(name: str, count: int, graph: str) -> None:
    result = smt.solve(MODELS[name](), limit=ALL, graph=graph)
    assert result.complete
    assert len(result.solutions) == count
    assert result.status == ("solved" if count else "unsolvable")


def test_cut_loop_adds_cuts_and_order_adds_none() -> None:
    model = loop_with_clue()
    assert smt.solve(model, limit=ALL, graph="cuts").stats["cuts"] > 0
    assert smt.solve(model, limit=ALL, graph="order").stats["cuts"] == 0


def test_limit_stops_early() -> None:
    result = smt.solve(loop(), limit=3)
    assert result.status == "solved"
    assert len(_key(result.solutions)) == 3
    assert not result.complete


@pytest.mark.parametrize("graph", GRAPHS)
def test_masyu01_unique_and_equal_to_cpsat(graph: str) -> None:
    puzzle = masyu.parse((EXAMPLES / "masyu01.txt").read_text())
    model = masyu.model(puzzle)
    got = smt.solve(model, limit=2, graph=graph)
    assert got.status == "solved" and got.complete and len(got.solutions) == 1
    assert masyu.verify(puzzle, masyu.decode(puzzle, got.solutions[0])) == []
    assert _key(got.solutions) == _key(cpsat.solve(model, limit=2).solutions)


def _pigeonhole(pigeons: int, holes: int) -> Model:
    m = ModelBuilder("pigeonhole")
    x = {(p, h): m.bool((p, h)) for p in range(pigeons) for h in range(holes)}
    for p in range(pigeons):
        m.clause([x[p, h] for h in range(holes)])
    for h in range(holes):
        m.at_most(1, [x[p, h] for p in range(pigeons)])
    m.output(x.values())
    return m.build()


def test_time_limit_gives_timeout() -> None:
    started = time.perf_counter()
    result = smt.solve(_pigeonhole(12, 11), time_limit=1)
    elapsed = time.perf_counter() - started
    assert result.status == "timeout"
    assert not result.complete and not result.solutions
    assert elapsed < 1 + MARGIN  # the limit is 1 s; the pigeonhole runs for hours unlimited


def test_seed_and_options_are_accepted() -> None:
    a = smt.solve(loop(), seed=7)
    b = smt.solve(loop(), seed=7)
    assert a.solutions == b.solutions
    with pytest.raises(ValueError, match="graph method"):
        smt.solve(loop(), graph="flow")


def test_missing_z3_raises_backend_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "z3", None)
    with pytest.raises(BackendUnavailable, match="z3-solver"):
        smt.solve(loop())
    with pytest.raises(BackendUnavailable):
        smt.version()


def test_version() -> None:
    assert smt.version()[0].isdigit()
