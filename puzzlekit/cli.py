"""The ``puzzlekit`` command: solve, check, grade, generate, and list genres and backends.

Exit status (`puzzlekit.exits`, shared by every command): 0 solved (or a valid solution
checked), 1 unsolvable or not unique where one solution is needed (or a solution that breaks
a rule), 2 bad input or usage, 3 the time limit (or a budget a backend option set) ended
before what was asked was decided, 4 internal error (a bug: please report it), 130
interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from puzzlekit import backends

from . import __version__, api, arguments, exits, formats, genres, ladder, outputs, textio
from .batch import command as batch_command
from .errors import InternalError, NoUniqueSolution, OutOfTime, ParseError, PuzzlekitError, UnknownName
from .generate import command as generate_command
from .pack import command as pack_command

EXIT = {"solved": exits.OK, "unsolvable": exits.NOT_MET, "timeout": exits.UNDECIDED}
GENRE_HELP = f"one of: {', '.join(genres.NAMES)} (or a common other name, e.g. bridges, loopy, shikaku)"
GENRE_OPTIONAL = (GENRE_HELP + ", or a game of Simon Tatham's such as rect; may be left out when FILE is "
                  "a puzz.link URL, a pasted board or a Tatham game ID")
FILE_HELP = ("puzzle file, - for standard input, a puzz.link URL, a board pasted from a puzzle site, "
             "or Simon Tatham's game ID (7x7:Ba01bB...) or save file")
#: What ``solve -o`` held before it meant ``--output``: a backend option such as ``method=dfs``.
OLD_OPTION = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*=[^/\\]*")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``puzzlekit`` command."""
    parser = argparse.ArgumentParser(
        prog="puzzlekit",
        description="Solve and check pencil puzzles with a choice of solver backends.",
        epilog=exits.SUMMARY + " File formats: docs/genres/. Run 'puzzlekit COMMAND --help' for details.",
    )
    parser.add_argument("--version", action="version", version=f"puzzlekit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = sub.add_parser(
        "solve", help="solve a puzzle file",
        description="Solve a puzzle and print its solution(s) as text or JSON.",
    )
    solve.add_argument("genre", metavar="GENRE", nargs="?", help=GENRE_OPTIONAL)
    solve.add_argument("file", metavar="FILE", help=FILE_HELP)
    solve.add_argument(
        "--backend", "-b", default="auto", metavar="B",
        help=f"solver: {', '.join(backends.NAMES)} or auto (the default: the fastest installed "
        "backend for the genre, as measured)",
    )
    solve.add_argument(
        "--limit", "-n", type=arguments.positive_int, default=1, metavar="N",
        help="list up to N solutions; N > 1 also decides uniqueness (default 1)",
    )
    solve.add_argument(
        "--unique", "-u", action="store_true",
        help="decide whether the solution is unique (shows a second one if not)",
    )
    solve.add_argument(
        "--time-limit", "-t", type=arguments.seconds, default=None, metavar="S",
        help="stop after S seconds of work (building, lowering, solving; not loading the solver "
        "package). Exit 3 if what was asked was not decided by then",
    )
    solve.add_argument(
        "--format", "-f", choices=("text", "json"), default="text", help="output format (default text)"
    )
    solve.add_argument(
        "--seed", type=arguments.seed, default=0, help="solver random seed, 0 to 2^31-1 (default 0)"
    )
    solve.add_argument(
        "--output", "-o", metavar="FILE", default=None,
        help="write what would be printed to FILE instead of standard output (- is standard output)",
    )
    solve.add_argument(
        "--option", "-O", action="append", default=[], metavar="KEY=VALUE",
        help="a backend option, repeatable: " + "; ".join(
            f"{name}: {', '.join(keys)}" for name, keys in backends.OPTIONS.items() if keys
        ) + " (puzzlekit backends explains them)",
    )

    check = sub.add_parser(
        "check", help="check a solution against the rules",
        description="Check solution JSON (one solution, or the output of 'solve --format json') "
        "against the puzzle's rules and print every rule it breaks.",
    )
    check.add_argument("genre", metavar="GENRE", help=GENRE_HELP)
    check.add_argument("file", metavar="FILE", help="puzzle file, or - for standard input")
    check.add_argument("solution", metavar="SOLUTION.json", help="solution JSON file")

    for name, summary, words in (
        ("grade", "how hard a puzzle is",
         "Grade a puzzle: the weakest level of the deduction ladder ("
         + ", ".join(api.LEVEL_NAMES) + ") that solves it, with the rounds, trials and search nodes it took. "
         "docs/grading.md explains the levels. Exit status: 0 unique, 1 no solution or more than one, "
         "3 the time limit ended before the level or uniqueness was decided (a level found is printed)."),
        ("hint", "the next step from a partial state",
         "Print the next step: entries of the state that contradict the solution first, else "
         "the next deduction at the weakest level that makes one, with the rules it rests on."),
        ("explain", "every step from the empty grid to the solution",
         "Print the whole chain of steps a player can follow, from the empty grid to the solution."),
    ):
        if name == "grade":
            command = sub.add_parser(name, help=summary, description=_wrapped(words), epilog=_levels(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
        else:
            command = sub.add_parser(name, help=summary, description=words)
        command.add_argument("genre", metavar="GENRE", nargs="?", help=GENRE_OPTIONAL)
        command.add_argument("file", metavar="FILE", help=FILE_HELP)
        if name == "hint":
            command.add_argument(
                "--state", metavar="STATE.json", default=None,
                help="the player's partial state (the state JSON of docs/genres/); default: empty",
            )
        command.add_argument(
            "--time-limit", "-t", type=arguments.seconds, default=None, metavar="S",
            help="stop after S seconds (exit 3)",
        )
        command.add_argument(
            "--format", "-f", choices=("text", "json"), default="text", help="output format (default text)"
        )

    render = sub.add_parser(
        "render", help="draw a puzzle as SVG or PNG",
        description="Draw a puzzle the way it is printed, optionally with a solution or a player's "
        "state, as SVG (or PNG with the png extra: pip install 'puzzlekit[png]').",
    )
    render.add_argument("genre", metavar="GENRE", nargs="?", help=GENRE_OPTIONAL)
    render.add_argument("file", metavar="FILE", help=FILE_HELP)
    shown = render.add_mutually_exclusive_group()
    shown.add_argument("--solve", action="store_true", help="solve the puzzle and draw its solution")
    shown.add_argument("--solution", metavar="S.json", help="draw this solution (solution JSON)")
    render.add_argument("--state", metavar="STATE.json", help="draw a player's partial state")
    render.add_argument("--output", "-o", metavar="OUT", required=True,
                        help="the picture file: .svg or .png (- writes SVG to standard output)")

    url = sub.add_parser(
        "url", help="print a puzzle's puzz.link URL or Tatham game ID",
        description="Print the puzzle's canonical puzz.link URL, or with --tatham the game ID "
        "Simon Tatham's Portable Puzzle Collection plays (docs/formats.md lists the genres that "
        "have each).",
    )
    url.add_argument("genre", metavar="GENRE", nargs="?", help=GENRE_OPTIONAL)
    url.add_argument("file", metavar="FILE", help=FILE_HELP)
    url.add_argument("--tatham", action="store_true",
                     help="print his game ID (PARAMS:DESC, as his 'Specific...' dialog takes it) instead")

    generate_command.add_parser(sub)

    many = sub.add_parser(
        "batch", help=batch_command.SUMMARY, description=batch_command.DESCRIPTION,
        epilog=batch_command.EPILOG,
    )
    batch_command.add_arguments(many)
    pack_command.add_parser(sub)

    sub.add_parser("genres", help="list the genres", description="List the genres puzzlekit solves.")
    sub.add_parser(
        "backends", help="list the backends and which are installed",
        description="List the solver backends, installed or missing, with versions.",
    )
    return parser


def _wrapped(text: str) -> str:
    return textwrap.fill(text, width=min(shutil.get_terminal_size().columns, 100) - 2)


def _levels() -> str:
    """The ladder's levels, easiest first, a line each (wrapped under its name)."""
    width = min(shutil.get_terminal_size().columns, 100) - 2
    lines = ["levels, easiest first (docs/grading.md explains them):"]
    for level in ladder.LEVELS:
        lines.append(textwrap.fill(f"{level.name}: {level.sentence}", width=width,
                                   initial_indent="  ", subsequent_indent="      "))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command == "batch":  # its solvers run in worker processes; it handles Ctrl-C itself
            return _run(parser, args)
        with exits.watching_interrupts():
            return _run(parser, args)
    except KeyboardInterrupt:  # while reading the arguments, or a second Ctrl-C while reporting one
        return _interrupted()


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        status = _dispatch(parser, args)
        # a solver that swallowed Ctrl-C (in a callback) and returned as if out of time
        if exits.interrupted() and status != exits.INTERRUPTED:
            return _interrupted()
        return status
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:  # the reader went away (e.g. `| head -1`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return exits.OK
    except Exception as exc:
        # Ctrl-C that reached a solver package inside its own code comes back in that
        # package's words (python-sat's "Caught keyboard interrupt", ctypes' ArgumentError)
        if exits.interrupted() or exits.is_interrupt(exc):
            return _interrupted()
        if isinstance(exc, OutOfTime):
            print(f"puzzlekit: {exc}", file=sys.stderr)
            return exits.UNDECIDED
        if isinstance(exc, InternalError):
            print(f"puzzlekit: internal error: {exc} (a bug: please report it)", file=sys.stderr)
            return exits.INTERNAL
        if isinstance(exc, NoUniqueSolution):
            print(f"puzzlekit: {exc}", file=sys.stderr)
            return exits.NOT_MET
        if isinstance(exc, PuzzlekitError):
            print(f"puzzlekit: error: {exc}", file=sys.stderr)
            return exits.USAGE
        if isinstance(exc, OSError) and exc.strerror:  # a path that cannot be read or written
            where = f"{exc.filename}: " if exc.filename else ""
            print(f"puzzlekit: error: {where}{exc.strerror}", file=sys.stderr)
            return exits.USAGE
        if os.environ.get("PUZZLEKIT_DEBUG"):  # a bug; keep the traceback behind an opt-in
            raise
        print(
            f"puzzlekit: internal error: {type(exc).__name__}: {exc} "
            "(set PUZZLEKIT_DEBUG=1 for the traceback)", file=sys.stderr,
        )
        return exits.INTERNAL


def _interrupted() -> int:
    # A solver object cut off half-built by Ctrl-C can fail in its finalizer as the program
    # ends (Z3's do), which Python would print as a traceback after our line: the command was
    # interrupted, so what its leftovers do on the way out is not the user's concern.
    sys.unraisablehook = lambda unraisable: None
    try:
        print("puzzlekit: interrupted", file=sys.stderr)
    except (KeyboardInterrupt, OSError):  # a second Ctrl-C, or standard error gone
        pass
    return exits.INTERRUPTED


def _dispatch(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "solve":
        return _solve(args)
    if args.command == "check":
        return _check(args)
    if args.command in ("grade", "hint", "explain"):
        return _coach(args)
    if args.command == "render":
        return _render(args)
    if args.command == "batch":
        return batch_command.run_command(args)
    if args.command == "pack":
        return pack_command.run_command(args)
    if args.command == "generate":
        return generate_command.run_command(args)
    if args.command == "url":
        puzzle = api.load(args.genre, args.file)
        print(api.to_tatham(puzzle) if args.tatham else api.to_url(puzzle))
        return exits.OK
    if args.command == "genres":
        for name in genres.available():
            doc = ((genres.get(name).__doc__ or "").strip().splitlines() or [""])[0]
            print(f"{name:12} {doc}")
        return exits.OK
    if args.command == "backends":
        for name, ver in backends.installed().items():
            extra = backends.EXTRAS[name]
            state = f"installed  {ver}" if ver else f"missing    pip install 'puzzlekit[{extra}]'"
            print(f"{name:8} {state}")
            for key, meaning in backends.OPTIONS[name].items():
                print(f"{'':8}   -O {key}=...  {meaning}")
        return exits.OK
    parser.error(f"unknown command {args.command!r}")
    return exits.USAGE


def _solve(args: argparse.Namespace) -> int:
    out = args.output
    if out is not None and OLD_OPTION.fullmatch(out) and not os.path.exists(out):
        # -o was --option before it meant --output, as it does for every other command
        raise UnknownName(
            f"-o is --output now; pass a backend option with -O/--option {out} "
            f"(to write a file named so, write ./{out})"
        )
    puzzle = api.load(args.genre, args.file)
    if out not in (None, "-"):
        outputs.file_allowed(out)  # before the work, not after it
    result = api.solve(
        puzzle, backend=args.backend, limit=args.limit, time_limit=args.time_limit,
        unique=args.unique, seed=args.seed, **_options(args.option),
    )
    text = json.dumps(result.to_json()) if args.format == "json" else _text(puzzle, result, args.limit)
    if out in (None, "-"):
        print(text)
    else:
        outputs.write_text(out, text + "\n")
    listed_all = result.complete or result.more  # every solution up to N, and whether more exist
    if result.status == "solved" and (
        (args.limit > 1 and not listed_all) or (args.unique and result.unique is None)
    ):
        return exits.UNDECIDED  # a list cut short by the time limit, or uniqueness left undecided
    return EXIT[result.status]


def _options(items: Sequence[str]) -> dict[str, str]:
    """``KEY=VALUE`` items as text; the backend checks names and values (as for library calls)."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UnknownName(f"--option wants KEY=VALUE, found {item!r}")
        options[key] = text.strip()
    return options


def _text(puzzle: Any, result: api.SolveResult, limit: int = 1) -> str:
    module = api.genre_module(puzzle)
    loading = f" (+{result.import_seconds:.2f} s loading the solver)" if result.import_seconds >= 0.05 else ""
    lines = [
        f"{result.genre}: {result.status} by {result.backend} in {result.seconds:.3f} s{loading}; "
        f"unique: {_uniqueness(result)}"
    ]
    if result.status == "timeout":
        lines.append(f"{_ended(result)} before a solution was found")
    n = len(result.solutions)
    for i, solution in enumerate(result.solutions, 1):
        if n > 1:
            lines.append(f"solution {i} of {n}{'' if i < n else _more(result, limit)}:")
        lines.append(module.render(puzzle, solution))
    return "\n".join(lines)


def _uniqueness(result: api.SolveResult) -> str:
    if result.unique is True:
        return "yes"
    if result.unique is False:
        return "no solution" if result.status == "unsolvable" else "no"
    if result.unique_reason in ("time limit", "budget"):
        return f"undecided ({result.unique_reason})"
    return "not checked"


def _more(result: api.SolveResult, limit: int) -> str:
    """What is known beyond the listed solutions, said after the last one."""
    if result.complete:
        return " (all of them)"
    if result.more:
        return " (more exist)"
    if limit == 1 and result.unique is False:  # --unique stops at a second solution: that settles it
        return " (two found, so not unique; the search stopped there)"
    return f" ({_ended(result)}: there may be more)" if result.status == "solved" else ""


def _ended(result: api.SolveResult) -> str:
    """What stopped an unfinished solve: the time limit, or a budget the backend's options set."""
    stopped = result.stats.get("stopped")
    return f"{result.backend} stopped at {stopped}" if stopped else "the time limit ended"


def _coach(args: argparse.Namespace) -> int:
    """grade, hint and explain."""
    if args.command == "hint" and args.file == "-" and args.state == "-":
        raise UnknownName("FILE and --state cannot both be - (standard input is read once)")
    puzzle = api.load(args.genre, args.file)
    if args.command == "grade":
        graded = api.grade(puzzle, time_limit=args.time_limit)
        if args.format == "json":
            print(json.dumps(graded.to_json()))
        elif graded.unique is False:  # a level is only a puzzle's with one solution
            print(f"{api.genre_module(puzzle).NAME}: no grade (not one solution)")
        else:
            extra = f", {graded.nodes} search nodes" if graded.level == "search" else ""
            unique = "unique" if graded.unique else "uniqueness undecided (the time limit ended)"
            print(f"{api.genre_module(puzzle).NAME}: level {graded.level} (rank {graded.rank}); "
                  f"{graded.rounds} rounds, {graded.probes} trials{extra}; {unique}")
        if graded.unique is None:
            print(f"puzzlekit: {api.genre_module(puzzle).NAME}: whether the solution is unique was not "
                  "decided", file=sys.stderr)
            return exits.UNDECIDED
        if not graded.unique:
            print(f"puzzlekit: {_not_unique(puzzle, args.time_limit)}", file=sys.stderr)
            return exits.NOT_MET
        return exits.OK
    if args.command == "hint":
        state = _state(puzzle, args.state) if args.state else None
        hints = [api.hint(puzzle, state, time_limit=args.time_limit)]
    else:
        hints = api.explain(puzzle, time_limit=args.time_limit)
    if args.format == "json":
        data = [h.to_json() for h in hints]
        print(json.dumps(data[0] if args.command == "hint" else data))
    else:
        for i, h in enumerate(hints, 1):
            level = f"[{h.step.level}] " if h.step else ""
            print(f"{i}. {level}{h.words}" if args.command == "explain" else f"{h.kind}: {level}{h.words}")
    return exits.OK


def _not_unique(puzzle: Any, time_limit: float | None) -> str:
    """Which way a puzzle the ladder found not unique fails: no solution, or several."""
    name = api.genre_module(puzzle).NAME
    result = api.solve(puzzle, unique=True, time_limit=time_limit)
    if result.status == "unsolvable":
        return f"this {name} puzzle has no solution"
    if result.unique is False:
        return f"this {name} puzzle has more than one solution"
    return f"this {name} puzzle has no solution or more than one"


def _state(puzzle: Any, path: str) -> dict:
    """A player's state from STATE.json; the JSON that `solve --format json` prints is taken
    too (its first solution, a complete state), as `check` and `render --solution` take it."""
    data = _read_json(path)
    if isinstance(data, dict) and "solutions" in data:
        name = api.genre_module(puzzle).NAME
        if data.get("genre") not in (None, name):
            raise ParseError(f"this is a {genres.shown(data['genre'])} solution, not {name!r}", source=path)
        items = data["solutions"]
        if not isinstance(items, list) or not items:
            raise ParseError("'solutions' must be a list of at least one solution", source=path)
        data = items[0]
        if isinstance(data, dict):  # a solver's answer leaves nothing unknown
            data = {"complete": True, **data}
    return api.state_of(puzzle, data)


def _render(args: argparse.Namespace) -> int:
    from . import render

    out = args.output
    if not (out == "-" or out.lower().endswith((".svg", ".png"))):
        raise UnknownName(f"--output must end in .svg or .png (or be -), not {out!r}")
    if [args.file, args.solution, args.state].count("-") > 1:
        raise UnknownName("only one input can be - (standard input is read once)")
    if out != "-":
        outputs.file_allowed(out)  # before solving, not after
    puzzle = api.load(args.genre, args.file)
    module = api.genre_module(puzzle)
    solution = None
    unsolved = None
    if args.solve:
        result = api.solve(puzzle)
        if not result.solutions:  # the picture of the puzzle alone is still written, and said so
            unsolved = result.status
            words = "has no solution" if unsolved == "unsolvable" else "was not solved in time"
            print(f"puzzlekit: this {module.NAME} puzzle {words}; drew the puzzle alone", file=sys.stderr)
        solution = result.solutions[0] if result.solutions else None
    elif args.solution:
        data = _read_json(args.solution)
        if isinstance(data, dict) and isinstance(data.get("solutions"), list) and data["solutions"]:
            data = data["solutions"][0]
        solution = module.solution_from_json(puzzle, data)
    state = _state(puzzle, args.state) if args.state else None
    picture = render.svg(puzzle, solution, state=state)
    if out == "-":
        sys.stdout.write(picture)
    elif out.lower().endswith(".png"):
        outputs.write_bytes(out, render.png(picture))
    else:
        outputs.write_text(out, picture)
    return EXIT[unsolved] if unsolved else exits.OK


def _check(args: argparse.Namespace) -> int:
    if args.file == "-" and args.solution == "-":
        raise UnknownName("FILE and SOLUTION.json cannot both be - (standard input is read once)")
    puzzle = api.load(args.genre, args.file)
    try:
        module = genres.get(args.genre)
    except UnknownName:  # his game's name (rect), which api.load took for a Tatham game ID
        module = api.genre_module(puzzle)
    if formats.is_url(args.solution):
        text, name = args.solution, "the URL"
    else:
        text, name = textio.read_file(args.solution)
    if formats.format_of(text) in ("pzprv3", "url"):  # a solved board from puzz.link
        solution = formats.read_pzprv3_solution(module.NAME, puzzle, text, source=name)
        return _report([module.verify(puzzle, solution)])
    data = textio.parse_json(text, name)
    if isinstance(data, dict) and "solutions" in data:
        if data.get("genre") not in (None, module.NAME):
            raise ParseError(
                f"this is a {genres.shown(data['genre'])} solution, not {module.NAME!r}", source=args.solution
            )
        items = data["solutions"]
        if not isinstance(items, list):
            raise ParseError("'solutions' must be a list", source=args.solution)
    else:
        items = [data]
    if not items:
        print(f"{args.solution}: holds no solution to check")
        return 1
    found = []
    for item in items:
        try:
            found.append(module.verify(puzzle, module.solution_from_json(puzzle, item)))
        except ParseError as exc:
            raise ParseError(exc.reason, source=args.solution) from None
    return _report(found)


def _report(problems_per_solution: list[list[str]]) -> int:
    """Print each checked solution's broken rules; exit 1 if any breaks one."""
    bad = 0
    for i, problems in enumerate(problems_per_solution, 1):
        label = f"solution {i}" if len(problems_per_solution) > 1 else "solution"
        if problems:
            bad += 1
            print(f"{label}: breaks {len(problems)} rule(s):")
            for problem in problems:
                print(f"  - {problem}")
        else:
            print(f"{label}: valid")
    return 1 if bad else 0


def _read_json(path: str) -> Any:
    return textio.read_json(path)[0]



if __name__ == "__main__":
    sys.exit(main())
