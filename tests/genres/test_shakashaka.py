"""Shakashaka: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, the rectangle check against turned rectangles, the
puzz.link golden and pzprjs's own checker."""

from __future__ import annotations

import json
import random

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import golden, judge

from benchmarks import sw_corpus
from puzzlekit import api, formats
from puzzlekit.board.triangles import rectangle_problems, turned_rectangle
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import shakashaka
from puzzlekit.ladder import Reasoner
from puzzlekit.ladder.wholes import WholePairs

# Made by the package's generator (seed 2); its answer, checked by hand against the rules:
#   ◤ ◥ 1 0 0 ·
#   ◣ ◢ · · · 0
#   2 2 1 ◤ ◥ 1
#   ◤ ◥ 3 ◣ ◢ 1
#   ◣ · ◥ 2 1 ·
#   2 ◣ ◢ 1 0 0
TEXT = ("..XXX.\n.....X\nXXX..X\n..X..X\n...XX.\nX..XXX\n"
        "..100.\n.....0\n221..1\n..3..1\n...21.\n2..100\n")
TRIANGLES = ((1, 2, 0, 0, 0, 0), (3, 4, 0, 0, 0, 0), (0, 0, 0, 1, 2, 0), (1, 2, 0, 3, 4, 0),
             (3, 0, 2, 0, 0, 0), (0, 3, 4, 0, 0, 0))


def puzzle():
    return shakashaka.parse(TEXT, "sk.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.triangles == TRIANGLES
    assert shakashaka.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers")[:3] == [((0, 2), 1), ((0, 3), 0), ((0, 4), 0)]
    assert shakashaka.parse(shakashaka.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("X.\n.y\n..\n..\n", "bad.txt:2:2", "expected 'X' (black cell) or '.'"),
    ("X.\n..\n5.\n..\n", "bad.txt:3:1", "expected a triangle count 0-4"),
    ("X.\n..\n.1\n..\n", "bad.txt", "is not on a black cell"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        shakashaka.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert shakashaka.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    rows = [[1, None, None, None, None, None]] + [[None] * 6] * 5
    state = shakashaka.state_from_json(p, {"triangles": rows})
    assert shakashaka.state_from_json(p, shakashaka.state_to_json(p, state)) == state


def broken(p, rows):
    return shakashaka.verify(p, shakashaka.Solution(triangles=tuple(map(tuple, rows))))


def changed(r, c, v):
    rows = [list(row) for row in TRIANGLES]
    rows[r][c] = v
    return rows


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the black cell (0, 2) holds a triangle" in broken(p, changed(0, 2, 1))
    assert "the white area at (0, 0) is not a rectangle" in broken(p, changed(0, 0, 0))
    wrong = shakashaka.parse(TEXT.replace("..100.\n", "..200.\n"), "w")
    assert broken(wrong, TRIANGLES) == ["the 2 at (0, 2) has 1 triangles beside it"]


@pytest.mark.parametrize(("p", "q"), [(1, 1), (1, 2), (2, 3), (3, 3)])
def test_a_turned_rectangle_is_a_rectangle_and_a_cut_one_is_not(p, q):
    laid = turned_rectangle(p, q)
    walls = {cell for cell, v in laid.items() if v == "X"}
    at = {cell: 0 if v == "X" else v for cell, v in laid.items()}
    assert rectangle_problems(walls, at) == []
    corner = next(cell for cell, v in sorted(laid.items()) if v not in ("X", 0))
    assert rectangle_problems(walls, {**at, corner: 0})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


# two levels it offers (hard, which it does not offer, took 6 minutes to fall back to another)
@pytest.mark.parametrize("level", ["easy", "pairs"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("shakashaka", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert shakashaka.verify(made.puzzle, made.solution) == []


def test_the_ladder_pairs_whole_grid_points_not_their_clauses():
    # a grid point's rule is up to 104 clauses: paired two at a time a 10x10 had some 300,000
    # pairs of clauses; as whole rules, each point with its neighbours and the numbers
    planted = shakashaka.GENRE.planter(random.Random(1000), 10, 10)
    model = shakashaka.model(shakashaka.GENRE.revealer(planted, 10, 10))
    pairs = Reasoner(model).pairs
    assert isinstance(pairs, WholePairs)
    assert len(pairs.rules) < 11 * 11 + 100 and len(pairs.pairs) < 4 * len(pairs.rules)


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("shakashaka")
    genre, p = formats.read(record["url"])
    assert genre == "shakashaka" and formats.to_url(p) == record["url"]
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert shakashaka.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.read_pzprv3(formats.write_pzprv3(p, answer)) == (genre, p, answer)
    assert judge(p, answer)["complete"]


def test_pzprjs_broken_boards_are_refused_or_caught():
    for _, board in golden("shakashaka")["failchecks"][1:]:  # the first is an empty board
        try:
            _, p, answer = formats.read_pzprv3(board)
        except ParseError:
            continue  # a clue puzzlekit cannot hold (a 5 beside four cells)
        assert shakashaka.verify(p, answer)


def test_our_answer_is_complete_for_pzprjs_and_round_trips_through_a_url():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("shakashaka", p)
    assert judge(p, s)["complete"]


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    # a sample of five (a run of fifty, spread over the keys, was judged complete too)
    spec = sw_corpus.GENRES["shakashaka"]
    data = {k: e for k, e in sw_corpus.entries(corpus, "shakashaka").items()
            if spec.convert(e["problem"]).height <= 12}  # the small ones, for time
    assert data
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key
