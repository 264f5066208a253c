"""`run`: a batch from its inputs to its records, on local solver processes or on Dask.

The order of the work: lock the output file and read the records already there; collect the
items (skipping those whose record is there); record the inputs that could not be read; run
the rest, writing each record as it finishes. Every item that was collected ends with
exactly one record in the file, whichever way it ended (done, bad input, timeout, crash),
unless the run itself was stopped, in which case a restart does what is missing.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..errors import UnknownName
from . import cluster as dask_path
from . import pool
from .items import ACTIONS, Item, collect, key_of
from .journal import Journal
from .progress import Progress


def default_jobs() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def kill_after_for(time_limit: float | None) -> float | None:
    """The backstop: a solver process with no answer after twice the limit and 5 s is killed."""
    return None if time_limit is None else 2.0 * time_limit + 5.0


class BatchRun(Iterator[dict]):
    """The records of a run, as they are written (in the order items finish).

    Nothing runs until the first record is asked for. ``total`` (items in the inputs) and
    ``already_done`` (of those, recorded by an earlier run) are known from then on. Closing
    it (or leaving a ``with`` block) stops the work: the file holds whole records only.
    """

    def __init__(self, generator_of: Any):
        self.total: int | None = None
        self.already_done: int | None = None
        self._generator = generator_of(self)

    def __iter__(self) -> BatchRun:
        return self

    def __next__(self) -> dict:
        return next(self._generator)

    def close(self) -> None:
        self._generator.close()

    def __enter__(self) -> BatchRun:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run(
    action: str,
    genre: str,
    paths: str | os.PathLike | Iterable[str | os.PathLike],
    out: str | os.PathLike,
    *,
    jobs: int | None = None,
    cluster: Any = None,
    time_limit: float | None = None,
    backend: str = "auto",
    unique: bool = False,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    kill_after: float | None = None,
    redo: Iterable[str] = (),
    progress: bool | None = None,
    fsync: bool = True,
) -> BatchRun:
    """Run ``action`` (solve, check, grade, generate) on every item of ``paths``,
    appending one JSON Lines record per item to ``out``; returns the records as they come.

    ``jobs`` solver processes run at once (default: the number of cores); ``cluster`` runs
    them on Dask instead ("local": a local cluster of ``jobs`` workers; an address such as
    "tcp://127.0.0.1:8786" or a `distributed.Client`: the cluster's size, ``jobs`` unused).
    ``time_limit`` is each item's limit, passed to the solver; a process still without an
    answer after ``kill_after`` seconds (default: twice the limit plus 5 s; no limit, no
    kill) is killed and the item recorded as a timeout. ``backend``, ``unique``, ``seed`` and
    ``options`` go to `api.solve`. Items already recorded in ``out`` (same action, id and
    fingerprint) are skipped, except those whose status is in ``redo`` (record statuses,
    `STATUSES`: another word raises `UnknownName`); a record of an id
    whose input has changed since (another fingerprint) is replaced too, so the file keeps
    one record per item. Records of items that are not in ``paths`` stay as they are.
    ``progress`` None shows progress on a terminal.

    Bad arguments and a PATH that does not exist raise at once; an output file that is not
    a batch's or that another run is writing raises when the iteration starts. Nothing about
    a single item raises (a generate item's unknown level, symmetry or option is its error
    record), but a backend that is unknown or not installed, or a backend option it refuses,
    stops the run with `UnknownName` at the first item that meets it
    (such an error is the run's, not the item's, and is not recorded).
    """
    if action not in ACTIONS:
        raise UnknownName(f"unknown batch action {action!r}; one of: {', '.join(ACTIONS)}")
    limit = _limit(time_limit, "time_limit")
    backstop = kill_after_for(limit) if kill_after is None else _limit(kill_after, "kill_after")
    if jobs is None:
        jobs = default_jobs()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1, not {jobs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
        raise ValueError(f"seed must be a whole number from 0 to {2**31 - 1}, not {seed!r}")
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    items = collect(action, genre, list(paths), exclude=[out])
    settings = {"time_limit": limit, "backend": backend, "unique": bool(unique), "seed": seed,
                "options": dict(options or {})}
    if isinstance(redo, str):
        redo = [redo]
    redo = frozenset(redo)
    unknown = sorted(str(status) for status in redo - STATUSES)
    if unknown:  # a misspelt status would quietly redo nothing
        raise UnknownName(f"--redo takes a record status, not {', '.join(map(repr, unknown))}; "
                          f"one of: {', '.join(sorted(STATUSES))}")

    def generator(handle: BatchRun) -> Iterator[dict]:
        with Journal(out, fsync=fsync) as journal:
            collected = list(items)
            journal.forget(_stale(action, collected, redo))
            pending, handle.total = _pending(action, collected, journal.done)
            handle.already_done = handle.total - len(pending)
            show = Progress(handle.total, handle.already_done, enabled=progress)
            client, release, stream = None, None, None
            try:
                tasks = _Tasks(action, pending, settings)
                yield from _write(journal, show, [record(action, item, _failed(item.error))
                                                  for item in pending if item.error is not None])
                if not tasks:
                    return
                if cluster is None:
                    stream = pool.local(tasks, min(jobs, len(tasks)), backstop)
                else:
                    client, release = dask_path.connect(cluster, jobs)
                    stream = dask_path.on_cluster(client, tasks, backstop)
                for finished in stream:
                    if not finished:
                        show.tick()
                    refused = [o["error"] for _, o in finished if _is_the_runs(o["error"])]
                    yield from _write(journal, show, [record(action, pending[task["n"]], outcome)
                                                      for task, outcome in finished
                                                      if not _is_the_runs(outcome["error"])])
                    if refused:
                        raise UnknownName(refused[0]["message"])
            finally:
                if stream is not None:
                    stream.close()  # kills the solver processes still running
                if release is not None:
                    release()
                show.close()

    return BatchRun(generator)


def _limit(value: float | None, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value) or value <= 0:
        raise ValueError(f"{name} must be a number of seconds above 0, not {value!r}")
    return None if math.isinf(value) else float(value)


class _Tasks(Sequence[dict]):
    """The tasks of the readable items, each made when a solver process is about to take it
    (only the items stay in memory for the whole run). Task ``n`` is ``pending[n]``."""

    def __init__(self, action: str, pending: list[Item], settings: dict[str, Any]):
        self.action = action
        self.pending = pending
        self.settings = settings
        self.runnable = [n for n, item in enumerate(pending) if item.error is None]

    def __len__(self) -> int:
        return len(self.runnable)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        n = self.runnable[index]
        item = self.pending[n]
        return {"n": n, "action": self.action, "genre": item.genre, "source": item.source,
                "text": item.text, "solution": item.solution, "params": item.params, **self.settings}


def _stale(action: str, items: list[Item], redo: frozenset[str]) -> Any:
    """Which records to replace: those of this run's items whose status is in ``redo``, and
    those of this run's ids whose input has another fingerprint now."""
    inputs: dict[tuple[str, str], set[str]] = {}
    for item in items:
        inputs.setdefault(item.key(action)[:2], set()).add(item.fingerprint)

    def stale(rec: dict[str, Any]) -> bool:
        fingerprints = inputs.get(key_of(rec["action"], rec["id"], "")[:2])
        return fingerprints is not None and (rec["status"] in redo or rec["fingerprint"] not in fingerprints)

    return stale


def _pending(action: str, items: Iterable[Item], done: set) -> tuple[list[Item], int]:
    """The items without a record yet, and how many distinct items there are in all (an item
    given twice, with the same id and fingerprint, counts and runs once)."""
    seen: set = set()
    pending = []
    for item in items:
        key = item.key(action)
        if key in seen:
            continue
        seen.add(key)
        if key not in done:
            pending.append(item)
    return pending, len(seen)


#: Every status a record can have (docs/batch.md): the values ``redo`` takes.
STATUSES = frozenset({"solved", "unsolvable", "valid", "invalid", "graded", "generated",
                      "timeout", "error", "crashed"})

#: Errors that come from the run's settings (the same for every item), not from an item.
RUN_ERRORS = frozenset({"UnknownName", "BackendUnavailable"})


def _is_the_runs(error: dict[str, Any] | None) -> bool:
    return error is not None and error.get("type") in RUN_ERRORS


def _failed(error: dict[str, Any]) -> dict[str, Any]:
    return {"status": "error", "result": None, "backend": None, "error": error, "seconds": 0.0}


def record(action: str, item: Item, outcome: dict[str, Any]) -> dict[str, Any]:
    """The JSON Lines record of an item (docs/batch.md describes each field)."""
    return {
        "id": item.id,
        "fingerprint": item.fingerprint,
        "status": outcome["status"],
        "result": outcome["result"],
        "seconds": round(outcome["seconds"], 3),
        "backend": outcome["backend"],
        "error": outcome["error"],
        "action": action,
        "genre": item.genre,
        "source": item.source,
    }


def _write(journal: Journal, show: Progress, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Append records, then fsync once for all of them: a record is on disk before anyone
    sees it, and records that finish while the disk is busy share one fsync."""
    if records:
        for rec in records:
            journal.append(rec, sync=False)
        journal.sync()
        for rec in records:
            show.update(rec["status"])
    return records

