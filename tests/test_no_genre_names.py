"""No shared command branches on a genre's name: what one genre needs lives in its folder.

The shared code of files, pictures, generation and packs (``formats/``, ``render/``,
``generate/``, ``pack/``) works from what a genre declares. This test reads their source and
fails on a genre's name or alias written there as a string (outside docstrings and comments),
on a module named after a genre, and, in the pack page's scripts and styles, on a genre's
name used as a key, a string or a class.
"""

from __future__ import annotations

import ast
import re

import pytest
from conftest import ROOT

from puzzlekit import genres

#: The folders that already hold no genre's knowledge; each joins as its genre code moves into
#: the genres' folders (the goal: formats, render, generate and pack).
SHARED = ("formats", "render", "generate", "pack")
#: Modules of the package's core that hold no genre's knowledge either: the backend choice
#: reads each genre's measured order from its module.
MODULES = ("choosing.py", "api.py")


def _key(word: str) -> str:
    return re.sub(r"[\s_-]", "", word.lower())


def genre_words() -> set[str]:
    """Every name and alias the package's genres answer to, as `_key` compares them."""
    words = set(genres.NAMES) | set(genres.VARIANTS) | set(genres.ALIASES)
    for name in genres.NAMES:
        words |= set(getattr(genres.get(name), "ALIASES", ()))
    return {_key(w) for w in words}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def python_names(source: str, words: set[str]) -> list[tuple[int, str]]:
    """(line, word) for each string constant of the source that is a genre's name."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            and _key(node.value) in words]


_COMMENTS = re.compile(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", re.S)


def page_names(source: str, words: set[str]) -> list[tuple[int, str]]:
    """(line, word) for each genre name in a script or style sheet, comments left out."""
    text = _COMMENTS.sub(lambda m: "\n" * m.group().count("\n"), source)
    return [(text.count("\n", 0, m.start()) + 1, m.group()) for m in re.finditer(r"[A-Za-z]+", text)
            if m.group().lower() in words]


def violations() -> list[str]:
    words = genre_words()
    # In scripts and styles only the genres' own names count: their aliases are common words.
    names = {_key(n) for n in (*genres.NAMES, *genres.VARIANTS)}
    out = []
    for folder in SHARED:
        for path in sorted(ROOT.joinpath("puzzlekit", folder).rglob("*")):
            where = path.relative_to(ROOT)
            if path.suffix == ".py":
                if _key(path.stem) in words:
                    out.append(f"{where}: a module named after a genre")
                out += [f"{where}:{line}: {word!r}" for line, word in python_names(path.read_text(), words)]
            elif path.suffix in (".js", ".css"):
                out += [f"{where}:{line}: {word}" for line, word in page_names(path.read_text(), names)]
    return out


def test_no_shared_command_names_a_genre():
    found = violations()
    assert found == [], f"{len(found)} genre names in shared code:\n" + "\n".join(found[:60])


@pytest.mark.parametrize("module", MODULES)
def test_no_core_module_holds_a_table_of_genres(module):
    path = ROOT / "puzzlekit" / module
    assert python_names(path.read_text(), genre_words()) == []


def test_a_planted_name_is_caught():
    words = genre_words()
    planted = ('"""Docstrings may say masyu."""\n# so may comments: tents\n'
               'if genre == "masyu":\n    kind = "Loopy"\n')
    assert python_names(planted, words) == [(3, "masyu"), (4, "Loopy")]
    assert python_names('x = {"cells": 1, "masyu_like": 2}\n', words) == []
    script = "// masyu in a comment\nconst draw = {\n  tents: drawTents, /* sudoku */ kit: drawKit,\n};\n"
    assert page_names(script, {"tents", "sudoku", "masyu"}) == [(3, "tents")]
    assert page_names(".board .sudoku td { color: red }\n", {"sudoku"}) == [(1, "sudoku")]


@pytest.mark.parametrize("folder", SHARED)
def test_the_shared_folders_exist(folder):
    """The test reads real folders: a rename would silently empty it."""
    assert any(ROOT.joinpath("puzzlekit", folder).rglob("*.py"))
