"""Every backend module follows one template: the same public names, options checked by
`base.check_options` alone, options readable without the solver, and a registry that reads
the modules instead of keeping tables of its own."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from models import edges_of, grid_model

from puzzlekit import backends
from puzzlekit.backends import base
from puzzlekit.errors import BackendUnavailable, UnknownName
from puzzlekit.ir import ModelBuilder

TEMPLATE = {"NAME", "PACKAGE", "EXTRA", "IMPORT", "OPTIONS", "SUPPORTS", "version", "solve"}
KINDS = {"Count", "Clause", "Loop", "Path", "DisjointPaths", "Connected", "Runs", "AllDifferent"}
#: The top-level package each backend's solver is imported as (search needs none).
SOLVER_PACKAGES = {"cpsat": "ortools", "z3": "z3", "mip": "pulp", "sat": "pysat", "csp": "constraint"}
#: Valid values besides the defaults, per backend and option.
VALID = {
    "cpsat": {"workers": [1, "2", 64], "work": [0.5, "2", 3]},
    "z3": {"graph": ["order", "CUTS"], "logic": ["QF_FD", "SMT"]},
    "mip": {"solver": ["cbc", "HiGHS"]},
    "sat": {"solver": ["glucose42", "cd19"], "cuts": ["shared"], "labels": ["onehot", False, "false"]},
}
#: Values that must be refused with the option checker's message (besides a foreign object).
INVALID = {
    "cpsat": {"workers": [-1, 65, 100_000, True, "many", 2.0],
              "work": [-1, "lots", True, float("inf"), float("nan")]},
    "z3": {"graph": ["flow", ""], "logic": ["nosuch", "qf_fd", ""]},
    "mip": {"solver": ["gurobi", None]},
    "sat": {"solver": ["nosuch", 3], "cuts": ["weak"], "labels": ["gray", True, 0]},
}


class Foreign:
    """A value no option takes."""

    def __repr__(self) -> str:
        return "<foreign>"


def module(name: str):
    return importlib.import_module(backends.MODULES[name])


def public_names(path: Path) -> set[str]:
    """Top-level functions, classes and assigned names not starting with ``_`` (imports aside)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {n for n in names if not n.startswith("_")}


def installed(name: str):
    """The backend module, or a skip when its solver is missing."""
    if backends.version(name) is None:
        pytest.skip(f"{name} is not installed")
    return module(name)


def tiny():
    return grid_model(2, 2, "loop")  # one answer: the square


def refusal(name: str, options: dict) -> str:
    """The message `check_options` gives for these options of this backend."""
    with pytest.raises(UnknownName) as info:
        base.check_options(module(name).NAME, backends.options(name), options)
    return str(info.value)


# the shape of a module -----------------------------------------------------------------------
@pytest.mark.parametrize("name", backends.NAMES)
def test_module_defines_exactly_the_template_names(name):
    mod = module(name)
    assert public_names(Path(mod.__file__)) == TEMPLATE


@pytest.mark.parametrize("name", backends.NAMES)
def test_declarations_have_the_template_types(name):
    mod = module(name)
    assert mod.NAME == name
    assert isinstance(mod.OPTIONS, dict)
    assert all(isinstance(option, base.Option) for option in mod.OPTIONS.values())
    assert isinstance(mod.SUPPORTS, frozenset) and {"Count", "Clause"} <= mod.SUPPORTS <= KINDS


def test_importing_a_backend_imports_no_solver():
    code = (
        "import sys\n"
        "from puzzlekit import backends\n"
        f"names = {sorted(backends.NAMES)!r}\n"
        "for n in names: backends.options(n)\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {" +
        ", ".join(repr(p) for p in SOLVER_PACKAGES.values()) + "}))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_registry_reads_the_modules():
    for name in backends.NAMES:
        mod = module(name)
        assert backends.EXTRAS[name] == mod.EXTRA
        assert dict(backends.OPTIONS[name]) == {k: o.help for k, o in backends.options(name).items()}
        assert backends.options(name) == dict(getattr(mod, "OPTIONS", backends.options(name)))
    assert list(backends.OPTIONS) == list(backends.NAMES) == list(backends.EXTRAS)
    with pytest.raises(TypeError):
        backends.OPTIONS["cpsat"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        backends.OPTIONS["cpsat"]["workers"] = "x"  # type: ignore[index]
    with pytest.raises(UnknownName, match="unknown backend"):
        backends.options("nope")


# options: one checker, the same message ------------------------------------------------------
@pytest.mark.parametrize("name", backends.NAMES)
def test_an_unknown_option_is_refused_by_the_checker(name):
    mod = module(name)
    expected = refusal(name, {"bogus": 1})
    with pytest.raises(UnknownName) as info:
        mod.solve(tiny(), bogus=1)
    assert str(info.value) == expected


def option_cases(table: dict) -> list:
    cases = []
    for name in backends.NAMES:
        for key in backends.options(name):
            for value in [*table.get(name, {}).get(key, ()), *([Foreign()] if table is INVALID else [])]:
                cases.append(pytest.param(name, key, value, id=f"{name}-{key}-{value!r}"))
    return cases


@pytest.mark.parametrize("name, key, value", option_cases(INVALID))
def test_a_bad_value_is_refused_by_the_checker(name, key, value):
    mod = installed(name)
    try:
        expected = refusal(name, {key: value})
    except BackendUnavailable:
        pytest.skip(f"{name} needs its solver to check {key}")
    assert f"bad value {value!r} for option {key!r}" in expected
    with pytest.raises(UnknownName) as info:
        mod.solve(tiny(), **{key: value})
    assert str(info.value) == expected


@pytest.mark.parametrize("name", backends.NAMES)
def test_defaults_and_valid_values_are_accepted(name):
    mod = installed(name)
    declared = backends.options(name)
    for key, option in declared.items():
        values = [option.default, *VALID.get(name, {}).get(key, ())]
        for value in values:
            if name == "mip" and key == "solver" and str(value).lower() == "highs":
                pytest.importorskip("highspy")
            result = mod.solve(tiny(), limit=2, **{key: value})
            outcome = (result.status, len(result.solutions), result.complete)
            assert outcome == ("solved", 1, True), (key, value)
    checked = base.check_options(mod.NAME, declared, {})
    assert checked == {key: option.default for key, option in declared.items()}


def test_workers_out_of_range_never_reaches_cp_sat():
    pytest.importorskip("ortools")
    from puzzlekit.backends import cpsat

    with pytest.raises(UnknownName, match="workers must be a whole number from 0 to 64"):
        cpsat.solve(tiny(), workers=100_000)


# the shared driver ---------------------------------------------------------------------------
def test_prepare_rewrites_only_what_a_backend_lacks():
    m = ModelBuilder("mixed")
    edges = edges_of(m, 2, 2)
    m.loop(edges)
    row = [m.bool(("r", i)) for i in range(3)]
    m.runs(row, (1,))
    m.output([e.lit for e in edges] + row)
    mixed = m.build()
    everything = base.prepare(mixed, KINDS)
    assert everything.model is mixed and everything.graphs == ()
    nothing = base.prepare(mixed, {"Count", "Clause"})
    assert not nothing.model.graphs and not nothing.model.runs and len(nothing.graphs) == 1
    loops = base.prepare(mixed, {"Count", "Clause", "Loop"})
    assert loops.model.graphs == mixed.graphs and not loops.model.runs and loops.graphs == ()
    with pytest.raises(ValueError, match="Count"):
        base.prepare(mixed, {"Clause"})
