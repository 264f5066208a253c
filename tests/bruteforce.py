"""A brute-force reference: every assignment of a tiny IR model, checked by the IR's own meaning
(`Model.holds`, the one definition of every constraint kind)."""

from __future__ import annotations

import itertools

import pytest

from puzzlekit import backends
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


def installed(name: str):
    """The backend module, or the test skipped when its solver is not installed."""
    if backends.installed().get(name) is None:
        pytest.skip(f"{name} is not installed")
    return backends.get(name)


def check_means_holds(name: str, options: dict, model: Model) -> None:
    """The backend (with options) finds exactly `solutions`, and says it is complete."""
    expected = solutions(model)
    result = installed(name).solve(model, limit=len(expected) + 2, time_limit=30, **options)
    assert result.complete
    assert result.status == ("solved" if expected else "unsolvable")
    assert as_set(result.solutions) == expected
