"""``auto``'s measured backend orders live in the genres' modules (``BACKENDS``,
``LARGE_BACKENDS``, ``FIRST_TRY``, ``THEN``): the choices are the ones measured
(docs/benchmarks.md), a genre that declares none goes by its model's shape, and a value set
for a test stands in for the declared one until it is taken back."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from puzzlekit import api, choosing, genres
from puzzlekit.ir import Edge, ModelBuilder

#: The orders measured in docs/benchmarks.md, as `auto` tried them before they moved into the
#: genres' modules: the genre's first choices, then the default order.
MEASURED = {
    "masyu": ("sat", "cpsat", "z3"), "tracks": ("sat", "search", "cpsat"), "numberlink": ("sat", "cpsat"),
    "hashi": ("sat", "cpsat"), "slitherlink": ("sat", "cpsat"), "sudoku": ("cpsat", "sat"),
    "nonogram": ("cpsat", "sat"), "queens": ("sat", "cpsat"), "zip": ("sat", "search", "cpsat"),
    "tents": ("sat", "cpsat", "z3"), "patches": ("cpsat", "sat"), "wend": ("sat", "search", "cpsat"),
    "swend": ("sat", "search", "cpsat"), "fillomino": ("sat", "cpsat"),
    "kenken": ("sat", "cpsat"), "skyscrapers": ("sat", "cpsat"), "magnets": ("sat", "cpsat"),
    "killersudoku": ("sat", "cpsat"), "palisade": ("sat", "cpsat"), "nurikabe": ("sat",),
    "hidato": ("sat", "cpsat"), "kakurasu": ("cpsat", "sat"),
    "battleship": ("cpsat", "sat"), "minesweeper": ("cpsat", "sat"),
}


@pytest.mark.parametrize("name", MEASURED)
def test_each_genre_keeps_its_measured_order(name):
    order = MEASURED[name]
    assert api.PREFERENCE[name] == order
    assert api.auto_order(name) == tuple(dict.fromkeys(order + choosing.DEFAULT_PREFERENCE))
    assert genres.get(name).BACKENDS == order


def test_the_first_tries_and_the_large_orders_are_the_measured_ones():
    assert dict(api.FIRST_TRY) == {"sudoku": ("cpsat", 1.5), "nonogram": ("search", 55_000)}
    assert dict(api.THEN) == {"sudoku": "sat"}
    assert dict(api.LARGE_PREFERENCE) == {"tents": (300, ("cpsat", "sat", "z3"))}
    assert set(api.PREFERENCE) == set(MEASURED)  # the genres measured; the others go by their models


def test_a_genre_without_an_order_goes_by_its_model():
    sys.path.insert(0, str(Path(__file__).parent / "genres"))
    import kit_loop  # a genre made with the kit, declaring no backends

    if "kitloop" not in genres.available():
        genres.register(kit_loop)
    assert "kitloop" not in api.PREFERENCE and api.PREFERENCE.get("kitloop") is None
    m = ModelBuilder("kitloop")
    x = [m.bool(i) for i in range(3)]
    m.loop([Edge(0, 1, x[0]), Edge(1, 2, x[1]), Edge(2, 0, x[2])])
    m.output(x)
    assert api.auto_order("kitloop", m.build())[:2] == choosing.SHAPE_PREFERENCE["graphs"]
    for other in ("pearl", "no such genre", "", None):  # an alias is not a genre's own entry
        assert api.PREFERENCE.get(other) is None


def test_a_value_set_stands_in_until_taken_back(monkeypatch):
    with monkeypatch.context() as patch:
        patch.setitem(api.PREFERENCE, "queens", ("z3",))
        patch.setitem(api.FIRST_TRY, "zip", ("search", 10))
        assert api.auto_order("queens")[0] == "z3" and api.FIRST_TRY["zip"] == ("search", 10)
    assert api.PREFERENCE["queens"] == MEASURED["queens"] and "zip" not in api.FIRST_TRY
