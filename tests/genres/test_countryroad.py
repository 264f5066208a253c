"""Country Road: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, the puzz.link golden and pzprjs's own judge."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer

from puzzlekit import api, formats
from puzzlekit.board.layers import Rooms
from puzzlekit.errors import ParseError
from puzzlekit.genres import countryroad

# Made by the package's generator (6x6, seed 4); its answer, checked by hand against the rules:
#   · ┌ ─ ─ ─ ┐
#   ┌ ┘ · · · │
#   │ · · · · │
#   │ · · · · │
#   └ ─ ─ ─ ─ ┘
#   · · · · · ·
TEXT = ("332211\n332221\n422221\n422220\n440000\n444444\n\n"
        "..2...\n......\n4.....\n......\n......\n......\n")


def puzzle():
    return countryroad.parse(TEXT, "cr.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert len(s.edges) == 18 and ((0, 1), (0, 2)) in s.edges
    assert countryroad.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers") == [((0, 2), 2), ((2, 0), 4)]
    assert countryroad.parse(countryroad.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("AB\nA!\n\n..\n..\n", "bad.txt:2:2", "expected a room label"),
    ("AB\nAB\n\n0.\n..\n", "bad.txt:4:1", "expected a cell count"),
    ("AB\nABB\n\n..\n..\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        countryroad.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert countryroad.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = countryroad.state_from_json(p, {"edges": [[[0, 1], [0, 2]]], "no_edges": [[[5, 0], [5, 1]]]})
    assert countryroad.state_from_json(p, countryroad.state_to_json(p, state)) == state


def pieces(p):
    return {frozenset(cells) for cells in Rooms.rooms(p.rooms).values()}


def loop(*cells):
    pairs = zip(cells, cells[1:] + cells[:1])
    return countryroad.Solution(edges=frozenset(tuple(sorted(pair)) for pair in pairs))


def test_each_broken_rule_is_caught():
    p, s = solved()
    cut = countryroad.Solution(edges=s.edges - {((0, 1), (0, 2))})
    assert "the line ends at (0, 1)" in countryroad.verify(p, cut)
    # a small loop in rooms 3 and 2 only: rooms left out, cells left out side by side
    small = loop((0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0))
    problems = countryroad.verify(p, small)
    assert "the loop never visits room 4" in problems
    assert "the 4 at (2, 0) counts 0 cells of its room on the loop" in problems
    assert "the cells (2, 0) and (2, 1) of different rooms are both left out of the loop" in problems
    # a loop that enters room 2 twice: out to room 1 and back, then out to room 0 and back
    twice = loop((1, 4), (1, 5), (2, 5), (2, 4), (3, 4), (3, 5), (4, 5), (4, 4), (4, 3), (3, 3), (2, 3),
                 (1, 3))
    assert "the loop enters room 2 2 times" in countryroad.verify(p, twice)


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["scan", "trial"])
def test_generated_puzzles_are_unique(level):
    from puzzlekit.generate import generate

    (made,) = generate("countryroad", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert countryroad.verify(made.puzzle, made.solution) == []


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("country", "countryroad", countryroad.verify)
    assert broken_boards_fail(record, countryroad.verify)  # pzprjs's broken boards are refused or fail here


def test_our_puzzle_round_trips_through_a_url_and_pzprjs_judges_our_answer_complete():
    from pzprjs_judge import judge

    p, s = solved()
    url = formats.to_url(p)
    genre, q = formats.read(url)
    assert formats.to_url(q) == url  # the rooms come back renamed, a number in its room's top cell
    assert sorted(k for _, k in q.clues("numbers")) == sorted(k for _, k in p.clues("numbers"))
    assert pieces(q) == pieces(p)
    assert judge(p, s)["complete"] is True


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    from pzprjs_judge import judge

    from benchmarks import sw_corpus

    spec = sw_corpus.GENRES["countryroad"]
    found = sw_corpus.entries(corpus, "countryroad")
    data = {k: e for k, e in found.items() if sw_corpus.size(e["problem"])[0] <= 12}  # small ones: quick
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        if p is None:
            continue
        (s,) = api.solve(p, unique=True).solutions
        assert judge(p, s)["complete"] is True, key
