"""Backend registry: command-line name -> module, installed or not.

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
    "cpsat": "puzzlekit.backends.cpsat",
    "z3": "puzzlekit.backends.smt",
    "mip": "puzzlekit.backends.mip",
    "sat": "puzzlekit.backends.sat",
    "csp": "puzzlekit.backends.csp",
    "search": "puzzlekit.backends.search",
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


__all__ = ["NAMES", "Result", "get", "installed", "version"]
