"""The ladder's pairs of whole rules (`ladder.wholes`), for a model whose hints ask for them:
a rule is every constraint of one reason, read as the rows it allows."""

from __future__ import annotations

from puzzlekit.ir import Model, ModelBuilder
from puzzlekit.ladder import PAIRS, RULES, Reasoner
from puzzlekit.ladder.wholes import WHOLE, WholePairs


def _closure(model: Model, rank: int, fixed: dict | None = None) -> list[int] | None:
    reasoner = Reasoner(model)
    masks = reasoner.masks(None)
    for v, bits in (fixed or {}).items():
        masks[v] = bits
    engine = reasoner.close(rank, masks)
    return None if engine is None else list(engine.dom)


def _two_rules(whole: bool) -> tuple[Model, list]:
    """a differs from b (one rule); where a differs from b, c holds (another): only the two
    read together fix c."""
    m = ModelBuilder("two rules")
    a, b, c = (m.bool(name) for name in "abc")
    with m.rule("a is not b"):
        m.clause([a, b])
        m.clause([~a, ~b])
    with m.rule("c where a is not b"):
        m.clause([~a, b, c])
        m.clause([a, ~b, c])
    m.output([a, b, c])
    if whole:
        m.hints[WHOLE] = True
    return m.build(), [a, b, c]


def test_two_whole_rules_read_together_fix_what_neither_does():
    model, (a, b, c) = _two_rules(whole=True)
    assert _closure(model, RULES)[c.var] == 0b11  # open: each clause has two open literals
    assert _closure(model, PAIRS)[c.var] == 0b10  # true
    assert isinstance(Reasoner(model).pairs, WholePairs)


def test_a_model_without_the_hint_pairs_its_clauses():
    model, _ = _two_rules(whole=False)
    assert not isinstance(Reasoner(model).pairs, WholePairs)


def _one_cell_rule(hidden_count: bool) -> tuple[Model, dict]:
    """x and y each 0, 1 or 4 (one rule, a clause per variable), and where asked a count
    switched off by a selector fixed false, as the generator's guarded model holds a hidden
    clue."""
    m = ModelBuilder("one rule")
    x, y = m.int("x", 0, 4), m.int("y", 0, 4)
    with m.rule("x and y are 0, 1 or 4"):
        m.clause([m.eq(x, 0), m.eq(x, 1), m.eq(x, 4)])
        m.clause([m.eq(y, 0), m.eq(y, 1), m.eq(y, 4)])
    fixed = {}
    if hidden_count:
        shown = m.bool("shown")
        with m.rule("a hidden count"):
            m.count([~m.eq(x, 0), ~m.eq(y, 0), (-2, ~shown)], "<=", 0)
        fixed[shown.var] = 0b01
    m.output([x, y])
    m.hints[WHOLE] = True
    return m.build(), fixed


def test_a_rule_read_alone_rules_out_what_it_allows_nowhere():
    model, _ = _one_cell_rule(hidden_count=False)
    start = Reasoner(model).masks(None)
    start[0] = 0b00111  # x is 0, 1 or 2
    reasoner = Reasoner(model)
    engine = reasoner.close(PAIRS, start)
    assert engine is not None and engine.dom[0] == 0b00011


def test_a_switched_off_count_adds_nothing_to_pairs():
    # the generator asks the guarded model (hidden clues' counts switched off) what the
    # puzzle's own model, without them, decides: the two must agree
    plain, _ = _one_cell_rule(hidden_count=False)
    guarded, fixed = _one_cell_rule(hidden_count=True)
    start = {0: 0b00111, 1: 0b10110}  # x 0, 1 or 2; y 1, 2 or 4
    alone = _closure(plain, PAIRS, start)
    switched = _closure(guarded, PAIRS, {**start, **fixed})
    assert alone is not None and switched is not None
    assert switched[:2] == alone[:2] == [0b00011, 0b10010]
