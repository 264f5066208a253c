"""Benchmark puzzlekit's backends against each other and against the seed programs.

    python -m benchmarks --preset smoke              # seconds: tiny puzzles, cpsat + search
    python -m benchmarks --preset full --write-docs  # the table and plot of docs/benchmarks.md
    python -m benchmarks --genres masyu --backends cpsat,sat --sets peers --runs 5

Each (instance, backend) pair runs in a fresh worker process (``--worker``, fed a job as JSON
on stdin) that imports its solver, warms it up on a two-variable model, then times ``--runs``
solves of the instance, reporting each run as it ends. The parent kills the worker's process
group when a run overruns the time limit by more than a grace period, so a hang or a crash
costs one row, never the run. Per run the worker times, separately: building the IR
(``genre.model``), the backend's lowering of the IR to its solver (``compile_seconds``) and
the rest of ``solve``; it checks the first solution with the genre's own ``verify``.

The seed programs of ``../shared/peers`` run on the same instances (converted to their input
formats) in the same run, with the same time limit; so do grilops models when grilops is
installed, and SmilingWayne's ``puzzlekit`` (column ``sw``) when its directory exists
(``--sw-puzzlekit``; see `benchmarks.peers`). A pair that times out skips the larger
instances of its genre (``--no-skip`` runs them all). Output: ``results.csv``, ``results.md``
and ``times.png`` in ``--out`` (default ``benchmarks/results/``); ``--write-docs`` also
refreshes the generated part of ``docs/benchmarks.md`` and ``docs/benchmarks.png``.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import platform
import queue
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import instances as inst_mod
from .instances import ROOT, Instance
from .peers import (
    GRILOPS,
    GRILOPS_GENRES,
    SEED,
    SW,
    SW_DIR,
    SW_GENRES,
    grilops_version,
    seed_row,
    sw_row,
    sw_version,
)
from .peers import sw_dir as find_sw_dir

RESULTS = ROOT / "benchmarks" / "results"
DOCS = ROOT / "docs" / "benchmarks.md"
DOCS_PLOT = ROOT / "docs" / "benchmarks.png"
BEGIN, END = "<!-- benchmarks:begin -->", "<!-- benchmarks:end -->"
PEER_NAMES = (SEED, GRILOPS, SW)
STARTUP_SECONDS = 90.0  # imports, warm-up and the first IR build of a worker, on a loaded machine
FIELDS = (
    "genre", "set", "instance", "height", "width", "cells", "backend", "status", "runs",
    "median_s", "min_s", "max_s", "spread_s", "ir_s", "compile_s", "solve_s", "compile_share",
    "vars", "bool_vars", "int_vars", "counts", "clauses", "graphs", "rounds", "cuts", "nodes",
    "wall_s", "note", "origin",
)
PRESETS: dict[str, dict[str, Any]] = {
    "smoke": dict(
        sets="tiny", backends="cpsat,search", runs=1, time_limit=20.0, peers=False, peer_runs=1,
        corpus_per_genre=0, max_cells="", jobs=2,
    ),
    "full": dict(
        sets="seed,peers,corpus,generated", backends="", runs=3, repeat_budget=2.0, time_limit=6.0,
        seed_limit=180.0, peers=True, peer_runs=1, corpus_per_genre=2, corpus_max_cells=900,
        max_cells="csp=100,search=400,mip=400,grilops=120", jobs=1,
    ),
}


# the worker ------------------------------------------------------------------------------------


def emit(event: str, **data: Any) -> None:
    """Report one event to the parent (one line on stdout)."""
    print("BENCH " + json.dumps({"event": event, **data}), flush=True)


def warm_up(solver: Any) -> None:
    """Solve a two-variable model, so the first timed run does not pay for lazy imports."""
    from puzzlekit.ir import ModelBuilder

    m = ModelBuilder("warm-up")
    x, y = m.bool("x"), m.bool("y")
    m.exactly(1, [x, y])
    m.output([x, y])
    solver.solve(m.build(), limit=1, time_limit=10.0)


def worker(job: dict[str, Any]) -> None:
    """Time ``job["runs"]`` solves of one instance on one backend, emitting an event per run."""
    from puzzlekit import genres

    module = genres.get(job["genre"])
    puzzle = module.parse(job["text"], job["name"])
    prepare = _grilops_once if job["backend"] == GRILOPS else _backend_once
    once = prepare(job, module, puzzle)
    spent = 0.0
    for i in range(job["runs"]):
        status, solution, stats, ir_s, total = once()
        problems = module.verify(puzzle, solution) if solution is not None else []
        if problems:
            status = "wrong"
        emit(
            "run", i=i, status=status, total_s=total, ir_s=ir_s,
            compile_s=stats.get("compile_seconds"), rounds=stats.get("rounds"),
            cuts=stats.get("cuts"), nodes=stats.get("nodes"), problem="; ".join(problems[:2]),
        )
        spent += total
        if status != "solved" or spent > job.get("repeat_budget", math.inf):
            break
    emit("done")


Once = Callable[[], tuple[str, Any, dict, float | None, float]]


def _backend_once(job: dict[str, Any], module: Any, puzzle: Any) -> Once:
    """A timed solve on a puzzlekit backend: IR build, then the backend's solve (after a warm-up)."""
    from puzzlekit import backends

    solver = backends.get(job["backend"])
    solver.version()
    warm_up(solver)
    emit("ready", model=module.model(puzzle).stats())

    def once() -> tuple[str, Any, dict, float | None, float]:
        started = time.perf_counter()
        model = module.model(puzzle)
        built = time.perf_counter()
        result = solver.solve(model, limit=1, time_limit=job["time_limit"], **job.get("options", {}))
        total = time.perf_counter() - started
        solution = module.decode(puzzle, result.solutions[0]) if result.solutions else None
        return result.status, solution, result.stats, built - started, total

    return once


