"""Every janko Numberlink puzzle of the shared corpus, solved with its uniqueness proof.

    python -m benchmarks.numberlink_corpus [--backend sat --backend sat:propagate=true]
        [--time-limit 10] [--jobs 1] [--only sw-,15x15] [--json out.jsonl]
    python -m benchmarks.numberlink_corpus --generated [--time-limit 10]

The puzzles are read in place, never copied (their licence allows no redistribution):

* ``sw/numberlink/NumberLink_dataset.json`` (150 janko "Arukone"): the cover mode is the one
  the published answer implies (``any`` when it leaves a cell empty, else ``all``);
* ``numberlink/numberlink.jsonl``: the ``pk-numberlink-*`` lines (mode from
  ``full_coverage``, which the published answer fixed) and the ``ta-janko-*`` lines (no
  published answer; thomasahle's janko file is a full-cover set, so ``all``).

Every puzzle is read with ``u-turns: no`` (no line turns back beside itself inside a 2x2
block), the convention these puzzles are made under: none of the 263 published answers of
the two sets has such a turn, and without the rule 169 of the 270 ``ta-janko`` puzzles have
a second solution.

``--generated`` runs the ``ta-inputs*`` lines instead: puzzles of thomasahle's generator, up
to 50x50, with no published answer and possibly several solutions, so each is only solved
(``limit=1``). His solver fills every cell and accepts no line that touches itself (its
``validate``), so a puzzle is read first with the full cover and ``u-turns: no``; when that
reading has no solution, with the full cover alone, then with ``cover: any``, all within
the one time limit. Every reading's solution is a solution under the plain rules with
``cover: any``, so a puzzle counts as solved under those rules (or settled as unsolvable
when the last reading has no solution).

Each puzzle runs in a fresh worker process (``python -m benchmarks.numberlink_corpus
--worker``, the job on stdin) with ``unique=True`` and the time limit; the parent kills a
worker that overruns the limit by 5 s. A configuration is ``BACKEND[:OPTION=VALUE,...]``;
every configuration runs on every puzzle in the same run, puzzle by puzzle, so a shared
machine slows them alike. The report gives, per configuration and size band, the puzzles
solved with a uniqueness proof within the limit, the median and the maximum time
(``seconds`` of the result: the model, lowering and solving, not the package import).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .instances import CORPUS, UTURNS, numberlink_header

BANDS: tuple[tuple[str, int], ...] = (("<=10x10", 100), ("<=15x15", 225), ("<=20x20", 400), (">20x20", 10**9))
#: The readings of a generated puzzle, tried in turn (see the module docstring).
READINGS: tuple[str, ...] = (UTURNS, "", "cover: any\n")


@dataclass(frozen=True)
class Puzzle:
    """One corpus puzzle as text in our file format."""

    name: str
    rows: int
    cols: int
    text: str
    #: headers tried in turn before the text, solving only (empty: the text's own header,
    #: solved with the uniqueness proof)
    readings: tuple[str, ...] = ()

    @property
    def band(self) -> str:
        return next(name for name, cells in BANDS if self.rows * self.cols <= cells)


def sw_puzzles(corpus: Path = CORPUS) -> Iterator[Puzzle]:
    """The sw set: problem rows of ``-`` or numbers; cover from the published answer."""
    path = corpus / "sw" / "numberlink" / "NumberLink_dataset.json"
    if not path.is_file():
        return
    for key, entry in sorted(json.loads(path.read_text(encoding="utf-8"))["data"].items()):
        lines = entry["problem"].strip().split("\n")
        rows, cols = (int(t) for t in lines[0].split()[:2])
        body = [" ".join("0" if t == "-" else t for t in line.split()) for line in lines[1:rows + 1]]
        answer = [line.split() for line in entry["solution"].strip().split("\n")[1:]]
        empty = any(t == "-" for row in answer for t in row)
        header = numberlink_header(empty)
        yield Puzzle(f"sw-{key}", rows, cols, header + "".join(b + "\n" for b in body))


def _jsonl(corpus: Path, prefixes: tuple[str, ...]) -> Iterator[tuple[dict[str, Any], str]]:
    """The numberlink.jsonl records whose id starts with one of ``prefixes``, each with its
    grid as text rows."""
    path = corpus / "numberlink" / "numberlink.jsonl"
    if not path.is_file():
        return
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec["id"].startswith(prefixes):
                yield rec, "".join(" ".join(map(str, row)) + "\n" for row in rec["grid"])


def jsonl_puzzles(corpus: Path = CORPUS) -> Iterator[Puzzle]:
    """The ``ta-janko-*`` and ``pk-numberlink-*`` lines of numberlink.jsonl."""
    for rec, body in _jsonl(corpus, ("ta-janko-", "pk-numberlink-")):
        header = numberlink_header(rec.get("full_coverage") is False)
        yield Puzzle(rec["id"], rec["rows"], rec["cols"], header + body)


def generated_puzzles(corpus: Path = CORPUS) -> Iterator[Puzzle]:
    """The ``ta-inputs*`` lines of numberlink.jsonl, with their readings."""
    for rec, body in _jsonl(corpus, ("ta-inputs",)):
        yield Puzzle(rec["id"], rec["rows"], rec["cols"], body, READINGS)


def puzzles(corpus: Path = CORPUS) -> list[Puzzle]:
    """Every puzzle of both sets."""
    return [*sw_puzzles(corpus), *jsonl_puzzles(corpus)]


def parse_config(text: str) -> tuple[str, dict[str, Any]]:
    """``BACKEND[:NAME=VALUE,...]``; values ``true``/``false`` become booleans."""
    backend, _, rest = text.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        low = value.lower()
        options[key] = True if low == "true" else False if low == "false" else value
    return backend, options


# the worker --------------------------------------------------------------------------------


def work(job: dict[str, Any]) -> dict[str, Any]:
    """Solve one puzzle with its uniqueness proof, or a generated one under its readings in
    turn (runs in the worker process)."""
    from puzzlekit import api, genres
    from puzzlekit.errors import ParseError

    backend, options = parse_config(job["config"])
    if not job.get("readings"):
        puzzle = genres.get("numberlink").parse(job["text"], job["name"])
        result = api.solve(puzzle, backend, time_limit=job["time_limit"], unique=True, **options)
        return {"status": result.status, "unique": result.unique, "seconds": result.seconds,
                "backend": result.backend, "rounds": result.stats.get("rounds")}
    spent = 0.0
    for reading in job["readings"]:
        try:
            puzzle = genres.get("numberlink").parse(reading + job["text"], job["name"])
        except ParseError as exc:
            return {"status": "error", "unique": None, "seconds": None, "error": str(exc)}
        result = api.solve(puzzle, backend, time_limit=job["time_limit"] - spent, **options)
        spent += result.seconds
        if result.status != "unsolvable" or spent >= job["time_limit"]:
            break
    status = result.status
    if status == "unsolvable" and reading != job["readings"][-1]:
        status = "timeout"  # only a stricter reading was shown to have no solution
    return {"status": status, "unique": None, "seconds": spent, "backend": result.backend,
            "reading": reading.strip() or "cover: all"}


def run_one(puzzle: Puzzle, config: str, time_limit: float) -> dict[str, Any]:
    """One puzzle in a fresh worker; a worker that overruns the limit by 5 s is killed."""
    job = {"name": puzzle.name, "text": puzzle.text, "config": config, "time_limit": time_limit,
           "readings": list(puzzle.readings)}
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.numberlink_corpus", "--worker"], input=json.dumps(job),
            capture_output=True, text=True, timeout=time_limit + 5,
        )
    except subprocess.TimeoutExpired:
        return {"status": "killed", "unique": None, "seconds": time.perf_counter() - started}
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    return {"status": "error", "unique": None, "seconds": None, "error": done.stderr[-500:]}


def proven(out: dict[str, Any], time_limit: float) -> bool:
    """Solved, proven unique and within the limit."""
    return out["status"] == "solved" and out["unique"] is True and out["seconds"] <= time_limit


def settled(out: dict[str, Any], time_limit: float) -> bool:
    """A generated puzzle solved, or shown to have no solution, within the limit."""
    return out["status"] in ("solved", "unsolvable") and out["seconds"] <= time_limit


def _shown(seconds: float) -> str:
    return "t/o" if seconds == float("inf") else f"{seconds:.3g}"


def report(
    rows: list[tuple[Puzzle, str, dict[str, Any]]], configs: list[str], time_limit: float,
    generated: bool = False,
) -> str:
    """A Markdown table: per configuration and size band, the puzzles solved and proven unique
    (``generated``: solved or shown to have none) within the limit, median, max."""
    counted = settled if generated else proven
    what = "settled within limit" if generated else "unique within limit"
    lines = [f"| configuration | band | puzzles | {what} | median s | max s |",
             "|---|---|---|---|---|---|"]
    for config in configs:
        for band in [name for name, _ in BANDS] + ["all"]:
            mine = [(p, o) for p, c, o in rows if c == config and (band == "all" or p.band == band)]
            if not mine:
                continue
            ok = sum(counted(o, time_limit) for _, o in mine)
            times = [o["seconds"] if counted(o, time_limit) else float("inf") for _, o in mine]
            median = statistics.median(times)
            worst = max(times)
            lines.append(f"| {config} | {band} | {len(mine)} | {ok} | {_shown(median)} | {_shown(worst)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--backend", action="append", default=[],
                        help="a configuration BACKEND[:OPTION=VALUE,...]; repeat to compare (default auto)")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=1, help="workers at a time (only 1 is supported)")
    parser.add_argument("--only", default="",
                        help="only puzzles whose name contains one of these comma-separated texts")
    parser.add_argument("--json", default="", help="append one JSON line per run to this file")
    parser.add_argument("--generated", action="store_true",
                        help="the generated ta-inputs* puzzles instead, solved under their readings in turn")
    args = parser.parse_args(argv)
    if args.worker:
        print("RESULT " + json.dumps(work(json.loads(sys.stdin.read()))), flush=True)
        return 0
    if args.jobs != 1:
        parser.error("--jobs: only 1 is supported (timings on a shared machine)")
    configs = args.backend or ["auto"]
    wanted = args.only.split(",")
    source = list(generated_puzzles()) if args.generated else puzzles()
    todo = [p for p in source if any(w in p.name for w in wanted)]
    rows = []
    for i, puzzle in enumerate(todo):
        for config in configs:
            out = run_one(puzzle, config, args.time_limit)
            rows.append((puzzle, config, out))
            ok = (settled if args.generated else proven)(out, args.time_limit)
            mark = f"ok {out['status']}" if ok and args.generated else "ok" if ok else out["status"]
            print(f"[{i + 1}/{len(todo)}] {puzzle.name} {puzzle.rows}x{puzzle.cols} {config}: "
                  f"{mark} {out['seconds'] if out['seconds'] is None else round(out['seconds'], 3)}",
                  file=sys.stderr, flush=True)
            if args.json:
                with open(args.json, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps({"name": puzzle.name, "rows": puzzle.rows, "cols": puzzle.cols,
                                         "config": config, **out}) + "\n")
    print(report(rows, configs, args.time_limit, args.generated))
    return 0


if __name__ == "__main__":
    sys.exit(main())
