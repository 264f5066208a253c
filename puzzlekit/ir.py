"""The intermediate representation: a puzzle's constraints as plain data.

A `Model` holds decision variables (booleans and small-range integers, each named by a
hashable key such as ``("edge", (0, 0), (0, 1))``), linear counts over literals, clauses,
graph constraints (loop, path, disjoint paths, connected), runs, groups of integers that take
different values (`AllDifferent`), and the output projection that defines what a solution is.
Nothing here knows any solver.

``Model.counts`` holds the counts an `AllDifferent` group means after the stated ones, made
on first use; a backend with a native AllDifferent reads ``stated_counts`` and ``distinct``.

Genres build models with `ModelBuilder`; backends read the frozen `Model`.

Literals. ``Lit(var, value, positive)`` means ``var == value`` when positive, else
``var != value``. For a boolean ``x``: ``x`` is ``Lit(i, 1, True)`` and ``~x`` is
``Lit(i, 1, False)``.

Graph constraints are complete in themselves: ``Loop`` means "the chosen edges form exactly
one simple cycle", not just "connected". The ``holds`` method of each kind is the exact
meaning every backend must implement and every test checks against; backends without a
native graph constraint use `puzzlekit.transforms.cuts`, which lowers each one to degree
counts plus lazily added cuts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from contextlib import nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from itertools import repeat
from typing import Literal

from .unionfind import DisjointSets

Node = Hashable
Values = Sequence[int] | dict[int, int]  # a full assignment, indexed by variable
Op = Literal["==", "<=", ">="]
OPS: tuple[str, ...] = ("==", "<=", ">=")


@dataclass(frozen=True, slots=True, init=False)
class Var:
    """A decision variable with integer domain ``lo..hi`` (a boolean is ``0..1``)."""

    index: int
    key: Hashable
    lo: int
    hi: int

    def __init__(self, index: int, key: Hashable, lo: int, hi: int):
        _var_index(self, index)
        _var_key(self, key)
        _var_lo(self, lo)
        _var_hi(self, hi)

    @property
    def is_bool(self) -> bool:
        return self.lo == 0 and self.hi == 1

    def __repr__(self) -> str:
        dom = "bool" if self.is_bool else f"{self.lo}..{self.hi}"
        return f"Var#{self.index}({self.key!r}: {dom})"


@dataclass(frozen=True, slots=True, init=False)
class Lit:
    """``var == value`` (positive) or ``var != value`` (negative)."""

    var: int
    value: int = 1
    positive: bool = True

    def __init__(self, var: int, value: int = 1, positive: bool = True):
        # the slots written directly: the generated frozen __init__ goes through
        # object.__setattr__ per field, and a large model makes a literal per (cell, value)
        _set_var(self, var)
        _set_value(self, value)
        _set_positive(self, positive)

    def __invert__(self) -> Lit:
        return Lit(self.var, self.value, not self.positive)

    def __repr__(self) -> str:
        if self.value == 1:
            return f"x{self.var}" if self.positive else f"~x{self.var}"
        return f"x{self.var}{'==' if self.positive else '!='}{self.value}"

    def holds(self, values: Sequence[int] | dict[int, int]) -> bool:
        """Whether the literal is true under a full assignment indexed by variable."""
        return (values[self.var] == self.value) == self.positive


_set_var = Lit.var.__set__  # type: ignore[attr-defined]
_set_value = Lit.value.__set__  # type: ignore[attr-defined]
_set_positive = Lit.positive.__set__  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True, init=False)
class Why:
    """Where a constraint comes from, for explanations: a rule in words and what it is about.

    The IR never reads it; a genre sets it (see `ModelBuilder.rule`) so that hints can cite
    the rule, e.g. ``Why("a white pearl goes straight", ((3, 4),))``.
    """

    rule: str
    cells: tuple[Hashable, ...] = ()

    def __init__(self, rule: str, cells: tuple[Hashable, ...] = ()):
        _why_rule(self, rule)
        _why_cells(self, cells)

    def __str__(self) -> str:
        return self.rule


@dataclass(frozen=True, slots=True, init=False)
class Count:
    """``sum(coef * lit) op rhs`` over literals (each literal counts 1 when true)."""

    terms: tuple[tuple[int, Lit], ...]
    op: Op
    rhs: int
    why: Why | None = field(default=None, compare=False, repr=False)

    def __init__(self, terms: tuple[tuple[int, Lit], ...], op: Op, rhs: int, why: Why | None = None):
        _count_terms(self, terms)
        _count_op(self, op)
        _count_rhs(self, rhs)
        _count_why(self, why)

    def __repr__(self) -> str:
        lhs = " + ".join(f"{c}*{lit!r}" if c != 1 else repr(lit) for c, lit in self.terms)
        return f"Count({lhs or '0'} {self.op} {self.rhs})"

    def holds(self, values: Sequence[int] | dict[int, int]) -> bool:
        total = sum(c for c, lit in self.terms if lit.holds(values))
        return compare(total, self.op, self.rhs)


@dataclass(frozen=True, slots=True, init=False)
class Clause:
    """At least one of the literals is true."""

    lits: tuple[Lit, ...]
    why: Why | None = field(default=None, compare=False, repr=False)

    def __init__(self, lits: tuple[Lit, ...], why: Why | None = None):
        _clause_lits(self, lits)
        _clause_why(self, why)

    def __repr__(self) -> str:
        return "Clause(" + " | ".join(map(repr, self.lits)) + ")"

    def holds(self, values: Sequence[int] | dict[int, int]) -> bool:
        return any(lit.holds(values) for lit in self.lits)


# Var, Why, Count and Clause write their slots directly, as Lit does: the generated frozen
# __init__ goes through object.__setattr__ per field, and a model makes thousands of each.
_var_index, _var_key, _var_lo, _var_hi = (getattr(Var, f).__set__ for f in Var.__slots__)
_why_rule, _why_cells = (getattr(Why, f).__set__ for f in Why.__slots__)
_count_terms, _count_op, _count_rhs, _count_why = (getattr(Count, f).__set__ for f in Count.__slots__)
_clause_lits, _clause_why = (getattr(Clause, f).__set__ for f in Clause.__slots__)


@dataclass(frozen=True, slots=True)
class Edge:
    """An undirected graph edge between two nodes, chosen when its literal is true."""

    u: Node
    v: Node
    lit: Lit

    def __repr__(self) -> str:
        return f"{self.u!r}-{self.v!r}:{self.lit!r}"


@dataclass(frozen=True)
class Loop:
    """The chosen edges form exactly one simple cycle (non-empty)."""

    edges: tuple[Edge, ...]
    why: Why | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"Loop({len(self.edges)} edges)"

    def holds(self, values: Values) -> bool:
        """At least one edge is chosen, every node touched has degree 2, and it is one piece."""
        return _lines_hold(self.edges, (), values, loop=True)


@dataclass(frozen=True)
class Path:
    """The chosen edges form exactly one simple path from ``start`` to ``end`` (distinct)."""

    edges: tuple[Edge, ...]
    start: Node
    end: Node
    why: Why | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"Path({self.start!r}->{self.end!r}, {len(self.edges)} edges)"

    def holds(self, values: Values) -> bool:
        """``start`` and ``end`` have degree 1, other nodes 0 or 2, and it is one piece."""
        return _lines_hold(self.edges, ((self.start, self.end),), values, loop=False)


@dataclass(frozen=True)
class DisjointPaths:
    """The chosen edges form vertex-disjoint simple paths, one joining each pair, nothing else."""

    edges: tuple[Edge, ...]
    pairs: tuple[tuple[Node, Node], ...]
    why: Why | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"DisjointPaths({len(self.pairs)} pairs, {len(self.edges)} edges)"

    def holds(self, values: Values) -> bool:
        """Terminals have degree 1, other nodes 0 or 2, and each piece joins one pair's two ends."""
        return _lines_hold(self.edges, self.pairs, values, loop=False)


