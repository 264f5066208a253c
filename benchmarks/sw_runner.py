"""Time SmilingWayne's ``puzzlekit`` (PyPI ``puzzlekit``, CP-SAT models) on one puzzle.

    python -I benchmarks/sw_runner.py DIR  < job.json

``DIR`` holds their package (``pip install --no-deps --target DIR puzzlekit==0.3.4 typeguard``).
Their package is also called ``puzzlekit``, so this script runs isolated (``-I``: no
``PYTHONPATH``, no script directory on ``sys.path``) and puts ``DIR`` first on ``sys.path``;
it refuses to run when the imported ``puzzlekit`` is not the one in ``DIR``. It imports only the
standard library and their package (which brings numpy, ortools and matplotlib).

The job (JSON on stdin): ``genre`` (masyu, sudoku, slitherlink, tents or patches), ``rows``,
``cols``, ``grid`` (their input: a list of rows of strings), ``args`` (their solver's further
arguments, e.g. the tent counts per row and per column; optional), ``runs``, ``time_limit``
(seconds per solve) and ``repeat_budget`` (stop repeating once the runs took this long).
After the import and an untimed warm-up solve it times each solve from their puzzle grid to
their answer grid (building their solver object and model, CP-SAT, reading the answer) and
prints one line per event, each ``RESULT {json}``:

* ``{"event": "ready", "module": ..., "version": ...}`` once their package is imported and warm;
* ``{"event": "run", "i", "status", "total_s", "build_s", "grid"}`` per solve (``grid`` is
  their answer; ``status`` is solved, unsolvable, timeout or error);
* ``{"event": "done", "runs", "status", "median_s", "min_s", "max_s"}`` at the end;
* ``{"event": "error", "message": ...}`` when it cannot run at all.

The benchmark harness (`benchmarks.runner.sw_row`) converts each answer to puzzlekit's
``Solution`` and checks it with the genre's own ``verify``.

A batch job (``problems`` instead of ``grid``: a list of ``[key, text]``, and ``kind``, their
name of the genre, `benchmarks.sw_corpus`'s ``sw``) serves the genres whose input convention is
the corpus's problem text itself (their ``puzzlekit.solve`` parses it): after the warm-up it
prints ``{"event": "puzzle", "key", "status", "total_s", "grid"}`` per puzzle, one timed solve
each (parsing, building, solving, reading the answer), then ``{"event": "done"}``.
`benchmarks.sw_dataset` runs it and compares the grids with the published answers.
"""

from __future__ import annotations

import importlib
import json
import os
import statistics
import sys
import time
from typing import Any

#: Their module and solver class per genre (our patches with area clues only is their shikaku).
SOLVERS = {"masyu": ("masyu", "MasyuSolver"), "sudoku": ("sudoku", "SudokuSolver"),
           "slitherlink": ("slitherlink", "SlitherlinkSolver"), "tents": ("tent", "TentSolver"),
           "patches": ("shikaku", "ShikakuSolver")}
#: Their status strings, as ours.
STATUS = {"Optimal": "solved", "Feasible": "solved", "Infeasible": "unsolvable", "Timeout": "timeout",
          "Unknown": "timeout"}
#: An untimed warm-up puzzle per genre: (rows, cols, grid cell, further arguments).
WARM_UP = {"masyu": (2, 2, "-", []), "sudoku": (4, 4, "-", []), "slitherlink": (2, 2, "-", []),
           "tents": (2, 2, "-", [["0", "0"], ["0", "0"]]), "patches": (1, 1, "1", [])}


def emit(event: str, **data: Any) -> None:
    """One event for the parent."""
    print("RESULT " + json.dumps({"event": event, **data}), flush=True)


def load(sw_dir: str, genre: str) -> tuple[Any, str, str]:
    """Their solver class for the genre, the imported module's file and their version."""
    sw_dir = os.path.realpath(sw_dir)
    sys.path.insert(0, sw_dir)
    for name in [m for m in sys.modules if m == "puzzlekit" or m.startswith("puzzlekit.")]:
        del sys.modules[name]
    package = importlib.import_module("puzzlekit")
    where = os.path.realpath(package.__file__ or "")
    if not where.startswith(sw_dir + os.sep):
        raise RuntimeError(f"imported puzzlekit from {where}, not from {sw_dir}")
    module_name, class_name = SOLVERS[genre]
    module = importlib.import_module(f"puzzlekit.solvers.{module_name}")
    version = "?"
    for entry in sorted(os.listdir(sw_dir)):
        if entry.startswith("puzzlekit-") and entry.endswith(".dist-info"):
            version = entry[len("puzzlekit-"):-len(".dist-info")]
    return getattr(module, class_name), where, version


