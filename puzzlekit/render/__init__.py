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


def png(svg_text: str, scale: float = 2) -> bytes:
    """A PNG image of an SVG document, ``scale`` pixels per SVG unit.

    Raises `RasteriserUnavailable` (naming ``pip install 'puzzlekit[png]'``) when the
    rasteriser is not installed, ValueError for a scale that is not a positive number.
    """
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale <= 32:
        raise ValueError(f"scale must be a number above 0 and at most 32, not {scale!r}")
    try:
        import resvg_py
    except ImportError:
        raise RasteriserUnavailable() from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg_text, zoom=float(scale), background="#ffffff"))
