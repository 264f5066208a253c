"""Every genre made with the genre kit that declares what was measured of its generator
(``SIDES``, ``RELIABLE`` in its module) makes a unique puzzle at two of the levels it offers
(at the one, where only one was made reliably), exactly (no ``nearest``), at its smallest side
measured."""

from __future__ import annotations

import pytest

from puzzlekit import api, genres
from puzzlekit.generate import generate, generators, kit, offered, recipe


def measured() -> list[str]:
    """The kit genres whose module declares the levels its generator makes reliably."""
    return [name for name in generators() if name in genres.NAMES
            and isinstance(recipe(name), kit.KitRecipe) and recipe(name).SIDES]


def test_some_kit_genres_declare_their_levels():
    assert measured(), "no genre made with the kit declares SIDES and RELIABLE"


@pytest.mark.parametrize("name", measured())
def test_a_kit_genre_makes_a_unique_puzzle_at_two_levels_it_offers(name):
    rec = recipe(name)
    side = min(rec.SIDES)
    made = offered(name, side, side)
    assert made and set(made) == {lv for lv, at in rec.RELIABLE.items() if side in at}, name
    for level in made[:2]:  # the two easiest: the quickest to make
        (puzzle,) = generate(name, side, side, level, seed=1000)  # the first seed measured
        assert puzzle.grade.level == level and not puzzle.note, (level, puzzle.note)
        solved = api.solve(puzzle.puzzle, backend="sat", limit=2)
        assert solved.unique and solved.solutions[0].to_json() == puzzle.solution.to_json()


@pytest.mark.parametrize("name", measured())
def test_a_level_a_kit_genre_does_not_offer_is_refused(name):
    rec = recipe(name)
    side = min(rec.SIDES)
    missing = [lv for lv in rec.LEVELS if lv not in offered(name, side, side) and lv != "search"]
    if not missing:
        pytest.skip(f"{name} offers every level at {side}x{side}")
    with pytest.raises(ValueError, match="not offered"):
        next(iter(generate(name, side, side, missing[0], seed=1)))


def test_the_levels_benchmark_has_sides_for_each_kit_genre_that_declares_levels():
    from benchmarks.levels import SIZES  # its run without --sizes reads them

    assert [name for name in measured() if not SIZES.get(name)] == []
