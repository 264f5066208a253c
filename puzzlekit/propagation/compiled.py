"""The engine with every propagator plugged in, and propagation on its own (no branching).

`new_engine` is the one place that maps each constraint kind to its propagator.
`Propagator` and `propagate` narrow domains to a fixpoint from given starting domains: the
search's first step, usable alone (tests read what propagation deduces).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.ir import Model

from . import graphs, propagators
from .engine import CONNECTED, COUNT, DEGREE, LOOP, PAIRS, PATH, RUNS, Engine, Run, mask_values

#: One frozenset of allowed values per model variable, indexed like ``model.vars``.
Domains = tuple[frozenset[int], ...]

_RUN: dict[int, Run] = {
    COUNT: propagators.count_bounds, DEGREE: propagators.degree02, RUNS: propagators.line,
    LOOP: graphs.loop, PATH: graphs.paths, PAIRS: graphs.paths, CONNECTED: graphs.connected,
}


_GRAPH_KINDS = (LOOP, PATH, PAIRS, CONNECTED)


def _leave_alone(engine: Engine, data: object) -> bool:
    return True


def new_engine(
    model: Model,
    deadline: Deadline = UNLIMITED,
    graphs: bool = True,
    overrides: Mapping[int, Run] | None = None,
) -> Engine:
    """The model compiled for search (raises `OutOfTime` when compiling outlasts ``deadline``).

    With ``graphs=False`` the graph constraints reason only through their node degrees: the
    whole-graph propagators (no early cycle, reachability, blocks) are left out. ``overrides``
    puts other propagators in place of the defaults, by constraint kind. The grading ladder
    uses both for its weaker levels; search itself uses neither.
    """
    run = _RUN if graphs else {**_RUN, **{kind: _leave_alone for kind in _GRAPH_KINDS}}
    if overrides:
        run = {**run, **overrides}
    return Engine(model, run, deadline)


class Propagator:
    """A model compiled once for repeated propagation from different domains."""

    def __init__(self, model: Model):
        self.model = model
        self._engine = new_engine(model)

    @property
    def propagations(self) -> int:
        """Propagator runs so far, over every call (a measure of work)."""
        return self._engine.propagations

    def propagate(
        self, domains: Sequence[Iterable[int] | None] | Mapping[int, Iterable[int]] | None = None
    ) -> Domains | None:
        """Narrow the domains to a fixpoint of every propagator; None on a contradiction.

        ``domains`` restricts variables before propagating: a sequence with one entry per
        variable (None: the declared domain) or a mapping from variable index to its
        allowed values. Values outside a variable's declared range are ignored.
        """
        engine = self._engine
        masks = list(engine.full)
        items = domains.items() if isinstance(domains, Mapping) else enumerate(domains or ())
        for i, allowed in items:
            if allowed is None:
                continue
            lo = engine.lo[i]
            mask = 0
            for value in allowed:
                if 0 <= value - lo < engine.full[i].bit_length():
                    mask |= 1 << (value - lo)
            masks[i] &= mask
        if not engine.reset(masks):
            return None
        return tuple(mask_values(engine.dom[i], engine.lo[i]) for i in range(engine.n))


def propagate(
    model: Model,
    domains: Sequence[Iterable[int] | None] | Mapping[int, Iterable[int]] | None = None,
) -> Domains | None:
    """Propagate to a fixpoint without branching: the narrowed domains, or None if infeasible."""
    return Propagator(model).propagate(domains)
