"""The deduction ladder: how hard a puzzle is, and the next step a player can take.

Levels, weakest first (docs/grading.md says each in a puzzler's words). Each level adds one
way of reasoning to the ones below it, so a puzzle solved at level k is solved at every
level above:

0. ``rules``: each rule on its own. Counts, clues and line lengths force a value when only
   one stays possible; a loop or path is seen only through the degree of each cell.
1. ``lines``: a loop or path as a whole too. No piece closes into a cycle too early, two
   pairs never join, every part can still reach the rest (cut cells, dead ends).
2. ``trial``: assume a value, reason at ``lines``; a contradiction proves the other value.
3. ``either``: assume each value of an unknown in turn; what follows from every one holds.
4. ``deep``: a trial whose consequences are themselves followed at ``trial``.
5. ``search``: guessing and backtracking; the number of guesses (search nodes) is reported.

Everything works on the IR alone, so a grade does not depend on the backend that made or
checked a puzzle. Reasoning runs on the propagation engine of the built-in search: a trial
narrows a domain, propagates, and undoes, so probing is incremental.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .backends.search.branching import Search
from .backends.search.engine import Engine
from .backends.search.propagation import new_engine
from .clock import UNLIMITED, Deadline
from .errors import OutOfTime
from .ir import Model, Why


@dataclass(frozen=True)
class Level:
    """One rung of the ladder: its name and what a player does at it."""

    name: str
    sentence: str


LEVELS: tuple[Level, ...] = (
    Level("rules", "Each rule on its own: a clue, a count or a line length leaves only one way."),
    Level("lines", "The loop or path as a whole: nothing closes too early, every part can still join up."),
    Level("trial", "Try a value and follow the rules: a contradiction proves the other value."),
    Level("either", "Try every value of one unknown: what follows from all of them holds."),
    Level("deep", "Try a value and follow it with trials of its own: a contradiction proves the other."),
    Level("search", "Guess and backtrack: no chain of deductions is found."),
)
RANKS: dict[str, int] = {level.name: rank for rank, level in enumerate(LEVELS)}
SEARCH = len(LEVELS) - 1

#: A partial assignment of answer-key variables by key: the player's known values.
State = Mapping[Hashable, int]


@dataclass
class Effort:
    """How much reasoning a grade or step took: rounds of deductions, trials, search nodes."""

    rounds: int = 0
    probes: int = 0
    nodes: int = 0


@dataclass(frozen=True)
class Grade:
    """The weakest level that solves a puzzle, and the effort it took (deterministic)."""

    level: str
    rank: int
    rounds: int
    probes: int
    nodes: int
    unique: bool | None

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "rank": self.rank, "rounds": self.rounds, "probes": self.probes,
                "nodes": self.nodes, "unique": self.unique}


@dataclass(frozen=True)
class Step:
    """One deduction: what it fixes, at which level, and the constraints it rests on.

    ``kind`` is ``deduce`` (the cited rules force ``fixes``), ``contradiction`` (assuming
    ``hypothesis`` breaks the cited rules, so ``fixes`` holds), or ``reveal`` (no deduction
    was found: ``fixes`` is taken from the solution).
    """

    level: str
    rank: int
    kind: str
    fixes: dict[Hashable, int]
    because: tuple[Why | None, ...] = ()
    hypothesis: tuple[Hashable, int] | None = None
    constraints: tuple[tuple[str, int], ...] = field(default=(), compare=False)


class Reasoner:
    """A model compiled twice (with and without whole-graph reasoning), and the ladder on it."""

    def __init__(self, model: Model, deadline: Deadline = UNLIMITED):
        self.model = model
        self.deadline = deadline
        self.local = new_engine(model, deadline, graphs=False)
        self.full = new_engine(model, deadline)
        self.out = list(model.output)
        self.index = {model.vars[i].key: i for i in self.out}
        self.effort = Effort()

    # domains ---------------------------------------------------------------------------
    def masks(self, state: State | None = None) -> list[int]:
        """Domain bitmasks with the state's values fixed (unknown keys are refused)."""
        engine = self.full
        masks = list(engine.full)
        for key, value in (state or {}).items():
            v = self.index.get(key)
            if v is None:
                raise KeyError(f"{key!r} is not part of the answer")
            masks[v] &= 1 << (value - engine.lo[v]) if 0 <= value - engine.lo[v] < 64 else 0
        return masks

    def known(self, engine: Engine) -> dict[Hashable, int]:
        """The answer-key values fixed in the engine's current domains."""
        out = {}
        for v in self.out:
            m = engine.dom[v]
            if m and not m & (m - 1):
                out[self.model.vars[v].key] = engine.lo[v] + m.bit_length() - 1
        return out

    def close(self, rank: int, masks: list[int]) -> Engine | None:
        """The engine at the fixpoint of every level up to ``rank`` from ``masks`` (None:
        contradiction). Ranks above ``deep`` are treated as ``deep``."""
        engine = self.local if rank == 0 else self.full
        engine.deadline = self.deadline if self.deadline.seconds is not None else None
        if not engine.reset(masks):
            return None
        if rank >= 2 and not self._saturate(engine, min(rank, SEARCH - 1)):
            return None
        return engine

    def _saturate(self, engine: Engine, rank: int) -> bool:
        """Apply the trial rules of ``rank`` (2-4) until nothing changes; False on contradiction."""
        inner = 2 if rank == 4 else 1
        effort = self.effort
        changed = True
        while changed:
            changed = False
            effort.rounds += 1
            for v in self.out:
                m = engine.dom[v]
                if not m & (m - 1):
                    continue
                self.deadline.check()
                union: list[int] | None = None
                branches = 0
                bit = 1
                while bit <= m:
                    if m & bit and engine.dom[v] & bit:
                        mark = len(engine.trail)
                        effort.probes += 1
                        ok = engine.narrow(v, bit) and engine.fixpoint()
                        if ok and inner >= 2:
                            ok = self._saturate(engine, inner)
                        if ok and rank == 3:
                            branches += 1
                            dom = engine.dom
                            union = list(dom) if union is None else [a | b for a, b in zip(union, dom)]
                        engine.undo(mark)
                        if not ok:
                            if not (engine.narrow(v, engine.dom[v] & ~bit) and engine.fixpoint()):
                                return False
                            changed = True
                    bit <<= 1
                if union is not None and branches == (engine.dom[v]).bit_count() and branches > 1:
                    narrowed = False
                    for u, allowed in enumerate(union):
                        if engine.dom[u] & ~allowed:
                            narrowed = True
                            if not engine.narrow(u, allowed):
                                return False
                    if narrowed:
                        if not engine.fixpoint():
                            return False
                        changed = True
        return True

    def solved(self, engine: Engine | None) -> bool:
        """Whether every answer-key variable is fixed."""
        return engine is not None and all(not engine.dom[v] & (engine.dom[v] - 1) for v in self.out)

    # grading -----------------------------------------------------------------------------
    def grade(self, state: State | None = None, unique: bool | None = None) -> Grade:
        """The weakest level whose deductions fix every answer-key variable from ``state``."""
        masks = self.masks(state)
        for rank in range(SEARCH):
            engine = self.close(rank, masks)
            if engine is None:
                return self._grade(rank, unique=False)  # no solution at all
            if self.solved(engine):
                return self._grade(rank, unique)
        search = Search(self.full, 0)
        self.full.reset(masks)
        found, finished = _search(search, masks, self.deadline)
        self.effort.nodes = search.nodes
        return self._grade(SEARCH, (len(found) == 1) if finished else (False if len(found) > 1 else None))

    def _grade(self, rank: int, unique: bool | None) -> Grade:
        e = self.effort
        return Grade(LEVELS[rank].name, rank, e.rounds, e.probes, e.nodes, unique)