def _grilops_once(job: dict[str, Any], module: Any, puzzle: Any) -> Once:
    """A timed solve with the grilops model of `benchmarks.peers` (model building included)."""
    from .peers import grilops_solve, grilops_version

    if grilops_version() is None:
        raise RuntimeError("grilops is not installed (pip install grilops)")
    import z3  # noqa: F401  (imported before timing, like a backend's solver package)

    emit("ready", model={})

    def once() -> tuple[str, Any, dict, float | None, float]:
        started = time.perf_counter()
        status, solution = grilops_solve(job["genre"], module, puzzle, job["time_limit"])
        return status, solution, {}, None, time.perf_counter() - started

    return once


def worker_main() -> int:
    """Entry of a worker process: the job is JSON on stdin."""
    try:
        worker(json.loads(sys.stdin.read()))
    except Exception as exc:  # reported as a row, never raised in the parent
        emit("error", message=f"{type(exc).__name__}: {exc}")
        return 1
    return 0


# running guarded subprocesses ---------------------------------------------------------------------


def guarded(
    cmd: list[str], stdin: str, wait: Callable[[int], float], prefix: str
) -> tuple[list[str], str, str]:
    """Run a command, collecting its lines that start with ``prefix``.

    ``wait(k)`` is how long to wait for the next such line once ``k`` have arrived; when it
    passes, the command's process group is killed. Returns the lines (prefix removed), how it
    ended (``exited`` or ``killed``) and the tail of its stderr.
    """
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=ROOT, env=env, start_new_session=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()
    errors: list[str] = []

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(prefix):
                lines.put(line[len(prefix):].strip())
        lines.put(None)

    def drain() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            errors.append(line)
            del errors[:-20]

    threads = [threading.Thread(target=pump, daemon=True), threading.Thread(target=drain, daemon=True)]
    for t in threads:
        t.start()
    try:
        assert proc.stdin is not None
        proc.stdin.write(stdin)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    got: list[str] = []
    how = "exited"
    while True:
        try:
            line = lines.get(timeout=wait(len(got)))
        except queue.Empty:
            how = "killed"
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            break
        if line is None:
            break
        got.append(line)
    proc.wait()
    for t in threads:
        t.join(timeout=5)
    return got, how, "".join(errors[-5:]).strip()


# one row per (instance, backend) ------------------------------------------------------------------


Row = dict[str, Any]


def base_row(inst: Instance, backend: str) -> Row:
    """A result row with the identifying columns filled in and every other field blank."""
    row: Row = dict.fromkeys(FIELDS, "")
    row.update(
        genre=inst.genre, set=inst.set, instance=inst.name, height=inst.height, width=inst.width,
        cells=inst.cells, backend=backend, runs=0, origin=inst.origin,
    )
    return row


def grace(time_limit: float) -> float:
    """How far past the time limit a run may go before it is killed."""
    return 3.0 + 0.25 * time_limit


def bench_backend(
    inst: Instance, backend: str, runs: int, time_limit: float, options: dict, repeat_budget: float = math.inf
) -> Row:
    """Run one (instance, backend) pair in a worker process and summarise it as a row.

    The worker stops repeating once its runs took ``repeat_budget`` seconds in all.
    """
    job = {
        "genre": inst.genre, "name": inst.name, "text": inst.text, "backend": backend,
        "runs": runs, "time_limit": time_limit, "options": options, "repeat_budget": repeat_budget,
    }
    cmd = [sys.executable, "-m", "benchmarks.run", "--worker"]
    lines, how, stderr = guarded(
        cmd, json.dumps(job),
        lambda k: STARTUP_SECONDS if k == 0 else time_limit + grace(time_limit), "BENCH ",
    )
    events = [json.loads(line) for line in lines]
    return row_from_events(base_row(inst, backend), events, how, stderr, time_limit)


def row_from_events(row: Row, events: list[dict], how: str, stderr: str, time_limit: float) -> Row:
    """Fill a row from a worker's events and how the worker ended (``exited`` or ``killed``)."""
    ready = next((e for e in events if e["event"] == "ready"), None)
    if ready:
        size = ready["model"]
        row.update({k: size.get(k, 0) for k in ("vars", "bool_vars", "int_vars", "counts", "clauses")})
        row["graphs"] = sum(size.get(k, 0) for k in ("loop", "path", "disjointpaths", "connected"))
    done = [e for e in events if e["event"] == "run"]
    error = next((e for e in events if e["event"] == "error"), None)
    if done:
        summarise(row, done)
    if error:
        row.update(status="error", note=error["message"][:200])
    elif how == "killed":
        # a run overran the limit by more than the grace period: the pair counts as timed out
        note = f"killed {grace(time_limit):.0f} s past the limit"
        row.update(status="timeout", median_s=time_limit, note=note)
    elif not any(e["event"] == "done" for e in events):
        row.update(status="error", note=f"worker died: {stderr[-200:]}")
    if row["status"] == "timeout" and row["median_s"] == "":
        row["median_s"] = time_limit
    return row


def summarise(row: Row, done: list[dict]) -> None:
    """Median and spread of the runs' times, and the status they agree on."""
    statuses = [e["status"] for e in done]
    row["status"] = next((s for s in ("wrong", "timeout", "unsolvable") if s in statuses), "solved")
    times = [e["total_s"] for e in done]
    row["runs"] = len(done)
    row["median_s"] = statistics.median(times)
    row["min_s"], row["max_s"] = min(times), max(times)
    row["spread_s"] = max(times) - min(times)
    builds = [e["ir_s"] for e in done if e["ir_s"] is not None]
    if builds:
        row["ir_s"] = statistics.median(builds)
    compiles = [e["compile_s"] for e in done if e["compile_s"] is not None]
    if compiles:
        row["compile_s"] = statistics.median(compiles)
        row["compile_share"] = row["compile_s"] / row["median_s"] if row["median_s"] else ""
    row["solve_s"] = max(0.0, row["median_s"] - (row["ir_s"] or 0.0) - (row["compile_s"] or 0.0))
    last = done[-1]
    for key in ("rounds", "cuts", "nodes"):
        if last.get(key) is not None:
            row[key] = last[key]
    problems = [e["problem"] for e in done if e.get("problem")]
    if problems:
        row["note"] = ("verify: " + problems[0])[:200]


