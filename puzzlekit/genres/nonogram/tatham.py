"""Nonograms as Simon Tatham's Pattern: ``WxH:CLUES``, the clues of the columns left to right
then of the rows top to bottom, ``/`` between two lines, ``.`` between two runs of a line (an
empty line has none). His optional cells given at the start (``,`` and a run-length part,
which his generator never makes) have no counterpart here and are refused."""

from __future__ import annotations

import re

from ...formats.tathamcodes import size
from . import Puzzle

GAME = "pattern"
TITLE = "Pattern"


def read(params: str, desc: str) -> Puzzle:
    w, h, rest = size(params)
    if rest:
        raise ValueError(f"Pattern parameters are a size such as '10x10', not {params!r}")
    if "," in desc:
        raise ValueError("Pattern: cells given at the start have no counterpart in a nonogram")
    lines = desc.split("/")
    if len(lines) != w + h:
        raise ValueError(f"Pattern: {len(lines)} clues, not {w} columns + {h} rows")
    clues = []
    for i, line in enumerate(lines):
        if not re.fullmatch(r"(\d+(\.\d+)*)?", line):
            raise ValueError(f"Pattern: the clue {line!r} of line {i + 1} is not numbers joined by '.'")
        clues.append(tuple(n for n in map(int, line.split(".") if line else ()) if n))
    return Puzzle(rows=tuple(clues[w:]), cols=tuple(clues[:w]))


def write(puzzle: Puzzle) -> str:
    lines = (*puzzle.cols, *puzzle.rows)
    return f"{puzzle.width}x{puzzle.height}:" + "/".join(".".join(map(str, line)) for line in lines)
