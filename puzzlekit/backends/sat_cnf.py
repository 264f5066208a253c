"""The sat backend's CNF: an IR model (counts and clauses only, after the transforms) as
clauses over numbered SAT variables, growing as later clauses arrive.

* Integers become one boolean per value with exactly-one.
* Unit clauses fix their literals first (a fixed value also fixes the integer's other
  values); a fixed literal is a constant in every later constraint, so counts over givens
  shrink before they are encoded, and its variable stays out of the CNF. On a 36x36 Sudoku
  with 60% given this cut the CNF from 545,000 clauses to 150,000.
* Counts are normalised first: repeated variables merged, negative coefficients turned
  into positive ones on the negated literal, constants folded into the right-hand side,
  a common factor divided out. A small count is encoded directly by forbidding each
  minimal set of literals that overshoots (pairwise at-most-one is the simplest case; no
  new variables). At most one of more literals is Sinz's sequential counter, written here
  (a `pysat.card` call costs more than its clauses). Other larger unit-weight counts go
  to `pysat.card`, chosen per constraint: a sequential counter when ``n * k`` is small, a
  totalizer for medium sizes, a k-modulo totalizer for large ones; a wide "exactly k" is
  one sequential counter defined both ways over the rarer side (`EXACT_COUNTER`). Other weights get a
  reduced BDD (Eén & Sörensson), two clauses per node. ``pysat.pb`` is not used: it
  needs the optional ``pindakaas`` package.
* Unit-weight counts over distinct variables take a short path straight to clauses, and
  counts that repeat an encoded count are skipped.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import BackendUnavailable
from puzzlekit.ir import Clause, Count, Lit, Model
from puzzlekit.transforms import pseudoboolean as pb

#: At most one of up to this many literals of a count is every pair of them (beyond, Sinz's
#: counter): faster on the hard 25x25 Sudokus, level on the Queens (docs/benchmarks.md,
#: "Hard Sudoku").
PAIRWISE = 25
#: An "exactly k" over at least this many literals (and not one of them or all but one) is one
#: sequential counter defined both ways over the rarer side (true or false), in the count's
#: own order, where two encodings (at most k true, at most n - k false) went before: on the
#: slowest published Nurikabe grids, a third fewer conflicts and half the clauses, and the
#: islands' sizes alone (no wall rules) solved in 55 conflicts, not 38,000 (docs/benchmarks.md,
#: "Nurikabe: one counter per island").
EXACT_COUNTER = 64
#: ... while its counter has at most this many variables (literals times bound)
EXACT_COUNTER_VARS = 20_000


def pysat() -> Any:
    """The python-sat package; `BackendUnavailable` naming the sat backend (``sat.NAME``, its
    package and extra) when it is not installed."""
    try:
        import pysat.card
        import pysat.solvers
    except ImportError as exc:
        raise BackendUnavailable("sat", "python-sat", "sat") from exc
    return pysat


class Cnf:
    """The CNF of one relaxed IR model: variable map plus clauses; grows with later clauses."""

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
        self.pysat = pysat()
        self.ir = model
        self.deadline = deadline
        self.top = 1  # variable 1 is the constant true
        self.clauses: list[list[int]] = [[1]]
        self.bools: dict[int, int] = {}
        self.onehot: dict[int, dict[int, int]] = {}
        self.seen: set[tuple] = set()  # counts already encoded (relax repeats the model's degrees)
        self.fixed: dict[int, int] = {}  # SAT variable -> its literal that a unit clause makes true
        self._variables()
        for count in deadline.paced(model.counts):
            self.count(count)
        for clause in deadline.paced(model.clauses):
            self.clause(clause)

    def new(self) -> int:
        """A fresh SAT variable."""
        self.top += 1
        return self.top

    # step 1: variables -------------------------------------------------------------------
    def _variables(self) -> None:
        """One SAT variable per boolean and per integer value; the unit clauses fix some.

        A literal a unit clause fixes (and, for a fixed value, the integer's other values) is
        the constant from then on (`lit`), so counts over givens shrink before they are
        encoded; its variable is left out of the CNF and `values` reads it from `fixed`.
        """
        for v in self.deadline.paced(self.ir.vars):
            if v.is_bool:
                self.bools[v.index] = self.new()
            else:
                self.onehot[v.index] = {k: self.new() for k in range(v.lo, v.hi + 1)}
        self._literals()
        fixed = self.fixed
        for clause in self.ir.clauses:
            if len(clause.lits) == 1:
                x = self.lit(clause.lits[0])
                if abs(x) != 1:
                    fixed.setdefault(abs(x), x)
        for values in self.onehot.values():
            if any(fixed.get(x, 0) > 0 for x in values.values()):
                for x in values.values():
                    fixed.setdefault(x, -x)
        for values in self.onehot.values():
            open_ = [x for x in values.values() if x not in fixed]
            true = [x for x in values.values() if fixed.get(x, 0) > 0]
            if not open_ and not true:
                self.clauses.append([-1])  # every value excluded
            elif len(true) > 1:
                self.clauses.append([-1])  # two values fixed
            elif not true:
                self.clauses.append(open_)
                self.at_most(open_, 1)
        self._literals()

    def _literals(self) -> None:
        """`lit`'s table: per IR variable, the SAT literal of ``var == 1`` (a boolean) or of
        each value (an integer), fixed ones as the constants ``±1``."""
        fixed = self.fixed

        def code(x: int) -> int:
            f = fixed.get(x)
            return x if f is None else (1 if f > 0 else -1)

        table: list[Any] = [None] * len(self.ir.vars)
        for i, x in self.bools.items():
            table[i] = code(x)
        for i, values in self.onehot.items():
            table[i] = {k: code(x) for k, x in values.items()}
        self.table = table

    def lit(self, lit: Lit) -> int:
        """The SAT literal of an IR literal (``±1`` for a constant, or a fixed one)."""
        t = self.table[lit.var]
        if type(t) is int:
            x = t if lit.value == 1 else -t if lit.value == 0 else -1
        else:
            x = t.get(lit.value, -1)
        return x if lit.positive else -x

    # step 2: clauses and counts ----------------------------------------------------------
    def clause(self, clause: Clause) -> None:
        """Add an IR clause."""
        lits = {self.lit(x) for x in clause.lits}
        if 1 not in lits:
            self.clauses.append(sorted(lits - {-1}, key=abs) or [-1])

    def count(self, count: Count) -> None:
        """Add an IR count, encoded by the cheapest fitting method."""
        if not count.terms:
            self._unit_count([], count.op, count.rhs)
            return
        coefs, xs = zip(*count.terms)
        lit = self.lit
        lits = [lit(x) for x in xs]
        if coefs.count(1) == len(coefs):  # the common case: constants out, then already normal
            rhs = count.rhs
            if 1 in lits or -1 in lits:
                rhs -= lits.count(1)
                lits = [x for x in lits if x != 1 and x != -1]
            if len({abs(x) for x in lits}) == len(lits):
                self._unit_count(lits, count.op, rhs)
                return
        terms, rhs = pb.normalise(list(zip(coefs, lits)), count.rhs)
        key = (tuple(sorted(terms)), count.op, rhs)
        if key in self.seen:
            return
        self.seen.add(key)
        if count.op in ("<=", "=="):
            self._leq(terms, rhs)
        if count.op in (">=", "=="):
            # sum w*x >= k  <=>  sum w*(~x) <= W - k
            self._leq([(w, -x) for w, x in terms], sum(w for w, _ in terms) - rhs)

    def _unit_count(self, lits: list[int], op: str, rhs: int) -> None:
        """``sum(lits) op rhs`` over literals of distinct variables (no constants)."""
        key = (tuple(sorted(lits)), op, rhs)
        if key in self.seen:
            return
        self.seen.add(key)
        n = len(lits)
        if op == "==" and n >= EXACT_COUNTER and 1 < rhs < n - 1 \
                and n * (min(rhs, n - rhs) + 1) <= EXACT_COUNTER_VARS:
            self._exactly(lits, rhs)
            return
        for at_most, k in ((lits, rhs), ([-x for x in lits], n - rhs)):
            if op == (">=" if at_most is lits else "<="):
                continue
            if k < 0:
                self.clauses.append([-1])
            elif k == 1 and n <= PAIRWISE:  # the commonest count, pairs made directly
                self.clauses.extend([[-x, -y] for x, y in itertools.combinations(at_most, 2)])
            elif k < n and n <= 12 and math.comb(n, k + 1) <= 4 * n + 8:
                self.clauses.extend([[-x for x in cover] for cover in itertools.combinations(at_most, k + 1)])
            elif k < n:
                self.at_most(at_most, k)

    def _leq(self, terms: list[tuple[int, int]], k: int) -> None:
        """``sum(w * x) <= k`` with positive weights."""
        total = sum(w for w, _ in terms)
        if k >= total:
            return
        if k < 0:
            self.clauses.append([-1])
            return
        n = len(terms)
        if n <= 12 and math.comb(n, k + 1) <= 4 * n + 8 and all(w == 1 for w, _ in terms):  # direct
            self.clauses.extend([-x for _, x in cover] for cover in itertools.combinations(terms, k + 1))
            return
        g = math.gcd(*(w for w, _ in terms))
        terms, k = [(w // g, x) for w, x in terms], k // g  # the sum is a multiple of g
        covers = pb.minimal_covers(terms, k, 4 * len(terms) + 8)
        if covers is not None:
            self.clauses.extend([-x for x in cover] for cover in covers)
        elif all(w == 1 for w, _ in terms):
            self.at_most([x for _, x in terms], k)
        else:
            self._bdd(terms, k)

    def at_most(self, lits: list[int], k: int) -> None:
        """At most ``k`` of distinct-variable literals, with a `pysat.card` encoding."""
        n = len(lits)
        if k >= n:
            return
        if k == 0:
            self.clauses.extend([-x] for x in lits)
            return
        if k == n - 1:
            self.clauses.append([-x for x in lits])
            return
        if k == 1:
            self._at_most_one(lits)
            return
        card = self.pysat.card
        kind = card.EncType
        if k == 1 and n <= 6:
            encoding = kind.pairwise
        elif n * k <= 512:
            encoding = kind.seqcounter
        elif n <= 256:
            encoding = kind.totalizer
        else:
            # a cardinality network over hundreds of literals with a bound near their number
            # (an "exactly" count's other side) is nearly a whole sorting network: 19,455
            # variables for one island's size on a 15x25 Nurikabe, where the k-modulo
            # totalizer takes 1,602 (docs/benchmarks.md, "Nurikabe: wide counts")
            encoding = kind.kmtotalizer
        enc = card.CardEnc.atmost(lits=lits, bound=k, top_id=self.top, encoding=encoding)
        self.top = max(self.top, enc.nv)
        self.clauses.extend(enc.clauses)

    def _exactly(self, lits: list[int], k: int) -> None:
        """Exactly ``k`` of the literals, ``0 < k < n``, as one sequential counter both ways:
        ``s[j]`` after literal ``i`` is true exactly when at least ``j`` of the first ``i + 1``
        are, for ``j`` up to ``k + 1``; counted over the false literals when fewer are false.
        Both directions let unit propagation reason from either side (too few left to reach
        ``k``, or ``k`` reached) through the one counter."""
        if k > len(lits) - k:
            lits, k = [-x for x in lits], len(lits) - k
        clauses = self.clauses
        prev: list[int] = [0] * (k + 2)  # prev[j]: "at least j so far" (0: not yet possible)
        for i, x in enumerate(lits):
            cur = [0] * (k + 2)
            for j in range(1, min(i + 1, k + 1) + 1):
                v = cur[j] = self.new()
                before, less = prev[j], prev[j - 1]
                if before:
                    clauses.append([-before, v])  # j before stay j
                if j == 1:
                    clauses.append([-x, v])
                    clauses.append([-v, x, before] if before else [-v, x])
                else:
                    clauses.append([-less, -x, v])
                    clauses.append([-v, less, before] if before else [-v, less])
                    clauses.append([-v, x, before] if before else [-v, x])
            prev = cur
        clauses.append([prev[k]])
        if prev[k + 1]:
            clauses.append([-prev[k + 1]])

    def _at_most_one(self, lits: list[int]) -> None:
        """At most one literal: pairwise up to six, else Sinz's sequential counter (3n - 4
        clauses, n - 1 new variables ``s_i``: one of the first i + 1 literals is true), written
        here rather than by `pysat.card`, whose call costs several times the clauses."""
        n = len(lits)
        clauses = self.clauses
        if n <= 6:
            clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
            return
        s = self.top + 1  # s_i is s + i, for i < n - 1
        self.top += n - 1
        clauses.append([-lits[0], s])
        clauses.extend([-lits[i], s + i] for i in range(1, n - 1))
        clauses.extend([-(s + i - 1), s + i] for i in range(1, n - 1))
        clauses.extend([-lits[i], -(s + i - 1)] for i in range(1, n - 1))
        clauses.append([-lits[n - 1], -(s + n - 2)])

    def _bdd(self, terms: list[tuple[int, int]], k: int) -> None:
        """``sum(w * x) <= k`` as a reduced BDD; node (i, k) means "terms i.. sum to <= k"."""
        terms = sorted(terms, key=lambda t: -t[0])
        n = len(terms)
        rest = [0] * (n + 1)
        sums = [1] * (n + 1)  # bitmask of the sums that terms i.. can reach
        for i in range(n - 1, -1, -1):
            rest[i] = rest[i + 1] + terms[i][0]
            sums[i] = sums[i + 1] | (sums[i + 1] << terms[i][0])
        nodes: dict[tuple[int, int], int] = {}

        def node(i: int, bound: int) -> int:
            """The literal of node (i, bound), ``±1`` for the terminals; creates it if new."""
            if bound < 0:
                return -1
            if bound >= rest[i]:
                return 1
            bound = (sums[i] & ((2 << bound) - 1)).bit_length() - 1  # largest reachable sum
            key = (i, bound)
            if key not in nodes:
                nodes[key] = self.new()
                todo.append(key)
            return nodes[key]

        todo: list[tuple[int, int]] = []
        root = node(0, k)
        self.clauses.append([root])
        while todo:
            i, bound = todo.pop()
            v = nodes[(i, bound)]
            w, x = terms[i]
            lo = node(i + 1, bound)
            hi = node(i + 1, bound - w)
            if lo != 1:
                self.clauses.append([-v, lo])
            if hi != 1:
                self.clauses.append([-v, -x] + ([hi] if hi != -1 else []))

    # step 3: graph helpers -------------------------------------------------------------
    # decoding ----------------------------------------------------------------------------
    def values(self, model: Sequence[int]) -> list[int]:
        """The value of every IR variable under a SAT model."""
        n = len(model)  # a variable in no clause may be missing: it is false
        fixed = self.fixed

        def true(x: int) -> bool:
            f = fixed.get(x)
            return f > 0 if f is not None else x <= n and model[x - 1] > 0

        out = [0] * len(self.ir.vars)
        for i, x in self.bools.items():
            out[i] = int(true(x))
        for i, values in self.onehot.items():
            out[i] = next(k for k, x in values.items() if true(x))
        return out
