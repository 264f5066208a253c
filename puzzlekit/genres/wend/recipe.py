"""Wend: a random path through every cell, cut into pieces that spell words of a real word list.

The path is a snake shuffled by backbite moves (`grid.random_path`). It is cut into pieces of
`SHORTEST` to `LONGEST` cells, and each piece spells a word of that length drawn from the
most frequent words of the language (the ``wordfreq`` package's lists, read from the data it
ships; no network). The clue language is the grid and the word list, both fixed by the
plant, so nothing is revealed or removed: where a second tiling spells the words, one of the
words whose path differs there is drawn again (`repair`). No word is a palindrome (its path
read backwards would spell it too) or the reverse of another.

``swend`` is the same with Swedish words (A-Z, Å, Ä, Ö): `variant` gives the names that differ.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from puzzlekit import grid
from puzzlekit.errors import PuzzlekitError
from puzzlekit.generate.fingerprint import Transform
from puzzlekit.genres import wend

NAME = "wend"
LANGUAGE = "en"
LEVELS = ("scan", "rules", "pairs", "trial", "chain", "either", "deep", "search")
#: The sides of the square grids measured for `reach` (``python -m benchmarks.levels``).
SIDES: tuple[int, ...] = (5, 7)
#: Per level: the sides at which at least 95% of the requests came back at it.
RELIABLE: dict[str, tuple[int, ...]] = {"scan": (5, 7)}
#: Planted solutions per puzzle: each is quick, and the level is the plant's luck.
ATTEMPTS = 20
#: The shortest and longest words used.
SHORTEST, LONGEST = 3, 8
#: How many of the language's most frequent words are drawn from.
VOCABULARY = 6000
PACKAGE, EXTRA = "wordfreq", "words"
#: Words of the frequency lists left out of puzzles: swearing, slurs, sexual words, chat
#: abbreviations, HITLER and NAZI. The lists come from what people write online, where these
#: are among the most frequent words.
UNFIT: dict[str, frozenset[str]] = {
    "en": frozenset("""
        ASS ASSHOLE BITCH BULLSHIT COCK CRAP DAMN DICK FUCK FUCKED FUCKIN FUCKING HELL HITLER LMAO LOL
        NAKED NAZI PISS PISSED PORN PUSSY RAPE SEX SEXUAL SEXUALLY SEXY SHIT WTF
    """.split()),
    "sv": frozenset("""
        BÖG FITTA FYFAN HELVETE HELVETET HITLER HORA JÄVEL JÄVLA JÄVLAR JÄVLIGT KNULLA KNULLAR KUK KUKEN
        LOL PORR RÖV RÖVEN SEX SEXIG SEXUELL SEXUELLA SEXUELLT SKIT SKITA SKITEN SKITER VAFAN
    """.split()),
}
#: The largest grid made (cells).
MOST_CELLS = 900

Cell = tuple[int, int]


class WordsUnavailable(PuzzlekitError, ImportError):
    """Generating Wend puzzles needs the word lists of the ``wordfreq`` package."""

    def __init__(self) -> None:
        self.package, self.extra = PACKAGE, EXTRA
        super().__init__(
            f"generating wend and swend puzzles needs the word lists of the package {PACKAGE!r}: "
            f"pip install 'puzzlekit[{EXTRA}]'  (or: pip install {PACKAGE})"
        )


@functools.lru_cache(maxsize=4)
def words(language: str) -> dict[int, tuple[str, ...]]:
    """The words drawn from, by length: the `VOCABULARY` most frequent words of the language
    in upper case, of its letters only, `SHORTEST` to `LONGEST` long, none `UNFIT`, in order
    of frequency."""
    try:
        import wordfreq
    except ImportError:
        raise WordsUnavailable() from None
    alphabet = set(wend.LANGUAGES[language][1])
    out: dict[int, list[str]] = {n: [] for n in range(SHORTEST, LONGEST + 1)}
    seen: set[str] = set(UNFIT.get(language, ()))
    for word in wordfreq.top_n_list(language, VOCABULARY):
        up = word.upper()
        if SHORTEST <= len(up) <= LONGEST and set(up) <= alphabet and up not in seen:
            seen.add(up)
            out[len(up)].append(up)
    return {n: tuple(ws) for n, ws in out.items()}


@dataclass(frozen=True)
class Plant:
    height: int
    width: int
    language: str
    paths: tuple[tuple[str, tuple[Cell, ...]], ...]  # (word, cells), sorted by word


def _plant(height: int, width: int, language: str, paths: list[tuple[str, tuple[Cell, ...]]]) -> Plant:
    return Plant(height, width, language, tuple(sorted(paths)))


def check_size(height: int, width: int) -> None:
    _check_size(height, width, LANGUAGE)


def _check_size(height: int, width: int, language: str) -> None:
    """Refuse a size the recipe cannot make, or the lack of the word lists, in ``language``."""
    words(language)  # refuses without the word lists
    if height * width < SHORTEST or min(height, width) < 2:
        raise ValueError(f"a Wend puzzle is made on at least a 2x2 grid, not {height}x{width}")
    if height * width > MOST_CELLS:
        raise ValueError(
            f"Wend puzzles are made up to {MOST_CELLS} cells (30x30), not {height}x{width}: one takes "
            "about a minute at 30x30 (mostly grading and proving it unique), and more beyond"
        )


def _lengths(rng: random.Random, n: int) -> list[int]:
    """Piece lengths from `SHORTEST` to `LONGEST` summing to ``n`` (n >= SHORTEST), at random."""
    out: list[int] = []
    while n:
        options = [k for k in range(SHORTEST, min(LONGEST, n) + 1) if n - k == 0 or n - k >= SHORTEST]
        k = rng.choice(options)
        out.append(k)
        n -= k
    return out


def _fits(word: str, taken: set[str]) -> bool:
    return word != word[::-1] and word not in taken and word[::-1] not in taken


def _draw(rng: random.Random, language: str, length: int, taken: set[str]) -> str:
    pool = words(language)[length]
    for _ in range(50):
        word = rng.choice(pool)
        if _fits(word, taken):
            return word
    free = [w for w in pool if _fits(w, taken)]
    if not free:
        raise ValueError(f"the {language} word list has too few words of {length} letters")
    return rng.choice(free)


def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
    return _sample(rng, height, width, LANGUAGE)


def variant(language: str) -> dict[str, Any]:
    """What differs for a registered name meaning Wend in ``language`` (``swend``: "sv"): the
    words are drawn from that language's list (the loop reads every other name as it is)."""
    wend.variant(language)  # refuses a language the genre does not know

    def check_size(height: int, width: int) -> None:
        _check_size(height, width, language)

    def sample_solution(rng: random.Random, height: int, width: int) -> Plant:
        return _sample(rng, height, width, language)

    return {"LANGUAGE": language, "check_size": check_size, "sample_solution": sample_solution}


