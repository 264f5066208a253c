"""Tracks: the seed maze, parsing and bad files, the rule checker, the model against brute force."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from conftest import EXAMPLES
from refusals import cell_edges, file_and_data_agree, judged, refused

from puzzlekit import grid
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError
from puzzlekit.genres import tracks


def puzzle(text: str) -> tracks.Puzzle:
    return tracks.parse(text, "test")


def solve_all(p: tracks.Puzzle, limit: int = 200) -> set[frozenset]:
    """Every solution's edge set, by CP-SAT enumeration (must be complete)."""
    result = cpsat.solve(tracks.model(p), limit=limit)
    assert result.complete
    solutions = [tracks.decode(p, a) for a in result.solutions]
    for s in solutions:
        assert tracks.verify(p, s) == []
    return {s.edges for s in solutions}


def brute_force(p: tracks.Puzzle) -> set[frozenset]:
    """Every solution's edge set: all simple paths start -> end, filtered by counts and givens."""
    h, w = p.height, p.width
    givens = {cell: p.inner(cell, dirs) for cell, dirs in p.givens}
    out: set[frozenset] = set()

    def accept(path: list) -> None:
        if tuple(sum(c == j for _, c in path) for j in range(w)) != p.cols:
            return
        if tuple(sum(r == i for r, _ in path) for i in range(h)) != p.rows:
            return
        dirs: dict = {}
        for a, b in zip(path, path[1:]):
            dirs.setdefault(a, set()).add(grid.direction_between(a, b))
            dirs.setdefault(b, set()).add(grid.direction_between(b, a))
        if all(dirs.get(cell, set()) == want for cell, want in givens.items()):
            out.add(frozenset(grid.edge(a, b) for a, b in zip(path, path[1:])))

    def extend(path: list, used: set) -> None:
        if path[-1] == p.end:
            accept(path)
            return
        for n in grid.neighbours(path[-1], h, w):
            if n not in used:
                used.add(n)
                path.append(n)
                extend(path, used)
                path.pop()
                used.remove(n)

    extend([p.start], {p.start})
    return out


def path_edges(cells: list) -> frozenset:
    return frozenset(grid.edge(a, b) for a, b in zip(cells, cells[1:]))


@pytest.fixture(scope="module")
def seed() -> tuple[tracks.Puzzle, tracks.Solution]:
    p = tracks.parse((EXAMPLES / "tracks01.txt").read_text(), "tracks01.txt")
    result = cpsat.solve(tracks.model(p), limit=2)
    assert result.status == "solved"
    assert len(result.solutions) == 1 and result.complete
    return p, tracks.decode(p, result.solutions[0])


# the seed instance ---------------------------------------------------------------------


def test_seed_instance_is_unique_valid_and_matches_the_shipped_solution(seed):
    p, solution = seed
    assert tracks.verify(p, solution) == []
    shipped = tracks.solution_from_json(p, json.loads((EXAMPLES / "tracks01.solution.json").read_text()))
    assert len(tracks.visited_cells(shipped)) == sum(p.cols)
    assert solution == shipped
    assert solution.path[0] == (0, 0) and solution.path[-1] == (9, 9)


def test_solution_json_shape_and_round_trip(seed):
    p, solution = seed
    data = solution.to_json()
    assert set(data) == {"edges", "path"}
    assert data["edges"] == sorted(data["edges"]) and all(a < b for a, b in data["edges"])
    assert data["path"][0] == [0, 0] and data["path"][-1] == [9, 9]
    assert len(data["path"]) == len(data["edges"]) + 1
    assert tracks.solution_from_json(p, data) == solution
    assert tracks.solution_from_json(p, {"edges": data["edges"]}) == solution


def test_render_shows_counts_ends_and_path(seed):
    p, solution = seed
    lines = tracks.render(p, solution).split("\n")
    assert lines[0] == "4 1 9 4 6 5 3 3 4 8"
    assert len(lines) == 11
    assert lines[1].startswith("S") and lines[1].endswith("  4") and lines[10].endswith("E   8")
    assert "┌───┐" in lines[1]
    blank = tracks.render(p).split("\n")
    assert blank[2] == "· " * 9 + "·   6"
    wide = tracks.render(puzzle("cols: 10 " + "1 " * 9 + "\nrows: " + "1 " * 9 + "10\n")).split("\n")
    assert wide[0] == "1" and wide[1].startswith("0 1 1")


