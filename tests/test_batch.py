"""Batch runs: every item recorded exactly once, through kills, restarts, bad input, hangs and
crashes, on the local pool and on a Dask LocalCluster alike."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT

from puzzlekit import api, batch, genres
from puzzlekit.batch.journal import Journal
from puzzlekit.batch.progress import Progress
from puzzlekit.errors import ParseError, PuzzlekitError, UnknownName

#: The big batch: numberlink files in a folder (the run's genre) and other genres in JSON Lines.
FOLDER_GENRE, FOLDER_COUNT = "numberlink", 50
LINE_GENRES, LINE_COUNT = ("queens", "hashi", "zip"), 160
TIMING = ("seconds", "import_seconds")


def _puzzle_text(genre: str, rng: random.Random) -> str:
    module = genres.get(genre)
    n = rng.choice((4, 5))
    return module.format(module.random_puzzle(rng, n, n))


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> dict:
    """210 small puzzles: the folder, the JSON Lines file, and each id's (genre, text)."""
    root = tmp_path_factory.mktemp("big")
    rng = random.Random(20261201)
    texts = {}
    folder = root / "files"
    folder.mkdir()
    for i in range(FOLDER_COUNT):
        path = folder / f"{FOLDER_GENRE}{i:03d}.txt"
        path.write_text(_puzzle_text(FOLDER_GENRE, rng))
        texts[str(path)] = (FOLDER_GENRE, path.read_text())
    lines = root / "items.jsonl"
    with lines.open("w") as handle:
        for i in range(LINE_COUNT):
            genre = LINE_GENRES[i % len(LINE_GENRES)]
            text = _puzzle_text(genre, rng)
            texts[f"L{i:03d}"] = (genre, text)
            handle.write(json.dumps({"id": f"L{i:03d}", "genre": genre, "puzzle": text}) + "\n")
    return {"root": root, "paths": [str(folder), str(lines)], "texts": texts}


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _start(*args: str) -> subprocess.Popen:
    """``python -m puzzlekit.batch ARGS`` as the leader of its own process group."""
    return subprocess.Popen([sys.executable, "-m", "puzzlekit.batch", *args], cwd=ROOT,
                            start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_for_lines(path: Path, proc: subprocess.Popen, at_least: int, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and path.read_bytes().count(b"\n") >= at_least:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.005)
    raise AssertionError(f"fewer than {at_least} records after {timeout} s")


def _group_alive(pgid: int) -> list[int]:
    """Processes of a process group that are still running (zombies aside), from /proc."""
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(entry.name))
    return alive


def _verified(records: list[dict], texts: dict) -> None:
    """Every solved record's solutions pass the genre's rule checker."""
    for rec in records:
        if rec["status"] == "solved":
            module = genres.get(rec["genre"])
            puzzle = module.parse(texts[rec["id"]][1])
            assert rec["result"]["solutions"], rec
            for data in rec["result"]["solutions"]:
                assert module.verify(puzzle, module.solution_from_json(puzzle, data)) == [], rec["id"]


