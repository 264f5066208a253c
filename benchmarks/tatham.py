"""Simon Tatham's generated puzzles in puzzlekit's formats, each with his difficulty level.

    python -m benchmarks.tatham pearl tricky 20 --seed 1 --out /tmp/pearl
    python -m benchmarks.tatham loopy hard 5 --size 7x7

Six games of his Portable Puzzle Collection (Debian's ``sgt-puzzles``) map to our genres:
Pearl to masyu, Loopy on square grids to slitherlink, Bridges to hashi, Tracks to tracks,
Tents to tents and Solo to sudoku. Their levels are exact: a puzzle of level d is solved by his
solver at d and not at d-1, which makes them a reference for a difficulty grader.

`generate` runs his command-line generator, one process per puzzle (``--generate 1
--time-generation --save``), so each puzzle has its own time limit and his own timing of the
generation (without the process start). Puzzle ``i`` of seed ``S`` uses the random seed
``S`` for ``i = 0`` and ``S-i`` after that, which is what ``--generate COUNT 'PARAMS#S'``
itself does: the same seed always gives the same puzzles. `convert` turns a game ID
(``PARAMS:DESC``, as the generator prints it) into our file text; `puzzlekit.load` reads it.

Features with no counterpart in our formats are refused with a `ValueError`, never guessed:
Loopy's other grid types, Bridges with a bridge limit other than 2 or with loops forbidden,
Solo's jigsaw, killer and X variants. Solo at 2x2 boxes is refused above Trivial: his
generator makes every 2x2 puzzle Trivial whatever level is asked, so the level would be wrong.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

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
        if not re.fullmatch(r"\d+x\d+", size):
            raise ValueError(f"a size is 'WxH' (Solo: boxes 'CxR') such as {self.default_size!r}, "
                             f"not {size!r}")
        letter = self.letter(level)
        if size in self.capped and letter != self.levels[0][1]:
            raise ValueError(f"{self.title} {size} puzzles are all {self.levels[0][0]}, whatever level is "
                             f"asked: the level would be wrong")
        return self.spell(size, letter)

    def binary(self) -> str:
        """The generator's path; `TathamMissing` names the package when it is absent."""
        found = shutil.which(f"sgt-{self.name}") or shutil.which(f"sgt-{self.name}", path="/usr/games")
        if found is None:
            raise TathamMissing(
                f"sgt-{self.name} (Simon Tatham's {self.title}) is not installed: "
                f"apt-get install {PACKAGE}")
        return found


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


def _size(params: str, what: str = "size") -> tuple[int, int, str]:
    """``(width, height, rest)`` from parameters starting ``WxH``."""
    m = re.match(r"(\d+)x(\d+)", params)
    if m is None:
        raise DescriptionError(f"parameters {params!r} do not start with a {what} 'WxH'")
    w, h = int(m.group(1)), int(m.group(2))
    if not (1 <= w <= 256 and 1 <= h <= 256):
        raise DescriptionError(f"size {w}x{h} in {params!r} is out of range")
    return w, h, params[m.end():]


def _runs(desc: str, cells: int, token: str, what: str) -> list[str | None]:
    """Cells from run-length text: letters ``a``-``z`` for 1-26 empty cells (None), and the
    tokens the ``token`` pattern matches for filled ones; ``_`` separates two tokens."""
    out: list[str | None] = []
    pattern = re.compile(f"([a-z])|({token})|(_)")
    pos = 0
    while pos < len(desc):
        m = pattern.match(desc, pos)
        if m is None:
            raise DescriptionError(f"{what}: unexpected {desc[pos]!r} at position {pos}")
        if m.group(1):
            out.extend([None] * (ord(m.group(1)) - ord("a") + 1))
        elif m.group(2):
            out.append(m.group(2))
        pos = m.end()
    if len(out) != cells:
        raise DescriptionError(f"{what}: the description covers {len(out)} cells, not {cells}")
    return out


def _grid(cells: list[str], w: int) -> list[list[str]]:
    return [cells[i:i + w] for i in range(0, len(cells), w)]


def _pearl(params: str, desc: str) -> str:
    w, h, _ = _size(params)
    cells = _runs(desc, w * h, "[BW]", "pearl")
    code = {None: "0", "W": "1", "B": "2"}
    return "".join(" ".join(code[c] for c in row) + "\n" for row in _grid(cells, w))


def _loopy(params: str, desc: str) -> str:
    w, h, rest = _size(params)
    m = re.match(r"t(\d+)", rest)
    if m is not None and m.group(1) != "0":
        raise DescriptionError(f"Loopy grid type t{m.group(1)} is not the square grid (t0)")
    cells = _runs(desc, w * h, "[0-9]", "loopy")
    if any(c is not None and c > "3" for c in cells):
        raise DescriptionError("loopy: a square clue above 3 has no counterpart in slitherlink files")
    return "".join("".join(c or "." for c in row) + "\n" for row in _grid(cells, w))


def _bridges(params: str, desc: str) -> str:
    w, h, rest = _size(params)
    limit = re.search(r"m(\d+)", rest)
    if limit is not None and limit.group(1) != "2":
        raise DescriptionError(f"Bridges with at most {limit.group(1)} bridges per pair: hashi has 2")
    if "L" in rest:
        raise DescriptionError("Bridges with loops forbidden ('L') has no counterpart in hashi")
    cells = _runs(desc, w * h, "[1-8]", "bridges")
    return "".join("".join(c or "." for c in row) + "\n" for row in _grid(cells, w))


