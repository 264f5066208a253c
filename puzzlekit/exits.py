"""The exit status of every ``puzzlekit`` command, in one place.

0 done (solved, valid, written); 1 what was asked cannot be met (no solution, more than one
where one is needed, a solution that breaks a rule); 2 bad input or usage (including an output
path that cannot be written); 3 the time limit (or a budget a backend option set) ended before
what was asked was decided; 4 internal error (a bug: please report it); 130 interrupted
(Ctrl-C).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

OK = 0
NOT_MET = 1
USAGE = 2
UNDECIDED = 3
INTERNAL = 4
INTERRUPTED = 130

#: The words every command's ``--help`` ends with.
SUMMARY = (
    "Exit status: 0 done, 1 unsolvable / not unique / invalid, 2 bad input or usage, "
    "3 the time limit ended before the answer was decided, 4 internal error (a bug), 130 interrupted."
)

#: What solver packages say when Ctrl-C reaches them inside their own code (python-sat raises
#: its own exception with these words; ctypes wraps a KeyboardInterrupt raised in a callback).
_INTERRUPT_WORDS = ("keyboard interrupt", "keyboardinterrupt")


def is_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` (or an exception it was raised from) is Ctrl-C in another shape."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, KeyboardInterrupt):
            return True
        text = str(current).lower()
        if any(words in text for words in _INTERRUPT_WORDS):
            return True
        current = current.__cause__ or current.__context__
    return False


_seen = threading.Event()
#: Sends Ctrl-C again while the command still runs after one: a KeyboardInterrupt raised in a
#: destructor or a C library's callback is printed and dropped, and the work would go on.
_again: threading.Timer | None = None
AGAIN_SECONDS = 0.25


def interrupted() -> bool:
    """Whether Ctrl-C reached the command during the last `watching_interrupts` (whatever was
    raised after)."""
    return _seen.is_set()


def _send_again() -> None:
    signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)


def _on_interrupt(signum: int, frame: Any) -> None:
    global _again
    _seen.set()
    if _again is None or not _again.is_alive():
        _again = threading.Timer(AGAIN_SECONDS, _send_again)
        _again.daemon = True
        _again.start()
    raise KeyboardInterrupt


def _quiet(hook: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``hook`` without the "Exception ignored ... KeyboardInterrupt" traceback a dropped
    Ctrl-C prints: the command says "interrupted" once, and `_send_again` does the rest.
    Ctrl-C in a destructor that calls C (Z3's) comes as ctypes' ArgumentError naming it."""

    def quiet(unraisable: Any) -> Any:
        if is_interrupt(unraisable.exc_value):
            return None
        return hook(unraisable)

    return quiet


@contextmanager
def watching_interrupts() -> Iterator[None]:
    """Remember every Ctrl-C while the block runs, as well as raising `KeyboardInterrupt`:
    a solver that turns the exception into its own error (or drops it) still leaves the
    command knowing it was interrupted, and one that drops it gets it again. Outside the main
    thread this does nothing."""
    global _again
    _seen.clear()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # started with Ctrl-C ignored: keep it so
        yield
        return
    previous = signal.signal(signal.SIGINT, _on_interrupt)
    unraisable = sys.unraisablehook
    sys.unraisablehook = _quiet(unraisable)
    try:
        yield
    finally:
        sys.unraisablehook = unraisable
        while True:  # a Ctrl-C still pending is handled here, by this module, not after the command
            try:
                if _again is not None:
                    _again.cancel()
                    _again.join()
                    _again = None
                signal.signal(signal.SIGINT, previous)
                break
            except KeyboardInterrupt:
                continue
