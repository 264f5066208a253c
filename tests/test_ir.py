"""The exact meaning of every IR constraint kind (`holds`), on hand-made assignments."""

from __future__ import annotations

import pytest

from puzzlekit.ir import TAGGING, Connected, DisjointPaths, Edge, Lit, Loop, ModelBuilder, Path


def square_with_tail():
    """Nodes a-b-c-d-a (a square) plus d-e, one boolean per edge, in that order."""
    ends = [("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("d", "e")]
    return [Edge(u, v, Lit(i)) for i, (u, v) in enumerate(ends)]


def values(*bits: int) -> list[int]:
    return list(bits)


@pytest.mark.parametrize(
    "bits, ok",
    [
        ((1, 1, 1, 1, 0), True),  # the square
        ((0, 0, 0, 0, 0), False),  # no edge: no loop
        ((1, 1, 1, 0, 0), False),  # an open path
        ((1, 1, 1, 1, 1), False),  # degree 3 at d
    ],
)
def test_loop(bits, ok):
    assert Loop(tuple(square_with_tail())).holds(values(*bits)) is ok


def test_loop_of_two_pieces_fails():
    edges = [Edge(u, v, Lit(i)) for i, (u, v) in enumerate([(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4)])]
    assert not Loop(tuple(edges)).holds([1] * 6)
    assert Loop(tuple(edges)).holds([1, 1, 1, 0, 0, 0])


def test_self_loop_is_never_chosen():
    assert not Loop((Edge("a", "a", Lit(0)),)).holds([1])


@pytest.mark.parametrize(
    "bits, ok",
    [
        ((1, 1, 0, 0, 0), False),  # a-b-c: c is not the end
        ((0, 0, 0, 1, 1), True),  # a-d-e
        ((1, 1, 1, 0, 1), True),  # a-b-c-d-e
        ((0, 0, 0, 0, 0), False),  # nothing joins a to e
    ],
)
def test_path(bits, ok):
    assert Path(tuple(square_with_tail()), "a", "e").holds(values(*bits)) is ok


def test_path_with_a_stray_cycle_fails():
    edges = [Edge(u, v, Lit(i)) for i, (u, v) in enumerate([("s", "t"), (1, 2), (2, 3), (3, 1)])]
    assert Path(tuple(edges), "s", "t").holds([1, 0, 0, 0])
    assert not Path(tuple(edges), "s", "t").holds([1, 1, 1, 1])


def test_disjoint_paths_join_their_own_pairs():
    # a line 1-2-3-4: pairs (1,2) and (3,4) hold with edges 1-2 and 3-4; pairs (1,3),(2,4) cannot
    edges = tuple(Edge(u, v, Lit(i)) for i, (u, v) in enumerate([(1, 2), (2, 3), (3, 4)]))
    assert DisjointPaths(edges, ((1, 2), (3, 4))).holds([1, 0, 1])
    assert not DisjointPaths(edges, ((1, 2), (3, 4))).holds([1, 1, 1])
    assert not DisjointPaths(edges, ((1, 3), (2, 4))).holds([1, 0, 1])
    assert not DisjointPaths(edges, ((1, 4), (2, 3))).holds([0, 1, 0])  # 1 and 4 have no path


def test_connected():
    edges = tuple(Edge(u, v, Lit(i)) for i, (u, v) in enumerate([("a", "b"), ("b", "c")]))
    nodes = (("a", None), ("b", Lit(2)), ("c", Lit(3)))
    con = Connected(nodes, edges)
    assert con.holds([1, 1, 1, 1])
    assert con.holds([0, 0, 0, 0])  # only a is present: one piece
    assert not con.holds([0, 0, 1, 0])  # a and b present, not joined
    assert not con.holds([1, 0, 0, 0])  # an edge to an absent node
    assert Connected((("x", Lit(0)),), ()).holds([0])  # no node present


def test_model_check_names_broken_graph_constraints():
    m = ModelBuilder("t")
    xs = [m.bool(("e", i)) for i in range(3)]
    m.loop(Edge(u, v, x) for (u, v), x in zip([(0, 1), (1, 2), (2, 0)], xs))
    m.output(xs)
    model = m.build()
    assert model.check([1, 1, 1]) == [] and model.holds([1, 1, 1])
    assert model.check([1, 1, 0]) == ["Loop(3 edges)"]
    assert not model.holds([1, 1, 0])


def test_rules_tag_constraints_without_changing_them():
    m = ModelBuilder("t")
    a, b = m.bool("a"), m.bool("b")
    with m.rule("one of the two", cells=[(0, 0), (0, 1)]):
        m.exactly(1, [a, b])
        m.clause([a, b])
    m.at_most(1, [a, b])
    model = m.build()
    tagged, plain = model.counts
    assert tagged.why.rule == "one of the two" and tagged.why.cells == ((0, 0), (0, 1))
    assert model.clauses[0].why == tagged.why
    assert plain.why is None
    # provenance is not part of the constraint's identity
    assert tagged == type(tagged)(tagged.terms, tagged.op, tagged.rhs)


def _one_of_two() -> tuple:
    m = ModelBuilder("t")
    a, b = m.bool("a"), m.bool("b")
    with m.rule("one of the two", cells=[(0, 0)]):
        m.exactly(1, [a, b])
    return m.build().counts


def test_rules_tag_nothing_while_tagging_is_off_and_the_same_constraints_stay():
    token = TAGGING.set(False)
    try:
        (untagged,) = _one_of_two()
    finally:
        TAGGING.reset(token)
    (tagged,) = _one_of_two()
    assert untagged.why is None and tagged.why.rule == "one of the two"
    assert untagged == tagged


def test_literals_are_frozen_values():
    """`Lit` writes its slots itself (for speed); it stays an immutable, hashable value."""
    a = Lit(3, 2, False)
    assert (a.var, a.value, a.positive) == (3, 2, False)
    assert a == Lit(var=3, value=2, positive=False) and hash(a) == hash(Lit(3, 2, False))
    assert ~a == Lit(3, 2) and Lit(4) == Lit(4, 1, True) and a != Lit(3, 2, True)
    with pytest.raises(AttributeError):
        a.var = 1  # type: ignore[misc]


def test_eqs_is_eq_for_every_value():
    m = ModelBuilder("t")
    x = m.int("x", -2, 3)
    assert ModelBuilder.eqs(x) == [ModelBuilder.eq(x, v) for v in range(-2, 4)]


def test_count_terms_are_the_same_with_or_without_coefficients():
    """The all-literal fast path of `count` gives the terms the general path gives."""
    m = ModelBuilder("t")
    xs = [m.bool(i) for i in range(5)]
    m.count(xs, "<=", 2)
    m.count([(1, x) for x in xs], "<=", 2)
    m.count((x for x in xs), ">=", 1)  # any iterable, read once
    m.count([xs[0], (3, ~xs[1])], "==", 3)
    m.count([], "==", 0)
    first, second, third, mixed, empty = m.build().counts
    assert first.terms == second.terms == third.terms == tuple((1, x) for x in xs)
    assert mixed.terms == ((1, xs[0]), (3, ~xs[1]))
    assert empty.terms == ()
