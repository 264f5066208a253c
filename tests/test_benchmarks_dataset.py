"""The whole-dataset benchmark: every corpus puzzle collected, the alternation, the per-genre summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import __main__ as cli
from benchmarks import dataset, instances, peers
from benchmarks import plan as plan_module
from benchmarks.plan import Plan, make_plan
from benchmarks.rows import base_row, write_csv

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
LIMIT = 5.0


def _row(genre: str, name: str, backend: str, status: str, t: float, set_name: str = "corpus") -> dict:
    return {"genre": genre, "set": set_name, "instance": name, "height": 5, "width": 5, "cells": 25,
            "backend": backend, "status": status, "median_s": t, "runs": 1, "note": ""}


def _mixed_rows() -> list[dict]:
    """Tents with both programs (solved, timeout, wrong, error), Queens with ours only."""
    return [
        _row("tents", "t1", "auto", "solved", 0.1), _row("tents", "t1", "sw", "solved", 0.2),
        _row("tents", "t2", "sw", "solved", 0.2), _row("tents", "t2", "auto", "timeout", 5.2),
        _row("tents", "t3", "auto", "solved", 0.3), _row("tents", "t3", "sw", "error", 0.0),
        _row("tents", "t4", "sw", "solved", 0.2), _row("tents", "t4", "auto", "wrong", 0.2),
        _row("tents", "gen-5x5", "auto", "solved", 9.0, set_name="generated"),  # not a corpus puzzle
        _row("queens", "q1", "auto", "solved", 0.5), _row("queens", "q2", "auto", "solved", 1.5),
    ]


def test_tally_counts_unsolved_at_the_limit_and_flags_what_they_enter() -> None:
    t = dataset.tally([r for r in _mixed_rows() if r["genre"] == "tents" and r["set"] == "corpus"
                       and r["backend"] == "auto"], LIMIT)
    assert t is not None
    assert (t.ran, t.solved, t.others) == (4, 2, {"timeout": 1, "wrong": 1})
    # 0.1, 0.3 solved; the timeout (5.2 s measured) and the wrong answer count as the 5 s limit
    assert t.mean == pytest.approx((0.1 + 0.3 + 5 + 5) / 4)
    assert t.median == pytest.approx((0.3 + 5) / 2) and t.max == pytest.approx(5.0)
    assert (t.mean_bound, t.median_bound, t.max_bound) == (True, True, True)
    mostly = dataset.tally([_row("g", f"p{i}", "auto", "solved", s) for i, s in enumerate((0.3, 0.1))]
                           + [_row("g", "p9", "auto", "timeout", 6.0)], LIMIT)
    assert mostly is not None and mostly.median == pytest.approx(0.3)
    assert (mostly.mean_bound, mostly.median_bound, mostly.max_bound) == (True, False, True)
    pair = [_row("g", "p", "auto", "solved", 0.4), _row("g", "q", "auto", "solved", 0.8)]
    clean = dataset.tally(pair, LIMIT)
    assert clean is not None and not (clean.mean_bound or clean.median_bound or clean.max_bound)
    assert (clean.mean, clean.median, clean.max) == (pytest.approx(0.6), pytest.approx(0.6), 0.8)
    assert dataset.tally([], LIMIT) is None


def test_summary_table_per_genre_with_empty_peer_cells_where_it_has_no_model() -> None:
    rows = _mixed_rows()
    counts = dataset.summary(rows, ["auto", "sw"], LIMIT)
    assert list(counts) == ["tents", "queens"]
    assert counts["tents"][0] == 4 and counts["queens"][0] == 2  # the generated row is left out
    assert counts["queens"][1]["sw"] is None
    lines = dataset.table(rows, ["auto"], LIMIT).splitlines()
    assert lines[0] == ("| genre | puzzles | `auto` solved | mean s | median s | max s "
                        "| `sw` solved | mean s | median s | max s |")
    assert lines[2] == ("| tents | 4 | 2/4 (1 t/o, 1 wrong) | ≥ 2.6 | ≥ 2.65 | ≥ 5 "
                        "| 3/4 (1 error) | ≥ 1.4 | 0.2 | ≥ 5 |")
    assert lines[3] == "| queens | 2 | 2/2 | 1 | 1 | 1.5 |  |  |  |  |"
    no_peer = dataset.table([r for r in rows if r["backend"] != "sw"], ["auto"], LIMIT)
    assert "`sw`" not in no_peer and "| queens | 2 | 2/2 | 1 | 1 | 1.5 |" in no_peer
    # a run that had the peer keeps its columns, empty, on genres it has no model for
    queens_only = [r for r in rows if r["genre"] == "queens"]
    with_peer = dataset.table(queens_only, ["auto"], LIMIT, peer=True)
    assert "| queens | 2 | 2/2 | 1 | 1 | 1.5 |  |  |  |  |" in with_peer


def test_summary_rebuilds_from_a_csv_and_goes_between_its_markers(tmp_path: Path) -> None:
    rows = [{**base_row(instances.make("queens", "corpus", r["instance"], "AB\nBA\n"), r["backend"]), **r}
            for r in _mixed_rows() if r["genre"] == "tents"]
    write_csv(rows, tmp_path / "in.csv")
    out = tmp_path / "out"
    assert cli.main(["--from-csv", str(tmp_path / "in.csv"), "--out", str(out), "--all",
                     "--time-limit", "5"]) == 0
    text = (out / "dataset.md").read_text()
    assert "| tents | 4 | 2/4 (1 t/o, 1 wrong) | ≥ 2.6 | ≥ 2.65 | ≥ 5 | 3/4 (1 error) |" in text
    # a saved run that was a whole-dataset one needs no --all to rebuild its summary
    (tmp_path / "in.json").write_text(json.dumps({
        "command": "python -m benchmarks --all", "started": "2026-12-01 18:00 UTC", "machine": [],
        "backends": ["auto"], "runs": 1, "peer_runs": 1, "time_limit": 5.0, "whole": True}))
    again = tmp_path / "again"
    assert cli.main(["--from-csv", str(tmp_path / "in.csv"), "--out", str(again)]) == 0
    assert dataset.table(rows, ["auto"], 5.0) in (again / "dataset.md").read_text()
    doc = tmp_path / "benchmarks.md"
    doc.write_text(f"# B\n\nbefore\n\n{dataset.BEGIN}\nold\n{dataset.END}\n\nafter\n")
    dataset.write_docs("new\n", doc)
    assert doc.read_text() == f"# B\n\nbefore\n\n{dataset.BEGIN}\nnew\n{dataset.END}\n\nafter\n"


def test_programs_alternate_puzzle_by_puzzle_and_nothing_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    masyu = [instances.make("masyu", "corpus", f"m{k}", "0 0 0\n" * (k + 2)) for k in range(3)]
    hashi = [instances.make("hashi", "corpus", "h0", "2.2\n...\n1.1\n")]
    ran: list[tuple[str, str]] = []

    def timing_out(plan: Plan, inst: instances.Instance, backend: str, workdir: Path) -> dict:
        ran.append((inst.name, backend))
        return {**base_row(inst, backend), "status": "timeout", "median_s": plan.time_limit}

    monkeypatch.setattr(plan_module, "run_one", timing_out)
    plan = Plan({"masyu": masyu, "hashi": hashi}, ["auto"], 1, 5.0, True, 1, sw_dir=tmp_path, whole=True)
    seen: list[dict] = []
    rows = plan_module.execute_alternating(plan, seen.append)
    assert ran == [("m0", "auto"), ("m0", peers.SW), ("m1", peers.SW), ("m1", "auto"),
                   ("m2", "auto"), ("m2", peers.SW), ("h0", "auto")]  # sw has no hashi model
    assert plan.total() == len(ran) and len(rows) == len(seen) == len(ran)


@needs_corpus
def test_all_collects_every_corpus_puzzle_of_a_genre() -> None:
    args = cli.parse_args(["--sets", "corpus", "--all", "--genres", "sudoku,tents", "--sw-puzzlekit", "off"])
    plan = make_plan(args)
    # counted here straight from the files, not through the corpus readers
    with (CORPUS / "sudoku" / "sudoku.jsonl").open(encoding="utf-8") as fh:
        sudoku = [json.loads(line)["id"] for line in fh if line.strip()]
    tents = json.loads((CORPUS / "sw" / "tents" / "Tent_dataset.json").read_text(encoding="utf-8"))["data"]
    assert sorted(i.name for i in plan.instances["sudoku"]) == sorted(sudoku)
    assert sorted(i.name for i in plan.instances["tents"]) == sorted(f"sw-{k}" for k in tents)
    assert len(plan.instances["sudoku"]) == len(sudoku) > 100
    assert (plan.backends, plan.runs, plan.skip, plan.max_cells, plan.whole) == (["auto"], 1, False, {}, True)
    sample = make_plan(cli.parse_args(["--sets", "corpus", "--genres", "sudoku", "--sw-puzzlekit", "off"]))
    assert len(sample.instances["sudoku"]) == 3 and not sample.whole


@needs_corpus
def test_records_with_the_same_grid_and_one_our_parser_refuses_still_count() -> None:
    with (CORPUS / "numberlink" / "numberlink.jsonl").open(encoding="utf-8") as fh:
        ids = [json.loads(line)["id"] for line in fh if line.strip()]
    found = instances.collect("numberlink", ["corpus"], whole=True)
    assert len({i.text for i in found}) < len(found)  # this corpus has records with the same grid
    assert sorted(i.name for i in found) == sorted(ids)
    assert [i.cells for i in found] == sorted(i.cells for i in found)
    longest = [i for i in found if i.name == "ta-inputs5-018"]  # 1x1000
    assert longest and longest[0].cells == 1000


def test_a_record_our_parser_refuses_stays_with_its_own_size(tmp_path) -> None:
    folder = tmp_path / "numberlink"
    folder.mkdir()
    lines = [{"id": "one-end", "rows": 1, "cols": 3, "grid": [[1, 0, 0]], "full_coverage": None},
             {"id": "fine", "rows": 1, "cols": 2, "grid": [[1, 1]], "full_coverage": None}]
    (folder / "numberlink.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    found = {i.name: i for i in instances.corpus_all("numberlink", tmp_path)}
    assert sorted(found) == ["fine", "one-end"]
    assert (found["one-end"].height, found["one-end"].width) == (1, 3)
    assert found["one-end"].text.endswith("1 0 0\n")  # kept unparsed: the worker reports why
