"""Published Binairo puzzles (the shared corpus, read in place; skipped when it is absent):
each read with the default rules (rows need not differ), solved with exactly one answer, the
published one. The corpus writes 1 for a 0 and 2 for a 1, and '-' for an empty cell."""

from __future__ import annotations

import json

import pytest

from benchmarks import sw_corpus
from puzzlekit import api, genres

bi = genres.get("binairo")
#: A sample keeps the test quick; all 150 agree (run with SAMPLE = None to check them all).
SAMPLE = 10


def convert(entry: dict) -> tuple:
    """The puzzle and its published answer (`benchmarks.sw_corpus`)."""
    spec = sw_corpus.GENRES["binairo"]
    puzzle = spec.convert(entry["problem"])
    return puzzle, bi.Solution(ones=spec.published(puzzle, entry["solution"]))


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    data = json.loads((corpus / "sw" / "binairo" / "Binairo_dataset.json").read_text())["data"]
    entries = sorted(data.items())[:SAMPLE] if SAMPLE else sorted(data.items())
    for key, entry in entries:
        puzzle, published = convert(entry)
        assert puzzle.unique == "no"
        result = api.solve(puzzle, unique=True)
        assert result.status == "solved" and result.unique is True, key
        assert result.solutions[0] == published, key
        assert bi.verify(puzzle, published) == [], key
