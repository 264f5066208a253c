"""Steps a player can take: the next deduction, the constraints it rests on, the whole chain."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from ..clock import UNLIMITED, Deadline
from ..errors import OutOfTime
from ..ir import Model, Why
from .levels import DEEP, LEVELS, LINES, PAIRS, PROBING, RULES, SCAN, SEARCH, TRIAL, State, Step
from .reasoner import DEEP_BUDGET, Reasoner

Ref = tuple[str, int]  # ("counts" | "clauses" | "graphs" | "runs", index)
Without = tuple[tuple[int, int], ...]  # values ruled out besides the state: (variable, value bit)
_FIELDS = ("counts", "clauses", "graphs", "runs")
#: Levels whose steps say "because"; the others say what an assumption breaks.
_DEDUCE = (SCAN, RULES, PAIRS, LINES)
#: From ``lines`` up each question costs a closure with rounds of trials: shrinking one set
#: of citations asks at most this many, then keeps what is left (enough, perhaps reducible).
QUESTIONS = 48


def constraints(model: Model) -> list[Ref]:
    """Every constraint of the model, as references."""
    return [(f, i) for f in _FIELDS for i in range(len(getattr(model, f)))]


def submodel(model: Model, refs: Iterable[Ref]) -> Model:
    """The model with only the referenced constraints (same variables and answer key)."""
    keep: dict[str, list[int]] = {f: [] for f in _FIELDS}
    for f, i in refs:
        keep[f].append(i)
    counts, clauses, graphs, runs = (tuple(getattr(model, f)[i] for i in sorted(keep[f])) for f in _FIELDS)
    return Model(model.name, model.vars, counts, clauses, graphs, runs, model.output, model.hints)


def _variables(model: Model, ref: Ref) -> set[int]:
    f, i = ref
    con = getattr(model, f)[i]
    if f == "counts":
        return {lit.var for _, lit in con.terms}
    if f == "clauses":
        return {lit.var for lit in con.lits}
    if f == "runs":
        return {lit.var for lit in con.cells}
    out = {e.lit.var for e in con.edges}
    if hasattr(con, "nodes"):
        out |= {lit.var for _, lit in con.nodes if lit is not None}
    return out


class Explainer:
    """Finds a small set of constraints behind one deduction, by growing then shrinking."""

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
        self.model = model
        self.deadline = deadline
        self.refs = constraints(model)
        self.vars_of = {ref: _variables(model, ref) for ref in self.refs}
        self.by_var: dict[int, list[Ref]] = {}
        for ref, vs in self.vars_of.items():
            for v in vs:
                self.by_var.setdefault(v, []).append(ref)
        self._whole: Reasoner | None = None
        self._without: Without = ()
        self._left: int | None = None
        #: False once a set was left unshrunk for want of questions (`QUESTIONS`)
        self.shrunk = True
        self._failed: list[frozenset[Ref]] = []
        self._reached: list[frozenset[Ref]] = []
        #: whole closures of sets of constraints, all for one question (`_start`)
        self._closures: list[tuple[frozenset[Ref], list[int]]] = []
        self._question: tuple | None = None
        #: at ``scan``, the kind of count whose run the step follows (None: any kind)
        self.kind: int | None = None

    def holds(self, refs: list[Ref], rank: int, state: State, goal: Any, without: Without = ()) -> bool:
        """Whether reasoning at ``rank`` with only ``refs`` from ``state`` (less the values
        ``without`` lists) reaches the goal: ``("fix", var, bit)`` the variable is narrowed to
        the value, ``("fail",)`` a contradiction, or ``("refute", var, bit)`` the level
        refutes that value from the closure of the level below."""
        if self._whole is None:
            self._whole = Reasoner(self.model, self.deadline)
        reasoner = self._whole
        reasoner.restrict(refs)
        try:
            reasoner.deep_left = DEEP_BUDGET * len(reasoner.out)
            masks = reasoner.masks(state)
            for v, bit in without:
                masks[v] &= ~bit
            at = rank - 1 if goal[0] == "refute" else rank
            have = frozenset(refs)
            start, wake = self._start(have, (at, goal[0], self.kind, tuple(masks)), at)
            if start is not None:
                masks = start
            if goal[0] == "refute":
                v, bit = goal[1], goal[2]
                engine = reasoner.close(at, masks, goal=(v, ~bit), wake=wake)
                if engine is None or not engine.dom[v] & bit:
                    return True  # the level below rules the value out already
                self._keep(have, engine.dom, at)  # the goal unmet: a whole closure
                return reasoner.refutes(rank, engine, v, bit)
            if goal[0] == "fix":
                v, bit = goal[1], goal[2]
                engine = reasoner.close(rank, masks, (v, bit), self.kind, goal=(v, bit), wake=wake)
                if engine is None or engine.dom[v] == bit:
                    return True
                self._keep(have, engine.dom, at)
                return False
            engine = reasoner.close(rank, masks, None, self.kind, wake=wake)
            if goal[0] == "fail" or engine is None:
                return engine is None
            return engine.dom[goal[1]] == goal[2]
        finally:
            reasoner.restrict(None)

    def _start(
        self, have: frozenset[Ref], question: tuple, rank: int
    ) -> tuple[list[int] | None, list[int] | None]:
        """Where the closure of ``have`` may start: the kept closure (`_keep`) of the largest
        set inside it, asked from the same domains, and the propagators of the constraints
        it lacks (the others are at their fixpoint there); (None, None) when there is none.

        Closures grow narrower with more constraints, so that closure lies between the
        domains and the closure wanted, and reasoning on from it reaches the same fixpoint."""
        if question != self._question:
            self._question = question
            self._closures = []
        if rank >= DEEP or rank == SCAN and self.kind is None:
            return None, None  # not one monotone closure: a budget of trials, or the best kind
        best: tuple[frozenset[Ref], list[int]] | None = None
        for refs, dom in self._closures:
            if (best is None or len(refs) > len(best[0])) and refs <= have:
                best = (refs, dom)
        if best is None:
            return None, None
        assert self._whole is not None
        origin = self._whole.local.origin
        wake = [cid for f, i in have - best[0] for cid in range(origin[f][i][0], origin[f][i][2])]
        return best[1], wake

    def _keep(self, have: frozenset[Ref], dom: list[int], rank: int) -> None:
        """Keep the closure of ``have`` (a whole one: no goal stopped it) for `_start`."""
        if rank < DEEP and (rank != SCAN or self.kind is not None):
            self._closures.append((have, list(dom)))

    def minimal(
        self, rank: int, state: State, goal: Any, seeds: Iterable[int], without: Without = ()
    ) -> list[Ref]:
        """A set of constraints that reaches the goal, none of which can be left out.

        First the constraints around the seed variables, widened layer by layer until they
        reach the goal; then QuickXplain (Junker) shrinks that set to an irreducible one.
        Reasoning is monotone in the constraints, which both steps rely on. From ``lines`` up
        shrinking stops after `QUESTIONS` questions: the set is then enough but may not be
        irreducible, and `shrunk` turns False.
        """
        chosen: list[Ref] = []
        seen_refs: set[Ref] = set()
        frontier = set(seeds)
        seen_vars = set(frontier)
        reached = False
        while frontier:
            layer = sorted({ref for v in frontier for ref in self.by_var.get(v, ()) if ref not in seen_refs})
            seen_refs.update(layer)
            chosen.extend(layer)
            if layer and self.holds(chosen, rank, state, goal, without):
                reached = True
                break
            frontier = {u for ref in layer for u in self.vars_of[ref]} - seen_vars
            seen_vars |= frontier
        if not reached:
            chosen = list(self.refs)
        self._failed, self._reached = [], []
        self._without = without
        self._left = None if rank <= TRIAL else QUESTIONS
        return self._quickxplain([], chosen, rank, state, goal, first=True)

    def _test(self, refs: list[Ref], rank: int, state: State, goal: Any) -> bool:
        """`holds`, skipping sets inside one that failed or around one that reached the goal
        (reasoning is monotone in the constraints)."""
        have = frozenset(refs)
        if any(have <= bad for bad in self._failed):
            return False
        if any(good <= have for good in self._reached):
            return True
        if self._left is not None:
            self._left -= 1
        result = self.holds(refs, rank, state, goal, self._without)
        (self._reached if result else self._failed).append(have)
        return result

    def _quickxplain(
        self, background: list[Ref], candidates: list[Ref], rank: int, state: State, goal: Any, first: bool
    ) -> list[Ref]:
        if self._left is not None and self._left <= 0:
            self.shrunk = False
            return candidates  # out of questions: keep the rest (still enough)
        if not first and self._test(background, rank, state, goal):
            return []
        if len(candidates) == 1:
            return candidates
        self.deadline.check()
        half = len(candidates) // 2
        left, right = candidates[:half], candidates[half:]
        keep_right = self._quickxplain(background + left, right, rank, state, goal, first=False)
        keep_left = self._quickxplain(background + keep_right, left, rank, state, goal, first=not keep_right)
        return keep_left + keep_right

    def why(self, refs: Iterable[Ref]) -> tuple[Why | None, ...]:
        return tuple(getattr(self.model, f)[i].why for f, i in refs)


def next_step(
    model: Model, state: State, solution: Mapping[Hashable, int], deadline: Deadline = UNLIMITED
) -> Step | None:
    """The next deduction from ``state`` at the weakest level that makes one (None: solved).

    The level is the weakest whose reasoning fixes an answer-key value the state leaves open;
    the step fixes that one value and cites a set of constraints that suffices, none of which
    can be left out. At a level of trials (``trial``, ``chain``, ``deep``) the step names
    the failed assumption ("if X, then these rules cannot all hold") when one unknown has
    every other value refuted there. ``solution`` is the unique answer: when no level fixes
    anything, the step reveals one value of it. The state must agree with the solution
    (check first). Values the puzzle gives outright (`givens`) count as known.
    """
    reasoner = Reasoner(model, deadline)
    return _next(reasoner, Explainer(model, deadline), {**givens(model), **state}, solution)


def _next(
    reasoner: Reasoner, explainer: Explainer, state: State, solution: Mapping[Hashable, int]
) -> Step | None:
    model = reasoner.model
    reasoner.deep_left = DEEP_BUDGET * len(reasoner.out)
    unknown = [v for v in reasoner.out if model.vars[v].key not in state]
    if not unknown:
        return None
    masks = reasoner.masks(state)
    below = masks
    engine = None
    for rank in range(SEARCH):
        if rank == SCAN and not reasoner.scans[0]:
            continue  # one kind of count: `scan` is `rules`
        engine = reasoner.climb(rank, masks if rank <= RULES else engine.dom)  # type: ignore[union-attr]
        if engine is None:
            raise ValueError("the state contradicts the rules")
        new = {k: val for k, val in reasoner.known(engine).items() if k not in state}
        if not new:
            below = list(engine.dom)
            continue
        if rank in PROBING:
            step = _refutation(reasoner, explainer, rank, state, below)
            if step is not None:
                return step
        key, value = next(iter(new.items()))
        v = reasoner.index[key]
        explainer.shrunk = True
        explainer.kind = reasoner.scan_kind if rank == SCAN else None  # the run that fixed it
        try:
            refs = explainer.minimal(rank, state, ("fix", v, 1 << (value - model.vars[v].lo)), [v])
        finally:
            explainer.kind = None
        kind = "deduce" if rank in _DEDUCE else "contradiction"
        return Step(LEVELS[rank].name, rank, kind, {key: value}, explainer.why(refs), None, tuple(refs),
                    irreducible=explainer.shrunk)
    key = model.vars[unknown[0]].key
    return Step(LEVELS[SEARCH].name, SEARCH, "reveal", {key: solution[key]})


def _refutation(reasoner: Reasoner, explainer: Explainer, rank: int, state: State,
                below: list[int]) -> Step | None:
    """A step of assumptions the level refutes, from the closure of the level below
    (``below``). Best, an unknown whose other values are all refuted there; else each
    refuted value in turn is ruled out and the level below closes again, until an answer
    value the state leaves open is fixed. The step names a refuted value of the unknown it
    fixes (else the first refutation) and cites, for every refutation, a set of constraints
    none of which can be left out, and those that then fix the value."""
    model = reasoner.model
    engine = reasoner.restore(rank - 1, below)
    removed: list[tuple[int, int]] = []
    reasoner.deep_left = DEEP_BUDGET * len(reasoner.out)  # its own budget at ``deep``
    for v in reasoner.probed:
        m = engine.dom[v]
        if not m & (m - 1):
            continue
        refuted, surviving = [], []
        bit = 1
        while bit <= m and len(surviving) < 2:
            if m & bit:
                (refuted if reasoner.refutes(rank, engine, v, bit) else surviving).append(bit)
            bit <<= 1
        if len(surviving) == 1:
            removed = [(v, b) for b in refuted]
            fixed: int | None = v
            direct = True  # each value refuted from ``below`` itself
            break
    else:
        reasoner.deep_left = DEEP_BUDGET * len(reasoner.out)
        fixed = _refute_until_fixed(reasoner, engine, rank, state, removed)
        direct = False  # each value refuted once the ones before it are gone
        if fixed is None:
            return None
    refs: list[Ref] = []
    explainer.shrunk = True
    for i, (v, bit) in enumerate(removed):
        earlier = () if direct else tuple(removed[:i])
        refs += [r for r in explainer.minimal(rank, state, ("refute", v, bit), [v], earlier) if r not in refs]
    own = [bit for v, bit in removed if v == fixed]
    mask = below[fixed]
    for bit in own:
        mask &= ~bit
    if mask.bit_count() != 1:  # the level below fixes it once the refuted values are gone
        mask = engine.dom[fixed]
    plain = reasoner.masks(state)[fixed]
    for bit in own:
        plain &= ~bit
    if plain != mask:  # the level below narrowed it: cite what did, as the refutations do not
        fix = explainer.minimal(rank - 1, state, ("fix", fixed, mask), [fixed], tuple(removed))
        refs += [r for r in fix if r not in refs]
    var = model.vars[fixed]
    hyp_var, hyp_bit = (fixed, own[0]) if own else removed[0]
    hyp = model.vars[hyp_var]
    assumptions = tuple((model.vars[v].key, model.vars[v].lo + b.bit_length() - 1) for v, b in removed)
    return Step(LEVELS[rank].name, rank, "contradiction", {var.key: var.lo + mask.bit_length() - 1},
                explainer.why(refs), (hyp.key, hyp.lo + hyp_bit.bit_length() - 1), tuple(refs),
                assumptions, direct, explainer.shrunk)


def _refute_until_fixed(reasoner: Reasoner, engine: Any, rank: int, state: State,
                        removed: list[tuple[int, int]]) -> int | None:
    """Rule out refuted values one by one (closing the level below after each) until an
    answer variable the state leaves open is fixed; that variable, or None."""
    model = reasoner.model
    while True:
        progress = False
        for v, bit in reasoner._open(engine):
            dom = engine.dom[v]
            if not dom & bit or dom == bit or not reasoner.refutes(rank, engine, v, bit):
                continue
            removed.append((v, bit))
            progress = True
            engine.narrow(v, dom & ~bit)
            if reasoner.reclose(rank - 1, engine) is None:
                return None  # pragma: no cover - the state agrees with the solution
            for u in reasoner.out:
                m = engine.dom[u]
                if not m & (m - 1) and model.vars[u].key not in state:
                    return u
        if not progress:
            return None


def givens(model: Model) -> dict[Hashable, int]:
    """Answer-key values the puzzle states outright (one-literal clauses): never a hint."""
    out: dict[Hashable, int] = {}
    answer = set(model.output)
    for clause in model.clauses:
        if len(clause.lits) != 1 or clause.lits[0].var not in answer:
            continue
        lit = clause.lits[0]
        var = model.vars[lit.var]
        if lit.positive:
            out[var.key] = lit.value
        elif var.is_bool and lit.value in (0, 1):
            out[var.key] = 1 - lit.value
    return out


def explain(
    model: Model, solution: Mapping[Hashable, int], state: State | None = None, deadline: Deadline = UNLIMITED
) -> list[Step]:
    """Every step from ``state`` (default: nothing known) to the solved puzzle."""
    known = {**givens(model), **(state or {})}
    explainer = Explainer(model, deadline)
    reasoner = Reasoner(model, deadline)
    steps = []
    while True:
        step = _next(reasoner, explainer, known, solution)
        if step is None:
            return steps
        if not step.fixes:
            raise OutOfTime("no progress")  # pragma: no cover - every step fixes something
        known.update(step.fixes)
        steps.append(step)


def wrong_entries(state: State, solution: Mapping[Hashable, int]) -> list[Hashable]:
    """The keys of the state whose value differs from the solution, in the state's order."""
    return [key for key, value in state.items() if solution.get(key) != value]
