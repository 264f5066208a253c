"""The side-by-side run against the peer: who goes first, which rounds count, the report."""

from __future__ import annotations

import pytest

from benchmarks import side_by_side
from benchmarks.instances import make

TENTS = "cols: 1 0 1\nrows: 1 0 1\n.T.\n...\n.T.\n"


def _instances() -> list:
    return [make("tents", "generated", "a", TENTS), make("tents", "generated", "b", TENTS)]


def test_the_sides_take_turns_going_first_and_failures_are_kept_apart() -> None:
    calls: list[tuple[str, str]] = []
    times = {"auto": iter([0.01, 0.02, 0.03, 0.04]), "sw": iter([0.02, 0.02, 0.05, 0.04])}

    def timer(inst, side):
        calls.append((inst.name, side))
        if inst.name == "b" and side == "sw":
            return {"status": "timeout", "note": "", "median_s": 6.0}
        return {"status": "solved", "note": "", "median_s": next(times[side])}

    found = side_by_side.measure(_instances(), 2, timer)
    assert calls == [("a", "auto"), ("a", "sw"), ("b", "auto"), ("b", "sw"),
                     ("a", "sw"), ("a", "auto"), ("b", "sw"), ("b", "auto")]
    assert found["tents/a"] == [(0.01, 0.02), (0.03, 0.02)]
    assert found["tents/b"] == [(0.02, None), (0.04, None)]  # the peer's timeout is never a time


def test_the_summary_counts_only_rounds_both_sides_solved() -> None:
    got = side_by_side.summary([(0.01, 0.02), (0.03, 0.02), (None, 0.02), (0.02, 0.02)])
    assert got is not None
    assert got["rounds"] == 3 and got["of"] == 4
    assert got["auto_s"] == pytest.approx(0.02) and got["sw_s"] == pytest.approx(0.02)
    assert got["ratio"] == pytest.approx(1.0)
    assert got["lowest"] == pytest.approx(0.5) and got["highest"] == pytest.approx(1.5)
    assert side_by_side.summary([(None, 0.02), (0.01, None)]) is None


def test_the_table_gives_the_ratio_and_names_an_instance_never_solved_by_both() -> None:
    a, b = _instances()
    text = side_by_side.table([a, b], {a.label: [(0.01, 0.02), (0.03, 0.04)], b.label: [(0.01, None)]})
    assert f"| {a.label} | 3x3 | 2/2 | 0.0200 | 0.0300 | 0.67 | 0.50-0.75 |" in text
    assert f"| {b.label} | 3x3 | 0/1 | | | | |" in text


def test_a_genre_the_peer_lacks_is_refused(capsys, monkeypatch) -> None:
    monkeypatch.setattr(side_by_side, "sw_option", lambda value: "somewhere")
    with pytest.raises(SystemExit) as stop:
        side_by_side.main(["--genres", "numberlink"])
    assert stop.value.code == 2
    assert "no model for numberlink" in capsys.readouterr().err
