"""The Markdown report of a run: per-genre tables, the ranking, the targets, the time split.

`report` renders ``results.md`` (and, with ``--write-docs``, the generated block of
docs/benchmarks.md, between the `BEGIN` and `END` markers) from the rows alone, so
``--from-csv`` can rebuild it from a saved ``results.csv`` and its ``results.json`` (the run's
header: command, machine, solver versions, limits; `run_info`). `write_results` writes every
output file of a run.
"""

from __future__ import annotations

import json
import math
import os
import platform
import shutil
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from puzzlekit import backends as registry

from .instances import ROOT, SLOW_ROWS, SLOW_SEEDS
from .peers import GRILOPS, PEER_NAMES, SEED, SW, grilops_version, sw_version
from .plan import Plan
from .plot import plot
from .rows import Row, solved, write_csv

DOCS = ROOT / "docs" / "benchmarks.md"
DOCS_PLOT = ROOT / "docs" / "benchmarks.png"
BEGIN, END = "<!-- benchmarks:begin -->", "<!-- benchmarks:end -->"


# the tables -----------------------------------------------------------------------------------------


def seconds(value: float) -> str:
    """A time with three significant digits."""
    if value >= 100:
        return f"{value:.0f}"
    if value >= 0.001:
        return f"{value:.3g}"
    return f"{value:.1g}"


def cell(row: Row | None) -> str:
    """A table cell: the median time, or what happened instead."""
    if row is None:
        return ""
    status = row["status"]
    if status == "solved":
        text = seconds(row["median_s"])
        if isinstance(row.get("spread_s"), float) and row.get("runs", 0) > 1 and row["median_s"] > 0:
            text += f" ±{50 * row['spread_s'] / row['median_s']:.0f}%"
        return text
    marks = {"timeout": "t/o", "skipped": "skip", "unsolvable": "unsat", "wrong": "**WRONG**"}
    return marks.get(status, status)


def best_of(rows: Iterable[Row]) -> Row | None:
    """The fastest solved puzzlekit row."""
    ok = [r for r in rows if r["backend"] not in PEER_NAMES and solved(r)]
    return min(ok, key=lambda r: r["median_s"]) if ok else None


def ratio(seed: Row | None, best: Row | None, time_limit: float) -> str:
    """Seed time over the best backend's time (a lower bound when the seed timed out)."""
    if seed is None or best is None or best["median_s"] <= 0:
        return "" if seed is None else ("ours t/o" if solved(seed) else "")
    if solved(seed):
        times = seed["median_s"] / best["median_s"]
        return f"{times:.0f}x" if times >= 10 else f"{times:.2g}x"
    if seed["status"] == "timeout":  # a timed-out seed row holds the limit it had
        return f"≥ {(seed['median_s'] or time_limit) / best['median_s']:.0f}x"
    if seed["status"] == "wrong":
        return "seed wrong"
    return ""


def by_instance(rows: list[Row]) -> dict[tuple[str, str, str], dict[str, Row]]:
    """Rows grouped by (genre, set, instance), then by backend; in row order."""
    out: dict[tuple[str, str, str], dict[str, Row]] = {}
    for row in rows:
        out.setdefault((row["genre"], row["set"], row["instance"]), {})[row["backend"]] = row
    return out


