"""The propagation engine's methods, as its callers (search, ladder, generator) drive it."""

from __future__ import annotations

import pytest
from models import grid_model

from puzzlekit.clock import Deadline
from puzzlekit.errors import OutOfTime
from puzzlekit.ir import ModelBuilder
from puzzlekit.propagation import new_engine
from puzzlekit.propagation.engine import COUNT, Engine


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
