"""Minesweeper: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, the puzz.link golden and pzprjs's judge."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import golden, judge

from benchmarks import sw_corpus
from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import minesweeper

# Made by hand, with the total given; its answer, checked by hand:
#   * * ·
#   2 · ·
#   · 0 ·
TEXT = "mines: 2\n...\n2..\n.0.\n"
MINES = frozenset({(0, 0), (0, 1)})


def puzzle():
    return minesweeper.parse(TEXT, "ms.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.mines == MINES
    assert minesweeper.verify(p, s) == []


def test_the_total_makes_the_answer_unique():
    p = minesweeper.parse("...\n2..\n.0.\n", "no total")
    assert p.total is None and minesweeper.format(p) == "...\n2..\n.0.\n"
    assert api.solve(p, unique=True).unique is False


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.total == 2 and p.clues("numbers") == [((1, 0), 2), ((2, 1), 0)]
    assert minesweeper.parse(minesweeper.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("..\n.9\n", "bad.txt:2:2", "expected a count of mines"),
    ("mines: x\n..\n..\n", "bad.txt:1:", "mines must be a whole number"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        minesweeper.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert minesweeper.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = minesweeper.state_from_json(p, {"mines": [[0, 1]], "safe": [[0, 2]]})
    assert minesweeper.state_from_json(p, minesweeper.state_to_json(p, state)) == state


def broken(p, cells):
    return minesweeper.verify(p, minesweeper.Solution(mines=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the number at (1, 0) holds a mine" in broken(p, MINES - {(0, 1)} | {(1, 0)})
    assert "the 2 at (1, 0) has 1 mine around it" in broken(p, MINES - {(0, 1)} | {(0, 2)})
    assert "the 0 at (2, 1) has 1 mine around it" in broken(p, MINES - {(0, 1)} | {(2, 2)})
    assert "the grid holds 3 mines, not 2" in broken(p, MINES | {(0, 2)})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["rules", "trial"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("minesweeper", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert minesweeper.verify(made.puzzle, made.solution) == []


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("mines")
    genre, p = formats.read(record["url"])
    assert genre == "minesweeper" and formats.to_url(p) == record["url"]
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert minesweeper.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.read_pzprv3(formats.write_pzprv3(p, answer)) == (genre, p, answer)
    assert judge(p, answer)["complete"]
    for code, board in record["failchecks"]:
        assert minesweeper.verify(p, formats.read_pzprv3_solution(genre, p, board)), code


def test_our_answer_is_complete_for_pzprjs():
    p, s = solved()
    assert judge(p, s)["complete"]


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    # a sample of five (a run of fifty, spread over the keys, was judged complete too)
    spec = sw_corpus.GENRES["minesweeper"]
    data = {k: e for k, e in sw_corpus.entries(corpus, "minesweeper").items() if k not in spec.ambiguous}
    assert data
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key
