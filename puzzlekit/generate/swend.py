"""Swend: the Wend recipe (`wend`) with Swedish words (A-Z, Å, Ä, Ö) from the same word lists."""

from __future__ import annotations

import random

from .wend import (  # noqa: F401  (the recipe's names, as the loop reads them)
    ATTEMPTS,
    LEVELS,
    Plant,
    _check_size,
    _sample,
    answer,
    breaks,
    clues,
    puzzle_from,
    repair,
    required,
    solution,
    transform,
    variants,
)

NAME = "swend"
LANGUAGE = "sv"



def check_size(height: int, width: int) -> None:
    _check_size(height, width, LANGUAGE)


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    return _sample(rng, height, width, LANGUAGE)
