"""The Numberlink corpus benchmark: its readers on a made-up corpus, its worker and its table."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from benchmarks import numberlink_corpus as nc


def fake_corpus(root: Path) -> Path:
    """Two sw puzzles (one whose answer leaves a cell empty) and three jsonl lines."""
    sw = root / "sw" / "numberlink"
    sw.mkdir(parents=True)
    data = {
        "full_2x2": {"problem": "2 2\n1 -\n1 -", "solution": "2 2\ns se\nn ne"},
        "gap_2x3": {"problem": "2 3\n1 - 1\n- - -", "solution": "2 3\ne ew w\n- - -"},
    }
    (sw / "NumberLink_dataset.json").write_text(json.dumps({"count": 2, "data": data}))
    lines = [
        {"id": "ta-janko-000", "rows": 1, "cols": 2, "grid": [[1, 1]], "full_coverage": None},
        {"id": "pk-numberlink-1_1x3", "rows": 1, "cols": 3, "grid": [[1, 0, 1]], "full_coverage": False},
        {"id": "ta-inputs2-000", "rows": 1, "cols": 2, "grid": [[1, 1]], "full_coverage": True},
    ]
    folder = root / "numberlink"
    folder.mkdir()
    (folder / "numberlink.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    return root


def test_readers_take_the_cover_mode_from_the_published_answer_and_forbid_u_turns(tmp_path):
    found = {p.name: p for p in nc.puzzles(fake_corpus(tmp_path))}
    assert sorted(found) == ["pk-numberlink-1_1x3", "sw-full_2x2", "sw-gap_2x3", "ta-janko-000"]
    assert found["sw-full_2x2"].text == "u-turns: no\n1 0\n1 0\n"
    assert found["sw-gap_2x3"].text.startswith("cover: any\nu-turns: no\n")
    assert found["pk-numberlink-1_1x3"].text == "cover: any\nu-turns: no\n1 0 1\n"
    assert found["ta-janko-000"].text == "u-turns: no\n1 1\n"
    assert found["sw-gap_2x3"].band == "<=10x10"


def test_worker_proves_uniqueness_and_the_table_counts_it():
    puzzle = nc.Puzzle("tiny", 1, 3, "1 0 1\n")
    out = nc.work({"name": "tiny", "text": puzzle.text, "config": "sat", "time_limit": 10})
    assert out["status"] == "solved" and out["unique"] is True
    slow = {"status": "solved", "unique": True, "seconds": 11.0}
    table = nc.report([(puzzle, "sat", out), (puzzle, "cpsat", slow)], ["sat", "cpsat"], 10)
    assert "| sat | <=10x10 | 1 | 1 |" in table
    assert "| cpsat | <=10x10 | 1 | 0 | t/o | t/o |" in table


def test_configurations_parse_options():
    assert nc.parse_config("sat:propagate=true,solver=glucose42") == (
        "sat", {"propagate": True, "solver": "glucose42"})
    assert nc.parse_config("auto") == ("auto", {})


def test_generated_puzzles_fall_back_to_the_next_reading(tmp_path, monkeypatch):
    found = list(nc.generated_puzzles(fake_corpus(tmp_path)))
    assert [p.name for p in found] == ["ta-inputs2-000"] and found[0].readings == nc.READINGS
    # one pair on a 2x3 grid: filling every cell takes a turn back inside a 2x2 block, so
    # the first reading has no solution and the full cover alone has one
    uturn = nc.Puzzle("uturn", 2, 3, "1 0 0\n1 0 0\n", nc.READINGS)
    out = nc.work({"name": "uturn", "text": uturn.text, "config": "sat", "time_limit": 10,
                   "readings": list(uturn.readings)})
    assert out["status"] == "solved" and out["reading"] == "cover: all"
    # two pairs that must cross: no reading has a solution, so it is settled as unsolvable
    crossed = nc.Puzzle("crossed", 3, 3, "0 1 0\n2 0 2\n0 1 0\n", nc.READINGS)
    out = nc.work({"name": "crossed", "text": crossed.text, "config": "sat", "time_limit": 10,
                   "readings": list(crossed.readings)})
    assert out["status"] == "unsolvable" and out["reading"] == "cover: any"
    # when the time ends after a stricter reading had no solution, nothing is settled
    from puzzlekit import api

    spent_all = SimpleNamespace(status="unsolvable", seconds=10.0, backend="sat")
    monkeypatch.setattr(api, "solve", lambda *args, **kwargs: spent_all)
    out = nc.work({"name": "crossed", "text": crossed.text, "config": "sat", "time_limit": 10,
                   "readings": list(crossed.readings)})
    assert out["status"] == "timeout" and out["reading"] == "u-turns: no"
    table = nc.report([(uturn, "sat", {"status": "solved", "seconds": 0.1}),
                       (crossed, "sat", {"status": "timeout", "seconds": 10.0})], ["sat"], 10, generated=True)
    assert "| sat | <=10x10 | 2 | 1 | t/o | t/o |" in table and "settled within limit" in table
