"""Playable puzzle packs: a static site of puzzles with their stored solutions.

    >>> from puzzlekit import load, solve
    >>> from puzzlekit.pack import build_pack
    >>> puzzle = load("masyu", "examples/masyu01.txt")
    >>> build_pack([(puzzle, solve(puzzle).solutions[0], "masyu01")], "site", title="Masyu")  # doctest: +SKIP

`build_pack` writes ``index.html`` (the puzzles as JSON inside it), ``pack-genres.js``,
``pack.js`` and ``pack.css``: open ``index.html`` from disk, no server or network needed. The page holds no
solver; it compares the player's entries with the stored solution, and its Hint button reads each
puzzle's chain of deductions, worked out when it is packed (`puzzlekit.pack.hints`). See docs/packs.md.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import genres, outputs
from . import hints as hinting
from . import pages
from .encoding import PLAYABLE, PackError, decode, encode, packing, playable, playable_names

__all__ = ["ASSETS", "HINT_TIME_LIMIT", "MAX_ASSET_GZIP", "MAX_HINT_BYTES", "MAX_PUZZLE_BYTES", "PLAYABLE",
           "PackError", "build_pack", "decode",
           "encode", "genre_of", "pack_data"]

#: The most bytes one puzzle may take in a pack's data (its JSON object, compact).
MAX_PUZZLE_BYTES = 2048
#: The most bytes one puzzle's hints may take, and how long working them out may take (seconds).
MAX_HINT_BYTES = hinting.MAX_HINT_BYTES
HINT_TIME_LIMIT = hinting.HINT_TIME_LIMIT
#: The most bytes the page's script and style sheet may take together, gzipped.
MAX_ASSET_GZIP = 150 * 1024

#: The page's files beside index.html: each genre's reading and drawing, the page's play, the style
#: (`pages` puts the first and the last together from the shared code and each genre's folder).
ASSETS = tuple(pages.BUNDLES)

#: How to play, by the page's kinds of play (each genre's page.js names its kind, or ``hk``: a
#: line of its own, which the genre's packing module words in its ``HELP``; see `play_help`).
HELP = {
    "edges": "Click the side between two cells, or drag from cell to cell, to draw a line; right-click a "
             "side to mark it empty. Keyboard: arrows move, Shift+arrow draws.",
    "lattice": "Click a segment between two dots to draw it, or drag along the dots; right-click marks it "
               "empty. Keyboard: arrows move, Shift+arrow draws that side of the cell.",
    "cells": "Click a cell to cycle its mark, drag to paint; right-click marks it empty. Keyboard: arrows "
             "move, Space cycles, X marks empty.",
    "digits": "Click a cell and type a digit; Backspace clears. Arrows move.",
    "rects": "Drag from corner to corner to draw a rectangle; click a rectangle to remove it. Keyboard: "
             "Enter marks one corner, then the other.",
}


def play_help() -> dict[str, str]:
    """How to play each kind of play: the shared kinds (`HELP`), then the lines the package's
    genres word for their own (their packing module's ``HELP``)."""
    out = dict(HELP)
    for name in PLAYABLE:
        out.update(getattr(packing(genres.get(name)), "HELP", {}))
    return out


def genre_of(puzzle: Any) -> str:
    """The genre name of a puzzlekit puzzle object (TypeError for anything else)."""
    return genres.module_of(puzzle).NAME


def asset(name: str) -> str:
    """The text of one of the page's files (`ASSETS`)."""
    return pages.asset(name)


def _compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


Item = tuple[Any, Any] | tuple[Any, Any, str]


def pack_data(puzzles: Iterable[Item], title: str = "Puzzles", hints: bool = True,
              hint_time_limit: float | None = HINT_TIME_LIMIT) -> dict[str, Any]:
    """The pack's JSON data: ``{"title", "id", "help", "puzzles": [...], "hints": [...]}``, one
    `encode` object per ``(puzzle, solution[, name])``, each with its ``id`` (a hash of its
    content) and ``name``, and beside it its hints (`puzzlekit.pack.hints.hint_data`: the chain of
    deductions, worked out within ``hint_time_limit`` seconds a puzzle, or why there is none).
    ``hints=False`` leaves the hints out (the page then says the pack has none).

    Raises `PackError` for a genre without a page or a puzzle over `MAX_PUZZLE_BYTES`.
    """
    if isinstance(puzzles, (str, bytes)) or not isinstance(puzzles, Iterable):
        raise TypeError("a pack takes a list of (puzzle, solution[, name]) items, "
                        f"not {type(puzzles).__name__}")
    if not isinstance(title, str):
        raise TypeError(f"a pack's title is text, not {type(title).__name__}")
    entries = []
    packed = []
    names: set[str] = set()
    for i, item in enumerate(puzzles):
        if isinstance(item, (str, bytes)) or not isinstance(item, Sequence) or len(item) not in (2, 3):
            raise TypeError(f"pack item {i + 1}: expected (puzzle, solution) or (puzzle, solution, name), "
                            f"not {_shown(item)}")
        puzzle, solution = item[0], item[1]
        name = _distinct(str(item[2]) if len(item) > 2 else f"puzzle {i + 1}", names)
        genre = genre_of(puzzle)
        if not playable(genre):
            raise PackError(f"{name}: there is no playable page for {genre} yet; "
                            f"packs hold {', '.join(playable_names())}")
        if not isinstance(solution, genres.get(genre).Solution):
            raise TypeError(f"{name}: a {genre} puzzle needs a {genre} Solution, "
                            f"not {type(solution).__name__}")
        entry = encode(genre, puzzle, solution)
        entry["id"] = hashlib.sha256(_compact(entry).encode()).hexdigest()[:12]
        entry["name"] = name
        size = len(_compact(entry).encode())
        if size > MAX_PUZZLE_BYTES:
            raise PackError(f"{name}: the {genre} puzzle takes {size} bytes in the pack, over the limit of "
                            f"{MAX_PUZZLE_BYTES}; packs are for puzzles of a printed page's size")
        entries.append(entry)
        packed.append(puzzle)
    if not entries:
        raise PackError("a pack needs at least one puzzle")
    pack_id = hashlib.sha256("".join(e["id"] for e in entries).encode()).hexdigest()[:12]
    data = {"title": title, "id": pack_id, "help": play_help(), "puzzles": entries}
    if hints:  # worked out once every puzzle is known to fit, as the slowest part of packing
        data["hints"] = [hinting.hint_data(puzzle, hint_time_limit) for puzzle in packed]
    return data


def _shown(item: Any) -> str:
    text = repr(item)
    return text if len(text) <= 60 else text[:57] + "..."


def _distinct(name: str, taken: set[str]) -> str:
    """The name, or the name with `` (2)``, `` (3)``... when an earlier puzzle has it: the page
    lists puzzles by name, and two the same could not be told apart."""
    shown, n = name, 1
    while shown in taken:
        n += 1
        shown = f"{name} ({n})"
    taken.add(shown)
    return shown


#: Characters the JSON inside the page's script element writes as escapes: with no ``<`` at all,
#: no title or name (``</script>``, ``<!--``) can end the element or change how it is read.
_SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                              "\u2028": "\\u2028", "\u2029": "\\u2029"})


