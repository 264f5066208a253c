"""Mosaic against published puzzles (from the SmilingWayne dataset), read in
place from ../shared/corpus: each converted puzzle has one answer, the published one."""

from __future__ import annotations

import json

import pytest

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import mosaic

#: A sample, so the test stays quick (every puzzle of the folder passed when this was written).
SAMPLE = 10


convert = sw_corpus.GENRES['mosaic'].convert


def published(solution: str) -> frozenset:
    rows = [line.split() for line in solution.strip().split("\n")[1:]]
    return frozenset((r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t == "x")


def matches(solution: mosaic.Solution, text: str) -> bool:
    return solution.shaded == published(text)


def entries(corpus, limit: int | None = SAMPLE) -> list[tuple[str, dict]]:
    data = json.loads((corpus / "sw" / "mosaic" / "Mosaic_dataset.json").read_text())["data"]
    keys = sorted(data)
    step = max(1, len(keys) // limit) if limit else 1
    return [(key, data[key]) for key in keys[::step][:limit]]


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    for key, entry in entries(corpus):
        p = convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert mosaic.verify(p, solution) == [], key
        assert matches(solution, entry["solution"]), key
