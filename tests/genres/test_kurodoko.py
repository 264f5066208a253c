"""Kurodoko: a small puzzle on every backend, each broken rule caught by verify, the file, JSON
and state forms, the generator, Tatham's Range IDs and the puzz.link golden."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer

from puzzlekit import api
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import kurodoko
from puzzlekit.genres.kurodoko import tatham

# Made by the package's generator (seed 2); its answer, checked by hand against the rules:
#   # · · # ·
#   · · · 8 ·
#   · 4 # · ·
#   · # · 5 #
#   8 · · · ·
TEXT = ".....\n...8.\n.4...\n...5.\n8....\n"
SHADED = frozenset({(0, 0), (0, 3), (2, 2), (3, 1), (3, 4)})


def puzzle():
    return kurodoko.parse(TEXT, "ku.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert kurodoko.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers") == [((1, 3), 8), ((2, 1), 4), ((3, 3), 5), ((4, 0), 8)]
    assert kurodoko.parse(kurodoko.format(p), "again") == p
    wide = kurodoko.parse(". 12\n3 .\n", "w")
    assert wide.numbers == ((None, 12), (3, None)) and kurodoko.parse(kurodoko.format(wide), "w") == wide


@pytest.mark.parametrize(("text", "where", "words"), [
    ("..\n.x\n", "bad.txt:2:2", "expected a number 1-999 or '.', found 'x'"),
    ("..\n0.\n", "bad.txt:2:1", "expected a number 1-999"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        kurodoko.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert kurodoko.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = kurodoko.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[1, 3]]})
    assert kurodoko.state_from_json(p, kurodoko.state_to_json(p, state)) == state
    full = kurodoko.state_from_json(p, {"shaded": [[0, 0]], "complete": True})
    assert len(full) == 25 and sum(full.values()) == 1


def broken(p, cells):
    return kurodoko.verify(p, kurodoko.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the numbered cell (1, 3) is shaded" in broken(p, SHADED | {(1, 3)})
    assert "the shaded cells at (0, 3) and (0, 4) are side by side" in broken(p, SHADED | {(0, 4)})
    assert any("unshaded cells are in 2 separate pieces" in x for x in broken(p, SHADED | {(1, 4)}))
    assert "the 5 at (3, 3) sees 6 unshaded cells, itself included" in broken(p, SHADED - {(3, 4)})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("kurodoko", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert kurodoko.verify(made.puzzle, made.solution) == []
    again = next(iter(generate("kurodoko", 6, 6, level=level, seed=made.seed, nearest=True)))
    assert kurodoko.format(again.puzzle) == kurodoko.format(made.puzzle)

def test_tatham_ids_round_trip_and_bad_ones_are_refused():
    p = kurodoko.parse(". 12\n3 4\n", "w")
    assert tatham.write(p) == "2x2:a12_3_4"
    assert tatham.read("2x2", "a12_3_4") == p
    assert tatham.write(puzzle()) == "5x5:h8b4f5a8d"
    with pytest.raises(ValueError, match="covers 3 cells"):
        tatham.read("2x2", "a12_3")
    with pytest.raises(ValueError, match="unexpected .-. at position 3"):
        tatham.read("2x2", "a1-2")


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, _ = golden_answer("kurodoko", "kurodoko", kurodoko.verify)
    assert broken_boards_fail(record, kurodoko.verify, p, skip=1)  # the first is an empty board


@pytest.mark.parametrize("seed", range(6))
def test_the_model_finds_every_answer_brute_force_finds(seed):
    # the counts are unary sums cut at their number: compared with every shading of a small grid
    p = kurodoko.random_puzzle(random.Random(seed), 3, 4, keep=0.4)
    cells = [(r, c) for r in range(3) for c in range(4)]
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not kurodoko.verify(p, kurodoko.Solution(shaded=frozenset(s)))}
    result = cpsat.solve(kurodoko.model(p), limit=5000)
    assert result.complete
    assert {kurodoko.decode(p, a).shaded for a in result.solutions} == brute


def test_render_keeps_wide_numbers():
    p = kurodoko.parse(". 12\n3 .\n", "w")
    assert kurodoko.render(p, kurodoko.Solution(shaded=frozenset({(0, 0)}))) == " # 12\n 3  ·"