# the plan ----------------------------------------------------------------------------------------


@dataclass
class Plan:
    """What to run: instances per genre, backends, repetitions and limits."""

    instances: dict[str, list[Instance]]
    backends: list[str]
    runs: int
    time_limit: float
    peers: bool
    peer_runs: int
    max_cells: dict[str, int] = field(default_factory=dict)
    skip: bool = True
    jobs: int = 1
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    repeat_budget: float = math.inf
    grilops: bool = False
    seed_limit: float | None = None  # the seed programs' limit on `instances.SLOW_SEEDS`
    sw_dir: Path | None = None  # SmilingWayne's puzzlekit (`benchmarks.peers.sw_dir`), if any

    def peer_limit(self, inst: Instance) -> float:
        """The seed program's time limit on this instance."""
        if self.seed_limit is not None and inst.name in inst_mod.SLOW_SEEDS:
            return max(self.seed_limit, self.time_limit)
        return self.time_limit

    def backend_limit(self, inst: Instance, backend: str) -> float:
        """A backend's time limit on this instance: ``seed_limit`` on `instances.SLOW_ROWS`."""
        if self.seed_limit is not None and (inst.name, backend) in inst_mod.SLOW_ROWS:
            return max(self.seed_limit, self.time_limit)
        return self.time_limit

    def lanes(self) -> list[tuple[str, str]]:
        """(genre, backend) pairs; each lane runs its genre's instances from small to large."""
        names = self.backends + ([SEED] if self.peers else [])
        lanes = [(g, b) for g in self.instances for b in names]
        if self.peers and self.grilops:
            lanes += [(g, GRILOPS) for g in self.instances if g in GRILOPS_GENRES]
        if self.peers and self.sw_dir is not None:
            lanes += [(g, SW) for g in self.instances if g in SW_GENRES]
        return lanes

    def total(self) -> int:
        return sum(len(self.instances[g]) for g, _ in self.lanes())


class Progress:
    """A one-line progress bar on stderr (one line per step when stderr is not a terminal)."""

    def __init__(self, total: int, stream: Any = sys.stderr):
        self.total, self.done, self.stream = max(total, 1), 0, stream
        self.started = time.perf_counter()
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.lock = threading.Lock()

    def step(self, what: str) -> None:
        """Count one finished step and redraw."""
        with self.lock:
            self.done += 1
            width = 24
            filled = round(width * self.done / self.total)
            elapsed = time.perf_counter() - self.started
            text = f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {elapsed:5.0f}s {what}"
            if self.tty:
                self.stream.write("\r" + text[:110].ljust(110))
                if self.done == self.total:
                    self.stream.write("\n")
            else:
                self.stream.write(text + "\n")
            self.stream.flush()


Sink = Callable[[Row], None]


def run_lane(
    plan: Plan, genre: str, backend: str, progress: Progress, workdir: Path, sink: Sink
) -> list[Row]:
    """One backend (or the seed program) over a genre's instances, smallest first."""
    rows: list[Row] = []
    failed: dict[str, Row] = {}  # by instance set: puzzles of one set grow harder together
    for inst in plan.instances[genre]:
        began = time.perf_counter()
        cap = plan.max_cells.get(backend)
        if cap is not None and inst.cells > cap:
            row: Row | None = {**base_row(inst, backend), "status": "skipped", "note": f"over {cap} cells"}
        elif (
            inst.set in failed and plan.skip and inst.cells > failed[inst.set]["cells"]
            and inst.name not in inst_mod.TARGETS
        ):
            first = failed[inst.set]
            row = {**base_row(inst, backend), "status": "skipped",
                   "note": f"{first['status']} on {first['instance']} ({first['cells']} cells)"}
        else:
            try:
                if backend == SEED:
                    row = seed_row(inst, plan.peer_runs, plan.peer_limit(inst), workdir)
                elif backend == SW:
                    assert plan.sw_dir is not None
                    row = sw_row(inst, plan.runs, plan.time_limit, plan.sw_dir, plan.repeat_budget)
                else:
                    row = bench_backend(
                        inst, backend, plan.runs, plan.backend_limit(inst, backend),
                        plan.options.get(backend, {}), plan.repeat_budget,
                    )
            except Exception as exc:  # a harness fault costs one row, not the run
                row = {**base_row(inst, backend), "status": "error", "note": f"harness: {exc!r}"[:200]}
        if row is not None:
            row["wall_s"] = row.get("wall_s") or round(time.perf_counter() - began, 3)
            rows.append(row)
            sink(row)
            if row["status"] in ("timeout", "error"):
                failed.setdefault(inst.set, row)
        progress.step(f"{inst.label} {backend} {row['status'] if row else '-'}")
    return rows


def execute(plan: Plan, sink: Sink | None = None) -> list[Row]:
    """Every lane of the plan; rows in genre, instance, backend order (``sink`` sees each as it ends)."""
    progress = Progress(plan.total())
    lock = threading.Lock()

    def record(row: Row) -> None:
        if sink is not None:
            with lock:
                sink(row)

    with tempfile.TemporaryDirectory(prefix="puzzlekit-bench-") as tmp:
        with ThreadPoolExecutor(max_workers=max(1, plan.jobs)) as pool:
            futures = [
                pool.submit(run_lane, plan, g, b, progress, Path(tmp), record) for g, b in plan.lanes()
            ]
            rows = [row for f in futures for row in f.result()]
    order = {b: i for i, b in enumerate(plan.backends + list(PEER_NAMES))}
    position = {(i.genre, i.set, i.name): k for g in plan.instances for k, i in enumerate(plan.instances[g])}
    genre_order = list(plan.instances)
    rows.sort(key=lambda r: (genre_order.index(r["genre"]), position[(r["genre"], r["set"], r["instance"])],
                             order.get(r["backend"], 99)))
    return rows