# the file format -----------------------------------------------------------------------


def test_parse_reads_every_header():
    p = puzzle(
        "# a comment\n\ncols: 1 2 0\nrows: 0 2 1\nstart: 1 0\nend: 2 1\ngiven: 1 1 ld\ngiven: 1 0 RL\n"
    )
    assert p.cols == (1, 2, 0) and p.rows == (0, 2, 1)
    assert (p.height, p.width) == (3, 3)
    assert p.start == (1, 0) and p.end == (2, 1)
    assert p.givens == (((1, 0), "LR"), ((1, 1), "DL"))


def test_defaults_are_top_left_and_bottom_right():
    p = puzzle("cols: 1 1 1\nrows: 2 1\n")
    assert (p.height, p.width) == (2, 3)
    assert p.start == (0, 0) and p.end == (1, 2) and p.givens == ()


@pytest.mark.parametrize(
    "text",
    [
        (EXAMPLES / "tracks01.txt").read_text(),
        "cols: 1 2 0\nrows: 0 2 1\nstart: 1 0\nend: 2 1\ngiven: 1 1 DL\ngiven: 1 0 LR\n",
        "cols: 3 3 3\nrows: 3 3 3\nstart: 2 2\nend: 0 0\ngiven: 2 2 DL\n",
    ],
)
def test_parse_format_round_trip(text):
    p = puzzle(text)
    again = tracks.format(p)
    assert puzzle(again) == p
    assert tracks.format(puzzle(again)) == again


@pytest.mark.parametrize(
    "text, line",
    [
        ("rows: 1 1\n", 1),  # no cols
        ("cols: 1 1\n", 1),  # no rows
        ("cols: 1 x\nrows: 1 1\n", 1),  # non-integer count
        ("cols: 1 1\nrows: 1 1.5\n", 2),
        ("cols: -1 1\nrows: 1 1\n", 1),  # negative count
        ("cols: 3 1\nrows: 1 1\n", 1),  # column count above the height
        ("cols: 1 1\nrows: 1 3\n", 2),  # row count above the width
        ("cols:\nrows: 1\n", 1),  # no columns at all
        ("cols: " + "0 " * 1001 + "\nrows: 1\n", 1),  # too wide
        ("cols: 1\nrows: " + "0 " * 1001 + "\n", 2),  # too tall
        ("cols: " + "0 " * 200 + "\nrows: " + "0 " * 201 + "\n", 2),  # too many cells
        ("cols: 1 1\nrows: 1 1\nstart: 2 0\n", 3),  # start outside
        ("cols: 1 1\nrows: 1 1\nend: 0 -1\n", 3),  # end outside
        ("cols: 1 1\nrows: 1 1\nstart: 0\n", 3),  # malformed start
        ("cols: 1 1\nrows: 1 1\nstart: 1 1\n", 3),  # start equals the default end
        ("cols: 1 1\nrows: 1 1\nstart: 0 1\nend: 0 1\n", 4),  # start equals end
        ("cols: 1\nrows: 1\n", 1),  # 1x1: default start and end coincide
        ("cols: 1 1\nrows: 1 1\ngiven: 0 0\n", 3),  # malformed given
        ("cols: 1 1\nrows: 1 1\ngiven: 0 0 RD X\n", 3),
        ("cols: 1 1\nrows: 1 1\ngiven: 0 0 RX\n", 3),  # bad letter
        ("cols: 1 1\nrows: 1 1\ngiven: 0 0 RR\n", 3),  # same letter twice
        ("cols: 1 1\nrows: 1 1\ngiven: 0 0 RDL\n", 3),  # three letters
        ("cols: 1 1\nrows: 1 1\ngiven: a 0 RD\n", 3),
        ("cols: 1 1\nrows: 1 1\ngiven: 2 0 UD\n", 3),  # given outside the grid
        ("cols: 1 1 1\nrows: 1 1 1\ngiven: 0 1 UD\n", 3),  # exit away from start and end
        ("cols: 1 1 1\nrows: 1 1 1\ngiven: 0 0 UL\n", 3),  # two exits at the start
        ("cols: 1 1\nrows: 1 1\ngiven: 0 0 RD\ngiven: 0 0 RD\n", 4),  # a cell given twice
        ("cols: 1 1\nrows: 1 1\ncols: 1 1\n", 3),  # header repeated
        ("cols: 1 1\nrows: 1 1\nsize: 2\n", 3),  # unknown header
        ("cols: 1 1\nrows: 1 1\n. .\n", 3),  # a grid line
        ("# comment\n\ncols: 1 y\nrows: 1 1\n", 3),  # line numbers count comments and blanks
    ],
)
def test_bad_input_names_the_line(text, line):
    with pytest.raises(ParseError) as info:
        puzzle(text)
    assert info.value.line == line
    assert info.value.column >= 1
    assert str(info.value).startswith(f"test:{line}:")


