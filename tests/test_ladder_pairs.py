"""The ladder's pairs leave out two clauses that can never narrow together (`resolution.resolvable`):
the closures of ``pairs`` are those of every pair kept, on random models of clauses and counts
over boolean variables and over variables of a few values, from random partial states."""

from __future__ import annotations

import random

import pytest

from puzzlekit.ir import Model, ModelBuilder
from puzzlekit.ladder import PAIRS, Reasoner
from puzzlekit.ladder import rules as ladder_rules


def random_model(rng: random.Random) -> Model:
    """Clauses of two to four literals over a few booleans (so that many share two or more),
    and now and then a count."""
    m = ModelBuilder("clauses")
    xs = [m.bool(("x", i)) for i in range(rng.randint(5, 9))]
    for _ in range(rng.randint(6, 20)):
        lits = rng.sample(xs, rng.randint(2, 4))
        m.clause([x if rng.random() < 0.5 else ~x for x in lits])
    if rng.random() < 0.5:
        m.exactly(rng.randint(1, 3), rng.sample(xs, 4))
    m.output(xs)
    return m.build()


def closure(model: Model, masks: list[int]) -> list[int] | None:
    engine = Reasoner(model).close(PAIRS, masks)
    return None if engine is None else list(engine.dom)


def test_two_clauses_with_one_opposite_variable_and_a_shared_literal_are_kept():
    m = ModelBuilder("two")
    v, x, y, z = (m.bool(name) for name in "vxyz")
    m.clause([v, x, y])
    m.clause([~v, x, z])  # with the first, once y and z are false: x (their resolvent)
    m.clause([v, ~x, z])  # v and x opposite to the second's: the two never narrow together
    m.output([v, x, y, z])
    reasoner = Reasoner(m.build())
    assert sorted((i, j) for i, j, _, _ in reasoner.pairs.pairs) == [(0, 1), (0, 2)]
    masks = reasoner.masks(None)
    masks[y.var] = masks[z.var] = 1  # false
    engine = reasoner.close(PAIRS, masks)
    assert engine is not None and engine.dom[x.var] == 2  # true


def test_two_clauses_with_no_opposite_variable_are_left_out():
    m = ModelBuilder("same")
    v, x, y, z = (m.bool(name) for name in "vxyz")
    m.clause([~v, ~x, y])
    m.clause([~v, ~x, z])  # "v and x: y", "v and x: z"
    m.output([v, x, y, z])
    assert Reasoner(m.build()).pairs.pairs == []


def random_int_model(rng: random.Random) -> Model:
    """Clauses of two to four literals ``x == k`` or ``x != k`` over a few variables of
    three or four values, and now and then a count of one value."""
    m = ModelBuilder("values")
    xs = [m.int(("x", i), 1, rng.randint(3, 4)) for i in range(rng.randint(4, 7))]
    for _ in range(rng.randint(6, 20)):
        lits = [m.eq(x, rng.randint(1, x.hi)) for x in rng.sample(xs, rng.randint(2, 4))]
        m.clause([lit if rng.random() < 0.5 else ~lit for lit in lits])
    if rng.random() < 0.5:
        m.exactly(1, [m.eq(x, 1) for x in rng.sample(xs, 3)])
    m.output(xs)
    return m.build()


def fix_boolean(rng: random.Random, mask: int) -> int:
    return rng.choice((1, 2))


def narrow_values(rng: random.Random, mask: int) -> int:
    """One or two values fewer (never none)."""
    kept = mask & ~(1 << rng.randrange(mask.bit_length()))
    return kept & ~(1 << rng.randrange(mask.bit_length())) or kept or mask


@pytest.mark.parametrize("make, narrow", [(random_model, fix_boolean), (random_int_model, narrow_values)],
                         ids=["booleans", "values"])
@pytest.mark.parametrize("seed", range(40))
def test_pairs_left_out_change_no_closure(make, narrow, seed, monkeypatch):
    rng = random.Random(seed)
    model = make(rng)
    states = []
    for _ in range(6):
        masks = Reasoner(model).masks(None)
        for v in rng.sample(range(len(masks)), rng.randint(0, 3)):
            masks[v] = narrow(rng, masks[v])
        states.append(masks)
    filtered = [closure(model, list(masks)) for masks in states]
    monkeypatch.setattr(ladder_rules, "resolvable", lambda a, b: True)
    assert filtered == [closure(model, list(masks)) for masks in states]


def test_two_clauses_at_two_values_of_a_variable_are_kept():
    m = ModelBuilder("values")
    v, x, y = (m.int(name, 1, 3) for name in "vxy")
    m.clause([m.eq(v, 1), m.eq(x, 2), m.eq(y, 2)])
    m.clause([m.eq(v, 3), m.eq(x, 2), m.eq(y, 2)])  # v 1 and v 3 (with x and y not 2): v is 2
    m.clause([~m.eq(v, 1), m.eq(x, 2), m.eq(y, 2)])  # the first's v 1 negated: kept with it
    m.clause([~m.eq(v, 2), m.eq(x, 2), m.eq(y, 2)])  # v not 1 and v not 2: kept with the third
    m.output([v, x, y])
    reasoner = Reasoner(m.build())
    # v 1 (or 3) beside v not 2: neither clause makes the other false, so those are left out
    assert sorted((i, j) for i, j, _, _ in reasoner.pairs.pairs) == [(0, 1), (0, 2), (2, 3)]
    masks = reasoner.masks(None)
    masks[v.index] = 0b101  # 1 or 3
    masks[x.index] = masks[y.index] = 0b101  # not 2
    assert reasoner.close(PAIRS, masks) is None  # the first two cannot both hold
