"""Running measurements in guarded processes: the benchmark worker, the peers' programs, kills.

Each (instance, backend) pair runs in a fresh worker process (``python -m benchmarks.runner``,
fed a job as JSON on stdin) that imports its solver, warms it up on a two-variable model, then
times ``runs`` solves of the instance, reporting each run as an event line on stdout as it
ends. The parent (`guarded`) kills the worker's process group when a run overruns the time
limit by more than a grace period, so a hang or a crash costs one row, never the run.

A timed run is one call of the library's pipeline, `puzzlekit.api.solve`, exactly as a user
makes it: IR build, the backend's lowering (its ``compile_seconds``) and solve, decoding, and
the check of the answer against the genre's rules. The worker adds nothing to it but a clock.

The seed programs (`seed_row`) and SmilingWayne's puzzlekit (`sw_row`) run under the same
guard, each in its own process; grilops models run inside the ordinary worker. Their answers
are checked with the genre's ``verify`` here, since they do not come through the pipeline.
"""

from __future__ import annotations

import json
import math
import os
import queue
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlekit import api, backends, genres
from puzzlekit.errors import InternalError, OutOfTime
from puzzlekit.ir import ModelBuilder

from .instances import PEERS, ROOT, Instance, peer_input
from .peers import (
    GRILOPS,
    SEED,
    SW,
    SW_GENRES,
    SW_RUNNER,
    grilops_solve,
    grilops_version,
    sw_input,
    sw_solution,
)
from .rows import Row, base_row

STARTUP_SECONDS = 90.0  # imports, warm-up and the first IR build of a worker, on a loaded machine
SEED_STARTUP = 3.0  # a seed program's allowance for importing numpy, ortools and pulp
SEED_GRACE = 1.0  # seconds past its time limit before a seed program is killed


# the worker ------------------------------------------------------------------------------------


def emit(event: str, **data: Any) -> None:
    """Report one event to the parent (one line on stdout)."""
    print("BENCH " + json.dumps({"event": event, **data}), flush=True)


def warm_up(solver: Any) -> None:
    """Solve a two-variable model, so the first timed run does not pay for lazy imports."""
    m = ModelBuilder("warm-up")
    x, y = m.bool("x"), m.bool("y")
    m.exactly(1, [x, y])
    m.output([x, y])
    solver.solve(m.build(), limit=1, time_limit=10.0)


def worker(job: dict[str, Any]) -> None:
    """Time ``job["runs"]`` solves of one instance on one backend, emitting an event per run."""
    module = genres.get(job["genre"])
    puzzle = module.parse(job["text"], job["name"])
    prepare = _grilops_once if job["backend"] == GRILOPS else _library_once
    once = prepare(job, module, puzzle)
    spent = 0.0
    for i in range(job["runs"]):
        run = once()
        emit("run", i=i, **run)
        spent += run["total_s"]
        if run["status"] != "solved" or spent > job.get("repeat_budget", math.inf):
            break
    emit("done")


#: One timed solve: a ``run`` event's fields (status, total_s, ir_s, compile_s, rounds, cuts,
#: nodes, problem).
Once = Callable[[], dict[str, Any]]


def _run(status: str, total: float, ir_s: float | None = None, stats: dict | None = None,
         problems: list[str] | None = None) -> dict[str, Any]:
    stats = stats or {}
    return {
        "status": status, "total_s": total, "ir_s": ir_s, "compile_s": stats.get("compile_seconds"),
        "rounds": stats.get("rounds"), "cuts": stats.get("cuts"), "nodes": stats.get("nodes"),
        "problem": "; ".join((problems or [])[:2]),
    }


def _library_once(job: dict[str, Any], module: Any, puzzle: Any) -> Once:
    """A timed solve through the library's one pipeline, `puzzlekit.api.solve` (after a warm-up).

    ``api.solve`` builds the IR, lowers and solves it on the backend (with the job's options as
    keyword arguments, which it checks), decodes the answer and checks it with the genre's
    rules, raising `InternalError` on one they reject: that run is ``wrong``. The run's time is
    the whole call. The IR build's share is ``stats["model_seconds"]`` when the library reports
    it, else timed here on a separate build, outside the run's time.
    """
    auto = job["backend"] == "auto"
    name = api.choose_backend(job["genre"], module.model(puzzle)) if auto else job["backend"]
    solver = backends.get(name)
    solver.version()
    warm_up(solver)
    emit("ready", model=module.model(puzzle).stats())  # the first IR build pays for lazy imports
    options = job.get("options", {})

    def once() -> dict[str, Any]:
        started = time.perf_counter()
        try:
            result = api.solve(
                puzzle, backend=job["backend"], time_limit=job["time_limit"], limit=1, unique=False, **options
            )
        except InternalError as exc:
            return _run("wrong", time.perf_counter() - started, problems=[str(exc)])
        except OutOfTime:
            return _run("timeout", time.perf_counter() - started)
        total = time.perf_counter() - started
        ir_s = result.stats.get("model_seconds")
        if ir_s is None:
            built = time.perf_counter()
            module.model(puzzle)
            ir_s = time.perf_counter() - built
        return _run(result.status, total, ir_s, result.stats)

    return once


