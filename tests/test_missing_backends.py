"""With solver packages missing, ``auto`` and the generator still work and name only installed
backends.

A missing package is simulated the way Python marks an import that fails: its module is None
in `sys.modules` (so ``import ortools`` raises ImportError and `importlib.util.find_spec` finds
nothing), undone after each test.
"""

from __future__ import annotations

import itertools
import sys
import warnings

import pytest
from conftest import EXAMPLES

import puzzlekit
from puzzlekit import api, backends, cli, genres
from puzzlekit.generate import generate, phases

#: Backend name -> the module its package installs.
SOLVER_MODULES = {name: backends.get(name).IMPORT for name in backends.NAMES if name != "search"}
#: The genres with a bundled example, and the examples.
EXAMPLE_OF = {path.stem[:-2]: path for path in sorted(EXAMPLES.glob("*01.txt"))}


def hide(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """Make the backends' packages fail to import for the rest of the test."""
    for name in names:
        monkeypatch.setitem(sys.modules, SOLVER_MODULES[name], None)
    monkeypatch.setattr(phases, "_WARNED", set())


def test_hiding_a_package_makes_its_backend_unavailable(monkeypatch):
    assert backends.available("search")
    hide(monkeypatch, "cpsat", "sat")
    assert not backends.available("cpsat") and not backends.available("sat")
    with pytest.raises(ImportError):
        import ortools  # noqa: F401
    assert backends.first_available(["cpsat", "sat", "search"]) == "search"


@pytest.mark.parametrize("missing", [("cpsat",), ("sat",), ("cpsat", "sat"), tuple(SOLVER_MODULES)])
def test_auto_chooses_only_installed_backends(monkeypatch, missing):
    hide(monkeypatch, *missing)
    for genre, path in EXAMPLE_OF.items():
        module = genres.get(genre)
        model = module.model(puzzlekit.load(genre, path))
        for name in (api.choose_backend(genre), api.choose_backend(genre, model)):
            assert name not in missing and backends.available(name), (genre, name)


@pytest.mark.parametrize("genre", ["tracks", "masyu", "nonogram", "sudoku", "queens"])
def test_a_plain_install_solves_the_examples_on_search(monkeypatch, genre):
    hide(monkeypatch, *SOLVER_MODULES)
    result = puzzlekit.solve(puzzlekit.load(genre, EXAMPLE_OF[genre]), unique=True, time_limit=120)
    assert result.backend == "search"
    assert result.status == "solved" and result.unique is True


def test_the_command_line_solves_tracks_without_ortools(monkeypatch, capsys):
    # the command users saw refused: "backend 'cpsat' needs the package 'ortools'"
    hide(monkeypatch, *SOLVER_MODULES)
    status = cli.main(["solve", "tracks", str(EXAMPLE_OF["tracks"]), "--format", "json"])
    out, err = capsys.readouterr()
    assert status in (0, None), err
    assert '"backend": "search"' in out and '"status": "solved"' in out


@pytest.mark.parametrize(
    ("genre", "size", "missing"),
    [("nonogram", 5, ("cpsat",)), ("masyu", 6, ("sat",)), ("nonogram", 5, tuple(SOLVER_MODULES))],
)
def test_generate_works_with_its_backends_missing(monkeypatch, genre, size, missing):
    hide(monkeypatch, *missing)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        made = next(generate(genre, size, size, seed=3))
    assert puzzlekit.solve(made.puzzle, backend="search", unique=True).unique is True
    proofs = made.stats["certified"]
    assert not any(proof.split()[0] == name for name, proof in itertools.product(missing, proofs)), proofs
    notes = [str(w.message) for w in said if issubclass(w.category, phases.BackendMissing)]
    assert notes and all("stands in" in note and "pip install" in note for note in notes)
    for note in notes:  # a missing backend is named only as missing, never as the one used
        used = note.rsplit(";", 1)[1]
        assert not any(f"{name!r} stands in" in used for name in missing), note


def test_generate_on_the_command_line_says_what_stands_in(monkeypatch, capsys):
    hide(monkeypatch, "cpsat")
    assert cli.main(["generate", "nonogram", "5", "--seed", "2"]) in (0, None)
    err = capsys.readouterr().err
    assert "note:" in err and "'cpsat'" in err and "'sat' stands in" in err
    assert "Warning" not in err  # a plain note, not a Python warning with its source line


def test_generate_names_no_stand_in_with_everything_installed(monkeypatch):
    monkeypatch.setattr(phases, "_WARNED", set())
    if not all(backends.available(name) for name in ("cpsat", "sat")):
        pytest.skip("needs the core backends installed")
    with warnings.catch_warnings():
        warnings.simplefilter("error", phases.BackendMissing)
        made = next(generate("nonogram", 5, 5, seed=3))
    assert made.stats["certified"][0] == "sat"
