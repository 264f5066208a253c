"""Star Battle: a small puzzle on every backend, each broken rule caught by verify, the file,
JSON and state forms, the generator, Queens as its one-star case and the puzz.link golden."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden, golden_answer, judge

from puzzlekit import api, formats, render
from puzzlekit.board import stars
from puzzlekit.board.starsearch import other_spread
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import queens, starbattle

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# examples/starbattle01.txt, made by the package's generator (8x8, two stars); its answer,
# checked by hand: two per row, column and region, none touching
STARS = frozenset({(0, 1), (0, 3), (1, 5), (1, 7), (2, 1), (2, 3), (3, 5), (3, 7), (4, 0), (4, 2),
                   (5, 4), (5, 6), (6, 0), (6, 2), (7, 4), (7, 6)})


def puzzle():
    return starbattle.parse((EXAMPLES / "starbattle01.txt").read_text(), "sb.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert p.count == 2 and s.stars == STARS
    assert starbattle.verify(p, s) == []


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("queens*.txt")), ids=lambda p: p.name)
def test_a_queens_file_is_a_one_star_star_battle_with_the_same_answer(path):
    text = path.read_text()
    as_queens, as_stars = queens.parse(text), starbattle.parse(text)
    assert as_stars.count == 1
    q, s = api.solve(as_queens, unique=True), api.solve(as_stars, unique=True)
    assert q.unique is True and s.unique is True
    assert frozenset(q.solutions[0].queens) == s.solutions[0].stars
    # and the same rules say the same thing of a broken answer
    wrong = frozenset(s.solutions[0].stars) ^ {(0, 0), (0, 1)}
    said = starbattle.verify(as_stars, starbattle.Solution(stars=wrong))
    told = queens.verify(as_queens, queens.Solution(tuple(sorted(wrong))))
    assert said and [x.replace("star", "queen") for x in said] == [x for x in told if "placed" not in x]


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert starbattle.parse(starbattle.format(p), "again") == p
    one = starbattle.parse("AB\nBA\n")
    assert one.count == 1 and starbattle.format(one) == "AB\nBA\n"  # one star: no header line


@pytest.mark.parametrize(("text", "where", "words"), [
    ("stars: x\nAB\nBA\n", "bad.txt:1:8", "stars must be a whole number 1-9, found 'x'"),
    ("stars: 2\nABC\nABC\n", "bad.txt:2:1", "the grid must be square: 2 rows of 3 cells"),
    ("AB\nB\n", "bad.txt:2:2", "ragged grid"),
    ("A-\nBA\n", "bad.txt:1:2", "expected a room label"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        starbattle.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert starbattle.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = starbattle.state_from_json(p, {"stars": [[0, 1]], "no_stars": [[0, 0]]})
    assert starbattle.state_from_json(p, starbattle.state_to_json(p, state)) == state
    with pytest.raises(ParseError, match="listed both"):
        starbattle.state_from_json(p, {"stars": [[0, 1]], "no_stars": [[0, 1]]})


def broken(p, cells):
    return starbattle.verify(p, starbattle.Solution(stars=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    # a star moved along its row: its old column and region lose one, its new ones gain one
    moved = broken(p, STARS - {(0, 1)} | {(0, 5)})
    assert "column 1 holds 1 stars, expected 2" in moved
    assert "column 5 holds 3 stars, expected 2" in moved
    assert "stars at [0, 5] and [1, 5] touch" in moved
    assert "row 0 holds 1 stars, expected 2" in broken(p, STARS - {(0, 1)})
    assert "region F holds 1 stars, expected 2" in broken(p, STARS - {(0, 1)})


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


@pytest.mark.parametrize(("side", "level"), [(6, "trial"), (8, "chain")])
def test_generated_puzzles_are_unique(side, level):
    (made,) = generate("starbattle", side, side, level=level, seed=3, nearest=True)
    assert made.puzzle.count == starbattle.stars_for(side)
    assert api.is_unique(made.puzzle)
    assert starbattle.verify(made.puzzle, made.solution) == []


def test_the_planter_search_finds_a_second_answer_exactly_when_the_solver_does():
    p, s = solved()
    owner = {cell: label for label, cells in p.rooms().items() for cell in cells}
    assert other_spread(8, 2, owner, s.stars) is None  # the example has one answer
    seen = set()
    for seed in range(6):  # regions grown around the stars, before any hand-over: often not unique
        n, k = (6, 1) if seed % 2 else (8, 2)
        placed, grown = stars.star_regions(random.Random(seed), n, k)
        rows = [[stars.label(grown[(r, c)]) for c in range(n)] for r in range(n)]
        made = starbattle.Puzzle(n, n, count=k, regions=rows)
        answers = {x.stars for x in api.solve(made, limit=50).solutions}
        assert frozenset(placed) in answers
        other = other_spread(n, k, grown, placed)
        assert (other is None) == (answers == {frozenset(placed)})
        assert other is None or (other != frozenset(placed) and other in answers)
        seen.add(other is None)
    assert seen == {True, False}  # both outcomes were asked about


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("starbattle", "starbattle", starbattle.verify)
    assert broken_boards_fail(record, starbattle.verify, p)


def test_a_two_star_puzzle_goes_through_a_url_and_pzprjs_judges_our_answers_complete():
    p, s = solved()
    genre, again = formats.read(formats.to_url(p))
    assert (genre, again.count) == ("starbattle", 2)
    assert sorted(again.rooms().values()) == sorted(p.rooms().values())  # labels in reading order
    assert judge(p, s)["complete"] is True
    assert judge(p, starbattle.Solution(stars=s.stars - {(0, 1)}))["complete"] is False
    record = golden("starbattle")
    q = formats.read(record["url"])[1]
    assert judge(q, api.solve(q).solutions[0])["complete"] is True


# a board with cells in no region ('.'): outside its shape or blocked. Made for these tests
# and checked by hand: one star per row, column and region, none touching, none on a '.'.
HOLED = "AABB.\nACBBB\nAA.BE\nADDDE\n.DDDE\n"
HOLED_STARS = frozenset({(0, 3), (1, 1), (2, 4), (3, 0), (4, 2)})


def test_a_cell_in_no_region_reads_writes_and_holds_no_star():
    p = starbattle.parse(HOLED, "holed.txt")
    assert p.holes() == {(0, 4), (2, 2), (4, 0)} and p.regions[0][4] is None
    assert starbattle.format(p) == HOLED
    assert all(cell not in p.holes() for cells in p.rooms().values() for cell in cells)
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    assert result.solutions[0].stars == HOLED_STARS
    assert starbattle.verify(p, result.solutions[0]) == []
    # the same labels with every cell in a region have other answers: the holes decide
    filled = starbattle.parse(HOLED.replace(".", "A"))
    assert api.solve(filled, unique=True).unique is False


def test_a_star_on_a_cell_in_no_region_is_caught():
    p = starbattle.parse(HOLED)
    # (0, 4) for (0, 3): row 0 still holds one, but the star stands outside every region
    said = starbattle.verify(p, starbattle.Solution(stars=HOLED_STARS - {(0, 3)} | {(0, 4)}))
    assert "a star at [0, 4] stands on a cell in no region" in said
    assert "region B holds 0 stars, expected 1" in said
    with pytest.raises(ParseError, match=r"\(0, 4\) is in no region"):
        starbattle.state_from_json(p, {"stars": [[0, 4]]})
    # a complete state says nothing of the holes: they hold no answer at all
    assert not any(k[1:] in p.holes() for k in starbattle.state_from_json(p, {"stars": [], "complete": True}))


def test_a_cell_in_no_region_from_python_and_a_bad_label_in_a_file():
    rows = [[None if x == "." else x for x in line] for line in HOLED.split()]
    assert starbattle.Puzzle(5, 5, regions=rows) == starbattle.parse(HOLED)
    with pytest.raises(ParseError, match=r"or '\.' \(a cell in no region\)"):
        starbattle.parse("A-\nBA\n")


def test_a_cell_in_no_region_is_drawn_grey_and_marked_in_the_text_picture():
    p = starbattle.parse(HOLED)
    s = api.solve(p).solutions[0]
    assert render.svg(p, s).count('class="hole"') == 3
    assert 'class="hole"' not in render.svg(starbattle.parse(HOLED.replace(".", "A")))
    lines = starbattle.render(p, s).splitlines()
    assert lines[0].split() == ["·", "·", "·", starbattle.STAR, "#"]
    assert lines[4].split()[0] == "#" and lines[2].split()[2] == "#"


def test_a_puzzle_with_a_cell_in_no_region_has_no_puzzlink_url_or_file():
    words = r"3 cells in no region, the first at \(0, 4\), which puzz\.link cannot write"
    with pytest.raises(ParseError, match=words):
        formats.to_url(starbattle.parse(HOLED))
    with pytest.raises(ParseError, match="cannot write: its Star Battle puts every cell in a region"):
        formats.write_pzprv3(starbattle.parse(HOLED))


def test_the_pack_page_gets_null_for_a_cell_in_no_region():
    from puzzlekit.pack import kit as pack_kit

    p = starbattle.parse(HOLED)
    data = json.loads(json.dumps(pack_kit.encode(starbattle, p, api.solve(p).solutions[0])))
    rooms = next(x for x in data["kit"]["clues"] if x["t"] == "rooms")
    assert [i for i, label in enumerate(rooms["e"]) if label is None] == [4, 12, 20]
    assert pack_kit.decode(starbattle, data) == (p, HOLED_STARS)
