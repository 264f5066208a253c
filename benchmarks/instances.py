"""Instance sets for the benchmarks: seed examples, reference data, real corpus, generated ladders.

Every instance is held as text in its genre's file format (GENRES.md), so a worker process can
rebuild the puzzle with ``genre.parse`` and a peer program can be fed a converted copy.

Sets:

* ``seed``      -- ``examples/<genre>NN.txt`` of this repository.
* ``peers``     -- the real instances in ``../shared/peers/data`` (the files the seed programs
                   were measured on; the maze files are converted to the tracks format).
* ``corpus``    -- records of ``../shared/corpus`` (read in place, never copied), sampled evenly
                   by size; skipped when the directory is absent. With ``whole`` (the
                   whole-dataset run, ``--all``): every record, no sample and no size cap
                   (`corpus_all`).
* ``generated`` -- puzzles of growing size from the genre's generator (or one of
                   `benchmarks.generate`), seeded by genre and size so they are the same on every
                   run, and solvable (by construction, or checked).
* ``tiny``      -- one small generated puzzle per genre (the smoke preset).

Adding a genre is one `GenreSpec` entry in `SPECS` (a corpus reader, a size ladder and, when a
seed program exists, a converter to its input). A genre without an entry still gets its seed
examples and a generated ladder from its ``random_puzzle``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from puzzlekit import api, genres

from .generate import default_generate, masyu_from_loop, sudoku_ladder

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
PEERS = SHARED / "peers"
SETS: tuple[str, ...] = ("seed", "peers", "corpus", "generated", "tiny")
#: Instances the issue's targets name: always run, never skipped after a smaller one timed out.
TARGETS: frozenset[str] = frozenset({
    "masyu_793_20x20", "masyu_823_35x65", "numberlink_pk_39_12x15", "numberlink_pk_567_30x30",
    "hashi_889_30x45", "maze_gen_14x14_s4",
})
#: Target instances the seed program finishes only after far longer than the run's time limit
#: (its exhaustive maze search). ``--seed-limit`` gives the seed that long there, so the ratio
#: is measured, not a lower bound; targets the seed does not finish even then (numberlink
#: 30x30, masyu 35x65) are not listed. docs/benchmarks.md has the times.
SLOW_SEEDS: frozenset[str] = frozenset({"maze_gen_14x14_s4"})
#: (instance, backend) rows that need more than the run's time limit, kept in so that every
#: backend is measured on every seed instance; ``--seed-limit`` applies to them too.
SLOW_ROWS: frozenset[tuple[str, str]] = frozenset({("numberlink01", "mip")})


@dataclass(frozen=True)
class Instance:
    """One benchmark puzzle: its genre, set, name, size and text in the genre's file format."""

    genre: str
    set: str
    name: str
    height: int
    width: int
    text: str
    origin: str = ""

    @property
    def cells(self) -> int:
        return self.height * self.width

    @property
    def label(self) -> str:
        return f"{self.genre}/{self.name}"


Record = tuple[str, str, str]  # (name, text in our format, origin)


@dataclass(frozen=True)
class GenreSpec:
    """How to find, make and hand out instances of one genre."""

    #: Generated ladder (height, width) for the full preset, smallest first.
    sizes: tuple[tuple[int, int], ...] = ((5, 5), (8, 8), (10, 10), (15, 15))
    #: Reads the corpus directory: yields (rows, cols, record) candidates; see `corpus_set`.
    corpus: Callable[[Path], Iterator[tuple[int, int, Callable[[], Record]]]] | None = None
    #: Makes one puzzle from a seeded rng (default: the module's ``random_puzzle(rng, h, w)``).
    generate: Callable[[ModuleType, random.Random, int, int], Any] | None = None
    #: Whether generated puzzles are solvable by construction (else each is checked with a solver).
    by_construction: bool = False
    #: The seed program in ``shared/peers`` and a converter of our puzzle to its input text.
    peer: str | None = None
    to_peer: Callable[[Any], str | None] | None = None
    #: File name prefix of this genre's files in ``shared/peers/data`` and a converter to our text.
    peer_data: tuple[str, Callable[[str], str]] | None = None
    extra: dict = field(default_factory=dict)


# corpus readers ------------------------------------------------------------------------------


