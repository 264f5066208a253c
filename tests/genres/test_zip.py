"""Zip: the example on every backend, the rule checker, bad files, and the model against brute force."""

from __future__ import annotations

import collections
import dataclasses
import json
import random

import pytest
from conftest import EXAMPLES
from refusals import file_and_data_agree, judged, refused

from puzzlekit import backends, grid
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError, UnknownName
from puzzlekit.genres import zip as zipgenre

# The example's path, traced by hand from the rules: 1 -> top row -> 2, 3, 4 -> bottom row
# -> 5 -> 6 -> up and left to 7.
EXAMPLE_PATH = (
    (2, 2), (2, 1), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (2, 4),
    (3, 4), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0), (3, 0), (3, 1), (3, 2), (3, 3), (2, 3),
    (1, 3), (1, 2), (1, 1),
)


def puzzle(text: str) -> zipgenre.Puzzle:
    return zipgenre.parse(text, "test")


@pytest.fixture(scope="module")
def example() -> zipgenre.Puzzle:
    return zipgenre.parse((EXAMPLES / "zip01.txt").read_text(), "zip01.txt")


def test_example_is_unique_and_valid(example):
    result = cpsat.solve(zipgenre.model(example), limit=2)
    assert result.status == "solved"
    assert len(result.solutions) == 1 and result.complete
    solution = zipgenre.decode(example, result.solutions[0])
    assert solution.path == EXAMPLE_PATH
    assert zipgenre.verify(example, solution) == []


@pytest.mark.parametrize("name", [n for n in backends.NAMES if n != "cpsat"])
def test_example_solves_identically_on_every_backend(example, name):
    try:
        backend = backends.get(name)
    except UnknownName:
        pytest.skip(f"backend {name} is not part of this build")
    if backends.version(name) is None:
        pytest.skip(f"backend {name} is not installed")
    reference = cpsat.solve(zipgenre.model(example), limit=2)
    result = backend.solve(zipgenre.model(example), limit=2)
    assert result.status == "solved" and result.complete
    assert list(result.solutions) == list(reference.solutions)


def test_ranks_encoding_solves_the_example_too(example):
    result = cpsat.solve(zipgenre.model(example, encoding="ranks"), limit=2)
    assert result.complete and [zipgenre.decode(example, a).path for a in result.solutions] == [EXAMPLE_PATH]
    with pytest.raises(ValueError):
        zipgenre.model(example, encoding="circuit")


def test_model_outputs_only_step_variables_and_none_across_walls(example):
    m = zipgenre.model(example)
    keys = m.output_keys()
    assert all(k[0] == "edge" for k in keys)
    assert len(keys) == len(list(grid.cell_edges(5, 5))) - len(example.walls)
    assert not {k[1:] for k in keys} & example.walls
    assert m.stats()["disjointpaths"] == 1


# the rule checker ------------------------------------------------------------------------

SMALL = "1 3\n. 2\n"  # 2x2: the only valid path is (0,0) (1,0) (1,1) (0,1)


@pytest.mark.parametrize(
    "text, path, expected",
    [
        (SMALL, [], "the path is empty"),
        (SMALL, [(0, 0), (1, 0), (1, 1), (1, 2)], "leaves the 2x2 grid"),
        (SMALL, [(0, 0), (1, 1), (1, 0), (0, 1)], "not to an orthogonal neighbour"),
        (SMALL, [(0, 0), (1, 0), (1, 1), (1, 0), (0, 1)], "visits (1, 0) 2 times"),
        (SMALL, [(0, 0), (1, 0), (1, 1)], "never visits 1 cell(s): (0, 1)"),
        (SMALL, [(1, 0), (0, 0), (0, 1), (1, 1)], "starts at (1, 0), not at the 1"),
        (SMALL, [(0, 0), (0, 1), (1, 1), (1, 0)], "ends at (1, 0), not at the largest number 3"),
        (SMALL, [(0, 0), (0, 1), (1, 1), (1, 0)], "reaches 3 at (0, 1) before 2"),
        ("1 .\n2 .\nwalls:\n0 0 0 1\n", [(0, 0), (0, 1), (1, 1), (1, 0)], "crosses a wall"),
    ],
)
def test_verify_names_each_broken_rule(text, path, expected):
    problems = zipgenre.verify(puzzle(text), zipgenre.Solution(tuple(path)))
    assert any(expected in p for p in problems), problems


def test_verify_accepts_the_valid_path_of_a_small_puzzle():
    assert zipgenre.verify(puzzle(SMALL), zipgenre.Solution(((0, 0), (1, 0), (1, 1), (0, 1)))) == []


def test_verify_rejects_each_corruption_of_the_example(example):
    good = list(EXAMPLE_PATH)
    assert zipgenre.verify(example, zipgenre.Solution(tuple(good))) == []
    swapped = good[:]
    swapped[5], swapped[6] = swapped[6], swapped[5]  # not a step any more
    assert any("orthogonal" in p for p in zipgenre.verify(example, zipgenre.Solution(tuple(swapped))))
    backwards = tuple(reversed(good))  # starts at 7, ends at 1
    problems = zipgenre.verify(example, zipgenre.Solution(backwards))
    assert any("starts at" in p for p in problems) and any("before" in p for p in problems)
    walled = dataclasses.replace(example, walls=example.walls | {((0, 0), (0, 1))})
    assert any("crosses a wall" in p for p in zipgenre.verify(walled, zipgenre.Solution(tuple(good))))


