"""Geradeweg: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the puzz.link URL both ways, and generated puzzles."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.genres import geradeweg

# Made by our generator (5x5, seed 2): small enough for every backend to be quick.
TEXT = ".3...\n2..2.\n....1\n1..1.\n.....\n"


def puzzle():
    return geradeweg.parse(TEXT, "gw.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert geradeweg.verify(p, s) == []
    assert {((0, 0), (0, 1)), ((0, 1), (0, 2)), ((2, 3), (2, 4)), ((4, 0), (4, 1))} <= s.edges


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers")[:3] == [((0, 1), 3), ((1, 0), 2), ((1, 3), 2)]
    assert geradeweg.parse(geradeweg.format(p), "again") == p
    assert geradeweg.parse("?.\n..\n", "q").numbers[0][0] == "?"


@pytest.mark.parametrize(("text", "where", "words"), [
    ("..\n.x\n", "bad.txt:2:2", "expected a run length"),
    ("..\n.0\n", "bad.txt:2:2", "expected a run length"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        geradeweg.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert geradeweg.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = geradeweg.state_from_json(p, {"edges": [[[0, 1], [0, 2]]], "no_edges": [[[3, 0], [3, 1]]]})
    assert geradeweg.state_from_json(p, geradeweg.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, s = solved()
    # the loop cut open, and a number it no longer passes
    cut = geradeweg.Solution(edges=s.edges - {((0, 0), (0, 1)), ((0, 1), (0, 2))})
    assert "the line ends at (0, 0)" in geradeweg.verify(p, cut)
    assert "the loop misses the 3 at (0, 1)" in geradeweg.verify(p, cut)
    # a 2x2 loop: the runs through the numbers on it are 1 long
    small = geradeweg.Puzzle(3, 3, numbers=[[2, None, None], [None, None, None], [None, None, "?"]])
    square = frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))})
    problems = geradeweg.verify(small, geradeweg.Solution(edges=square))
    assert problems == ["the run of 1 steps across through the 2 at (0, 0) is not 2 long",
                        "the run of 1 steps up and down through the 2 at (0, 0) is not 2 long",
                        "the loop misses the ? at (2, 2)"]
    # a turn at a ? with runs of 2 and 1
    oblong = frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 1), (1, 2)),
                        ((1, 0), (1, 1)), ((0, 0), (1, 0))})
    unknown = geradeweg.Puzzle(2, 3, numbers=[["?", None, None], [None, None, None]])
    assert geradeweg.verify(unknown, geradeweg.Solution(edges=oblong)) == [
        "the runs through the ? at (0, 0) are 2 and 1 long"]
    two = geradeweg.Puzzle(2, 3, numbers=[[None, 2, None], [None, None, None]])
    assert geradeweg.verify(two, geradeweg.Solution(edges=oblong)) == []


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_puzzlink_urls_round_trip():
    p = puzzle()
    url = formats.to_url(p)
    assert url == "https://puzz.link/p?geradeweg/5/5/g3i2h2k11h1l"
    assert formats.read(url) == ("geradeweg", p)
    q = geradeweg.Puzzle(3, 3, numbers=[["?", None, None], ["?", "?", None], [None, "?", None]])
    assert formats.to_url(q) == "https://puzz.link/p?geradeweg/3/3/.h..h.g"
    assert formats.read(formats.to_url(q)) == ("geradeweg", q)
    with pytest.raises(ParseError, match="loop through every cell"):
        formats.read("https://puzz.link/p?geradeweg/f/3/3/.h..h.g")


@pytest.mark.parametrize("level", ["trial", "lines"])
def test_generated_puzzles_are_unique(level):
    from puzzlekit.generate import generate

    (made,) = generate("geradeweg", 5, 5, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert geradeweg.verify(made.puzzle, made.solution) == []
    again = next(iter(generate("geradeweg", 5, 5, level=level, seed=made.seed, nearest=True)))
    assert geradeweg.format(again.puzzle) == geradeweg.format(made.puzzle)


def test_the_search_proof_is_asked_below_100_cells_only():
    # at 10x10 the search backend never finished its proof, so certifying skips it there
    from puzzlekit import ladder
    from puzzlekit.generate import recipe

    rec = recipe("geradeweg")
    assert rec.search_proof(7, 7, ladder.CHAIN)
    assert not rec.search_proof(10, 10, ladder.CHAIN)


def test_a_loop_checked_again_reads_the_same():
    # the loop's problems are kept per answer: a second answer must not read the first's
    p, s = solved()
    assert geradeweg.verify(p, s) == []
    cut = geradeweg.Solution(edges=s.edges - {((0, 0), (0, 1))})
    assert "the line ends at (0, 0)" in geradeweg.verify(p, cut)
    assert geradeweg.verify(p, s) == []
