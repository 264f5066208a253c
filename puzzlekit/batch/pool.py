"""Solver processes, from the side of the run: start, feed, watch, and kill on overrun.

`Runner` is one solver process (`puzzlekit.batch.worker`) started with this interpreter and
this `sys.path`, so it runs the same puzzlekit code as the run. `local` runs tasks on N of
them at once; the Dask path (`puzzlekit.batch.cluster`) uses one `Runner` per Dask thread
through `Runner.call`. Either way a task that gets no answer within ``kill_after`` seconds
has its process killed and gets a ``timeout`` outcome; a process that dies gets a
``crashed`` outcome with the end of its standard error. A fresh process takes the next task.
"""

from __future__ import annotations

import collections
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from typing import Any

from ..errors import InternalError

BOOT = "import json, sys; sys.path[:] = json.loads(sys.argv[1]); " \
       "from puzzlekit.batch.worker import main; main(sys.argv[2:])"
#: Seconds a new solver process may take to import puzzlekit before the run gives up.
START_SECONDS = 120.0
STDERR_TAIL = 2000


def _path() -> list[str]:
    cwd = os.getcwd()
    return [os.path.join(cwd, p) if not os.path.isabs(p) else p for p in sys.path]


class Runner:
    """One solver process and the task it is on."""

    def __init__(self) -> None:
        import fcntl  # POSIX only, like the rest of a batch run (see journal._lock)

        self.stderr = tempfile.TemporaryFile()
        flags = fcntl.fcntl(self.stderr.fileno(), fcntl.F_GETFL)
        fcntl.fcntl(self.stderr.fileno(), fcntl.F_SETFL, flags | os.O_APPEND)  # truncated per task
        # PR_SET_PDEATHSIG follows the thread that starts the process: start it from the
        # thread that keeps the run going (the run's own thread, or a Dask worker's thread).
        self.proc = subprocess.Popen(
            [sys.executable, "-c", BOOT, json.dumps(_path()), str(os.getpid())],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, close_fds=True,
        )
        assert self.proc.stdout is not None and self.proc.stdin is not None
        self.fd = self.proc.stdout.fileno()
        os.set_blocking(self.fd, False)
        self.buffer = b""
        self.ready = False
        self.started = time.monotonic()
        self.task: dict[str, Any] | None = None
        self.sent = 0.0
        self.deadline: float | None = None

    def send(self, task: dict[str, Any], kill_after: float | None) -> bool:
        """Hand a task over; False when the process is gone (the task was not taken)."""
        self.stderr.truncate(0)
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write((json.dumps(task) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            return False
        self.task = task
        self.sent = time.monotonic()
        self.deadline = None if kill_after is None else self.sent + kill_after
        return True

    def read(self) -> list[dict[str, Any]] | None:
        """The messages that have arrived (None: the process closed its end, so it is dead)."""
        try:
            data = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return []
        if not data:
            return None
        self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        out = []
        for line in lines:
            message = json.loads(line)
            if "ready" in message:
                self.ready = True
            else:
                out.append(message)
        return out

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        """The task an answer belongs to, now done."""
        task, self.task, self.deadline = self.task, None, None
        assert task is not None and message.get("n") == task["n"], "an answer for another task"
        return task

    def overdue(self, now: float) -> bool:
        return self.deadline is not None and now >= self.deadline

    def timed_out(self, kill_after: float) -> dict[str, Any]:
        """Kill the process for overrunning; the outcome of its task."""
        assert self.task is not None
        self.kill()
        return _outcome(self.task, "timeout", time.monotonic() - self.sent, {
            "type": "Killed",
            "message": f"no answer after {kill_after:g} s: the solver process was killed",
        })

    def died(self) -> dict[str, Any] | None:
        """After the process closed its end: the outcome of its task (None if it had none)."""
        code = self.proc.wait()
        how = f"killed by {_signal_name(-code)}" if code < 0 else f"exit status {code}"
        tail = self._tail()
        self.close()
        if self.task is None:
            if not self.ready:
                raise InternalError(f"a solver process did not start ({how}): {tail or 'no message'}")
            return None
        return _outcome(self.task, "crashed", time.monotonic() - self.sent, {
            "type": "WorkerCrashed",
            "message": f"the solver process died on this item ({how})",
            "stderr": tail,
        })

    def _tail(self) -> str:
        try:
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - STDERR_TAIL))
            return self.stderr.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            return ""

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.close()

    def close(self) -> None:
        for pipe in (self.proc.stdin, self.proc.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass
        self.stderr.close()

    def call(self, task: dict[str, Any], kill_after: float | None) -> tuple[dict[str, Any], bool]:
        """Run one task to its outcome, waiting (for the Dask path). The flag says whether this
        runner is still usable (False once its process is dead or killed)."""
        selector = selectors.DefaultSelector()
        selector.register(self.fd, selectors.EVENT_READ)
        try:
            while not self.ready:
                if time.monotonic() - self.started > START_SECONDS:
                    self.kill()
                    raise InternalError(f"a solver process did not start within {START_SECONDS:g} s")
                selector.select(1.0)
                if self.read() is None:
                    self.died()
                    raise InternalError("a solver process exited before it was ready")
            if not self.send(task, kill_after):
                self.proc.wait()
                self.close()
                raise InternalError("a solver process went away before taking its task")
            while True:
                wait = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
                selector.select(wait)
                messages = self.read()
                if messages is None:
                    outcome = self.died()
                    assert outcome is not None
                    return outcome, False
                if messages:
                    self.take(messages[0])
                    return messages[0], True
                if kill_after is not None and self.overdue(time.monotonic()):
                    return self.timed_out(kill_after), False
        finally:
            selector.close()


def _outcome(task: dict[str, Any], status: str, seconds: float, error: dict[str, Any]) -> dict[str, Any]:
    return {"n": task["n"], "status": status, "result": None, "backend": None, "error": error,
            "seconds": seconds}


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


Finished = list[tuple[dict[str, Any], dict[str, Any]]]


def local(
    tasks: Sequence[dict[str, Any]], jobs: int, kill_after: float | None, tick: float = 1.0
) -> Iterator[Finished]:
    """Run tasks on ``jobs`` solver processes; yields the ``(task, outcome)`` pairs that
    finished since the last yield, in the order they finished: an empty list after ``tick``
    seconds without any (for progress). The caller writes a whole list, then syncs once.
    ``tasks`` may make each task when it is asked for (a task is read once, when it starts)."""
    queue = collections.deque(range(len(tasks)))
    runners: list[Runner] = []
    selector = selectors.DefaultSelector()

    def start() -> None:
        runner = Runner()
        runners.append(runner)
        selector.register(runner.fd, selectors.EVENT_READ, runner)

    def drop(runner: Runner) -> None:
        selector.unregister(runner.fd)
        runners.remove(runner)
        if len(runners) < min(jobs, len(queue) + sum(r.task is not None for r in runners)):
            start()

    def dispatch() -> None:
        for runner in runners:
            if runner.ready and runner.task is None and queue:
                index = queue.popleft()
                if not runner.send(tasks[index], kill_after):
                    queue.appendleft(index)  # not taken: the process's death is read later

    try:
        for _ in range(min(jobs, len(queue))):
            start()
        while queue or any(r.task is not None for r in runners):
            dispatch()
            now = time.monotonic()
            deadlines = [r.deadline for r in runners if r.deadline is not None]
            wait = min([tick, *(d - now for d in deadlines)])
            finished: Finished = []
            for key, _ in selector.select(max(0.0, wait)):
                runner = key.data
                messages = runner.read()
                if messages is None:
                    outcome = runner.died()
                    task = None if outcome is None else runner.task
                    drop(runner)
                    if outcome is not None:
                        finished.append((task, outcome))
                    continue
                finished.extend((runner.take(m), m) for m in messages)
            now = time.monotonic()
            for runner in [r for r in runners if r.overdue(now)]:
                assert kill_after is not None
                finished.append((runner.task, runner.timed_out(kill_after)))
                drop(runner)
            for runner in runners:
                if not runner.ready and now - runner.started > START_SECONDS:
                    raise InternalError(f"a solver process did not start within {START_SECONDS:g} s")
            dispatch()  # before the caller writes the records: solving goes on meanwhile
            yield finished
    finally:
        for runner in runners:
            runner.kill()
        selector.close()
