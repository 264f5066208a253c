"""Helpers for the tests of refused data: Puzzles made in Python and solution JSON."""

from __future__ import annotations

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
    """``work()``, which must finish within ``seconds``."""
    start = time.perf_counter()
    result = work()
    took = time.perf_counter() - start
    assert took < seconds, f"took {took:.1f} s"
    return result
