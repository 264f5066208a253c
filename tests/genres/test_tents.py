"""Tents: the example on every backend, parsing and bad files, verify per rule, brute force."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re

import pytest
from conftest import CORPUS, EXAMPLES
from refusals import file_and_data_agree, judged, refused

from puzzlekit import backends
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError, UnknownName
from puzzlekit.genres import tents

EXAMPLE = EXAMPLES / "tents01.txt"
TENT_SET = CORPUS / "sw" / "tents" / "Tent_dataset.json"
OTHER_BACKENDS = ("z3", "mip", "sat", "csp", "search")
# The example's tents, worked out by hand from the zero rows and columns (see the file).
FAR = "cols: 1 0 0 1\nrows: 1 0 1\n.T.T\n....\n....\n"
EXAMPLE_TENTS = ((0, 0), (0, 5), (2, 5), (3, 1), (3, 3), (5, 0), (5, 3), (5, 5))
# Four trees on the edge midpoints of a 3x3 ring, tents on its corners: one tent set, and
# two ways to pair it off (each corner tent touches two trees).
RING = "cols: 2 0 2\nrows: 2 0 2\n.T.\nT.T\n.T.\n"


def puzzle(text: str) -> tents.Puzzle:
    return tents.parse(text, "t")


def solve_all(p: tents.Puzzle, limit: int = 50) -> set[tuple]:
    """Every solution's tents by CP-SAT enumeration (which must be complete), each verified."""
    result = cpsat.solve(tents.model(p), limit=limit)
    assert result.complete
    out = set()
    for a in result.solutions:
        solution = tents.decode(p, a)
        assert tents.verify(p, solution) == []
        out.add(solution.tents)
    return out


def pairs_off(trees: list, chosen: set) -> bool:
    """Whether the trees can each take a different orthogonally adjacent tent (backtracking)."""
    if not trees:
        return True
    (r, c), rest = trees[0], trees[1:]
    for spot in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if spot in chosen and pairs_off(rest, chosen - {spot}):
            return True
    return False


def brute_force(p: tents.Puzzle) -> set[tuple]:
    """Every tent set over the empty cells that keeps the rules (tiny grids only)."""
    empty = [(r, c) for r in range(p.height) for c in range(p.width) if (r, c) not in p.trees]
    out = set()
    for chosen in itertools.combinations(empty, len(p.trees)):  # one tent per tree
        pairs = itertools.combinations(chosen, 2)
        if any(abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1 for a, b in pairs):
            continue
        if [sum(t[1] == c for t in chosen) for c in range(p.width)] != list(p.cols):
            continue
        if [sum(t[0] == r for t in chosen) for r in range(p.height)] != list(p.rows):
            continue
        if pairs_off(sorted(p.trees), set(chosen)):
            out.add(tuple(sorted(chosen)))
    return out


@pytest.fixture(scope="module")
def example() -> tuple[tents.Puzzle, tents.Solution]:
    p = tents.parse(EXAMPLE.read_text(), str(EXAMPLE))
    result = cpsat.solve(tents.model(p), limit=2)
    assert result.status == "solved" and result.complete and len(result.solutions) == 1
    return p, tents.decode(p, result.solutions[0])


# --- the example -----------------------------------------------------------------------------


def test_example_is_unique_and_valid(example) -> None:
    p, solution = example
    assert solution.tents == EXAMPLE_TENTS
    assert tents.verify(p, solution) == []


@pytest.mark.parametrize("name", OTHER_BACKENDS)
def test_example_on_other_backends(example, name: str) -> None:
    try:
        backend = backends.get(name)
    except UnknownName:
        pytest.skip(f"backend {name} is not part of this build")
    if backends.version(name) is None:
        pytest.skip(f"backend {name} is not installed")
    p, solution = example
    result = backend.solve(tents.model(p), limit=2)
    assert result.status == "solved" and result.complete
    assert [tents.decode(p, a) for a in result.solutions] == [solution]


def test_solution_json_round_trip(example) -> None:
    p, solution = example
    data = json.loads(json.dumps(solution.to_json()))
    assert data == {"tents": [list(t) for t in EXAMPLE_TENTS]}
    assert tents.solution_from_json(p, data) == solution


@pytest.mark.parametrize("data", [{}, {"tents": 1}, {"tents": [[0]]}, {"tents": [[0, "1"]]}, {"tents": [3]}])
def test_solution_from_json_rejects_bad_shapes(example, data) -> None:
    with pytest.raises(ParseError):
        tents.solution_from_json(example[0], data)


