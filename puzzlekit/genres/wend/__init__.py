"""Wend (LinkedIn Wend): split the letter cells into paths, each spelling one of the words once.

One module holds both languages: a puzzle's ``language`` is "en" (letters A-Z) or "sv"
(A-Z and Å, Ä, Ö). The registered name ``swend`` is this module reading, writing and
drawing at random in Swedish by default (see `variant` and `puzzlekit.genres.VARIANTS`).
"""

from __future__ import annotations

import functools
import random as _random
import unicodedata
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ... import grid, textio
from ...clock import UNLIMITED, Deadline
from ...grid import Cell
from ...ir import Lit, Model, ModelBuilder
from .. import _common
from .._rectangles import ModelTooLarge
from .._wend_states import state_from_json as state_from_json  # the state JSON (docs/genres/wend.md)
from .._wend_states import state_to_json as state_to_json

#: The backends `auto` tries first, fastest first, as measured (docs/benchmarks.md); the rest
#: follow in the default order.
BACKENDS = ("sat", "search", "cpsat")

NAME = "wend"
BLOCKED = "#"
ENGLISH = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The letters of each language (upper case), and its name in messages.
LANGUAGES: dict[str, tuple[str, str]] = {
    "en": ("English", ENGLISH),
    "sv": ("Swedish", ENGLISH + "ÅÄÖ"),
}
_SPELLED = {"en": "A-Z", "sv": "A-Z, Å, Ä, Ö"}
#: Most position variables a model may have (one per letter of a word and cell showing that
#: letter): up to about 10 s to build. Few different letters on a large grid go far beyond, since
#: a letter found n times in the grid and in the words gives n * n variables.
MAX_VARS = 150_000


@dataclass(frozen=True)
class Puzzle(_common.GridShape):
    """A grid of letters and blocked cells, and the words to spell.

    ``grid[r][c]`` is an upper-case letter or ``#`` (blocked); ``words`` are upper case, each
    listed once; ``language`` is "en" or "sv". The data is checked when the puzzle is made,
    by the rules the parser applies to a file: a rectangular grid within the size limits,
    letters of the language (compared without regard to case, stored in upper case), every
    letter of every word present in the grid, and as many letters in the words as letter
    cells. A break raises `ParseError` naming the place (``<puzzle>: words[2]: ...``). A row
    may be a string or a list or tuple of one-letter strings; rows are stored as strings.
    """

    grid: tuple[str, ...]
    words: tuple[str, ...]
    language: str = "en"

    def __post_init__(self) -> None:
        _check(self)

    def letters(self) -> dict[Cell, str]:
        """The letter of every cell that is not blocked, row by row."""
        return {(r, c): ch for r, row in enumerate(self.grid) for c, ch in enumerate(row) if ch != BLOCKED}


@dataclass(frozen=True)
class Solution:
    """One path per word, in the order of the puzzle's words: ``(word, cells from first to last)``."""

    paths: tuple[tuple[str, tuple[Cell, ...]], ...]

    def to_json(self) -> dict[str, Any]:
        return {"paths": [{"word": word, "cells": [list(c) for c in cells]} for word, cells in self.paths]}


# reading and writing -------------------------------------------------------------------------


def _letter_problem(ch: str, language: str) -> str | None:
    """Why one character (already in upper case) is not a letter of the language, or None."""
    name, alphabet = LANGUAGES[language]
    if ch in alphabet:
        return None
    if not ch.isalpha():
        return f"{ch!r} is not a letter"
    hint = "; Å, Ä and Ö are Swedish (swend, or language sv)" if language == "en" and ch in "ÅÄÖ" else ""
    return f"letter {ch!r} is not in the {name} alphabet ({_SPELLED[language]}){hint}"


