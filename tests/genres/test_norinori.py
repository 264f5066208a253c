"""Norinori: a small puzzle on every backend, each broken rule caught by verify, the file, JSON
and state forms, the generator and the puzz.link golden."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import golden, judge

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import norinori

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# examples/norinori01.txt, made by the package's generator; its answer, checked by hand:
#   # # . # # .
#   . . # . . #
#   . . # . . #
#   # . . # # .
#   # . # . . #
#   . . # . . #
SHADED = frozenset({(0, 0), (0, 1), (0, 3), (0, 4), (1, 2), (1, 5), (2, 2), (2, 5), (3, 0), (3, 3),
                    (3, 4), (4, 0), (4, 2), (4, 5), (5, 2), (5, 5)})


def puzzle():
    return norinori.parse((EXAMPLES / "norinori01.txt").read_text(), "nn.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert norinori.verify(p, s) == []


def test_the_file_reads_and_writes_back_and_long_labels_are_spaced():
    p = puzzle()
    assert norinori.parse(norinori.format(p), "again") == p
    wide = norinori.parse("A1 A1 B2\nA1 B2 B2\n", "w")
    assert wide.regions[0] == ("A1", "A1", "B2")
    assert norinori.parse(norinori.format(wide), "again") == wide


@pytest.mark.parametrize(("text", "where", "words"), [
    ("AB\nB\n", "bad.txt:2:2", "ragged grid"),
    ("A-\nBA\n", "bad.txt:1:2", "expected a room label"),
    ("size: 3\nAB\n", "bad.txt:1:1", "unknown header 'size'"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        norinori.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert norinori.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = norinori.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[0, 2]]})
    assert norinori.state_from_json(p, norinori.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="listed both"):
        norinori.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[0, 0]]})


def broken(p, cells):
    return norinori.verify(p, norinori.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    # (0, 2) joins the dominoes on its left and right into a row of five, in region F
    five = broken(p, SHADED | {(0, 2)})
    assert "region F holds 3 shaded cells, expected 2" in five
    assert "the shaded cell (0, 1) has 2 shaded neighbours, not 1" in five
    lone = broken(p, SHADED - {(0, 1)})
    assert "region C holds 1 shaded cells, expected 2" in lone
    assert "the shaded cell (0, 0) has 0 shaded neighbours, not 1" in lone


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("norinori")
    genre, p = formats.read(record["url"])
    assert genre == "norinori" and formats.to_url(p) == record["url"]
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert norinori.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.read_pzprv3(formats.write_pzprv3(p, answer)) == (genre, p, answer)
    for _, board in record["failchecks"]:
        assert norinori.verify(p, formats.read_pzprv3_solution(genre, p, board))
    # a pzprv3.1 file gives the walls rather than the region numbers
    assert formats.read_pzprv3(record["clues_pzprv3"])[:2] == (genre, p)


def test_pzprjs_judges_our_answer_complete_and_a_broken_one_not():
    p, s = solved()
    assert judge(p, s)["complete"] is True
    assert judge(p, norinori.Solution(shaded=s.shaded - {(0, 1)}))["complete"] is False


@pytest.mark.parametrize("level", ["trial", "chain"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("norinori", 5, 5, level=level, seed=1, nearest=True)
    assert api.is_unique(made.puzzle)
    assert norinori.verify(made.puzzle, made.solution) == []
    again = next(iter(generate("norinori", 5, 5, level=level, seed=made.seed, nearest=True)))
    assert norinori.format(again.puzzle) == norinori.format(made.puzzle)
