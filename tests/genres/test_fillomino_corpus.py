"""Fillomino against published puzzles (janko.at, through the SmilingWayne dataset), read in
place from ../shared/corpus: each converted puzzle has one answer, the published one."""

from __future__ import annotations

import json

import pytest

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.board.regions import labels
from puzzlekit.genres import fillomino

#: A sample of the smaller grids, so the test stays quick (the 10x10s take up to a minute each).
SAMPLE = 6


def rows_of(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().split("\n")[1:]]


convert = sw_corpus.GENRES['fillomino'].convert


def entries(corpus) -> list[tuple[str, dict]]:
    data = json.loads((corpus / "sw" / "fillomino" / "Fillomino_dataset.json").read_text())["data"]

    def cells(key: str) -> int:
        rows, cols = data[key]["problem"].split()[:2]
        return int(rows) * int(cols)

    return [(key, data[key]) for key in sorted(data, key=lambda k: (cells(k), k))[:SAMPLE]]


@pytest.mark.corpus
def test_published_puzzles_solve_to_their_answers(corpus):
    for key, entry in entries(corpus):
        p = convert(entry["problem"])
        result = api.solve(p, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert fillomino.verify(p, solution) == [], key
        published = [[int(t) for t in row] for row in rows_of(entry["solution"])]
        found = labels(solution.regions, p.height, p.width, sizes=True)
        assert [list(row) for row in found] == published, key