def _jsonl(path: Path) -> Iterator[dict]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _records(kind: str, to_text: Callable[[dict], str]) -> Callable[[Path], Iterator]:
    """A corpus reader for ``<kind>/<kind>.jsonl`` with a record-to-text converter."""

    def read(corpus: Path) -> Iterator[tuple[int, int, Callable[[], Record]]]:
        path = corpus / kind / f"{kind}.jsonl"
        if not path.is_file():
            return
        for rec in _jsonl(path):
            origin = f"{rec.get('source', '')} (licence: see corpus README)"
            yield rec["rows"], rec["cols"], (lambda rec=rec, origin=origin: (rec["id"], to_text(rec), origin))

    return read


def _sw(folder: str, filename: str, to_text: Callable[[list[str]], str]) -> Callable[[Path], Iterator]:
    """A corpus reader for ``sw/<folder>/<filename>`` (SmilingWayne's problem strings)."""

    def read(corpus: Path) -> Iterator[tuple[int, int, Callable[[], Record]]]:
        path = corpus / "sw" / folder / filename
        if not path.is_file():
            return
        data = json.loads(path.read_text(encoding="utf-8"))["data"]
        for key, entry in sorted(data.items()):
            lines = entry["problem"].strip().split("\n")
            rows, cols = (int(t) for t in lines[0].split()[:2])
            origin = f"corpus/sw/{folder}/{filename}#{key}"
            yield rows, cols, (
                lambda key=key, lines=lines, origin=origin: (f"sw-{key}", to_text(lines), origin)
            )

    return read


def _int_rows(grid: list[list[int]]) -> str:
    return "".join(" ".join(map(str, row)) + "\n" for row in grid)


def masyu_text(rec: dict) -> str:
    """A corpus masyu record (0/1/2 grid) in our format."""
    return _int_rows(rec["grid"])


#: The janko Numberlink convention's header: no line turns back beside itself.
UTURNS = "u-turns: no\n"


def numberlink_header(leaves_empty: bool) -> str:
    """The headers a janko Numberlink is read with: ``u-turns: no``, and ``cover: any`` only
    where the published answer ``leaves_empty`` a cell."""
    return ("cover: any\n" if leaves_empty else "") + UTURNS


def numberlink_text(rec: dict) -> str:
    """A corpus numberlink record under the convention its puzzles are made under (see
    `benchmarks.numberlink_corpus`), `numberlink_header`. The ``ta-*`` sets have no answers;
    they come from full-cover sets and a full-cover generator."""
    return numberlink_header(rec.get("full_coverage") is False) + _int_rows(rec["grid"])


def hashi_text(rec: dict) -> str:
    """A corpus hashi record ('.' water, digits islands): our format as is."""
    return "".join(row + "\n" for row in rec["grid"])


def sudoku_text(rec: dict) -> str:
    """A corpus sudoku record as whitespace-separated integers under a ``box:`` header."""
    box = rec.get("box")
    header = f"box: {box[0]}x{box[1]}\n" if box else ""
    return header + _int_rows(rec["grid"])


def nonogram_text(rec: dict) -> str:
    """A corpus nonogram record in the ``.non`` format."""

    def clue(runs: list[int]) -> str:
        return ",".join(map(str, runs)) if runs else "0"

    lines = [f"width {rec['cols']}", f"height {rec['rows']}", "rows"]
    lines += [clue(r) for r in rec["row_clues"]] + ["columns"] + [clue(c) for c in rec["col_clues"]]
    return "\n".join(lines) + "\n"


def queens_text(rec: dict) -> str:
    """A corpus queens record: one region letter per cell."""
    return "".join(row + "\n" for row in rec["regions"])


def slitherlink_text(rec: dict) -> str:
    """A corpus slitherlink record (-1 no clue) as one character per cell."""
    return "".join("".join("." if v < 0 else str(v) for v in row) + "\n" for row in rec["grid"])


def tents_text(lines: list[str]) -> str:
    """A SmilingWayne tents problem (counts, then ``x`` trees) as ``cols:``/``rows:`` headers and a grid."""
    cols, rows = lines[1].split(), lines[2].split()
    body = ["".join("T" if t == "x" else "." for t in line.split()) for line in lines[3:]]
    return f"cols: {' '.join(cols)}\nrows: {' '.join(rows)}\n" + "".join(b + "\n" for b in body)


