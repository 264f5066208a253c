"""Booleans that two-literal exactly-one counts tie together: `shapes.equivalences` finds the
classes, and CP-SAT, which gives each class one variable, still means what ``holds`` says."""

from __future__ import annotations

import pytest
from bruteforce import check_means_holds

from puzzlekit import backends
from puzzlekit.backends import cpsat, cpsat_lowering
from puzzlekit.genres import tents
from puzzlekit.ir import Lit, Model, ModelBuilder
from puzzlekit.transforms import shapes

VARIANTS = [(name, {}) for name in backends.NAMES]


def _bools(n: int, build) -> Model:
    m = ModelBuilder("tied")
    xs = [m.bool(("x", i)) for i in range(n)]
    build(m, xs)
    m.output(xs)
    return m.build()


MODELS = {
    "a chain of opposites": lambda: _bools(
        4, lambda m, x: [m.exactly(1, [x[i], x[i + 1]]) for i in range(3)]
    ),
    "equal through a negation, then a count on both": lambda: _bools(3, lambda m, x: (
        m.exactly(1, [x[0], ~x[1]]), m.exactly(1, [~x[2], x[1]]), m.at_least(2, x),
    )),
    "the false value of a boolean as a literal": lambda: _bools(3, lambda m, x: (
        m.exactly(1, [Lit(x[0].var, 0), x[1]]), m.exactly(1, [Lit(x[1].var, 0, False), x[2]]),
    )),
    "a redundant count closing a cycle": lambda: _bools(3, lambda m, x: (
        m.exactly(1, [x[0], x[1]]), m.exactly(1, [x[1], x[2]]), m.exactly(1, [x[0], ~x[2]]),
    )),
    "a count contradicting the others": lambda: _bools(3, lambda m, x: (
        m.exactly(1, [x[0], x[1]]), m.exactly(1, [x[1], x[2]]), m.exactly(1, [x[0], x[2]]),
    )),
    "a literal twice": lambda: _bools(2, lambda m, x: (m.exactly(1, [x[0], x[0]]), m.clause([x[1]]))),
    "an aliased variable in a clause, a weight and a run": lambda: _bools(4, lambda m, x: (
        m.exactly(1, [x[0], x[3]]), m.clause([~x[3], x[1]]),
        m.count([(2, x[3]), (1, x[2])], "==", 2), m.runs([x[1], x[3], x[2]], [1]),
    )),
}


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[n for n, _ in VARIANTS])
@pytest.mark.parametrize("case", MODELS)
def test_tied_booleans_mean_what_holds_says(name: str, options: dict, case: str) -> None:
    check_means_holds(name, options, MODELS[case]())


def test_classes_and_the_counts_they_absorb() -> None:
    alias, absorbed = shapes.equivalences(MODELS["a chain of opposites"]())
    assert alias == {1: (0, True), 2: (0, False), 3: (0, True)} and absorbed == {0, 1, 2}
    alias, absorbed = shapes.equivalences(MODELS["equal through a negation, then a count on both"]())
    assert alias == {1: (0, False), 2: (0, False)} and absorbed == {0, 1}  # the at-least stays
    alias, absorbed = shapes.equivalences(MODELS["the false value of a boolean as a literal"]())
    assert alias == {1: (0, False), 2: (0, True)}  # x1 is x0; x2 is not x1
    _, absorbed = shapes.equivalences(MODELS["a redundant count closing a cycle"]())
    assert absorbed == {0, 1, 2}
    _, absorbed = shapes.equivalences(MODELS["a count contradicting the others"]())
    assert absorbed == {0, 1}  # the third would make x0 its own negation: it stays
    assert shapes.equivalences(MODELS["a literal twice"]()) == ({}, set())


def test_a_weighted_or_wider_count_ties_nothing() -> None:
    def build(m: ModelBuilder, x: list[Lit]) -> None:
        m.count([(2, x[0]), (1, x[1])], "==", 1)
        m.at_most(1, [x[1], x[2]])
        m.exactly(1, [x[0], x[1], x[2]])
        m.exactly(2, [x[1], x[2]])

    assert shapes.equivalences(_bools(3, build)) == ({}, set())
    m = ModelBuilder("ints")
    a, b = m.int("a", 0, 1), m.int("b", 0, 2)
    m.exactly(1, [m.eq(a, 1), m.eq(b, 2)])
    assert shapes.equivalences(m.build()) == ({}, set())


def test_cpsat_makes_one_variable_per_class_on_tents() -> None:
    """A cell beside one tree only: its tent and its pairing are one CP-SAT variable."""
    puzzle = tents.parse("cols: 1 0 1\nrows: 1 0 1\n.T.\n...\n.T.\n")
    model = tents.model(puzzle)
    alias, absorbed = shapes.equivalences(model)
    assert alias and len(absorbed) == len(alias)
    low = cpsat_lowering.Lowering(model)
    assert len(low.proto.variables) == len(model.vars) + 1 - len(alias)  # + the constant
    result = cpsat.solve(model, limit=3)
    assert result.complete and {tuple(sorted(tents.decode(puzzle, s).tents)) for s in result.solutions} == {
        ((0, 0), (2, 2)), ((0, 2), (2, 0)),
    }