@dataclass(frozen=True)
class Connected:
    """Chosen edges join present nodes only, and the present nodes form one connected piece.

    ``nodes`` pairs each node with the literal that makes it present (``None``: always
    present). No present node at all counts as connected.
    """

    nodes: tuple[tuple[Node, Lit | None], ...]
    edges: tuple[Edge, ...]
    why: Why | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"Connected({len(self.nodes)} nodes, {len(self.edges)} edges)"

    def holds(self, values: Values) -> bool:
        """Chosen edges touch present nodes only, and the present nodes are one piece (or none)."""
        present = [n for n, lit in self.nodes if lit is None or lit.holds(values)]
        sets = DisjointSets(present)
        for e in self.edges:
            if e.lit.holds(values):
                if e.u not in sets or e.v not in sets:
                    return False
                sets.union(e.u, e.v)
        return len({sets.find(n) for n in present}) <= 1


GraphConstraint = Loop | Path | DisjointPaths | Connected


def _lines_hold(
    edges: Sequence[Edge], pairs: Sequence[tuple[Node, Node]], values: Values, loop: bool
) -> bool:
    """The shared meaning of Loop, Path and DisjointPaths under a full assignment.

    No chosen edge is a self-loop; a terminal has degree 1 and any other node 0 or 2; the
    pieces of the chosen edges are exactly one cycle (``loop``) or exactly one path per pair,
    joining that pair's two terminals.
    """
    degree: dict[Node, int] = {}
    sets: DisjointSets[Node] = DisjointSets()
    for e in edges:
        if not e.lit.holds(values):
            continue
        if e.u == e.v:
            return False
        degree[e.u] = degree.get(e.u, 0) + 1
        degree[e.v] = degree.get(e.v, 0) + 1
        sets.union(e.u, e.v)
    terminals = {t for pair in pairs for t in pair}
    if len(terminals) != 2 * len(pairs):
        return False  # a node that ends two paths
    if any(degree.get(t, 0) != 1 for t in terminals):
        return False
    if any(d != 2 for n, d in degree.items() if n not in terminals):
        return False
    pieces = {sets.find(n) for n in degree}
    if loop:
        return len(pieces) == 1
    return len(pieces) == len(pairs) and all(sets.find(a) == sets.find(b) for a, b in pairs)


