"""Sashigane: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, the puzz.link golden and pzprjs's own checker."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from pzprjs_judge import broken_boards_fail, golden_answer, judge

from puzzlekit import api, backends, formats
from puzzlekit.backends import cpsat
from puzzlekit.board.regions import Regions
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import sashigane

# Made by the package's generator (seed 1); its answer, checked by hand against the rules:
#   a a a b b b
#   a c d b e e
#   f c d d d e
#   f c g g g g
#   f c c c h g
#   f f h h h g
TEXT = "o4 . . o4 . .\n. S . . E .\n. . . . . .\n. . . . . o6\n. . . . . .\no5 . . . o4 .\n"
LABELS = ["aaabbb", "acdbee", "fcddde", "fcgggg", "fccchg", "ffhhhg"]


def puzzle():
    return sashigane.parse(TEXT, "sg.txt")


def division(rows):
    return sashigane.solution_from_json(puzzle(), {"regions": [list(row) for row in rows]})


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s == division(LABELS)
    assert sashigane.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("marks")[:3] == [((0, 0), "o4"), ((0, 3), "o4"), ((1, 1), "S")]
    assert sashigane.parse(sashigane.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("o . .\n. x .\n", "bad.txt:2:3", "expected a circle or an arrow"),
    ("o . .\n. o0 .\n", "bad.txt:2:3", "found 'o0'"),
    ("o . .\n. . . .\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        sashigane.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert sashigane.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = sashigane.state_from_json(p, {"joined": [[[0, 0], [0, 1]]], "borders": [[[0, 2], [0, 3]]]})
    assert sashigane.state_from_json(p, sashigane.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, _ = solved()
    # the corner cell (0, 0) given to its neighbour's block: an I and a bent block of five
    wrong = ["cccbbb", "acdbee", "acddde", "fcgggg", "fccchg", "ffhhhg"]
    assert "the block at (0, 0) is not an L of arms one cell wide and two long" in \
        sashigane.verify(p, division(wrong))
    moved = sashigane.parse(TEXT.replace("o4 . . o4", "o4 o . o4"), "w")
    assert sashigane.verify(moved, division(LABELS)) == ["the circle at (0, 1) is not on its L's corner"]
    sized = sashigane.parse(TEXT.replace("o6", "o5"), "w")
    assert sashigane.verify(sized, division(LABELS)) == ["the 5 at (3, 5) is on an L of 6 cells"]
    turned = sashigane.parse(TEXT.replace(". S .", ". N ."), "w")
    assert sashigane.verify(turned, division(LABELS)) == [
        "the arrow at (1, 1) is not at an arm's end pointing to the corner"]
    inside = sashigane.parse(TEXT.replace(". . . . . .\n. . . . . o6", ". . . . . .\n. S . . . o6"), "w")
    assert sashigane.verify(inside, division(LABELS)) == [
        "the arrow at (3, 1) is not at an arm's end pointing to the corner"]
    # an L has no loop, so a border between two of its cells always cuts it in two
    joins = set(division(LABELS).regions) - {((0, 0), (0, 1))}
    assert "the block at (0, 1) is not an L of arms one cell wide and two long" in sashigane.verify(
        p, sashigane.Solution(regions=frozenset(joins)))


def test_every_installed_backend_finds_the_one_answer():
    p, s = solved()
    for name, version in backends.installed().items():
        if version and name != "csp":  # the csp backend is cross-checked on small grids only
            result = api.solve(p, backend=name, limit=3)
            assert result.status == "solved" and result.complete, name
            assert list(result.solutions) == [s], name


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("sashigane", 5, 5, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert sashigane.verify(made.puzzle, made.solution) == []


def every_division(h, w):
    pairs = Regions().pairs(h, w)
    for bits in itertools.product((0, 1), repeat=len(pairs)):
        joins = frozenset(p for p, b in zip(pairs, bits) if b)
        yield sashigane.Solution(regions=joins), joins


@pytest.mark.parametrize(("seed", "h", "w"), [(0, 2, 4), (1, 2, 5), (2, 5, 2)])
def test_the_model_finds_every_answer_brute_force_finds(seed, h, w):
    p = sashigane.random_puzzle(random.Random(seed), h, w, keep=0.3)
    brute = {joins for s, joins in every_division(h, w) if not sashigane.verify(p, s)}
    result = cpsat.solve(sashigane.model(p), limit=5000)
    assert result.complete
    assert {frozenset(sashigane.decode(p, a).regions) for a in result.solutions} == brute


def test_a_grid_no_l_fits_is_refused_by_the_planter():
    with pytest.raises(ValueError, match="cannot be divided"):
        sashigane.random_puzzle(random.Random(1), 1, 6)


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("sashigane", "sashigane", sashigane.verify)
    assert broken_boards_fail(record, sashigane.verify, p)  # pzprjs's broken boards break a rule
    assert judge(p, answer)["complete"]


def test_our_answer_is_complete_for_pzprjs_and_round_trips_through_a_url():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("sashigane", p)
    assert judge(p, s)["complete"]
    big = sashigane.parse(TEXT.replace("o6", "o17"), "big")  # a size past 15 takes three characters
    assert formats.read(formats.to_url(big)) == ("sashigane", big)
    with pytest.raises(ParseError, match="'[?]' at [(]0, 0[)]"):
        formats.read("https://puzz.link/p?sashigane/3/3/@t")


#: Small shapes for the shared cross-check (a 3x3 grid holds no division into Ls).
CROSSCHECK_SHAPES = [(2, 3), (3, 4), (4, 4), (4, 5), (5, 5)]
