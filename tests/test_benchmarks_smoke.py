"""The benchmark harness: instance sets, conversions, the guarded worker, reports, the smoke preset."""

from __future__ import annotations

import csv
import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import __main__ as cli
from benchmarks import generate, instances, peers, report, runner
from benchmarks.plan import Plan, sw_option
from benchmarks.rows import base_row, write_csv
from puzzlekit import genres
from puzzlekit.errors import InternalError

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"


def test_smoke_preset_writes_solved_rows(tmp_path: Path) -> None:
    out = tmp_path / "bench"
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--preset", "smoke", "--genres", "masyu,hashi", "--out", out],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    with (out / "results.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert {(r["genre"], r["backend"]) for r in rows} == {
        (g, b) for g in ("masyu", "hashi") for b in ("cpsat", "search")
    }
    assert all(r["status"] == "solved" for r in rows), rows
    assert all(float(r["median_s"]) > 0 and int(r["vars"]) > 0 for r in rows)
    assert "| gen-6x6 | generated | 6x6 |" in (out / "results.md").read_text()
    if importlib.util.find_spec("matplotlib") is not None:  # the plot needs the bench extra
        assert (out / "times.png").stat().st_size > 0
    else:
        assert not (out / "times.png").exists()


def test_guarded_kills_a_hanging_worker() -> None:
    code = "import time; print('EV first', flush=True); time.sleep(600)"
    lines, how, _ = runner.guarded([sys.executable, "-c", code], "", lambda k: 30.0 if k == 0 else 0.5, "EV ")
    assert lines == ["first"]
    assert how == "killed"


def test_guarded_collects_prefixed_lines_of_a_clean_exit() -> None:
    code = "print('noise'); print('EV a'); print('EV b')"
    lines, how, _ = runner.guarded([sys.executable, "-c", code], "", lambda k: 30.0, "EV ")
    assert (lines, how) == (["a", "b"], "exited")


def test_worker_reports_a_bad_backend_as_an_error_row() -> None:
    inst = instances.generated_one("hashi", 7, 7)
    row = runner.bench_backend(inst, "no-such-backend", runs=1, time_limit=5.0, options={})
    assert row["status"] == "error"
    assert "no-such-backend" in row["note"]


