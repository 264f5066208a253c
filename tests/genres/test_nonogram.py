"""Nonogram: the example on every backend, the `.non` reader and its errors, verify, brute force."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from conftest import CORPUS, EXAMPLES
from refusals import file_and_data_agree, judged, refused

from puzzlekit import backends
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError, UnknownName
from puzzlekit.genres import nonogram as ng

EXAMPLE = EXAMPLES / "nonogram01.txt"
NONOGRAMS = CORPUS / "nonogram" / "nonogram.jsonl"
OTHER_BACKENDS = ("z3", "mip", "sat", "csp", "search")
# The example's picture, worked out by hand from its clues (see the comment in the file).
HOUSE = ["..##..", ".####.", "######", ".#..#.", ".#.##.", ".####."]


def grid_of(picture: list[str]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(ch == "#") for ch in row) for row in picture)


def solve_all(p: ng.Puzzle, limit: int = 50) -> set[tuple]:
    """Every solution grid by CP-SAT enumeration (which must be complete), each verified."""
    result = cpsat.solve(ng.model(p), limit=limit)
    assert result.complete
    grids = set()
    for a in result.solutions:
        solution = ng.decode(p, a)
        assert ng.verify(p, solution) == []
        grids.add(solution.grid)
    return grids


def line_runs(line) -> tuple[int, ...]:
    """Run lengths counted by hand, without the module's helper."""
    out, length = [], 0
    for v in list(line) + [0]:
        if v:
            length += 1
        elif length:
            out.append(length)
            length = 0
    return tuple(out)


def brute_force(p: ng.Puzzle) -> set[tuple]:
    """Every 0/1 grid whose rows and columns have the clued runs (tiny grids only)."""
    out = set()
    for bits in itertools.product((0, 1), repeat=p.height * p.width):
        g = tuple(tuple(bits[r * p.width:(r + 1) * p.width]) for r in range(p.height))
        if all(line_runs(g[r]) == p.rows[r] for r in range(p.height)) and all(
            line_runs([g[r][c] for r in range(p.height)]) == p.cols[c] for c in range(p.width)
        ):
            out.add(g)
    return out


@pytest.fixture(scope="module")
def example() -> tuple[ng.Puzzle, ng.Solution]:
    p = ng.parse(EXAMPLE.read_text(), str(EXAMPLE))
    result = cpsat.solve(ng.model(p), limit=2)
    assert result.status == "solved" and result.complete and len(result.solutions) == 1
    return p, ng.decode(p, result.solutions[0])


# --- the example -----------------------------------------------------------------------------


def test_example_is_unique_and_valid(example) -> None:
    p, solution = example
    assert (p.height, p.width) == (6, 6)
    assert solution.grid == grid_of(HOUSE)
    assert ng.verify(p, solution) == []


@pytest.mark.parametrize("name", OTHER_BACKENDS)
def test_example_on_other_backends(example, name: str) -> None:
    try:
        backend = backends.get(name)
    except UnknownName:
        pytest.skip(f"backend {name} is not part of this build")
    if backends.version(name) is None:
        pytest.skip(f"backend {name} is not installed")
    p, solution = example
    result = backend.solve(ng.model(p), limit=2)
    assert result.status == "solved" and result.complete
    assert [ng.decode(p, a) for a in result.solutions] == [solution]


def test_solution_json_round_trip(example) -> None:
    p, solution = example
    data = json.loads(json.dumps(solution.to_json()))
    assert data == {"grid": [list(row) for row in grid_of(HOUSE)]}
    assert ng.solution_from_json(p, data) == solution


@pytest.mark.parametrize("data", [{}, {"grid": 3}, {"grid": [[0, 2]]}, {"grid": [[True]]}, {"grid": ["01"]}])
def test_solution_from_json_rejects_bad_shapes(example, data) -> None:
    with pytest.raises(ParseError):
        ng.solution_from_json(example[0], data)


