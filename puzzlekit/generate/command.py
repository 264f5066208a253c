"""``puzzlekit generate``: unique puzzles of a genre, size and level from the command line.

    puzzlekit generate masyu 10x10 --level hard --seed 7
    puzzlekit generate sudoku 9 --level hard --count 20 -o pack/
    puzzlekit generate queens 8 --count 5 --format json -o queens.jsonl

Exit status: 0 every puzzle asked for was made (a downgraded level is said on standard error;
``--exact`` makes it exit 1 instead), 1 the request cannot be met (no unique puzzle turned
up, the size leaves too few different puzzles, or ``--exact`` and a level not reached),
2 bad arguments (a level not made reliably at the size, without ``--nearest``, among them),
3 the time limit ended, 4 internal error (a bug, e.g. two backends that
disagree about a puzzle).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import sys
import warnings
from collections.abc import Iterator
from typing import Any, TextIO

from puzzlekit import arguments, ladder, outputs
from puzzlekit.errors import InternalError, OutOfTime, PuzzlekitError, UnknownName
from puzzlekit.exits import INTERNAL, NOT_MET, OK, USAGE
from puzzlekit.exits import UNDECIDED as OUT_OF_TIME

from . import phases
from .loop import ALIASES, SYMMETRIES, Generated, generate
from .recipes import generators, recipe

#: seconds per puzzle when --nearest is asked without --time-limit: a level the generator does
#: not make reliably may take without end at a large size, and a command should end
NEAREST_BUDGET = 600.0

SUMMARY = "make unique puzzles of a genre, size and level"
DESCRIPTION = (
    "Make unique puzzles: a random solution is planted, clues are shown until no other solution "
    "exists, then removed while the puzzle stays solvable at the level asked. Every puzzle is "
    "proven unique by two solver families (sat and search). The same seed gives the same puzzle, "
    "byte for byte. docs/generating.md explains the recipe."
)


def epilog() -> str:
    """The help's closing words; the genres it names are read off their recipes."""
    return (
        "Levels, easiest first (docs/grading.md): "
        + ", ".join(level.name for level in ladder.LEVELS)
        + ". Everyday names: "
        + ", ".join(f"{alias}={name}" for alias, name in ALIASES.items())
        + f". 'lines' exists only for genres with a loop, path or connectivity rule ({', '.join(_lines())}); "
        "other genres refuse it. Without --level the puzzle is made "
        "minimal for uniqueness and graded as it comes. A level the generator does not make reliably "
        "at the size (fewer than 95% of the requests measured reach it; docs/generating.md, 'Levels "
        "made') is refused with the levels it does make (exit 2); --nearest tries anyway. A puzzle "
        "that misses the level in every planted solution tried is downgraded to the nearest level "
        "found, with a note on standard error (--exact: exit 1 instead). Sizes are ROWSxCOLS or N for "
        "NxN. "
        "Exit status: 0 made, 1 the request cannot be met, 2 bad arguments, 3 time limit, "
        "4 internal error."
    )


def _lines() -> list[str]:
    """The genres whose puzzles can need the level ``lines``."""
    return [name for name in generators() if "lines" in recipe(name).LEVELS]


def _symmetric() -> list[str]:
    """The genres whose recipe places clues in pairs (``partner``)."""
    return [name for name in generators() if hasattr(recipe(name), "partner")]


