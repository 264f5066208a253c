"""The result row: one (instance, backend) pair's measurements, and its CSV form.

A row is a plain dict with the keys of `FIELDS` (blank where not measured). ``results.csv``
holds every field of every row; ``results.partial.csv`` is the same file written row by row
while a run goes, so an interrupted run keeps what it measured; `read_csv` brings either back
(numbers as numbers) for ``--from-csv``.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .instances import Instance

FIELDS = (
    "genre", "set", "instance", "height", "width", "cells", "backend", "status", "runs",
    "median_s", "min_s", "max_s", "spread_s", "ir_s", "compile_s", "solve_s", "compile_share",
    "vars", "bool_vars", "int_vars", "counts", "clauses", "graphs", "rounds", "cuts", "nodes",
    "wall_s", "note", "origin",
)

Row = dict[str, Any]
Sink = Callable[[Row], None]


def base_row(inst: Instance, backend: str) -> Row:
    """A result row with the identifying columns filled in and every other field blank."""
    row: Row = dict.fromkeys(FIELDS, "")
    row.update(
        genre=inst.genre, set=inst.set, instance=inst.name, height=inst.height, width=inst.width,
        cells=inst.cells, backend=backend, runs=0, origin=inst.origin,
    )
    return row


def solved(row: Row | None) -> bool:
    return row is not None and row["status"] == "solved"


def _csv_value(value: Any) -> Any:
    return round(value, 6) if isinstance(value, float) else value


def _writer(fh: Any) -> csv.DictWriter:
    writer = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
    writer.writeheader()
    return writer


def _line(row: Row) -> dict[str, Any]:
    return {k: _csv_value(row.get(k, "")) for k in FIELDS}


def write_csv(rows: list[Row], path: Path) -> None:
    """All rows, every field (blank where not measured)."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = _writer(fh)
        for row in rows:
            writer.writerow(_line(row))


@contextmanager
def partial_csv(path: Path) -> Iterator[Sink]:
    """A sink that appends each row to ``path`` as it arrives (flushed, so a crash keeps it)."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = _writer(fh)

        def sink(row: Row) -> None:
            writer.writerow(_line(row))
            fh.flush()

        yield sink


def read_csv(path: Path) -> list[Row]:
    """Rows back from a CSV written by `write_csv` (numbers as numbers)."""
    rows = []
    with path.open(encoding="utf-8") as fh:
        for raw in csv.DictReader(fh):
            row: Row = {}
            for key, value in raw.items():
                try:
                    row[key] = int(value)
                except ValueError:
                    try:
                        row[key] = float(value)
                    except ValueError:
                        row[key] = value
            rows.append(row)
    return rows
