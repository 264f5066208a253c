"""Hand-written propagating search: no solver package, every IR kind propagated natively.

Pipeline: compile the model (domains as bitmasks, literals as ``(var, bit, sign)``;
`engine`) -> propagate to a fixpoint (`propagators`: counts, clauses, node degrees, runs;
`graphs`: loop, paths, connected) -> depth-first search (`branching`) -> check every
complete assignment against the model (`Model.holds`) before reporting it.

A model whose only graph constraint is one loop or set of paths over boolean edges can
instead be swept by frontier dynamic programming (`frontier`). ``method`` chooses (see
`solve`).
"""

from __future__ import annotations

from typing import Any

from puzzlekit.clock import Deadline
from puzzlekit.errors import OutOfTime, UnknownName
from puzzlekit.ir import DisjointPaths, Model, Path

from ..base import Result, finish, outcome, project, timed_out
from . import frontier
from .branching import Search
from .propagation import new_engine

NAME = "search"
PACKAGE = None
EXTRA = None


def version() -> str:
    """The puzzlekit version (this backend needs no solver package)."""
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as _version

        return "puzzlekit " + _version("puzzlekit")
    except PackageNotFoundError:
        return "puzzlekit 0.1.0"


METHODS = ("auto", "dfs", "frontier")
#: ``method="auto"`` sweeps a frontier no wider than this; wider ones go to depth-first search.
AUTO_FRONTIER_WIDTH = 16
#: ``method="auto"`` first gives depth-first search this many nodes: enough for puzzles with
#: many answers or an easy proof, where the sweep would be the slower way. On the benchmark
#: numberlinks depth-first search either finished within 38 nodes or not within thousands
#: (a node costs 1-4 ms there), so 200 leaves a wide margin and costs under a second.
AUTO_FIRST_NODES = 200


def solve(
    model: Model,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    seed: int = 0,
    method: str = "auto",
    **options: Any,
) -> Result:
    """Enumerate up to ``limit`` answer-key-distinct solutions.

    ``method``: ``dfs`` propagates and searches depth first; ``frontier`` sweeps the edges
    with dynamic programming over the frontier states (`backends.frontier`; only for one
    loop or path constraint over edge variables, else it falls back to ``dfs``); ``auto``
    (the default) runs ``dfs`` alone, except on a `Path` or `DisjointPaths` model whose
    frontier is at most `AUTO_FRONTIER_WIDTH` nodes wide: there ``dfs`` gets
    `AUTO_FIRST_NODES` nodes, then the sweep runs, and if the sweep outgrows its state
    budget ``dfs`` runs again with the time left. Extra ``options`` are accepted for a
    uniform backend interface and ignored.
    """
    if method not in METHODS:
        raise UnknownName(f"unknown search method {method!r}; choose one of: {', '.join(METHODS)}")
    deadline = Deadline(time_limit)
    plan = None
    lines = len(model.graphs) == 1 and isinstance(model.graphs[0], (Path, DisjointPaths))
    try:
        if method == "frontier":
            plan = frontier.plan(model, deadline=deadline)
        elif method == "auto" and lines:
            plan = frontier.plan(model, max_width=AUTO_FRONTIER_WIDTH, deadline=deadline)
    except OutOfTime:
        return timed_out(deadline, method="frontier")
    stats: dict[str, Any] = {}
    if plan is not None:
        if method == "auto":
            first = _depth_first(model, limit, seed, deadline, AUTO_FIRST_NODES)
            if deadline.expired() or first.complete or len(first.solutions) >= limit:
                return first
            stats["first_nodes"] = first.stats.get("nodes", 0)
        try:
            values, exhausted, sweep = frontier.solve(plan, limit, deadline)
        except OutOfTime:
            return finish("timeout", [], False, deadline, method="frontier", solver_calls=1, **stats)
        except frontier.TooWide as wide:
            stats["frontier_gave_up"] = str(wide)
        else:
            found = [project(model, v) for v in values if model.holds(v)]
            if len(found) != len(values):
                raise RuntimeError("the frontier sweep returned an assignment that breaks the model")
            status, complete = outcome(found, exhausted)
            return finish(
                status, found, complete, deadline, method="frontier", solver_calls=1, **stats, **sweep
            )
    result = _depth_first(model, limit, seed, deadline, None)
    result.stats.update(stats)
    return result


def _depth_first(model: Model, limit: int, seed: int, deadline: Deadline, max_nodes: int | None) -> Result:
    """Propagate and search depth first, for at most ``max_nodes`` nodes."""
    try:
        engine = new_engine(model, deadline)
    except OutOfTime:
        return timed_out(deadline)
    search = Search(engine, seed)
    found, exhausted = search.run(limit, deadline, max_nodes)
    status, complete = outcome(found, exhausted)
    return finish(
        status, found, complete, deadline, method="dfs",
        solver_calls=1, nodes=search.nodes, failures=search.failures,
        propagations=engine.propagations, rejected=search.rejected,
    )


__all__ = ["solve", "version"]
