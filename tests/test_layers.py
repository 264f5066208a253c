"""The house rules: layers import only downwards, no import cycle, small files, one union-find.

The layers of docs/architecture.md, bottom up. A module's layer is the longest entry of
`LAYERS` that names it or a package holding it; a new module that matches none fails the
test until it is given a place.
"""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from importgraph import find_cycle, import_graph

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("puzzlekit.errors", "puzzlekit.clock", "puzzlekit.unionfind", "puzzlekit.ir",
                    "puzzlekit.arguments", "puzzlekit.exits", "puzzlekit.grid", "puzzlekit.textio",
                    "puzzlekit.outputs")),
    ("transforms", ("puzzlekit.transforms",)),
    ("propagation", ("puzzlekit.propagation",)),
    ("genre kit", ("puzzlekit.board",)),
    ("genres and backends", ("puzzlekit.genres", "puzzlekit.backends")),
    ("pictures and file formats", ("puzzlekit.render", "puzzlekit.formats")),
    ("reasoning", ("puzzlekit.ladder",)),
    ("pipeline", ("puzzlekit.choosing", "puzzlekit.api")),
    ("generating", ("puzzlekit.generate",)),
    ("batch", ("puzzlekit.batch",)),
    ("pack", ("puzzlekit.pack",)),
    ("command", ("puzzlekit.cli", "puzzlekit.__main__", "puzzlekit")),
)
#: Side by side in one layer, never importing each other.
APART: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("puzzlekit.genres", "puzzlekit.board"), ("puzzlekit.backends",)),
)
#: A genre folder's own code for a shared command (``puzzlekit.genres.<genre>.<role>``) sits in
#: that command's layer: it may use what the command offers to every genre.
ROLES: dict[str, str] = {
    "picture": "puzzlekit.render", "puzzlink": "puzzlekit.formats", "pasted": "puzzlekit.formats",
    "recipe": "puzzlekit.generate", "packing": "puzzlekit.pack", "tatham": "puzzlekit.formats",
}
MAX_LINES = 600


def _within(module: str, prefix: str) -> bool:
    return module == prefix or (prefix != "puzzlekit" and module.startswith(prefix + "."))


def layer_of(module: str) -> int:
    """The index in `LAYERS` of a module (KeyError for a module with no place)."""
    parts = module.split(".")
    if len(parts) >= 4 and parts[:2] == ["puzzlekit", "genres"] and parts[3] in ROLES:
        module = ROLES[parts[3]]
    best: tuple[int, int] | None = None
    for rank, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if _within(module, prefix) and (best is None or len(prefix) > best[1]):
                best = (rank, len(prefix))
    if best is None:
        raise KeyError(f"{module} has no layer in tests/test_layers.py")
    return best[0]


def broken_rules(graph: dict[str, set[str]]) -> list[str]:
    """Every import that runs up a layer or across the genres/backends divide."""
    out = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if layer_of(target) > layer_of(module):
                out.append(f"{module} -> {target}: up from {LAYERS[layer_of(module)][0]}")
            for one, other in APART:
                for a, b in ((one, other), (other, one)):
                    if any(_within(module, p) for p in a) and any(_within(target, p) for p in b):
                        out.append(f"{module} -> {target}: genres and backends stay apart")
    return out


@pytest.fixture(scope="module")
def package_graph() -> dict[str, set[str]]:
    return import_graph(ROOT, "puzzlekit")


def test_every_module_has_a_layer(package_graph):
    for module in package_graph:
        layer_of(module)


def test_imports_run_only_downwards(package_graph):
    assert broken_rules(package_graph) == []


def test_no_import_cycle_in_the_package(package_graph):
    assert find_cycle(package_graph) is None


def test_no_import_cycle_in_the_benchmarks():
    assert find_cycle(import_graph(ROOT, "benchmarks")) is None


def test_the_package_never_imports_benchmarks_or_tests():
    pattern = re.compile(r"^\s*(from|import)\s+(benchmarks|tests|conftest)\b", re.M)
    offenders = [p for p in ROOT.joinpath("puzzlekit").rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == []


def test_the_rules_catch_an_upward_import_a_crossing_and_a_cycle():
    graph = {
        "puzzlekit.ir": {"puzzlekit.api"},  # up
        "puzzlekit.genres.masyu": {"puzzlekit.backends.sat"},  # across
        "puzzlekit.backends.sat": {"puzzlekit.ir"},
        "puzzlekit.api": {"puzzlekit.ir"},
    }
    broken = broken_rules(graph)
    assert any("puzzlekit.ir -> puzzlekit.api" in b for b in broken)
    assert any("stay apart" in b for b in broken)
    assert len(broken) == 2
    assert find_cycle(graph) == ["puzzlekit.api", "puzzlekit.ir", "puzzlekit.api"]
    with pytest.raises(KeyError):
        layer_of("somewhere.else")


def test_a_genre_folders_role_modules_sit_in_their_commands_layers():
    assert layer_of("puzzlekit.genres.masyu.picture") == layer_of("puzzlekit.render")
    assert layer_of("puzzlekit.genres.masyu.recipe") == layer_of("puzzlekit.generate")
    assert layer_of("puzzlekit.genres.masyu.packing") == layer_of("puzzlekit.pack")
    assert layer_of("puzzlekit.genres.masyu") == layer_of("puzzlekit.genres")
    # a recipe may use the generator; the genre itself may not
    assert broken_rules({"puzzlekit.genres.masyu.recipe": {"puzzlekit.generate.phases"}}) == []
    assert broken_rules({"puzzlekit.genres.masyu": {"puzzlekit.generate.phases"}}) != []


def test_no_file_is_too_long():
    files = [p for pattern in ("*.py", "*.js", "*.css") for p in ROOT.joinpath("puzzlekit").rglob(pattern)]
    long = {str(p.relative_to(ROOT)): n for p in files if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_union_find_is_written_once():
    """Path halving or compression (``parent[x] = parent[parent[x]]``) appears in unionfind.py only."""
    pattern = re.compile(r"(\w+)\[(\w+)\]\s*=\s*\1\[\1\[\2\]\]")
    places = [str(p.relative_to(ROOT)) for p in ROOT.joinpath("puzzlekit").rglob("*.py")
              if pattern.search(p.read_text())]
    assert places == ["puzzlekit/unionfind.py"]


def test_no_top_level_backends_module_is_installed(tmp_path):
    """Outside the checkout, only the one package imports: no stray top-level ``backends``."""
    import subprocess
    import sys

    probe = (
        "import importlib.util as u;"
        "print(u.find_spec('backends') is None, u.find_spec('puzzlekit.backends') is not None)"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, check=True)
    assert out.stdout.split() == [b"True", b"True"]


def test_the_propagation_engine_sits_below_its_users():
    """The engine is a library for the search backend, the ladder and the generator."""
    engine = layer_of("puzzlekit.propagation.engine")
    assert layer_of("puzzlekit.transforms.runs") < engine
    for user in ("puzzlekit.backends.search", "puzzlekit.ladder.reasoner", "puzzlekit.generate.phases"):
        assert engine < layer_of(user)
    assert broken_rules({"puzzlekit.propagation.engine": {"puzzlekit.backends.base"}}) != []