def _check(puzzle: Puzzle) -> None:
    """The rules of a well-formed Wend (see `Puzzle`); stores everything normalised."""
    Invalid, shown = _common.Invalid, _common.shown
    language = puzzle.language
    if not isinstance(language, str) or language.lower() not in LANGUAGES:
        raise Invalid(
            f"language must be 'en' (English, A-Z) or 'sv' (Swedish, A-Z, Å, Ä, Ö), found {shown(language)}",
            ("language",),
        )
    language = language.lower()
    rows = []
    for r, row in enumerate(_common.sequence(puzzle.grid, ("grid",), "a tuple of rows (strings)")):
        if isinstance(row, (list, tuple)):
            for c, ch in enumerate(row):
                if not (isinstance(ch, str) and len(unicodedata.normalize("NFC", ch)) == 1):
                    what = f"expected one letter or '#' (a blocked cell), found {shown(ch)}"
                    raise Invalid(what, ("grid", r, c))
            row = "".join(row)
        if not isinstance(row, str):
            raise Invalid(f"expected a row of letters (a string), found {shown(row)}", ("grid", r))
        rows.append(unicodedata.normalize("NFC", row))
    width = len(rows[0]) if rows else 0
    _common.check_size(len(rows), width, ("grid",))
    out = []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise Invalid(
                f"ragged grid: expected {width} cells in this row (as in row 0), found {len(row)}",
                ("grid", r),
            )
        cells = []
        for c, ch in enumerate(row):
            up = ch if ch == BLOCKED else ch.upper()
            problem = None if up == BLOCKED else _letter_problem(up, language)
            if problem:
                what = problem if ch.isalpha() else f"expected a letter or '#' (a blocked cell), found {ch!r}"
                raise Invalid(what, ("grid", r, c))
            cells.append(up)
        out.append("".join(cells))
    words = _words(puzzle.words, language)
    _common.assign(puzzle, grid=tuple(out), words=words, language=language)
    present = {ch for row in out for ch in row}
    for i, word in enumerate(words):
        for ch in word:
            if ch not in present:
                why = f"the word {word!r} cannot be placed: the grid has no letter {ch!r}"
                raise Invalid(why, ("words", i))
    total, cells_count = sum(map(len, words)), sum(ch != BLOCKED for row in out for ch in row)
    if total != cells_count:
        raise Invalid(
            f"the words have {total} letters in all but the grid has {cells_count} letter cells "
            "(each letter cell belongs to exactly one word)",
            ("words",),
        )


def _words(value: Any, language: str) -> tuple[str, ...]:
    """The ``words`` field checked: text of letters of the language, each word once."""
    Invalid, shown = _common.Invalid, _common.shown
    items = _common.sequence(value, ("words",), "a tuple of words")
    if not items:
        raise Invalid("no words: list the words to spell", ("words",))
    first: dict[str, int] = {}
    for i, word in enumerate(items):
        if not isinstance(word, str):
            raise Invalid(f"expected a word (text), found {shown(word)}", ("words", i))
        word = unicodedata.normalize("NFC", word).upper()
        if not word:
            raise Invalid("a word has at least one letter, found ''", ("words", i))
        for ch in word:
            problem = _letter_problem(ch, language)
            if problem:
                raise Invalid(f"word {shown(word)}: {problem}", ("words", i))
        if word in first:
            raise Invalid(
                f"the word {word!r} is listed twice (first as {{0}}): each word is used once",
                ("words", i), refs=(("words", first[word]),),
            )
        first[word] = i
    return tuple(first)


def _lines(text: str) -> list[textio.Line]:
    """Meaningful lines: blank ones are skipped; a line starting with ``#`` is a comment before
    the first header or when it holds a space; any other ``#`` line is a row (``#`` blocked)."""
    out: list[textio.Line] = []
    for i, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or (stripped.startswith("#") and (not out or any(ch.isspace() for ch in stripped))):
            continue
        out.append(textio.Line(i, line))
    return out


def parse(text: str, source: str = "<string>", language: str = "en") -> Puzzle:
    """Read a ``words:`` header (and optionally ``language: en`` or ``sv``), then one row per line.

    A row is one character per cell, no spaces: a letter, or ``#`` for a blocked cell.
    ``language`` is the language when the file has no ``language:`` header.
    """
    text = unicodedata.normalize("NFC", text)
    lines = _lines(text)
    if not lines:
        raise textio.error(source, None, 0, "empty puzzle: no grid or header lines found")
    headers, body = textio.read_headers(lines, {"words", "language"}, source)
    if "words" not in headers:
        raise textio.error(source, lines[0], 1, "the file starts with a 'words:' header listing the words")
    value, head, col = headers["words"][0]
    if not value:
        raise textio.error(source, head, col, "no words after 'words:'")
    places: dict[tuple, tuple[Any, int]] = {("words",): (head, col)}
    words = []
    for i, tok in enumerate(textio.tokens(textio.Line(head.number, head.text[col - 1:]))):
        words.append(tok.text)
        places[("words", i)] = (head, col + tok.column - 1)
    if "language" in headers:
        language, line, column = headers["language"][0]
        places[("language",)] = (line, column)
    if not body:
        raise textio.error(source, lines[-1], 1, "no grid rows after the headers")
    for line in body:
        if textio.is_header(line):
            raise textio.error(source, line, 1, "headers come before the grid")
        inner = line.text.strip()
        gap = next((j for j, ch in enumerate(inner) if ch.isspace()), None)
        if gap is not None:
            column = len(line.text) - len(line.text.lstrip()) + gap + 1
            raise textio.error(
                source, line, column, "a row is one character per cell, with no spaces (letters, '#' blocked)"
            )
    rows = textio.grid_rows(body, source, whitespace=False)
    place = _common.grid_place(body, rows)
    with _common.located(source, lambda at: places.get(at) or place(at)):
        return Puzzle(tuple("".join(tok.text for tok in row) for row in rows), tuple(words), language)


