"""Genre registry: one module per genre, each following the same contract.

A genre module defines ``NAME``, frozen dataclasses ``Puzzle`` and ``Solution`` (with
``to_json()``), and the functions ``parse``, ``format``, ``model``, ``decode``, ``verify``,
``render``, ``solution_from_json`` and ``random_puzzle``. See docs/ir.md.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import UnknownName

#: Genre names users type, in the order ``puzzlekit genres`` lists them.
NAMES: tuple[str, ...] = (
    "masyu", "tracks", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "queens", "zip",
    "tents", "patches",
)


def get(name: str) -> ModuleType:
    """The module of a genre by name."""
    if name not in NAMES:
        raise UnknownName(f"unknown genre {name!r}; known genres: {', '.join(NAMES)}")
    return importlib.import_module(f"{__name__}.{name}")


def available() -> list[str]:
    """Every genre name."""
    return list(NAMES)
