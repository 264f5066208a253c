"""The time limit holds on a CNF of a hundred thousand variables and more.

CaDiCaL's variable elimination runs between conflicts, where no conflict budget stops it: on
an empty 40x1000 Masyu (the largest grid the parser takes) one round ran 75 s into a call
given 33 s. Above `sat_solvers.NO_ELIMINATION_ABOVE` variables it is off.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlekit import backends
from puzzlekit.backends import sat_solvers
from puzzlekit.clock import Deadline

pytestmark = pytest.mark.skipif(not backends.available("sat"), reason="python-sat is not installed")
ROOT = Path(__file__).resolve().parents[2]
#: Seconds past the limit the run may report (a busy machine's; it was 67 s past before).
MARGIN = 15.0


class _Cnf:
    def __init__(self, top: int):
        import pysat.solvers

        self.pysat = pysat
        self.top = top
        self.clauses = [[1], [-2, 3]]


@pytest.mark.parametrize(("top", "off"), [(sat_solvers.NO_ELIMINATION_ABOVE + 1, True), (1000, False)])
def test_cadical_eliminates_no_variables_on_a_huge_cnf(monkeypatch, top, off):
    import pysat.solvers

    asked: list[dict] = []
    original = pysat.solvers.Cadical195.configure
    monkeypatch.setattr(pysat.solvers.Cadical195, "configure",
                        lambda self, options: (asked.append(dict(options)), original(self, options)))
    solver = sat_solvers.loaded(_Cnf(top), "cadical195", Deadline(None))
    try:
        assert solver.solve() is True  # configured before its clauses, it still solves
    finally:
        solver.delete()
    assert asked == ([{"elim": 0}] if off else [])


def test_other_solvers_are_left_as_they_are():
    solver = sat_solvers.loaded(_Cnf(sat_solvers.NO_ELIMINATION_ABOVE + 1), "glucose42", Deadline(None))
    try:
        assert solver.solve() is True
    finally:
        solver.delete()


@pytest.mark.slow
def test_an_empty_40x1000_masyu_ends_at_its_limit(tmp_path):
    # 20 s: long enough for the rounds of cuts that led CaDiCaL into elimination (87 s in all
    # before); the run must end, say the limit ended it, and within a generous margin
    path = tmp_path / "empty.txt"
    path.write_text("\n".join(" ".join("0" * 1000) for _ in range(40)) + "\n", encoding="utf-8")
    limit = 20
    command = ["solve", "masyu", str(path), "-t", str(limit), "--format", "json"]
    done = subprocess.run([sys.executable, "-m", "puzzlekit", *command], cwd=ROOT, capture_output=True,
                          text=True, timeout=limit + 120)
    assert done.returncode == 3, done.stderr[-2000:]
    got = json.loads(done.stdout)
    assert got["status"] == "timeout" and got["complete"] is False and got["solutions"] == []
    assert got["backend"] == "sat"
    assert got["seconds"] < limit + MARGIN
