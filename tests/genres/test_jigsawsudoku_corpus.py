"""Jigsaw Sudoku against published puzzles (the shared corpus, read in place; skipped without
it): each converted puzzle solves with auto to its published answer."""

from __future__ import annotations

import json

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import jigsawsudoku

SAMPLE = 10
#: As transcribed in the corpus these have more than one answer (the published one passes verify).
AMBIGUOUS = {"653_6x6", "663_6x6", "672_6x6"}


convert = sw_corpus.GENRES['jigsawsudoku'].convert


def answer(solution: str) -> tuple:
    lines = solution.strip().splitlines()
    return tuple(tuple(int(x) for x in line.split()) for line in lines[1:])


def test_published_jigsaw_sudokus_solve_to_their_answers(corpus):
    data = json.loads((corpus / "sw" / "jigsawsudoku" / "JigsawSudoku_dataset.json").read_text())["data"]
    keys = sorted(set(data) - AMBIGUOUS)[::max(1, len(data) // SAMPLE)][:SAMPLE]
    for key in keys:
        p = convert(data[key]["problem"])
        assert jigsawsudoku.parse(jigsawsudoku.format(p), key) == p
        result = api.solve(p, unique=True)
        assert result.unique is True, key
        assert result.solutions[0].digits == answer(data[key]["solution"]), key
