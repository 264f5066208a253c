"""Dominosa against published puzzles (through the SmilingWayne dataset), read in place from
../shared/corpus: each converted puzzle has one answer, the published one."""

from __future__ import annotations

import json

import pytest

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import dominosa

#: A sample, so the test stays quick (every puzzle of the folder passed when this was written).
SAMPLE = 10


def entries(corpus) -> list[tuple[str, dict]]:
    data = json.loads((corpus / "sw" / "dominosa" / "Dominos_dataset.json").read_text())["data"]
    keys = sorted(data)
    return [(key, data[key]) for key in keys[::max(1, len(keys) // SAMPLE)][:SAMPLE]]


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    for key, entry in entries(corpus):
        p = sw_corpus.GENRES["dominosa"].convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert dominosa.verify(p, solution) == [], key
        assert sw_corpus.matches("dominosa", p, solution, entry["solution"]), key
