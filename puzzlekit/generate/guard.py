"""One model for every subset of clues: each clue's constraints switched by a selector.

The ladder's engines are compiled from a model, and compiling costs more than a round of
deductions; removal asks the ladder about hundreds of clue subsets. For a genre whose clues
only add constraints (the variables, graph rules and answer key stay the same), `guarded`
builds the model of every clue once, finds each clue's own constraints (those the model of
the required clues lacks, whose variables all lie in the clue's ``keys``), and adds a
selector ``s`` per clue: a clause gains ``~s``, a count ``sum op k`` becomes ``sum + M ~s >= k``
and/or ``sum - M ~s <= k`` with M just large enough. With the selectors fixed (1: shown, 0:
hidden) the engine deduces exactly what it deduces from the puzzle showing those clues: a
fixed ``~s`` adds nothing to a count's bounds, and a hidden clue's constraints always hold.

This is only sound where the engine reads nothing else into a count's shape: a count over
the edges at a loop node marks the node as always on the loop, which a guarded count would
not. Recipes opt in (``GUARD = True``) where no clue is such a count (Slitherlink: a clue
counts the sides of a cell, never the edges at a lattice point).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence

from puzzlekit.ir import Clause, Count, Lit, Model, Var, Why


def guarded(
    base: Model, full: Model, items: Sequence[Hashable], keys_of: Callable[[Hashable], Iterable[Hashable]],
    place: Callable[[Hashable], tuple] | None = None,
) -> tuple[Model, dict[Hashable, Hashable]] | None:
    """The guarded model and each item's selector key, or None when the clues' constraints
    cannot be told apart (the caller then builds a model per subset).

    A constraint belongs to the one item whose keys hold all its variables; where clues'
    keys overlap (Masyu's pearls side by side), ``place(item)`` (the cells a clue's rules
    cite) picks, among those items, the one whose place is the constraint's ``why.cells``."""
    if (base.vars, base.graphs, base.runs, base.output) != (full.vars, full.graphs, full.runs, full.output):
        return None
    counts, clauses = _minus(full.counts, base.counts), _minus(full.clauses, base.clauses)
    if counts is None or clauses is None:
        return None
    owners: dict[Hashable, list[Hashable]] = {}
    for item in items:
        for key in keys_of(item):
            owners.setdefault(key, []).append(item)
    key_of = [v.key for v in full.vars]

    def owner(variables: Iterable[int], why: Why | None) -> Hashable | None:
        found: set | None = None
        for v in variables:
            mine = set(owners.get(key_of[v], ()))
            found = mine if found is None else found & mine
        if found is not None and len(found) > 1 and place is not None and why is not None and why.cells:
            found = {item for item in found if tuple(place(item)) == tuple(why.cells)}
        return next(iter(found)) if found is not None and len(found) == 1 else None

    selector = {item: ("_shown",) + (item if isinstance(item, tuple) else (item,)) for item in items}
    index = {item: len(full.vars) + i for i, item in enumerate(items)}
    new_vars = full.vars + tuple(Var(index[item], selector[item], 0, 1) for item in items)
    new_counts, new_clauses = list(base.counts), list(base.clauses)
    for count in counts:
        item = owner((lit.var for _, lit in count.terms), count.why)
        if item is None:
            return None
        new_counts += _switched(count, Lit(index[item], 1, False))
    for clause in clauses:
        item = owner((lit.var for lit in clause.lits), clause.why)
        if item is None:
            return None
        new_clauses.append(Clause(clause.lits + (Lit(index[item], 1, False),), clause.why))
    model = Model(full.name, new_vars, tuple(new_counts), tuple(new_clauses), full.graphs, full.runs,
                  full.output, full.hints)
    return model, selector


def _minus(full: Sequence, base: Sequence) -> list | None:
    """The constraints of ``full`` beyond those of ``base`` (None: base has one full lacks)."""
    left = Counter(base)
    extra = []
    for con in full:
        if left[con]:
            left[con] -= 1
        else:
            extra.append(con)
    return None if any(left.values()) else extra


def _switched(count: Count, off: Lit) -> list[Count]:
    """The count as one or two counts that hold whatever their terms when ``off`` is true."""
    low = sum(min(0, c) for c, _ in count.terms)
    high = sum(max(0, c) for c, _ in count.terms)
    out = []
    if count.op in ("==", ">=") and count.rhs > low:
        out.append(Count(count.terms + ((count.rhs - low, off),), ">=", count.rhs, count.why))
    if count.op in ("==", "<=") and count.rhs < high:
        out.append(Count(count.terms + ((count.rhs - high, off),), "<=", count.rhs, count.why))
    return out
