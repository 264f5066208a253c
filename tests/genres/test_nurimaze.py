"""Nurimaze: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, the puzz.link golden, pzprjs's failcheck boards and its
own judge."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import golden

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.genres import nurimaze

# Made by the package's generator (5x5, seed 1); its answer, checked by hand against the rules
# (17 unshaded cells and 16 links between them; the way from S is (2, 1) (1, 1) (1, 2) (1, 3)
# (2, 3) (3, 3) (3, 2) (4, 2) to G at (4, 1)):
#   ^ · # # ·
#   # o · · ^
#   · S # · #
#   ^ # · · ·
#   # G · # ·
TEXT = ("5 10 7 7 4\n8 9 0 0 4\n9 9 14 6 3\n11 12 1 2 2\n13 1 1 15 2\n\n"
        ".....\n.....\n.S...\n.....\n.G...\n\n^....\n.o..^\n.....\n^....\n.....\n")
SHADED = {(0, 2), (0, 3), (1, 0), (2, 2), (2, 4), (3, 1), (4, 0), (4, 3)}


def puzzle():
    return nurimaze.parse(TEXT, "nm.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert nurimaze.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert (p.end("S"), p.end("G")) == ((2, 1), (4, 1))
    assert p.clues("marks") == [((0, 0), "^"), ((1, 1), "o"), ((1, 4), "^"), ((3, 0), "^")]
    assert nurimaze.parse(nurimaze.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("A B\nA B\n\nS.\n.G\n\n.x\n..\n", "bad.txt:7:2", "expected 'o' (circle) or '^' (triangle) or '.'"),
    ("A B\nA B\n\nS.\n.S\n\n..\n..\n", "bad.txt:4:1", "the maze needs one S, found 2"),
    ("A B\nA B\n\nS.\n.G\n\no.\n..\n", "bad.txt:7:1", "the o at (0, 0) is on the S"),
    ("A B\nA B C\n\nS.\n.G\n\n..\n..\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        nurimaze.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert nurimaze.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = nurimaze.state_from_json(p, {"shaded": [[0, 2]], "unshaded": [[0, 0]]})
    assert nurimaze.state_from_json(p, nurimaze.state_to_json(p, state)) == state


def shaded(*cells):
    return nurimaze.Solution(shaded=frozenset(cells))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert "room 7 is partly shaded" in nurimaze.verify(p, shaded(*(SHADED - {(0, 3)})))
    problems = nurimaze.verify(p, shaded(*SHADED, (1, 1), (0, 1)))
    assert "the o at (1, 1) is shaded" in problems
    assert "room 9 is partly shaded" in problems  # (1, 1) shaded, (2, 0) of its room not
    assert any(x.startswith("the unshaded cells are in 3 separate pieces") for x in problems)
    # room 3, (2, 4), unshaded too: it closes the loop (1, 3) (1, 4) (2, 4) (3, 4) (3, 3) (2, 3)
    assert "the unshaded cells form a loop" in nurimaze.verify(p, shaded(*(SHADED - {(2, 4)})))
    assert "the 2x2 block at (2, 0) is all unshaded" in nurimaze.verify(p, shaded(*(SHADED - {(3, 1)})))
    # rooms 1 (3, 2) (4, 1) (4, 2) and 15 (4, 3) shaded: a 2x2 shaded block, G shaded
    problems = nurimaze.verify(p, shaded(*SHADED, (3, 2), (4, 1), (4, 2)))
    assert "the 2x2 block at (3, 1) is all shaded" in problems and "the G at (4, 1) is shaded" in problems


def test_the_way_rules_are_caught():
    p, s = solved()
    # the same shading with the marks changed: a circle off the way, a triangle on it
    marks = TEXT.replace("^....\n.o..^", "^...o\n....^").replace("^....\n.....\n", "^.^..\n.....\n")
    problems = nurimaze.verify(nurimaze.parse(marks, "other"), s)
    assert "the way from S to G misses the o at (0, 4)" in problems
    assert "the way from S to G passes the ^ at (3, 2)" in problems


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("nurimaze")
    genre, p = formats.read(record["url"])
    assert genre == "nurimaze" and formats.to_url(p) == record["url"]
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert nurimaze.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.read_pzprv3(formats.write_pzprv3(p, answer)) == (genre, p, answer)
    for code, board, *_ in record["failchecks"]:  # pzprjs's broken boards are refused or fail here
        try:
            genre, q, _ = formats.read_pzprv3(board)
            bad = formats.read_pzprv3_solution(genre, q, board)
        except ParseError:
            continue
        assert nurimaze.verify(q, bad), code


def test_our_puzzle_round_trips_through_a_url_and_pzprjs_judges_our_answers_complete():
    from pzprjs_judge import judge

    p, s = solved()
    url = formats.to_url(p)
    genre, q = formats.read(url)
    assert formats.to_url(q) == url and q.clues("marks") == p.clues("marks")
    assert list(api.solve(q, unique=True).solutions) == [s]
    assert judge(p, s)["complete"] is True
    assert judge(p, shaded(*(SHADED - {(2, 4)})))["complete"] is False
    genre, g = formats.read(golden("nurimaze")["url"])
    assert judge(g, api.solve(g).solutions[0])["complete"] is True


# two levels it offers (rules, which it does not offer, took a minute to fall back to another)
@pytest.mark.parametrize("level", ["scan", "trial"])
def test_generated_puzzles_are_unique(level):
    from puzzlekit.generate import generate

    (made,) = generate("nurimaze", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert nurimaze.verify(made.puzzle, made.solution) == []


def test_every_planted_shaded_room_holds_the_last_shaded_cell_of_a_2x2_block():
    import random

    from puzzlekit.board import layers

    for seed in range(5):
        solution = nurimaze.GENRE.planter(random.Random(seed), 10, 10)
        puzzle = nurimaze.GENRE.revealer(solution, 10, 10)
        shaded = set(solution.shaded)
        blocks = [{(r + i, c + j) for i in (0, 1) for j in (0, 1)} for r in range(9) for c in range(9)]
        lone = {cell for block in blocks if len(block & shaded) == 1 for cell in block & shaded}
        for cells in layers.Rooms.rooms(puzzle.rooms).values():
            assert all(c in shaded for c in cells) or not any(c in shaded for c in cells)
            assert not set(cells) <= shaded or lone & set(cells), cells
        # with every mark shown, the 2x2 rule alone shades each unmarked room
        assert api.grade(puzzle).level in ("scan", "rules")
