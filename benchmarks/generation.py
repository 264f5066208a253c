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

Where Simon Tatham's collection has the genre (Debian's ``sgt-puzzles``: pearl, loopy,
bridges, tracks, tents, solo; `benchmarks.tatham`), his generator makes a puzzle of the same
size and the nearest level for the same seeds in the same run (``--no-tatham`` skips it), one
process per puzzle under the same time limit; his time is the wall time of that process.
The genres made with the genre kit (`KIT_CASES`, ``--kit`` runs only those) are asked at his
default size, once for each level of his.

Output: one JSON line per (case, seed, generator) in ``--out`` (default
``benchmarks/results/generation.jsonl``), the table on standard output, and with
``--write-docs`` the table in docs/benchmarks.md (between the ``generation-table`` markers).
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
#: The generator's everyday level names (kept here so the parent never imports puzzlekit).
ALIASES = {"easy": "rules", "medium": "trial", "hard": "chain", "expert": "deep"}
DOC = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- generation-table -->", "<!-- /generation-table -->"


@dataclass(frozen=True)
class Case:
    genre: str
    height: int
    width: int
    level: str | None
    #: Tatham's game and level letter for the same size, where he has the genre
    tatham: tuple[str, str] | None = None
    #: told after the size in the name, where a genre and size have two cases
    tag: str = ""
    #: his size as his parameters spell it, where it is not ``WxH`` (Towers ``5``, Killer ``3x3``)
    his_size: str = ""

    @property
    def tatham_size(self) -> str:
        """His size: ``WxH``, or Solo's boxes ``CxR``."""
        if self.his_size:
            return self.his_size
        if self.tatham is not None and self.tatham[0] == "solo":
            from puzzlekit.genres import sudoku

            rows, cols = sudoku.default_box(self.height)
            return f"{cols}x{rows}"
        return f"{self.width}x{self.height}"

    @property
    def name(self) -> str:
        size = f"{self.height}" + ("" if self.height == self.width else f"x{self.width}")
        return f"{self.genre}-{size}" + (f"-{self.tag}" if self.tag else "")


#: The sizes the generator was asked to reach, each at the level measured.
#: His level beside ours: the hardest he has for hard (Solo: intermediate, which his 5x5
#: generator still finishes), his easiest for easy. Solo stops at 31 symbols (no 36x36).
CASES: tuple[Case, ...] = (
    Case("masyu", 15, 15, "hard", ("pearl", "t")),
    Case("masyu", 20, 20, "hard", ("pearl", "t")),
    Case("masyu", 15, 15, None, ("pearl", "t"), tag="any"),  # the default level: minimal, graded as it comes
    Case("sudoku", 25, 25, "hard", ("solo", "i")),
    Case("sudoku", 36, 36, "easy"),
    Case("tents", 30, 30, "easy", ("tents", "e")),
    Case("slitherlink", 30, 30, "easy", ("loopy", "e")),
    Case("hashi", 30, 30, "hard", ("bridges", "2")),
    Case("tracks", 20, 20, "easy", ("tracks", "e")),
    Case("nonogram", 40, 40, "easy"),
    Case("queens", 9, 9, None),  # from nothing but the regions: any level, as it comes
    Case("queens", 10, 10, None),
    Case("queens", 11, 11, None),
    Case("zip", 6, 6, "hard"),
    Case("zip", 7, 7, "hard"),
    Case("zip", 8, 8, "hard"),
    Case("wend", 5, 5, None),
    Case("wend", 6, 6, None),
    Case("wend", 7, 7, None),
    Case("swend", 5, 5, None),
    Case("swend", 6, 6, None),
    Case("swend", 7, 7, None),
)


def _beside(genre: str, height: int, width: int, game: str, levels: str,
            his_size: str = "") -> tuple[Case, ...]:
    """A genre made with the kit at his default size, one case per level of his: ``levels``
    pairs his level's name and letter with ours (``easy/e=trial``; ``normal/=rules`` for a
    game of one level, which his parameters leave out)."""
    out = []
    for pair in levels.split():
        his, ours = pair.split("=")
        name, letter = his.split("/")
        tag = name if letter else ""
        out.append(Case(genre, height, width, ours, (game, letter), tag=tag, his_size=his_size))
    return tuple(out)