def _options() -> list[str]:
    """``genre key=VALUE`` for every recipe option (the parameters of ``check_size``), the value
    as the recipe's ``OPTIONS`` shows it (else its default)."""
    out = []
    for name in generators():
        rec = recipe(name)
        for key, param in inspect.signature(rec.check_size).parameters.items():
            if key not in ("height", "width"):
                value = getattr(rec, "OPTIONS", {}).get(key, param.default)
                out.append(f"{name} {key}={str(value).lower() if isinstance(value, bool) else value}")
    return out


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*(?:[xX]\s*(\d+))?\s*", text)
    if m is None:
        raise argparse.ArgumentTypeError(f"a size is ROWSxCOLS (e.g. 10x10) or N for NxN, not {text!r}")
    height = int(m.group(1))
    width = int(m.group(2)) if m.group(2) else height
    if not (1 <= height <= 200 and 1 <= width <= 200):
        raise argparse.ArgumentTypeError(f"rows and columns are 1 to 200, not {height}x{width}")
    return height, width


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``puzzlekit generate``."""
    parser.add_argument("genre", metavar="GENRE", help=f"one of: {', '.join(generators())} (or another "
                        "name the genre answers to)")
    parser.add_argument("size", metavar="SIZE", type=_size, help="ROWSxCOLS, e.g. 10x10, or N for NxN")
    parser.add_argument("--level", "-l", default=None, metavar="L",
                        help="the ladder level to reach (or easy, medium, hard, expert); default: any")
    parser.add_argument("--seed", "-s", type=arguments.seed, default=0, metavar="N",
                        help="the first seed (default 0); puzzle i of a pack comes from a later seed, "
                        "which its record names")
    parser.add_argument("--count", "-n", type=arguments.positive_int, default=1, metavar="K",
                        help="how many different puzzles (default 1); no two are equal under "
                        "rotation, reflection or relabelling")
    parser.add_argument("--symmetry", choices=SYMMETRIES, default="none",
                        help=f"rot180: clues in pairs a half turn swaps ({', '.join(_symmetric())})")
    # a 0-second budget ends as a time limit does (exit 3), not as bad usage
    parser.add_argument("--time-limit", "-t", type=arguments.budget, default=None, metavar="S",
                        help="seconds per puzzle; exit 3 when one is not made by then")
    parser.add_argument("--output", "-o", default=None, metavar="FILE|DIR",
                        help="write here instead of standard output; a folder (existing, or ending "
                        "in /) gets one file per puzzle, GENRE-ROWSxCOLS-SEED.txt (or .json)")
    parser.add_argument("--format", "-f", choices=("text", "json"), default="text",
                        help="text: the puzzle file (several: each after a # comment line); json: one "
                        "JSON object a line with the solution, grade, seed and fingerprint")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=f"a recipe option, repeatable: {', '.join(_options())}")
    parser.add_argument("--nearest", action="store_true",
                        help="try a level the generator does not make reliably at this size, and take "
                        "the nearest level found (default: refuse it, naming the levels made); "
                        f"without --time-limit, each puzzle then has {NEAREST_BUDGET:g} seconds")
    parser.add_argument("--exact", action="store_true",
                        help="exit 1 when a puzzle misses the level asked instead of downgrading it")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress on standard error (default: with --count above 1)")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``generate`` to the command line's subcommands."""
    parser = subparsers.add_parser("generate", help=SUMMARY, description=DESCRIPTION, epilog=epilog())
    add_arguments(parser)
    return parser


