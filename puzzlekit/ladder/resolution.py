"""Which two clauses the ladder's pairs step may skip: two clauses narrow together only
through a literal one holds and the other negates (`resolvable`), and not while either keeps
a literal true or two open on variables the other does not read (`apart`, `idle`)."""

from __future__ import annotations

from collections.abc import Hashable

from ..propagation.engine import TRUE, UNKNOWN, CLit, Engine


def clause_signs(engine: Engine, lits: list[CLit]) -> dict[int, Hashable] | None:
    """A clause as each variable's one literal: a two-valued variable's sign (True: it takes
    its first value), another's (value bit, whether it is taken); None when a variable has
    two literals in the clause (both signs, or two values)."""
    signs: dict[int, Hashable] = {}
    for v, b, p in lits:
        full = engine.full[v]
        sign = (0, (b == full & -full) == p) if full.bit_count() == 2 else (b, p)
        if signs.setdefault(v, sign) != sign:
            return None
    return signs


def resolvable(a: dict[int, Hashable] | None, b: dict[int, Hashable] | None) -> bool:
    """Whether a pair of rules can narrow what each narrows alone (False only for two clauses
    that never can). Two clauses, each at its own fixpoint, together fix a value only when all
    but two literals of each are false and they read ``v or x`` and ``not v or x``: ``x`` is
    then true (their resolvent; nor can they break together, as two clauses with two open
    literals each). So they need one variable of opposite signs in the two, only one (with a
    second, one of the two clauses holds in every case the pair tries), and a literal they
    share. A literal ``v == k`` of a variable of more values stands for one two-valued atom;
    one clause reading ``v == j`` and the other ``v == k`` (or both their negations) can also
    break together (when ``v`` is left ``j`` or ``k``), so such pairs are kept unless two
    opposite signs hold one of them true, while ``v == j`` beside ``v != k`` never clash.
    Without that the pair is skipped: a model's definitions of "x is y and z" make many pairs
    of clauses sharing two variables that never narrow (Kurotto's distances: 8,166 of 8,762
    pairs on a 10x10), and so do Hidato's "k here: k + 1 in a touching cell" of two cells
    with touching cells in common."""
    if a is None or b is None:
        return True
    opposite = same = clash = 0
    for v, sign in a.items():
        other = b.get(v)
        if other is None:
            continue
        if other == sign:
            same += 1
        elif other[0] == sign[0]:  # type: ignore[index]  # one atom, the two signs
            opposite += 1
        elif other[1] == sign[1]:  # type: ignore[index]  # two values, both taken or refused
            clash += 1
    return opposite < 2 and (clash > 0 or (opposite == 1 and same > 0))


def apart(lits: list[CLit], other: list[CLit]) -> list[CLit]:
    """The literals of ``lits`` on variables no literal of ``other`` reads."""
    theirs = {lit[0] for lit in other}
    return [lit for lit in lits if lit[0] not in theirs]


def idle(engine: Engine, loose: list[CLit]) -> bool:
    """Whether a clause of a pair can neither fill a value in nor break, whatever the pair
    tries: one of its literals on variables the other clause does not read is true, or two
    are open. Neither the pair's cases nor the other clause narrow those variables, so the
    clause stays true or keeps two open literals in every case; when both clauses of a pair
    are idle, every case survives as it is, and their union is the domains it started from
    (`Pairs._pair` would narrow nothing)."""
    open_ = 0
    status = engine.status
    for lit in loose:
        s = status(lit)
        if s == TRUE:
            return True
        if s == UNKNOWN:
            open_ += 1
            if open_ > 1:
                return True
    return False
