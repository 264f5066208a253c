"""Hotaru Beam (firefly): a small puzzle on every backend, each broken rule caught by verify,
the file, JSON and state forms, the puzz.link golden with pzprjs's broken boards, pzprjs's own
judge, and generated puzzles."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import golden

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.genres import firefly

# Made by our generator (6x6, seed 1); the fireflies' mouths, then the turns of some of them.
TEXT = ("E.SSWW\nNWWWES\n..N..W\n.W.SS.\n.....N\nNW.WWW\n\n"
        "0.....\n......\n.....0\n.2..0.\n.....0\n...1..\n")


def puzzle():
    return firefly.parse(TEXT, "ff.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert firefly.verify(p, s) == []
    assert ((0, 0), (0, 1)) in s.edges and ((3, 1), (4, 1)) in s.edges  # the 0 runs right, the 2 turns


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.mouths[(3, 1)] == "W" and p.turns == {(0, 0): 0, (2, 5): 0, (3, 1): 2, (3, 4): 0, (4, 5): 0,
                                                   (5, 3): 1}
    assert firefly.parse(firefly.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("E.\n..\n\n0.\n.x\n", "bad.txt:5:2", "expected a count of turns"),
    ("E.\n.Q\n\n..\n..\n", "bad.txt:2:2", "'N' (mouth up)"),
    ("E.\n..\n\n..\n.1\n", "bad.txt:5:2", "is not in a firefly"),
    ("E.\n...\n\n..\n..\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        firefly.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert firefly.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = firefly.state_from_json(p, {"edges": [[[0, 0], [0, 1]]], "no_edges": [[[2, 0], [2, 1]]]})
    assert firefly.state_from_json(p, firefly.state_to_json(p, state)) == state


def with_edges(s, add=(), cut=()):
    return firefly.Solution(edges=(frozenset(s.edges) | set(add)) - set(cut))


def test_each_broken_rule_is_caught():
    p, s = solved()
    assert firefly.verify(p, firefly.Solution(edges=frozenset())) == ["no line is drawn"]
    # the firefly at (5, 1) loses its line: its mouth is bare, the network falls apart
    bare = firefly.verify(p, with_edges(s, cut=[((5, 0), (5, 1))]))
    assert bare == ["no line leaves the mouth of the firefly at (5, 1)",
                    "the fireflies and their lines are not one network"]
    # a line that stops short of any firefly ends in a cell
    short = firefly.verify(p, with_edges(s, cut=[((3, 1), (4, 1))]))
    assert "the line ends at (4, 1)" in short
    assert "the line from the firefly at (5, 0) stops at (4, 1) without reaching a firefly" in short
    # one more line makes a branch
    assert "the line branches at (2, 3)" in firefly.verify(p, with_edges(s, add=[((2, 3), (3, 3))]))


def test_mouth_to_mouth_and_side_to_side_are_caught():
    # a 1x4 strip: E . . W joins two mouths; N at both ends of a column joins two sides
    p = firefly.Puzzle(1, 4, fireflies=[["E", None, None, "W"]], numbers=[[None] * 4])
    line = firefly.Solution(edges=frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3))}))
    assert "the line joins the mouths of the fireflies at (0, 0) and (0, 3)" in firefly.verify(p, line)
    q = firefly.Puzzle(1, 4, fireflies=[["W", None, None, "E"]], numbers=[[None] * 4])
    side_to_side = "the line joins the fireflies at (0, 0) and (0, 3) without leaving a mouth"
    assert side_to_side in firefly.verify(q, line)
    r = firefly.Puzzle(1, 4, fireflies=[["E", None, None, "E"]], numbers=[[2, None, None, None]])
    assert "the line from the firefly at (0, 0) turns 0 times, not 2" in firefly.verify(r, line)
    assert "the line crosses itself at (1, 1)" in firefly.verify(
        firefly.Puzzle(3, 3, fireflies=[[None] * 3] * 3, numbers=[[None] * 3] * 3),
        firefly.Solution(edges=frozenset({((0, 1), (1, 1)), ((1, 1), (2, 1)), ((1, 0), (1, 1)),
                                          ((1, 1), (1, 2))})))


def test_one_answer_checked_against_other_numbers_gets_their_verdicts():
    # the checks trace an answer's lines once and read each puzzle's numbers against them
    line = firefly.Solution(edges=frozenset({((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3))}))
    made = {k: firefly.Puzzle(1, 4, fireflies=[["E", None, None, "E"]], numbers=[[k, None, None, None]])
            for k in (None, 0, 2)}
    bare = "no line leaves the mouth of the firefly at (0, 3)"  # it faces the edge of the grid
    for _ in range(2):
        assert firefly.verify(made[0], line) == [bare]
        turned = "the line from the firefly at (0, 0) turns 0 times, not 2"
        assert firefly.verify(made[2], line) == [bare, turned]
        assert firefly.verify(made[None], line) == [bare]
    other = firefly.Puzzle(1, 4, fireflies=[["E", None, None, "W"]], numbers=[[0, None, None, None]])
    assert firefly.verify(other, line) == ["the line joins the mouths of the fireflies at (0, 0) and (0, 3)"]


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("firefly")
    genre, p = formats.read(record["url"])
    assert genre == "firefly" and formats.to_url(p) == record["url"]
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert firefly.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.read_pzprv3(formats.write_pzprv3(p, answer)) == (genre, p, answer)
    for code, board, *_ in record["failchecks"]:  # pzprjs's broken boards are refused or fail here
        try:
            genre, q, _ = formats.read_pzprv3(board)
            bad = formats.read_pzprv3_solution(genre, q, board)
        except ParseError:
            continue
        assert firefly.verify(q, bad), code


def test_our_puzzle_round_trips_through_a_url_and_pzprjs_judges_our_answer_complete():
    from pzprjs_judge import judge

    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("firefly", p)
    assert judge(p, s)["complete"] is True
    genre, q = formats.read(golden("firefly")["url"])
    assert judge(q, api.solve(q).solutions[0])["complete"] is True


# two levels it offers (trial, which it does not offer, took 6.5 minutes to fall back to another)
@pytest.mark.parametrize("level", ["rules", "lines"])
def test_generated_puzzles_are_unique(level):
    from puzzlekit.generate import generate

    (made,) = generate("firefly", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert firefly.verify(made.puzzle, made.solution) == []
    again = next(iter(generate("firefly", 6, 6, level=level, seed=made.seed, nearest=True)))
    assert firefly.format(again.puzzle) == firefly.format(made.puzzle)


def test_a_planted_answer_is_settled_by_propagation_with_every_number_shown():
    import random

    from puzzlekit.propagation import new_engine

    solution = firefly.GENRE.planter(random.Random(5), 8, 8)
    p = firefly.GENRE.revealer(solution, 8, 8)
    assert firefly.verify(p, solution) == []
    model = firefly.GENRE.build(p)
    engine = new_engine(model)
    assert engine.reset()
    settled = {model.vars[i].key: engine.lo[i] + engine.dom[i].bit_length() - 1
               for i in model.output if not engine.dom[i] & (engine.dom[i] - 1)}
    assert settled == firefly.GENRE.answer_of(p, solution)  # every step settled, as planted
