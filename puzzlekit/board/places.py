"""Where a mistake in puzzle data is, and how it is worded: shared by every board layer.

Data made in Python names its place as a field and indexes (``<puzzle>: numbers[2][5]: ...``);
data read from a file names the file, line and column instead (the layers read tokens, so
they raise at the token).
"""

from __future__ import annotations

import reprlib
from typing import Any

from ..errors import ParseError

PUZZLE = "<puzzle>"
SOLUTION = "solution"
STATE = "state"

class _Shown(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4000:  # int -> str refuses over 4,300 digits
            return f"<an integer of about {int(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)


_SHOWN = _Shown()
_SHOWN.maxstring = _SHOWN.maxlong = 40
_SHOWN.maxother = 40
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = 6


def shown(value: Any) -> str:
    """A value as a message shows it: short, whatever its size or depth."""
    if isinstance(value, str):
        return _SHOWN.repr(value)
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    text = _SHOWN.repr(value)  # nested lists of long items stay long: cut them short too
    return text if len(text) <= 200 else text[:197] + "..."


def said(value: Any) -> str:
    """A value as the package's hand-written genres show it in a message: Python's words
    (``True``, ``None``), short."""
    text = _SHOWN.repr(value)
    return text if len(text) <= 100 else text[:97] + "..."


def is_int(value: Any) -> bool:
    """A whole number that is not a boolean."""
    return isinstance(value, int) and not isinstance(value, bool)


def field_name(at: tuple) -> str:
    """A place as text: ``("numbers", 2, 5)`` -> ``numbers[2][5]``."""
    return str(at[0]) + "".join(f"[{i}]" for i in at[1:]) if at else ""


def invalid(at: tuple, reason: str, source: str = PUZZLE) -> ParseError:
    """A ParseError about data made in Python (or JSON) at a named place; ``at`` and the bare
    reason (``template``) stay on it, so a parser can name the line and column instead."""
    label = field_name(at)
    exc = ParseError(f"{label}: {reason}" if label else reason, source=source)
    exc.at, exc.template = at, reason  # type: ignore[attr-defined]
    return exc


def cell_text(cell: tuple[int, int]) -> str:
    """A cell as messages write it: ``(2, 5)`` (huge numbers shortened)."""
    return f"({shown(cell[0])}, {shown(cell[1])})"


def point(value: Any, at: tuple, height: int, width: int, source: str) -> tuple[int, int]:
    """A cell ``[r, c]`` of JSON inside a ``height x width`` grid."""
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(is_int(v) for v in value)):
        raise invalid(at, f"expected a cell [row, column], found {shown(value)}", source)
    r, c = value
    if not (0 <= r < height and 0 <= c < width):
        raise invalid(at, f"the cell ({r}, {c}) is outside the {height}x{width} grid", source)
    return (r, c)


def rows_of(value: Any, at: tuple, height: int, width: int, source: str) -> list[list[Any]]:
    """A grid of JSON (or Python) data: ``height`` rows of ``width`` entries each."""
    if not isinstance(value, (list, tuple)) or len(value) != height:
        raise invalid(at, f"expected {height} rows, found {shown(value)}", source)
    out = []
    for r, row in enumerate(value):
        if not isinstance(row, (list, tuple)) or len(row) != width:
            raise invalid((*at, r), f"expected a row of {width} entries, found {shown(row)}", source)
        out.append(list(row))
    return out


def listed_point(value: Any, place: str, height: int, width: int, *rest: str) -> tuple[int, int]:
    """A cell ``[row, col]`` of JSON inside the grid, worded as the package's hand-written
    genres word it (a genre with ``classic_json``); ``rest``: the grid in words (default ``the
    HxW grid``) and the source."""
    *named, source = rest
    grid = named[0] if named else f"the {height}x{width} grid"
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(is_int(v) for v in value)):
        raise ParseError(f"{place}: expected [row, col], found {said(value)}", source=source)
    r, c = value
    if not (0 <= r < height and 0 <= c < width):
        raise ParseError(f"{place}: {cell_text((r, c))} is outside {grid}", source=source)
    return (r, c)
