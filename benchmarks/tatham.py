"""Simon Tatham's generated puzzles in puzzlekit's formats, each with his difficulty level.

    python -m benchmarks.tatham pearl tricky 20 --seed 1 --out /tmp/pearl
    python -m benchmarks.tatham loopy hard 5 --size 7x7
    python -m benchmarks.tatham check 5                  # every game, level and preset size

His Portable Puzzle Collection (Debian's ``sgt-puzzles``) maps to our genres: `GAMES` lists
each game with its levels and preset sizes (Pearl to masyu, Loopy on square grids to
slitherlink, Bridges to hashi, Solo to sudoku and, in its killer and jigsaw modes, to
killersudoku and jigsawsudoku, ...). Their levels are exact: a puzzle of level d is solved by
his solver at d and not at d-1, which makes them a reference for a difficulty grader.

`generate` runs his command-line generator, one process per puzzle (``--generate 1
--time-generation --save``), so each puzzle has its own time limit and his own timing of the
generation (without the process start). Puzzle ``i`` of seed ``S`` uses the random seed
``S`` for ``i = 0`` and ``S-i`` after that, which is what ``--generate COUNT 'PARAMS#S'``
itself does: the same seed always gives the same puzzles. `read` turns a game ID
(``PARAMS:DESC``, as the generator prints it) into our puzzle through the genre's part
(``genres/NAME/tatham.py``, `puzzlekit.formats.tatham`); `convert` gives its file text.

Features with no counterpart in our formats are refused with a `ValueError`, never guessed:
Loopy's other grid types, Bridges with a bridge limit other than 2 or with loops forbidden
(each genre's part says what it refuses). Solo at 2x2 boxes is refused above Trivial: his
generator makes every 2x2 puzzle Trivial whatever level is asked, so the level would be wrong.

``check N`` is the benchmark of the game IDs themselves: for every game whose genre has a
part, every level and every preset size, N fresh puzzles are read, solved by ``auto``
(uniqueness decided), checked by ``verify`` and written back, and the rate that passes is
reported (the goal is 100%), with the puzzles that reached each stage and ``auto``'s median
and max time, a line a game at the end. An ID that spells more than one game (small Mosaic
IDs are also Filling or Light Up ones) is read with the game named, as the refusal asks, and
counted. His generator makes the puzzles one at a time (``--generation-limit`` each): one
that overruns it is left out and named, the others are checked. The last run's figures are
in docs/benchmarks.md ("Tatham's game IDs").
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import puzzlekit
from puzzlekit import genres
from puzzlekit.errors import ParseError
from puzzlekit.formats import tatham as tatham_ids

PACKAGE = "sgt-puzzles"


class DescriptionError(ValueError):
    """A game ID that is malformed or uses a feature our formats cannot express."""


class TathamMissing(RuntimeError):
    """Tatham's generator for a game is not installed."""


class GenerationFailed(RuntimeError):
    """His generator failed, gave something unexpected or overran its time limit."""