def test_empty_file_is_an_error():
    with pytest.raises(ParseError):
        puzzle("# nothing\n\n")


# the rule checker: each rule broken once -----------------------------------------------


def corrupt(solution: tracks.Solution, add=(), remove=(), path=None) -> tracks.Solution:
    edges = (solution.edges | {grid.edge(a, b) for a, b in add}) - {grid.edge(a, b) for a, b in remove}
    return tracks.Solution(frozenset(edges), tuple(path) if path is not None else tracks.walk((0, 0), edges))


def test_verify_rejects_edges_off_the_grid(seed):
    p, s = seed
    bad = tracks.Solution(s.edges | {((9, 9), (9, 10))}, s.path)
    assert any("leaves" in x for x in tracks.verify(p, bad))


def test_verify_rejects_edges_between_non_neighbours(seed):
    p, s = seed
    bad = tracks.Solution(s.edges | {((5, 5), (6, 6))}, s.path)
    assert any("does not join" in x for x in tracks.verify(p, bad))


def test_verify_rejects_a_path_that_ends_elsewhere(seed):
    p, s = seed
    bad = corrupt(s, remove=[s.path[-2:]], path=s.path[:-1])
    problems = tracks.verify(p, bad)
    assert any("end cell (9, 9) has 0 steps" in x for x in problems)
    assert any("does not reach the end" in x for x in problems)


def test_verify_rejects_a_path_that_starts_elsewhere(seed):
    p, s = seed
    bad = corrupt(s, remove=[s.path[:2]], path=s.path[1:])
    problems = tracks.verify(p, bad)
    assert any("start cell (0, 0) has 0 steps" in x for x in problems)
    assert any("does not begin at the start" in x for x in problems)


def test_verify_rejects_an_extra_disjoint_cycle(seed):
    p, s = seed
    block = [(4, 5), (4, 6), (5, 6), (5, 5), (4, 5)]
    assert not set(block) & tracks.visited_cells(s)
    bad = tracks.Solution(s.edges | path_edges(block), s.path)
    assert any("separate piece" in x for x in tracks.verify(p, bad))


def test_verify_rejects_a_branch(seed):
    p, s = seed
    assert (1, 4) not in tracks.visited_cells(s)
    bad = tracks.Solution(s.edges | {((0, 4), (1, 4))}, s.path)
    problems = tracks.verify(p, bad)
    assert "the path branches at (0, 4)" in problems and "the path ends at (1, 4)" in problems


def test_verify_rejects_a_revisit_in_the_listed_path(seed):
    p, s = seed
    bad = tracks.Solution(s.edges, s.path[:5] + s.path[3:4] + s.path[5:])
    assert any("more than once" in x for x in tracks.verify(p, bad))


def test_verify_rejects_a_listed_path_that_is_not_the_edges(seed):
    p, s = seed
    bad = tracks.Solution(s.edges, s.path[:-3] + s.path[-2:])
    assert any("does not follow exactly the edges" in x for x in tracks.verify(p, bad))