@dataclass(frozen=True)
class Runs:
    """The true literals of ``cells``, read in order, form runs of exactly ``lengths``."""

    cells: tuple[Lit, ...]
    lengths: tuple[int, ...]
    why: Why | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"Runs({len(self.cells)} cells, {list(self.lengths)})"

    def holds(self, values: Sequence[int] | dict[int, int]) -> bool:
        return run_lengths([lit.holds(values) for lit in self.cells]) == list(self.lengths)


@dataclass(frozen=True)
class AllDifferent:
    """The variables take pairwise different values."""

    vars: tuple[int, ...]
    why: Why | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"AllDifferent({len(self.vars)} vars)"

    def holds(self, values: Sequence[int] | dict[int, int]) -> bool:
        return len({values[i] for i in self.vars}) == len(self.vars)

    def counts(self, variables: Sequence[Var]) -> list[Count]:
        """The group as counts: for each value any member can take (in order), at most one
        member equals it, or exactly one when the members are as many as those values."""
        members = [variables[i] for i in self.vars]
        values = sorted({k for v in members for k in range(v.lo, v.hi + 1)})
        op: Op = "==" if len(values) == len(members) else "<="
        return [
            Count(tuple((1, Lit(v.index, k)) for v in members if v.lo <= k <= v.hi), op, 1, self.why)
            for k in values
        ]


#: A ``Model.hints`` key: the ladder's ``pairs`` reads each rule whole (`ladder.wholes`)
WHOLE_RULES = "pairs of whole rules"
#: A ``Model.hints`` key: the ladder reads connected groups whole only, from ``lines`` on
GROUPS_WHOLE = "connected groups read whole"
#: A ``Model.hints`` key: clauses the model's own constraints imply, added by a backend whose
#: propagation would not find them (`csp`); the ladder does not read them
IMPLIED = "implied clauses"


