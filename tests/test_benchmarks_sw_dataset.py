"""The whole-dataset run of the new genres (benchmarks.sw_dataset) on made-up rows and puzzles:
the table, the answer comparison with the published notation, and the peer batch protocol
(a stand-in runner, so no peer package and no corpus are needed)."""

from __future__ import annotations

import sys
import textwrap

from benchmarks import sw_dataset

# a made-up 3x3 Light Up: a numbered wall in the middle, lamps in two corners
PROBLEM = "3 3\n- - -\n- 2 -\n- - -"
PUBLISHED = "3 3\no - -\n- x -\n- - o"


def test_a_peer_answer_is_compared_as_the_genre_reads_it():
    # the numbered wall written as its number instead of x is the same answer
    assert sw_dataset._grid_equal("lightup", PROBLEM, [["o", "-", "-"], ["-", "2", "-"], ["-", "-", "o"]],
                                  PUBLISHED, "sw")
    assert not sw_dataset._grid_equal("lightup", PROBLEM, [["-", "-", "o"], ["-", "2", "-"], ["o", "-", "-"]],
                                      PUBLISHED, "sw")
    # multi-puzzle-solver answers 1 on the lamps
    assert sw_dataset._grid_equal("lightup", PROBLEM, [["1", "0", "0"], ["0", "0", "0"], ["0", "0", "1"]],
                                  PUBLISHED, "mps")
    assert not sw_dataset._grid_equal("lightup", PROBLEM, None, PUBLISHED, "mps")


def _row(program: str, key: str, status: str, total: float | None = 1.0, **more) -> dict:
    return {"genre": "lightup", "key": key, "program": program, "status": status, "total_s": total, **more}


def test_the_table_counts_unsolved_at_the_limit_and_lists_the_ambiguous():
    rows = [
        _row("auto", "a", "solved", 1.0, unique=True, unique_s=2.0),
        _row("auto", "b", "solved", 3.0, unique=False, unique_s=4.0),
        _row("auto", "c", "variant", None),
        _row("sw", "a", "solved", 2.0),
        _row("sw", "b", "timeout", None),
        _row("sw", "c", "solved", 2.0),
    ]
    line = sw_dataset.table(rows, time_limit=10).splitlines()[-1]
    cells = [c.strip() for c in line.strip("|").split("|")]
    assert cells[:4] == ["lightup", "3", "2", "1"]
    assert cells[4:7] == ["2/2", "2", "3"]
    assert cells[7:10] == ["2/3 (1 timeout)", "≥ 4.67", "≥ 10"]
    assert cells[10:13] == ["", "", ""]
    assert cells[13:] == ["3", "4"]
    assert sw_dataset.not_unique(rows) == ["lightup/b"]


RUNNER = textwrap.dedent("""
    import json, sys, time
    job = json.loads(sys.stdin.read())
    print("RESULT " + json.dumps({"event": "ready"}), flush=True)
    for key, text in job["problems"]:
        if text == "hang":
            time.sleep(60)
        print("RESULT " + json.dumps({"event": "puzzle", "key": key, "status": "solved",
                                      "total_s": 0.0, "grid": [[text]]}), flush=True)
    print("RESULT " + json.dumps({"event": "done"}), flush=True)
""")


def test_a_peer_that_hangs_is_a_timeout_and_the_rest_still_run(tmp_path):
    script = tmp_path / "runner.py"
    script.write_text(RUNNER)
    problems = [("a", "x"), ("b", "hang"), ("c", "y")]
    found = sw_dataset.peer_batch([sys.executable, str(script)], "lightup", problems, time_limit=0.2,
                                  grace=0.3)
    assert {k: e["status"] for k, e in found.items()} == {"a": "solved", "b": "timeout", "c": "solved"}
    assert found["c"]["grid"] == [["y"]]


def test_a_peer_is_given_up_after_timeouts_in_a_row(tmp_path):
    script = tmp_path / "runner.py"
    script.write_text(RUNNER)
    problems = [("a", "hang"), ("b", "hang"), ("c", "y")]
    found = sw_dataset.peer_batch([sys.executable, str(script)], "lightup", problems, time_limit=0.2,
                                  grace=0.3, give_up=2)
    assert [found[k]["status"] for k in "abc"] == ["timeout", "timeout", "skipped"]
