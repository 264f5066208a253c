"""Hand-written propagating search: no solver package, every IR kind propagated natively.

Pipeline: compile the model (`puzzlekit.propagation`: domains as bitmasks, literals as
``(var, bit, sign)``) -> propagate to a fixpoint (its propagators: counts, clauses, node
degrees, runs, loop, paths, connected) -> depth-first search (`branching`, the one part of
the search that lives here) -> check every complete assignment against the model
(`Model.holds`) before reporting it.

A model whose only graph constraint is one loop or set of paths over boolean edges can
instead be swept by frontier dynamic programming (`propagation.frontier`), which merges the
partial assignments that have the same future: it proves what depth-first search, which
cannot learn from its failures, does not finish. ``method`` chooses (see `solve`).
"""

from __future__ import annotations

from typing import Any

from puzzlekit.clock import Deadline
from puzzlekit.errors import InternalError, OutOfTime
from puzzlekit.ir import DisjointPaths, Model, Path
from puzzlekit.propagation import frontier
from puzzlekit.propagation.compiled import new_engine

from ..base import Option, Result, check_options, finish, outcome, project, timed_out, whole_number
from .branching import Search

NAME = "search"
PACKAGE = None
EXTRA = None
IMPORT = None
OPTIONS = {
    "method": Option(
        "how to search: auto (default), dfs or frontier", default="auto", choices=("auto", "dfs", "frontier")
    ),
    "nodes": Option(
        "stop depth-first search after this many nodes, the result then unfinished (default 0: no limit)",
        default=0, parse=whole_number(0, 2**62, "nodes"),
    ),
    "propagations": Option(
        "stop depth-first search after about this many propagator runs (looked at every 16), the "
        "result then unfinished (default 0: no limit)",
        default=0, parse=whole_number(0, 2**62, "propagations"),
    ),
}
#: The IR kinds this backend lowers natively, by class name.
SUPPORTS = frozenset({"Count", "Clause", "Loop", "Path", "DisjointPaths", "Connected", "Runs"})

#: ``auto`` sweeps a frontier no wider than this: the sweep's states grow exponentially with it.
_AUTO_FRONTIER_WIDTH = 16
#: ``auto`` first gives depth-first search this many nodes: many answers or an easy proof
#: finish within them, faster than a sweep, and a hard proof does not finish within many more.
_AUTO_FIRST_NODES = 200


def version() -> str:
    """The puzzlekit version (this backend needs no solver package)."""
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as _version

        return "puzzlekit " + _version("puzzlekit")
    except PackageNotFoundError:
        return "puzzlekit 0.1.0"


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    **options: Any,
) -> Result:
    """Enumerate up to ``limit`` answer-key-distinct solutions.

    ``method``: ``dfs`` propagates and searches depth first; ``frontier`` sweeps the edges
    with dynamic programming over the frontier states (`frontier`; only for one loop or
    path constraint over edge variables, else it falls back to ``dfs``); ``auto`` (the
    default) runs ``dfs`` alone, except on a `Path` or `DisjointPaths` model with a narrow
    frontier: there ``dfs`` gets a first few nodes, then the sweep runs, and if the sweep
    outgrows its state budget ``dfs`` runs again with the time left. ``nodes`` and
    ``propagations`` (0: no limit) stop depth-first search after that many nodes or (within a
    few) propagator runs, whatever the method: the result is then unfinished, like one out of
    time, and ``stats["stopped"]`` names the budget. An unknown option or method raises `UnknownName`.
    """
    options = check_options(NAME, OPTIONS, options)
    method = options["method"]
    deadline = Deadline(time_limit)
    if options["nodes"] or options["propagations"]:
        budget = options["nodes"] or None, options["propagations"] or None
        return _depth_first(model, limit, seed, deadline, *budget)
    try:
        plan = _sweep_plan(model, method, deadline)
    except OutOfTime:
        return timed_out(deadline, method="frontier")
    if plan is None:
        return _depth_first(model, limit, seed, deadline)
    stats: dict[str, Any] = {}
    if method == "auto":
        first = _depth_first(model, limit, seed, deadline, _AUTO_FIRST_NODES)
        if deadline.expired() or first.complete or len(first.solutions) >= limit:
            return first
        stats["first_nodes"] = first.stats.get("nodes", 0)
    swept = _sweep(model, plan, limit, deadline, stats)
    if swept is not None:
        return swept
    result = _depth_first(model, limit, seed, deadline)
    result.stats.update(stats)
    return result


def _sweep_plan(model: Model, method: str, deadline: Deadline) -> frontier.Plan | None:
    """The frontier sweep the method asks for, if it applies to the model (None: dfs only)."""
    if method == "frontier":
        return frontier.plan(model, deadline=deadline)
    lines = len(model.graphs) == 1 and isinstance(model.graphs[0], (Path, DisjointPaths))
    if method == "auto" and lines:
        return frontier.plan(model, max_width=_AUTO_FRONTIER_WIDTH, deadline=deadline)
    return None


def _sweep(
    model: Model, plan: frontier.Plan, limit: int, deadline: Deadline, stats: dict[str, Any]
) -> Result | None:
    """Run the sweep; None when it outgrew its state budget (noted in ``stats``)."""
    try:
        values, exhausted, sweep = frontier.solve(plan, limit, deadline)
    except OutOfTime:
        return finish("timeout", [], False, deadline, method="frontier", solver_calls=1, **stats)
    except frontier.TooWide as wide:
        stats["frontier_gave_up"] = str(wide)
        return None
    found = [project(model, v) for v in values if model.holds(v)]
    if len(found) != len(values):
        raise InternalError("the frontier sweep returned an assignment that breaks the model")
    status, complete = outcome(found, exhausted)
    return finish(status, found, complete, deadline, method="frontier", solver_calls=1, **stats, **sweep)


def _depth_first(
    model: Model, limit: int, seed: int, deadline: Deadline, max_nodes: int | None = None,
    max_propagations: int | None = None,
) -> Result:
    """Propagate and search depth first, for at most ``max_nodes`` nodes and about
    ``max_propagations`` propagator runs."""
    try:
        engine = new_engine(model, deadline)
        search = Search(engine, seed, deadline)
    except OutOfTime:
        return timed_out(deadline)
    found, exhausted = search.run(limit, deadline, max_nodes, max_propagations)
    status, complete = outcome(found, exhausted)
    budget = {"stopped": f"its {search.stopped} budget"} if search.stopped and not exhausted else {}
    return finish(
        status, found, complete, deadline, method="dfs",
        solver_calls=1, nodes=search.nodes, failures=search.failures,
        propagations=engine.propagations, rejected=search.rejected, **budget,
    )


__all__ = ["EXTRA", "IMPORT", "NAME", "OPTIONS", "PACKAGE", "SUPPORTS", "solve", "version"]