def markdown(rows: list[Row], backends: list[str], time_limit: float) -> str:
    """Per-genre tables of median seconds, the seed ratio, a ranking and the target checks."""
    groups = by_instance(rows)
    genres = list(dict.fromkeys(r["genre"] for r in rows))
    out = []
    for genre in genres:  # a peer's column only where it ran
        ran = {r["backend"] for r in rows if r["genre"] == genre}
        has_seed, has_grilops, has_sw = SEED in ran, GRILOPS in ran, SW in ran
        cols = (backends + ([GRILOPS] if has_grilops else []) + ([SW] if has_sw else [])
                + ([SEED, "seed / best"] if has_seed else []))
        out += [f"#### {genre}", "", "| instance | set | size | model vars/cons | " + " | ".join(cols) + " |",
                "|---|---|---|---|" + "---|" * len(cols)]
        for (g, set_name, name), per in groups.items():
            if g != genre:
                continue
            any_row = next(iter(per.values()))
            model = next((r for r in per.values() if r.get("vars") not in ("", None)), None)
            size = (f"{model['vars']}/{model['counts'] + model['clauses'] + model['graphs']}"
                    if model else "")
            cells = [cell(per.get(b)) for b in backends]
            best = best_of(per.values())
            if best is not None and best["backend"] in backends:
                i = backends.index(best["backend"])
                cells[i] = f"**{cells[i]}**"
            if has_grilops:
                cells.append(cell(per.get(GRILOPS)))
            if has_sw:
                cells.append(cell(per.get(SW)))
            if has_seed:
                cells += [cell(per.get(SEED)), ratio(per.get(SEED), best, time_limit)]
            out.append(f"| {name} | {set_name} | {any_row['height']}x{any_row['width']} | {size} | "
                       + " | ".join(cells) + " |")
        out.append("")
    out += ranking(rows, backends, time_limit) + [""] + targets(rows, time_limit) + [""]
    out += compile_table(rows)
    return "\n".join(out).rstrip() + "\n"


def ranking(rows: list[Row], backends: list[str], time_limit: float) -> list[str]:
    """Best backend per genre: most instances solved, then least total time (unsolved = time limit)."""
    out = ["#### Best backend per genre", "",
           "Ranked by instances solved, then total time, counting a timeout or skip as the time limit; "
           "backends capped to small instances are ranked apart.", "",
           "| genre | best | solved | total s | second | solved | total s | margin |",
           "|---|---|---|---|---|---|---|---|"]
    for genre in dict.fromkeys(r["genre"] for r in rows):
        mine = [r for r in rows if r["genre"] == genre and r["backend"] in backends]
        scores = []
        for b in backends:
            lane = [r for r in mine if r["backend"] == b]
            if not lane or any(r["status"] == "skipped" and r["note"].startswith("over") for r in lane):
                continue
            total = sum(r["median_s"] if solved(r) else time_limit for r in lane)
            scores.append((-sum(solved(r) for r in lane), total, b))
        scores.sort()
        if not scores:
            continue
        first = scores[0]
        line = f"| {genre} | {first[2]} | {-first[0]} | {first[1]:.2f} |"
        if len(scores) > 1:
            second = scores[1]
            margin = f"{second[1] / first[1]:.1f}x time" if first[0] == second[0] and first[1] > 0 else \
                f"+{second[0] - first[0]} solved"
            line += f" {second[2]} | {-second[0]} | {second[1]:.2f} | {margin} |"
        else:
            line += " | | | |"
        out.append(line)
    return out


def _find(rows: list[Row], genre: str, test: Callable[[Row], bool]) -> dict[tuple, dict[str, Row]]:
    return {k: v for k, v in by_instance(rows).items() if k[0] == genre and test(next(iter(v.values())))}


def _find_all(rows: list[Row], test: Callable[[Row], bool]) -> dict[tuple, dict[str, Row]]:
    return {k: v for k, v in by_instance(rows).items() if test(next(iter(v.values())))}


def _sized(h: int, w: int) -> Callable[[Row], bool]:
    return lambda r: (r["height"], r["width"]) == (h, w)


def verdict(oks: list[bool | None]) -> str:
    """met / not met / not measured, from per-instance outcomes (None: not decided)."""
    if any(ok is False for ok in oks):
        return "**not met**"
    if any(ok is True for ok in oks):
        return "met" if all(oks) else "met where decided"
    return "not measured"


