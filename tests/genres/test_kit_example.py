"""The genre kit through the docs' example genre (Canal View, docs/examples/canalview.py):
its file, JSON and state come from the board layers, its checks catch each broken rule, and
every shared command (solve on six backends, grade, hint, generate, render, pack) serves it."""

from __future__ import annotations

import json
import random

import pytest
from conftest import example_genre
from kit_checks import every_backend_finds

from puzzlekit import api, genres, render
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.pack import encoding

cv = example_genre()

TEXT = """\
# a 5x5 Canal View
01...
.....
01...
.0003
...00
"""


def puzzle():
    return cv.parse(TEXT, "cv.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert (p.height, p.width) == (5, 5)
    assert p.numbers[3][4] == 3 and p.numbers[1][1] is None
    assert p.clues("numbers")[:2] == [((0, 0), 0), ((0, 1), 1)]
    assert cv.parse(cv.format(p), "again") == p
    spaced = cv.parse(TEXT.replace("01...", "0 1 . . ."), "spaced")
    assert spaced == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("01...\n..x..\n", "bad.txt:2:3", "expected a number 0-99 or '.', found 'x'"),
    ("01...\n....\n", "bad.txt:2:", "ragged grid"),
    ("rows: 1 2\n01\n10\n", "bad.txt:1:1", "unknown header 'rows'"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        cv.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_puzzle_data_made_in_python_is_checked():
    with pytest.raises(ParseError, match=r"numbers\[0\]\[1\]: expected a number 0-99"):
        cv.Puzzle(2, 2, numbers=[[None, -1], [None, None]])
    with pytest.raises(ParseError, match="expected 2 rows"):
        cv.Puzzle(2, 2, numbers=[[None, None]])


def test_solution_json_round_trips_and_bad_json_is_refused():
    p, s = solved()
    assert cv.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    with pytest.raises(ParseError, match="unknown field 'lamps'"):
        cv.solution_from_json(p, {"shaded": [], "lamps": []})
    with pytest.raises(ParseError, match=r"shaded\[0\]: the cell \(9, 9\) is outside the 5x5 grid"):
        cv.solution_from_json(p, {"shaded": [[9, 9]]})


def test_a_state_round_trips_and_complete_fills_the_rest():
    p, _ = solved()
    state = cv.state_from_json(p, {"shaded": [[1, 1]], "unshaded": [[0, 0]]})
    assert state == {("shaded", 1, 1): 1, ("shaded", 0, 0): 0}
    assert cv.state_from_json(p, cv.state_to_json(p, state)) == state
    full = cv.state_from_json(p, {"shaded": [[1, 1]], "complete": True})
    assert len(full) == 25 and sum(full.values()) == 1
    with pytest.raises(ParseError, match="listed both"):
        cv.state_from_json(p, {"shaded": [[1, 1]], "unshaded": [[1, 1]]})


def _broken(p, s, cells):
    return cv.verify(p, cv.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert cv.verify(p, s) == []
    canal = set(s.shaded)
    # a numbered cell shaded
    assert any("numbered cell (0, 0) is shaded" in x for x in _broken(p, s, canal | {(0, 0)}))
    # the canal in two pieces: cut the cell that joins its arms
    assert any("separate pieces" in x for x in _broken(p, s, canal - {(1, 4)}))
    # a 2x2 pool
    pool = {(3, 0), (3, 1), (4, 0), (4, 1)}
    assert any("2x2 block at (3, 0)" in x for x in _broken(p, s, canal | pool))
    # a count seen wrong
    assert any("the 3 at (3, 4) sees 2" in x for x in _broken(p, s, canal - {(0, 4)}))


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_grade_hint_and_explain():
    p, s = solved()
    graded = api.grade(p)
    assert graded.unique
    hint = api.hint(p, {})
    key, value = next(iter(hint.step.fixes.items()))
    assert cv.GENRE.answer_of(p, s)[key] == value, "the hint agrees with the answer"
    assert "shaded cell" in hint.words
    wrong_key = ("shaded", 0, 2)
    wrong = 1 - cv.GENRE.answer_of(p, s)[wrong_key]
    assert api.hint(p, {wrong_key: wrong}).wrong == (wrong_key,)


def test_generated_puzzles_are_unique_and_reproducible():
    made = list(generate("canalview", 6, 6, count=2, seed=3))
    assert len({g.fingerprint for g in made}) == 2
    for g in made:
        assert api.is_unique(g.puzzle)
        assert cv.verify(g.puzzle, g.solution) == []
    again = next(iter(generate("canalview", 6, 6, seed=made[0].seed)))
    assert cv.format(again.puzzle) == cv.format(made[0].puzzle)


def test_the_picture_draws_clues_answer_state_and_highlight():
    p, s = solved()
    picture = render.svg(p, s)
    assert picture.count('<rect class="shaded"') == len(s.shaded)
    assert picture.count('<text class="clue"') == len(p.clues("numbers"))
    state = {("shaded", 1, 1): 1, ("shaded", 0, 2): 0}
    partial = render.svg(p, None, state=state, highlight=[(2, 2)])
    assert 'class="highlight"' in partial and 'class="absent"' in partial
    with pytest.raises(render.RenderError):
        render.svg(p, None, state={("lamp", 0, 0): 1})


def test_pack_encoding_round_trips():
    p, s = solved()
    data = encoding.encode("canalview", p, s)
    assert data["kit"]["answer"] == {"t": "shade"} and data["kit"]["title"] == "Canal View"
    assert encoding.decode(data) == (p, encoding.answer("canalview", s))
    assert encoding.playable("canalview")


def test_random_puzzles_of_the_kit_are_valid_puzzles():
    rng = random.Random(5)
    for _ in range(5):
        q = cv.random_puzzle(rng, 4, 5)
        assert cv.parse(cv.format(q), "again") == q


def test_registering_refuses_a_package_name_and_a_module_without_the_contract():
    with pytest.raises(ValueError, match="genre of the package"):
        genres.register(genres.get("masyu"))

    class Half:
        NAME = "half"

    with pytest.raises(ValueError, match="lacks"):
        genres.register(Half())
    assert genres.canonical("Canal-View") == "canalview"
