"""Puzzle generation: unique on two backend families, graded as asked, reproducible, distinct.

Every genre with a recipe makes a few small puzzles; each is solved again here on ``sat`` and
``search`` (limit 2) and graded, independently of the generator's own certification.
Fingerprints are checked against rotations done by hand, and the same seeds are run in two
processes with different hash seeds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT

from puzzlekit import api, genres, ladder
from puzzlekit.clock import Deadline
from puzzlekit.errors import InternalError, UnknownName
from puzzlekit.generate import NotOffered, fingerprint_of, generate, generators, levels, loop, offered, recipe
from puzzlekit.generate.fingerprint import ROT90, TRANSFORMS
from puzzlekit.genres import (
    hashi,
    masyu,
    nonogram,
    numberlink,
    patches,
    queens,
    slitherlink,
    sudoku,
    tents,
    tracks,
    wend,
)
from puzzlekit.genres import zip as zipgenre

#: The package's genres with a generator (a test may have registered a kit genre of its own).
#: The package's generators with a measured recipe (a genre made with the kit alone is tested
#: in its own file: its levels are not measured).
GENERATORS = tuple(name for name in generators()
                   if name in genres.NAMES and not hasattr(genres.get(name), "GENRE"))

#: Per genre: a small size and the levels asked of it in the tests.
CASES: dict[str, tuple[int, int, tuple[str | None, ...]]] = {
    "sudoku": (6, 6, ("rules", "trial")),
    "masyu": (6, 6, ("rules", "lines")),
    "slitherlink": (5, 5, ("rules", "trial")),
    "tents": (6, 6, ("rules", None)),
    "hashi": (6, 6, ("rules", "chain")),
    "nonogram": (6, 6, ("rules",)),
    "queens": (6, 6, ("rules", "trial")),
    "tracks": (6, 6, ("rules", "trial")),
    "zip": (5, 5, ("scan", "trial")),
    "patches": (5, 5, ("scan", "pairs")),
    "numberlink": (6, 6, ("trial", None)),
    "wend": (5, 5, ("scan", None)),
    "swend": (6, 6, ("scan",)),
}


def test_every_recipe_has_a_case():
    assert set(CASES) == set(GENERATORS)


def _check(made: loop.Generated, level: str | None) -> None:
    """Unique on two backend families with the returned solution; the grade is the level
    asked, or a note says which one it is instead."""
    want = made.solution.to_json()
    for backend in ("sat", "search"):
        result = api.solve(made.puzzle, backend=backend, limit=2)
        assert result.unique is True, (backend, made.text())
        assert result.solutions[0].to_json() == want
    graded = api.grade(made.puzzle)
    assert graded.level == made.grade.level
    if level is not None:
        assert made.level == level
        if made.note:
            assert graded.level != level and graded.level in made.note and level in made.note
        else:
            assert graded.level == level


@pytest.mark.parametrize(
    "genre,height,width,level",
    [(g, h, w, lv) for g, (h, w, lvs) in CASES.items() for lv in lvs],
)
def test_small_puzzles_are_unique_and_graded(genre, height, width, level):
    made = list(generate(genre, height, width, level, count=2, seed=1))
    assert len(made) == 2 and made[0].seed == 1 and made[1].seed > 1
    for one in made:
        _check(one, level)
        assert one.fingerprint == fingerprint_of(one.puzzle)
        assert (one.puzzle.height, one.puzzle.width) == (height, width)


def test_the_same_seed_makes_the_same_puzzle():
    first = next(generate("masyu", 6, 6, "lines", seed=4))
    again = next(generate("masyu", 6, 6, "lines", seed=4))
    assert first.text() == again.text() and first.fingerprint == again.fingerprint
    assert first.to_json()["puzzle"] == again.to_json()["puzzle"]


def test_a_later_seed_of_the_pack_remakes_that_puzzle():
    pack = list(generate("zip", 5, 5, "scan", count=3, seed=10))
    third = next(generate("zip", 5, 5, "scan", seed=pack[2].seed))
    assert third.text() == pack[2].text()


_GOLDEN = """
import json, sys
from puzzlekit.generate import generate
out = {}
for genre, (h, w, levels) in json.loads(sys.argv[1]).items():
    made = next(generate(genre, h, w, levels[0], seed=1))
    out[genre] = [made.fingerprint, made.text()]
