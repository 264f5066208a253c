"""Numberlink: the seed instance, cover modes against brute force, the rule checker, bad files."""

from __future__ import annotations

import json
import random

import pytest
from conftest import EXAMPLES
from refusals import cell_edges, file_and_data_agree, judged, refused

from puzzlekit import grid
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError
from puzzlekit.genres import numberlink as nl


def puzzle(text: str) -> nl.Puzzle:
    return nl.parse(text, "test")


def line(*cells: tuple[int, int]) -> frozenset:
    """The edges of a path through the given cells, in order."""
    return frozenset(grid.edge(a, b) for a, b in zip(cells, cells[1:]))


def solution(p: nl.Puzzle, edges: frozenset) -> nl.Solution:
    return nl.Solution(frozenset(edges), nl.label_cells(p, frozenset(edges)))


def problems(p: nl.Puzzle, edges: frozenset) -> list[str]:
    return nl.verify(p, solution(p, edges))


# brute force, written from the rules without the module's checker ------------------------------


def rules_hold(p: nl.Puzzle, edges: frozenset) -> bool:
    """Each pair joined by its own simple path; nothing else drawn; cover: all uses every cell;
    with u-turns: no, no three steps go round one 2x2 block."""
    links: dict = {cell: [] for cell in grid.cells(p.height, p.width)}
    for a, b in edges:
        links[a].append(b)
        links[b].append(a)
    numbers = p.numbers()
    used = set()
    for a, b in p.pairs().values():
        walk, prev = [a], None
        while walk[-1] != b:
            here = walk[-1]
            if len(links[here]) != (1 if here == a else 2):
                return False
            nxt = [n for n in links[here] if n != prev]
            prev = here
            if nxt[0] in numbers and nxt[0] != b:
                return False
            walk.append(nxt[0])
            if len(walk) > p.height * p.width:
                return False
        if len(links[b]) != 1:
            return False
        used |= set(walk)
    drawn = {c for e in edges for c in e}
    if not drawn <= used or len(used) != sum(len(links[c]) for c in used) // 2 + len(p.pairs()):
        return False  # an edge off the paths, or a chord between cells of the paths
    if p.uturns == "no":
        for r in range(p.height - 1):
            for c in range(p.width - 1):
                block = [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)),
                         ((r, c + 1), (r + 1, c + 1))]
                if sum(e in edges for e in block) > 2:
                    return False
    return p.cover == "any" or len(used) == p.height * p.width


def all_solutions(p: nl.Puzzle) -> set[frozenset]:
    """Every edge subset of the grid that keeps the rules (tiny grids only)."""
    edges = list(grid.cell_edges(p.height, p.width))
    out = set()
    for mask in range(1 << len(edges)):
        chosen = frozenset(e for i, e in enumerate(edges) if mask >> i & 1)
        if rules_hold(p, chosen):
            out.add(chosen)
    return out


def solve_all(p: nl.Puzzle, limit: int = 100) -> set[frozenset]:
    result = cpsat.solve(nl.model(p), limit=limit)
    assert result.complete
    found = [nl.decode(p, a) for a in result.solutions]
    assert all(nl.verify(p, s) == [] for s in found)
    return {s.edges for s in found}


# solving ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seed_run() -> tuple:
    """The seed instance and its CP-SAT run with limit=2 (solved once for the module)."""
    p = nl.parse((EXAMPLES / "numberlink01.txt").read_text(), "numberlink01.txt")
    return p, cpsat.solve(nl.model(p), limit=2)


def test_seed_instance_is_unique_and_valid(seed_run):
    p, result = seed_run
    assert p.cover == "all" and len(p.pairs()) == 8
    assert result.status == "solved"
    assert result.complete and len(result.solutions) == 1
    s = nl.decode(p, result.solutions[0])
    assert nl.verify(p, s) == []
    assert all(k for row in s.cells for k in row)
    assert rules_hold(p, s.edges)


