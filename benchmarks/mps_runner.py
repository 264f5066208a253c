"""Time ``multi-puzzle-solver`` (PyPI, OR-Tools CP-SAT models of Tatham's and other genres) on
corpus puzzles.

    python -I benchmarks/mps_runner.py DIR  < job.json

``DIR`` holds their package (``pip install --target DIR multi-puzzle-solver``; it imports
numpy and ortools, found in ``DIR`` or the interpreter's own site-packages). Run isolated
(``-I``) so that nothing of this repository is importable; only the standard library, numpy and
their ``puzzle_solver`` are imported.

The job (JSON on stdin): ``genre`` (ours, a key of `BOARDS`), ``problems`` (``[key, text]``, the
corpus's problem text). After an untimed warm-up it prints, per puzzle, ``RESULT {"event":
"puzzle", "key", "status", "total_s", "solutions", "grid"}``: one timed call of their
``solve_and_print`` (building their model and enumerating every answer: their solvers have no
"first answer" mode, so their time includes proving the answer unique), ``solutions`` how
many answers they found and ``grid`` the first one (rows of strings, their values per cell),
then ``{"event": "done"}``. Their solvers take no time limit: the parent kills the process at
its deadline and starts a new one after that puzzle.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from typing import Any


def emit(event: str, **data: Any) -> None:
    print("RESULT " + json.dumps({"event": event, **data}), flush=True)


def _body(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().split("\n")[1:]]


def _cells(text: str, blank: str, mapping: dict[str, str] | None = None) -> Any:
    import numpy as np

    mapping = mapping or {}
    return np.array([[blank if t == "-" else mapping.get(t, t) for t in row] for row in _body(text)])


#: Per genre: their module and a builder of their Board's arguments from the corpus text.
BOARDS: dict[str, tuple[str, Any]] = {
    "lightup": ("light_up", lambda t: ((_cells(t, " ", {"x": "W"}),), {})),
    "hitori": ("singles", lambda t: ((_cells(t, " "),), {})),
    "kurodoko": ("range", lambda t: ((_cells(t, " "),), {})),
    "mosaic": ("mosaic", lambda t: ((_cells(t, " "),), {})),
    # theirs demands distinct rows by default; the corpus's (and our default) rules do not
    "binairo": ("binairo", lambda t: ((_cells(t, " ", {"1": "W", "2": "B"}),), {"force_unique": False})),
    "gokigen": ("slant", lambda t: ((_cells(t, " "),), {})),
    "fillomino": ("filling", lambda t: ((_cells(t, " "),), {})),
}


def board_of(genre: str, text: str) -> Any:
    module_name, build = BOARDS[genre]
    module = importlib.import_module(f"puzzle_solver.puzzles.{module_name}.{module_name}")
    args, kwargs = build(text)
    return module.Board(*args, **kwargs)


def grid_of(solution: Any) -> list[list[str]]:
    """Their answer (a map from their positions to values) as rows of strings."""
    assignment = solution.assignment
    h = 1 + max(p.y for p in assignment)
    w = 1 + max(p.x for p in assignment)
    out = [["" for _ in range(w)] for _ in range(h)]
    for p, v in assignment.items():
        out[p.y][p.x] = str(v)
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        where = os.path.realpath(argv[1])
        sys.path.insert(0, where)
        package = importlib.import_module("puzzle_solver")
        if not os.path.realpath(package.__file__ or "").startswith(where + os.sep):
            raise RuntimeError(f"imported puzzle_solver from {package.__file__}, not from {where}")
        job = json.loads(sys.stdin.read())
        genre = job["genre"]
        if not job.get("resumed"):
            board_of(genre, job["problems"][0][1]).solve_and_print(verbose=False)  # warm-up
    except Exception as exc:
        emit("error", message=f"{type(exc).__name__}: {exc}")
        return 1
    emit("ready", module=package.__file__)
    for key, text in job["problems"]:
        started = time.perf_counter()
        try:
            found = board_of(genre, text).solve_and_print(verbose=False)
        except Exception as exc:
            emit("puzzle", key=key, status="error", total_s=time.perf_counter() - started,
                 message=f"{type(exc).__name__}: {exc}"[:300])
            continue
        total = time.perf_counter() - started
        emit("puzzle", key=key, status="solved" if found else "unsolvable", total_s=total,
             solutions=len(found), grid=grid_of(found[0]) if found else None)
    emit("done")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
