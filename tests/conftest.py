"""Shared test set-up: paths, the Hypothesis profiles, a command-line runner, and the browser.

The browser tests share one Chromium for the session (the ``context`` fixture here):
Playwright's synchronous API allows one instance per thread.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

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


#: Tests marked ``long`` (minutes each: docs/testing.md lists them) run only when asked, so
#: that the default run (and ``.ci/run``) stays within half an hour on two cores; run them
#: before an issue is resolved.
LONG = os.environ.get("PUZZLEKIT_LONG") == "1"


def long_when(condition: bool) -> tuple[pytest.MarkDecorator, ...]:
    """The marks of a parameter that is a long profile when ``condition`` holds."""
    return (pytest.mark.long,) if condition else ()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", help="also run the tests marked long "
                     "(the long profiles; PUZZLEKIT_LONG=1 does the same)")


def pytest_configure(config: pytest.Config) -> None:
    # ``--long`` must scale the count-scaled cases too (they read LONG when their module is
    # imported, after this hook), so it sets what PUZZLEKIT_LONG=1 sets, in xdist's workers too.
    global LONG
    if config.getoption("--long"):
        LONG = True
        os.environ["PUZZLEKIT_LONG"] = "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if LONG:
        return
    skip = pytest.mark.skip(reason="a long profile: run with --long or PUZZLEKIT_LONG=1")
    for item in items:
        if item.get_closest_marker("long") is not None:
            item.add_marker(skip)


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


def kit_declaration(module: ModuleType) -> Any:
    """The genre kit's declaration of a genre module (``GENRE``, or ``KIT`` for a genre folder
    with its own recipe or pack page), or None for a genre written by hand. Shared test tables
    derive a kit genre's entries from it, so that adding a kit genre edits no shared test."""
    return getattr(module, "GENRE", None) or getattr(module, "KIT", None)


def kit_names() -> tuple[str, ...]:
    """The package's genres made with the genre kit alone (``GENRE``: no recipe or pack page of
    their own, so every shared command reads their layers), in `NAMES` order."""
    from puzzlekit import genres

    return tuple(name for name in genres.NAMES if getattr(genres.get(name), "GENRE", None) is not None)


@functools.cache  # asked again for the same shapes by several files' set-up, at collection
def plants(module: ModuleType, height: int, width: int) -> bool:
    """Whether a kit genre's planter makes a puzzle of that shape (one it cannot make is
    refused with a ValueError or a puzzle error)."""
    import random

    from puzzlekit.errors import PuzzlekitError

    try:
        module.random_puzzle(random.Random(0), height, width, keep=1.0)
    except (ValueError, PuzzlekitError):
        return False
    return True


def genre_option(name: str, attr: str, default: Any) -> Any:
    """What a genre's own test file (``tests/genres/test_NAME.py``) says of a shared test
    (``CROSSCHECK_SIDES``, ...), or the default: a genre that needs something special says
    so there rather than in a shared table."""
    path = ROOT / "tests" / "genres" / f"test_{name}.py"
    if not path.exists():
        return default
    # read as a literal, not imported: a test file imports its neighbours and fixtures
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == attr for t in node.targets):
            return ast.literal_eval(node.value)
    return default


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


# The browser of tests/browser/: Debian's Chromium, or $PUZZLEKIT_CHROMIUM.
CHROMIUM = os.environ.get("PUZZLEKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def _absent(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI must run the browser tests; .ci/run installs them)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def context(tmp_path_factory):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _absent("the playwright package is not installed: pip install -e '.[browser]'")
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        _absent(f"no Chromium at {CHROMIUM}: apt-get install chromium (or set PUZZLEKIT_CHROMIUM)")
    manager = sync_playwright().start()
    ctx = manager.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM, headless=True, args=ARGS,
        viewport={"width": 1100, "height": 900},
    )
    yield ctx
    ctx.close()
    manager.stop()
