"""Backend registry: command-line name -> module, installed or not, and the "auto" choice.

Every backend module has the same shape: ``NAME``, ``PACKAGE`` (what pip installs),
``EXTRA`` (the puzzlekit extra), ``version()`` and
``solve(model, *, limit=1, time_limit=None, seed=0, **options) -> Result``. Solver packages
are imported inside the module's functions, so puzzlekit works with any subset installed;
a missing one raises `BackendUnavailable` naming the extra.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from puzzlekit.errors import BackendUnavailable, UnknownName

from .base import Result

#: Command-line name -> module name, in the order ``puzzlekit backends`` lists them.
MODULES: dict[str, str] = {
    "cpsat": "backends.cpsat",
    "z3": "backends.smt",
    "mip": "backends.mip",
    "sat": "backends.sat",
    "csp": "backends.csp",
    "search": "backends.search",
}
NAMES: tuple[str, ...] = tuple(MODULES)
#: The pip extra that installs each backend's solver (None: nothing to install).
EXTRAS: dict[str, str | None] = {
    "cpsat": "cpsat", "z3": "z3", "mip": "mip", "sat": "sat", "csp": "csp", "search": None,
}

#: The options each backend's ``solve`` takes by keyword (``puzzlekit solve -o KEY=VALUE``).
OPTIONS: dict[str, dict[str, str]] = {
    "cpsat": {"workers": "CP-SAT search workers (default: CP-SAT's choice)"},
    "z3": {"graph": "graph constraints by 'cuts' (default) or an 'order' encoding",
           "logic": "Z3 logic: auto (default), QF_FD, SMT, ..."},
    "mip": {"solver": "auto (default: HiGHS when installed, else CBC), cbc or highs"},
    "sat": {"solver": "python-sat solver name (default cadical195)",
            "cuts": "strong (default) or shared", "labels": "binary (default), onehot or false"},
    "csp": {},
    "search": {"method": "auto (default), dfs or frontier"},
}

#: Fastest installed backend per genre, in order of preference, from docs/benchmarks.md.
PREFERENCE: dict[str, tuple[str, ...]] = {
    "masyu": ("sat", "cpsat"),
    "tracks": ("sat", "search", "cpsat"),
    "numberlink": ("sat", "cpsat"),
    "hashi": ("sat", "cpsat"),
    "slitherlink": ("sat", "cpsat"),
    "sudoku": ("cpsat", "sat"),
    "nonogram": ("cpsat", "sat"),
    "queens": ("search", "sat", "cpsat"),
    "zip": ("search", "sat", "cpsat"),
    "tents": ("cpsat", "sat"),
    "patches": ("cpsat", "sat"),
}
DEFAULT_PREFERENCE: tuple[str, ...] = ("cpsat", "sat", "z3", "mip", "search", "csp")


def get(name: str) -> ModuleType:
    """The backend module for a command-line name (installed or not)."""
    if name not in MODULES:
        raise UnknownName(f"unknown backend {name!r}; known backends: {', '.join(NAMES)}, auto")
    try:
        return importlib.import_module(MODULES[name])
    except ModuleNotFoundError as exc:  # a backend file not written yet
        raise UnknownName(f"backend {name!r} is not part of this build ({exc})") from exc


def version(name: str) -> str | None:
    """The solver package's version, or None when it is not installed."""
    try:
        return get(name).version()
    except (BackendUnavailable, UnknownName):
        return None


def installed() -> dict[str, str | None]:
    """Every backend name with its solver version (None: not installed)."""
    return {name: version(name) for name in NAMES}


def choose(genre: str | None = None) -> str:
    """The backend ``auto`` stands for: the fastest measured for the genre among those installed."""
    for name in PREFERENCE.get(genre or "", ()) + DEFAULT_PREFERENCE:
        if version(name) is not None:
            return name
    raise BackendUnavailable("cpsat", "ortools", "cpsat")


__all__ = ["NAMES", "Result", "choose", "get", "installed", "version"]