@dataclass(frozen=True)
class Game:
    """One of his games: our genre, his levels (easiest first), sizes and parameter spelling.

    ``levels`` holds ``(name, letter)``: the letter follows ``d`` in his parameter string.
    ``sizes`` are those of his presets; ``small`` is a quick size for tests.
    """

    name: str
    title: str
    genre: str
    levels: tuple[tuple[str, str], ...]
    default_size: str
    sizes: tuple[str, ...]
    small: str
    #: full parameters for (size, level letter), exactly as his save files spell them
    spell: Callable[[str, str], str]
    #: sizes at which his generator makes every puzzle of the easiest level, whatever is asked
    capped: tuple[str, ...] = ()
    #: his program when it is not ``name`` (Solo's killer and jigsaw modes are ``solo``)
    program: str = ""
    #: the smallest of his preset sizes for a level, where it is not ``small`` (some levels
    #: are never made at the smallest size)
    smallest: tuple[tuple[str, str], ...] = ()

    def small_for(self, level: str) -> str:
        """A quick size for tests at a level (his smallest preset of that level)."""
        return dict(self.smallest).get(self.letter(level), self.small)

    def letter(self, level: str) -> str:
        """His parameter letter for a level name (or letter)."""
        for name, letter in self.levels:
            if level.lower() in (name, letter):
                return letter
        names = ", ".join(f"{n} ({x})" for n, x in self.levels)
        raise ValueError(f"{self.name} has no level {level!r}; its levels are {names}")

    def level_name(self, level: str) -> str:
        letter = self.letter(level)
        return next(name for name, x in self.levels if x == letter)

    def params(self, level: str, size: str | None = None) -> str:
        """The full parameter string, e.g. ``10x10dt`` for Pearl's tricky 10x10."""
        size = size or self.default_size
        if not re.fullmatch(r"\d+x\d+" if "x" in self.default_size else r"\d+", size):
            raise ValueError(f"a size is 'WxH' (Solo: boxes 'CxR') such as {self.default_size!r}, "
                             f"not {size!r}")
        letter = self.letter(level)
        if size in self.capped and letter != self.levels[0][1]:
            raise ValueError(f"{self.title} {size} puzzles are all {self.levels[0][0]}, whatever level is "
                             f"asked: the level would be wrong")
        return self.spell(size, letter)

    def binary(self) -> str:
        """The generator's path; `TathamMissing` names the package when it is absent."""
        program = self.program or self.name
        found = shutil.which(f"sgt-{program}") or shutil.which(f"sgt-{program}", path="/usr/games")
        if found is None:
            raise TathamMissing(
                f"sgt-{program} (Simon Tatham's {self.title}) is not installed: "
                f"apt-get install {PACKAGE}")
        return found


_SOLO = (("trivial", "t"), ("basic", "b"), ("intermediate", "i"), ("advanced", "a"),
         ("extreme", "e"), ("unreasonable", "u"))
#: the one level of a game without levels (his parameters have no letter for it)
_NONE = (("normal", ""),)
#: Palisade's region size and Map's region count at his preset sizes
_REGION = {"5x5": 5, "8x6": 6, "10x8": 8, "15x12": 10}
_REGIONS = {"20x15": 30, "30x25": 75}


def _LEVEL(size: str, letter: str) -> str:
    return f"{size}d{letter}"


def _SIZE(size: str, letter: str) -> str:
    return size


GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game("pearl", "Pearl", "masyu", (("easy", "e"), ("tricky", "t")),
             "8x8", ("6x6", "8x8", "10x10", "12x8"), "6x6", lambda s, d: f"{s}d{d}"),
        Game("loopy", "Loopy", "slitherlink",
             (("easy", "e"), ("normal", "n"), ("tricky", "t"), ("hard", "h")),
             "10x10", ("7x7", "10x10"), "5x5", lambda s, d: f"{s}t0d{d}"),
        Game("bridges", "Bridges", "hashi", (("easy", "0"), ("medium", "1"), ("hard", "2")),
             "10x10", ("7x7", "10x10", "15x15"), "7x7", lambda s, d: f"{s}i30e10m2d{d}"),
        Game("tracks", "Tracks", "tracks", (("easy", "e"), ("tricky", "t"), ("hard", "h")),
             "8x8", ("8x8", "10x8", "10x10", "15x10", "15x15"), "6x6", lambda s, d: f"{s}d{d}"),
        Game("tents", "Tents", "tents", (("easy", "e"), ("tricky", "t")),
             "8x8", ("8x8", "10x10", "15x15"), "6x6", lambda s, d: f"{s}d{d}"),
        # trivial is his default level, which his parameter strings leave out
        Game("solo", "Solo", "sudoku",
             (("trivial", "t"), ("basic", "b"), ("intermediate", "i"), ("advanced", "a"),
              ("extreme", "e"), ("unreasonable", "u")),
             "3x3", ("2x2", "2x3", "3x3", "3x4", "4x4"), "3x3",
             lambda s, d: s if d == "t" else f"{s}d{d}", capped=("2x2",)),
        Game("pattern", "Pattern", "nonogram", _NONE, "15x15", ("10x10", "15x15", "20x20", "25x25", "30x30"),
             "10x10", _SIZE),
        Game("rect", "Rectangles", "patches", _NONE, "7x7",
             ("7x7", "9x9", "11x11", "13x13", "15x15", "17x17", "19x19"), "7x7", _SIZE),
        Game("killer", "Killer Solo", "killersudoku", _SOLO, "3x3", ("3x3",), "3x3",
             lambda s, d: f"{s}k" if d == "t" else f"{s}kd{d}", program="solo"),
        Game("jigsaw", "Jigsaw Solo", "jigsawsudoku", _SOLO, "9", ("9",), "6",
             lambda s, d: f"{s}j" if d == "t" else f"{s}jd{d}", program="solo"),
        Game("lightup", "Light Up", "lightup", (("easy", "0"), ("tricky", "1"), ("hard", "2")),
             "7x7", ("7x7", "10x10", "14x14"), "7x7",
             lambda s, d: f"{s}b20s{4 if s == '7x7' else 2}d{d}"),
        Game("singles", "Singles", "hitori", (("easy", "e"), ("tricky", "k")),
             "5x5", ("5x5", "6x6", "8x8", "10x10", "12x12"), "5x5", _LEVEL),
        Game("range", "Range", "kurodoko", _NONE, "9x6", ("9x6", "12x8", "13x9", "16x11"), "9x6", _SIZE),
        Game("filling", "Filling", "fillomino", _NONE, "9x7", ("9x7", "13x9", "17x13"), "9x7", _SIZE),
        Game("slant", "Slant", "gokigen", (("easy", "e"), ("hard", "h")),
             "8x8", ("5x5", "8x8", "12x10"), "5x5", _LEVEL),
        Game("towers", "Towers", "skyscrapers",
             (("easy", "e"), ("hard", "h"), ("extreme", "x"), ("unreasonable", "u")),
             "5", ("4", "5", "6"), "4", _LEVEL, smallest=(("h", "5"), ("x", "6"), ("u", "6"))),
        Game("keen", "Keen", "kenken",
             (("easy", "e"), ("normal", "n"), ("hard", "h"), ("extreme", "x"), ("unreasonable", "u")),
             "6", ("4", "5", "6", "9"), "4", _LEVEL,
             smallest=(("n", "6"), ("h", "6"), ("x", "6"), ("u", "6"))),
        # his Adjacent mode ('a') is the game `adjacent` below
        Game("unequal", "Unequal", "futoshiki",
             (("trivial", "t"), ("easy", "e"), ("tricky", "k"), ("extreme", "x"), ("recursive", "r")),
             "5", ("4", "5", "6", "7"), "4", _LEVEL, smallest=(("k", "5"), ("x", "5"), ("r", "5"))),
        # the same levels in Adjacent mode: a bar between two cells one apart, none elsewhere
        Game("adjacent", "Unequal (Adjacent)", "futoshiki",
             (("trivial", "t"), ("easy", "e"), ("tricky", "k"), ("extreme", "x"), ("recursive", "r")),
             "5", ("5", "6", "7"), "5", lambda s, d: f"{s}ad{d}", program="unequal"),
        Game("unruly", "Unruly", "binairo", (("trivial", "t"), ("easy", "e"), ("normal", "n")),
             "8x8", ("8x8", "10x10", "14x14"), "8x8", _LEVEL),
        Game("magnets", "Magnets", "magnets", (("easy", "e"), ("tricky", "t")),
             "6x5", ("6x5", "8x7", "10x9"), "6x5", _LEVEL),
        Game("galaxies", "Galaxies", "galaxies", (("normal", "n"), ("unreasonable", "u")),
             "7x7", ("7x7", "10x10", "15x15"), "7x7", _LEVEL),
        # his 'a' level makes puzzles with more than one solution
        Game("dominosa", "Dominosa", "dominosa",
             (("trivial", "t"), ("basic", "b"), ("hard", "h"), ("extreme", "e")),
             "6", ("3", "4", "5", "6", "7", "8", "9"), "3", _LEVEL,
             smallest=(("b", "4"), ("h", "6"), ("e", "6"))),
        Game("signpost", "Signpost", "signpost", _NONE, "4x4", ("4x4", "5x5", "6x6", "7x7"), "4x4",
             lambda s, d: f"{s}c"),
        Game("undead", "Undead", "undead", (("easy", "e"), ("normal", "n"), ("tricky", "t")),
             "4x4", ("4x4", "5x5", "7x7"), "4x4", _LEVEL),
        Game("palisade", "Palisade", "palisade", _NONE, "5x5", ("5x5", "8x6", "10x8", "15x12"), "5x5",
             lambda s, d: f"{s}n{_REGION.get(s, 5)}"),
        Game("map", "Map", "fourcolour",
             (("easy", "e"), ("normal", "n"), ("hard", "h"), ("unreasonable", "u")),
             "20x15", ("20x15", "30x25"), "20x15",
             lambda s, d: f"{s}n{_REGIONS.get(s, 30)}d{d}"),
        Game("mosaic", "Mosaic", "mosaic", _NONE, "10x10", ("3x3", "5x5", "10x10", "15x15", "25x25"),
             "5x5", _SIZE),
    )
}


