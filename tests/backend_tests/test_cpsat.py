"""CP-SAT lowering of every IR kind, compared with a brute-force enumeration."""

from __future__ import annotations

import pytest
from bruteforce import as_set, solutions
from models import grid_model

from puzzlekit.backends import cpsat, cpsat_lowering
from puzzlekit.ir import Lit, ModelBuilder
from puzzlekit.transforms import shapes


def counts_model():
    m = ModelBuilder("counts")
    x = [m.bool(i) for i in range(4)]
    n = m.int("n", 0, 3)
    m.count([(2, x[0]), (-1, x[1]), (3, ~x[2]), (1, m.eq(n, 2)), (2, m.eq(n, 3))], "<=", 3)
    m.count([x[1], x[3], m.eq(n, 1)], ">=", 1)
    m.count([(1, x[0]), (1, x[3])], "==", 1)
    m.clause([x[2], ~x[1], ~m.eq(n, 0)])
    m.output(x + [n])
    return m.build()


def runs_model():
    m = ModelBuilder("runs")
    row = [m.bool(("c", i)) for i in range(6)]
    m.runs(row, (2, 1))
    m.runs([row[0], ~row[1], row[2]], (1, 1))
    m.output(row)
    return m.build()


def latin_model(n=3, givens=(), extra=None, values=None, turned=False):
    """An n x n Latin square: exactly one cell per value in every row and column (CP-SAT
    lowers these to AllDifferent); ``values`` limits the counts to some values; ``turned``
    lists a line's cells in a different order for each value (still one group per line)."""
    m = ModelBuilder("latin")
    x = {(r, c): m.int((r, c), 1, n) for r in range(n) for c in range(n)}
    lines = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    for cells in lines:
        for v in values or range(1, n + 1):
            order = cells[v:] + cells[:v] if turned else cells
            m.exactly(1, [m.eq(x[cell], v) for cell in order])
    for cell, v, positive in givens:
        m.fix(m.eq(x[cell], v) if positive else ~m.eq(x[cell], v))
    if extra:
        extra(m, x)
    m.output(x.values())
    return m.build()


def _latin_extras(m, x):
    # a count and clauses on the value literals, a literal outside the domain, a repeated group
    m.count([(2, m.eq(x[0, 0], 1)), (1, m.eq(x[1, 1], 2)), (-1, ~m.eq(x[2, 2], 3))], "<=", 1)
    m.clause([m.eq(x[0, 1], 3), ~m.eq(x[1, 0], 2)])
    m.clause([Lit(x[2, 0].index, 7), m.eq(x[2, 1], 1)])
    m.exactly(1, [m.eq(x[0, c], 2) for c in (2, 1, 0)])


def _uneven(m_name="uneven"):
    # three cells over 1..4 with exactly one per value 1..3: not a permutation (4 stays open)
    m = ModelBuilder(m_name)
    x = [m.int(i, 1, 4) for i in range(3)]
    for v in (1, 2, 3):
        m.exactly(1, [m.eq(y, v) for y in x])
    m.output(x)
    return m.build()


MODELS = {
    "latin": latin_model,
    "latin givens": lambda: latin_model(givens=(((0, 0), 1, True), ((1, 1), 1, False), ((2, 2), 3, False))),
    "latin extras": lambda: latin_model(givens=(((1, 2), 3, True),), extra=_latin_extras),
    "latin two values": lambda: latin_model(values=(1, 2)),
    "latin turned": lambda: latin_model(givens=(((0, 1), 2, True),), turned=True),
    "latin clash": lambda: latin_model(givens=(((0, 0), 1, True), ((0, 0), 2, True))),
    "latin no value left": lambda: latin_model(givens=tuple(((0, 0), v, False) for v in (1, 2, 3))),
    "uneven": _uneven,
    "counts": counts_model,
    "runs": runs_model,
    "empty runs": lambda: _runs_only(()),
    "loop 3x3": lambda: grid_model(3, 3, "loop"),
    "loop 2x4": lambda: grid_model(2, 4, "loop"),
    "path": lambda: grid_model(3, 3, "path", start=(0, 0), end=(2, 2)),
    "path adjacent ends": lambda: grid_model(2, 3, "path", start=(0, 0), end=(0, 1)),
    "pairs": lambda: grid_model(3, 3, "pairs", pairs=(((0, 0), (2, 2)), ((0, 2), (1, 1)))),
    "three pairs": lambda: grid_model(
        2, 4, "pairs", pairs=(((0, 0), (1, 0)), ((0, 1), (0, 3)), ((1, 1), (1, 3)))
    ),
    "connected optional": lambda: grid_model(2, 3, "connected"),
    "connected rooted": lambda: grid_model(2, 3, "connected", always=[(0, 0)]),
}