def test_render(example) -> None:
    p, solution = example
    lines = tents.render(p, solution).splitlines()
    assert lines[0] == "   2 1 0 2 0 3"
    assert lines[1] == " 2 ▲ ♣ · · ♣ ▲"
    assert lines[6] == " 3 ▲ · · ▲ · ▲"
    assert "▲" not in tents.render(p)


# --- file format -----------------------------------------------------------------------------


def test_format_round_trip() -> None:
    text = EXAMPLE.read_text()
    p = tents.parse(text, "t")
    assert (p.height, p.width, len(p.trees)) == (6, 6, 8)
    assert p.cols == (2, 1, 0, 2, 0, 3) and p.rows == (2, 0, 1, 2, 0, 3)
    assert tents.format(p) == "".join(line + "\n" for line in text.splitlines() if not line.startswith("#"))
    assert tents.parse(tents.format(p), "t") == p


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("rows: 1\nT.\n", 1, 1, "missing header 'cols:'"),
        ("cols: 1 0\nT.\n", 1, 1, "missing header 'rows:'"),
        ("cols: 1 0\nrows: 1\n", 2, 8, "expected the grid"),
        ("cols: 1 0\nrows: 1\nsize: 2\nT.\n", 3, 1, "unknown header 'size'"),
        ("cols: 1 0 0\nrows: 1\nT.\n", 1, 7, "expected 2 column counts (the grid has 2 columns), found 3"),
        ("cols: 1 0\nrows: 1 0\nT.\n", 2, 7, "expected 1 row counts"),
        ("cols: 1 x\nrows: 1\nT.\n", 1, 9, "found 'x'"),
        ("cols: 1 -1\nrows: 0\nT.\n", 1, 9, "cannot be negative"),
        ("cols: 2 0\nrows: 2\n.T\n", 1, 7, "count 2 is more than the 1 rows"),
        ("cols: 1 0\nrows: 0\nT.\n", 2, 1, "row counts add up to 0 but the column counts to 1"),
        ("cols: 1 0\nrows: 1\nTx\n", 3, 2, "expected 'T' (tree) or '.' (empty), found 'x'"),
        ("cols: 1 0\nrows: 1 0\nT.\n...\n", 4, 3, "ragged grid"),
    ],
)
def test_bad_input(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        tents.parse(text, "bad.txt")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in str(info.value)


# --- the model ---------------------------------------------------------------------------------


def test_model_output_is_tents_only(example) -> None:
    p, _ = example
    m = tents.model(p)
    keys = m.output_keys()
    assert len(keys) == 36 - 8 and all(k[0] == "tent" for k in keys)
    assert any(v.key[0] == "pair" for v in m.vars)


def test_pairings_do_not_count_twice() -> None:
    p = puzzle(RING)
    corners = ((0, 0), (0, 2), (2, 0), (2, 2))
    assert solve_all(p) == brute_force(p) == {corners}
    # the pairing variables alone would tell two answers apart: they must stay out of the key
    m = tents.model(p)
    with_pairs = dataclasses.replace(m, output=tuple(range(len(m.vars))))
    assert len(cpsat.solve(with_pairs, limit=5).solutions) == 2


def test_each_tree_takes_one_tent() -> None:
    # One tree and two tents beside it would meet the counts.
    p = puzzle("cols: 1 0 1\nrows: 2\n.T.\n")
    assert solve_all(p) == set() == brute_force(p)


def test_each_tent_needs_a_tree_beside_it() -> None:
    # The counts force a tent at (2, 3), which touches no tree.
    p = puzzle(FAR)
    assert solve_all(p) == set() == brute_force(p)


@pytest.mark.parametrize("seed", range(12))
def test_model_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    h, w = rng.choice([(2, 3), (3, 3), (3, 4), (4, 3), (3, 5)])
    p = tents.random_puzzle(rng, h, w, density=rng.choice([0.2, 0.4]), twin=0.5, corrupt=0.3)
    assert solve_all(p) == brute_force(p)


def test_twin_motif_gives_two_solutions() -> None:
    for seed in range(5):
        p = tents.random_puzzle(random.Random(seed), 5, 5, density=0.3, twin=1.0)
        assert len(solve_all(p)) >= 2


def test_random_puzzle_knobs_give_zero_one_and_many() -> None:
    counts = set()
    for seed in range(60):
        p = tents.random_puzzle(random.Random(seed), 4, 4, density=0.4, twin=0.5, corrupt=0.3)
        counts.add(len(cpsat.solve(tents.model(p), limit=2).solutions))
    assert counts == {0, 1, 2}


@pytest.mark.parametrize("seed", range(10))
def test_random_puzzle_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    h, w = rng.randint(1, 7), rng.randint(1, 7)
    p = tents.random_puzzle(rng, h, w, density=rng.random(), twin=0.5, corrupt=0.5)
    assert tents.random_puzzle(random.Random(seed), h, w) == tents.random_puzzle(random.Random(seed), h, w)
    assert (p.height, p.width) == (h, w)
    assert tents.parse(tents.format(p), "t") == p


# --- verify: one broken rule at a time -----------------------------------------------------


def moved(solution: tents.Solution, old: tuple, new: tuple) -> tents.Solution:
    return tents.make_solution([new if t == old else t for t in solution.tents])


def test_verify_rejects_tent_on_a_tree_or_off_the_grid(example) -> None:
    p, solution = example
    assert "tent (0, 1) stands on a tree" in tents.verify(p, moved(solution, (0, 0), (0, 1)))
    assert "tent (6, 0) is outside the 6x6 grid" in tents.verify(p, moved(solution, (5, 0), (6, 0)))
    twice = tents.make_solution(list(solution.tents) + [(0, 0)])
    assert "tent (0, 0) is listed more than once" in tents.verify(p, twice)


def test_verify_rejects_touching_tents(example) -> None:
    p, solution = example
    problems = tents.verify(p, moved(solution, (0, 5), (1, 5)))
    assert "tents (1, 5) and (2, 5) touch" in problems
    diagonal = tents.verify(p, moved(solution, (3, 1), (4, 2)))
    assert "tents (3, 3) and (4, 2) touch" in diagonal


def test_verify_rejects_wrong_counts(example) -> None:
    p, solution = example
    problems = tents.verify(p, moved(solution, (0, 5), (1, 5)))
    assert "row 0 has 1 tents, the count is 2" in problems
    assert "row 1 has 1 tents, the count is 0" in problems
    problems = tents.verify(p, moved(solution, (0, 5), (0, 3)))
    assert "column 3 has 3 tents, the count is 2" in problems
    assert "column 5 has 2 tents, the count is 3" in problems


def test_verify_rejects_a_missing_pairing() -> None:
    p = puzzle(FAR)
    candidate = tents.make_solution([(0, 0), (2, 3)])  # counts right, apart, but (2, 3) has no tree
    assert tents.verify(p, candidate) == [
        "trees left without a tent of their own: (0, 3)",
        "tents left without a tree of their own: (2, 3)",
    ]
    assert tents.verify(p, tents.make_solution([(0, 0)]))[-2:] == [
        "there are 1 tents for 2 trees",
        "trees left without a tent of their own: (0, 3)",
    ]


def test_verify_finds_a_pairing_that_needs_reassignment() -> None:
    # Tree (1, 1) sees tents (1, 0) and (1, 2); tree (2, 0) sees only (1, 0). Pairing the
    # first tree with the first tent it meets would leave the second one without a tent.
    p = puzzle("cols: 1 0 1\nrows: 0 2 0\n...\n.T.\nT..\n")
    solution = tents.make_solution([(1, 0), (1, 2)])
    assert tents.verify(p, solution) == []
    assert solve_all(p) == brute_force(p) == {solution.tents}


# --- corpus (optional) ---------------------------------------------------------------------


def corpus_text(problem: str) -> str:
    """A dataset entry (header, column counts, row counts, grid of x/-) in our format."""
    lines = problem.strip().split("\n")
    grid = ["".join("T" if t == "x" else "." for t in line.split()) for line in lines[3:]]
    return f"cols: {lines[1]}\nrows: {lines[2]}\n" + "\n".join(grid) + "\n"


@pytest.mark.corpus
@pytest.mark.skipif(not TENT_SET.exists(), reason="../shared/corpus is absent")
def test_corpus_instances() -> None:
    data = json.loads(TENT_SET.read_text())["data"]
    for key in sorted(data)[:4]:
        p = tents.parse(corpus_text(data[key]["problem"]), key)
        result = cpsat.solve(tents.model(p), limit=2)
        assert result.complete and len(result.solutions) == 1, key
        solution = tents.decode(p, result.solutions[0])
        assert tents.verify(p, solution) == [], key
        grid = [line.split() for line in data[key]["solution"].strip().split("\n")[1:]]
        published = tuple((r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == "o")
        assert solution.tents == published, key


# --- puzzles made in Python ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (((), (0,), ()), "cols: grid must have at least one row and column, got 1x0"),
        (((0,), (0,) * 1001, ()), "rows: grid 1001x1 is over the size limit (1000 rows or columns, 40000 "
         "cells)"),
        ((("1",), (1,), ()), "cols[0]: expected a tent count (a whole number), found '1'"),
        (((1, -1), (0,), ()), "cols[1]: a tent count cannot be negative, found -1"),
        (((2, 0), (2,), ()), "cols[0]: count 2 is more than the 1 rows of the grid"),
        (((1,), (2,), ()), "rows[0]: count 2 is more than the 1 columns of the grid"),
        (((1, 0), (0,), ()),
         "rows: the row counts add up to 0 but the column counts to 1: both count the same tents, so they "
         "must agree"),
        (((0,), (0,), [(3, 0)]), "trees[0]: tree (3, 0) is outside the 1x1 grid (rows 0..0, columns 0..0)"),
        (((0,), (0,), [(0,)]), "trees[0]: expected a tree (row, column), found (0,)"),
        (((0,), (0,), 5), "trees: expected a collection of tree cells, found 5"),
    ],
)
def test_puzzle_data_is_checked_when_made(args, message) -> None:
    assert refused(tents.Puzzle, *args) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists() -> None:
    assert tents.Puzzle([1, 0], [1], [[0, 1]]) == tents.parse("cols: 1 0\nrows: 1\n.T\n", "t")
    bad = "cols: 1 0\nrows: 0\nT.\n"
    file_and_data_agree(lambda t: tents.parse(t, "t"), bad, lambda: tents.Puzzle((1, 0), (0,), {(0, 0)}))


