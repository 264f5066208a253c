"""KenKen against published puzzles (the shared corpus, read in place; skipped without it):
each converted puzzle solves with auto to its published answer."""

from __future__ import annotations

import json
import re

from puzzlekit import api
from puzzlekit.board import cages as cg
from puzzlekit.genres import kenken

SAMPLE = 10


def convert(problem: str):
    """The corpus's text (R C, R lines of clues such as 12+ 2- 24* 3/ or a digit, R lines of
    cage ids) as a KenKen puzzle."""
    lines = problem.strip().splitlines()
    n = int(lines[0].split()[0])
    clues = [line.split() for line in lines[1:1 + n]]
    ids = [line.split() for line in lines[1 + n:1 + 2 * n]]
    cells: dict[str, list] = {}
    clue: dict[str, tuple[int, str | None]] = {}
    for r in range(n):
        for c in range(n):
            cells.setdefault(ids[r][c], []).append((r, c))
            m = re.fullmatch(r"(\d+)([-+*/x]?)", clues[r][c])
            if m:
                clue[ids[r][c]] = (int(m.group(1)), m.group(2).replace("*", "x") or None)
    cages = [(found, *clue[key]) for key, found in cells.items()]
    return kenken.Puzzle(n, n, cages=cg.tokens_of(n, n, cages))


def answer(solution: str) -> tuple:
    lines = solution.strip().splitlines()
    return tuple(tuple(int(x) for x in line.split()) for line in lines[1:])


def test_published_kenken_puzzles_solve_to_their_answers(corpus):
    data = json.loads((corpus / "sw" / "kenken" / "KenKen_dataset.json").read_text())["data"]
    keys = sorted(data)[::max(1, len(data) // SAMPLE)][:SAMPLE]
    for key in keys:
        p = convert(data[key]["problem"])
        assert kenken.parse(kenken.format(p), key) == p
        result = api.solve(p, unique=True)
        assert result.unique is True, key
        assert result.solutions[0].digits == answer(data[key]["solution"]), key

