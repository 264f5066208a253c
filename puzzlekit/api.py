"""The library API and the one pipeline: load, model, solve on a backend, decode, verify.

The command line, the benchmarks and batch runs all go through `solve` here, so every answer
anyone sees has passed the genre's rule checker.
"""

from __future__ import annotations

import dataclasses
import gc
import math
import os
import time
from collections.abc import Hashable, Mapping, MutableMapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from puzzlekit import backends

from . import choosing, formats, genres, ir, ladder
from .choosing import (  # noqa: F401  (the library's names for the backend choice, kept here too)
    BACKEND_ALIASES,
    DEFAULT_PREFERENCE,
    LARGE_PREFERENCE,
    PREFERENCE,
    SHAPE_PREFERENCE,
    SIZE_LIMIT,
    auto_order,
    choose_backend,
)
from .clock import Deadline
from .errors import InternalError, NoUniqueSolution, OutOfTime, PuzzlekitError, StateError, UnknownName
from .ir import Clause, Lit, Model

#: Genres where ``auto`` first gives a backend a short try, then, when it did not finish,
#: another the time left (`THEN`, else its usual choice): the backend and its work budget
#: (`_budget`), as each genre declares it (``FIRST_TRY`` in its module: Nonogram's line
#: solver, Sudoku's CP-SAT; docs/benchmarks.md says why).
FIRST_TRY: MutableMapping[str, tuple[str, float]] = choosing.Declared("FIRST_TRY")
#: The backend that gets the time left after an unfinished first try, if not the usual one
#: (``THEN`` in the genre's module).
THEN: MutableMapping[str, str] = choosing.Declared("THEN")
#: Backends whose search runs in Python: `solve` leaves the cycle collector on while they search.
PYTHON_SEARCH = frozenset({"search", "csp"})


@dataclass(frozen=True)
class SolveResult:
    """What `solve` established: status, verified solutions, completeness, uniqueness, stats.

    ``complete`` is true when the search finished: ``solutions`` is then every solution there
    is. ``unique`` is true or false when that was decided, else None with ``unique_reason``:
    ``"not asked"``, ``"time limit"`` or ``"budget"`` (a backend stopped at a budget its
    options set, named in ``stats["stopped"]``). ``more`` is true when solutions beyond the listed
    ones are known to exist. ``seconds`` is the work the time limit covers (building the
    model, lowering and solving); ``import_seconds`` is the one-off cost of loading the
    solver's package in this process, outside the limit.
    """

    genre: str
    backend: str
    status: str
    solutions: tuple[Any, ...]
    unique: bool | None
    seconds: float
    stats: dict = field(default_factory=dict)
    complete: bool = False
    unique_reason: str | None = None
    more: bool = False
    import_seconds: float = 0.0
    puzzle: Any = field(default=None, repr=False, compare=False)

    def render(self, index: int = 0) -> str:
        """An SVG picture of the puzzle with solution ``index`` (the puzzle alone if none)."""
        from . import render  # pictures sit beside the pipeline; loaded when first drawn

        solution = self.solutions[index] if self.solutions else None
        return render.svg(self.puzzle, solution)

    def _repr_svg_(self) -> str:  # notebooks show the picture
        return self.render()

    def to_json(self) -> dict[str, Any]:
        """The solution JSON shared by every genre (see docs/genres/)."""
        out: dict[str, Any] = {
            "genre": self.genre,
            "backend": self.backend,
            "status": self.status,
            "seconds": round(self.seconds, 3),
            "import_seconds": round(self.import_seconds, 3),
            "complete": self.complete,
            "unique": self.unique,
        }
        if self.unique is None:
            out["unique_reason"] = self.unique_reason
        if self.more:
            out["more"] = True
        out["solutions"] = [s.to_json() for s in self.solutions]
        return out


def genre_module(puzzle: Any) -> ModuleType:
    """The genre module a puzzle object belongs to."""
    return genres.module_of(puzzle)


