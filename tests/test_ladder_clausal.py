"""The ladder's fast path for one-of counts (`puzzlekit.ladder.clausal`) against the generic
ladder it stands in for: the same closures, grades (effort included) and steps on many
random states of Sudoku, Latin squares and random models of one-of counts and clauses.

The reference is a `Reasoner` whose fast path is switched off (`_clausal = False`), which
also switches off the quick trials of `Reasoner.refutes`.
"""

from __future__ import annotations

import random

import pytest
from conftest import EXAMPLES

import puzzlekit
from puzzlekit import genres
from puzzlekit.clock import UNLIMITED
from puzzlekit.genres import sudoku
from puzzlekit.genres.sudoku import recipe as sudoku_recipe
from puzzlekit.ir import Clause, Lit, Model, ModelBuilder
from puzzlekit.ladder import CHAIN, PAIRS, RULES, TRIAL, Explainer, Reasoner, clausal
from puzzlekit.ladder import steps as ladder_steps
from puzzlekit.ladder.clausal import fits

pytest.importorskip("pysat")


def reference(model: Model) -> Reasoner:
    reasoner = Reasoner(model)
    reasoner._clausal = False  # the generic ladder alone
    return reasoner


def closed(reasoner: Reasoner, rank: int, masks: list[int]) -> list[int] | None:
    engine = reasoner.close(rank, masks)
    return None if engine is None else list(engine.dom)


def latin(n: int) -> Model:
    """A Latin square: each row and column holds each value once (no two rules share two cells,
    so `Pairs` is empty and ``chain`` takes the fast path)."""
    m = ModelBuilder("latin")
    x = {(r, c): m.int(("cell", r, c), 1, n) for r in range(n) for c in range(n)}
    for line in range(n):
        for value in range(1, n + 1):
            with m.rule(f"row {line} holds {value} once"):
                m.exactly(1, [ModelBuilder.eq(x[line, c], value) for c in range(n)])
            with m.rule(f"column {line} holds {value} once"):
                m.exactly(1, [ModelBuilder.eq(x[r, line], value) for r in range(n)])
    m.output(x.values())
    return m.build()


def random_model(rng: random.Random) -> Model:
    """Integer and boolean variables under random one-of counts (exactly, at most, at least
    one of one literal or more, of either sign, each variable once per count), clauses and
    fixed literals."""
    m = ModelBuilder("random")
    xs = [m.int(("x", i), 0, rng.randint(1, 3)) for i in range(rng.randint(6, 12))]

    def literal(var) -> Lit:
        return Lit(var.index, rng.randint(var.lo, var.hi), rng.random() < 0.8)

    for _ in range(rng.randint(4, 14)):
        lits = [literal(var) for var in rng.sample(xs, rng.randint(1, min(6, len(xs))))]
        getattr(m, rng.choice(("exactly", "at_most", "at_least")))(1, lits)
    for _ in range(rng.randint(0, 4)):
        m.clause([literal(var) for var in rng.sample(xs, rng.randint(2, 3))])
    if rng.random() < 0.3:
        m.fix(literal(rng.choice(xs)))
    m.output(xs[: len(xs) - rng.randint(0, 2)])  # some variables outside the answer key
    return m.build()


def random_masks(rng: random.Random, reasoner: Reasoner, share: float) -> list[int]:
    """Domains with random values ruled out (sometimes all but one, sometimes every one)."""
    masks = reasoner.masks()
    for v in range(len(reasoner.model.vars)):
        if rng.random() < share:
            full = masks[v]
            drop = 1 << rng.randrange(full.bit_length())
            masks[v] &= rng.randint(0, full) if rng.random() < 0.1 else full & ~drop
    return masks


def sudoku_state(rng: random.Random, n: int, share: float, wrong: bool) -> dict:
    full = sudoku_recipe.sample_solution(rng, n, n)[0]
    cells = [(r, c) for r in range(n) for c in range(n)]
    state = {sudoku.cell_key(cell): full[cell[0]][cell[1]] for cell in rng.sample(cells, int(share * n * n))}
    if wrong:
        state[sudoku.cell_key(rng.choice(cells))] = rng.randint(1, n)
    return state