def _grilops_once(job: dict[str, Any], module: Any, puzzle: Any) -> Once:
    """A timed solve with the grilops model of `benchmarks.peers` (model building included).

    Its answer is checked with the genre's ``verify``, outside the run's time.
    """
    if grilops_version() is None:
        raise RuntimeError("grilops is not installed (pip install grilops)")
    import z3  # noqa: F401  (imported before timing, like a backend's solver package)

    emit("ready", model={})

    def once() -> dict[str, Any]:
        started = time.perf_counter()
        status, solution = grilops_solve(job["genre"], module, puzzle, job["time_limit"])
        total = time.perf_counter() - started
        problems = module.verify(puzzle, solution) if solution is not None else []
        return _run("wrong" if problems else status, total, problems=problems)

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
    cmd = [sys.executable, "-m", "benchmarks.runner"]
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


# the peers' processes --------------------------------------------------------------------------------


def seed_row(inst: Instance, runs: int, time_limit: float, workdir: Path) -> dict | None:
    """Run the genre's seed program on the instance (None when no seed program fits it)."""
    peer = peer_input(inst)
    if peer is None:
        return None
    program, text = peer
    script = PEERS / program
    if not script.is_file():
        return None
    path = workdir / f"{inst.genre}-{inst.set}-{inst.name}.txt"
    path.write_text(text, encoding="utf-8")
    # a seed has no time limit of its own, so it is killed soon after its limit rather than
    # after the grace our workers get
    budget = SEED_STARTUP + runs * time_limit + SEED_GRACE
    cmd = [sys.executable, str(script), str(path), "--runs", str(runs), "--quiet"]
    lines, how, stderr = guarded(cmd, "", lambda k: budget, "RESULT ")
    row = base_row(inst, SEED)
    row["note"] = program.removesuffix(".py")
    if how == "killed" or not lines:
        row.update(status="timeout" if how == "killed" else "error", median_s=time_limit)
        if how != "killed":
            row["note"] += f": {stderr[-200:]}"
        return row
    res = json.loads(lines[-1])
    # seed_numberlink's checker also refuses a path that touches itself, which the rules allow;
    # it says so in its note, and then the answer is valid.
    valid = res.get("verified") or "form valid simple paths" in res.get("note", "")
    row.update(
        status="solved" if valid else "wrong", runs=res.get("runs", runs),
        median_s=res["median_s"], min_s=res.get("min_s", ""), max_s=res.get("max_s", ""),
    )
    if row["min_s"] != "" and row["max_s"] != "":
        row["spread_s"] = row["max_s"] - row["min_s"]
    if "median_first_s" in res:
        row["note"] += f" (first solution {res['median_first_s']} s; the time is its full search)"
    if not res.get("verified"):
        verdict = "a valid answer its own checker refuses" if valid else "its answer fails its own check"
        row["note"] += f": {verdict} ({res.get('note', '')})"
    if res["median_s"] > time_limit:
        row["status"] = "timeout"
    return row


def sw_row(
    inst: Instance, runs: int, time_limit: float, where: Path, repeat_budget: float = math.inf
) -> dict | None:
    """Time their solver on the instance in an isolated subprocess; None when it has no such genre."""
    if inst.genre not in SW_GENRES:
        return None
    module = genres.get(inst.genre)
    puzzle = module.parse(inst.text, inst.name)
    given = sw_input(inst.genre, puzzle)
    if given is None:
        return None
    job = {"genre": inst.genre, **given, "runs": runs, "time_limit": time_limit,
           "repeat_budget": repeat_budget if math.isfinite(repeat_budget) else None}
    # -I: no PYTHONPATH (which `guarded` points at our repository) and no script directory, so
    # only their copy of the name ``puzzlekit`` can be imported; the runner checks it did.
    cmd = [sys.executable, "-I", str(SW_RUNNER), os.fspath(where)]
    lines, how, stderr = guarded(
        cmd, json.dumps(job),
        lambda k: STARTUP_SECONDS if k == 0 else time_limit + grace(time_limit), "RESULT ",
    )
    events = [json.loads(line) for line in lines]
    return sw_row_from_events(base_row(inst, SW), module, puzzle, events, how, stderr, time_limit)


def sw_row_from_events(
    row: dict, module: Any, puzzle: Any, events: list[dict], how: str, stderr: str, time_limit: float
) -> dict:
    """Fill a row from the runner's events, checking every answer with the genre's ``verify``."""
    genre = row["genre"]
    converted: list[dict] = []
    version = ""
    for e in events:
        if e["event"] == "ready":
            version = e.get("version", "")
        elif e["event"] == "run":
            if e["status"] not in ("solved", "timeout", "unsolvable"):
                converted.append({"event": "error", "message": f"their status {e.get('their_status')!r}"})
                continue
            problems: list[str] = []
            if e["status"] == "solved":
                try:
                    solution = sw_solution(genre, module, puzzle, e.get("grid"))
                except ValueError as exc:
                    problems = [f"answer grid: {exc}"]
                else:
                    problems = module.verify(puzzle, solution)
            converted.append({
                "event": "run", "status": "wrong" if problems else e["status"], "total_s": e["total_s"],
                "ir_s": None, "compile_s": e.get("build_s"), "problem": "; ".join(problems[:2]),
            })
        elif e["event"] in ("done", "error"):
            converted.append(e)
    row = row_from_events(row, converted, how, stderr, time_limit)
    who = f"SmilingWayne puzzlekit {version}".rstrip()
    row["note"] = f"{who}: {row['note']}" if row["note"] else f"{who} (compile_s = its model build)"
    return row


if __name__ == "__main__":
    raise SystemExit(worker_main())
