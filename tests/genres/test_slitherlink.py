"""Slitherlink: the example on every backend, the rule checker, bad files, brute force, real instances."""

from __future__ import annotations

import collections
import itertools
import json
import random

import pytest
from conftest import CORPUS, EXAMPLES
from refusals import cell_edges, judged, refused

from puzzlekit import backends, grid
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError, UnknownName
from puzzlekit.genres import slitherlink

# The example's loop, traced by hand from the clues, as the cells it encloses.
EXAMPLE_INSIDE = {(0, 3), (0, 4), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (3, 4)} | {
    (4, c) for c in range(5)
}


def outline(cells: set) -> frozenset:
    """The sides between the cells and everything else: sides used by exactly one of the cells."""
    count: collections.Counter = collections.Counter()
    for r, c in cells:
        count[((r, c), (r, c + 1))] += 1
        count[((r + 1, c), (r + 1, c + 1))] += 1
        count[((r, c), (r + 1, c))] += 1
        count[((r, c + 1), (r + 1, c + 1))] += 1
    return frozenset(side for side, n in count.items() if n == 1)


def is_one_loop(edges: frozenset) -> bool:
    """Every point on the edges has two of them, and they form one connected piece."""
    if not edges:
        return False
    touching: dict = collections.defaultdict(list)
    for a, b in edges:
        touching[a].append(b)
        touching[b].append(a)
    if any(len(v) != 2 for v in touching.values()):
        return False
    start = next(iter(touching))
    seen, todo = {start}, [start]
    while todo:
        for nxt in touching[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(touching)


def keeps_clues(p: slitherlink.Puzzle, edges: frozenset) -> bool:
    sides = (((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)))
    return all(
        sum(((r + dr, c + dc), (r + er, c + ec)) in edges for (dr, dc), (er, ec) in sides) == clue
        for (r, c), clue in p.clues().items()
    )


def puzzle(text: str) -> slitherlink.Puzzle:
    return slitherlink.parse(text, "test")


@pytest.fixture(scope="module")
def example() -> slitherlink.Puzzle:
    return slitherlink.parse((EXAMPLES / "slitherlink01.txt").read_text(), "slitherlink01.txt")


def test_example_is_unique_and_valid(example):
    result = cpsat.solve(slitherlink.model(example), limit=2)
    assert result.status == "solved"
    assert len(result.solutions) == 1 and result.complete
    solution = slitherlink.decode(example, result.solutions[0])
    assert solution.edges == outline(EXAMPLE_INSIDE)
    assert slitherlink.verify(example, solution) == []


@pytest.mark.parametrize("name", [n for n in backends.NAMES if n != "cpsat"])
def test_example_solves_identically_on_every_backend(example, name):
    try:
        backend = backends.get(name)
    except UnknownName:
        pytest.skip(f"backend {name} is not part of this build")
    if backends.version(name) is None:
        pytest.skip(f"backend {name} is not installed")
    reference = cpsat.solve(slitherlink.model(example), limit=2)
    result = backend.solve(slitherlink.model(example), limit=2)
    assert result.status == "solved" and result.complete
    assert list(result.solutions) == list(reference.solutions)


def test_model_has_one_loop_and_outputs_every_lattice_edge():
    m = slitherlink.model(puzzle("2.\n.3\n"))
    assert m.stats()["loop"] == 1
    assert sorted(k[1:] for k in m.output_keys()) == sorted(grid.lattice_edges(2, 2))
    assert m.stats()["counts"] == 2


# the rule checker ------------------------------------------------------------------------

SQUARE = outline({(0, 0)})


@pytest.mark.parametrize(
    "text, edges, expected",
    [
        ("..\n..\n", frozenset(), "no loop"),
        ("..\n..\n", outline({(0, 0), (0, 1)}) | {((0, 1), (1, 1))}, "branches"),
        ("..\n..\n", SQUARE - {((0, 0), (0, 1))}, "ends"),
        ("...\n...\n", SQUARE | outline({(1, 2)}), "2 separate pieces"),
        ("3.\n..\n", SQUARE, "(0, 0) shows 3 but the loop uses 4"),
        ("..\n.1\n", SQUARE, "(1, 1) shows 1 but the loop uses 0"),
        ("..\n..\n", SQUARE | {((2, 2), (2, 3))}, "leaves the 3x3 lattice points"),
        ("..\n..\n", frozenset({((0, 0), (1, 1))}), "does not join neighbouring lattice points"),
    ],
)
def test_verify_names_each_broken_rule(text, edges, expected):
    problems = slitherlink.verify(puzzle(text), slitherlink.Solution(frozenset(edges)))
    assert any(expected in p for p in problems), problems


def test_verify_rejects_each_corruption_of_the_example(example):
    good = outline(EXAMPLE_INSIDE)
    assert slitherlink.verify(example, slitherlink.Solution(good)) == []
    shifted = outline(EXAMPLE_INSIDE | {(1, 2)})  # still one loop, but (1, 1)'s 0 now sees a side
    assert any("shows 0" in p for p in slitherlink.verify(example, slitherlink.Solution(shifted)))
    broken = good - {((4, 0), (5, 0))}
    assert any("ends" in p for p in slitherlink.verify(example, slitherlink.Solution(broken)))


# files -----------------------------------------------------------------------------------


def test_parse_reads_clues_comments_and_blank_lines():
    p = puzzle("# loopy\n\n.3.\n0..\n")
    assert p.grid == ((None, 3, None), (0, None, None))
    assert p.clues() == {(0, 1): 3, (1, 0): 0}


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("..3\n.4.\n", 2, 2, "expected '.' (no clue) or a clue 0-3, found '4'"),
        ("# c\n\n.x.\n", 3, 2, "found 'x'"),
        ("...\n..\n", 2, 3, "ragged grid"),
        ("...\n....\n", 2, 4, "ragged grid"),
        ("size: 3\n...\n", 1, 1, "unknown header"),
    ],
)
def test_bad_files_name_line_and_column(text, line, column, words):
    with pytest.raises(ParseError) as info:
        slitherlink.parse(text, "bad.txt")
    err = info.value
    assert (err.source, err.line, err.column) == ("bad.txt", line, column), str(err)
    assert words in str(err)
    assert str(err).startswith(f"bad.txt:{line}:{column}: ")