def empty_sudoku(n: int) -> Model:
    return sudoku.model(sudoku.Puzzle(tuple((0,) * n for _ in range(n))))


def test_fits_one_of_models_only():
    assert fits(Reasoner(empty_sudoku(9)).local) and fits(Reasoner(latin(4)).local)
    masyu = puzzlekit.load("masyu", EXAMPLES / "masyu01.txt")
    assert not fits(Reasoner(genres.get("masyu").model(masyu)).local)  # a loop: no clauses and counts
    m = ModelBuilder("two")
    xs = [m.bool(("b", i)) for i in range(3)]
    m.exactly(2, xs)  # a count of two is no one-of count
    m.output(xs)
    assert not fits(Reasoner(m.build()).local)
    assert not Reasoner(m.build()).quick(RULES)


@pytest.mark.parametrize("n,box", [(4, None), (6, None), (9, None), (6, (1, 6))])
def test_sudoku_closures_match_the_generic_ladder(n, box, encoding):
    rng = random.Random(n)
    model = sudoku.model(sudoku.Puzzle(tuple((0,) * n for _ in range(n)), box))
    fast, slow = Reasoner(model), reference(model)
    assert fast.quick(RULES) and (fast.quick(CHAIN) == (not fast.pairs.pairs))
    for trial in range(25):
        masks = fast.masks(sudoku_state(rng, n, rng.uniform(0.1, 0.6), wrong=trial % 5 == 0))
        for rank in (RULES, PAIRS, TRIAL, CHAIN):
            assert fast.closure(rank, masks) == closed(slow, rank, masks), (trial, rank)


def latin_state(rng: random.Random, n: int, share: float) -> dict:
    """A share of the cells of a random Latin square (rows, columns and values shuffled)."""
    rows, cols, values = (rng.sample(range(n), n) for _ in range(3))
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], int(share * n * n))
    return {("cell", r, c): values[(rows[r] + cols[c]) % n] + 1 for r, c in cells}


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_latin_square_closures_and_grades_match_the_generic_ladder(n):
    rng = random.Random(100 + n)
    model = latin(n)
    fast, slow = Reasoner(model), reference(model)
    assert fast.quick(CHAIN)
    chained = 0
    for trial in range(30):
        state = latin_state(rng, n, rng.uniform(0.1, 0.4))
        masks = fast.masks(state) if trial % 3 else random_masks(rng, fast, rng.uniform(0.2, 0.7))
        for rank in (RULES, CHAIN):
            got = fast.closure(rank, masks)
            assert got == closed(slow, rank, masks), (trial, rank)
            chained += rank == CHAIN and got is not None and got != fast.closure(RULES, masks)
        assert Reasoner(model).grade(state) == reference(model).grade(state), trial
    assert chained or n < 6  # some states need trials beyond the rules


#: `clausal._MANY`: propagations read as used, and every one read off a set
READINGS = [clausal._MANY, 1]


@pytest.fixture(params=READINGS, ids=["as-used", "sets"])
def encoding(request, monkeypatch):
    monkeypatch.setattr(clausal, "_MANY", request.param)
    return request.param


def test_random_one_of_models_match_the_generic_ladder(encoding):
    rng = random.Random(7)
    chained = 0
    for trial in range(150):
        model = random_model(rng)
        fast, slow, unpaired = Reasoner(model), reference(model), reference(model)
        assert fits(fast.local)
        pairs = unpaired.pairs  # the generic ladder with no pairs: the fast chain's own closure
        pairs.pairs, pairs.live, pairs.by_var = [], [], {}
        for _ in range(4):
            masks = random_masks(rng, fast, rng.uniform(0.0, 0.5))
            for rank in (RULES, PAIRS, CHAIN):
                assert fast.closure(rank, masks) == closed(slow, rank, masks), (trial, rank)
            got = fast.clausal.chain(masks, fast.probed, UNLIMITED)
            assert got == closed(unpaired, CHAIN, masks), trial
            chained += got is not None and got != fast.closure(RULES, masks)
        assert Reasoner(model).grade() == reference(model).grade(), trial
    assert chained > 20


