"""The auto-margin check: which backends it runs, with which bound, and when a puzzle is a miss."""

from __future__ import annotations

import pytest

from benchmarks import auto_margin

TENTS = "cols: 1 0 1\nrows: 1 0 1\n.T.\n...\n.T.\n"


def test_the_bound_is_half_or_the_slack_whichever_is_tighter() -> None:
    assert auto_margin.bound(0.04) == 0.0  # within 0.05 s of anything: never a miss
    assert auto_margin.bound(0.08) == pytest.approx(0.03)  # 0.05 s behind comes first
    assert auto_margin.bound(1.0) == pytest.approx(0.5)  # twice as slow comes first


def _fake(monkeypatch, times: dict[str, list[float]], chosen: str = "cpsat") -> list[tuple[str, float]]:
    """Each backend's successive times (the last repeats); the calls made, with their limits."""
    calls: list[tuple[str, float]] = []

    def timed(puzzle, backend, time_limit):
        calls.append((backend, time_limit))
        queue = times[backend]
        seconds = queue.pop(0) if len(queue) > 1 else queue[0]
        if seconds > time_limit:
            return time_limit, "timeout", chosen if backend == "auto" else backend
        return seconds, "solved", chosen if backend == "auto" else backend

    monkeypatch.setattr(auto_margin, "timed", timed)
    return calls


def test_a_fast_auto_runs_no_other_backend(monkeypatch) -> None:
    calls = _fake(monkeypatch, {"auto": [0.03], "sat": [0.001]})
    row = auto_margin.check("tents", "t", TENTS, ["cpsat", "sat"], 3, 20.0)
    assert row["miss"] is None and row["others"] == {} and {b for b, _ in calls} == {"auto"}


def test_a_backend_under_the_bound_twice_is_a_miss(monkeypatch) -> None:
    calls = _fake(monkeypatch, {"auto": [1.0], "sat": [0.2], "search": [0.9]})
    row = auto_margin.check("tents", "t", TENTS, ["cpsat", "sat", "search"], 3, 20.0)
    assert row["miss"] == "sat" and row["others"]["sat"] == 0.2
    assert row["others"]["search"] is None  # not finished within the bound
    assert ("search", pytest.approx(0.5)) in calls and all(b != "cpsat" for b, _ in calls)  # auto's own


def test_a_backend_fast_once_but_not_again_is_no_miss(monkeypatch) -> None:
    _fake(monkeypatch, {"auto": [1.0, 1.0, 1.0], "sat": [0.2, 0.8, 0.8, 0.8]})
    row = auto_margin.check("tents", "t", TENTS, ["cpsat", "sat"], 3, 20.0)
    assert row["miss"] is None and row["others"]["sat"] == 0.8


def test_an_unfinished_auto_counts_as_the_limit(monkeypatch) -> None:
    _fake(monkeypatch, {"auto": [30.0], "sat": [4.0]})
    row = auto_margin.check("tents", "t", TENTS, ["cpsat", "sat"], 1, 20.0)
    assert row["auto"] == 20.0 and row["status"] == "timeout" and row["miss"] == "sat"


def test_the_report_names_each_miss(monkeypatch) -> None:
    rows = [
        {"genre": "tents", "name": "a", "auto": 1.0, "chosen": "cpsat", "others": {"sat": 0.2},
         "miss": "sat"},
        {"genre": "tents", "name": "b", "auto": 0.01, "chosen": "sat", "others": {}, "miss": None},
        {"genre": "queens", "name": "q", "auto": 0.5, "chosen": "cpsat", "others": {"sat": None},
         "miss": None},
        {"genre": "queens", "name": "bad", "error": "ParseError: no"},
    ]
    text = auto_margin.report(rows)
    assert "| tents | 2 | 1 | 1 | 0.20 (sat, a) |" in text
    assert "| queens | 1 (+1 refused by the parser) | 1 | 0 | none finished within the bound |" in text
    assert "miss: tents a: auto (cpsat) 1 s, sat 0.2 s" in text


def test_a_solve_that_raises_is_reported_and_on_auto_fails_the_run(monkeypatch) -> None:
    """An exception is never taken as a time: on auto the row fails; on another backend it
    counts as unfinished and the report names it."""
    from puzzlekit import api

    real = api.solve

    def solve(puzzle, backend, **kwargs):
        if backend in broken:
            raise api.InternalError(f"{backend} gave an answer the rules reject")
        return real(puzzle, backend, **kwargs)

    monkeypatch.setattr(api, "solve", solve)
    broken = {"auto"}
    row = auto_margin.check("tents", "t", TENTS, ["sat"], 1, 20.0)
    assert row["status"] == "raised InternalError: auto gave an answer the rules reject"
    assert auto_margin.failed(row) and row["others"] == {}
    assert "auto failed: tents t: raised InternalError" in auto_margin.report([row])
    broken = {"cpsat"}  # auto picks sat for so small a Tents
    monkeypatch.setattr(auto_margin, "bound", lambda seconds: 10.0)  # every other backend runs
    row = auto_margin.check("tents", "t", TENTS, ["cpsat", "sat"], 1, 20.0)
    assert row["status"] == "solved" and row["chosen"] == "sat" and not auto_margin.failed(row)
    assert row["others"] == {"cpsat": None} and "rules reject" in row["raised"]["cpsat"]
    assert "cpsat failed (counted as unfinished): tents t: InternalError" in auto_margin.report([row])


def test_a_real_puzzle_on_installed_backends() -> None:
    """No fake: a tiny puzzle is settled on auto within 0.05 s and so cannot miss."""
    names = auto_margin.installed_backends()
    row = auto_margin.check("tents", "t", TENTS, names, 1, 20.0)
    assert row["status"] == "solved" and row["chosen"] in names
    assert row["miss"] is None