def test_render(example) -> None:
    p, solution = example
    lines = ng.render(p, solution).splitlines()
    assert len(lines) == 2 + p.height  # two rows of column clues (3,1 and 3,2 are deepest)
    assert lines[2] == "· · ████· ·   2"
    assert lines[6] == "· ██· ████·   1 2"
    assert "██" not in ng.render(p)


# --- file format -----------------------------------------------------------------------------


def test_format_round_trip_of_example() -> None:
    p = ng.parse(EXAMPLE.read_text(), "t")
    assert p.rows == ((2,), (4,), (6,), (1, 1), (1, 2), (4,))
    assert p.cols == ((1,), (5,), (3, 1), (3, 2), (5,), (1,))
    assert ng.parse(ng.format(p), "t") == p


def test_parse_ignores_other_keys_and_accepts_any_section_order() -> None:
    text = (
        'catalogue "test #1"\ntitle "a corner"\nby someone\ncopyright "nobody"\nlicense CC0\n'
        "height 2\nwidth 3\n\ncolumns\n2\n1\n0\n\nrows\n2\n1\ngoal 110100\n"
    )
    p = ng.parse(text, "t")
    assert p.rows == ((2,), (1,)) and p.cols == ((2,), (1,), ())
    assert solve_all(p) == {((1, 1, 0), (1, 0, 0))}


