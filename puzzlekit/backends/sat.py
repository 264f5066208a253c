"""python-sat backend: the IR as CNF on one incremental SAT solver, graphs by lazy cuts.

Pipeline, over the shared driver (`base.run`): runs -> DFA clauses (`transforms.runs`) ->
graph constraints -> degree counts (`transforms.cuts`) -> CNF (`sat_cnf`) -> one
incremental solver (`sat_session`), to which the driver adds cuts and blocking clauses
without rebuilding it. This module is the backend template only; the parts live in:

* `sat_cnf`: the encoding of integers, clauses and counts (unit clauses fixed first, counts
  normalised, each count by the cheapest fitting encoding);
* `sat_session`: the live solver, its time slices, the strong (probing) cut rule, and
  `sat_session.build`, which puts a session together; `sat_finder` holds one across many
  questions;
* `sat_solvers`: which solver runs (CaDiCaL 1.9.5, but Glucose 4.2 on disjoint paths
  between grid cells that may stay empty) and how the clauses reach it; the ``solver``
  option names another;
* `sat_paths`, `sat_planar`: pair labels, the path propagator and the planar parities of
  disjoint paths.

What the options choose:

* Disjoint paths: each node also gets a pair label, copied along chosen edges and fixed at
  the terminals, so a path joining two different pairs fails by propagation instead of by
  one cut per round. ``labels="binary"`` (default) stores the pair number in
  ``log2(pairs)`` bits; ``"onehot"`` is one flag per pair with exactly one per used node;
  False turns labels off. Binary is a fraction of the CNF and solved faster in our
  measurements too.
* Presence: ``cuts.relax(implied=True)`` drops the presence variable of a node whose edges
  the model's own counts already force (as when every cell must be covered).
"""

from __future__ import annotations

from typing import Any

from puzzlekit.clock import Deadline
from puzzlekit.errors import UnknownName
from puzzlekit.ir import Model

from . import base, sat_cnf, sat_session
from .base import Result

NAME = "sat"
PACKAGE = "python-sat"
EXTRA = "sat"
#: The module its package installs (whether it imports decides `backends.available`).
IMPORT = "pysat"
OPTIONS: dict[str, base.Option] = {
    "solver": base.Option(
        "python-sat solver name, or auto (default): glucose42 for lines joining pairs of grid "
        "cells where cells may stay empty, else cadical195",
        default="auto",
        parse=lambda value: "auto" if str(value).lower() == "auto" else sat_session.solver_name(value),
    ),
    "cuts": base.Option(
        "strong (default) or shared", default="strong", choices=("strong", "shared"), noun="cut rule",
    ),
    "labels": base.Option(
        "binary (default), onehot or false", default="binary", choices=("binary", "onehot", False),
        noun="pair label encoding",
    ),
    "planar": base.Option(
        "auto (default: where cells may stay empty), true or false: add the planar parities "
        "of disjoint paths on a grid (needs binary labels)",
        default="auto", choices=("auto", True, False), noun="planar parity setting",
    ),
    "propagate": base.Option("false (default) or true: reason about paths during the search "
                             "(cadical195 only)", default=False, choices=(False, True)),
}
SUPPORTS = frozenset({"Count", "Clause"})


def version() -> str:
    """The installed python-sat version."""
    return sat_cnf.pysat().__version__


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    **options: Any,
) -> Result:
    """Solve with a SAT solver and lazy cuts; enumerate up to ``limit`` answer-key-distinct solutions.

    ``solver`` names a python-sat solver (``cadical195``, ``glucose42``, ...), or ``"auto"``
    (`sat_solvers.default_solver`); ``cuts`` is
    ``"strong"`` (cuts through probed, forced nodes) or ``"shared"`` (`transforms.cuts` as
    is); ``labels`` is ``"binary"``, ``"onehot"`` or False (see the module docstring);
    ``planar`` True adds the planar parities (`sat_planar`), which need binary labels.
    The SAT solvers are deterministic, so ``seed`` has no effect.
    """
    options = base.check_options(NAME, OPTIONS, options)
    sat_cnf.pysat()
    deadline = Deadline(time_limit)
    solver, labels, propagate = options["solver"], options["labels"], options["propagate"]
    planar = options["planar"]
    if propagate and solver not in ("auto", "cadical195"):
        raise UnknownName(f"backend {NAME!r}: option 'propagate' true needs solver cadical195, not {solver}")
    if planar is True and labels != "binary":
        raise UnknownName(f"backend {NAME!r}: option 'planar' true needs binary pair labels, "
                          f"not labels={str(labels).lower()}")
    return base.run(
        model, limit, deadline,
        lambda relaxation, deadline: sat_session.build(
            relaxation, deadline, solver, labels, propagate, planar),
        supports=SUPPORTS,
        relax={"labels": False, "implied": True},  # pair labels come in the CNF's own encoding
        cutter=sat_session.ProbingCutter if options["cuts"] == "strong" else None,
    )
