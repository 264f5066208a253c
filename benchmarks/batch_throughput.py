"""Batch throughput: puzzles per second for 1 and 2 local jobs, and the Dask path's cost per item.

    python -m benchmarks.batch_throughput                 # both sets, 3 repeats, a Markdown table
    python -m benchmarks.batch_throughput --sets tiny --repeats 5 --no-dask

Two fixed sets, written to a temporary folder: ``tiny`` (210 random 4x4 and 5x5 puzzles of
numberlink, queens, hashi and zip, each solved in about a millisecond: the batch machinery's
own cost per item dominates) and ``examples`` (the 11 example puzzles, each 10 times under
different ids: 110 items of real work, from a millisecond to a second each).

For each set and each way of running it, a full `puzzlekit.batch.run` into a fresh output
file: ``wall`` is the whole run (solver processes started, imports, every record written and
fsync'd); ``steady`` is the rate over the last four fifths of the records, once the solver
processes are up and have imported their solvers.
The Dask rows run on a `distributed.LocalCluster` of 2 one-thread workers on 127.0.0.1,
started once before timing (its start-up is shown apart); its solver processes stay up
between repeats, so compare its ``steady`` rate with the local pool's. The per-item overhead
of the Dask path is ``1/steady(dask) - 1/steady(local, 2 jobs)``. Each figure is the median
of the repeats.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from puzzlekit import batch, genres

ROOT = Path(__file__).resolve().parent.parent
TINY_GENRES = ("numberlink", "queens", "hashi", "zip")


def tiny_set(folder: Path, count: int = 210, seed: int = 20261201) -> Path:
    """``count`` random 4x4/5x5 puzzles in one JSON Lines file (fixed by ``seed``)."""
    rng = random.Random(seed)
    path = folder / "tiny.jsonl"
    with path.open("w") as handle:
        for i in range(count):
            genre = TINY_GENRES[i % len(TINY_GENRES)]
            module = genres.get(genre)
            n = rng.choice((4, 5))
            text = module.format(module.random_puzzle(rng, n, n))
            handle.write(json.dumps({"id": f"t{i:04d}", "genre": genre, "puzzle": text}) + "\n")
    return path


def examples_set(folder: Path, copies: int = 10) -> Path:
    """Every example puzzle ``copies`` times, under different ids."""
    path = folder / "examples.jsonl"
    with path.open("w") as handle:
        for k in range(copies):
            for genre in genres.NAMES:
                text = (ROOT / "examples" / f"{genre}01.txt").read_text()
                handle.write(json.dumps({"id": f"{genre}-{k}", "genre": genre, "puzzle": text}) + "\n")
    return path


def one_run(items: Path, out: Path, **how: Any) -> dict[str, float]:
    """One batch into a fresh file: items, whole wall time, and the rate after the first record."""
    if out.exists():
        out.unlink()
    started = time.perf_counter()
    times = []
    for rec in batch.run("solve", "sudoku", items, out, progress=False, **how):
        assert rec["status"] in ("solved", "unsolvable"), rec
        times.append(time.perf_counter())
    skip = len(times) // 5
    return {"items": len(times), "wall": times[-1] - started,
            "steady": (len(times) - 1 - skip) / (times[-1] - times[skip])}


def measure(items: Path, out: Path, repeats: int, **how: Any) -> dict[str, float]:
    runs = [one_run(items, out, **how) for _ in range(repeats)]
    return {"items": runs[0]["items"],
            "wall": statistics.median(r["wall"] for r in runs),
            "steady": statistics.median(r["steady"] for r in runs)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.batch_throughput", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default="tiny,examples", help="tiny, examples or both (default)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask rows")
    args = parser.parse_args(argv)
    client = cluster = None
    started = 0.0
    if not args.no_dask:
        try:
            import distributed
        except ImportError:
            print("distributed is not installed: no Dask rows (pip install 'puzzlekit[dask]')",
                  file=sys.stderr)
        else:
            t = time.perf_counter()
            cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                               host="127.0.0.1", dashboard_address=None)
            client = distributed.Client(cluster)
            started = time.perf_counter() - t
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            makers = {"tiny": tiny_set, "examples": examples_set}
            for name in args.sets.split(","):
                items = makers[name.strip()](folder)
                out = folder / "out.jsonl"
                ways: list[tuple[str, dict[str, Any]]] = [
                    ("local, 1 job", {"jobs": 1}), ("local, 2 jobs", {"jobs": 2}),
                    ("local, 2 jobs, no fsync", {"jobs": 2, "fsync": False}),
                ]
                if client is not None:
                    one_run(items, out, cluster=client)  # starts the solver processes on the workers
                    ways.append(("dask LocalCluster, 2 workers", {"cluster": client}))
                results = {label: measure(items, out, args.repeats, **how) for label, how in ways}
                for label, got in results.items():
                    rows.append((name, label, got))
                if client is not None:
                    local = results["local, 2 jobs"]["steady"]
                    dask = results["dask LocalCluster, 2 workers"]["steady"]
                    rows.append((name, "dask overhead per item", {"ms": 1000 * (1 / dask - 1 / local)}))
    finally:
        if client is not None:
            client.close()
            cluster.close()
    print(f"cores: {os.cpu_count()}, load average before: {os.getloadavg()[0]:.1f}, repeats: {args.repeats}")
    if client is not None:
        print(f"LocalCluster start-up: {started:.1f} s")
    print("| set | how | items | wall s | items/s (whole run) | items/s (steady) |")
    print("|---|---|---|---|---|---|")
    for name, label, got in rows:
        if "ms" in got:
            print(f"| {name} | {label} | | | | {got['ms']:+.2f} ms |")
        else:
            print(f"| {name} | {label} | {got['items']} | {got['wall']:.2f} | "
                  f"{got['items'] / got['wall']:.0f} | {got['steady']:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
