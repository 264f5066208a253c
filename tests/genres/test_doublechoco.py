"""Double Choco: a small puzzle on the backends, each broken rule caught by verify, the file,
JSON and state forms, brute force on tiny grids, the puzz.link golden and pzprjs's judge."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from pzprjs_judge import golden, judge

from puzzlekit import api, backends, formats
from puzzlekit.backends import csp, sat
from puzzlekit.board import blocks, twinlay
from puzzlekit.board.regions import Regions
from puzzlekit.errors import ParseError
from puzzlekit.formats import pzprv3
from puzzlekit.formats.board import Board
from puzzlekit.generate import generate
from puzzlekit.genres import doublechoco
from puzzlekit.genres.doublechoco import puzzlink

# Made by the package's generator (seed 1); its answer, checked by hand: a an I of three
# each way, b two L-trominoes, c two dominoes.
TEXT = ".gg.\n.g..\n...g\ngggg\n\n..3.\n3..2\n.3..\n.3.2\n"
LABELS = ["abbc", "abbc", "abbc", "aaac"]


#: The cross-check's shapes: with few numbers a larger grid has too many answers for the
#: search backend to list within its time.
CROSSCHECK_SHAPES = [(2, 3), (2, 4), (4, 2), (3, 4), (4, 3), (4, 4)]


def puzzle():
    return doublechoco.parse(TEXT, "dc.txt")


def division(rows, p=None):
    return doublechoco.solution_from_json(p or puzzle(), {"regions": [list(row) for row in rows]})


def answers(p, backend="sat"):
    """Every answer (up to three) a backend finds, through the model."""
    result = backends.get(backend).solve(doublechoco.model(p), limit=3)
    assert result.complete, backend
    return [doublechoco.decode(p, a) for a in result.solutions]


def solved():
    p = puzzle()
    (s,) = answers(p)
    return p, s


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s == division(LABELS)
    assert doublechoco.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("numbers")[:2] == [((0, 2), 3), ((1, 0), 3)]
    assert doublechoco.parse(doublechoco.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("g.\n.x\n..\n..\n", "bad.txt:2:2", "expected"),
    ("g.\n..\n0.\n..\n", "bad.txt:3:1", "expected a number 1-999"),
    ("g.\n..\n..\n...\n", "bad.txt:4:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        doublechoco.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert doublechoco.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = doublechoco.state_from_json(p, {"joined": [[[0, 0], [1, 0]]], "borders": [[[0, 0], [0, 1]]]})
    assert doublechoco.state_from_json(p, doublechoco.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, _ = solved()
    merged = ["aaac", "aaac", "aaac", "aaac"]
    assert "the region at (0, 0) has 1 white and 2 grey pieces, not one of each" in \
        doublechoco.verify(p, division(merged))
    bent = ["abbc", "abbc", "aabc", "abac"]  # a: white I3, grey L; b: white L3, grey I3
    assert "the region at (0, 0) has halves of different shapes" in doublechoco.verify(p, division(bent))
    sized = doublechoco.parse(TEXT.replace("..3.\n", "..2.\n"), "w")
    assert doublechoco.verify(sized, division(LABELS, sized)) == ["the 2 at (0, 2) is in a half of 3 cells"]
    joins = set(division(LABELS).regions) - {((0, 1), (0, 2))}  # a border inside b's grey half
    assert "(0, 1) and (0, 2) are in one region but a border splits them" in doublechoco.verify(
        p, doublechoco.Solution(regions=frozenset(joins)))


def test_the_installed_backends_find_the_one_answer():
    p, s = solved()
    for name, version in backends.installed().items():
        if version and name not in ("csp", "search"):  # those two are cross-checked on tiny grids
            assert answers(p, name) == [s], name


@pytest.mark.parametrize("level", ["rules", "pairs"])
def test_generated_puzzles_are_unique_and_graded_at_their_level(level):
    (made,) = generate("doublechoco", 6, 6, level=level, seed=3)
    assert api.is_unique(made.puzzle)
    assert doublechoco.verify(made.puzzle, made.solution) == []
    assert api.grade(made.puzzle).level == level


def every_division(h, w):
    pairs = Regions().pairs(h, w)
    for bits in itertools.product((0, 1), repeat=len(pairs)):
        joins = frozenset(p for p, b in zip(pairs, bits) if b)
        solution = doublechoco.Solution(regions=joins)
        if solution.regions == joins:  # a division (every pair inside a region joined)
            yield solution, joins


@pytest.mark.parametrize("cap", [doublechoco.CAP, 0])  # listed regions; halves paired cell by cell
@pytest.mark.parametrize(("seed", "h", "w"), [(0, 2, 3), (1, 2, 4), (2, 4, 2), (3, 2, 5)])
def test_the_model_finds_every_answer_brute_force_finds(seed, h, w, cap, monkeypatch):
    monkeypatch.setattr(doublechoco, "CAP", cap)
    p = doublechoco.random_puzzle(random.Random(seed), h, w, keep=0.3)
    brute = {joins for s, joins in every_division(h, w) if not doublechoco.verify(p, s)}
    # csp also adds the clauses the listed form marks implied (it is slow on the other form)
    for solver in (sat, csp) if cap else (sat,):
        result = solver.solve(doublechoco.model(p), limit=5000)
        assert result.complete
        assert {frozenset(doublechoco.decode(p, a).regions) for a in result.solutions} == brute


@pytest.mark.parametrize(("seed", "side"), [(0, 8), (1, 8), (2, 10)])
def test_a_planted_division_is_the_only_one_its_numbers_allow(seed, side):
    solution = doublechoco.plant(random.Random(seed), side, side)
    p = doublechoco.reveal(solution, side, side)
    result = sat.solve(doublechoco.model(p), limit=2)
    assert [doublechoco.decode(p, a).regions for a in result.solutions] == [solution.regions]
    assert api.grade(p).level in ("scan", "rules")


def test_a_region_laid_leaves_no_free_patch_of_odd_size():
    rng = random.Random(5)
    free = {(r, c) for r in range(6) for c in range(6)}
    for _ in range(30):
        piece = twinlay.grow(rng, min(free), free, rng.choice((1, 2, 3, 4)))
        twin = twinlay.copy_beside(rng, piece, free)
        if twin is None:
            break
        assert blocks.congruent(piece, twin) and not set(piece) & set(twin)
        free -= set(piece) | set(twin)
        assert all(len(patch) % 2 == 0 for patch in blocks.pieces(free))
        if not free:
            break


def test_a_grid_of_odd_area_is_refused_by_the_planter():
    with pytest.raises(ValueError, match="odd in number"):
        doublechoco.random_puzzle(random.Random(1), 3, 3)


# --- puzz.link -------------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("dbchoco")
    empty = Board("dbchoco", record["rows"], record["cols"])
    board, _ = puzzlink.decode(empty, record["url_body"].split("/", 2)[2])
    p = puzzlink.to_puzzle(board)
    assert puzzlink.encode(puzzlink.to_board(p)) == record["url_body"].split("/", 2)[2]
    lines = pzprv3.Lines(record["solved"].replace("/", "\n"), "golden")
    lines.at = 4  # past the version, the id and the size
    _, answer = puzzlink.read(lines, empty, 0)
    solution = puzzlink.to_solution(p, answer)
    assert doublechoco.verify(p, solution) == []
    assert answers(p) == [solution]
    for _, text in record["failchecks"]:  # pzprjs's broken boards (one with other clues) break a rule here
        lines = pzprv3.Lines(text.replace("/", "\n"), "failcheck")
        lines.at = 4
        board, broken = puzzlink.read(lines, empty, 0)
        own = puzzlink.to_puzzle(board)
        assert doublechoco.verify(own, puzzlink.to_solution(own, broken))


def test_pzprjs_judges_our_answers_complete_and_the_url_round_trips():
    record = golden("dbchoco")
    genre, p = formats.read(record["url"])
    assert genre == "doublechoco"
    (s,) = answers(p)
    assert judge(p, s)["complete"]
    q, mine = solved()
    assert formats.read(formats.to_url(q)) == ("doublechoco", q)
    assert judge(q, mine)["complete"]
