"""The shared generator loop: plant a solution, reveal clues against counterexamples, remove
clues while the puzzle stays unique at the asked level, prove it unique twice.

This module runs the attempts, grades, certifies and packs; `phases` runs the reveal and
removal for one planted solution.

A genre's recipe (its folder's ``recipe.py``, found by `recipes.recipe`) supplies the solution
sampler and the clue language; the loop knows no genre. The recipe's names:

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
``transform``/``variants`` for `fingerprint`, ``GUARD = True`` (a clue only adds constraints
over its own ``keys``: one model with a selector per clue serves every subset, see `guard`),
``HEAD_START`` (the share of clue orbits shown before the first counterexample),
``GUARD_FINDER = True`` (the guarded model for the counterexample finder only, not the
ladder), ``GUARD_TRIALS = True`` (with ``GUARD``: each clue only fixes values, so the ladder
reasons on the guarded model at every level, trials included), ``place(item)`` (the cells
a clue's rules cite, for `guard` where clues' keys overlap), ``REMOVE_SINGLY = True``
(removal asks about one clue orbit at a time),
``OPTIONS`` (how the command's help shows each option of ``check_size``).

What was measured of it: ``SIDES`` and ``RELIABLE``, the levels it makes reliably (`reach`).
A genre variant's recipe is its base recipe changed by ``variant(**settings)`` (`recipes`).
"""

from __future__ import annotations

import inspect
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from puzzlekit import api, genres, ladder
from puzzlekit.clock import Deadline
from puzzlekit.errors import InternalError, OutOfTime, UnknownName

from . import phases, reach
from .fingerprint import fingerprint as _fingerprint
from .recipes import recipe

SYMMETRIES: tuple[str, ...] = ("none", "rot180")
#: Everyday names of levels. ``medium`` is the first level above ``rules`` the genre has:
#: ``lines`` for the genres with a loop, path or connectivity rule, else ``trial``.
ALIASES: dict[str, str] = {"easy": "rules", "medium": "trial", "hard": "chain", "expert": "deep"}
#: Planted solutions tried for one puzzle before it is downgraded to the nearest level found
#: (a recipe may name its own).
ATTEMPTS = 6
#: Grids of at most `SMALL_CELLS` cells get `SMALL_FACTOR` times the attempts: they are quick
#: to plant, and a small puzzle's level depends most on its plant.
SMALL_CELLS = 100
SMALL_FACTOR = 4
#: Backends of different families that must both prove a generated puzzle unique.
CERTIFIERS: tuple[str, ...] = ("sat", "search")
#: Backends of a family other than ``search``, in the order they stand in: for ``sat`` when
#: it is not installed, and (``cpsat`` first) beside the ladder's proof when the search is
#: slow (`certify`). Only installed ones are asked.
SECOND_OPINIONS: tuple[str, ...] = ("cpsat", "sat", "z3", "mip")
#: Seconds the search backend gets to prove a puzzle unique before the ladder's proof and
#: cpsat stand in for it (see `certify`): on large loop puzzles the stand-ins take a fraction
#: of a search proof's time, so a search that has not finished by then is mostly time lost.
SEARCH_SECONDS = 5.0
#: Where a generated puzzle's grade stops its depth-first count at ``search`` (`api.grade`
#: counts to 10,000). Uniqueness is proven apart (`certify`), so the count only reports effort;
#: on the minimal 15x15 Masyus graded ``search`` (most are), counting to 10,000 took 1-8 s.
GRADE_NODES = 1_000



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
        if self.grade.rank == ladder.SEARCH:
            out["search_nodes_counted_to"] = GRADE_NODES  # grade.nodes stops about there
        if self.note:
            out["note"] = self.note
        return out


