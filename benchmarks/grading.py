"""Validate the deduction ladder against Simon Tatham's exact levels.

    python -m benchmarks.grading                          # 100 puzzles per level, every game
    python -m benchmarks.grading --count 20 --games pearl,solo
    python -m benchmarks.grading --write-docs             # refresh the numbers in docs/grading.md

For each of his games (`benchmarks.tatham`) and each of his levels, ``--count`` puzzles at
the game's default size come from his generator with fixed seeds (puzzle ``i`` of a level has
the seed ``grading-i``), so every run grades the same puzzles; the descriptions are cached in
``benchmarks/results/tatham/`` and generated only once. Each puzzle is graded with
`puzzlekit.api.grade` and, on the same worker, its uniqueness is checked once with
``api.solve(p, unique=True)`` on the ``auto`` backend and once on ``search``; all three are
timed (wall clock, after the solver packages were loaded).

Per game the report gives the confusion matrix (his level x our level), Spearman's rank
correlation between his level and our rank (average ranks for ties), the median and mean of
our rank per level of his, and the median ratio of grading time to uniqueness-check time.
Rows go to ``benchmarks/results/grading.jsonl`` and the report to
``benchmarks/results/grading.md``; ``--write-docs`` also replaces the generated block of
docs/grading.md (between the markers).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import tatham
from .instances import ROOT

RESULTS = ROOT / "benchmarks" / "results"
CACHE = RESULTS / "tatham"
DOCS = ROOT / "docs" / "grading.md"
BEGIN, END = "<!-- grading:begin -->", "<!-- grading:end -->"
HINTS_BEGIN, HINTS_END = "<!-- hints:begin -->", "<!-- hints:end -->"
SEED = "grading"
#: Targets from the issue: Spearman per game at least this (the goal is `GOAL`).
TARGET, GOAL = 0.6, 0.8
#: Grading should cost at most this many uniqueness checks (median over the validation set).
COST = 3.0


# --- statistics ------------------------------------------------------------------------------


def average_ranks(values: Sequence[float]) -> list[float]:
    """Ranks 1..n of the values, ties sharing the average of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation; None when either side is constant or there are fewer than 2."""
    n = len(xs)
    if n != len(ys):
        raise ValueError("the two samples differ in length")
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation: Pearson's on average ranks (ties handled)."""
    return pearson(average_ranks(xs), average_ranks(ys))


def confusion(pairs: Iterable[tuple[Any, Any]], rows: Sequence[Any], cols: Sequence[Any]) -> list[list[int]]:
    """Counts of (row, column) pairs, in the given order of rows and columns."""
    table = [[0] * len(cols) for _ in rows]
    where_row = {r: i for i, r in enumerate(rows)}
    where_col = {c: j for j, c in enumerate(cols)}
    for r, c in pairs:
        table[where_row[r]][where_col[c]] += 1
    return table


# --- puzzles ---------------------------------------------------------------------------------


def puzzles(game: str, level: str, count: int, cache: Path = CACHE, size: str | None = None,
            seed_prefix: str = SEED) -> list[tatham.Described]:
    """``count`` puzzles of one of his levels (default size unless ``size``), from the cache
    or made now."""
    g = tatham.game(game)
    params = g.params(level, size)
    path = cache / f"{g.name}-{params}.json"
    known: dict[str, dict] = json.loads(path.read_text()) if path.is_file() else {}
    out, added = [], False
    for i in range(count):
        seed = f"{seed_prefix}-{i}"
        if seed not in known:
            d = tatham.generate(g.name, level, 1, seed=seed, size=size)[0]
            known[seed] = {"desc": d.desc, "seconds": d.seconds}
            added = True
        entry = known[seed]
        out.append(tatham.Described(g.name, g.level_name(level), params, seed, entry["desc"],
                                    entry["seconds"]))
    if added:
        cache.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(known, indent=0, sort_keys=True))
    return out


# --- measuring (in worker processes) -----------------------------------------------------------