def test_parse_accepts_spaces_around_commas() -> None:
    p = ng.parse("width 4\nheight 1\nrows\n 1 , 2\ncolumns\n1\n0\n1\n1\n", "t")
    assert p.rows == ((1, 2),)


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n", 3, 1, "expected 3 row clue lines after 'rows'"),
        ("width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n", 3, 1, "(3 rows), found 2"),
        ("width 3\nheight 1\nrows\n1\ncolumns\n1\n0\n", 5, 1, "found 2"),
        ("width 1\nheight 1\nrows\n1\n1\ncolumns\n1\n", 5, 1, "one row clue line too many"),
        ("width 3\nheight 1\nrows\n2,1\ncolumns\n1\n1\n1\n", 4, 1, "need at least 4 cells, but a row has 3"),
        ("width 1\nheight 2\nrows\n1\n1\ncolumns\n3\n", 7, 1, "need at least 3 cells, but a column has 2"),
        ("width 2\nheight 1\nrows\n2\ncolumns\n1\n0\n", 5, 1, "row clues fill 2 cells but the column"),
        ("width 2\nheight 1\nsize 4\nrows\n1\ncolumns\n1\n0\n", 3, 1, "unknown line 'size'"),
        ("width 2\nheight 1\nrows\n1,x\ncolumns\n1\n0\n", 4, 3, "found 'x'"),
        ("width 2\nheight 1\nrows\n1,,1\ncolumns\n1\n1\n", 4, 3, "found nothing"),
        ("width 3\nheight 1\nrows\n1,0,1\ncolumns\n1\n0\n1\n", 4, 3, "0 may only stand alone"),
        ("width 2\nheight 1\n1\nrows\n1\ncolumns\n1\n0\n", 3, 1, "must follow a 'rows' or 'columns' line"),
        ("width two\nheight 1\nrows\n1\ncolumns\n1\n", 1, 7, "expected the width"),
        ("width 0\nheight 1\nrows\n0\ncolumns\n", 1, 7, "at least 1"),
        ("width 2\nwidth 2\nheight 1\n", 2, 1, "'width' given twice"),
        ("height 1\nrows\n1\ncolumns\n1\n", 5, 2, "missing the 'width N' line"),
        ("width 1\nheight 1\nrows\n1\n", 4, 2, "missing the 'columns' section"),
        ("width 1\nheight 1\nrows 1\n", 3, 6, "expected nothing after 'rows'"),
        ("width 1001\nheight 1\nrows\n0\n", 2, 1, "over the size limit"),
    ],
)
def test_bad_input(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        ng.parse(text, "bad.non")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in str(info.value)
    assert str(info.value).startswith(f"bad.non:{line}:{column}:")


# --- the model ---------------------------------------------------------------------------------


def test_model_shape(example) -> None:
    p, _ = example
    m = ng.model(p)
    assert len(m.output) == 36 and len(m.runs) == 12 and not m.counts and not m.clauses
    assert m.output_keys()[:2] == [("cell", 0, 0), ("cell", 0, 1)]


def test_two_solutions_and_none() -> None:
    # a 2x2 with one filled cell per line: either diagonal
    diag = ng.parse("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", "t")
    assert solve_all(diag) == {((1, 0), (0, 1)), ((0, 1), (1, 0))}
    # the runs fit each line and the totals agree, yet the lines contradict each other
    clash = ng.parse("width 3\nheight 2\nrows\n1,1\n0\ncolumns\n2\n0\n0\n", "t")
    assert cpsat.solve(ng.model(clash), limit=2).status == "unsolvable"


@pytest.mark.parametrize("seed", range(8))
def test_model_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    h, w = rng.choice([(2, 2), (2, 3), (3, 3), (3, 4), (4, 3)])
    p = ng.random_puzzle(rng, h, w, density=rng.choice([0.3, 0.5, 0.7]), corrupt=0.5)
    assert solve_all(p) == brute_force(p)


def test_random_puzzle_knobs_give_zero_one_and_many() -> None:
    counts = set()
    for seed in range(60):
        p = ng.random_puzzle(random.Random(seed), 3, 3, corrupt=0.5)
        counts.add(len(cpsat.solve(ng.model(p), limit=2).solutions))
    assert counts == {0, 1, 2}


@pytest.mark.parametrize("seed", range(10))
def test_random_puzzle_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    h, w = rng.randint(1, 7), rng.randint(1, 7)
    p = ng.random_puzzle(rng, h, w, density=rng.random(), corrupt=0.5)
    assert ng.random_puzzle(random.Random(seed), h, w) == ng.random_puzzle(random.Random(seed), h, w)
    assert (p.height, p.width) == (h, w)
    assert ng.parse(ng.format(p), "t") == p


# --- verify: one broken rule at a time -----------------------------------------------------


def flip(solution: ng.Solution, r: int, c: int) -> ng.Solution:
    rows = [list(row) for row in solution.grid]
    rows[r][c] ^= 1
    return ng.Solution(tuple(tuple(row) for row in rows))


def test_verify_rejects_wrong_row_runs(example) -> None:
    p, solution = example
    problems = ng.verify(p, flip(solution, 3, 2))
    assert problems[0] == "row 3 has runs 2,1, the clue is 1,1"
    # the same run moved along its row keeps the row right but breaks the columns
    shifted = ng.Solution(((0, 1, 1, 0, 0, 0),) + solution.grid[1:])
    problems = ng.verify(p, shifted)
    assert not any(x.startswith("row") for x in problems)
    assert "column 1 has runs 6, the clue is 5" in problems


def test_verify_rejects_wrong_column_runs(example) -> None:
    p, solution = example
    problems = ng.verify(p, flip(solution, 0, 0))
    assert "column 0 has runs 1,1, the clue is 1" in problems
    assert "row 0 has runs 1,2, the clue is 2" in problems


def test_verify_rejects_bad_shapes_and_values(example) -> None:
    p, solution = example
    assert ng.verify(p, ng.Solution(solution.grid[:-1])) == ["the grid must be 6 rows of 6 cells"]
    assert ng.verify(p, ng.Solution(((2,) * 6,) + solution.grid[1:]))[0].startswith("cell (0, 0) is 2")


# --- corpus (optional) ---------------------------------------------------------------------


def non_text(record: dict) -> str:
    """A corpus record written in the `.non` format, with ignored keys, as a user would have it."""
    lines = [f'title "{record["id"]}"', f"width {record['cols']}", f"height {record['rows']}", "rows"]
    lines += [",".join(map(str, clue)) or "0" for clue in record["row_clues"]]
    lines += ["columns"] + [",".join(map(str, clue)) or "0" for clue in record["col_clues"]]
    return "\n".join(lines) + "\n"


@pytest.mark.corpus
@pytest.mark.skipif(not NONOGRAMS.exists(), reason="../shared/corpus is absent")
def test_corpus_instances() -> None:
    records = [json.loads(x) for x in NONOGRAMS.read_text().splitlines() if x]
    records.sort(key=lambda r: (r["rows"] * r["cols"], r["id"]))
    for record in records[:2] + [r for r in records if r["rows"] >= 25 and r["cols"] >= 25][:1]:
        p = ng.parse(non_text(record), record["id"])
        result = cpsat.solve(ng.model(p), limit=1)
        assert result.status == "solved", record["id"]
        solution = ng.decode(p, result.solutions[0])
        assert ng.verify(p, solution) == [], record["id"]
        if record["solution"]:
            assert ["".join("#" if v else "." for v in row) for row in solution.grid] == record["solution"]


# --- puzzles made in Python --------------------------------------------------------------


RUN = "a run length is a whole number of at least 1"

@pytest.mark.parametrize(
    ("args", "message"),
    [
        (((), ()), "rows: grid must have at least one row and column, got 0x0"),
        ((((),) * 1001, ((),)),
         "rows: grid 1001x1 is over the size limit (1000 rows or columns, 40000 cells)"),
        ((5, ((),)), "rows: expected a tuple of row clues, found 5"),
        ((((),), 5), "cols: expected a tuple of column clues, found 5"),
        (((1,), ((1,),)), "rows[0]: expected a clue (a tuple of run lengths), found 1"),
        ((((0,),), ((),)), f"rows[0][0]: {RUN}, found 0 (a line without runs is ())"),
        ((((1,),), ((1.0,),)), f"cols[0][0]: {RUN}, found 1.0 (a line without runs is ())"),
        ((((2, 1),), ((1,), (1,), (1,))), "rows[0]: the runs 2,1 need at least 4 cells, but a row has 3"),
        ((((1,),), ((2,),)), "cols[0]: the runs 2 need at least 2 cells, but a column has 1"),
        ((((2,),), ((1,), ())), "the row clues fill 2 cells but the column clues fill 1: both count the same "
         "filled cells, so they must agree"),
    ],
)
def test_puzzle_data_is_checked_when_made(args, message) -> None:
    assert refused(ng.Puzzle, *args) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_and_agrees_with_the_parser() -> None:
    text = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n"
    assert ng.Puzzle([[1]], [[1], []]) == ng.parse(text, "t")
    bad = "width 3\nheight 1\nrows\n2,1\ncolumns\n1\n1\n1\n"
    file_and_data_agree(lambda t: ng.parse(t, "t"), bad, lambda: ng.Puzzle(((2, 1),), ((1,), (1,), (1,))))
    bad = "width 2\nheight 1\nrows\n2\ncolumns\n1\n0\n"
    file_and_data_agree(lambda t: ng.parse(t, "t"), bad, lambda: ng.Puzzle(((2,),), ((1,), ())))


# --- solution JSON -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"grid": [[1, 0]] * 2}, "solution field 'grid' must have 1 rows, found 2"),
        ({"grid": [[1, 0, 0]]}, "grid[0]: expected a list of 2 cells 0 or 1, found [1, 0, 0]"),
        ({"grid": [[1, 2]]}, "grid[0]: expected a list of 2 cells 0 or 1, found [1, 2]"),
        ({"grid": [[1, True]]}, "grid[0]: expected a list of 2 cells 0 or 1, found [1, True]"),
        ({"grid": [[0] * 900_000]}, "grid[0]: expected a list of 2 cells 0 or 1, found [0, 0, 0, 0, 0, 0, "
         "...]"),
    ],
)
def test_malformed_solution_json_is_refused(data, message) -> None:
    p = ng.parse("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n", "t")
    assert judged(ng, p, data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast() -> None:
    line = "\n".join(["1"] * 200)
    big = ng.parse(f"width 200\nheight 200\nrows\n{line}\ncolumns\n{line}\n", "t")
    problems = judged(ng, big, {"grid": [[1] * 200] * 200})
    assert len(problems) == 400 and problems[0] == "row 0 has runs 200, the clue is 1"
