"""The same batch on a Dask distributed cluster (the optional extra ``dask``).

Each task becomes one Dask task, `dask_task`, which hands it to a solver process of its own
(a `pool.Runner` kept per Dask thread) and waits with the same kill deadline as the local
pool: outcomes, and so records, are the same whichever way an item ran. The run keeps a
window of tasks in flight (eight per thread of the cluster), so a long batch never floods the
scheduler, and writes each record as its task finishes.

``cluster="local"`` starts a `distributed.LocalCluster` of ``jobs`` one-thread worker
processes, listening on 127.0.0.1 only, for the run's duration; an address such as
``tcp://127.0.0.1:8786`` joins a running scheduler (``dask scheduler``, then
``dask worker tcp://127.0.0.1:8786`` on each machine, with puzzlekit installed there too).
"""

from __future__ import annotations

import collections
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..errors import BackendUnavailable, PuzzlekitError
from .pool import Finished, Runner

_LOCAL = threading.local()
#: Seconds between two looks at the cluster's size.
RESIZE_SECONDS = 2.0
#: Tasks in flight: at least this many, and this many per Dask thread (so that no thread
#: waits on the scheduler between two short tasks, and a long batch does not flood it).
WINDOW, WINDOW_PER_THREAD = 16, 8


def dask_task(task: dict[str, Any], kill_after: float | None) -> dict[str, Any]:
    """Run one task on this Dask thread's solver process (started on first use, and again
    after it was killed or died)."""
    runner = getattr(_LOCAL, "runner", None)
    if runner is None:
        runner = _LOCAL.runner = Runner()
    try:
        outcome, alive = runner.call(task, kill_after)
    except BaseException:
        _LOCAL.runner = None
        runner.kill()
        raise
    if not alive:
        _LOCAL.runner = None
    return outcome


def connect(cluster: Any, jobs: int) -> tuple[Any, Callable[[], None]]:
    """A Dask client for ``cluster`` ("local", an address, or a `distributed.Client`) and the
    function that lets it go (closing what this run started)."""
    try:
        import distributed
    except ImportError:
        raise BackendUnavailable("dask", "distributed", "dask") from None
    if hasattr(cluster, "submit"):
        return cluster, lambda: None
    if cluster == "local":
        local = distributed.LocalCluster(
            n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=None,
        )
        client = distributed.Client(local)

        def close() -> None:
            client.close()
            local.close()

        return client, close
    try:
        client = distributed.Client(str(cluster), timeout="20s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise PuzzlekitError(f"cannot reach the Dask scheduler at {cluster}: {exc}") from None
    return client, client.close


def on_cluster(
    client: Any, tasks: Sequence[dict[str, Any]], kill_after: float | None, tick: float = 1.0
) -> Iterator[Finished]:
    """Run tasks on the cluster; yields the ``(task, outcome)`` pairs finished since the last
    yield (an empty list after ``tick`` seconds without any), like `pool.local`."""
    import distributed

    queue = collections.deque(range(len(tasks)))
    flying: dict[Any, dict[str, Any]] = {}
    run = uuid.uuid4().hex[:12]
    window, looked = WINDOW, 0.0
    try:
        while queue or flying:
            if time.monotonic() - looked > RESIZE_SECONDS:
                window = max(WINDOW, WINDOW_PER_THREAD * sum(client.nthreads().values()))
                looked = time.monotonic()
            while queue and len(flying) < window:
                task = tasks[queue.popleft()]
                future = client.submit(dask_task, task, kill_after, pure=False,
                                       key=f"puzzlekit-batch-{run}-{task['n']}")
                flying[future] = task
            try:
                done, _ = distributed.wait(list(flying), timeout=tick, return_when="FIRST_COMPLETED")
            except TimeoutError:
                yield []
                continue
            finished = []
            for future in done:
                task = flying.pop(future)
                finished.append((task, _outcome(future, task)))
            yield finished
    finally:
        if flying:
            client.cancel(list(flying))


def _outcome(future: Any, task: dict[str, Any]) -> dict[str, Any]:
    """A finished task's outcome. A task that took its Dask worker down with it, every time
    it was tried, is recorded as crashed; any other failure is the cluster's (puzzlekit
    missing on a worker, say) and stops the run rather than be recorded against the item."""
    if future.status == "finished":
        outcome = future.result()
        future.release()
        return outcome
    exc = future.exception()
    future.release()
    if type(exc).__name__ != "KilledWorker":
        raise PuzzlekitError(f"the cluster could not run a task: {type(exc).__name__}: {exc}") from exc
    return {"n": task["n"], "status": "crashed", "result": None, "backend": None,
            "error": {"type": "KilledWorker", "message": f"the Dask worker died on this item: {exc}"},
            "seconds": 0.0}