#: The genres made with the genre kit, at his default size and each of his levels (his levels
#: there). Ours beside each is the level it offers (`puzzlekit.generate.offered`) nearest to
#: the median grade of five puzzles of his at that level, as `puzzlekit.api.grade` grades them.
KIT_CASES: tuple[Case, ...] = (
    *_beside("lightup", 7, 7, "lightup", "easy/0=rules tricky/1=trial hard/2=trial"),
    *_beside("hitori", 5, 5, "singles", "easy/e=lines tricky/k=lines"),
    *_beside("kurodoko", 6, 9, "range", "normal/=chain"),
    *_beside("futoshiki", 5, 5, "unequal", "trivial/t=scan easy/e=trial "
             "tricky/k=trial extreme/x=trial recursive/r=trial", "5"),
    *_beside("binairo", 8, 8, "unruly", "trivial/t=scan easy/e=scan normal/n=pairs"),
    *_beside("skyscrapers", 5, 5, "towers", "easy/e=chain hard/h=chain", "5"),
    *_beside("magnets", 5, 6, "magnets", "easy/e=chain tricky/t=chain"),
    *_beside("undead", 4, 4, "undead", "easy/e=pairs normal/n=pairs tricky/t=chain"),
    *_beside("kenken", 6, 6, "keen", "easy/e=scan normal/n=rules "
             "hard/h=trial extreme/x=trial unreasonable/u=trial", "6"),
    *_beside("killersudoku", 9, 9, "killer", "trivial/t=rules basic/b=rules intermediate/i=rules "
             "advanced/a=rules extreme/e=rules unreasonable/u=rules", "3x3"),
    *_beside("jigsawsudoku", 9, 9, "jigsaw", "trivial/t=scan basic/b=scan intermediate/i=chain "
             "advanced/a=chain extreme/e=chain unreasonable/u=chain", "9"),
    *_beside("gokigen", 8, 8, "slant", "easy/e=chain hard/h=chain"),
    Case("mosaic", 10, 10, "pairs", ("mosaic", "")),
    # Fillomino offers no level yet: any level, minimal for uniqueness and graded as it comes
    Case("fillomino", 7, 9, None, ("filling", "")),
    *_beside("signpost", 4, 4, "signpost", "normal/=trial"),
    Case("tango", 6, 6, "trial"),
)
CASES += KIT_CASES


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
           "asked": case.level, "seed": seed, "time_limit": time_limit, "tag": case.tag}
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


def run_tatham(case: Case, seed: int, time_limit: float) -> dict[str, Any]:
    """His generator on the case's size and level for one seed (his own process)."""
    from benchmarks import tatham

    assert case.tatham is not None
    name, letter = case.tatham
    row: dict[str, Any] = {"who": "tatham", "genre": case.genre, "height": case.height, "width": case.width,
                           "level": case.level, "asked": case.level, "seed": seed, "time_limit": time_limit,
                           "tag": case.tag, "game": name,
                           "params": tatham.game(name).params(letter, case.tatham_size)}
    started = time.perf_counter()
    try:
        made = tatham.generate(name, letter, 1, seed=seed, size=case.tatham_size, time_limit=time_limit)
    except tatham.TathamMissing as exc:
        return {**row, "status": "missing", "seconds": 0.0, "error": str(exc)}
    except tatham.GenerationFailed as exc:
        status = "timeout" if "took more than" in str(exc) else "error"
        return {**row, "status": status, "seconds": time.perf_counter() - started, "error": str(exc)}
    return {**row, "status": "ok", "seconds": made[0].wall_seconds, "cpu_seconds": made[0].seconds}


def _median(runs: list[dict[str, Any]]) -> str:
    """The median over every run, a run that did not finish counting as its time limit
    ("error" when most runs failed with an error rather than ran out of time)."""
    if not runs:
        return ""
    done = [r for r in runs if r["status"] == "ok"]
    if sum(1 for r in runs if r["status"] == "error") * 2 > len(runs):
        return "error"
    if len(done) * 2 <= len(runs):
        return f"> {runs[0]['time_limit']:.0f}"
    times = [r["seconds"] if r["status"] == "ok" else r["time_limit"] for r in runs]
    return f"{statistics.median(times):.1f}"


