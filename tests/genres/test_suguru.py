"""Suguru: a small puzzle on every backend, each broken rule caught by verify, the file, JSON and
state forms, the generator, and the puzz.link golden judged by pzprjs too."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import golden, judge

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import suguru

# Made by the package's generator (6x6, seed 1, level hard); its answer checked by hand.
TEXT = "1.5..2\n......\n......\n......\n....45\n.1.2..\nAABBBC\nDAABBC\nDEEBCC\nDDEEFF\nGGEFFF\nGGHHHF\n"
DIGITS = ((1, 2, 5, 2, 3, 2), (3, 4, 3, 1, 6, 1), (2, 5, 2, 4, 3, 4),
          (4, 1, 3, 1, 2, 1), (3, 2, 4, 6, 4, 5), (4, 1, 3, 2, 1, 3))


def puzzle():
    return suguru.parse(TEXT, "sg.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.digits == DIGITS
    assert suguru.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("givens")[:2] == [((0, 0), 1), ((0, 2), 5)]
    assert suguru.parse(suguru.format(p), "again") == p
    assert suguru.NAME == "suguru" and "tectonic" in suguru.GENRE.aliases


@pytest.mark.parametrize(("text", "where", "words"), [
    ("1.\n..\nAB\nA!\n", "bad.txt:4:2", "room label"),
    ("1x\n..\nAB\nAB\n", "bad.txt:1:2", "expected a number"),
    ("3.\n..\nAB\nAB\n", "bad.txt:1:1", "more than its room's 2 cells"),
    ("..\n..\nAB\nBA\n", "bad.txt:", "separate pieces"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        suguru.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert suguru.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = suguru.state_from_json(p, {"digits": [[1, None, None, None, None, None]] + [[None] * 6] * 5})
    assert suguru.state_from_json(p, suguru.state_to_json(p, state)) == state


def broken(p, changes):
    rows = [list(row) for row in DIGITS]
    for (r, c), v in changes.items():
        rows[r][c] = v
    return suguru.verify(p, suguru.Solution(digits=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p = puzzle()
    assert "the given 1 at (0, 0) holds 3" in broken(p, {(0, 0): 3, (1, 0): 1})
    assert "the room A holds 4 at both (1, 1) and (1, 2)" in broken(p, {(1, 2): 4})
    assert "the room H of 3 cells holds 4 at (5, 3)" in broken(p, {(5, 3): 4})
    assert "the cell (5, 3) of the room H holds no digit" in broken(p, {(5, 3): 0})
    assert "the 2s at (3, 4) and (4, 3) touch" in broken(p, {(4, 3): 2, (4, 1): 6})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


# levels it offers; "easy" (rules), which it does not, took 17 s of CPU to fall back to another
@pytest.mark.parametrize("level", ["pairs", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("suguru", 5, 5, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert suguru.verify(made.puzzle, made.solution) == []


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("suguru")
    genre, p = formats.read(record["url"])
    assert genre == "suguru" and formats.to_url(p) == record["url"]
    assert formats.read_pzprv3(record["clues_pzprv3"])[1] == p
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert suguru.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.write_pzprv3(p, answer) == record["solved"].replace("/", "\n")
    for _, board in record["failchecks"]:
        assert suguru.verify(p, formats.read_pzprv3_solution(genre, p, board))


def test_pzprjs_judges_our_answers_complete_and_a_broken_one_not():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("suguru", p)
    assert judge(p, s)["complete"] is True
    _, gp = formats.read(golden("suguru")["url"])
    assert judge(gp, api.solve(gp).solutions[0])["complete"] is True
    wrong = suguru.Solution(digits=tuple(tuple(1 for _ in row) for row in DIGITS))
    assert judge(p, wrong)["complete"] is False


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    from benchmarks import sw_corpus

    spec = sw_corpus.GENRES["suguru"]
    for key, entry in sw_corpus.sample(sw_corpus.entries(corpus, "suguru"), 5):
        p = spec.convert(entry["problem"])
        (solution,) = api.solve(p, time_limit=60).solutions
        assert judge(p, solution)["complete"] is True, key