def test_verify_rejects_a_cycle_through_the_start():
    p = puzzle("cols: 2 2\nrows: 2 2\nend: 0 1\n")
    ring = [(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)]
    assert tracks.verify(p, tracks.Solution(path_edges(ring[:-1]), tuple(ring[:-1]))) == []
    problems = tracks.verify(p, tracks.Solution(path_edges(ring), tuple(ring)))
    assert any("start cell (0, 0) has 2 steps" in x for x in problems)


def test_verify_rejects_wrong_column_count(seed):
    p, s = seed
    # one visit moved from column 1 to column 0 (a puzzle whose totals differ is refused)
    wrong = dataclasses.replace(p, cols=(5, 0) + p.cols[2:])
    assert tracks.verify(wrong, s) == [
        "column 0 has 4 visited cells, expected 5", "column 1 has 1 visited cells, expected 0",
    ]


def test_verify_rejects_wrong_row_count(seed):
    p, s = seed
    wrong = dataclasses.replace(p, rows=p.rows[:-2] + (2, 7))
    assert tracks.verify(wrong, s) == [
        "row 8 has 1 visited cells, expected 2", "row 9 has 8 visited cells, expected 7",
    ]


def test_verify_rejects_an_ignored_given(seed):
    p, s = seed
    assert tracks.verify(dataclasses.replace(p, givens=(((3, 1), "LR"),)), s) == []
    for piece in [((3, 1), "UD"), ((5, 5), "LR")]:
        problems = tracks.verify(dataclasses.replace(p, givens=(piece,)), s)
        assert len(problems) == 1 and "given piece" in problems[0]


def test_verify_accepts_only_the_shape_of_the_given_with_exit():
    p = puzzle("cols: 3 3 3\nrows: 3 3 3\ngiven: 0 0 LR\n")
    rows_snake = [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2)]
    cols_snake = [(c, r) for r, c in rows_snake]
    assert tracks.verify(p, tracks.Solution(path_edges(rows_snake), tuple(rows_snake))) == []
    problems = tracks.verify(p, tracks.Solution(path_edges(cols_snake), tuple(cols_snake)))
    assert any("given piece LR at (0, 0)" in x for x in problems)


# the model -----------------------------------------------------------------------------


def test_model_outputs_only_edges():
    m = tracks.model(puzzle("cols: 2 2 1\nrows: 2 2 1\n"))
    keys = m.output_keys()
    assert keys and all(k[0] == "edge" for k in keys)
    assert len(keys) == len(list(grid.cell_edges(3, 3)))


def test_two_solutions_are_both_found_and_valid():
    p = puzzle("cols: 3 3 3\nrows: 3 3 3\n")
    rows_snake = [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2)]
    cols_snake = [(c, r) for r, c in rows_snake]
    found = solve_all(p, limit=10)
    assert found == {path_edges(rows_snake), path_edges(cols_snake)}
    assert found == brute_force(p)


def test_exit_given_at_start_and_end_picks_one_path():
    p = puzzle("cols: 3 3 3\nrows: 3 3 3\ngiven: 0 0 LR\ngiven: 2 2 LR\n")
    result = cpsat.solve(tracks.model(p), limit=2)
    assert result.status == "solved" and len(result.solutions) == 1 and result.complete
    s = tracks.decode(p, result.solutions[0])
    assert tracks.verify(p, s) == []
    assert s.path[:2] == ((0, 0), (0, 1)) and s.path[-2:] == ((2, 1), (2, 2))


def test_exit_given_pointing_the_wrong_way_has_no_solution():
    # the start's piece names up (out of the grid) and left: no step inside the grid is left
    with pytest.raises(ParseError):
        puzzle("cols: 3 3 3\nrows: 3 3 3\ngiven: 0 0 UL\n")
    # a piece at the start with two steps inside the grid cannot be a path end
    p = puzzle("cols: 3 3 3\nrows: 3 3 3\ngiven: 0 0 DR\n")
    assert cpsat.solve(tracks.model(p), limit=1).status == "unsolvable"
    assert brute_force(p) == set()


def test_unequal_totals_are_bad_input():
    with pytest.raises(ParseError, match="row counts add up to 2 but the column counts") as info:
        puzzle("cols: 2 1\nrows: 1 1\n")
    assert (info.value.line, info.value.column) == (2, 1)