def page(data: dict[str, Any]) -> str:
    """The pack's index.html, its data inside a JSON script element."""
    payload = _compact(data).translate(_SCRIPT_SAFE)
    title = html.escape(data["title"])
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="pack.css">
</head>
<body>
<header>
<h1>{title}</h1>
<label>Puzzle <select id="pick"></select></label>
</header>
<main>
<div id="controls">
<button type="button" id="undo" title="Undo (Ctrl+Z)">Undo</button>
<button type="button" id="redo" title="Redo (Ctrl+Y)">Redo</button>
<button type="button" id="check" title="Mark the entries that differ from the solution">Check</button>
<button type="button" id="hint" title="Show the next deduction, or mark the wrong entries">Hint</button>
<button type="button" id="clear">Clear</button>
</div>
<div id="board" tabindex="0"></div>
<p id="status" role="status" aria-live="polite"></p>
<p id="help"></p>
<noscript><p>This puzzle pack needs JavaScript.</p></noscript>
</main>
<script type="application/json" id="pack-data">{payload}</script>
<script src="pack-genres.js"></script>
<script src="pack.js"></script>
</body>
</html>
"""


def build_pack(
    puzzles: Iterable[Item], out_dir: str | Path, title: str = "Puzzles", hints: bool = True,
    hint_time_limit: float | None = HINT_TIME_LIMIT,
) -> Path:
    """Write a playable pack of ``(puzzle, solution[, name])`` items into ``out_dir``
    (created if missing): index.html and `ASSETS`. Returns the path of index.html.
    ``hints`` and ``hint_time_limit`` as for `pack_data`.

    Solutions are stored as given: pass the puzzle's unique solution (`puzzlekit.solve`).
    Raises `PackError` for a genre without a page or a puzzle over the size limit,
    `puzzlekit.outputs.OutputError` for a folder that cannot be written (a file, a path under a
    file, the empty string), TypeError for items that are not such tuples.
    """
    if not isinstance(out_dir, (str, os.PathLike)):
        raise TypeError(f"a pack's folder is a path, not {type(out_dir).__name__}")
    data = pack_data(puzzles, title, hints, hint_time_limit)
    out = outputs.folder(out_dir)
    index = out / "index.html"
    if index.is_dir():  # found before any file is written
        raise outputs.OutputError(f"{index}: cannot write: it is a folder, not a file")
    for name in ASSETS:
        outputs.write_text(out / name, asset(name))
    outputs.write_text(index, page(data))
    return index
