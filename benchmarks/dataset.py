"""The whole-dataset summary: per genre, how many corpus puzzles each program solved, and how fast.

A whole-dataset run (``python -m benchmarks --sets corpus --all``, see `benchmarks.plan`) times
every corpus puzzle of each chosen genre on the backends (``auto`` by default) and on the `sw`
peer where it has the genre, each program right after the other on the same puzzle. This
module reads its rows only (so ``--from-csv`` rebuilds the summary) and writes, per genre:

* ``puzzles``: the genre's corpus puzzles in the rows (records our parser refuses included);
* per program: ``solved`` as solved/ran with the others by status, e.g. ``478/480 (2 t/o)``,
  where solved means the answer was checked with the genre's ``verify`` (our backends through
  `puzzlekit.api.solve`, the peer's answers in `benchmarks.runner.sw_row`); then the mean,
  median and max seconds over every puzzle it ran.

Every puzzle a program ran and did not solve (timeout, wrong answer, error, claimed
unsolvable, skipped) counts at the time limit in the mean, median and max, so a program
cannot look faster by failing; a statistic that such a puzzle enters is a lower bound and is
written ``≥``. A genre the peer has no model for has empty peer cells. The table goes to
``dataset.md`` in the output directory and, with ``--write-docs``, into docs/benchmarks.md
between `BEGIN` and `END` (nothing else of the page is touched).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .peers import SW
from .report import DOCS, seconds
from .rows import Row

BEGIN, END = "<!-- dataset-table -->", "<!-- /dataset-table -->"
#: How the solved cell names the other outcomes, in this order.
MARKS = (("timeout", "t/o"), ("wrong", "wrong"), ("error", "error"), ("unsolvable", "unsat"),
         ("skipped", "skip"))


@dataclass
class Tally:
    """One program on one genre: counts by status and the time statistics (seconds)."""

    ran: int = 0
    solved: int = 0
    others: dict[str, int] = field(default_factory=dict)  # status -> puzzles, not solved
    mean: float = 0.0
    median: float = 0.0
    max: float = 0.0
    # whether a puzzle counted at the time limit enters the statistic (then a lower bound)
    mean_bound: bool = False
    median_bound: bool = False
    max_bound: bool = False


def tally(rows: list[Row], time_limit: float) -> Tally | None:
    """The tally of one program's rows on one genre (None when it ran on none)."""
    if not rows:
        return None
    out = Tally(ran=len(rows))
    times: list[tuple[float, bool]] = []  # (seconds, counted at the limit)
    for row in rows:
        if row["status"] == "solved":
            out.solved += 1
            times.append((float(row["median_s"]), False))
        else:
            out.others[row["status"]] = out.others.get(row["status"], 0) + 1
            times.append((float(time_limit), True))
    times.sort()
    values = [t for t, _ in times]
    out.mean = statistics.fmean(values)
    out.median = statistics.median(values)
    out.max = values[-1]
    n = len(times)
    middle = times[(n - 1) // 2:n // 2 + 1]  # the one or two values the median is made of
    out.mean_bound = any(bound for _, bound in times)
    out.median_bound = any(bound for _, bound in middle)
    out.max_bound = times[-1][1]
    return out


def summary(
    rows: list[Row], programs: list[str], time_limit: float
) -> dict[str, tuple[int, dict[str, Tally | None]]]:
    """Per genre (in row order): its corpus puzzles and each program's `Tally` (None: not run)."""
    corpus = [r for r in rows if r["set"] == "corpus"]
    out: dict[str, tuple[int, dict[str, Tally | None]]] = {}
    for genre in dict.fromkeys(r["genre"] for r in corpus):
        mine = [r for r in corpus if r["genre"] == genre]
        puzzles = len({r["instance"] for r in mine})
        out[genre] = (puzzles, {p: tally([r for r in mine if r["backend"] == p], time_limit)
                                for p in programs})
    return out


def programs_of(rows: list[Row], backends: list[str], peer: bool = False) -> list[str]:
    """The table's programs: the run's backends, then `sw` when the run had it (``peer``) or it ran."""
    return list(backends) + ([SW] if peer or any(r["backend"] == SW for r in rows) else [])


def _stat(value: float, bound: bool) -> str:
    return f"≥ {seconds(value)}" if bound else seconds(value)


def solved_cell(t: Tally) -> str:
    """``solved/ran``, then the unsolved by status: ``478/480 (1 t/o, 1 wrong)``."""
    rest = ", ".join(f"{t.others[s]} {mark}" for s, mark in MARKS if t.others.get(s))
    unknown = ", ".join(f"{n} {s}" for s, n in t.others.items() if s not in dict(MARKS))
    rest = ", ".join(filter(None, [rest, unknown]))
    return f"{t.solved}/{t.ran}" + (f" ({rest})" if rest else "")


def table(rows: list[Row], backends: list[str], time_limit: float, peer: bool = False) -> str:
    """The per-genre summary as a Markdown table (one row per genre; ``peer``: `sw` columns even
    where it ran on no puzzle, left empty)."""
    programs = programs_of(rows, backends, peer)
    head = ["genre", "puzzles"]
    for p in programs:
        head += [f"`{p}` solved", "mean s", "median s", "max s"]
    out = ["| " + " | ".join(head) + " |", "|---|---|" + "---|" * (4 * len(programs))]
    for genre, (puzzles, tallies) in summary(rows, programs, time_limit).items():
        cells = [genre, str(puzzles)]
        for p in programs:
            t = tallies[p]
            cells += ["", "", "", ""] if t is None else [
                solved_cell(t), _stat(t.mean, t.mean_bound), _stat(t.median, t.median_bound),
                _stat(t.max, t.max_bound),
            ]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def render(rows: list[Row], info: dict[str, Any]) -> str:
    """``dataset.md``: how the run was made, then the table."""
    limit = info["time_limit"]
    head = [
        f"Generated {info['started']} by `{info['command']}`.",
        "",
        *info.get("machine", []),
        f"- Every corpus puzzle of each genre, {info['runs']} timed run(s) per (puzzle, program) in a "
        f"fresh process after a warm-up, time limit {limit:g} s; for each puzzle the programs ran back "
        "to back, in the columns' order on even puzzles (ours first) and reversed on odd ones (the "
        "peer first), so a drift of the machine's load falls on both alike.",
        "- solved = answer checked with the genre's rules; mean, median and max are over every "
        f"puzzle the program ran, an unsolved one counted at the {limit:g} s limit (`≥`: such a "
        "puzzle enters the value, which is then a lower bound). Empty cells: the peer has no "
        "model of the genre.",
    ]
    peer = bool(info.get("sw")) or any(r["backend"] == SW for r in rows)
    if peer:
        head.append(f"- `{SW}`: SmilingWayne's `puzzlekit` (PyPI, OR-Tools CP-SAT) in its own isolated "
                    "process; its time is building its model, solving and reading its answer.")
    return "\n".join(head) + "\n\n" + table(rows, info["backends"], limit, peer)


def write_docs(text: str, doc: Path = DOCS) -> None:
    """Put ``text`` between the dataset markers of docs/benchmarks.md (appending a section if absent)."""
    old = doc.read_text(encoding="utf-8") if doc.is_file() else "# Benchmarks\n"
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
    else:
        head, tail = old.rstrip() + "\n\n## Whole dataset\n\n", "\n"
    doc.write_text(f"{head}{BEGIN}\n{text}{END}{tail}", encoding="utf-8")


def write(rows: list[Row], info: dict[str, Any], out: Path, docs: bool = False, doc: Path = DOCS) -> str:
    """``dataset.md`` in ``out`` (and the docs block with ``docs``); returns the file's name."""
    text = render(rows, info)
    (out / "dataset.md").write_text(text, encoding="utf-8")
    if docs:
        write_docs(text, doc)
    return "dataset.md"