def game(name: str) -> Game:
    """A game by his name (``pearl``) or by our genre name (``masyu``)."""
    key = name.strip().lower().removeprefix("sgt-")
    for g in GAMES.values():
        if key in (g.name, g.genre):
            return g
    raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")


@dataclass(frozen=True)
class Described:
    """One generated puzzle: his game ID, level and seed, and his generation time."""

    game: str
    level: str
    params: str
    seed: str
    desc: str
    #: his own timing of the generation (``--time-generation``: processor time by ``clock()``,
    #: without the process start), so a busy machine changes it little
    seconds: float
    #: wall-clock time of the whole generator process
    wall_seconds: float = 0.0

    @property
    def game_id(self) -> str:
        """``PARAMS:DESC``, which his programs accept as a puzzle to play."""
        return f"{self.params}:{self.desc}"


# --- running the generator -------------------------------------------------------------------


def seed_of(seed: str | int, index: int) -> str:
    """The random seed of puzzle ``index`` in a run with ``seed`` (his own ``--generate N`` rule)."""
    return str(seed) if index == 0 else f"{seed}-{index}"


def read_save(text: str) -> dict[str, str]:
    """The fields of one of his save files: ``KEY:LENGTH:VALUE`` records."""
    fields: dict[str, str] = {}
    pos = 0
    while pos < len(text):
        key_end = text.index(":", pos)
        len_end = text.index(":", key_end + 1)
        length = int(text[key_end + 1:len_end])
        value = text[len_end + 1:len_end + 1 + length]
        fields.setdefault(text[pos:key_end].strip(), value)
        pos = len_end + 1 + length
        while pos < len(text) and text[pos] in "\r\n":
            pos += 1
    return fields


def generate(game_name: str, level: str, count: int, seed: str | int = 1, size: str | None = None,
             time_limit: float = 120.0) -> list[Described]:
    """``count`` puzzles of one level from his generator, the same ones for the same seed.

    ``time_limit`` is per puzzle (wall clock, process start included); `GenerationFailed`
    when one overruns it (some levels never finish at some sizes).
    """
    g = game(game_name)
    params = g.params(level, size)
    binary = g.binary()
    if "#" in str(seed) or ":" in str(seed):
        raise ValueError(f"a seed has neither '#' nor ':', not {seed!r}")
    out = []
    with tempfile.TemporaryDirectory(prefix="tatham-") as tmp:
        for i in range(count):
            s = seed_of(seed, i)
            command = [binary, "--generate", "1", "--time-generation", "--save", f"{tmp}/p",
                       "--save-suffix", ".sav", f"{params}#{s}"]
            started = time.perf_counter()
            try:
                done = subprocess.run(command, capture_output=True, text=True, timeout=time_limit,
                                      cwd=tmp)
            except subprocess.TimeoutExpired:
                raise GenerationFailed(
                    f"sgt-{g.name} '{params}#{s}' took more than {time_limit:g} s") from None
            wall = time.perf_counter() - started
            saved = Path(tmp, "p0.sav")
            if done.returncode != 0 or not saved.exists():
                why = done.stderr.strip().splitlines()[-1:] or [f"exit code {done.returncode}"]
                raise GenerationFailed(f"sgt-{g.name} '{params}#{s}' failed: {why[0]}")
            fields = read_save(saved.read_text())
            saved.unlink()
            if fields.get("CPARAMS") != params:
                raise GenerationFailed(f"sgt-{g.name} read '{params}' as '{fields.get('CPARAMS')}'")
            timing = re.search(r":\s*([0-9.]+)\s*$", done.stdout)
            if timing is None or "DESC" not in fields:
                raise GenerationFailed(f"sgt-{g.name} '{params}#{s}' printed no timing or description")
            out.append(Described(g.name, g.level_name(level), params, s, fields["DESC"],
                                 float(timing.group(1)), wall))
    return out


