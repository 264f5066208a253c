"""CP-SAT lowering of every IR kind, compared with a brute-force enumeration."""

from __future__ import annotations

import pytest
from bruteforce import as_set, solutions
from models import grid_model

from puzzlekit.backends import cpsat
from puzzlekit.ir import ModelBuilder


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


MODELS = {
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


def test_time_limit_is_honoured():
    m = ModelBuilder("pigeons")
    holes, pigeons = 11, 12
    x = {(p, h): m.bool((p, h)) for p in range(pigeons) for h in range(holes)}
    for p in range(pigeons):
        m.count([(1, x[p, h]) for h in range(holes)], ">=", 1)
    for h in range(holes):
        m.count([(2, x[p, h]) for p in range(pigeons)], "<=", 2)
    m.output(x.values())
    result = cpsat.solve(m.build(), time_limit=0.5, workers=1)
    assert result.status in ("timeout", "unsolvable")
    assert result.stats["seconds"] < 5