def test_worker_times_the_library_pipeline_and_a_rejected_answer_is_wrong(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    calls = []

    def rejecting(puzzle, **kwargs):
        calls.append(kwargs)
        raise InternalError("the search backend's answer breaks the rules: island 2 has 1 bridge")

    monkeypatch.setattr(runner.api, "solve", rejecting)
    inst = instances.make("hashi", "seed", "h", "2.2\n...\n1.1\n")
    job = {"genre": "hashi", "name": "h", "text": inst.text, "backend": "search", "runs": 2,
           "time_limit": 5.0, "options": {"method": "dfs"}}
    runner.worker(job)
    assert calls == [{"backend": "search", "time_limit": 5.0, "limit": 1, "unique": False, "method": "dfs"}]
    events = [json.loads(line.removeprefix("BENCH ")) for line in capsys.readouterr().out.splitlines()]
    row = runner.row_from_events(base_row(inst, "search"), events, "exited", "", 5.0)
    assert (row["status"], row["runs"]) == ("wrong", 1) and "island 2 has 1" in row["note"]


@pytest.mark.parametrize("h,w", [(2, 2), (6, 6), (9, 14), (20, 20)])
def test_generated_masyu_is_solved_by_its_own_loop(h: int, w: int) -> None:
    masyu = genres.get("masyu")
    loop = generate.random_loop(random.Random(h * w), h, w)
    puzzle = generate.masyu_from_loop(masyu, random.Random(h * w), h, w)
    assert masyu.verify(puzzle, masyu.Solution(frozenset(loop))) == []
    if h * w >= 36:
        assert any(v for row in puzzle.grid for v in row)


def test_generated_sets_are_the_same_every_time_and_solvable() -> None:
    for genre in ("tracks", "numberlink", "hashi"):
        first = instances.generated_set(genre, ((6, 6), (8, 8)))
        again = instances.generated_set(genre, ((6, 6), (8, 8)))
        assert [i.text for i in first] == [i.text for i in again]
        assert [(i.height, i.width) for i in first] == [(6, 6), (8, 8)]
        assert all(instances.is_solvable(genre, genres.get(genre).parse(i.text)) for i in first)


def test_maze_and_tracks_convert_both_ways() -> None:
    tracks = genres.get("tracks")
    text = instances.maze_to_tracks("# comment\n4 1 9 4 6 5 3 3 4 8\n4 6 7 4 4 3 3 7 1 8\n")
    puzzle = tracks.parse(text)
    assert puzzle.cols[:3] == (4, 1, 9) and puzzle.rows[-1] == 8
    assert (puzzle.start, puzzle.end) == ((0, 0), (9, 9))
    assert instances.tracks_to_maze(puzzle) == "4 1 9 4 6 5 3 3 4 8\n4 6 7 4 4 3 3 7 1 8\n"
    assert instances.tracks_to_maze(tracks.parse(text + "end: 0 9\n")) is None


def test_peer_input_only_where_the_seed_program_applies() -> None:
    any_cover = instances.make("numberlink", "seed", "x", "cover: any\n1 0 1\n0 0 0\n")
    full = instances.make("numberlink", "seed", "y", "1 0 1\n2 0 2\n")
    assert instances.peer_input(any_cover) is None
    assert instances.peer_input(full) == ("seed_numberlink.py", "1 0 1\n2 0 2\n")


def test_hashi_goes_to_the_seed_only_without_touching_islands() -> None:
    apart = instances.make("hashi", "seed", "a", "1.1\n...\n")
    touching = instances.make("hashi", "seed", "t", "11\n..\n")
    assert instances.peer_input(apart) == ("seed_hashi.py", "1.1\n...\n")
    assert instances.peer_input(touching) is None


@pytest.mark.skipif(peers.grilops_version() is None, reason="grilops is not installed")
def test_grilops_models_agree_with_our_checker() -> None:
    for genre, text in (
        ("masyu", "0 0 0 0\n0 2 0 0\n0 0 0 0\n0 0 0 0\n"),
        ("numberlink", "1 0 0\n0 0 0\n0 0 1\n"),
        ("tracks", "cols: 2 1 2\nrows: 1 3 1\nstart: 0 0\nend: 2 2\n"),
    ):
        module = genres.get(genre)
        puzzle = module.parse(text)
        status, solution = peers.grilops_solve(genre, module, puzzle, 30.0)
        assert status == "solved" and module.verify(puzzle, solution) == [], genre
    masyu = genres.get("masyu")
    status, _ = peers.grilops_solve("masyu", masyu, masyu.parse("1 0 0\n0 0 0\n0 0 0\n"), 30.0)
    assert status == "unsolvable"  # a white pearl cannot sit in a corner


def test_collect_keeps_each_puzzle_once_sorted_by_size() -> None:
    found = instances.collect("tracks", ["seed", "peers", "generated"], corpus=Path("/nonexistent"))
    texts = [i.text for i in found]
    assert len(texts) == len(set(texts))
    assert [i.cells for i in found] == sorted(i.cells for i in found)
    assert any(i.set == "seed" for i in found)


def test_evenly_spreads_picks_over_the_list() -> None:
    assert instances.evenly(list(range(10)), 3) == [0, 4, 9]
    assert instances.evenly([1, 2], 5) == [1, 2]
    assert instances.evenly([], 2) == []


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_corpus_masyu_converts_to_our_format_and_its_solution_checks() -> None:
    masyu = genres.get("masyu")
    records = [r for r in instances._jsonl(CORPUS / "masyu" / "masyu.jsonl") if r.get("solution")][:5]
    assert records
    step = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
    for rec in records:
        puzzle = masyu.parse(instances.masyu_text(rec))
        assert (puzzle.height, puzzle.width) == (rec["rows"], rec["cols"])
        edges = set()
        for r, line in enumerate(rec["solution"].split("\n")[1:]):
            for c, tok in enumerate(line.split()):
                for letter in tok if tok != "-" else "":
                    dr, dc = step[letter]
                    edges.add(tuple(sorted([(r, c), (r + dr, c + dc)])))
        assert masyu.verify(puzzle, masyu.Solution(frozenset(edges))) == [], rec["id"]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_corpus_sets_parse_and_respect_the_size_cap() -> None:
    for genre in ("masyu", "numberlink", "hashi"):
        found = instances.corpus_set(genre, per_genre=3, max_cells=400)
        assert len(found) == 3, genre
        assert all(i.cells <= 400 and i.set == "corpus" for i in found)
        assert all(genres.get(genre).parse(i.text) for i in found)


def _row(genre: str, name: str, size: tuple[int, int], backend: str, status: str, t: float, **more) -> dict:
    h, w = size
    return {"genre": genre, "set": "peers", "instance": name, "height": h, "width": w, "cells": h * w,
            "backend": backend, "status": status, "median_s": t, "runs": 1, "note": "", **more}


def test_ratio_cell_and_targets_read_the_rows() -> None:
    rows = [
        _row("masyu", "m20", (20, 20), "cpsat", "solved", 2.0),
        _row("masyu", "m20", (20, 20), "sat", "solved", 0.5),
        _row("masyu", "m20", (20, 20), "seed", "solved", 10.0),
        _row("masyu", "m35", (35, 65), "sat", "solved", 6.0),
        _row("masyu", "m35", (35, 65), "seed", "timeout", 20.0),
        _row("tracks", "t14", (14, 14), "search", "timeout", 20.0),
        _row("tracks", "t14", (14, 14), "seed", "timeout", 20.0),
    ]
    groups = report.by_instance(rows)
    best = report.best_of(groups[("masyu", "peers", "m20")].values())
    assert best["backend"] == "sat"
    assert report.ratio(rows[2], best, 20.0) == "20x"
    assert report.ratio(rows[2], rows[0], 20.0) == "5x"
    assert report.ratio(rows[4], rows[3], 20.0) == "≥ 3x"
    assert report.cell(rows[5]) == "t/o"
    text = "\n".join(report.targets(rows, 20.0))
    assert "at 20x20: met" in text
    assert "35x65 solved in < 5 s: **not met**" in text
    assert "on 14x14: **not met**" in text
    assert "30x45: not measured" in text
    ranking = "\n".join(report.ranking(rows, ["cpsat", "sat"], 20.0))
    assert "| masyu | sat | 2 |" in ranking


def test_seed_limit_applies_to_slow_seed_targets_only() -> None:
    slow = next(iter(instances.SLOW_SEEDS))
    inst = lambda name: instances.Instance("tracks", "peers", name, 14, 14, "")  # noqa: E731
    plan = Plan({}, ["search"], 1, 10.0, True, 1, seed_limit=180.0)
    assert plan.peer_limit(inst(slow)) == 180.0
    assert plan.peer_limit(inst("maze_other")) == 10.0
    assert Plan({}, ["search"], 1, 10.0, True, 1).peer_limit(inst(slow)) == 10.0
    # a seed that timed out at its own, longer limit bounds the ratio by that limit
    seed = _row("tracks", slow, (14, 14), "seed", "timeout", 180.0)
    ours = _row("tracks", slow, (14, 14), "search", "solved", 0.9)
    assert report.ratio(seed, ours, 10.0) == "≥ 200x"
    text = "\n".join(report.targets([seed, ours], 10.0))
    assert "on 14x14: met" in text


def test_write_docs_replaces_only_the_generated_block(tmp_path: Path) -> None:
    doc = tmp_path / "benchmarks.md"
    doc.write_text(f"# Title\n\nprose before\n\n{report.BEGIN}\nold table\n{report.END}\n\nprose after\n")
    report.write_docs("new table\n", None, doc)
    text = doc.read_text()
    assert "old table" not in text and "new table" in text
    assert text.startswith("# Title\n\nprose before") and text.endswith("prose after\n")


def test_rows_from_worker_events() -> None:
    inst = instances.make("hashi", "seed", "h", "2.2\n...\n1.1\n")
    ready = {"event": "ready", "model": {"vars": 4, "bool_vars": 0, "int_vars": 4, "counts": 4, "clauses": 0}}
    run_ev = {"event": "run", "status": "solved", "total_s": 0.5, "ir_s": 0.1, "compile_s": 0.1,
              "rounds": 2, "cuts": 3, "nodes": None, "problem": ""}
    hung = runner.row_from_events(base_row(inst, "sat"), [ready], "killed", "", 10.0)
    assert (hung["status"], hung["median_s"], hung["vars"]) == ("timeout", 10.0, 4)
    done = {"event": "done"}
    fine = runner.row_from_events(
        base_row(inst, "sat"), [ready, run_ev, {**run_ev, "total_s": 0.7}, done], "exited", "", 10.0
    )
    assert (fine["status"], fine["runs"], fine["median_s"], fine["rounds"]) == ("solved", 2, 0.6, 2)
    assert abs(fine["solve_s"] - 0.4) < 1e-9 and abs(fine["spread_s"] - 0.2) < 1e-9
    bad = {**run_ev, "status": "wrong", "problem": "island 2 has 1"}
    wrong = runner.row_from_events(base_row(inst, "sat"), [ready, bad, done], "exited", "", 10.0)
    assert wrong["status"] == "wrong" and "island 2 has 1" in wrong["note"]
    died = runner.row_from_events(base_row(inst, "sat"), [ready, run_ev], "exited", "", 10.0)
    assert died["status"] == "error"  # no "done" event: the worker died after its first run
    crashed = runner.row_from_events(base_row(inst, "sat"), [], "exited", "Segmentation fault", 10.0)
    assert crashed["status"] == "error" and "Segmentation" in crashed["note"]


def test_reports_rebuild_from_a_csv(tmp_path: Path) -> None:
    rows = [
        {**base_row(instances.make("hashi", "seed", "h", "2.2\n...\n1.1\n"), b), "status": "solved",
         "median_s": t, "runs": 1, "vars": 4, "counts": 4, "clauses": 0, "graphs": 1}
        for b, t in (("cpsat", 0.2), ("sat", 0.05))
    ]
    write_csv(rows, tmp_path / "in.csv")
    assert cli.main(["--from-csv", str(tmp_path / "in.csv"), "--out", str(tmp_path / "out")]) == 0
    text = (tmp_path / "out" / "results.md").read_text()
    assert "| h | seed | 3x3 | 4/5 | 0.2 | **0.05** |" in text
    assert "| hashi | sat | 1 | 0.05 | cpsat | 1 | 0.20 | 4.0x time |" in text


# SmilingWayne's puzzlekit (the optional `sw` peer) ------------------------------------------------

SW_DIR = peers.sw_dir()
needs_sw = pytest.mark.skipif(SW_DIR is None, reason=f"no SmilingWayne puzzlekit in {peers.SW_DIR}")

# The example of their MasyuSolver's docstring: their input (b black, w white) and their answer.
SW_MASYU_IN = ["- - - - - -", "- - - - - w", "- b - w b -", "- b w - b -", "w - - - - -", "- - - - - -"]
SW_MASYU_OUT = ["se sw - - se sw", "ns ns - - ns ns", "ns ne ew ew nw ns", "ns se ew ew sw ns",
                "ns ns - - ns ns", "ne nw - - ne nw"]


def _sw_masyu() -> tuple:
    masyu = genres.get("masyu")
    ours = {"-": "0", "w": "1", "b": "2"}
    puzzle = masyu.parse("".join(" ".join(ours[t] for t in line.split()) + "\n" for line in SW_MASYU_IN))
    return masyu, puzzle, [line.split() for line in SW_MASYU_OUT]


def test_sw_masyu_answers_convert_both_ways() -> None:
    masyu, puzzle, answer = _sw_masyu()
    assert peers.sw_input("masyu", puzzle)["grid"] == [line.split() for line in SW_MASYU_IN]
    solution = peers.sw_solution("masyu", masyu, puzzle, answer)
    assert masyu.verify(puzzle, solution) == []
    assert ((0, 0), (0, 1)) in solution.edges and ((0, 0), (1, 0)) in solution.edges
    assert len(solution.edges) == sum(len(t) for row in answer for t in row if t != "-") // 2
    back = peers.sw_grid("masyu", puzzle, solution)
    assert [[set(t) for t in row] for row in back] == [[set(t) for t in row] for row in answer]
    # and from our side: a generated puzzle's own loop goes there and back unchanged
    loop = frozenset(generate.random_loop(random.Random(7), 7, 9))
    gen = generate.masyu_from_loop(masyu, random.Random(7), 7, 9)
    ours = masyu.Solution(loop)
    assert peers.sw_solution("masyu", masyu, gen, peers.sw_grid("masyu", gen, ours)) == ours


def test_sw_slitherlink_and_sudoku_answers_convert_both_ways() -> None:
    slither = genres.get("slitherlink")
    loop = slither.boundary({(0, 0), (0, 1), (1, 1)})
    puzzle = slither.parse("3..\n.3.\n...\n")
    grid = peers.sw_grid("slitherlink", puzzle, slither.Solution(loop))
    assert grid == [["14", "9", "4"], ["9", "7", "4"], ["-", "8", "-"]]  # 8 top 4 left 2 down 1 right
    assert peers.sw_solution("slitherlink", slither, puzzle, grid).edges == loop
    assert peers.sw_input("slitherlink", puzzle)["grid"][0] == ["3", "-", "-"]
    sudoku = genres.get("sudoku")
    four = sudoku.parse("1...\n..3.\n....\n...4\n")
    assert peers.sw_input("sudoku", four)["grid"][1] == ["-", "-", "3", "-"]
    filled = sudoku.Solution(((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1)))
    assert peers.sw_solution("sudoku", sudoku, four, peers.sw_grid("sudoku", four, filled)) == filled
    six = sudoku.parse("......\n" * 6)  # 2x3 boxes: their sudoku has square boxes only
    assert peers.sw_input("sudoku", six) is None


def test_sw_tents_and_patches_answers_convert_both_ways() -> None:
    tents = genres.get("tents")
    puzzle = tents.parse("cols: 1 0 1\nrows: 1 0 1\nT..\n...\n..T\n")
    given = peers.sw_input("tents", puzzle)
    assert given["grid"][0] == ["x", "-", "-"] and given["args"] == [["1", "0", "1"], ["1", "0", "1"]]
    ours = tents.make_solution([(0, 2), (2, 0)])
    grid = peers.sw_grid("tents", puzzle, ours)
    assert grid == [["x", "-", "o"], ["-", "-", "-"], ["o", "-", "x"]]
    assert peers.sw_solution("tents", tents, puzzle, grid) == ours
    patches = genres.get("patches")
    split = patches.parse("2 . .\n. . 4\n")
    assert peers.sw_input("patches", split)["grid"] == [["2", "-", "-"], ["-", "-", "4"]]
    rects = patches.make_solution([(0, 0, 2, 1), (0, 1, 2, 2)])
    assert peers.sw_grid("patches", split, rects) == [["1", "2", "2"], ["1", "2", "2"]]
    assert peers.sw_solution("patches", patches, split, [["1", "2", "2"], ["1", "2", "2"]]) == rects
    with pytest.raises(ValueError):  # piece 2 is not a rectangle
        peers.sw_solution("patches", patches, split, [["1", "2", "2"], ["2", "2", "1"]])
    assert peers.sw_input("patches", patches.parse("4s . .\n. . 2\n")) is None  # a shape letter


def test_sw_inconsistent_answers_are_refused() -> None:
    masyu, puzzle, answer = _sw_masyu()
    one_sided = [row[:] for row in answer]
    one_sided[0][2] = "e"  # (0, 2) exits east but (0, 3) has no exit west
    slither = genres.get("slitherlink")
    small = slither.parse("..\n..\n")
    for genre, module, puz, grid in (
        ("masyu", masyu, puzzle, one_sided),
        ("masyu", masyu, puzzle, answer[:-1]),
        ("masyu", masyu, puzzle, [["x"] * 6] * 6),
        ("slitherlink", slither, small, [["2", "-"], ["-", "-"]]),  # bottom side, no top side below
    ):
        with pytest.raises(ValueError):
            peers.sw_solution(genre, module, puz, grid)


def test_sw_rows_check_every_answer_with_our_verify() -> None:
    masyu, puzzle, answer = _sw_masyu()
    inst = instances.make("masyu", "seed", "sw6", masyu.format(puzzle))

    def row_of(*runs: dict, how: str = "exited") -> dict:
        events = [{"event": "ready", "version": "0.3.4"}]
        events += [{"event": "run", "status": "solved", "total_s": 0.2, "build_s": 0.05, **r} for r in runs]
        events += [{"event": "done"}] if how == "exited" else []
        return runner.sw_row_from_events(base_row(inst, peers.SW), masyu, puzzle, events, how, "", 10.0)

    good = row_of({"grid": answer}, {"grid": answer, "total_s": 0.4})
    assert (good["status"], good["runs"], good["median_s"]) == ("solved", 2, pytest.approx(0.3))
    assert good["compile_s"] == pytest.approx(0.05) and "0.3.4" in good["note"]
    empty = row_of({"grid": [["-"] * 6 for _ in range(6)]})
    assert empty["status"] == "wrong" and "verify" in empty["note"]
    later = row_of({"grid": answer}, {"grid": [["-"] * 6 for _ in range(6)]})
    assert later["status"] == "wrong"  # every run's answer is checked, not only the first
    broken = row_of({"grid": answer[:-1]})
    assert broken["status"] == "wrong" and "answer grid" in broken["note"]
    assert row_of({"grid": answer}, how="killed")["status"] == "timeout"
    unknown = row_of({"status": "bogus", "their_status": "Invalid Model"})
    assert unknown["status"] == "error" and "Invalid Model" in unknown["note"]


def test_sw_column_is_absent_without_its_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peers, "SW_DIR", tmp_path / "nothing")
    assert peers.sw_dir() is None and sw_option(None) is None
    assert sw_option("off") is None
    with pytest.raises(SystemExit):
        sw_option(str(tmp_path / "nothing"))
    masyu = [instances.make("masyu", "seed", "m", "0 0\n0 0\n")]
    plan = Plan({"masyu": masyu}, ["cpsat"], 1, 10.0, True, 1)
    assert ("masyu", peers.SW) not in plan.lanes()
    installed = Plan({"masyu": masyu, "hashi": []}, ["cpsat"], 1, 10.0, True, 1, sw_dir=tmp_path)
    assert ("masyu", peers.SW) in installed.lanes() and ("hashi", peers.SW) not in installed.lanes()
    installed.peers = False
    assert ("masyu", peers.SW) not in installed.lanes()
    rows = [_row("masyu", "m35", (35, 65), "sat", "solved", 0.9, ir_s=0.1, compile_s=0.1, solve_s=0.7),
            _row("masyu", "m35", (35, 65), "grilops", "timeout", 10.0)]
    text = report.markdown(rows, ["sat"], 10.0)
    assert "| sat | grilops |" in text and "| sw |" not in text
    assert "35x65 solved in < 5 s: met. m35: 0.9 s (sat)" in text
    with_sw = report.markdown(rows + [_row("masyu", "m35", (35, 65), "sw", "solved", 2.5)], ["sat"], 10.0)
    assert "| sat | grilops | sw |" in with_sw and "| **0.9** | t/o | 2.5 |" in with_sw
    assert "faster than SmilingWayne's puzzlekit (`sw`): met" in with_sw and "faster than sw" in with_sw
    # a peer's column appears only in the genres it ran on
    mixed = report.markdown(rows + [_row("masyu", "m35", (35, 65), "sw", "solved", 2.5),
                                 _row("hashi", "h9", (9, 9), "sat", "solved", 0.1)], ["sat"], 10.0)
    hashi_table = mixed[mixed.index("#### hashi"):mixed.index("#### Best")]
    assert "| sw |" in mixed[:mixed.index("#### hashi")]
    assert "sw" not in hashi_table and "grilops" not in hashi_table