# reports -----------------------------------------------------------------------------------------


def write_csv(rows: list[Row], path: Path) -> None:
    """All rows, every field (blank where not measured)."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _csv_value(row.get(k, "")) for k in FIELDS})


def _csv_value(value: Any) -> Any:
    return round(value, 6) if isinstance(value, float) else value


def read_csv(path: Path) -> list[Row]:
    """Rows back from a CSV written by `write_csv` (numbers as numbers)."""
    rows = []
    with path.open(encoding="utf-8") as fh:
        for raw in csv.DictReader(fh):
            row: Row = {}
            for key, value in raw.items():
                try:
                    row[key] = int(value)
                except ValueError:
                    try:
                        row[key] = float(value)
                    except ValueError:
                        row[key] = value
            rows.append(row)
    return rows


def seconds(value: float) -> str:
    """A time with three significant digits."""
    if value >= 100:
        return f"{value:.0f}"
    if value >= 0.001:
        return f"{value:.3g}"
    return f"{value:.1g}"


def cell(row: Row | None) -> str:
    """A table cell: the median time, or what happened instead."""
    if row is None:
        return ""
    status = row["status"]
    if status == "solved":
        text = seconds(row["median_s"])
        if isinstance(row.get("spread_s"), float) and row.get("runs", 0) > 1 and row["median_s"] > 0:
            text += f" ±{50 * row['spread_s'] / row['median_s']:.0f}%"
        return text
    marks = {"timeout": "t/o", "skipped": "skip", "unsolvable": "unsat", "wrong": "**WRONG**"}
    return marks.get(status, status)


def solved(row: Row | None) -> bool:
    return row is not None and row["status"] == "solved"


def best_of(rows: Iterable[Row]) -> Row | None:
    """The fastest solved puzzlekit row."""
    ok = [r for r in rows if r["backend"] not in PEER_NAMES and solved(r)]
    return min(ok, key=lambda r: r["median_s"]) if ok else None


def ratio(seed: Row | None, best: Row | None, time_limit: float) -> str:
    """Seed time over the best backend's time (a lower bound when the seed timed out)."""
    if seed is None or best is None or best["median_s"] <= 0:
        return "" if seed is None else ("ours t/o" if solved(seed) else "")
    if solved(seed):
        times = seed["median_s"] / best["median_s"]
        return f"{times:.0f}x" if times >= 10 else f"{times:.2g}x"
    if seed["status"] == "timeout":  # a timed-out seed row holds the limit it had
        return f"≥ {(seed['median_s'] or time_limit) / best['median_s']:.0f}x"
    if seed["status"] == "wrong":
        return "seed wrong"
    return ""


def by_instance(rows: list[Row]) -> dict[tuple[str, str, str], dict[str, Row]]:
    """Rows grouped by (genre, set, instance), then by backend; in row order."""
    out: dict[tuple[str, str, str], dict[str, Row]] = {}
    for row in rows:
        out.setdefault((row["genre"], row["set"], row["instance"]), {})[row["backend"]] = row
    return out


def markdown(rows: list[Row], backends: list[str], time_limit: float) -> str:
    """Per-genre tables of median seconds, the seed ratio, a ranking and the target checks."""
    groups = by_instance(rows)
    genres = list(dict.fromkeys(r["genre"] for r in rows))
    out = []
    for genre in genres:  # a peer's column only where it ran
        ran = {r["backend"] for r in rows if r["genre"] == genre}
        has_seed, has_grilops, has_sw = SEED in ran, GRILOPS in ran, SW in ran
        cols = (backends + ([GRILOPS] if has_grilops else []) + ([SW] if has_sw else [])
                + ([SEED, "seed / best"] if has_seed else []))
        out += [f"#### {genre}", "", "| instance | set | size | model vars/cons | " + " | ".join(cols) + " |",
                "|---|---|---|---|" + "---|" * len(cols)]
        for (g, set_name, name), per in groups.items():
            if g != genre:
                continue
            any_row = next(iter(per.values()))
            model = next((r for r in per.values() if r.get("vars") not in ("", None)), None)
            size = (f"{model['vars']}/{model['counts'] + model['clauses'] + model['graphs']}"
                    if model else "")
            cells = [cell(per.get(b)) for b in backends]
            best = best_of(per.values())
            if best is not None and best["backend"] in backends:
                i = backends.index(best["backend"])
                cells[i] = f"**{cells[i]}**"
            if has_grilops:
                cells.append(cell(per.get(GRILOPS)))
            if has_sw:
                cells.append(cell(per.get(SW)))
            if has_seed:
                cells += [cell(per.get(SEED)), ratio(per.get(SEED), best, time_limit)]
            out.append(f"| {name} | {set_name} | {any_row['height']}x{any_row['width']} | {size} | "
                       + " | ".join(cells) + " |")
        out.append("")
    out += ranking(rows, backends, time_limit) + [""] + targets(rows, time_limit) + [""]
    out += compile_table(rows)
    return "\n".join(out).rstrip() + "\n"


