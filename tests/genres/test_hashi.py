"""Hashi: parsing, the model on the seed instance, the rule checker and the generator."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from refusals import file_and_data_agree, judged, refused

from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError
from puzzlekit.genres import hashi

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "hashi01.txt"
CORPUS = ROOT / ".." / "shared" / "corpus" / "hashi" / "hashi.jsonl"

# Four islands on the corners of a square.
SQUARE_OF_TWOS = "2.2\n...\n2.2\n"
SQUARE_OF_THREES = "3.3\n...\n3.3\n"
# A horizontal and a vertical pair whose bridges would meet at the centre.
CROSS = ".1.\n1.1\n.1.\n"


def solve_all(puzzle: hashi.Puzzle, limit: int = 10) -> tuple[list[hashi.Solution], bool]:
    """Every solution (up to ``limit``) and whether the list is complete."""
    result = cpsat.solve(hashi.model(puzzle), limit=limit)
    return [hashi.decode(puzzle, a) for a in result.solutions], result.complete


@pytest.fixture(scope="module")
def seed() -> tuple[hashi.Puzzle, hashi.Solution]:
    puzzle = hashi.parse(EXAMPLE.read_text(), str(EXAMPLE))
    solutions, complete = solve_all(puzzle, limit=2)
    assert complete and len(solutions) == 1
    return puzzle, solutions[0]


# --- the seed instance -------------------------------------------------------------------


def test_seed_instance_is_unique_and_valid(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    result = cpsat.solve(hashi.model(puzzle), limit=2)
    assert result.status == "solved" and result.complete and len(result.solutions) == 1
    assert hashi.verify(puzzle, solution) == []
    # every island's number is met by the bridge ends drawn (checked here without verify)
    ends: dict = {}
    for a, b, k in solution.bridges:
        ends[a] = ends.get(a, 0) + k
        ends[b] = ends.get(b, 0) + k
    assert ends == puzzle.islands()


def test_solution_json_shape_and_round_trip(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    data = json.loads(json.dumps(solution.to_json()))
    items = data["bridges"]
    assert items == sorted(items)
    assert all(a < b and k in (1, 2) for a, b, k in items)
    assert hashi.solution_from_json(puzzle, data) == solution


def test_render_draws_bridges(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    text = hashi.render(puzzle, solution)
    lines = text.splitlines()
    assert len(lines) == puzzle.height
    assert {"═", "─", "║", "│"} <= set(text)
    # the island digits stay where they are, two characters per cell
    for (r, c), clue in puzzle.islands().items():
        assert lines[r][2 * c] == str(clue)
    assert "·" in hashi.render(puzzle)


def test_render_small() -> None:
    puzzle = hashi.parse("2.2\n", "t")
    solution = hashi.make_solution([((0, 0), (0, 2), 2)])
    assert hashi.render(puzzle, solution) == "2═══2"
    assert hashi.render(puzzle) == "2 · 2"


# --- file format -------------------------------------------------------------------------


def test_format_round_trip() -> None:
    text = EXAMPLE.read_text()
    puzzle = hashi.parse(text, "t")
    assert hashi.format(puzzle) == text
    assert hashi.parse(hashi.format(puzzle), "t") == puzzle
    assert puzzle.height == 9 and puzzle.width == 9
    assert puzzle.islands()[(0, 3)] == 5


def test_parse_skips_comments_and_blank_lines() -> None:
    puzzle = hashi.parse("# a comment\n\n2.2\n", "t")
    assert puzzle.grid == ((2, 0, 2),)


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("2.2\n.0.\n", 2, 2, "1-8"),
        ("2.2\n9..\n2.2\n", 2, 1, "1-8"),
        ("2.2\n.x.\n", 2, 2, "'x'"),
        ("2.2\n..\n", 2, 3, "ragged"),
        ("2.2\n....\n", 2, 4, "ragged"),
        ("...\n...\n", 1, 1, "no islands"),
        ("3.2\n", 1, 1, "at most 2"),
        ("1..\n...\n..1\n", 1, 1, "sees 0"),
    ],
)
def test_bad_input(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        hashi.parse(text, "bad.txt")
    assert (info.value.line, info.value.column) == (line, column)
    assert words in str(info.value)
    assert str(info.value).startswith(f"bad.txt:{line}:{column}:")


# --- the model ---------------------------------------------------------------------------


def test_model_shape() -> None:
    puzzle = hashi.parse(CROSS, "t")
    model = hashi.model(puzzle)
    keys = model.output_keys()
    assert sorted(keys) == [
        ("bridge", (0, 1), (2, 1)),
        ("bridge", (1, 0), (1, 2)),
    ]
    assert all(model.vars[i].lo == 0 and model.vars[i].hi == 2 for i in model.output)
    assert len(model.clauses) == 1  # the one possible crossing


def test_two_solutions_are_found_and_valid() -> None:
    puzzle = hashi.parse(SQUARE_OF_THREES, "t")
    solutions, complete = solve_all(puzzle)
    assert complete and len(solutions) == 2
    assert solutions[0] != solutions[1]
    for solution in solutions:
        assert hashi.verify(puzzle, solution) == []


def test_connectivity_rules_out_the_disconnected_answers() -> None:
    puzzle = hashi.parse(SQUARE_OF_TWOS, "t")
    model = hashi.model(puzzle)
    # Without the connectivity rule the island numbers allow three answers: the ring, and
    # two double bridges on opposite sides (two separate groups).
    loose = cpsat.solve(dataclasses.replace(model, graphs=()), limit=10)
    assert loose.complete and len(loose.solutions) == 3
    disconnected = [hashi.decode(puzzle, a) for a in loose.solutions]
    assert sum(any("separate groups" in p for p in hashi.verify(puzzle, s)) for s in disconnected) == 2
    solutions, complete = solve_all(puzzle)
    assert complete and len(solutions) == 1
    ring = [((0, 0), (0, 2), 1), ((0, 0), (2, 0), 1), ((0, 2), (2, 2), 1), ((2, 0), (2, 2), 1)]
    assert solutions[0] == hashi.make_solution(ring)
    assert hashi.verify(puzzle, solutions[0]) == []


def test_no_crossing_makes_the_cross_unsolvable() -> None:
    # Each island needs its only partner, so both bridges would cross: no solution.
    result = cpsat.solve(hashi.model(hashi.parse(CROSS, "t")), limit=2)
    assert result.status == "unsolvable" and result.complete


def test_decode_ignores_zero_bridges() -> None:
    puzzle = hashi.parse("1.1\n", "t")
    solution = hashi.decode(puzzle, {("bridge", (0, 0), (0, 2)): 1})
    assert solution.bridges == (((0, 0), (0, 2), 1),)
    assert hashi.decode(puzzle, {("bridge", (0, 0), (0, 2)): 0}).bridges == ()


# --- verify: one test per rule -----------------------------------------------------------


def corrupt(solution: hashi.Solution, drop: int | None = None, add: list | None = None) -> hashi.Solution:
    bridges = list(solution.bridges)
    if drop is not None:
        del bridges[drop]
    return hashi.make_solution(bridges + (add or []))


def test_verify_rejects_bridge_not_between_islands(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    assert puzzle.islands().get((0, 0)) is None
    bad = corrupt(solution, add=[((0, 0), (0, 1), 1)])
    assert any("does not join two islands" in p for p in hashi.verify(puzzle, bad))
    off = corrupt(solution, add=[((0, 8), (0, 9), 1)])
    assert any("leaves the 9x9 grid" in p for p in hashi.verify(puzzle, off))


def test_verify_rejects_diagonal_bridge(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    bad = corrupt(solution, add=[((0, 1), (1, 4), 1)])
    assert any("neither horizontal nor vertical" in p for p in hashi.verify(puzzle, bad))


def test_verify_rejects_bridge_over_an_island(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    bad = corrupt(solution, add=[((0, 1), (0, 5), 1)])  # passes the 5 at (0, 3)
    assert any("crosses an island" in p for p in hashi.verify(puzzle, bad))


def test_verify_rejects_bad_bridge_count(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    a, b, _ = solution.bridges[0]
    for k in (0, 3):
        bad = corrupt(solution, drop=0, add=[(a, b, k)])
        assert any("a pair takes 1 or 2" in p for p in hashi.verify(puzzle, bad))


def test_verify_rejects_duplicate_pair(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    a, b, k = solution.bridges[0]
    bad = corrupt(solution, add=[(b, a, k)])
    assert any("more than once" in p for p in hashi.verify(puzzle, bad))


def test_verify_rejects_crossing() -> None:
    puzzle = hashi.parse(CROSS, "t")
    bad = hashi.make_solution([((1, 0), (1, 2), 1), ((0, 1), (2, 1), 1)])
    problems = hashi.verify(puzzle, bad)
    assert any("cross at [1, 1]" in p for p in problems)


def test_verify_rejects_wrong_island_count(seed: tuple[hashi.Puzzle, hashi.Solution]) -> None:
    puzzle, solution = seed
    a, b, k = solution.bridges[0]
    bad = corrupt(solution, drop=0, add=[(a, b, 3 - k)])
    problems = hashi.verify(puzzle, bad)
    assert sum("bridge ends" in p for p in problems) == 2
    assert hashi.verify(puzzle, corrupt(solution, drop=0))  # a missing bridge is caught too


def test_verify_rejects_disconnected() -> None:
    puzzle = hashi.parse(SQUARE_OF_TWOS, "t")
    bad = hashi.make_solution([((0, 0), (0, 2), 2), ((2, 0), (2, 2), 2)])
    assert hashi.verify(puzzle, bad) == ["the islands form 2 separate groups, not one"]


def test_solution_from_json_rejects_bad_shapes() -> None:
    puzzle = hashi.parse(SQUARE_OF_TWOS, "t")
    for data in ({}, {"bridges": 3}, {"bridges": [[[0, 0], [0, 2]]]}, {"bridges": [[[0, 0], [0, 2], "2"]]},
                 {"bridges": [[[0, 0], [0], 1]]}):
        with pytest.raises(ParseError):
            hashi.solution_from_json(puzzle, data)


# --- random instances --------------------------------------------------------------------


@pytest.mark.parametrize("seed_value", range(6))
def test_random_puzzle_is_solvable(seed_value: int) -> None:
    puzzle = hashi.random_puzzle(random.Random(seed_value), 6, 7)
    assert hashi.random_puzzle(random.Random(seed_value), 6, 7) == puzzle
    assert len(puzzle.islands()) >= 2
    assert hashi.parse(hashi.format(puzzle), "t") == puzzle
    solutions, _ = solve_all(puzzle, limit=3)
    assert solutions
    for solution in solutions:
        assert hashi.verify(puzzle, solution) == []


def test_random_puzzle_tiny_grids() -> None:
    for h, w in ((1, 2), (2, 1), (2, 2), (1, 5)):
        puzzle = hashi.random_puzzle(random.Random(1), h, w)
        assert solve_all(puzzle, limit=1)[0]
    with pytest.raises(ValueError):
        hashi.random_puzzle(random.Random(1), 1, 1)


# --- corpus (optional) -------------------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS.exists(), reason="../shared/corpus is absent")
def test_corpus_small_instances() -> None:
    records = [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]
    smallest = sorted(records, key=lambda r: (r["rows"] * r["cols"], r["id"]))[:3]
    for record in smallest:
        puzzle = hashi.parse("\n".join(record["grid"]) + "\n", record["id"])
        solutions, complete = solve_all(puzzle, limit=2)
        assert solutions, record["id"]
        for solution in solutions:
            assert hashi.verify(puzzle, solution) == [], record["id"]


# --- puzzles made in Python ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([[9, 0, 1]], "grid[0][0]: expected 0 (water) or an island number 1-8, found 9"),
        ([[1, 0, -1]], "grid[0][2]: expected 0 (water) or an island number 1-8, found -1"),
        ([[1, 0, "1"]], "grid[0][2]: expected 0 (water) or an island number 1-8, found '1'"),
        ([[0, 0], [0, 0]], "grid: no islands: the grid holds only water"),
        ([[3, 0, 2]], "grid[0][0]: island 3 sees 1 other island(s), so it can carry at most 2 bridge(s)"),
        ([[1, 0, 0], [0, 0, 1]],
         "grid[0][0]: island 1 sees 0 other island(s), so it can carry at most 0 bridge(s)"),
        ([[1, 0], [1]], "grid[1]: ragged grid: expected 2 cells in this row (as in row 0), found 1"),
    ],
)
def test_puzzle_data_is_checked_when_made(data, message) -> None:
    assert refused(hashi.Puzzle, data) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_and_agrees_with_the_parser() -> None:
    assert hashi.Puzzle([[2, 0, 2]]) == hashi.parse("2.2\n", "t")
    file_and_data_agree(lambda text: hashi.parse(text, "t"), "3.2\n", lambda: hashi.Puzzle(((3, 0, 2),)))
    file_and_data_agree(lambda text: hashi.parse(text, "t"), "...\n", lambda: hashi.Puzzle(((0, 0, 0),)))


# --- solution JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"bridges": [[[0, 0], [0, 2]]]}, "bridges[0]: expected [[r,c], [r,c], k], found [[0, 0], [0, 2]]"),
        ({"bridges": [[[0, 0], [0, 3], 1]]}, "bridges[0][1]: (0, 3) is outside the 1x3 grid"),
        ({"bridges": [[[0, 0], [2**31, 2], 1]]}, "bridges[0][1]: (2147483648, 2) is outside the 1x3 grid"),
        ({"bridges": [[[0, 0], [0, 2], 3]]}, "bridges[0][2]: expected a bridge count 1 or 2, found 3"),
        ({"bridges": [[[0, 0], [0, 2], 10**400]]},
         "bridges[0][2]: expected a bridge count 1 or 2, found 100000000000000000...0000000000000000000"),
        ({"bridges": [[[0, 0], [0, 2], "1"]]}, "bridges[0][2]: expected a bridge count 1 or 2, found '1'"),
        ({"bridges": [[[0, 0], [0, 2], 1], [[0, 2], [0, 0], 1]]},
         "bridges[1]: the pair (0, 0)-(0, 2) is listed twice (first as bridges[0])"),
    ],
)
def test_malformed_solution_json_is_refused(data, message) -> None:
    assert judged(hashi, hashi.parse("2.2\n", "t"), data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast() -> None:
    row = "".join("1" if c % 2 == 0 else "." for c in range(200))
    big = hashi.parse("\n".join([row, "." * 200] * 100) + "\n", "t")
    columns = range(0, 200, 2)
    pairs = [[[r, a], [r, b], 1] for r in range(0, 200, 2) for a in columns for b in columns if a < b]
    problems = judged(hashi, big, {"bridges": pairs[:80_000]})  # most of them over other islands
    assert len(problems) > 70_000 and "bridge [0, 0]-[0, 4] crosses an island" in problems
