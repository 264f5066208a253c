"""A brute-force reference: every assignment of a tiny IR model, checked by the IR's own meaning
(`Model.holds`, the one definition of every constraint kind)."""

from __future__ import annotations

import itertools

from puzzlekit.ir import Model


def solutions(model: Model) -> set[frozenset]:
    """Every distinct answer-key assignment, as frozensets of (key, value)."""
    domains = [range(v.lo, v.hi + 1) for v in model.vars]
    out = set()
    for values in itertools.product(*domains):
        if model.holds(values):
            out.add(frozenset((model.vars[i].key, values[i]) for i in model.output))
    return out


def as_set(assignments) -> set[frozenset]:
    """Backend solutions in the same shape as `solutions`."""
    return {frozenset(a.items()) for a in assignments}
