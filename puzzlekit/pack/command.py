"""``puzzlekit pack``: solve puzzle files and write them as a playable static pack.

Exit status: 0 the pack is written, 1 a puzzle has no solution or more than one (a pack stores
the one solution the page checks against), 2 bad input or usage (a file that does not read,
as FILE:LINE:COL: reason; a genre without a page; a puzzle over the size limit), 3 a time limit
ended before a puzzle's solution and its uniqueness were decided. Nothing is written unless
every puzzle passes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .. import api, arguments, genres, outputs
from ..errors import PuzzlekitError
from ..exits import NOT_MET as NOT_UNIQUE
from ..exits import UNDECIDED
from . import HINT_TIME_LIMIT, MAX_PUZZLE_BYTES, PLAYABLE, PackError, build_pack
from .encoding import playable, playable_names

SUMMARY = "write puzzles as a playable web page (a static puzzle pack)"
DESCRIPTION = (
    "Solve each FILE (of the GENRE before it), check that its solution is unique, and write a static "
    "site to DIR: "
    "index.html (the puzzles and their solutions inside it), pack-genres.js, pack.js and pack.css. Open "
    "index.html in a browser, from disk: no server, no network. The page lets a player pick a "
    "puzzle, play it with mouse and keyboard, undo and redo, check entries against the stored "
    "solution, and keeps progress in the browser. See docs/packs.md."
)
EPILOG = (
    f"genres with a page: {', '.join(PLAYABLE)}. Each puzzle may take at most {MAX_PUZZLE_BYTES} "
    "bytes of pack data (a printed page's puzzle takes a few hundred). Exit status: 0 written, "
    "1 a puzzle without a unique solution, 2 bad input or usage, 3 time limit. Example: "
    "puzzlekit pack masyu examples/masyu01.txt -o site --title 'Masyu'; mixed genres: "
    "puzzlekit pack masyu examples/masyu01.txt sudoku examples/sudoku01.txt -o site"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``puzzlekit pack``."""
    parser.add_argument("genre", metavar="GENRE",
                        help=f"the genre of the FILEs after it: one of {', '.join(PLAYABLE)}")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="puzzle files (the genre's text format); a genre name among them starts a "
                             "new group, so one pack can mix genres: GENRE FILE... [GENRE FILE...]... "
                             "(write ./NAME for a file named like a genre)")
    parser.add_argument("--output", "-o", required=True, metavar="DIR",
                        help="the folder to write index.html and the page's script and style files into "
                             "(created if missing)")
    parser.add_argument("--title", default=None,
                        help="the page's title (default: the genre's name, or Puzzles for mixed genres)")
    parser.add_argument("--backend", "-b", default="auto", metavar="B", help="solver backend (default auto)")
    parser.add_argument("--time-limit", "-t", type=arguments.seconds, default=None, metavar="S",
                        help="each puzzle's time limit in seconds (default none)")
    parser.add_argument("--no-hints", dest="hints", action="store_false",
                        help="leave the Hint button's chains out (packing is then as fast as solving)")
    parser.add_argument("--hint-time-limit", type=arguments.seconds, default=HINT_TIME_LIMIT, metavar="S",
                        help="how long working out one puzzle's chain of hints may take, in seconds "
                             f"(default {HINT_TIME_LIMIT:g}); a puzzle whose chain takes longer is packed "
                             "without hints and its page says so")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``pack`` to the command's subparsers."""
    parser = subparsers.add_parser("pack", help=SUMMARY, description=DESCRIPTION, epilog=EPILOG)
    add_arguments(parser)
    return parser


def _is_genre(word: str) -> bool:
    try:
        genres.canonical(word)
    except PuzzlekitError:
        return False
    return True


def groups(first: str, words: list[str]) -> list[tuple[str, list[str]]]:
    """``GENRE FILE... [GENRE FILE...]...`` as ``[(genre, files), ...]``: a word that names a
    genre (any of its names, in any case) starts a new group; every group needs a file."""
    found: list[tuple[str, list[str]]] = [(first, [])]
    for word in words:
        if _is_genre(word):
            found.append((word, []))
        else:
            found[-1][1].append(word)
    for genre, files in found:
        if not files:
            raise PackError(f"no FILE after the genre {genre!r}: write pack GENRE FILE... [GENRE FILE...]... "
                            "(./NAME for a file named like a genre)")
    return found


def names(paths: list[str]) -> list[str]:
    """The puzzles' names in the page: each file's name without its extension, with its folder
    in front when two files share a name (a/p.txt and b/p.txt are a/p and b/p)."""
    stems = [Path(path).stem or path for path in paths]
    shared = {stem for stem in stems if stems.count(stem) > 1}
    out = []
    for path, stem in zip(paths, stems):
        parent = Path(path).parent.name
        out.append(f"{parent}/{stem}" if stem in shared and parent else stem)
    return out  # pack_data numbers any left alike ("p (2)")


def run_command(args: argparse.Namespace) -> int:
    """Solve, check and write; returns the exit status. Bad input raises `PuzzlekitError`
    (the command prints it and exits 2)."""
    jobs = []
    for genre, paths in groups(args.genre, list(args.files)):
        name = genres.canonical(genre)
        if not playable(name):
            raise PackError(f"there is no playable page for {name} yet; "
                            f"packs hold {', '.join(playable_names())}")
        jobs.extend((name, path) for path in paths)
    outputs.folder_allowed(args.output)  # a path that cannot be a folder is refused before solving
    items = []
    for (name, path), shown in zip(jobs, names([path for _, path in jobs])):
        puzzle = api.load(name, path)
        result = api.solve(puzzle, backend=args.backend, time_limit=args.time_limit, unique=True)
        if result.status == "timeout" or result.unique is None:
            print(f"puzzlekit: {path}: the time limit ended before its solution and uniqueness were decided",
                  file=sys.stderr)
            return UNDECIDED
        if result.status == "unsolvable":
            print(f"puzzlekit: {path}: this puzzle has no solution; a pack needs exactly one",
                  file=sys.stderr)
            return NOT_UNIQUE
        if not result.unique:
            print(f"puzzlekit: {path}: this puzzle has more than one solution; a pack needs exactly one "
                  "(the page checks entries against it)", file=sys.stderr)
            return NOT_UNIQUE
        items.append((puzzle, result.solutions[0], shown))
    kinds = sorted({name for name, _ in jobs})
    # "Swend", not its module's "Wend"; a mix of genres is "Puzzles"
    title = args.title if args.title is not None else kinds[0].capitalize() if len(kinds) == 1 else "Puzzles"
    index = build_pack(items, args.output, title=title, hints=args.hints,
                       hint_time_limit=args.hint_time_limit)
    print(f"wrote {index} ({len(items)} puzzle{'s' if len(items) != 1 else ''})")
    return 0