# files -----------------------------------------------------------------------------------


def test_parse_reads_numbers_walls_comments_and_blank_lines():
    p = puzzle("# a zip\n\n1 .  .\n. 3 2\nwalls:\n# right of the 1\n0 0 0 1\n1 1 0 1\n")
    assert p.grid == ((1, 0, 0), (0, 3, 2))
    assert p.walls == frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1))})
    assert p.last == 3 and p.numbers() == {1: (0, 0), 2: (1, 2), 3: (1, 1)}


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("1 . x\n. . 2\n", 1, 5, "expected '.' or a number"),
        ("1 . 0\n. . 2\n", 1, 5, "expected '.' or a number"),
        ("1 . 2\n. 2 3\n", 2, 3, "number 2 appears twice (first at line 1, column 5)"),
        ("1 . 4\n. 2 .\n", 1, 5, "number 3 is missing"),
        ("1 . .\n. . .\n", 1, 1, "only the number 1"),
        ("# none\n. . .\n. . .\n", 2, 1, "no numbers"),
        ("1 . .\n. 2\n", 2, 4, "ragged grid"),
        ("1 . .\n. 2 . .\n", 2, 7, "ragged grid"),
        ("1 2\n. .\nwalls:\n0 0 1 1\n", 4, 1, "not adjacent"),
        ("1 2\n. .\nwalls:\n0 0 0 0\n", 4, 1, "not adjacent"),
        ("1 2\n. .\nwalls:\n0 1 0 2\n", 4, 5, "outside the 2x2 grid"),
        ("1 2\n. .\nwalls:\n0 0 1\n", 4, 6, "four numbers"),
        ("1 2\n. .\nwalls:\n0 0 1 0 1\n", 4, 9, "four numbers"),
        ("1 2\n. .\nwalls:\n0 a 1 0\n", 4, 3, "expected a row or column number"),
        ("1 2\n. .\nwalls: 0 0 1 0\n", 3, 8, "on its own line"),
        ("walls:\n1 2\n", 1, 1, "grid must come before"),
        ("size: 2\n1 2\n", 1, 1, "unknown header"),
    ],
)
def test_bad_files_name_line_and_column(text, line, column, words):
    with pytest.raises(ParseError) as info:
        zipgenre.parse(text, "bad.txt")
    err = info.value
    assert (err.source, err.line, err.column) == ("bad.txt", line, column), str(err)
    assert words in str(err)
    assert str(err).startswith(f"bad.txt:{line}:{column}: ")


def test_format_parse_round_trip():
    rng = random.Random(3)
    for h, w in [(1, 2), (2, 2), (3, 5), (6, 4), (4, 7)]:
        for walls in (0.0, 0.5):
            p = zipgenre.random_puzzle(rng, h, w, reveal=0.5, walls=walls)
            assert zipgenre.parse(zipgenre.format(p), "x") == p


def test_solution_json_round_trip_and_malformed_data(example):
    solution = zipgenre.Solution(EXAMPLE_PATH)
    data = json.loads(json.dumps(solution.to_json()))
    assert data == {"path": [list(c) for c in EXAMPLE_PATH]}
    assert zipgenre.solution_from_json(example, data) == solution
    for bad in ({}, {"path": 3}, {"path": [[0, 0], [0]]}, {"path": [[0, "1"]]}, [1, 2]):
        with pytest.raises(ParseError) as info:
            zipgenre.solution_from_json(example, bad)
        assert info.value.source == "solution"


def test_render_shows_numbers_walls_and_path(example):
    blank = zipgenre.render(example)
    assert "7" in blank and "┃" in blank and "━" in blank and "·" in blank
    drawn = zipgenre.render(example, zipgenre.Solution(EXAMPLE_PATH))
    assert "·" not in drawn and "5─────6" in drawn
    assert len(drawn.splitlines()) == 2 * example.height - 1


# the model against brute force ---------------------------------------------------------


def brute_force(p: zipgenre.Puzzle) -> set[tuple]:
    """Every path the rules allow: depth-first over all paths from the 1, checked at the end."""
    h, w = p.height, p.width
    numbers = p.numbers()
    number = {cell: k for k, cell in numbers.items()}
    out: set[tuple] = set()

    def extend(path: list) -> None:
        if len(path) == h * w:
            ranks = [number[c] for c in path if c in number]
            if path[-1] == numbers[p.last] and ranks == sorted(ranks):
                out.add(tuple(path))
            return
        here = path[-1]
        for nxt in grid.neighbours(here, h, w):
            if nxt not in path and grid.edge(here, nxt) not in p.walls:
                extend(path + [nxt])

    extend([numbers[1]])
    return out


