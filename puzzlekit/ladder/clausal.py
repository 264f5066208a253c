"""A fast path for models of one-of counts and clauses: ``rules`` and ``chain`` in a SAT solver.

Where every constraint of a compiled model is a clause or a count "exactly / at most / at
least one of these literals", each variable reading one literal of a count at most (a
Sudoku: each row, column and box holds each digit once), the rules-level propagators are
exactly arc consistency on each constraint: a count forces its last open literal or clears
the rest once one holds, a domain empties or keeps one value. The same holds for unit
propagation in a solver that gives every value of every variable a literal and holds each
constraint (and each domain, "one value") on its own, so that propagation is arc consistent:
an "at least one" as a clause, an "at most one" as MiniCard's native cardinality
constraint, which clears the other literals once one holds. So the ``rules`` closure is
one call of the solver's propagation, and the ``chain`` closure (the fixpoint of ruling out
every value whose assumption propagates to a contradiction) is failed-literal probing on
those constraints, without compiling anything per question.

Only those two closures are computed here, and ``chain`` only where `Pairs` finds no two
rules to read together (it then adds nothing, and ``trial`` refutes a subset of what
``chain`` does); every other level, and every grade and step, is the generic ladder's
(`reasoner`), which stays the reference: tests cross-check the two on random states.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter
from typing import Any

from ..clock import Deadline
from ..propagation.engine import COUNT, Engine

#: The solver: MiniSat with native "at most k" constraints (an at-most-one of n literals
#: is one constraint, not n (n - 1) / 2 clauses); its ``propagate`` runs unit propagation
#: alone, without search or learning.
SOLVER = "minicard"
#: A literal's state under the negated literal: false and true swap.
_FLIP = bytes([2, 1, 0]) + bytes(253)
#: Conflicts `Clausal.other` spends before it gives up (a fixed count: the same answer on
#: every machine).
OTHER_CONFLICTS = 2_000
#: Propagated literals from which `_narrowed` reads them off a set instead of one by one.
_MANY = 2_000
#: A byte 0 or 1 as the digit "0" or "1".
_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
#: Trials between two looks at the clock.
_CLOCK_EVERY = 256


def _available() -> bool:
    """Whether python-sat is installed (without it there is no fast path)."""
    return importlib.util.find_spec("pysat") is not None


def _solver_class() -> Any:
    """python-sat's ``Solver``, imported on the first question: importing the ladder, or
    asking whether a model fits, loads no solver library."""
    from pysat.solvers import Solver

    return Solver


def fits(engine: Engine) -> bool:
    """Whether the compiled model is made only of clauses and one-of counts (see above)."""
    if engine.empty or not _available():
        return False
    for kind, data in zip(engine.kinds, engine.data):
        if kind != COUNT:
            return False
        terms, low, high = data[:3]
        if (len(data) > 3 and data[3] is not None) or not _bounds(low, high, len(terms)):
            return False
        if any(c != 1 or not engine.full[v] & b for c, v, b, _ in terms):
            return False
        if len({v for _, v, _, _ in terms}) != len(terms):
            return False
    return True


def _bounds(low: int, high: int, size: int) -> tuple[bool, bool] | None:
    """(at least one, at most one) for a count's bounds; None when it is no one-of count."""
    least = low == 1
    most = high == 1
    if not (least or low <= 0) or not (most or high >= size):
        return None
    return (least, most)