@pytest.mark.parametrize("n", [6, 9])
def test_sudoku_grades_and_steps_match_the_generic_ladder(n):
    rng = random.Random(20 + n)
    model = empty_sudoku(n)
    for trial in range(5):
        full = sudoku_recipe.sample_solution(rng, n, n)[0]
        solution = {sudoku.cell_key((r, c)): v for r, row in enumerate(full) for c, v in enumerate(row)}
        keys = rng.sample(sorted(solution), int(rng.uniform(0.3, 0.5) * n * n))
        state = {k: solution[k] for k in keys}
        assert Reasoner(model).grade(state) == reference(model).grade(state), trial
        steps = [ladder_steps._next(reasoner, Explainer(model), state, solution)
                 for reasoner in (Reasoner(model), reference(model))]
        assert steps[0] is not None and steps[0] == steps[1], trial
        assert (steps[0].constraints, steps[0].assumptions) == (steps[1].constraints, steps[1].assumptions)


def sudoku_plant(rng: random.Random, n: int, share: float) -> tuple[Reasoner, list[int], list[int]]:
    """A reasoner on the empty grid, the masks of a share of a random full grid, and the full
    grid's masks."""
    full = sudoku_recipe.sample_solution(rng, n, n)[0]
    solution = {sudoku.cell_key((r, c)): v for r, row in enumerate(full) for c, v in enumerate(row)}
    reasoner = Reasoner(empty_sudoku(n))
    state = {k: solution[k] for k in rng.sample(sorted(solution), int(share * n * n))}
    return reasoner, reasoner.masks(state), reasoner.masks(solution)


def values_of(reasoner: Reasoner, dom: list[int]) -> list[int]:
    """The model's values of fixed domains."""
    lo = reasoner.local.lo
    return [lo[v] + dom[v].bit_length() - 1 for v in range(len(reasoner.model.vars))]


def within(narrow: list[int], wide: list[int]) -> bool:
    return all(not a & ~b for a, b in zip(narrow, wide))


@pytest.mark.parametrize("n", [4, 6, 9])
def test_chain_hints_keep_the_closure_and_say_when_they_end_it(n, encoding):
    """A solution's values never tried: the same closure. A goal: the domains returned fix
    it, lie between the closure and the masks, and are the closure when it does not fix the
    goal; or they are a second solution."""
    rng = random.Random(300 + n)
    ended = others = 0
    for trial in range(40):
        reasoner, masks, keep = sudoku_plant(rng, n, rng.uniform(0.2, 0.6))
        fast = reasoner.clausal
        closure = fast.chain(masks, reasoner.probed, UNLIMITED)
        assert fast.chain(masks, reasoner.probed, UNLIMITED, keep) == closure, trial
        goal = rng.sample(reasoner.out, rng.randint(1, 3))
        got = fast.chain(masks, reasoner.probed, UNLIMITED, keep, goal)
        assert closure is not None and got is not None and within(got, masks)
        if any(not got[v] & keep[v] for v in reasoner.out):  # a second solution
            others += 1
            assert all(not m & (m - 1) for m in got) and reasoner.model.holds(values_of(reasoner, got))
            continue
        assert within(closure, got), trial
        if got != closure:
            ended += 1
            assert all(not got[v] & (got[v] - 1) for v in goal), trial
    assert ended and others


