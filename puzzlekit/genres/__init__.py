"""Genre registry: one module per genre, each following the same contract.

A genre module defines ``NAME``, frozen dataclasses ``Puzzle`` and ``Solution`` (with
``to_json()``), and the functions ``parse``, ``format``, ``model``, ``decode``, ``verify``,
``render``, ``solution_from_json`` and ``random_puzzle``. See docs/ir.md.

A name in `VARIANTS` is another genre's module with one setting changed: ``swend`` is Wend
read, written and drawn at random in Swedish letters by default.
"""

from __future__ import annotations

import difflib
import importlib
from types import ModuleType
from typing import Any

from ..errors import UnknownName
from ._common import shown as shown  # error messages elsewhere show values the same way

#: Genre names users type, in the order ``puzzlekit genres`` lists them.
NAMES: tuple[str, ...] = (
    "masyu", "tracks", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "queens", "zip",
    "tents", "patches", "wend", "swend",
)

#: Names that stand for another genre's module with settings: name -> (module, settings).
#: Their module is a view of that one whose functions named by the genre's
#: ``variant(**settings)`` take the settings as defaults; everything else (``NAME``,
#: ``Puzzle``, ``model``, ``verify``, ...) is the genre's own, so a puzzle read as ``swend``
#: is a Wend puzzle whose ``language`` is "sv", and its results name ``wend``.
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "swend": ("wend", {"language": "sv"}),
}
_VIEWS: dict[str, ModuleType] = {}


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
    "linkedinwend": "wend", "swedishwend": "swend",
}


def module_of(puzzle: Any) -> ModuleType:
    """The genre module a puzzle object belongs to (TypeError for anything but a genre's
    ``Puzzle``)."""
    module = type(puzzle).__module__
    prefix = __name__ + "."
    if not module.startswith(prefix) or type(puzzle).__name__ != "Puzzle":
        raise TypeError(f"{type(puzzle).__name__} is not a puzzlekit puzzle")
    return get(module[len(prefix):])


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
    """The module of a genre by name or alias (see `canonical`); for a name in `VARIANTS`,
    the view of its genre's module in those settings."""
    key = canonical(name)
    if key in VARIANTS:
        return _view(key)
    return importlib.import_module(f"{__name__}.{key}")


def _view(name: str) -> ModuleType:
    """The module a `VARIANTS` name stands for, made once."""
    if name not in _VIEWS:
        genre, settings = VARIANTS[name]
        base = importlib.import_module(f"{__name__}.{genre}")
        changed = base.variant(**settings)
        view = ModuleType(f"{__name__}.{name}", changed.pop("__doc__", base.__doc__))
        view.__dict__.update({k: v for k, v in vars(base).items() if not k.startswith("__")})
        view.__dict__.update(changed)
        _VIEWS[name] = view
    return _VIEWS[name]


def available() -> list[str]:
    """Every genre name."""
    return list(NAMES)
