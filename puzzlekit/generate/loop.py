"""The shared generator loop: plant a solution, reveal clues against counterexamples, remove
clues while the puzzle stays unique at the asked level, prove it unique twice.

A genre's recipe (a module of this package, one per genre) supplies the solution sampler and
the clue language; the loop knows no genre. The recipe's names:

``NAME``
    the genre.
``LEVELS``
    the ladder levels a puzzle of the genre can need (``lines`` only where the model has a
    loop, path or connectivity rule).
``check_size(height, width, **options)``
    raise `ValueError` for a size (or option) the recipe cannot make.
``sample_solution(rng, height, width, **options) -> plant``
    a random solution, in the recipe's own form (the planted answer).
``answer(plant) -> {key: value}`` and ``solution(plant) -> Solution``
    the plant as answer-key values of the genre's model and as the genre's `Solution`.
``clues(plant) -> [item]`` and ``required(plant) -> [item]``
    every clue that may be shown (read off the plant), and those always shown (the box of a
    Sudoku, the counts of Tracks, the 1 and K of Zip). Items are sortable hashable tuples
    carrying their value; fewer items never add a rule (so an answer to some items answers
    any subset of them).
``puzzle_from(height, width, items) -> Puzzle``
    the puzzle showing exactly those items.
``breaks(item, values, shown) -> bool``
    whether a counterexample (answer-key values, after the optional ``read(plant, values)``)
    breaks the item when it is added to ``shown`` (``CONTEXT = True``: the answer depends on
    ``shown``; otherwise it may not).

Optional: ``keys(item)`` (the answer keys a clue is about, to aim reveals at what the ladder
cannot fix), ``partner(plant, item, height, width)`` (the clue at the rot180 place, or None:
the recipe then supports ``symmetry="rot180"``), ``state(item, height, width)`` (a clue that only fixes
answer-key values: the model of the required items is then built once and the clues are
added as fixed values), ``repair(rng, plant, values, unfixed)`` (for a clue language that
cannot exclude a counterexample, e.g. the trees of Tents: a changed plant, or None), and
``transform``/``variants`` for `fingerprint`.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from puzzlekit import api, backends, genres, ladder
from puzzlekit.backends.search.propagation import new_engine
from puzzlekit.clock import Deadline
from puzzlekit.errors import InternalError, OutOfTime, UnknownName
from puzzlekit.ir import Clause, Lit, Model

from .fingerprint import fingerprint as _fingerprint

#: Genres with a recipe, in the order they were written.
GENERATORS: tuple[str, ...] = (
    "sudoku", "masyu", "slitherlink", "tents", "hashi", "nonogram", "queens", "tracks", "zip",
    "patches", "numberlink",
)
SYMMETRIES: tuple[str, ...] = ("none", "rot180")
#: Everyday names for the first, second and third level a genre can need (see `levels`).
ALIASES: dict[str, int] = {"easy": 0, "medium": 1, "hard": 2}
#: Planted solutions tried for one puzzle before it is downgraded to the nearest level found.
ATTEMPTS = 6
#: A counterexample reveals about one in this many of the clues it breaks (at least one).
REVEAL_SHARE = 8
#: Counterexamples kept to turn down a removal without asking a solver.
CACHE = 24
#: Backends of different families that must both prove a generated puzzle unique.
CERTIFIERS: tuple[str, ...] = ("sat", "search")
#: Seconds the search backend gets to prove a puzzle unique before the ladder's proof and
#: cpsat stand in for it (see `certify`).
SEARCH_SECONDS = 20.0
#: The backend (and its options) that finds counterexamples; it must be deterministic (the
#: same input, the same answer), as CP-SAT is with one worker. A recipe may name its own.
FINDER: tuple[str, dict] = ("sat", {})

Item = Hashable


@dataclass(frozen=True)
class Generated:
    """A generated puzzle: its solution, its grade, the seed that makes it, its fingerprint.

    ``level`` is the level asked for (None: any). ``note`` is empty when the grade is that
    level; otherwise it says why not (no puzzle of that level was found in `ATTEMPTS` planted
    solutions, so the nearest one found is returned). ``stats`` counts the work.
    """

    genre: str
    puzzle: Any
    solution: Any
    grade: ladder.Grade
    seed: int
    fingerprint: str
    level: str | None = None
    symmetry: str = "none"
    note: str = ""
    seconds: float = 0.0
    stats: dict = field(default_factory=dict, compare=False)

    def text(self) -> str:
        """The puzzle in its genre's file format."""
        return genres.get(self.genre).format(self.puzzle)

    def to_json(self) -> dict[str, Any]:
        out = {
            "genre": self.genre, "seed": self.seed, "fingerprint": self.fingerprint,
            "level": self.level, "symmetry": self.symmetry, "grade": self.grade.to_json(),
            "puzzle": self.text(), "solution": self.solution.to_json(), "seconds": round(self.seconds, 3),
        }
        if self.note:
            out["note"] = self.note
        return out


