"""Every genre's model() takes a deadline and stops with OutOfTime when it ends."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES
from refusals import timed

from puzzlekit import genres
from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import OutOfTime

EXAMPLE_FILES = {"tracks": "tracks01.txt"}


def example(genre: str):
    module = genres.get(genre)
    return module, module.parse((EXAMPLES / EXAMPLE_FILES.get(genre, f"{genre}01.txt")).read_text())


@pytest.mark.parametrize("genre", genres.NAMES)
def test_a_deadline_that_has_ended_stops_the_model(genre: str) -> None:
    module, puzzle = example(genre)
    with pytest.raises(OutOfTime):
        module.model(puzzle, deadline=Deadline(0.0))
    built = module.model(puzzle)
    assert module.model(puzzle, deadline=UNLIMITED) == built == module.model(puzzle, deadline=Deadline(60))


def big(genre: str):
    """A puzzle at the size limits whose model takes about a second or more to build."""
    module = genres.get(genre)
    row = " ".join("1" if c % 5 == 0 else "2" if c % 7 == 0 else "0" for c in range(200)) + "\n"
    if genre == "masyu":
        return module, module.parse(row * 200)
    if genre == "tracks":
        counts = " ".join(["2"] * 200)
        return module, module.parse(f"cols: {counts}\nrows: {counts}\nend: 0 1\n")
    numbers = [[0] * 200 for _ in range(200)]
    numbers[0][0], numbers[199][199] = 1, 2
    return module, module.Puzzle(numbers)  # zip


# (no Sudoku: its model is N^2 integers and 3N AllDifferent groups, built in milliseconds even
# at the 64x64 limit)
@pytest.mark.parametrize("genre", ["masyu", "tracks", "zip"])
def test_a_big_model_stops_soon_after_the_deadline(genre: str) -> None:
    module, puzzle = big(genre)
    with pytest.raises(OutOfTime):
        timed(lambda: module.model(puzzle, deadline=Deadline(0.1)), 1.5)