def ranking(rows: list[Row], backends: list[str], time_limit: float) -> list[str]:
    """Best backend per genre: most instances solved, then least total time (unsolved = time limit)."""
    out = ["#### Best backend per genre", "",
           "Ranked by instances solved, then total time, counting a timeout or skip as the time limit; "
           "backends capped to small instances are ranked apart.", "",
           "| genre | best | solved | total s | second | solved | total s | margin |",
           "|---|---|---|---|---|---|---|---|"]
    for genre in dict.fromkeys(r["genre"] for r in rows):
        mine = [r for r in rows if r["genre"] == genre and r["backend"] in backends]
        scores = []
        for b in backends:
            lane = [r for r in mine if r["backend"] == b]
            if not lane or any(r["status"] == "skipped" and r["note"].startswith("over") for r in lane):
                continue
            total = sum(r["median_s"] if solved(r) else time_limit for r in lane)
            scores.append((-sum(solved(r) for r in lane), total, b))
        scores.sort()
        if not scores:
            continue
        first = scores[0]
        line = f"| {genre} | {first[2]} | {-first[0]} | {first[1]:.2f} |"
        if len(scores) > 1:
            second = scores[1]
            margin = f"{second[1] / first[1]:.1f}x time" if first[0] == second[0] and first[1] > 0 else \
                f"+{second[0] - first[0]} solved"
            line += f" {second[2]} | {-second[0]} | {second[1]:.2f} | {margin} |"
        else:
            line += " | | | |"
        out.append(line)
    return out


def _find(rows: list[Row], genre: str, test: Callable[[Row], bool]) -> dict[tuple, dict[str, Row]]:
    return {k: v for k, v in by_instance(rows).items() if k[0] == genre and test(next(iter(v.values())))}


def _find_all(rows: list[Row], test: Callable[[Row], bool]) -> dict[tuple, dict[str, Row]]:
    return {k: v for k, v in by_instance(rows).items() if test(next(iter(v.values())))}


def _sized(h: int, w: int) -> Callable[[Row], bool]:
    return lambda r: (r["height"], r["width"]) == (h, w)


def verdict(oks: list[bool | None]) -> str:
    """met / not met / not measured, from per-instance outcomes (None: not decided)."""
    if any(ok is False for ok in oks):
        return "**not met**"
    if any(ok is True for ok in oks):
        return "met" if all(oks) else "met where decided"
    return "not measured"


def ratio_target(groups: dict, want: float, time_limit: float, backend: str | None = None) -> tuple[str, str]:
    """Whether puzzlekit (the best backend, or ``backend``) is ``want`` times faster than the seed."""
    oks: list[bool | None] = []
    notes = []
    undecided = False
    for (_, _, name), per in groups.items():
        ours = per.get(backend) if backend else best_of(per.values())
        seed = per.get(SEED)
        who = backend or (ours["backend"] if ours else "best")
        if seed is None or seed["status"] == "skipped":
            notes.append(f"{name}: seed not run")
            continue
        if not solved(ours):
            ran = [r for r in per.values() if r["backend"] not in PEER_NAMES and r["status"] != "skipped"]
            if backend:
                ran = [r for r in ran if r["backend"] == backend]
            oks.append(False if ran else None)
            notes.append(f"{name}: {who} {cell(ours) if ours else 'unsolved' if ran else 'not run'}")
            continue
        if solved(seed):
            oks.append(seed["median_s"] / ours["median_s"] >= want)
        elif seed["status"] == "timeout":
            lower_bound_enough = (seed["median_s"] or time_limit) / ours["median_s"] >= want
            oks.append(True if lower_bound_enough else None)
            undecided = undecided or not lower_bound_enough
        else:
            oks.append(None)
        notes.append(f"{name}: {ratio(seed, ours, time_limit)} ({who} {seconds(ours['median_s'])} s)")
    text = verdict(oks)
    if undecided and text == "not measured":
        text = "undecided (the seed timed out too soon: raise --time-limit)"
    return text, "; ".join(notes)


def solved_target(groups: dict, limit: float | None) -> tuple[str, str]:
    """Whether the best backend solves each instance (within ``limit`` seconds when given)."""
    oks, notes = solved_checks(groups, limit)
    return verdict(oks), "; ".join(notes)


def solved_checks(groups: dict, limit: float | None) -> tuple[list[bool | None], list[str]]:
    """Per instance: whether the best backend solves it (within ``limit``), and a note."""
    oks: list[bool | None] = []
    notes = []
    for (_, _, name), per in groups.items():
        best = best_of(per.values())
        ran = any(r["status"] != "skipped" for r in per.values() if r["backend"] not in PEER_NAMES)
        if best is not None:
            oks.append(limit is None or best["median_s"] < limit)
            notes.append(f"{name}: {seconds(best['median_s'])} s ({best['backend']})")
        else:
            oks.append(False if ran else None)
            notes.append(f"{name}: {'unsolved' if ran else 'not run'}")
    return oks, notes


def faster_checks(groups: dict, peer: str) -> tuple[list[bool | None], list[str]]:
    """Per instance the peer ran on: whether the best backend beat its median time, and a note.

    A peer that timed out is beaten by any solve within the limit; a peer's wrong answer or
    error decides nothing.
    """
    oks: list[bool | None] = []
    notes = []
    for (_, _, name), per in groups.items():
        theirs = per.get(peer)
        if theirs is None or theirs["status"] == "skipped":
            continue
        best = best_of(per.values())
        if best is None:
            oks.append(None)
            notes.append(f"{name}: {peer} {cell(theirs)}, ours unsolved")
        elif solved(theirs):
            faster = best["median_s"] < theirs["median_s"]
            oks.append(faster)
            times = theirs["median_s"] / best["median_s"] if best["median_s"] > 0 else math.inf
            notes.append(f"{name}: {'faster' if faster else 'slower'} than {peer} "
                         f"({best['backend']} {seconds(best['median_s'])} s, {peer} "
                         f"{seconds(theirs['median_s'])} s: {times:.2g}x)")
        elif theirs["status"] == "timeout":
            oks.append(True)
            notes.append(f"{name}: faster than {peer} ({peer} t/o at {seconds(theirs['median_s'])} s)")
        else:
            oks.append(None)
            notes.append(f"{name}: {peer} {cell(theirs)}")
    return oks, notes