def recipe(genre: str) -> ModuleType:
    """The recipe module of a genre (name or alias); `UnknownName` when there is none."""
    name = genres.canonical(genre) if isinstance(genre, str) else genre
    if not isinstance(name, str) or name not in GENERATORS:
        raise UnknownName(
            f"no generator for {genre!r}; generators exist for {', '.join(GENERATORS)}"
        )
    return importlib.import_module(f"{__package__}.{name}")


def fingerprint_of(puzzle: Any) -> str:
    """The canonical fingerprint of any puzzle of a genre with a recipe (see `fingerprint`)."""
    return _fingerprint(recipe(api.genre_module(puzzle).NAME), puzzle)


def levels(genre: str) -> tuple[str, ...]:
    """The ladder levels a puzzle of the genre can need, easiest first."""
    return tuple(recipe(genre).LEVELS)


def resolve_level(genre: str, level: str | None) -> int | None:
    """The ladder rank of a level name or alias (None: any level); refuses a level the genre
    never needs, with the reason."""
    if level is None:
        return None
    known = levels(genre)
    if not isinstance(level, str):
        raise UnknownName(f"a level is a name ({', '.join(known)}), not {level!r}")
    key = level.strip().lower()
    if key in ALIASES:
        index = ALIASES[key]
        if index >= len(known):
            raise ValueError(f"{genre} has no {key!r} level")
        return ladder.RANKS[known[index]]
    if key not in ladder.RANKS:
        aliases = ", ".join(ALIASES)
        raise UnknownName(f"unknown level {level!r}; levels: {', '.join(ladder.RANKS)} (or {aliases})")
    if key not in known:
        raise ValueError(
            f"no {genre} puzzle needs the level {key!r}: it has no loop, path or connectivity rule, "
            f"so {key!r} deduces nothing that 'rules' does not; levels for {genre}: {', '.join(known)}"
        )
    return ladder.RANKS[key]


