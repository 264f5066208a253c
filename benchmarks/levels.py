"""Which levels each generator makes: the share of requests that come back at the level asked.

    python -m benchmarks.levels                                   # every genre, its sizes, 20 seeds
    python -m benchmarks.levels --genres zip,hashi --seeds 10 --sizes 5,7
    python -m benchmarks.levels --from benchmarks/results/levels.jsonl
    python -m benchmarks.levels --genres lightup --seeds 10 --first-miss --levels scan,rules,pairs,trial,chain

For every (genre, size, level) the generator makes one puzzle per seed (seeds 1000 on), in
this process, under a time limit per puzzle, and records the grade it came back with (a
request that ends at another level is the documented downgrade) and the medians of the
clock and of this process's CPU time (on a shared machine the CPU time is what an idle one
would show by the clock, as the generator runs in one thread). The table gives, per genre,
size and level asked, the requests that came back at that level; the last lines print, per
genre, the recipe's ``SIDES`` and ``RELIABLE`` these numbers imply (the sides measured, and
the sides at which each level was hit by at least 95% of the requests; `puzzlekit.generate.reach`
reads them off each genre's ``genres/<genre>/recipe.py``). docs/generating.md ("Levels made")
quotes the table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The sizes measured by default: a small one (the thorough profile's) and a larger one.
SIZES: dict[str, tuple[int, ...]] = {
    "sudoku": (9, 12), "masyu": (6, 10), "slitherlink": (5, 8), "tents": (6, 10), "hashi": (6, 10),
    "nonogram": (6, 10), "queens": (6, 8), "tracks": (6, 8), "zip": (5, 7), "patches": (5, 8),
    "numberlink": (6, 8), "wend": (5, 7), "swend": (5, 7),
    # the genres made with the kit: his default size (the square side of as many cells or fewer)
    "lightup": (7,), "hitori": (5,), "kurodoko": (7,), "futoshiki": (5,), "binairo": (8,), "tango": (6,),
    "skyscrapers": (5,), "magnets": (6,), "undead": (4,), "kenken": (6,), "killersudoku": (9,),
    "jigsawsudoku": (9,), "gokigen": (8,), "mosaic": (10,), "fillomino": (7,), "signpost": (4,),
    "palisade": (5,), "starbattle": (6, 8, 10), "norinori": (5, 6, 10),
    "yajilin": (7, 10), "countryroad": (7, 10),
    "nurimisaki": (6, 8, 10), "shakashaka": (6, 10), "tapa": (6, 10), "creek": (6, 10),
    "sashigane": (6, 10), "doublechoco": (6, 8, 10),
    "firefly": (7, 10), "geradeweg": (7, 10),
    "easyasabc": (5, 6, 10), "kakurasu": (6, 8, 10), "aquarium": (6, 10),
    "kakuro": (6, 10), "galaxies": (7,), "nurikabe": (6, 10), "yinyang": (6, 10), "heyawake": (7, 10),
    "battleship": (6, 10), "minesweeper": (6, 10), "cave": (6, 8, 10), "ripple": (6, 10), "suguru": (6, 10),
    "hidato": (6, 10), "kurotto": (6, 8, 10), "lits": (6, 8, 10),
    "simpleloop": (7, 10), "doubleback": (7, 10), "nurimaze": (6, 10),
}
#: The share of requests a level must hit to be offered.
RELIABLE = 0.95


def measure(genre: str, side: int, level: str, seeds: int, time_limit: float,
            first_miss: bool = False) -> dict[str, Any]:
    """One (genre, size, level): the grade of each seed's puzzle (or the error's name); with
    ``first_miss``, the seeds stop at the first that misses the level (``seeds`` is then the
    number tried: with 20 or fewer, one miss already keeps the level below 95%)."""
    from puzzlekit.generate import generate

    grades: Counter[str] = Counter()
    times, cpu = [], []
    for seed in range(1000, 1000 + seeds):
        started, started_cpu = time.perf_counter(), time.process_time()
        try:
            made = next(generate(genre, side, side, level, seed=seed, time_limit=time_limit, nearest=True))
            grades[made.grade.level] += 1
        except Exception as error:  # a run out of time or a failure is counted, not fatal
            grades[type(error).__name__] += 1
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        if first_miss and grades[level] < len(times):
            break
    times.sort()
    cpu.sort()
    return {"genre": genre, "size": side, "level": level, "seeds": len(times), "hits": grades[level],
            "grades": dict(grades), "median_s": round(times[len(times) // 2], 3),
            "median_cpu_s": round(cpu[len(cpu) // 2], 3)}


Sides = dict[str, tuple[int, ...]]


def reliable(rows: list[dict[str, Any]]) -> tuple[Sides, dict[str, Sides]]:
    """The sides measured per genre, and per genre and level the sides at which at least 95%
    of the requests came back at that level (`puzzlekit.generate.reach`'s two tables)."""
    sides: dict[str, set[int]] = {}
    made: dict[str, dict[str, set[int]]] = {}
    for row in rows:
        sides.setdefault(row["genre"], set()).add(row["size"])
        if row["hits"] >= RELIABLE * row["seeds"]:
            made.setdefault(row["genre"], {}).setdefault(row["level"], set()).add(row["size"])
    return ({g: tuple(sorted(v)) for g, v in sides.items()},
            {g: {lv: tuple(sorted(v)) for lv, v in levels.items()} for g, levels in made.items()})


def table(rows: list[dict[str, Any]]) -> str:
    """Per genre and size, the requests that came back at each level asked (blank: not asked)."""
    from puzzlekit.ladder import LEVELS

    names = [lv.name for lv in LEVELS if any(row["level"] == lv.name for row in rows)]
    cells: dict[tuple[str, int], dict[str, str]] = {}
    for row in rows:
        cells.setdefault((row["genre"], row["size"]), {})[row["level"]] = f"{row['hits']}/{row['seeds']}"
    lines = ["| genre | size | " + " | ".join(names) + " |", "|---|---|" + "---|" * len(names)]
    for (genre, side), hits in cells.items():
        lines.append(f"| {genre} | {side}x{side} | " + " | ".join(hits.get(n, "") for n in names) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.levels", description=__doc__.splitlines()[0])
    parser.add_argument("--genres", help="comma-separated (default: every generator)")
    parser.add_argument("--sizes", help="comma-separated sides (default: two per genre, see SIZES)")
    parser.add_argument("--seeds", type=int, default=20, help="seeds per (genre, size, level) (default 20)")
    parser.add_argument("--time-limit", type=float, default=300.0, help="seconds per puzzle (default 300)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "levels.jsonl")
    parser.add_argument("--levels", help="comma-separated levels (default: every level but search)")
    parser.add_argument("--first-miss", action="store_true",
                        help="stop a level's seeds at its first miss (at 20 seeds or fewer it must hit all)")
    parser.add_argument("--from", dest="source", type=Path, help="print the table of an earlier run")
    args = parser.parse_args(argv)
    if args.source is not None:
        rows = [json.loads(line) for line in args.source.read_text().splitlines() if line.strip()]
    else:
        from puzzlekit.generate import generators, levels

        rows = []
        args.out.parent.mkdir(parents=True, exist_ok=True)
        chosen = args.genres.split(",") if args.genres else generators()
        with args.out.open("a", encoding="utf-8") as sink:
            for genre in chosen:
                sides = [int(s) for s in args.sizes.split(",")] if args.sizes else SIZES[genre]
                for side in sides:
                    for level in levels(genre):
                        if level == "search" or (args.levels and level not in args.levels.split(",")):
                            continue
                        row = measure(genre, side, level, args.seeds, args.time_limit, args.first_miss)
                        rows.append(row)
                        sink.write(json.dumps(row) + "\n")
                        sink.flush()
                        print(f"{genre} {side}x{side} {level}: {row['hits']}/{row['seeds']}, median "
                              f"{row['median_s']} s ({row['median_cpu_s']} s of CPU)", file=sys.stderr)
    print(table(rows))
    sides, made = reliable(rows)
    print()
    print("SIDES =", json.dumps(sides, sort_keys=True))
    print("RELIABLE =", json.dumps(made, indent=4, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
