"""The import graph of a package's own modules, read from the source, and a cycle finder.

    graph = import_graph(ROOT, "benchmarks")   # {"benchmarks.plan": {"benchmarks.runner", ...}, ...}
    assert find_cycle(graph) is None

`import_graph` parses every ``.py`` file of the package with `ast` (nothing is imported or
run) and collects every import statement wherever it stands: at the top of the module, inside
functions and classes, under ``if TYPE_CHECKING:`` or ``try:``. A lazy import inside a
function therefore counts like any other, which is the point: it hides a cycle from the
interpreter, not from this check. Relative imports are resolved against the importing module.

An edge goes to the most specific project module an import names: ``from pkg import mod``
points at ``pkg.mod`` when that is a module of the package, else at ``pkg`` (an attribute of
its ``__init__``); ``import pkg.a.b`` points at ``pkg.a.b``. Parent packages that Python
initialises on the way are not edges. Imports of anything outside the package are dropped,
and so are imports by string (``importlib.import_module("...")``).
"""

from __future__ import annotations

import ast
from pathlib import Path


def module_names(root: Path, package: str) -> dict[str, tuple[Path, bool]]:
    """Every module of ``root/package``: dotted name -> (file, whether it is a package's ``__init__``).

    Hidden folders are left out: they hold installed copies of other programs (the benchmark
    peers under ``benchmarks/.peers``), not modules of the package.
    """
    base = Path(root) / package.replace(".", "/")
    found = {}
    for path in sorted(base.rglob("*.py")):
        if any(part.startswith(".") for part in path.relative_to(base).parts):
            continue
        parts = [package, *path.relative_to(base).with_suffix("").parts]
        is_init = parts[-1] == "__init__"
        if is_init:
            parts.pop()
        found[".".join(parts)] = (path, is_init)
    return found


def _resolve(name: str, known: set[str]) -> str | None:
    """The longest prefix of a dotted name that is a known module (None: not in the package)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def _imported(tree: ast.AST, module: str, is_init: bool) -> list[str]:
    """The dotted names every import statement in ``tree`` brings in (relative ones resolved)."""
    names = []
    here = module.split(".") if is_init else module.split(".")[:-1]  # the module's own package
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                keep = len(here) - (node.level - 1)
                if keep <= 0:
                    continue  # beyond the top package: not a project module
                source = ".".join(here[:keep] + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            names += [source if alias.name == "*" else f"{source}.{alias.name}" for alias in node.names]
    return names


def import_graph(root: Path | str, package: str) -> dict[str, set[str]]:
    """{module: the package's modules it imports}, for every module under ``root/package``.

    ``root`` is the directory that holds the package directory (the one on ``sys.path``).
    Every module of the package is a key, with an empty set when it imports none of the others;
    a module importing itself (a name from its own ``__init__``) is no edge.
    """
    modules = module_names(Path(root), package)
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for module, (path, is_init) in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets: set[str] = set()
        for name in _imported(tree, module, is_init):
            target = _resolve(name, known)
            if target is not None and target != module:
                targets.add(target)
        graph[module] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the directed graph as ``[a, b, ..., a]``, or None when it has none.

    Nodes that only appear as targets count as nodes without edges. The search is a depth-first
    walk in sorted order, so the same graph always gives the same cycle.
    """
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path = [start]
        on_path = {start}
        branches = [iter(sorted(graph.get(start, ())))]
        while branches:
            nxt = next(branches[-1], None)
            if nxt is None:
                branches.pop()
                finished = path.pop()
                on_path.discard(finished)
                done.add(finished)
            elif nxt in on_path:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in done:
                path.append(nxt)
                on_path.add(nxt)
                branches.append(iter(sorted(graph.get(nxt, ()))))
    return None
