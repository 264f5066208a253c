"""Propagators of counts, node degrees and runs: each a function ``(engine, data) -> bool``
that narrows the engine's domains for one constraint and returns False on a contradiction.

* counts: bounds on ``sum(coef * lit)``; a literal is fixed when one of its sides breaks them;
* node degrees of Loop / Path / DisjointPaths: 0 or 2 inside (a terminal's degree 1 is an
  equality count);
* runs: a line solver, forward and backward reachability over the runs automaton (one bit
  per automaton state), fixing each cell that only one value lets through.
"""

from __future__ import annotations

from typing import Any

from .engine import FALSE, TRUE, UNKNOWN, Engine


def count_bounds(engine: Engine, data: Any) -> bool:
    """Bounds of ``sum(coef * lit)`` against ``low..high``; fix literals that break them."""
    terms, low, high = data
    dom = engine.dom
    lo = hi = big = 0
    for c, v, b, p in terms:
        m = dom[v]
        if m & b and m != b:  # unknown
            if c > 0:
                hi += c
                if c > big:
                    big = c
            else:
                lo += c
                if -c > big:
                    big = -c
        elif (m == b) == p:  # true
            lo += c
            hi += c
    if lo > high or hi < low:
        return False
    if lo + big <= high and hi - big >= low:
        return True  # no single literal is forced
    for c, v, b, p in terms:
        m = dom[v]
        if not (m & b and m != b):
            continue
        a = c if c > 0 else -c
        at_min = lo + a > high  # the term must take its smaller side
        at_max = hi - a < low
        if at_min and at_max:
            return False
        if at_min:
            if not engine.make((v, b, p), c < 0):
                return False
            hi -= a
        elif at_max:
            if not engine.make((v, b, p), c > 0):
                return False
            lo += a
    return True


def degree02(engine: Engine, lits: Any) -> bool:
    """A node's edge literals: none or two of them true."""
    dom = engine.dom
    true = 0
    unknown = []
    for lit in lits:
        v, b, p = lit
        m = dom[v]
        if m & b and m != b:
            unknown.append(lit)
        elif (m == b) == p:
            true += 1
    if true > 2:
        return False
    if true == 2:
        return all(engine.make(x, False) for x in unknown)
    if true == 1:
        if not unknown:
            return False
        if len(unknown) == 1:
            return engine.make(unknown[0], True)
    elif len(unknown) == 1:
        return engine.make(unknown[0], False)
    return True


def line(engine: Engine, data: Any) -> bool:
    """Runs: a cell takes a value only if some automaton path through that value accepts.

    ``data`` holds the cells and, as bitmasks over automaton states, the states that may
    read a 1 (moving to the next state), read a 0 and move on, or read a 0 and stay, and
    the final state. ``forward[i]``: states reachable after the first i cells.
    """
    cells, one, zero, stay, final = data
    status = engine.status
    states = [status(x) for x in cells]
    forward = [1]
    f = 1
    for s in states:
        g = 0
        if s != FALSE:
            g = (f & one) << 1
        if s != TRUE:
            g |= ((f & zero) << 1) | (f & stay)
        f = g
        forward.append(f)
    if not f & final:
        return False
    back = final
    for i in range(len(cells) - 1, -1, -1):
        s = states[i]
        b1 = (back >> 1) & one if s != FALSE else 0
        b0 = (((back >> 1) & zero) | (back & stay)) if s != TRUE else 0
        if s == UNKNOWN:
            can1 = forward[i] & b1
            can0 = forward[i] & b0
            if not can1:
                if not engine.make(cells[i], False):
                    return False
                b1 = 0
            elif not can0:
                if not engine.make(cells[i], True):
                    return False
                b0 = 0
        back = b1 | b0
    return True
