"""Is ``auto`` within 2x of the fastest installed backend on every corpus puzzle?

    python -m benchmarks.auto_margin                        # every genre's whole corpus
    python -m benchmarks.auto_margin --genres tents,sudoku --time-limit 20 --json out.jsonl

``auto`` misses on a puzzle when some backend solves it both in under half of ``auto``'s
time and more than 0.05 s faster (the measure of docs/benchmarks.md). So only a backend
that finishes within ``min(a / 2, a - 0.05)``, where ``a`` is ``auto``'s time, can make it
miss, and a puzzle that ``auto`` solves within 0.05 s cannot miss at all. Each puzzle is
timed on ``auto`` (the median of ``--runs`` solves, an unfinished one counting as the time
limit); when that is over 0.05 s, every other installed backend gets one solve with that
bound as its time limit. A backend that finishes within it is timed again ``--runs`` times
with the full limit, ``auto`` too, and the puzzle is a miss when the medians still say so.

Every solve is ``puzzlekit.solve(puzzle, backend, limit=1, time_limit=...)``, as in the
whole-dataset run, in one process per genre after a warm-up of every backend; the time is
the result's ``seconds`` (model, lowering, solving and the check of the answer, not the
package import). The report gives per genre the puzzles, those over 0.05 s on ``auto``,
the misses, and the narrowest margin (the fastest other backend's time over ``auto``'s),
then each miss and each solve that raised: on ``auto`` that fails the run as a miss does; on
another backend it counts as unfinished and is listed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from .instances import corpus_all

#: ``auto`` within this many seconds of a backend never misses (see the module docstring).
SLACK = 0.05
GENRES = ("masyu", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "queens", "tents", "patches")


def bound(auto_seconds: float) -> float:
    """The time within which another backend would make ``auto`` miss (0: none can)."""
    return max(0.0, min(auto_seconds / 2, auto_seconds - SLACK))


#: The start of the status `timed` gives a solve that raised: ``raised ParseError: ...``.
RAISED = "raised "


def timed(puzzle: Any, backend: str, time_limit: float) -> tuple[float, str, str]:
    """One solve: its seconds (the limit when unfinished), status and the backend that ran.

    A solve that raises (a model the backend cannot take, or an answer the rules reject) is
    unfinished, with the status ``raised`` and the exception, which `check` keeps on the row.
    """
    from puzzlekit import api

    try:
        result = api.solve(puzzle, backend, limit=1, time_limit=time_limit)
    except Exception as exc:
        return time_limit, f"{RAISED}{type(exc).__name__}: {exc}"[:300], backend
    finished = result.status in ("solved", "unsolvable")
    return (result.seconds if finished else time_limit), result.status, result.backend


def median_of(puzzle: Any, backend: str, runs: int, time_limit: float) -> tuple[float, str, str]:
    outs = [timed(puzzle, backend, time_limit) for _ in range(runs)]
    return statistics.median(o[0] for o in outs), outs[-1][1], outs[-1][2]


def check(
    genre: str, name: str, text: str, others: list[str], runs: int, time_limit: float
) -> dict[str, Any]:
    """One puzzle: ``auto``'s time, each other backend's under the bound, and the verdict."""
    from puzzlekit import genres

    row: dict[str, Any] = {"genre": genre, "name": name}
    try:
        puzzle = genres.get(genre).parse(text, name)
    except Exception as exc:  # a record the parser refuses (reported, never a miss)
        return {**row, "error": f"{type(exc).__name__}: {exc}"}
    auto, status, chosen = median_of(puzzle, "auto", runs, time_limit)
    row.update(auto=auto, status=status, chosen=chosen, others={}, miss=None)
    if status.startswith(RAISED):  # reported and failing the run, never taken as a time
        return row
    limit = bound(auto)
    if limit <= 0:
        return row
    for backend in others:
        if backend == chosen:
            continue
        seconds, status, _ = timed(puzzle, backend, limit)
        row["others"][backend] = seconds if status in ("solved", "unsolvable") else None
        if status.startswith(RAISED):
            row.setdefault("raised", {})[backend] = status[len(RAISED):]
    fast = {b: s for b, s in row["others"].items() if s is not None and s < limit}
    for backend in sorted(fast, key=fast.get):
        again, _, _ = median_of(puzzle, backend, runs, time_limit)
        auto_again, _, _ = median_of(puzzle, "auto", runs, time_limit)
        row["others"][backend] = again
        if again < bound(min(auto, auto_again)):
            row["miss"] = backend
            break
    return row


def installed_backends() -> list[str]:
    from puzzlekit import backends

    return [name for name, version in backends.installed().items() if version is not None]


def warm_up(names: list[str]) -> None:
    """A two-variable model on every backend, so no timed solve pays for an import."""
    from puzzlekit import backends
    from puzzlekit.ir import ModelBuilder

    m = ModelBuilder("warm-up")
    x, y = m.bool("x"), m.bool("y")
    m.exactly(1, [x, y])
    m.output([x, y])
    model = m.build()
    for name in names:
        backends.get(name).solve(model, limit=1, time_limit=10.0)


def report(rows: list[dict[str, Any]]) -> str:
    """Per genre: puzzles, over 0.05 s on auto, misses, the narrowest margin; then each miss."""
    out = ["| genre | puzzles | `auto` over 0.05 s | misses | narrowest margin (backend) |",
           "|---|---|---|---|---|"]
    for genre in dict.fromkeys(r["genre"] for r in rows):
        mine = [r for r in rows if r["genre"] == genre and "auto" in r]
        slow = [r for r in mine if bound(r["auto"]) > 0]
        misses = [r for r in mine if r["miss"]]
        margins = [
            (s / r["auto"], b, r["name"]) for r in slow for b, s in r["others"].items() if s is not None
        ]
        narrow = min(margins, default=None)
        shown = f"{narrow[0]:.2f} ({narrow[1]}, {narrow[2]})" if narrow else "none finished within the bound"
        errors = sum(1 for r in rows if r["genre"] == genre and "error" in r)
        count = f"{len(mine)}" + (f" (+{errors} refused by the parser)" if errors else "")
        out.append(f"| {genre} | {count} | {len(slow)} | {len(misses)} | {shown if slow else '-'} |")
    for r in rows:
        if r.get("miss"):
            out.append(f"\nmiss: {r['genre']} {r['name']}: auto ({r['chosen']}) {r['auto']:.3g} s, "
                       f"{r['miss']} {r['others'][r['miss']]:.3g} s")
        if r.get("status", "").startswith(RAISED):
            out.append(f"\nauto failed: {r['genre']} {r['name']}: {r['status']}")
        for backend, why in r.get("raised", {}).items():
            out.append(f"\n{backend} failed (counted as unfinished): {r['genre']} {r['name']}: {why}")
    return "\n".join(out)


def failed(row: dict[str, Any]) -> bool:
    """A miss, or ``auto`` raised."""
    return bool(row.get("miss")) or row.get("status", "").startswith(RAISED)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.auto_margin", description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1],
    )
    parser.add_argument("--genres", default=",".join(GENRES), help="comma-separated (default: %(default)s)")
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds per solve (default 20)")
    parser.add_argument("--runs", type=int, default=3, help="solves per median (default 3)")
    parser.add_argument("--json", help="also write one JSON line per puzzle here")
    args = parser.parse_args(argv)
    names = installed_backends()
    warm_up(names)
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for genre in args.genres.split(","):
        puzzles = corpus_all(genre)
        for i, inst in enumerate(puzzles, 1):
            row = check(genre, inst.name, inst.text, names, args.runs, args.time_limit)
            rows.append(row)
            if "error" in row:
                verdict = "error"
            elif failed(row):
                verdict = f"MISS {row['miss']}" if row["miss"] else "AUTO FAILED"
            else:
                verdict = "ok"
            print(f"[{time.perf_counter() - started:6.0f}s] {genre} {i}/{len(puzzles)} {inst.name}: "
                  f"{row.get('auto', 0):.3g} s {verdict}", file=sys.stderr, flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(r) + "\n" for r in rows)
    print(report(rows))
    return 1 if any(map(failed, rows)) else 0


if __name__ == "__main__":
    raise SystemExit(main())