def targets(rows: list[Row], time_limit: float) -> list[str]:
    """The issue's speed targets, checked on this run's rows."""
    at_least_12x15 = lambda r: min(r["height"], r["width"]) >= 12 and r["cells"] >= 180  # noqa: E731
    numberlink_large = _find(rows, "numberlink", at_least_12x15)
    checks = [
        ("Numberlink, best ≥ 10x faster than the seed on 12x15 and up",
         ratio_target(numberlink_large, 10, time_limit)),
        ("Numberlink 30x30 solved", solved_target(_find(rows, "numberlink", _sized(30, 30)), None)),
        ("Masyu, best ≥ 5x faster than the seed at 20x20",
         ratio_target(_find(rows, "masyu", _sized(20, 20)), 5, time_limit)),
        masyu_target(_find(rows, "masyu", _sized(35, 65)), 5.0),
        ("Tracks, `search` ≥ 100x faster than the seed's backtracking on 14x14",
         ratio_target(_find(rows, "tracks", _sized(14, 14)), 100, time_limit, "search")),
        ("Hashi, best no slower than the seed's MIP on 30x45",
         ratio_target(_find(rows, "hashi", _sized(30, 45)), 1, time_limit)),
        ("IR compile step (lowering) < 10% of the best backend's time on 30x30 and up",
         compile_target(_find_all(rows, lambda r: r["cells"] >= 900))),
    ]
    return ["#### Targets", ""] + [f"- {what}: {ok}. {note}".rstrip() for what, (ok, note) in checks]


def masyu_target(groups: dict, limit: float) -> tuple[str, tuple[str, str]]:
    """Masyu 35x65 within ``limit`` seconds and, where `sw` ran on it, faster than `sw`."""
    oks, notes = solved_checks(groups, limit)
    what = f"Masyu 35x65 solved in < {limit:g} s"
    sw_oks, sw_notes = faster_checks(groups, SW)
    if sw_notes:
        what += f", faster than SmilingWayne's puzzlekit (`{SW}`)"
        oks += sw_oks
        notes += sw_notes
    return what, (verdict(oks), "; ".join(notes))


def compile_target(groups: dict) -> tuple[str, str]:
    """Whether lowering the IR takes under 10% of the best backend's time on each instance."""
    best = [b for b in (best_of(per.values()) for per in groups.values()) if b is not None]
    best = [b for b in best if isinstance(b.get("compile_share"), float)]
    notes = [f"{r['genre']}/{r['instance']}: {100 * r['compile_share']:.0f}% ({r['backend']})" for r in best]
    return verdict([r["compile_share"] < 0.1 for r in best]), "; ".join(notes)


def compile_table(rows: list[Row]) -> list[str]:
    """Where the time goes on instances of 900+ cells: IR build, lowering, solving."""
    big = [r for r in rows if r["cells"] >= 900 and solved(r) and r["backend"] not in PEER_NAMES]
    if not big:
        return []
    out = ["#### Time split on instances of 900+ cells (solved runs, medians)", "",
           "| instance | backend | total s | IR build s | compile s | compile share | solve s | cut rounds |",
           "|---|---|---|---|---|---|---|---|"]
    for r in big:
        share = f"{100 * r['compile_share']:.0f}%" if isinstance(r.get("compile_share"), float) else ""
        comp = seconds(r["compile_s"]) if isinstance(r.get("compile_s"), float) else ""
        out.append(f"| {r['genre']}/{r['instance']} | {r['backend']} | {seconds(r['median_s'])} | "
                   f"{seconds(r['ir_s'])} | {comp} | {share} | {seconds(r['solve_s'])} | "
                   f"{r.get('rounds', '')} |")
    return out


STYLE: dict[str, tuple[str, str]] = {  # backend -> (colour, marker)
    "cpsat": ("tab:blue", "o"), "z3": ("tab:orange", "s"), "mip": ("tab:green", "^"),
    "sat": ("tab:red", "D"), "csp": ("tab:purple", "v"), "search": ("tab:cyan", "P"),
    SEED: ("black", "o"), GRILOPS: ("grey", "s"), SW: ("tab:olive", "X"),
}


def plot(rows: list[Row], backends: list[str], time_limit: float, path: Path) -> bool:
    """Median time against instance size per backend, one panel per genre (False without matplotlib).

    Markers are instances; the line joins the median over the instances of each size.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import NullFormatter, ScalarFormatter
    except ImportError:
        return False
    genres = list(dict.fromkeys(r["genre"] for r in rows))
    ncols = 2 if len(genres) > 1 else 1
    nrows = math.ceil(len(genres) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(5 * ncols, 3.2 * nrows), squeeze=False)
    for ax, genre in zip(axes.flat, genres):
        for b in backends + list(PEER_NAMES):
            mine = [r for r in rows if r["genre"] == genre and r["backend"] == b]
            ok = [r for r in mine if solved(r)]
            out = [r for r in mine if r["status"] == "timeout"]
            colour, marker = STYLE.get(b, ("tab:brown", "*"))
            if ok:
                ax.plot([r["cells"] for r in ok], [r["median_s"] for r in ok], ls="none", marker=marker,
                        ms=3, color=colour)
                sizes = sorted({r["cells"] for r in ok})
                middle = [statistics.median(r["median_s"] for r in ok if r["cells"] == n) for n in sizes]
                ax.plot(sizes, middle, lw=0.8, ls="--" if b in PEER_NAMES else "-", color=colour, label=b)
            if out:
                ax.plot([r["cells"] for r in out], [time_limit] * len(out), marker="x", ls="none",
                        color=colour, label=None if ok else f"{b} (t/o)")
        ax.axhline(time_limit, color="grey", lw=0.5, ls=":")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.xaxis.set_major_formatter(ScalarFormatter())
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_title(genre, fontsize=10)
        ax.set_xlabel("cells", fontsize=8)
        ax.set_ylabel("median s", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.legend(fontsize=6, ncol=2)
    for ax in list(axes.flat)[len(genres):]:
        ax.axis("off")
    fig.suptitle(f"median wall time per solve (x: timeout at {time_limit:g} s)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=72)
    plt.close(fig)
    shrink_png(path)
    return True


def shrink_png(path: Path, colours: int = 64) -> None:
    """Re-save a plot with a small palette (a third of the size; Pillow comes with matplotlib)."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=colours)
    small.save(path, optimize=True)