print(json.dumps(out, sort_keys=True))
"""


def test_golden_seeds_agree_across_processes_and_hash_seeds():
    cases = json.dumps({g: [h, w, list(lv)] for g, (h, w, lv) in CASES.items()})
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", _GOLDEN, cases], cwd=ROOT, env=env, capture_output=True, text=True,
            timeout=600, check=True,
        )
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
    assert set(outputs[0]) == set(GENERATORS)


def test_a_pack_of_fifty_holds_no_puzzle_twice():
    pack = list(generate("zip", 5, 5, "scan", count=50, seed=0))
    assert len({g.fingerprint for g in pack}) == 50
    assert len({g.seed for g in pack}) == 50
    assert len({g.text() for g in pack}) == 50


def test_a_pack_skips_seeds_whose_puzzle_it_already_holds():
    pack = list(generate("sudoku", 4, 4, "rules", count=12, seed=0))
    assert len({g.fingerprint for g in pack}) == 12
    seeds = [g.seed for g in pack]
    assert seeds == sorted(seeds) and seeds[0] == 0


# --- fingerprints under rotation, turned by hand --------------------------------------------

QUARTER = {"U": "R", "R": "D", "D": "L", "L": "U"}


def _turn_grid(rows):
    """A grid a quarter turn clockwise: new[r][c] = old[H-1-c][r]."""
    return tuple(tuple(col) for col in zip(*rows[::-1]))


def _turn_cell(cell, height):
    return (cell[1], height - 1 - cell[0])


def rotate(genre: str, p):
    """The puzzle a quarter turn clockwise, written out per genre (not with the recipes)."""
    h = p.height
    if genre == "sudoku":
        return sudoku.Puzzle(_turn_grid(p.grid), p.box[::-1])
    if genre in ("masyu", "slitherlink", "hashi"):
        return {"masyu": masyu, "slitherlink": slitherlink, "hashi": hashi}[genre].Puzzle(_turn_grid(p.grid))
    if genre == "numberlink":
        return numberlink.Puzzle(_turn_grid(p.grid), p.cover)
    if genre == "queens":
        return queens.Puzzle(tuple("".join(row) for row in _turn_grid(p.grid)))
    if genre == "patches":
        def turned(clue):
            if clue is None or clue.shape not in ("w", "t"):
                return clue
            return patches.Clue(clue.area, "t" if clue.shape == "w" else "w")
        return patches.Puzzle(tuple(tuple(map(turned, row)) for row in _turn_grid(p.grid)))
    if genre == "zip":
        walls = frozenset(tuple(sorted((_turn_cell(a, h), _turn_cell(b, h)))) for a, b in p.walls)
        return zipgenre.Puzzle(_turn_grid(p.grid), walls)
    if genre in ("wend", "swend"):
        return wend.Puzzle(tuple("".join(row) for row in _turn_grid(p.grid)), p.words, p.language)
    if genre == "nonogram":
        return nonogram.Puzzle(tuple(c[::-1] for c in p.cols), tuple(p.rows[::-1]))
    if genre == "tents":
        return tents.Puzzle(tuple(p.rows[::-1]), tuple(p.cols), frozenset(_turn_cell(t, h) for t in p.trees))
    assert genre == "tracks"
    pieces = tuple((_turn_cell(cell, h), "".join(QUARTER[d] for d in letters)) for cell, letters in p.givens)
    ends = (_turn_cell(p.start, h), _turn_cell(p.end, h))
    return tracks.Puzzle(tuple(p.rows[::-1]), tuple(p.cols), *ends, pieces)


@pytest.mark.parametrize("genre", sorted(GENERATORS))
def test_the_fingerprint_does_not_change_when_the_puzzle_turns(genre):
    h, w, lvs = CASES[genre]
    made = next(generate(genre, h, w, lvs[0], seed=2))
    turned = made.puzzle
    for _ in range(4):
        turned = rotate(genre, turned)
        assert fingerprint_of(turned) == made.fingerprint
    assert genres.get(made.genre).format(turned) == made.text()  # four turns: back home
    quarter = rotate(genre, made.puzzle)
    assert api.solve(quarter, backend="sat", limit=2).unique is True  # the turned puzzle is valid


def test_the_recipes_turn_like_the_hand():
    made = next(generate("tracks", 6, 6, "rules", seed=3))
    module = api.genre_module(made.puzzle)
    rec = loop.recipe("tracks")
    assert module.format(rec.transform(made.puzzle, ROT90)) == module.format(rotate("tracks", made.puzzle))
    assert len(TRANSFORMS) == 8 and len(set(TRANSFORMS)) == 8


def test_relabelling_does_not_change_the_fingerprint():
    made = next(generate("queens", 6, 6, "rules", seed=1))
    swap = str.maketrans("ABCDEF", "FEDCBA")
    renamed = queens.Puzzle(tuple(row.translate(swap) for row in made.puzzle.grid))
    assert fingerprint_of(renamed) == made.fingerprint
    made = next(generate("sudoku", 6, 6, "rules", seed=1))
    digits = {0: 0, 1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
    renamed = sudoku.Puzzle(tuple(tuple(digits[v] for v in row) for row in made.puzzle.grid))
    assert fingerprint_of(renamed) == made.fingerprint


def test_different_puzzles_have_different_fingerprints():
    a, b = generate("slitherlink", 5, 5, "rules", count=2, seed=1)
    assert a.fingerprint != b.fingerprint


# --- symmetry, levels and refusals ----------------------------------------------------------


def test_a_grade_counts_search_nodes_up_to_the_budget_it_is_given():
    empty = masyu.Puzzle(tuple((0,) * 6 for _ in range(6)))
    full = api.grade(empty)
    cut = api.grade(empty, search_nodes=2)
    assert full.level == cut.level == "search" and full.nodes > 2 and cut.nodes == 2
    assert full.unique is cut.unique is False  # the search backend decides past the count


def test_a_puzzle_graded_search_is_proven_by_cpsat_when_the_search_is_slow(monkeypatch):
    made = next(generate("masyu", 6, 6, "rules", seed=1))
    graded = ladder.Grade("search", ladder.SEARCH, 0, 0, loop.GRADE_NODES, True)
    module = genres.get("masyu")
    assert loop.certify(module, made.puzzle, made.solution, graded, Deadline(None)) == ["sat", "search"]
    # not searched (the grade's count did not finish): cpsat at once
    assert loop.certify(module, made.puzzle, made.solution, graded, Deadline(None), False) == ["sat", "cpsat"]
    monkeypatch.setattr(loop, "SEARCH_SECONDS", 1e-9)  # the search never finishes in time
    assert loop.certify(module, made.puzzle, made.solution, graded, Deadline(None)) == ["sat", "cpsat"]
    other = masyu.Puzzle(tuple((0,) * 6 for _ in range(6)))  # many loops: cpsat finds a second
    with pytest.raises(InternalError):
        loop.certify(module, other, made.solution, graded, Deadline(None))


@pytest.mark.parametrize("genre,n", [("sudoku", 6), ("slitherlink", 6), ("masyu", 6)])
def test_rot180_shows_clues_in_pairs(genre, n):
    made = next(generate(genre, n, n, None, seed=1, symmetry="rot180"))
    grid = made.puzzle.grid
    empty = 0 if genre != "slitherlink" else None
    for r in range(n):
        for c in range(n):
            assert (grid[r][c] == empty) == (grid[n - 1 - r][n - 1 - c] == empty)
    _check(made, None)


def test_a_level_out_of_reach_asked_with_nearest_is_downgraded_with_a_note():
    made = next(generate("sudoku", 4, 4, "deep", seed=1, nearest=True))
    assert made.level == "deep" and made.grade.rank < ladder.RANKS["deep"]
    assert "no deep sudoku puzzle of size 4x4" in made.note and made.grade.level in made.note
    _check(made, "deep")


def test_level_names_and_aliases():
    assert levels("sudoku")[:4] == ("scan", "rules", "pairs", "trial") and "lines" not in levels("sudoku")
    assert "lines" in levels("masyu") and levels("masyu") == tuple(level.name for level in ladder.LEVELS)
    rank = loop.resolve_level
    assert rank("masyu", "medium") == rank("sudoku", "medium") == ladder.RANKS["trial"]
    assert rank("sudoku", "hard") == rank("hashi", "HARD") == ladder.RANKS["chain"]
    assert loop.resolve_level("queens", "expert") == ladder.RANKS["deep"]
    assert loop.resolve_level("sudoku", "Easy") == ladder.RULES and loop.resolve_level("tents", None) is None
    assert loop.resolve_level("sudoku", "scan") == ladder.SCAN == 0


def test_refusals_name_the_problem():
    with pytest.raises(UnknownName, match="unknown genre"):
        generate("kakuro", 5, 5)
    with pytest.raises(UnknownName, match="unknown genre"):
        generate("no such genre", 5, 5)
    with pytest.raises(ValueError, match="no sudoku puzzle needs the level 'lines'"):
        generate("sudoku", 9, 9, "lines")
    with pytest.raises(UnknownName, match="unknown level"):
        generate("sudoku", 9, 9, "fiendish")
    with pytest.raises(ValueError, match="square"):
        generate("sudoku", 9, 8)
    with pytest.raises(ValueError, match="does not tile"):
        generate("sudoku", 6, 6, box=(4, 2))
    with pytest.raises(ValueError, match="without symmetry"):
        generate("hashi", 7, 7, symmetry="rot180")
    with pytest.raises(UnknownName, match="unknown symmetry"):
        generate("sudoku", 9, 9, symmetry="mirror")
    with pytest.raises(ValueError, match="at least"):
        generate("masyu", 2, 2)
    with pytest.raises(ValueError, match="count"):
        generate("masyu", 6, 6, count=0)


def test_aliases_of_genres_are_understood():
    made = next(generate("Loopy", 4, 4, "rules", seed=1))
    assert made.genre == "slitherlink"


def test_a_box_shape_is_kept():
    made = next(generate("sudoku", 6, 6, "rules", seed=1, box="3x2"))
    assert made.puzzle.box == (3, 2) and made.text().startswith("box: 3x2")


def test_a_disagreement_between_backends_is_an_internal_error(monkeypatch):
    real = api.solve

    def lying(puzzle, backend="auto", **kw):
        result = real(puzzle, backend=backend, **kw)
        if backend == "search":
            return api.SolveResult(result.genre, backend, "solved", result.solutions * 2, False, 0.0)
        return result

    monkeypatch.setattr(loop.api, "solve", lying)
    with pytest.raises(InternalError, match="search: not unique"):
        next(generate("sudoku", 4, 4, "rules", seed=1))


def test_the_generation_benchmark_runs_a_case(tmp_path, capsys):
    from benchmarks import generation

    out = tmp_path / "rows.jsonl"
    assert generation.main(["--cases", "zip-6", "--seeds", "1", "--out", str(out)]) == 0
    row = json.loads(out.read_text().splitlines()[0])
    made = next(generate("zip", 6, 6, "hard", seed=1))  # what the worker process should have made
    assert row["status"] == "ok" and row["genre"] == "zip" and row["grade"] == made.grade.level
    assert "| zip | 6x6 | chain | 1 |" in capsys.readouterr().out  # "hard" is chain
    assert {c.genre for c in generation.CASES} == {
        "masyu", "sudoku", "tents", "slitherlink", "hashi", "tracks", "nonogram", "queens", "zip", "wend",
        "swend",
    }


def test_the_generation_benchmark_runs_tatham_beside_ours(tmp_path):
    from benchmarks import generation, tatham

    case = generation.Case("tracks", 6, 6, "easy", ("tracks", "e"))
    try:
        tatham.game("tracks").binary()
    except tatham.TathamMissing:
        pytest.skip("sgt-puzzles is not installed")
    his = generation.run_tatham(case, 1, 60.0)
    assert his["status"] == "ok" and his["who"] == "tatham" and his["params"] == "6x6de"
    ours = {"genre": "tracks", "height": 6, "width": 6, "level": "rules", "asked": "easy", "seed": 1,
            "time_limit": 60.0, "status": "ok", "seconds": 2.0, "grade": "rules", "note": ""}
    missed = {**ours, "seed": 2, "seconds": 3.0, "grade": "pairs", "note": "no rules puzzle"}
    text = generation.comparison([ours, missed, his])
    assert "| tracks | 6x6 | rules | 2 | 2.5 | 3.0 | 1/2 | pairs 1, rules 1 | 6x6de |" in text
    assert generation.Case("sudoku", 25, 25, "hard", ("solo", "i")).tatham_size == "5x5"


def test_the_incremental_finder_answers_as_a_fresh_solver_does():
    import random

    from puzzlekit import backends, genres
    from puzzlekit.backends import sat_finder
    from puzzlekit.clock import Deadline
    from puzzlekit.genres.tracks import recipe as rec
    from puzzlekit.ir import Clause, Lit

    rng = random.Random(5)
    plant = rec.sample_solution(rng, 6, 6)
    answer, required = rec.answer(plant), sorted(rec.required(plant))
    model = genres.get("tracks").model(rec.puzzle_from(6, 6, required))
    index = {model.vars[i].key: i for i in model.output}
    blocking = Clause(tuple(Lit(i, answer[model.vars[i].key], False) for i in model.output))
    finder = sat_finder.Finder(model, Deadline(None))
    finder.add([blocking])
    optional = sorted(set(rec.clues(plant)) - set(required))
    answers = []
    try:
        for size in (0, 2, 5, 9, len(optional), 3, 0):
            state = {k: v for item in rng.sample(optional, size) for k, v in rec.state(item, 6, 6).items()}
            fixed = [Lit(index[k], v) for k, v in state.items()]
            got = finder.solve(fixed, Deadline(None))
            extra = [Clause((lit,)) for lit in fixed] + [blocking]
            fresh = backends.get("sat").solve(model.with_constraints(clauses=extra), limit=1)
            assert (got is None) == (fresh.status == "unsolvable"), size
            if got is not None:  # a real other solution with those values
                assert got != answer and all(got[k] == v for k, v in state.items())
            answers.append(got is None)
    finally:
        finder.close()
    assert answers[4] is True and answers[0] is False  # every clue: unique; none: not


@pytest.mark.parametrize("rank", [0, 1])
def test_the_guarded_slitherlink_model_deduces_what_the_puzzle_does(rank):
    """At rules and pairs (the levels the generator asks of the guarded model; its trials
    can leave more open than the puzzle's, so trials compile the puzzle itself)."""
    import random

    from puzzlekit.clock import Deadline
    from puzzlekit.generate import guard, phases
    from puzzlekit.genres.slitherlink import recipe as rec

    rng = random.Random(rank)
    plant = rec.sample_solution(rng, 5, 5)
    run = phases.Run(rec, slitherlink, 5, 5, plant, rank, "none", rng, Deadline(None), {
        "solver_calls": 0, "ladder_calls": 0, "repairs": 0})
    assert run._switched() is not None
    optional = [it for orbit in run.orbits for it in orbit]
    for size in (0, 4, 8, 12, 16, len(optional)) * 2:
        items = sorted(rng.sample(optional, size))
        switched, masks = run._reasoner(items, rank)
        closed = switched.close(rank, masks)
        guarded = [switched.model.vars[v].key for v in switched.out if closed.dom[v] & (closed.dom[v] - 1)]
        assert switched is run._switched()[0]
        reasoner = ladder.Reasoner(run._build(items), Deadline(None))
        engine = reasoner.close(rank, reasoner.masks())
        plain = [reasoner.model.vars[v].key for v in reasoner.out if engine.dom[v] & (engine.dom[v] - 1)]
        assert sorted(guarded) == sorted(plain), (rank, size)
    assert guard.guarded(run._build([]), run._build(optional[:1]), [], rec.keys) is None  # no owner


#: The first 16 hex digits of the SHA-256 of the file text of seed 1 at each genre's first
#: level in `CASES`. A change to a recipe or the loop that changes a puzzle changes these on
#: purpose (update them in the same commit and say so); anything else is a reproducibility bug.
GOLDEN: dict[str, str] = {
    "sudoku": "6882fb194d10b8bd",
    "masyu": "4db25fbd57f7852d",
    "slitherlink": "e3cbf6cc47d83b22",
    "tents": "39a96facdf1e229e",
    "hashi": "083e77ef98a9bf6a",
    "nonogram": "3ffe8ce3fe589258",
    "queens": "13bfdadd86b857b4",  # since at most one of up to 25 is every pair (sat)
    "tracks": "5ae0c3b0eeb5203d",
    "zip": "e5efed7c04efad8f",
    "patches": "8d4613e6ef7ff52e",
    "numberlink": "f43acbd674e16a37",
    "wend": "28b0769837f0a252",  # with wordfreq 3.1's lists
    "swend": "b37b760715617843",
}


@pytest.mark.parametrize("genre", sorted(GOLDEN))
def test_golden_seeds_make_the_recorded_bytes(genre):
    import hashlib

    height, width, asked = CASES[genre]
    made = next(generate(genre, height, width, asked[0], seed=1))
    assert hashlib.sha256(made.text().encode()).hexdigest()[:16] == GOLDEN[genre], made.text()


def test_the_benchmark_knows_the_generator_aliases():
    from benchmarks import generation

    assert generation.ALIASES == loop.ALIASES


# --- the levels offered ----------------------------------------------------------------------


def test_every_recipe_offers_measured_levels_of_its_own():
    for genre in GENERATORS:
        table = recipe(genre).RELIABLE
        assert table, genre
        assert set(table) <= set(levels(genre)) - {"search"}, genre
        assert all(set(sides) <= set(recipe(genre).SIDES) for sides in table.values()), genre


@pytest.mark.parametrize("genre", GENERATORS)
def test_a_size_takes_the_levels_made_at_the_nearest_size_measured(genre):
    sides = recipe(genre).SIDES
    at = {side: {lv for lv, made in recipe(genre).RELIABLE.items() if side in made} for side in sides}
    for side in range(2, 2 * max(sides)):
        below = [s for s in sides if s <= side]
        nearest = max(below) if below else min(sides)
        assert set(offered(genre, side, side)) == at[nearest], (genre, side)
    small, large = min(sides), max(sides)
    assert set(offered(genre, small, large)) == at[small if small * large < sides[1] ** 2 else sides[1]]
    assert offered(genre, 3, 3), genre  # something is always offered


def test_a_level_not_offered_is_refused_with_the_levels_made_and_nearest_tries_it():
    genre, side = "hashi", 6
    missing = [lv for lv in levels(genre) if lv not in offered(genre, side, side)]
    assert "search" in missing
    level = missing[0]
    with pytest.raises(NotOffered) as refused:
        generate(genre, side, side, level)
    said = str(refused.value)
    assert repr(level) in said and "nearest" in said
    assert all(name in said for name in offered(genre, side, side))
    made = next(generate(genre, side, side, level, seed=1, nearest=True))
    assert made.grade.level == level or made.note.startswith(f"no {level} {genre} puzzle")
    assert api.solve(made.puzzle, backend="sat", limit=2).unique is True


@pytest.mark.parametrize("level", ["trial", "chain"])
def test_the_removal_hints_change_no_sudoku_puzzle(level, monkeypatch):
    """The plant's values skipped, the early end of a ``chain`` and the second solutions
    sought near a removed given (`phases.Run._hints`, `_near_other`) only save work: with
    them off, the same seeds make the same puzzles. No two rules are read together (as on
    the largest grids, whose counts are too long for it), so ``chain`` takes the fast path
    where the hints act."""
    from puzzlekit.generate import phases
    from puzzlekit.ladder import rules

    monkeypatch.setattr(rules, "MAX_SCOPE", 0)

    def made() -> list[str]:
        return [g.text() for g in generate("sudoku", 9, 9, level, count=3, seed=40, nearest=True)]

    hinted = made()
    monkeypatch.setattr(phases.Run, "_hints", lambda self, reasoner, items, rank: (None, []))
    monkeypatch.setattr(phases.Run, "_near_other", lambda self, items: False)
    assert made() == hinted


def test_a_scan_sudoku_is_graded_scan():
    """Removal at ``scan`` decides by scan's own closure (the best of several kinds, so no
    shortcut of a single fixpoint applies): seed 2090 once came back graded ``rules``."""
    made = next(generate("sudoku", 9, 9, "scan", seed=2090))
    assert made.grade.level == "scan" and not made.note
