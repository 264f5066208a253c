"""The clues grouped as the generator shows and hides them (alone, or with their rot180 partner)."""

from __future__ import annotations

from types import ModuleType
from typing import Any


def orbits(rec: ModuleType, plant: Any, height: int, width: int, symmetry: str) -> list[tuple]:
    """The clues grouped as they are shown and hidden: alone, or with their rot180 partner.

    Under symmetry a clue whose partner place holds no clue is left out.
    """
    items = sorted(set(rec.clues(plant)) - set(rec.required(plant) if hasattr(rec, "required") else ()))
    if symmetry == "none":
        return [(item,) for item in items]
    known = set(items)
    out: dict[tuple, None] = {}
    for item in items:
        other = rec.partner(plant, item, height, width)
        if other is None or other not in known:
            continue
        out[tuple(sorted({item, other}))] = None
    return list(out)