def options_of(genre: str, items: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` recipe options: whole numbers and true/false read as such; refuses a key
    the genre's recipe does not take."""
    rec = recipe(genre)
    known = [n for n in inspect.signature(rec.check_size).parameters if n not in ("height", "width")]
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key, text = key.strip(), text.strip()
        if not sep or not key:
            raise UnknownName(f"--option wants KEY=VALUE, found {item!r}")
        if key not in known:
            takes = f"it takes {', '.join(known)}" if known else "it takes none"
            raise UnknownName(f"{rec.NAME} has no option {key!r}; {takes}")
        lower = text.lower()
        out[key] = (True if lower == "true" else False if lower == "false"
                    else int(text) if re.fullmatch(r"-?\d+", text) else text)
    return out


class _Progress:
    """A tqdm bar when it is installed, else a line per puzzle; both on standard error."""

    def __init__(self, total: int, enabled: bool):
        self.total, self.done, self.bar = total, 0, None
        self.enabled = enabled
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(total=total, file=sys.stderr, unit="puzzle", desc="generate")

    def update(self, made: Generated) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.set_postfix_str(f"seed {made.seed} {made.grade.level}", refresh=False)
            self.bar.update(1)
        elif self.enabled:
            print(f"generate: {self.done}/{self.total} seed {made.seed} {made.grade.level} "
                  f"{made.seconds:.1f} s", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _header(made: Generated, size: tuple[int, int]) -> str:
    h, w = size
    asked = f" (asked {made.level})" if made.level and made.level != made.grade.level else ""
    return (f"# {made.genre} {h}x{w} seed {made.seed}: level {made.grade.level}{asked}, "
            f"{made.fingerprint}\n")


def _record(made: Generated, fmt: str, size: tuple[int, int], header: bool) -> str:
    if fmt == "json":
        return json.dumps({"size": f"{size[0]}x{size[1]}", **made.to_json()}) + "\n"
    text = made.text()
    return (_header(made, size) if header else "") + text + ("" if text.endswith("\n") else "\n")


def _writer(output: str | None) -> tuple[TextIO | None, str | None]:
    """(stream, folder): one of them is set."""
    if output is None or output == "-":
        return sys.stdout, None
    if output.endswith(("/", os.sep)) or os.path.isdir(output):
        return None, str(outputs.folder(output))
    return outputs.open_text(output), None


def made_puzzles(args: argparse.Namespace, options: dict[str, Any]) -> Iterator[Generated]:
    """The puzzles of a parsed command (raises at once for bad arguments)."""
    height, width = args.size
    budget = args.time_limit
    if budget is None and args.nearest:
        budget = NEAREST_BUDGET
    return generate(args.genre, height, width, args.level, count=args.count, seed=args.seed,
                    symmetry=args.symmetry, time_limit=budget, nearest=args.nearest, **options)


def run_command(args: argparse.Namespace) -> int:
    """Run a parsed ``generate`` command; returns the exit status. A backend that is not
    installed and what stands in for it (`phases.BackendMissing`) is a note on standard error."""
    shown = warnings.showwarning

    def note(message: Any, category: type[Warning], *rest: Any, **named: Any) -> None:
        if issubclass(category, phases.BackendMissing):
            print(f"puzzlekit generate: note: {message}", file=sys.stderr)
        else:
            shown(message, category, *rest, **named)

    with warnings.catch_warnings():
        warnings.showwarning = note
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    try:
        options = options_of(args.genre, args.option)
        pack = made_puzzles(args, options)
    except (PuzzlekitError, ValueError) as exc:
        print(f"puzzlekit generate: error: {exc}", file=sys.stderr)
        return USAGE
    try:
        stream, folder = _writer(args.output)
    except outputs.OutputError as exc:
        print(f"puzzlekit generate: error: {exc}", file=sys.stderr)
        return USAGE
    show = args.count > 1 if args.progress is None else args.progress
    progress = _Progress(args.count, show)
    status, made_any = OK, 0
    try:
        for made in pack:
            text = _record(made, args.format, args.size, header=args.count > 1 or folder is not None)
            if folder is not None:
                ext = "json" if args.format == "json" else "txt"
                name = f"{made.genre}-{args.size[0]}x{args.size[1]}-{made.seed}.{ext}"
                outputs.write_text(os.path.join(folder, name), text)
            else:
                assert stream is not None
                stream.write(text)
                stream.flush()
            made_any += 1
            progress.update(made)
            if made.note:
                print(f"puzzlekit generate: note: {made.note}", file=sys.stderr)
                if args.exact:
                    status = NOT_MET
    except OutOfTime as exc:
        print(f"puzzlekit generate: {exc} ({made_any} of {args.count} made)", file=sys.stderr)
        return OUT_OF_TIME
    except InternalError as exc:
        print(f"puzzlekit generate: internal error: {exc} (a bug: please report it)", file=sys.stderr)
        return INTERNAL
    except outputs.OutputError as exc:
        print(f"puzzlekit generate: error: {exc} ({made_any} of {args.count} made)", file=sys.stderr)
        return USAGE
    except (PuzzlekitError, ValueError) as exc:
        print(f"puzzlekit generate: cannot make it: {exc} ({made_any} of {args.count} made)",
              file=sys.stderr)
        return NOT_MET
    finally:
        progress.close()
        if stream is not None and stream is not sys.stdout:
            stream.close()
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="puzzlekit generate", description=DESCRIPTION, epilog=epilog())
    add_arguments(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    return run_command(build_parser().parse_args(argv))