# --- solution JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tents": [[0, 0], [1, 0]]}, "tents[1]: (1, 0) is outside the 1x2 grid"),
        ({"tents": [[0, 0], [0, 2**31]]}, "tents[1]: (0, 2147483648) is outside the 1x2 grid"),
        ({"tents": [[0, 0], [0, 0]]}, "tents[1]: tent (0, 0) is listed twice (first as tents[0])"),
        ({"tents": [[0, 0], None]}, "tents[1]: expected [row, col], found None"),
    ],
)
def test_malformed_solution_json_is_refused(data, message) -> None:
    assert judged(tents, puzzle("cols: 1 0\nrows: 1\n.T\n"), data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast() -> None:
    trees = {(r, c) for r in range(200) for c in range(200) if (r * 7 + c * 3) % 5 == 0}
    big = tents.Puzzle((0,) * 200, (0,) * 200, trees)
    every = [[r, c] for r in range(200) for c in range(200) if (r, c) not in trees]  # a tent on every cell
    problems = judged(tents, big, {"tents": every})
    assert "tents (0, 1) and (0, 2) touch" in problems
    assert problems[-1].startswith("tents left without a tree")
    assert "trees left without" not in problems[-2]  # every tree has a tent beside it


def test_pairing_is_a_largest_matching() -> None:
    rng = random.Random(4)
    for _ in range(200):
        h, w = rng.randint(1, 5), rng.randint(1, 5)
        cells = [(r, c) for r in range(h) for c in range(w)]
        trees = {cell for cell in cells if rng.random() < 0.4}
        spots = {cell for cell in cells if cell not in trees and rng.random() < 0.6}
        p = tents.Puzzle((0,) * w, (0,) * h, trees)
        matched = tents.pairing(p, spots)
        assert len(set(matched.values())) == len(matched)
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and b in spots for a, b in matched.items())
        assert len(matched) == max(
            (k for k in range(len(trees) + 1) for chosen in itertools.combinations(sorted(trees), k)
             if pairs_off(list(chosen), spots)),
            default=0,
        )


