"""Magnets against published puzzles with their answers (the shared corpus, read in place;
skipped when it is absent). Puzzles that also give some poles in the grid are left out."""

from __future__ import annotations

import json

from puzzlekit import api
from puzzlekit.board.sides import room_label
from puzzlekit.genres import magnets as mg

SAMPLE = 10
POLES = {"+": mg.PLUS, "-": mg.MINUS, "x": mg.BLANK}


def convert(problem: str, solution: str):
    """The corpus's puzzle (size; + per column, - per column, + per row, - per row; a domino
    id per cell, ``@`` for a cell in none) and answer, or None when poles are given too."""
    rows = [line.split() for line in problem.strip().splitlines()]
    h, w = int(rows[0][0]), int(rows[0][1])
    if len(rows) != 5 + h:
        return None
    top, bottom, left, right = (tuple(None if x == "-" else int(x) for x in line) for line in rows[1:5])
    labels, single = {}, 0
    grid = []
    for line in rows[5:]:
        row = []
        for x in line:
            if x == "@":  # a cell in no magnet: a label of its own
                single += 1
                row.append(room_label(10_000 + single))
            else:
                row.append(labels.setdefault(x, room_label(len(labels))))
        grid.append(tuple(row))
    puzzle = mg.Puzzle(h, w, top=top, bottom=bottom, left=left, right=right, dominoes=tuple(grid))
    answer = tuple(tuple(POLES[x] for x in line.split()) for line in solution.strip().splitlines()[1:])
    return puzzle, mg.Solution(poles=answer)


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
