"""What a benchmark run measures and in which order: presets, the plan, its lanes.

A plan is instances per genre, the backends and peers to run on them, and the limits. It runs
as lanes, one per (genre, backend): a lane goes through its genre's instances from small to
large, one row each, and skips the larger instances of a set once a smaller one timed out or
failed (never those the targets name, `benchmarks.instances.TARGETS`). Lanes run one at a time
unless ``jobs`` says otherwise, so the timings stay clean.

The whole-dataset run (``--all``, `Plan.whole`) runs puzzle by puzzle instead
(`execute_alternating`): for each puzzle, every backend and the `sw` peer (where it has the
genre) back to back, in the given order on even puzzles and the reverse on odd ones, so a
drift of the machine's load between minutes falls on both sides alike. Nothing is skipped
after a timeout there, and the seed programs and grilops do not run: the run compares the
library with the one peer that covers whole datasets. One pair runs at a time (``jobs`` is
not used), since pairs run side by side would time each other's load.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzlekit import backends as registry
from puzzlekit import genres

from .instances import SLOW_ROWS, SLOW_SEEDS, TARGETS, Instance, collect
from .peers import GRILOPS, GRILOPS_GENRES, PEER_NAMES, SEED, SW, SW_GENRES, grilops_version, sw_dir
from .rows import Row, Sink, base_row
from .runner import bench_backend, seed_row, sw_row

#: What a run does when an option is not given on the command line.
DEFAULTS: dict[str, Any] = dict(
    sets="seed,peers,corpus,generated", backends="", runs=3, time_limit=20.0, peers=True, peer_runs=1,
    corpus_per_genre=3, corpus_max_cells=900, max_cells="csp=100", jobs=1, repeat_budget=10.0,
)
#: Named option sets: ``smoke`` takes seconds, ``full`` makes docs/benchmarks.md.
PRESETS: dict[str, dict[str, Any]] = {
    "smoke": dict(
        sets="tiny", backends="cpsat,search", runs=1, time_limit=20.0, peers=False, peer_runs=1,
        corpus_per_genre=0, max_cells="", jobs=2,
    ),
    "full": dict(
        sets="seed,peers,corpus,generated", backends="", runs=3, repeat_budget=2.0, time_limit=6.0,
        seed_limit=180.0, peers=True, peer_runs=1, corpus_per_genre=2, corpus_max_cells=900,
        max_cells="csp=100,search=400,mip=400,grilops=120", jobs=1,
    ),
}


# the plan ----------------------------------------------------------------------------------------


@dataclass
class Plan:
    """What to run: instances per genre, backends, repetitions and limits."""

    instances: dict[str, list[Instance]]
    backends: list[str]
    runs: int
    time_limit: float
    peers: bool
    peer_runs: int
    max_cells: dict[str, int] = field(default_factory=dict)
    skip: bool = True
    jobs: int = 1
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    repeat_budget: float = math.inf
    grilops: bool = False
    seed_limit: float | None = None  # the seed programs' limit on `instances.SLOW_SEEDS`
    sw_dir: Path | None = None  # SmilingWayne's puzzlekit (`benchmarks.peers.sw_dir`), if any
    whole: bool = False  # the whole-dataset run: puzzle by puzzle, alternating (`execute_alternating`)

    def peer_limit(self, inst: Instance) -> float:
        """The seed program's time limit on this instance."""
        if self.seed_limit is not None and inst.name in SLOW_SEEDS:
            return max(self.seed_limit, self.time_limit)
        return self.time_limit

    def backend_limit(self, inst: Instance, backend: str) -> float:
        """A backend's time limit on this instance: ``seed_limit`` on `instances.SLOW_ROWS`."""
        if self.seed_limit is not None and (inst.name, backend) in SLOW_ROWS:
            return max(self.seed_limit, self.time_limit)
        return self.time_limit

    def lanes(self) -> list[tuple[str, str]]:
        """(genre, backend) pairs; each lane runs its genre's instances from small to large."""
        names = self.backends + ([SEED] if self.peers else [])
        lanes = [(g, b) for g in self.instances for b in names]
        if self.peers and self.grilops:
            lanes += [(g, GRILOPS) for g in self.instances if g in GRILOPS_GENRES]
        if self.peers and self.sw_dir is not None:
            lanes += [(g, SW) for g in self.instances if g in SW_GENRES]
        return lanes

    def total(self) -> int:
        if self.whole:
            return sum(len(v) * len(self.programs(g)) for g, v in self.instances.items())
        return sum(len(self.instances[g]) for g, _ in self.lanes())

    def programs(self, genre: str) -> list[str]:
        """What the whole-dataset run times on each puzzle of the genre: the backends, then `sw`."""
        has_sw = self.peers and self.sw_dir is not None and genre in SW_GENRES
        return self.backends + ([SW] if has_sw else [])


