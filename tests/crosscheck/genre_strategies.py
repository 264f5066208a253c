"""Hypothesis strategies: small random instances of every genre, solvable or not.

Each strategy draws a size (2x2 to 6x6), a seed for the genre's own random maker and its
knobs, and sometimes a perturbation that tends to make the instance unsolvable, so that
zero, one and many solutions all occur often.
"""

from __future__ import annotations

import dataclasses
import random

from conftest import example_genre, genre_option, kit_declaration, kit_names, plants
from hypothesis import strategies as st

from puzzlekit import genres
from puzzlekit.errors import ParseError
from puzzlekit.genres import (
    hashi,
    masyu,
    nonogram,
    numberlink,
    patches,
    queens,
    slitherlink,
    sudoku,
    tents,
    tracks,
    wend,
)
from puzzlekit.genres import zip as zip_genre

sizes = st.tuples(st.integers(2, 6), st.integers(2, 6))
seeds = st.integers(0, 2**32 - 1)


@st.composite
def masyu_instances(draw):
    h, w = draw(sizes)
    density = draw(st.sampled_from([0.0, 0.05, 0.1, 0.15, 0.25]))
    return masyu.random_puzzle(random.Random(draw(seeds)), h, w, density=density)


@st.composite
def tracks_instances(draw):
    h, w = draw(sizes)
    rng = random.Random(draw(seeds))
    cells = [(r, c) for r in range(h) for c in range(w)]
    start, end = rng.sample(cells, 2) if draw(st.booleans()) else ((0, 0), (h - 1, w - 1))
    puzzle = tracks.random_puzzle(rng, h, w, givens=draw(st.integers(0, 2)), start=start, end=end)
    if draw(st.booleans()):  # move one visit between two columns: totals still agree
        cols = list(puzzle.cols)
        i, j = draw(st.permutations(range(w)))[:2]
        if cols[i] > 0 and cols[j] < h:
            cols[i] -= 1
            cols[j] += 1
            puzzle = dataclasses.replace(puzzle, cols=tuple(cols))
    return puzzle


