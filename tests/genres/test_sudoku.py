"""Sudoku: parsing, the model against a brute-force search, the rule checker and the generator."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from refusals import file_and_data_agree, judged, refused

from puzzlekit import backends
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError, UnknownName
from puzzlekit.genres import sudoku

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "sudoku01.txt"
CORPUS = ROOT / ".." / "shared" / "corpus" / "sudoku" / "sudoku.jsonl"

Grid = tuple[tuple[int, ...], ...]


def brute_force(puzzle: sudoku.Puzzle, cap: int = 1000) -> set[Grid]:
    """Every filled grid that keeps the givens and the rules, by plain backtracking (up to ``cap``)."""
    n, (br, bc) = puzzle.n, puzzle.box
    values = [list(row) for row in puzzle.grid]
    found: set[Grid] = set()

    def allowed(r: int, c: int) -> list[int]:
        used = set(values[r]) | {values[i][c] for i in range(n)}
        top, left = r - r % br, c - c % bc
        used |= {values[i][j] for i in range(top, top + br) for j in range(left, left + bc)}
        return [v for v in range(1, n + 1) if v not in used]

    def fill() -> None:
        empty = [(r, c) for r in range(n) for c in range(n) if not values[r][c]]
        if not empty:
            found.add(tuple(tuple(row) for row in values))
            return
        r, c = min(empty, key=lambda cell: len(allowed(*cell)))
        for v in allowed(r, c):
            values[r][c] = v
            fill()
            values[r][c] = 0
            if len(found) >= cap:
                return

    if all(_consistent(puzzle)):
        fill()
    return found


def _consistent(puzzle: sudoku.Puzzle) -> list[bool]:
    """Whether each unit's givens are distinct (written without the genre's helpers)."""
    n, (br, bc) = puzzle.n, puzzle.box
    g = puzzle.grid
    units = [[g[r][c] for c in range(n)] for r in range(n)] + [[g[r][c] for r in range(n)] for c in range(n)]
    units += [
        [g[r][c] for r in range(t, t + br) for c in range(left, left + bc)]
        for t in range(0, n, br) for left in range(0, n, bc)
    ]
    return [all(k == 1 for v, k in Counter(u).items() if v) for u in units]


def solve_all(puzzle: sudoku.Puzzle, limit: int = 1000, backend: str = "cpsat") -> tuple[set[Grid], bool]:
    result = backends.get(backend).solve(sudoku.model(puzzle), limit=limit)
    return {sudoku.decode(puzzle, a).grid for a in result.solutions}, result.complete


@pytest.fixture(scope="module")
def example() -> tuple[sudoku.Puzzle, sudoku.Solution]:
    puzzle = sudoku.parse(EXAMPLE.read_text(), str(EXAMPLE))
    result = cpsat.solve(sudoku.model(puzzle), limit=2)
    assert result.status == "solved" and result.complete and len(result.solutions) == 1
    return puzzle, sudoku.decode(puzzle, result.solutions[0])


# --- the example -------------------------------------------------------------------------


def test_example_is_unique_and_valid(example: tuple[sudoku.Puzzle, sudoku.Solution]) -> None:
    puzzle, solution = example
    assert puzzle.n == 9 and puzzle.box == (3, 3)
    assert sudoku.verify(puzzle, solution) == []
    assert brute_force(puzzle, cap=2) == {solution.grid}


@pytest.mark.parametrize("name", ["z3", "mip", "sat", "csp", "search"])
def test_example_solves_the_same_on_every_backend(
    name: str, example: tuple[sudoku.Puzzle, sudoku.Solution]
) -> None:
    try:
        if backends.version(name) is None:
            pytest.skip(f"backend {name} is not installed")
    except UnknownName:
        pytest.skip(f"backend {name} is not part of this build")
    puzzle, solution = example
    result = backends.get(name).solve(sudoku.model(puzzle), limit=2)
    assert result.status == "solved" and result.complete
    assert [sudoku.decode(puzzle, a) for a in result.solutions] == [solution]


def test_solution_json_shape_and_round_trip(example: tuple[sudoku.Puzzle, sudoku.Solution]) -> None:
    puzzle, solution = example
    data = json.loads(json.dumps(solution.to_json()))
    assert list(data) == ["grid"]
    assert len(data["grid"]) == 9 and all(len(row) == 9 for row in data["grid"])
    assert sudoku.solution_from_json(puzzle, data) == solution


def test_solution_from_json_rejects_bad_shapes(example: tuple[sudoku.Puzzle, sudoku.Solution]) -> None:
    puzzle, solution = example
    rows = [list(row) for row in solution.grid]
    for data in ({}, {"grid": 3}, {"grid": rows[:8]}, {"grid": rows[:8] + [rows[8][:8]]},
                 {"grid": rows[:8] + [rows[8][:8] + ["9"]]}, {"grid": rows[:8] + [rows[8][:8] + [True]]},
                 {"grid": rows[:8] + [5]}):
        with pytest.raises(ParseError) as info:
            sudoku.solution_from_json(puzzle, data)
        assert info.value.source == "solution"


def test_render_shows_boxes_and_digits(example: tuple[sudoku.Puzzle, sudoku.Solution]) -> None:
    puzzle, solution = example
    lines = sudoku.render(puzzle, solution).splitlines()
    assert len(lines) == 11 and lines[3] == lines[7] == "──────┼───────┼──────"
    assert lines[0].split(" │ ")[0].split() == [str(v) for v in solution.grid[0][:3]]
    assert sudoku.render(puzzle).splitlines()[0] == "· · 3 │ · 4 9 │ · · ·"


# --- verify: one corruption per rule -----------------------------------------------------

LATIN_NOT_BOXES = ((1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3))  # rows and columns fine
ROWS_BOXES_NOT_COLUMNS = ((1, 2, 3, 4), (3, 4, 1, 2), (1, 2, 3, 4), (3, 4, 1, 2))
EMPTY4 = sudoku.Puzzle(((0,) * 4,) * 4, (2, 2))


def test_verify_rejects_box_repeat_alone() -> None:
    assert sudoku.verify(EMPTY4, sudoku.Solution(LATIN_NOT_BOXES)) == [
        "box at (0, 0) repeats 2 and lacks 4",
        "box at (0, 2) repeats 4 and lacks 2",
        "box at (2, 0) repeats 4 and lacks 2",
        "box at (2, 2) repeats 2 and lacks 4",
    ]


def test_verify_rejects_column_repeat_alone() -> None:
    problems = sudoku.verify(EMPTY4, sudoku.Solution(ROWS_BOXES_NOT_COLUMNS))
    assert problems and all(p.startswith("column ") for p in problems)
    assert "column 0 repeats 1, 3 and lacks 2, 4" in problems


def test_verify_rejects_row_repeat_alone() -> None:
    transposed = tuple(zip(*ROWS_BOXES_NOT_COLUMNS))
    problems = sudoku.verify(EMPTY4, sudoku.Solution(transposed))
    assert problems and all(p.startswith("row ") for p in problems)


def test_verify_rejects_a_changed_given(example: tuple[sudoku.Puzzle, sudoku.Solution]) -> None:
    puzzle, solution = example
    # swapping two whole rows inside a band keeps every unit complete but moves the givens
    rows = list(solution.grid)
    rows[0], rows[1] = rows[1], rows[0]
    problems = sudoku.verify(puzzle, sudoku.Solution(tuple(rows)))
    assert problems and all(p.startswith("the given ") for p in problems)
    assert f"the given 3 at (0, 2) was changed to {rows[0][2]}" in problems


def test_verify_rejects_digits_outside_1_to_n(example: tuple[sudoku.Puzzle, sudoku.Solution]) -> None:
    puzzle, solution = example
    rows = [list(row) for row in solution.grid]
    rows[0][0], rows[8][8] = 0, 10
    problems = sudoku.verify(puzzle, sudoku.Solution(tuple(map(tuple, rows))))
    assert "cell (0, 0) holds 0, not a digit 1-9" in problems
    assert "cell (8, 8) holds 10, not a digit 1-9" in problems


def test_verify_rejects_a_wrong_size(example: tuple[sudoku.Puzzle, sudoku.Solution]) -> None:
    puzzle, solution = example
    assert sudoku.verify(puzzle, sudoku.Solution(solution.grid[:8])) == ["the grid is not 9x9"]
    assert sudoku.verify(puzzle, sudoku.Solution(solution.grid[:8] + (solution.grid[8][:8],)))


# --- file format -------------------------------------------------------------------------


def test_example_round_trip() -> None:
    text = EXAMPLE.read_text()
    assert sudoku.format(sudoku.parse(text, "t")) == text


def test_both_small_grid_forms_read_the_same() -> None:
    chars = "1.3.\n..1.\n0000\n4..1\n"
    spaced = "# a comment\n\n1 . 3 .\n. . 1 .\n0 0 0 0\n4 . . 1\n"
    grouped = "1. 3.\n.. 1.\n00 00\n4. .1\n"
    puzzle = sudoku.parse(chars, "t")
    assert puzzle == sudoku.parse(spaced, "t") == sudoku.parse(grouped, "t")
    assert puzzle.grid == ((1, 0, 3, 0), (0, 0, 1, 0), (0, 0, 0, 0), (4, 0, 0, 1)) and puzzle.box == (2, 2)


def test_large_grid_reads_integer_tokens() -> None:
    puzzle = sudoku.random_puzzle(random.Random(3), 16, 16, reveal=0.5, corrupt=0)
    text = sudoku.format(puzzle)
    assert sudoku.parse(text, "t") == puzzle
    assert sudoku.parse(text.replace(" .", " 0").replace(".", "0"), "t") == puzzle
    assert len(text.splitlines()[0].split()) == 16


@pytest.mark.parametrize(
    ("n", "box", "header"),
    [(1, (1, 1), False), (2, (1, 2), False), (4, (2, 2), False), (6, (2, 3), False), (6, (3, 2), True),
     (8, (2, 4), False), (9, (3, 3), False), (10, (2, 5), False), (12, (3, 4), False), (12, (4, 3), True),
     (25, (5, 5), False), (36, (6, 6), False)],
)
def test_random_round_trip_and_box_header(n: int, box: tuple[int, int], header: bool) -> None:
    for seed in range(3):
        puzzle = sudoku.random_puzzle(random.Random(seed), n, n, box=box)
        text = sudoku.format(puzzle)
        assert text.startswith("box:") == header
        assert sudoku.parse(text, "t") == puzzle


def test_default_box_rule() -> None:
    shapes = {n: sudoku.default_box(n) for n in (1, 4, 5, 6, 8, 9, 10, 12, 15, 16, 18, 20, 36)}
    assert shapes == {1: (1, 1), 4: (2, 2), 5: (1, 5), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5),
                      12: (3, 4), 15: (3, 5), 16: (4, 4), 18: (3, 6), 20: (4, 5), 36: (6, 6)}


ROW9 = "123456789\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("12.\n...\n.3\n", 3, 3, "expected 3 cells in this row"),
        ("12.\n...\n.3..\n", 3, 4, "expected 3 cells in this row"),
        ("1234\n....\n....\n", 3, 5, "too few rows: a 4x4 Sudoku has 4 rows, found 3"),
        ("12\n..\n..\n", 3, 1, "too many rows"),
        ("1.3\n.x.\n...\n", 2, 2, "found 'x'"),
        ("1.3\n.-.\n...\n", 2, 2, "found '-'"),
        ("1.....\n......\n...7..\n......\n......\n......\n", 3, 4, "digit 7 is larger than 6"),
        ("\n".join([" ".join(["."] * 10)] * 9 + [" ".join(["."] * 9 + ["11"])]) + "\n", 10, 19,
         "digit 11 is larger than 10"),
        ("\n".join([" ".join(["."] * 10)] * 9 + [" ".join(["."] * 9 + ["1x"])]) + "\n", 10, 19, "found '1x'"),
        ("box: 3by3\n" + ROW9 * 9, 1, 6, "box must look like RxC"),
        ("box: 0x9\n" + ROW9 * 9, 1, 6, "at least 1"),
        ("box: 2x4\n" + ROW9 * 9, 1, 6, "a 2x4 box holds 8 cells, but the first row has 9"),
        ("box: 2x3\nbox: 3x2\n123456\n", 2, 1, "given twice"),
        ("size: 9\n" + ROW9, 1, 1, "unknown header"),
        ("box: 2x2\n", 1, 1, "no grid rows"),
        ("1..1\n....\n....\n....\n", 1, 4,
         "digit 1 is given twice in row 0: at line 1 column 1 and at line 1 column 4"),
        ("2...\n....\n2...\n....\n", 3, 1,
         "digit 2 is given twice in column 0: at line 1 column 1 and at line 3 column 1"),
        ("# c\n3...\n.3..\n....\n....\n", 3, 2,
         "digit 3 is given twice in box at (0, 0): at line 2 column 1 and at line 3 column 2"),
        ("\n".join([" ".join(["."] * 65)] * 65) + "\n", 1, 1, "over the size limit"),
    ],
)
def test_bad_input(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        sudoku.parse(text, "bad.txt")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in str(info.value)
    assert str(info.value).startswith(f"bad.txt:{line}:{column}:")


def test_repeat_in_large_grid_names_token_columns() -> None:
    rows = [["."] * 16 for _ in range(16)]
    rows[0][0] = rows[0][15] = "12"
    text = "\n".join(" ".join(tok.rjust(2) for tok in row) for row in rows) + "\n"
    with pytest.raises(ParseError) as info:
        sudoku.parse(text, "t")
    assert (info.value.line, info.value.column) == (1, 46)
    assert "at line 1 column 1 and at line 1 column 46" in str(info.value)


# --- the model ---------------------------------------------------------------------------


def test_model_shape() -> None:
    puzzle = sudoku.parse("box: 2x3\n1.....\n" + "......\n" * 5, "t")
    model = sudoku.model(puzzle)
    assert model.stats() == {"vars": 36, "bool_vars": 0, "int_vars": 36, "output_vars": 36, "counts": 0,
                             "clauses": 1, "runs": 0, "alldifferent": 18}
    assert sorted(model.output_keys())[:2] == [("cell", 0, 0), ("cell", 0, 1)]
    assert all(len(group.vars) == 6 for group in model.distinct)
    # to a backend without AllDifferent: exactly one cell per digit in each unit
    assert len(model.counts) == 108
    assert all(len(c.terms) == 6 and c.op == "==" and c.rhs == 1 for c in model.counts)


@pytest.mark.parametrize(
    ("n", "reveal", "seeds"), [(1, 0.0, 1), (2, 0.0, 2), (3, 0.2, 4), (4, 0.25, 6), (4, 0.4, 6), (6, 0.45, 6)]
)
def test_model_matches_brute_force(n: int, reveal: float, seeds: int) -> None:
    for seed in range(seeds):
        puzzle = sudoku.random_puzzle(random.Random(seed), n, n, reveal=reveal, corrupt=0.3)
        expected = brute_force(puzzle)
        found, complete = solve_all(puzzle)
        assert complete and found == expected, sudoku.format(puzzle)
        assert all(sudoku.verify(puzzle, sudoku.Solution(g)) == [] for g in found)


def test_counts_of_small_grids() -> None:
    # a 3x3 Latin square (boxes 1x3) has 12 fillings; 4x4 with 2x2 boxes has 288, of which
    # 288 / 4! = 12 have the top row 1 2 3 4
    assert len(solve_all(sudoku.random_puzzle(random.Random(0), 3, 3, reveal=0.0))[0]) == 12
    top = sudoku.Puzzle(((1, 2, 3, 4),) + ((0,) * 4,) * 3, (2, 2))
    assert len(solve_all(top)[0]) == 12


def test_clashing_givens_built_directly_are_refused_as_in_a_file() -> None:
    with pytest.raises(ParseError) as info:
        sudoku.Puzzle(((1, 1, 0, 0),) + ((0,) * 4,) * 3, (2, 2))
    assert str(info.value) == (
        "<puzzle>: grid[0][1]: digit 1 is given twice in row 0: at grid[0][0] and at grid[0][1]"
    )


# --- random instances --------------------------------------------------------------------


def test_random_grid_is_valid_for_every_box_shape() -> None:
    shapes = ((4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (4, 2)), (9, (3, 3)), (12, (3, 4)), (15, (5, 3)))
    for n, box in shapes:
        full = sudoku.random_grid(random.Random(n), n, box)
        empty = sudoku.Puzzle(((0,) * n,) * n, box)
        assert sudoku.verify(empty, sudoku.Solution(full)) == []


def test_random_puzzle_is_deterministic_and_varied() -> None:
    assert sudoku.random_puzzle(random.Random(9), 6, 6) == sudoku.random_puzzle(random.Random(9), 6, 6)
    tally: Counter[str] = Counter()
    for seed in range(40):
        puzzle = sudoku.random_puzzle(random.Random(seed), 4, 4)
        assert all(_consistent(puzzle))  # a corrupted given never repeats a digit of its units
        found, _ = solve_all(puzzle, limit=2)
        tally[{0: "none", 1: "one"}.get(len(found), "many")] += 1
    assert tally["none"] >= 3 and tally["one"] >= 3 and tally["many"] >= 3, tally


def test_random_puzzle_refuses_bad_shapes() -> None:
    with pytest.raises(ValueError):
        sudoku.random_puzzle(random.Random(0), 4, 5)
    with pytest.raises(ValueError):
        sudoku.random_puzzle(random.Random(0), 6, 6, box=(2, 2))


@pytest.mark.slow
def test_generated_25x25_solves() -> None:
    puzzle = sudoku.random_puzzle(random.Random(1), 25, 25, reveal=0.7, corrupt=0)
    result = cpsat.solve(sudoku.model(puzzle), limit=1)
    assert result.status == "solved"
    assert sudoku.verify(puzzle, sudoku.decode(puzzle, result.solutions[0])) == []


# --- corpus (optional) -------------------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS.exists(), reason="../shared/corpus is absent")
def test_corpus_instances() -> None:
    records = [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]
    chosen = [r for r in records if r["n"] == 9][:3] + [r for r in records if r["n"] == 16][:2]
    for record in chosen:
        puzzle = sudoku.Puzzle(tuple(map(tuple, record["grid"])), tuple(record["box"]))
        assert sudoku.parse(sudoku.format(puzzle), record["id"]) == puzzle
        result = cpsat.solve(sudoku.model(puzzle), limit=2, time_limit=30)
        assert result.status == "solved", record["id"]
        for assignment in result.solutions:
            solution = sudoku.decode(puzzle, assignment)
            assert sudoku.verify(puzzle, solution) == [], record["id"]
            if record.get("solution"):
                assert [list(row) for row in solution.grid] == record["solution"], record["id"]


# --- puzzles made in Python --------------------------------------------------------------


E4 = ((0,) * 4,) * 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((E4, (3, 3)), "box: a 3x3 box holds 9 cells, but the first row has 4: the box must hold exactly "
         "one row's worth of cells"),
        ((E4, (0, 4)), "box: box sides must be at least 1, found '0x4'"),
        ((E4, "2x2"), "box: box must be a pair (rows, columns), found '2x2'"),
        ((E4[:3],), "grid: a Sudoku grid is square, found 3 rows of 4 cells"),
        ((((0,) * 65,) * 65,), "grid: a 65x65 Sudoku is over the size limit (64x64)"),
        ((((0, 5, 0, 0),) + E4[1:],), "grid[0][1]: digit 5 is larger than 4, the side of the grid"),
        ((((0, -1, 0, 0),) + E4[1:],), "grid[0][1]: expected 0 (empty) or a digit 1-4, found -1"),
        ((((0, 1.0, 0, 0),) + E4[1:],), "grid[0][1]: expected 0 (empty) or a digit 1-4, found 1.0"),
        ((((1, 0, 0, 1),) + E4[1:],),
         "grid[0][3]: digit 1 is given twice in row 0: at grid[0][0] and at grid[0][3]"),
        ((((2, 0, 0, 0),) + E4[1:3] + ((2, 0, 0, 0),),),
         "grid[3][0]: digit 2 is given twice in column 0: at grid[0][0] and at grid[3][0]"),
        ((((3, 0, 0, 0), (0, 3, 0, 0)) + E4[2:],),
         "grid[1][1]: digit 3 is given twice in box at (0, 0): at grid[0][0] and at grid[1][1]"),
        ((E4[:2] + ((0,) * 3,) * 2,),
         "grid[2]: ragged grid: expected 4 cells in this row (as in row 0), found 3"),
    ],
)
def test_puzzle_data_is_checked_when_made(args, message) -> None:
    assert refused(sudoku.Puzzle, *args) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_and_the_default_box() -> None:
    made = sudoku.Puzzle([[1, 0, 0, 0]] + [[0] * 4] * 3, [2, 2])
    assert made == sudoku.Puzzle([[1, 0, 0, 0]] + [[0] * 4] * 3) == sudoku.parse("1...\n....\n....\n....\n")
    assert made.box == (2, 2) and sudoku.Puzzle(((0,) * 6,) * 6).box == (2, 3)
    file_and_data_agree(sudoku.parse, "1.5.\n....\n....\n....\n",
                        lambda: sudoku.Puzzle(((1, 0, 5, 0),) + E4[1:]))
    file_and_data_agree(sudoku.parse, "box: 1x3\n1...\n....\n....\n....\n", lambda: sudoku.Puzzle(E4, (1, 3)))


# --- solution JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"grid": [[1, 2, 3, 4]] * 3}, "solution field 'grid' must have 4 rows, found 3"),
        ({"grid": [[1, 2, 3, 4]] * 3 + [[1, 2, 3]]}, "grid[3]: expected a list of 4 digits, found [1, 2, 3]"),
        ({"grid": [[1, 2, 3, 4]] * 3 + [[1, 2, 3, 5]]}, "grid[3][3]: expected a digit 1-4, found 5"),
        ({"grid": [[1, 2, 3, 4]] * 3 + [[1, 2, 3, 0]]}, "grid[3][3]: expected a digit 1-4, found 0"),
        ({"grid": [[1, 2, 3, 4]] * 3 + [[1, 2, 3, 10**400]]},
         "grid[3][3]: expected a digit 1-4, found 100000000000000000...0000000000000000000"),
        ({"grid": [[1, 2, 3, 4]] * 3 + [[1, 2, 3, 4.0]]}, "grid[3][3]: expected a digit 1-4, found 4.0"),
    ],
)
def test_malformed_solution_json_is_refused(data, message) -> None:
    assert judged(sudoku, EMPTY4, data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast() -> None:
    big = sudoku.Puzzle(((0,) * 64,) * 64)
    problems = judged(sudoku, big, {"grid": [[1] * 64] * 64})
    assert len(problems) == 3 * 64 and problems[0].startswith("row 0 repeats 1 and lacks 2, 3, 4")
    huge = judged(sudoku, big, {"grid": [[int("9" * 400)] * 64] * 64})
    assert huge.startswith("solution: grid[0][0]: expected a digit 1-64, found 99999")