class Progress:
    """A one-line progress bar on stderr (one line per step when stderr is not a terminal)."""

    def __init__(self, total: int, stream: Any = sys.stderr):
        self.total, self.done, self.stream = max(total, 1), 0, stream
        self.started = time.perf_counter()
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.lock = threading.Lock()

    def step(self, what: str) -> None:
        """Count one finished step and redraw."""
        with self.lock:
            self.done += 1
            width = 24
            filled = round(width * self.done / self.total)
            elapsed = time.perf_counter() - self.started
            text = f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {elapsed:5.0f}s {what}"
            if self.tty:
                self.stream.write("\r" + text[:110].ljust(110))
                if self.done == self.total:
                    self.stream.write("\n")
            else:
                self.stream.write(text + "\n")
            self.stream.flush()


def run_one(plan: Plan, inst: Instance, backend: str, workdir: Path) -> Row | None:
    """One (instance, backend or peer) pair as a row; None when the peer has no such puzzle.

    A backend capped by ``max_cells`` below the instance's size gets a ``skipped`` row.
    """
    cap = plan.max_cells.get(backend)
    if cap is not None and inst.cells > cap:
        return {**base_row(inst, backend), "status": "skipped", "note": f"over {cap} cells", "wall_s": 0.0}
    began = time.perf_counter()
    try:
        if backend == SEED:
            row = seed_row(inst, plan.peer_runs, plan.peer_limit(inst), workdir)
        elif backend == SW:
            assert plan.sw_dir is not None
            row = sw_row(inst, plan.runs, plan.time_limit, plan.sw_dir, plan.repeat_budget)
        else:
            row = bench_backend(
                inst, backend, plan.runs, plan.backend_limit(inst, backend),
                plan.options.get(backend, {}), plan.repeat_budget,
            )
    except Exception as exc:  # a harness fault costs one row, not the run
        row = {**base_row(inst, backend), "status": "error", "note": f"harness: {exc!r}"[:200]}
    if row is not None:
        row["wall_s"] = row.get("wall_s") or round(time.perf_counter() - began, 3)
    return row


def run_lane(
    plan: Plan, genre: str, backend: str, progress: Progress, workdir: Path, sink: Sink
) -> list[Row]:
    """One backend (or the seed program) over a genre's instances, smallest first."""
    rows: list[Row] = []
    failed: dict[str, Row] = {}  # by instance set: puzzles of one set grow harder together
    for inst in plan.instances[genre]:
        row: Row | None
        cap = plan.max_cells.get(backend)
        if (
            (cap is None or inst.cells <= cap)  # the size cap's own skip row comes from run_one
            and inst.set in failed and plan.skip and inst.cells > failed[inst.set]["cells"]
            and inst.name not in TARGETS
        ):
            first = failed[inst.set]
            row = {**base_row(inst, backend), "status": "skipped", "wall_s": 0.0,
                   "note": f"{first['status']} on {first['instance']} ({first['cells']} cells)"}
        else:
            row = run_one(plan, inst, backend, workdir)
        if row is not None:
            rows.append(row)
            sink(row)
            if row["status"] in ("timeout", "error"):
                failed.setdefault(inst.set, row)
        progress.step(f"{inst.label} {backend} {row['status'] if row else '-'}")
    return rows


