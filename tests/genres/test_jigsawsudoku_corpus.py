"""Jigsaw Sudoku against published puzzles (the shared corpus, read in place; skipped without
it): each converted puzzle solves with auto to its published answer."""

from __future__ import annotations

import json
import string

from puzzlekit import api
from puzzlekit.genres import jigsawsudoku

SAMPLE = 10
#: As transcribed in the corpus these have more than one answer (the published one passes verify).
AMBIGUOUS = {"653_6x6", "663_6x6", "672_6x6"}


def convert(problem: str):
    """The corpus's text (R C, R lines of givens or '-', R lines of region ids) as a Jigsaw
    Sudoku puzzle (the regions relabelled A, B, ... in order of first appearance)."""
    lines = problem.strip().splitlines()
    n = int(lines[0].split()[0])
    givens = [[int(x) if x.isdigit() else None for x in line.split()] for line in lines[1:1 + n]]
    ids = [line.split() for line in lines[1 + n:1 + 2 * n]]
    names: dict[str, str] = {}
    for row in ids:
        for key in row:
            names.setdefault(key, string.ascii_uppercase[len(names)])
    regions = tuple("".join(names[key] for key in row) for row in ids)
    return jigsawsudoku.Puzzle(n, n, givens=givens, regions=regions)


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
