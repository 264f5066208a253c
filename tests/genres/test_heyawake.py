"""Heyawake: a small puzzle on every backend, each broken rule caught by verify, the file, JSON
and state forms, the generator, and the puzz.link golden judged by pzprjs too."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden, golden_answer, judge

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import heyawake

# Made by the package's generator (seed 4); its answer, checked by hand against the rules:
#   # · · · # 0
#   · · · # · ·
#   · # · · # ·
#   # · # 0 · ·
#   1 · · · · #
#   · · # · · ·
TEXT = "abbcde\nabbffe\ngghiij\nkklmmj\nnnnmmj\nnnnmmo\n1....0\n......\n......\n...0..\n1.....\n......\n"
SHADED = frozenset({(0, 0), (0, 4), (1, 3), (2, 1), (2, 4), (3, 0), (3, 2), (4, 5), (5, 2)})
#: The shaded cell of room d moved into room b: only a stretch across two borders is wrong.
MOVED = SHADED - {(0, 4)} | {(0, 2)}


def puzzle():
    return heyawake.parse(TEXT, "hy.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert heyawake.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers") == [((0, 0), 1), ((0, 5), 0), ((3, 3), 0), ((4, 0), 1)]
    assert heyawake.parse(heyawake.format(p), "again") == p
    wide = heyawake.parse("a bb\na bb\n. 2\n. .\n", "w")
    assert wide.rooms == (("a", "bb"), ("a", "bb")) and heyawake.parse(heyawake.format(wide), "w") == wide


@pytest.mark.parametrize(("text", "where", "words"), [
    ("ab\nab\n.x\n..\n", "bad.txt:3:2", "expected a number 0-999 or '.', found 'x'"),
    ("a-\nab\n..\n..\n", "bad.txt:1:2", "expected a room label"),
    ("ab\nba\n..\n..\n", "bad.txt:2:2", "the room a is in separate pieces"),
    ("ab\nab\n1.\n2.\n", "bad.txt:4:1", "the room a has two numbers"),
    ("ab\nab\n3.\n..\n", "bad.txt:3:1", "the 3 is more than the 2 cells of room a"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        heyawake.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert heyawake.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = heyawake.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[1, 3]]})
    assert heyawake.state_from_json(p, heyawake.state_to_json(p, state)) == state


def broken(p, cells):
    return heyawake.verify(p, heyawake.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the room a holds 2 shaded cells, not 1" in broken(p, SHADED | {(1, 0)})
    assert "the shaded cells at (0, 4) and (0, 5) are side by side" in broken(p, SHADED | {(0, 5)})
    assert any("unshaded cells are in 2 separate pieces" in x for x in broken(p, SHADED | {(5, 4)}))
    assert broken(p, MOVED) == ["the unshaded cells (0, 3) to (0, 5) cross two room borders"]


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("heyawake", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert heyawake.verify(made.puzzle, made.solution) == []
    again = next(iter(generate("heyawake", 6, 6, level=level, seed=made.seed, nearest=True)))
    assert heyawake.format(again.puzzle) == heyawake.format(made.puzzle)


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("heyawake", "heyawake", heyawake.verify)
    assert formats.read_pzprv3(record["clues_pzprv3"])[1] == p  # the borders form (pzprv3.1)
    assert broken_boards_fail(record, heyawake.verify, p, skip=1)  # the first is an empty board


def test_pzprjs_judges_our_answers_complete_and_a_broken_one_not():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("heyawake", p)
    assert judge(p, s)["complete"] is True
    genre, gp = formats.read(golden("heyawake")["url"])
    assert judge(gp, api.solve(gp).solutions[0])["complete"] is True
    assert judge(p, heyawake.Solution(shaded=MOVED))["failcode"] == "bkUnshadeConsecGt3"

