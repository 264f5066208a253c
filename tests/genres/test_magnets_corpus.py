"""Magnets against published puzzles with their answers (the shared corpus, read in place;
skipped when it is absent). Puzzles that also give some poles in the grid are left out."""

from __future__ import annotations

import json

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import magnets as mg

SAMPLE = 10


def convert(problem: str, solution: str):
    """The corpus's puzzle and published answer (`benchmarks.sw_corpus`), or None for a variant."""
    spec = sw_corpus.GENRES["magnets"]
    puzzle = spec.convert(problem)
    if puzzle is None:
        return None
    return puzzle, mg.Solution(poles=spec.published(puzzle, solution))


def entries(folder):
    data = json.loads((folder / "magnets" / "Magnetic_dataset.json").read_text())["data"]
    out = []
    for key, item in data.items():
        made = convert(item["problem"], item["solution"])
        if made is not None:
            out.append((key, *made))
    return out


def test_published_puzzles_solve_to_their_answers(corpus):
    found = entries(corpus / "sw")
    assert len(found) > SAMPLE
    for key, puzzle, answer in found[:: max(1, len(found) // SAMPLE)][:SAMPLE]:
        assert mg.verify(puzzle, answer) == [], key
        result = api.solve(puzzle, unique=True)
        assert result.status == "solved" and result.unique is True, key
        assert result.solutions[0] == answer, key