def _warm() -> None:
    """Load every solver package once, so no timing below includes an import."""
    import puzzlekit
    from puzzlekit import api

    tiny = puzzlekit.load("masyu", "0 1 0 0\n0 0 0 0\n")
    for backend in dict.fromkeys(api.PREFERENCE.get(g.genre, ("cpsat",))[0] for g in tatham.GAMES.values()):
        try:
            api.solve(tiny, backend=backend)
        except Exception:  # noqa: BLE001 - a missing backend is reported by the run itself
            pass


def measure(game: str, level: str, seed: str, game_id: str, time_limit: float,
            search: bool) -> dict[str, Any]:
    """Grade one puzzle and time one uniqueness check on ``auto`` (and on ``search``)."""
    import puzzlekit
    from puzzlekit import api
    from puzzlekit.errors import OutOfTime

    g = tatham.game(game)
    puzzle = puzzlekit.load(g.genre, tatham.convert(g.name, game_id))
    row: dict[str, Any] = {"game": g.name, "tatham": level, "seed": seed, "id": game_id}
    started = time.perf_counter()
    try:
        graded = api.grade(puzzle, time_limit=time_limit).to_json()
        row["ours"] = graded.pop("level")
        row.update(graded)
    except OutOfTime:
        row.update(ours=None, rank=None)
    row["grade_s"] = time.perf_counter() - started
    for name, backend in (("unique", "auto"), ("search", "search")):
        if backend == "search" and not search:
            continue
        started = time.perf_counter()
        result = api.solve(puzzle, backend=backend, unique=True, time_limit=time_limit)
        row[f"{name}_s"] = time.perf_counter() - started
        row[f"{name}_backend"] = result.backend
        row[f"{name}_unique"] = result.unique
    return row


def _warm_without_citations() -> None:
    """`_warm`, and steps without citations in this process (`hints.no_citations`)."""
    from . import hints

    hints.no_citations()
    _warm()


def _measure(args: tuple) -> dict[str, Any]:
    return measure(*args)


#: Where `explain` is timed: (game, size); his default size for Solo, the largest square Pearl.
EXPLAINED = (("solo", None), ("pearl", "10x10"))


def explain_times(count: int, time_limit: float) -> list[dict[str, Any]]:
    """Time `api.explain` on ``count`` puzzles of every level of the `EXPLAINED` games."""
    import puzzlekit
    from puzzlekit import api

    _warm()
    rows = []
    for game, size in EXPLAINED:
        g = tatham.game(game)
        for level, _ in g.levels:
            for d in puzzles(g.name, level, count, size=size, seed_prefix="explain"):
                puzzle = puzzlekit.load(g.genre, tatham.convert(g.name, d))
                started = time.perf_counter()
                steps = api.explain(puzzle, time_limit=time_limit)
                rows.append({"game": g.name, "size": d.params, "tatham": level, "seed": d.seed,
                             "explain_s": time.perf_counter() - started, "steps": len(steps)})
    return rows


def explain_markdown(rows: Sequence[dict[str, Any]]) -> str:
    """Median and slowest `explain` per game and level."""
    out = ["| game | his level | puzzles | steps (median) | explain (median) | slowest |",
           "|---|---|---|---|---|---|"]
    for key in dict.fromkeys((r["game"], r["size"], r["tatham"]) for r in rows):
        mine = [r for r in rows if (r["game"], r["size"], r["tatham"]) == key]
        times = [r["explain_s"] for r in mine]
        steps = statistics.median(r["steps"] for r in mine)
        out.append(f"| {key[0]} {key[1]} | {key[2]} | {len(mine)} | {steps:.0f} | "
                   f"{_seconds(statistics.median(times))} | {_seconds(max(times))} |")
    return "\n".join(out) + "\n"


