"""No module of the package reads another module's private names.

A name starting with one underscore is its module's own business: the rest of the package
goes through public names, so a module can change its private helpers without breaking a
reader elsewhere. A package's private names (its ``_modules``, and the private names of its
``__init__``) are shared by the modules inside that package and private to everything
outside it. The scan reads every file with `ast` (nothing runs) and reports:

* ``from X import _name`` (``X`` anything outside the reader's own package);
* ``mod._name`` where ``mod`` is bound in that file to a module of the package (by ``import``
  or ``from ... import module``, lazy imports inside functions included).

``self._x`` and ``other._x`` on objects are not module reads and are left alone, and so are
dunder names (``mod.__name__``).
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT
from importgraph import module_names


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _source(node: ast.ImportFrom, module: str, is_init: bool) -> str:
    """The dotted module a ``from ... import`` reads from (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    here = module.split(".") if is_init else module.split(".")[:-1]
    keep = len(here) - (node.level - 1)
    return ".".join(here[:max(keep, 0)] + ([node.module] if node.module else []))


def private_reads(path: Path, module: str, is_init: bool, modules: dict[str, bool]) -> list[str]:
    """Every read of another module's private name in one file, as ``line: what``.

    ``modules``: every module of the package, and whether it is a package (an ``__init__``).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    tops = {m.split(".")[0] for m in modules}

    def foreign(owner: str) -> bool:
        """Whether ``owner``'s private names are out of this module's reach."""
        return not (modules.get(owner) and (module == owner or module.startswith(owner + ".")))

    bound: dict[str, str] = {}  # local name -> the module of the package it stands for
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in tops:
                    name = alias.asname or alias.name.split(".")[0]
                    bound[name] = alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            source = _source(node, module, is_init)
            for alias in node.names:
                if _private(alias.name) and foreign(source):
                    out.append(f"{node.lineno}: from {source or '.'} import {alias.name}")
                elif f"{source}.{alias.name}" in modules:
                    bound[alias.asname or alias.name] = f"{source}.{alias.name}"
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in bound and _private(node.attr) and foreign(bound[node.value.id])):
            out.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return sorted(out, key=lambda read: int(read.split(":")[0]))


def package_reads(root: Path, package: str) -> dict[str, list[str]]:
    """Per file of the package (relative to ``root``), its reads of private names."""
    found = module_names(root, package)
    modules = {name: is_init for name, (_, is_init) in found.items()}
    out = {}
    for module, (path, is_init) in found.items():
        reads = private_reads(path, module, is_init, modules)
        if reads:
            out[str(path.relative_to(root))] = reads
    return out


def test_no_module_reads_another_modules_private_names():
    assert package_reads(ROOT, "puzzlekit") == {}


def test_the_scan_catches_planted_private_reads(tmp_path: Path):
    files = {
        "__init__.py": "",
        "sub/__init__.py": "from . import _shared\n",
        "sub/_shared.py": "def helper():\n    pass\n",
        "sub/inner.py": "from pkg.sub import _shared\n\n\ndef _helper():\n    return _shared.helper()\n\n\n"
                        "class _Hidden:\n    pass\n",
        "clean.py": "from .sub import inner\n\n\nclass Box:\n    def __init__(self):\n        self._x = 1\n\n"
                    "    def read(self, other):\n        return self._x + other._x + len(inner.__name__)\n",
        "bad.py": "from .sub.inner import _helper\n"
                  "from .sub import inner, _shared\n"
                  "import pkg.sub.inner as deep\n\n\n"
                  "def f():\n    from pkg.sub import inner as lazy\n    return lazy._Hidden\n\n\n"
                  "x = inner._Hidden\ny = deep._helper\n",
    }
    for name, text in files.items():
        (tmp_path / "pkg" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "pkg" / name).write_text(text)
    reads = package_reads(tmp_path, "pkg")
    assert list(reads) == ["pkg/bad.py"]  # the package's own modules share its private module
    assert reads["pkg/bad.py"] == [
        "1: from pkg.sub.inner import _helper", "2: from pkg.sub import _shared",
        "8: lazy._Hidden", "11: inner._Hidden", "12: deep._helper"]