def format(puzzle: Puzzle, language: str = "en") -> str:
    """The puzzle in its file format; a ``language:`` header when it is not ``language``."""
    head = f"words: {' '.join(puzzle.words)}\n"
    if puzzle.language != language:
        head += f"language: {puzzle.language}\n"
    return head + "".join(row + "\n" for row in puzzle.grid)


# the model -----------------------------------------------------------------------------------


def at_key(word: str, index: int, cell: Cell) -> Hashable:
    """The IR variable key of "letter ``index`` (from 0) of ``word`` is in ``cell``"."""
    return ("at", word, index, cell)


def model(puzzle: Puzzle, deadline: Deadline = UNLIMITED) -> Model:
    """The rules of docs/genres/wend.md, one block per sentence.

    One boolean per word, position in it and cell showing that letter. No graph constraint
    is needed: exactly one cell per position, exactly one position per letter cell and
    neighbouring cells for consecutive positions already make each word a simple path (see
    the measurements in docs/genres/wend.md). ``deadline`` stops the building with `OutOfTime`.
    """
    h, w = puzzle.height, puzzle.width
    letters = puzzle.letters()
    by_letter: dict[str, list[Cell]] = {}
    for cell, ch in letters.items():
        by_letter.setdefault(ch, []).append(cell)
    size = sum(len(by_letter[ch]) for word in puzzle.words for ch in word)
    if size > MAX_VARS:
        raise ModelTooLarge(
            f"the wend model of this {h}x{w} grid would need {size:,} variables (the limit is {MAX_VARS:,}): "
            "each letter of each word may be in any cell showing it; use more different letters"
        )
    m = ModelBuilder(NAME)
    # A word's letter can only be in a cell that shows that letter: other cells get no variable.
    at: dict[tuple[str, int], dict[Cell, Lit]] = {}
    for word in puzzle.words:
        for i, ch in enumerate(word):
            cells = deadline.paced(by_letter[ch], 1024)
            at[word, i] = {cell: m.bool(at_key(word, i, cell)) for cell in cells}

    # Every letter of every word is in exactly one cell (each word is used exactly once).
    for (word, i), options in deadline.paced(at.items(), 64):
        with m.rule(f"letter {i + 1} of {word} ({word[i]}) is in exactly one cell", options):
            m.exactly(1, options.values())

    # Every letter cell belongs to exactly one word, at one position: no cell is used twice
    # (within a word either), and none is left over.
    holders: dict[Cell, list[Lit]] = {cell: [] for cell in letters}
    for options in at.values():
        for cell, x in options.items():
            holders[cell].append(x)
    for cell, xs in deadline.paced(holders.items(), 1024):
        with m.rule(f"the letter cell {cell} belongs to exactly one word", (cell,)):
            m.exactly(1, xs)

    # Consecutive letters of a word are in orthogonally neighbouring cells (said both ways:
    # the next letter is beside this one, and the previous one too).
    beside = {cell: [n for n in grid.neighbours(cell, h, w) if n in letters] for cell in letters}
    for (word, i), options in deadline.paced(at.items(), 16):
        for j in (i - 1, i + 1):
            if not 0 <= j < len(word):
                continue
            other = at[word, j]
            text = f"letters {min(i, j) + 1} and {max(i, j) + 1} of {word} are in neighbouring cells"
            for cell, x in options.items():
                near = [n for n in beside[cell] if n in other]
                with m.rule(text, (cell, *near)):
                    m.clause([~x, *(other[n] for n in near)])

    m.output(x for options in at.values() for x in options.values())
    deadline.check()
    return m.build()


def decode(puzzle: Puzzle, assignment: dict[Hashable, int]) -> Solution:
    """Each word's cells from the values of the position variables, in the order of the words."""
    place: dict[tuple[str, int], Cell] = {}
    for key, v in assignment.items():
        if v and isinstance(key, tuple) and key[0] == "at":
            place.setdefault((key[1], key[2]), key[3])
    paths = []
    for word in puzzle.words:
        cells = [place[word, i] for i in range(len(word)) if (word, i) in place]
        paths.append((word, tuple(cells)))
    return Solution(tuple(paths))