def load(genre: str | None, path_or_text: str | os.PathLike, source: str | None = None) -> Any:
    """Parse a puzzle from a file path (``-``: standard input), its text, a puzz.link URL, a
    pzprv3 board or a board pasted from a puzzle website (recognised by content; see
    docs/formats.md). ``genre`` may be None when the input names its genre (URLs, boards)."""
    if genre is not None:
        try:
            genres.get(genre)  # an unknown genre is named as such first
        except UnknownName:
            if not formats.tatham.names_game(genre):  # his game names read his IDs
                raise
    if not isinstance(path_or_text, (str, os.PathLike)):
        raise TypeError(f"load takes a file path, puzzle text or URL, not {type(path_or_text).__name__}")
    return formats.load(path_or_text, genre, source)[1]


def to_tatham(puzzle: Any) -> str:
    """Simon Tatham's game ID of the puzzle, ``PARAMS:DESC`` (a ParseError where his games
    have no form for it)."""
    return formats.to_tatham(puzzle)


def to_url(puzzle: Any) -> str:
    """The puzzle's canonical puzz.link URL (a ParseError for a genre or clue it has no form for)."""
    return formats.to_url(puzzle)


def _load(solver: ModuleType) -> float:
    """Load the solver's package (or raise BackendUnavailable); the seconds it took, 0 once
    loaded (some `version` functions read package metadata, a millisecond a call)."""
    if solver in _LOADED:
        return 0.0
    started = time.perf_counter()
    solver.version()
    _LOADED.add(solver)
    return time.perf_counter() - started


_LOADED: set[ModuleType] = set()  # the backends whose package is loaded


def _checked(module: ModuleType, puzzle: Any, backend: str, assignment: dict) -> Any:
    """The decoded solution, after the genre's rule checker has accepted it."""
    solution = module.decode(puzzle, assignment)
    problems = module.verify(puzzle, solution)
    if problems:
        raise InternalError(
            f"backend {backend!r} returned a {module.NAME} answer that breaks the rules: "
            + "; ".join(problems[:3]) + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else "")
        )
    return solution


