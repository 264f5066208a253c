"""Helpers for the tests of refused data: Puzzles made in Python and solution JSON."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from puzzlekit.errors import ParseError


def refused(make: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """The message of the ParseError that ``make(*args)`` raises (which must name no line)."""
    with pytest.raises(ParseError) as info:
        make(*args, **kwargs)
    assert (info.value.line, info.value.column) == (0, 0), str(info.value)
    return str(info.value)


def file_and_data_agree(parse: Callable[[str], Any], text: str, make: Callable[[], Any]) -> None:
    """The parser's reason for a bad file ends the message for the same data made in Python
    (up to the value found: a token ``'7'`` in the file is the number ``7`` in the data)."""
    with pytest.raises(ParseError) as from_file:
        parse(text)
    message = refused(make)
    assert from_file.value.line > 0
    reason = from_file.value.reason
    if ", found " in reason:
        reason, message = reason.rsplit(", found ", 1)[0], message.rsplit(", found ", 1)[0]
    assert message.endswith(": " + reason), (message, reason)


def timed(work: Callable[[], Any], seconds: float) -> Any:
    """``work()``, which must finish within ``seconds`` of this process's CPU time.

    CPU time, not wall-clock time: other jobs on a busy machine do not count, where a wall
    bound of a few seconds failed under load (tests/test_no_clock_bounds.py). The work these
    tests time took minutes, or ran out of memory, before it was fixed."""
    start = time.process_time()
    result = work()
    took = time.process_time() - start
    assert took < seconds, f"took {took:.1f} s of CPU"
    return result


def judged(module: Any, puzzle: Any, data: Any, seconds: float = 10.0) -> list[str] | str:
    """What ``check`` says of solution data (through JSON text, as from a file), within
    ``seconds``: the broken rules, or the message refusing the data."""
    data = json.loads(json.dumps(data))

    def judge() -> list[str] | str:
        try:
            return module.verify(puzzle, module.solution_from_json(puzzle, data))
        except ParseError as exc:
            return str(exc)

    return timed(judge, seconds)


def cell_edges(height: int, width: int) -> list[list[list[int]]]:
    """Every pair of neighbouring cells of a grid, as solution JSON edges."""
    out = []
    for r in range(height):
        for c in range(width):
            out += [[[r, c], [r, c + 1]]] if c + 1 < width else []
            out += [[[r, c], [r + 1, c]]] if r + 1 < height else []
    return out
