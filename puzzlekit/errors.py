"""Exceptions that carry a message a user can act on."""

from __future__ import annotations


class PuzzlekitError(Exception):
    """Base class of every error puzzlekit raises on purpose."""


class ParseError(PuzzlekitError):
    """A puzzle or solution file that does not follow its format."""

    def __init__(self, message: str, *, source: str = "<input>", line: int = 0, column: int = 0):
        self.source = source
        self.line = line
        self.column = column
        self.reason = message
        where = source
        if line:
            where += f":{line}"
            if column:
                where += f":{column}"
        super().__init__(f"{where}: {message}")


class BackendUnavailable(PuzzlekitError):
    """A solver backend whose Python package is not installed."""

    def __init__(self, backend: str, package: str, extra: str):
        self.backend = backend
        self.package = package
        self.extra = extra
        super().__init__(
            f"backend {backend!r} needs the package {package!r}: "
            f"pip install 'puzzlekit[{extra}]'  (or: pip install {package})"
        )


class UnknownName(PuzzlekitError, ValueError):
    """An unknown genre, backend, or backend option name or value."""


class StateError(PuzzlekitError, ValueError):
    """A player's state that does not fit the puzzle: a key outside its answer key, or a value
    outside that key's range."""


class NoUniqueSolution(PuzzlekitError, ValueError):
    """A puzzle with no solution, or more than one, where exactly one is needed (a hint, an
    explanation, a picture of the solution). The command exits 1, as for an unsolvable puzzle."""


class OutOfTime(PuzzlekitError, TimeoutError):
    """The time limit ended before the work was done (the one timeout exception).

    ``found`` is what was established by then when that is a number (e.g. solutions counted).
    """

    def __init__(self, message: str = "the time limit ended", *, found: int | None = None):
        self.found = found
        super().__init__(message)


class InternalError(PuzzlekitError, RuntimeError):
    """A bug in puzzlekit: e.g. a backend returned an answer the rule checker rejects."""
