"""Which python-sat solver the sat backend runs, and how a CNF is handed to it."""

from __future__ import annotations

import functools
import sys
from collections import deque
from collections.abc import Callable
from typing import Any

from puzzlekit.clock import Deadline
from puzzlekit.ir import DisjointPaths
from puzzlekit.transforms.cuts import Relaxation

from . import sat_planar

SLICE = 4096  # clauses handed to a new solver between two looks at the clock
#: Variables above which CaDiCaL's bounded variable elimination is off. Its rounds run between
#: conflicts, where no conflict budget stops them: on an empty 40x1000 Masyu (119,000
#: variables, 470,000 clauses) one ran 75 s into a call given 33 s; without elimination the
#: same run ended within a second of its limit. Smaller CNFs keep it (it pays there).
NO_ELIMINATION_ABOVE = 50_000


def loaded(cnf: Any, name: str, deadline: Deadline) -> Any:
    """A new solver given the CNF's clauses (``cnf``: the sat backend's, with its ``pysat``
    module, ``clauses`` and ``top`` variable) in slices, reading the clock between them;
    CaDiCaL without variable elimination on a huge CNF (`NO_ELIMINATION_ABOVE`).

    python-sat hands clauses over one Python call each, so millions of clauses take seconds
    that no solver limit covers; `OutOfTime` frees the half-loaded solver.
    """
    solver = cnf.pysat.solvers.Solver(name=name)
    if getattr(cnf, "top", 0) > NO_ELIMINATION_ABOVE:
        _no_elimination(solver)
    append = _appender(solver)
    try:
        for start in range(0, len(cnf.clauses), SLICE):
            deadline.check()
            append(cnf.clauses[start:start + SLICE])
    except BaseException:
        solver.delete()
        raise
    return solver


def _no_elimination(solver: Any) -> None:
    """Turn CaDiCaL's variable elimination off (`NO_ELIMINATION_ABOVE`); other solvers stay
    as they are (MiniSat's and Glucose's simplification runs once, before the search)."""
    inner = getattr(solver, "solver", None)
    if type(inner).__name__.startswith("Cadical") and hasattr(inner, "configure"):
        inner.configure({"elim": 0})


def _appender(solver: Any) -> Callable[[list[list[int]]], Any]:
    """How to hand clauses to the solver: CaDiCaL 1.9.5's own C call mapped over them, a
    third faster than python-sat's loop, which checks each clause's type and result in Python
    (nothing reads the result it keeps: `solve` sets the status anew); else that loop."""
    inner = getattr(solver, "solver", None)
    handle = getattr(inner, "cadical", None)
    add = getattr(sys.modules.get("pysolvers"), "cadical195_add_cl", None)
    if type(inner).__name__ != "Cadical195" or handle is None or add is None:
        return solver.append_formula
    return lambda clauses: deque(map(functools.partial(add, handle), clauses), maxlen=0)


def sparse_paths(g: Any) -> bool:
    """Whether the relaxed graph ``g`` is disjoint paths of two or more pairs whose cells may
    stay empty (Numberlink's ``cover: any``): some node keeps a presence literal."""
    return (isinstance(g.constraint, DisjointPaths) and len(g.constraint.pairs) > 1
            and any(lit is not None for lit in g.on.values()))


def default_solver(relaxation: Relaxation, propagate: bool) -> str:
    """The solver ``solver="auto"`` stands for. CaDiCaL 1.9.5 was the fastest in our
    measurements except on disjoint paths between grid cells that may stay empty (Numberlink's
    ``cover: any``; not Zip, whose split nodes make it look sparse), where Glucose 4.2 took
    about half its time (docs/benchmarks.md, "Numberlink: the SAT solver"); the path
    propagator needs CaDiCaL 1.9.5."""
    if not propagate and any(sparse_paths(g) and sat_planar.applies(g) for g in relaxation.graphs):
        return "glucose42"
    return "cadical195"