def comparison(rows: list[dict[str, Any]]) -> str:
    """Ours beside Tatham's: median and max seconds, and how many made the level asked."""
    out = [
        "| genre | size | level | seeds | ours median s | ours max s | success | grades reached | "
        "Tatham (his level) | Tatham median s | Tatham max s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    cases: dict[tuple, dict[str, list[dict]]] = {}
    for row in rows:
        key = (row["genre"], row["height"], row["width"], row.get("asked", row["level"]), row.get("tag", ""))
        cases.setdefault(key, {}).setdefault(row.get("who", "ours"), []).append(row)
    for (genre, h, w, asked, _), by in cases.items():
        ours, his = by.get("ours", []), by.get("tatham", [])
        level = next((r["level"] for r in ours if r["status"] == "ok"), ALIASES.get(asked, asked)) or "any"
        done = [r for r in ours if r["status"] == "ok"]
        hit = sum(1 for r in done if not r.get("note"))
        grades: dict[str, int] = {}
        for r in done:
            grades[r["grade"]] = grades.get(r["grade"], 0) + 1
        reached = ", ".join(f"{g} {n}" for g, n in sorted(grades.items()))
        top = f"{max(r['seconds'] for r in done):.1f}" if len(done) == len(ours) and ours else (
            f"> {ours[0]['time_limit']:.0f}" if ours else "")
        his_done = [r for r in his if r["status"] == "ok"]
        his_top = (f"{max(r['seconds'] for r in his_done):.1f}" if his and len(his_done) == len(his)
                   else (f"> {his[0]['time_limit']:.0f}" if his else ""))
        his_name = f"{his[0]['params']}" if his else "none"
        if his and his[0]["status"] == "missing":
            his_name, his_top = "not installed", ""
        out.append(f"| {genre} | {h}x{w} | {level} | {len(ours)} | {_median(ours)} | {top} | "
                   f"{hit}/{len(ours)} | {reached} | {his_name} | "
                   f"{_median(his) if his_top else ''} | {his_top} |")
    return "\n".join(out) + "\n"


def table(rows: list[dict[str, Any]]) -> str:
    """The median seconds per case, with the grades reached and the runs that did not finish."""
    out = [
        "| genre | size | level asked | seeds | median s | min s | max s | grades reached | unfinished |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    cases: dict[tuple, list[dict]] = {}
    for row in rows:
        if row.get("who", "ours") == "ours":
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
    parser.add_argument("--first-seed", type=int, default=1,
                        help="start at this seed (default 1), e.g. to add seeds to an earlier run")
    parser.add_argument("--time-limit", type=float, default=600.0, help="seconds per puzzle (default 600)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "generation.jsonl")
    parser.add_argument("--write-docs", action="store_true", help="put the table in docs/benchmarks.md")
    parser.add_argument("--from", dest="sources", type=Path, nargs="+", default=None, metavar="JSONL",
                        help="make the table from rows written before, running nothing")
    parser.add_argument("--no-tatham", action="store_true", help="skip Tatham's generators")
    parser.add_argument("--kit", action="store_true",
                        help="only the genres made with the genre kit (KIT_CASES)")
    parser.add_argument("--tatham-time-limit", type=float, default=None,
                        help="seconds per puzzle of his (default: --time-limit)")
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return 0
    chosen = list(KIT_CASES if args.kit else CASES)
    if args.cases:
        names = args.cases.split(",")
        unknown = [n for n in names if n not in {c.name for c in CASES}]
        if unknown:
            parser.error(f"unknown case(s) {', '.join(unknown)}; cases: {', '.join(c.name for c in CASES)}")
        chosen = [c for c in CASES if c.name in names]
    rows: list[dict[str, Any]] = []
    if args.sources:
        for source in args.sources:
            rows += [json.loads(line) for line in source.read_text().splitlines() if line.strip()]
        chosen = []
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # two of his levels beside one of ours (cases that differ in his level alone) share our runs
    ours: dict[tuple, list[dict[str, Any]]] = {}
    with args.out.open("a") as sink:
        for case in chosen:
            key = (case.genre, case.height, case.width, case.level)
            for seed in range(args.first_seed, args.seeds + 1):
                earlier = [r for r in ours.get(key, []) if r["seed"] == seed]
                row = {**earlier[0], "tag": case.tag} if earlier else run(case, seed, args.time_limit)
                ours.setdefault(key, []).append(row)
                rows.append(row)
                sink.write(json.dumps(row) + "\n")
                sink.flush()
                print(f"{case.name} {case.level} seed {seed}: {row['status']} {row['seconds']:.1f}s "
                      f"{row.get('grade', '')} {row.get('note', '')}", file=sys.stderr, flush=True)
            if case.tatham is None or args.no_tatham:
                continue
            for seed in range(args.first_seed, args.seeds + 1):
                row = run_tatham(case, seed, args.tatham_time_limit or args.time_limit)
                rows.append(row)
                sink.write(json.dumps(row) + "\n")
                sink.flush()
                print(f"{case.name} tatham {row['params']} seed {seed}: {row['status']} "
                      f"{row['seconds']:.1f}s", file=sys.stderr, flush=True)
                if row["status"] == "missing":
                    break
    text = comparison(rows)
    print(text)
    if args.write_docs:
        note = (f"Measured {time.strftime('%Y-%m-%d')} with seeds {args.first_seed}-{args.seeds}, "
                f"a {args.time_limit:.0f} s "
                f"limit per puzzle, on {os.cpu_count()} CPUs shared with other work "
                f"(`python -m benchmarks.generation`).")
        write_docs(text, note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
