"""Yin-Yang: a small puzzle on every backend, each broken rule caught by verify, the file, JSON
and state forms, the generator, and the puzz.link golden judged by pzprjs too."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from pzprjs_judge import golden, judge

from puzzlekit import api, backends, formats
from puzzlekit.backends import cpsat
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import yinyang
from puzzlekit.ir import Clause, Lit

CROSSCHECK_SIDES = (3, 4)  # two connectivity rules: MIP and python-constraint are slow beyond

# Made by the package's generator (6x6, seed 1); its answer, checked by hand against the rules
# (B black, W white):
#   B B B B B B
#   W B W B W B
#   W B W B W B
#   W B W B W B
#   W B W B W B
#   W W W W W W
TEXT = "b.....\n.b.b..\n...b..\n..w..b\n..w.w.\n.....w\n"
BLACK = frozenset({(0, c) for c in range(6)} | {(r, c) for r in range(1, 5) for c in (1, 3, 5)})


def puzzle():
    return yinyang.parse(TEXT, "yy.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert s.black == BLACK
    assert yinyang.verify(p, s) == []


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("circles")[:2] == [((0, 0), "b"), ((1, 1), "b")]
    assert yinyang.parse(yinyang.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("..\n.x\n", "bad.txt:2:2", "'w' (white) or 'b' (black) or '.'"),
    ("..\n...\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        yinyang.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert s.to_json()["black"][0] == [0, 0]
    assert yinyang.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = yinyang.state_from_json(p, {"black": [[0, 0]], "white": [[1, 0]]})
    assert yinyang.state_from_json(p, yinyang.state_to_json(p, state)) == state


def broken(p, cells):
    return yinyang.verify(p, yinyang.Solution(black=frozenset(cells)))


def test_each_broken_rule_is_caught():
    p, _ = solved()
    assert "the black circle at (0, 0) is white" in broken(p, BLACK - {(0, 0)})
    assert "the white circle at (3, 2) is black" in broken(p, BLACK | {(3, 2)})
    assert any("black cells are in 3 separate pieces" in x for x in broken(p, BLACK - {(0, 1)}))
    assert any("white cells are in 2 separate pieces" in x for x in broken(p, BLACK | {(5, 0)}))
    assert "the 2x2 block at (1, 1) is all black" in broken(p, BLACK | {(1, 2), (2, 2)})
    assert "the 2x2 block at (4, 0) is all white" in broken(p, BLACK - {(4, 1)})


# A 4x4 from the generator (seed 2), for the backends slow on two connectivity rules at 6x6
SMALL = "...b\nb.b.\n....\nw...\n"


def test_every_installed_backend_finds_the_one_answer():
    p = yinyang.parse(SMALL, "small")
    s = yinyang.Solution(black=frozenset({(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 2), (2, 0), (2, 2)}))
    assert yinyang.verify(p, s) == []
    for name, version in backends.installed().items():
        if version:
            result = api.solve(p, backend=name, limit=3)
            assert result.status == "solved" and result.complete, name
            assert list(result.solutions) == [s], name


@pytest.mark.parametrize("seed", range(4))
def test_the_model_finds_every_answer_brute_force_finds(seed):
    p = yinyang.random_puzzle(random.Random(seed), 3, 4, keep=0.3)
    cells = [(r, c) for r in range(3) for c in range(4)]
    brute = {frozenset(s) for n in range(len(cells) + 1) for s in itertools.combinations(cells, n)
             if not yinyang.verify(p, yinyang.Solution(black=frozenset(s)))}
    result = cpsat.solve(yinyang.model(p), limit=5000)
    assert result.complete
    assert {yinyang.decode(p, a).black for a in result.solutions} == brute


@pytest.mark.parametrize("seed", range(3))
def test_the_generators_loose_model_has_the_same_answers(seed):
    # its links only imply their ends: each answer found is blocked on the cells alone, so
    # the links left free do not list it twice
    p = yinyang.random_puzzle(random.Random(seed), 3, 4, keep=0.3)
    model = yinyang.finder_model(p)
    assert {model.vars[i].key for i in model.output} == {("black", r, c) for r in range(3) for c in range(4)}
    found, blocks = set(), []
    while True:
        result = backends.get("sat").solve(model.with_constraints(clauses=blocks), limit=1)
        if result.status != "solved":
            break
        answer = result.solutions[0]
        found.add(yinyang.decode(p, answer).black)
        blocks.append(Clause(tuple(Lit(i, answer[model.vars[i].key], False) for i in model.output)))
    exact = cpsat.solve(yinyang.model(p), limit=5000)
    assert exact.complete
    assert found == {yinyang.decode(p, a).black for a in exact.solutions}
    # a circle fixes the variable its key names
    for r, c in ((0, 0), (2, 3)):
        assert yinyang.clue_keys(("circles", (r, c), "b")) == [("black", r, c)]


@pytest.mark.parametrize("seed", range(3))
def test_a_circle_is_broken_exactly_where_the_checks_say(seed):
    # the generator reads a counterexample's broken circles off its values (`clue_broken`),
    # not off the checks of a puzzle showing that circle alone: the two must agree
    rng = random.Random(seed)
    answer = yinyang.plant(rng, 5, 5)
    full = yinyang.reveal(answer, 5, 5)
    other = yinyang.plant(rng, 5, 5)
    values = {("black", r, c): int((r, c) in other.black) for r in range(5) for c in range(5)}
    for r in range(5):
        for c in range(5):
            v = full.circles[r][c]
            alone = yinyang.Puzzle(5, 5, circles=[[v if (i, j) == (r, c) else None for j in range(5)]
                                                  for i in range(5)])
            assert yinyang.clue_broken(("circles", (r, c), v), values) == bool(yinyang.verify(alone, other))


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_the_guarded_model_deduces_what_the_puzzle_does(rank):
    """The generator asks one guarded model per plant at every level (``GUARD_TRIALS``): with
    any set of circles shown, its closure fixes what the closure of those circles' own model
    fixes, at ``trial`` and above too."""
    from puzzlekit import ladder
    from puzzlekit.clock import Deadline
    from puzzlekit.generate import phases, recipe

    rec = recipe("yinyang")
    rng = random.Random(rank)
    plant = rec.sample_solution(rng, 6, 6)
    run = phases.Run(rec, yinyang, 6, 6, plant, rank, "none", rng, Deadline(None), {
        "solver_calls": 0, "ladder_calls": 0, "repairs": 0})
    optional = [it for orbit in run.orbits for it in orbit]
    opened = 0
    for size in (4, 8, 12, 16, 20, 24):
        items = sorted(rng.sample(optional, size))
        switched, masks = run._reasoner(items, rank)
        assert switched is run._switched()[0]
        closed = switched.close(rank, masks)
        reasoner = ladder.Reasoner(run._build(items), Deadline(None))
        engine = reasoner.close(rank, reasoner.masks())
        assert (closed is None) == (engine is None)
        guarded = {switched.model.vars[v].key: closed.dom[v] for v in switched.out}
        plain = {reasoner.model.vars[v].key: engine.dom[v] for v in reasoner.out}
        assert guarded == plain, (rank, size)
        opened += any(m & (m - 1) for m in plain.values())
    assert opened  # some set of circles leaves the answer open: the comparison is not empty


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_generated_puzzles_are_unique(level):
    (made,) = generate("yinyang", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert yinyang.verify(made.puzzle, made.solution) == []


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record = golden("yinyang")
    genre, p = formats.read(record["url"])
    assert genre == "yinyang" and formats.to_url(p) == record["url"]
    answer = formats.read_pzprv3_solution(genre, p, record["solved"])
    assert yinyang.verify(p, answer) == []
    assert list(api.solve(p, unique=True).solutions) == [answer]
    assert formats.read_pzprv3(formats.write_pzprv3(p, answer)) == (genre, p, answer)
    for _, board in record["failchecks"]:  # pzprjs's broken boards break a rule
        assert yinyang.verify(p, formats.read_pzprv3_solution(genre, p, board))
    assert judge(p, answer)["complete"] is True


def test_our_answers_are_judged_complete_by_pzprjs_and_a_broken_one_is_not():
    p, s = solved()
    assert judge(p, s)["complete"] is True
    assert judge(p, yinyang.Solution(black=BLACK - {(4, 1)}))["complete"] is False
    assert formats.read(formats.to_url(p)) == ("yinyang", p)
