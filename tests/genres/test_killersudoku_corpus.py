"""Killer Sudoku against published puzzles (the shared corpus, read in place; skipped without
it): each converted puzzle solves with auto to its published answer."""

from __future__ import annotations

import json

from puzzlekit import api
from puzzlekit.board import cages as cg
from puzzlekit.genres import killersudoku

SAMPLE = 10
#: As transcribed in the corpus this one has a second answer (which verify accepts too).
AMBIGUOUS = {"198_9x9"}


def convert(problem: str):
    """The corpus's text (R C, R lines of sums on one cell of each cage, R lines of cage ids;
    the usual boxes) as a Killer Sudoku puzzle."""
    lines = problem.strip().splitlines()
    n = int(lines[0].split()[0])
    sums = [line.split() for line in lines[1:1 + n]]
    ids = [line.split() for line in lines[1 + n:1 + 2 * n]]
    cells: dict[str, list] = {}
    total: dict[str, int] = {}
    for r in range(n):
        for c in range(n):
            cells.setdefault(ids[r][c], []).append((r, c))
            if sums[r][c].isdigit():
                total[ids[r][c]] = int(sums[r][c])
    cages = [(found, total[key], None) for key, found in cells.items()]
    return killersudoku.Puzzle(n, n, cages=cg.tokens_of(n, n, cages))


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
