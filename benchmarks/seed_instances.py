"""Median solve times of the four seed instances, per backend.

    python -m benchmarks.seed_instances [--runs 5] [--backends cpsat,sat] [--unique]

Each (instance, backend) pair gets one warm-up run, then ``--runs`` timed runs in this
process; the table shows the median and the spread (min-max) of the wall time of
``puzzlekit.solve`` (model building included). Timings are never asserted anywhere.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import puzzlekit
from puzzlekit import backends

ROOT = Path(__file__).resolve().parent.parent
SEEDS = {
    "masyu": "masyu01.txt",
    "tracks": "tracks01.txt",
    "numberlink": "numberlink01.txt",
    "hashi": "hashi01.txt",
}


def time_one(puzzle, backend: str, runs: int, unique: bool, time_limit: float) -> tuple[list[float], str]:
    """Wall times of ``runs`` solves after one warm-up, and the last status."""
    puzzlekit.solve(puzzle, backend=backend, unique=unique, time_limit=time_limit)
    times, status = [], ""
    for _ in range(runs):
        started = time.perf_counter()
        result = puzzlekit.solve(puzzle, backend=backend, unique=unique, time_limit=time_limit)
        times.append(time.perf_counter() - started)
        status = result.status + ("" if result.unique is None else f", unique={result.unique}")
    return times, status


def main(argv: list[str] | None = None) -> int:
    """Print a Markdown table of medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per pair (default 5)")
    parser.add_argument("--backends", default="", help="comma-separated names (default: all installed)")
    parser.add_argument("--unique", action="store_true", help="also decide uniqueness")
    parser.add_argument("--time-limit", type=float, default=120.0, help="per solve (default 120 s)")
    args = parser.parse_args(argv)
    names = [n for n in args.backends.split(",") if n] or [
        n for n, v in backends.installed().items() if v is not None
    ]
    print(f"| instance | backend | median s | min-max s | status |  ({args.runs} runs)")
    print("|---|---|---|---|---|")
    for genre, filename in SEEDS.items():
        puzzle = puzzlekit.load(genre, ROOT / "examples" / filename)
        for name in names:
            times, status = time_one(puzzle, name, args.runs, args.unique, args.time_limit)
            print(
                f"| {filename} | {name} | {statistics.median(times):.4f} | "
                f"{min(times):.4f}-{max(times):.4f} | {status} |", flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
