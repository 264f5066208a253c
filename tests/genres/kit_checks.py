"""Checks every genre's test makes the same way, written once."""

from __future__ import annotations

from typing import Any

from puzzlekit import api, backends


def every_backend_finds(puzzle: Any, solution: Any) -> None:
    """Each installed backend finds the puzzle's one answer, and proves there is no other."""
    for name, version in backends.installed().items():
        if version:
            result = api.solve(puzzle, backend=name, limit=3)
            assert result.status == "solved" and result.complete, name
            assert list(result.solutions) == [solution], name
