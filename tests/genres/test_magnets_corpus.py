"""Magnets against published puzzles with their answers (the shared corpus, read in place;
skipped when it is absent), those that also give some poles in the grid included."""

from __future__ import annotations

import json

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import magnets as mg

SAMPLE = 10


def convert(problem: str, solution: str):
    """The corpus's puzzle and published answer (`benchmarks.sw_corpus`)."""
    spec = sw_corpus.GENRES["magnets"]
    puzzle = spec.convert(problem)
    return puzzle, mg.Solution(poles=spec.published(puzzle, solution))


def entries(folder):
    data = json.loads((folder / "magnets" / "Magnetic_dataset.json").read_text())["data"]
    return [(key, *convert(item["problem"], item["solution"])) for key, item in data.items()]


def test_published_puzzles_solve_to_their_answers(corpus):
    found = entries(corpus / "sw")
    given = [entry for entry in found if any(v for row in entry[1].givens for v in row)]
    assert len(found) > SAMPLE and given
    for key, puzzle, answer in found[:: max(1, len(found) // SAMPLE)][:SAMPLE] + given:
        assert mg.verify(puzzle, answer) == [], key
        result = api.solve(puzzle, unique=True)
        assert result.status == "solved" and result.unique is True, key
        assert result.solutions[0] == answer, key
