"""Skyscrapers against published puzzles with their answers (the shared corpus, read in place;
skipped when it is absent), the variants included: the diagonals rule, and fewer heights than
cells in a line (the other cells empty)."""

from __future__ import annotations

import json

from benchmarks import sw_corpus
from puzzlekit import api
from puzzlekit.genres import skyscrapers as sk

#: puzzles per kind (plain, diagonals, tallest, both), evenly spaced among that kind's
PER_KIND = 3


def convert(problem: str, solution: str):
    """The corpus's puzzle and published answer (`benchmarks.sw_corpus`)."""
    spec = sw_corpus.GENRES["skyscrapers"]
    puzzle = spec.convert(problem)
    return puzzle, sk.Solution(heights=spec.published(puzzle, solution))


def entries(folder):
    data = json.loads((folder / "skyscrapers" / "Skyscraper_dataset.json").read_text())["data"]
    return [(key, *convert(item["problem"], item["solution"])) for key, item in data.items()]


def kind(puzzle) -> tuple[bool, bool]:
    return puzzle.diagonals == "yes", puzzle.tallest is not None


def test_published_puzzles_solve_to_their_answers(corpus):
    found = entries(corpus / "sw")
    kinds: dict[tuple[bool, bool], list] = {}
    for entry in found:
        kinds.setdefault(kind(entry[1]), []).append(entry)
    assert set(kinds) == {(False, False), (True, False), (False, True), (True, True)}
    for of_kind in kinds.values():
        for key, puzzle, answer in of_kind[:: max(1, len(of_kind) // PER_KIND)][:PER_KIND]:
            assert sk.verify(puzzle, answer) == [], key
            result = api.solve(puzzle, unique=True)
            assert result.status == "solved" and result.unique is True, key
            assert result.solutions[0] == answer, key
