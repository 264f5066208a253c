"""SmilingWayne's dataset (``../shared/corpus/sw``) read as our genres: one converter per genre.

The corpus tests (tests/genres/test_*_corpus.py) and the whole-dataset benchmark
(`benchmarks.sw_dataset`) both read the corpus through this module, so each genre's conversion
is written once. Per genre (`GENRES`):

* ``convert(problem)``: the corpus's problem text as our puzzle, or None for a variant our genre
  does not state (none left: magnets' given poles and skyscrapers' diagonals and tallest height
  are read);
* ``published(puzzle, solution)``: the published answer as a value comparable with
* ``found(puzzle, solution)``: the same value read from our ``Solution``;
* ``sw`` and ``mps``: the peer programs' names of the genre (their `puzzlekit.solve` type, the
  multi-puzzle-solver module), None where the peer has no such genre;
* ``ambiguous``: the keys whose puzzle has two answers as transcribed.

The corpus is read in place (never copied; see its README for the licence).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlekit import genres
from puzzlekit.board.cages import labels as cage_labels


def rows_of(text: str) -> list[list[str]]:
    """The body lines of a corpus text (the header dropped), split on whitespace."""
    return [line.split() for line in text.strip().split("\n")[1:]]


def _marked(text: str, mark: str) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows_of(text)) for c, t in enumerate(row) if t == mark)


def _digits(text: str) -> tuple:
    return tuple(tuple(int(x) for x in row) for row in rows_of(text))


# converters ----------------------------------------------------------------------------------


def lightup(problem: str) -> Any:
    """``-`` open, ``x`` a wall, a digit a numbered wall."""
    rows = rows_of(problem)
    walls = [["X" if t != "-" else None for t in row] for row in rows]
    numbers = [[int(t) if t.isdigit() else None for t in row] for row in rows]
    return genres.get("lightup").Puzzle(len(rows), len(rows[0]), walls=walls, numbers=numbers)


def hitori(problem: str) -> Any:
    """The grid of numbers."""
    rows = [[int(t) for t in row] for row in rows_of(problem)]
    return genres.get("hitori").Puzzle(len(rows), len(rows[0]), numbers=rows)


def _numbers(genre: str) -> Callable[[str], Any]:
    """``-`` no number, else a number (kurodoko: cells seen, itself included; mosaic: the 3x3 count)."""

    def convert(problem: str) -> Any:
        rows = [[None if t == "-" else int(t) for t in row] for row in rows_of(problem)]
        return genres.get(genre).Puzzle(len(rows), len(rows[0]), numbers=rows)

    return convert


def battleship(problem: str) -> Any:
    """Header ``R C k1 k2 ...`` (ships of each length); the column counts, the row counts
    (``-``: none); the givens: ``-`` unknown, ``x`` water, ``o``, ``n`` ``s`` ``e`` ``w``, ``m``."""
    lines = [line.split() for line in problem.strip().split("\n")]
    counts = [[None if t == "-" else int(t) for t in line] for line in lines[1:3]]
    parts = [[None if t == "-" else t for t in line] for line in lines[3:]]
    return genres.get("battleship").Puzzle(len(parts), len(parts[0]), cols=counts[0], rows=counts[1],
                                           fleet=[int(k) for k in lines[0][2:]], parts=parts)


def battleship_published(puzzle: Any, text: str) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows_of(text)) for c, t in enumerate(row) if t != "-")


def minesweeper(problem: str) -> Any:
    """Header ``R C M`` (M: the mines); ``-`` unknown, a digit a count, ``#`` a cell without a
    mine (read as unknown: the genre has no such mark)."""
    lines = problem.strip().split("\n")
    rows = [[int(t) if t.isdigit() else None for t in row] for row in rows_of(problem)]
    head = lines[0].split()
    return genres.get("minesweeper").Puzzle(len(rows), len(rows[0]), numbers=rows,
                                            total=int(head[2]) if len(head) > 2 else None)


def nurikabe(problem: str) -> Any:
    """``-`` no number, ``?`` a number not shown, else an island size."""
    rows = [[None if t == "-" else t if t == "?" else int(t) for t in row] for row in rows_of(problem)]
    return genres.get("nurikabe").Puzzle(len(rows), len(rows[0]), numbers=rows)


def yinyang(problem: str) -> Any:
    """``-`` no circle, ``w`` a white circle, ``b`` a black one."""
    rows = [[None if t == "-" else t for t in row] for row in rows_of(problem)]
    return genres.get("yinyang").Puzzle(len(rows), len(rows[0]), circles=rows)


def fillomino(problem: str) -> Any:
    """``-`` empty, a number a given."""
    rows = rows_of(problem)
    numbers = [[int(t) if t.isdigit() else None for t in row] for row in rows]
    return genres.get("fillomino").Puzzle(len(rows), len(rows[0]), numbers=numbers)


def fillomino_found(puzzle: Any, solution: Any) -> Any:
    from puzzlekit.board.regions import labels

    return [list(row) for row in labels(solution.regions, puzzle.height, puzzle.width, sizes=True)]


def gokigen(problem: str) -> Any:
    """The ``R C`` header and ``(R + 1) x (C + 1)`` corners (``-`` for none)."""
    lines = problem.strip().split("\n")
    h, w = map(int, lines[0].split())
    corners = [[None if t == "-" else int(t) for t in line.split()] for line in lines[1:]]
    return genres.get("gokigen").Puzzle(h, w, corners=corners)


def skyscrapers(problem: str) -> Any:
    """Size, tallest (``R C N``, ``R C N D`` with the diagonals), clues top, bottom, left,
    right, optional givens."""
    rows = [line.split() for line in problem.strip().splitlines()]
    head = rows[0]
    n, tallest = int(head[0]), int(head[2])
    counts = [tuple(None if x == "-" else int(x) for x in line) for line in rows[1:5]]
    givens = rows[5:5 + n] or [["-"] * n] * n
    cells = tuple(tuple(None if x in ("-", "0") else int(x) for x in line) for line in givens)
    return genres.get("skyscrapers").Puzzle(
        n, n, top=counts[0], bottom=counts[1], left=counts[2], right=counts[3], givens=cells,
        diagonals="yes" if head[3:] == ["D"] else "no", tallest=None if tallest == n else tallest,
    )


def _halves(problem: str) -> tuple[int, list[list[str]], list[list[str]]]:
    lines = problem.strip().splitlines()
    n = int(lines[0].split()[0])
    return n, [x.split() for x in lines[1:1 + n]], [x.split() for x in lines[1 + n:1 + 2 * n]]


def kenken(problem: str) -> Any:
    """R lines of clues (``12+ 2- 24* 3/`` or a digit) on one cell per cage, R lines of cage ids."""
    from puzzlekit.board import cages as cg

    n, clues, ids = _halves(problem)
    cells: dict[str, list] = {}
    clue: dict[str, tuple[int, str | None]] = {}
    for r in range(n):
        for c in range(n):
            cells.setdefault(ids[r][c], []).append((r, c))
            m = re.fullmatch(r"(\d+)([-+*/x]?)", clues[r][c])
            if m:
                clue[ids[r][c]] = (int(m.group(1)), m.group(2).replace("*", "x") or None)
    cages = [(found, *clue[key]) for key, found in cells.items()]
    return genres.get("kenken").Puzzle(n, n, cages=cg.tokens_of(n, n, cages))


def killersudoku(problem: str) -> Any:
    """R lines of sums on one cell of each cage, R lines of cage ids; the usual boxes."""
    from puzzlekit.board import cages as cg

    n, sums, ids = _halves(problem)
    cells: dict[str, list] = {}
    total: dict[str, int] = {}
    for r in range(n):
        for c in range(n):
            cells.setdefault(ids[r][c], []).append((r, c))
            if sums[r][c].isdigit():
                total[ids[r][c]] = int(sums[r][c])
    cages = [(found, total[key], None) for key, found in cells.items()]
    return genres.get("killersudoku").Puzzle(n, n, cages=cg.tokens_of(n, n, cages))


def kakuro(problem: str) -> Any:
    """``-`` a black cell, ``0`` a white one, ``down,right`` sums (either may be left out)."""
    rows = [[None if t == "0" else (0, 0) if t == "-" else tuple(int(x or 0) for x in t.split(","))
             for t in row] for row in rows_of(problem)]
    return genres.get("kakuro").Puzzle(len(rows), len(rows[0]), sums=rows)


def jigsawsudoku(problem: str) -> Any:
    """R lines of givens or ``-``, R lines of region ids (relabelled A, B, ... as they appear)."""
    n, given, ids = _halves(problem)
    givens = [[int(x) if x.isdigit() else None for x in row] for row in given]
    names: dict[str, str] = {}
    for row in ids:
        for key in row:
            names.setdefault(key, string.ascii_uppercase[len(names)])
    regions = tuple("".join(names[key] for key in row) for row in ids)
    return genres.get("jigsawsudoku").Puzzle(n, n, givens=givens, regions=regions)


def _rooms(ids: list[list[str]]) -> tuple:
    """Region ids relabelled A, B, ... (then two letters) as they appear in reading order."""
    names: dict[str, str] = {}
    for row in ids:
        for key in row:
            names.setdefault(key, "")
    for key, label in zip(names, cage_labels(len(names))):
        names[key] = label
    return tuple(tuple(names[key] for key in row) for row in ids)


def _room_digits(genre: str) -> Callable[[str], Any]:
    """R lines of givens or ``-``, then R lines of region ids (Ripple Effect, Suguru)."""
    def convert(problem: str) -> Any:
        rows = rows_of(problem)
        h = len(rows) // 2
        givens = [[int(x) if x.isdigit() else None for x in row] for row in rows[:h]]
        return genres.get(genre).Puzzle(h, len(rows[0]), givens=givens, rooms=_rooms(rows[h:]))
    return convert


def hidato(problem: str) -> Any:
    """``-`` an open cell without a number, else the given number (no blocked cells)."""
    rows = [[int(x) if x.isdigit() else None for x in row] for row in rows_of(problem)]
    blocks = [[None] * len(rows[0])] * len(rows)
    return genres.get("hidato").Puzzle(len(rows), len(rows[0]), givens=rows, blocks=blocks)


def binairo(problem: str) -> Any:
    """``1`` for a 0, ``2`` for a 1, ``-`` empty (read with the default rules)."""
    lines = problem.strip().splitlines()
    h, w = map(int, lines[0].split())
    givens = [[None if t == "-" else int(t) - 1 for t in line.split()] for line in lines[1:1 + h]]
    return genres.get("binairo").Puzzle(h, w, givens=givens)


#: The corpus's magnet poles as ours.


def _poles() -> dict[str, Any]:
    mg = genres.get("magnets")
    return {"+": mg.PLUS, "-": mg.MINUS, "x": mg.BLANK}


def magnets(problem: str) -> Any:
    """+ per column, - per column, + per row, - per row; optionally the given poles (``.``
    none, ``+``, ``-``, ``x`` blank); a domino id per cell (``@``: in none)."""
    from puzzlekit.board.sides import room_label

    rows = [line.split() for line in problem.strip().splitlines()]
    h, w = int(rows[0][0]), int(rows[0][1])
    givens = tuple(tuple(None if x == "." else x for x in line) for line in rows[5:5 + h]) \
        if len(rows) == 5 + 2 * h else None
    top, bottom, left, right = (tuple(None if x == "-" else int(x) for x in line) for line in rows[1:5])
    labels: dict[str, str] = {}
    single = 0
    grid = []
    for line in rows[-h:]:
        row = []
        for x in line:
            if x == "@":  # a cell in no magnet: a label of its own
                single += 1
                row.append(room_label(10_000 + single))
            else:
                row.append(labels.setdefault(x, room_label(len(labels))))
        grid.append(tuple(row))
    return genres.get("magnets").Puzzle(h, w, top=top, bottom=bottom, left=left, right=right,
                                        dominoes=tuple(grid), givens=givens)


def dominosa(problem: str) -> Any:
    """The grid of numbers."""
    rows = rows_of(problem)
    return genres.get("dominosa").Puzzle(len(rows), len(rows[0]), numbers=[[int(t) for t in r] for r in rows])


def dominosa_published(puzzle: Any, text: str) -> Any:
    """The published pairing (a domino id per cell) as our solution."""
    return genres.get("dominosa").solution_from_json(puzzle, {"dominoes": rows_of(text)})


def galaxies(problem: str) -> Any:
    """A code per cell: ``0`` a dot at its centre, ``1`` on its right side, ``2`` on its bottom
    side, ``3`` at its bottom right corner."""
    from puzzlekit.board.dots import DOT

    rows = rows_of(problem)
    h, w = len(rows), len(rows[0])
    dots = [((2 * r + (t in "23"), 2 * c + (t in "13")), DOT)
            for r, row in enumerate(rows) for c, t in enumerate(row) if t != "-"]
    genre = genres.get("galaxies")
    return genre.Puzzle(h, w, dots=genre.GENRE.clues[0].with_entries(h, w, dots))


def galaxies_published(puzzle: Any, text: str) -> Any:
    """The published region ids as our solution."""
    return genres.get("galaxies").solution_from_json(puzzle, {"regions": rows_of(text)})


def starbattle(problem: str) -> Any:
    """Header ``R C K`` (K stars), R lines of region ids; ``@`` (outside the board's shape) and
    ``#`` (blocked) are both a cell in no region: no star there, its row and column still take
    K (the published answers have it so, and the peer reads them alike)."""
    lines = problem.strip().split("\n")
    h, w, k = map(int, lines[0].split()[:3])
    ids = [[None if x in ("@", "#") else x for x in row] for row in rows_of(problem)]
    return genres.get("starbattle").Puzzle(h, w, count=k, regions=ids)


def norinori(problem: str) -> Any:
    """R lines of ``-`` (no givens), then R lines of region ids."""
    _, _, ids = _halves(problem)
    return genres.get("norinori").Puzzle(len(ids), len(ids[0]), regions=ids)


def heyawake(problem: str) -> Any:
    """R lines of room counts (``-`` for none) on one cell of each room, R lines of room ids
    (a few ids stand for two rooms apart: each piece is a room, relabelled in reading order).
    None for a numbered id in two pieces: one count over a room in two pieces (370_21x21's),
    which our rules do not state."""
    from puzzlekit.board.sides import room_label
    from puzzlekit.formats.board import regions_from_walls, walls_of

    lines = problem.strip().splitlines()
    h = int(lines[0].split()[0])
    counts, ids = [x.split() for x in lines[1:1 + h]], [x.split() for x in lines[1 + h:1 + 2 * h]]
    pieces = regions_from_walls(h, len(ids[0]), walls_of(tuple(map(tuple, ids))))
    cells = [(r, c) for r in range(h) for c in range(len(ids[0]))]
    numbered = {ids[r][c] for r, c in cells if counts[r][c].isdigit()}
    if any(len({pieces[r][c] for r, c in cells if ids[r][c] == x}) > 1 for x in numbered):
        return None
    rooms = [[room_label(x) for x in row] for row in pieces]
    numbers = [[int(x) if x.isdigit() else None for x in row] for row in counts]
    return genres.get("heyawake").Puzzle(h, len(rooms[0]), rooms=rooms, numbers=numbers)


def lits(problem: str) -> Any:
    """R lines of room ids, relabelled in reading order (each piece of an id a room); None
    when a cell is in no room (``@``), which these rules do not state."""
    from puzzlekit.board.sides import room_label
    from puzzlekit.formats.board import regions_from_walls, walls_of

    ids = rows_of(problem)
    if any("@" in row for row in ids):
        return None
    pieces = regions_from_walls(len(ids), len(ids[0]), walls_of(tuple(map(tuple, ids))))
    rooms = [[room_label(x) for x in row] for row in pieces]
    return genres.get("lits").Puzzle(len(ids), len(ids[0]), rooms=rooms)


def yajilin(problem: str) -> Any:
    """``-``, a clue such as ``2s`` (count, then n/e/s/w), or ``x``: a clue cell without one."""
    rows = rows_of(problem)
    arrows = [[None if t in "-x" else t[:-1] + t[-1].upper() for t in row] for row in rows]
    blocks = [[None if t == "-" else "X" for t in row] for row in rows]
    return genres.get("yajilin").Puzzle(len(rows), len(rows[0]), blocks=blocks, arrows=arrows)


def countryroad(problem: str) -> Any:
    """R rows of counts (``-`` none), then R rows of room ids; None for a puzzle with cells in
    no room (``@``), which our rules do not state."""
    rows = rows_of(problem)
    h = len(rows) // 2
    numbers, rooms = rows[:h], rows[h:]
    if any("@" in row for row in rooms):
        return None
    counts = [[None if t == "-" else int(t) for t in r] for r in numbers]
    return genres.get("countryroad").Puzzle(h, len(rooms[0]), rooms=rooms, numbers=counts)


def loop_edges(puzzle: Any, text: str) -> frozenset:
    """A published loop, each cell's two exits as letters (``ns``, ``se``, ...), as edges."""
    steps = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
    out = set()
    for r, row in enumerate(rows_of(text)):
        for c, t in enumerate(row):
            for letter in t if len(t) == 2 and set(t) <= set(steps) else "":
                dr, dc = steps[letter]
                out.add(tuple(sorted([(r, c), (r + dr, c + dc)])))
    return frozenset(out)


def kurotto(problem: str) -> Any:
    """``-`` no circle, ``o`` a circle without a number, else a circle's number."""
    rows = [[None if t == "-" else "?" if t == "o" else int(t) for t in row] for row in rows_of(problem)]
    return genres.get("kurotto").Puzzle(len(rows), len(rows[0]), numbers=rows)


def nurimisaki(problem: str) -> Any:
    """``-`` a cell without a circle, ``?`` a circle without a number, else a circle's number."""
    rows = rows_of(problem)
    circles = [[None if t == "-" else "o" for t in row] for row in rows]
    numbers = [[int(t) if t.isdigit() else None for t in row] for row in rows]
    return genres.get("nurimisaki").Puzzle(len(rows), len(rows[0]), circles=circles, numbers=numbers)


def shakashaka(problem: str) -> Any:
    """``-`` a white cell, ``x`` (or ``5``, in some puzzles) a black cell, ``0``-``4`` a numbered
    black cell (checked on the published answers: a ``5`` has any count beside it)."""
    rows = rows_of(problem)
    walls = [[None if t == "-" else "X" for t in row] for row in rows]
    numbers = [[int(t) if t in "01234" else None for t in row] for row in rows]
    return genres.get("shakashaka").Puzzle(len(rows), len(rows[0]), walls=walls, numbers=numbers)


def shakashaka_published(puzzle: Any, text: str) -> Any:
    """The corner each triangle fills (``nw``, ``ne``, ``sw``, ``se``; ``-`` none) as our values."""
    codes = {"-": 0, "nw": 1, "ne": 2, "sw": 3, "se": 4}
    return tuple(tuple(codes[t] for t in row) for row in rows_of(text)[:puzzle.height])


def cave(problem: str) -> Any:
    """``-`` no number, ``?`` a number not shown, else the cave cells a number sees."""
    rows = [[None if t == "-" else t if t == "?" else int(t) for t in row] for row in rows_of(problem)]
    return genres.get("cave").Puzzle(len(rows), len(rows[0]), numbers=rows)


def cave_published(puzzle: Any, text: str) -> Any:
    """``x`` marks the cave; the shaded cells are the others."""
    return frozenset((r, c) for r, row in enumerate(rows_of(text)[:puzzle.height]) for c, t in enumerate(row)
                     if t != "x")


def creek(problem: str) -> Any:
    """The ``(R + 1) x (C + 1)`` grid corners: ``-`` none, else a number 0-4."""
    rows = rows_of(problem)
    corners = [[None if t == "-" else int(t) for t in row] for row in rows]
    return genres.get("creek").Puzzle(len(rows) - 1, len(rows[0]) - 1, corners=corners)


def easyasabc(problem: str) -> Any:
    """``R C L`` (letters a..L), the letters top, bottom, left, right (``-`` none), the givens."""
    head, rows = problem.split()[:3], [[], *rows_of(problem)]
    n, k = int(head[0]), ord(head[2]) - ord("a") + 1

    def letters(line: list[str]) -> tuple:
        return tuple(None if x == "-" else ord(x) - ord("a") + 1 for x in line)

    return genres.get("easyasabc").Puzzle(n, n, letters=k, top=letters(rows[1]), bottom=letters(rows[2]),
                                          left=letters(rows[3]), right=letters(rows[4]),
                                          givens=tuple(letters(line) for line in rows[5:5 + n]))


def easyasabc_published(puzzle: Any, text: str) -> Any:
    return tuple(tuple(0 if x == "-" else ord(x) - ord("a") + 1 for x in row) for row in rows_of(text))


def kakurasu(problem: str) -> Any:
    """The column sums, then the row sums (``-`` none)."""
    cols, rows = ([None if x == "-" else int(x) for x in line] for line in rows_of(problem)[:2])
    return genres.get("kakurasu").Puzzle(tuple(cols), tuple(rows))


@dataclass(frozen=True)
class SwGenre:
    """How one genre is read from the corpus and compared with its published answer."""

    genre: str
    folder: str
    filename: str
    convert: Callable[[str], Any]
    published: Callable[[Any, str], Any]
    found: Callable[[Any, Any], Any]
    sw: str | None = None
    mps: str | None = None
    #: keys whose puzzle, as transcribed, has more than one answer (checked by solving)
    ambiguous: frozenset[str] = frozenset()


def _attr(name: str) -> Callable[[Any, Any], Any]:
    return lambda puzzle, solution: getattr(solution, name)


def _shaded(puzzle: Any, text: str) -> Any:
    return _marked(text, "x")


GENRES: dict[str, SwGenre] = {g.genre: g for g in (
    SwGenre("lightup", "akari", "Akari_dataset.json", lightup, lambda p, t: _marked(t, "o"),
            _attr("lamps"), sw="akari", mps="light_up"),
    SwGenre("hitori", "hitori", "Hitori_dataset.json", hitori, _shaded, _attr("shaded"), sw="hitori"),
    SwGenre("kurodoko", "kurodoko", "Kuromasu_dataset.json", _numbers("kurodoko"), _shaded,
            _attr("shaded"), sw="kuromasu", mps="range"),
    SwGenre("fillomino", "fillomino", "Fillomino_dataset.json", fillomino,
            lambda p, t: [[int(x) for x in row] for row in rows_of(t)], fillomino_found, mps="filling"),
    SwGenre("gokigen", "gokigen", "GokigenNaname_dataset.json", gokigen,
            lambda p, t: tuple("".join(row) for row in rows_of(t)), _attr("slants"), mps="slant"),
    SwGenre("skyscrapers", "skyscrapers", "Skyscraper_dataset.json", skyscrapers,
            lambda p, t: _digits(t), _attr("heights"), sw="skyscraper", mps="towers"),
    SwGenre("kenken", "kenken", "KenKen_dataset.json", kenken, lambda p, t: _digits(t),
            _attr("digits"), sw="ken_ken", mps="keen"),
    SwGenre("binairo", "binairo", "Binairo_dataset.json", binairo, lambda p, t: _marked(t, "2"),
            _attr("ones"), sw="binairo", mps="binairo"),
    SwGenre("magnets", "magnets", "Magnetic_dataset.json", magnets,
            lambda p, t: tuple(tuple(_poles()[x] for x in row) for row in rows_of(t)),
            _attr("poles"), sw="magnetic", mps="magnets"),
    SwGenre("mosaic", "mosaic", "Mosaic_dataset.json", _numbers("mosaic"), _shaded, _attr("shaded"),
            sw="mosaic", mps="mosaic"),
    SwGenre("killersudoku", "killersudoku", "KillerSudoku_dataset.json", killersudoku,
            lambda p, t: _digits(t), _attr("digits"), sw="killer_sudoku", ambiguous=frozenset({"198_9x9"})),
    SwGenre("jigsawsudoku", "jigsawsudoku", "JigsawSudoku_dataset.json", jigsawsudoku,
            lambda p, t: _digits(t), _attr("digits"), sw="jigsaw_sudoku",
            ambiguous=frozenset({"653_6x6", "663_6x6", "672_6x6"})),
    SwGenre("nurikabe", "nurikabe", "Nurikabe_dataset.json", nurikabe, _shaded, _attr("shaded"),
            sw="nurikabe"),
    SwGenre("yinyang", "yinyang", "YinYang_dataset.json", yinyang, lambda p, t: _marked(t, "b"),
            _attr("black"), sw="yin_yang"),
    SwGenre("dominosa", "dominosa", "Dominos_dataset.json", dominosa, dominosa_published,
            lambda p, s: s, sw="dominos"),
    SwGenre("kakuro", "kakuro", "Kakuro_dataset.json", kakuro,
            lambda p, t: tuple(tuple(None if x == "-" else int(x) for x in row) for row in rows_of(t)),
            _attr("digits"), sw="kakuro", ambiguous=frozenset({"257_24x28"})),
    SwGenre("galaxies", "galaxies", "Galaxies_dataset.json", galaxies, galaxies_published, lambda p, s: s),
    SwGenre("starbattle", "starbattle", "Starbattle_dataset.json", starbattle, _shaded, _attr("stars"),
            sw="starbattle"),
    SwGenre("norinori", "norinori", "Norinori_dataset.json", norinori, _shaded, _attr("shaded"),
            sw="norinori"),
    SwGenre("heyawake", "heyawake", "Heyawake_dataset.json", heyawake, _shaded, _attr("shaded"),
            sw="heyawake"),
    SwGenre("lits", "lits", "LITS_dataset.json", lits,
            lambda p, t: frozenset((r, c) for r, row in enumerate(rows_of(t)) for c, x in enumerate(row)
                                   if x in "LITS"), _attr("shaded"), sw="lits"),
    SwGenre("countryroad", "countryroad", "CountryRoad_dataset.json", countryroad, loop_edges,
            _attr("edges"), sw="country_road"),
    SwGenre("yajilin", "yajilin", "Yajilin_dataset.json", yajilin, loop_edges, _attr("edges"), sw="yajilin"),
    SwGenre("nurimisaki", "nurimisaki", "Nurimisaki_dataset.json", nurimisaki, _shaded, _attr("shaded"),
            sw="nurimisaki"),
    SwGenre("shakashaka", "shakashaka", "Shakashaka_dataset.json", shakashaka, shakashaka_published,
            _attr("triangles")),
    SwGenre("battleship", "battleship", "Battleship_dataset.json", battleship, battleship_published,
            _attr("ships"), sw="battleship"),
    SwGenre("minesweeper", "minesweeper", "Minesweeper_dataset.json", minesweeper,
            lambda p, t: _marked(t, "x"), _attr("mines"), sw="minesweeper",
            ambiguous=frozenset({"89_13x13", "90_15x15"})),  # their '#' cells, read as unknown
    SwGenre("cave", "cave", "Cave_dataset.json", cave, cave_published, _attr("shaded"), sw="cave"),
    SwGenre("creek", "creek", "Creek_dataset.json", creek, _shaded, _attr("shaded"), sw="creek"),
    SwGenre("easyasabc", "easyasabc", "ABCEndView_dataset.json", easyasabc, easyasabc_published,
            _attr("grid"), sw="abc_end_view", ambiguous=frozenset({"161_5x5", "167_6x6", "178_7x7"})),
    SwGenre("kakurasu", "kakurasu", "Kakurasu_dataset.json", kakurasu, _shaded, _attr("shaded"),
            sw="kakurasu"),
    SwGenre("ripple", "ripple", "Hakyuu_dataset.json", _room_digits("ripple"), lambda p, t: _digits(t),
            _attr("digits"), sw="hakyuu"),
    SwGenre("suguru", "suguru", "Suguru_dataset.json", _room_digits("suguru"), lambda p, t: _digits(t),
            _attr("digits"), sw="suguru"),
    SwGenre("hidato", "hidato", "Hidoku_dataset.json", hidato, lambda p, t: _digits(t), _attr("numbers"),
            sw="hidoku"),
    SwGenre("kurotto", "kurotto", "Kurotto_dataset.json", kurotto, _shaded, _attr("shaded"), sw="kurotto",
            ambiguous=frozenset({"223_10x10", "227_10x10"})),
)}


def entries(corpus: Path, genre: str) -> dict[str, dict]:
    """The genre's corpus entries by key (``problem``, ``solution``, ``source``); {} when absent."""
    spec = GENRES[genre]
    path = corpus / "sw" / spec.folder / spec.filename
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))["data"]


def sample(data: dict[str, dict], limit: int | None) -> list[tuple[str, dict]]:
    """``limit`` entries spread evenly over the sorted keys (all with None)."""
    keys = sorted(data)
    step = max(1, len(keys) // limit) if limit else 1
    return [(key, data[key]) for key in keys[::step][:limit]]


def matches(genre: str, puzzle: Any, solution: Any, text: str) -> bool:
    """Whether our ``solution`` is the published answer ``text``."""
    spec = GENRES[genre]
    return spec.found(puzzle, solution) == spec.published(puzzle, text)


def size(problem: str) -> tuple[int, int]:
    """Rows and columns from the header."""
    rows, cols = problem.strip().split("\n")[0].split()[:2]
    return int(rows), int(cols)


def records(corpus: Path, genre: str) -> Iterator[tuple[str, dict]]:
    """Every entry of the genre, by key."""
    yield from sorted(entries(corpus, genre).items())
