"""Phases 2 and 3 of the generator loop for one planted solution (see `loop`).

Reveal clues that counterexamples break, top up until the ladder solves the puzzle at the
asked level, then remove clues in shuffled chunks while it still does (or, with no level,
while it stays unique). A recipe's ``repair`` changes the plant when its clues cannot rule
a counterexample out.
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable, Hashable, Sequence
from types import ModuleType
from typing import Any

from puzzlekit import backends, ladder
from puzzlekit.backends import sat_finder
from puzzlekit.clock import Deadline
from puzzlekit.errors import InternalError, OutOfTime
from puzzlekit.ir import Clause, Lit, Model
from puzzlekit.ladder.rules import OFF

from . import guard
from .orbits import orbits

#: A counterexample reveals about one in this many of the clues it breaks (at least one).
REVEAL_SHARE = 8
#: Counterexamples kept to turn down a removal without asking a solver.
CACHE = 24
#: The backend (and its options) that finds counterexamples; it must be deterministic (the
#: same input, the same answer), as CP-SAT is with one worker. A recipe may name its own.
#: ``sat`` with no solver named: CaDiCaL for a question asked of a new model, MiniSat for
#: the incremental finder (`sat_finder`).
FINDER: tuple[str, dict] = ("sat", {})
#: Backends that stand in, in this order, for a finder whose package is not installed, with
#: the options that keep each deterministic (CP-SAT on one worker). ``search`` needs nothing.
STAND_INS: dict[str, dict] = {"sat": {}, "cpsat": {"workers": 1}, "search": {}}


class BackendMissing(UserWarning):
    """A backend the generator would use is not installed; another one stands in for it."""


def finder(rec: ModuleType) -> tuple[str, dict]:
    """The backend (and options) that finds counterexamples for a recipe: its ``FINDER`` (else
    `FINDER`) when installed, else the first installed of `STAND_INS` (with a warning)."""
    name, options = getattr(rec, "FINDER", FINDER)
    if backends.available(name):
        return name, options
    other = backends.first_available(n for n in STAND_INS if n != name)
    assert other is not None  # search needs no package
    missing(name, other, f"the {rec.NAME} generator's counterexample finder")
    return other, STAND_INS[other]


def stand_in(wanted: str, candidates: Sequence[str], role: str) -> str | None:
    """``wanted`` when it is installed, else the first installed of ``candidates`` (with a
    warning naming both); None when none of them is."""
    if backends.available(wanted):
        return wanted
    other = backends.first_available(n for n in candidates if n != wanted)
    missing(wanted, other, role)
    return other


_WARNED: set[tuple[str, str | None, str]] = set()


def missing(name: str, instead: str | None, role: str) -> None:
    """Say once per process that ``name`` is not installed and what stands in for it."""
    if (name, instead, role) in _WARNED:
        return
    _WARNED.add((name, instead, role))
    module = backends.get(name)
    how = f"pip install {module.PACKAGE}"
    used = f"{instead!r} stands in" if instead else "nothing stands in"
    warnings.warn(f"{role} is {name!r}, whose package is not installed ({how}); {used}",
                  BackendMissing, stacklevel=3)

Item = Hashable


class Run:
    """Phases 2 and 3 for one planted solution: reveal, top up to the level, remove."""

    def __init__(
        self, rec: ModuleType, module: ModuleType, height: int, width: int, plant: Any,
        rank: int | None, symmetry: str, rng: random.Random, deadline: Deadline, stats: dict,
    ):
        self.rec, self.module = rec, module
        self.h, self.w = height, width
        self.rank, self.symmetry = rank, symmetry
        self.rng, self.deadline, self.stats = rng, deadline, stats
        self.stateful = hasattr(rec, "state")
        self.cache: list[Any] = []
        self.shown: list = []
        self.replant(plant)

    def replant(self, plant: Any) -> None:
        rec = self.rec
        self.plant = plant
        self.answer = rec.answer(plant)
        self.required = sorted(rec.required(plant)) if hasattr(rec, "required") else []
        self.required_set = set(self.required)
        self.orbits = orbits(rec, plant, self.h, self.w, self.symmetry)
        self.cache = []
        self.base: tuple[Model, dict, ladder.Reasoner | None] | None = None
        # `guard.guarded`, once per plant: the model and each clue's selector variable, and the
        # ladder's reasoner on it (``GUARD`` recipes only)
        self.guarded: tuple[Model, dict] | None | bool = None
        self.switched: tuple[ladder.Reasoner, dict] | None | bool = None
        #: the last clue set ``rules`` solved on the guarded model, and the clues whose
        #: constraints narrowed nothing in that propagation (`_idle`)
        self.idle: tuple[tuple, frozenset] | None = None
        self.owners: tuple[dict, set] | None = None
        #: the plant's masks on the state reasoner, and the clues of a puzzle known to be
        #: solved at the asked level (`_hints`)
        self.keep: list[int] | None = None
        self.solved: set | None = None
        self.close()

    def close(self) -> None:
        """Free the incremental counterexample finder, if one was made."""
        finder = getattr(self, "finder", None)
        if finder is not None:
            finder.close()
        self.finder: sat_finder.Finder | None = None

    # the current puzzle as a model -------------------------------------------------------------
    def _model(self, items: Sequence[Item]) -> tuple[Model, dict[Hashable, int]]:
        """The model of the shown items, and the answer values they fix (state recipes)."""
        if not self.stateful:
            return self._build(list(items)), {}
        if self.base is None:
            self.base = (self._build(self.required), {}, None)
        state: dict[Hashable, int] = {}
        for item in items:
            if item not in self.required_set:
                state.update(self.rec.state(item, self.h, self.w))
        return self.base[0], state

    def _build(self, items: list) -> Model:
        puzzle = self.rec.puzzle_from(self.h, self.w, items)
        model = getattr(self.rec, "model", self.module.model)(puzzle, deadline=self.deadline)
        # the model may lack keys the shown clues rule out (a Zip wall removes a step), which
        # the plant must then not use
        keys = set(model.output_keys())
        if not keys <= set(self.answer) or any(v for k, v in self.answer.items() if k not in keys):
            raise InternalError(f"{self.rec.NAME}: the planted answer does not fit the model's answer key")
        return model

    def another(self, items: Sequence[Item]) -> dict | None:
        """A solution of the shown items other than the planted one (None: it is unique).

        Where the clues only fix values (or switch guarded constraints on) and the finder is
        ``sat``, one incremental solver answers every question about the plant
        (`sat_finder`), the fixed values passed as assumptions; else a solver is built for
        each question."""
        self.stats["solver_calls"] += 1
        name, options = finder(self.rec)
        incremental = name == "sat" and set(options) <= {"solver"}
        switched = self._guarded() if incremental else None
        if switched:  # the guarded model: each clue switched on or off by its selector
            model, selector = switched
            have = set(items)
            fixed = [Lit(v, int(item in have)) for item, v in selector.items()]
        else:
            model, state = self._model(items)
            index = {model.vars[i].key: i for i in model.output}
            fixed = [Lit(index[k], v) for k, v in state.items()]
        blocking = Clause(tuple(Lit(i, self.answer[model.vars[i].key], False) for i in model.output))
        if incremental and (switched or self.stateful):
            if self.finder is None:
                self.finder = sat_finder.Finder(model, self.deadline, **options)
                self.finder.add([blocking])
            return self.finder.solve(fixed, self.deadline)
        extra = [Clause((Lit(index[k], v),)) for k, v in state.items()]
        extra.append(blocking)
        result = backends.get(name).solve(
            model.with_constraints(clauses=extra), limit=1, time_limit=self.deadline.left(), **options
        )
        if result.status == "timeout":
            raise OutOfTime(f"the {self.rec.NAME} generator ran out of time")
        return result.solutions[0] if result.status == "solved" else None

    def solvable(self, items: Sequence[Item], rank: int, staged: bool = False) -> list[Hashable]:
        """The answer keys the ladder at ``rank`` leaves open (empty: solved at that level).

        ``staged``: above ``lines``, try ``rules`` first, which often suffices at a fraction
        of the cost of the trials."""
        if staged and rank >= ladder.TRIAL and not self.solvable(items, ladder.RULES):
            return []
        self.stats["ladder_calls"] += 1
        reasoner, masks = self._reasoner(items, rank)
        model = reasoner.model
        if rank == ladder.SCAN and not reasoner.scans[0]:
            # rules of one kind only (every pearl white, say): scan is rules there, and the
            # grade calls such a puzzle rules; another kind of clue must be shown
            return [model.vars[v].key for v in reasoner.out]
        switched = self._switched()
        traced = rank == ladder.RULES and switched is not None and reasoner is switched[0]
        if traced:
            # ``rules`` is the rules-level engine's propagation from the masks (what `close`
            # runs at that rank), here with the propagators that narrow a domain marked, and
            # those of hidden clues switched off: a guarded count whose selector is off holds
            # whatever its terms, so it never narrows, and waking it was a third of the work
            engine = reasoner.local
            engine.limit(self.deadline)
            kinds = engine.swap_kinds(self._kinds_shown(engine.kinds, items))
            try:
                with engine.tracing() as acted:
                    ok = engine.reset(masks)
            finally:
                engine.swap_kinds(kinds)
            dom = engine.dom if ok else None
        else:
            if rank > ladder.RULES and reasoner.quick(ladder.RULES):
                # what ``rules`` solves every higher level solves: its quick closure first
                # spares the higher level's setup (building and running the pairs of rules)
                # on the questions it already decides; the answer is the same
                dom = reasoner.closure(ladder.RULES, masks)
                if dom is not None and all(not dom[v] & (dom[v] - 1) for v in reasoner.out):
                    return []
            keep, goal = self._hints(reasoner, items, rank)
            dom = reasoner.closure(min(rank, ladder.SEARCH - 1), masks, keep, goal)
            if dom is not None and goal:
                assert keep is not None
                other = [v for v in reasoner.out if not dom[v] & keep[v]]
                if other:  # a second solution (`ladder.Reasoner.closure`): kept as a counterexample
                    lo = reasoner.local.lo
                    self._keep({model.vars[v].key: lo[v] + dom[v].bit_length() - 1 for v in reasoner.out})
                    return [model.vars[v].key for v in other]
                if all(not dom[v] & (dom[v] - 1) for v in goal):
                    return []  # the goal fixed: solved (see `_hints`)
        if dom is None:
            raise InternalError(f"{self.rec.NAME}: the ladder finds no solution where one was planted")
        left = [model.vars[v].key for v in reasoner.out if dom[v] & (dom[v] - 1)]
        if traced and not left:
            self.idle = (tuple(items), self._idle(items, acted))
        return left

    def _hints(
        self, reasoner: ladder.Reasoner, items: Sequence[Item], rank: int
    ) -> tuple[list[int] | None, list[int]]:
        """Hints for the closure on a state recipe's reasoner (`ladder.Reasoner.closure`): the
        plant's values, which no trial refutes, and, while removal asks ``chain`` about a part
        of a puzzle solved at ``chain``, the variables of the clues it leaves out: once the
        ladder fixes them, the closure lies within the solved puzzle's and fixes everything."""
        if not self.stateful or self.base is None or reasoner is not self.base[2]:
            return None, []
        if self.keep is None:
            self.keep = reasoner.masks(self.answer)
        goal: list[int] = []
        # only for the fast ``chain``, one monotone fixpoint (``scan`` is not one: it keeps the
        # best of several closures, so a kind fixing the goal need not be the kind that solves)
        if (rank == ladder.CHAIN == self.rank and reasoner.quick(rank) and self.solved is not None
                and self.solved.issuperset(items)):
            for item in self.solved.difference(items):
                goal.extend(reasoner.index[k] for k in self.rec.state(item, self.h, self.w))
        return self.keep, goal

    def _idle(self, items: Sequence[Item], acted: bytearray) -> frozenset:
        """The shown optional clues none of whose constraints narrowed a domain in a ``rules``
        propagation that solved the puzzle.

        Dropping them all leaves it solved at ``rules``: every step of that propagation was
        taken by a propagator the smaller puzzle has too, from the same domains (a clue's
        selector is read by its own constraints only), so it is a propagation of the smaller
        puzzle, whose closure (the greatest common fixpoint of monotone propagators) lies
        within every step and so fixes every value; removal drops them without asking."""
        cids, untraced = self._owners()
        required = self.required_set
        return frozenset(item for item in items if item not in required and item not in untraced
                         and not any(acted[c] for c in cids.get(item, ())))

    def _kinds_shown(self, kinds: list[int], items: Sequence[Item]) -> list[int]:
        """The engine's propagator kinds with those of the clues not in ``items`` off."""
        cids, _ = self._owners()
        out = list(kinds)
        have = set(items)
        for item, mine in cids.items():
            if item not in have:
                for c in mine:
                    out[c] = OFF
        return out

    def _owners(self) -> tuple[dict, set]:
        """Per clue, the propagators of the guarded rules-level engine that read its selector,
        and the clues whose selector is also in a clause (not traced: never idle)."""
        if self.owners is None:
            switched = self._switched()
            assert switched is not None
            reasoner, selector = switched
            engine = reasoner.local
            in_clauses = {lit[0] for clause in engine.clauses for lit in clause}
            in_clauses.update(lit[0] for lit in engine.units)
            cids = {item: list(engine.watchers[v]) for item, v in selector.items()}
            untraced = {item for item, v in selector.items() if v in in_clauses}
            self.owners = (cids, untraced)
        return self.owners

    def _reasoner(self, items: Sequence[Item], rank: int) -> tuple[ladder.Reasoner, list[int]]:
        """A reasoner for the shown items and its starting domains: one per plant for state
        recipes and, below ``trial``, for guarded ones (the items then only fix values), else
        one per call. The guarded model's trials are not those of the puzzle (they can leave
        more open), so from ``trial`` up the puzzle's own model is compiled, but for a recipe
        whose clues only fix values (``GUARD_TRIALS``: a shown clue's clause is a unit)."""
        every = getattr(self.rec, "GUARD_TRIALS", False)
        switched = self._switched() if rank < ladder.TRIAL or every else None
        if switched:
            reasoner, selector = switched
            masks = reasoner.masks()
            have = set(items)
            for item, v in selector.items():
                masks[v] &= 0b10 if item in have else 0b01
            return reasoner, masks
        model, state = self._model(items)
        if not self.stateful:
            reasoner = ladder.Reasoner(model, self.deadline)
            return reasoner, reasoner.masks(state)
        assert self.base is not None
        if self.base[2] is None:
            self.base = (self.base[0], {}, ladder.Reasoner(model, self.deadline))
        reasoner = self.base[2]
        assert reasoner is not None
        return reasoner, reasoner.masks(state)

    def _guarded(self) -> tuple[Model, dict] | None:
        """The guarded model of every clue (`guard`) and each clue's selector variable, for
        ``GUARD`` and ``GUARD_FINDER`` recipes; None elsewhere or when the clues cannot be told
        apart."""
        if self.guarded is None:
            self.guarded = False
            wanted = getattr(self.rec, "GUARD", False) or getattr(self.rec, "GUARD_FINDER", False)
            if wanted and not self.stateful:
                optional = [item for orbit in self.orbits for item in orbit]
                base, full = self._build(self.required), self._build(self.required + optional)
                made = guard.guarded(base, full, optional, self.rec.keys, getattr(self.rec, "place", None))
                if made is not None:
                    model, selector = made
                    index = {v.key: v.index for v in model.vars}
                    self.guarded = (model, {item: index[key] for item, key in selector.items()})
        return self.guarded or None

    def _switched(self) -> tuple[ladder.Reasoner, dict] | None:
        """The reasoner on the guarded model and each clue's selector variable, for ``GUARD``
        recipes (the ladder deduces from it what it deduces from the puzzle); None elsewhere."""
        if self.switched is None:
            self.switched = False
            made = self._guarded() if getattr(self.rec, "GUARD", False) else None
            if made is not None:
                self.switched = (ladder.Reasoner(made[0], self.deadline), made[1])
        return self.switched or None

    def refuted(self, items: Sequence[Item]) -> bool:
        """Whether a kept counterexample answers these items (so they are not unique)."""
        for seen, broken in self.cache:
            if broken is not None:
                if broken.isdisjoint(items):
                    return True
            elif not any(self.rec.breaks(item, seen, items) for item in items):
                return True
        return False

    def _keep(self, values: dict) -> Any:
        """Keep a counterexample (read by the recipe), with the clues it breaks when that does
        not depend on the other clues shown."""
        read = getattr(self.rec, "read", None)
        seen = read(self.plant, values) if read else values
        broken = None
        if not getattr(self.rec, "CONTEXT", False):
            broken = frozenset(it for orbit in self.orbits for it in orbit if self.rec.breaks(it, seen, ()))
        self.cache = [(seen, broken), *self.cache[: CACHE - 1]]
        return seen

    # the phases --------------------------------------------------------------------------------
    def build(self) -> tuple[list, Any] | None:
        """The shown items and the plant (a repair may change it), or None: no unique puzzle
        at the level (`too_hard` then keeps the last unique one found, every clue shown)."""
        repairs = 0
        self.too_hard: tuple[list, Any] | None = None
        carried: list = list(getattr(self.rec, "initial", lambda plant: [])(self.plant))
        share = getattr(self.rec, "HEAD_START", 0.0)
        if share:  # start from a random share of the clues: the first questions are cheaper
            picked = self.rng.sample(self.orbits, int(share * len(self.orbits)))
            carried = sorted(set(carried).union(*picked))
        while True:
            shown, values, unfixed = self.reveal(carried)
            if shown is not None and self.rank is not None and self.rank < ladder.SEARCH:
                shown, unfixed = self.top_up(shown, self.rank)
            if shown is not None:
                break
            if values is None:
                self.too_hard = (list(self.shown), self.plant)
            if values is None and self.rank is not None and self.rank >= ladder.TRIAL:
                return None  # unique but too hard with every clue: trials decide, not repairs
            # the clue language cannot rule out the counterexample (or fix what the ladder
            # leaves open): change the plant, if the recipe knows how
            if not hasattr(self.rec, "repair") or repairs >= _repair_budget(self.h, self.w):
                return None
            plant = self.rec.repair(self.rng, self.plant, values, unfixed)
            if plant is None:
                return None
            repairs += 1
            self.stats["repairs"] += 1
            carried = self._carry(plant, values is None)
        accept = self._unique if self.rank is None or self.rank >= ladder.SEARCH else self._at_level
        return self.remove(shown, accept), self.plant

    def _at_level(self, items: list) -> bool:
        """Whether the ladder solves the items at the asked level. Above ``lines`` a solver
        first rules out a second solution (far cheaper than the trials that would fail)."""
        assert self.rank is not None
        if self.refuted(items):
            return False
        if self.rank >= ladder.TRIAL:
            if not self.solvable(items, ladder.RULES):
                return True
            # a puzzle the ladder solves is unique: where its closure is quick, it decides alone
            if not self._quick(self.rank) and not self._unique(items):
                return False
            if self._near_other(items):
                return False
        return not self.solvable(items, self.rank)

    def _near_other(self, items: list) -> bool:
        """Whether a second solution differs from the plant only near the clues removal just
        left out (a recipe's ``near``: for a Sudoku given, the band and stack of its cell).

        Such a question is small (every other value is fixed) and often answered: a clue
        whose removal the ladder cannot make up for tends to leave a local ambiguity. A
        solution found is a counterexample, kept; none found says nothing."""
        near = getattr(self.rec, "near", None)
        if near is None or not self.stateful or self.solved is None or not self.solved.issuperset(items):
            return False
        reasoner, masks = self._reasoner(items, self.rank)
        clausal = reasoner.clausal
        if clausal is None or reasoner is not self.base[2]:  # type: ignore[index]
            return False
        free: set[int] = set()
        for item in self.solved.difference(items):
            free.update(reasoner.index[k] for k in near(self.plant, item, self.h, self.w))
        keep, _ = self._hints(reasoner, items, self.rank)
        assert keep is not None
        dom = clausal.other(masks, keep, sorted(free))
        if dom is None:
            return False
        lo = reasoner.local.lo
        self._keep({reasoner.model.vars[v].key: lo[v] + dom[v].bit_length() - 1 for v in reasoner.out})
        return True

    def _quick(self, rank: int) -> bool:
        """Whether the plant's reasoner closes ``rank`` by its fast path (`ladder.Reasoner.quick`)."""
        reasoner = self.base[2] if self.stateful and self.base is not None else None
        return reasoner is not None and reasoner.quick(rank)

    def _unique(self, items: list) -> bool:
        if self.refuted(items):
            return False
        other = self.another(items)
        if other is None:
            return True
        self._keep(other)
        return False

    def _hidden(self, shown: list) -> list[tuple]:
        have = set(shown)
        return [orbit for orbit in self.orbits if orbit[0] not in have]

    def _reveal(self, shown: list, orbits: list[tuple]) -> list:
        count = max(1, math.ceil(len(orbits) / REVEAL_SHARE))
        picked = self.rng.sample(orbits, count)
        return sorted(set(shown).union(*picked))

    def _carry(self, plant: Any, everything: bool) -> list:
        """Move to a repaired plant; the clues it still has that were shown (all of them when
        the ladder asked for the repair) stay shown."""
        before = set(self.shown)
        self.replant(plant)
        return sorted(item for orbit in self.orbits for item in orbit if everything or item in before)

    def reveal(self, start: Sequence[Item] = ()) -> tuple[list | None, dict | None, list | None]:
        """Phase 2: from the required clues, reveal clues that the counterexamples break.

        Returns the shown clues once they are unique, else (None, the counterexample that no
        hidden clue breaks, None).
        """
        shown = sorted(set(self.required).union(start))
        self.shown = shown
        while True:
            self.deadline.check()
            other = self.another(shown)
            if other is None:
                return shown, None, None
            seen = self._keep(other)
            hidden = self._hidden(shown)
            known = self.cache[0][1]  # the clues it breaks, found by `_keep` where context is no matter
            if known is not None:
                broken = [orbit for orbit in hidden if not known.isdisjoint(orbit)]
            else:
                broken = [orbit for orbit in hidden if any(self.rec.breaks(it, seen, shown) for it in orbit)]
            if not broken:
                return None, other, None
            shown = self.shown = self._reveal(shown, broken)

    def top_up(self, shown: list, rank: int) -> tuple[list | None, list | None]:
        """Phase 2b: reveal more clues until the ladder solves the puzzle at ``rank``.

        Returns the shown clues, or (None, the keys left open) when every clue is shown.
        """
        keys_of = getattr(self.rec, "keys", None)
        asked_all = keys_of is not None  # reveals aimed by the open keys are not replayed below
        while True:
            self.deadline.check()
            unfixed = self.solvable(shown, rank, staged=True)
            if not unfixed:
                return shown, None
            self.shown = shown
            hidden = self._hidden(shown)
            if not hidden:
                return None, unfixed
            if not asked_all:
                # every clue shown first, once: where even that leaves keys open (most plants of
                # a 10x10 Geradeweg asked for `trial`), fewer clues never solve more, so each
                # reveal below would be asked in vain; they are drawn all the same, without the
                # ladder, so the plants after draw what they drew before
                asked_all = True
                left = self.solvable(sorted(set(shown).union(*hidden)), rank, staged=True)
                if left:
                    while hidden:
                        shown = self.shown = self._reveal(shown, hidden)
                        hidden = self._hidden(shown)
                    return None, left
            aimed = hidden
            if keys_of is not None:
                open_keys = set(unfixed)
                aimed = [o for o in hidden if any(k in open_keys for it in o for k in keys_of(it))] or hidden
            shown = self._reveal(shown, aimed)

    def remove(self, shown: list, accept: Callable[[list], bool]) -> list:
        """Phase 3: drop clue orbits in a shuffled order while ``accept`` holds.

        Orbits go in chunks that double after a success and halve after a failure (one at a
        time for a recipe with ``REMOVE_SINGLY``); an orbit is kept only once it failed
        alone, so no single orbit can be dropped from the result (fewer clues never make a
        puzzle easier).
        """
        required = set(self.required)
        have = set(shown)
        order = [o for o in self.orbits if o[0] in have and o[0] not in required]
        self.rng.shuffle(order)
        current = set(shown)
        singly = getattr(self.rec, "REMOVE_SINGLY", False)
        size = 1 if singly else max(1, len(order) // 16)
        i = 0
        order = self._drop_idle(shown, current, order, i)
        while i < len(order):
            self.deadline.check()
            chunk = order[i : i + size]
            trial = sorted(current.difference(*chunk))
            self.solved = current if accept == self._at_level else None
            if accept(trial):
                current = set(trial)
                i += len(chunk)
                size = 1 if singly else min(2 * size, max(1, len(order) // 4))
                order = self._drop_idle(trial, current, order, i)
            elif len(chunk) == 1:
                i += 1
            else:
                size = max(1, len(chunk) // 2)
        self.solved = None
        return sorted(current)

    def _drop_idle(self, accepted: list, current: set, order: list[tuple], i: int) -> list[tuple]:
        """Drop from ``current`` the orbits not yet tried whose clues were all idle when
        ``rules`` solved ``accepted`` (its last question, `_idle`): the puzzle without them
        is solved at ``rules`` too, so at any level. Returns the order without them."""
        idle = self.idle
        if idle is None or idle[0] != tuple(accepted):
            return order
        free = [o for o in order[i:] if all(item in idle[1] for item in o)]
        if not free:
            return order
        self.stats["idle_drops"] = self.stats.get("idle_drops", 0) + len(free)
        gone = set(free)
        current.difference_update(*free)
        return order[:i] + [o for o in order[i:] if o not in gone]


def _repair_budget(height: int, width: int) -> int:
    return 4 * (height + width) + 40
