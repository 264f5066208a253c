"""Genre registry: one module per genre, each following the same contract.

A genre module defines ``NAME``, frozen dataclasses ``Puzzle`` and ``Solution`` (with
``to_json()``), and the functions ``parse``, ``format``, ``model``, ``decode``, ``verify``,
``render``, ``solution_from_json`` and ``random_puzzle``. See docs/ir.md.

A name in `VARIANTS` is another genre's module with one setting changed: ``swend`` is Wend
read, written and drawn at random in Swedish letters by default.

Genres from outside the package join the same registry: a distribution names its genre
modules in the entry point group ``puzzlekit.genres`` (``name = "package.module"``), or a
program calls `register` with the module. docs/adding-a-genre.md walks through one.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.metadata
import re
from types import ModuleType
from typing import Any

from ..errors import UnknownName
from ._common import shown as shown  # error messages elsewhere show values the same way

#: Genre names users type, in the order ``puzzlekit genres`` lists them.
NAMES: tuple[str, ...] = (
    "masyu", "tracks", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "queens", "zip",
    "tents", "patches", "wend", "swend",
    # built on the genre kit: one line each
    "lightup",
    "futoshiki",
    "skyscrapers",
    "magnets",
    "kakuro",
    "kenken",
    "gokigen",
    "hitori",
    "binairo",
    "tango",
    "undead",
    "killersudoku",
    "kurodoko",
    "mosaic",
    "jigsawsudoku",
    "fillomino",
    "signpost",
    "palisade",
    "dominosa",
    "fourcolour",
    "galaxies",
    "starbattle",
    "norinori",
    "nurikabe",
    "yinyang",
    "heyawake",
    "lits",
    "yajilin",
    "countryroad",
    "nurimisaki",
    "shakashaka",
    "battleship",
    "minesweeper",
    "cave",
    "tapa",
    "creek",
    "firefly",
    "easyasabc",
    "kakurasu",
    "aquarium",
    "sashigane",
    "doublechoco",
    "ripple",
    "suguru",
    "hidato",
    "kurotto",
    "simpleloop",
    "doubleback",
    "nurimaze",
    "geradeweg",
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
#: ignoring spaces, hyphens and underscores), for the genres written by hand. A genre made with
#: the genre kit declares its own (``Genre(..., aliases=...)``): `canonical` reads them off the
#: genre modules, which `import puzzlekit` has imported already (every Puzzle gets its picture).
ALIASES: dict[str, str] = {
    "mashu": "masyu", "pearl": "masyu",
    "numlin": "numberlink", "arukone": "numberlink", "flow": "numberlink", "flowfree": "numberlink",
    "hashikake": "hashi", "hashiwokakero": "hashi", "bridges": "hashi",
    "slither": "slitherlink", "loopy": "slitherlink", "fences": "slitherlink",
    "solo": "sudoku", "numberplace": "sudoku",
    "pattern": "nonogram", "picross": "nonogram", "griddlers": "nonogram", "hanjie": "nonogram",
    "paintbynumbers": "nonogram",
    "linkedinqueens": "queens",
    "shikaku": "patches", "rectangles": "patches",
    "tentsandtrees": "tents", "treesandtents": "tents",
    "numberroutemaze": "tracks", "traintracks": "tracks",
    "linkedinwend": "wend", "swedishwend": "swend",
}


#: Genres added from outside the package: name -> module (`register`), and the entry points
#: of installed distributions not loaded yet: name -> "package.module".
_ADDED: dict[str, ModuleType] = {}
_PLUGINS: dict[str, str] | None = None
#: The entry point group a distribution names its genre modules in.
ENTRY_POINTS = "puzzlekit.genres"


def module_of(puzzle: Any) -> ModuleType:
    """The genre module a puzzle object belongs to (TypeError for anything but a genre's
    ``Puzzle``)."""
    kind = type(puzzle)
    if kind.__name__ == "Puzzle" and isinstance(getattr(kind, "GENRE_NAME", None), str):
        module = get(kind.GENRE_NAME)  # a genre made with the genre kit, in or out of the package
        if module.Puzzle is kind:
            return module
    module_name = kind.__module__
    prefix = __name__ + "."
    if not module_name.startswith(prefix) or kind.__name__ != "Puzzle":
        raise TypeError(f"{kind.__name__} is not a puzzlekit puzzle")
    return get(module_name[len(prefix):])


def _key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch not in " -_")


def canonical(name: str) -> str:
    """The genre's own name for a name or alias in any case; an unknown one is refused with
    the nearest known names."""
    if not isinstance(name, str):
        raise UnknownName(f"a genre is a name, not {name!r}")
    key = _key(name)
    if key in NAMES or key in _ADDED or key in _plugins():
        return key
    if key in ALIASES:
        return ALIASES[key]
    others = _declared_aliases()
    if key in others:
        return others[key]
    known = available()
    hint = _suggest(key, [*known, *ALIASES, *others], {**ALIASES, **others})
    raise UnknownName(f"unknown genre {name!r}{hint}; known genres: {', '.join(known)}")


def _plugins() -> dict[str, str]:
    """The genre modules installed distributions name (read once)."""
    global _PLUGINS
    if _PLUGINS is None:
        found = {}
        for point in importlib.metadata.entry_points(group=ENTRY_POINTS):
            key = _key(point.name)
            if key not in NAMES:  # a package genre keeps its name
                found[key] = point.value
        _PLUGINS = found
    return _PLUGINS


def _declared_aliases(outside: bool = True) -> dict[str, str]:
    """The aliases genres declare in their module (``ALIASES``, a kit genre's ``aliases=``):
    the package's genres first, then (``outside``) those from outside `NAMES`."""
    names = [name for name in NAMES if name not in VARIANTS]
    if outside:
        names += [*_ADDED, *_plugins()]
    out: dict[str, str] = {}
    for name in dict.fromkeys(names):
        for alias in getattr(get(name), "ALIASES", ()):
            out.setdefault(_key(alias), name)
    return out


def register(module: Any) -> str:
    """Add a genre from outside the package: its module (or the kit's `Genre` it exported),
    which has the genre contract. Returns its name; a name the package's genres have is
    refused."""
    if hasattr(module, "module_name") and not isinstance(module, ModuleType):
        module = importlib.import_module(module.module_name)
    name = getattr(module, "NAME", None)
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9]*", name):
        raise ValueError(f"a genre module needs NAME, lower case letters and digits, not {name!r}")
    missing = [attr for attr in ("Puzzle", "Solution", "parse", "format", "model", "decode", "verify")
               if not hasattr(module, attr)]
    if missing:
        raise ValueError(f"the genre {name!r} lacks {', '.join(missing)}")
    if name in NAMES or name in ALIASES or name in _declared_aliases(outside=False):
        raise ValueError(f"{name!r} is a genre of the package already")
    _ADDED[name] = module
    return name