@pytest.fixture(scope="module")
def local_records(big) -> list[dict]:
    """The big batch with 2 jobs, SIGKILLed midway, a torn line added, then run again."""
    out = big["root"] / "local.jsonl"
    args = ["solve", FOLDER_GENRE, *big["paths"], "-o", str(out), "--jobs", "2", "-t", "20"]
    proc = _start(*args)
    try:
        _wait_for_lines(out, proc, 40)
        os.kill(proc.pid, signal.SIGKILL)  # the run only: its solver processes must follow it
        proc.wait()
        if sys.platform.startswith("linux"):
            end = time.monotonic() + 10
            while _group_alive(proc.pid) and time.monotonic() < end:
                time.sleep(0.05)
            assert _group_alive(proc.pid) == [], "solver processes outlived their run"
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate()
    before = out.read_bytes()
    assert before.endswith(b"\n")
    kept = before.count(b"\n")
    assert 40 <= kept < len(big["texts"]), "the kill came too late to test anything"
    with out.open("ab") as handle:  # a crash in the middle of a write
        handle.write(b'{"id": "torn", "fingerprint": "0123')
    again = subprocess.run([sys.executable, "-m", "puzzlekit.batch", *args], cwd=ROOT,
                           capture_output=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert f"{len(big['texts'])} items, {kept} recorded before".encode() in again.stderr
    after = out.read_bytes()
    assert after.startswith(before), "a restart rewrote records that were done"
    return _read(out)


def test_a_killed_run_restarted_records_every_item_once_verified(big, local_records):
    ids = [r["id"] for r in local_records]
    assert len(ids) == len(set(ids)) == len(big["texts"])
    assert set(ids) == set(big["texts"])
    statuses = {r["status"] for r in local_records}
    assert statuses <= {"solved", "unsolvable"}, statuses
    assert sum(r["status"] == "solved" for r in local_records) > len(ids) // 2
    for rec in local_records:
        genre, text = big["texts"][rec["id"]]
        assert rec["genre"] == genre
        assert rec["fingerprint"] == batch.fingerprint(genre, text)
        assert rec["action"] == "solve" and rec["error"] is None and rec["backend"]
    _verified(local_records, big["texts"])


def _untimed(records: list[dict]) -> dict:
    out = {}
    for rec in records:
        rec = {k: v for k, v in rec.items() if k not in TIMING}
        if isinstance(rec["result"], dict):
            rec["result"] = {k: v for k, v in rec["result"].items() if k not in TIMING}
        out[rec["id"]] = rec
    return out


def test_a_dask_local_cluster_gives_the_same_records(big, local_records, tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "dask.jsonl"
    records = list(batch.run("solve", FOLDER_GENRE, big["paths"], out, jobs=2, cluster="local",
                             time_limit=20))
    assert records == _read(out)
    assert _untimed(records) == _untimed(local_records)


def test_the_local_cluster_listens_on_the_loopback_only():
    pytest.importorskip("distributed")
    from puzzlekit.batch import cluster

    client, close = cluster.connect("local", 1)
    try:
        info = client.scheduler_info()
        addresses = [info["address"], *info["workers"], *(w["nanny"] for w in info["workers"].values())]
        assert len(addresses) == 3 and all(a.startswith("tcp://127.0.0.1:") for a in addresses), addresses
    finally:
        close()


def test_sigterm_stops_cleanly_with_whole_records(big, tmp_path):
    out = tmp_path / "term.jsonl"
    proc = _start("solve", FOLDER_GENRE, *big["paths"], "-o", str(out), "--jobs", "2")
    try:
        _wait_for_lines(out, proc, 20)
        os.kill(proc.pid, signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert b"interrupted" in err
    data = out.read_bytes()
    assert data.endswith(b"\n") and all(json.loads(line) for line in data.splitlines())


# --- bad input, hangs and crashes: their own record each, and the rest goes on -------------


def test_a_bad_file_in_the_middle_gets_its_error_record(tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    sudoku = (EXAMPLES / "sudoku01.txt").read_text()
    for name in ("a.txt", "c.txt", "e.txt"):
        (folder / name).write_text(sudoku)
    (folder / "b.txt").write_text("this is not a sudoku\n")
    (folder / "d.bin").write_bytes(b"\x00\x01\x02binary")
    (folder / "notes.json").write_text("{}")  # a solution file: not an item
    lines = tmp_path / "more.jsonl"
    lines.write_text("\n".join([
        json.dumps({"id": "ok", "puzzle": sudoku}),
        "{not json",
        json.dumps({"id": "nopuzzle"}),
        json.dumps({"id": "badgenre", "genre": "chess", "puzzle": sudoku}),
        json.dumps({"id": "last", "puzzle": sudoku}),
    ]) + "\n")
    out = tmp_path / "out.jsonl"
    records = {r["id"]: r for r in batch.run("solve", "sudoku", [folder, lines], out, jobs=2)}
    assert len(_read(out)) == len(records) == 10
    for name in ("a.txt", "c.txt", "e.txt"):
        assert records[str(folder / name)]["status"] == "solved"
    assert records["ok"]["status"] == records["last"]["status"] == "solved"
    bad = records[str(folder / "b.txt")]
    assert bad["status"] == "error" and bad["error"]["type"] == "ParseError"
    assert records[str(folder / "d.bin")]["error"]["message"].endswith("binary data: expected UTF-8 text")
    assert records[f"{lines}:2"]["error"]["type"] == "ParseError"
    assert "needs 'puzzle'" in records["nopuzzle"]["error"]["message"]
    assert "unknown genre 'chess'" in records["badgenre"]["error"]["message"]


SITECUSTOMIZE = textwrap.dedent('''
    """Test hook: api.solve hangs on any queens puzzle and segfaults on any hashi puzzle."""
    import importlib.abc, importlib.util, os, signal, sys, time

    class Hook(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name != "puzzlekit.api":
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(name)
            load = spec.loader.exec_module

            def exec_module(module):
                load(module)
                solve = module.solve

                def patched(puzzle, *args, **kwargs):
                    genre = type(puzzle).__module__.rsplit(".", 1)[-1]
                    if genre == "queens":
                        time.sleep(600)
                    if genre == "hashi":
                        os.kill(os.getpid(), signal.SIGSEGV)
                    return solve(puzzle, *args, **kwargs)

                module.solve = patched

            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, Hook())
''')


@pytest.mark.parametrize("cluster", [None, "local"])
def test_a_hanging_solver_is_killed_and_a_crash_recorded(tmp_path, monkeypatch, cluster):
    if cluster is not None:
        pytest.importorskip("distributed")
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(SITECUSTOMIZE)
    monkeypatch.setenv("PYTHONPATH", str(hooks))
    items = tmp_path / "items.jsonl"
    names = ["sudoku", "queens", "tents", "hashi", "zip", "sudoku"]
    with items.open("w") as handle:
        for i, genre in enumerate(names):
            text = (EXAMPLES / f"{genre}01.txt").read_text()
            handle.write(json.dumps({"id": i, "genre": genre, "puzzle": text}) + "\n")
    out = tmp_path / "out.jsonl"
    started = time.monotonic()
    # a generous limit for the honest solves (the machine may be busy), an early backstop
    records = {r["id"]: r for r in batch.run("solve", "sudoku", items, out, jobs=2, cluster=cluster,
                                              time_limit=10, kill_after=4.0)}
    assert time.monotonic() - started < 60
    assert sorted(records) == list(range(len(names)))
    hung, crashed = records[1], records[3]
    assert hung["status"] == "timeout" and hung["error"]["type"] == "Killed"
    assert 4.0 <= hung["seconds"] < 15
    assert crashed["status"] == "crashed" and "SIGSEGV" in crashed["error"]["message"]
    assert all(records[i]["status"] == "solved" for i in (0, 2, 4, 5))


def test_the_backstop_is_twice_the_limit_and_five_seconds():
    assert batch.kill_after_for(1.0) == 7.0
    assert batch.kill_after_for(None) is None


# --- restarts ---------------------------------------------------------------------------------


def _small(tmp_path: Path) -> Path:
    items = tmp_path / "small.jsonl"
    with items.open("w") as handle:
        for genre in ("sudoku", "tents", "queens", "zip"):
            text = (EXAMPLES / f"{genre}01.txt").read_text()
            handle.write(json.dumps({"id": genre, "genre": genre, "puzzle": text}) + "\n")
    return items


def test_a_finished_run_run_again_does_nothing(tmp_path):
    items, out = _small(tmp_path), tmp_path / "out.jsonl"
    first = list(batch.run("solve", "sudoku", items, out, jobs=2))
    assert len(first) == 4
    data = out.read_bytes()
    again = batch.run("solve", "sudoku", items, out, jobs=2)
    assert list(again) == [] and (again.total, again.already_done) == (4, 4)
    assert out.read_bytes() == data
    # a changed puzzle under the same id is new work, and its record replaces the old one
    lines = items.read_text().splitlines()
    entry = json.loads(lines[0])
    entry["puzzle"] = entry["puzzle"].replace("..3.49...", "..3.4....", 1)
    items.write_text("\n".join([json.dumps(entry), *lines[1:]]) + "\n")
    (changed,) = batch.run("solve", "sudoku", items, out, jobs=2)
    assert changed["id"] == "sudoku"
    final = _read(out)
    assert sorted(r["id"] for r in final) == sorted(r["id"] for r in first)
    assert [r for r in final if r["id"] == "sudoku"] == [changed]
    # records of items outside this run's PATHs stay
    other = tmp_path / "other.jsonl"
    other.write_text(lines[1] + "\n")
    assert list(batch.run("solve", "sudoku", other, out, jobs=1)) == []
    assert len(_read(out)) == 4


def test_the_output_file_inside_an_input_folder_is_not_an_input(tmp_path):
    (tmp_path / "a.txt").write_text((EXAMPLES / "sudoku01.txt").read_text())
    out = tmp_path / "out.jsonl"
    assert [r["id"] for r in batch.run("solve", "sudoku", tmp_path, out, jobs=1)] == [str(tmp_path / "a.txt")]
    assert list(batch.run("solve", "sudoku", tmp_path, out, jobs=1)) == []


def test_redo_replaces_the_records_of_a_status(tmp_path):
    items, out = _small(tmp_path), tmp_path / "out.jsonl"
    list(batch.run("solve", "sudoku", items, out, jobs=1))
    records = _read(out)
    records[1]["status"] = "timeout"
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    before = out.read_text().splitlines()
    (redone,) = batch.run("solve", "sudoku", items, out, jobs=1, redo=["timeout"])
    assert redone["id"] == records[1]["id"] and redone["status"] == "solved"
    after = out.read_text().splitlines()
    assert after[:-1] == before[:1] + before[2:], "the records kept are kept byte for byte"
    final = _read(out)
    assert sorted(r["id"] for r in final) == sorted(r["id"] for r in records)
    assert all(r["status"] == "solved" for r in final)


def test_a_torn_last_line_is_dropped_and_a_foreign_line_refused(tmp_path):
    out = tmp_path / "out.jsonl"
    good = {"id": 1, "fingerprint": "f", "action": "solve", "status": "solved"}
    out.write_text(json.dumps(good) + "\n" + '{"id": 2, "fing')
    with Journal(out) as journal:
        assert list(journal.records()) == [good] and journal.dropped and journal.count == 1
    assert out.read_text() == json.dumps(good) + "\n"
    out.write_text("hello\n" + json.dumps(good) + "\n")
    with pytest.raises(ParseError, match="not a batch record"):
        Journal(out)


def test_records_are_read_across_chunk_boundaries(tmp_path, monkeypatch):
    from puzzlekit.batch import journal as module

    monkeypatch.setattr(module, "CHUNK", 7)
    records = [{"id": i, "fingerprint": "f" * i, "action": "solve", "status": "solved"} for i in range(5)]
    out = tmp_path / "out.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in records) + "\n" + '{"id": 9')
    with Journal(out) as journal:
        assert list(journal.records()) == records and journal.count == 5 and journal.dropped
        assert journal.forget(lambda r: r["id"] % 2) == 2
        assert [r["id"] for r in journal.records()] == [0, 2, 4]
    assert [r["id"] for r in _read(out)] == [0, 2, 4]


def test_a_second_run_on_the_same_output_is_refused(tmp_path):
    out = tmp_path / "out.jsonl"
    with Journal(out):
        with pytest.raises(PuzzlekitError, match="another batch run"):
            Journal(out)
    Journal(out).close()  # free again


# --- the other actions ------------------------------------------------------------------------


def test_check_items_from_json_lines_and_from_solution_files(tmp_path):
    text = (EXAMPLES / "queens01.txt").read_text()
    good = api.solve(api.load("queens", text)).solutions[0].to_json()
    bad = {"queens": good["queens"][:-1]}
    items = tmp_path / "check.jsonl"
    items.write_text("".join(json.dumps(x) + "\n" for x in [
        {"id": "good", "puzzle": text, "solution": good},
        {"id": "bad", "puzzle": text, "solution": bad},
        {"id": "none", "puzzle": text},
    ]))
    out = tmp_path / "out.jsonl"
    tracks = EXAMPLES / "tracks01.txt"
    records = {r["id"]: r for r in batch.run("check", "queens", items, out, jobs=2)}
    records.update((r["id"], r) for r in batch.run("check", "tracks", tracks, tmp_path / "t.jsonl", jobs=1))
    assert records["good"]["status"] == "valid"
    assert records["good"]["result"] == {"solutions": [{"valid": True, "problems": []}]}
    assert records["bad"]["status"] == "invalid" and records["bad"]["result"]["solutions"][0]["problems"]
    assert records["none"]["status"] == "error"
    assert records[str(tracks)]["status"] == "valid"
    assert records["good"]["fingerprint"] != records["bad"]["fingerprint"]


def test_grade_records_the_ladder_level(tmp_path):
    out = tmp_path / "out.jsonl"
    path = EXAMPLES / "sudoku01.txt"
    (rec,) = batch.run("grade", "sudoku", path, out, jobs=1, time_limit=10)
    assert rec["status"] == "graded" and rec["result"] == api.grade(api.load("sudoku", path)).to_json()


def test_generate_makes_one_puzzle_per_item_and_a_restart_keeps_them(tmp_path):
    from puzzlekit.generate import generate

    items = tmp_path / "params.jsonl"
    items.write_text(
        '{"id": "a", "params": {"size": "6x6", "level": "easy", "seed": 3}}\n'
        '{"id": "b", "params": {"height": 6, "width": 6, "seed": 4}}\n'
        '{"id": "c", "params": {"height": 6}}\n'
        '{"id": "d", "params": {"size": 6, "level": "lines"}}\n'
    )
    out = tmp_path / "out.jsonl"
    records = {r["id"]: r for r in batch.run("generate", "sudoku", items, out, jobs=1, time_limit=60)}
    assert records["a"]["status"] == records["b"]["status"] == "generated"
    made = next(generate("sudoku", 6, 6, "easy", seed=3))
    assert records["a"]["result"]["puzzle"] == made.text()
    assert records["a"]["result"]["fingerprint"] == made.fingerprint
    assert records["a"]["result"]["solution"] == made.solution.to_json()
    assert records["b"]["result"]["seed"] == 4 and records["b"]["result"]["level"] is None
    assert records["c"]["status"] == "error" and "height and width" in records["c"]["error"]["message"]
    assert records["d"]["status"] == "error" and "'lines'" in records["d"]["error"]["message"]
    assert "traceback" not in records["c"]["error"]
    assert list(batch.run("generate", "sudoku", items, out, jobs=1)) == []


def test_generate_reads_params_not_puzzle_files(tmp_path):
    out = tmp_path / "out.jsonl"
    (rec,) = batch.run("generate", "sudoku", EXAMPLES / "sudoku01.txt", out, jobs=1)
    assert rec["status"] == "error" and "JSON Lines of params" in rec["error"]["message"]


# --- arguments, progress ------------------------------------------------------------------------


def test_bad_arguments_are_refused_before_anything_runs(tmp_path):
    out = tmp_path / "out.jsonl"
    with pytest.raises(UnknownName):
        batch.run("paint", "sudoku", EXAMPLES, out)
    with pytest.raises(UnknownName):
        batch.run("solve", "chess", EXAMPLES, out)
    with pytest.raises(ParseError, match="no such file"):
        batch.run("solve", "sudoku", tmp_path / "missing", out)
    with pytest.raises(ValueError):
        batch.run("solve", "sudoku", EXAMPLES, out, jobs=0)
    with pytest.raises(ValueError):
        batch.run("solve", "sudoku", EXAMPLES, out, seed=-1)
    assert not out.exists()


def test_an_unknown_backend_stops_the_run_instead_of_being_recorded(tmp_path):
    out = tmp_path / "out.jsonl"
    with pytest.raises(UnknownName, match="nosuch"):
        list(batch.run("solve", "sudoku", EXAMPLES / "sudoku01.txt", out, jobs=1, backend="nosuch"))
    with pytest.raises(UnknownName):
        list(batch.run("solve", "sudoku", EXAMPLES / "sudoku01.txt", out, jobs=1, backend="cpsat",
                       options={"bogus": "1"}))
    assert out.read_text() == ""


def test_the_module_is_callable_as_batch():
    assert callable(batch)


def test_progress_is_quiet_off_a_terminal_and_plain_without_a_bar():
    stream = io.StringIO()
    quiet = Progress(10, stream=stream)
    quiet.update("solved")
    quiet.close()
    assert stream.getvalue() == ""
    shown = Progress(10, initial=4, enabled=True, stream=stream, bar=False)
    shown.update("solved")
    shown.close()
    assert stream.getvalue().startswith("batch: 5/10 (50%),") and "ETA" in stream.getvalue()
