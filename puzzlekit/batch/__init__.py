"""Batch runs: solve, check or grade many puzzles, one JSON Lines record per item.

    >>> from puzzlekit import batch
    >>> for record in batch.run("solve", "sudoku", ["puzzles/"], "out.jsonl", jobs=2):
    ...     print(record["id"], record["status"])

The module is callable too: ``batch(...)`` is ``batch.run(...)``. Work runs on local solver
processes (one per job, each item's time limit backed by killing an overrunning process) or
on a Dask cluster (``cluster="local"`` or an address). Records are appended and fsync'd as
items finish; running again with the same output file skips every item already recorded and
drops a half-written last line. docs/batch.md has the inputs, the records and the commands.
"""

from __future__ import annotations

import sys
import types

from .core import BatchRun, default_jobs, kill_after_for, record, run
from .items import ACTIONS, Item, collect, fingerprint
from .journal import Journal

__all__ = [
    "ACTIONS", "BatchRun", "Item", "Journal", "collect", "default_jobs", "fingerprint",
    "kill_after_for", "record", "run",
]


class _CallableModule(types.ModuleType):
    def __call__(self, *args, **kwargs) -> BatchRun:
        return run(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
