"""Killer Sudoku against published puzzles (the shared corpus, read in place; skipped without
it): each converted puzzle solves with auto to its published answer."""

from __future__ import annotations

import json

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import killersudoku

SAMPLE = 10
#: As transcribed in the corpus this one has a second answer (which verify accepts too).
AMBIGUOUS = {"198_9x9"}


convert = sw_corpus.GENRES['killersudoku'].convert


def answer(solution: str) -> tuple:
    lines = solution.strip().splitlines()
    return tuple(tuple(int(x) for x in line.split()) for line in lines[1:])


def test_published_killer_sudokus_solve_to_their_answers(corpus):
    data = json.loads((corpus / "sw" / "killersudoku" / "KillerSudoku_dataset.json").read_text())["data"]
    keys = sorted(set(data) - AMBIGUOUS)[::max(1, len(data) // SAMPLE)][:SAMPLE]
    for key in keys:
        p = convert(data[key]["problem"])
        assert killersudoku.parse(killersudoku.format(p), key) == p
        result = api.solve(p, unique=True)
        assert result.unique is True, key
        assert result.solutions[0].digits == answer(data[key]["solution"]), key
