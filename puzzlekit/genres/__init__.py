"""Genre registry: one module per genre, each following the same contract.

A genre module defines ``NAME``, frozen dataclasses ``Puzzle`` and ``Solution`` (with
``to_json()``), and the functions ``parse``, ``format``, ``model``, ``decode``, ``verify``,
``render``, ``solution_from_json`` and ``random_puzzle``. See docs/ir.md.
"""

from __future__ import annotations

import difflib
import importlib
from types import ModuleType

from ..errors import UnknownName

#: Genre names users type, in the order ``puzzlekit genres`` lists them.
NAMES: tuple[str, ...] = (
    "masyu", "tracks", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "queens", "zip",
    "tents", "patches",
)


#: Other names the puzzle community uses for the same rules (compared case-insensitively,
#: ignoring spaces, hyphens and underscores).
ALIASES: dict[str, str] = {
    "mashu": "masyu", "pearl": "masyu",
    "numlin": "numberlink", "arukone": "numberlink", "flow": "numberlink", "flowfree": "numberlink",
    "hashikake": "hashi", "hashiwokakero": "hashi", "bridges": "hashi",
    "slither": "slitherlink", "loopy": "slitherlink", "fences": "slitherlink",
    "solo": "sudoku", "numberplace": "sudoku",
    "pattern": "nonogram", "picross": "nonogram", "griddlers": "nonogram", "hanjie": "nonogram",
    "paintbynumbers": "nonogram",
    "starbattle": "queens", "linkedinqueens": "queens",
    "shikaku": "patches", "rectangles": "patches",
    "tentsandtrees": "tents", "treesandtents": "tents",
    "numberroutemaze": "tracks", "traintracks": "tracks",
}


def canonical(name: str) -> str:
    """The genre's own name for a name or alias in any case; an unknown one is refused with
    the nearest known names."""
    key = "".join(ch for ch in name.lower() if ch not in " -_")
    if key in NAMES:
        return key
    if key in ALIASES:
        return ALIASES[key]
    hint = _suggest(key, [*NAMES, *ALIASES])
    raise UnknownName(f"unknown genre {name!r}{hint}; known genres: {', '.join(NAMES)}")


def _suggest(key: str, known: list[str]) -> str:
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if not close:
        return ""
    target = ALIASES.get(close[0], close[0])
    return f" (did you mean {target!r}?)"


def get(name: str) -> ModuleType:
    """The module of a genre by name or alias (see `canonical`)."""
    return importlib.import_module(f"{__name__}.{canonical(name)}")


def available() -> list[str]:
    """Every genre name."""
    return list(NAMES)
