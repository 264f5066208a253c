"""Swend: the Wend recipe (`wend`) with Swedish words (A-Z, Å, Ä, Ö) from the same word lists."""

from __future__ import annotations

import functools

from .wend import (  # noqa: F401  (the recipe's names, as the loop reads them)
    ATTEMPTS,
    LEVELS,
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
from .wend import check_size as _check_size
from .wend import sample_solution as _sample_solution

NAME = "swend"
LANGUAGE = "sv"

check_size = functools.partial(_check_size, language=LANGUAGE)
sample_solution = functools.partial(_sample_solution, language=LANGUAGE)