def patches_text(lines: list[str]) -> str:
    """A SmilingWayne shikaku problem (``-`` or an area) as patches tokens."""
    return "".join(" ".join("." if t == "-" else t for t in line.split()) + "\n" for line in lines[1:])


def _sw_genre(genre: str) -> Callable[[Path], Iterator]:
    """A corpus reader of a genre converted by `benchmarks.sw_corpus` (its folder and converter);
    a variant the genre does not state keeps the corpus's text, which the parser then refuses."""
    from . import sw_corpus

    found = sw_corpus.GENRES[genre]

    def to_text(lines: list[str]) -> str:
        problem = "\n".join(lines)
        puzzle = found.convert(problem)
        return problem if puzzle is None else genres.get(genre).format(puzzle)

    return _sw(found.folder, found.filename, to_text)


# peers ------------------------------------------------------------------------------------------


def maze_to_tracks(text: str) -> str:
    """The seed maze format (line 1 column counts, line 2 row counts) as a tracks puzzle."""
    rows = [ln.replace(",", " ").split() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    return f"cols: {' '.join(rows[0])}\nrows: {' '.join(rows[1])}\n"


def tracks_to_maze(puzzle: Any) -> str | None:
    """A tracks puzzle as seed maze input, if the seed can state it(square, corner to corner, no givens)."""
    n = puzzle.height
    if puzzle.width != n or puzzle.givens or puzzle.start != (0, 0) or puzzle.end != (n - 1, n - 1):
        return None
    return f"{' '.join(map(str, puzzle.cols))}\n{' '.join(map(str, puzzle.rows))}\n"


def _same_text(module_name: str) -> Callable[[Any], str | None]:
    def convert(puzzle: Any) -> str | None:
        return genres.get(module_name).format(puzzle)

    return convert


def numberlink_to_seed(puzzle: Any) -> str | None:
    """The seed solves full-cover numberlink only; our integer grid is its input then."""
    if puzzle.cover != "all":
        return None
    return "".join(" ".join(map(str, row)) + "\n" for row in puzzle.grid)


def hashi_to_seed(puzzle: Any) -> str | None:
    """Our hashi text, unless two islands touch: the seed puts bridges on water cells only."""
    islands = puzzle.islands()
    if any((r, c + 1) in islands or (r + 1, c) in islands for r, c in islands):
        return None
    return genres.get("hashi").format(puzzle)


def _identity(text: str) -> str:
    return text


SPECS: dict[str, GenreSpec] = {
    "masyu": GenreSpec(
        sizes=((6, 6), (10, 10), (15, 15), (20, 20), (30, 30)),
        corpus=_records("masyu", masyu_text),
        generate=masyu_from_loop,
        by_construction=True,
        peer="seed_masyu.py",
        to_peer=_same_text("masyu"),
        peer_data=("masyu_", _identity),
    ),
    "tracks": GenreSpec(
        sizes=((6, 6), (8, 8), (10, 10), (12, 12), (14, 14)),
        by_construction=True,
        peer="seed_maze.py",
        to_peer=tracks_to_maze,
        peer_data=("maze_", maze_to_tracks),
    ),
    "numberlink": GenreSpec(
        sizes=((5, 5), (7, 7), (10, 10), (12, 15), (15, 15)),
        corpus=_records("numberlink", numberlink_text),
        by_construction=True,
        peer="seed_numberlink.py",
        to_peer=numberlink_to_seed,
        peer_data=("numberlink_", _identity),
    ),
    "hashi": GenreSpec(
        sizes=((7, 7), (10, 10), (15, 15), (20, 20), (30, 30)),
        corpus=_records("hashi", hashi_text),
        by_construction=True,
        peer="seed_hashi.py",
        to_peer=hashi_to_seed,
        peer_data=("hashi_", _identity),
    ),
    "sudoku": GenreSpec(
        sizes=((4, 4), (9, 9), (16, 16), (25, 25), (36, 36)),
        corpus=_records("sudoku", sudoku_text),
        generate=sudoku_ladder,
        by_construction=True,
    ),
    "nonogram": GenreSpec(
        sizes=((5, 5), (10, 10), (15, 15), (25, 25)), corpus=_records("nonogram", nonogram_text)
    ),
    "queens": GenreSpec(sizes=((6, 6), (8, 8), (10, 10)), corpus=_records("queens", queens_text)),
    "slitherlink": GenreSpec(corpus=_records("slitherlink", slitherlink_text)),
    "tents": GenreSpec(corpus=_sw("tents", "Tent_dataset.json", tents_text)),
    "patches": GenreSpec(corpus=_sw("shikaku", "Shikaku_dataset.json", patches_text)),
    "zip": GenreSpec(sizes=((4, 4), (6, 6), (8, 8))),
}
#: The genres read through `benchmarks.sw_corpus` (Tatham's genres in SmilingWayne's dataset).
SPECS.update({name: GenreSpec(corpus=_sw_genre(name)) for name in (
    "lightup", "hitori", "kurodoko", "fillomino", "gokigen", "skyscrapers", "kenken", "binairo",
    "magnets", "mosaic", "killersudoku", "jigsawsudoku", "dominosa",
)})


def spec(genre: str) -> GenreSpec:
    """The instance recipe of a genre (a default one for genres without an entry)."""
    return SPECS.get(genre, GenreSpec())


# building instances ----------------------------------------------------------------------------


def make(genre: str, set_name: str, name: str, text: str, origin: str = "") -> Instance:
    """An instance from text, parsed once to check it and to read its size (raises on bad text)."""
    module = genres.get(genre)
    puzzle = module.parse(text, name)
    height, width = puzzle_size(puzzle)
    return Instance(genre, set_name, name, height, width, module.format(puzzle), origin)


def puzzle_size(puzzle: Any) -> tuple[int, int]:
    """Rows and columns of any genre's puzzle."""
    for h, w in (("height", "width"), ("rows", "cols")):
        height, width = getattr(puzzle, h, None), getattr(puzzle, w, None)
        if isinstance(height, int) and isinstance(width, int):
            return height, width
    for attr in ("grid", "regions", "cells"):
        rows = getattr(puzzle, attr, None)
        if rows:
            return len(rows), len(rows[0])
    for h, w in (("rows", "cols"), ("row_clues", "col_clues")):
        rows, cols = getattr(puzzle, h, None), getattr(puzzle, w, None)
        if rows is not None and cols is not None:
            return len(rows), len(cols)
    n = getattr(puzzle, "n", None) or getattr(puzzle, "size", None)
    if isinstance(n, int):
        return n, n
    raise ValueError(f"cannot tell the size of a {type(puzzle).__name__}")


def seed_set(genre: str) -> list[Instance]:
    """The genre's examples in this repository."""
    out = []
    for path in sorted(EXAMPLES.glob(f"{genre}[0-9]*.txt")):
        if ".solution" not in path.name:
            text = path.read_text(encoding="utf-8")
            out.append(make(genre, "seed", path.stem, text, f"examples/{path.name}"))
    return out


def peers_set(genre: str, data: Path = PEERS / "data") -> list[Instance]:
    """The genre's files in ``shared/peers/data`` (real puzzles the seed programs were run on)."""
    entry = spec(genre).peer_data
    if entry is None or not data.is_dir():
        return []
    prefix, convert = entry
    out = []
    for path in sorted(data.glob(f"{prefix}*.txt")):
        text = convert(path.read_text(encoding="utf-8"))
        out.append(make(genre, "peers", path.stem, text, f"shared/peers/data/{path.name}"))
    return out


def evenly(items: list, k: int) -> list:
    """``k`` items spread evenly over a list, first and last included."""
    if k <= 0 or not items:
        return []
    if k >= len(items):
        return list(items)
    if k == 1:
        return [items[-1]]
    return [items[round(i * (len(items) - 1) / (k - 1))] for i in range(k)]


def corpus_set(
    genre: str, per_genre: int = 4, max_cells: int = 900, min_cells: int = 16, corpus: Path = CORPUS
) -> list[Instance]:
    """Up to ``per_genre`` corpus puzzles, evenly spread by size; [] when the corpus is absent.

    Records that our parser refuses are skipped (the next one of a similar size is tried).
    """
    reader = spec(genre).corpus
    if reader is None or not corpus.is_dir():
        return []
    candidates = sorted(
        (r * c, r, c, i, load)
        for i, (r, c, load) in enumerate(reader(corpus))
        if min_cells <= r * c <= max_cells
    )
    out: list[Instance] = []
    used: set[int] = set()
    for pick in evenly(list(range(len(candidates))), per_genre):
        for j in [pick, *range(pick + 1, len(candidates)), *range(pick - 1, -1, -1)]:
            if j in used:
                continue
            used.add(j)
            try:
                name, text, origin = candidates[j][4]()
                out.append(make(genre, "corpus", name, text, origin))
                break
            except Exception:  # a record our genre cannot read: try a neighbour
                continue
    return sorted(out, key=lambda inst: (inst.cells, inst.name))


def corpus_all(genre: str, corpus: Path = CORPUS) -> list[Instance]:
    """Every corpus record of the genre, by size: no sample, no size cap; [] when the corpus is absent.

    A record our parser refuses (the 1x1000 Numberlink is over the library's size limit) stays
    in with its converted text unparsed and its size from the record: its rows then say why it
    failed and it counts as unsolved, so the puzzle count is the corpus's own.
    """
    reader = spec(genre).corpus
    if reader is None or not corpus.is_dir():
        return []
    out: list[Instance] = []
    for rows, cols, load in reader(corpus):
        name, text, origin = load()
        try:
            out.append(make(genre, "corpus", name, text, origin))
        except Exception:  # kept as is: the worker reports the parser's refusal as the row's error
            out.append(Instance(genre, "corpus", name, rows, cols, text, origin))
    return sorted(out, key=lambda inst: (inst.cells, inst.name))


def is_solvable(genre: str, puzzle: Any, time_limit: float = 20.0) -> bool:
    """Whether the library's solve finds a solution (`api.solve` checks it with the genre's rules)."""
    return api.solve(puzzle, backend="auto", time_limit=time_limit).status == "solved"


def generated_one(genre: str, height: int, width: int, tries: int = 8) -> Instance | None:
    """The seeded generated puzzle of one size (None when no solvable one turned up)."""
    module = genres.get(genre)
    recipe = spec(genre)
    generate = recipe.generate or default_generate
    rng = random.Random(f"puzzlekit-benchmarks:{genre}:{height}x{width}")
    for _ in range(tries):
        puzzle = generate(module, rng, height, width)
        if recipe.by_construction or is_solvable(genre, puzzle):
            h, w = puzzle_size(puzzle)
            origin = f"generated, seed {genre}:{height}x{width}"
            return make(genre, "generated", f"gen-{h}x{w}", module.format(puzzle), origin)
    return None


def generated_set(genre: str, sizes: tuple[tuple[int, int], ...] | None = None) -> list[Instance]:
    """The generated ladder (default: the genre's sizes)."""
    out = []
    for h, w in sizes or spec(genre).sizes:
        inst = generated_one(genre, h, w)
        if inst is not None:
            out.append(inst)
    return out


def collect(
    genre: str, sets: list[str], corpus_per_genre: int = 4, corpus_max_cells: int = 900,
    corpus: Path = CORPUS, sizes: tuple[tuple[int, int], ...] | None = None, whole: bool = False,
) -> list[Instance]:
    """The chosen sets of one genre, duplicates (same puzzle in two sets) kept once, by size.

    ``whole``: the corpus set is every record (`corpus_all`), and none of them is dropped as a
    duplicate (two records with the same grid are two puzzles of the dataset).
    """
    out: list[Instance] = []
    seen: set[str] = set()
    for name in sets:
        if name == "seed":
            found = seed_set(genre)
        elif name == "peers":
            found = peers_set(genre)
        elif name == "corpus" and whole:
            found = corpus_all(genre, corpus)
        elif name == "corpus":
            found = corpus_set(genre, corpus_per_genre, corpus_max_cells, corpus=corpus)
        elif name == "generated":
            found = generated_set(genre, sizes)
        elif name == "tiny":
            found = generated_set(genre, (spec(genre).sizes[0],))
        else:
            raise ValueError(f"unknown instance set {name!r}; known: {', '.join(SETS)}")
        for inst in found:
            if inst.text not in seen or (whole and inst.set == "corpus"):
                seen.add(inst.text)
                out.append(inst)
    return sorted(out, key=lambda inst: (inst.cells, SETS.index(inst.set), inst.name))


def peer_input(inst: Instance) -> tuple[str, str] | None:
    """(seed program file name, its input text) for an instance, or None when no seed program fits."""
    recipe = spec(inst.genre)
    if recipe.peer is None or recipe.to_peer is None:
        return None
    text = recipe.to_peer(genres.get(inst.genre).parse(inst.text, inst.name))
    return None if text is None else (recipe.peer, text)
