"""python-constraint backend: every IR kind enumerated and compared with CP-SAT, examples, limits."""

from __future__ import annotations

import random
import sys
import time

import pytest
from models import (  # tests/ is on the path, like bruteforce
    answers,
    check_enumeration_equals_cpsat,
    check_example_is_unique,
    connected_model,
    constants_model,
    counts_model,
    empty_model,
    loop_model,
    pairs_model,
    path_model,
    random_model,
    runs_model,
)

from puzzlekit.backends import cpsat, csp
from puzzlekit.errors import BackendUnavailable, UnknownName
from puzzlekit.genres import hashi, masyu, nonogram
from puzzlekit.ir import IMPLIED, Clause, Model, ModelBuilder

#: Seconds past a time limit a run may take to end: generous, so a busy machine does not
#: fail a test whose unlimited run takes minutes (tests/test_no_clock_bounds.py).
MARGIN = 5.0

MODELS = {
    "counts": counts_model,
    "constants": lambda: constants_model(True),
    "constants unsolvable": lambda: constants_model(False),
    "empty": empty_model,
    "runs": runs_model,
    "loop 3x3": lambda: loop_model(3, 3),
    "loop 3x4": lambda: loop_model(3, 4),
    "path": lambda: path_model(3, 3, (0, 0), (2, 1)),
    "path adjacent ends": lambda: path_model(2, 3, (0, 1), (1, 1)),
    "pairs": lambda: pairs_model(3, 4, (((0, 0), (2, 3)), ((0, 3), (1, 1)))),
    "pairs crossing": lambda: pairs_model(2, 2, (((0, 0), (1, 1)), ((0, 1), (1, 0)))),
    "connected optional": lambda: connected_model(2, 3, rooted=False),
    "connected rooted": lambda: connected_model(2, 3, rooted=True),
    **{f"random {s}": (lambda s=s: random_model(s)) for s in range(8)},
}


@pytest.mark.parametrize("name", MODELS)
def test_all_solutions_equal_cpsat(name):
    check_enumeration_equals_cpsat(csp.solve, MODELS[name]())


def test_models_are_not_trivial():
    """The cross-check above means something: several answers, and some unsolvable cases."""
    sizes = {name: len(cpsat.solve(build(), limit=10_000).solutions) for name, build in MODELS.items()}
    assert sizes["loop 3x4"] > 5 and sizes["connected optional"] > 20 and sizes["pairs"] > 1
    assert sizes["constants unsolvable"] == 0 and sizes["pairs crossing"] == 0
    assert sizes["empty"] == 1


@pytest.mark.parametrize("limit", [1, 3])
def test_limit_stops_early(limit):
    result = csp.solve(loop_model(3, 4), limit=limit)
    assert result.status == "solved" and len(result.solutions) == limit and not result.complete


def test_masyu01_is_unique_and_matches_cpsat():
    check_example_is_unique(csp.solve, masyu, "masyu01.txt")


def test_hashi01_is_unique_and_matches_cpsat():
    check_example_is_unique(csp.solve, hashi, "hashi01.txt")


def market_split(rows: int = 4, size: int = 32, seed: int = 1) -> Model:
    """Equal-weight splits of random weights: a classic search-hard feasibility problem."""
    rng = random.Random(seed)
    m = ModelBuilder("market split")
    xs = [m.bool(i) for i in range(size)]
    for _ in range(rows):
        weights = [rng.randrange(100) for _ in range(size)]
        m.count(list(zip(weights, xs)), "==", sum(weights) // 2)
    m.output(xs)
    return m.build()


def test_time_limit_interrupts_the_search():
    result = csp.solve(market_split(), time_limit=1)
    assert result.status == "timeout" and not result.solutions and not result.complete
    assert result.stats["seconds"] < 1 + MARGIN  # the clock constraint unwinds the library's search


def test_rows_over_one_variable_do_not_outlast_the_time_limit():
    # a 30x30 nonogram's runs become ~30,000 unit clauses among ~110,000 rows; the library
    # applied each in preProcess, before any clock, at a cost quadratic in the rows (minutes)
    model = nonogram.model(nonogram.random_puzzle(random.Random(3), 30, 30))
    started = time.perf_counter()
    result = csp.solve(model, time_limit=2)
    spent = time.perf_counter() - started
    assert result.status in ("timeout", "solved")
    assert spent < 2 + MARGIN, f"{spent:.1f} s on a 2 s limit"


def test_the_clauses_a_model_marks_implied_are_kept():
    # a hint the model's constraints do not imply, so its effect shows in the answers
    m = ModelBuilder("hinted")
    x, y = m.bool("x"), m.bool("y")
    m.output([x, y])
    m.hints[IMPLIED] = (Clause((x,)),)
    assert answers(csp.solve(m.build(), limit=10)) == {frozenset({"x": 1, "y": v}.items()) for v in (0, 1)}


def test_seed_changes_nothing_but_the_search():
    model = loop_model(3, 3)
    expected = answers(csp.solve(model, limit=100))
    assert answers(csp.solve(model, limit=100, seed=7)) == expected


def test_missing_package_raises_backend_unavailable(monkeypatch):
    monkeypatch.setitem(sys.modules, "constraint", None)
    with pytest.raises(BackendUnavailable, match="python-constraint2"):
        csp.solve(counts_model())
    with pytest.raises(BackendUnavailable):
        csp.version()


def test_version_and_unknown_option():
    assert csp.version()[0].isdigit()
    with pytest.raises(UnknownName, match="backend 'csp' has no option 'workers'; it takes none"):
        csp.solve(counts_model(), workers=2)
