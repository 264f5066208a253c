"""``puzzlekit batch`` (and ``python -m puzzlekit.batch``): a batch run from the command line.

Exit status: 0 every item has its record (whatever its status), 2 bad usage or input (a PATH
that does not exist, an output file that is not a batch's or that another run is writing),
4 internal error (e.g. solver processes that cannot start), 130 interrupted (Ctrl-C,
SIGTERM or SIGHUP: the output holds whole records, and running the same command again does
what is missing).
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .. import arguments
from ..errors import InternalError, PuzzlekitError, UnknownName
from ..exits import INTERNAL, INTERRUPTED, USAGE
from .core import run
from .items import ACTIONS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``puzzlekit batch``, for this module's parser and for the CLI's."""
    parser.add_argument("action", choices=ACTIONS, metavar="ACTION",
                        help="solve, check, grade or generate")
    parser.add_argument("genre", metavar="GENRE",
                        help="the genre of the items (a JSON Lines item may name its own)")
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="puzzle files, folders, or JSON Lines files of items (docs/batch.md)")
    parser.add_argument("--out", "-o", required=True, metavar="OUT.jsonl",
                        help="the records, one JSON line per item; run again with the same file "
                        "to do only what is missing")
    parser.add_argument("--jobs", "-j", type=arguments.positive_int, default=None, metavar="N",
                        help="solver processes at once (default: the number of cores)")
    parser.add_argument("--cluster", default=None, metavar="ADDRESS",
                        help="run on Dask: a scheduler address (tcp://HOST:8786), or 'local' for a "
                        "local cluster of --jobs workers on 127.0.0.1 (needs puzzlekit[dask])")
    parser.add_argument("--time-limit", "-t", type=arguments.seconds, default=None, metavar="S",
                        help="each item's time limit, passed to the solver; a solver process still "
                        "busy after twice that plus 5 s is killed (a timeout record)")
    parser.add_argument("--kill-after", type=arguments.seconds, default=None, metavar="S",
                        help="kill a solver process after S seconds on one item instead")
    parser.add_argument("--backend", "-b", default="auto", metavar="B", help="solver backend (default auto)")
    parser.add_argument("--unique", "-u", action="store_true", help="solve: decide uniqueness too")
    parser.add_argument("--seed", type=arguments.seed, default=0, help="solver random seed (default 0)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a backend option, repeatable")
    parser.add_argument("--redo", action="append", default=[], metavar="STATUS",
                        help="run again the items recorded with this status (e.g. timeout, crashed); "
                        "repeatable")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="show progress on standard error (default: when it is a terminal)")
    parser.add_argument("--quiet", "-q", action="store_true", help="no summary line at the end")


SUMMARY = "solve, check, grade or generate many puzzles into JSON Lines"
DESCRIPTION = ("Solve, check, grade or generate many puzzles, one JSON Lines record per item, on local "
               "solver processes or a Dask cluster. Interrupted runs restart where they stopped.")
EPILOG = ("Exit status: 0 every item recorded, 2 bad usage or input, 4 internal error, "
          "130 interrupted. Records and inputs: docs/batch.md.")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="puzzlekit batch", description=DESCRIPTION, epilog=EPILOG)
    add_arguments(parser)
    return parser


def _options(items: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise UnknownName(f"--option wants KEY=VALUE, found {item!r}")
        options[key.strip()] = text.strip()
    return options


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def run_command(args: argparse.Namespace) -> int:
    """Run a parsed ``batch`` command; returns the exit status."""
    previous = {sig: signal.signal(sig, _interrupt) for sig in (signal.SIGTERM, signal.SIGHUP)}
    counts: Counter[str] = Counter()
    records = None
    try:
        records = run(
            args.action, args.genre, args.paths, args.out, jobs=args.jobs, cluster=args.cluster,
            time_limit=args.time_limit, kill_after=args.kill_after, backend=args.backend,
            unique=args.unique, seed=args.seed, options=_options(args.option), redo=args.redo,
            progress=args.progress,
        )
        with records:
            for rec in records:
                counts[rec["status"]] += 1
    except KeyboardInterrupt:
        print(f"puzzlekit batch: interrupted; {args.out} holds whole records: run the same "
              "command again to do the rest", file=sys.stderr)
        return INTERRUPTED
    except InternalError as exc:
        print(f"puzzlekit batch: internal error: {exc} (a bug: please report it)", file=sys.stderr)
        return INTERNAL
    except (PuzzlekitError, ValueError) as exc:
        print(f"puzzlekit batch: error: {exc}", file=sys.stderr)
        return USAGE
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if not args.quiet:
        statuses = ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) or "nothing to do"
        print(f"puzzlekit batch: {records.total} item{'' if records.total == 1 else 's'}, "
              f"{records.already_done} recorded before, "
              f"{sum(counts.values())} now ({statuses}) -> {args.out}", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(build_parser().parse_args(argv))
