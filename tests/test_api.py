"""The library API: load, solve, count, is_unique, determined, auto backend."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES

import puzzlekit
from puzzlekit.genres import masyu

TWO_LOOPS = "0 1 0 0\n0 0 0 0\n"


def test_load_from_path_and_from_text_agree():
    path = EXAMPLES / "masyu01.txt"
    assert puzzlekit.load("masyu", path) == puzzlekit.load("masyu", path.read_text())
    assert puzzlekit.load("masyu", str(path)) == puzzlekit.load("masyu", path)


def test_solve_unique_seed():
    result = puzzlekit.solve(puzzlekit.load("masyu", EXAMPLES / "masyu01.txt"), unique=True)
    assert (result.status, result.unique, len(result.solutions)) == ("solved", True, 1)
    assert result.stats["model"]["loop"] == 1


def test_count_is_unique_and_two_solutions():
    two = puzzlekit.load("masyu", TWO_LOOPS)
    assert puzzlekit.count(two) == 2
    assert puzzlekit.count(two, up_to=1) == 1
    assert puzzlekit.is_unique(two) is False
    assert puzzlekit.is_unique(puzzlekit.load("masyu", EXAMPLES / "masyu01.txt")) is True
    assert puzzlekit.is_unique(puzzlekit.load("masyu", "2 0\n0 0\n")) is False


def test_determined_is_the_intersection_of_all_solutions():
    two = puzzlekit.load("masyu", TWO_LOOPS)
    solutions = puzzlekit.solve(two, limit=10).solutions
    edges_a, edges_b = (s.edges for s in solutions)
    fixed = puzzlekit.determined(two)
    on = {k[1:] for k, v in fixed.items() if v}
    off = {k[1:] for k, v in fixed.items() if not v}
    assert on == edges_a & edges_b
    everything = {k[1:] for k in masyu.model(two).output_keys()}
    assert off == everything - (edges_a | edges_b)


def test_determined_of_a_unique_puzzle_fixes_every_answer_variable():
    seed = puzzlekit.load("masyu", EXAMPLES / "masyu01.txt")
    fixed = puzzlekit.determined(seed)
    assert set(fixed) == set(masyu.model(seed).output_keys())
    assert {k[1:] for k, v in fixed.items() if v} == puzzlekit.solve(seed).solutions[0].edges


def test_determined_of_an_unsolvable_puzzle_is_none():
    assert puzzlekit.determined(puzzlekit.load("masyu", "2 0\n0 0\n")) is None


def test_auto_backend_names_its_choice():
    result = puzzlekit.solve(puzzlekit.load("masyu", TWO_LOOPS), backend="auto")
    assert result.backend in {"cpsat", "z3", "mip", "sat", "csp", "search"}
    assert result.to_json()["backend"] == result.backend


def test_auto_follows_the_model_size_and_shape():
    import random

    from puzzlekit import api, genres
    from puzzlekit.ir import Edge, ModelBuilder

    queens = genres.get("queens")
    big = queens.random_puzzle(random.Random(5), 25, 25)
    order = api.auto_order("queens", queens.model(big))
    assert "search" not in order and order[0] == "sat"  # depth-first search has no answer in a minute
    assert api.auto_order("queens")[:2] == api.PREFERENCE["queens"]
    tents = genres.get("tents")
    threshold, large_order = api.LARGE_PREFERENCE["tents"]
    for side in (6, 30):
        model = tents.model(tents.random_puzzle(random.Random(side), side, side))
        expected = large_order if len(model.vars) > threshold else api.PREFERENCE["tents"]
        assert api.auto_order("tents", model)[: len(expected)] == expected
        assert (side == 30) == (len(model.vars) > threshold)  # both sides of the threshold

    def shaped(kind):
        m = ModelBuilder("new genre")
        x = [m.bool(i) for i in range(3)]
        if kind == "graphs":
            m.loop([Edge(0, 1, x[0]), Edge(1, 2, x[1]), Edge(2, 0, x[2])])
        elif kind == "runs":
            m.runs(x, (1,))
        elif kind == "integers":
            m.int("n", 1, 3)
        m.output(x)
        return m.build()

    for kind, order in api.SHAPE_PREFERENCE.items():
        assert api.auto_order("new genre", shaped(kind))[: len(order)] == order
    m = ModelBuilder("new genre")
    m.output([m.bool(i) for i in range(api.SIZE_LIMIT["search"] + 1)])
    assert "search" not in api.auto_order(None, m.build())
    assert "search" in api.auto_order(None, shaped("booleans"))


def test_auto_reports_the_backend_it_chose_for_the_model():
    from puzzlekit import api

    puzzle = puzzlekit.load("masyu", EXAMPLES / "masyu01.txt")
    result = puzzlekit.solve(puzzle, backend="auto", time_limit=30)
    assert result.backend == api.choose_backend("masyu", masyu.model(puzzle))
    assert result.seconds < 30 and result.import_seconds >= 0


def test_auto_looks_up_only_the_backend_it_chose(monkeypatch):
    """auto chooses once the model is built: no other backend is imported or checked for
    (a 30x30 Tents goes to the large-model order, not to the genre's first choice)."""
    import random

    from puzzlekit import api, backends, genres

    tents = genres.get("tents")
    puzzle = tents.random_puzzle(random.Random(30), 30, 30)
    asked: list[str] = []
    real = backends.get
    monkeypatch.setattr(backends, "get", lambda name: asked.append(name) or real(name))
    result = puzzlekit.solve(puzzle, backend="auto", time_limit=60)
    assert result.status == "solved" and result.backend == api.LARGE_PREFERENCE["tents"][1][0]
    assert set(asked) == {result.backend}


def test_unknown_genre_and_backend_raise_clear_errors():
    with pytest.raises(puzzlekit.UnknownName, match="known genres"):
        puzzlekit.load("sudokuu", "1\n")
    with pytest.raises(puzzlekit.UnknownName, match="known backends"):
        puzzlekit.solve(puzzlekit.load("masyu", TWO_LOOPS), backend="gurobi")


def test_missing_backend_names_the_pip_extra(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ortools", None)
    monkeypatch.setitem(sys.modules, "ortools.sat.python", None)
    with pytest.raises(puzzlekit.BackendUnavailable, match=r"puzzlekit\[cpsat\]"):
        puzzlekit.solve(puzzlekit.load("masyu", TWO_LOOPS), backend="cpsat")


class _LyingBackend:
    """A backend that answers with a real solution of the puzzle, one edge flipped."""

    NAME = "liar"

    def __init__(self, honest):
        self.honest = honest
        self.version = honest.version

    def solve(self, model, **kwargs):
        result = self.honest.solve(model, **kwargs)
        wrong = dict(result.solutions[0])
        key = next(iter(wrong))
        wrong[key] = 1 - wrong[key]
        return type(result)(result.status, (wrong,), result.complete, result.stats)


@pytest.mark.parametrize("call", ["solve", "determined"])
def test_an_answer_the_rules_reject_is_an_internal_error(monkeypatch, call):
    from puzzlekit import api, backends

    honest = backends.get("search")
    monkeypatch.setattr(api.backends, "get", lambda name: _LyingBackend(honest))
    puzzle = puzzlekit.load("masyu", EXAMPLES / "masyu01.txt")
    wrong = r"backend 'search' returned a masyu answer that breaks"
    with pytest.raises(puzzlekit.InternalError, match=wrong):
        getattr(puzzlekit, call)(puzzle, backend="search")


def test_the_command_reports_a_rejected_answer_as_internal_error_exit_4(monkeypatch, capsys):
    from puzzlekit import api, backends, cli

    honest = backends.get("search")
    monkeypatch.setattr(api.backends, "get", lambda name: _LyingBackend(honest))
    assert cli.main(["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "search"]) == 4
    assert "internal error" in capsys.readouterr().err


def test_solve_gives_the_cycle_collector_back_as_it_found_it():
    """`solve` pauses the collector while the model lives; on or off, it is as before after."""
    import gc

    puzzle = puzzlekit.load("sudoku", EXAMPLES / "sudoku01.txt")
    was_on = gc.isenabled()
    try:
        for state in (True, False):
            (gc.enable if state else gc.disable)()
            for backend in ("auto", "search"):  # a native search, and one in Python
                assert puzzlekit.solve(puzzle, backend=backend, time_limit=30).status == "solved"
                assert gc.isenabled() is state
            with pytest.raises(puzzlekit.UnknownName):
                puzzlekit.solve(puzzle, backend="cpsat", no_such_option=1)
            assert gc.isenabled() is state
    finally:
        (gc.enable if was_on else gc.disable)()


def test_solve_builds_its_model_without_rule_tags_and_puts_tagging_back(monkeypatch):
    """No backend reads the rule tags, so `solve` builds without them; tagging is on again
    after, also when the time ends inside the model, and other models keep their tags."""
    from puzzlekit import genres, ir

    module = genres.get("sudoku")
    real = module.model
    built = []

    def spy(puzzle, deadline):
        built.append(real(puzzle, deadline=deadline))
        return built[-1]

    def late(puzzle, deadline):
        raise puzzlekit.OutOfTime("the model ran out of time")

    puzzle = puzzlekit.load("sudoku", EXAMPLES / "sudoku01.txt")
    monkeypatch.setattr(module, "model", spy)
    assert puzzlekit.solve(puzzle).status == "solved"
    assert built and all(count.why is None for count in built[-1].counts)
    assert ir.TAGGING.get() is True
    assert all(count.why is not None for count in real(puzzle).counts)
    monkeypatch.setattr(module, "model", late)
    assert puzzlekit.solve(puzzle).status == "timeout"
    assert ir.TAGGING.get() is True


def test_auto_gives_a_sudoku_to_cp_sat_within_its_work_then_to_sat(monkeypatch):
    """CP-SAT answers a Sudoku it finishes within the first try's work, uniqueness asked or
    not; one it does not goes on to the SAT backend, and the result says what the try did;
    with options given there is no try."""
    from puzzlekit import api

    pytest.importorskip("ortools")
    pytest.importorskip("pysat")
    first, _ = api.FIRST_TRY["sudoku"]
    then = api.THEN["sudoku"]
    assert (first, then) == ("cpsat", "sat")
    empty = puzzlekit.load("sudoku", "\n".join(["." * 9] * 9))  # CP-SAT must search
    result = puzzlekit.solve(empty, backend="auto", unique=True)
    assert result.backend == first and result.unique is False and "first_try" not in result.stats
    monkeypatch.setitem(api.FIRST_TRY, "sudoku", (first, 1e-6))  # never enough to search
    for unique in (False, True):
        result = puzzlekit.solve(empty, backend="auto", unique=unique)
        assert result.backend == then and result.status == "solved"
        assert result.unique is (False if unique else None)
        assert result.stats["first_try"]["backend"] == first
        assert result.stats["first_try"]["stopped"] == "its work budget"
    assert puzzlekit.solve(empty, backend="auto", workers=1).backend == first  # options: no try


def test_auto_gives_a_nonogram_to_the_line_solver_first_then_its_choice(monkeypatch):
    """A Nonogram the line solver finishes within the first try's work is answered by it; one
    it does not goes on to auto's choice, which says what the try did; uniqueness asked, or
    options given, there is no try."""
    from puzzlekit import api, genres

    house = puzzlekit.load("nonogram", EXAMPLES / "nonogram01.txt")
    first, _ = api.FIRST_TRY["nonogram"]
    choice = api.choose_backend("nonogram", genres.get("nonogram").model(house))
    assert choice != first
    assert puzzlekit.solve(house, backend="auto").backend == first
    assert puzzlekit.solve(house, backend="auto", unique=True).backend == choice
    monkeypatch.setitem(api.FIRST_TRY, "nonogram", (first, 1))  # one propagator run: never enough
    result = puzzlekit.solve(house, backend="auto")
    assert result.backend == choice and result.status == "solved"
    assert result.stats["first_try"]["backend"] == first and result.stats["first_try"]["propagations"] >= 1
    assert puzzlekit.solve(house, backend="auto", workers=1).backend == choice  # options: no try