def alternation(programs: list[str], k: int) -> list[str]:
    """The order of the programs on the ``k``-th puzzle: as given when ``k`` is even, else reversed."""
    return list(programs) if k % 2 == 0 else list(reversed(programs))


def execute_alternating(plan: Plan, sink: Sink | None = None) -> list[Row]:
    """The whole-dataset run: puzzle by puzzle, each program back to back in `alternation` order.

    Rows come in the order they ran (genre, puzzle by size, then the programs as they took
    turns); ``sink`` sees each as it ends. Nothing is skipped after a timeout.
    """
    progress = Progress(plan.total())
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="puzzlekit-bench-") as tmp:
        for genre, found in plan.instances.items():
            for k, inst in enumerate(found):
                for name in alternation(plan.programs(genre), k):
                    row = run_one(plan, inst, name, Path(tmp))
                    if row is not None:
                        rows.append(row)
                        if sink is not None:
                            sink(row)
                    progress.step(f"{inst.label} {name} {row['status'] if row else '-'}")
    return rows


def execute(plan: Plan, sink: Sink | None = None) -> list[Row]:
    """Every lane of the plan; rows in genre, instance, backend order (``sink`` sees each as it ends)."""
    progress = Progress(plan.total())
    lock = threading.Lock()

    def record(row: Row) -> None:
        if sink is not None:
            with lock:
                sink(row)

    with tempfile.TemporaryDirectory(prefix="puzzlekit-bench-") as tmp:
        with ThreadPoolExecutor(max_workers=max(1, plan.jobs)) as pool:
            futures = [
                pool.submit(run_lane, plan, g, b, progress, Path(tmp), record) for g, b in plan.lanes()
            ]
            rows = [row for f in futures for row in f.result()]
    order = {b: i for i, b in enumerate(plan.backends + list(PEER_NAMES))}
    position = {(i.genre, i.set, i.name): k for g in plan.instances for k, i in enumerate(plan.instances[g])}
    genre_order = list(plan.instances)
    rows.sort(key=lambda r: (genre_order.index(r["genre"]), position[(r["genre"], r["set"], r["instance"])],
                             order.get(r["backend"], 99)))
    return rows


# from the command line ------------------------------------------------------------------------


def option_value(text: str) -> Any:
    """An option value as int, float, bool or string."""
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def make_plan(args: argparse.Namespace) -> Plan:
    """Instances and backends from the options."""
    genre_names = [g for g in (args.genres or "").split(",") if g] or genres.available()
    names = [b for b in args.backends.split(",") if b] or [
        b for b, v in registry.installed().items() if v is not None
    ]
    sets = [s for s in args.sets.split(",") if s]
    whole = bool(getattr(args, "all", False))
    found = {
        g: collect(g, sets, args.corpus_per_genre, args.corpus_max_cells, args.corpus, whole=whole)
        for g in genre_names
    }
    caps = {}
    for item in filter(None, args.max_cells.split(",")):
        name, _, value = item.partition("=")
        caps[name.strip()] = int(value)
    options: dict[str, dict[str, Any]] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        backend, _, name = key.partition(".")
        options.setdefault(backend, {})[name] = option_value(value)
    return Plan(
        {g: v for g, v in found.items() if v}, names, args.runs, args.time_limit, args.peers,
        args.peer_runs, caps, not (args.no_skip or whole), args.jobs, options, args.repeat_budget,
        grilops_version() is not None, args.seed_limit, sw_option(args.sw_puzzlekit), whole,
    )


def sw_option(value: str | None) -> Path | None:
    """The `sw` peer's directory from ``--sw-puzzlekit`` (None: no column)."""
    if value is None:
        return sw_dir()
    if value.lower() == "off":
        return None
    where = sw_dir(Path(value).expanduser().resolve())
    if where is None:
        raise SystemExit(f"--sw-puzzlekit {value}: no puzzlekit package there; install it with "
                         f"pip install --no-deps --target {value} puzzlekit==0.3.4 typeguard")
    return where