def _runs_only(lengths):
    m = ModelBuilder("runs0")
    row = [m.bool(i) for i in range(4)]
    m.runs(row, lengths)
    m.output(row)
    return m.build()


@pytest.mark.parametrize("name", MODELS)
def test_enumeration_equals_brute_force(name):
    model = MODELS[name]()
    expected = solutions(model)
    result = cpsat.solve(model, limit=10_000)
    assert result.complete
    assert as_set(result.solutions) == expected
    assert result.status == ("solved" if expected else "unsolvable")


def test_permutation_counts_become_all_different():
    model = latin_model(4)
    groups, absorbed, as_counts = shapes.all_different_groups(model)
    assert len(groups) == 8 and absorbed == set(range(len(model.counts))) and as_counts == []
    turned = latin_model(4, turned=True)  # each value's counts list the cells in another order
    assert shapes.all_different_groups(turned) == (groups, absorbed, [])
    assert shapes.all_different_groups(latin_model(values=(1, 2))) == ([], set(), [])
    assert shapes.all_different_groups(_uneven()) == ([], set(), [])
    given = latin_model(3, givens=(((0, 0), 2, True),))
    low = cpsat_lowering.Lowering(given)  # the given is the cell's domain, not a value literal
    assert low.domains[given.vars[0].index] == [2] and not low.channels
    assert cpsat.solve(latin_model(6), limit=2).status == "solved"


def pigeonhole(pigeons: int, holes: int, weight: int = 1):
    """Every pigeon in a hole, at most one in each (written as ``weight`` times the count <=
    ``weight``): unsolvable when there are more pigeons than holes."""
    m = ModelBuilder("pigeons")
    x = {(p, h): m.bool((p, h)) for p in range(pigeons) for h in range(holes)}
    for p in range(pigeons):
        m.count([(1, x[p, h]) for h in range(holes)], ">=", 1)
    for h in range(holes):
        m.count([(weight, x[p, h]) for p in range(pigeons)], "<=", weight)
    m.output(x.values())
    return m.build()


def test_time_limit_is_honoured():
    result = cpsat.solve(pigeonhole(12, 11, weight=2), time_limit=0.5, workers=1)
    assert result.status in ("timeout", "unsolvable")
    assert result.stats["seconds"] < 5


def test_work_budget_stops_the_search_and_says_so():
    """A budget of deterministic time ends the search where CP-SAT has not finished (a
    pigeonhole it cannot refute in that work) and the stats name it; with enough work the
    same model is refuted, and a model solved within the budget is unaffected."""
    model = pigeonhole(8, 7)
    stopped = cpsat.solve(model, work=1e-6, workers=1)
    assert stopped.status == "timeout" and not stopped.complete
    assert stopped.stats["stopped"] == "its work budget"
    refuted = cpsat.solve(model, work=1000, workers=1, time_limit=60)
    assert refuted.status == "unsolvable" and refuted.complete and "stopped" not in refuted.stats
    found = cpsat.solve(latin_model(4), limit=3, work=1000)
    assert len(found.solutions) == 3 and "stopped" not in found.stats
