"""puzzlekit: solve and check pencil puzzles on six solver backends.

    >>> import puzzlekit
    >>> puzzle = puzzlekit.load("masyu", "examples/masyu01.txt")
    >>> result = puzzlekit.solve(puzzle, unique=True)
    >>> result.status, result.unique
    ('solved', True)
"""

from . import batch
from . import genres as _genres
from .api import (
    SolveResult,
    count,
    determined,
    explain,
    genre_module,
    grade,
    hint,
    is_unique,
    load,
    solve,
    to_url,
)
from .errors import (
    BackendUnavailable,
    InternalError,
    NoUniqueSolution,
    OutOfTime,
    ParseError,
    PuzzlekitError,
    UnknownName,
)

__version__ = "0.1.0"


def _picture(puzzle: object) -> str:
    """A notebook's picture of a puzzle (the SVG of `puzzlekit.render.svg`)."""
    from . import render

    return render.svg(puzzle)


# genres sit below the pictures, so the pictures are attached to their puzzles from here; every
# genre of the package has one (tests/test_render.py holds them to it)
for _name in _genres.NAMES:
    _genres.get(_name).Puzzle._repr_svg_ = _picture

__all__ = [
    "BackendUnavailable",
    "InternalError",
    "NoUniqueSolution",
    "OutOfTime",
    "ParseError",
    "PuzzlekitError",
    "SolveResult",
    "UnknownName",
    "count",
    "determined",
    "genre_module",
    "is_unique",
    "load",
    "solve",
    "grade",
    "hint",
    "explain",
    "to_url",
    "batch",
]