def _search(search: Search, masks: list[int], deadline: Deadline) -> tuple[list[dict], bool]:
    """Depth-first search from the given domains for up to two answers; and whether it finished."""
    engine = search.engine
    start = engine.reset
    engine.reset = lambda domains=None: start(masks)  # type: ignore[method-assign]
    try:
        return search.run(2, deadline)
    finally:
        engine.reset = start  # type: ignore[method-assign]


# -------------------------------------------------------------------------------------------
# explanations: the constraints a deduction rests on
# -------------------------------------------------------------------------------------------

Ref = tuple[str, int]  # ("counts" | "clauses" | "graphs" | "runs", index)
_FIELDS = ("counts", "clauses", "graphs", "runs")


def constraints(model: Model) -> list[Ref]:
    """Every constraint of the model, as references."""
    return [(f, i) for f in _FIELDS for i in range(len(getattr(model, f)))]


def submodel(model: Model, refs: Iterable[Ref]) -> Model:
    """The model with only the referenced constraints (same variables and answer key)."""
    keep: dict[str, list[int]] = {f: [] for f in _FIELDS}
    for f, i in refs:
        keep[f].append(i)
    parts = {f: tuple(getattr(model, f)[i] for i in sorted(keep[f])) for f in _FIELDS}
    return Model(model.name, model.vars, output=model.output, hints=model.hints, **parts)


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

    def _holds(self, refs: list[Ref], rank: int, state: State, goal: Any) -> bool:
        """Whether reasoning at ``rank`` with only ``refs`` from ``state`` reaches the goal:
        ``("fix", var, bit)`` the variable is narrowed to the value, or ``("fail",)``."""
        reasoner = Reasoner(submodel(self.model, refs), self.deadline)
        engine = reasoner.close(rank, reasoner.masks(state))
        if goal[0] == "fail":
            return engine is None
        if engine is None:
            return False
        _, v, bit = goal
        return engine.dom[v] == bit

    def minimal(self, rank: int, state: State, goal: Any, seeds: Iterable[int]) -> list[Ref]:
        """A set of constraints that reaches the goal, none of which can be left out.

        First the constraints around the seed variables, widened layer by layer until they
        reach the goal; then QuickXplain (Junker) shrinks that set to an irreducible one.
        Reasoning is monotone in the constraints, which both steps rely on.
        """
        chosen: list[Ref] = []
        seen_refs: set[Ref] = set()
        frontier = set(seeds)
        seen_vars = set(frontier)
        while frontier:
            layer = sorted({ref for v in frontier for ref in self.by_var.get(v, ()) if ref not in seen_refs})
            seen_refs.update(layer)
            chosen.extend(layer)
            if self._holds(chosen, rank, state, goal):
                break
            frontier = {u for ref in layer for u in self.vars_of[ref]} - seen_vars
            seen_vars |= frontier
        if not self._holds(chosen, rank, state, goal):
            chosen = list(self.refs)
        return self._quickxplain([], chosen, rank, state, goal, first=True)

    def _quickxplain(
        self, background: list[Ref], candidates: list[Ref], rank: int, state: State, goal: Any, first: bool
    ) -> list[Ref]:
        if not first and self._holds(background, rank, state, goal):
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


