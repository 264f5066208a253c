"""Galaxies against published puzzles (through the SmilingWayne dataset), read in place from
../shared/corpus: each converted puzzle has one answer, the published one."""

from __future__ import annotations

import json

import pytest

from puzzlekit import api
from puzzlekit.board.dots import DOT
from puzzlekit.genres import galaxies

#: A sample, so the test stays quick.
SAMPLE = 10


def rows_of(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().split("\n")[1:]]


def entries(corpus) -> list[tuple[str, dict]]:
    data = json.loads((corpus / "sw" / "galaxies" / "Galaxies_dataset.json").read_text())["data"]
    keys = [key for key in sorted(data) if key != "445_51x14"]  # its header miscounts its rows
    return [(key, data[key]) for key in keys[::max(1, len(keys) // SAMPLE)][:SAMPLE]]


def puzzle_of(rows: list[list[str]]):
    """A code per cell: ``0`` a dot at its centre, ``1`` on its right side, ``2`` on its bottom
    side, ``3`` at its bottom right corner."""
    h, w = len(rows), len(rows[0])
    dots = [((2 * r + (t in "23"), 2 * c + (t in "13")), DOT)
            for r, row in enumerate(rows) for c, t in enumerate(row) if t != "-"]
    return galaxies.Puzzle(h, w, dots=galaxies.GENRE.clues[0].with_entries(h, w, dots))


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    for key, entry in entries(corpus):
        p = puzzle_of(rows_of(entry["problem"]))
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert galaxies.verify(p, solution) == [], key
        assert solution == galaxies.solution_from_json(p, {"regions": rows_of(entry["solution"])}), key