# --- counts left out (puzz.link Tents may leave any count out) ------------------------------

# Two trees in the middle row, a cell apart: without counts, several tent sets keep the rules;
# a top row count of 2 leaves one (both tents above their trees).
OPEN = "cols: ? ? ? ?\nrows: ? ? ?\n....\n.T.T\n....\n"


def test_a_count_may_be_left_out_as_a_question_mark() -> None:
    p = puzzle("cols: 1 ? 0 ?\nrows: ? 1 ?\n.T..\n....\n...T\n")
    assert p.cols == (1, None, 0, None) and p.rows == (None, 1, None)
    assert tents.format(p) == "cols: 1 ? 0 ?\nrows: ? 1 ?\n.T..\n....\n...T\n"
    assert puzzle(tents.format(p)) == p
    assert tents.Puzzle([1, None, 0, None], [None, 1, None], p.trees) == p  # made in Python too


def test_totals_are_compared_only_when_every_count_is_given() -> None:
    assert puzzle("cols: 1 ?\nrows: 0\nT.\n").rows == (0,)
    with pytest.raises(ParseError, match="add up to 0 but the column counts to 1"):
        puzzle("cols: 1 0\nrows: 0\nT.\n")
    with pytest.raises(ParseError, match="count 2 is more than the 1 rows"):
        puzzle("cols: 2 ?\nrows: ?\n.T\n")  # a given count is still checked
    with pytest.raises(ParseError, match=r"found '\?\?'"):
        puzzle("cols: ?? 0\nrows: ?\nT.\n")


