"""IR-to-IR steps shared by backends that lack a native form of some constraint kind."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.ir import Clause, Lit, Model, Var


def run_automaton(lengths: Sequence[int]) -> tuple[list[tuple[int, int, int]], list[int]]:
    """A DFA over 0/1 that accepts exactly the lines whose runs of 1s have these lengths.

    State ``p`` means ``p`` symbols of the pattern ``1^l1 0 1^l2 0 ... 1^lk`` are matched;
    zeros may repeat before the pattern, in its gaps and after it. Returns the transitions
    ``(state, symbol, next)`` and the accepting states; the start state is 0.
    """
    pattern: list[int] = []
    for i, length in enumerate(lengths):
        if i:
            pattern.append(0)
        pattern += [1] * length
    end = len(pattern)
    transitions = []
    for p in range(end + 1):
        if p < end and pattern[p] == 1:
            transitions.append((p, 1, p + 1))
        if p < end and pattern[p] == 0:
            transitions.append((p, 0, p + 1))
        elif p == 0 or p == end or pattern[p - 1] == 0:
            transitions.append((p, 0, p))
    return transitions, [end]


def expand_runs(model: Model, deadline: Deadline = UNLIMITED) -> Model:
    """Replace every `Runs` constraint by DFA state variables and clauses.

    Position ``i`` of a line gets an integer state ``0..T``; each transition is a clause
    ``state_i != q | cell != b | state_i+1 == next``, a missing transition forbids the
    pair, and states that cannot be reached or cannot still reach the end are cut off.
    """
    if not model.runs:
        return model
    vars_: list[Var] = list(model.vars)
    clauses: list[Clause] = []
    for ri, runs in enumerate(deadline.paced(model.runs, every=1)):
        if min(runs.lengths, default=1) < 1:  # a run of no cells never appears
            clauses.append(Clause(()))
            continue
        transitions, final = run_automaton(runs.lengths)
        end = final[0]
        n = len(runs.cells)
        states = []
        for i in range(n + 1):
            var = Var(len(vars_), ("_run", ri, i), 0, end)
            vars_.append(var)
            states.append(var.index)
        clauses.append(Clause((Lit(states[0], 0),)))
        clauses.append(Clause((Lit(states[n], end),)))
        step = {(q, b): nxt for q, b, nxt in transitions}
        for i, cell in enumerate(deadline.paced(runs.cells, every=max(1, 256 // (end + 1)))):
            for q in range(end + 1):
                here = Lit(states[i], q, False)
                for b, cell_is_not_b in ((1, ~cell), (0, cell)):
                    nxt = step.get((q, b))
                    if nxt is None:
                        clauses.append(Clause((here, cell_is_not_b)))
                    else:
                        clauses.append(Clause((here, cell_is_not_b, Lit(states[i + 1], nxt))))
        # a state that needs more cells than are left (or more than were read) is impossible
        for i in range(n + 1):
            for q in range(end + 1):
                if q > i or end - q > n - i:
                    clauses.append(Clause((Lit(states[i], q, False),)))
    return Model(
        model.name, tuple(vars_), model.stated_counts, model.clauses + tuple(clauses),
        model.graphs, (), model.output, model.hints, model.distinct,
    )
