"""The ladder's closures on a compiled model, and grading.

The closure at a rank is the fixpoint of every level's reasoning up to it. It is computed
rank by rank (each starting from the one below, which it contains), cheapest reasoning
first: after any level narrows a domain the weaker ones run again before it goes on. Ranks
below ``lines`` run on an engine with the rules-level propagators, the others on one with
every propagator of the built-in search. ``scan`` is the rules-level closure once per kind
of count (`rules.rule_kind`), the counts of the other kinds on their upper bound only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..backends import search as search_backend
from ..backends.search.branching import Search
from ..clock import UNLIMITED, Deadline
from ..ir import GROUPS_WHOLE, Clause, Lit, Model
from ..propagation.compiled import new_engine
from ..propagation.engine import CONNECTED, COUNT, Engine, Reached
from .clausal import Clausal, Prober, fits
from .levels import (
    CHAIN,
    DEEP,
    EITHER,
    LEVELS,
    LINES,
    PAIRS,
    RULES,
    SCAN,
    SEARCH,
    TRIAL,
    TRIAL_DEPTH,
    Effort,
    Grade,
    State,
)
from .rules import (
    OFF,
    RULES_RUN,
    UPPER,
    Pairs,
    Trials,
    connected_cuts,
    count_values,
    group_counts,
    leave_alone,
    rule_kind,
)
from .wholes import WHOLE, WholePairs

#: ``deep`` follows each assumption with chains of its own, which costs a chain per trial:
#: it stops after this many inner trials per answer variable (then the puzzle is ``search``).
DEEP_BUDGET = 8
#: ``search`` counts depth-first nodes up to this many; past it, uniqueness is left to the
#: search backend (a frontier sweep proves what depth-first search cannot finish).
SEARCH_NODES = 10_000


class Reasoner:
    """A model compiled twice (rules-level and full propagators), and the ladder on it."""

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
        self.model = model
        self.deadline = deadline
        self.local = group_counts(new_engine(model, deadline, graphs=False, overrides=RULES_RUN))
        if model.hints.get(GROUPS_WHOLE):  # (the model asks: its groups switched off below lines)
            self.local.swap_kinds([OFF if k == CONNECTED else k for k in self.local.kinds])
        #: each engine's own propagator kinds (`scan` and `restrict` swap them for others)
        self._kinds = {id(self.local): self.local.kinds}
        self._full: Engine | None = None
        self._pairs_of: Pairs | None = None
        self._trials_of: Trials | None = None
        self._saved: list[tuple[list[int], list]] | None = None
        self._clausal: Clausal | bool | None = None
        self._prober: Prober | None = None
        self.out = list(model.output)
        #: the answer variables trials look at: all, or those the constraints left on read
        self.probed = self.out
        self.index = {model.vars[i].key: i for i in self.out}
        self.effort = Effort()
        self.deep_left = DEEP_BUDGET * len(self.out)
        self._cache: tuple[int, tuple[int, ...], list[int]] | None = None
        #: per kind of count (in the model's order), the constraint ids of the others' counts
        self.scans = _scans(model, self.local)
        #: the kind of count whose closure the last ``scan`` returned (an index of `scans`)
        self.scan_kind = 0

    # compiled on first use: many explanations need the rules level only
    @property
    def full(self) -> Engine:
        """The engine with every propagator of the built-in search (counts by value)."""
        if self._full is None:
            run = {COUNT: count_values, OFF: leave_alone, CONNECTED: connected_cuts}
            self._full = group_counts(new_engine(self.model, self.deadline, overrides=run))
            self._kinds[id(self._full)] = self._full.kinds
        return self._full

    @property
    def pairs(self) -> Pairs | WholePairs:
        """Every pair of the model's rules (`_pairs` may list fewer for a closure)."""
        if self._pairs_of is None:  # a model may ask for its rules paired as wholes (`wholes`)
            self._pairs_of = (WholePairs if self.model.hints.get(WHOLE) else Pairs)(self.local)
        elif getattr(self._pairs_of, "within", None) is not None:
            self._pairs_of.listing(self.local)  # type: ignore[union-attr]
        return self._pairs_of

    @property
    def trials(self) -> Trials:
        if self._trials_of is None:
            self._trials_of = Trials(self.local)
        return self._trials_of

    def restrict(self, refs: Iterable[tuple[str, int]] | None) -> None:
        """Reason with only the referenced model constraints (None: all of them again).

        Switches the others off in the compiled engines (a propagator of kind `OFF`, a clause
        that always holds), so that explanations ask many questions without compiling.
        """
        self._cache = None
        engines = [e for e in (self.local, self._full) if e is not None]
        if self._saved is not None:
            for engine, (kinds, clauses) in zip(engines, self._saved):
                engine.swap_kinds(kinds)
                engine.swap_clauses(clauses)
            self._saved = None
            if self._pairs_of is not None:
                self._pairs_of.switch_off(None)
            self.probed = self.out
        if refs is None:
            return
        engines = [self.local, self.full]  # both exist while restricted, pairs and trials too,
        pairs, _ = self.pairs, self.trials  # all built on the whole model before switching off
        origin = self.local.origin
        on = bytearray(len(self.local.kinds))
        clause_on = bytearray(len(self.local.clauses))
        for field, i in refs:
            first, first_clause, end, end_clause = origin[field][i]
            on[first:end] = b"\x01" * (end - first)
            clause_on[first_clause:end_clause] = b"\x01" * (end_clause - first_clause)
        local = self.local
        read = {lit[0] for ci, c in enumerate(local.clauses) if clause_on[ci] for lit in c}
        self.probed = [v for v in self.out if v in read or any(on[c] for c in local.watchers[v])]
        true = (self.local.const, 0b10, True)
        self._saved = []
        for engine in engines:
            kinds = engine.swap_kinds([k if on[cid] else OFF for cid, k in enumerate(engine.kinds)])
            clauses = engine.swap_clauses(
                [c if clause_on[ci] else [true, true] for ci, c in enumerate(engine.clauses)])
            self._saved.append((kinds, clauses))
        pairs.switch_off(pairs.off_for(on, clause_on) if isinstance(pairs, WholePairs) else
                         bytearray(not (on[c] if c >= 0 else clause_on[-1 - c]) for _, c, _ in pairs.units))

    # domains ---------------------------------------------------------------------------
    def masks(self, state: State | None = None) -> list[int]:
        """Domain bitmasks with the state's values fixed (unknown keys are refused)."""
        engine = self.local
        masks = list(engine.full)
        for key, value in (state or {}).items():
            v = self.index.get(key)
            if v is None:
                raise KeyError(f"{key!r} is not part of the answer")
            masks[v] &= 1 << (value - engine.lo[v]) if 0 <= value - engine.lo[v] < 64 else 0
        return masks

    def known(self, engine: Engine) -> dict:
        """The answer-key values fixed in the engine's current domains."""
        out = {}
        for v in self.out:
            m = engine.dom[v]
            if m and not m & (m - 1):
                out[self.model.vars[v].key] = engine.lo[v] + m.bit_length() - 1
        return out

    def solved(self, engine: Engine | None) -> bool:
        """Whether every answer-key variable is fixed."""
        return engine is not None and all(not engine.dom[v] & (engine.dom[v] - 1) for v in self.out)

    # closures ----------------------------------------------------------------------------
    def close(self, rank: int, masks: list[int], want: tuple[int, int] | None = None,
              kind: int | None = None, goal: tuple[int, int] | None = None,
              wake: list[int] | None = None) -> Engine | None:
        """The engine at the fixpoint of every level up to ``rank`` from ``masks`` (None:
        contradiction). Ranks above ``deep`` are treated as ``deep``. At ``scan``, ``want``
        (variable, value bit) picks the first kind whose closure fixes that value, if any,
        and ``kind`` (an index of `scans`) runs that kind only.

        ``goal`` (variable, allowed value bits) asks a yes-or-no question: the work may stop
        as soon as the variable keeps no value outside the allowed ones (every level is
        monotone, so the closure does too, or holds a contradiction); the engine returned
        is then at no fixpoint, and only that variable is to be read.

        ``wake`` says that ``masks`` are a closure at ``rank`` with fewer constraints, whose
        propagators are all at their fixpoint there: only those it lists are not. (The
        closure from domains between the given ones and their closure is the same.)"""
        rank = min(rank, SEARCH - 1)
        if goal is not None and (rank != SCAN or kind is not None):
            return self._towards(rank, masks, want, kind, goal, wake)
        if rank == SCAN:
            return self._scan(masks, want, kind, wake)
        key = tuple(masks)
        if self._cache is not None and self._cache[:2] == (rank, key):
            engine = self.local if rank < LINES else self.full
            self._start(engine, self._cache[2])
            return engine
        engine: Engine | None = None
        for r in range(RULES, rank + 1):  # ``rules`` contains ``scan``: start there
            engine = self.climb(r, masks if r == RULES else engine.dom,  # type: ignore[union-attr]
                                wake=wake if r == RULES else None)
            if engine is None:
                return None
        assert engine is not None
        self._cache = (rank, key, list(engine.dom))
        return engine

    def _towards(self, rank: int, masks: list[int], want: tuple[int, int] | None, kind: int | None,
                 goal: tuple[int, int], wake: list[int] | None) -> Engine | None:
        """`close` with a goal: rank by rank, stopping at the first closure that meets it,
        and within ``scan``, ``rules`` and ``pairs`` (whose narrowings all follow from the
        rules, never from a trial) as soon as propagation meets it."""
        v, allowed = goal
        engine: Engine | None = None
        local = self.local
        try:
            local.until(v, allowed)
            if rank == SCAN:
                return self._scan(masks, want, kind, wake)
            for r in range(RULES, rank + 1):
                if r > PAIRS:
                    local.until()
                engine = self.climb(r, masks if r == RULES else engine.dom,  # type: ignore[union-attr]
                                    wake=wake if r == RULES else None)
                if engine is None or not engine.dom[v] & ~allowed:
                    return engine
        except Reached:
            return local
        finally:
            local.until()
        return engine

    def closure(
        self, rank: int, masks: list[int], keep: list[int] | None = None, goal: Sequence[int] = ()
    ) -> list[int] | None:
        """The domains at the fixpoint of every level up to ``rank`` from ``masks`` (None:
        contradiction), as `close` finds them. At ``rules`` and ``chain`` a model of one-of
        counts and clauses is closed by `clausal` instead, which decides the same, far
        sooner (``chain`` only where `Pairs` has no pair: ``pairs`` then adds nothing).
        There ``keep`` (a known solution's masks) and ``goal`` (variables whose fixing may
        end the work) are hints for `Clausal.chain`; elsewhere they are not used."""
        rank = min(rank, SEARCH - 1)
        if self.quick(rank):
            assert self.clausal is not None
            if rank == CHAIN:
                return self.clausal.chain(masks, self.probed, self.deadline, keep, goal)
            return self.clausal.rules(masks)
        engine = self.close(rank, masks)
        return None if engine is None else list(engine.dom)

    def quick(self, rank: int) -> bool:
        """Whether `closure` at ``rank`` takes the fast path of `clausal` (a small fraction
        of a uniqueness question's cost)."""
        rank = min(rank, SEARCH - 1)
        return (rank in (RULES, PAIRS, CHAIN) and self._saved is None and self.clausal is not None
                and (rank == RULES or not self.pairs.pairs))

    @property
    def clausal(self) -> Clausal | None:
        """The model as CNF (`clausal.Clausal`) where it `fits`, else None; made on first use."""
        if self._clausal is None:
            self._clausal = Clausal(self.local) if fits(self.local) else False
        return self._clausal or None

    def restore(self, rank: int, masks: list[int]) -> Engine:
        """The engine of ``rank`` set to domains already closed at that rank."""
        engine = self.local if rank < LINES else self.full
        self._start(engine, masks)
        return engine

    def _start(self, engine: Engine, masks: list[int], wake: list[int] | None = None) -> bool:
        engine.limit(self.deadline)
        if self._pairs_of is not None:
            self._pairs_of.forget()
        if self._saved is None and engine.kinds is self._kinds.get(id(engine)) and self.clausal is not None:
            # the engine's own propagators (not `scan`'s): start it from their fixpoint,
            # found by `clausal`, which propagation then leaves as it is
            closed = self.clausal.rules(masks)
            if closed is not None:
                masks = closed
                wake = None
        return engine.reset(masks, wake)

    def climb(self, rank: int, masks: list[int], want: tuple[int, int] | None = None,
              wake: list[int] | None = None) -> Engine | None:
        """The closure at ``rank`` from domains closed at ``rank - 1`` (any domains at rank
        0), which are the engine's own above ``rules`` but at ``lines``; None on a
        contradiction. ``wake`` (at ``scan`` and ``rules``) lists the only propagators not
        at their fixpoint on ``masks``."""
        if rank == SCAN:
            return self._scan(masks, want, None, wake)
        engine = self.local if rank < LINES else self.full
        first = max(0, len(self._steps(rank)) - 1)  # the levels below are at their fixpoint already
        if rank == RULES or masks is not engine.dom:
            if not self._start(engine, masks, wake if rank == RULES else None):
                return None
            if rank == LINES:
                if engine.dom == masks:
                    return engine  # the whole lines added nothing
                self.pairs.snapshot = list(masks)  # pairs and trials were at their fixpoint there
                first = 0
        return self._settle(engine, rank, first)

    def _scan(self, masks: list[int], want: tuple[int, int] | None, only: int | None = None,
              wake: list[int] | None = None) -> Engine | None:
        """The closure at ``scan``: for each kind of count, the rules-level closure in which
        only that kind's counts fill values in (the other counts run `rules.count_upper`).
        The kind that fixes the most answer values, the first of them (with ``want``, the
        first that fixes that value, if one does); None when one finds a contradiction.
        `scan_kind` is set to the kind whose closure is returned."""
        engine = self.local
        base = engine.kinds
        best: tuple[int, int] | None = None  # (answer values fixed, kind's index)
        try:
            for k, others in enumerate(self.scans):
                if only is not None and k != only:
                    continue
                self.scan_kind = k
                kinds = list(base)
                for cid in others:
                    if kinds[cid] == COUNT:
                        kinds[cid] = UPPER
                engine.swap_kinds(kinds)
                if not self._start(engine, masks, wake):
                    return None
                if want is not None and engine.dom[want[0]] == want[1]:
                    return engine
                fixed = sum(1 for v in self.out if not engine.dom[v] & (engine.dom[v] - 1))
                if best is None or fixed > best[0]:
                    best = (fixed, k)
                if fixed == len(self.out):
                    return engine  # solved: no kind can do better
            assert best is not None
            if best[1] != self.scan_kind:
                self.scan_kind = best[1]
                kinds = list(base)
                for cid in self.scans[best[1]]:
                    if kinds[cid] == COUNT:
                        kinds[cid] = UPPER
                engine.swap_kinds(kinds)
                self._start(engine, masks, wake)
            return engine
        finally:
            engine.swap_kinds(base)

    def reclose(self, rank: int, engine: Engine) -> Engine | None:
        """The closure at ``rank`` again, after the engine of that rank was narrowed."""
        if not engine.fixpoint():
            return None
        return self._settle(engine, rank, 0)

    def _steps(self, rank: int) -> list:
        return [step for r, step in ((PAIRS, self._pairs), (TRIAL, self._trial), (CHAIN, self._chain),
                                     (EITHER, self._either), (DEEP, self._deep)) if r <= rank]

    def _settle(self, engine: Engine, rank: int, i: int) -> Engine | None:
        """Run the levels up to ``rank`` from the ``i``-th until none narrows, the weaker ones
        again after any narrowing."""
        steps = self._steps(rank)
        while i < len(steps):
            self.deadline.check()
            result = steps[i](engine)
            if result is None:
                return None
            i = 0 if result and i else i + 1
        return engine

    def _pairs(self, engine: Engine) -> bool | None:
        if self._pairs_of is None and not self.model.hints.get(WHOLE):
            # the first closure's pairs: those that can narrow below its start (most
            # reasoners in generating close once; `Pairs.saturate` lists the others if need be)
            self._pairs_of = Pairs(self.local, engine.dom)
        return (self._pairs_of or self.pairs).saturate(engine)

    def _open(self, engine: Engine) -> list[tuple[int, int]]:
        """Every (answer variable, value bit) still open, in order."""
        out = []
        for v in self.probed:
            m = engine.dom[v]
            if m & (m - 1):
                bit = 1
                while bit <= m:
                    if m & bit:
                        out.append((v, bit))
                    bit <<= 1
        return out

    def refutes(self, rank: int, engine: Engine, v: int, bit: int, implied: set | None = None) -> bool:
        """Whether the level ``rank`` (``trial``, ``chain`` or ``deep``) refutes ``v`` taking
        the value ``bit`` from the engine's domains (closed at the rank below). At ``chain``,
        ``implied`` collects the values the assumption fixes when it is not refuted."""
        self.effort.probes += 1
        if rank in (TRIAL, CHAIN) and self._saved is None and self.clausal is not None:
            # unit propagation decides ``chain`` exactly, and what it does not refute no
            # ``trial`` (a bounded part of it) refutes either: the common answer is quick
            if self._prober is None:
                self._prober = Prober(self.clausal)
            found = self._prober.propagate(engine.dom, v, bit)
            if found is not None:
                ok, lits = found
                if rank == CHAIN:
                    if ok and implied is not None:
                        implied.update(self._prober.fixed(lits))
                    return not ok
                if ok:
                    return False
        if rank == TRIAL:
            return self.trials.refuted(engine, v, bit, TRIAL_DEPTH)
        mark = engine.mark()
        ok = engine.assume(v, bit)
        if ok and rank == DEEP:
            ok = self._inner(engine)
        if ok and implied is not None:
            dom = engine.dom
            implied.update((u, dom[u]) for u, _ in engine.trail[mark:] if not dom[u] & (dom[u] - 1))
        engine.retract(mark)
        return not ok

    def _probe(self, engine: Engine, rank: int) -> bool | None:
        """One round of trials at ``rank``; a refuted value is removed at once.

        At ``chain`` a value that an assumption not refuted fixes is not tried in the same
        round: its consequences are part of that assumption's, so it is not refuted either
        (until something narrows)."""
        self.effort.rounds += 1
        narrowed = False
        implied: set | None = set() if rank == CHAIN else None
        for v, bit in self._open(engine):
            if not engine.dom[v] & bit or engine.dom[v] == bit:
                continue
            if implied is not None and (v, bit) in implied:
                continue
            self.deadline.check()
            if rank == DEEP and self.deep_left <= 0:
                break
            if self.refutes(rank, engine, v, bit, implied):
                narrowed = True
                if implied is not None:
                    implied.clear()
                if not engine.assume(v, engine.dom[v] & ~bit):
                    return None
        return narrowed

    def _trial(self, engine: Engine) -> bool | None:
        return self._probe(engine, TRIAL)

    def _chain(self, engine: Engine) -> bool | None:
        return self._probe(engine, CHAIN)

    def _deep(self, engine: Engine) -> bool | None:
        return self._probe(engine, DEEP)

    def _inner(self, engine: Engine) -> bool:
        """Chains after an assumption of ``deep``, to their fixpoint (within the budget);
        False on a contradiction. Refuted values are narrowed on the engine's trail."""
        changed = True
        while changed:
            changed = False
            for v, bit in self._open(engine):
                if not engine.dom[v] & bit or engine.dom[v] == bit:
                    continue
                if self.deep_left <= 0:
                    return True
                self.deep_left -= 1
                self.effort.probes += 1
                mark = engine.mark()
                ok = engine.assume(v, bit)
                engine.retract(mark)
                if not ok:
                    changed = True
                    if not engine.assume(v, engine.dom[v] & ~bit):
                        return False
        return True

    def _either(self, engine: Engine) -> bool | None:
        """What every value of one unknown agrees on, for each unknown in turn."""
        self.effort.rounds += 1
        narrowed = False
        for v in self.probed:
            m = engine.dom[v]
            if not m & (m - 1):
                continue
            self.deadline.check()
            union: list[int] | None = None
            bit = 1
            while bit <= m:
                if engine.dom[v] & bit:
                    self.effort.probes += 1
                    mark = engine.mark()
                    if engine.assume(v, bit):
                        dom = engine.dom
                        union = list(dom) if union is None else [a | b for a, b in zip(union, dom)]
                    engine.retract(mark)
                bit <<= 1
            if union is None:
                return None
            before = engine.mark()
            for u, allowed in enumerate(union):
                if engine.dom[u] & ~allowed and not engine.narrow(u, allowed):
                    return None
            if engine.mark() > before:
                narrowed = True
                if not engine.fixpoint():
                    return None
        return narrowed

    # grading -----------------------------------------------------------------------------
    def grade(
        self, state: State | None = None, unique: bool | None = None, search_nodes: int = SEARCH_NODES
    ) -> Grade:
        """The weakest level whose deductions fix every answer-key variable from ``state``.

        ``unique``: what the caller has already proven of the answer's uniqueness (None:
        nothing). At ``search`` it stands for the search backend's proof that follows an
        unfinished depth-first count, which can take minutes on a large loop puzzle.
        ``search_nodes``: where the depth-first count at ``search`` stops."""
        masks = self.masks(state)
        # ``scan`` fixes no more than ``rules``: it is run only when ``rules`` settles the puzzle
        engine = self.climb(RULES, masks)
        if (engine is None or self.solved(engine)) and not self.scans[0]:
            return self._grade(RULES, unique if engine is not None else False)  # one kind: no scan
        if engine is None or self.solved(engine):
            closed = None if engine is None else list(engine.dom)
            scanned = self.climb(SCAN, masks)
            if scanned is None or (closed is not None and self.solved(scanned)):
                return self._grade(SCAN, unique if scanned is not None else False)
            if closed is None:
                return self._grade(RULES, unique=False)  # no solution at all
            self._cache = (RULES, tuple(masks), closed)
            return self._grade(RULES, unique)
        for rank in range(PAIRS, SEARCH):
            engine = self.climb(rank, engine.dom)  # type: ignore[union-attr]
            if engine is None:
                return self._grade(rank, unique=False)  # no solution at all
            if self.solved(engine):
                self._cache = (rank, tuple(masks), list(engine.dom))
                return self._grade(rank, unique)
        search = Search(self.full, 0)
        self.full.reset(masks)
        found, finished = _search(search, masks, self.deadline, search_nodes)
        self.effort.nodes = search.nodes
        if finished:
            return self._grade(SEARCH, len(found) == 1)
        if len(found) > 1:
            return self._grade(SEARCH, False)
        return self._grade(SEARCH, unique if unique is not None else self._unique(state))

    def _unique(self, state: State | None) -> bool | None:
        """Whether the puzzle (with the state's values) has one answer, by the built-in search
        backend (which sweeps a line's frontier where depth-first search is hopeless); None
        when the time limit ends first."""
        fixed = [Clause((Lit(self.index[key], value),)) for key, value in (state or {}).items()]
        result = search_backend.solve(self.model.with_constraints(clauses=fixed), limit=2,
                               time_limit=self.deadline.left())
        if result.status == "unsolvable" or len(result.solutions) > 1:
            return False
        return True if result.complete else None

    def _grade(self, rank: int, unique: bool | None) -> Grade:
        e = self.effort
        return Grade(LEVELS[rank].name, rank, e.rounds, e.probes, e.nodes, unique)


def _scans(model: Model, engine: Engine) -> list[list[int]]:
    """Per kind of count in the model (in order of first appearance), the compiled
    constraint ids of the counts of every other kind; one empty list when there are fewer
    than two kinds (``scan`` is then ``rules``)."""
    kinds: dict[str, list[int]] = {}
    for i, count in enumerate(model.counts):
        first, _, end, _ = engine.origin["counts"][i]
        kinds.setdefault(rule_kind(count.why), []).extend(range(first, end))
    if len(kinds) < 2:
        return [[]]  # `scan` is `rules` (and grades and hints skip it)
    return [[cid for other, cids in kinds.items() if other != kind for cid in cids] for kind in kinds]


def _search(search: Search, masks: list[int], deadline: Deadline, nodes: int) -> tuple[list[dict], bool]:
    """Depth-first search from the given domains for up to two answers, within ``nodes``
    nodes; and whether it finished."""
    return search.run(2, deadline, nodes, domains=masks)
