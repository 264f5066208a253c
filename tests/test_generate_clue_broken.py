"""A kit genre's ``clue_broken(item, values)`` (the generator's short cut for "does this second
answer break that clue") says what the genre's own checks say of a puzzle showing that clue
alone, for every clue of a planted puzzle and answers planted apart from it."""

from __future__ import annotations

import random

import pytest

from puzzlekit import genres
from puzzlekit.generate import generators, kit, recipe


def declaring() -> list[str]:
    return [name for name in generators() if name in genres.NAMES and isinstance(recipe(name), kit.KitRecipe)
            and hasattr(genres.get(name), "clue_broken")]


def test_some_genre_declares_it():
    assert declaring()


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", declaring())
def test_clue_broken_agrees_with_the_checks(name, seed):
    rec = recipe(name)
    module = genres.get(name)
    rng = random.Random(seed)
    side = min(rec.SIDES or (6,))
    plant = rec.sample_solution(rng, side, side)
    others = [rec.sample_solution(rng, side, side) for _ in range(3)]
    answers = [rec.answer(plant), *(rec.answer(kit.Plant(o.solution, plant.full)) for o in others)]
    broken = 0
    for item in rec.clues(plant):
        alone = rec.puzzle_from(side, side, [*rec.required(plant), item])
        for values in answers:
            said = bool(list(module.verify(alone, module.decode(alone, values))))
            assert module.clue_broken(item, values) == said, (item, said)
            broken += said
    assert broken, "no clue was broken by any other answer: the comparison saw only one side"
