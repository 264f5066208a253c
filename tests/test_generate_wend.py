"""Wend and Swend generation: real words, unique on sat and search, graded, reproducible, and
refused with the reason when it cannot be done (no word lists, an impossible size)."""

from __future__ import annotations

import random
import sys

import pytest

from puzzlekit import api, genres
from puzzlekit.generate import fingerprint_of, generate, generators, levels, loop
from puzzlekit.genres import wend
from puzzlekit.genres.wend import recipe


@pytest.mark.parametrize("genre,language", [("wend", "en"), ("swend", "sv")])
@pytest.mark.parametrize("side", [5, 6, 7])
def test_generated_puzzles_are_real_words_unique_on_two_families_and_graded(genre, language, side):
    made = next(generate(genre, side, side, "scan", seed=3))
    puzzle = made.puzzle
    assert puzzle.language == language and (puzzle.height, puzzle.width) == (side, side)
    vocabulary = recipe.words(language)
    for word in puzzle.words:
        assert recipe.SHORTEST <= len(word) <= recipe.LONGEST
        assert word in vocabulary[len(word)]
        assert word != word[::-1] and word[::-1] not in puzzle.words
    assert sum(map(len, puzzle.words)) == side * side  # every cell is a letter
    want = made.solution.to_json()
    for backend in ("sat", "search"):
        result = api.solve(puzzle, backend=backend, limit=2)
        assert result.unique is True and result.solutions[0].to_json() == want
    assert made.stats["certified"] == ["sat", "search"]
    assert api.grade(puzzle).level == made.grade.level == "scan" and not made.note
    assert made.fingerprint == fingerprint_of(puzzle) and made.fingerprint.startswith(f"{genre}:")
    assert genres.get(genre).parse(made.text()) == puzzle  # the text reads back as the genre


@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_word_lists_are_of_the_alphabet_and_leave_unfit_words_out(language):
    vocabulary = recipe.words(language)
    every = [w for n, ws in vocabulary.items() for w in ws]
    assert len(every) > 3000 and len(set(every)) == len(every)
    assert all(len(w) == n for n, ws in vocabulary.items() for w in ws)
    assert set("".join(every)) <= set(wend.LANGUAGES[language][1])
    assert not set(every) & recipe.UNFIT[language]
    import wordfreq

    frequent = {w.upper() for w in wordfreq.top_n_list(language, recipe.VOCABULARY)}
    assert recipe.UNFIT[language] <= frequent  # each word left out is one the list would give


def test_swend_text_has_no_language_header_and_wend_text_reads_it_too():
    made = next(generate("swend", 5, 5, seed=1))
    assert "language:" not in made.text()
    assert wend.parse(wend.format(made.puzzle)) == made.puzzle


def test_the_same_seed_makes_the_same_puzzle_and_seeds_differ():
    texts = [next(generate("wend", 6, 6, seed=s)).text() for s in (5, 5, 6)]
    assert texts[0] == texts[1] != texts[2]


def test_levels_have_no_lines_and_a_harder_level_is_downgraded_with_a_note():
    assert "lines" not in levels("wend") and levels("swend") == levels("wend")
    with pytest.raises(ValueError, match="no wend puzzle needs the level 'lines'"):
        next(generate("wend", 5, 5, "lines"))
    with pytest.raises(ValueError, match="'deep' are not offered at 5x5"):
        generate("wend", 5, 5, "deep")
    made = next(generate("wend", 5, 5, "deep", seed=1, nearest=True))
    assert made.grade.level != "deep" and "deep" in made.note and made.grade.level in made.note


@pytest.mark.parametrize("h,w,match", [(1, 5, "at least a 2x2"), (31, 30, "up to 900 cells")])
def test_impossible_sizes_are_refused(h, w, match):
    with pytest.raises(ValueError, match=match):
        generate("wend", h, w)


def test_without_the_word_lists_generation_names_the_extra(monkeypatch):
    recipe.words.cache_clear()
    monkeypatch.setitem(sys.modules, "wordfreq", None)  # import wordfreq now fails
    try:
        for genre in ("wend", "swend"):
            with pytest.raises(recipe.WordsUnavailable, match=r"pip install 'puzzlekit\[words\]'"):
                generate(genre, 5, 5)
    finally:
        recipe.words.cache_clear()
    assert isinstance(recipe.WordsUnavailable(), ImportError)


def test_repair_draws_another_word_for_a_path_that_differs():
    plant = recipe.sample_solution(random.Random(2), 5, 5)
    word, cells = plant.paths[0]
    other = {k: v for k, v in recipe.answer(plant).items()}
    key = wend.at_key(word, 0, cells[0])
    other[key] = 0  # a counterexample that places the first letter of this word elsewhere
    fixed = recipe.repair(random.Random(0), plant, other, None)
    assert fixed is not None
    old, new = dict(plant.paths), dict(fixed.paths)
    assert word not in new and sorted(new.values()) == sorted(old.values())  # same cells, new word
    assert recipe.repair(random.Random(0), plant, recipe.answer(plant), None) is None


def test_the_recipe_is_registered_for_both_names():
    assert {"wend", "swend"} <= set(generators())
    assert loop.recipe("swedish wend").LANGUAGE == "sv" and loop.recipe("wend").LANGUAGE == "en"
