"""AllDifferent groups mean what ``AllDifferent.holds`` says on every backend: CP-SAT lowers
them natively, the others read the counts ``Model.counts`` makes of them."""

from __future__ import annotations

import itertools

import pytest
from bruteforce import check_means_holds

from puzzlekit import backends
from puzzlekit.backends import cpsat, cpsat_lowering
from puzzlekit.genres import sudoku
from puzzlekit.ir import AllDifferent, Lit, Model, ModelBuilder
from puzzlekit.transforms import shapes

VARIANTS = [(name, {}) for name in backends.NAMES] + [("search", {"method": "frontier"})]


def _ints(name: str, domains, groups, build=None) -> Model:
    """Integers of the given domains, AllDifferent over each group of their positions."""
    m = ModelBuilder(name)
    xs = [m.bool(("b", i)) if dom is bool else m.int(("x", i), *dom) for i, dom in enumerate(domains)]
    var = [m.var(("b", i)) if dom is bool else xs[i] for i, dom in enumerate(domains)]
    for group in groups:
        with m.rule(f"group {group}"):
            m.all_different(var[i] for i in group)
    if build:
        build(m, var)
    m.output(var)
    return m.build()


MODELS = {
    "a permutation with a clause": lambda: _ints(
        "perm", [(1, 3)] * 3, [(0, 1, 2)], lambda m, x: m.clause([m.eq(x[0], 2), m.eq(x[2], 1)])
    ),
    "more values than members, uneven domains": lambda: _ints("wide", [(0, 2), (1, 3), (2, 4)], [(0, 1, 2)]),
    "fewer values than members": lambda: _ints("pigeons", [(1, 2)] * 3, [(0, 1, 2)]),
    "a 3x3 Latin square, overlapping groups, a given": lambda: _ints(
        "latin", [(1, 3)] * 9, [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)],
        lambda m, x: m.fix(m.eq(x[4], 2)),
    ),
    "a boolean among integers": lambda: _ints("mixed", [bool, (0, 2), (1, 1)], [(0, 1, 2)]),
    # CP-SAT takes a fixed member's value out of its groups before lowering (naked singles)
    "givens whose singles fix everything": lambda: _ints(
        "singles", [(1, 3)] * 3, [(0, 1, 2)], lambda m, x: (m.fix(m.eq(x[0], 1)), m.fix(m.eq(x[1], 2)))
    ),
    "a given whose singles clash": lambda: _ints(
        "clash", [(1, 2)] * 3, [(0, 1), (1, 2), (0, 2)], lambda m, x: m.fix(m.eq(x[0], 1))
    ),
    "a given and a value ruled out, a single in a second group": lambda: _ints(
        "chain", [(1, 3)] * 4, [(0, 1), (1, 2, 3)],
        lambda m, x: (m.fix(m.eq(x[0], 3)), m.fix(Lit(x[1].index, 1, False))),
    ),
    "empty and single groups": lambda: _ints("tiny", [(1, 2)], [(), (0,)]),
    "a variable twice in one group": lambda: _ints("twice", [(1, 3), (1, 3)], [(0, 0, 1)]),
    "a count on a group's literals": lambda: _ints(
        "counted", [(1, 4)] * 3, [(0, 1, 2)],
        lambda m, x: m.at_least(2, [m.eq(v, 4) for v in x] + [m.eq(x[0], 1)]),
    ),
}


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}{o or ''}" for n, o in VARIANTS])
@pytest.mark.parametrize("case", MODELS)
def test_all_different_means_what_holds_says(name: str, options: dict, case: str) -> None:
    check_means_holds(name, options, MODELS[case]())


@pytest.mark.parametrize("case", MODELS)
def test_the_counts_of_a_group_mean_the_group(case: str) -> None:
    """Every assignment: the groups' counts hold exactly when the groups do."""
    model = MODELS[case]()
    implied = [c for group in model.distinct for c in group.counts(model.vars)]
    assert model.counts == model.stated_counts + tuple(implied)
    for values in itertools.product(*(range(v.lo, v.hi + 1) for v in model.vars)):
        by_groups = all(group.holds(values) for group in model.distinct)
        assert by_groups == all(count.holds(values) for count in implied)


def test_a_group_covering_its_values_is_exactly_one_per_value() -> None:
    model = MODELS["a permutation with a clause"]()
    (group,) = model.distinct
    assert [(c.op, c.rhs, len(c.terms)) for c in group.counts(model.vars)] == [("==", 1, 3)] * 3
    wide = MODELS["more values than members, uneven domains"]()
    counts = wide.distinct[0].counts(wide.vars)
    assert [len(c.terms) for c in counts] == [1, 2, 3, 2, 1] and {c.op for c in counts} == {"<="}
    assert all(c.why is not None and c.why.rule == "group (0, 1, 2)" for c in counts)


def test_cpsat_lowers_sudoku_units_without_value_literals() -> None:
    """A Sudoku's units are CP-SAT AllDifferent: no (cell, digit) literal and no count is made."""
    grid = [[0] * 9 for _ in range(9)]
    grid[0][0], grid[4][4] = 5, 7
    model = sudoku.model(sudoku.Puzzle(grid))
    assert len(model.distinct) == 27 and not model.stated_counts
    low = cpsat_lowering.Lowering(model)
    assert len(low.ints) == 81 and not low.channels and not low.onehot
    assert "counts" not in model.__dict__  # the implied counts were never made
    assert low.domains[model.vars[0].index] == [5]
    result = cpsat.solve(model, limit=2)
    assert result.status == "solved" and len(result.solutions) == 2


def test_cpsat_lowers_a_group_with_a_boolean_by_its_counts() -> None:
    model = MODELS["a boolean among integers"]()
    groups, absorbed, as_counts = shapes.all_different_groups(model)
    assert groups == [] and not absorbed
    assert as_counts == model.distinct[0].counts(model.vars)


def test_with_constraints_keeps_the_groups() -> None:
    model = MODELS["a permutation with a clause"]()
    more = model.with_constraints(counts=model.counts[:1])
    assert more.distinct == model.distinct and len(more.stated_counts) == 1
    assert isinstance(more.distinct[0], AllDifferent)


def test_cpsat_takes_a_fixed_members_value_out_of_its_groups_before_lowering():
    pytest.importorskip("ortools")
    low = cpsat_lowering.Lowering(MODELS["a given and a value ruled out, a single in a second group"]())
    assert [list(low.domains[v]) for v in range(4)] == [[3], [2], [1, 3], [1, 3]]
    groups = [len(c.all_diff.exprs) for c in low.proto.constraints if len(c.all_diff.exprs)]
    assert groups == [2]  # over x2 and x3 only: the fixed ones left their groups