def test_empty_file_is_an_error():
    with pytest.raises(ParseError):
        slitherlink.parse("# nothing\n\n", "empty.txt")


def test_format_parse_round_trip():
    rng = random.Random(4)
    for h, w in itertools.product((1, 3, 6), (1, 4, 7)):
        p = slitherlink.random_puzzle(rng, h, w, reveal=0.6)
        assert slitherlink.parse(slitherlink.format(p), "x") == p


def test_solution_json_round_trip(example):
    solution = slitherlink.Solution(outline(EXAMPLE_INSIDE))
    data = json.loads(json.dumps(solution.to_json()))
    assert data["edges"] == sorted(data["edges"]) and all(a <= b for a, b in data["edges"])
    assert slitherlink.solution_from_json(example, data) == solution
    with pytest.raises(ParseError):
        slitherlink.solution_from_json(example, {"edges": [[[0, 0]]]})


def test_render_shows_clues_and_loop(example):
    assert "3" in slitherlink.render(example) and "│" not in slitherlink.render(example)
    drawn = slitherlink.render(example, slitherlink.Solution(outline(EXAMPLE_INSIDE)))
    assert drawn.splitlines()[-1] == "·───·───·───·───·───·"
    assert len(drawn.splitlines()) == 2 * example.height + 1


# the model against brute force ---------------------------------------------------------


def every_edge_subset(p: slitherlink.Puzzle) -> set[frozenset]:
    """All loops the rules allow, by trying every set of lattice edges (tiny grids only)."""
    edges = list(grid.lattice_edges(p.height, p.width))
    out = set()
    for mask in range(1, 1 << len(edges)):
        chosen = frozenset(e for i, e in enumerate(edges) if mask >> i & 1)
        if is_one_loop(chosen) and keeps_clues(p, chosen):
            out.add(chosen)
    return out


def every_region_outline(p: slitherlink.Puzzle) -> set[frozenset]:
    """All loops the rules allow, as outlines of cell sets: every simple loop encloses a cell set."""
    cells = list(grid.cells(p.height, p.width))
    out = set()
    for mask in range(1, 1 << len(cells)):
        chosen = outline({c for i, c in enumerate(cells) if mask >> i & 1})
        if is_one_loop(chosen) and keeps_clues(p, chosen):
            out.add(chosen)
    return out


def test_the_two_enumerators_agree_on_tiny_grids():
    for text in ("..\n..\n", "...\n", "2.\n.2\n"):
        p = puzzle(text)
        assert every_edge_subset(p) == every_region_outline(p)
    # 4 unit squares, 4 dominoes, 4 L shapes, the whole; two diagonal cells touch at a point: no loop
    assert len(every_edge_subset(puzzle("..\n..\n"))) == 13


@pytest.mark.parametrize("seed", range(16))
def test_model_admits_exactly_the_loops_the_rules_admit(seed):
    rng = random.Random(seed)
    h, w = rng.choice([(2, 2), (1, 3), (3, 3), (2, 4), (3, 4), (2, 3)])
    p = slitherlink.random_puzzle(
        rng, h, w, reveal=rng.choice([0.4, 0.7, 1.0]), fill=rng.choice([0.3, 0.6]), corrupt=0.3
    )
    expected = every_edge_subset(p) if h * w <= 3 or (h, w) == (2, 2) else every_region_outline(p)
    assert all(slitherlink.verify(p, slitherlink.Solution(e)) == [] for e in expected)
    result = cpsat.solve(slitherlink.model(p), limit=150)
    assert result.complete
    assert {slitherlink.decode(p, a).edges for a in result.solutions} == expected