def _check_options(rec: Any, height: int, width: int, options: dict[str, Any]) -> None:
    """The recipe's size check, with options it does not take refused by name and a value of
    the wrong kind (e.g. ``box=6``) a ValueError naming the options, not a raw TypeError."""
    parameters = inspect.signature(rec.check_size).parameters
    known = [n for n in parameters if n not in ("height", "width")]
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    for key in options:
        if key not in known and not takes_any:
            takes = f"it takes {', '.join(known)}" if known else "it takes none"
            raise UnknownName(f"{rec.NAME} has no option {key!r}; {takes}")
    try:
        rec.check_size(height, width, **options)
    except (TypeError, IndexError, KeyError, AttributeError) as exc:
        shown = ", ".join(f"{k}={v!r}" for k, v in options.items())
        raise ValueError(f"{rec.NAME}: an option value of the wrong kind ({shown}): {exc}") from None


def fingerprint_of(puzzle: Any) -> str:
    """The canonical fingerprint of any puzzle of a genre with a recipe (see `fingerprint`); a
    puzzle in the settings of a `genres.VARIANTS` name (a Swedish Wend) is that name's."""
    name = api.genre_module(puzzle).NAME
    for variant, (base, settings) in genres.VARIANTS.items():
        if base == name and all(getattr(puzzle, k, None) == v for k, v in settings.items()):
            name = variant
    return _fingerprint(recipe(name), puzzle)


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
        name = ALIASES[key]
        return ladder.RANKS[name if name in known else known[known.index("rules") + 1]]
    if key not in ladder.RANKS:
        aliases = ", ".join(ALIASES)
        raise UnknownName(f"unknown level {level!r}; levels: {', '.join(ladder.RANKS)} (or {aliases})")
    if key not in known:
        why = ("its rules are all of one kind" if key == "scan"
               else "it has no loop, path or connectivity rule")
        raise ValueError(
            f"no {genre} puzzle needs the level {key!r}: {why}, "
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
    nearest: bool = False,
    **options: Any,
) -> Iterator[Generated]:
    """Unique puzzles of a genre and size at a ladder level, one per seed from ``seed`` on.

    Puzzle ``i`` of the pack comes from the first seed after the previous puzzle's whose
    puzzle is new (its fingerprint is not in the pack yet), so ``generate(..., seed=g.seed)``
    makes ``g`` again, byte for byte. ``level`` is a ladder level name (`levels`), an alias
    (`ALIASES`), or None for any. ``symmetry`` ``"rot180"`` shows clues in pairs of cells
    that a half turn swaps. ``options`` go to the recipe (e.g. Sudoku's ``box``).
    ``time_limit`` bounds each puzzle (`OutOfTime` when it ends). A level the generator does
    not make reliably at this size (`reach.offered`) is refused (`reach.NotOffered`, a
    ValueError) unless ``nearest``, which tries anyway and returns the nearest level found.
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
    _check_options(rec, height, width, options)
    if rank is not None and not nearest:
        reach.check(rec, rank, height, width)
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
    attempts = attempts_for(rec, height, width)
    for _ in range(attempts):
        stats["attempts"] += 1
        plant = rec.sample_solution(rng, height, width, **(options or {}))
        run = phases.Run(rec, module, height, width, plant, rank, symmetry, rng, deadline, stats)
        try:
            found = run.build()
        finally:
            run.close()
        if found is None:
            fallback = fallback or run.too_hard
            continue
        items, plant = found
        puzzle = rec.puzzle_from(height, width, items)
        graded = _grade(puzzle, deadline)
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
        graded = _grade(rec.puzzle_from(height, width, items), deadline)
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
    searched = getattr(rec, "search_proof", lambda h, w, rank: True)(height, width, best.grade.rank)
    if best.grade.rank >= ladder.SEARCH and best.grade.nodes >= GRADE_NODES:
        # the grade's depth-first count did not finish: the search backend's proof, the same
        # search with a frontier sweep, took 5 s to minutes on such 15x15 Masyus, cpsat 2-11 s
        searched = False
    stats["certified"] = certify(module, puzzle, solution, best.grade, deadline, searched)
    stats["clues"] = len(best.items)
    return Generated(
        rec.NAME, puzzle, solution, best.grade, seed, _fingerprint(rec, puzzle),
        None if rank is None else ladder.LEVELS[rank].name, symmetry, note,
        time.perf_counter() - started, stats,
    )


def _grade(puzzle: Any, deadline: Deadline) -> ladder.Grade:
    """`api.grade` of a puzzle the generator has proven unique (every candidate is: the
    finder found no second solution), its count at ``search`` stopped at `GRADE_NODES`."""
    return api.grade(puzzle, time_limit=deadline.budget(), unique=True, search_nodes=GRADE_NODES)


def attempts_for(rec: ModuleType, height: int, width: int) -> int:
    """How many planted solutions one puzzle of this size may take (see `ATTEMPTS`)."""
    base = getattr(rec, "ATTEMPTS", ATTEMPTS)
    return base * SMALL_FACTOR if height * width <= SMALL_CELLS else base


def _closer(new: int, old: int, want: int) -> bool:
    """Whether grade ``new`` is a better stand-in for ``want`` than ``old``: the hardest below
    it first, then the easiest above it."""
    if (new < want) != (old < want):
        return new < want
    return new > old if new < want else new < old


def certify(
    module: ModuleType, puzzle: Any, solution: Any, grade: ladder.Grade, deadline: Deadline,
    searched: bool = True,
) -> list[str]:
    """Prove the puzzle unique on two backend families, each finding the planted solution;
    returns how it was proven.

    First ``sat``, then ``search`` (depth-first search on the propagation engine). When the
    search has not finished within `SEARCH_SECONDS` (or is not ``searched``: a recipe's
    ``search_proof`` says where it never finishes, and `make` where the grade's depth-first
    count did not) and the puzzle's grade is below ``search``, the grading ladder, which runs
    on that same engine and fixes every value by sound deductions, stands as its proof, and
    ``cpsat`` proves uniqueness once more. At ``search`` no ladder proof exists: ``cpsat``
    proves it instead of the search. Where
    ``sat`` or ``cpsat`` is not installed, the first installed of `SECOND_OPINIONS` stands in
    (a `phases.BackendMissing` warning says so); with none, ``search`` decides alone. A
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

    # a missing solver package: another family proves it (`phases.stand_in`, with a warning)
    first = phases.stand_in(CERTIFIERS[0], SECOND_OPINIONS, "the first uniqueness proof")
    if first is not None:
        ask(first, deadline.budget())
    left = deadline.budget()
    proofs = [first, CERTIFIERS[1]] if first else [CERTIFIERS[1]]
    # the search gets at most half of the time left: a search that does not finish would
    # otherwise leave the proof that stands in for it no time, and the request would end
    # `OutOfTime` with a puzzle in hand (`Deadline.budget` still ends it when none is left)
    seconds = SEARCH_SECONDS if left is None else min(left / 2, SEARCH_SECONDS)
    if not searched or not ask(CERTIFIERS[1], seconds, must=False):
        other = [n for n in SECOND_OPINIONS if n != first]
        extra = phases.stand_in(other[0], other, "the proof that stands in for search") if other else None
        if grade.rank < ladder.SEARCH and grade.unique and extra is not None:
            verdicts["ladder"] = "unique"
            proofs[-1] = f"ladder ({grade.level})"
            ask(extra, deadline.budget())
            proofs.append(extra)
        elif first is not None and extra is not None:
            # graded search: no ladder proof stands in, and the search backend's proof can
            # take minutes past its seconds (a 15x15 Masyu: 20-70 s); a third family does it
            proofs[-1] = extra
            ask(extra, deadline.budget())
        else:
            ask(CERTIFIERS[1], deadline.budget())
    if set(verdicts.values()) != {"unique"}:
        told = ", ".join(f"{k}: {v}" for k, v in verdicts.items())
        raise InternalError(
            f"a generated {module.NAME} puzzle was not proven unique with its planted solution ({told})"
            f"; puzzle:\n{module.format(puzzle)}"
        )
    return proofs