# --- decoding descriptions ---------------------------------------------------------------------


def _split(game_id: str | Described) -> tuple[str, str]:
    if isinstance(game_id, Described):
        return game_id.params, game_id.desc
    if not isinstance(game_id, str) or ":" not in game_id:
        raise DescriptionError(
            f"a game ID is 'PARAMS:DESCRIPTION' as his generator prints it (the description alone "
            f"does not give the size), not {game_id!r}")
    params, desc = game_id.strip().split(":", 1)
    return params, desc


def part(game_name: str) -> ModuleType | None:
    """The package's part for a game's genre (``genres/NAME/tatham.py``), None while the genre
    has none."""
    return tatham_ids.parts().get(game(game_name).genre)


def readable() -> list[str]:
    """The games `read` takes today: those whose genre has a part."""
    return [name for name in GAMES if part(name) is not None]


def read(game_name: str, game_id: str | Described) -> Any:
    """Our puzzle for one of his, given as a game ID ``PARAMS:DESC`` or `Described`, read by
    the genre's part. Raises `DescriptionError` (a `ValueError`) for a malformed description
    or a feature our genre cannot express."""
    g = game(game_name)
    params, desc = _split(game_id)
    found = part(g.name)
    if found is None:
        raise DescriptionError(f"{g.genre} has no reader of {g.title}'s game IDs yet")
    try:
        return found.read(params, desc)
    except (ValueError, ParseError) as exc:
        raise DescriptionError(str(getattr(exc, "reason", exc))) from None


def convert(game_name: str, game_id: str | Described) -> str:
    """Our file text for one of his puzzles (`read`, then the genre's ``format``)."""
    puzzle = read(game_name, game_id)
    return genres.module_of(puzzle).format(puzzle)


# --- the benchmark of his game IDs -------------------------------------------------------------


#: the stages of a round, in order: a puzzle that fails one has passed those before it
STAGES = ("read", "solved", "unique", "verified", "written")


@dataclass
class Tally:
    """What ``check`` found for one game, level and size."""

    game: str
    level: str
    size: str
    passed: int = 0
    failed: list[str] = field(default_factory=list)
    #: his generator failed or overran its time limit: no puzzle to read
    not_generated: str = ""
    #: how many puzzles reached each of `STAGES`
    reached: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STAGES, 0))
    #: ``auto``'s wall-clock time on each puzzle read (uniqueness decided), in seconds
    seconds: list[float] = field(default_factory=list)
    #: IDs that read as more than one game (read with the game named)
    named: int = 0
    #: his generator's failures or overruns of its time limit, one a puzzle not made
    overran: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        done = self.passed + len(self.failed)
        return self.passed / done if done else 0.0


@dataclass
class Round:
    """One puzzle's round: the stages it passed, why it stopped, and ``auto``'s time."""

    stages: tuple[str, ...] = ()
    why: str | None = None
    seconds: float | None = None
    #: the ID read as more than one game, and was read with the game named
    named: bool = False