def _sample(rng: random.Random, height: int, width: int, language: str) -> Plant:
    """A plant of ``language`` words (see the module's description)."""
    path = grid.random_path(rng, height, width)
    taken: set[str] = set()
    paths, start = [], 0
    for length in _lengths(rng, len(path)):
        word = _draw(rng, language, length, taken)
        taken.add(word)
        paths.append((word, tuple(path[start : start + length])))
        start += length
    return _plant(height, width, language, paths)


def answer(plant: Plant) -> dict[Hashable, int]:
    letters = {cell: word[i] for word, cells in plant.paths for i, cell in enumerate(cells)}
    out: dict[Hashable, int] = {}
    for word, cells in plant.paths:
        for i, ch in enumerate(word):
            for cell, shown in letters.items():
                if shown == ch:
                    out[wend.at_key(word, i, cell)] = int(cells[i] == cell)
    return out


def solution(plant: Plant) -> wend.Solution:
    return wend.Solution(plant.paths)


def clues(plant: Plant) -> list[tuple]:
    return []


def required(plant: Plant) -> list[tuple]:
    return [("word", plant.language, word, cells) for word, cells in plant.paths]


def puzzle_from(height: int, width: int, items: list[tuple]) -> wend.Puzzle:
    rows = [[wend.BLOCKED] * width for _ in range(height)]
    items = sorted(items)
    for _, _, word, cells in items:
        for ch, (r, c) in zip(word, cells):
            rows[r][c] = ch
    language = items[0][1] if items else LANGUAGE
    return wend.Puzzle(tuple("".join(row) for row in rows), tuple(item[2] for item in items), language)


def breaks(item: tuple, values: dict, shown: list) -> bool:
    return False  # every word is always shown


def repair(rng: random.Random, plant: Plant, values: dict | None, unfixed: list | None) -> Plant | None:
    """A word drawn again (same length) for one of the paths where a second tiling (or the
    ladder) disagrees."""
    if values is not None:
        answer_ = answer(plant)
        keys = [k for k, v in answer_.items() if values.get(k, 0) != v]
    else:
        keys = list(unfixed or ())
    differ = sorted({k[1] for k in keys if isinstance(k, tuple) and k[0] == "at"})  # type: ignore[index]
    if not differ:
        return None
    old = rng.choice(differ)
    taken = {word for word, _ in plant.paths if word != old}
    paths = [(word, cells) for word, cells in plant.paths if word != old]
    cells = dict(plant.paths)[old]
    paths.append((_draw(rng, plant.language, len(cells), taken), cells))
    return _plant(plant.height, plant.width, plant.language, paths)


def transform(puzzle: wend.Puzzle, t: Transform) -> wend.Puzzle:
    return wend.Puzzle(tuple("".join(row) for row in t.grid(puzzle.grid)), puzzle.words, puzzle.language)


def variants(puzzle: wend.Puzzle) -> list[wend.Puzzle]:
    """The words in alphabetical order (the order they are listed in says nothing)."""
    return [wend.Puzzle(puzzle.grid, tuple(sorted(puzzle.words)), puzzle.language)]
