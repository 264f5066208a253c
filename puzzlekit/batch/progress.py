"""Progress on standard error: a tqdm bar (the optional extra ``batch``) with rate and ETA,
else a plain line every few seconds; nothing at all when standard error is not a terminal
(unless asked for)."""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any, TextIO

#: Seconds between two plain progress lines.
EVERY = 5.0


class Progress:
    """Counts records by status and shows how far the run is. ``enabled`` None: only on a
    terminal. ``bar`` None: tqdm when it is installed."""

    def __init__(self, total: int, initial: int = 0, enabled: bool | None = None,
                 stream: TextIO | None = None, bar: bool | None = None):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = _is_terminal(self.stream) if enabled is None else enabled
        self.total = total
        self.initial = initial
        self.done = initial
        self.counts: Counter[str] = Counter()
        self.start = time.monotonic()
        self.shown = self.start
        self.tqdm: Any = None
        if self.enabled and bar is not False:
            try:
                from tqdm import tqdm
            except ImportError:
                if bar:
                    raise
            else:
                self.tqdm = tqdm(total=total, initial=initial, file=self.stream, unit="item",
                                 dynamic_ncols=True, smoothing=0.05, desc="batch")

    def update(self, status: str) -> None:
        self.done += 1
        self.counts[status] += 1
        if self.tqdm is not None:
            self.tqdm.set_postfix_str(self._statuses(), refresh=False)
            self.tqdm.update(1)
        else:
            self.tick()

    def tick(self) -> None:
        """Called now and then while nothing finishes: keeps the shown rate and ETA fresh."""
        if not self.enabled:
            return
        now = time.monotonic()
        if self.tqdm is not None:
            if now - self.shown >= 1.0:
                self.tqdm.refresh()
                self.shown = now
        elif now - self.shown >= EVERY:
            self.shown = now
            print(self.line(now), file=self.stream, flush=True)

    def line(self, now: float | None = None) -> str:
        """The plain progress line: done of total, rate, ETA and the statuses so far."""
        elapsed = (now if now is not None else time.monotonic()) - self.start
        fresh = self.done - self.initial
        rate = fresh / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = _clock(left / rate) if rate > 0 else "?"
        share = 100.0 * self.done / self.total if self.total else 100.0
        statuses = f" ({self._statuses()})" if self.counts else ""
        return (f"batch: {self.done}/{self.total} ({share:.0f}%), {rate:.1f} items/s, "
                f"ETA {eta}{statuses}")

    def _statuses(self) -> str:
        return ", ".join(f"{n} {s}" for s, n in sorted(self.counts.items()))

    def close(self) -> None:
        if self.tqdm is not None:
            self.tqdm.close()
            self.tqdm = None
        elif self.enabled and self.done > self.initial:
            print(self.line(), file=self.stream, flush=True)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
