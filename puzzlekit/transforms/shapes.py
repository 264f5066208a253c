"""Shapes of counts that a backend with richer constraints can lower in fewer pieces.

Both read the model and change nothing: a backend that uses them lowers the shapes found its
own way and leaves the counts they stand for out.

* `all_different_groups`: integers that counts make a permutation, for an AllDifferent.
* `equivalences`: booleans that two-literal exactly-one counts make equal or opposite, for
  one variable per class.
"""

from __future__ import annotations

from puzzlekit.clock import UNLIMITED, Deadline
from puzzlekit.ir import Count, Model
from puzzlekit.unionfind import DisjointSets


def all_different_groups(
    model: Model, deadline: Deadline = UNLIMITED
) -> tuple[list[tuple[int, ...]], set[int], list[Count]]:
    """The groups of integers to lower as AllDifferent, the indices of the stated counts they
    make implied, and the counts of the AllDifferent groups lowered as counts.

    The groups are the model's AllDifferent groups of integers (one with a boolean among its
    variables is left to its counts) and those that the stated counts make a permutation: n
    integers of one domain of n values with a count ``exactly one of them equals v`` for every
    value v. Under CP-SAT's AllDifferent those counts are implied, so they are left out; every
    other count stays as it is.
    """
    ints = {v.index: (v.lo, v.hi) for v in model.vars if not v.is_bool}
    groups: list[tuple[int, ...]] = []
    as_counts: list[Count] = []
    for group in model.distinct:
        if all(var in ints for var in group.vars):
            groups.append(group.vars)
        else:
            as_counts += group.counts(model.vars)
    absorbed: set[int] = set()
    if not ints:
        return groups, absorbed, as_counts
    # counts keyed by their variables in order first (a tuple hashes cheaper than a set is
    # built), then the orders of one set of variables merged
    in_order: dict[tuple[int, ...], dict[int, list[int]]] = {}
    for i, count in enumerate(deadline.paced(model.stated_counts)):
        terms = count.terms
        if count.rhs != 1 or count.op != "==" or len(terms) < 2 or terms[0][1].var not in ints:
            continue
        value = terms[0][1].value
        members = [x.var for c, x in terms if c == 1 and x.value == value and x.positive]
        if len(members) == len(terms):
            in_order.setdefault(tuple(members), {}).setdefault(value, []).append(i)
    found: dict[frozenset[int], dict[int, list[int]]] = {}
    for members, by_value in in_order.items():
        group = frozenset(members)
        if len(group) == len(members):
            merged = found.setdefault(group, {})
            for value, indices in by_value.items():
                merged.setdefault(value, []).extend(indices)
    for group, by_value in found.items():
        domains = {ints.get(var) for var in group}
        if len(domains) != 1 or None in domains:
            continue
        ((lo, hi),) = domains
        if len(group) == hi - lo + 1 and set(by_value) == set(range(lo, hi + 1)):
            groups.append(tuple(sorted(group)))
            for indices in by_value.values():
                absorbed.update(indices)
    return groups, absorbed, as_counts


def equivalences(
    model: Model, deadline: Deadline = UNLIMITED
) -> tuple[dict[int, tuple[int, bool]], set[int]]:
    """Booleans made equal or opposite by stated counts ``a + b == 1`` over two literals of
    two booleans, and the indices of the counts that say no more than that.

    Returns ``alias``: variable -> (leader, opposite), where the leader is the class's
    variable of lowest index (never itself aliased) and ``opposite`` says the variable is
    its negation; and the indices of the counts so made implied. A count that would make a
    variable its own negation stays (the model has no solution, and the backend says so).
    """
    bools = {v.index for v in model.vars if v.is_bool}
    # literal codes: 2v is "v is true", 2v + 1 "v is false"; x ^ 1 negates x
    classes: DisjointSets[int] = DisjointSets()
    absorbed: set[int] = set()
    for i, count in enumerate(deadline.paced(model.stated_counts)):
        terms = count.terms
        if len(terms) != 2 or count.rhs != 1 or count.op != "==":
            continue
        (ca, a), (cb, b) = terms
        if ca != 1 or cb != 1 or a.var == b.var or a.var not in bools or b.var not in bools:
            continue
        if a.value not in (0, 1) or b.value not in (0, 1):
            continue
        x = 2 * a.var + ((a.value == 1) != a.positive)
        y = 2 * b.var + ((b.value == 1) != b.positive)
        # exactly one of x, y: x is the negation of y
        if classes.find(x) == classes.find(y):
            continue  # x equal to y already: the count contradicts, and stays
        if classes.union(x, y ^ 1):
            classes.union(x ^ 1, y)
        absorbed.add(i)
    alias: dict[int, tuple[int, bool]] = {}
    leads: dict[int, int] = {}  # class -> its leader, whose "true" literal it holds
    for var in sorted(v // 2 for v in classes.parent if v % 2 == 0):
        same, other = classes.find(2 * var), classes.find(2 * var + 1)
        if same in leads:
            alias[var] = (leads[same], False)
        elif other in leads:
            alias[var] = (leads[other], True)
        else:
            leads[same] = var
    return alias, absorbed