@st.composite
def numberlink_instances(draw):
    h, w = draw(sizes)
    cover = draw(st.sampled_from(["all", "any"]))
    pairs = draw(st.integers(1, max(1, h * w // 4)))
    puzzle = numberlink.random_puzzle(random.Random(draw(seeds)), h, w, cover=cover, pairs=pairs)
    if pairs > 1 and draw(st.booleans()):  # swap the labels of two different ends
        cells = [(r, c) for r in range(h) for c in range(w) if puzzle.grid[r][c]]
        a, b = draw(st.permutations(cells))[:2]
        values = [list(row) for row in puzzle.grid]
        values[a[0]][a[1]], values[b[0]][b[1]] = values[b[0]][b[1]], values[a[0]][a[1]]
        puzzle = dataclasses.replace(puzzle, grid=tuple(tuple(row) for row in values))
    return puzzle


@st.composite
def hashi_instances(draw):
    h, w = draw(sizes)
    density = draw(st.sampled_from([0.2, 0.35, 0.5]))
    puzzle = hashi.random_puzzle(random.Random(draw(seeds)), h, w, density=density,
                                 extra=draw(st.sampled_from([0.0, 0.3, 0.8])))
    if draw(st.booleans()):  # nudge one island's number
        islands = sorted(puzzle.islands())
        r, c = draw(st.sampled_from(islands))
        values = [list(row) for row in puzzle.grid]
        values[r][c] = min(8, max(1, values[r][c] + draw(st.sampled_from([-1, 1]))))
        try:  # a number the island's neighbours can never carry is refused
            puzzle = dataclasses.replace(puzzle, grid=tuple(tuple(row) for row in values))
        except ParseError:
            pass
    return puzzle


@st.composite
def nonogram_instances(draw):
    h, w = draw(sizes)
    return nonogram.random_puzzle(
        random.Random(draw(seeds)), h, w,
        density=draw(st.sampled_from([0.2, 0.4, 0.5, 0.7])), corrupt=draw(st.sampled_from([0.0, 0.5])),
    )


@st.composite
def tents_instances(draw):
    h, w = draw(sizes)
    return tents.random_puzzle(
        random.Random(draw(seeds)), h, w,
        density=draw(st.sampled_from([0.1, 0.2, 0.3])), twin=draw(st.sampled_from([0.0, 0.5])),
        corrupt=draw(st.sampled_from([0.0, 0.5])),
    )


@st.composite
def patches_instances(draw):
    h, w = draw(sizes)
    return patches.random_puzzle(
        random.Random(draw(seeds)), h, w,
        size=draw(st.integers(2, 4)), area=draw(st.sampled_from([0.3, 0.7, 1.0])),
        shape=draw(st.sampled_from([0.0, 0.3])), corrupt=draw(st.sampled_from([0.0, 0.5])),
    )


@st.composite
def zip_instances(draw):
    h, w = draw(sizes)
    return zip_genre.random_puzzle(
        random.Random(draw(seeds)), h, w, reveal=draw(st.sampled_from([0.0, 0.25, 0.5])),
        walls=draw(st.sampled_from([0.0, 0.15, 0.4])), swap=draw(st.sampled_from([0.0, 0.5])),
    )


@st.composite
def slitherlink_instances(draw):
    h, w = draw(sizes)
    return slitherlink.random_puzzle(
        random.Random(draw(seeds)), h, w, reveal=draw(st.sampled_from([0.2, 0.5, 0.8])),
        fill=draw(st.sampled_from([0.3, 0.5, 0.7])), corrupt=draw(st.sampled_from([0.0, 0.5])),
    )


@st.composite
def sudoku_instances(draw):
    n = draw(st.sampled_from([4, 4, 6, 6, 2, 3, 5]))
    return sudoku.random_puzzle(
        random.Random(draw(seeds)), n, n, reveal=draw(st.sampled_from([0.2, 0.4, 0.6])),
        corrupt=draw(st.sampled_from([0.0, 0.3])),
    )


@st.composite
def queens_instances(draw):
    n = draw(st.integers(2, 6))
    return queens.random_puzzle(random.Random(draw(seeds)), n, n, planted=draw(st.sampled_from([0.5, 0.9])))


def wend_instances(language: str):
    """Small Wend grids (3x3 to 4x4, 2-4 words) planted by tiling a random path; few letters
    give many answers, a corrupted word often none."""

    @st.composite
    def instances(draw):
        h, w = draw(st.tuples(st.integers(3, 4), st.integers(3, 4)))
        return wend.random_puzzle(
            random.Random(draw(seeds)), h, w, words=draw(st.integers(2, 4)), letters=draw(st.integers(2, 5)),
            blocked=draw(st.sampled_from([0.0, 0.0, 0.15])), corrupt=draw(st.sampled_from([0.0, 0.5])),
            language=language,
        )

    return instances()


def kit_instances(module, square: bool = False, sides: tuple[int, int] | list[int] = (3, 6),
                  shapes: list[tuple[int, int]] | None = None):
    """Random puzzles of a genre made with the genre kit: a planted answer's clues, each kept
    at a drawn chance (few clues: many solutions; all: often one). ``square``: height = width;
    ``sides``: the smallest and largest side, or a list of the sides allowed; ``shapes``: the
    (height, width) pairs allowed instead."""

    @st.composite
    def instances(draw):
        side = st.sampled_from(sides) if isinstance(sides, list) else st.integers(*sides)
        h, w = draw(st.sampled_from(shapes) if shapes else st.tuples(side, side))
        w = w if shapes or not square else h
        keep = draw(st.sampled_from([0.2, 0.4, 0.7, 1.0]))
        return module.random_puzzle(random.Random(draw(seeds)), h, w, keep=keep)

    return instances()


STRATEGIES = {
    "masyu": masyu_instances(),
    "tracks": tracks_instances(),
    "numberlink": numberlink_instances(),
    "hashi": hashi_instances(),
    "nonogram": nonogram_instances(),
    "tents": tents_instances(),
    "patches": patches_instances(),
    "zip": zip_instances(),
    "slitherlink": slitherlink_instances(),
    "sudoku": sudoku_instances(),
    "queens": queens_instances(),
    "wend": wend_instances("en"),
    "swend": wend_instances("sv"),
    "canalview": kit_instances(example_genre()),
}


def kit_shapes(name: str, module=None) -> dict:
    """`kit_instances`' options for a kit genre, from the genre itself: the sides from its
    declared smallest side (``Genre(sizes=...)``) to 6 that its planter makes (Binairo's even
    ones), square when it makes no other shape. A genre whose cross-check is slow at 6x6 caps
    its sides in its own test file: ``CROSSCHECK_SIDES = (3, 5)``; a genre of other shapes
    lists them there: ``CROSSCHECK_SHAPES = [(2, 3), (3, 4)]``."""
    module = module or genres.get(name)
    shapes = genre_option(name, "CROSSCHECK_SHAPES", None)
    if shapes:
        return {"shapes": [tuple(shape) for shape in shapes]}
    lo, hi = kit_declaration(module).sizes
    sides = [side for side in range(lo, min(hi, 6) + 1) if plants(module, side, side)]
    low, high = genre_option(name, "CROSSCHECK_SIDES", (sides[0], sides[-1]))
    sides = [side for side in sides if low <= side <= high]
    square = not plants(module, sides[0], sides[-1]) if len(sides) > 1 else True
    gaps = sides != list(range(sides[0], sides[-1] + 1))
    return {"square": square, "sides": sides if gaps else (sides[0], sides[-1])}


# every kit genre of the package: nothing to add here for a new one. Deferred: the shapes are
# found by planting grids (some 5 s of CPU for all the genres), which each process collecting
# the tests would otherwise do at import, for every genre, whether or not it runs its test.
STRATEGIES.update({
    name: st.deferred(lambda name=name: kit_instances(genres.get(name), **kit_shapes(name)))
    for name in kit_names()
})
