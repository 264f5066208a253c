"""Nurikabe: a small puzzle on every backend, each broken rule caught by verify, the file, JSON
and state forms, the generator, and the puzz.link golden judged by pzprjs too."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer, judge

from puzzlekit import api, formats
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import nurikabe

CROSSCHECK_SIDES = (3, 5)

# Made by the package's generator (6x6, seed 5); its answer, checked by hand against the rules:
#   # # # # # #
#   # · · 4 # 2
#   1 # # · # ·
#   # 1 # # # #
#   # # · 2 # 1
#   1 # # # # #
TEXT = "......\n...4.2\n1.....\n.1....\n...2.1\n1.....\n"
OPEN = {(1, 1), (1, 2), (1, 3), (1, 5), (2, 0), (2, 3), (2, 5), (3, 1), (4, 2), (4, 3), (4, 5), (5, 0)}
SHADED = frozenset((r, c) for r in range(6) for c in range(6)) - OPEN


def puzzle():
    return nurikabe.parse(TEXT, "nk.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert nurikabe.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers")[:2] == [((1, 3), 4), ((1, 5), 2)]
    assert nurikabe.parse(nurikabe.format(p), "again") == p
    wide = nurikabe.parse("? . 12\n. . .\n", "w")
    assert wide.numbers == (("?", None, 12), (None, None, None))
    assert nurikabe.parse(nurikabe.format(wide), "w") == wide


@pytest.mark.parametrize(("text", "where", "words"), [
    ("..\n.x\n", "bad.txt:2:2", "expected an island size"),
    ("..\n0.\n", "bad.txt:2:1", "expected an island size"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        nurikabe.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert nurikabe.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = nurikabe.state_from_json(p, {"shaded": [[0, 0]], "unshaded": [[1, 3]]})
    assert nurikabe.state_from_json(p, nurikabe.state_to_json(p, state)) == state


def broken(p, cells):
    return nurikabe.verify(p, nurikabe.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the number at (1, 3) is shaded" in broken(p, SHADED | {(1, 3)})
    assert "the island at (1, 1) (2 cells) has no number" in broken(p, SHADED | {(1, 3), (2, 3)})
    assert "the island at (1, 1) holds 2 numbers, at (1, 3), (1, 5)" in broken(p, SHADED - {(1, 4)})
    assert "the 4 at (1, 3) is in an island of 3 cells" in broken(p, SHADED | {(2, 3)})
    assert any("shaded cells are in 2 separate pieces" in x for x in broken(p, SHADED - {(1, 0), (1, 4)}))
    assert "the 2x2 block at (2, 2) is all shaded" in broken(p, SHADED | {(2, 3)})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize("seed", range(4))
def test_the_model_finds_every_answer_brute_force_finds(seed):
    # the islands are owners, distances and counts: compared with every shading of a small grid
    rng = random.Random(seed)
    cells = [(r, c) for r in range(3) for c in range(4)]
    numbers = [[None] * 4 for _ in range(3)]
    for r, c in rng.sample(cells, 2):
        numbers[r][c] = rng.choice((1, 2, 3, 4, "?"))
    p = nurikabe.Puzzle(3, 4, numbers=numbers)
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not nurikabe.verify(p, nurikabe.Solution(shaded=frozenset(s)))}
    result = cpsat.solve(nurikabe.model(p), limit=5000)
    assert result.complete
    assert {nurikabe.decode(p, a).shaded for a in result.solutions} == brute


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("nurikabe", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert nurikabe.verify(made.puzzle, made.solution) == []


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("nurikabe", "nurikabe", nurikabe.verify)
    assert broken_boards_fail(record, nurikabe.verify, p)  # pzprjs's broken boards break a rule
    assert judge(p, answer)["complete"] is True


def test_our_answers_are_judged_complete_by_pzprjs_and_a_broken_one_is_not():
    p, s = solved()
    assert judge(p, s)["complete"] is True
    assert judge(p, nurikabe.Solution(shaded=SHADED | {(2, 3)}))["complete"] is False


def test_an_unknown_size_round_trips_through_a_url():
    p = nurikabe.parse("? . 3\n. . .\n2 . .\n", "q")
    assert formats.to_url(p) == "https://puzz.link/p?nurikabe/3/3/.g3i2h"
    assert formats.read(formats.to_url(p)) == ("nurikabe", p)


@pytest.mark.parametrize("most", [1, 2, 3])
def test_no_small_pieces_forbids_exactly_the_lone_pieces_of_that_size_or_less(most):
    from puzzlekit.board import checks
    from puzzlekit.board.islands import no_small_pieces
    from puzzlekit.board.rules import BoardBuilder

    h, w = 3, 3
    m = BoardBuilder("t", h, w)
    lits = {(r, c): m.bool(("x", r, c)) for r in range(h) for c in range(w)}
    no_small_pieces(m, lits, most, "rule")
    model = m.build()
    cells = sorted(lits)
    for bits in itertools.product((0, 1), repeat=len(cells)):
        true = {cell for cell, bit in zip(cells, bits) if bit}
        # a piece that small stands alone (the caller knows there are more true cells)
        small = any(len(piece) <= most for piece in checks.pieces(true))
        assert model.holds(bits) == (not small), (most, sorted(true))


def test_one_cell_away_finds_the_other_way_of_a_two_and_nothing_in_a_unique_puzzle():
    from puzzlekit.board.islands import one_cell_away

    wall = {(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)}  # the 2 at (1, 1) also fits up or down
    other = one_cell_away(wall, {(1, 1): 2}, 3, 3)
    assert other is not None and other != wall
    p = nurikabe.Puzzle(3, 3, numbers=[[None] * 3, [None, 2, None], [None] * 3])
    assert not list(nurikabe.check(p, nurikabe.Solution(shaded=frozenset(other))))
    numbers = {(r, c): k for r, row in enumerate(puzzle().numbers)
               for c, k in enumerate(row) if k is not None}
    assert one_cell_away(set(SHADED), numbers, 6, 6) is None


@pytest.mark.parametrize("seed", range(4))
def test_what_one_cell_away_finds_is_another_answer(seed):
    from puzzlekit.board import checks
    from puzzlekit.board.islands import one_cell_away, plant_wall

    rng = random.Random(seed)
    found = 0
    for _ in range(10):
        wall = plant_wall(rng, 6, 6, 4)
        if wall is None:
            continue
        every = {(r, c) for r in range(6) for c in range(6)}
        numbers = {rng.choice(piece): len(piece) for piece in checks.pieces(every - wall)}
        other = one_cell_away(wall, numbers, 6, 6)
        if other is None:
            continue
        found += 1
        grid = [[numbers.get((r, c)) for c in range(6)] for r in range(6)]
        p = nurikabe.Puzzle(6, 6, numbers=grid)
        assert other != wall
        assert not list(nurikabe.check(p, nurikabe.Solution(shaded=frozenset(other))))
    assert found
