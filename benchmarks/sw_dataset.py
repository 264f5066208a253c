"""The whole-dataset run of the genres read through `benchmarks.sw_corpus`, beside two peers.

    python -m benchmarks.sw_dataset [--genres lightup,hitori] [--time-limit 10] [--install]
                                    [--out DIR] [--write-docs]

For every corpus puzzle of each genre (read in place from ``../shared/corpus/sw``):

* ours: the converted puzzle solved by ``auto`` (one answer, timed, as the peers are asked),
  the answer compared with the published one; then a second, separately timed solve with
  ``unique=True`` tells whether the puzzle as transcribed has one answer;
* ``sw``: SmilingWayne's ``puzzlekit`` (PyPI 0.3.4, CP-SAT) on the corpus's own problem text in
  `benchmarks.sw_runner`'s batch mode, its answer grid compared with the published one;
* ``mps``: ``multi-puzzle-solver`` (PyPI, CP-SAT) in `benchmarks.mps_runner`, which enumerates
  every answer (so its time includes proving uniqueness), its first answer compared.

Each peer runs in its own isolated process (one per genre, restarted after a puzzle that hits
the time limit: ``mps`` takes no time limit, so the parent kills it). ``--install`` puts both
peers into ``benchmarks/.peers/`` with pip (network at install time only; never in tests).
An unsolved puzzle (timeout, error, wrong answer) counts at the time limit in the mean and max,
then written ``≥``. The table goes to ``sw-dataset.md`` in the output directory and, with
``--write-docs``, into docs/benchmarks.md between its markers.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from puzzlekit import api, genres

from . import sw_corpus
from .instances import CORPUS
from .peers import SW_DIR
from .report import DOCS, seconds

HERE = Path(__file__).resolve().parent
MPS_DIR = HERE / ".peers" / "multi-puzzle-solver"
SW_RUNNER, MPS_RUNNER = HERE / "sw_runner.py", HERE / "mps_runner.py"
BEGIN, END = "<!-- sw-dataset-table -->", "<!-- /sw-dataset-table -->"
#: Seconds a peer process may take to import and warm up before its first puzzle.
STARTUP = 120.0


def install(sw: Path = SW_DIR, mps: Path = MPS_DIR) -> None:
    """Both peers with pip into their cache directories (their plotting dependency included:
    their result module imports matplotlib)."""
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--target"]
    subprocess.run([*pip, str(sw), "puzzlekit==0.3.4", "typeguard", "matplotlib"], check=True)
    subprocess.run([*pip, str(mps), "--no-deps", "multi-puzzle-solver"], check=True)


# ours ------------------------------------------------------------------------------------------


def ours(genre: str, key: str, entry: dict, time_limit: float) -> dict[str, Any]:
    """Our row of one puzzle: status, seconds, equal to the published answer, unique."""
    spec = sw_corpus.GENRES[genre]
    row: dict[str, Any] = {"genre": genre, "key": key, "program": "auto"}
    try:
        puzzle = spec.convert(entry["problem"])
    except Exception as exc:  # a record our converter cannot read
        return {**row, "status": "error", "note": f"{type(exc).__name__}: {exc}"}
    if puzzle is None:
        return {**row, "status": "variant", "note": "a variant the genre does not state"}
    started = time.perf_counter()
    result = api.solve(puzzle, time_limit=time_limit)
    row["total_s"] = time.perf_counter() - started
    row["backend"] = result.backend
    if result.status != "solved":
        return {**row, "status": "timeout" if result.status in ("timeout", "unknown") else result.status}
    equal = sw_corpus.matches(genre, puzzle, result.solutions[0], entry["solution"])
    row["status"] = "solved" if equal else "other"  # other: a valid answer, not the published one
    started = time.perf_counter()
    proof = api.solve(puzzle, time_limit=time_limit, unique=True)
    row["unique_s"] = time.perf_counter() - started
    row["unique"] = proof.unique if proof.status == "solved" else None
    return row


def warm_up(genre: str, data: dict[str, dict]) -> None:
    """One untimed solve, so that loading the solver packages falls outside the timings."""
    genres.get(genre)
    for key in sorted(data)[:1]:
        puzzle = sw_corpus.GENRES[genre].convert(data[key]["problem"])
        if puzzle is not None:
            api.solve(puzzle, time_limit=10.0)


# peers -----------------------------------------------------------------------------------------


def _reader(stream: Any, out: queue.Queue) -> None:
    for line in stream:
        if line.startswith("RESULT "):
            out.put(json.loads(line[len("RESULT "):]))
    out.put(None)


def peer_batch(cmd: list[str], genre: str, problems: list[tuple[str, str]], time_limit: float,
               grace: float = 5.0, give_up: int = 3, kind: str = "") -> dict[str, dict]:
    """Every problem through a peer's batch runner: its ``puzzle`` events by key. A puzzle that
    overruns ``time_limit + grace`` is a timeout: the process is killed and a new one resumes
    after it. After ``give_up`` timeouts in a row the rest are ``skipped`` (counted unsolved)."""
    found: dict[str, dict] = {}
    todo = list(problems)
    resumed = False
    streak = 0
    while todo:
        if streak >= give_up:
            for key, _ in todo:
                found[key] = {"key": key, "status": "skipped", "note": f"after {give_up} timeouts in a row"}
            return found
        job = {"genre": genre, "kind": kind, "problems": todo, "time_limit": time_limit, "resumed": resumed}
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(job))
        proc.stdin.close()
        events: queue.Queue = queue.Queue()
        threading.Thread(target=_reader, args=(proc.stdout, events), daemon=True).start()
        wait, done_here = STARTUP, 0
        while True:
            try:
                event = events.get(timeout=wait)
            except queue.Empty:  # the current puzzle overran: a timeout, then resume after it
                proc.kill()
                proc.wait()
                key = todo[done_here][0]
                found[key] = {"key": key, "status": "timeout"}
                todo, resumed = todo[done_here + 1:], True
                streak += 1
                break
            if event is None or event["event"] == "error":  # it stopped: the rest are errors
                note = event["message"] if event else "the runner stopped"
                for key, _ in todo[done_here:]:
                    found[key] = {"key": key, "status": "error", "note": note}
                proc.wait()
                return found
            if event["event"] == "ready":
                wait = time_limit + grace
            elif event["event"] == "puzzle":
                found[event["key"]] = event
                done_here += 1
                streak = 0 if event["status"] != "timeout" else streak + 1
            elif event["event"] == "done":
                proc.wait()
                return found
    return found


#: Genres whose mps answer is 1 on the marked cells: the corpus's mark of those cells.
MPS_MARKS = {"lightup": "o", "hitori": "x", "kurodoko": "x", "mosaic": "x", "binairo": "2"}


def _grid_equal(genre: str, problem: str, grid: list[list[str]] | None, text: str, program: str) -> bool:
    """Whether a peer's answer grid is the published answer, compared as the genre reads the
    corpus's answers (`sw_corpus`): the lamps, the shaded cells, the digits. The published
    notation varies where it does not matter (a numbered wall written ``x`` or as its number)."""
    if not grid:
        return False
    spec = sw_corpus.GENRES[genre]
    puzzle = spec.convert(problem)
    if program == "mps" and genre in MPS_MARKS:  # theirs: 1 on the marked cells
        grid = [[MPS_MARKS[genre] if v == "1" else "-" for v in row] for row in grid]
    if puzzle is None:  # a variant we do not state: the notation as is
        return [[t.strip() for t in row] for row in grid] == sw_corpus.rows_of(text)
    body = "\n".join(" ".join(str(t).strip() for t in row) for row in grid)
    theirs = f"{len(grid)} {len(grid[0])}\n{body}"
    try:
        return spec.published(puzzle, theirs) == spec.published(puzzle, text)
    except (KeyError, ValueError):  # a token outside the corpus's notation
        return False


def peer_rows(program: str, genre: str, data: dict[str, dict], time_limit: float,
              where: Path) -> list[dict]:
    """The peer's rows on every puzzle of the genre (none when it has no such genre)."""
    if program == "sw":
        if not sw_corpus.GENRES[genre].sw:
            return []
        cmd = [sys.executable, "-I", str(SW_RUNNER), os.fspath(where)]
    else:
        from .mps_runner import BOARDS

        if genre not in BOARDS:
            return []
        cmd = [sys.executable, "-I", str(MPS_RUNNER), os.fspath(where)]
    problems = [(key, data[key]["problem"]) for key in sorted(data)]
    events = peer_batch(cmd, genre, problems, time_limit, kind=sw_corpus.GENRES[genre].sw)
    rows = []
    for key in sorted(data):
        e = events.get(key, {"status": "error", "note": "no answer"})
        row = {"genre": genre, "key": key, "program": program, "status": e["status"],
               "total_s": e.get("total_s"), "note": e.get("note") or e.get("message", "")}
        if e["status"] == "solved":
            if not _grid_equal(genre, data[key]["problem"], e.get("grid"), data[key]["solution"], program):
                row["status"] = "other"
            if "solutions" in e:
                row["unique"] = e["solutions"] == 1
        if row["total_s"] is not None and row["total_s"] > time_limit:
            row["status"] = "timeout"
        rows.append(row)
    return rows


