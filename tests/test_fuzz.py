"""Fuzzing every genre: mutated puzzle files through the command, and odd Python data through
the library. Nothing may end in a traceback, an exit status outside 0-3, or a "solved" answer
that the genre's rule checker rejects.

The number of examples per genre follows the Hypothesis profile (``HYPOTHESIS_PROFILE=thorough``
runs 2,000; CI runs a smaller sample).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json

import pytest
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzlekit
from puzzlekit import cli, genres
from puzzlekit.errors import PuzzlekitError

GENRES = list(genres.NAMES)
#: Characters puzzle files are made of, and some that they never hold.
ALPHABET = "0123456789.#:-,? \n\tTUDLRswtABCabc" + "\u00e9\u2603\x00\ufeff"
LIMIT = "1"  # seconds per solve: fuzzing looks for crashes, not answers


def run(args: list[str]) -> tuple[int, str, str]:
    """The command in this process: exit status, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(args)
    return code, out.getvalue(), err.getvalue()


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """The text with a few characters inserted, deleted, replaced or lines repeated."""
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "line", "cut"]))
        at = draw(st.integers(0, max(0, len(text) - 1)))
        if kind == "insert":
            text = text[:at] + draw(st.text(ALPHABET, min_size=1, max_size=3)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 3)):]
        elif kind == "replace":
            text = text[:at] + draw(st.sampled_from(ALPHABET)) + text[at + 1:]
        elif kind == "line":
            lines = text.split("\n")
            k = draw(st.integers(0, len(lines) - 1))
            lines.insert(k, lines[k])
            text = "\n".join(lines)
        else:
            text = text[:at]
    return text


def check_outcome(genre: str, code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2, 3), (code, err)
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        assert err.startswith("puzzlekit: error: ") and err.count("\n") == 1, err
    if code in (0, 3) and out.startswith("{"):
        data = json.loads(out)
        assert data["status"] in ("solved", "timeout")


@pytest.mark.parametrize("genre", GENRES)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_mutated_files_never_crash_the_command(genre, data, tmp_path):
    text = data.draw(mutated((EXAMPLES / f"{genre}01.txt").read_text()))
    path = tmp_path / "fuzz.txt"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code, out, err = run(["solve", genre, str(path), "-t", LIMIT, "-f", "json", "--unique"])
    check_outcome(genre, code, out, err)


# odd Python data ---------------------------------------------------------------------------


@st.composite
def odd(draw: st.DrawFn, value: object, depth: int = 0) -> object:
    """A value shaped like ``value`` with some parts changed: other numbers, lengths, types."""
    if depth > 4 or draw(st.integers(0, 9)) == 0:
        return draw(st.one_of(
            st.integers(-3, 40), st.just(()), st.just(None), st.text("UDLRx.0", max_size=3),
            st.sampled_from([True, 10**6, -1, 0, 2**40]),
        ))
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return draw(st.one_of(st.just(value), st.integers(-2, 12), st.sampled_from([0, 1, 2, 36, 257])))
    if isinstance(value, str):
        return draw(st.one_of(st.just(value), st.text("UDLRswt0123", max_size=3)))
    if isinstance(value, (tuple, list, frozenset, set)):
        items = list(value)
        if items and draw(st.booleans()):
            items = [draw(odd(x, depth + 1)) if draw(st.integers(0, 3)) == 0 else x for x in items]
        if items and draw(st.integers(0, 3)) == 0:
            del items[draw(st.integers(0, len(items) - 1))]
        if items and draw(st.integers(0, 5)) == 0:
            items.append(items[-1])
        return type(value)(items) if not isinstance(value, (frozenset, set)) else frozenset(
            x for x in items if _hashable(x))
    return value


def _hashable(x: object) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


@pytest.mark.parametrize("genre", GENRES)
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_odd_puzzle_data_is_refused_or_solved_honestly(genre, data):
    module = genres.get(genre)
    example = module.parse((EXAMPLES / f"{genre}01.txt").read_text())
    fields = {f.name: getattr(example, f.name) for f in dataclasses.fields(example)}
    name = data.draw(st.sampled_from(sorted(fields)))
    fields[name] = data.draw(odd(fields[name]))
    try:
        puzzle = module.Puzzle(**fields)
    except PuzzlekitError:
        return  # refused with a message: fine
    result = puzzlekit.solve(puzzle, unique=True, time_limit=float(LIMIT))  # verifies every answer
    assert result.status in ("solved", "unsolvable", "timeout")
    for solution in result.solutions:
        assert module.verify(puzzle, solution) == []
