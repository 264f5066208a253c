"""Weighted counts over signed literals, as a SAT encoder sees them: normalised, and the
direct encoding of small ones as the minimal sets of literals that overshoot.

A literal is a nonzero integer, its negation the negative; 1 is the constant true and -1
false (the encoders' convention).
"""

from __future__ import annotations

import functools


def minimal_covers(terms: list[tuple[int, int]], k: int, cap: int) -> list[list[int]] | None:
    """The minimal sets of literals whose weights sum past ``k``, or None if more than ``cap``.

    Forbidding each set is a direct encoding without new variables (pairwise at-most-one is
    the case of unit weights and ``k = 1``); for a monotone constraint it propagates fully.
    """
    if len(terms) > 12:
        return None
    terms = sorted(terms, key=lambda t: -t[0])
    shape = _cover_shape(tuple(w for w, _ in terms), k, cap)
    if shape is None:
        return None
    return [[terms[i][1] for i in cover] for cover in shape]


@functools.lru_cache(maxsize=4096)
def _cover_shape(weights: tuple[int, ...], k: int, cap: int) -> tuple[tuple[int, ...], ...] | None:
    """`minimal_covers` by position for weights in decreasing order (many counts share one)."""
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def grow(start: int, weight: int, smallest: int) -> bool:
        if weight > k:
            if weight - smallest <= k:  # dropping any member brings it back under k
                out.append(tuple(chosen))
            return len(out) <= cap
        for i in range(start, len(weights)):
            chosen.append(i)
            ok = grow(i + 1, weight + weights[i], weights[i])
            chosen.pop()
            if not ok:
                return False
        return True

    return tuple(out) if grow(0, 0, 0) else None


def normalise(terms: list[tuple[int, int]], rhs: int) -> tuple[list[tuple[int, int]], int]:
    """Merge variables, fold constants, make weights positive: ``(terms, rhs)``."""
    by_var: dict[int, int] = {}
    for c, x in terms:
        if x == 1:
            rhs -= c
        elif x == -1:
            continue
        elif x > 0:
            by_var[x] = by_var.get(x, 0) + c
        else:  # c * ~v = c - c * v
            rhs -= c
            by_var[-x] = by_var.get(-x, 0) - c
    out = []
    for v, c in by_var.items():
        if c > 0:
            out.append((c, v))
        elif c < 0:  # c * v = c + |c| * ~v
            rhs -= c
            out.append((-c, -v))
    return out, rhs
