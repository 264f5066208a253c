"""Depth-first search over the engine, and the choice of the branching variable.

Variables of the answer key (plus auxiliaries an equality count fixes from them) come
before the rest, so each answer is reported once. Then fail first: a variable of the
cardinality count with the fewest ways left (ties: the count that failed most often), else
an edge at the open end of a line with the fewest choices, else the smallest domain and the
variable in most constraints. Values are tried smallest first, so a boolean is tried false
first: most edges of a line puzzle stay unused, so leaving an edge out is the likelier
guess. Seed 0 keeps the model's order for ties; other seeds shuffle it. Every complete
assignment is checked against the model (`Model.holds`) before it is reported.
"""

from __future__ import annotations

import math
import random

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.errors import OutOfTime
from puzzlekit.ir import Model
from puzzlekit.propagation.engine import COUNT, Engine, mask_values

from ..base import project


def determined(model: Model, deadline: Deadline = UNLIMITED) -> set[int]:
    """Auxiliary booleans that the output fixes: the one free term of an equality count."""
    known = set(model.output)
    found: set[int] = set()
    changed = True
    while changed:
        changed = False
        for count in deadline.paced(model.counts, every=256):
            if count.op != "==":
                continue
            free = [(c, lit) for c, lit in count.terms if lit.var not in known and c]
            if len(free) != 1:
                continue
            lit = free[0][1]
            var = model.vars[lit.var]
            if var.is_bool and lit.value in (0, 1):
                known.add(lit.var)
                found.add(lit.var)
                changed = True
    return found


