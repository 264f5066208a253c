"""Every installed backend finds the same solutions, and every solution keeps the rules.

For each drawn instance every backend enumerates up to ``CAP`` solutions of the answer key.
The sets must be equal (when the enumeration was exhaustive), the statuses equal, and each
solution must pass the genre's own rule checker, which never looks at the model. Run with
``--hypothesis-profile=thorough`` (or HYPOTHESIS_PROFILE=thorough) for a long run.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from collections.abc import Callable

import pytest
from conftest import LONG, genre_option
from genre_strategies import STRATEGIES, kit_shapes
from hypothesis import assume, given, settings

from puzzlekit import backends, cli, genres
from puzzlekit.backends import cpsat, search

CAP = 20
#: Backends that re-solve from scratch for every blocking clause enumerate fewer solutions;
#: their lists are then compared as subsets of the exhaustive ones.
CAPS = {"mip": 4}
#: Per solve; a backend that needs longer on a 6x6 instance is a bug worth a failure.
TIME_LIMIT = 60.0
#: python-constraint is exponential on loops: it takes instances up to this many cells.
CSP_MAX_CELLS = 16

Solver = Callable[..., backends.Result]

#: Distinct instances per genre in the default run (each is solved by all six backends): the
#: long profile (``--long``) and the ``thorough`` Hypothesis profile draw their own counts.
QUICK_EXAMPLES = 15


def per_genre(test: Callable) -> Callable:
    """A property of one genre with the default run's count of examples (`QUICK_EXAMPLES`)
    where the ``ci`` profile is in force and the long profile is not asked for."""
    if LONG or settings.default.max_examples != settings.get_profile("ci").max_examples:
        return test
    return settings(max_examples=QUICK_EXAMPLES)(test)


#: Genres whose model the search backend can also sweep (`propagation.frontier`): there the
#: sweep joins the comparison as a seventh solver, ``search-frontier``.
FRONTIER_GENRES = {"masyu", "numberlink", "slitherlink"}


def installed_solvers(genre: str | None = None) -> dict[str, Solver]:
    """Every backend whose solver package is installed (plus the sweep where it applies)."""
    solvers = {name: backends.get(name).solve for name, ver in backends.installed().items() if ver}
    if genre in FRONTIER_GENRES:
        solvers["search-frontier"] = sweep
    return solvers


def sweep(model, **options) -> backends.Result:
    """The search backend's frontier sweep, checked to be the method that ran."""
    result = search.solve(model, method="frontier", **options)
    assert result.stats["method"] == "frontier", f"the sweep did not apply: {result.stats}"
    return result


def cells_of(puzzle) -> int:
    return puzzle.height * puzzle.width


def check_agreement(genre: str, puzzle, solvers: dict[str, Solver]) -> None:
    """Assert that the solvers agree on the puzzle and that every solution is valid."""
    module = genres.get(genre)
    model = module.model(puzzle)
    text = module.format(puzzle)
    found: dict[str, tuple[str, bool, dict, int]] = {}
    for name, solve in solvers.items():
        if name == "csp" and cells_of(puzzle) > CSP_MAX_CELLS:
            continue
        cap = CAPS.get(name, CAP)
        result = solve(model, limit=cap, time_limit=TIME_LIMIT)
        assert result.status != "timeout", f"{genre}: {name} timed out on\n{text}"
        keyed = {}
        for assignment in result.solutions:
            solution = module.decode(puzzle, assignment)
            problems = module.verify(puzzle, solution)
            assert not problems, (
                f"{genre}: {name} returned a solution that breaks the rules: {problems}\n"
                f"solution: {json.dumps(solution.to_json())}\ninstance:\n{text}"
            )
            keyed[json.dumps(solution.to_json(), sort_keys=True)] = solution
        assert len(keyed) == len(result.solutions), f"{genre}: {name} repeated a solution on\n{text}"
        exhaustive = len(keyed) < cap
        assert not exhaustive or result.complete, f"{genre}: {name} stopped early on\n{text}"
        found[name] = (result.status, exhaustive, keyed, cap)
    for a, (status_a, done_a, sols_a, _) in found.items():
        for b, (status_b, _, sols_b, cap_b) in found.items():
            assert status_a == status_b, f"{genre}: {a} says {status_a}, {b} says {status_b} on\n{text}"
            if not done_a:
                continue
            # a listed every solution: b's must be among them, and b must have found them all
            # or stopped at its own cap
            extra = sorted(sols_b.keys() - sols_a.keys())
            missing = sorted(sols_a.keys() - sols_b.keys())
            assert not extra, (
                f"{genre}: backends {a} and {b} disagree on\n{text}\n"
                f"{b} has a solution {a} lacks: {extra[0]}"
            )
            assert not missing or len(sols_b) == cap_b, (
                f"{genre}: backends {a} and {b} disagree ({len(sols_a)} vs {len(sols_b)} "
                f"solutions) on\n{text}\n{a} has a solution {b} lacks: {missing[0]}"
            )


