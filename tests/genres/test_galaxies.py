"""Galaxies on the genre kit: its doubled grid of dots (black ones and cells left out too),
each rule broken and caught, every backend, the generator, his game IDs' edge cases (fresh
ones from his program: tests/test_tatham_ids.py) and puzz.link's Tentaisho."""

from __future__ import annotations

import json
import random

import pytest
from pzprjs_judge import broken_boards_fail, golden_answer, judge, node

from puzzlekit import api, backends, formats, render
from puzzlekit.board.regions import labels
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import galaxies
from puzzlekit.genres.galaxies import tatham
from puzzlekit.pack import encoding

#: a 4x4 Galaxies: dots at cell centres, on sides and at corners (a 7x7 block of points)
TEXT = """\
...o...
......o
o...o..
.......
..o....
.....o.
o......
"""
ANSWER = ((1, 2, 2, 3), (1, 4, 5, 3), (1, 4, 6, 6), (7, 4, 6, 6))

#: a 2x2 with its top left cell left out and a black dot: the two other regions are forced
HOLED = "X.o\n...\n.*.\n"


def solved():
    p = galaxies.parse(TEXT, "p.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_file_reads_and_writes_back():
    p, s = solved()
    assert (p.height, p.width) == (4, 4) and galaxies.verify(p, s) == []
    assert labels(s.regions, 4, 4) == ANSWER
    assert galaxies.parse(galaxies.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("o.o\n.x.\no.o\n", "bad.txt:2:2",
     "expected 'o' (a dot), '*' (a black dot), 'X' (a cell left out) or '.', found 'x'"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        galaxies.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    data = json.loads(json.dumps(s.to_json()))
    assert galaxies.solution_from_json(p, data) == s
    state = galaxies.state_from_json(p, {"joined": [[[0, 1], [0, 2]]], "borders": [[[0, 0], [0, 1]]]})
    assert galaxies.state_from_json(p, galaxies.state_to_json(p, state)) == state


def test_each_broken_rule_is_caught():
    p, s = solved()
    rows = [list(row) for row in ANSWER]
    rows[3][0] = 1  # the dot at (6, 0) loses its region to the one of (2, 0)
    problems = galaxies.verify(p, galaxies.solution_from_json(p, {"regions": rows}))
    assert "the region at (0, 0) holds 2 dots, not 1" in problems
    rows = [list(row) for row in ANSWER]
    rows[1][1] = 2  # (1, 1) joins the region of the dot at (0, 3): no longer symmetric
    problems = galaxies.verify(p, galaxies.solution_from_json(p, {"regions": rows}))
    assert "the region at (0, 1) is not the same after a half turn about its dot" in problems
    rows = [list(row) for row in ANSWER]
    rows[2][3] = 9  # the square about (5, 5) cut: a region without a dot
    problems = galaxies.verify(p, galaxies.solution_from_json(p, {"regions": rows}))
    assert "the region at (2, 3) holds 0 dots, not 1" in problems
    # a dot on the side two cells share, each cell a region of its own with its own dot
    p = galaxies.Puzzle(1, 2, dots=[["o", "o", "o"]])
    problems = galaxies.verify(p, galaxies.solution_from_json(p, {"regions": [[1, 2]]}))
    assert problems == ["the dot at (0, 1) lies on a border"]


def test_every_installed_backend_finds_the_one_answer():
    p, s = solved()
    for name, version in backends.installed().items():
        if version and name not in ("csp", "search"):
            result = api.solve(p, backend=name, limit=2)
            assert result.status == "solved" and result.complete, name
            assert list(result.solutions) == [s], name


def test_hint_picture_and_pack():
    p, s = solved()
    key, value = next(iter(api.hint(p, {}).step.fixes.items()))
    assert galaxies.GENRE.answer_of(p, s)[key] == value
    assert render.svg(p, s).count('class="dot"') == 7
    data = encoding.encode("galaxies", p, s)
    assert encoding.decode(data) == (p, encoding.answer("galaxies", s))


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_generated_puzzles_are_unique(level):
    (g,) = generate("galaxies", 5, 5, seed=2, level=level, nearest=True)
    assert api.is_unique(g.puzzle) and galaxies.verify(g.puzzle, g.solution) == []


def test_tatham_ids_refuse_bad_ones():
    assert tatham.write(tatham.read("3x3dn", "cmc")) == "3x3:cmc"
    # 'z' is 25 points without a dot; the 27 points after the last dot are left out, not 'z'
    assert tatham.write(tatham.read("7x7", "hzqhgnzxgdd")) == "7x7:hzqhgnzxgdd"
    with pytest.raises(ValueError, match="covers 27 points, the grid has 25"):
        tatham.read("3x3", "zb")
    with pytest.raises(ValueError, match="letters a-z"):
        tatham.read("3x3", "cM")
    with pytest.raises(ValueError, match="params"):
        tatham.read("3x3n5", "cmc")


def test_a_cell_left_out_belongs_to_no_region():
    p = galaxies.parse(HOLED, "holed.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    assert labels(result.solutions[0].regions, 2, 2) == ((1, 2), (3, 3))
    joined = galaxies.solution_from_json(p, {"regions": [[1, 2], [1, 1]]})
    assert "the cell left out at (0, 0) is in the region at (0, 0)" in galaxies.verify(p, joined)
    with pytest.raises(ParseError, match="stands at a cell's centre"):
        galaxies.parse(".X.\n...\n.o.\n", "bad.txt")
    with pytest.raises(ValueError, match="no cells left out"):
        tatham.write(p)


# --- puzz.link -------------------------------------------------------------------------------


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("tentaisho", "galaxies", galaxies.verify)
    assert formats.read(record["clues_pzprv3"]) == ("galaxies", p)
    assert broken_boards_fail(record, galaxies.verify, p)  # pzprjs's broken boards break a rule


def test_our_puzzles_round_trip_through_a_url_and_a_file():
    for p in (solved()[0], galaxies.parse(HOLED, "holed.txt")):
        assert formats.read(formats.to_url(p)) == ("galaxies", p)
        assert formats.read(formats.write_pzprv3(p)) == ("galaxies", p)
    # a long run without a star, and stars 1-7 points apart
    rows = [["o" if (i * 13 + j) % 29 in (0, 3, 10) else None for j in range(13)] for i in range(13)]
    p = galaxies.Puzzle(7, 7, dots=rows)
    assert formats.read(formats.to_url(p)) == ("galaxies", p)


def test_a_planted_answer_knows_the_grid_size():
    # cells cut into single regions at the grid's end leave no join there to tell the size by
    for seed in range(30):
        solution = galaxies.plant(random.Random(seed), 4, 4)
        assert len(solution.to_json()["regions"]) == 4, seed


def test_pzprjs_judges_our_answers_as_we_do():
    node()
    for p in (solved()[0], galaxies.parse(HOLED, "holed.txt")):
        assert judge(p, api.solve(p).solutions[0])["complete"] is True
    p, _ = solved()
    one = galaxies.solution_from_json(p, {"regions": [[1] * 4] * 4})  # one region, seven dots
    assert judge(p, one)["complete"] is False


def test_the_corpus_dot_codes_land_on_their_points():
    from benchmarks import sw_corpus

    p = sw_corpus.GENRES["galaxies"].convert("3 3\n0 1 -\n2 3 -\n- - -")
    assert [d for d, _ in p.clues("dots")] == [(0, 0), (0, 3), (3, 0), (3, 3)]



def test_the_one_piece_rule_is_read_whole_from_lines_on():
    """One of his Unreasonable puzzles, which a cell-by-cell reading of the one-piece rule
    solved at ``rules``: with the rule read whole only (the model's hint) it needs ``lines``;
    one of his Normal puzzles stays at ``rules`` (docs/grading.md)."""
    import dataclasses

    from puzzlekit import ladder
    from puzzlekit.ir import GROUPS_WHOLE

    hard = tatham.read("7x7du", "ajzhjkwzbfzpg")
    easy = tatham.read("7x7dn", "cesrfzrezhkhfj")
    assert api.grade(hard).level == "lines"
    assert api.grade(easy).level == "rules"
    model = galaxies.model(hard)
    assert model.hints.get(GROUPS_WHOLE)
    cell_by_cell = dataclasses.replace(model, hints={})
    assert ladder.Reasoner(cell_by_cell).grade().level == "rules"
