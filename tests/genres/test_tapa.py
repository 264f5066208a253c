"""Tapa: a small puzzle on every backend, each broken rule caught by verify, the file, JSON and
state forms, the generator, the puzz.link golden and pzprjs's own checker."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer, judge

from puzzlekit import api, formats
from puzzlekit.backends import cpsat
from puzzlekit.board import around
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import tapa

# Made by the package's generator (6x6, seed 1); its answer, checked by hand against the rules:
#   # # · # # #
#   3 # # # · #
#   · · # 33# #
#   · · · # # 4
#   · · · · # 4
#   · · 1 # # #
TEXT = ". . . . . .\n3 . . . . .\n. . . 33 . .\n. . . . . 4\n. . . . . 4\n. . 1 . . .\n"
SHADED = frozenset({(0, 0), (0, 1), (0, 3), (0, 4), (0, 5), (1, 1), (1, 2), (1, 3), (1, 5), (2, 2), (2, 4),
                    (2, 5), (3, 3), (3, 4), (4, 4), (5, 3), (5, 4), (5, 5)})


def puzzle():
    return tapa.parse(TEXT, "tapa.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert tapa.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers") == [((1, 0), "3"), ((2, 3), "33"), ((3, 5), "4"), ((4, 5), "4"), ((5, 2), "1")]
    assert tapa.parse(tapa.format(p), "again") == p
    assert tapa.parse(". 1?1\n?? 8\n", "q").numbers == ((None, "1?1"), ("??", "8"))


@pytest.mark.parametrize(("text", "where", "words"), [
    (". .\n. x\n", "bad.txt:2:3", "expected a clue"),
    (". .\n. 9\n", "bad.txt:2:3", "expected a clue"),
    ("10 .\n. .\n", "bad.txt:1:1", "expected a clue"),      # no 0 among several lengths
    ("44 .\n. .\n", "bad.txt:1:1", "expected a clue"),      # 4, a gap, 4 and a gap: nine cells
    ("11111 .\n. .\n", "bad.txt:1:1", "expected a clue"),   # five runs never fit in eight cells
    (". .\n. . .\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        tapa.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert tapa.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = tapa.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[2, 0]]})
    assert tapa.state_from_json(p, tapa.state_to_json(p, state)) == state


def broken(p, cells):
    return tapa.verify(p, tapa.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the clue at (1, 0) is shaded" in broken(p, SHADED | {(1, 0)})
    assert "no cell is shaded" in broken(p, set())
    assert any("shaded cells are in 2 separate pieces" in x for x in broken(p, SHADED - {(0, 3)}))
    assert "the 2x2 block at (0, 0) is all shaded" in broken(p, SHADED | {(1, 0)})
    assert "the clue 1 at (5, 2) has runs 2 around it" in broken(p, SHADED | {(4, 3)})
    wrong = tapa.parse(TEXT.replace("3 . . . . .", "2 . . . . ."), "w")
    assert broken(wrong, SHADED) == ["the clue 2 at (1, 0) has runs 3 around it"]
    unknown = tapa.parse(TEXT.replace("33", "3?"), "u")
    assert broken(unknown, SHADED) == []
    assert broken(unknown, SHADED - {(1, 2)}) != []


@pytest.mark.parametrize("clue", ["0", "1", "4", "8", "?", "11", "1?", "22", "311", "???", "1111"])
def test_a_clue_matches_exactly_the_rings_whose_runs_it_lists(clue):
    # the model's clauses (prime implicates) against the check's reading, on all 256 rings
    cubes = around.forbidden_cubes(clue, tuple(range(8)))
    for bits in itertools.product((False, True), repeat=8):
        runs = around.circular_runs(bits)
        ruled_out = any(all(bits[i] == on for i, on in cube) for cube in cubes)
        assert ruled_out == (not tapa.matches_clue(clue, runs)), (clue, bits)


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("tapa", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert tapa.verify(made.puzzle, made.solution) == []


@pytest.mark.parametrize("seed", range(4))
def test_the_model_finds_every_answer_brute_force_finds(seed):
    p = tapa.random_puzzle(random.Random(seed), 3, 4, keep=0.5)
    cells = [(r, c) for r in range(3) for c in range(4)]
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not tapa.verify(p, tapa.Solution(shaded=frozenset(s)))}
    result = cpsat.solve(tapa.model(p), limit=5000)
    assert result.complete
    assert {tapa.decode(p, a).shaded for a in result.solutions} == brute


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("tapa", "tapa", tapa.verify)
    assert broken_boards_fail(record, tapa.verify, p, skip=1)  # the first is an empty board
    assert judge(p, answer)["complete"]


def test_every_clue_code_round_trips_through_a_url():
    clues = ["0", "8", "?", "1111", "11", "5?", "??", "14", "111", "3??", "1?1", "??1?", "1?11"]
    row = clues + [None] * 27  # a run of empty cells longer than one letter holds
    p = tapa.Puzzle(2, 20, numbers=[row[:20], row[20:]])
    assert formats.read(formats.to_url(p)) == ("tapa", p)


def test_our_answer_is_complete_for_pzprjs_and_round_trips_through_a_url():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("tapa", p)
    assert judge(p, s)["complete"]