def describe(puzzle: Puzzle, key: Hashable, value: int) -> str:
    """An answer-key value in words, e.g. "letter 2 of CAT (A) is at (0, 1)"."""
    if isinstance(key, tuple) and len(key) == 4 and key[0] == "at":
        _, word, i, cell = key
        return f"letter {i + 1} of {word} ({word[i]}) is {'' if value else 'not '}at {tuple(cell)}"
    return f"{key} = {value}"


# checking ------------------------------------------------------------------------------------


def verify(puzzle: Puzzle, solution: Solution) -> list[str]:
    """Every broken rule, in words; empty when the paths are valid. Independent of the model."""
    h, w = puzzle.height, puzzle.width
    letters = puzzle.letters()
    problems: list[str] = []
    uses: dict[str, int] = {}
    for word, _ in solution.paths:
        uses[word] = uses.get(word, 0) + 1
    for word, n in uses.items():
        if word not in puzzle.words:
            problems.append(f"a path is given for {word!r}, which is not one of the words")
        elif n > 1:
            problems.append(f"the word {word} has {n} paths: each word is used exactly once")
    problems += [f"the word {word} has no path" for word in puzzle.words if word not in uses]
    owners: dict[Cell, list[str]] = {}
    for word, cells in solution.paths:
        if not cells:
            problems.append(f"the path for {word} has no cells")
            continue
        off = [cell for cell in cells if not grid.inside(cell, h, w)]
        if off:
            problems.append(f"the path for {word} leaves the {h}x{w} grid at {off[0]}")
            continue
        for cell in cells:
            if cell not in letters:
                problems.append(f"the path for {word} passes the blocked cell {cell}")
        spelled = "".join(letters.get(cell, BLOCKED) for cell in cells)
        if spelled != word:
            problems.append(f"the path for {word} spells {spelled}, not {word}")
        for a, b in zip(cells, cells[1:]):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                problems.append(
                    f"the path for {word} steps from {a} to {b}, which are not orthogonal neighbours"
                )
        for cell in cells:
            owners.setdefault(cell, []).append(word)
    for cell, who in sorted(owners.items()):
        if len(who) > 1:
            by = ", ".join(who)
            problems.append(f"cell {cell} is used {len(who)} times (by {by}): no cell is used twice")
    missing = [cell for cell in letters if cell not in owners]
    if missing:
        shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
        problems.append(f"{len(missing)} letter cell(s) belong to no word: {shown}")
    return problems


# drawing -------------------------------------------------------------------------------------


