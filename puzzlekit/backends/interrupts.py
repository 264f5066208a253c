"""Ctrl-C during a native solver's search: stop the search and raise `KeyboardInterrupt`.

CP-SAT catches SIGINT itself by default and stops as if its time were up, so the caller
would report a time limit that was never set (exit 3 instead of 130). `stopping_on_interrupt`
leaves SIGINT to Python and wakes a thread through Python's signal wakeup file descriptor,
which stops the search at once; when the solver returns, Python runs its own SIGINT handler
and `KeyboardInterrupt` is raised as usual.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


def _python_handles_sigint() -> bool:
    """Whether SIGINT reaches a Python handler in the main thread (not ignored, not default)."""
    if threading.current_thread() is not threading.main_thread():
        return False
    return callable(signal.getsignal(signal.SIGINT))


@contextmanager
def stopping_on_interrupt(stop: Callable[[], None]) -> Iterator[bool]:
    """Call ``stop`` from another thread when SIGINT arrives during the block.

    Yields whether the watch is on: when it is not (outside the main thread, SIGINT ignored,
    or another wakeup descriptor already set), the caller keeps the solver's own handling.
    """
    if not _python_handles_sigint():
        yield False
        return
    read, write = os.pipe()
    os.set_blocking(write, False)
    try:
        previous = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    except ValueError:
        os.close(read)
        os.close(write)
        yield False
        return
    if previous != -1:  # someone else (an event loop) listens there: leave it to them
        signal.set_wakeup_fd(previous)
        os.close(read)
        os.close(write)
        yield False
        return

    def watch() -> None:
        while True:
            try:
                data = os.read(read, 64)
            except OSError:
                return
            if not data:  # the block ended and closed the pipe
                return
            if signal.SIGINT in data:
                stop()

    watcher = threading.Thread(target=watch, name="puzzlekit-interrupt", daemon=True)
    watcher.start()
    try:
        yield True
    finally:
        signal.set_wakeup_fd(-1)
        os.close(write)
        watcher.join()
        os.close(read)