def test_cover_any_has_more_solutions_than_cover_all():
    corners = "1 0 0\n0 0 0\n0 0 1\n"
    full, loose = puzzle(corners), puzzle("cover: any\n" + corners)
    assert loose.cover == "any"
    brute_full, brute_loose = all_solutions(full), all_solutions(loose)
    assert len(brute_full) == 2 and len(brute_loose) == 12
    assert brute_full < brute_loose
    assert solve_all(full) == brute_full
    assert solve_all(loose) == brute_loose


@pytest.mark.parametrize("seed", range(10))
def test_model_admits_exactly_what_the_rules_admit(seed):
    rng = random.Random(seed)
    h, w = rng.choice([(2, 3), (3, 2), (3, 3), (2, 4)])
    cover = rng.choice(nl.COVER_MODES)
    p = nl.random_puzzle(rng, h, w, cover=cover, pairs=rng.randint(1, 2))
    brute = all_solutions(p)
    assert brute, "random puzzles are built from a solution"
    assert solve_all(p) == brute
    strict = nl.Puzzle(p.grid, p.cover, "no")
    assert solve_all(strict) == all_solutions(strict) <= brute


def test_u_turns_no_rules_out_a_line_round_three_sides_of_a_block():
    text = "1 0 0\n0 0 0\n0 0 1\n"
    loose, strict = puzzle(text), puzzle("u-turns: no\n" + text)
    assert strict.uturns == "no" and loose.uturns == "yes"
    # the two snakes through every cell turn back beside themselves; nothing else covers the grid
    assert len(all_solutions(loose)) == 2 and all_solutions(strict) == set()
    assert solve_all(strict) == set()
    wide = puzzle("cover: any\nu-turns: no\n0 1 1\n0 0 0\n")
    round_the_block = line((0, 1), (1, 1), (1, 2), (0, 2))
    assert rules_hold(puzzle("cover: any\n0 1 1\n0 0 0\n"), round_the_block)
    assert problems(wide, round_the_block) == [
        "a line turns back beside itself in the 2x2 block at (0, 1) (u-turns: no)"
    ]
    assert problems(wide, line((0, 1), (0, 2))) == []
    ring = line((0, 1), (0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2))  # round a 3x3 grid
    assert problems(puzzle("cover: any\nu-turns: no\n0 1 1\n0 0 0\n0 0 0\n"), ring) == []


def test_unsolvable_instance_is_reported():
    p = puzzle("1 2\n2 1\n")
    result = cpsat.solve(nl.model(p), limit=2)
    assert result.status == "unsolvable" and result.complete
    assert all_solutions(p) == set()


def test_model_outputs_the_edges_only():
    p = puzzle("1 0 2\n0 0 0\n1 0 2\n")
    m = nl.model(p)
    assert set(m.output_keys()) == {nl.edge_key(a, b) for a, b in grid.cell_edges(3, 3)}
    assert m.stats()["disjointpaths"] == 1


# the rule checker --------------------------------------------------------------------------------

BANDS = puzzle("1 0 0 1\n2 0 0 2\n3 0 0 3\n")
BAND_EDGES = line((0, 0), (0, 1), (0, 2), (0, 3)) | line((1, 0), (1, 1), (1, 2), (1, 3)) | line(
    (2, 0), (2, 1), (2, 2), (2, 3)
)
# 1 runs down and over into 2's row, 2 runs back up into 1's row
SWAPPED = BAND_EDGES - line((0, 2), (0, 3)) - line((1, 2), (1, 3)) | line((0, 2), (1, 2))
CORNERS_ALL = puzzle("1 0 0\n0 0 0\n0 0 1\n")
CORNERS_ANY = puzzle("cover: any\n1 0 0\n0 0 0\n0 0 1\n")
CORNER_L = line((0, 0), (0, 1), (0, 2), (1, 2), (2, 2))


def test_verify_accepts_a_valid_solution():
    assert problems(BANDS, BAND_EDGES) == []
    assert problems(CORNERS_ANY, CORNER_L) == []