def solve(
    puzzle: Any,
    backend: str = "auto",
    limit: int = 1,
    time_limit: float | None = None,
    unique: bool = False,
    seed: int = 0,
    **options: Any,
) -> SolveResult:
    """Solve a puzzle: up to ``limit`` solutions; with ``unique`` or ``limit`` > 1, decide
    uniqueness too.

    The pipeline: model -> backend -> decode -> verify. Every returned solution has passed the
    genre's rule checker; one that does not is a bug and raises `InternalError`. ``backend``
    ``"auto"`` (the default) picks the fastest installed backend for the genre; the result
    names it. Options are the backend's own (``puzzlekit backends`` lists them); an unknown
    name or value raises `UnknownName`. ``time_limit`` (seconds, None or ``inf`` for none)
    covers building the model, lowering and solving.
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number of at least 1, not {limit!r}")
    seconds = _time_limit(time_limit)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
        raise ValueError(f"seed must be a whole number from 0 to {2**31 - 1}, not {seed!r}")
    module = genre_module(puzzle)
    auto = isinstance(backend, str) and backend.strip().lower() == "auto"
    if auto:  # chosen once the model is built, so no other backend module is imported
        name, solver, import_seconds = "auto", None, 0.0
    else:
        name, solver = choosing.named(backend, module.NAME)
        import_seconds = _load(solver)  # before the clock
    deadline = Deadline(seconds)
    # The cycle collector is off from building the model until the backend is done with it,
    # and the model is let go before it is on again: a large model is hundreds of thousands
    # of small objects, freed by reference counting at the end, which every collection in
    # between would walk (docs/benchmarks.md has the gain). A backend that searches in
    # Python (`PYTHON_SEARCH`) gets it back for its search.
    collecting = gc.isenabled()
    gc.disable()
    try:
        untagged = ir.TAGGING.set(False)  # nothing below explains a step by its rule
        try:
            model = module.model(puzzle, deadline=deadline)
        except OutOfTime:  # the model was still being built when the time ended
            spent = deadline.elapsed()
            return SolveResult(
                module.NAME, choose_backend(module.NAME) if auto else name, "timeout", (), None, spent,
                {"model_seconds": spent},
                unique_reason="time limit", import_seconds=import_seconds, puzzle=puzzle,
            )
        finally:
            ir.TAGGING.reset(untagged)
        model_seconds = deadline.elapsed()
        if auto:  # chosen by the model's size and shape; loading it stays outside the limit
            # as it does for a named backend: the first choice in a process imports the
            # backends' modules and reads package metadata (tens of milliseconds), the
            # choice itself is a few lookups
            loading = time.perf_counter()
            name = choose_backend(module.NAME, model)
            solver = backends.get(name)
            _load(solver)
            import_seconds = time.perf_counter() - loading
            deadline.start += import_seconds
        # one more than shown, so a full list can say whether more solutions exist
        wanted = limit + 1 if limit > 1 else (2 if unique else 1)
        if collecting and name in PYTHON_SEARCH:
            gc.enable()
        try:
            tried = None
            if auto and not options:  # options are the chosen backend's
                tried = _first_try(module.NAME, name, model, wanted, deadline, seed)
            if tried is not None and (tried.complete or len(tried.solutions) >= wanted):
                name, result = FIRST_TRY[module.NAME][0], tried
            else:
                then = backends.get(THEN[module.NAME]) if tried is not None and module.NAME in THEN else None
                if then is not None and backends.available(then.NAME):  # only now: most never need it
                    name, solver, loaded = then.NAME, then, _load(then)
                    import_seconds, deadline.start = import_seconds + loaded, deadline.start + loaded
                result = solver.solve(model, limit=wanted, time_limit=deadline.left(), seed=seed, **options)
                if tried is not None:
                    result.stats["first_try"] = {"backend": FIRST_TRY[module.NAME][0], **tried.stats}
        except UnknownName as exc:
            if auto:
                why = f"auto chose {name!r} for {module.NAME}; name a backend to pass its options"
                raise UnknownName(f"{exc} ({why})") from None
            raise
        model_stats = model.stats()
        del model
    finally:
        if collecting:
            gc.enable()
    solutions = tuple(_checked(module, puzzle, name, a) for a in result.solutions)
    more = limit > 1 and len(solutions) > limit
    complete = result.complete and not more
    if result.status == "unsolvable":
        is_unique, reason = False, None
    elif len(solutions) > 1:
        is_unique, reason = False, None
    elif result.complete:
        is_unique, reason = True, None
    else:
        stopped = "budget" if "stopped" in result.stats else "time limit"
        is_unique, reason = None, (stopped if wanted > 1 else "not asked")
    solutions = solutions[: max(limit, 2 if unique else 1)]
    stats = {**result.stats, "model_seconds": round(model_seconds, 6), "model": model_stats}
    return SolveResult(
        module.NAME, name, result.status, solutions, is_unique, deadline.elapsed(), stats,
        complete=complete, unique_reason=reason, more=more, import_seconds=import_seconds, puzzle=puzzle,
    )


def _first_try(
    genre: str, chosen: str, model: Model, wanted: int, deadline: Deadline, seed: int = 0
) -> backends.Result | None:
    """The result of the genre's `FIRST_TRY` within its work budget; None where it has none,
    where the try is the only backend left, or where the line solver of `search` would have
    to prove uniqueness (it does that slowly)."""
    if genre not in FIRST_TRY:
        return None
    name, work = FIRST_TRY[genre]
    if name == THEN.get(genre, chosen) or (name == "search" and wanted != 1):
        return None
    if not backends.available(name):
        return None
    solver = backends.get(name)
    _load(solver)
    return solver.solve(model, limit=wanted, time_limit=deadline.left(), seed=seed,
                        **_budget(name, work, model))


def _budget(backend: str, work: float, model: Model) -> dict[str, Any]:
    """A first try's work budget as the backend's option: for `search`, propagator runs times
    the longest line of the model's runs (a run's line solver costs about its length); for
    CP-SAT, its deterministic time."""
    if backend == "search":
        longest = max((len(runs.cells) for runs in model.runs), default=1)
        return {"propagations": max(1, int(work) // max(1, longest))}
    return {"work": work}


def _time_limit(time_limit: float | None) -> float | None:
    """A checked time limit in seconds (None: no limit; infinity counts as none)."""
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or math.isnan(time_limit):
        raise ValueError(f"time_limit must be a number of seconds, not {time_limit!r}")
    if time_limit <= 0:
        raise ValueError(f"time_limit must be more than 0 seconds, not {time_limit!r}")
    return None if math.isinf(time_limit) else float(time_limit)


def count(
    puzzle: Any, up_to: int = 1000, backend: str = "auto", time_limit: float | None = None
) -> int:
    """How many solutions the puzzle has, counting at most ``up_to`` (``up_to`` means "that
    many or more").

    The number is exact: if the time limit ends first, `OutOfTime` is raised, and its
    ``found`` attribute holds how many solutions were found by then (a lower bound).
    """
    result = solve(puzzle, backend, limit=up_to, time_limit=time_limit)
    if result.complete or len(result.solutions) >= up_to:
        return len(result.solutions)
    raise OutOfTime(
        f"the count was not finished within the time limit: at least {len(result.solutions)}",
        found=len(result.solutions),
    )


def is_unique(puzzle: Any, backend: str = "auto", time_limit: float | None = None) -> bool:
    """Whether the puzzle has exactly one solution (raises `OutOfTime` if undecided)."""
    result = solve(puzzle, backend, unique=True, time_limit=time_limit)
    if result.unique is None:
        raise OutOfTime("uniqueness was not decided within the time limit")
    return result.unique


def determined(
    puzzle: Any, backend: str = "auto", time_limit: float | None = None
) -> dict[Hashable, int] | None:
    """Answer-key values that are the same in every solution (the backbone).

    Returns None when the puzzle has no solution; raises `OutOfTime` when the time limit ends
    first. Works on any backend: it keeps asking for a solution that differs from the running
    intersection somewhere, and shrinks the intersection, until none exists. The puzzle is
    unique iff every answer-key variable is in the result. Every solution met is verified.
    """
    module = genre_module(puzzle)
    name, solver = choosing.named(backend, module.NAME)
    auto = backend.strip().lower() == "auto"
    if not auto:
        solver.version()
    deadline = Deadline(_time_limit(time_limit))
    model = module.model(puzzle, deadline=deadline)
    if auto:
        name, solver = choosing.named(backend, module.NAME, model)
        deadline.start += _load(solver)

    def another(extra: list[Clause]) -> dict | None:
        result = solver.solve(model.with_constraints(clauses=extra), limit=1, time_limit=deadline.left())
        if result.status == "unsolvable":
            return None
        if result.status != "solved":
            raise OutOfTime("the backbone was not decided within the time limit")
        _checked(module, puzzle, name, result.solutions[0])
        return result.solutions[0]

    first = another([])
    if first is None:
        return None
    index = {model.vars[i].key: i for i in model.output}
    common = dict(first)
    while common:
        other = another([Clause(tuple(Lit(index[k], v, False) for k, v in common.items()))])
        if other is None:
            break
        common = {k: v for k, v in common.items() if other[k] == v}
    return common


# --- grading and hints: the deduction ladder on the genre's model -------------------------

#: The ladder's levels, weakest first (a grade's ``rank`` indexes this).
LEVEL_NAMES: tuple[str, ...] = tuple(level.name for level in ladder.LEVELS)


def grade(
    puzzle: Any, time_limit: float | None = None, *, unique: bool | None = None,
    search_nodes: int | None = None,
) -> ladder.Grade:
    """How hard the puzzle is: the weakest level of the deduction ladder that solves it.

    Below ``search`` the ladder fixes every answer-key value by sound deductions, so the
    answer is unique once the genre's rule checker accepts it (it is checked here). At
    ``search`` the node count of a depth-first search is reported, and ``unique`` says
    whether it found exactly one answer. Deterministic. Raises `OutOfTime` at the limit.

    ``unique``: what the caller has already proven (the generator, which proves it again on
    two backends before it hands a puzzle out): at ``search`` it is reported instead of a
    search for a second answer past the depth-first count. ``search_nodes``: where that
    count stops (default `ladder.reasoner.SEARCH_NODES`, 10,000); ``nodes`` is then at most
    about that many.
    """
    module = genre_module(puzzle)
    deadline = Deadline(_time_limit(time_limit))
    model = module.model(puzzle, deadline=deadline)
    reasoner = ladder.Reasoner(model, deadline)
    nodes = ladder.reasoner.SEARCH_NODES if search_nodes is None else search_nodes
    graded = reasoner.grade(unique=unique, search_nodes=nodes)
    if graded.rank < ladder.SEARCH and graded.unique is not False:
        engine = reasoner.close(graded.rank, reasoner.masks())
        assert engine is not None
        _checked(module, puzzle, "the grading ladder", reasoner.known(engine))
        return dataclasses.replace(graded, unique=True)
    return graded


@dataclass(frozen=True)
class Hint:
    """What a player should look at next: wrong entries first, else one deduction.

    ``kind`` is ``check`` (``wrong`` lists entries that contradict the solution), ``solved``
    (nothing is left to find), or the step's kind (``deduce``, ``contradiction``, ``reveal``).
    """

    kind: str
    step: ladder.Step | None = None
    wrong: tuple[Hashable, ...] = ()
    words: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.words}
        if self.kind == "check":
            out["wrong"] = [list(k) if isinstance(k, tuple) else k for k in self.wrong]
        if self.step is not None:
            out.update(
                level=self.step.level, rank=self.step.rank,
                fixes=[[_plain(k), v] for k, v in self.step.fixes.items()],
                because=[{"rule": w.rule, "cells": [_plain(c) for c in w.cells]} if w else None
                         for w in self.step.because],
            )
            if self.step.hypothesis is not None:
                out["hypothesis"] = [_plain(self.step.hypothesis[0]), self.step.hypothesis[1]]
        return out


def _plain(value: Any) -> Any:
    """A key or cell as JSON (tuples as lists)."""
    return [_plain(x) for x in value] if isinstance(value, tuple) else value


def _unique_answer(module: ModuleType, puzzle: Any, deadline: Deadline) -> dict[Hashable, int]:
    model = module.model(puzzle, deadline=deadline)
    name, solver = choosing.named("auto", module.NAME)
    result = solver.solve(model, limit=2, time_limit=deadline.left())
    undecided = result.status == "solved" and not result.complete and len(result.solutions) < 2
    if result.status == "timeout" or undecided:
        raise OutOfTime("the solution was not found within the time limit")
    if result.status == "unsolvable":
        raise NoUniqueSolution(f"this {module.NAME} puzzle has no solution: there is nothing to hint")
    if len(result.solutions) > 1:
        raise NoUniqueSolution(f"this {module.NAME} puzzle has more than one solution: hints need just one")
    _checked(module, puzzle, name, result.solutions[0])
    return result.solutions[0]


def state_of(puzzle: Any, data: Any) -> dict[Hashable, int]:
    """A player's partial state from its JSON (the genre's state format, see docs/genres/)."""
    module = genre_module(puzzle)
    reader = getattr(module, "state_from_json", None)
    if reader is None:
        raise UnknownName(f"{module.NAME} has no state format yet")
    return reader(puzzle, data)


def hint(puzzle: Any, state: dict[Hashable, int] | None = None, time_limit: float | None = None) -> Hint:
    """The next thing to do from a player's state (answer-key values by key; None: empty).

    Entries that contradict the solution come first ("check"); else the next deduction at the
    weakest level that makes one, with the rules it rests on. A state key that is not one of
    the model's answer keys, or a value outside its range (0/1 for yes/no entries), raises
    `StateError` (a ValueError) naming it.
    """
    module = genre_module(puzzle)
    deadline = Deadline(_time_limit(time_limit))
    model = module.model(puzzle, deadline=deadline)
    state = _checked_state(module, puzzle, model, state)
    solution = _unique_answer(module, puzzle, deadline)
    wrong = ladder.wrong_entries(state, solution)
    describe = _describer(module, puzzle)
    if wrong:
        return Hint("check", wrong=tuple(wrong),
                    words="; ".join(f"{describe(k, state[k])} is wrong" for k in wrong))
    step = ladder.next_step(model, state, solution, deadline)
    if step is None:
        return Hint("solved", words="the puzzle is solved")
    return Hint(step.kind, step=step, words=_words(step, describe))


def _checked_state(module: ModuleType, puzzle: Any, model: Model, state: Any) -> dict[Hashable, int]:
    """A copy of the state, every key one of the model's answer keys and every value in that
    key's range (0/1 for the yes/no entries); else `StateError` naming the key. Unchecked, an
    entry off the grid or a value like 5, None or "1" would be worded as a wrong entry.

    A key the model left out because no solution can use it (a Patches rectangle that breaks
    a clue) is still a place on the grid a player can mark: it is kept when the genre's state
    JSON carries it there and back (and a hint then reports it as wrong)."""
    if state is None:
        return {}
    if not isinstance(state, Mapping):
        raise TypeError(f"a state is a dict of answer-key values by key, not {type(state).__name__}")
    domain = {model.vars[i].key: (model.vars[i].lo, model.vars[i].hi) for i in model.output}
    out: dict[Hashable, int] = {}
    for key, value in state.items():
        try:
            lo, hi = domain[key]
        except (KeyError, TypeError):  # TypeError: a key that cannot be hashed
            if _round_trips(module, puzzle, key, value):
                out[key] = value
                continue
            raise StateError(f"the state names {key!r}, which is not in this {module.NAME} puzzle's "
                             "answer key") from None
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise StateError(f"the state gives {key!r} the value {value!r}; expected a whole number "
                             f"from {lo} to {hi}")
        out[key] = value
    return out


def _round_trips(module: ModuleType, puzzle: Any, key: Any, value: Any) -> bool:
    """Whether the genre's state JSON writes ``{key: value}`` and reads it back the same."""
    write, read = getattr(module, "state_to_json", None), getattr(module, "state_from_json", None)
    if write is None or read is None or isinstance(value, bool) or not isinstance(value, int):
        return False
    try:
        return read(puzzle, write(puzzle, {key: value})).get(key) == value
    except (PuzzlekitError, ValueError, TypeError, KeyError, IndexError, AttributeError):
        return False