def machine(backends: list[str], sw: Path | None = None) -> list[str]:
    """Lines describing the machine, the interpreter and the solver versions (``sw``: its directory)."""
    from puzzlekit import backends as registry

    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = ", ".join(f"{b} {registry.version(b) or 'not installed'}" for b in backends)
    versions += f"; grilops {grilops_version() or 'not installed'}"
    if sw is not None:
        versions += f"; {SW} = SmilingWayne's puzzlekit {sw_version(sw) or '?'}"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return [
        f"- Machine: {os.cpu_count()} CPUs (nproc), {cpu}, {platform.system()} {platform.release()}; "
        f"load average at the end {load}",
        f"- Python {platform.python_version()}; solvers: {versions}",
    ]


def run_info(plan: Plan, command: str, started: datetime) -> dict[str, Any]:
    """What the report header says about a run (saved as results.json beside results.csv)."""
    return {
        "command": command, "started": f"{started:%Y-%m-%d %H:%M} UTC",
        "machine": machine(plan.backends, plan.sw_dir),
        "backends": plan.backends, "runs": plan.runs, "peer_runs": plan.peer_runs,
        "time_limit": plan.time_limit, "repeat_budget": plan.repeat_budget, "seed_limit": plan.seed_limit,
    }


def seed_note(info: dict[str, Any]) -> str:
    """The longer limit the seed programs had on their slow target instances, if any."""
    limit = info.get("seed_limit")
    if not limit or limit <= info["time_limit"]:
        return ""
    names = ", ".join(sorted(inst_mod.SLOW_SEEDS))
    rows = ", ".join(f"{backend} on {name}" for name, backend in sorted(inst_mod.SLOW_ROWS))
    return f" ({limit:g} s for the seed program on {names}, which it needs minutes for, and for {rows})"


def report(rows: list[Row], info: dict[str, Any], plot_name: str | None) -> str:
    """The whole Markdown report."""
    budget = info.get("repeat_budget")
    limited = isinstance(budget, float) and budget < math.inf
    repeat = f" (fewer once they took {budget:g} s)" if limited else ""
    head = [
        f"Generated {info['started']} by `{info['command']}`.",
        "",
        *info["machine"],
        f"- Up to {info['runs']} timed run(s){repeat} per (instance, backend) in a fresh process after a "
        f"warm-up; seed programs {info['peer_runs']} run(s); time limit {info['time_limit']:g} s per run"
        f"{seed_note(info)}.",
        "- Cells: median wall seconds of one solve (IR build + lowering + solving), ±half the min-max "
        "spread; **bold** = fastest; `t/o` timeout, `skip` not run (too large, or a smaller one timed "
        "out), `unsat` claimed unsolvable, `seed / best` = seed time over the fastest backend's.",
        "",
    ]
    if any(r["backend"] == SW for r in rows):
        head[-1:-1] = [
            f"- `{SW}`: SmilingWayne's `puzzlekit` (PyPI, OR-Tools CP-SAT), run in its own isolated "
            "process; its time is building its model from the puzzle grid, solving and reading its "
            "answer, which is checked with our `verify`."
        ]
    if plot_name:
        head += [f"![median time against instance size]({plot_name})", ""]
    return "\n".join(head) + markdown(rows, info["backends"], info["time_limit"])


def write_docs(text: str, plot_path: Path | None, doc: Path = DOCS) -> None:
    """Replace the generated block of docs/benchmarks.md (between the markers) and its plot."""
    if plot_path is not None and plot_path.is_file():
        shutil.copyfile(plot_path, doc.with_suffix(".png"))
    old = doc.read_text(encoding="utf-8") if doc.is_file() else f"# Benchmarks\n\n{BEGIN}\n{END}\n"
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
    else:
        head, tail = old.rstrip() + "\n\n", "\n"
    doc.write_text(f"{head}{BEGIN}\n{text}{END}{tail}", encoding="utf-8")