@dataclass(frozen=True)
class Model:
    """A complete constraint model. Build one with `ModelBuilder`.

    ``stated_counts`` are the counts as written; `counts` adds those the ``distinct`` groups
    mean (see `AllDifferent.counts`).
    """

    name: str
    vars: tuple[Var, ...]
    stated_counts: tuple[Count, ...] = ()
    clauses: tuple[Clause, ...] = ()
    graphs: tuple[GraphConstraint, ...] = ()
    runs: tuple[Runs, ...] = ()
    output: tuple[int, ...] = ()
    hints: dict = field(default_factory=dict, compare=False, hash=False)
    distinct: tuple[AllDifferent, ...] = ()

    @cached_property
    def counts(self) -> tuple[Count, ...]:
        """Every count: the stated ones, then those of each AllDifferent group in turn."""
        if not self.distinct:
            return self.stated_counts
        implied = [count for group in self.distinct for count in group.counts(self.vars)]
        return self.stated_counts + tuple(implied)

    def __repr__(self) -> str:
        return f"Model({self.name!r}, {self.stats()})"

    def stats(self) -> dict[str, int]:
        """Sizes: variables, output variables and constraints by kind."""
        kinds: Counter[str] = Counter(type(g).__name__.lower() for g in self.graphs)
        ints = sum(1 for v in self.vars if v.lo != 0 or v.hi != 1)
        return {
            "vars": len(self.vars),
            "bool_vars": len(self.vars) - ints,
            "int_vars": ints,
            "output_vars": len(self.output),
            "counts": len(self.stated_counts),
            "clauses": len(self.clauses),
            "runs": len(self.runs),
            **({"alldifferent": len(self.distinct)} if self.distinct else {}),
            **{k: kinds[k] for k in ("loop", "path", "disjointpaths", "connected") if kinds[k]},
        }

    def with_constraints(
        self,
        counts: Iterable[Count] = (),
        clauses: Iterable[Clause] = (),
    ) -> Model:
        """A copy with extra counts and clauses (used for blocking, backbones and cuts)."""
        return Model(
            self.name, self.vars, self.stated_counts + tuple(counts), self.clauses + tuple(clauses),
            self.graphs, self.runs, self.output, self.hints, self.distinct,
        )

    def output_keys(self) -> list[Hashable]:
        """The keys of the output variables, in output order."""
        return [self.vars[i].key for i in self.output]

    def check(self, values: Sequence[int]) -> list[str]:
        """Every constraint a full assignment breaks, graph constraints included (empty: a solution)."""
        broken: list[str] = []
        for v in self.vars:
            if not v.lo <= values[v.index] <= v.hi:
                broken.append(f"{v!r} = {values[v.index]} outside its domain")
        for con in (*self.stated_counts, *self.distinct, *self.clauses, *self.runs, *self.graphs):
            if not con.holds(values):
                broken.append(repr(con))
        return broken

    def holds(self, values: Sequence[int]) -> bool:
        """Whether a full assignment satisfies every constraint of the model."""
        return not self.check(values)


def compare(total: int, op: str, rhs: int) -> bool:
    """Evaluate ``total op rhs`` for one of the three count operators."""
    if op == "==":
        return total == rhs
    if op == "<=":
        return total <= rhs
    if op == ">=":
        return total >= rhs
    raise ValueError(f"unknown operator {op!r}")


def run_lengths(line: Iterable[bool]) -> list[int]:
    """Lengths of the maximal runs of true values, in order."""
    runs: list[int] = []
    length = 0
    for filled in line:
        if filled:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    if length:
        runs.append(length)
    return runs


_JUST_LITS = frozenset({Lit})
#: Whether `ModelBuilder.rule` tags constraints: `api.solve` builds without (docs/benchmarks.md).
TAGGING: ContextVar[bool] = ContextVar("puzzlekit_tagging", default=True)


class _Tagging:
    """The context of `ModelBuilder.rule` (a plain class: models make thousands of them)."""

    __slots__ = ("builder", "why", "outer")

    def __init__(self, builder: ModelBuilder, why: Why):
        self.builder, self.why, self.outer = builder, why, None

    def __enter__(self) -> None:
        self.outer, self.builder._why = self.builder._why, self.why

    def __exit__(self, *exc: object) -> None:
        self.builder._why = self.outer


