"""The deduction ladder: monotone and deterministic, sound hints, honest citations; and the
statistics `benchmarks.grading` reports.

Puzzles: the examples, game IDs from Tatham's generators (small sizes, every level of his
that the ladder spreads over, one that needs search), and the first unique puzzles each
genre's `random_puzzle` makes at a small size. States are plain dicts of answer-key values.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import cache
from typing import Any

import pytest
from conftest import EXAMPLES, LONG, genre_option, long_when, plants

import puzzlekit
from benchmarks import grading, tatham
from puzzlekit import api, backends, genres, ladder
from puzzlekit.ladder import SEARCH, Explainer, Reasoner

#: his game IDs at small sizes: two or three per game, and loopy ones above ``chain``
TATHAM: tuple[tuple[str, str], ...] = (
    ("pearl", "6x6dt:BcWiWWcWWbWdWWaWd"),
    ("pearl", "6x6de:cWaBfBaBWaWbWfBbBe"),
    ("loopy", "5x5t0dh:333a32b123a32a2f2a3"),
    ("loopy", "5x5t0de:a2a2b0b331f3b210a"),
    ("loopy", "5x5t0dh:b21a110a3e21a2b22a3"),
    ("loopy", "5x5t0dh:a32a2b1c32a21a0d33a"),
    ("bridges", "7x7i30e10m2d2:3e2b2b4n1b2b4h3a3b2a"),
    ("bridges", "7x7i30e10m2d0:1c3a2g4c6a6g6e4g3e1"),
    ("tracks", "6x6dh:x5e9e,S4,6,2,2,3,5,5,2,3,3,S4,5"),
    ("tracks", "6x6dt:5zfCb,3,5,4,S4,4,3,S2,2,5,5,5,4"),
    ("tents", "6x6dt:aei_hacb,1,1,2,0,1,2,1,1,1,1,2,1"),
    ("tents", "6x6de:ch_ebdcd,2,1,1,1,1,1,1,1,0,3,0,2"),
    ("solo", "2x3da:a1_5c2g6a4b5a6g3c1_2a"),
)
#: a Loopy 7x7 Hard that no chain of deductions solves: the ladder grades it ``search``
NEEDS_SEARCH = ("loopy", "7x7t0dh:32a3b2b2b3a223a2c1a1b1b3c1a121b2a333a2a")
SMALL: dict[str, tuple[int, int]] = {
    "masyu": (4, 4), "tracks": (5, 5), "numberlink": (5, 5), "hashi": (6, 6), "slitherlink": (5, 5),
    "sudoku": (4, 4), "nonogram": (5, 5), "queens": (6, 6), "zip": (4, 4), "tents": (5, 5), "patches": (5, 5),
    "wend": (4, 4), "swend": (4, 4),
}
#: the size of the others (genres made with the kit): small enough for every test here; a kit
#: genre that needs another says so in its own test file (``LADDER_SIZE = (4, 4)``)
SMALL_SIDE = (5, 5)


#: sizes the default run takes instead, where the closures of the usual size take long: Fillomino's
#: 5x5 random regions, 30 s of CPU for the two grades and 16 s for the levels' supersets
#: (2026-12-07; 4x4 ones graded search and chain, some 5 s); the long profile keeps the 5x5 ones
QUICK_SIZE: dict[str, tuple[int, int]] = {} if LONG else {"fillomino": (4, 4)}


def small(genre: str) -> tuple[int, int]:
    """The size, or for a kit genre whose planter makes no 5x5 (Dominosa's even grids) the first
    near it that it makes."""
    if genre in QUICK_SIZE:
        return QUICK_SIZE[genre]
    if genre in SMALL:
        return SMALL[genre]
    declared = genre_option(genre, "LADDER_SIZE", None)
    if declared:
        return tuple(declared)
    module = genres.get(genre)
    near = (SMALL_SIDE, (4, 5), (6, 6), (4, 4))
    return next((shape for shape in near if plants(module, *shape)), SMALL_SIDE)


#: generator options where the defaults seldom make a unique puzzle at the small size
OPTIONS: dict[str, dict[str, Any]] = {"masyu": {"density": 0.3}}
#: examples whose grade needs minutes of depth-first search (left to the benchmarks)
SLOW_EXAMPLES = {"numberlink"}


def tatham_puzzle(game: str, game_id: str) -> Any:
    return puzzlekit.load(tatham.game(game).genre, tatham.convert(game, game_id))


@cache
def random_unique(genre: str, count: int = 2) -> tuple[Any, ...]:
    """The first ``count`` unique puzzles of the genre's generator at a small size."""
    module = genres.get(genre)
    found = []
    for seed in range(80):
        p = module.random_puzzle(random.Random(seed), *small(genre), **OPTIONS.get(genre, {}))
        if api.solve(p, unique=True, time_limit=20).unique:
            found.append(p)
            if len(found) == count:
                break
    return tuple(found)


def cases() -> list[tuple[str, Any]]:
    out = [(f"example-{g}", lambda g=g: puzzlekit.load(g, EXAMPLES / f"{g}01.txt"))
           for g in genres.NAMES if g not in SLOW_EXAMPLES]
    out += [(f"{game}-{i}", lambda game=game, i=i: tatham_puzzle(game, i)) for game, i in TATHAM]
    out += [(f"random-{g}-{k}", lambda g=g, k=k: _random_case(g, k)) for g in genres.NAMES for k in range(2)]
    return out


def _random_case(genre: str, k: int) -> Any:
    found = random_unique(genre)
    if k >= len(found):
        pytest.skip(f"{genre}'s generator made fewer than {k + 1} unique puzzles in 80 seeds")
    return found[k]


CASES = cases()
#: cases whose step-by-step explanation takes minutes (Fillomino's and Palisade's random
#: regions: 2-5 minutes each; their grades take seconds); the long profile explains them
LONG_EXPLAINED = {"random-fillomino-0", "random-fillomino-1", "random-palisade-0", "random-palisade-1"}


def params(cases: list[tuple[str, Any]], explained: bool = False) -> list[Any]:
    """The cases as parameters; for a test that explains every step, the long ones marked
    ``long``."""
    return [pytest.param(*case, id=case[0], marks=long_when(explained and case[0] in LONG_EXPLAINED))
            for case in cases]


#: the smaller cases, for the tests that explain every step
SMALL_CASES = [c for c in CASES if not c[0].startswith("example-")]


def answer(puzzle: Any) -> dict[Hashable, int]:
    """The unique answer, by answer-key key."""
    model = api.genre_module(puzzle).model(puzzle)
    result = backends.get("search").solve(model, limit=2, time_limit=60)
    assert result.complete and len(result.solutions) == 1
    return dict(result.solutions[0])


def model_of(puzzle: Any) -> Any:
    return api.genre_module(puzzle).model(puzzle)


# --- monotone and deterministic ----------------------------------------------------------------


@pytest.mark.parametrize("name,make", params(CASES))
def test_each_level_fixes_a_superset_of_the_one_below(name, make):
    model = model_of(make())
    previous = None
    for rank in range(SEARCH):
        reasoner = Reasoner(model)  # from scratch at every rank
        engine = reasoner.close(rank, reasoner.masks())
        assert engine is not None, f"{name}: level {ladder.LEVELS[rank].name} finds a contradiction"
        domains = list(engine.dom)
        known = reasoner.known(engine)
        if previous is not None:
            old_domains, old_known = previous
            assert all(d & ~o == 0 for d, o in zip(domains, old_domains)), f"{name}: rank {rank} widened"
            assert old_known.items() <= known.items(), f"{name}: rank {rank} lost a value"
        previous = domains, known


@pytest.mark.parametrize("name,make", params(CASES))
def test_grade_is_deterministic_and_the_weakest_closure_that_solves(name, make):
    puzzle = make()
    first, second = api.grade(puzzle), api.grade(puzzle)
    assert first == second
    model = model_of(puzzle)
    assert Reasoner(model).grade() == Reasoner(model).grade()
    if first.rank < SEARCH:
        assert first.unique is True
        for rank in range(first.rank + 1):
            reasoner = Reasoner(model)
            if rank == ladder.SCAN and not reasoner.scans[0]:
                continue  # one kind of count: scan is rules, and grades skip it
            assert reasoner.solved(reasoner.close(rank, reasoner.masks())) == (rank == first.rank)


def test_the_levels_are_named_once_in_order():
    names = [level.name for level in ladder.LEVELS]
    assert names == ["scan", "rules", "pairs", "trial", "lines", "chain", "either", "deep", "search"]
    assert ladder.RANKS == {n: i for i, n in enumerate(names)} and SEARCH == len(names) - 1
    assert all(level.sentence.endswith(".") for level in ladder.LEVELS)


#: his Solo Trivial (the last place for a digit in a box) and a Basic one that needs rows too
SOLO_TRIVIAL = "3x3:6_9a4a2i5_1b7_8c4a6e1a4_8a2b6b7a9_8a5e8a3c1_9b4_9i8a4a6_2"
SOLO_BASIC = "3x3db:6_9a4a2i5_1b7_8e6_3d1a4b2b6b7b8a5d1_8e1_9b4_9i8a4a6_2"


def test_scan_fills_values_from_one_kind_of_rule():
    trivial, basic = (tatham_puzzle("solo", i) for i in (SOLO_TRIVIAL, SOLO_BASIC))
    assert api.grade(trivial).level == "scan" and api.grade(basic).level == "rules"
    model = model_of(basic)
    reasoner = Reasoner(model)
    scanned = reasoner.close(ladder.SCAN, reasoner.masks())
    assert scanned is not None and not reasoner.solved(scanned)
    assert len(reasoner.scans) == 3  # rows, columns, boxes: each kind fills in on its own
    first = ladder.next_step(model, ladder.givens(model), answer(basic))
    assert first is not None and first.level == "scan" and first.kind == "deduce"
    (key, value), = first.fixes.items()
    assert answer(basic)[key] == value
    goal = ("fix", *_goal(model, key, value))
    assert Explainer(model).holds(list(first.constraints), ladder.SCAN, ladder.givens(model), goal)


# --- hints --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,make", params(SMALL_CASES, explained=True))
def test_explained_steps_are_sound_and_solve_the_puzzle_within_its_grade(name, make):
    puzzle = make()
    solution = answer(puzzle)
    graded = api.grade(puzzle)
    hints = api.explain(puzzle)
    known = dict(ladder.givens(model_of(puzzle)))
    for hint in hints:
        step = hint.step
        assert step is not None and len(step.fixes) == 1
        assert step.fixes.items() <= solution.items(), f"{name}: {hint.words}"
        assert not set(step.fixes) & set(known), f"{name}: a step fixes a known value"
        assert step.rank <= graded.rank, f"{name}: a {step.level} step in a {graded.level} puzzle"
        if step.rank in ladder.PROBING:
            assert step.hypothesis is not None and step.hypothesis in step.assumptions
        known.update(step.fixes)
    assert known.items() >= solution.items() and len(known) == len(solution)
    assert (graded.rank == SEARCH) == any(h.kind == "reveal" for h in hints)


def test_a_puzzle_that_needs_search_is_stuck_on_a_reveal():
    puzzle = tatham_puzzle(*NEEDS_SEARCH)
    assert api.grade(puzzle).level == "search"
    solution = answer(puzzle)
    model = model_of(puzzle)
    known = dict(ladder.givens(model))
    while True:
        step = ladder.next_step(model, known, solution)
        assert step is not None, "the ladder solved a puzzle it grades search"
        assert step.fixes.items() <= solution.items()
        if step.kind == "reveal":
            assert step.level == "search" and step.hypothesis is None
            break
        known.update(step.fixes)
    hint = api.hint(puzzle, known)
    assert hint.kind == "reveal" and "revealed" in hint.words


@pytest.mark.parametrize("name,make", params(SMALL_CASES[::3]))
def test_a_corrupted_state_is_checked_before_any_hint(name, make):
    puzzle = make()
    solution = answer(puzzle)
    model = model_of(puzzle)
    var = {model.vars[i].key: model.vars[i] for i in model.output}
    keys = list(solution)
    rng = random.Random(7)
    wrong = set(rng.sample(keys, 3))
    state = {}
    for key in keys[::2] + sorted(wrong - set(keys[::2]), key=keys.index):
        value = solution[key]
        if key in wrong:
            value = next(x for x in range(var[key].lo, var[key].hi + 1) if x != value)
        state[key] = value
    hint = api.hint(puzzle, state)
    assert hint.kind == "check"
    assert list(hint.wrong) == [k for k in state if k in wrong]
    assert hint.step is None and hint.to_json()["wrong"]


# --- citations ----------------------------------------------------------------------------------


def _goal(model: Any, key: Hashable, value: int) -> tuple:
    v = next(i for i in model.output if model.vars[i].key == key)
    return v, 1 << (value - model.vars[v].lo)


@pytest.mark.parametrize("name,make", params(SMALL_CASES[1::2], explained=True))
def test_each_step_cites_constraints_that_suffice_and_cannot_be_left_out(name, make):
    puzzle = make()
    model = model_of(puzzle)
    solution = answer(puzzle)
    explainer = Explainer(model)
    known = dict(ladder.givens(model))
    for step in ladder.explain(model, solution):
        refs = list(step.constraints)
        (key, value), = step.fixes.items()
        v, bit = _goal(model, key, value)
        if step.kind == "deduce" or (step.rank == ladder.EITHER):
            goal = ("fix", v, bit)
        elif step.kind == "contradiction" and step.direct and len(step.assumptions) == 1:
            goal = ("refute", *_goal(model, *step.assumptions[0]))
        else:
            goal = None  # several refutations: each part is irreducible for its own assumption
        if step.kind != "reveal":
            assert refs and _suffice(explainer, refs, step.rank, known, (v, bit), goal), f"{name}: {step}"
        assert step.irreducible or step.rank >= ladder.LINES, "shrinking is bounded from lines up only"
        # at scan the citations are irreducible for the run of one kind of count
        kinds = range(len(Reasoner(model).scans)) if step.rank == ladder.SCAN else [None]
        # a refutation whose value the level below then narrows cites that narrowing too:
        # its citations are irreducible for the fix as a whole
        goals = [goal] if goal is None or goal[0] == "fix" else [goal, ("fix", v, bit)]
        if goal is not None and step.irreducible:
            assert any(_irreducible(explainer, kind, refs, step.rank, known, g)
                       for kind in kinds for g in goals), f"{name}: a citation can be left out of {step}"
        known.update(step.fixes)


def _suffice(explainer: Explainer, refs: list, rank: int, known: dict, fix: tuple,
             goal: tuple | None) -> bool:
    """Whether the citations reach the step's value: its level's closure fixes it, or (a
    refutation, where ``deep`` probes on a budget that a whole closure may spend on other
    unknowns first) they refute the assumption and, with it ruled out, the level below fixes it."""
    if explainer.holds(refs, rank, known, ("fix", *fix)):
        return True
    return goal is not None and goal[0] == "refute" and explainer.holds(refs, rank, known, goal) \
        and explainer.holds(refs, rank - 1, known, ("fix", *fix), without=((goal[1], goal[2]),))


def _irreducible(explainer: Explainer, kind: int | None, refs: list, rank: int, known: dict,
                 goal: tuple) -> bool:
    explainer.kind = kind
    try:
        return explainer.holds(refs, rank, known, goal) and not any(
            explainer.holds(refs[:i] + refs[i + 1:], rank, known, goal) for i in range(len(refs)))
    finally:
        explainer.kind = None


@pytest.mark.parametrize("name,make", params(SMALL_CASES[::4]))
def test_a_question_answers_the_same_from_the_closure_of_a_smaller_set(name, make):
    """An explainer asked growing sets of constraints starts each closure from the one of
    the largest set inside it; asked the same sets largest first it never can: both answer
    every question alike."""
    puzzle = make()
    model = model_of(puzzle)
    solution = answer(puzzle)
    rng = random.Random(5)
    keys = sorted(solution, key=str)
    known = {**ladder.givens(model), **{k: solution[k] for k in rng.sample(keys, len(keys) // 3)}}
    open_keys = [k for k in keys if k not in known]
    if not open_keys:
        pytest.skip("the givens fix every value")
    refs = ladder.constraints(model)
    orders = [rng.sample(refs, len(refs)) for _ in range(2)]
    # growing sets of two orders, in turn: those of the other order are not inside them
    sets = [order[:n] for n in sorted({max(1, len(refs) * k // 6) for k in range(1, 7)}) for order in orders]
    growing, shrinking = Explainer(model), Explainer(model)
    for rank in (ladder.RULES, ladder.PAIRS, ladder.TRIAL, ladder.CHAIN):
        for key in rng.sample(open_keys, min(2, len(open_keys))):
            v, bit = _goal(model, key, solution[key])
            others = ((1 << (model.vars[v].hi - model.vars[v].lo + 1)) - 1) & ~bit
            goals = [("fix", v, bit)]
            if rank in ladder.PROBING and others:
                goals.append(("refute", v, others & -others))  # a value the solution does not take
            for goal in goals:
                up = [growing.holds(refs, rank, known, goal) for refs in sets]
                down = [shrinking.holds(refs, rank, known, goal) for refs in reversed(sets)]
                assert up == down[::-1], f"{name}: {goal} at rank {rank}"
                assert up[::2] == sorted(up[::2]), "more constraints never lose the goal"


# --- the statistics of benchmarks.grading ------------------------------------------------------------


def test_average_ranks_share_ties():
    assert grading.average_ranks([10, 20, 20, 30]) == [1, 2.5, 2.5, 4]
    assert grading.average_ranks([3, 1, 3, 3]) == [3, 1, 3, 3]
    assert grading.average_ranks([]) == []


def test_spearman_on_hand_made_data():
    assert grading.spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]) == pytest.approx(0.8)  # 1 - 6*4/(5*24)
    assert grading.spearman([1, 2, 3], [30, 20, 10]) == pytest.approx(-1)
    assert grading.spearman([1, 1, 2, 2], [1, 2, 3, 4]) == pytest.approx(4 / 20 ** 0.5)
    assert grading.spearman([1, 2, 3], [5, 5, 5]) is None
    assert grading.spearman([1], [1]) is None


def test_confusion_counts_pairs_in_the_given_order():
    pairs = [("easy", "rules"), ("easy", "rules"), ("hard", "trial"), ("easy", "trial")]
    assert grading.confusion(pairs, ["easy", "hard"], ["rules", "trial", "search"]) == [[2, 1, 0], [0, 1, 0]]


def test_summary_of_hand_made_rows():
    rows = [{"game": "tents", "tatham": level, "ours": ours, "rank": rank, "grade_s": 2.0, "unique_s": 1.0,
             "search_s": 4.0, "unique_backend": "cpsat"}
            for level, ours, rank in [("easy", "rules", 0), ("easy", "pairs", 1), ("tricky", "trial", 2),
                                      ("tricky", None, None)]]
    s = grading.summary(rows, "tents")
    col = s["ours"].index
    assert [s["table"][0][col("rules")], s["table"][0][col("pairs")]] == [1, 1]
    assert s["table"][1][col("trial")] == 1 and s["table"][1][-1] == 1
    assert s["timeouts"] == 1 and s["spearman"] == pytest.approx(grading.spearman([0, 0, 1], [0, 1, 2]))
    assert s["per_level"]["easy"] == {"n": 2, "median": 0.5, "mean": 0.5}
    assert s["medians_rise"] and s["means_rise"] and s["ratio"] == 2.0 and s["ratio_search"] == 0.5
    text = grading.markdown(rows, {"date": "d", "count": 2, "machine": "m", "python": "3", "time_limit": 9,
                                   "command": "c"})
    assert "### tents" in text and "| easy | 1 | 1 |" in text


def test_the_hints_check_of_benchmarks_passes_on_small_puzzles():
    from benchmarks import hints

    for game, game_id in (TATHAM[0], TATHAM[10], TATHAM[-1]):  # pearl, tents, solo
        row = hints.check(game, "his level", "test", game_id, 60, citations=True)
        assert row["failures"] == [] and row["check"] and row["steps"] > 0, row