# -------------------------------------------------------------------------------------------
# hints
# -------------------------------------------------------------------------------------------


def next_step(
    model: Model, state: State, solution: Mapping[Hashable, int], deadline: Deadline = UNLIMITED
) -> Step | None:
    """The next deduction from ``state`` at the weakest level that makes one (None: solved).

    The level is the weakest whose reasoning fixes an answer-key value the state leaves open;
    the step fixes that one value and cites a set of constraints that suffices, none of which
    can be left out. At ``trial`` the step names the failed assumption ("if X, then these
    rules cannot all hold"). ``solution`` is the unique answer: when no level fixes anything,
    the step reveals one value of it. The state must agree with the solution (check first).
    Values the puzzle gives outright (`givens`) count as known.
    """
    state = {**givens(model), **state}
    reasoner = Reasoner(model, deadline)
    unknown = [v for v in reasoner.out if model.vars[v].key not in state]
    if not unknown:
        return None
    masks = reasoner.masks(state)
    explainer = Explainer(model, deadline)
    for rank in (0, 1):
        engine = reasoner.close(rank, masks)
        if engine is None:
            raise ValueError("the state contradicts the rules")
        new = {k: val for k, val in reasoner.known(engine).items() if k not in state}
        if new:
            key, value = next(iter(new.items()))
            v = reasoner.index[key]
            refs = explainer.minimal(rank, state, ("fix", v, 1 << (value - engine.lo[v])), [v])
            return Step(LEVELS[rank].name, rank, "deduce", {key: value}, explainer.why(refs), None,
                        tuple(refs))
    trial = _single_trial(reasoner, explainer, state, masks)
    if trial is not None:
        return trial
    for rank in (2, 3, 4):  # chains of trials, then the stronger levels
        engine = reasoner.close(rank, masks)
        new = {k: val for k, val in reasoner.known(engine).items() if k not in state} if engine else {}
        if new:
            key, value = next(iter(new.items()))
            v = reasoner.index[key]
            refs = explainer.minimal(rank, state, ("fix", v, 1 << (value - model.vars[v].lo)), [v])
            return Step(LEVELS[rank].name, rank, "contradiction", {key: value}, explainer.why(refs), None,
                        tuple(refs))
    key = model.vars[unknown[0]].key
    return Step(LEVELS[SEARCH].name, SEARCH, "reveal", {key: solution[key]})


def _single_trial(reasoner: Reasoner, explainer: Explainer, state: State, masks: list[int]) -> Step | None:
    """A ``trial`` step: an unknown each of whose other values fails at ``lines`` on its own."""
    model = reasoner.model
    engine = reasoner.close(1, masks)
    if engine is None:
        return None
    for v in reasoner.out:
        m = engine.dom[v]
        if not m & (m - 1):
            continue
        key = model.vars[v].key
        failing, surviving = [], []
        bit = 1
        while bit <= m:
            if m & bit:
                mark = len(engine.trail)
                ok = engine.narrow(v, bit) and engine.fixpoint()
                engine.undo(mark)
                (surviving if ok else failing).append(engine.lo[v] + bit.bit_length() - 1)
                if len(surviving) > 1:
                    break
            bit <<= 1
        if len(surviving) != 1:
            continue
        refs: list[Ref] = []
        for value in failing:
            for ref in explainer.minimal(1, {**state, key: value}, ("fail",), [v]):
                if ref not in refs:
                    refs.append(ref)
        return Step(LEVELS[2].name, 2, "contradiction", {key: surviving[0]}, explainer.why(refs),
                    (key, failing[0]), tuple(refs))
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
    steps = []
    while True:
        step = next_step(model, known, solution, deadline)
        if step is None:
            return steps
        if not step.fixes:
            raise OutOfTime("no progress")  # pragma: no cover - every step fixes something
        known.update(step.fixes)
        steps.append(step)


def wrong_entries(state: State, solution: Mapping[Hashable, int]) -> list[Hashable]:
    """The keys of the state whose value differs from the solution, in the state's order."""
    return [key for key, value in state.items() if solution.get(key) != value]
