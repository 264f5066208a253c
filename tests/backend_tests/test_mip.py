"""PuLP backend (CBC, HiGHS): every IR kind enumerated and compared with CP-SAT, examples, limits."""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path

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

from puzzlekit.backends import cpsat, mip
from puzzlekit.errors import BackendUnavailable, UnknownName
from puzzlekit.genres import cave, fillomino, hashi, lits, masyu
from puzzlekit.ir import Model, ModelBuilder

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
    "loop 4x3": lambda: loop_model(4, 3, visit=((1, 1), (2, 0))),
    "path": lambda: path_model(3, 3, (2, 2), (0, 1)),
    "path adjacent ends": lambda: path_model(3, 2, (1, 0), (1, 1)),
    "pairs": lambda: pairs_model(4, 3, (((0, 0), (3, 2)), ((0, 2), (2, 1)))),
    "three pairs": lambda: pairs_model(3, 3, (((0, 0), (2, 0)), ((0, 1), (0, 2)), ((1, 1), (2, 2)))),
    "pairs crossing": lambda: pairs_model(2, 2, (((0, 0), (1, 1)), ((0, 1), (1, 0)))),
    "connected optional": lambda: connected_model(2, 2, rooted=False, horizontal=True, some_off=True),
    "connected rooted": lambda: connected_model(2, 3, rooted=True, horizontal=True, some_off=True),
    **{f"random {s}": (lambda s=s: random_model(s)) for s in range(100, 108)},
}


@pytest.mark.parametrize("name", MODELS)
def test_all_solutions_equal_cpsat(name):
    check_enumeration_equals_cpsat(mip.solve, MODELS[name]())


def test_models_are_not_trivial():
    """The cross-check above means something: several answers, and some unsolvable cases."""
    sizes = {name: len(cpsat.solve(build(), limit=10_000).solutions) for name, build in MODELS.items()}
    assert sizes["loop 4x3"] > 5 and sizes["connected optional"] > 5 and sizes["pairs"] > 1
    assert sizes["constants unsolvable"] == 0 and sizes["pairs crossing"] == 0
    assert sizes["empty"] == 1


@pytest.mark.parametrize("limit", [1, 3])
def test_limit_stops_early(limit):
    result = mip.solve(loop_model(4, 3), limit=limit)
    assert result.status == "solved" and len(result.solutions) == limit and not result.complete


def test_masyu01_is_unique_and_matches_cpsat():
    check_example_is_unique(mip.solve, masyu, "masyu01.txt")


def test_hashi01_is_unique_and_matches_cpsat():
    model = check_example_is_unique(mip.solve, hashi, "hashi01.txt")
    # the seed's MIP loop solves hashi01 in one round; preferring more bridges keeps it at one
    assert mip.solve(model).stats["rounds"] == 1


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
    result = mip.solve(market_split(), time_limit=1)
    assert result.status == "timeout" and not result.solutions and not result.complete
    assert result.stats["seconds"] < 1 + MARGIN  # CBC gets the time left as its own limit


def test_seed_changes_nothing_but_the_search():
    model = loop_model(3, 3)
    expected = answers(mip.solve(model, limit=100))
    assert answers(mip.solve(model, limit=100, seed=7)) == expected


def test_missing_package_raises_backend_unavailable(monkeypatch):
    monkeypatch.setitem(sys.modules, "pulp", None)
    with pytest.raises(BackendUnavailable, match="pulp"):
        mip.solve(counts_model())
    with pytest.raises(BackendUnavailable):
        mip.version()


def test_unknown_solver_is_named():
    with pytest.raises(UnknownName, match="auto, cbc, highs"):
        mip.solve(counts_model(), solver="gurobi")


HAS_HIGHS = importlib.util.find_spec("highspy") is not None


@pytest.mark.skipif(HAS_HIGHS, reason="highspy is installed")
def test_highs_without_highspy_says_what_to_install():
    with pytest.raises(BackendUnavailable, match="pip install highspy"):
        mip.solve(counts_model(), solver="highs")


@pytest.mark.skipif(not HAS_HIGHS, reason="highspy is not installed")
@pytest.mark.parametrize("genre, text, count", [
    (lits, "aaaa\nbbba\nbaaa\nbaaa\n", 5),
    (cave, "......\n......\n..6...\n.7....\n.....2\n.5....\n", None),
    (fillomino, "...\n455\n...\n", None),
])
def test_highs_finds_every_answer_its_presolve_lost(genre, text, count):
    # HiGHS's presolve called these feasible models infeasible; the backend believes
    # "infeasible" only from a run without presolve, and counts what CP-SAT counts
    model = genre.model(genre.parse(text))
    if count is None:  # many answers: that there is one
        assert mip.solve(model, limit=1, solver="highs").status == "solved"
        return
    highs = mip.solve(model, limit=100, solver="highs")
    assert highs.complete
    assert answers(highs) == answers(cpsat.solve(model, limit=100))
    assert len(answers(highs)) == count


@pytest.mark.skipif(not HAS_HIGHS, reason="highspy is not installed")
@pytest.mark.parametrize("name", ["counts", "runs", "loop 3x3", "pairs", "connected rooted", "random 100"])
def test_highs_equals_cbc(name):
    model = MODELS[name]()
    cbc = mip.solve(model, limit=1000, solver="cbc")
    highs = mip.solve(model, limit=1000, solver="highs")
    assert (cbc.stats["solver"], highs.stats["solver"]) == ("cbc", "highs")
    assert cbc.complete and highs.complete
    assert answers(highs) == answers(cbc)


def test_time_limit_holds_while_cbc_is_still_at_the_root():
    # CBC reads its clock only once branching starts; on a 25x25 sudoku (15,625 binaries) the
    # root alone takes far longer than the limit, so only the watchdog can stop it in time
    import random

    from puzzlekit import genres

    sudoku = genres.get("sudoku")
    puzzle = sudoku.random_puzzle(random.Random(1), 25, 25, reveal=0.45, corrupt=0.0)
    for solver in ("cbc", "highs") if HAS_HIGHS else ("cbc",):
        result = mip.solve(sudoku.model(puzzle), time_limit=1, solver=solver)
        assert result.status in ("timeout", "solved")
        assert result.stats["seconds"] < 1 + MARGIN


def test_the_watchdog_stops_a_solver_started_after_the_time_is_up():
    # PuLP writes the whole problem before CBC starts: that can outlast the limit and its grace
    import time

    with mip._watchdog(0.05):
        time.sleep(0.3)
        late = mip._Tracked.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    assert late.wait(timeout=10) != 0


def test_auto_takes_highs_when_installed_else_cbc(monkeypatch):
    expected = "highs" if HAS_HIGHS else "cbc"
    assert mip.solve(counts_model()).stats["solver"] == expected
    monkeypatch.setattr(mip, "_highs_installed", lambda pulp: False)
    assert mip.solve(counts_model()).stats["solver"] == "cbc"


@pytest.mark.skipif(not HAS_HIGHS, reason="highspy is not installed")
def test_highs_prints_nothing_on_stdout():
    # highspy writes a banner to the C-level stdout on a process's first solver object
    import subprocess

    code = ("from puzzlekit.backends import mip; from models import counts_model; "
            "mip.solve(counts_model(), solver='highs')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1],
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert out.stdout == ""