@pytest.mark.parametrize("n", [4, 6])
def test_other_finds_the_second_solutions_near_a_cell(n):
    """`Clausal.other` against enumeration: a solution within the masks, equal to the kept one
    outside the free variables and other than it, exactly when the sat backend finds one."""
    from puzzlekit.backends import get as backend

    rng = random.Random(400 + n)
    found = 0
    for trial in range(30):
        reasoner, masks, keep = sudoku_plant(rng, n, rng.uniform(0.1, 0.4))
        free = rng.sample(reasoner.out, rng.randint(len(reasoner.out) // 3, len(reasoner.out)))
        got = reasoner.clausal.other(masks, keep, free)
        fixed = [Lit(v, values_of(reasoner, masks)[v]) for v in reasoner.out
                 if not masks[v] & (masks[v] - 1)]
        fixed += [Lit(v, values_of(reasoner, keep)[v]) for v in reasoner.out if v not in free]
        blocking = [Lit(v, values_of(reasoner, keep)[v], False) for v in reasoner.out]
        units = [Clause((lit,)) for lit in fixed]
        model = reasoner.model.with_constraints(clauses=units + [Clause(tuple(blocking))])
        exists = backend("sat").solve(model, limit=1).status == "solved"
        assert (got is not None) == exists, trial
        if got is not None:
            found += 1
            assert within(got, masks) and reasoner.model.holds(values_of(reasoner, got))
            assert all(got[v] == keep[v] for v in reasoner.out if v not in free)
            assert got != keep
    assert found


def test_the_direct_calls_agree_with_the_solver_methods():
    """The solver made and asked by python-sat's own calls (`clausal._new_solver`,
    `clausal._propagation`) answers as one made and asked through its methods, with
    "at most one" constraints and a pairwise encoding of them alike."""
    from pysat.solvers import Solver

    rng = random.Random(9)
    for _ in range(50):
        clauses = [[rng.choice((-1, 1)) * rng.randint(1, 12) for _ in range(rng.randint(1, 3))]
                   for _ in range(rng.randint(5, 20))]
        most = [rng.sample(range(1, 13), rng.randint(2, 5)) for _ in range(rng.randint(0, 4))]
        made = clausal._new_solver(clauses, most)
        plain = Solver(name=clausal.SOLVER, bootstrap_with=clauses)
        for lits in most:
            plain.add_atmost(lits, 1)
        pairwise = Solver(name="minisat22", bootstrap_with=clauses)
        for lits in most:
            for i, a in enumerate(lits):
                for b in lits[i + 1:]:
                    pairwise.add_clause([-a, -b])
        direct = clausal._propagation(made)
        assert direct.__name__ == "propagate"  # the direct call, not the fallback
        for _ in range(10):
            assumed = rng.sample(range(1, 13), rng.randint(1, 3))
            assumed = [x * rng.choice((-1, 1)) for x in assumed]
            got = direct(assumed)
            assert got == tuple(plain.propagate(assumptions=assumed))
            ok, lits = pairwise.propagate(assumptions=assumed)
            assert got[0] == ok and (not ok or set(got[1]) == set(lits))
        for solver in (made, plain, pairwise):
            solver.delete()


def every_reader(trials, changed, dom):
    """`Trials._woken` without the literal watch: every rule that reads a changed variable."""
    cids = set()
    for u, _ in changed:
        cids.update(trials.rules_of[u])
        cids.update(c for (v, _), cs in trials.counts_of.items() if v == u for c in cs)
    return cids


def trial_cases(kind: str, rng: random.Random) -> tuple[Model, Reasoner, list[int]]:
    """A model, its generic reasoner and domains to close, of a kind."""
    if kind == "sudoku":
        model = empty_sudoku(9)
        reasoner = reference(model)
        return model, reasoner, reasoner.masks(sudoku_state(rng, 9, rng.uniform(0.25, 0.45), wrong=False))
    if kind == "latin":
        model = latin(6)
        reasoner = reference(model)
        return model, reasoner, reasoner.masks(latin_state(rng, 6, rng.uniform(0.15, 0.35)))
    model = random_model(rng)
    reasoner = reference(model)
    return model, reasoner, random_masks(rng, reasoner, rng.uniform(0.1, 0.5))


@pytest.mark.parametrize("kind", ["sudoku", "latin", "random"])
def test_trials_woken_by_literals_refute_what_every_reader_does(kind, monkeypatch):
    """A plain count woken only when one of its literals changed: the same refutations as
    waking every rule that reads a changed variable, on random states at their fixpoint."""
    from puzzlekit.ladder.rules import Trials

    rng = random.Random(11)
    compared = refuted = 0
    for trial in range(40):
        _, reasoner, masks = trial_cases(kind, rng)
        engine = reasoner.close(RULES, masks)
        if engine is None:
            continue
        trials = Trials(engine)
        opened = reasoner._open(engine)
        for v, bit in rng.sample(opened, min(30, len(opened))):
            for depth in (1, 2, 3):
                fast = trials.refuted(engine, v, bit, depth)
                monkeypatch.setattr(Trials, "_woken", every_reader)
                slow = trials.refuted(engine, v, bit, depth)
                monkeypatch.undo()
                assert fast == slow, (trial, v, bit, depth)
                compared += 1
                refuted += fast
    assert compared > 100 and refuted
