"""Which backend ``auto`` stands for: the measured order per genre, the model's shape and size,
and the backends installed."""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from types import ModuleType
from typing import Any

from . import backends
from .errors import BackendUnavailable, UnknownName
from .ir import Model


class Declared(MutableMapping):
    """What each genre declares about its backends, by genre name: the genre module's
    attribute ``attribute`` (a genre that declares none has no entry). The measured orders
    live in the genres' modules, so no shared table names a genre; a value set here (a test,
    a program trying an order) stands in for the declared one until it is deleted."""

    def __init__(self, attribute: str):
        self.attribute = attribute
        self._set: dict[str, Any] = {}

    def _declared(self, genre: str) -> Any:
        from . import genres  # the registry imports the genres' modules only when asked

        if not isinstance(genre, str) or not genre:
            raise KeyError(genre)
        try:
            module = genres.get(genre)
        except UnknownName:
            raise KeyError(genre) from None
        if genre not in (module.NAME, *genres.VARIANTS) or not hasattr(module, self.attribute):
            raise KeyError(genre)  # an alias, or a genre that declares nothing
        return getattr(module, self.attribute)

    def __getitem__(self, genre: str) -> Any:
        return self._set[genre] if genre in self._set else self._declared(genre)

    def __setitem__(self, genre: str, value: Any) -> None:
        self._set[genre] = value

    def __delitem__(self, genre: str) -> None:
        del self._set[genre]

    def __iter__(self) -> Iterator[str]:
        from . import genres

        names = dict.fromkeys([*genres.NAMES, *self._set])
        return (name for name in names if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"Declared({self.attribute!r}: {dict(self)!r})"


#: Fastest installed backend per genre, in order of preference, from docs/benchmarks.md: the
#: first is within 2x (or 0.05 s) of the fastest backend on every benchmark instance, up to
#: 40x40 Queens, 60x60 Tents and 49x49 Sudoku; the rest are the fallbacks, in measured order.
#: Each genre declares its own as ``BACKENDS`` in its module.
PREFERENCE: MutableMapping[str, tuple[str, ...]] = Declared("BACKENDS")
DEFAULT_PREFERENCE: tuple[str, ...] = ("cpsat", "sat", "z3", "mip", "search", "csp")
#: For a genre without an entry in `PREFERENCE`, the model's shape: graph constraints (lazy
#: cuts on CNF won every graph genre), runs (CP-SAT's automaton), integers (Sudoku's
#: AllDifferent), else counts and clauses over booleans.
SHAPE_PREFERENCE: dict[str, tuple[str, ...]] = {
    "graphs": ("sat", "cpsat"),
    "runs": ("cpsat", "sat"),
    "integers": ("cpsat", "sat"),
    "booleans": ("sat", "cpsat"),
}
#: Genres whose fastest backend changes with the size: above this many model variables, this
#: order instead (Tents, docs/benchmarks.md). A genre declares it as ``LARGE_BACKENDS``.
LARGE_PREFERENCE: MutableMapping[str, tuple[int, tuple[str, ...]]] = Declared("LARGE_BACKENDS")
#: Backends left out of ``auto`` for models with more variables than this: the depth-first
#: search is fastest only on small puzzles and, above about 200 variables, was 10x to
#: 1000x slower than the best, or out of time, on many (Queens 25x25, Tents and Hashi 30x30).
SIZE_LIMIT: dict[str, int] = {"search": 200, "csp": 100}
#: Other spellings of backend names (names are compared case-insensitively).
BACKEND_ALIASES: dict[str, str] = {
    "cp-sat": "cpsat", "ortools": "cpsat", "or-tools": "cpsat", "smt": "z3", "pulp": "mip",
    "highs": "mip", "pysat": "sat", "python-sat": "sat", "constraint": "csp",
}


def choose_backend(genre: str | None = None, model: Model | None = None) -> str:
    """The backend ``auto`` stands for: the fastest measured for the genre among those installed.

    With the genre's model, a genre whose best backend changes with size takes the order
    for large models above its threshold (`LARGE_PREFERENCE`), backends that are slow at its
    size (`SIZE_LIMIT`) are passed over while an installed one fits, and a genre without a
    measured order (`PREFERENCE`) is decided by the model's shape (`SHAPE_PREFERENCE`). Only
    a backend whose package can be imported is chosen (`backends.available`, which imports no
    solver); ``search`` needs none, so a plain install always has a choice.
    """
    fitting = auto_order(genre, model)
    for name in fitting + tuple(n for n in ordered(genre, model) if n not in fitting):
        if backends.available(name):
            return name
    raise BackendUnavailable("search", "puzzlekit", "")  # unreachable: search is always there


def auto_order(genre: str | None = None, model: Model | None = None) -> tuple[str, ...]:
    """Every backend in the order ``auto`` tries them (installed or not) for a genre and model,
    those too slow at the model's size (`SIZE_LIMIT`) left out while any other remains."""
    names = ordered(genre, model)
    if model is None:
        return names
    size = len(model.vars)
    fits = tuple(name for name in names if size <= SIZE_LIMIT.get(name, size))
    return fits or names


def ordered(genre: str | None, model: Model | None) -> tuple[str, ...]:
    """Every backend in the measured order for the genre (or the model's shape and size)."""
    order = PREFERENCE.get(genre or "")
    large = LARGE_PREFERENCE.get(genre or "")
    if large is not None and model is not None and len(model.vars) > large[0]:
        order = large[1]
    if order is None and model is not None:
        shape = ("graphs" if model.graphs else "runs" if model.runs
                 else "integers" if any(not v.is_bool for v in model.vars) else "booleans")
        order = SHAPE_PREFERENCE[shape]
    return tuple(dict.fromkeys((order or ()) + DEFAULT_PREFERENCE))


def named(name: str, genre: str, model: Model | None = None) -> tuple[str, ModuleType]:
    """The backend a name stands for (``auto``, an alias or a backend's own name) and its module."""
    if not isinstance(name, str):
        raise UnknownName(f"a backend name is text, not {name!r}")
    key = name.strip().lower()
    chosen = choose_backend(genre, model) if key == "auto" else BACKEND_ALIASES.get(key, key)
    return chosen, backends.get(chosen)