@pytest.mark.parametrize("seed_", range(12))
def test_model_agrees_with_brute_force_on_small_random_puzzles(seed_):
    rng = random.Random(seed_)
    h, w = rng.choice([(2, 3), (3, 3), (3, 4), (4, 3), (4, 4)])
    cells = list(grid.cells(h, w))
    start, end = rng.sample(cells, 2)
    p = tracks.random_puzzle(rng, h, w, givens=rng.choice([0, 0, 1, 2]), start=start, end=end)
    # half of the instances get a random extra given so that some have no solution
    if seed_ % 2:
        cell = rng.choice(cells)
        dirs = "".join(rng.sample([d for d in "UDLR" if grid.inside(grid.step(cell, d), h, w)], 2))
        p = dataclasses.replace(p, givens=tuple(sorted({**p.given_map(), cell: dirs}.items())))
    assert solve_all(p) == brute_force(p)


# random instances ----------------------------------------------------------------------


@pytest.mark.parametrize("seed_", range(8))
def test_random_puzzle_is_solvable_and_survives_format(seed_):
    rng = random.Random(seed_)
    h, w = rng.randint(2, 7), rng.randint(2, 7)
    p = tracks.random_puzzle(rng, h, w, givens=seed_ % 4)
    assert (p.height, p.width) == (h, w)
    assert sum(p.cols) == sum(p.rows) >= 2
    assert len(p.givens) <= seed_ % 4
    again = tracks.parse(tracks.format(p), "random")
    assert again == p
    result = cpsat.solve(tracks.model(again), limit=1)
    assert result.status == "solved"
    assert tracks.verify(p, tracks.decode(p, result.solutions[0])) == []


def test_random_puzzle_is_deterministic_and_varies():
    made = [tracks.format(tracks.random_puzzle(random.Random(7), 6, 6, givens=2)) for _ in range(2)]
    assert made[0] == made[1]
    others = {tracks.format(tracks.random_puzzle(random.Random(s), 6, 6)) for s in range(10)}
    assert len(others) > 1


def test_random_path_is_a_simple_path_between_the_ends():
    rng = random.Random(3)
    for _ in range(20):
        path = tracks.random_path(rng, 5, 6, (2, 2), (0, 5))
        assert path[0] == (2, 2) and path[-1] == (0, 5)
        assert len(set(path)) == len(path)
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))


# puzzles made in Python ----------------------------------------------------------------


SQUARE = ((1, 1), (1, 1), (0, 0), (1, 1))  # cols, rows, start, end of a 2x2 grid
THREE = ((1, 1, 1), (1, 1, 1), (0, 0), (2, 2))
LIMIT = "is over the size limit (1000 rows or columns, 40000 cells)"
LETTERS = "expected two different direction letters of U, D, L, R"
GRID = "the 2x2 grid (rows 0..1, columns 0..1)"


