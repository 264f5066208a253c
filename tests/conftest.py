"""Shared test set-up: paths, the Hypothesis profiles, and a command-line runner."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
#: The genre docs/adding-a-genre.md builds, a file outside the package.
EXAMPLE_GENRE = ROOT / "docs" / "examples" / "canalview.py"

_QUIET = [HealthCheck.too_slow, HealthCheck.filter_too_much]
settings.register_profile(
    "ci", max_examples=60, derandomize=True, deadline=None, suppress_health_check=_QUIET
)
settings.register_profile("thorough", max_examples=2000, deadline=None, suppress_health_check=_QUIET)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def example_genre() -> ModuleType:
    """The docs' example genre, loaded from its file and registered (once per process)."""
    from puzzlekit import genres

    if "canalview" not in sys.modules:
        spec = importlib.util.spec_from_file_location("canalview", EXAMPLE_GENRE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["canalview"] = module
        spec.loader.exec_module(module)
        genres.register(module)
    return sys.modules["canalview"]


def run_cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m puzzlekit.cli ARGS`` in the repository root; returns the process."""
    return subprocess.run(
        [sys.executable, "-m", "puzzlekit.cli", *args],
        cwd=ROOT, input=stdin, capture_output=True, timeout=120,
    )


@pytest.fixture
def corpus() -> Path:
    """The shared corpus folder; skips the test when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS
