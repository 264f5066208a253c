"""Patches: the example on every backend, clue tokens and bad files, verify per rule, brute force."""

from __future__ import annotations

import json
import random

import pytest
from conftest import CORPUS, EXAMPLES
from refusals import file_and_data_agree, judged, refused, timed

from puzzlekit import backends
from puzzlekit.backends import cpsat
from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import OutOfTime, ParseError, UnknownName
from puzzlekit.genres import patches as pa

EXAMPLE = EXAMPLES / "patches01.txt"
SHIKAKU = CORPUS / "sw" / "shikaku" / "Shikaku_dataset.json"
OTHER_BACKENDS = ("z3", "mip", "sat", "csp", "search")
# The example's split, worked out by hand (see the comment in the file).
EXAMPLE_RECTS = (
    (0, 0, 1, 1), (0, 1, 3, 1), (0, 2, 3, 2), (0, 4, 2, 2),
    (1, 0, 2, 1), (2, 4, 4, 2), (3, 0, 3, 3), (3, 3, 3, 1),
)


def puzzle(text: str) -> pa.Puzzle:
    return pa.parse(text, "t")


def solve_all(p: pa.Puzzle, limit: int = 200) -> set[tuple]:
    """Every solution's rectangles by CP-SAT enumeration (which must be complete), each verified."""
    result = cpsat.solve(pa.model(p), limit=limit)
    assert result.complete
    out = set()
    for a in result.solutions:
        solution = pa.decode(p, a)
        assert pa.verify(p, solution) == []
        out.add(solution.rects)
    return out


def brute_force(p: pa.Puzzle) -> set[tuple]:
    """Every split of the grid into rectangles that keeps the rules (tiny grids only).

    The first free cell in reading order is always the top-left corner of a new rectangle.
    """
    h, w = p.height, p.width
    out: set[tuple] = set()

    def ok(top: int, left: int, height: int, width: int) -> bool:
        clues = [p.grid[r][c] for r in range(top, top + height) for c in range(left, left + width)]
        clues = [x for x in clues if x is not None]
        if len(clues) != 1:
            return False
        clue = clues[0]
        if clue.area is not None and clue.area != height * width:
            return False
        wanted = {"s": height == width, "w": width > height, "t": height > width, None: True}
        return wanted[clue.shape]

    def fill(free: set, rects: list) -> None:
        if not free:
            out.add(tuple(sorted(rects)))
            return
        top, left = min(free)
        for height in range(1, h - top + 1):
            for width in range(1, w - left + 1):
                cells = {(r, c) for r in range(top, top + height) for c in range(left, left + width)}
                if cells <= free and ok(top, left, height, width):
                    fill(free - cells, rects + [(top, left, height, width)])

    fill({(r, c) for r in range(h) for c in range(w)}, [])
    return out


@pytest.fixture(scope="module")
def example() -> tuple[pa.Puzzle, pa.Solution]:
    p = pa.parse(EXAMPLE.read_text(), str(EXAMPLE))
    result = cpsat.solve(pa.model(p), limit=2)
    assert result.status == "solved" and result.complete and len(result.solutions) == 1
    return p, pa.decode(p, result.solutions[0])


# --- the example -----------------------------------------------------------------------------


def test_example_is_unique_and_valid(example) -> None:
    p, solution = example
    assert solution.rects == EXAMPLE_RECTS
    assert pa.verify(p, solution) == []
    assert brute_force(p) == {EXAMPLE_RECTS}


@pytest.mark.parametrize("name", OTHER_BACKENDS)
def test_example_on_other_backends(example, name: str) -> None:
    try:
        backend = backends.get(name)
    except UnknownName:
        pytest.skip(f"backend {name} is not part of this build")
    if backends.version(name) is None:
        pytest.skip(f"backend {name} is not installed")
    p, solution = example
    result = backend.solve(pa.model(p), limit=2)
    assert result.status == "solved" and result.complete
    assert [pa.decode(p, a) for a in result.solutions] == [solution]


def test_solution_json_round_trip(example) -> None:
    p, solution = example
    data = json.loads(json.dumps(solution.to_json()))
    assert data == {"rects": [list(x) for x in EXAMPLE_RECTS]}
    assert pa.solution_from_json(p, data) == solution


@pytest.mark.parametrize(
    "data",
    [{}, {"rects": {}}, {"rects": [[0, 0, 1]]}, {"rects": [[0, 0, 1, "1"]]}, {"rects": [[0, 0, 1, True]]},
     {"rects": [7]}],
)
def test_solution_from_json_rejects_bad_shapes(example, data) -> None:
    with pytest.raises(ParseError):
        pa.solution_from_json(example[0], data)


def test_render(example) -> None:
    p, solution = example
    lines = pa.render(p, solution).splitlines()
    assert len(lines) == 2 * p.height + 1
    assert lines[0] == "┌──┬──┬─────┬─────┐"
    assert lines[1] == "│1s│  │   6 │4s   │"
    assert lines[-1] == "└────────┴──┴─────┘"
    assert pa.render(puzzle("2 .\n")) == "┌─┬─┐\n│2│ │\n└─┴─┘"
    assert pa.render(puzzle("2 .\n"), pa.make_solution([(0, 0, 1, 2)])) == "┌───┐\n│2  │\n└───┘"


# --- file format -----------------------------------------------------------------------------


def test_clue_tokens() -> None:
    p = puzzle("4s 6 w\n3t ? .\n")
    assert p.grid == (
        (pa.Clue(4, "s"), pa.Clue(6, None), pa.Clue(None, "w")),
        (pa.Clue(3, "t"), pa.Clue(None, None), None),
    )
    assert [str(c) for c in p.clues().values()] == ["4s", "6", "w", "3t", "?"]


def test_format_round_trip() -> None:
    text = EXAMPLE.read_text()
    p = pa.parse(text, "t")
    assert pa.format(p) == "".join(line + "\n" for line in text.splitlines() if not line.startswith("#"))
    assert pa.parse(pa.format(p), "t") == p


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        (". 0s\n. .\n", 1, 3, "area is at least 1, found '0s'"),
        ("0 .\n", 1, 1, "area is at least 1"),
        (". 4x\n", 1, 4, "unknown shape letter 'x'"),
        ("4S .\n. .\n", 1, 2, "unknown shape letter 'S'"),
        ("s4 .\n", 1, 1, "expected '.', '?', or an area"),
        ("4 -\n. .\n", 1, 3, "found '-'"),
        ("3s . .\n", 1, 1, "no square has area 3"),
        ("1w .\n", 1, 1, "a 1x1 rectangle is a square, not wider than tall"),
        ("1 .\n. 5\n", 2, 3, "area 5 is larger than the grid (4 cells)"),
        (". .\n. .\n", 1, 1, "no clues"),
        ("2 .\n. . .\n", 2, 5, "ragged grid"),
        ("size: 2\n2 .\n", 1, 1, "unknown header"),
    ],
)
def test_bad_input(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        pa.parse(text, "bad.txt")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in str(info.value)


# --- the model ---------------------------------------------------------------------------------


def test_candidates_hold_one_clue_of_the_right_size() -> None:
    p = puzzle("2 . .\n. . 4\n")
    options = pa.candidates(p)
    assert options == {(0, 0): [(0, 0, 1, 2), (0, 0, 2, 1)], (1, 2): [(0, 1, 2, 2)]}
    # the 4 has one candidate, which covers (0, 1): the 2 cannot take it, so the model leaves it out
    assert pa.pieces(p) == {(0, 0): [(0, 0, 2, 1)], (1, 2): [(0, 1, 2, 2)]}
    m = pa.model(p)
    assert sorted(m.output_keys()) == [("rect", 0, 0, 2, 1), ("rect", 0, 1, 2, 2)]
    assert solve_all(p) == {((0, 0, 2, 1), (0, 1, 2, 2))}


def clues_in(p: pa.Puzzle, rect: tuple) -> int:
    return sum(p.grid[r][c] is not None for r, c in pa.rect_cells(rect))


def scanned_candidates(p: pa.Puzzle) -> dict:
    """Candidates by looking at every rectangle of the grid (the reference for `pa.candidates`)."""
    out = {}
    for (r, c), clue in sorted(p.clues().items()):
        rects = [
            (top, left, height, width)
            for top in range(r + 1) for left in range(c + 1)
            for height in range(r - top + 1, p.height - top + 1)
            for width in range(c - left + 1, p.width - left + 1)
        ]
        out[(r, c)] = sorted(rect for rect in rects if clue.fits(*rect[2:]) and clues_in(p, rect) == 1)
    return out


def seeded_puzzle(seed: int, side: int, areas: list[float], corrupt: float) -> pa.Puzzle:
    """A random puzzle of up to ``side`` x ``side``, areas shown with one of the ``areas`` chances."""
    rng = random.Random(seed)
    h, w = rng.randint(1, side), rng.randint(1, side)
    knobs = {"area": rng.choice(areas), "shape": rng.choice([0.0, 0.5]), "corrupt": corrupt}
    return pa.random_puzzle(rng, h, w, size=rng.choice([2, 3, 5]), **knobs)


@pytest.mark.parametrize("seed", range(30))
def test_candidates_and_pieces_lose_no_solution(seed: int) -> None:
    p = seeded_puzzle(seed, 5, [0.0, 0.3, 0.8], 0.5)
    options = pa.candidates(p)
    assert options == scanned_candidates(p)
    kept = pa.pieces(p)
    assert all(set(kept[cell]) <= set(options[cell]) for cell in options)
    used = {rect for solution in brute_force(p) for rect in solution}
    assert used <= {rect for rects in kept.values() for rect in rects}


@pytest.mark.parametrize("seed", range(40))
def test_both_ways_of_pruning_find_the_same_cores(seed: int) -> None:
    """On the listed rectangles as bit masks, or over row spans: the same cores, the same pieces."""
    from puzzlekit.genres import _rectangles

    p = seeded_puzzle(seed, 14, [0.5, 0.9, 1.0], 0.4)
    clues = sorted(p.clues().items())
    boxes = pa.cores(p, clues, UNLIMITED)
    masked, options = _rectangles._masked_cores(p, clues, UNLIMITED)
    assert masked == boxes
    spans = pa.listed(p, clues, boxes, UNLIMITED)
    assert options is None or options == spans
    if options is None and p.height * p.width <= 30:  # it says there is no solution: brute force agrees
        assert not brute_force(p)


def test_pieces_of_lone_and_far_apart_bare_clues() -> None:
    lone = pa.Puzzle([[pa.Clue() if (r, c) == (30, 30) else None for c in range(60)] for r in range(60)])
    assert pa.pieces(lone) == {(30, 30): [(0, 0, 60, 60)]}
    # only the ? at (1, 1) reaches the corner (0, 0), only the one at (3, 3) the corner (4, 4)
    two = puzzle(". . . . .\n. ? . . .\n. . . . .\n. . . ? .\n. . . . .\n")
    kept = pa.pieces(two)
    assert min(kept[(1, 1)]) == (0, 0, 2, 2) and all(rect[:2] == (0, 0) for rect in kept[(1, 1)])
    assert all(rect[0] + rect[2] == rect[1] + rect[3] == 5 for rect in kept[(3, 3)])
    assert len(kept[(1, 1)]) < len(pa.candidates(two)[(1, 1)])
    assert solve_all(two) == brute_force(two)


def test_shapes_and_bare_clues() -> None:
    assert solve_all(puzzle("? .\n. .\n")) == {((0, 0, 2, 2),)}  # one clue: one rectangle
    assert solve_all(puzzle("s ?\n")) == {((0, 0, 1, 1), (0, 1, 1, 1))}
    assert solve_all(puzzle("w .\n")) == {((0, 0, 1, 2),)}
    assert solve_all(puzzle("t .\n")) == set()
    # two bare clues on a diagonal: split across or down the middle
    two = puzzle("? .\n. ?\n")
    assert solve_all(two) == brute_force(two) == {
        ((0, 0, 1, 2), (1, 0, 1, 2)),
        ((0, 0, 2, 1), (0, 1, 2, 1)),
    }
    # a cell that no clue's rectangle can reach leaves no solution
    assert solve_all(puzzle("1 .\n")) == set()


@pytest.mark.parametrize("seed", range(14))
def test_model_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    h, w = rng.choice([(2, 3), (3, 3), (3, 4), (4, 3), (2, 4)])
    knobs = {"area": rng.choice([0.0, 0.3, 0.8]), "shape": rng.choice([0.0, 0.5]), "corrupt": 0.6}
    p = pa.random_puzzle(rng, h, w, size=3, **knobs)
    assert solve_all(p) == brute_force(p)


def test_random_puzzle_knobs_give_zero_one_and_many() -> None:
    counts = set()
    for seed in range(40):
        p = pa.random_puzzle(random.Random(seed), 4, 4, area=0.6, shape=0.4, corrupt=0.4)
        counts.add(len(cpsat.solve(pa.model(p), limit=2).solutions))
    assert counts == {0, 1, 2}


@pytest.mark.parametrize("seed", range(10))
def test_random_puzzle_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    h, w = rng.randint(1, 7), rng.randint(1, 7)
    p = pa.random_puzzle(rng, h, w, area=rng.random(), shape=rng.random(), corrupt=0.5)
    assert pa.random_puzzle(random.Random(seed), h, w) == pa.random_puzzle(random.Random(seed), h, w)
    assert (p.height, p.width) == (h, w)
    assert pa.parse(pa.format(p), "t") == p


# --- verify: one broken rule at a time -----------------------------------------------------


def replaced(solution: pa.Solution, old: tuple, *new: tuple) -> pa.Solution:
    return pa.make_solution([x for x in solution.rects if x != old] + list(new))


def test_verify_rejects_uncovered_and_overlapping_cells(example) -> None:
    p, solution = example
    problems = pa.verify(p, replaced(solution, (0, 0, 1, 1)))
    assert "1 cells lie in no rectangle: (0, 0)" in problems
    grown = replaced(solution, (0, 0, 1, 1), (0, 0, 1, 2))
    assert "cell (0, 1) lies in both [0, 0, 1, 2] and [0, 1, 3, 1]" in pa.verify(p, grown)


def test_verify_rejects_rectangles_without_exactly_one_clue(example) -> None:
    p, solution = example
    # the 3 in column 1 and the 2t in column 0 merged into one 2x2 block
    both = [x for x in solution.rects if x not in ((0, 1, 3, 1), (1, 0, 2, 1))]
    problems = pa.verify(p, pa.make_solution(both + [(1, 0, 2, 2), (0, 1, 1, 1)]))
    assert "rectangle [1, 0, 2, 2] holds 2 clues, not exactly one" in problems
    assert "rectangle [0, 1, 1, 1] holds 0 clues, not exactly one" in problems
    cut = replaced(solution, (2, 4, 4, 2), (2, 4, 1, 2), (3, 4, 3, 2))
    assert pa.verify(p, cut) == ["rectangle [2, 4, 1, 2] holds 0 clues, not exactly one"]


def test_verify_rejects_wrong_area(example) -> None:
    p, solution = example
    bad = replaced(solution, (3, 3, 3, 1), (4, 3, 2, 1), (3, 3, 1, 1))
    problems = pa.verify(p, bad)
    assert "rectangle [4, 3, 2, 1] has area 2, its clue 3 at (4, 3) asks 3" in problems


def test_verify_rejects_wrong_shape() -> None:
    p = puzzle("t . .\n. . .\n")
    assert pa.verify(p, pa.make_solution([(0, 0, 2, 3)])) == [
        "rectangle [0, 0, 2, 3] is 2x3, its clue t at (0, 0) asks taller than wide"
    ]
    p = puzzle("4s . . .\n")
    problems = pa.verify(p, pa.make_solution([(0, 0, 1, 4)]))
    assert problems == ["rectangle [0, 0, 1, 4] is 1x4, its clue 4s at (0, 0) asks square"]


def test_verify_rejects_rectangles_off_the_grid(example) -> None:
    p, solution = example
    off = replaced(solution, (3, 0, 3, 3), (5, 0, 2, 3))
    assert "rectangle [5, 0, 2, 3] leaves the 6x6 grid" in pa.verify(p, off)
    empty = pa.make_solution([*solution.rects, (0, 0, 0, 1)])
    assert pa.verify(p, empty) == ["rectangle [0, 0, 0, 1] is empty"]


# --- corpus (optional) ---------------------------------------------------------------------


def corpus_text(problem: str) -> str:
    """A Shikaku dataset entry (header, then '-' or area per cell) in the patches format."""
    rows = problem.strip().split("\n")[1:]
    return "".join(" ".join("." if t == "-" else t for t in row.split()) + "\n" for row in rows)


def same_split(solution: pa.Solution, ids: list[list[str]]) -> bool:
    """Whether the rectangles group the cells exactly as the published id grid does."""
    piece = {cell: rect for rect in solution.rects for cell in pa.rect_cells(rect)}
    cells = [(r, c) for r in range(len(ids)) for c in range(len(ids[0]))]
    return all(
        (ids[a[0]][a[1]] == ids[b[0]][b[1]]) == (piece[a] == piece[b])
        for a in cells for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])) if b in piece
    )


@pytest.mark.corpus
@pytest.mark.skipif(not SHIKAKU.exists(), reason="../shared/corpus is absent")
def test_corpus_instances() -> None:
    data = json.loads(SHIKAKU.read_text())["data"]
    for key in sorted(data)[:3]:
        p = pa.parse(corpus_text(data[key]["problem"]), key)
        result = cpsat.solve(pa.model(p), limit=2)
        assert result.complete and len(result.solutions) == 1, key
        solution = pa.decode(p, result.solutions[0])
        assert pa.verify(p, solution) == [], key
        ids = [line.split() for line in data[key]["solution"].strip().split("\n")[1:]]
        assert same_split(solution, ids), key


# --- puzzles made in Python ----------------------------------------------------------------


LETTERS = "expected s (square), w (wider than tall) or t (taller than wide)"

@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, "s"), "a rectangle's area is at least 1, found '0s'"),
        ((-3, None), "a rectangle's area is at least 1, found '-3'"),
        ((3, "s"), "no square has area 3 ('3s')"),
        ((1, "t"), "a 1x1 rectangle is a square, not taller than wide ('1t')"),
        ((None, "x"), f"unknown shape letter 'x': {LETTERS}"),
        ((None, 1), f"unknown shape letter 1: {LETTERS}"),
        ((2.0, None), "a clue's area is a whole number, found 2.0"),
        ((10**5000, None), "area <an integer of about 5000 digits> is larger than any grid (40000 cells)"),
    ],
)
def test_clue_data_is_checked_when_made(args, message) -> None:
    assert refused(pa.Clue, *args) == f"<puzzle>: {message}"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([[pa.Clue(9, "s"), None]], "grid[0][0]: area 9 is larger than the grid (2 cells)"),
        ([[None, None]], "grid: no clues: every rectangle needs one"),
        ([[4, None]], "grid[0][0]: expected a Clue or None, found 4"),
        ([[pa.Clue()], []], "grid[1]: ragged grid: expected 1 cells in this row (as in row 0), found 0"),
    ],
)
def test_puzzle_data_is_checked_when_made(data, message) -> None:
    assert refused(pa.Puzzle, data) == f"<puzzle>: {message}"


def test_puzzle_data_takes_lists_and_agrees_with_the_parser() -> None:
    assert pa.Puzzle([[pa.Clue(2), None]]) == pa.parse("2 .\n", "t")
    file_and_data_agree(lambda t: pa.parse(t, "t"), "1 .\n. 5\n", lambda: pa.Puzzle([[pa.Clue(1), None],
                                                                                     [None, pa.Clue(5)]]))
    file_and_data_agree(lambda t: pa.parse(t, "t"), "3s .\n", lambda: pa.Clue(3, "s"))


# --- solution JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"rects": [[0, 0, 1, 3]]}, "rects[0]: [0, 0, 1, 3] leaves the 1x2 grid"),
        ({"rects": [[0, 2**31, 1, 1]]}, "rects[0]: [0, 2147483648, 1, 1] leaves the 1x2 grid"),
        ({"rects": [[0, 0, 0, 1]]}, "rects[0]: [0, 0, 0, 1] is empty (height and width are at least 1)"),
        ({"rects": [[0, 0, 1, 1], [0, 0, 1, 1]]},
         "rects[1]: [0, 0, 1, 1] is listed twice (first as rects[0])"),
        ({"rects": [[0, 0, 1, "2"]]}, "rects[0]: expected [top, left, height, width], found [0, 0, 1, '2']"),
        ({"rects": [[0, 0, 1, 1]] * 3}, "rects: 3 rectangles listed, but the 1x2 grid has only 2 cells"),
    ],
)
def test_malformed_solution_json_is_refused(data, message) -> None:
    assert judged(pa, pa.parse("2 .\n", "t"), data) == f"solution: {message}"


def test_a_big_bad_solution_is_judged_fast() -> None:
    squares = pa.Clue(4, "s")
    big = pa.Puzzle([[squares if r % 2 == 0 == c % 2 else None for c in range(200)] for r in range(200)])
    nested = [[0, 0, h, w] for h in range(1, 201) for w in range(1, 201)]  # 40,000 rectangles, overlapping
    problems = judged(pa, big, {"rects": nested})
    first = "(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), ..."
    assert f"39999 cells lie in more than one rectangle: {first}" in problems
    assert "rectangle [0, 0, 2, 2] holds 1 clues, not exactly one" not in problems


# --- large grids -----------------------------------------------------------------------------


def bare(n: int, *cells: tuple[int, int]) -> pa.Puzzle:
    return pa.Puzzle([[pa.Clue() if (r, c) in cells else None for c in range(n)] for r in range(n)])


@pytest.mark.parametrize("n", [30, 60, 200])
def test_a_lone_bare_clue_builds_at_once(n: int) -> None:
    p = bare(n, (n // 2, n // 2))  # 15 s, minutes and out of memory before
    # 10 s of CPU: the 200x200 takes 1-3 s, and its CPU time runs high on a loaded machine
    assert timed(lambda: pa.model(p), 10.0).output_keys() == [("rect", 0, 0, n, n)]


def test_model_building_stops_at_the_deadline() -> None:
    p = bare(60, (10, 10), (50, 50))  # about 5 s to build
    with pytest.raises(OutOfTime):
        timed(lambda: pa.model(p, deadline=Deadline(0.2)), 1.5)


def test_a_model_too_large_to_build_is_refused() -> None:
    with pytest.raises(pa.ModelTooLarge) as info:
        timed(lambda: pa.model(bare(100, (0, 0), (99, 99))), 2.0)
    words = "would need 19,998 candidate rectangles covering 50,985,000 cells (the limit is 10,000,000)"
    assert words in str(info.value)


def test_a_state_on_a_model_too_large_is_refused_as_the_puzzle_is(tmp_path, capsys) -> None:
    """Leaving out the "no" rectangles no solution can use lists the candidates, so a state
    with any on a puzzle too free to model is refused like the puzzle: exit 2, no traceback."""
    from puzzlekit import cli

    p = bare(100, (0, 0), (99, 99))
    words = "would need 19,998 candidate rectangles"
    with pytest.raises(pa.ModelTooLarge, match=words):
        timed(lambda: pa.state_from_json(p, {"rects": [], "no_rects": [[0, 0, 1, 1]]}), 2.0)
    assert pa.state_from_json(p, {"rects": [[0, 0, 1, 1]], "no_rects": []}) == {pa.rect_key((0, 0, 1, 1)): 1}
    puzzle, state = tmp_path / "free.txt", tmp_path / "state.json"
    puzzle.write_text(pa.format(p))
    state.write_text('{"rects": [], "no_rects": [[0, 0, 1, 1]]}')
    assert cli.main(["hint", "patches", str(puzzle), "--state", str(state)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
