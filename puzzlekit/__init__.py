"""puzzlekit: solve and check pencil puzzles on six solver backends.

    >>> import puzzlekit
    >>> puzzle = puzzlekit.load("masyu", "examples/masyu01.txt")
    >>> result = puzzlekit.solve(puzzle, unique=True)
    >>> result.status, result.unique
    ('solved', True)
"""

from .api import SolveResult, count, determined, genre_module, is_unique, load, solve
from .errors import BackendUnavailable, InternalError, OutOfTime, ParseError, PuzzlekitError, UnknownName

__version__ = "0.1.0"

__all__ = [
    "BackendUnavailable",
    "InternalError",
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
]