def explain(puzzle: Any, time_limit: float | None = None) -> list[Hint]:
    """Every step from the empty grid to the solved puzzle, as hints."""
    module = genre_module(puzzle)
    deadline = Deadline(_time_limit(time_limit))
    solution = _unique_answer(module, puzzle, deadline)
    describe = _describer(module, puzzle)
    steps = ladder.explain(module.model(puzzle, deadline=deadline), solution, deadline=deadline)
    return [Hint(step.kind, step=step, words=_words(step, describe)) for step in steps]


def _describer(module: ModuleType, puzzle: Any) -> Any:
    own = getattr(module, "describe", None)
    if own is not None:
        return lambda key, value: own(puzzle, key, value)
    return lambda key, value: f"{_plain(key)} = {value}"


def _words(step: ladder.Step, describe: Any) -> str:
    """One sentence: what the step fixes and why, citing the rules it rests on."""
    fixes = ", ".join(describe(k, v) for k, v in step.fixes.items())
    rules = sorted({str(w) for w in step.because if w is not None})
    why = "; ".join(rules) if rules else "the rules"
    if step.kind == "reveal":
        return f"no deduction found: {fixes} (revealed from the solution)"
    if step.kind == "contradiction" and len(step.assumptions) > 1:
        tried = " and ".join(describe(*a) for a in step.assumptions)
        order = "each" if step.direct else "in turn, each"
        return f"trying {tried} {order} breaks {why}; so {fixes}"
    if step.kind == "contradiction" and step.hypothesis is not None:
        return f"if {describe(*step.hypothesis)}, then {why} cannot all hold; so {fixes}"
    if step.kind == "contradiction":
        return f"trying the alternatives breaks {why}; so {fixes}"
    return f"{fixes}, because {why}"