def round_of(g: Game, d: Described, time_limit: float = 120.0) -> Round:
    """One generated puzzle read (the game inferred, as a user would; named where the ID
    reads as more than one game and the refusal asks for it), solved by ``auto`` with
    uniqueness decided, checked by ``verify`` and written back, as far as it gets."""
    done: list[str] = []

    def stop(why: str, seconds: float | None = None) -> Round:
        return Round(tuple(done), why, seconds, named)

    named = False
    try:
        genre, puzzle = tatham_ids.read(d.game_id)
    except ParseError as exc:
        # an ID that more than one game spells the same way (small Mosaic and Filling IDs are
        # digits and run letters alike) is read as the refusal asks, with the game named
        if "more than one game" not in exc.reason or f"({g.genre})" not in exc.reason:
            return stop(f"not read: {exc.reason}")
        genre, puzzle = tatham_ids.read(d.game_id, g.genre)
        named = True
    if genre != g.genre:
        return stop(f"read as {genre}, not {g.genre}")
    done.append("read")
    started = time.perf_counter()
    result = puzzlekit.solve(puzzle, unique=True, time_limit=time_limit)
    seconds = time.perf_counter() - started
    if result.status != "solved" or not result.solutions:
        return stop(f"auto: {result.status} after {seconds:.1f} s", seconds)
    done.append("solved")
    if result.unique is None:  # undecided (out of time), which is not a second solution
        return stop(f"auto: uniqueness undecided ({result.unique_reason}) after {seconds:.1f} s", seconds)
    if not result.unique:
        return stop("auto: more than one solution", seconds)
    done.append("unique")
    broken = genres.module_of(puzzle).verify(puzzle, result.solutions[0])
    if broken:
        return stop(f"verify: {broken[0]}", seconds)
    done.append("verified")
    written = tatham_ids.write(puzzle)
    if written.split(":", 1)[1] != d.desc or tatham_ids.read(written, genre)[1] != puzzle:
        return stop(f"written back as {written}", seconds)
    done.append("written")
    return Round(tuple(done), None, seconds, named)


def check_one(g: Game, d: Described, time_limit: float = 120.0) -> str | None:
    """Why one generated puzzle fails the round (read, unique by auto, verify, written back),
    or None when it passes."""
    return round_of(g, d, time_limit).why


def check(count: int, games: list[str] | None = None, seed: str = "check", time_limit: float = 120.0,
          report: Callable[[Tally], None] | None = None,
          generation_limit: float | None = None) -> list[Tally]:
    """``count`` puzzles of every level and preset size of every game whose genre has a part
    (or of ``games``), each through `check_one`; one `Tally` per game, level and size.
    ``generation_limit`` bounds his generator on each puzzle (default ``time_limit``); a
    puzzle it overruns is left out and named in the tally, the others are still checked."""
    out = []
    for g in (game(name) for name in (games or GAMES)):
        if part(g.name) is None:
            continue
        for size in g.sizes:
            for level, _ in g.levels:
                tally = Tally(g.name, level, size)
                found = []
                for i in range(count):  # one at a time, so one overrun loses one puzzle
                    try:
                        found += generate(g.name, level, 1, seed_of(seed, i), size,
                                          generation_limit or time_limit)
                    except GenerationFailed as exc:
                        tally.overran.append(str(exc))
                    except (ValueError, TathamMissing) as exc:
                        tally.not_generated = str(exc)
                        break
                if not found and tally.overran and not tally.not_generated:
                    tally.not_generated = tally.overran[0]
                for d in found:
                    done = round_of(g, d, time_limit)
                    for stage in done.stages:
                        tally.reached[stage] += 1
                    if done.seconds is not None:
                        tally.seconds.append(done.seconds)
                    tally.named += done.named
                    if done.why is None:
                        tally.passed += 1
                    else:
                        tally.failed.append(f"{d.game_id}: {done.why}")
                out.append(tally)
                if report is not None:
                    report(tally)
    return out


def _times(seconds: list[float]) -> str:
    if not seconds:
        return "-"
    return f"median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s"