@pytest.mark.parametrize("seed", range(14))
def test_model_admits_exactly_the_paths_the_rules_admit(seed):
    rng = random.Random(seed)
    h, w = rng.choice([(2, 3), (3, 3), (2, 4), (3, 4), (2, 5)])
    p = zipgenre.random_puzzle(
        rng, h, w, reveal=rng.choice([0.0, 0.1, 0.3]), walls=rng.choice([0.0, 0.2]), swap=0.4
    )
    expected = brute_force(p)
    assert all(zipgenre.verify(p, zipgenre.Solution(path)) == [] for path in expected)
    for encoding in zipgenre.ENCODINGS:
        result = cpsat.solve(zipgenre.model(p, encoding=encoding), limit=100)
        assert result.complete
        assert {zipgenre.decode(p, a).path for a in result.solutions} == expected, encoding


def test_random_puzzle_is_deterministic_and_gives_zero_one_and_many_solutions():
    assert zipgenre.random_puzzle(random.Random(9), 4, 5) == zipgenre.random_puzzle(random.Random(9), 4, 5)
    kinds: collections.Counter = collections.Counter()
    for seed in range(30):
        rng = random.Random(seed)
        p = zipgenre.random_puzzle(
            rng, 4, 4, reveal=rng.choice([0.0, 0.3]), walls=rng.choice([0.0, 0.4]), swap=0.5
        )
        kinds[min(len(cpsat.solve(zipgenre.model(p), limit=2).solutions), 2)] += 1
    assert kinds[0] and kinds[1] and kinds[2], kinds


def test_random_path_covers_every_cell_with_orthogonal_steps():
    for seed in range(5):
        path = grid.random_path(random.Random(seed), 5, 6)
        assert sorted(path) == sorted(grid.cells(5, 6))
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
    with pytest.raises(ValueError):
        zipgenre.random_puzzle(random.Random(0), 1, 1)


# puzzles made in Python ----------------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (([[1, -1]],), "grid[0][1]: expected 0 (empty) or a number 1, 2, 3, ..., found -1"),
        (([[1, 2, 1]],), "grid[0][2]: number 1 appears twice (first at grid[0][0])"),
        (([[0, 0]],), "grid: no numbers: the path needs at least a 1 and a 2"),
        (([[0, 1]],), "grid[0][1]: only the number 1: the path needs at least a 1 and a 2"),
        (([[1, 3], [0, 0]],), "grid[0][1]: number 2 is missing: the numbers must be 1..3, each once"),
        (([[1, 2]], {((0, 0), (0, 2))}),
         "walls[0][1]: cell (0, 2) is outside the 1x2 grid (rows 0..0, columns 0..1)"),
        (([[1, 2], [0, 0]], [((0, 0), (1, 1))]),
         "walls[0][0]: a wall lies between adjacent cells; (0, 0) and (1, 1) are not adjacent"),
        (([[1, 2]], [((0, 0),)]), "walls[0]: expected a wall (two cells), found ((0, 0),)"),
        (([[1, 2]], 7), "walls: expected a collection of walls (cell pairs), found 7"),
    ],
)
def test_puzzle_data_is_checked_when_made(args, message):
    assert refused(zipgenre.Puzzle, *args) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_and_any_collection_of_walls():
    made = zipgenre.Puzzle([[1, 0], [0, 2]], [[(0, 1), (0, 0)]])
    assert made == puzzle("1 .\n. 2\nwalls:\n0 0 0 1\n") and made.walls == frozenset({((0, 0), (0, 1))})
    file_and_data_agree(puzzle, "1 . 4\n. 2 .\n", lambda: zipgenre.Puzzle(((1, 0, 4), (0, 2, 0))))


# solution JSON -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message",
    [
        ({"path": [[0, 0], [0, 2]]}, "path[1]: (0, 2) is outside the 2x2 grid"),
        ({"path": [[0, 0], [2**31, 0]]}, "path[1]: (2147483648, 0) is outside the 2x2 grid"),
        ({"path": [[0, 0], [0, 10**4000]]},
         "path[1]: (0, <an integer of about 4000 digits>) is outside the 2x2 grid"),
        ({"path": [[0, 0]] * 5},
         "path: 5 cells listed, but the 2x2 grid has 4: the path visits each cell once"),
        ({"path": {"0": [0, 0]}}, "solution field 'path' must be a list, found {'0': [0, 0]}"),
    ],
)
def test_malformed_solution_json_is_refused(data, message):
    assert judged(zipgenre, puzzle("1 .\n. 2\n"), data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast():
    big = zipgenre.Puzzle(((1,) + (0,) * 199,) + ((0,) * 200,) * 198 + ((0,) * 199 + (2,),))
    column_by_column = [[r, c] for c in range(200) for r in range(200)]
    problems = judged(zipgenre, big, {"path": column_by_column})
    assert len(problems) == 199
    assert problems[0] == "the step from (199, 0) to (0, 1) is not to an orthogonal neighbour"
    message = judged(zipgenre, big, {"path": [[0, 0], [0, 1]] * 150_000})
    assert message.startswith("solution: path: 300000 cells")
