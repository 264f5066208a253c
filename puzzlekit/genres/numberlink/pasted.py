"""Numberlink boards pasted from puzzlemadness.co.uk: JSON with ``puzzleData`` holding
``gridWidth``, ``gridHeight`` and ``data.startingGrid`` (row-major, 0 empty); every cell is
covered there, as in our ``cover: all``."""

from __future__ import annotations

import json
import sys

from ... import textio
from ...errors import ParseError
from ...formats.pasted import checked
from . import Puzzle

SITES: dict[str, str] = {}
BOARD = "puzzlemadness.co.uk (JSON)"


def read_json(text: str, source: str) -> Puzzle:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"invalid JSON: {exc.msg}", source=source, line=exc.lineno, column=exc.colno
        ) from None
    puzzle = data.get("puzzleData") if isinstance(data, dict) else None
    if isinstance(puzzle, str):
        try:
            puzzle = json.loads(puzzle)
        except json.JSONDecodeError as exc:
            raise ParseError(f"puzzleData is text but not JSON: {exc.msg}", source=source) from None
    if not isinstance(puzzle, dict):
        raise ParseError("expected a JSON object whose 'puzzleData' is an object", source=source)
    sizes = []
    for key in ("gridWidth", "gridHeight"):
        value = puzzle.get(key)
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ParseError(f"puzzleData.{key} must be a whole number, found {value!r}", source=source)
        sizes.append(value)
    width, height = sizes
    textio.check_size(height, width, source)
    inner = puzzle.get("data")
    grid = inner.get("startingGrid") if isinstance(inner, dict) else None
    if not isinstance(grid, list):
        raise ParseError("puzzleData.data.startingGrid must be a list", source=source)
    if grid and all(isinstance(row, list) for row in grid):
        grid = [v for row in grid for v in row]
    if len(grid) != width * height:
        raise ParseError(
            f"startingGrid holds {len(grid)} cells, but gridWidth x gridHeight is {width}x{height}",
            source=source,
        )
    values = []
    for i, v in enumerate(grid):
        if isinstance(v, str) and v.strip().isdigit():
            v = int(v)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ParseError(f"startingGrid[{i}] is {v!r}, expected a number (0 empty)", source=source)
        values.append(v)
    rows = tuple(tuple(values[r * width:(r + 1) * width]) for r in range(height))
    return checked(sys.modules[__package__], Puzzle(rows, "all"), source)


