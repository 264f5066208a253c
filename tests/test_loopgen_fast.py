"""The loop generators' fast paths against the slow ones they replace (same answers)."""

from __future__ import annotations

import random

import pytest

from puzzlekit import ladder
from puzzlekit.clock import Deadline
from puzzlekit.generate import phases
from puzzlekit.generate import slitherlink as rec
from puzzlekit.genres import slitherlink


def _run(seed: int, n: int) -> phases.Run:
    rng = random.Random(seed)
    plant = rec.sample_solution(rng, n, n)
    stats = {"solver_calls": 0, "ladder_calls": 0, "repairs": 0}
    return phases.Run(rec, slitherlink, n, n, plant, ladder.RULES, "none", rng, Deadline(None), stats)


@pytest.mark.parametrize("seed,n", [(1, 6), (2, 8), (3, 10), (4, 12)])
def test_rules_from_the_floor_is_the_rules_closure(seed, n):
    """Removal's ``rules`` questions propagate on from the closure of the clues kept so far
    (`Run._floor`): the domains must be those a fresh closure of the same clues reaches, for
    floors grown clue by clue as removal grows them and for floors started anew."""
    run = _run(seed, n)
    rng = random.Random(seed)
    reasoner, selector = run._switched()
    optional = [it for orbit in run.orbits for it in orbit]
    rng.shuffle(optional)
    compared = 0
    for restart in range(3):
        run.floor_items, run.floor = frozenset(), None
        kept: list = []
        for step in range(0, len(optional), max(1, len(optional) // 12)):
            kept = optional[: step // 2] if restart else kept + optional[step: step + 2]
            run.floor_items = frozenset(kept)
            rest = [it for it in optional if it not in run.floor_items]
            for share in (0.0, 0.3, 0.7, 1.0):
                items = sorted(set(kept) | set(rng.sample(rest, int(share * len(rest)))))
                open_fast = run.solvable(items, ladder.RULES)
                fast = list(reasoner.local.dom)
                _, masks = run._reasoner(items, ladder.RULES)
                slow = reasoner.close(ladder.RULES, masks)
                assert slow is not None
                assert fast == slow.dom, (seed, restart, step, share)
                keys = [reasoner.model.vars[v].key for v in reasoner.out if slow.dom[v] & (slow.dom[v] - 1)]
                assert open_fast == keys
                compared += 1
    assert compared > 30
    # a question that does not show every floor clue is not answered from the floor
    run.floor_items = frozenset(optional[:3])
    assert run._floor(reasoner, optional[1:]) is None
    assert run._floor(reasoner, optional) is not None
    assert selector


def test_removal_leaves_the_floor_as_it_found_it():
    run = _run(5, 8)
    shown = sorted(it for orbit in run.orbits for it in orbit)
    kept = run.remove(shown, lambda items: not run.solvable(items, ladder.RULES))
    assert run.floor_items == frozenset(run.required)
    assert not run.solvable(kept, ladder.RULES)
    for item in kept:  # no single clue can go
        assert run.solvable([it for it in kept if it != item], ladder.RULES)
