"""The solver process of a batch: reads tasks, runs each through `puzzlekit.api`, answers.

One JSON line in on standard input per task, one JSON line out per answer on the file that
was standard output when the process started; standard output itself is pointed at standard
error, so that a solver printing to it cannot break the exchange. The process ignores
Ctrl-C, SIGTERM and SIGHUP (the run that started it decides when it ends, and records
nothing for an item it was told to stop) and, on Linux, is killed by the kernel when that
run dies.

`execute` is the whole of the work for one item; every outcome is a dict with ``n`` (the
task's number), ``status``, ``result``, ``backend``, ``error`` and ``seconds``.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import traceback
from typing import Any

from .. import api
from ..errors import OutOfTime, ParseError, PuzzlekitError, UnknownName


def execute(task: dict[str, Any]) -> dict[str, Any]:
    """Run one task; an exception becomes the outcome's ``error`` (never raised)."""
    started = time.perf_counter()
    status, result, backend, error = "error", None, None, None
    try:
        status, result, backend = ACTIONS[task["action"]](task)
    except OutOfTime as exc:
        status, error = "timeout", _error(exc)
    except PuzzlekitError as exc:
        error = _error(exc)
    except Exception as exc:  # a bug somewhere below: keep where it happened
        error = _error(exc)
        error["traceback"] = "".join(traceback.format_exception(exc)[-6:])[-2000:]
    outcome = {"n": task.get("n"), "status": status, "result": result, "backend": backend,
               "error": error, "seconds": time.perf_counter() - started}
    try:
        json.dumps(outcome)
    except (TypeError, ValueError) as exc:
        outcome.update(status="error", result=None, error={
            "type": "InternalError", "message": f"the result is not JSON: {exc}"})
    return outcome


def _error(exc: BaseException) -> dict[str, Any]:
    return {"type": type(exc).__name__, "message": str(exc)}


def _load(task: dict[str, Any]) -> Any:
    text = task["text"]
    # text that holds a newline is never taken for a file name by api.load
    return api.load(task["genre"], text if "\n" in text else text + "\n", task["source"])


def _solve(task: dict[str, Any]) -> tuple[str, Any, str | None]:
    result = api.solve(
        _load(task), backend=task.get("backend", "auto"), time_limit=task.get("time_limit"),
        unique=task.get("unique", False), seed=task.get("seed", 0), **task.get("options", {}),
    )
    return result.status, result.to_json(), result.backend


def _check(task: dict[str, Any]) -> tuple[str, Any, str | None]:
    """Every solution given (one, or the output of solve) against the genre's rule checker."""
    puzzle = _load(task)
    module = api.genre_module(puzzle)
    data = task["solution"]
    source = f"{task['source']} (solution)"
    if isinstance(data, dict) and "solutions" in data:
        if data.get("genre") not in (None, module.NAME):
            raise ParseError(f"this is a {data['genre']!r} solution, not {module.NAME!r}", source=source)
        items = data["solutions"]
        if not isinstance(items, list):
            raise ParseError("'solutions' must be a list", source=source)
    else:
        items = [data]
    if not items:
        raise ParseError("holds no solution to check", source=source)
    checked = []
    for item in items:
        try:
            solution = module.solution_from_json(puzzle, item)
        except ParseError as exc:
            raise ParseError(exc.reason, source=source) from None
        problems = module.verify(puzzle, solution)
        checked.append({"valid": not problems, "problems": problems})
    status = "valid" if all(c["valid"] for c in checked) else "invalid"
    return status, {"solutions": checked}, None


def _grade(task: dict[str, Any]) -> tuple[str, Any, str | None]:
    graded = api.grade(_load(task), time_limit=task.get("time_limit"))
    return "graded", graded.to_json(), None


def _generate(task: dict[str, Any]) -> tuple[str, Any, str | None]:
    """One puzzle of `puzzlekit.generate.generate` from the item's params: ``height`` and
    ``width`` (or ``size``, N or "ROWSxCOLS"), and optionally ``level``, ``seed``, ``symmetry``
    and the recipe's options; the record is `Generated.to_json`."""
    from ..generate import generate

    params = dict(task.get("params") or {})
    try:
        if "size" in params:
            size = str(params.pop("size")).lower().split("x")
            params["height"], params["width"] = int(size[0]), int(size[-1])
        if "height" not in params or "width" not in params:
            raise ValueError("generate params need height and width (or size)")
        height, width = params.pop("height"), params.pop("width")
        level, seed = params.pop("level", None), params.pop("seed", 0)
        symmetry = params.pop("symmetry", "none")
        pack = generate(task["genre"], height, width, level, seed=seed, symmetry=symmetry,
                        time_limit=task.get("time_limit"), **params)
        made = next(pack)
    except (ValueError, TypeError) as exc:
        # an unknown level, symmetry or option in the item's params is the item's error (a
        # record), not the run's: UnknownName would stop the run (`core.RUN_ERRORS`)
        if isinstance(exc, PuzzlekitError) and not isinstance(exc, UnknownName):
            raise
        raise PuzzlekitError(f"cannot generate: {exc}") from None
    return "generated", {"size": f"{height}x{width}", **made.to_json()}, None


ACTIONS = {"solve": _solve, "check": _check, "grade": _grade, "generate": _generate}


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this process when the run that started it dies (Linux)."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # it died before that was set
        os._exit(1)


def main(argv: list[str]) -> None:
    """The process's loop: ``argv`` is the pid of the run that started it."""
    _die_with_parent(int(argv[0]))
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    answers = os.dup(1)
    os.dup2(2, 1)

    def send(message: dict[str, Any]) -> None:
        data = memoryview((json.dumps(message) + "\n").encode())
        while data:
            data = data[os.write(answers, data):]

    send({"ready": os.getpid()})
    for line in sys.stdin.buffer:
        if line.strip():
            send(execute(json.loads(line)))