class Clausal:
    """The CNF of a compiled model that `fits`, and its ``rules`` and ``chain`` closures."""

    def __init__(self, engine: Engine):
        self.full = list(engine.full)
        self.first: list[int] = []  # literal id of each variable's lowest value bit
        top = 0
        for mask in self.full:
            self.first.append(top + 1)
            top += mask.bit_length()
        self.primary = top
        #: per literal id, its variable and value bit
        self.var_of = [0] * (top + 1)
        self.bit_of = [0] * (top + 1)
        for v, mask in enumerate(self.full):
            for bit in _bits(mask):
                x = self.first[v] + bit.bit_length() - 1
                self.var_of[x], self.bit_of[x] = v, bit
        # constraints as (literal ids, at least one, at most one), domains first
        self.constraints: list[tuple[list[int], bool, bool]] = []
        for v, mask in enumerate(self.full):
            self.constraints.append(([self._id(v, bit) for bit in _bits(mask)], True, True))
        for _, data in zip(engine.kinds, engine.data):
            terms, low, high = data[:3]
            least, most = _bounds(low, high, len(terms))  # type: ignore[misc]
            self.constraints.append(([self.lit(v, b, p) for _, v, b, p in terms], least, most))
        for lits in engine.clauses:
            self.constraints.append(([self.lit(*lit) for lit in lits], True, False))
        #: literals every question assumes: the model's unit clauses and one-literal
        #: constraints (kept off the solver's level 0, whose consequences `propagate` would
        #: not report)
        self.units = [self.lit(*lit) for lit in engine.units]
        self.units += [lits[0] for lits, least, _ in self.constraints if len(lits) == 1 and least]
        self.constraints = [c for c in self.constraints if len(c[0]) != 1]
        self._whole: Any = None
        self._negations: list[int] | None = None  # -1, -2, ... for `_narrowed`
        self._apart: tuple[tuple[int, ...], Any] | None = None  # `other`'s solver, for its `keep`
        self._getters: list[itemgetter] | None = None
        self._last: tuple[tuple[int, ...], list[int] | None] | None = None  # the last `rules`

    def _id(self, v: int, bit: int) -> int:
        return self.first[v] + bit.bit_length() - 1

    def lit(self, v: int, bit: int, positive: bool) -> int:
        """The CNF literal of a compiled literal (variable v takes / does not take the value)."""
        x = self._id(v, bit)
        return x if positive else -x

    # solvers -------------------------------------------------------------------------------
    def _solver(self, dom: list[int] | None) -> Any:
        """A solver over the constraints, each reduced to what the domains (at their
        fixpoint) leave open; None: the declared domains, every constraint whole."""
        least_of: list[list[int]] = []  # "at least one" clauses
        most_of: list[list[int]] = []  # "at most one" constraints
        if dom is None:
            for lits, least, most in self.constraints:
                if least:
                    least_of.append(lits)
                if most:
                    most_of.append(lits)
            return _new_solver(least_of, most_of)
        value = self._values(dom)
        if self._getters is None:  # each constraint's literals read at once (negative ones past P)
            p = self.primary
            self._getters = [itemgetter(*[x if x > 0 else p - x for x in lits], 0)
                             for lits, _, _ in self.constraints]
        for (lits, least, most), get in zip(self.constraints, self._getters):
            states = get(value)  # 0 false, 1 open, 2 true, then the unused id 0 (false)
            if 2 in states or states.count(0) >= len(lits):
                continue  # holds (the fixpoint cleared the rest), or fewer than two open
            open_ = list(compress(lits, states))
            if least:
                least_of.append(open_)
            if most:
                most_of.append(open_)
        return _new_solver(least_of, most_of)

    def _values(self, dom: list[int]) -> bytearray:
        """Per literal id under the domains: 0 false, 1 open, 2 true; a negative literal -x
        at P + x (P the last primary id)."""
        value = bytearray(self.primary + 1)
        first = self.first
        for v, (m, f) in enumerate(zip(dom, self.full)):
            base = first[v]
            if m & (m - 1):
                k = base
                while f:
                    if m & 1:
                        value[k] = 1
                    m >>= 1
                    f >>= 1
                    k += 1
            elif m:
                value[base + m.bit_length() - 1] = 2
        return value + value[1:].translate(_FLIP)

    def assumptions(self, masks: Sequence[int]) -> list[int] | None:
        """The literals that narrow the declared domains to ``masks`` (None: one is empty)."""
        out = list(self.units)
        for v, (mask, full) in enumerate(zip(masks, self.full)):
            mask &= full
            if mask == full:
                continue
            if not mask:
                return None
            if not mask & (mask - 1):
                out.append(self._id(v, mask))
            else:
                out.extend(-self._id(v, bit) for bit in _bits(full & ~mask))
        return out

    def _narrow(self, dom: list[int], lits: Sequence[int]) -> int:
        """Narrow the domains in place by the propagated literals (every literal is a value's:
        the solver has no others); returns how many variables it fixed."""
        var_of, bit_of = self.var_of, self.bit_of
        fixed = 0
        for x in lits:
            if x > 0:
                v = var_of[x]
                m = dom[v]
                if m & (m - 1):
                    fixed += 1
                    dom[v] = m & bit_of[x]
            else:
                v = var_of[-x]
                m = dom[v]
                if m & (m - 1):
                    m &= ~bit_of[-x]
                    dom[v] = m
                    fixed += not m & (m - 1)
        return fixed

    def _narrowed(self, masks: Sequence[int], lits: Sequence[int]) -> list[int]:
        """The domains narrowed by the propagated literals."""
        dom = [m & f for m, f in zip(masks, self.full)]
        if len(lits) < _MANY:
            self._narrow(dom, lits)
            return dom
        # many literals (a closure from few assumptions): read each value's negation off a
        # set, a byte per value, and each variable's bytes as its bits ruled out. This
        # leaves out the true literals: unit propagation made each other value false too.
        present = set(lits)
        if self._negations is None:
            self._negations = list(range(-1, -self.primary - 1, -1))
        out = bytes(map(present.__contains__, self._negations)).translate(_DIGITS)
        first = self.first
        for v, m in enumerate(dom):
            start = first[v] - 1
            end = start + self.full[v].bit_length()
            if end > start:
                dom[v] = m & ~int(out[end - 1 : start - 1 if start else None : -1], 2)
        return dom

    # closures ------------------------------------------------------------------------------
    def rules(self, masks: Sequence[int]) -> list[int] | None:
        """The domains at the ``rules`` closure from ``masks``; None on a contradiction."""
        key = tuple(masks)
        if self._last is not None and self._last[0] == key:
            return None if self._last[1] is None else list(self._last[1])
        dom = self._rules(masks)
        self._last = (key, dom)
        return None if dom is None else list(dom)

    def _rules(self, masks: Sequence[int]) -> list[int] | None:
        assumed = self.assumptions(masks)
        if assumed is None:
            return None
        if self._whole is None:
            self._whole = self._solver(None)
        ok, lits = self._whole.propagate(assumptions=assumed)
        if not ok:
            return None
        dom = self._narrowed(masks, lits)
        return dom if all(dom) else None

    def other(self, masks: Sequence[int], keep: Sequence[int], free: Sequence[int]) -> list[int] | None:
        """The domains of a solution within ``masks`` other than ``keep`` (a solution's masks)
        that takes ``keep``'s values outside the ``free`` variables; None when none turns up
        within `OTHER_CONFLICTS` conflicts (which proves nothing).

        Every other value fixed, the question is small. Its solver learns from one question
        to the next (its answers are not the closures' unit propagation, which stays on a
        solver of the constraints alone)."""
        key = tuple(keep)
        if self._apart is None or self._apart[0] != key:
            if self._apart is not None:
                self._apart[1].delete()
            solver = self._solver(None)
            solver.add_clause([-self._id(v, m) for v, m in enumerate(keep) if m != self.full[v]])
            self._apart = (key, solver)
        solver = self._apart[1]
        narrowed = list(masks)
        fixed = [True] * len(masks)
        for v in free:
            fixed[v] = False
        for v, k in enumerate(keep):
            if fixed[v]:
                narrowed[v] &= k
        assumed = self.assumptions(narrowed)
        if assumed is None:
            return None
        solver.conf_budget(OTHER_CONFLICTS)
        if not solver.solve_limited(assumptions=assumed):
            return None
        dom = [0] * len(masks)
        var_of, bit_of = self.var_of, self.bit_of
        for x in solver.get_model():
            if x > 0:
                dom[var_of[x]] |= bit_of[x]
        return dom

    def chain(
        self, masks: Sequence[int], probed: Sequence[int], deadline: Deadline,
        keep: Sequence[int] | None = None, goal: Sequence[int] = (),
    ) -> list[int] | None:
        """The domains at the ``chain`` closure: the ``rules`` closure, then every value of a
        ``probed`` variable whose assumption propagates to a contradiction ruled out, until
        none does; None on a contradiction.

        ``keep``: per variable, the value bits of a known solution within ``masks``. They are
        never tried: an assumption that a solution satisfies propagates to no contradiction,
        and what it fixes is that solution's, so the closure is the same. ``goal``: variables
        that, once all fixed, end the work early; the domains returned then fix them but are
        not the closure (a caller that knows fixing them solves the puzzle asks for this).

        The values are tried in turn, round and round, until a whole turn refutes none. A
        value that an assumption which survives fixes is not tried until something is
        refuted (its consequences are part of that assumption's). The solver holds the
        constraints reduced to what the ``rules`` closure leaves open (short trials); a
        refuted value becomes a unit clause, so the trials after it start from its
        consequences without propagating it again."""
        dom = self.rules(masks)
        if dom is None or (goal and _fixed(dom, goal)):
            return dom
        first = self.first
        trials = [(v, bit, first[v] + bit.bit_length() - 1) for v in probed
                  for bit in _bits(dom[v] if keep is None else dom[v] & ~keep[v]) if dom[v] != bit]
        if not trials:
            return dom
        trials.sort(key=lambda t: dom[t[0]].bit_count())
        solver = self._solver(dom)
        propagate = _propagation(solver)
        # variables left open: a trial that fixes as many ends the work when ``goal`` is asked
        left = sum(1 for m in dom if m & (m - 1))
        implied: set[int] = set()
        size = len(trials)
        i = quiet = tried = 0  # quiet: trials in a row since the last refutation
        try:
            while quiet < size:
                v, bit, x = trials[i]
                i = i + 1 if i + 1 < size else 0
                quiet += 1
                m = dom[v]
                if not m & bit or m == bit or x in implied:
                    continue
                tried += 1
                if not tried % _CLOCK_EVERY:
                    deadline.check()
                ok, lits = propagate([x])
                if ok:
                    if goal and len(lits) >= left and _count_fixing(lits) == left:
                        return self._narrowed(dom, lits)  # another solution
                    implied.update(lits)
                    continue
                ok, lits = propagate([-x])
                if not ok:
                    return None
                solver.add_clause([-x])
                left -= self._narrow(dom, lits)
                if goal and _fixed(dom, goal):
                    return dom
                implied.clear()
                quiet = 0
            return dom
        finally:
            solver.delete()


