"""Backend registry: command-line name -> module, installed or not.

Every backend module has the same shape: ``NAME``, ``PACKAGE`` (what pip installs),
``EXTRA`` (the puzzlekit extra), ``IMPORT`` (the module the package installs), ``OPTIONS``
(option name -> `base.Option`), ``SUPPORTS`` (the IR kinds it lowers natively; the shared
transforms handle the rest), ``version()`` and
``solve(model, *, limit=1, time_limit=None, seed=0, **options) -> Result``. Solver packages
are imported inside the module's functions, so puzzlekit works with any subset installed and
a module's options can be read without its solver; a missing one raises
`BackendUnavailable` naming the extra.

The registry keeps no table of its own: `options`, `OPTIONS` and `EXTRAS` read the modules.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType, ModuleType
from typing import TypeVar

from puzzlekit.errors import BackendUnavailable, UnknownName

from .base import Option, Result

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
_SOLVE_ARGUMENTS = ("model", "limit", "time_limit", "seed")

T = TypeVar("T")


def get(name: str) -> ModuleType:
    """The backend module for a command-line name (installed or not)."""
    if name not in MODULES:
        raise UnknownName(f"unknown backend {name!r}; known backends: {', '.join(NAMES)}, auto")
    try:
        return importlib.import_module(MODULES[name])
    except ModuleNotFoundError as exc:  # a backend file not written yet
        raise UnknownName(f"backend {name!r} is not part of this build ({exc})") from exc


def options(name: str) -> dict[str, Option]:
    """The options a backend's ``solve`` takes by keyword (``puzzlekit solve -O KEY=VALUE``)."""
    module = get(name)
    declared = getattr(module, "OPTIONS", None)
    if declared is not None:
        return dict(declared)
    # a module that does not declare OPTIONS yet: its solve's own keyword parameters
    parameters = inspect.signature(module.solve).parameters.values()
    return {
        p.name: Option(f"default {p.default!r} (see {module.__name__}.solve)", p.default)
        for p in parameters
        if p.kind is p.KEYWORD_ONLY and p.name not in _SOLVE_ARGUMENTS
    }


def extra(name: str) -> str | None:
    """The pip extra that installs a backend's solver (None: nothing to install)."""
    return get(name).EXTRA


class _PerBackend(Mapping[str, T]):
    """A read-only mapping backend name -> a value read from its module when asked for."""

    def __init__(self, read: Callable[[str], T]):
        self._read = read

    def __getitem__(self, name: str) -> T:
        if name not in MODULES:
            raise KeyError(name)
        return self._read(name)

    def __iter__(self) -> Iterator[str]:
        return iter(NAMES)

    def __len__(self) -> int:
        return len(NAMES)

    def __repr__(self) -> str:
        return repr(dict(self))


def _helps(name: str) -> Mapping[str, str]:
    return MappingProxyType({key: option.help for key, option in options(name).items()})


#: Backend name -> {option name: its help text}, read from the modules (for the command line).
OPTIONS: Mapping[str, Mapping[str, str]] = _PerBackend(_helps)
#: Backend name -> the pip extra that installs its solver (None: nothing to install).
EXTRAS: Mapping[str, str | None] = _PerBackend(extra)


def version(name: str) -> str | None:
    """The solver package's version, or None when it is not installed."""
    try:
        return get(name).version()
    except (BackendUnavailable, UnknownName):
        return None


def available(name: str) -> bool:
    """Whether a backend's solver package can be imported, found without importing it.

    What ``auto`` and the generator ask before they pick a backend, so neither ever names one
    that is missing. A module already in `sys.modules` as None (Python's mark for "this
    import fails") counts as missing.
    """
    module = get(name)
    target = getattr(module, "IMPORT", None)
    if target is None:
        return module.PACKAGE is None  # nothing to import: the backend is puzzlekit's own
    if target in sys.modules:  # loaded already (or marked as failing): no search of the path
        return sys.modules[target] is not None
    try:
        return importlib.util.find_spec(target) is not None
    except (ImportError, ValueError):  # a broken entry in sys.modules
        return False


def first_available(names: Iterable[str]) -> str | None:
    """The first of the backends that is `available` (None: none of them is)."""
    return next((name for name in names if available(name)), None)


def installed() -> dict[str, str | None]:
    """Every backend name with its solver version (None: not installed)."""
    return {name: version(name) for name in NAMES}


__all__ = [
    "EXTRAS", "NAMES", "OPTIONS", "Result", "available", "extra", "first_available", "get", "installed",
    "options", "version",
]