# the table -------------------------------------------------------------------------------------


def _stats(rows: list[dict], time_limit: float, ambiguous: frozenset = frozenset()) -> tuple[str, str, str]:
    """solved (equal to the published answer)/ran, mean and max seconds (unsolved at the limit;
    another answer to a puzzle of ``ambiguous`` keys, which has several, at its own time)."""
    ran = [r for r in rows if r["status"] != "variant"]
    if not ran:
        return "", "", ""

    def timed(r: dict) -> bool:
        return r["status"] == "solved" or (r["status"] == "other" and r["key"] in ambiguous)

    times = [(r["total_s"], False) if timed(r) else (time_limit, True) for r in ran]
    bound = any(b for _, b in times)
    top = max(times)
    mean = statistics.fmean(t for t, _ in times)
    solved = sum(r["status"] == "solved" for r in ran)
    others = {}
    for r in ran:
        if r["status"] != "solved":
            others[r["status"]] = others.get(r["status"], 0) + 1
    rest = ", ".join(f"{n} {s}" for s, n in sorted(others.items()))
    cell = f"{solved}/{len(ran)}" + (f" ({rest})" if rest else "")
    return cell, ("≥ " if bound else "") + seconds(mean), ("≥ " if top[1] else "") + seconds(top[0])


def table(rows: list[dict], time_limit: float) -> str:
    programs = ("auto", "sw", "mps")
    head = ["genre", "puzzles", "stated", "unique"]
    for p in programs:
        head += [f"`{p}` = published", "mean s", "max s"]
    head += ["`auto` unique: mean s", "max s"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for genre in dict.fromkeys(r["genre"] for r in rows):
        mine = [r for r in rows if r["genre"] == genre]
        auto = [r for r in mine if r["program"] == "auto"]
        ambiguous = frozenset(r["key"] for r in auto if r.get("unique") is False)
        stated = [r for r in auto if r["status"] != "variant"]
        unique = sum(r.get("unique") is True for r in auto)
        cells = [genre, str(len(auto)), str(len(stated)), str(unique)]
        for p in programs:
            cells += list(_stats([r for r in mine if r["program"] == p], time_limit, ambiguous))
        proofs = [r["unique_s"] for r in auto if r.get("unique_s") is not None]
        cells += [seconds(statistics.fmean(proofs)), seconds(max(proofs))] if proofs else ["", ""]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def not_unique(rows: list[dict]) -> list[str]:
    """``genre/key`` of the puzzles with more than one answer as transcribed (our proof)."""
    return [f"{r['genre']}/{r['key']}" for r in rows if r["program"] == "auto" and r.get("unique") is False]


def render(rows: list[dict], info: dict[str, Any]) -> str:
    limit = info["time_limit"]
    lines = [
        f"Generated {info['started']} by `{info['command']}` on {info['machine']}.",
        "",
        f"- Every puzzle of each genre in SmilingWayne's puzzlekit-dataset (its commit 53de2fc, "
        "janko.at puzzles; local data, read in place, not part of this repository), time limit "
        f"{limit:g} s per puzzle, one timed solve each, the programs one genre after the other on "
        "the same machine.",
        "- `= published`: the answer found equals the published one (`other`: a valid answer, not the "
        "published one; `variant`: a puzzle the genre does not state, left out of the counts). "
        "`stated`: puzzles our converter reads; `unique`: those our `unique=True` solve proves to "
        "have one answer. Another answer to a puzzle with several (listed below) is timed as "
        "found; any other failure counts at the limit.",
        "- `auto`: one answer, as the peers are asked; `auto` unique: the separate solve that also "
        "proves there is no second answer.",
        "- `sw`: SmilingWayne's `puzzlekit` 0.3.4 (PyPI, CP-SAT) on the corpus's own problem text "
        "(its time: parsing, building its model, solving, reading its answer). `mps`: "
        "`multi-puzzle-solver` (PyPI, CP-SAT), which enumerates every answer (so its time includes "
        "the uniqueness proof). Empty cells: the peer has no model of the genre.",
        "- An unsolved puzzle counts at the time limit in the mean and max (`≥`: a lower bound).",
        "",
        table(rows, limit),
    ]
    multi = not_unique(rows)
    lines.append("Puzzles with more than one answer as transcribed: "
                 + (", ".join(f"`{k}`" for k in multi) if multi else "none") + ".\n")
    return "\n".join(lines)


def write_docs(text: str, doc: Path = DOCS) -> None:
    """Put ``text`` between this table's markers in docs/benchmarks.md (a new section if absent)."""
    old = doc.read_text(encoding="utf-8")
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
    else:
        head, tail = old.rstrip() + "\n\n## Tatham's genres on the whole dataset\n\n", "\n"
    doc.write_text(f"{head}{BEGIN}\n{text}{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sw_dataset",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--genres", default=",".join(sw_corpus.GENRES))
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--limit", type=int, default=None, help="puzzles per genre (evenly spread)")
    parser.add_argument("--sw-dir", type=Path, default=SW_DIR)
    parser.add_argument("--mps-dir", type=Path, default=MPS_DIR)
    parser.add_argument("--install", action="store_true", help="pip install both peers first")
    parser.add_argument("--out", type=Path, default=HERE / "results")
    parser.add_argument("--write-docs", action="store_true")
    parser.add_argument("--from-rows", type=Path, nargs="+", help="rebuild the table from rows.jsonl files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    info = {"started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "time_limit": args.time_limit,
            "command": " ".join(["python -m benchmarks.sw_dataset", *(argv or [])]),
            "machine": f"{os.cpu_count()} cores shared, Python {sys.version.split()[0]}"}
    if args.from_rows:
        rows = [json.loads(line) for path in args.from_rows for line in path.read_text().splitlines() if line]
    else:
        if args.install:
            install(args.sw_dir, args.mps_dir)
        rows = []
        log = (args.out / "sw-dataset-rows.jsonl").open("w", encoding="utf-8")  # kept as the run goes
        for genre in args.genres.split(","):
            data = dict(sw_corpus.sample(sw_corpus.entries(CORPUS, genre), args.limit))
            if not data:
                continue
            warm_up(genre, data)
            found = [ours(genre, key, data[key], args.time_limit) for key in sorted(data)]
            for program, where in (("sw", args.sw_dir), ("mps", args.mps_dir)):
                if where.is_dir():
                    found += peer_rows(program, genre, data, args.time_limit, where)
            for row in found:
                log.write(json.dumps(row) + "\n")
            log.flush()
            rows += found
            print(table(found, args.time_limit).splitlines()[-1], flush=True)
        log.close()
    text = render(rows, info)
    (args.out / "sw-dataset.md").write_text(text, encoding="utf-8")
    if args.write_docs:
        write_docs(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