def ratio_target(groups: dict, want: float, time_limit: float, backend: str | None = None) -> tuple[str, str]:
    """Whether puzzlekit (the best backend, or ``backend``) is ``want`` times faster than the seed."""
    oks: list[bool | None] = []
    notes = []
    undecided = False
    for (_, _, name), per in groups.items():
        ours = per.get(backend) if backend else best_of(per.values())
        seed = per.get(SEED)
        who = backend or (ours["backend"] if ours else "best")
        if seed is None or seed["status"] == "skipped":
            notes.append(f"{name}: seed not run")
            continue
        if not solved(ours):
            ran = [r for r in per.values() if r["backend"] not in PEER_NAMES and r["status"] != "skipped"]
            if backend:
                ran = [r for r in ran if r["backend"] == backend]
            oks.append(False if ran else None)
            notes.append(f"{name}: {who} {cell(ours) if ours else 'unsolved' if ran else 'not run'}")
            continue
        if solved(seed):
            oks.append(seed["median_s"] / ours["median_s"] >= want)
        elif seed["status"] == "timeout":
            lower_bound_enough = (seed["median_s"] or time_limit) / ours["median_s"] >= want
            oks.append(True if lower_bound_enough else None)
            undecided = undecided or not lower_bound_enough
        else:
            oks.append(None)
        notes.append(f"{name}: {ratio(seed, ours, time_limit)} ({who} {seconds(ours['median_s'])} s)")
    text = verdict(oks)
    if undecided and text == "not measured":
        text = "undecided (the seed timed out too soon: raise --time-limit)"
    return text, "; ".join(notes)


def solved_target(groups: dict, limit: float | None) -> tuple[str, str]:
    """Whether the best backend solves each instance (within ``limit`` seconds when given)."""
    oks, notes = solved_checks(groups, limit)
    return verdict(oks), "; ".join(notes)


def solved_checks(groups: dict, limit: float | None) -> tuple[list[bool | None], list[str]]:
    """Per instance: whether the best backend solves it (within ``limit``), and a note."""
    oks: list[bool | None] = []
    notes = []
    for (_, _, name), per in groups.items():
        best = best_of(per.values())
        ran = any(r["status"] != "skipped" for r in per.values() if r["backend"] not in PEER_NAMES)
        if best is not None:
            oks.append(limit is None or best["median_s"] < limit)
            notes.append(f"{name}: {seconds(best['median_s'])} s ({best['backend']})")
        else:
            oks.append(False if ran else None)
            notes.append(f"{name}: {'unsolved' if ran else 'not run'}")
    return oks, notes


def faster_checks(groups: dict, peer: str) -> tuple[list[bool | None], list[str]]:
    """Per instance the peer ran on: whether the best backend beat its median time, and a note.

    A peer that timed out is beaten by any solve within the limit; a peer's wrong answer or
    error decides nothing.
    """
    oks: list[bool | None] = []
    notes = []
    for (_, _, name), per in groups.items():
        theirs = per.get(peer)
        if theirs is None or theirs["status"] == "skipped":
            continue
        best = best_of(per.values())
        if best is None:
            oks.append(None)
            notes.append(f"{name}: {peer} {cell(theirs)}, ours unsolved")
        elif solved(theirs):
            faster = best["median_s"] < theirs["median_s"]
            oks.append(faster)
            times = theirs["median_s"] / best["median_s"] if best["median_s"] > 0 else math.inf
            notes.append(f"{name}: {'faster' if faster else 'slower'} than {peer} "
                         f"({best['backend']} {seconds(best['median_s'])} s, {peer} "
                         f"{seconds(theirs['median_s'])} s: {times:.2g}x)")
        elif theirs["status"] == "timeout":
            oks.append(True)
            notes.append(f"{name}: faster than {peer} ({peer} t/o at {seconds(theirs['median_s'])} s)")
        else:
            oks.append(None)
            notes.append(f"{name}: {peer} {cell(theirs)}")
    return oks, notes