@pytest.mark.parametrize(
    "args, message",
    [
        (((), (1,), (0, 0), (0, 0)), "cols: grid must have at least one row and column, got 1x0"),
        (((0,) * 1001, (0,), (0, 0), (0, 1)), f"cols: grid 1x1001 {LIMIT}"),
        (((0,) * 201, (0,) * 200, (0, 0), (0, 1)), f"rows: grid 200x201 {LIMIT}"),
        ((5, (1,), (0, 0), (0, 0)), "cols: expected a tuple of column counts, found 5"),
        (((1, "1"), *SQUARE[1:]), "cols[1]: expected a count (a whole number), found '1'"),
        (((1, -1), *SQUARE[1:]), "cols[1]: a count cannot be negative, found -1"),
        (((3, 1), *SQUARE[1:]), "cols[0]: count 3 is more than the 2 rows of the grid"),
        (((1, 1), (1, 3), *SQUARE[2:]), "rows[1]: count 3 is more than the 2 columns of the grid"),
        (((1, 1), (1, 2), *SQUARE[2:]),
         "rows: the row counts add up to 3 but the column counts (2 of them) to 2: both count the visited "
         "cells, so they must agree"),
        ((*SQUARE[:2], (2, 0), (1, 1)), f"start: start (2, 0) is outside {GRID}"),
        ((*SQUARE[:3], [0, -1]), f"end: end (0, -1) is outside {GRID}"),
        ((*SQUARE[:2], "00", (1, 1)), "start: expected a start (row, column), found '00'"),
        ((*SQUARE[:2], (1, 1), (1, 1)), "start and end must be different cells, both are (1, 1)"),
        ((*SQUARE, (((0, 0),),)), "givens[0]: expected a given piece (cell, letters), found ((0, 0),)"),
        ((*SQUARE, (((2, 0), "UD"),)), f"givens[0][0]: given cell (2, 0) is outside {GRID}"),
        ((*SQUARE, (((0, 0), "RX"),)), f"givens[0][1]: {LETTERS}, found 'RX'"),
        ((*SQUARE, (((0, 0), "RR"),)), f"givens[0][1]: {LETTERS}, found 'RR'"),
        ((*SQUARE, (((0, 0), None),)), f"givens[0][1]: {LETTERS}, found None"),
        ((*THREE, (((0, 1), "UD"),)),
         "givens[0][1]: the piece at (0, 1) points out of the grid; only the start or end cell may have an "
         "exit"),
        ((*THREE, (((0, 0), "UL"),)),
         "givens[0][1]: the piece at (0, 0) may point out of the grid at most once"),
        ((*SQUARE, (((0, 0), "RD"), ((0, 0), "DR"))), "givens[1][0]: cell (0, 0) is given twice"),
    ],
)
def test_puzzle_data_is_checked_when_made(args, message):
    assert refused(tracks.Puzzle, *args) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_a_dict_of_givens_and_letters_in_any_order():
    made = tracks.Puzzle([1, 1], [1, 1], [0, 0], [1, 1], {(1, 1): "ul", (0, 0): "dr"})
    assert made == puzzle("cols: 1 1\nrows: 1 1\ngiven: 0 0 RD\ngiven: 1 1 LU\n")
    assert made.givens == (((0, 0), "DR"), ((1, 1), "UL"))
    file_and_data_agree(puzzle, "cols: 1 1\nrows: 1 2\n", lambda: tracks.Puzzle((1, 1), (1, 2), *SQUARE[2:]))
    file_and_data_agree(
        puzzle, "cols: 1 1 1\nrows: 1 1 1\ngiven: 0 1 UD\n", lambda: tracks.Puzzle(*THREE, (((0, 1), "UD"),))
    )


# solution JSON -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message",
    [
        ({"edges": [[[0, 0], [0, 2]]]}, "edges[0][1]: (0, 2) is outside the 2x2 grid"),
        ({"edges": [[[0, 0], [0, 1]], [[0, 1], [0, 0]]]},
         "edges[1]: the edge (0, 0)-(0, 1) is listed twice (first as edges[0])"),
        ({"edges": [], "path": [[0, 0], [2**31, 1]]}, "path[1]: (2147483648, 1) is outside the 2x2 grid"),
        ({"edges": [], "path": [[0, 0], [0]]}, "path[1]: expected [row, col], found [0]"),
        ({"edges": [], "path": "0 0"}, "solution field 'path' must be a list, found '0 0'"),
        ({"edges": [], "path": [[0, 0]] * 5},
         "path: 5 cells listed, but the 2x2 grid has 4: the path visits each cell at most once"),
    ],
)
def test_malformed_solution_json_is_refused(data, message):
    assert judged(tracks, puzzle("cols: 1 1\nrows: 1 1\n"), data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast():
    big = puzzle(f"cols: {' '.join(['2'] * 200)}\nrows: {' '.join(['2'] * 200)}\n")
    every = judged(tracks, big, {"edges": cell_edges(200, 200)})  # the path walked off the edges
    assert "the path branches at (0, 1)" in every
    column_by_column = [[r, c] for c in range(200) for r in range(200)]
    assert len(judged(tracks, big, {"edges": [], "path": column_by_column})) > 300
    assert judged(tracks, big, {"edges": [], "path": [[0, 0], [0, 1]] * 150_000}) == (
        "solution: path: 300000 cells listed, but the 200x200 grid has 40000: the path visits each cell at "
        "most once"
    )