def test_masyu_target_compares_with_sw_when_it_ran() -> None:
    ours = _row("masyu", "m35", (35, 65), "sat", "solved", 0.9)
    slower = "\n".join(report.targets([ours, _row("masyu", "m35", (35, 65), "sw", "solved", 0.5)], 10.0))
    assert "`sw`): **not met**" in slower and "slower than sw" in slower
    timed_out = "\n".join(report.targets([ours, _row("masyu", "m35", (35, 65), "sw", "timeout", 10.0)], 10.0))
    assert "`sw`): met" in timed_out and "sw t/o" in timed_out
    wrong = "\n".join(report.targets([ours, _row("masyu", "m35", (35, 65), "sw", "wrong", 1.0)], 10.0))
    assert "`sw`): met" in wrong  # a wrong answer decides nothing; ours is under 5 s


@needs_sw
def test_sw_runner_imports_their_package_not_ours() -> None:
    masyu, puzzle, _ = _sw_masyu()
    job = {"genre": "masyu", **peers.sw_input("masyu", puzzle), "runs": 1, "time_limit": 20.0}
    lines, how, stderr = runner.guarded(
        [sys.executable, "-I", str(peers.SW_RUNNER), str(SW_DIR)], json.dumps(job), lambda k: 120.0, "RESULT "
    )
    events = [json.loads(line) for line in lines]
    assert how == "exited" and events[0]["event"] == "ready", stderr
    assert Path(events[0]["module"]).is_relative_to(SW_DIR.resolve())
    assert not Path(events[0]["module"]).is_relative_to(ROOT / "puzzlekit")
    assert events[-1]["event"] == "done" and events[-1]["runs"] == 1


@needs_sw
def test_sw_rows_solve_and_refuse_like_our_backends() -> None:
    masyu, puzzle, _ = _sw_masyu()
    inst = instances.make("masyu", "seed", "sw6", masyu.format(puzzle))
    row = runner.sw_row(inst, 2, 20.0, SW_DIR)
    assert row is not None and row["status"] == "solved" and row["runs"] == 2, row
    corner = instances.make("masyu", "seed", "corner", "1 0 0\n0 0 0\n0 0 0\n")
    assert runner.sw_row(corner, 1, 20.0, SW_DIR)["status"] == "unsolvable"
    slither = instances.make("slitherlink", "seed", "s", "3..\n.3.\n...\n")
    assert runner.sw_row(slither, 1, 20.0, SW_DIR)["status"] == "solved"