def targets(rows: list[Row], time_limit: float) -> list[str]:
    """The issue's speed targets, checked on this run's rows."""
    at_least_12x15 = lambda r: min(r["height"], r["width"]) >= 12 and r["cells"] >= 180  # noqa: E731
    numberlink_large = _find(rows, "numberlink", at_least_12x15)
    checks = [
        ("Numberlink, best ≥ 10x faster than the seed on 12x15 and up",
         ratio_target(numberlink_large, 10, time_limit)),
        ("Numberlink 30x30 solved", solved_target(_find(rows, "numberlink", _sized(30, 30)), None)),
        ("Masyu, best ≥ 5x faster than the seed at 20x20",
         ratio_target(_find(rows, "masyu", _sized(20, 20)), 5, time_limit)),
        masyu_target(_find(rows, "masyu", _sized(35, 65)), 5.0),
        ("Tracks, `search` ≥ 100x faster than the seed's backtracking on 14x14",
         ratio_target(_find(rows, "tracks", _sized(14, 14)), 100, time_limit, "search")),
        ("Hashi, best no slower than the seed's MIP on 30x45",
         ratio_target(_find(rows, "hashi", _sized(30, 45)), 1, time_limit)),
        ("IR compile step (lowering) < 10% of the best backend's time on 30x30 and up",
         compile_target(_find_all(rows, lambda r: r["cells"] >= 900))),
    ]
    return ["#### Targets", ""] + [f"- {what}: {ok}. {note}".rstrip() for what, (ok, note) in checks]


def masyu_target(groups: dict, limit: float) -> tuple[str, tuple[str, str]]:
    """Masyu 35x65 within ``limit`` seconds and, where `sw` ran on it, faster than `sw`."""
    oks, notes = solved_checks(groups, limit)
    what = f"Masyu 35x65 solved in < {limit:g} s"
    sw_oks, sw_notes = faster_checks(groups, SW)
    if sw_notes:
        what += f", faster than SmilingWayne's puzzlekit (`{SW}`)"
        oks += sw_oks
        notes += sw_notes
    return what, (verdict(oks), "; ".join(notes))


def compile_target(groups: dict) -> tuple[str, str]:
    """Whether lowering the IR takes under 10% of the best backend's time on each instance."""
    best = [b for b in (best_of(per.values()) for per in groups.values()) if b is not None]
    best = [b for b in best if isinstance(b.get("compile_share"), float)]
    notes = [f"{r['genre']}/{r['instance']}: {100 * r['compile_share']:.0f}% ({r['backend']})" for r in best]
    return verdict([r["compile_share"] < 0.1 for r in best]), "; ".join(notes)


def compile_table(rows: list[Row]) -> list[str]:
    """Where the time goes on instances of 900+ cells: IR build, lowering, solving."""
    big = [r for r in rows if r["cells"] >= 900 and solved(r) and r["backend"] not in PEER_NAMES]
    if not big:
        return []
    out = ["#### Time split on instances of 900+ cells (solved runs, medians)", "",
           "| instance | backend | total s | IR build s | compile s | compile share | solve s | cut rounds |",
           "|---|---|---|---|---|---|---|---|"]
    for r in big:
        share = f"{100 * r['compile_share']:.0f}%" if isinstance(r.get("compile_share"), float) else ""
        comp = seconds(r["compile_s"]) if isinstance(r.get("compile_s"), float) else ""
        out.append(f"| {r['genre']}/{r['instance']} | {r['backend']} | {seconds(r['median_s'])} | "
                   f"{seconds(r['ir_s'])} | {comp} | {share} | {seconds(r['solve_s'])} | "
                   f"{r.get('rounds', '')} |")
    return out


