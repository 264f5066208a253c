"""Easy as ABC on the genre kit: its file, JSON and states, each broken rule caught by verify,
every backend, the generator, the puzz.link golden (pzprjs's broken boards refused too) and
pzprjs's own checker on our answers."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer, judge

from benchmarks import sw_corpus
from puzzlekit import api, formats, genres
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import easyasabc as abc

#: The cross-check's sides (tests/crosscheck/genre_strategies.py).
CROSSCHECK_SIDES = (3, 5)

# made for this test: the side letters left after removing each one the answer did not need
TEXT = """\
# a 4x4 Easy as ABC, letters A-C
letters: 3
top: ? ? ? ?
bottom: ? ? A ?
left: ? ? C C
right: ? B ? ?
B...
....
....
....
"""
ANSWER = ((2, 1, 0, 3), (1, 0, 3, 2), (0, 3, 2, 1), (3, 2, 1, 0))


def solved():
    p = abc.parse(TEXT, "abc.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p, s = solved()
    assert s.grid == ANSWER
    assert p.letters == 3 and p.left == (None, None, 3, 3) and p.givens[0][0] == 2
    assert abc.parse(abc.format(p), "again") == p
    assert genres.get("easy as abc") is abc
    assert abc.render(p, s).splitlines()[1].split() == ["?", "B", "A", "-", "C", "?"]


@pytest.mark.parametrize(("text", "where", "words"), [
    (TEXT.replace("top: ? ? ? ?", "top: ? 1 ? ?"), "bad.txt:3:8", "expected a letter A-Z or '?'"),
    (TEXT.replace("right: ? B ? ?", "right: ? B ?"), "bad.txt:6:8", "expected 4 row counts"),
    (TEXT.replace("B...", "B.D."), "bad.txt:7:3", "a letter is A-C here, found D"),
    (TEXT.replace("B...", "B.1."), "bad.txt:7:3", "expected a letter A-Z or '.'"),
    (TEXT.replace("letters: 3", "letters: 5"), "bad.txt:2", "at most 4 letters fit a 4x4 grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        abc.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_json_and_state_round_trip():
    p, s = solved()
    assert abc.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = abc.state_from_json(p, {"grid": [[2, 0, None, None]] + [[None] * 4] * 3})
    assert state == {("letter", 0, 0): 2, ("letter", 0, 1): 0}
    assert abc.state_from_json(p, abc.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match=r"grid\[0\]\[0\]: expected a number 0-3"):
        abc.state_from_json(p, {"grid": [[4, None, None, None]] + [[None] * 4] * 3})


def _broken(p, rows):
    return abc.verify(p, abc.Solution(grid=tuple(map(tuple, rows))))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert abc.verify(p, s) == []
    high = [list(row) for row in ANSWER]
    high[3][3] = 4
    assert "the value 4 at (3, 3) is not 0-3 (0: an empty cell)" in _broken(p, high)
    twice = [list(row) for row in ANSWER]
    twice[0][2] = 2
    assert "the letter B stands at both (0, 0) and (0, 2)" in _broken(p, twice)
    gone = [list(row) for row in ANSWER]
    gone[0][3] = 0
    assert "row 0 has no C" in _broken(p, gone) and "column 3 has no C" in _broken(p, gone)
    swapped = [list(row) for row in ANSWER]
    swapped[0], swapped[1] = swapped[1], swapped[0]  # each line still holds A-C once
    problems = _broken(p, swapped)
    assert "the given B at (0, 0) holds A" in problems
    assert "the B right of row 1 sees C first" in problems


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_and_picture():
    p, s = solved()
    assert api.grade(p).unique
    assert api.hint(p) is not None
    picture = abc.draw(p, s, {}, [])
    assert picture.count('class="count ') == 4 and ">C</text>" in picture


@pytest.mark.parametrize("level", ["scan", "trial"])
def test_generate_makes_a_unique_puzzle(level):
    (made,) = list(generate("easyasabc", 5, 5, level=level, seed=3, nearest=True))
    assert api.is_unique(made.puzzle)
    assert abc.verify(made.puzzle, made.solution) == []
    assert abc.parse(abc.format(made.puzzle)) == made.puzzle


def test_the_example_has_one_answer():
    p = abc.parse((EXAMPLES / "easyasabc01.txt").read_text(), "easyasabc01.txt")
    assert api.solve(p, unique=True).unique is True


# --- puzz.link ---------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("easyasabc", "easyasabc", abc.verify)
    assert broken_boards_fail(record, abc.verify, p)  # pzprjs's broken boards break a rule
    assert judge(p, answer)["complete"] is True


def test_our_puzzle_round_trips_through_a_url_and_pzprjs_judges_it():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("easyasabc", p)
    assert judge(p, s)["complete"] is True
    wrong = [list(row) for row in ANSWER]
    wrong[0], wrong[1] = wrong[1], wrong[0]
    assert judge(p, abc.Solution(grid=tuple(map(tuple, wrong))))["complete"] is False


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    # a sample of five (a run of fifty, spread over the keys, was judged complete too)
    spec = sw_corpus.GENRES["easyasabc"]
    data = {k: e for k, e in sw_corpus.entries(corpus, "easyasabc").items() if k not in spec.ambiguous}
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key


def test_as_many_letters_as_the_side_fill_every_cell():
    # letters A-C on a 3x3 grid: a Latin square, the outside letter is the end cell's letter
    p = abc.parse("letters: 3\ntop: A ? ?\nbottom: ? ? ?\nleft: ? B ?\nright: ? ? B\n...\n...\n...\n")
    assert p.letters is None and "letters" not in abc.format(p)
    result = api.solve(p, unique=True)
    assert result.unique is True
    (s,) = result.solutions
    assert s.grid[0][0] == 1 and s.grid[1][0] == 2 and s.grid[2][2] == 2
    assert all(v for row in s.grid for v in row)
    turned = abc.Solution(grid=((3, 1, 2), (2, 3, 1), (1, 2, 3)))
    assert "the A above column 0 sees C first" in abc.verify(p, turned)