#: his direction bits: R=1, U=2, L=4, D=8 (one hex digit per fixed piece)
_BITS = (("U", 2), ("D", 8), ("L", 4), ("R", 1))


def _clues(parts: list[str], w: int, h: int, what: str) -> tuple[list[int], list[int], int, int]:
    """Column then row counts; the one of each marked ``S`` holds an end of the route."""
    if len(parts) != w + h:
        raise DescriptionError(f"{what}: {len(parts)} counts, not {w} columns + {h} rows")
    counts, marked = [], []
    for i, part in enumerate(parts):
        m = re.fullmatch(r"(S?)(\d+)", part)
        if m is None:
            raise DescriptionError(f"{what}: count {part!r} is not a number")
        counts.append(int(m.group(2)))
        if m.group(1):
            marked.append(i)
    cols = [i for i in marked if i < w]
    rows = [i - w for i in marked if i >= w]
    if len(cols) != 1 or len(rows) != 1:
        raise DescriptionError(f"{what}: not one column and one row marked 'S'")
    return counts[:w], counts[w:], cols[0], rows[0]


def _tracks(params: str, desc: str) -> str:
    w, h, _ = _size(params)
    grid, *parts = desc.split(",")
    cells = _runs(grid, w * h, "[0-9A-F]", "tracks")
    cols, rows, end_col, start_row = _clues(parts, w, h, "tracks")
    # the route comes in at the left edge in the marked row and leaves at the bottom edge
    # in the marked column
    lines = [f"cols: {' '.join(map(str, cols))}", f"rows: {' '.join(map(str, rows))}",
             f"start: {start_row} 0", f"end: {h - 1} {end_col}"]
    for i, c in enumerate(cells):
        if c is None:
            continue
        bits = int(c, 16)
        sides = "".join(s for s, b in _BITS if bits & b)
        if len(sides) != 2:
            raise DescriptionError(f"tracks: piece {c!r} at cell {i} is not a track piece of two ends")
        lines.append(f"given: {i // w} {i % w} {sides}")
    return "\n".join(lines) + "\n"


def _tents(params: str, desc: str) -> str:
    w, h, _ = _size(params)
    grid, *parts = desc.split(",")
    # each of '_', 'a'..'y' is 0..25 empty cells then a tree, 'z' 25 empty cells; the last
    # tree (after the grid) is not there
    cells: list[str] = []
    for i, ch in enumerate(grid):
        if ch == "z":
            cells.extend("." * 25)
        elif ch == "_" or "a" <= ch <= "y":
            cells.extend("." * (0 if ch == "_" else ord(ch) - ord("a") + 1) + "T")
        else:
            raise DescriptionError(f"tents: unexpected {ch!r} at position {i}")
    if len(cells) != w * h + 1 or cells[-1] != "T":
        raise DescriptionError(f"tents: the trees cover {len(cells) - 1} cells, not {w * h}")
    if len(parts) != w + h or not all(p.isdigit() for p in parts):
        raise DescriptionError(f"tents: the counts are not {w} + {h} numbers")
    lines = [f"cols: {' '.join(parts[:w])}", f"rows: {' '.join(parts[w:])}"]
    lines += ["".join(row) for row in _grid(cells[:-1], w)]
    return "\n".join(lines) + "\n"


def _solo(params: str, desc: str) -> str:
    m = re.match(r"(\d+)x(\d+)", params)
    if m is None or "j" in params:
        raise DescriptionError(f"Solo parameters {params!r} are not boxes 'CxR' (jigsaw has no "
                               f"counterpart in sudoku)")
    c, r = int(m.group(1)), int(m.group(2))
    rest = params[m.end():]
    if "x" in rest or "k" in rest or "," in desc:
        raise DescriptionError("Solo's X and killer variants have no counterpart in sudoku")
    n = c * r
    if not 1 <= n <= 64:
        raise DescriptionError(f"Solo boxes {c}x{r} make a {n}x{n} grid: out of range")
    cells = _runs(desc, n * n, "[0-9]+", "solo")
    if any(x is not None and not 1 <= int(x) <= n for x in cells):
        raise DescriptionError(f"solo: a digit outside 1..{n}")
    # his "CxR": C boxes across, so a box is R cells wide and C tall; our header is box
    # rows x columns
    lines = [f"box: {c}x{r}"]
    sep = "" if n <= 9 else " "
    lines += [sep.join(x or "." for x in row) for row in _grid(cells, n)]
    return "\n".join(lines) + "\n"


DECODERS: dict[str, Callable[[str, str], str]] = {
    "pearl": _pearl, "loopy": _loopy, "bridges": _bridges, "tracks": _tracks, "tents": _tents,
    "solo": _solo,
}


def convert(game_name: str, game_id: str | Described) -> str:
    """Our file text for one of his puzzles, given as a game ID ``PARAMS:DESC`` or `Described`.

    Raises `DescriptionError` (a `ValueError`) for a malformed description or a feature our
    format cannot express.
    """
    g = game(game_name)
    params, desc = _split(game_id)
    return DECODERS[g.name](params, desc)


# --- command line ------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
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
