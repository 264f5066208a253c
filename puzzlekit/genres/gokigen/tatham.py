"""Gokigen Naname as Simon Tatham's Slant game IDs (``5x5de:a1b0d3...``).

Params are ``WxH`` (columns first) and an optional ``d`` with his level letter (``e`` easy,
``h`` hard). The description lists the ``(W + 1) x (H + 1)`` grid corners row by row: a digit
``0``-``4`` is a number, a letter ``a``-``z`` that many corners without one (longer runs are
split, ``z`` first).
"""

from __future__ import annotations

from typing import Any

from ...formats.tathamcodes import dims, rows, runs, write_runs
from . import Puzzle

GAME = "slant"
TITLE = "Slant"


def read(params: str, desc: str) -> Any:
    """His game ID split at the first ':' (see the module docstring)."""
    w, h, _ = dims(params, "(?:d([eh]))?", "Slant params are WxH (2x2 or more) with an optional level "
                   "(dh or de)", sides=(2, 256))
    corners = runs(desc, (w + 1) * (h + 1), "[0-4]", "Slant", int, None)
    return Puzzle(h, w, corners=[list(r) for r in rows(corners, w + 1)])


def write(puzzle: Any) -> str:
    """``WxH:DESC``, as his ``--generate`` prints it: his level is not part of the puzzle, so
    it is left out (his program then reads the ID at its default level)."""
    return f"{puzzle.width}x{puzzle.height}:" + write_runs([v for row in puzzle.corners for v in row])
