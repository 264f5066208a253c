"""Skyscrapers against published puzzles with their answers (the shared corpus, read in place;
skipped when it is absent). The corpus also holds variants this genre does not play (a
diagonal rule, or fewer heights than cells in a line, with empty cells): those are left out."""

from __future__ import annotations

import json

from puzzlekit import api
from puzzlekit.genres import skyscrapers as sk

SAMPLE = 10


def _lines(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().splitlines()]


def convert(problem: str, solution: str):
    """The corpus's puzzle (size, tallest, clues top, bottom, left, right, optional givens)
    and answer, or None for a variant."""
    rows = _lines(problem)
    head = rows[0]
    n = int(head[0])
    if len(head) != 3 or int(head[1]) != n or int(head[2]) != n:
        return None
    counts = [tuple(None if x == "-" else int(x) for x in line) for line in rows[1:5]]
    givens = rows[5:5 + n] or [["-"] * n] * n
    cells = tuple(tuple(None if x in ("-", "0") else int(x) for x in line) for line in givens)
    puzzle = sk.Puzzle(n, n, top=counts[0], bottom=counts[1], left=counts[2], right=counts[3], givens=cells)
    answer = tuple(tuple(int(x) for x in line) for line in _lines(solution)[1:])
    return puzzle, sk.Solution(heights=answer)


def entries(folder):
    data = json.loads((folder / "skyscrapers" / "Skyscraper_dataset.json").read_text())["data"]
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
        assert sk.verify(puzzle, answer) == [], key
        result = api.solve(puzzle, unique=True)
        assert result.status == "solved" and result.unique is True, key
        assert result.solutions[0] == answer, key
