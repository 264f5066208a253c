"""Mosaic: a small puzzle on every backend, each broken rule caught by verify, the file, JSON
and state forms, the generator and Tatham's game IDs (pzprjs has no Mosaic)."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import mosaic
from puzzlekit.genres.mosaic import tatham

# Made by the package's generator (seed 1); its answer, checked by hand against the counts:
#   # # # # 1
#   # # 6 · 3
#   # 5 # # #
#   2 # 5 # ·
#   1 1 · # ·
TEXT = "4.4.1\n..6.3\n.5.4.\n2355.\n11...\n"
SHADED = frozenset({(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (2, 0), (2, 2), (2, 3), (2, 4), (3, 1),
                    (3, 3), (4, 3)})


def puzzle():
    return mosaic.parse(TEXT, "mo.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert mosaic.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.numbers[0] == (4, None, 4, None, 1)
    assert mosaic.parse(mosaic.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("..\n.x\n", "bad.txt:2:2", "expected a count 0-9 or '.', found 'x'"),
    ("..\n10 .\n", "bad.txt:2:1", "expected a count 0-9"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        mosaic.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert mosaic.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = mosaic.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[1, 3]]})
    assert mosaic.state_from_json(p, mosaic.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, _ = solved()
    problems = mosaic.verify(p, mosaic.Solution(shaded=SHADED - {(0, 0)}))
    assert problems == ["the 4 at (0, 0) has 3 shaded cells around it"]
    more = mosaic.verify(p, mosaic.Solution(shaded=SHADED | {(4, 4)}))
    assert "the 5 at (3, 3) has 6 shaded cells around it" in more


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("mosaic", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert mosaic.verify(made.puzzle, made.solution) == []
    again = next(iter(generate("mosaic", 6, 6, level=level, seed=made.seed, nearest=True)))
    assert mosaic.format(again.puzzle) == mosaic.format(made.puzzle)

def test_tatham_ids_round_trip_and_bad_ones_are_refused():
    assert tatham.write(puzzle()) == "5x5:4a4a1b6a3a5a4a2355a11c"
    assert tatham.read("5x5", "4a4a1b6a3a5a4a2355a11c") == puzzle()
    with pytest.raises(ValueError, match="covers 24 cells"):
        tatham.read("5x5", "4a4a1b6a3a5a4a2355a11b")
    with pytest.raises(ValueError, match="unexpected .-. at position 3"):
        tatham.read("2x2", "a1-a")


def test_no_puzzlink_form():
    with pytest.raises(Exception, match="pzprjs has no Mosaic"):
        formats.to_url(puzzle())
