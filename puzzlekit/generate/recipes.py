"""Where the generator finds a genre's recipe: in the genre's folder, never in this package.

A genre of the package keeps its recipe (see `puzzlekit.generate.loop` for the names the loop
reads) in its folder as ``recipe.py``, reached through `genres.part`; a genre made with the
genre kit has the one read off its declaration (`kit.KitRecipe`). A name in
`genres.VARIANTS` (a genre's module with one setting changed) uses its base genre's recipe
as changed by that recipe's ``variant(**settings)``: a dict of the names that differ, as a
genre module's ``variant`` gives them. A name whose base recipe has no ``variant`` has no
generator.

Besides the loop's names, a recipe declares what was measured of it (`reach`): ``SIDES``,
the sides of the square grids measured, and ``RELIABLE``, per level the sides at which at
least 95% of the requests came back at that level.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from puzzlekit import genres
from puzzlekit.errors import UnknownName

from . import kit

#: The names every recipe module of a genre folder declares: what the loop calls on every
#: recipe, and what `reach` reads.
DECLARED: tuple[str, ...] = (
    "NAME", "LEVELS", "SIDES", "RELIABLE", "check_size", "sample_solution", "answer", "solution",
    "clues", "puzzle_from", "breaks", "transform",
)
_VARIANTS: dict[str, ModuleType] = {}


def recipe(genre: str | ModuleType) -> Any:
    """The recipe of a genre (name, alias or module); `UnknownName` when it has none."""
    if isinstance(genre, str):
        name = genres.canonical(genre)
        module = genres.get(name)
    elif isinstance(genre, ModuleType):
        module, name = genre, getattr(genre, "NAME", None)
    else:
        raise UnknownName(f"a genre is a name, not {genre!r}")
    made = kit.recipe_of(module)
    if made is not None:
        return made
    found = genres.part(module, "recipe")
    if found is not None and isinstance(name, str) and name in genres.VARIANTS:
        found = _variant(found, name)
    if found is None:
        raise UnknownName(f"no generator for {genre!r}; generators exist for {', '.join(generators())}")
    return found


def _variant(base: ModuleType, name: str) -> ModuleType | None:
    """The base genre's recipe in the settings of a `genres.VARIANTS` name (made once)."""
    if name not in _VARIANTS:
        change = getattr(base, "variant", None)
        if change is None:
            return None
        view = ModuleType(f"{base.__name__}[{name}]", base.__doc__)
        view.__dict__.update({k: v for k, v in vars(base).items() if not k.startswith("__")})
        view.__dict__.update(change(**genres.VARIANTS[name][1]))
        view.NAME = name  # type: ignore[attr-defined]  # its puzzles, fingerprints and records name it
        _VARIANTS[name] = view
    return _VARIANTS[name]


def generators() -> list[str]:
    """Every genre with a generator, in `genres.available` order: those whose folder holds a
    recipe (and the variants whose base recipe makes them), and the kit's genres that declare
    how to plant an answer."""
    out = []
    for name in genres.available():
        module = genres.get(name)
        kit_genre = getattr(module, "GENRE", None)
        if kit_genre is not None:
            if getattr(kit_genre, "planter", None) is not None:
                out.append(name)
            continue
        found = genres.part(module, "recipe")
        if found is not None and (name not in genres.VARIANTS or hasattr(found, "variant")):
            out.append(name)
    return out
