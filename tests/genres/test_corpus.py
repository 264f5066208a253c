"""Every genre the shared corpus has, against its published puzzles (read in place from
../shared/corpus through `benchmarks.sw_corpus`; skipped without it): each converted puzzle
reads back from our file format, has one answer with auto, and that answer passes verify and
is the published one. A sample per genre keeps the test quick: run
``PUZZLEKIT_CORPUS_ALL=1 pytest tests/genres/test_corpus.py`` for every puzzle.

A genre with a corpus test of its own (tests/genres/test_GENRE_corpus.py: variants to read, or
a slower sample) is left to it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks import sw_corpus
from puzzlekit import api, genres

#: Puzzles per genre, spread over the sorted keys.
SAMPLE = None if os.environ.get("PUZZLEKIT_CORPUS_ALL") else 10
HERE = Path(__file__).parent
SHARED = sorted(g for g in sw_corpus.GENRES if not (HERE / f"test_{g}_corpus.py").exists())


@pytest.mark.corpus
@pytest.mark.parametrize("genre", SHARED)
def test_published_puzzles_solve_to_their_answers(corpus, genre):
    spec = sw_corpus.GENRES[genre]
    module = genres.get(genre)
    data = {key: entry for key, entry in sw_corpus.entries(corpus, genre).items()
            if key not in spec.ambiguous}
    assert data, f"no {genre} puzzles in the corpus"
    for key, entry in sw_corpus.sample(data, SAMPLE):
        puzzle = spec.convert(entry["problem"])
        if puzzle is None:
            continue  # a variant the genre does not state
        assert module.parse(module.format(puzzle), key) == puzzle, key
        result = api.solve(puzzle, unique=True, time_limit=60)
        assert result.status == "solved" and result.unique is True, key
        (solution,) = result.solutions
        assert module.verify(puzzle, solution) == [], key
        assert sw_corpus.matches(genre, puzzle, solution, entry["solution"]), key


@pytest.mark.corpus
@pytest.mark.parametrize("genre", sorted(g for g in sw_corpus.GENRES if sw_corpus.GENRES[g].ambiguous))
def test_the_puzzles_left_out_have_two_answers(corpus, genre):
    spec = sw_corpus.GENRES[genre]
    data = sw_corpus.entries(corpus, genre)
    for key in sorted(spec.ambiguous):
        result = api.solve(spec.convert(data[key]["problem"]), unique=True, time_limit=60)
        assert result.unique is False, key
