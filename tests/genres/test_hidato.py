"""Hidato: a small puzzle on every backend, each broken rule caught by verify, the file, JSON and
state forms, the generator, and the model against brute force on tiny grids."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from kit_checks import every_backend_finds

from puzzlekit import api
from puzzlekit.backends import cpsat, sat
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import hidato

# Made by the package's generator (5x5, seed 5, level easy); its answer checked by hand.
TEXT = (" .  . 20  .  .\n15 17 19  . 23\n13  .  1  .  .\n .  11 .  .  .\n .  9  7  .  5\n"
        ".....\n...X.\n.....\n.....\n...X.\n")
NUMBERS = ((16, 18, 20, 21, 22), (15, 17, 19, None, 23), (13, 14, 1, 2, 3), (12, 11, 8, 6, 4),
           (10, 9, 7, None, 5))


def puzzle():
    return hidato.parse(TEXT, "hd.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.numbers == NUMBERS
    assert hidato.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.blocked() == {(1, 3), (4, 3)}
    assert p.clues("givens")[:2] == [((0, 2), 20), ((1, 0), 15)]
    assert hidato.parse(hidato.format(p), "again") == p
    assert "hidoku" in hidato.GENRE.aliases


@pytest.mark.parametrize(("text", "where", "words"), [
    ("1 x\n. .\n..\n..\n", "bad.txt:1:3", "expected a number"),
    ("1 .\n. .\n..\n.#\n", "bad.txt:", "blocked"),
    ("1 .\n. .\nX.\n..\n", "bad.txt:1:1", "on a blocked cell"),
    ("5 .\n. .\n..\n..\n", "bad.txt:1:1", "more than the 4 open cells"),
    ("1 1\n. .\n..\n..\n", "bad.txt:1:", "stands twice"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        hidato.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    data = json.loads(json.dumps(s.to_json()))
    assert data["numbers"][1][3] is None and hidato.solution_from_json(p, data) == s
    state = hidato.state_from_json(p, {"numbers": [[16, None, None, None, None]] + [[None] * 5] * 4})
    assert hidato.state_from_json(p, hidato.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="blocked cell"):
        hidato.state_from_json(p, {"numbers": [[None] * 5, [None, None, None, 4, None]] + [[None] * 5] * 3})


def broken(p, changes):
    rows = [list(row) for row in NUMBERS]
    for (r, c), v in changes.items():
        rows[r][c] = v
    return hidato.verify(p, hidato.Solution(numbers=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p = puzzle()
    assert "the given 20 at (0, 2) holds 21" in broken(p, {(0, 2): 21, (0, 3): 20})
    assert "the number 22 stands in 2 cells" in broken(p, {(0, 3): 22})
    assert "the number 21 stands nowhere" in broken(p, {(0, 3): 22})
    assert "16 at (0, 0) does not touch 15 at (2, 0)" in broken(p, {(1, 0): 13, (2, 0): 15})
    assert "the blocked cell (1, 3) holds a number" in broken(p, {(1, 3): 24})
    assert "the open cell (0, 0) holds no number" in broken(p, {(0, 0): None})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("seed", range(4))
def test_the_model_finds_every_answer_brute_force_finds(seed):
    rng = random.Random(seed)
    p = hidato.random_puzzle(rng, 2, 3)
    shown = [[v if rng.random() < 0.3 else None for v in row] for row in p.givens]
    p = hidato.Puzzle(2, 3, givens=shown, blocks=p.blocks)
    cells = sorted(set((r, c) for r in range(2) for c in range(3)) - p.blocked())
    brute = set()
    for order in itertools.permutations(range(1, len(cells) + 1)):
        at = dict(zip(cells, order))
        numbers = tuple(tuple(at.get((r, c)) for c in range(3)) for r in range(2))
        if not hidato.verify(p, hidato.Solution(numbers=numbers)):
            brute.add(numbers)
    # both backends: each number's count runs only over the cells the givens leave it
    for backend in (cpsat, sat):
        result = backend.solve(hidato.model(p), limit=5000)
        assert result.complete
        assert {hidato.decode(p, a).numbers for a in result.solutions} == brute


# levels it offers; "hard" (chain), which it does not, took 9 s of CPU to fall back to trial
@pytest.mark.parametrize("level", ["easy", "trial"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("hidato", 4, 4, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert hidato.verify(made.puzzle, made.solution) == []
