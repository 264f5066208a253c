"""Generation timings: median seconds over seeds per (genre, size, level).

    python -m benchmarks.generation                          # every case, seeds 1-10
    python -m benchmarks.generation --cases zip-6,queens-9 --seeds 3
    python -m benchmarks.generation --time-limit 900 --write-docs

Each (case, seed) makes one puzzle with `puzzlekit.generate.generate` in a fresh worker
process (``python -m benchmarks.generation --worker``, the job as JSON on stdin), so one
puzzle's memory or a hang never touches the next; the worker runs under the generator's own
``time_limit`` and the parent kills it a grace period later. The time is the whole call:
planting, revealing, removing, grading, and the two uniqueness proofs. A puzzle that ends at
another level than asked (the generator's documented downgrade) counts, and is reported.

Output: one JSON line per (case, seed) in ``--out`` (default
``benchmarks/results/generation.jsonl``), the table on standard output, and with
``--write-docs`` the table in docs/generating.md (between the ``generation-table`` markers).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "generating.md"
BEGIN, END = "<!-- generation-table -->", "<!-- /generation-table -->"


@dataclass(frozen=True)
class Case:
    genre: str
    height: int
    width: int
    level: str | None

    @property
    def name(self) -> str:
        return f"{self.genre}-{self.height}" + ("" if self.height == self.width else f"x{self.width}")


#: The sizes the generator was asked to reach, each at the level measured.
CASES: tuple[Case, ...] = (
    Case("masyu", 15, 15, "hard"),
    Case("masyu", 20, 20, "hard"),
    Case("sudoku", 25, 25, "hard"),
    Case("sudoku", 36, 36, "easy"),
    Case("tents", 30, 30, "easy"),
    Case("slitherlink", 30, 30, "easy"),
    Case("hashi", 30, 30, "hard"),
    Case("tracks", 20, 20, "easy"),
    Case("nonogram", 40, 40, "easy"),
    Case("queens", 9, 9, "easy"),
    Case("queens", 10, 10, "easy"),
    Case("queens", 11, 11, "easy"),
    Case("zip", 6, 6, "hard"),
    Case("zip", 7, 7, "hard"),
    Case("zip", 8, 8, "hard"),
    Case("wend", 5, 5, "easy"),
    Case("wend", 6, 6, "easy"),
    Case("wend", 7, 7, "easy"),
    Case("swend", 5, 5, "easy"),
    Case("swend", 6, 6, "easy"),
    Case("swend", 7, 7, "easy"),
)


def worker() -> None:
    """Make one puzzle (the job on stdin) and print what it took."""
    from puzzlekit.errors import OutOfTime
    from puzzlekit.generate import generate

    job = json.loads(sys.stdin.read())
    started = time.perf_counter()
    try:
        made = next(generate(job["genre"], job["height"], job["width"], job["level"], seed=job["seed"],
                             time_limit=job["time_limit"]))
    except OutOfTime:
        print(json.dumps({"status": "timeout", "seconds": time.perf_counter() - started}))
        return
    print(json.dumps({
        "status": "ok", "seconds": time.perf_counter() - started, "grade": made.grade.level,
        "level": made.level, "note": made.note, "clues": made.stats.get("clues"),
        "attempts": made.stats.get("attempts"), "repairs": made.stats.get("repairs"),
        "certified": made.stats.get("certified"), "fingerprint": made.fingerprint,
    }))


def run(case: Case, seed: int, time_limit: float) -> dict[str, Any]:
    """One (case, seed) in a worker process."""
    job = {"genre": case.genre, "height": case.height, "width": case.width, "level": case.level,
           "seed": seed, "time_limit": time_limit}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.generation", "--worker"], input=json.dumps(job), cwd=ROOT,
            env=env, capture_output=True, text=True, timeout=time_limit + 60,
        )
    except subprocess.TimeoutExpired:
        return {**job, "status": "killed", "seconds": time.perf_counter() - started}
    if done.returncode != 0 or not done.stdout.strip():
        return {**job, "status": "error", "seconds": time.perf_counter() - started,
                "error": done.stderr.strip().splitlines()[-1:] or ["exit status " + str(done.returncode)]}
    return {**job, **json.loads(done.stdout.strip().splitlines()[-1])}


def table(rows: list[dict[str, Any]]) -> str:
    """The median seconds per case, with the grades reached and the runs that did not finish."""
    out = [
        "| genre | size | level asked | seeds | median s | min s | max s | grades reached | unfinished |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    cases: dict[tuple, list[dict]] = {}
    for row in rows:
        cases.setdefault((row["genre"], row["height"], row["width"], row["level"]), []).append(row)
    for (genre, h, w, level), runs in cases.items():
        done = [r for r in runs if r["status"] == "ok"]
        times = sorted(r["seconds"] for r in runs)
        if len(done) * 2 > len(runs):
            median = f"{statistics.median(times):.1f}"
        else:
            median = f"> {runs[0]['time_limit']:.0f}"
        grades: dict[str, int] = {}
        for r in done:
            grades[r["grade"]] = grades.get(r["grade"], 0) + 1
        reached = ", ".join(f"{g} {n}" for g, n in sorted(grades.items()))
        unfinished = len(runs) - len(done)
        finished = [r["seconds"] for r in done]
        span = (f"{min(finished):.1f}", f"{max(finished):.1f}") if done else ("", "")
        out.append(f"| {genre} | {h}x{w} | {level} | {len(runs)} | {median} | {span[0]} | {span[1]} | "
                   f"{reached} | {unfinished or ''} |")
    return "\n".join(out) + "\n"


def write_docs(text: str, note: str) -> None:
    doc = DOC.read_text()
    block = f"{BEGIN}\n{note}\n\n{text}{END}"
    if BEGIN in doc:
        head, rest = doc.split(BEGIN, 1)
        doc = head + block + rest.split(END, 1)[1]
    else:
        doc = doc.rstrip() + "\n\n" + block + "\n"
    DOC.write_text(doc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cases", help="comma-separated case names (e.g. masyu-15,zip-6); default all")
    parser.add_argument("--seeds", type=int, default=10, help="seeds 1..N per case (default 10)")
    parser.add_argument("--time-limit", type=float, default=600.0, help="seconds per puzzle (default 600)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "generation.jsonl")
    parser.add_argument("--write-docs", action="store_true", help="put the table in docs/generating.md")
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return 0
    chosen = list(CASES)
    if args.cases:
        names = args.cases.split(",")
        unknown = [n for n in names if n not in {c.name for c in CASES}]
        if unknown:
            parser.error(f"unknown case(s) {', '.join(unknown)}; cases: {', '.join(c.name for c in CASES)}")
        chosen = [c for c in CASES if c.name in names]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    rows = []
    with args.out.open("a") as sink:
        for case in chosen:
            for seed in range(1, args.seeds + 1):
                row = run(case, seed, args.time_limit)
                rows.append(row)
                sink.write(json.dumps(row) + "\n")
                sink.flush()
                print(f"{case.name} {case.level} seed {seed}: {row['status']} {row['seconds']:.1f}s "
                      f"{row.get('grade', '')} {row.get('note', '')}", file=sys.stderr, flush=True)
    text = table(rows)
    print(text)
    if args.write_docs:
        note = (f"Measured {time.strftime('%Y-%m-%d')} with seeds 1-{args.seeds}, a {args.time_limit:.0f} s "
                f"limit per puzzle, on {os.cpu_count()} CPUs (`python -m benchmarks.generation`).")
        write_docs(text, note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
