"""Pictures of puzzles: standalone SVG for every genre, PNG through an optional rasteriser.

    >>> from puzzlekit import load, solve, render
    >>> puzzle = load("masyu", "examples/masyu01.txt")
    >>> picture = render.svg(puzzle, solve(puzzle).solutions[0])
    >>> picture.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    True

`svg` draws the puzzle as the genre is conventionally printed, and optionally a solution, a
player's partial state (answer-key values by key, the keys of the genre's ``model``: 0 is
"known absent", drawn as a cross or a dot) and highlighted cells (those a hint names). The
same input gives the same bytes. `png` rasterises such a picture; it needs the ``png``
extra (``pip install 'puzzlekit[png]'``). See docs/pictures.md.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from typing import Any

from .. import genres
from ..errors import PuzzlekitError
from . import common
from .common import RenderError

__all__ = ["RasteriserUnavailable", "RenderError", "has_picture", "png", "svg"]

PNG_PACKAGE = "resvg-py"
PNG_EXTRA = "png"


class RasteriserUnavailable(PuzzlekitError, ImportError):
    """PNG output was asked for but the rasteriser package is not installed."""

    def __init__(self) -> None:
        self.package = PNG_PACKAGE
        self.extra = PNG_EXTRA
        super().__init__(
            f"PNG output needs the package {PNG_PACKAGE!r}: pip install 'puzzlekit[{PNG_EXTRA}]'  "
            f"(or: pip install {PNG_PACKAGE}); SVG output needs nothing"
        )


def svg(
    puzzle: Any,
    solution: Any = None,
    state: dict[Hashable, int] | None = None,
    highlight: Iterable[tuple[int, int]] = (),
) -> str:
    """The puzzle as a standalone SVG 1.1 document (text).

    ``solution`` is the genre's `Solution` (e.g. ``solve(puzzle).solutions[0]``); ``state``
    a dict of answer-key values by key (the keys of the genre's ``model`` output, such as
    ``("edge", (0, 0), (0, 1))``), each checked against the model; ``highlight`` cells
    ``(r, c)`` to mark. A state or highlight that does not fit the puzzle raises `RenderError`.
    """
    genre = genres.module_of(puzzle)
    name = genre.NAME
    if solution is not None and not isinstance(solution, genre.Solution):
        raise TypeError(f"a {name} picture takes a {name} Solution, not {type(solution).__name__}")
    own = getattr(genre, "draw", None)
    if own is not None:  # a genre that draws itself from its board layers (the genre kit)
        known = common.read_state(genre, puzzle, state)
        return own(puzzle, solution, known, common.read_highlight(highlight, puzzle.height, puzzle.width))
    picture = genres.part(genre, "picture")
    if picture is None:
        raise RenderError(f"there is no picture for {name} yet; 'puzzlekit solve' prints it as text")
    return picture.draw(puzzle, solution, state, highlight)


def has_picture(name: str) -> bool:
    """Whether `svg` can draw the genre of this name or alias: the genre draws itself from its
    board layers, or its folder holds a ``picture`` module."""
    genre = genres.get(name)
    return getattr(genre, "draw", None) is not None or genres.part(genre, "picture") is not None


#: The most pixels a PNG may have: a 200x200 Masyu at scale 32 would need 40 GB, and the
#: rasteriser aborts the whole interpreter when it cannot allocate them.
MAX_PNG_PIXELS = 50_000_000

_SVG_TAG = re.compile(r"<svg\b[^>]*>", re.S)
_NUMBER = r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)"


def _svg_size(svg_text: str) -> tuple[float, float] | None:
    """The width and height of an SVG's root element (its attributes, else its viewBox)."""
    tag = _SVG_TAG.search(svg_text)
    if tag is None:
        return None
    found = [re.search(rf'\b{name}\s*=\s*["\']{_NUMBER}', tag.group()) for name in ("width", "height")]
    if found[0] and found[1]:
        return float(found[0].group(1)), float(found[1].group(1))
    box = re.search(rf'\bviewBox\s*=\s*["\']{_NUMBER}[\s,]{_NUMBER}[\s,]{_NUMBER}[\s,]{_NUMBER}', tag.group())
    return (float(box.group(3)), float(box.group(4))) if box else None


def png(svg_text: str, scale: float = 2) -> bytes:
    """A PNG image of an SVG document, ``scale`` pixels per SVG unit.

    Raises `RasteriserUnavailable` (naming ``pip install 'puzzlekit[png]'``) when the
    rasteriser is not installed, ValueError for a scale that is not a positive number, and
    `RenderError` for an image over `MAX_PNG_PIXELS` (lower the scale).
    """
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale <= 32:
        raise ValueError(f"scale must be a number above 0 and at most 32, not {scale!r}")
    if not isinstance(svg_text, str):
        raise TypeError(f"png takes SVG text, not {type(svg_text).__name__}")
    size = _svg_size(svg_text)
    if size is not None:
        width, height = size[0] * scale, size[1] * scale
        if width * height > MAX_PNG_PIXELS:
            most = (MAX_PNG_PIXELS / max(size[0] * size[1], 1e-9)) ** 0.5
            raise RenderError(
                f"the PNG would be {width:.0f}x{height:.0f} pixels, over the limit of {MAX_PNG_PIXELS:,}: "
                f"lower the scale (at most {most:.2f} here) or write SVG"
            )
    try:
        import resvg_py
    except ImportError:
        raise RasteriserUnavailable() from None
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg_text, zoom=float(scale), background="#ffffff"))
    except ValueError as exc:  # text that is not SVG: the rasteriser's own words, as ours
        raise RenderError(f"not an SVG document the rasteriser reads: {exc}") from None