def machine(backends: list[str], sw: Path | None = None) -> list[str]:
    """Lines describing the machine, the interpreter and the solver versions (``sw``: its directory)."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    named = [f"{b} {registry.version(b) or 'not installed'}" for b in backends if b != "auto"]
    if "auto" in backends:  # not a solver: the backend `--backend auto` picks for each model
        among = ", ".join(f"{b} {v}" for b, v in registry.installed().items() if v is not None)
        named.append(f"auto = the library's choice per model (among {among})")
    versions = ", ".join(named)
    versions += f"; grilops {grilops_version() or 'not installed'}"
    if sw is not None:
        versions += f"; {SW} = SmilingWayne's puzzlekit {sw_version(sw) or '?'}"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return [
        f"- Machine: {os.cpu_count()} CPUs (nproc), {cpu}, {platform.system()} {platform.release()}; "
        f"load average at the end {load}",
        f"- Python {platform.python_version()}; solvers: {versions}",
    ]


def run_info(plan: Plan, command: str, started: datetime) -> dict[str, Any]:
    """What the report header says about a run (saved as results.json beside results.csv)."""
    return {
        "command": command, "started": f"{started:%Y-%m-%d %H:%M} UTC",
        "machine": machine(plan.backends, plan.sw_dir),
        "backends": plan.backends, "runs": plan.runs, "peer_runs": plan.peer_runs,
        "time_limit": plan.time_limit, "repeat_budget": plan.repeat_budget, "seed_limit": plan.seed_limit,
        "whole": plan.whole, "sw": plan.peers and plan.sw_dir is not None,
    }


def seed_note(info: dict[str, Any]) -> str:
    """The longer limit the seed programs had on their slow target instances, if any."""
    limit = info.get("seed_limit")
    if not limit or limit <= info["time_limit"]:
        return ""
    names = ", ".join(sorted(SLOW_SEEDS))
    rows = ", ".join(f"{backend} on {name}" for name, backend in sorted(SLOW_ROWS))
    return f" ({limit:g} s for the seed program on {names}, which it needs minutes for, and for {rows})"


def report(rows: list[Row], info: dict[str, Any], plot_name: str | None) -> str:
    """The whole Markdown report."""
    budget = info.get("repeat_budget")
    limited = isinstance(budget, float) and budget < math.inf
    repeat = f" (fewer once they took {budget:g} s)" if limited else ""
    head = [
        f"Generated {info['started']} by `{info['command']}`.",
        "",
        *info["machine"],
        f"- Up to {info['runs']} timed run(s){repeat} per (instance, backend) in a fresh process after a "
        f"warm-up; seed programs {info['peer_runs']} run(s); time limit {info['time_limit']:g} s per run"
        f"{seed_note(info)}.",
        "- Cells: median wall seconds of one solve (IR build + lowering + solving), ±half the min-max "
        "spread; **bold** = fastest; `t/o` timeout, `skip` not run (too large, or a smaller one timed "
        "out), `unsat` claimed unsolvable, `seed / best` = seed time over the fastest backend's.",
        "",
    ]
    if any(r["backend"] == SW for r in rows):
        head[-1:-1] = [
            f"- `{SW}`: SmilingWayne's `puzzlekit` (PyPI, OR-Tools CP-SAT), run in its own isolated "
            "process; its time is building its model from the puzzle grid, solving and reading its "
            "answer, which is checked with our `verify`."
        ]
    if plot_name:
        head += [f"![median time against instance size]({plot_name})", ""]
    return "\n".join(head) + markdown(rows, info["backends"], info["time_limit"])


def write_docs(text: str, plot_path: Path | None, doc: Path = DOCS) -> None:
    """Replace the generated block of docs/benchmarks.md (between the markers) and its plot."""
    if plot_path is not None and plot_path.is_file():
        shutil.copyfile(plot_path, doc.with_suffix(".png"))
    old = doc.read_text(encoding="utf-8") if doc.is_file() else f"# Benchmarks\n\n{BEGIN}\n{END}\n"
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
    else:
        head, tail = old.rstrip() + "\n\n", "\n"
    doc.write_text(f"{head}{BEGIN}\n{text}{END}{tail}", encoding="utf-8")


def write_results(rows: list[Row], info: dict[str, Any], out: Path, docs: bool = False) -> list[str]:
    """results.csv, results.json, results.md and times.png in ``out`` (and the docs page with
    ``docs``); returns the names of the files written there.

    ``results.json`` keeps ``whole`` (a whole-dataset run), so ``--from-csv`` knows to rebuild
    its summary (`benchmarks.dataset`).
    """
    write_csv(rows, out / "results.csv")
    (out / "results.json").write_text(json.dumps(info, indent=1), encoding="utf-8")
    made_plot = plot(rows, info["backends"], info["time_limit"], out / "times.png")
    (out / "results.md").write_text(report(rows, info, "times.png" if made_plot else None), encoding="utf-8")
    if docs:
        docs_text = report(rows, info, DOCS_PLOT.name if made_plot else None)
        write_docs(docs_text, out / "times.png" if made_plot else None)
    return ["results.csv", "results.json", "results.md"] + (["times.png"] if made_plot else [])