def solve_once(
    cls: Any, rows: int, cols: int, grid: list[list[str]], time_limit: float, args: list | None = None
) -> dict[str, Any]:
    """One timed solve: their solver built from the grid, solved, and its answer grid read."""
    started = time.perf_counter()
    extra = [list(a) for a in args or []]
    result = cls(rows, cols, [list(row) for row in grid], *extra).solve({"time_limit_sec": float(time_limit)})
    data = result.solution_data
    answer = data.get("solution_grid")
    matrix = [[str(v) for v in row] for row in getattr(answer, "matrix", None) or []]
    total = time.perf_counter() - started
    status = STATUS.get(data.get("status", ""), "error")
    return {"status": status, "total_s": total, "build_s": data.get("build_time"),
            "their_status": data.get("status"), "grid": matrix if status == "solved" else None}


def batch(sw_dir: str, job: dict[str, Any]) -> int:
    """A batch job: one timed solve per corpus problem text, in their parser's convention."""
    try:
        load_package(sw_dir)
        package = importlib.import_module("puzzlekit")
        kind = job["kind"]
        _, first = job["problems"][0]
        package.solve(first, kind, {"time_limit_sec": 10.0})  # untimed warm-up
    except Exception as exc:
        emit("error", message=f"{type(exc).__name__}: {exc}")
        return 1
    emit("ready", module=package.__file__, version=version_of(sw_dir))
    for key, text in job["problems"]:
        started = time.perf_counter()
        try:
            data = package.solve(text, kind, {"time_limit_sec": float(job["time_limit"])}).solution_data
        except Exception as exc:
            emit("puzzle", key=key, status="error", total_s=time.perf_counter() - started,
                 message=f"{type(exc).__name__}: {exc}")
            continue
        answer = data.get("solution_grid")
        matrix = [[str(v) for v in row] for row in getattr(answer, "matrix", None) or []]
        status = STATUS.get(data.get("status", ""), "error")
        emit("puzzle", key=key, status=status, total_s=time.perf_counter() - started,
             grid=matrix if status == "solved" else None)
    emit("done")
    return 0


def load_package(sw_dir: str) -> str:
    """Put their package first on the path and import it; refuses any other ``puzzlekit``."""
    sw_dir = os.path.realpath(sw_dir)
    sys.path.insert(0, sw_dir)
    for name in [m for m in sys.modules if m == "puzzlekit" or m.startswith("puzzlekit.")]:
        del sys.modules[name]
    package = importlib.import_module("puzzlekit")
    where = os.path.realpath(package.__file__ or "")
    if not where.startswith(sw_dir + os.sep):
        raise RuntimeError(f"imported puzzlekit from {where}, not from {sw_dir}")
    return where


def version_of(sw_dir: str) -> str:
    for entry in sorted(os.listdir(sw_dir)):
        if entry.startswith("puzzlekit-") and entry.endswith(".dist-info"):
            return entry[len("puzzlekit-"):-len(".dist-info")]
    return "?"


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        job = json.loads(sys.stdin.read())
        if "problems" in job:
            return batch(argv[1], job)
        genre = job["genre"]
        cls, where, version = load(argv[1], genre)
        h, w, blank, args = WARM_UP[genre]
        solve_once(cls, h, w, [[blank] * w for _ in range(h)], 10.0, args)
    except Exception as exc:  # reported as a row by the parent
        emit("error", message=f"{type(exc).__name__}: {exc}")
        return 1
    emit("ready", module=where, version=version)
    times: list[float] = []
    statuses: list[str] = []
    budget = float(job.get("repeat_budget") or "inf")
    for i in range(int(job["runs"])):
        try:
            run = solve_once(
                cls, int(job["rows"]), int(job["cols"]), job["grid"], job["time_limit"], job.get("args")
            )
        except Exception as exc:
            emit("error", message=f"{type(exc).__name__}: {exc}")
            return 1
        emit("run", i=i, **run)
        times.append(run["total_s"])
        statuses.append(run["status"])
        if run["status"] != "solved" or sum(times) > budget:
            break
    status = next((s for s in ("error", "timeout", "unsolvable") if s in statuses), "solved")
    emit("done", runs=len(times), status=status, median_s=statistics.median(times), min_s=min(times),
         max_s=max(times))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