def test_random_puzzle_is_deterministic_and_gives_zero_one_and_many_solutions():
    same = [slitherlink.random_puzzle(random.Random(2), 5, 4) for _ in range(2)]
    assert same[0] == same[1]
    kinds: collections.Counter = collections.Counter()
    for seed in range(30):
        rng = random.Random(seed)
        p = slitherlink.random_puzzle(rng, 4, 4, reveal=rng.choice([0.3, 1.0]), corrupt=0.5)
        kinds[min(len(cpsat.solve(slitherlink.model(p), limit=2).solutions), 2)] += 1
    assert kinds[0] and kinds[1] and kinds[2], kinds


def test_random_loop_is_one_loop():
    for seed in range(10):
        rng = random.Random(seed)
        h, w = rng.randint(1, 7), rng.randint(1, 7)
        assert is_one_loop(slitherlink.random_loop(rng, h, w, fill=rng.random()))


# real instances ------------------------------------------------------------------------


def corpus_records(max_cells: int, count: int) -> list[dict]:
    path = CORPUS / "slitherlink" / "slitherlink.jsonl"
    if not path.is_file():
        pytest.skip("../shared/corpus/slitherlink is not present")
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    small = [r for r in records if r["rows"] * r["cols"] <= max_cells and r.get("solution")]
    return sorted(small, key=lambda r: (r["rows"] * r["cols"], r["id"]))[:count]


def shaded_outline(solution_text: str) -> frozenset:
    """The loop of a reference solution given as shading: 'x' inside, '-' outside."""
    rows = [line.split() for line in solution_text.strip().split("\n")[1:]]
    return outline({(r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t == "x"})


@pytest.mark.corpus
def test_real_instances_match_their_published_solutions():
    for record in corpus_records(max_cells=100, count=5):
        text = "\n".join("".join("." if v < 0 else str(v) for v in row) for row in record["grid"]) + "\n"
        p = slitherlink.parse(text, record["id"])
        result = cpsat.solve(slitherlink.model(p), limit=2)
        assert result.complete and len(result.solutions) == 1, record["id"]
        solution = slitherlink.decode(p, result.solutions[0])
        assert slitherlink.verify(p, solution) == [], record["id"]
        assert solution.edges == shaded_outline(record["solution"]), record["id"]


# puzzles made in Python ------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message",
    [
        ([[None, 4]], "grid[0][1]: expected None (no clue) or a clue 0-3, found 4"),
        ([[None, "1"]], "grid[0][1]: expected None (no clue) or a clue 0-3, found '1'"),
        ([[False]], "grid[0][0]: expected None (no clue) or a clue 0-3, found False"),
        ([[None], [None, None]], "grid[1]: ragged grid: expected 1 cells in this row (as in row 0), found 2"),
        ([[None] * 1001], "grid: grid 1x1001 is over the size limit (1000 rows or columns, 40000 cells)"),
        ([], "grid: grid must have at least one row and column, got 0x0"),
    ],
)
def test_puzzle_data_is_checked_when_made(data, message):
    assert refused(slitherlink.Puzzle, data) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists():
    assert slitherlink.Puzzle([[None, 3], [0, None]]) == puzzle(".3\n0.\n")


# solution JSON -----------------------------------------------------------------------------

LATTICE = "the lattice points of the 2x3 grid (rows 0..2, columns 0..3)"


@pytest.mark.parametrize(
    "data, message",
    [
        ({"edges": {}}, "solution field 'edges' must be a list, found {}"),
        ({"edges": [[[0, 0], [0, "1"]]]}, "edges[0][1]: expected [row, col], found [0, '1']"),
        ({"edges": [[[2, 3], [3, 3]]]}, f"edges[0][1]: (3, 3) is outside {LATTICE}"),
        ({"edges": [[[0, 0], [0, 2**31]]]}, f"edges[0][1]: (0, 2147483648) is outside {LATTICE}"),
        ({"edges": [[[0, 0], [0, 1]], [[0, 0], [0, 1]]]},
         "edges[1]: the edge (0, 0)-(0, 1) is listed twice (first as edges[0])"),
    ],
)
def test_malformed_solution_json_is_refused(data, message):
    assert judged(slitherlink, puzzle(".3.\n0..\n"), data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast():
    big = puzzle(("." * 199 + "3\n") * 200)
    problems = judged(slitherlink, big, {"edges": cell_edges(201, 201)})
    assert len(problems) > 40_000 and "the cell (0, 199) shows 3 but the loop uses 4 of its sides" in problems