# the command line ---------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Options; a preset fills in whatever is not given explicitly."""
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    p.add_argument("--preset", choices=sorted(PRESETS), help="smoke: seconds; full: docs/benchmarks.md")
    p.add_argument("--genres", help="comma-separated (default: every genre)")
    p.add_argument("--backends", help="comma-separated (default: every installed backend)")
    p.add_argument("--sets", help=f"comma-separated instance sets: {', '.join(inst_mod.SETS)}")
    p.add_argument("--runs", type=int, help="timed runs per (instance, backend) (default 3)")
    p.add_argument("--repeat-budget", type=float,
                   help="stop repeating a pair once its runs took this many seconds (default 10)")
    p.add_argument("--time-limit", type=float, help="seconds per run (default 20)")
    p.add_argument("--peers", action=argparse.BooleanOptionalAction,
                   help="run the peers too: seed programs, and grilops and sw where installed")
    p.add_argument("--peer-runs", type=int, help="runs of each seed program (default 1)")
    p.add_argument("--seed-limit", type=float,
                   help="seconds a seed program gets on the target instances it needs minutes for, "
                        "and a backend on the seed rows it needs minutes for (benchmarks/instances.py "
                        "SLOW_SEEDS, SLOW_ROWS; default: the time limit)")
    p.add_argument("--sw-puzzlekit", metavar="DIR",
                   help="directory holding SmilingWayne's puzzlekit for the optional peer column "
                        f"'{SW}' ({', '.join(SW_GENRES)}), installed with `pip install --no-deps "
                        "--target DIR puzzlekit==0.3.4 typeguard`; default "
                        f"{SW_DIR.relative_to(ROOT)} when it exists, else no column; 'off': no column. "
                        "Runs with the other peers (not with --no-peers)")
    p.add_argument("--corpus", type=Path, default=inst_mod.CORPUS, help="corpus directory (read only)")
    p.add_argument("--corpus-per-genre", type=int, help="corpus puzzles per genre (default 3)")
    p.add_argument("--corpus-max-cells", type=int, help="largest corpus puzzle, in cells (default 900)")
    p.add_argument("--max-cells", help="per-backend size caps, e.g. csp=100,search=400")
    p.add_argument("--option", action="append", default=[], metavar="BACKEND.KEY=VALUE",
                   help="extra solve() option, e.g. cpsat.workers=2 (repeatable)")
    p.add_argument("--no-skip", action="store_true", help="do not skip larger instances after a timeout")
    p.add_argument("--jobs", type=int, help="lanes run at once (default 1: timings stay clean)")
    p.add_argument("--out", type=Path, default=RESULTS, help="output directory (default benchmarks/results)")
    p.add_argument("--write-docs", action="store_true", help="refresh docs/benchmarks.md and its plot")
    p.add_argument("--from-csv", type=Path, help="run nothing: rebuild the reports from a results.csv")
    args = p.parse_args(argv)
    defaults = dict(
        sets="seed,peers,corpus,generated", backends="", runs=3, time_limit=20.0, peers=True, peer_runs=1,
        corpus_per_genre=3, corpus_max_cells=900, max_cells="csp=100", jobs=1, repeat_budget=10.0,
    )
    defaults.update(PRESETS.get(args.preset or "", {}))
    for key, value in defaults.items():
        if getattr(args, key, None) is None:
            setattr(args, key, value)
    return args


def option_value(text: str) -> Any:
    """An option value as int, float, bool or string."""
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def make_plan(args: argparse.Namespace) -> Plan:
    """Instances and backends from the options."""
    from puzzlekit import backends as registry
    from puzzlekit import genres as genre_registry

    genre_names = [g for g in (args.genres or "").split(",") if g] or genre_registry.available()
    names = [b for b in args.backends.split(",") if b] or [
        b for b, v in registry.installed().items() if v is not None
    ]
    sets = [s for s in args.sets.split(",") if s]
    found = {
        g: inst_mod.collect(g, sets, args.corpus_per_genre, args.corpus_max_cells, args.corpus)
        for g in genre_names
    }
    caps = {}
    for item in filter(None, args.max_cells.split(",")):
        name, _, value = item.partition("=")
        caps[name.strip()] = int(value)
    options: dict[str, dict[str, Any]] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        backend, _, name = key.partition(".")
        options.setdefault(backend, {})[name] = option_value(value)
    return Plan(
        {g: v for g, v in found.items() if v}, names, args.runs, args.time_limit, args.peers,
        args.peer_runs, caps, not args.no_skip, args.jobs, options, args.repeat_budget,
        grilops_version() is not None, args.seed_limit, sw_option(args.sw_puzzlekit),
    )


def sw_option(value: str | None) -> Path | None:
    """The `sw` peer's directory from ``--sw-puzzlekit`` (None: no column)."""
    if value is None:
        return find_sw_dir()
    if value.lower() == "off":
        return None
    where = find_sw_dir(Path(value).expanduser().resolve())
    if where is None:
        raise SystemExit(f"--sw-puzzlekit {value}: no puzzlekit package there; install it with "
                         f"pip install --no-deps --target {value} puzzlekit==0.3.4 typeguard")
    return where


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and write the CSV, the Markdown table and the plot."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        return worker_main()
    args = parse_args(argv)
    started = datetime.now(UTC)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.from_csv:
        rows = read_csv(args.from_csv)
        saved = args.from_csv.with_suffix(".json")
        if saved.is_file():
            info = json.loads(saved.read_text(encoding="utf-8"))
        else:
            names = [b for b in args.backends.split(",") if b] or list(
                dict.fromkeys(r["backend"] for r in rows if r["backend"] not in PEER_NAMES)
            )
            plan = Plan({}, names, args.runs, args.time_limit, False, args.peer_runs)
            info = run_info(plan, f"python -m benchmarks (re-rendered from {args.from_csv.name})", started)
    else:
        plan = make_plan(args)
        if not plan.instances:
            print("no instances to run", file=sys.stderr)
            return 2
        counts = ", ".join(f"{g} {len(v)}" for g, v in plan.instances.items())
        peers = (["seed programs"] + ([GRILOPS] if plan.grilops else [])
                 + ([f"{SW} ({plan.sw_dir})"] if plan.sw_dir is not None else [])) if plan.peers else []
        print(f"instances: {counts}; backends: {', '.join(plan.backends)}"
              f"{'; peers: ' + ', '.join(peers) if peers else ''}", file=sys.stderr)
        partial = args.out / "results.partial.csv"
        with partial.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
            writer.writeheader()

            def sink(row: Row) -> None:
                writer.writerow({k: _csv_value(row.get(k, "")) for k in FIELDS})
                fh.flush()

            rows = execute(plan, sink)
        info = run_info(plan, "python -m benchmarks " + " ".join(argv), started)
    write_csv(rows, args.out / "results.csv")
    if not args.from_csv:
        partial.unlink()  # only once the rows are safe in results.csv
    (args.out / "results.json").write_text(json.dumps(info, indent=1), encoding="utf-8")
    made_plot = plot(rows, info["backends"], info["time_limit"], args.out / "times.png")
    text = report(rows, info, "times.png" if made_plot else None)
    (args.out / "results.md").write_text(text, encoding="utf-8")
    if args.write_docs:
        docs_text = report(rows, info, DOCS_PLOT.name if made_plot else None)
        write_docs(docs_text, args.out / "times.png" if made_plot else None)
    made = "results.csv, results.json, results.md" + (", times.png" if made_plot else "")
    print(f"wrote {made} in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