def _propagation(solver: Any) -> Callable[[list[int]], tuple[bool, list[int]]]:
    """The solver's ``propagate`` as a function of the assumptions: python-sat's MiniCard
    call itself where the solver is the MiniCard it wraps (its three layers of Python per
    call took a tenth of a ``chain``), else the ``propagate`` method. Tests check the two
    agree."""
    backend = getattr(solver, "solver", None)
    handle = getattr(backend, "minicard", None)
    call = getattr(_pysolvers(), "minicard_propagate", None)
    if handle is None or call is None or type(backend).__name__ != "Minicard":
        return lambda assumed: solver.propagate(assumptions=assumed)
    main = int(threading.current_thread() is threading.main_thread())

    def propagate(assumed: list[int]) -> tuple[bool, list[int]]:
        ok, lits = call(handle, assumed, 0, main)
        return bool(ok), lits or []

    return propagate


def _new_solver(least: list[list[int]], most: list[list[int]]) -> Any:
    """A `SOLVER` holding the clauses ``least`` and the constraints "at most one of" each of
    ``most``, added by python-sat's MiniCard calls themselves where the solver is the
    MiniCard it wraps (a Python layer less each), else through its methods."""
    solver = _solver_class()(name=SOLVER)
    backend = solver.solver
    handle = getattr(backend, "minicard", None)
    module = _pysolvers()
    add_clause = getattr(module, "minicard_add_cl", None)
    add_atmost = getattr(module, "minicard_add_am", None)
    if handle is None or add_clause is None or add_atmost is None or type(backend).__name__ != "Minicard":
        for clause in least:
            solver.add_clause(clause)
        for lits in most:
            solver.add_atmost(lits, 1)
        return solver
    ok = True
    for clause in least:
        ok = add_clause(handle, clause) and ok
    for lits in most:
        ok = add_atmost(handle, lits, 1) and ok
    if not ok:
        backend.status = False  # what the methods record: the constraints conflict
    return solver


