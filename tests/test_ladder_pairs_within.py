"""The pairs a closure lists from its start (`rules.Pairs` with ``within``: those sharing a
literal open there) give the closures of every pair, on the random models of
tests/test_ladder_pairs.py, from random partial states, one closure per reasoner and several
in turn on one reasoner (a later start outside the first lists every pair)."""

from __future__ import annotations

import random

import pytest
from test_ladder_pairs import fix_boolean, narrow_values, random_int_model, random_model

from puzzlekit.ladder import PAIRS, TRIAL, Reasoner


def _states(rng: random.Random, model, narrow, count: int) -> list[list[int]]:
    states = []
    for _ in range(count):
        masks = Reasoner(model).masks(None)
        for v in rng.sample(range(len(masks)), rng.randint(0, 4)):
            masks[v] = narrow(rng, masks[v])
        states.append(masks)
    return states


def _closure(reasoner: Reasoner, rank: int, masks: list[int]) -> list[int] | None:
    engine = reasoner.close(rank, list(masks))
    return None if engine is None else list(engine.dom)


@pytest.mark.parametrize("make, narrow", [(random_model, fix_boolean), (random_int_model, narrow_values)],
                         ids=["booleans", "values"])
@pytest.mark.parametrize("seed", range(40))
def test_the_pairs_listed_from_a_start_close_as_every_pair(make, narrow, seed):
    rng = random.Random(seed)
    model = make(rng)
    states = _states(rng, model, narrow, 6)
    for rank in (PAIRS, TRIAL):
        every = Reasoner(model)
        assert every.pairs.within is None  # asked for before a closure: every pair
        expected = [_closure(every, rank, masks) for masks in states]
        assert [_closure(Reasoner(model), rank, masks) for masks in states] == expected
        shared = Reasoner(model)  # one reasoner, its later starts outside the first's
        assert [_closure(shared, rank, masks) for masks in reversed(states)] == expected[::-1]


def test_a_start_with_literals_fixed_lists_fewer_pairs():
    from puzzlekit.ir import ModelBuilder

    m = ModelBuilder("fixed")
    v, x, y, z = (m.bool(name) for name in "vxyz")
    m.clause([v, x, y])
    m.clause([~v, x, z])
    m.output([v, x, y, z])
    model = m.build()
    reasoner = Reasoner(model)
    masks = reasoner.masks(None)
    masks[v.var] = masks[x.var] = 1  # the two shared literals fixed: the pair tries nothing
    assert reasoner.close(PAIRS, masks) is not None
    assert reasoner._pairs_of is not None and reasoner._pairs_of.pairs == []
    assert [(i, j) for i, j, _, _ in reasoner.pairs.pairs] == [(0, 1)]  # every pair, asked for
