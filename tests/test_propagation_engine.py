"""The propagation engine's methods, as its callers (search, ladder, generator) drive it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from models import grid_model

from puzzlekit.clock import Deadline
from puzzlekit.errors import OutOfTime
from puzzlekit.ir import ModelBuilder
from puzzlekit.propagation import engine as engine_module
from puzzlekit.propagation import new_engine
from puzzlekit.propagation.engine import COUNT, Engine, Reached


def chain() -> Engine:
    """a -> b -> c as clauses, and exactly one of c, d."""
    m = ModelBuilder("chain")
    a, b, c, d = (m.bool(k) for k in "abcd")
    m.clause([~a, b])
    m.clause([~b, c])
    m.count([c, d], "==", 1)
    m.output([a, b, c, d])
    engine = new_engine(m.build())
    assert engine.reset()
    return engine


def fixed(engine: Engine) -> dict[int, int]:
    return {v: engine.dom[v].bit_length() - 1 for v in range(engine.n) if engine.dom[v] in (1, 2)}


def test_assume_propagates_and_retract_takes_it_back():
    engine = chain()
    mark = engine.mark()
    assert engine.assume(0, 0b10)  # a true
    assert fixed(engine) == {0: 1, 1: 1, 2: 1, 3: 0}
    engine.retract(mark)
    assert fixed(engine) == {} and engine.pending == []
    assert engine.assume(3, 0b10)  # d true: c false, so b and a false
    assert fixed(engine) == {0: 0, 1: 0, 2: 0, 3: 1}
    assert not engine.assume(0, 0b10)
    engine.retract(mark)
    assert fixed(engine) == {}


def test_limit_stops_the_fixpoint_after_the_propagator_runs_and_lifts():
    engine = new_engine(grid_model(4, 4, "loop"))
    engine.limit(propagations=1)
    with pytest.raises(OutOfTime):
        engine.reset()
    assert engine.spent
    engine.fail()
    engine.limit()
    assert not engine.spent and engine.reset()
    engine.limit(Deadline(None))
    assert engine.deadline is None  # no time limit: nothing to look at


def test_until_stops_propagation_once_the_goal_is_met():
    engine = chain()
    mark = engine.mark()
    engine.until(1, 0b10)  # b true
    with pytest.raises(Reached):
        engine.assume(0, 0b10)  # a true: b true, then stop before c
    assert engine.dom[1] == 0b10 and engine.pending == [] and not any(engine.queues)
    engine.retract(mark)
    engine.until()
    assert engine.assume(0, 0b10) and fixed(engine) == {0: 1, 1: 1, 2: 1, 3: 0}


def test_reset_wakes_only_the_propagators_it_is_given():
    engine = chain()
    count = engine.kinds.index(COUNT)
    c_true = [0b11, 0b11, 0b10, 0b11, 0b10]  # c true, the constant last
    assert engine.reset(c_true, wake=[]) and 3 not in fixed(engine)  # the count did not run
    assert engine.reset(c_true, wake=[count]) and fixed(engine)[3] == 0
    assert engine.reset(c_true) and fixed(engine)[3] == 0


def test_swap_kinds_switches_reasoning_until_swapped_back():
    engine = chain()
    count = engine.kinds.index(COUNT)
    off = max(engine.run) + 1
    engine.run = {**engine.run, off: lambda engine, data: True}
    before = engine.swap_kinds([off if cid == count else k for cid, k in enumerate(engine.kinds)])
    assert engine.reset() and engine.assume(2, 0b10)
    assert 3 not in fixed(engine)  # the count is off: d stays open
    engine.swap_kinds(before)
    assert engine.reset() and engine.assume(2, 0b10)
    assert fixed(engine)[3] == 0
    with pytest.raises(ValueError):
        engine.swap_kinds([])
    with pytest.raises(ValueError):
        engine.swap_clauses([])


def test_swap_clauses_switches_a_clause_off():
    engine = chain()
    true = (engine.const, 0b10, True)
    before = engine.swap_clauses([[true, true] for _ in engine.clauses])
    assert engine.reset() and engine.assume(0, 0b10)
    assert 1 not in fixed(engine)
    engine.swap_clauses(before)
    assert engine.reset() and engine.assume(0, 0b10)
    assert fixed(engine)[1] == 1


def test_tracing_marks_the_propagators_that_narrowed():
    engine = chain()
    with engine.tracing() as acted:
        assert engine.assume(2, 0b10)  # c true: the count fixes d
    assert list(acted) == [1 if k == COUNT else 0 for k in engine.kinds] and engine.acted is None


def test_rewrite_changes_the_data_of_one_kind():
    engine = chain()
    engine.rewrite(COUNT, lambda data: ("rewritten", data))
    assert [d[0] for k, d in zip(engine.kinds, engine.data) if k == COUNT] == ["rewritten"]


def engine_fields() -> set[str]:
    """The fields of `Engine`: what its methods set on ``self``."""
    tree = ast.parse(Path(engine_module.__file__).read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Engine")
    return {node.attr for node in ast.walk(cls)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name) and node.value.id == "self"}


def field_writes(source: str, fields: set[str]) -> list[str]:
    """Assignments to an engine field on anything but ``self`` (``x.kinds = ...``,
    ``x.data[i] = ...``), as ``line: target``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        while any(isinstance(t, (ast.Tuple, ast.List)) for t in targets):
            targets = [e for t in targets for e in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t])]
        for target in targets:
            while isinstance(target, ast.Subscript):
                target = target.value
            if (isinstance(target, ast.Attribute) and target.attr in fields
                    and not (isinstance(target.value, ast.Name) and target.value.id == "self")):
                out.append(f"{node.lineno}: {ast.unparse(target)}")
    return sorted(out, key=lambda write: int(write.split(":")[0]))


def test_callers_drive_the_engine_through_its_methods():
    """Outside `puzzlekit.propagation`, nothing sets an engine's field by hand: the search,
    the ladder and the generator call `assume`, `limit`, `swap_kinds`, ... instead."""
    fields = engine_fields()
    assert {"kinds", "clauses", "deadline", "acted", "most", "data", "dom"} <= fields
    package = Path(engine_module.__file__).parents[1]
    writes = {}
    for path in sorted(package.rglob("*.py")):
        found = field_writes(path.read_text(encoding="utf-8"), fields)
        if found and "propagation" not in path.parts:
            writes[str(path.relative_to(package))] = found
    assert writes == {}


def test_the_field_scan_catches_writes_by_hand():
    fields = engine_fields()
    source = ("def f(engine, reasoner, weight):\n    engine.kinds = []\n    reasoner.local.data[3] = 1\n"
              "    engine.deadline, x = None, 1\n    self.kinds = []\n    weight[engine.most] += 1\n"
              "    engine.acted += b''\n")
    assert field_writes(source, fields) == [
        "2: engine.kinds", "3: reasoner.local.data", "4: engine.deadline", "7: engine.acted"]
