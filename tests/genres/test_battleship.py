"""Battleship: a small puzzle on every backend, each broken rule caught by verify, the file,
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
from puzzlekit.genres import battleship

# Made by hand: a fleet of 3 singles, 2 twos and a three; its answer, checked by hand:
#   · · # · · ·
#   # · # · · #
#   · · · · · ·
#   # # · · · ·
#   · · · # # #
#   # · · · · ·
TEXT = "cols: ? 1 2 ? ? 2\nrows: ? 3 0 ? 3 ?\nfleet: 3 2 1\n.....x\n......\n......\nw.....\n......\n......\n"
SHIPS = frozenset({(0, 2), (1, 0), (1, 2), (1, 5), (3, 0), (3, 1), (4, 3), (4, 4), (4, 5), (5, 0)})


def puzzle():
    return battleship.parse(TEXT, "bs.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.ships == SHIPS
    assert battleship.verify(p, s) == []


def test_the_file_reads_and_writes_back_and_the_classic_fleet_is_the_default():
    p = puzzle()
    assert p.fleet == (3, 2, 1) and p.cols == (None, 1, 2, None, None, 2)
    assert p.clues("parts") == [((0, 5), "x"), ((3, 0), "w")]
    assert battleship.parse(battleship.format(p), "again") == p
    classic = battleship.parse("cols: 1 1\nrows: 1 1\n..\n..\n", "c")
    assert classic.fleet == (4, 3, 2, 1) and "fleet" not in battleship.format(classic)
    assert battleship.parse("cols: 1\nrows: 1\nfleet: 1 0 0\n.\n", "z").fleet == (1,)


@pytest.mark.parametrize(("text", "where", "words"), [
    ("cols: 1 1\nrows: 1 1\n.q\n..\n", "bad.txt:3:2", "expected 'x' (water)"),
    ("cols: 1 1\nrows: 1 1\nfleet: 2 x\n..\n..\n", "bad.txt:3:8", "expected the number of ships"),
    ("cols: 1 1\nrows: 1 1\nfleet: 0 0\n..\n..\n", "bad.txt:3:8", "expected the number of ships"),
    ("cols: 1 1\nrows: 1 1\n..\n...\n", "bad.txt:4:", "ragged grid"),
    ("cols: 1 1\n..\n..\n", "bad.txt:1:1", "missing header 'rows:'"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        battleship.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert battleship.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = battleship.state_from_json(p, {"ships": [[0, 2]], "water": [[0, 0]]})
    assert battleship.state_from_json(p, battleship.state_to_json(p, state)) == state


def broken(p, cells):
    return battleship.verify(p, battleship.Solution(ships=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    moved = SHIPS - {(1, 5)} | {(0, 5)}  # a single moved onto the given water
    assert "the part given at (0, 5), water, is a ship of one cell in the answer" in broken(p, moved)
    shortened = SHIPS - {(3, 1)} | {(3, 3)}  # the west end left alone
    assert "the part given at (3, 0), a ship's end pointing west, is a ship of one cell in the answer" \
        in broken(p, shortened)
    bent = SHIPS - {(5, 0)} | {(5, 3)}  # the three bent into an L
    assert "ship cells (4, 4) and (5, 3) touch at a corner" in broken(p, bent)
    longer = SHIPS - {(1, 0)} | {(2, 2)}  # the two grown into a three
    assert "the fleet has 2 ships of length 2, the grid 1" in broken(p, longer)
    assert "the fleet has 1 ship of length 3, the grid 2" in broken(p, longer)
    assert "row 1 holds 2 ship cells, not 3" in broken(p, longer)
    assert "column 5 holds 1 ship cell, not 2" in broken(p, SHIPS - {(1, 5)})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("level", ["rules", "trial"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("battleship", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert battleship.verify(made.puzzle, made.solution) == []


def test_the_planter_refuses_nothing_it_can_fill_and_shrinks_the_fleet():
    import random
    s = battleship.plant(random.Random(1), 1, 3)
    assert len(s.ships) >= 1
    assert battleship.verify(battleship.reveal(s, 1, 3), s) == []


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("battleship")
    genre, p = formats.read(record["url"])
    assert genre == "battleship" and formats.to_url(p) == record["url"] and p == puzzle()
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert battleship.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.read_pzprv3(formats.write_pzprv3(p, answer)) == (genre, p, answer)
    assert judge(p, answer)["complete"]


def test_pzprjs_broken_boards_are_caught():
    record = golden("battleship")
    genre, p = formats.read(record["url"])
    for code, board in record["failchecks"]:
        assert battleship.verify(p, formats.read_pzprv3_solution(genre, p, board)), code


def test_a_fleet_of_its_own_round_trips_through_a_url_and_other_pieces_are_refused():
    p = battleship.parse("cols: 1 ? 2\nrows: ? ? 1\nfleet: 2 0 1\n...\n...\n..o\n", "f")
    url = formats.to_url(p)
    assert url.endswith("/3/11g/11g/31s") and formats.read(url) == ("battleship", p)
    with pytest.raises(ParseError, match="not a straight ship"):
        formats.read("https://puzz.link/p?battleship/3/3//1/22u")
    assert judge(*solved())["complete"]


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    # a sample of five (a run of fifty, spread over the keys, was judged complete too)
    data = sw_corpus.entries(corpus, "battleship")
    assert data
    for key, entry in sw_corpus.sample(data, 5):
        p = sw_corpus.GENRES["battleship"].convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key
