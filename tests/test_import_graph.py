"""The benchmark modules import each other one way only, lazy imports inside functions included."""

from __future__ import annotations

from pathlib import Path

from importgraph import find_cycle, import_graph

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_modules_import_each_other_without_a_cycle() -> None:
    graph = import_graph(ROOT, "benchmarks")
    files = [p.stem for p in (ROOT / "benchmarks").glob("*.py") if p.stem != "__init__"]
    assert set(graph) == {"benchmarks", *(f"benchmarks.{name}" for name in files)}
    assert graph["benchmarks.__main__"]  # the graph does see the package's own imports
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_find_cycle_reports_a_hand_made_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set()}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}}) is None  # "c" only appears as a target
    assert find_cycle({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}) is None  # a diamond
    assert find_cycle({}) is None


def _package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_import_graph_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    _package(tmp_path, {
        "pkg/__init__.py": "from .api import solve\n",
        "pkg/api.py": "from . import sub\nfrom .sub.deep import thing\nimport os\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/deep.py": "def f():\n    from .. import api\n    from pkg import solve\n",
        "pkg/other.py": "import pkg.sub.deep\nfrom .sub import *\nfrom .sub import missing_name\n",
    })
    graph = import_graph(tmp_path, "pkg")
    assert graph == {
        "pkg": {"pkg.api"},
        "pkg.api": {"pkg.sub", "pkg.sub.deep"},
        "pkg.sub": set(),
        "pkg.sub.deep": {"pkg.api", "pkg"},  # both imports inside a function
        "pkg.other": {"pkg.sub.deep", "pkg.sub"},
    }
    assert find_cycle(graph) == ["pkg", "pkg.api", "pkg.sub.deep", "pkg"]
