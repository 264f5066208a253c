"""Nurimisaki: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, the puzz.link golden and pzprjs's own checker."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden_answer, judge

from benchmarks import sw_corpus
from puzzlekit import api, formats
from puzzlekit.backends import cpsat
from puzzlekit.board import checks, mazes
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import nurimisaki

# Made by the package's generator (seed 1); its answer, checked by hand against the rules:
#   3 # # · 2 #
#   · # · · # #
#   · · · # 3 #
#   # # · · · #
#   # · · # 3 #
#   # 2 # # # #
TEXT = "o...o.\n......\n....o.\n......\n....o.\n.o....\n3...2.\n......\n....3.\n......\n....3.\n.2....\n"
SHADED = frozenset({(0, 1), (0, 2), (0, 5), (1, 1), (1, 4), (1, 5), (2, 3), (2, 5), (3, 0), (3, 1), (3, 5),
                    (4, 0), (4, 3), (4, 5), (5, 0), (5, 2), (5, 3), (5, 4), (5, 5)})


def puzzle():
    return nurimisaki.parse(TEXT, "nm.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.shaded == SHADED
    assert nurimisaki.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers") == [((0, 0), 3), ((0, 4), 2), ((2, 4), 3), ((4, 4), 3), ((5, 1), 2)]
    assert [cell for cell, _ in p.clues("circles")] == [(0, 0), (0, 4), (2, 4), (4, 4), (5, 1)]
    assert nurimisaki.parse(nurimisaki.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("o.\n.x\n..\n..\n", "bad.txt:2:2", "expected 'o' (circle) or '.'"),
    ("o.\n..\n0.\n..\n", "bad.txt:3:1", "expected a number 1-999"),
    ("o.\n..\n..\n...\n", "bad.txt:4:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        nurimisaki.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert nurimisaki.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = nurimisaki.state_from_json(p, {"shaded": [[0, 1]], "unshaded": [[0, 0]]})
    assert nurimisaki.state_from_json(p, nurimisaki.state_to_json(p, state)) == state


def broken(p, cells):
    return nurimisaki.verify(p, nurimisaki.Solution(shaded=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the circle at (0, 0) is shaded" in broken(p, SHADED | {(0, 0)})
    assert any("unshaded cells are in 2 separate pieces" in x for x in broken(p, SHADED | {(2, 0)}))
    assert "the 2x2 block at (0, 1) is all shaded" in broken(p, SHADED | {(1, 2)})
    assert "the 2x2 block at (1, 2) is all unshaded" in broken(p, SHADED - {(2, 3)})
    assert "the circle at (4, 4) has 2 unshaded neighbours, not one" in broken(p, SHADED - {(4, 5)})
    assert "the unshaded cell (4, 5) is a dead end without a circle" in broken(p, SHADED - {(4, 5)})
    wrong = nurimisaki.parse(TEXT.replace("3...2.\n", "4...2.\n"), "w")
    assert broken(wrong, SHADED) == ["the 4 at (0, 0) sees 3 unshaded cells, itself included"]


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


# the two levels it offers; "easy" (rules), which it does not, took 25 s of CPU to fall back
@pytest.mark.parametrize("level", ["lines", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("nurimisaki", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert nurimisaki.verify(made.puzzle, made.solution) == []


@pytest.mark.parametrize("seed", range(4))
def test_the_model_finds_every_answer_brute_force_finds(seed):
    p = nurimisaki.random_puzzle(random.Random(seed), 3, 4, keep=0.5)
    cells = [(r, c) for r in range(3) for c in range(4)]
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not nurimisaki.verify(p, nurimisaki.Solution(shaded=frozenset(s)))}
    result = cpsat.solve(nurimisaki.model(p), limit=5000)
    assert result.complete
    assert {nurimisaki.decode(p, a).shaded for a in result.solutions} == brute


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("nurimisaki", "nurimisaki", nurimisaki.verify)
    assert broken_boards_fail(record, nurimisaki.verify, p)  # pzprjs's broken boards break a rule
    assert judge(p, answer)["complete"]


def test_our_answer_is_complete_for_pzprjs_and_round_trips_through_a_url():
    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("nurimisaki", p)
    assert judge(p, s)["complete"]


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    # a sample of five (a run of fifty, spread over the keys, was judged complete too)
    spec = sw_corpus.GENRES["nurimisaki"]
    data = {k: e for k, e in sw_corpus.entries(corpus, "nurimisaki").items()
            if spec.convert(e["problem"]).height <= 12}  # the small ones, for time
    assert data
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        assert judge(p, api.solve(p).solutions[0])["complete"] is True, key


@pytest.mark.parametrize("seed", range(8))
def test_the_model_agrees_with_verify_when_a_number_is_changed(seed):
    # a planted puzzle with one number changed at random (often to one no answer has): the
    # rays' clauses must refuse exactly the shadings verify refuses
    rng = random.Random(seed)
    h, w = rng.choice([(3, 3), (2, 4), (3, 4), (1, 5)])
    full = nurimisaki.random_puzzle(rng, h, w, keep=1.0)
    numbers = [list(row) for row in full.numbers]
    r, c = rng.choice([cell for cell, _ in full.clues("numbers")])
    numbers[r][c] = rng.randint(1, 5)
    p = nurimisaki.genre.make(h, w, {"circles": full.circles, "numbers": numbers})
    cells = [(r, c) for r in range(h) for c in range(w)]
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not nurimisaki.verify(p, nurimisaki.Solution(shaded=frozenset(s)))}
    result = cpsat.solve(nurimisaki.model(p), limit=5000)
    assert result.complete
    assert {nurimisaki.decode(p, a).shaded for a in result.solutions} == brute


@pytest.mark.parametrize("seed", range(3))
def test_a_planted_maze_is_an_answer_of_its_own_clues(seed):
    solution = nurimisaki.genre.planter(random.Random(seed), 8, 8)
    p = nurimisaki.genre.revealer(solution, 8, 8)
    assert nurimisaki.verify(p, solution) == []


def _maze_is_whole(open_: set, h: int, w: int) -> bool:
    cells = {(r, c) for r in range(h) for c in range(w)}
    return (len(open_) > 1 and len(checks.pieces(open_)) == 1 and not checks.full_blocks(open_, h, w)
            and not checks.full_blocks(cells - open_, h, w))


@pytest.mark.parametrize("seed", range(5))
def test_a_grown_maze_is_one_piece_with_no_2x2_block_alike(seed):
    assert _maze_is_whole(mazes.open_maze(random.Random(seed), 7, 9), 7, 9)


def test_mending_stops_when_no_other_answer_is_left():
    maze = mazes.open_maze(random.Random(1), 6, 6)
    assert mazes.mend_maze(random.Random(1), set(maze), 6, 6, lambda open_: None, 40) == maze


def test_mending_turns_one_cell_a_time_near_the_difference_and_keeps_the_maze_whole():
    # an "other answer" that always differs at one corner: every turn lands in its 3x3 block
    # (and some turn is made), each step one cell, the maze still an answer's shape
    maze, seen = mazes.open_maze(random.Random(2), 6, 6), []
    cells = {(r, c) for r in range(6) for c in range(6)}

    def another(open_):
        seen.append(set(open_))
        return (cells - open_) ^ {(0, 0)}

    mended = mazes.mend_maze(random.Random(2), set(maze), 6, 6, another, 5)
    steps = [*seen, mended][1:]
    for before, after in zip([maze, *steps], steps):
        turned = before ^ after
        assert len(turned) == 1 and max(max(cell) for cell in turned) <= 1
        assert _maze_is_whole(after, 6, 6)
    assert mended != maze and len(seen) <= 5
