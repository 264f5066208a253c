"""The ladder's ``pairs`` step with each rule read as a whole, for models that ask for it.

`rules.Pairs` pairs the compiled units (a count, a clause): a rule written as many clauses
(Shakashaka's grid point: up to 104) is many units, and two neighbouring rules make
thousands of pairs of clauses (a 10x10 some 300,000, seconds per closure). A model whose
``hints`` hold `WHOLE` is read here instead: a rule is every count and clause of one `Why`,
kept as the table of the values it allows on its variables. Each rule is read alone (a
value it allows in no row is removed: its clauses one at a time need not see that), and
two rules sharing two or more variables together (a value no pair of their rows agreeing
on the shared variables keeps is removed). Rules sharing one variable add nothing to what
each alone removes; a rule too large for a table (`MAX_ROWS`) and a graph or run
constraint are left out.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Sequence

from ..ir import WHOLE_RULES, Count, Model, compare
from ..propagation.engine import Engine
from .rules import Pairs

#: The model hint (``model.hints[WHOLE] = True``) that asks for this step.
WHOLE = WHOLE_RULES
#: A rule whose variables have more value combinations than this is left out.
MAX_ROWS = 5000

#: Tables kept for rules of the same shape (their variables' ranges and constraints).
MAX_TABLES = 4096
_TABLES: dict[tuple, tuple[tuple[int, ...], ...]] = {}


class WholePairs:
    """Every two rules sharing two or more variables, for `saturate` (the interface of
    `rules.Pairs`, which `Reasoner` calls)."""

    def __init__(self, engine: Engine):
        model = engine.model
        groups: dict[Hashable, list[tuple[str, int]]] = {}
        for field, items in (("counts", model.counts), ("clauses", model.clauses)):
            for i, con in enumerate(items):
                groups.setdefault(con.why if con.why is not None else (field, i), []).append((field, i))
        #: per rule: its variables, its allowed rows (a value bit per variable), its constraints
        self.rules: list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...], list[tuple[str, int]]]] = []
        for refs in groups.values():
            made = _table(model, refs)
            if made is not None:
                self.rules.append((*made, refs))
        self.origin = engine.origin
        self.units = [(None, -1, ()) for _ in self.rules]  # `Reasoner.restrict` reads their number
        by_var: dict[int, list[int]] = {}
        for i, (vs, _, _) in enumerate(self.rules):
            for v in vs:
                by_var.setdefault(v, []).append(i)
        seen: Counter[tuple[int, int]] = Counter()
        for members in by_var.values():
            seen.update(itertools.combinations(members, 2))
        self.pairs: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []
        self.by_var: dict[int, list[int]] = {}
        # each rule alone too: a rule's clauses, each on its own, need not rule out every value
        # the whole rule allows in no row (a clause "x is 0, 1 or 4" leaves x open while two of
        # its values are), and a rule read alone is what a pair with a hidden clue (a guarded
        # count switched off, `generate.guard`) reads, so the puzzle's own model reads it too
        singles = [(i, i) for i in range(len(self.rules))]
        for i, j in singles + sorted(pair for pair, n in seen.items() if n > 1):
            vs = tuple(sorted(set(self.rules[i][0]) | set(self.rules[j][0])))
            shared = tuple(v for v in self.rules[i][0] if v in self.rules[j][0])
            for v in vs:
                self.by_var.setdefault(v, []).append(len(self.pairs))
            self.pairs.append((i, j, shared, vs))
        self.loose: dict = {}
        self.snapshot: list[int] | None = None
        self.tries = 0
        self.off: bytearray | None = None
        self.live = range(len(self.pairs))
        self._rows: list[tuple[tuple[int, ...], list[tuple[int, ...]]] | None] = [None] * len(self.rules)

    # the queue and the switches are those of `rules.Pairs`
    switch_off = Pairs.switch_off
    forget = Pairs.forget
    saturate = Pairs.saturate

    def off_for(self, on: bytearray, clause_on: bytearray) -> bytearray:
        """Per rule, whether it is switched off: some compiled part of it is (the table of
        the whole rule would say more than the parts left on)."""
        out = bytearray(len(self.rules))
        for k, (_, _, refs) in enumerate(self.rules):
            for field, i in refs:
                first, first_clause, end, end_clause = self.origin[field][i]
                if not all(on[first:end]) or not all(clause_on[first_clause:end_clause]):
                    out[k] = 1
                    break
        return out

    def _live_rows(self, engine: Engine, k: int) -> list[tuple[int, ...]]:
        """The rule's rows that the current domains allow (kept while they stay the same)."""
        vs, table, _ = self.rules[k]
        dom = engine.dom
        key = tuple(dom[v] for v in vs)
        kept = self._rows[k]
        if kept is not None and kept[0] == key:
            return kept[1]
        rows = [row for row in table if all(b & m for b, m in zip(row, key))]
        self._rows[k] = (key, rows)
        return rows

    def _pair(self, engine: Engine, i: int, j: int, shared: tuple, vs: tuple) -> bool | None:
        """Narrow by one pair of rules: None on a contradiction, else whether it narrowed."""
        self.tries += 1
        dom = engine.dom
        if i == j:
            return self._narrow(engine, vs, self._live_rows(engine, i))
        if all(not dom[v] & (dom[v] - 1) for v in shared):
            return False  # the shared variables are fixed: each rule alone sees the rest
        ends = []
        for k in (i, j):
            at = [self.rules[k][0].index(v) for v in shared]
            ends.append((self.rules[k][0], at, self._live_rows(engine, k)))
        common = {tuple(row[a] for a in ends[0][1]) for row in ends[0][2]}
        common &= {tuple(row[a] for a in ends[1][1]) for row in ends[1][2]}
        if not common:
            return None
        union: dict[int, int] = {}
        for rule_vs, at, rows in ends:
            seen = [0] * len(rule_vs)
            for row in rows:
                if tuple(row[a] for a in at) in common:
                    for n, b in enumerate(row):
                        seen[n] |= b
            for v, m in zip(rule_vs, seen):
                union[v] = union.get(v, -1) & m
        return self._narrow(engine, list(union), [tuple(union.values())])

    @staticmethod
    def _narrow(engine: Engine, vs: Sequence[int], rows: list[tuple[int, ...]]) -> bool | None:
        """Narrow each variable to the values the rows hold (None: none is left)."""
        if not rows:
            return None
        dom = engine.dom
        narrowed = False
        for n, v in enumerate(vs):
            m = 0
            for row in rows:
                m |= row[n]
            if dom[v] & ~m:
                narrowed = True
                if not engine.narrow(v, dom[v] & m):
                    return None
        return narrowed