def generate(
    genre: str,
    height: int,
    width: int,
    level: str | None = None,
    count: int = 1,
    seed: int = 0,
    symmetry: str = "none",
    *,
    time_limit: float | None = None,
    **options: Any,
) -> Iterator[Generated]:
    """Unique puzzles of a genre and size at a ladder level, one per seed from ``seed`` on.

    Puzzle ``i`` of the pack comes from the first seed after the previous puzzle's whose
    puzzle is new (its fingerprint is not in the pack yet), so ``generate(..., seed=g.seed)``
    makes ``g`` again, byte for byte. ``level`` is a ladder level name (`levels`), an alias
    (`ALIASES`), or None for any. ``symmetry`` ``"rot180"`` shows clues in pairs of cells
    that a half turn swaps. ``options`` go to the recipe (e.g. Sudoku's ``box``).
    ``time_limit`` bounds each puzzle (`OutOfTime` when it ends).
    """
    rec = recipe(genre)
    rank = resolve_level(rec.NAME, level)
    for name, value in (("height", height), ("width", width), ("count", count), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number, not {value!r}")
    if height < 1 or width < 1 or count < 1 or seed < 0:
        raise ValueError(f"height, width and count must be at least 1 and seed at least 0 "
                         f"(found {height}x{width}, count {count}, seed {seed})")
    if symmetry not in SYMMETRIES:
        raise UnknownName(f"unknown symmetry {symmetry!r}; use one of {', '.join(SYMMETRIES)}")
    if symmetry != "none" and not hasattr(rec, "partner"):
        raise ValueError(f"{rec.NAME} puzzles are made without symmetry (its clues are not placed by cell)")
    rec.check_size(height, width, **options)
    return _pack(rec, height, width, rank, count, seed, symmetry, time_limit, options)


def _pack(
    rec: ModuleType, height: int, width: int, rank: int | None, count: int, seed: int,
    symmetry: str, time_limit: float | None, options: dict,
) -> Iterator[Generated]:
    seen: set[str] = set()
    repeats = 0
    while count:
        made = make(rec, height, width, rank, seed, symmetry, time_limit, options)
        seed += 1
        if made.fingerprint in seen:
            repeats += 1
            if repeats > 20 + 2 * len(seen):
                raise ValueError(
                    f"only {len(seen)} different {rec.NAME} puzzles of size {height}x{width} turned up; "
                    "the size leaves too few"
                )
            continue
        repeats = 0
        seen.add(made.fingerprint)
        count -= 1
        yield made


# --- one puzzle -----------------------------------------------------------------------------


@dataclass
class _Candidate:
    items: list
    plant: Any
    grade: ladder.Grade


def make(
    rec: ModuleType, height: int, width: int, rank: int | None, seed: int, symmetry: str = "none",
    time_limit: float | None = None, options: dict | None = None,
) -> Generated:
    """The puzzle of one seed (see `generate`)."""
    started = time.perf_counter()
    deadline = Deadline(time_limit)
    rng = random.Random(seed)
    module = genres.get(rec.NAME)
    stats = {"attempts": 0, "solver_calls": 0, "ladder_calls": 0, "repairs": 0}
    best: _Candidate | None = None
    fallback: tuple[list, Any] | None = None  # unique, but harder than asked with every clue
    attempts = getattr(rec, "ATTEMPTS", ATTEMPTS)
    for _ in range(attempts):
        stats["attempts"] += 1
        plant = rec.sample_solution(rng, height, width, **(options or {}))
        run = _Run(rec, module, height, width, plant, rank, symmetry, rng, deadline, stats)
        found = run.build()
        if found is None:
            fallback = fallback or run.too_hard
            continue
        items, plant = found
        puzzle = rec.puzzle_from(height, width, items)
        graded = api.grade(puzzle, time_limit=deadline.left())
        if rank is not None and rank < ladder.SEARCH and graded.rank > rank:
            raise InternalError(
                f"{rec.NAME}: the generator found the puzzle solvable at {ladder.LEVELS[rank].name} "
                f"but api.grade says {graded.level}"
            )
        candidate = _Candidate(items, plant, graded)
        if rank is None or graded.rank == rank:
            best = candidate
            break
        if best is None or _closer(graded.rank, best.grade.rank, rank):
            best = candidate
    if best is None and fallback is not None:
        items, plant = fallback
        graded = api.grade(rec.puzzle_from(height, width, items), time_limit=deadline.left())
        best = _Candidate(items, plant, graded)
    if best is None:
        raise ValueError(
            f"no unique {rec.NAME} puzzle of size {height}x{width} turned up in {attempts} planted solutions"
            + (f" with symmetry {symmetry}" if symmetry != "none" else "")
        )
    note = ""
    if rank is not None and best.grade.rank != rank:
        asked = ladder.LEVELS[rank].name
        note = (
            f"no {asked} {rec.NAME} puzzle of size {height}x{width} turned up in {attempts} planted "
            f"solutions (seed {seed}); this one needs {best.grade.level}"
        )
    puzzle = rec.puzzle_from(height, width, best.items)
    solution = rec.solution(best.plant)
    stats["certified"] = certify(module, puzzle, solution, best.grade, deadline)
    stats["clues"] = len(best.items)
    return Generated(
        rec.NAME, puzzle, solution, best.grade, seed, _fingerprint(rec, puzzle),
        None if rank is None else ladder.LEVELS[rank].name, symmetry, note,
        time.perf_counter() - started, stats,
    )


def _closer(new: int, old: int, want: int) -> bool:
    """Whether grade ``new`` is a better stand-in for ``want`` than ``old``: the hardest below
    it first, then the easiest above it."""
    if (new < want) != (old < want):
        return new < want
    return new > old if new < want else new < old


def certify(
    module: ModuleType, puzzle: Any, solution: Any, grade: ladder.Grade, deadline: Deadline
) -> list[str]:
    """Prove the puzzle unique on two backend families, each finding the planted solution;
    returns how it was proven.

    First ``sat``, then ``search`` (depth-first search on the propagation engine). When the
    search has not finished within `SEARCH_SECONDS` and the puzzle's grade is below
    ``search``, the grading ladder, which runs on that same engine and fixes every value by
    sound deductions, stands as its proof, and ``cpsat`` proves uniqueness once more. A
    backend that finds a second solution, or another one, where another proves the planted
    one unique is a bug of one of them: `InternalError`.
    """
    verdicts: dict[str, str] = {}
    want = solution.to_json()

    def ask(name: str, seconds: float | None, must: bool = True) -> bool:
        result = api.solve(puzzle, backend=name, limit=2, time_limit=seconds)
        if result.unique is None:
            if must:
                raise OutOfTime(f"{name} did not decide in time whether the {module.NAME} puzzle is unique")
            return False
        same = result.unique and result.solutions[0].to_json() == want
        verdicts[name] = "unique" if same else ("another solution" if result.unique else "not unique")
        return True

    ask(CERTIFIERS[0], deadline.left())
    left = deadline.left()
    proofs = list(CERTIFIERS)
    if not ask(CERTIFIERS[1], SEARCH_SECONDS if left is None else min(left, SEARCH_SECONDS), must=False):
        if grade.rank < ladder.SEARCH and grade.unique:
            verdicts["ladder"] = "unique"
            proofs[1] = f"ladder ({grade.level})"
            ask("cpsat", deadline.left())
            proofs.append("cpsat")
        else:
            ask(CERTIFIERS[1], deadline.left())
    if set(verdicts.values()) != {"unique"}:
        told = ", ".join(f"{k}: {v}" for k, v in verdicts.items())
        raise InternalError(
            f"a generated {module.NAME} puzzle was not proven unique with its planted solution ({told})"
            f"; puzzle:\n{module.format(puzzle)}"
        )
    return proofs


class _Reasoner(ladder.Reasoner):
    """The ladder's reasoner, its two engines compiled when first used: ``rules`` needs only
    the one without whole-graph reasoning, and compiling costs more than the deductions."""

    def __init__(self, model: Model, deadline: Deadline):
        self.model, self.deadline = model, deadline
        self.out = list(model.output)
        self.index = {model.vars[i].key: i for i in self.out}
        self.effort = ladder.Effort()
        self._engines: dict[bool, Any] = {}

    def _engine(self, graphs: bool) -> Any:
        if graphs not in self._engines:
            self._engines[graphs] = new_engine(self.model, self.deadline, graphs=graphs)
        return self._engines[graphs]

    local = property(lambda self: self._engine(False))  # type: ignore[assignment]
    full = property(lambda self: self._engine(True))  # type: ignore[assignment]

    def masks(self, state: ladder.State | None = None) -> list[int]:
        engine = next(iter(self._engines.values()), None) or self.local
        masks = list(engine.full)
        for key, value in (state or {}).items():
            v = self.index[key]
            masks[v] &= 1 << (value - engine.lo[v]) if 0 <= value - engine.lo[v] < 64 else 0
        return masks


class _Run:
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
        self.orbits = _orbits(rec, plant, self.h, self.w, self.symmetry)
        self.cache = []
        self.base: tuple[Model, dict, ladder.Reasoner | None] | None = None

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
        """A solution of the shown items other than the planted one (None: it is unique)."""
        model, state = self._model(items)
        index = {model.vars[i].key: i for i in model.output}
        extra = [Clause((Lit(index[k], v),)) for k, v in state.items()]
        extra.append(Clause(tuple(Lit(i, self.answer[model.vars[i].key], False) for i in model.output)))
        self.stats["solver_calls"] += 1
        name, options = getattr(self.rec, "FINDER", FINDER)
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
        if staged and rank >= 2 and not self.solvable(items, 0):
            return []
        model, state = self._model(items)
        self.stats["ladder_calls"] += 1
        if self.stateful:
            assert self.base is not None
            if self.base[2] is None:
                self.base = (self.base[0], {}, _Reasoner(model, self.deadline))
            reasoner = self.base[2]
            assert reasoner is not None
        else:
            reasoner = _Reasoner(model, self.deadline)
        engine = reasoner.close(min(rank, ladder.SEARCH - 1), reasoner.masks(state))
        if engine is None:
            raise InternalError(f"{self.rec.NAME}: the ladder finds no solution where one was planted")
        dom = engine.dom
        return [model.vars[v].key for v in reasoner.out if dom[v] & (dom[v] - 1)]

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
        while True:
            shown, values, unfixed = self.reveal(carried)
            if shown is not None and self.rank is not None and self.rank < ladder.SEARCH:
                shown, unfixed = self.top_up(shown, self.rank)
            if shown is not None:
                break
            if values is None:
                self.too_hard = (list(self.shown), self.plant)
            if values is None and self.rank is not None and self.rank >= 2:
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
        if self.rank >= 2:
            if not self.solvable(items, 0):
                return True
            if not self._unique(items):
                return False
        return not self.solvable(items, self.rank)

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
            broken = [orbit for orbit in hidden if any(self.rec.breaks(it, seen, shown) for it in orbit)]
            if not broken:
                return None, other, None
            shown = self.shown = self._reveal(shown, broken)

    def top_up(self, shown: list, rank: int) -> tuple[list | None, list | None]:
        """Phase 2b: reveal more clues until the ladder solves the puzzle at ``rank``.

        Returns the shown clues, or (None, the keys left open) when every clue is shown.
        """
        keys_of = getattr(self.rec, "keys", None)
        while True:
            self.deadline.check()
            unfixed = self.solvable(shown, rank, staged=True)
            if not unfixed:
                return shown, None
            self.shown = shown
            hidden = self._hidden(shown)
            if not hidden:
                return None, unfixed
            aimed = hidden
            if keys_of is not None:
                open_keys = set(unfixed)
                aimed = [o for o in hidden if any(k in open_keys for it in o for k in keys_of(it))] or hidden
            shown = self._reveal(shown, aimed)

    def remove(self, shown: list, accept: Callable[[list], bool]) -> list:
        """Phase 3: drop clue orbits in a shuffled order while ``accept`` holds.

        Orbits go in chunks that double after a success and halve after a failure; an orbit
        is kept only once it failed alone, so no single orbit can be dropped from the result
        (fewer clues never make a puzzle easier).
        """
        required = set(self.required)
        have = set(shown)
        order = [o for o in self.orbits if o[0] in have and o[0] not in required]
        self.rng.shuffle(order)
        current = set(shown)
        size = max(1, len(order) // 16)
        i = 0
        while i < len(order):
            self.deadline.check()
            chunk = order[i : i + size]
            trial = sorted(current.difference(*chunk))
            if accept(trial):
                current = set(trial)
                i += len(chunk)
                size = min(2 * size, max(1, len(order) // 4))
            elif len(chunk) == 1:
                i += 1
            else:
                size = max(1, len(chunk) // 2)
        return sorted(current)


def _repair_budget(height: int, width: int) -> int:
    return 4 * (height + width) + 40


def _orbits(rec: ModuleType, plant: Any, height: int, width: int, symmetry: str) -> list[tuple]:
    """The clues grouped as they are shown and hidden: alone, or with their rot180 partner.

    Under symmetry a clue whose partner place holds no clue is left out.
    """
    items = sorted(set(rec.clues(plant)) - set(rec.required(plant) if hasattr(rec, "required") else ()))
    if symmetry == "none":
        return [(item,) for item in items]
    known = set(items)
    out: dict[tuple, None] = {}
    for item in items:
        other = rec.partner(plant, item, height, width)
        if other is None or other not in known:
            continue
        out[tuple(sorted({item, other}))] = None
    return list(out)