class Search:
    """Depth-first search over the engine: answer-key variables first, fail first."""

    def __init__(self, engine: Engine, seed: int, deadline: Deadline = UNLIMITED):
        """Set up the search (raises `OutOfTime` when that outlasts ``deadline``)."""
        self.engine = engine
        model = engine.model
        rank = list(range(engine.n))  # ties: model order for seed 0, else a seeded shuffle
        if seed:
            random.Random(seed).shuffle(rank)
        occurrences = engine.occurrences
        order = sorted(range(engine.n), key=lambda v: (-occurrences[v], rank[v]))
        out = set(model.output) | determined(model, deadline)
        self.phases = ([v for v in order if v in out], [v for v in order if v not in out])
        self.output = out
        # cardinality counts (unit terms, ==) over answer-key variables
        self.cards = [
            (cid, data[0], data[1]) for cid, (kind, data) in enumerate(zip(engine.kinds, engine.data))
            if kind == COUNT and data[1] == data[2] and all(t[0] == 1 and t[1] in out for t in data[0])
        ]
        self.weight = [0] * (len(engine.kinds) + 1)  # contradictions found per propagator
        if seed:
            random.Random(seed).shuffle(self.cards)
        self.nodes = 0
        self.failures = 0
        self.rejected = 0

    def choose(self) -> int | None:
        """The next branching variable (None: every variable is fixed).

        Fail first: a variable of the tightest cardinality count over answer-key variables,
        else an unknown edge at the open end of a line (a loop or path node that still needs
        an edge) with the fewest choices, else the smallest domain, answer key first, ties
        to the variable in most constraints.
        """
        dom = self.engine.dom
        tight = self._tight()
        if tight is not None:
            return tight
        end = self._open_end()
        if end is not None and end in self.output:
            return end
        for phase in self.phases:
            best, size = None, 1 << 30
            for v in phase:
                m = dom[v]
                if m & (m - 1):
                    k = m.bit_count()
                    if k < size:
                        best, size = v, k
                        if k == 2:
                            break
            if best is not None:
                return best
        return None

    def _tight(self) -> int | None:
        """A variable of the cardinality count with the fewest ways left to satisfy it."""
        dom = self.engine.dom
        best, fewest = None, (1 << 60, 0)
        weight = self.weight
        for cid, terms, rhs in self.cards:
            true = 0
            unknown = 0
            first = None
            for _, v, b, p in terms:
                m = dom[v]
                if m & b and m != b:
                    unknown += 1
                    if first is None:
                        first = v
                elif (m == b) == p:
                    true += 1
            need = rhs - true
            if first is None or not 0 < need < unknown:
                continue
            ways = math.comb(unknown, need)
            key = (ways, -weight[cid])  # ties: the count that failed most often
            if key < fewest:
                best, fewest = first, key
        return best

    def _open_end(self) -> int | None:
        """An unknown edge variable at the line end with the fewest choices, if any."""
        dom = self.engine.dom
        best, fewest = None, 1 << 30
        for incident, terminal in self.engine.ends:
            for node, lits in enumerate(incident):
                true = 0
                choice = None
                unknown = 0
                for v, b, p in lits:
                    m = dom[v]
                    if m & b and m != b:
                        unknown += 1
                        if choice is None:
                            choice = v
                    elif (m == b) == p:
                        true += 1
                if choice is None or true != (0 if terminal[node] else 1):
                    continue
                if unknown < fewest:
                    best, fewest = choice, unknown
                    if unknown <= 2:
                        return best
        return best

    def run(
        self, limit: int, deadline: Deadline, max_nodes: int | None = None,
        max_propagations: int | None = None, domains: list[int] | None = None,
    ) -> tuple[list[dict], bool]:
        """Enumerate up to ``limit`` answer-key-distinct solutions; also whether it finished.

        The search starts from ``domains`` (bitmasks, as `Engine.reset` takes them; None: the
        declared domains). The clock is read at every node and every few propagator runs, so
        a time limit holds even where a single node is slow (large graph constraints). The
        search also stops, unfinished, after ``max_nodes`` nodes or about
        ``max_propagations`` propagator runs (the engine looks every few runs).
        """
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62
        self.stopped: str | None = None  # "nodes" or "propagations": the budget that ended it
        found: list[dict] = []
        self.engine.limit(deadline, max_propagations)
        try:
            return found, self._run(limit, deadline, found, domains)
        except OutOfTime:
            if self.engine.spent:
                self.stopped = "propagations"
            self.engine.fail()  # empty the queues: the engine stays usable
            return found, False
        finally:
            self.engine.limit()

    def _run(self, limit: int, deadline: Deadline, found: list[dict], domains: list[int] | None) -> bool:
        """The search loop of `run`; fills ``found``, returns whether the tree was exhausted."""
        engine = self.engine
        model = engine.model
        seen: set[tuple[int, ...]] = set()
        if limit <= 0:
            return False
        if not engine.reset(domains):
            return True
        frames: list[list] = []  # [trail mark, var, values to try, next index]
        while True:
            v = self.choose()
            if v is None:
                values = [mask_values(engine.dom[i], engine.lo[i]) for i in range(engine.n)]
                full = [min(x) for x in values]
                key = tuple(full[i] for i in model.output)
                if key not in seen and model.holds(full):
                    seen.add(key)
                    found.append(project(model, full))
                    if len(found) >= limit:
                        return False
                    # another completion of the auxiliaries would repeat this answer
                    while frames and frames[-1][1] not in self.output:
                        engine.undo(frames.pop()[0])
                elif key not in seen:
                    self.rejected += 1
            else:
                # smallest value first: most edges of a line puzzle stay unused, so "leave it
                # out" is the likelier guess
                vals = sorted(mask_values(engine.dom[v], engine.lo[v]))
                frames.append([len(engine.trail), v, vals, 0])
            if not self._advance(frames):
                return True
            if deadline.expired():
                return False
            if self.nodes >= self.max_nodes:
                self.stopped = "nodes"
                return False

    def _advance(self, frames: list[list]) -> bool:
        """Try the next value of the deepest open decision; False when the tree is exhausted."""
        engine = self.engine
        while frames:
            frame = frames[-1]
            mark, v, vals, i = frame
            engine.undo(mark)
            if i >= len(vals):
                frames.pop()
                continue
            frame[3] = i + 1
            self.nodes += 1
            bit = 1 << (vals[i] - engine.lo[v])
            if engine.narrow(v, bit) and engine.fixpoint():
                return True
            self.failures += 1
            self.weight[engine.failed] += 1
        return False