Rows = tuple[tuple[int, ...], ...]


def _table(model: Model, refs: list[tuple[str, int]]) -> tuple[tuple[int, ...], Rows] | None:
    """A rule's variables and the rows of value bits its constraints allow (None: too
    many combinations). Rules of the same shape share one table."""
    cons = [getattr(model, field)[i] for field, i in refs]
    lits = [x for con in cons for x in ([x for _, x in con.terms] if isinstance(con, Count) else con.lits)]
    vs = tuple(sorted({lit.var for lit in lits}))
    if not vs:
        return None
    spans = [(model.vars[v].lo, model.vars[v].hi) for v in vs]
    size = 1
    for lo, hi in spans:
        size *= hi - lo + 1
    if size > MAX_ROWS:
        return None
    at = {v: n for n, v in enumerate(vs)}

    def local(lit) -> tuple:
        return at[lit.var], lit.value, lit.positive

    shape = tuple(spans), tuple(
        (tuple((c, local(x)) for c, x in con.terms), con.op, con.rhs) if isinstance(con, Count)
        else tuple(local(x) for x in con.lits) for con in cons)
    if shape not in _TABLES:
        if len(_TABLES) >= MAX_TABLES:  # a long run of many shapes: start the cache afresh
            _TABLES.clear()
        _TABLES[shape] = _rows(spans, shape[1])
    return vs, _TABLES[shape]


def _rows(spans: list[tuple[int, int]], cons: tuple) -> tuple[tuple[int, ...], ...]:
    """The rows of value bits that satisfy every constraint (in `_table`'s local form): the
    clauses on bit sets of row numbers, a literal's set a mask, then the counts row by row."""
    combos = list(itertools.product(*(range(lo, hi + 1) for lo, hi in spans)))
    every = (1 << len(combos)) - 1
    has = [{x: 0 for x in range(lo, hi + 1)} for lo, hi in spans]
    for t, values in enumerate(combos):
        for n, x in enumerate(values):
            has[n][x] |= 1 << t
    ok = every
    for con in cons:
        if len(con) == 3 and isinstance(con[1], str):
            continue  # a count: read row by row below
        allowed = 0
        for n, x, positive in con:
            mask = has[n].get(x, 0)
            allowed |= mask if positive else every & ~mask
        ok &= allowed
    counts = [con for con in cons if len(con) == 3 and isinstance(con[1], str)]
    rows = []
    for t, values in enumerate(combos):
        if ok >> t & 1 and all(compare(sum(c for c, (n, x, p) in terms if (values[n] == x) == p), op, rhs)
                               for terms, op, rhs in counts):
            rows.append(tuple(1 << (x - lo) for x, (lo, _) in zip(values, spans)))
    return tuple(rows)