class ModelBuilder:
    """Mutable helper that genres use to write a model rule by rule."""

    def __init__(self, name: str):
        self.name = name
        self._vars: list[Var] = []
        self._by_key: dict[Hashable, Var] = {}
        self._counts: list[Count] = []
        self._clauses: list[Clause] = []
        self._graphs: list[GraphConstraint] = []
        self._runs: list[Runs] = []
        self._distinct: list[AllDifferent] = []
        self._output: list[int] = []
        self._why: Why | None = None
        self._tagging = TAGGING.get()
        self.hints: dict = {}

    def rule(self, text: str, cells: Iterable[Hashable] = ()) -> _Tagging | nullcontext[None]:
        """Tag the constraints added inside the ``with`` block with a `Why` (unless `TAGGING` is off)."""
        return _Tagging(self, Why(text, tuple(cells))) if self._tagging else nullcontext()

    # variables -------------------------------------------------------------------------
    def bool(self, key: Hashable) -> Lit:
        """A new boolean variable; returns its positive literal."""
        return Lit(self._new(key, 0, 1).index)

    def int(self, key: Hashable, lo: int, hi: int) -> Var:
        """A new integer variable with domain ``lo..hi``; use `eq` for its literals."""
        if lo > hi:
            raise ValueError(f"empty domain {lo}..{hi} for {key!r}")
        return self._new(key, lo, hi)

    def _new(self, key: Hashable, lo: int, hi: int) -> Var:
        if key in self._by_key:
            raise ValueError(f"variable {key!r} declared twice")
        var = Var(len(self._vars), key, lo, hi)
        self._vars.append(var)
        self._by_key[key] = var
        return var

    def var(self, key: Hashable) -> Var:
        """The variable declared under ``key``."""
        return self._by_key[key]

    @staticmethod
    def eq(var: Var, value: int) -> Lit:
        """The literal ``var == value``."""
        if not var.lo <= value <= var.hi:
            raise ValueError(f"{value} outside the domain of {var!r}")
        return Lit(var.index, value, True)

    @staticmethod
    def eqs(var: Var) -> list[Lit]:
        """The literals ``var == v`` for every value of its domain, in order (``eq`` for each)."""
        return list(map(Lit, repeat(var.index), range(var.lo, var.hi + 1)))

    # constraints -----------------------------------------------------------------------
    def count(self, terms: Iterable[Lit | tuple[int, Lit]], op: Op, rhs: int) -> None:
        """``sum(terms) op rhs``; a bare literal is a term with coefficient 1."""
        if op not in OPS:
            raise ValueError(f"unknown operator {op!r}")
        terms = tuple(terms)
        if set(map(type, terms)) <= _JUST_LITS:  # the common case, without a Python loop
            norm = tuple(zip(repeat(1), terms))
        else:
            norm = tuple(t if isinstance(t, tuple) else (1, t) for t in terms)
        self._counts.append(Count(norm, op, rhs, self._why))

    def exactly(self, k: int, lits: Iterable[Lit]) -> None:
        """Exactly ``k`` of the literals are true."""
        self.count(lits, "==", k)

    def at_most(self, k: int, lits: Iterable[Lit]) -> None:
        """At most ``k`` of the literals are true."""
        self.count(lits, "<=", k)

    def at_least(self, k: int, lits: Iterable[Lit]) -> None:
        """At least ``k`` of the literals are true."""
        self.count(lits, ">=", k)

    def all_different(self, variables: Iterable[Var]) -> None:
        """The variables take pairwise different values."""
        self._distinct.append(AllDifferent(tuple(v.index for v in variables), self._why))

    def clause(self, lits: Iterable[Lit]) -> None:
        """At least one literal is true."""
        self._clauses.append(Clause(tuple(lits), self._why))

    def implies(self, a: Lit, b: Lit) -> None:
        """``a -> b``."""
        self.clause((~a, b))

    def fix(self, lit: Lit) -> None:
        """The literal is true."""
        self.clause((lit,))

    def loop(self, edges: Iterable[Edge]) -> None:
        """The chosen edges form exactly one simple cycle."""
        self._graphs.append(Loop(tuple(edges), self._why))

    def path(self, edges: Iterable[Edge], start: Node, end: Node) -> None:
        """The chosen edges form one simple path from ``start`` to ``end``."""
        if start == end:
            raise ValueError("a path needs two distinct end nodes")
        self._graphs.append(Path(tuple(edges), start, end, self._why))

    def disjoint_paths(self, edges: Iterable[Edge], pairs: Iterable[tuple[Node, Node]]) -> None:
        """The chosen edges form vertex-disjoint paths joining each pair."""
        self._graphs.append(DisjointPaths(tuple(edges), tuple(tuple(p) for p in pairs), self._why))

    def connected(
        self, nodes: Iterable[tuple[Node, Lit | None]], edges: Iterable[Edge]
    ) -> None:
        """Present nodes are connected through chosen edges."""
        self._graphs.append(Connected(tuple(nodes), tuple(edges), self._why))

    def runs(self, cells: Iterable[Lit], lengths: Iterable[int]) -> None:
        """The true cells form runs of the given lengths, in order."""
        self._runs.append(Runs(tuple(cells), tuple(lengths), self._why))

    def output(self, lits_or_vars: Iterable[Lit | Var]) -> None:
        """Add variables to the answer key (enumeration and uniqueness block on these)."""
        for item in lits_or_vars:
            index = item.var if isinstance(item, Lit) else item.index
            self._output.append(index)

    def build(self) -> Model:
        """The frozen model."""
        seen: set[int] = set()
        output = tuple(i for i in self._output if not (i in seen or seen.add(i)))
        return Model(self.name, tuple(self._vars), tuple(self._counts), tuple(self._clauses),
                     tuple(self._graphs), tuple(self._runs), output, dict(self.hints), tuple(self._distinct))