@pytest.mark.parametrize(
    "p, edges, expected",
    [
        # a path joins 1 to 2 (and the other 1 to the other 2)
        (
            BANDS,
            SWAPPED | line((0, 3), (1, 3)),
            "joins different numbers",
        ),
        (BANDS, SWAPPED, "not joined"),
        # a line ends in an empty cell
        (BANDS, BAND_EDGES - line((0, 2), (0, 3)), "a line ends at (0, 2)"),
        (BANDS, BAND_EDGES - line((0, 2), (0, 3)), "no line leaves number 1 at (0, 3)"),
        # cover: all leaves a cell empty
        (CORNERS_ALL, CORNER_L, "cell (1, 1) is on no path"),
        # a stray loop beside the paths
        (puzzle("cover: any\n1 0 1\n0 0 0\n0 0 0\n"), line((0, 0), (0, 1), (0, 2))
         | line((1, 0), (1, 1), (2, 1), (2, 0), (1, 0)), "stray loop"),
        # branching
        (BANDS, BAND_EDGES | line((0, 1), (1, 1)), "lines branch at (0, 1)"),
        # crossing
        (
            puzzle("cover: any\n0 1 0\n2 0 2\n0 1 0\n"),
            line((0, 1), (1, 1), (2, 1)) | line((1, 0), (1, 1), (1, 2)),
            "lines cross at (1, 1)",
        ),
        # a path runs through a third number
        (puzzle("cover: any\n1 2 1\n0 0 0\n0 2 0\n"), line((0, 0), (0, 1), (0, 2)),
         "number 2 at (0, 1) is not the end of a line"),
        # edges that are not steps on the grid
        (BANDS, frozenset({((0, 0), (1, 1))}), "does not join orthogonal neighbours"),
        (BANDS, frozenset({((2, 3), (2, 4))}), "leaves the 3x4 grid"),
    ],
)
def test_verify_names_each_broken_rule(p, edges, expected):
    found = problems(p, frozenset(edges))
    assert any(expected in x for x in found), found


def test_verify_checks_the_cells_field():
    wrong = [list(row) for row in nl.label_cells(BANDS, BAND_EDGES)]
    wrong[1][1] = 3
    found = nl.verify(BANDS, nl.Solution(BAND_EDGES, tuple(map(tuple, wrong))))
    assert found == ["cells gives 3 at (1, 1) but the paths give 2"]
    assert nl.verify(BANDS, nl.Solution(BAND_EDGES, ((1, 1),))) == ["cells is not a 3x4 grid"]


@pytest.mark.parametrize(
    "text", ["cover: any\n1 0 2\n0 0 0\n2 0 1\n", "1 0 0 2\n1 0 0 2\n", "cover: any\n1 2 0\n0 1 2\n"]
)
def test_verify_agrees_with_the_rules_on_every_edge_set(text):
    p = puzzle(text)
    edges = list(grid.cell_edges(p.height, p.width))
    for mask in range(1 << len(edges)):
        chosen = frozenset(e for i, e in enumerate(edges) if mask >> i & 1)
        assert (problems(p, chosen) == []) == rules_hold(p, chosen), sorted(chosen)


# decoding, JSON and drawing ------------------------------------------------------------------------


def test_decode_labels_the_cells_along_each_path():
    assignment = {nl.edge_key(a, b): int(grid.edge(a, b) in BAND_EDGES) for a, b in grid.cell_edges(3, 4)}
    s = nl.decode(BANDS, assignment)
    assert s.edges == BAND_EDGES
    assert s.cells == ((1, 1, 1, 1), (2, 2, 2, 2), (3, 3, 3, 3))
    corner = nl.decode(CORNERS_ANY, {nl.edge_key(*e): 1 for e in CORNER_L})
    assert corner.cells == ((1, 1, 1), (0, 0, 1), (0, 0, 1))


def test_solution_json_round_trip_and_either_field():
    s = solution(CORNERS_ANY, CORNER_L)
    data = json.loads(json.dumps(s.to_json()))
    assert data["cells"] == [[1, 1, 1], [0, 0, 1], [0, 0, 1]]
    assert data["edges"] == sorted(data["edges"]) and all(a <= b for a, b in data["edges"])
    assert nl.solution_from_json(CORNERS_ANY, data) == s
    assert nl.solution_from_json(CORNERS_ANY, {"edges": data["edges"]}) == s
    assert nl.solution_from_json(CORNERS_ANY, {"cells": data["cells"]}) == s


@pytest.mark.parametrize(
    "data, words",
    [
        ({}, "neither"),
        ({"edges": [[[0, 0], [0, 1]]], "cells": [[1, 1, 1], [0, 0, 1], [0, 0, 1]]}, "but the edges give"),
        ({"cells": [[1, 1], [1, 1]]}, "list of 3 rows"),
        ({"cells": [[1, 1, 1], [0, -1, 1], [0, 0, 1]]}, "cells[1][1]"),
        ({"cells": [[1, 1, 1], [1, 1, 1], [0, 0, 1]]}, "give 'edges' as well"),
    ],
)
def test_bad_solution_json(data, words):
    with pytest.raises(ParseError) as info:
        nl.solution_from_json(CORNERS_ANY, data)
    assert words in str(info.value)


def cell_columns(text: str, size: int) -> list[list[str]]:
    """The glyph under the last digit of each cell, row by row."""
    rows = [row.ljust(99) for row in text.split("\n")]
    return [[row[c * (size + 1) + size - 1] for c in range(99 // (size + 1))] for row in rows]


def test_render_keeps_two_digit_columns_aligned():
    p = puzzle("10 0 0 10\n0 0 0 0\n1 0 0 1\n")
    s = solution(p, line((0, 0), (0, 1), (0, 2), (0, 3)) | line((2, 0), (2, 1), (2, 2), (2, 3)))
    assert nl.render(p).split("\n") == ["10  ·  · 10", " ·  ·  ·  ·", " 1  ·  ·  1"]
    assert nl.render(p, s).split("\n") == ["10───────10", " ·  ·  ·  ·", " 1────────1"]
    turn = puzzle("10 0\n0 0\n0 10\n")
    drawn = nl.render(turn, solution(turn, line((0, 0), (1, 0), (1, 1), (2, 1))))
    assert drawn.split("\n") == ["10  ·", " └──┐", " · 10"]


def test_render_draws_each_edge_of_the_seed_solution(seed_run):
    p, result = seed_run
    s = nl.decode(p, result.solutions[0])
    glyphs = cell_columns(nl.render(p, s), 1)
    for (r, c), k in p.numbers().items():
        assert glyphs[r][c] == str(k)
    rows = nl.render(p, s).split("\n")
    for (r, c), (r2, c2) in s.edges:
        if r == r2:
            assert rows[r][2 * c + 1] == "─"
        else:
            assert glyphs[r][c] in "│┌┐╷├┤┬┼" + "0123456789" and glyphs[r2][c2] in "│└┘╵├┤┴┼0123456789"


# reading and writing ---------------------------------------------------------------------------------


def test_format_parse_round_trip():
    rng = random.Random(7)
    for h, w, cover in [(1, 2, "all"), (3, 5, "any"), (6, 4, "all"), (9, 9, "any")]:
        p = nl.random_puzzle(rng, h, w, cover=cover)
        assert nl.parse(nl.format(p), "x") == p
    seed = (EXAMPLES / "numberlink01.txt").read_text()
    assert nl.format(nl.parse(seed)) == seed
    wide = nl.Puzzle(((12, 0, 3), (3, 0, 12)), "any")
    assert nl.format(wide) == "cover: any\n12  0  3\n 3  0 12\n"
    assert nl.parse(nl.format(wide)) == wide


def test_cover_header_values():
    assert puzzle("cover: all\n1 1\n").cover == "all"
    assert puzzle("# note\ncover: ANY\n1 1\n").cover == "any"
    assert puzzle("1 1\n").cover == "all"
    assert puzzle("u-turns: NO\n1 1\n").uturns == "no" and puzzle("1 1\n").uturns == "yes"
    strict = puzzle("cover: any\nu-turns: no\n1 0 1\n")
    assert nl.format(strict) == "cover: any\nu-turns: no\n1 0 1\n" and nl.parse(nl.format(strict)) == strict
    assert nl.format(puzzle("u-turns: yes\n1 1\n")) == "1 1\n"


@pytest.mark.parametrize(
    "text, line_no, column, words",
    [
        ("1 0\n0 1 0\n", 2, 5, "ragged grid"),
        ("1 0 0\n0 1\n", 2, 4, "ragged grid"),
        ("# a comment\n\n1 x\n0 1\n", 3, 3, "found 'x'"),
        ("1 2.5\n2.5 1\n", 1, 3, "found '2.5'"),
        ("1 -2\n-2 1\n", 1, 3, "negative number '-2'"),
        ("1 0\n0 2\n1 0\n", 2, 3, "number 2 appears only once"),
        ("1 0\n3 0\n0 1\n0 2\n2 0\n", 2, 1, "number 3 appears only once"),
        ("1 1\n0 1\n", 2, 3, "number 1 appears a third time"),
        ("cover: some\n1 1\n", 1, 8, "cover must be 'all' or 'any'"),
        ("u-turns: never\n1 1\n", 1, 10, "u-turns must be 'yes' or 'no'"),
        ("size: 3\n1 1\n", 1, 1, "unknown header"),
        ("cover: all\ncover: any\n1 1\n", 2, 1, "given twice"),
        ("0 0\n0 0\n", 1, 1, "no numbers"),
        ("cover: any\n", 1, 1, "no grid rows"),
        ("1 1 " + "0 " * 999 + "\n", 1, 1, "over the size limit"),
    ],
)
def test_bad_files_name_line_and_column(text, line_no, column, words):
    with pytest.raises(ParseError) as info:
        nl.parse(text, "bad.txt")
    err = info.value
    assert (err.source, err.line, err.column) == ("bad.txt", line_no, column)
    assert words in str(err)
    assert str(err).startswith(f"bad.txt:{line_no}:{column}: ")


# random instances -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_random_puzzles_are_valid_deterministic_and_solvable(seed):
    h, w = [(2, 2), (4, 5), (6, 6), (3, 8), (1, 7), (7, 3)][seed]
    cover = nl.COVER_MODES[seed % 2]
    p = nl.random_puzzle(random.Random(seed), h, w, cover=cover)
    assert p == nl.random_puzzle(random.Random(seed), h, w, cover=cover)
    assert (p.height, p.width, p.cover) == (h, w, cover)
    assert nl.parse(nl.format(p)) == p  # every number exactly twice
    result = cpsat.solve(nl.model(p))
    assert result.status == "solved"
    assert nl.verify(p, nl.decode(p, result.solutions[0])) == []


def test_random_puzzle_arguments():
    p = nl.random_puzzle(random.Random(3), 5, 5, pairs=4)
    assert len(p.pairs()) == 4
    with pytest.raises(ValueError):
        nl.random_puzzle(random.Random(0), 1, 1)
    with pytest.raises(ValueError):
        nl.random_puzzle(random.Random(0), 2, 2, pairs=3)
    with pytest.raises(ValueError):
        nl.random_puzzle(random.Random(0), 2, 2, cover="some")


# real instances -------------------------------------------------------------------------------------------


def exits_to_edges(text: str) -> frozenset:
    """Edges from the corpus's per-cell exit letters (first line: the size)."""
    rows = [r.split() for r in text.split("\n")[1:] if r.strip()]
    step = {"s": (1, 0), "e": (0, 1)}
    out = set()
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            for letter, (dr, dc) in step.items():
                if letter in token:
                    out.add(((r, c), (r + dr, c + dc)))
    return frozenset(out)


@pytest.mark.corpus
def test_small_corpus_instances(corpus):
    records = [json.loads(x) for x in (corpus / "numberlink" / "numberlink.jsonl").read_text().splitlines()]
    small = sorted(
        (r for r in records if r["full_coverage"] and r["rows"] * r["cols"] <= 64),
        key=lambda r: (r["rows"] * r["cols"], r["id"]),
    )[:3]
    assert small
    for record in small:
        p = nl.Puzzle(tuple(tuple(row) for row in record["grid"]), "all")
        result = cpsat.solve(nl.model(p))
        s = nl.decode(p, result.solutions[0])
        assert nl.verify(p, s) == [], record["id"]
        if record.get("solution"):
            assert s.edges == exits_to_edges(record["solution"]), record["id"]


# puzzles made in Python ----------------------------------------------------------------------


TWICE = "(each number appears exactly twice)"

@pytest.mark.parametrize(
    "args, message",
    [
        (([[1, 1]], "some"), "cover: cover must be 'all' or 'any', found 'some'"),
        (([[1, 1]], None), "cover: cover must be 'all' or 'any', found None"),
        (([[1, -1]],), "grid[0][1]: expected 0 (empty) or a number k >= 1, found -1"),
        (([[1, 10**12]],), "grid[0][1]: expected 0 (empty) or a number k >= 1, found 1000000000000"),
        (([[1, "1"]],), "grid[0][1]: expected 0 (empty) or a number k >= 1, found '1'"),
        (([[1, 1], [1, 0]],), f"grid[1][0]: number 1 appears a third time {TWICE}"),
        (([[1, 2], [1, 0]],), f"grid[0][1]: number 2 appears only once {TWICE}"),
        (([[0, 0]],), "grid: no numbers: the grid needs at least one pair"),
        (([[1, 1], []],), "grid[1]: ragged grid: expected 2 cells in this row (as in row 0), found 0"),
    ],
)
def test_puzzle_data_is_checked_when_made(args, message):
    assert refused(nl.Puzzle, *args) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_and_cover_in_any_case():
    assert nl.Puzzle([[1, 1]], "ANY") == puzzle("cover: any\n1 1\n")
    file_and_data_agree(puzzle, "1 0\n0 2\n1 0\n", lambda: nl.Puzzle(((1, 0), (0, 2), (1, 0))))


# solution JSON -------------------------------------------------------------------------------


TWO_BANDS = [[1, 1, 1, 1], [2, 2, 2, 2]]
NUMBERS = "expected 0 or a number of the puzzle (1, 2, 3)"

@pytest.mark.parametrize(
    "data, message",
    [
        ({"edges": [[[0, 0], [2147483648, 0]]]}, "edges[0][1]: (2147483648, 0) is outside the 3x4 grid"),
        ({"edges": [[[0, 0], [0, 1]], [[0, 0], [0, 1]]]},
         "edges[1]: the edge (0, 0)-(0, 1) is listed twice (first as edges[0])"),
        ({"edges": [[[0, 0], ["0", 1]]]}, "edges[0][1]: expected [row, col], found ['0', 1]"),
        ({"cells": [*TWO_BANDS, [3, 3, 3, 4]]}, f"cells[2][3]: {NUMBERS}, found 4"),
        ({"cells": [*TWO_BANDS, [3, 3, 3, 10**500]]},
         f"cells[2][3]: {NUMBERS}, found 100000000000000000...0000000000000000000"),
        ({"cells": [*TWO_BANDS, [3, 3, 3, True]]}, f"cells[2][3]: {NUMBERS}, found True"),
        ({"cells": [*TWO_BANDS, [3, 3, 3]]}, "cells[2] must be a list of 4 numbers, found [3, 3, 3]"),
    ],
)
def test_malformed_solution_json_is_refused(data, message):
    assert judged(nl, BANDS, data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast():
    big = puzzle("".join(f"{r + 1} " + "0 " * 198 + f"{r + 1}\n" for r in range(200)))
    problems = judged(nl, big, {"edges": cell_edges(200, 200)})
    assert len(problems) > 40_000 and "lines cross at (1, 1)" in problems
    assert judged(nl, big, {"edges": [[[2147483648, 0], [0, 0]]]}) == (
        "solution: edges[0][0]: (2147483648, 0) is outside the 200x200 grid"
    )


@pytest.mark.parametrize("backend", ["cpsat", "z3", "mip", "sat", "csp", "search"])
def test_every_backend_keeps_the_u_turn_rule(backend):
    from puzzlekit import api, backends

    if not backends.installed().get(backend):
        pytest.skip(f"{backend} is not installed")
    rng = random.Random(11)
    for _ in range(4):
        p = nl.random_puzzle(rng, 3, 3, cover=rng.choice(nl.COVER_MODES), pairs=rng.randint(1, 2))
        strict = nl.Puzzle(p.grid, p.cover, "no")
        result = api.solve(strict, backend=backend, limit=100)
        assert result.complete
        assert {s.edges for s in result.solutions} == all_solutions(strict), (backend, p)
