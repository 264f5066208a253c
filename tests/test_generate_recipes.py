"""Where the generator finds a genre's recipe: the genre's folder (``recipe.py``), the genre
kit's declaration, or a variant of its base genre's recipe; and nowhere else."""

from __future__ import annotations

import ast
import textwrap

import pytest
from conftest import ROOT, example_genre

from puzzlekit import genres, ladder
from puzzlekit.errors import UnknownName
from puzzlekit.generate import generate, generators, kit, levels, offered, recipe, recipes

#: The package's genres whose folder holds a recipe, read off the files themselves.
FOLDERS = sorted(path.parent.name for path in ROOT.joinpath("puzzlekit", "genres").glob("*/recipe.py"))


def package_generators() -> list[str]:
    """The package's generators with a recipe of their own (not a genre made with the kit alone)."""
    return [name for name in generators() if name in genres.NAMES and not hasattr(genres.get(name), "GENRE")]


def test_the_package_genres_with_a_folder_recipe_and_their_variants_are_the_generators():
    assert FOLDERS, "no genre folder holds a recipe.py"
    variants = [name for name, (base, _) in genres.VARIANTS.items() if base in FOLDERS]
    assert sorted(package_generators()) == sorted([*FOLDERS, *variants])
    assert package_generators() == [name for name in genres.NAMES if name in package_generators()]


@pytest.mark.parametrize("name", sorted(genres.NAMES))
def test_every_generatable_package_genre_has_its_recipe_with_the_declared_names(name):
    if name not in package_generators():
        pytest.skip(f"{name} has no generator")
    rec = recipe(name)
    base = genres.VARIANTS.get(name, (name, {}))[0]
    assert rec.__name__.startswith(f"puzzlekit.genres.{base}.recipe")
    missing = [attr for attr in recipes.DECLARED if not hasattr(rec, attr)]
    assert missing == [], f"{name}'s recipe lacks {missing}"
    assert rec.NAME == name
    assert set(rec.LEVELS) <= set(ladder.RANKS) and tuple(rec.LEVELS) == levels(name)
    assert rec.SIDES and all(isinstance(side, int) and side > 0 for side in rec.SIDES)
    assert rec.RELIABLE and set(rec.RELIABLE) <= set(rec.LEVELS), name
    assert all(set(sides) <= set(rec.SIDES) for sides in rec.RELIABLE.values()), name
    side = rec.SIDES[0]
    assert set(offered(name, side, side)) == {lv for lv, at in rec.RELIABLE.items() if side in at}


def test_a_name_or_alias_finds_the_same_recipe():
    assert recipe("Loopy") is recipe("slitherlink") is recipe(genres.get("slitherlink"))


def test_a_variant_is_its_base_recipe_in_its_settings():
    base, settings = genres.VARIANTS["swend"]
    rec, own = recipe("swend"), recipe(base)
    assert rec is recipe("swedish wend") and rec is not own
    assert (rec.NAME, own.NAME) == ("swend", base)
    assert rec.LANGUAGE == settings["language"] != own.LANGUAGE
    assert rec.answer is own.answer and rec.sample_solution is not own.sample_solution
    assert (rec.SIDES, rec.RELIABLE) == (own.SIDES, own.RELIABLE)


def test_a_kit_genre_that_plants_is_generated_by_the_kit():
    module = example_genre()
    assert module.NAME in generators()
    assert isinstance(recipe(module.NAME), kit.KitRecipe)
    assert offered(module.NAME, 6, 6) == ()  # nothing measured: no level is promised


def _outside_genre(tmp_path, monkeypatch, name: str, with_recipe: bool) -> None:
    """A genre of a folder from outside the package (Numberlink's rules), registered for one
    test, with or without a recipe.py of its own."""
    folder = tmp_path / name
    folder.mkdir()
    folder.joinpath("__init__.py").write_text(textwrap.dedent(f"""
        from puzzlekit.genres.numberlink import (
            Puzzle, Solution, decode, format, model, parse, render, solution_from_json, verify,
        )
        NAME = {name!r}
    """))
    if with_recipe:
        folder.joinpath("recipe.py").write_text(
            f"from puzzlekit.genres.numberlink.recipe import *  # noqa\nNAME = {name!r}\n"
        )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(genres, "_ADDED", dict(genres._ADDED))
    genres.register(__import__(name))


def test_a_genre_with_no_recipe_and_no_kit_declaration_is_refused_clearly(tmp_path, monkeypatch):
    _outside_genre(tmp_path, monkeypatch, "norecipelink", with_recipe=False)
    assert "norecipelink" in genres.available() and "norecipelink" not in generators()
    for call in (lambda: recipe("norecipelink"), lambda: generate("norecipelink", 5, 5)):
        with pytest.raises(UnknownName) as refused:
            call()
        said = str(refused.value)
        assert said.startswith("no generator for 'norecipelink'; generators exist for ")
        assert all(name in said for name in package_generators())


def test_a_genre_from_outside_the_package_with_a_recipe_in_its_folder_is_generated(tmp_path, monkeypatch):
    _outside_genre(tmp_path, monkeypatch, "ownrecipelink", with_recipe=True)
    assert "ownrecipelink" in generators()
    assert recipe("ownrecipelink").__name__ == "ownrecipelink.recipe"


def test_an_unknown_genre_is_refused_as_unknown():
    with pytest.raises(UnknownName, match="unknown genre 'kakuro'"):
        recipe("kakuro")


def genre_imports(source: str, words: set[str]) -> list[str]:
    """The genre folders a module imports by name (``from puzzlekit.genres import masyu``,
    ``import puzzlekit.genres.masyu.recipe``, ``from ..genres.masyu import X``)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            path = (node.module or "").split(".")
            if path[-1:] == ["genres"]:
                out += [alias.name for alias in node.names if alias.name in words]
            elif "genres" in path and path.index("genres") + 1 < len(path):
                out.append(path[path.index("genres") + 1])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                path = alias.name.split(".")
                if "genres" in path and path.index("genres") + 1 < len(path):
                    out.append(path[path.index("genres") + 1])
    return [name for name in out if name in words]


def test_the_generator_imports_no_genre_folder():
    words = set(genres.NAMES)
    found = {str(path.relative_to(ROOT)): genre_imports(path.read_text(), words)
             for path in sorted(ROOT.joinpath("puzzlekit", "generate").glob("*.py"))}
    assert {where: names for where, names in found.items() if names} == {}


def test_a_genre_import_is_caught():
    words = {"masyu", "tents"}
    source = ("from puzzlekit.genres import _common, masyu\nimport puzzlekit.genres.tents.recipe\n"
              "from ..genres.masyu import picture\nfrom puzzlekit import genres\n")
    assert genre_imports(source, words) == ["masyu", "tents", "masyu"]
