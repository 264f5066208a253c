"""``auto`` against SmilingWayne's CP-SAT ``puzzlekit``, instance by instance, alternating rounds.

    python -m benchmarks.side_by_side --genres tents,sudoku,patches [--rounds 10] [--runs 3]
        [--sets seed,peers,corpus,generated] [--corpus-per-genre 4] [--only 30x30,sw-485]
        [--sw-puzzlekit DIR] [--json out.jsonl]

The instances are the full preset's (the same sets; two corpus puzzles per genre up to 900
cells unless ``--corpus-per-genre`` says more). A round times every instance on both sides:
``auto`` in a fresh worker process (a warm-up, then ``--runs`` timed solves of the whole
`puzzlekit.solve`, as in the preset) and the peer in its own isolated process (likewise: an
untimed solve, then its timed ones), ours first on even rounds and the peer first on odd ones,
so a drift of this shared machine's load falls on both alike. Every answer of both is checked
with the genre's own ``verify``.

For each instance the report gives, over the rounds in which both sides solved it, each
side's median of the rounds' medians, the ratio of the two (ours over the peer's: under 1 is
ahead) and the range of the per-round ratios, which shows how much the machine moved; a round
in which a side did not solve is named on stderr and counted apart. The rows go to ``--json``
too, one a line, with every round's pair of times.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .instances import Instance, collect
from .peers import SW_GENRES
from .plan import PRESETS, sw_option
from .runner import bench_backend, sw_row

FULL = PRESETS["full"]


#: The two sides of a round, in the order of an even round.
SIDES = ("auto", "sw")
#: One side's time on one instance in one round: the row of `bench_backend` or `sw_row`.
Timer = Callable[[Instance, str], "dict[str, Any] | None"]
#: Per instance label, one (ours, theirs) pair per round; None where that side did not solve.
Rounds = dict[str, list[tuple[float | None, float | None]]]


def measure(instances: list[Instance], rounds: int, timer: Timer) -> Rounds:
    """Every instance on both sides, round after round, ours first on even rounds."""
    out: Rounds = {inst.label: [] for inst in instances}
    for k in range(rounds):
        for inst in instances:
            got: dict[str, float | None] = {}
            for side in SIDES[:: 1 if k % 2 == 0 else -1]:
                row = timer(inst, side)
                got[side] = row["median_s"] if row is not None and row["status"] == "solved" else None
                if got[side] is None:
                    status = "not run" if row is None else f"{row['status']} ({row['note']})"
                    print(f"round {k + 1}: {inst.label} {side}: {status}", file=sys.stderr)
            out[inst.label].append((got["auto"], got["sw"]))
        print(f"round {k + 1}/{rounds} done", file=sys.stderr)
    return out


def summary(pairs: list[tuple[float | None, float | None]]) -> dict[str, Any] | None:
    """Both sides' medians over the rounds both solved, their ratio and the range of the
    per-round ratios (None when no round has both)."""
    both = [(a, b) for a, b in pairs if a is not None and b is not None]
    if not both:
        return None
    ours = statistics.median(a for a, _ in both)
    theirs = statistics.median(b for _, b in both)
    per_round = sorted(a / b for a, b in both)
    return {"auto_s": ours, "sw_s": theirs, "ratio": ours / theirs, "lowest": per_round[0],
            "highest": per_round[-1], "rounds": len(both), "of": len(pairs)}


def table(instances: list[Instance], results: Rounds) -> str:
    """The report: one line per instance, ours over the peer's."""
    lines = ["| instance | size | rounds | `auto` s | `sw` s | auto / sw | per round |",
             "|---|---|---|---|---|---|---|"]
    for inst in instances:
        got = summary(results[inst.label])
        size = f"{inst.height}x{inst.width}"
        if got is None:
            lines.append(f"| {inst.label} | {size} | 0/{len(results[inst.label])} | | | | |")
            continue
        lines.append(f"| {inst.label} | {size} | {got['rounds']}/{got['of']} | {got['auto_s']:.4f} "
                     f"| {got['sw_s']:.4f} | {got['ratio']:.2f} | {got['lowest']:.2f}-{got['highest']:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.side_by_side",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--genres", default="sudoku,tents,patches",
                        help="comma-separated genres the peer has (default sudoku,tents,patches)")
    parser.add_argument("--sets", default=FULL["sets"], help=f"instance sets (default {FULL['sets']})")
    parser.add_argument("--corpus-per-genre", type=int, default=FULL["corpus_per_genre"],
                        help=f"corpus puzzles per genre, spread by size (default {FULL['corpus_per_genre']})")
    parser.add_argument("--only", default="", help="comma-separated parts of instance labels to keep")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds (default 10)")
    parser.add_argument("--runs", type=int, default=3, help="timed solves per side and round (default 3)")
    parser.add_argument("--time-limit", type=float, default=FULL["time_limit"],
                        help=f"seconds per solve (default {FULL['time_limit']:g})")
    parser.add_argument("--sw-puzzlekit", default=None,
                        help="the peer's directory (default benchmarks/.peers/puzzlekit-sw)")
    parser.add_argument("--json", type=Path, default=None, help="write one JSON row per instance here")
    args = parser.parse_args(argv)
    where = sw_option(args.sw_puzzlekit)
    if where is None:
        parser.error("the peer is not installed (see docs/benchmarks.md, Peers)")
    wanted = [g for g in args.genres.split(",") if g]
    unknown = [g for g in wanted if g not in SW_GENRES]
    if unknown:
        parser.error(f"the peer has no model for {', '.join(unknown)}; it has {', '.join(sorted(SW_GENRES))}")
    only = [part for part in args.only.split(",") if part]
    instances = [
        inst for g in wanted
        for inst in collect(g, args.sets.split(","), args.corpus_per_genre, FULL["corpus_max_cells"])
        if not only or any(part in inst.label for part in only)
    ]

    def timer(inst: Instance, side: str) -> dict[str, Any] | None:
        if side == "auto":
            return bench_backend(inst, "auto", args.runs, args.time_limit, {})
        return sw_row(inst, args.runs, args.time_limit, where)

    results = measure(instances, args.rounds, timer)
    sys.stdout.write(table(instances, results))
    if args.json:
        rows = [{"instance": i.label, "rounds": results[i.label], **(summary(results[i.label]) or {})}
                for i in instances]
        args.json.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
