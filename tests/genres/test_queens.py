"""Queens: parsing, the model against a brute-force search, the rule checker and the generator."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from refusals import file_and_data_agree, judged, refused

from puzzlekit import backends
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError, UnknownName
from puzzlekit.genres import queens

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "queens01.txt"
CORPUS = ROOT / ".." / "shared" / "corpus"
LINKEDIN = CORPUS / "queens" / "queens.jsonl"
STARBATTLE = CORPUS / "sw" / "starbattle" / "Starbattle_dataset.json"

Queens = tuple[tuple[int, int], ...]


def brute_force(puzzle: queens.Puzzle) -> set[Queens]:
    """Every placement that keeps the rules: one queen per row (a permutation of columns), checked."""
    n = puzzle.n
    out = set()
    for cols in itertools.permutations(range(n)):
        cells = tuple(enumerate(cols))
        if len({puzzle.grid[r][c] for r, c in cells}) != n:
            continue  # some region holds two queens (N queens, N regions: then one holds none)
        if any(abs(cols[r] - cols[r + 1]) <= 1 for r in range(n - 1)):
            continue  # queens in neighbouring rows touch
        out.add(cells)
    return out


def solve_all(puzzle: queens.Puzzle, limit: int = 1000, backend: str = "cpsat") -> tuple[set[Queens], bool]:
    result = backends.get(backend).solve(queens.model(puzzle), limit=limit)
    return {queens.decode(puzzle, a).queens for a in result.solutions}, result.complete


@pytest.fixture(scope="module")
def example() -> tuple[queens.Puzzle, queens.Solution]:
    puzzle = queens.parse(EXAMPLE.read_text(), str(EXAMPLE))
    result = cpsat.solve(queens.model(puzzle), limit=2)
    assert result.status == "solved" and result.complete and len(result.solutions) == 1
    return puzzle, queens.decode(puzzle, result.solutions[0])


# --- the example -------------------------------------------------------------------------


def test_example_is_unique_and_valid(example: tuple[queens.Puzzle, queens.Solution]) -> None:
    puzzle, solution = example
    assert puzzle.n == 8 and len(puzzle.regions()) == 8
    assert queens.verify(puzzle, solution) == []
    assert brute_force(puzzle) == {solution.queens}


@pytest.mark.parametrize("name", ["z3", "mip", "sat", "csp", "search"])
def test_example_solves_the_same_on_every_backend(
    name: str, example: tuple[queens.Puzzle, queens.Solution]
) -> None:
    try:
        if backends.version(name) is None:
            pytest.skip(f"backend {name} is not installed")
    except UnknownName:
        pytest.skip(f"backend {name} is not part of this build")
    puzzle, solution = example
    result = backends.get(name).solve(queens.model(puzzle), limit=2)
    assert result.status == "solved" and result.complete
    assert [queens.decode(puzzle, a) for a in result.solutions] == [solution]


def test_solution_json_shape_and_round_trip(example: tuple[queens.Puzzle, queens.Solution]) -> None:
    puzzle, solution = example
    data = json.loads(json.dumps(solution.to_json()))
    assert list(data) == ["queens"] and data["queens"] == sorted(data["queens"])
    assert [r for r, _ in data["queens"]] == list(range(8))
    assert queens.solution_from_json(puzzle, data) == solution
    shuffled = {"queens": list(reversed(data["queens"]))}
    assert queens.solution_from_json(puzzle, shuffled) == solution


def test_solution_from_json_rejects_bad_shapes() -> None:
    puzzle = queens.parse("A\n", "t")
    for data in ({}, {"queens": 3}, {"queens": [[0]]}, {"queens": [[0, "0"]]}, {"queens": [0, 0]},
                 {"queens": [[0, True]]}):
        with pytest.raises(ParseError) as info:
            queens.solution_from_json(puzzle, data)
        assert info.value.source == "solution"


def test_render(example: tuple[queens.Puzzle, queens.Solution]) -> None:
    puzzle, solution = example
    lines = queens.render(puzzle, solution).splitlines()
    assert len(lines) == 8 and all(line.count("♛") == 1 for line in lines)
    assert [line.split().index("♛") for line in lines] == [c for _, c in solution.queens]
    assert queens.render(puzzle).splitlines()[0] == " ".join(puzzle.grid[0])


# --- verify: one corruption per rule -----------------------------------------------------

# Regions: row 0 and (1, 0) are A, the rest of row 1 is B, ... ; queens (0,1) (1,3) (2,0) (3,2) are valid.
FOUR = "AAAA\nABBB\nCCDD\nCCDD\n"
GOOD = ((0, 1), (1, 3), (2, 0), (3, 2))


def check(*cells: tuple[int, int]) -> list[str]:
    return queens.verify(queens.parse(FOUR, "t"), queens.Solution(tuple(sorted(cells))))


def test_verify_accepts_the_valid_placement() -> None:
    assert check(*GOOD) == []
    assert brute_force(queens.parse(FOUR, "t")) == {GOOD}


def test_verify_rejects_two_in_a_row() -> None:
    problems = check((0, 1), (0, 3), (2, 0), (3, 2))
    assert "row 0 holds 2 queens, expected 1" in problems and "row 1 holds 0 queens, expected 1" in problems


def test_verify_rejects_two_in_a_column() -> None:
    problems = check((0, 1), (1, 3), (2, 0), (3, 0))
    assert "column 0 holds 2 queens, expected 1" in problems


def test_verify_rejects_two_in_a_region() -> None:
    # rows and columns are fine and nothing touches, but A gets two queens and B none
    assert check((0, 2), (1, 0), (2, 3), (3, 1)) == [
        "region A holds 2 queens, expected 1", "region B holds 0 queens, expected 1",
    ]


def test_verify_rejects_touching_queens() -> None:
    puzzle = queens.parse("AB\nAB\n", "t")
    assert queens.verify(puzzle, queens.Solution(((0, 0), (1, 1)))) == ["queens at [0, 0] and [1, 1] touch"]


def test_verify_rejects_wrong_count_and_bad_cells() -> None:
    assert "3 queens placed, expected 4" in check(*GOOD[:3])
    assert any("outside the 4x4 grid" in p for p in check(*GOOD, (4, 4)))
    assert any("listed twice" in p for p in check(*GOOD, GOOD[0]))


# --- file format -------------------------------------------------------------------------


def test_example_round_trip() -> None:
    text = EXAMPLE.read_text()
    assert queens.format(queens.parse(text, "t")) == text


def test_parse_skips_comments_blank_lines_and_spaces() -> None:
    puzzle = queens.parse("# four\n\nA A A A\nABBB\n\nCCDD\nCCDD\n", "t")
    assert puzzle == queens.parse(FOUR, "t")
    assert puzzle.grid == ("AAAA", "ABBB", "CCDD", "CCDD")


def test_digits_and_both_cases_are_labels() -> None:
    puzzle = queens.parse("aaAA\naaAA\n0011\n0011\n", "t")
    assert list(puzzle.regions()) == ["a", "A", "0", "1"]


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("AAB\nABB\nCCC\nCCC\n", 4, 1, "must be square: 4 rows of 3 cells"),
        ("AAB\nABB\n", 2, 1, "must be square: 2 rows of 3 cells"),
        ("AAB\nAB\nCCC\n", 2, 3, "ragged"),
        ("AAB\nA.B\nCCC\n", 2, 2, "found '.'"),
        ("AAB\nA#B\nCCC\n", 2, 2, "found '#'"),
        ("AAB\nAéB\nCCC\n", 2, 2, "found 'é'"),
        ("AAB\nABB\nCCD\n", 3, 3, "found 4 regions (ABCD) in a 3x3 grid; expected 3"),
        ("AAB\nABB\nBBB\n", 1, 1, "found 2 regions (AB) in a 3x3 grid; expected 3"),
        ("n: 3\nAAB\n", 1, 1, "unknown header"),
    ],
)
def test_bad_input(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        queens.parse(text, "bad.txt")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in str(info.value)
    assert str(info.value).startswith(f"bad.txt:{line}:{column}:")


# --- the model ---------------------------------------------------------------------------


def test_model_shape() -> None:
    model = queens.model(queens.parse(FOUR, "t"))
    assert model.stats() == {"vars": 16, "bool_vars": 16, "int_vars": 0, "output_vars": 16, "counts": 21,
                             "clauses": 0, "runs": 0}
    assert sorted(model.output_keys())[0] == ("queen", 0, 0)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7])
def test_model_matches_brute_force(n: int) -> None:
    for seed in range(8):
        puzzle = queens.random_puzzle(random.Random(100 * n + seed), n, n)
        assert queens.parse(queens.format(puzzle), "t") == puzzle
        found, complete = solve_all(puzzle)
        assert complete and found == brute_force(puzzle), queens.format(puzzle)
        assert all(queens.verify(puzzle, queens.Solution(q)) == [] for q in found)


# --- random instances --------------------------------------------------------------------


def test_random_puzzle_is_deterministic_and_varied() -> None:
    assert queens.random_puzzle(random.Random(4), 7, 7) == queens.random_puzzle(random.Random(4), 7, 7)
    tally: Counter[str] = Counter()
    for seed in range(60):
        n = 4 + seed % 4
        puzzle = queens.random_puzzle(random.Random(seed), n, n)
        assert len(puzzle.regions()) == n
        found = brute_force(puzzle)
        tally[{0: "none", 1: "one"}.get(len(found), "many")] += 1
    assert tally["none"] >= 5 and tally["one"] >= 5 and tally["many"] >= 5, tally


def test_random_queens_and_bad_shapes() -> None:
    for n in (1, 4, 5, 8, 12):
        cells = queens.random_queens(random.Random(n), n)
        assert cells is not None and sorted(c for _, c in cells) == list(range(n))
        assert all(abs(a[1] - b[1]) > 1 for a, b in zip(cells, cells[1:]))
    assert queens.random_queens(random.Random(0), 3) is None
    with pytest.raises(ValueError):
        queens.random_puzzle(random.Random(0), 4, 5)


# --- corpus (optional) -------------------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.skipif(not LINKEDIN.exists(), reason="../shared/corpus is absent")
def test_corpus_linkedin_levels() -> None:
    records = [json.loads(line) for line in LINKEDIN.read_text().splitlines() if line.strip()]
    chosen = [r for r in records if r["n"] >= 9][:4] + [r for r in records if r["n"] <= 7][:4]
    for record in chosen:
        puzzle = queens.parse("\n".join(record["regions"]) + "\n", record["id"])
        found, complete = solve_all(puzzle, limit=3)
        assert found, record["id"]
        assert len(found) == min(3, record["solutions_count"]), record["id"]
        assert complete == (record["solutions_count"] < 3)
        for cells in found:
            assert queens.verify(puzzle, queens.Solution(cells)) == [], record["id"]


@pytest.mark.corpus
@pytest.mark.skipif(not STARBATTLE.exists(), reason="../shared/corpus is absent")
def test_corpus_one_star_battles() -> None:
    data = json.loads(STARBATTLE.read_text())["data"]
    checked = 0
    for key, entry in data.items():
        head, *body = entry["problem"].strip().split("\n")
        rows, cols, stars = map(int, head.split())
        numbers = [line.split() for line in body]
        if stars != 1 or rows != cols or len({x for line in numbers for x in line}) != rows:
            continue
        labels = {x: queens.LABELS[i] for i, x in enumerate(sorted({x for line in numbers for x in line}))}
        puzzle = queens.parse("".join("".join(labels[x] for x in line) + "\n" for line in numbers), key)
        found, complete = solve_all(puzzle, limit=2)
        published = tuple(
            (r, c) for r, line in enumerate(entry["solution"].strip().split("\n")[1:])
            for c, tok in enumerate(line.split()) if tok == "x"
        )
        assert complete and found == {published}, key
        checked += 1
        if checked == 6:
            break
    assert checked


# --- puzzles made in Python ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (("AB", "AB", "AB"), "grid[2]: the grid must be square: 3 rows of 2 cells"),
        (("ABC", "ABC"), "grid[1]: the grid must be square: 2 rows of 3 cells"),
        (("AB", "A."), "grid[1][1]: expected a region label (a letter or digit), found '.'"),
        (("AB", "CD"), "grid[1][0]: found 4 regions (ABCD) in a 2x2 grid; expected 2"),
        (("AA", "AA"), "grid: found 1 regions (A) in a 2x2 grid; expected 2"),
        (("AB", "A"), "grid[1]: ragged grid: expected 2 cells in this row (as in row 0), found 1"),
        ((5, "AB"), "grid[0]: expected a row of region labels (a string), found 5"),
        ("AB", "grid: expected a tuple of rows of region labels, found 'AB'"),
        ((), "grid: grid must have at least one row and column, got 0x0"),
    ],
)
def test_puzzle_data_is_checked_when_made(data, message) -> None:
    assert refused(queens.Puzzle, data) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_of_labels() -> None:
    assert queens.Puzzle([["A", "A"], "BB"]) == queens.Puzzle(("AA", "BB")) == queens.parse("AA\nBB\n", "t")
    file_and_data_agree(
        lambda t: queens.parse(t, "t"), "AAB\nABB\nCCD\n", lambda: queens.Puzzle(("AAB", "ABB", "CCD"))
    )


# --- solution JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"queens": [[0, 1], [4, 0]]}, "queens[1]: (4, 0) is outside the 4x4 grid"),
        ({"queens": [[0, 1], [0, -2**31]]}, "queens[1]: (0, -2147483648) is outside the 4x4 grid"),
        ({"queens": [[0, 1], [0, 1]]}, "queens[1]: queen (0, 1) is listed twice (first as queens[0])"),
        ({"queens": [[0, 1], [0, 1.5]]}, "queens[1]: expected [row, col], found [0, 1.5]"),
    ],
)
def test_malformed_solution_json_is_refused(data, message) -> None:
    assert judged(queens, queens.parse(FOUR, "t"), data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast() -> None:
    labels = queens.LABELS
    big = queens.Puzzle(tuple(labels[r] * 62 for r in range(62)))
    problems = judged(queens, big, {"queens": [[r, c] for r in range(62) for c in range(62)]})
    assert len(problems) > 15_000 and "queens at [0, 0] and [0, 1] touch" in problems
    assert judged(queens, big, {"queens": [[0, 0]] * 200_000}).endswith("listed twice (first as queens[0])")
