"""Argument types shared by every subcommand: whole numbers, seconds and seeds.

Each raises `argparse.ArgumentTypeError` with the message the command prints, so the same
bad value gets the same words from ``solve``, ``batch``, ``generate`` and ``pack``.
"""

from __future__ import annotations

import argparse
import math

#: Largest seed a backend accepts (CP-SAT's is a 32-bit signed integer).
MAX_SEED = 2**31 - 1


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def positive_int(text: str) -> int:
    """A whole number of at least 1."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def seconds(text: str) -> float | None:
    """More than 0 seconds; ``inf`` means no limit (None)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, got {text}")
    return None if math.isinf(value) else value


def seed(text: str) -> int:
    """A random seed from 0 to `MAX_SEED`."""
    value = _whole(text)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be from 0 to {MAX_SEED}, got {text}")
    return value


def budget(text: str) -> float | None:
    """0 seconds or more; 0 is a budget already spent (the command then ends as at a time
    limit, exit 3), ``inf`` means no limit (None)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be 0 seconds or more, got {text}")
    return None if math.isinf(value) else value