def _pysolvers() -> Any:
    """The module of solver calls that python-sat's solvers use (None where it has none)."""
    import pysat.solvers

    return getattr(pysat.solvers, "pysolvers", None)


def _count_fixing(lits: Sequence[int]) -> int:
    """How many of the literals fix a value (are true)."""
    return sum(1 for y in lits if y > 0)


def _fixed(dom: Sequence[int], variables: Sequence[int]) -> bool:
    """Whether each of the variables has one value left."""
    return all(not dom[v] & (dom[v] - 1) for v in variables)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class Prober:
    """Trials by unit propagation from an engine's current domains, for `Reasoner.refutes`.

    The solver is reduced to a snapshot of the domains; later (narrower) domains are passed
    as the values they rule out, until so many are that a new snapshot is cheaper."""

    #: values ruled out since the snapshot past which the solver is rebuilt
    REBUILD = 256

    def __init__(self, clausal: Clausal):
        self.clausal = clausal
        self.solver: Any = None
        self.call: Callable[[list[int]], tuple[bool, list[int]]] | None = None  # its propagate
        self.snapshot: list[int] | None = None
        self.seen: list[int] | None = None
        self.assumed: list[int] = []

    def propagate(self, dom: list[int], v: int, bit: int) -> tuple[bool, list[int]] | None:
        """(no contradiction, the literals propagated) once variable v takes the value bit
        in the domains ``dom``, which must be at their fixpoint; None when they are not."""
        if dom != self.seen and not self._sync(dom):
            return None
        assert self.call is not None
        return self.call(self.assumed + [self.clausal.lit(v, bit, True)])

    def fixed(self, lits: list[int]) -> list[tuple[int, int]]:
        """The (variable, value bit) of every value the literals fix."""
        c = self.clausal
        return [(c.var_of[x], c.bit_of[x]) for x in lits if x > 0]

    def _sync(self, dom: list[int]) -> bool:
        snap = self.snapshot
        if snap is not None:
            removed: list[int] | None = []
            lit = self.clausal.lit
            for v, (d, s) in enumerate(zip(dom, snap)):
                if d != s:
                    if d & ~s:
                        removed = None  # wider than the snapshot: a new one
                        break
                    removed.extend(lit(v, b, False) for b in _bits(s & ~d))  # type: ignore[union-attr]
            if removed is not None and len(removed) <= self.REBUILD:
                self.assumed, self.seen = removed, list(dom)
                return True
        if self.clausal.rules(dom) != dom:
            return False  # not at the fixpoint: the engine's own trial decides
        self.close()
        self.solver = self.clausal._solver(dom)
        self.call = _propagation(self.solver)
        self.snapshot, self.seen, self.assumed = list(dom), list(dom), []
        return True

    def close(self) -> None:
        if self.solver is not None:
            self.solver.delete()
            self.solver = None