def test_a_line_without_a_count_holds_any_number_of_tents() -> None:
    p = puzzle(OPEN)
    free = solve_all(p)
    assert free == brute_force_open(p)
    assert len(free) > 1
    top = dataclasses.replace(p, rows=(2, None, None))
    assert solve_all(top) == {((0, 1), (0, 3))}


def brute_force_open(p: tents.Puzzle) -> set[tuple]:
    """`brute_force` with the counts that are left out taken from each candidate."""
    out = set()
    empty = [(r, c) for r in range(p.height) for c in range(p.width) if (r, c) not in p.trees]
    for chosen in itertools.combinations(empty, len(p.trees)):
        cols = tuple(sum(t[1] == c for t in chosen) if k is None else k for c, k in enumerate(p.cols))
        rows = tuple(sum(t[0] == r for t in chosen) if k is None else k for r, k in enumerate(p.rows))
        if sum(cols) == sum(rows):
            out |= brute_force(tents.Puzzle(cols, rows, p.trees)) & {tuple(sorted(chosen))}
    return out


def test_verify_checks_only_the_counts_given() -> None:
    p = puzzle("cols: ? 1 ? ?\nrows: 1 ? ?\n....\n.T.T\n....\n")
    below = tents.make_solution([(2, 1), (2, 3)])
    problems = tents.verify(p, below)
    assert "row 0 has 0 tents, the count is 1" in problems
    assert not any("column" in text for text in problems)
    mixed = tents.make_solution([(0, 1), (2, 3)])
    assert tents.verify(p, mixed) == []


def test_the_picture_and_text_show_no_number_for_a_count_left_out() -> None:
    from puzzlekit import render

    p = puzzle("cols: 1 ? 0 ?\nrows: ? 1 ?\n.T..\n....\n...T\n")
    picture = render.svg(p)
    counts = re.findall(r'class="count (column|row)"[^>]*>([^<]*)<', picture)
    assert sorted(counts) == [("column", "0"), ("column", "1"), ("row", "1")]
    assert "None" not in picture and ">?<" not in picture
    text = tents.render(p)
    assert "None" not in text and "?" not in text
    assert text.splitlines()[0].split() == ["1", "0"]


def test_a_puzz_link_count_left_out_or_shown_as_a_question_mark_is_none() -> None:
    from puzzlekit import formats

    genre, p = formats.read("https://puzz.link/p?tents/2/2/.1101i")
    assert genre == "tents" and p.cols == (None, 1) and p.rows == (1, 0)  # "." is a ? count
    url = formats.to_url(p)
    assert url.startswith("https://puzz.link/p?tents/2/2/g") and formats.read(url)[1] == p
    assert formats.read(formats.write_pzprv3(p))[1] == p


def test_a_pack_holds_a_puzzle_with_a_count_left_out() -> None:
    from puzzlekit.pack import encoding

    p = puzzle("cols: ? 1\nrows: ?\nT.\n")
    solution = tents.make_solution([(0, 1)])
    assert tents.verify(p, solution) == []
    data = encoding.encode("tents", p, solution)
    assert data["cols"] == [None, 1] and data["rows"] == [None]
    assert encoding.decode(data)[0] == p
    full = puzzle("cols: 0 1\nrows: 1\nT.\n")
    assert encoding.encode("tents", full, solution)["cols"] == [0, 1]
