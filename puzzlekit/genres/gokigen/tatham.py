"""Gokigen Naname as Simon Tatham's Slant game IDs (``5x5de:a1b0d3...``).

Params are ``WxH`` (columns first) and an optional ``d`` with his level letter (``e`` easy,
``h`` hard). The description lists the ``(W + 1) x (H + 1)`` grid corners row by row: a digit
``0``-``4`` is a number, a letter ``a``-``z`` that many corners without one (longer runs are
split, ``z`` first).
"""

from __future__ import annotations

import re
from typing import Any

from . import Puzzle

GAME = "slant"
TITLE = "Slant"


def read(params: str, desc: str) -> Any:
    """His game ID split at the first ':' (see the module docstring)."""
    found = re.fullmatch(r"(\d+)(?:x(\d+))?(?:d([eh]))?", params)
    if found is None:
        raise ValueError(f"Slant params are WxH with an optional level (dh or de), found {params!r}")
    w = int(found.group(1))
    h = int(found.group(2)) if found.group(2) else w
    if w < 2 or h < 2:
        raise ValueError(f"a Slant grid is at least 2x2, found {w}x{h}")
    corners: list[int | None] = []
    for i, ch in enumerate(desc):
        if "a" <= ch <= "z":
            corners += [None] * (ord(ch) - ord("a") + 1)
        elif "0" <= ch <= "4":
            corners.append(int(ch))
        else:
            raise ValueError(f"a Slant description holds digits 0-4 and letters a-z, found {ch!r} at {i}")
    if len(corners) != (w + 1) * (h + 1):
        raise ValueError(f"a {w}x{h} Slant description covers {(w + 1) * (h + 1)} corners, "
                         f"this one {len(corners)}")
    rows = [corners[r * (w + 1):(r + 1) * (w + 1)] for r in range(h + 1)]
    return Puzzle(h, w, corners=rows)


def write(puzzle: Any) -> str:
    """``WxH:DESC``, as his ``--generate`` prints it: his level is not part of the puzzle, so
    it is left out (his program then reads the ID at its default level)."""
    out, run = [], 0
    for row in puzzle.corners:
        for v in row:
            if v is None:
                run += 1
                continue
            out.append(_run(run) + str(v))
            run = 0
    out.append(_run(run))
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}"


def _run(n: int) -> str:
    """``n`` corners without a number: ``z`` (26) as often as it fits, then the rest."""
    return "z" * (n // 26) + (chr(ord("a") + n % 26 - 1) if n % 26 else "")