def run(games: Sequence[str], count: int, jobs: int, time_limit: float, search: bool,
        progress: bool = True, done: Sequence[dict[str, Any]] = (),
        sink: Callable[[dict[str, Any]], None] | None = None,
        levels: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every row of a validation run: generate (or read) the puzzles, then grade and time them.

    Puzzles with a row in ``done`` (same game, level and seed) are not graded again; each new
    row is also passed to ``sink`` as soon as it is measured (so a long run can be resumed).
    ``levels`` (his level names) keeps only those levels, where given."""
    seen = {(r["game"], r["tatham"], r["seed"]) for r in done}
    tasks = []
    for name in games:
        g = tatham.game(name)
        for level, _ in g.levels:
            if levels and level not in levels:
                continue
            try:
                made = puzzles(g.name, level, count)
            except tatham.GenerationFailed as exc:  # a level his generator cannot make in time
                print(f"{g.name} {level} left out: {exc}", file=sys.stderr)
                continue
            for d in made:
                if (g.name, level, d.seed) not in seen:
                    tasks.append((g.name, level, d.seed, d.game_id, time_limit, search))
    rows = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs, initializer=_warm) as pool:
        for i, row in enumerate(pool.map(_measure, tasks, chunksize=1)):
            rows.append(row)
            if sink is not None:
                sink(row)
            if progress:
                print(f"\r{i + 1}/{len(tasks)} {row['game']} {row['tatham']}: {row['ours']} "
                      f"({time.perf_counter() - started:.0f} s)   ", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return rows


# --- the report --------------------------------------------------------------------------------


def _levels() -> list[str]:
    from puzzlekit import ladder

    return [level.name for level in ladder.LEVELS]


def summary(rows: Sequence[dict[str, Any]], game: str) -> dict[str, Any]:
    """One game's numbers: confusion matrix, Spearman, medians and means, cost ratios."""
    g = tatham.game(game)
    his = [name for name, _ in g.levels]
    mine = [r for r in rows if r["game"] == g.name]
    graded = [r for r in mine if r["rank"] is not None]
    ours = _levels()
    cols = ours + ["timeout"]
    table = confusion(((r["tatham"], r["ours"] or "timeout") for r in mine), his, cols)
    rho = spearman([his.index(r["tatham"]) for r in graded], [r["rank"] for r in graded])
    per_level = {}
    for level in his:
        ranks = [r["rank"] for r in graded if r["tatham"] == level]
        per_level[level] = {
            "n": sum(1 for r in mine if r["tatham"] == level),
            "median": statistics.median(ranks) if ranks else None,
            "mean": statistics.fmean(ranks) if ranks else None,
        }
    medians = [v["median"] for v in per_level.values() if v["median"] is not None]
    means = [v["mean"] for v in per_level.values() if v["mean"] is not None]

    def ratio(key: str) -> float | None:
        values = [r["grade_s"] / r[key] for r in mine if r.get(key)]
        return statistics.median(values) if values else None

    return {
        "game": g.name, "genre": g.genre, "size": g.default_size, "levels": his, "ours": cols,
        "table": table, "spearman": rho, "per_level": per_level, "n": len(mine),
        "timeouts": len(mine) - len(graded),
        "medians_rise": all(a <= b for a, b in zip(medians, medians[1:])),
        "means_rise": all(a < b for a, b in zip(means, means[1:])),
        "ratio": ratio("unique_s"), "ratio_search": ratio("search_s"),
        "grade_s": statistics.median(r["grade_s"] for r in mine) if mine else None,
        "grade_max_s": max((r["grade_s"] for r in mine), default=None),
        "unique_s": statistics.median(r["unique_s"] for r in mine) if mine else None,
        "backend": sorted({r.get("unique_backend") for r in mine if r.get("unique_backend")}),
    }


def _num(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _seconds(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.1f} s"


def markdown(rows: Sequence[dict[str, Any]], info: dict[str, Any]) -> str:
    """The generated part of docs/grading.md: the run, a summary table, then one part per game."""
    games = list(dict.fromkeys(r["game"] for r in rows))
    sums = [summary(rows, name) for name in games]
    out = [f"Run of {info['date']}: {info['count']} puzzles per level (fewer where a level has fewer "
           f"rows below), {info['machine']}, Python {info['python']}, grading time limit "
           f"{info['time_limit']:g} s. Rerun with `{info['command']}`.", ""]
    out += ["| game (genre, size) | puzzles | Spearman | medians never fall | means rise | "
            "grade / unique (auto) | grade / unique (search) | median grade | slowest grade |",
            "|---|---|---|---|---|---|---|---|---|"]
    for s in sums:
        out.append(
            f"| {s['game']} ({s['genre']}, {s['size']}) | {s['n']} | {_num(s['spearman'])} | "
            f"{'yes' if s['medians_rise'] else 'no'} | {'yes' if s['means_rise'] else 'no'} | "
            f"{_num(s['ratio'], 1)} ({', '.join(s['backend'])}) | {_num(s['ratio_search'], 1)} | "
            f"{_seconds(s['grade_s'])} | {_seconds(s['grade_max_s'])} |")
    every = [r["grade_s"] / r["unique_s"] for r in rows if r.get("unique_s")]
    if every:
        out += ["", f"Over the whole set, grading took a median {statistics.median(every):.1f} "
                    f"uniqueness checks (auto backend)."]
    for s in sums:
        cols = [c for j, c in enumerate(s["ours"]) if any(row[j] for row in s["table"])]
        out += ["", f"### {s['game']} ({s['genre']}, {s['size']})", "",
                r"| his level \ ours | " + " | ".join(cols) + " | median | mean |",
                "|---" * (len(cols) + 3) + "|"]
        for level, row in zip(s["levels"], s["table"]):
            cells = [str(row[s["ours"].index(c)] or "·") for c in cols]
            stats = s["per_level"][level]
            out.append(f"| {level} | " + " | ".join(cells)
                       + f" | {_num(stats['median'], 1)} | {_num(stats['mean'])} |")
        if s["timeouts"]:
            out += ["", f"{s['timeouts']} puzzles were not graded within the time limit."]
    return "\n".join(out) + "\n"


def write_docs(text: str, doc: Path = DOCS, begin: str = BEGIN, end: str = END) -> None:
    """Replace a generated block of docs/grading.md (between the markers)."""
    old = doc.read_text(encoding="utf-8") if doc.is_file() else f"# Grading\n\n{begin}\n{end}\n"
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        tail = rest.split(end, 1)[1]
    else:
        head, tail = old.rstrip() + "\n\n", "\n"
    doc.write_text(f"{head}{begin}\n{text}{end}{tail}", encoding="utf-8")


def _graded() -> list[str]:
    """His games whose genre reads his IDs and that have levels to compare grades with."""
    return [name for name in tatham.readable() if len(tatham.GAMES[name].levels) > 1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.grading", description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=100, help="puzzles per level (default 100)")
    every = _graded()
    p.add_argument("--games", default=",".join(every),
                   help=f"comma-separated, his names or ours (default: {','.join(every)})")
    p.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2),
                   help="worker processes (default: half the processors)")
    p.add_argument("--time-limit", type=float, default=60.0, help="seconds per grade or check (default 60)")
    p.add_argument("--levels", default="", help="comma-separated: only these of his levels (default: all)")
    p.add_argument("--no-search", action="store_true", help="skip the uniqueness check on search")
    p.add_argument("--resume", action="store_true",
                   help="keep the rows of benchmarks/results/grading.jsonl (and of grading.partial.jsonl, "
                   "where every run appends its rows as they come) and grade only the puzzles they lack")
    p.add_argument("--from-rows", type=Path, help="report on saved rows (a grading.jsonl) instead of running")
    p.add_argument("--explain", type=int, default=0, metavar="N",
                   help="also time explain on N puzzles per level of Solo 9x9 and Pearl 10x10")
    p.add_argument("--hints", action="store_true",
                   help="check the hints on every puzzle instead of grading (benchmarks/hints.py)")
    p.add_argument("--no-citations", action="store_true",
                   help="with --hints: do not look for the steps' citations (what they fix is the same)")
    p.add_argument("--write-docs", action="store_true", help="refresh the numbers in docs/grading.md")
    p.add_argument("--block", default="grading", metavar="NAME",
                   help="with --write-docs: the generated block to replace, between <!-- NAME:begin --> and "
                   "<!-- NAME:end --> (default grading: the first six games; grading-kit: the games added "
                   "with the genre kit)")
    args = p.parse_args(argv)
    try:
        games = [tatham.game(name).name for name in args.games.split(",") if name.strip()]
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.hints:
        return _hints(args, games)
    info_path = RESULTS / "grading.json"
    rows_path = RESULTS / "grading.jsonl"
    if args.from_rows:
        rows = [json.loads(line) for line in args.from_rows.read_text().splitlines() if line.strip()]
        rows = [r for r in rows if r["game"] in games]
        info = json.loads(args.from_rows.with_suffix(".json").read_text())
    else:
        partial = rows_path.with_suffix(".partial.jsonl")
        found: dict[tuple, dict[str, Any]] = {}
        for saved in (rows_path, partial) if args.resume else ():
            if saved.is_file():
                for line in saved.read_text().splitlines():
                    if line.strip():
                        row = json.loads(line)
                        found[row["game"], row["tatham"], row["seed"]] = row
        kept = list(found.values())
        RESULTS.mkdir(parents=True, exist_ok=True)
        partial.write_text("".join(json.dumps(r) + "\n" for r in kept))

        def keep(row: dict[str, Any]) -> None:
            with partial.open("a") as out:
                out.write(json.dumps(row) + "\n")

        try:
            rows = kept + run(games, args.count, args.jobs, args.time_limit, not args.no_search,
                              done=kept, sink=keep,
                              levels=[x.strip() for x in args.levels.split(",") if x.strip()])
        except (tatham.TathamMissing, tatham.GenerationFailed) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        command = "python -m benchmarks.grading" + (f" --count {args.count}" if args.count != 100 else "")
        if set(games) != set(every):
            command += f" --games {','.join(games)}"
        info = {"date": datetime.now(UTC).strftime("%Y-%m-%d"), "count": args.count, "command": command,
                "machine": f"{platform.machine()}, {os.cpu_count()} processors, {args.jobs} workers",
                "python": platform.python_version(), "time_limit": args.time_limit}
        rows_path.write_text("".join(json.dumps(r) + "\n" for r in rows))
        partial.unlink()
        info_path.write_text(json.dumps(info, indent=1))
    text = markdown(rows, info)
    explained_path = RESULTS / "explain.jsonl"
    if args.explain:
        explained = explain_times(args.explain, args.time_limit)
        explained_path.write_text("".join(json.dumps(r) + "\n" for r in explained))
    elif explained_path.is_file():
        explained = [json.loads(line) for line in explained_path.read_text().splitlines() if line.strip()]
    else:
        explained = []
    if explained:
        text += ("\n### Explanations\n\n`api.explain` from the empty grid, in one process:\n\n"
                 + explain_markdown(explained))
    (RESULTS / "grading.md").write_text(text, encoding="utf-8")
    print(text)
    if args.write_docs:
        write_docs(text, begin=f"<!-- {args.block}:begin -->", end=f"<!-- {args.block}:end -->")
    return 0


def _hints(args: argparse.Namespace, games: list[str]) -> int:
    """The ``--hints`` mode: check the hints on every puzzle, then report on the saved rows
    of both kinds of run (without citations, then with them)."""
    from . import hints

    citations = not args.no_citations
    path = RESULTS / ("hints-cited.jsonl" if citations else "hints.jsonl")
    if not args.from_rows:
        tasks = [(g.name, level, d.seed, d.game_id, args.time_limit, citations)
                 for g in map(tatham.game, games) for level, _ in g.levels
                 for d in puzzles(g.name, level, args.count)]
        rows = hints.run(tasks, args.jobs, _warm if citations else _warm_without_citations)
        command = "python -m benchmarks.grading --hints" + ("" if citations else " --no-citations")
        command += f" --count {args.count}" if args.count != 100 else ""
        command += f" --games {','.join(games)}" if set(games) != set(_graded()) else ""
        info = {"date": datetime.now(UTC).strftime("%Y-%m-%d"), "count": args.count, "command": command,
                "citations": citations, "machine": f"{platform.machine()}, {args.jobs} workers"}
        RESULTS.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))
        path.with_suffix(".json").write_text(json.dumps(info, indent=1))
    parts, failed = [], False
    for saved in (RESULTS / "hints.jsonl", RESULTS / "hints-cited.jsonl"):
        if saved.is_file():
            rows = [json.loads(line) for line in saved.read_text().splitlines() if line.strip()]
            failed = failed or any(r["failures"] for r in rows)
            parts.append(hints.markdown(rows, json.loads(saved.with_suffix(".json").read_text())))
    text = "\n".join(parts)
    print(text)
    if args.write_docs:
        write_docs(text, begin=HINTS_BEGIN, end=HINTS_END)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
