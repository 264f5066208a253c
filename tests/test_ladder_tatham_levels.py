"""The ladder orders Simon Tatham's levels in games added with the genre kit.

His generators make puzzles of an exact level (solved by his solver at that level and not
below), so a grade that sorts them is checked on a few seeded puzzles per level; the full
measurement (100 per level) is ``python -m benchmarks.grading`` (docs/grading.md). Skipped
where Debian's ``sgt-puzzles`` is absent.
"""

from __future__ import annotations

import dataclasses

import pytest

import puzzlekit
from benchmarks import grading, tatham
from puzzlekit import api
from puzzlekit.ir import GROUPS_WHOLE, Edge, ModelBuilder
from puzzlekit.ladder import LINES, RULES, TRIAL, Reasoner


def ranks(game: str, level: str, count: int, size: str) -> list[int]:
    """Our ranks of ``count`` of his puzzles of one level, seeds ``order-0``... (made afresh)."""
    g = tatham.game(game)
    try:
        made = tatham.generate(g.name, level, count, seed="order", size=size)
    except tatham.TathamMissing:
        pytest.skip(f"sgt-{g.program or g.name} is not installed")
    return [api.grade(puzzlekit.load(g.genre, tatham.convert(g.name, d)), time_limit=60).rank for d in made]


def test_light_up_levels_come_out_in_his_order():
    # his Easy needs each clue on its own, Tricky short trials, Hard longer ones
    easy, tricky, hard = (ranks("lightup", level, 3, "7x7") for level in ("easy", "tricky", "hard"))
    assert max(easy) < min(tricky) and max(tricky) < min(hard), (easy, tricky, hard)


def test_singles_easy_grades_below_tricky():
    # his Easy walls no white cell in (a connected group seen cell by cell); his Tricky
    # keeps the whole white group connected, which is ``lines``
    easy, tricky = (ranks("singles", level, 8, "5x5") for level in ("easy", "tricky"))
    assert max(easy) < LINES <= max(tricky), (easy, tricky)
    rho = grading.spearman([0] * len(easy) + [1] * len(tricky), easy + tricky)
    assert rho is not None and rho >= grading.TARGET, (easy, tricky)


def three_in_a_row(last: bool) -> tuple:
    """Three cells in a row in one connected group; the first is in, the last in or out."""
    m = ModelBuilder("row")
    cells = [m.bool(("cell", i)) for i in range(3)]
    edges = [Edge(i, i + 1, m.bool(("edge", i))) for i in range(2)]
    m.connected(list(enumerate(cells)), edges)
    m.clause([cells[0]])
    m.clause([cells[2] if last else ~cells[2]])
    m.output(cells)
    return m.build(), cells


def test_a_connected_group_is_seen_cell_by_cell_at_rules():
    model, cells = three_in_a_row(last=True)
    reasoner = Reasoner(model)
    engine = reasoner.close(RULES, reasoner.masks())
    assert engine is not None and engine.dom[cells[1].var] == 0b10  # the first cell's only way out
    model, cells = three_in_a_row(last=False)
    reasoner = Reasoner(model)
    engine = reasoner.close(RULES, reasoner.masks())
    assert engine is not None and engine.dom[cells[1].var] == 0b11  # a group of one cell is whole


def test_a_model_may_ask_for_its_groups_read_whole_only():
    # (Galaxies asks: his Normal has no "a way out" step) below lines the group is left
    # alone, from lines on it is read whole as before
    model, cells = three_in_a_row(last=True)
    whole = dataclasses.replace(model, hints={GROUPS_WHOLE: True})
    reasoner = Reasoner(whole)
    for rank in (RULES, TRIAL):
        engine = reasoner.close(rank, reasoner.masks())
        assert engine is not None and engine.dom[cells[1].var] == 0b11, rank
    engine = reasoner.close(LINES, reasoner.masks())
    assert engine is not None and engine.dom[cells[1].var] == 0b10
    assert reasoner.grade().level == "lines" and Reasoner(model).grade().rank < TRIAL


def test_slant_easy_needs_no_trial():
    # his Easy is the clues and no loop; each diagonal is two edges of the sides' graph
    easy = ranks("slant", "easy", 3, "8x8")
    assert max(easy) <= LINES, easy


def test_a_cut_of_edges_that_one_literal_chooses_is_seen_at_lines():
    # his Slant Easy 5x5: the clues leave three cells, which only the no-loop rule fixes;
    # each of them closes a loop one way, and the sides inside are then cut off by two edges
    # at once (the other diagonal's), which no single bridge of the graph shows
    puzzle = puzzlekit.load("gokigen", tatham.convert("slant", "5x5de:a0a1b1d0b2c1a2a3b32a21a0a01a"))
    model = puzzlekit.genres.module_of(puzzle).model(puzzle)
    reasoner = Reasoner(model)
    engine = reasoner.close(TRIAL, reasoner.masks())
    assert engine is not None and not reasoner.solved(engine)
    assert api.grade(puzzle).level == "lines"
