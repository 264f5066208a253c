"""Hints checked on every validation puzzle (``python -m benchmarks.grading --hints``).

For each puzzle of the validation set (`benchmarks.grading.puzzles`, the same seeds) one
worker:

* grades it (`api.grade`) and explains it from the empty grid (`api.explain`, which is
  `api.hint` chained: each step is the hint for the state the steps before it left);
* checks every step against the unique solution (found by ``api.solve`` with
  ``unique=True``, verified by the genre's rule checker): it fixes exactly one value the
  state left open, that value is the solution's, a step at ``trial``, ``chain`` or ``deep``
  names the assumption it refutes, no step is above the puzzle's grade;
* checks the chain ends solved, with no reveal when the grade is below ``search``; a
  ``search`` puzzle must get a contradiction step (an assumption refuted) or a reveal;
* checks that `api.hint` on the empty grid gives the chain's first step;
* corrupts a state (every other value of the solution, three of them changed to another
  value) and checks `api.hint` answers ``check`` listing exactly the changed entries, in the
  state's order.

With ``citations=False`` the steps' citations are not looked for (`Explainer.minimal`
returns nothing): what a step fixes is chosen before its citations are (puzzlekit/ladder/
steps.py), so the fixed values are the ones users receive, at a fraction of the time. With
citations, each step's cited constraints are also checked to suffice for it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from . import tatham

#: wrong entries put into the corrupted state
WRONG = 3


def no_citations() -> None:
    """Skip looking for citations in this process (steps then cite nothing)."""
    from puzzlekit.ladder import steps

    steps.Explainer.minimal = lambda self, rank, state, goal, seeds, without=(): []  # type: ignore[method-assign]


def check(game: str, level: str, seed: str, game_id: str, time_limit: float,
          citations: bool) -> dict[str, Any]:
    """Every check above on one puzzle; the row lists what failed (``failures``)."""
    import puzzlekit
    from puzzlekit import api, ladder
    from puzzlekit.errors import OutOfTime

    g = tatham.game(game)
    puzzle = puzzlekit.load(g.genre, tatham.convert(g.name, game_id))
    row: dict[str, Any] = {"game": g.name, "tatham": level, "seed": seed, "failures": []}
    fail = row["failures"].append
    started = time.perf_counter()
    try:
        result = api.solve(puzzle, unique=True, time_limit=time_limit)
        if result.unique is not True:
            fail(f"not unique ({result.unique_reason or result.status})")
            return row
        model = api.genre_module(puzzle).model(puzzle)
        keys = [model.vars[i].key for i in model.output]
        solution = _assignment(api, puzzle, result, keys)
        graded = api.grade(puzzle, time_limit=time_limit)
        row.update(ours=graded.level, rank=graded.rank)
        hints = api.explain(puzzle, time_limit=time_limit)
    except OutOfTime:
        fail("time limit")
        return row
    known = dict(ladder.givens(model))
    explainer = ladder.Explainer(model) if citations else None
    kinds: dict[str, int] = {}
    for n, hint in enumerate(hints):
        step = hint.step
        kinds[hint.kind] = kinds.get(hint.kind, 0) + 1
        if step is None or len(step.fixes) != 1:
            fail(f"step {n}: fixes {None if step is None else len(step.fixes)} values")
            continue
        (key, value), = step.fixes.items()
        if key in known:
            fail(f"step {n}: fixes {key!r}, already known")
        if solution.get(key) != value:
            fail(f"step {n}: {key!r} = {value}, the solution has {solution.get(key)}")
        if step.rank > graded.rank:
            fail(f"step {n}: a {step.level} step in a {graded.level} puzzle")
        named = step.hypothesis is not None and step.hypothesis in step.assumptions
        if step.rank in ladder.PROBING and not named:
            fail(f"step {n}: a {step.level} step names no refuted assumption")
        if explainer is not None and step.kind != "reveal":
            v = keys.index(key)
            var = model.vars[model.output[v]]
            goal = ("fix", model.output[v], 1 << (value - var.lo))
            if not explainer.holds(list(step.constraints), step.rank, known, goal):
                fail(f"step {n}: its citations do not suffice")
        known[key] = value
    row.update(steps=len(hints), kinds=kinds)
    if known != solution:
        fail(f"the chain leaves {len(set(solution) - set(known))} values open")
    if graded.rank < ladder.SEARCH and kinds.get("reveal"):
        fail(f"{kinds['reveal']} reveals in a {graded.level} puzzle")
    if graded.rank == ladder.SEARCH and not (kinds.get("reveal") or kinds.get("contradiction")):
        fail("a search puzzle with neither a contradiction nor a reveal")
    first = api.hint(puzzle, {}, time_limit=time_limit)
    if hints and (first.step is None or first.step.fixes != hints[0].step.fixes):  # type: ignore[union-attr]
        fail("hint on the empty grid is not the chain's first step")
    row["check"] = _corrupted(api, puzzle, model, solution, keys, seed, time_limit, fail)
    row["seconds"] = time.perf_counter() - started
    return row


def _assignment(api: Any, puzzle: Any, result: Any, keys: list) -> dict:
    """The solution as answer-key values (the backend's assignment, re-solved on the model)."""
    from puzzlekit import backends

    model = api.genre_module(puzzle).model(puzzle)
    found = backends.get(result.backend).solve(model, limit=2, time_limit=60)
    if len(found.solutions) != 1:
        raise AssertionError(f"{result.backend} found {len(found.solutions)} answers on the model")
    return {k: found.solutions[0][k] for k in keys}


def _corrupted(api: Any, puzzle: Any, model: Any, solution: dict, keys: list, seed: str,
               time_limit: float, fail: Any) -> bool:
    var = {model.vars[i].key: model.vars[i] for i in model.output}
    rng = random.Random(seed)
    wrong = set(rng.sample(keys, min(WRONG, len(keys))))
    state = {}
    for key in keys[::2] + [k for k in keys if k in wrong and k not in keys[::2]]:
        value = solution[key]
        if key in wrong:
            value = next(x for x in range(var[key].lo, var[key].hi + 1) if x != value)
        state[key] = value
    hint = api.hint(puzzle, state, time_limit=time_limit)
    expected = [k for k in state if k in wrong]
    if hint.kind != "check" or list(hint.wrong) != expected or hint.step is not None:
        fail(f"corrupted state: {hint.kind} {list(hint.wrong)!r}, expected check {expected!r}")
        return False
    return True


def _check(args: tuple) -> dict[str, Any]:
    return check(*args)


def run(tasks: Sequence[tuple], jobs: int, initializer: Any, progress: bool = True) -> list[dict[str, Any]]:
    """`check` on every task (the arguments of one call each), in ``jobs`` worker processes
    started by ``initializer``; a failure is printed as it comes."""
    import sys
    from concurrent.futures import ProcessPoolExecutor

    rows = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs, initializer=initializer) as pool:
        for i, row in enumerate(pool.map(_check, tasks, chunksize=1)):
            rows.append(row)
            if row["failures"]:
                print(f"\n{row['game']} {row['tatham']} {row['seed']}: {'; '.join(row['failures'][:3])}",
                      file=sys.stderr, flush=True)
            if progress:
                bad = sum(1 for r in rows if r["failures"])
                print(f"\r{i + 1}/{len(tasks)} {row['game']} {row['tatham']}: {bad} failed "
                      f"({time.perf_counter() - started:.0f} s)   ", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return rows


def markdown(rows: Sequence[dict[str, Any]], info: dict[str, Any]) -> str:
    """Per game: puzzles, steps, kinds of step, corrupted states checked, failures."""
    from puzzlekit.ladder import SEARCH

    out = [f"Run of {info['date']}: {info['count']} puzzles per level, citations "
           f"{'looked for and checked to suffice' if info['citations'] else 'not looked for'}, "
           f"{info['machine']}. Rerun with `{info['command']}`.", "",
           "| game | puzzles | steps | deduce | contradiction | reveal | solved by the chain | "
           "corrupted states flagged | failures | median time |", "|---" * 10 + "|"]
    for game in dict.fromkeys(r["game"] for r in rows):
        mine = [r for r in rows if r["game"] == game]
        kinds = {k: sum(r.get("kinds", {}).get(k, 0) for r in mine)
                 for k in ("deduce", "contradiction", "reveal")}
        below = [r for r in mine if r.get("rank") is not None and r["rank"] < SEARCH]
        solved = sum(1 for r in below if not any("open" in f or "reveal" in f for f in r["failures"]))
        times = [r["seconds"] for r in mine if "seconds" in r]
        out.append(f"| {game} | {len(mine)} | {sum(r.get('steps', 0) for r in mine)} | {kinds['deduce']} | "
                   f"{kinds['contradiction']} | {kinds['reveal']} | {solved} of {len(below)} below search | "
                   f"{sum(1 for r in mine if r.get('check'))} of {len(mine)} | "
                   f"{sum(1 for r in mine if r['failures'])} | "
                   f"{statistics.median(times) if times else 0:.2f} s |")
    failed = [r for r in rows if r["failures"]]
    searched = [r for r in rows if r.get("ours") == "search"]
    out += ["", f"{len(searched)} puzzles graded `search`: "
            f"{sum(1 for r in searched if r.get('kinds', {}).get('reveal'))} of them got a reveal, "
            f"{sum(1 for r in searched if r.get('kinds', {}).get('contradiction'))} a contradiction step."]
    if failed:
        out += ["", "Failures:", ""]
        out += [f"* {r['game']} {r['tatham']} {r['seed']}: {'; '.join(r['failures'][:3])}"
                for r in failed[:30]]
    else:
        out += ["", "No check failed."]
    return "\n".join(out) + "\n"