def render(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The grid as text: letters, ``#`` for blocked cells, each path's steps as ``─`` and ``│``;
    then the words (and with a solution, where each starts and ends)."""
    steps: set[tuple[Cell, Cell]] = set()
    for _, cells in solution.paths if solution else ():
        steps |= {grid.edge(a, b) for a, b in zip(cells, cells[1:])}
    out = []
    for r, row in enumerate(puzzle.grid):
        line = ""
        for c, ch in enumerate(row):
            line += ch + ("─" if ((r, c), (r, c + 1)) in steps else " ")
        out.append(line.rstrip())
        if r + 1 < puzzle.height:
            marks = ["│" if ((r, c), (r + 1, c)) in steps else " " for c in range(puzzle.width)]
            out.append(" ".join(marks).rstrip())
    if solution is None:
        out.append("words: " + " ".join(puzzle.words))
    else:
        out += [f"{word}: {cells[0]} to {cells[-1]}" for word, cells in solution.paths if cells]
    return "\n".join(out)


def solution_from_json(puzzle: Puzzle, data: Any) -> Solution:
    """A solution from ``{"paths": [{"word": "CAT", "cells": [[r, c], ...]}, ...]}``.

    Refused with `ParseError` naming the field: a missing field or a value of the wrong
    type, a word that is not one of the puzzle's (case does not matter) or is listed twice,
    a cell outside the grid or listed twice in one path. Paths come back in the order of
    the puzzle's words; what breaks the rules is left to `verify`.
    """
    shown, refuse = _common.shown, _common.refuse
    items = _common.require(data, "paths", list)
    bounds = _common.grid_bounds(puzzle.height, puzzle.width)
    found: dict[str, tuple[int, tuple[Cell, ...]]] = {}
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise refuse(f"paths[{i}]: expected an object with 'word' and 'cells', found {shown(item)}")
        for key, kind in (("word", str), ("cells", list)):
            if key not in item:
                raise refuse(f"paths[{i}] has no {key!r} field")
            if not isinstance(item[key], kind):
                raise refuse(f"paths[{i}].{key} must be a {kind.__name__}, found {shown(item[key])}")
        word = unicodedata.normalize("NFC", item["word"]).upper()
        if word not in puzzle.words:
            some = " ".join(puzzle.words[:6]) + (" ..." if len(puzzle.words) > 6 else "")
            raise refuse(f"paths[{i}].word: {shown(item['word'])} is not one of the words ({some})")
        if word in found:
            raise refuse(f"paths[{i}].word: {word!r} is listed twice (first as paths[{found[word][0]}])")
        where = f"paths[{i}].cells"
        cells: dict[Cell, int] = {}
        for j, value in enumerate(item["cells"]):
            cell = _common.point(value, f"{where}[{j}]", bounds)
            if cell in cells:
                again = f"{_common.cell_text(cell)} is listed twice (first as {where}[{cells[cell]}])"
                raise refuse(f"{where}[{j}]: {again}")
            cells[cell] = j
        found[word] = (i, tuple(cells))
    return Solution(tuple((word, found[word][1]) for word in puzzle.words if word in found))


# random instances ----------------------------------------------------------------------------


def random_puzzle(
    rng: _random.Random,
    height: int,
    width: int,
    words: int = 3,
    letters: int = 4,
    blocked: float = 0.0,
    corrupt: float = 0.0,
    language: str = "en",
) -> Puzzle:
    """A solvable puzzle planted by tiling: a random path through every cell is cut at blocked
    cells (each with chance ``blocked``) and then into about ``words`` pieces (more when the
    blocked cells cut it more), and each piece gets random letters and becomes a word.

    Letters come from ``letters`` of the language's letters (few letters: many solutions;
    in Swedish one of them is always Å, Ä or Ö). With chance ``corrupt`` one letter of one
    word is changed to another letter of the grid, which often leaves no solution.
    """
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    if height * width < 1 or words < 1 or letters < 1:
        raise ValueError("a Wend needs at least one cell, one word and one letter")
    alphabet = LANGUAGES[language][1]
    pool = rng.sample(alphabet, min(letters, len(alphabet)))
    if language == "sv" and not set(pool) & set("ÅÄÖ"):
        pool[0] = rng.choice("ÅÄÖ")
    path = grid.random_path(rng, height, width)
    keep = [cell for cell in path if rng.random() >= blocked] or [path[0]]
    kept = set(keep)
    runs: list[list[Cell]] = [[]]
    for cell in path:
        if cell in kept:
            runs[-1].append(cell)
        else:
            runs.append([])
    pieces = [run for run in runs if run]
    while len(pieces) < words and max(map(len, pieces)) > 1:  # cut a long piece, ends of 2+ if it can
        i = max(range(len(pieces)), key=lambda k: (len(pieces[k]), rng.random()))
        run = pieces[i]
        lo, hi = (2, len(run) - 2) if len(run) >= 4 else (1, len(run) - 1)
        at = rng.randint(lo, hi)
        pieces[i:i + 1] = [run[:at], run[at:]]
    spelled: dict[Cell, str] = {}
    seen: set[str] = set()
    for piece in pieces:
        source = pool
        for attempt in range(60):
            word = "".join(rng.choice(source) for _ in piece)
            if word not in seen:
                break
            source = alphabet if attempt > 30 else pool
        else:
            raise ValueError(f"could not give {len(pieces)} pieces different words")
        seen.add(word)
        spelled.update(zip(piece, word))
    listed = ["".join(spelled[cell] for cell in piece) for piece in pieces]
    rng.shuffle(listed)
    if rng.random() < corrupt:
        i = rng.randrange(len(listed))
        j = rng.randrange(len(listed[i]))
        swapped = listed[i][:j] + rng.choice(sorted(set(spelled.values()))) + listed[i][j + 1:]
        if swapped not in listed:
            listed[i] = swapped
    rows = tuple("".join(spelled.get((r, c), BLOCKED) for c in range(width)) for r in range(height))
    return Puzzle(rows, tuple(listed), language)


# the registered name in another language -----------------------------------------------------


def variant(language: str) -> dict[str, Any]:
    """What differs for a registered name meaning Wend in ``language`` ("sv" for ``swend``):
    reading, writing and random puzzles take ``language`` as their default, and the first
    line of the module's description names the language."""
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    out: dict[str, Any] = {
        name: functools.wraps(fn)(functools.partial(fn, language=language))
        for name, fn in (("parse", parse), ("format", format), ("random_puzzle", random_puzzle))
    }
    name, _ = LANGUAGES[language]
    out["__doc__"] = f"Wend in {name} letters ({_SPELLED[language]}): each path spells one of the words once."
    return out