def _print_tally(t: Tally) -> None:
    if t.not_generated:
        print(f"{t.game:9} {t.level:13} {t.size:6}  not generated: {t.not_generated}", flush=True)
        return
    done = t.passed + len(t.failed)
    named = f", {t.named} read with the game named" if t.named else ""
    print(f"{t.game:9} {t.level:13} {t.size:6}  {t.passed}/{done} ({100 * t.rate:.0f}%)  "
          f"auto {_times(t.seconds)}{named}", flush=True)
    for why in t.failed:
        print(f"    {why}", flush=True)
    for why in t.overran:
        print(f"    not generated: {why}", flush=True)


def summary(tallies: list[Tally]) -> list[str]:
    """One line per game: the level and size pairs checked (and those his generator made
    nothing for), the puzzles that reached each stage, and ``auto``'s median and max time."""
    lines = []
    for name in dict.fromkeys(t.game for t in tallies):
        mine = [t for t in tallies if t.game == name]
        made = [t for t in mine if not t.not_generated]
        total = sum(t.passed + len(t.failed) for t in made)
        stages = " ".join(f"{stage} {sum(t.reached[stage] for t in made)}" for stage in STAGES)
        seconds = [x for t in made for x in t.seconds]
        named = sum(t.named for t in made)
        overran = sum(len(t.overran) for t in made)
        lines.append(f"{name:9} {len(made)} pairs ({len(mine) - len(made)} not generated), "
                     f"{total} puzzles: {stages}; auto {_times(seconds)}"
                     + (f"; {named} IDs read as more than one game (game named)" if named else "")
                     + (f"; {overran} not generated in time" if overran else ""))
    return lines


def check_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.tatham check",
                                description="Read, solve, verify and write back N fresh puzzles of "
                                "every game, level and preset size; report the rate that passes.")
    p.add_argument("count", type=int)
    p.add_argument("--game", action="append", help="only this game (repeatable)")
    p.add_argument("--seed", default="check")
    p.add_argument("--time-limit", type=float, default=120.0, help="seconds per puzzle (default 120)")
    p.add_argument("--generation-limit", type=float,
                   help="seconds for his generator per puzzle (default: the time limit)")
    args = p.parse_args(argv)
    try:
        tallies = check(args.count, args.game, args.seed, args.time_limit, _print_tally,
                        args.generation_limit)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in summary(tallies):
        print(line)
    passed = sum(t.passed for t in tallies)
    done = passed + sum(len(t.failed) for t in tallies)
    skipped = sum(1 for t in tallies if t.not_generated)
    overran = sum(len(t.overran) for t in tallies if not t.not_generated)
    print(f"total: {passed}/{done} passed ({100 * passed / max(done, 1):.1f}%); "
          f"{skipped} level/size pairs not generated"
          + (f", {overran} more puzzles not generated in time" if overran else ""))
    return 0 if passed == done else 1


# --- command line ------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["check"]:
        return check_main(argv[1:])
    p = argparse.ArgumentParser(prog="python -m benchmarks.tatham",
                                description="Write Tatham's generated puzzles as puzzlekit files.")
    p.add_argument("game", help=", ".join(f"{g.name} ({g.genre})" for g in GAMES.values()))
    p.add_argument("level", help="a level name or letter, e.g. tricky or t")
    p.add_argument("count", type=int)
    p.add_argument("--seed", default="1", help="random seed (default 1): same seed, same puzzles")
    p.add_argument("--size", help="WxH (Solo: boxes CxR); default: the game's default size")
    p.add_argument("--out", type=Path, default=Path("."), help="folder for the files (default .)")
    p.add_argument("--time-limit", type=float, default=120.0, help="seconds per puzzle (default 120)")
    args = p.parse_args(argv)
    try:
        g = game(args.game)
        found = generate(g.name, args.level, args.count, args.seed, args.size, args.time_limit)
    except (ValueError, TathamMissing, GenerationFailed) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for d in found:
        path = args.out / f"{g.name}-{d.params}-{d.seed}.txt"
        path.write_text(f"# {g.title} {d.level}: {d.game_id}\n# generated in {d.seconds:.6f} s\n"
                        + convert(g.name, d))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