def _suggest(key: str, known: list[str], aliases: dict[str, str]) -> str:
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if not close:
        return ""
    target = aliases.get(close[0], close[0])
    return f" (did you mean {target!r}?)"


def get(name: str) -> ModuleType:
    """The module of a genre by name or alias (see `canonical`); for a name in `VARIANTS`,
    the view of its genre's module in those settings."""
    key = canonical(name)
    if key in VARIANTS:
        return _view(key)
    if key in _ADDED:
        return _ADDED[key]
    if key in _plugins():
        module = importlib.import_module(_plugins()[key])
        if getattr(module, "NAME", None) != key:
            raise UnknownName(f"the genre {key!r} installed by a distribution names itself "
                              f"{getattr(module, 'NAME', None)!r}")
        _ADDED[key] = module
        return module
    return importlib.import_module(f"{__name__}.{key}")


def _view(name: str) -> ModuleType:
    """The module a `VARIANTS` name stands for, made once."""
    if name not in _VIEWS:
        genre, settings = VARIANTS[name]
        base = importlib.import_module(f"{__name__}.{genre}")
        changed = base.variant(**settings)
        view = ModuleType(f"{__name__}.{name}", changed.pop("__doc__", base.__doc__))
        view.__dict__.update({k: v for k, v in vars(base).items() if not k.startswith("__")})
        # its parts (pictures, recipe, ...) are the base genre's, in the base genre's folder
        view.__path__, view.__package__ = getattr(base, "__path__", []), base.__package__
        view.__dict__.update(changed)
        _VIEWS[name] = view
    return _VIEWS[name]


def part(module: ModuleType, role: str) -> ModuleType | None:
    """A genre's own code for one shared command, kept in the genre's folder: ``picture``
    (its SVG drawing), ``recipe`` (the generator's), ``packing`` (a pack page's data),
    ``puzzlink`` (its puzz.link and pzprv3 forms, see `puzzlekit.formats.board`), ``pasted``
    (the boards of puzzle websites it reads, see `puzzlekit.formats.pasted`). None when the
    genre has no such module (a genre made with the genre kit gets these from its layers
    instead)."""
    package = getattr(module, "__path__", None) and module.__package__
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.{role}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{package}.{role}":
            return None
        raise


def available() -> list[str]:
    """Every genre name: the package's, then those added from outside it."""
    return [*NAMES, *(name for name in dict.fromkeys([*_ADDED, *_plugins()]) if name not in NAMES)]
