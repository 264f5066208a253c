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


@pytest.mark.parametrize("seed,n", [(1, 6), (2, 7), (3, 8), (4, 10)])
def test_masyu_counterexamples_on_the_guarded_model_answer_as_the_puzzle_does(seed, n):
    """Masyu's counterexamples come from one incremental solver on the guarded model of
    every pearl (`masyu.GUARD_FINDER`): for random pearl sets, the verdict must be that of a
    fresh solver on the puzzle's own model, and a counterexample a real other loop."""
    from puzzlekit import backends
    from puzzlekit.generate import masyu as mrec
    from puzzlekit.genres import masyu
    from puzzlekit.ir import Clause, Lit

    rng = random.Random(seed)
    plant = mrec.sample_solution(rng, n, n)
    stats = {"solver_calls": 0, "ladder_calls": 0, "repairs": 0}
    run = phases.Run(mrec, masyu, n, n, plant, None, "none", rng, Deadline(None), stats)
    assert run._guarded() is not None and run._switched() is None  # the finder's, not the ladder's
    pearls = [it for orbit in run.orbits for it in orbit]
    verdicts = []
    try:
        for share in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.5, 0.3, 0.9, 0.7) * 2:
            items = sorted(rng.sample(pearls, int(share * len(pearls))))
            got = run.another(items)
            model = masyu.model(mrec.puzzle_from(n, n, items))
            blocking = Clause(tuple(Lit(i, run.answer[model.vars[i].key], False) for i in model.output))
            fresh = backends.get("sat").solve(model.with_constraints(clauses=[blocking]), limit=1)
            assert (got is None) == (fresh.status == "unsolvable"), (share, items)
            if got is not None:
                loop = masyu.decode(mrec.puzzle_from(n, n, items), got)
                assert loop != mrec.solution(plant)
                assert masyu.verify(mrec.puzzle_from(n, n, items), loop) == []
            verdicts.append(got is None)
    finally:
        run.close()
    assert False in verdicts
