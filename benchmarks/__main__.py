"""Benchmark puzzlekit's backends against each other and against the seed programs.

    python -m benchmarks --preset smoke              # seconds: tiny puzzles, cpsat + search
    python -m benchmarks --preset full --write-docs  # the table and plot of docs/benchmarks.md
    python -m benchmarks --genres masyu --backends cpsat,sat --sets peers --runs 5
    python -m benchmarks --sets corpus --all          # every corpus puzzle, auto against sw

Each (instance, backend) pair runs in a fresh worker process under a time limit and a kill
(`benchmarks.runner`); `benchmarks.plan` decides what runs in which order, `benchmarks.rows`
holds the results, `benchmarks.report` and `benchmarks.plot` render them. This module reads
the command line and hands over to them.

The seed programs of ``../shared/peers`` run on the same instances (converted to their input
formats) in the same run, with the same time limit; so do grilops models when grilops is
installed, and SmilingWayne's ``puzzlekit`` (column ``sw``) when its directory exists
(``--sw-puzzlekit``; see `benchmarks.peers`). A pair that times out skips the larger
instances of its genre (``--no-skip`` runs them all). Output: ``results.csv``, ``results.md``
and ``times.png`` in ``--out`` (default ``benchmarks/results/``); ``--write-docs`` also
refreshes the generated part of ``docs/benchmarks.md`` and ``docs/benchmarks.png``.

``--all`` is the whole-dataset run: every puzzle of ``../shared/corpus`` for each chosen genre
(no sample, no size cap; the other sets as usual), on ``auto`` unless ``--backends`` is given,
one run per pair unless ``--runs`` is, puzzle by puzzle with the `sw` peer alternating
(`benchmarks.plan.execute_alternating`), nothing skipped after a timeout. It also writes
``dataset.md`` (`benchmarks.dataset`: per genre, solved, mean, median and max seconds); its
``--write-docs`` refreshes only the "Whole dataset" block of docs/benchmarks.md, not the
latest-results block, which stays the full preset's. ``--from-csv`` rebuilds ``dataset.md``
when the saved run was one (its results.json says so) or when ``--all`` is given.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from . import dataset
from .instances import CORPUS, ROOT, SETS
from .peers import GRILOPS, PEER_NAMES, SW, SW_DIR, SW_GENRES
from .plan import DEFAULTS, PRESETS, Plan, execute, execute_alternating, make_plan
from .report import run_info, write_results
from .rows import partial_csv, read_csv
from .runner import worker_main

RESULTS = ROOT / "benchmarks" / "results"
#: What ``--all`` changes when the option is not given: ``auto`` only, one run, no size caps,
#: the corpus set.
ALL_DEFAULTS: dict[str, object] = dict(backends="auto", runs=1, max_cells="", sets="corpus")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Options; a preset fills in whatever is not given explicitly."""
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    p.add_argument("--preset", choices=sorted(PRESETS), help="smoke: seconds; full: docs/benchmarks.md")
    p.add_argument("--genres", help="comma-separated (default: every genre)")
    p.add_argument("--backends", help="comma-separated (default: every installed backend; auto with --all)")
    p.add_argument("--sets", help=f"comma-separated instance sets: {', '.join(SETS)} (default: corpus "
                                  "with --all)")
    p.add_argument("--runs", type=int, help="timed runs per (instance, backend) (default 3; 1 with --all)")
    p.add_argument("--all", action="store_true",
                   help="whole dataset: every corpus puzzle of each genre (no sample, no size cap), "
                        "puzzle by puzzle with the sw peer alternating, no skipping after a timeout, "
                        "no seed programs; writes dataset.md (per genre: solved, mean, median, max), "
                        "and --write-docs writes only its block of docs/benchmarks.md")
    p.add_argument("--repeat-budget", type=float,
                   help="stop repeating a pair once its runs took this many seconds (default 10)")
    p.add_argument("--time-limit", type=float, help="seconds per run (default 20)")
    p.add_argument("--peers", action=argparse.BooleanOptionalAction,
                   help="run the peers too: seed programs, and grilops and sw where installed")
    p.add_argument("--peer-runs", type=int, help="runs of each seed program (default 1)")
    p.add_argument("--seed-limit", type=float,
                   help="seconds a seed program gets on the target instances it needs minutes for, "
                        "and a backend on the seed rows it needs minutes for (benchmarks/instances.py "
                        "SLOW_SEEDS, SLOW_ROWS; default: the time limit)")
    p.add_argument("--sw-puzzlekit", metavar="DIR",
                   help="directory holding SmilingWayne's puzzlekit for the optional peer column "
                        f"'{SW}' ({', '.join(SW_GENRES)}), installed with `pip install --no-deps "
                        "--target DIR puzzlekit==0.3.4 typeguard`; default "
                        f"{SW_DIR.relative_to(ROOT)} when it exists, else no column; 'off': no column. "
                        "Runs with the other peers (not with --no-peers)")
    p.add_argument("--corpus", type=Path, default=CORPUS, help="corpus directory (read only)")
    p.add_argument("--corpus-per-genre", type=int, help="corpus puzzles per genre (default 3)")
    p.add_argument("--corpus-max-cells", type=int, help="largest corpus puzzle, in cells (default 900)")
    p.add_argument("--max-cells", help="per-backend size caps, e.g. csp=100,search=400 (none with --all)")
    p.add_argument("--option", action="append", default=[], metavar="BACKEND.KEY=VALUE",
                   help="extra solve() option, e.g. cpsat.workers=2 (repeatable)")
    p.add_argument("--no-skip", action="store_true", help="do not skip larger instances after a timeout")
    p.add_argument("--jobs", type=int, help="lanes run at once (default 1: timings stay clean)")
    p.add_argument("--out", type=Path, default=RESULTS, help="output directory (default benchmarks/results)")
    p.add_argument("--write-docs", action="store_true", help="refresh docs/benchmarks.md and its plot")
    p.add_argument("--from-csv", type=Path, help="run nothing: rebuild the reports from a results.csv")
    args = p.parse_args(argv)
    whole = dict(ALL_DEFAULTS) if args.all else {}
    if args.from_csv:  # re-rendering: the backends are the CSV's unless named
        whole.pop("backends", None)
    defaults = {**DEFAULTS, **PRESETS.get(args.preset or "", {}), **whole}
    for key, value in defaults.items():
        if getattr(args, key, None) is None:
            setattr(args, key, value)
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and write the CSV, the Markdown table and the plot."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:  # what `benchmarks.runner` runs as a script, kept for old callers
        return worker_main()
    args = parse_args(argv)
    started = datetime.now(UTC)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.from_csv:
        rows = read_csv(args.from_csv)
        saved = args.from_csv.with_suffix(".json")
        if saved.is_file():
            info = json.loads(saved.read_text(encoding="utf-8"))
        else:
            names = [b for b in args.backends.split(",") if b] or list(
                dict.fromkeys(r["backend"] for r in rows if r["backend"] not in PEER_NAMES)
            )
            plan = Plan({}, names, args.runs, args.time_limit, False, args.peer_runs, whole=args.all)
            info = run_info(plan, f"python -m benchmarks (re-rendered from {args.from_csv.name})", started)
    else:
        plan = make_plan(args)
        if not plan.instances:
            print("no instances to run", file=sys.stderr)
            return 2
        counts = ", ".join(f"{g} {len(v)}" for g, v in plan.instances.items())
        sw = [f"{SW} ({plan.sw_dir})"] if plan.sw_dir is not None else []
        peers = (sw if plan.whole else ["seed programs"] + ([GRILOPS] if plan.grilops else []) + sw
                 ) if plan.peers else []
        print(f"instances: {counts}; backends: {', '.join(plan.backends)}"
              f"{'; peers: ' + ', '.join(peers) if peers else ''}", file=sys.stderr)
        partial = args.out / "results.partial.csv"
        with partial_csv(partial) as sink:
            rows = (execute_alternating if plan.whole else execute)(plan, sink)
        info = run_info(plan, "python -m benchmarks " + " ".join(argv), started)
    whole = bool(info.get("whole")) or args.all
    # a whole-dataset run's docs are its own block: the latest-results block stays the full preset's
    made = write_results(rows, info, args.out, args.write_docs and not whole)
    if whole:
        made.append(dataset.write(rows, info, args.out, args.write_docs))
    if not args.from_csv:
        partial.unlink()  # only once the rows are safe in results.csv
    print(f"wrote {', '.join(made)} in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