@pytest.mark.parametrize("genre", sorted(STRATEGIES))
def test_every_backend_finds_the_same_valid_solutions(genre):
    # a genre whose model a backend cannot enumerate in time says so in its own test file
    # (``CROSSCHECK_WITHOUT``), and the others are compared without it
    without = genre_option(genre, "CROSSCHECK_WITHOUT", ()) if genre in genres.NAMES else ()
    solvers = {name: solve for name, solve in installed_solvers(genre).items() if name not in without}
    checked: set = set()

    @per_genre
    @given(STRATEGIES[genre])
    def agree(puzzle):
        # a repeat is not a new example: Hypothesis draws another, so the profile's
        # max_examples counts distinct instances (the strategies repeat tiny grids often)
        assume(puzzle not in checked)
        check_agreement(genre, puzzle, solvers)
        checked.add(puzzle)

    agree()
    # the count a long run records (pytest -rP shows it): distinct instances, all backends agreeing
    print(f"{genre}: {len(checked)} distinct instances agreed on {', '.join(solvers)}")


@pytest.mark.parametrize("genre", sorted(STRATEGIES))
def test_format_parse_identity_and_check_accepts_solutions(genre):
    module = genres.get(genre)

    @per_genre
    @given(STRATEGIES[genre])
    def round_trip(puzzle):
        text = module.format(puzzle)
        assert module.parse(text, "drawn") == puzzle
        result = cpsat.solve(module.model(puzzle), limit=2)
        with tempfile.TemporaryDirectory() as tmp:
            puzzle_path = os.path.join(tmp, "puzzle.txt")
            with open(puzzle_path, "w", encoding="utf-8") as f:
                f.write(text)
            for i, assignment in enumerate(result.solutions):
                solution = module.decode(puzzle, assignment)
                assert module.solution_from_json(puzzle, solution.to_json()) == solution
                path = os.path.join(tmp, f"s{i}.json")
                with open(path, "w", encoding="utf-8") as f:
                    json.dump(solution.to_json(), f)
                assert cli.main(["check", genre, puzzle_path, path]) == 0

    round_trip()


@pytest.mark.parametrize("genre", ["wend", "swend"])
def test_every_backend_agrees_on_generated_wend_puzzles(genre):
    """Generated puzzles (real words, 5x5 and 6x6) are larger than the drawn ones: every backend
    finds the one planted solution."""
    from puzzlekit.generate import generate

    pytest.importorskip("wordfreq")
    solvers = installed_solvers(genre)
    for side in (5, 6):
        made = next(generate(genre, side, side, seed=side))
        check_agreement(genre, made.puzzle, solvers)
        result = solvers["search"](genres.get(genre).model(made.puzzle), limit=2)
        assert len(result.solutions) == 1


def drop_last_count(model):
    """A broken lowering: the model loses its last count (e.g. one island's number)."""
    return dataclasses.replace(model, stated_counts=model.counts[:-1], distinct=())


def drop_last_clause(model):
    """A broken lowering: the model loses its last clause (e.g. one pearl's turn rule)."""
    return dataclasses.replace(model, clauses=model.clauses[:-1])


def drop_clauses(model):
    """A broken lowering: the model loses every clause (e.g. Wend's steps between neighbours)."""
    return dataclasses.replace(model, clauses=())


@pytest.mark.parametrize(
    "genre, mutation", [("hashi", drop_last_count), ("masyu", drop_last_clause), ("wend", drop_clauses)]
)
def test_a_backend_that_drops_a_constraint_is_caught(genre, mutation):
    def mutant(model, **options):
        return cpsat.solve(mutation(model), **options)

    solvers = {"cpsat": cpsat.solve, "mutant": mutant}

    @given(STRATEGIES[genre])
    def agree(puzzle):
        check_agreement(genre, puzzle, solvers)

    with pytest.raises(AssertionError, match="mutant"):
        agree()


def test_every_genre_has_a_strategy() -> None:
    # a kit genre gets its strategy from its declaration (genre_strategies.kit_shapes)
    assert set(genres.NAMES) <= set(STRATEGIES)


def test_a_kit_genres_shapes_are_read_off_its_planter() -> None:
    class Declared:
        sizes = (2, 30)

    class EvenSquares:  # a planter that makes only squares of even sides
        GENRE = Declared()

        @staticmethod
        def random_puzzle(rng, h, w, keep=1.0):
            if h != w or h % 2:
                raise ValueError("even squares only")

    assert kit_shapes("nosuchgenre", EvenSquares) == {"square": True, "sides": [2, 4, 6]}
    assert kit_shapes("futoshiki") == {"square": True, "sides": (3, 5)}  # capped in its test file
