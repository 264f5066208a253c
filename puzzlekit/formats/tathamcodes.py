"""The spellings Simon Tatham's game descriptions share, each as a reader and a writer.

The genres' ``tatham.py`` parts say what a puzzle is made of; these say how his games spell
it: the size at the start of the params (``7x7``, or ``5`` for a square of side 5), a grid in
reading order with runs of empty cells as letters (``a``-``z`` for 1-26), a list of numbers
separated by ``,`` or ``/`` (clues around the grid, counts of rows and columns), one
character a number (``0``-``9`` then ``a``-``z``), tokens that must cover the text, and the
block structure of grids cut into regions. Readers raise `ValueError` with a sentence that
names what was expected and where it went wrong; writers give his canonical spelling, so an
ID read and written again comes back byte for byte.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["DIGITS", "chars", "dims", "domino_letters", "dominoes",
           "numbers", "placed", "read_blocks", "rows", "runs", "shown", "size",
           "tokens", "write_blocks", "write_chars", "write_numbers", "write_placed", "write_runs"]

#: One character a number: 0-9, then a-z for 10-35, then A-Z for 36-61.
DIGITS = string.digits + string.ascii_lowercase + string.ascii_uppercase


def shown(text: str) -> str:
    """A text in an error message, cut short when long."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


# params --------------------------------------------------------------------------------------


def size(params: str, what: str = "size 'WxH'") -> tuple[int, int, str]:
    """``(width, height, the rest)`` of parameters that start ``WxH`` (ValueError if not)."""
    m = re.match(r"(\d+)x(\d+)", params)
    if m is None:
        raise ValueError(f"the parameters {shown(params)} do not start with a {what}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (1 <= w <= 256 and 1 <= h <= 256):
        raise ValueError(f"the size {w}x{h} is out of range")
    return w, h, params[m.end():]


def dims(params: str, rest: str, expected: str, square: bool = False,
         sides: tuple[int, int] = (1, 256)) -> tuple[int, int, re.Match[str]]:
    """``(width, height, match)`` of params that are ``WxH`` or ``N`` (a square), or ``N``
    alone when ``square``, followed by what the regular expression ``rest`` matches in full
    (its groups are the match's, after the size's two). ``expected`` says what the params are,
    for the error; a side outside ``sides`` is refused too."""
    head = r"(\d+)()" if square else r"(\d+)(?:x(\d+))?"
    m = re.fullmatch(head + rest, params)
    if m is None or not all(sides[0] <= int(g) <= sides[1] for g in m.groups()[:2] if g):
        raise ValueError(f"{expected}, not {params!r}")
    w = int(m.group(1))
    return w, int(m.group(2) or w), m


# a grid in reading order with runs of empty cells as letters ---------------------------------


def runs(desc: str, cells: int, token: str, what: str, read: Callable[[str], Any] = str,
         separator: str | None = "_", short: bool = False) -> list[Any]:
    """Cells from run-length text: ``a``-``z`` for 1-26 cells without a clue (None), the
    tokens the regular expression ``token`` matches for the others (as ``read`` makes them),
    ``separator`` between two tokens side by side (None: his game writes none); ``short``: the
    cells after the last clue may be left out."""
    out: list[Any] = []
    pattern = re.compile(f"([a-z])|({token})" + (f"|({re.escape(separator)})" if separator else ""))
    pos = 0
    while pos < len(desc):
        m = pattern.match(desc, pos)
        if m is None:
            raise ValueError(f"{what}: unexpected {desc[pos]!r} at position {pos + 1} of the description")
        if m.group(1):
            out.extend([None] * (ord(m.group(1)) - ord("a") + 1))
        elif m.group(2):
            out.append(read(m.group(2)))
        pos = m.end()
    if len(out) > cells or (len(out) < cells and not short):
        raise ValueError(f"{what}: the description covers {len(out)} cells, not {cells}")
    return out + [None] * (cells - len(out))


def write_runs(cells: Sequence[Any], separator: str = "", end: bool = True) -> str:
    """The run-length text of cells (None: no clue, others written with `str`);
    ``separator`` goes between two clues side by side (``_`` where a clue has several digits);
    without ``end``, the run of empty cells after the last clue is not written out."""
    out: list[str] = []
    run = 0
    previous = False
    for cell in cells:
        if cell is None:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            previous = False
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        elif previous:
            out.append(separator)
        out.append(str(cell))
        previous = True
    if run and end:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


#: Letters of a grid of placed values: each letter -> (cells skipped, the value, whether it
#: places the value after the skip or only skips); see `placed`.
Letters = Mapping[str, tuple[int, Any, bool]]


def placed(desc: str, cells: int, letters: Letters, what: str) -> list[Any]:
    """Cells from text whose letters each skip empty cells (None) and then place a value (his
    Tents' trees, Unruly's digits); one value is placed past the grid's last cell, to end it."""
    out: list[Any] = [None] * (cells + 1)
    pos, last = 0, -1
    for i, ch in enumerate(desc):
        if ch not in letters:
            raise ValueError(f"{what}: unexpected {ch!r} at position {i + 1} of the description")
        skip, value, places = letters[ch]
        pos += skip
        if places and pos <= cells:
            out[pos], last = value, pos
        pos += places
    if last != cells or pos != cells + 1:
        raise ValueError(f"{what}: the description covers {pos - 1} cells, not {cells}")
    return out[:-1]


def write_placed(cells: Sequence[Any], letters: Letters, end: Any) -> str:
    """The text of `placed` (``end``: the value placed past the grid): a letter that only skips
    while the run is longer than one letter can skip and then place (his Tents writes 25 empty
    cells and a tree as ``y``, not ``z_``)."""
    letter = {code: ch for ch, code in letters.items()}
    longest = max(skip for skip, _, places in letters.values() if not places)
    out, run = [], 0
    for value in [*cells, end]:
        if value is None:
            run += 1
            continue
        most = max(skip for skip, v, places in letters.values() if places and v == value)
        while run > most:
            out.append(letter[(longest, value, False)])
            run -= longest
        out.append(letter[(run, value, True)])
        run = 0
    return "".join(out)


def rows(cells: Sequence[Any], width: int) -> tuple[tuple[Any, ...], ...]:
    """Cells in reading order as rows of ``width``."""
    return tuple(tuple(cells[i:i + width]) for i in range(0, len(cells), width))


# lists -----------------------------------------------------------------------------------------


def numbers(text: str, separator: str, count: int, what: str, empty: bool = False) -> list[int | None]:
    """``count`` numbers separated by ``separator`` (``empty``: a number may be left out, None)."""
    parts = text.split(separator)
    if len(parts) != count or not all(p.isdigit() or (empty and not p) for p in parts):
        blank = " (empty for none)" if empty else ""
        raise ValueError(f"expected {count} {what} separated by {separator!r}{blank}, found {shown(text)}")
    return [int(p) if p else None for p in parts]


def write_numbers(values: Sequence[int | None], separator: str) -> str:
    """Numbers separated by ``separator``, None as nothing."""
    return separator.join("" if v is None else str(v) for v in values)


def chars(text: str, count: int, what: str, none: str = ".") -> tuple[int | None, ...]:
    """``count`` numbers of one character each (`DIGITS`), ``none`` for no number."""
    if len(text) != count:
        raise ValueError(f"expected {count} {what} (a digit, a letter or {none!r} each), found {shown(text)}")
    for i, ch in enumerate(text):
        if ch != none and ch not in DIGITS:
            raise ValueError(f"unexpected character {ch!r} at position {i + 1} of the {what} {shown(text)}")
    return tuple(None if ch == none else DIGITS.index(ch) for ch in text)


def write_chars(values: Sequence[int | None], none: str = ".") -> str:
    return "".join(none if v is None else DIGITS[v] for v in values)


# dominoes --------------------------------------------------------------------------------------

#: Per cell where its domino's other cell is: ``L`` it is the left end, ``R``, ``T`` the top
#: end, ``B``; ``*`` a cell alone.
DOMINO_STEPS = {"L": (0, 1), "R": (0, -1), "T": (1, 0), "B": (-1, 0), "*": (0, 0)}


def dominoes(letters: str, w: int, h: int) -> list[list[int]]:
    """Per cell the number of its domino (0, 1, ... in the reading order of their first cells)."""
    if len(letters) != w * h or any(ch not in DOMINO_STEPS for ch in letters):
        raise ValueError(f"expected {w * h} domino letters L, R, T, B or *, found {shown(letters)}")
    ids, count = [[-1] * w for _ in range(h)], 0
    for i, ch in enumerate(letters):
        (r, c), (dr, dc) = divmod(i, w), DOMINO_STEPS[ch]
        a, b = r + dr, c + dc
        if not (0 <= a < h and 0 <= b < w) or DOMINO_STEPS[letters[a * w + b]] != (-dr, -dc):
            raise ValueError(f"the domino letter {ch!r} at row {r}, column {c} has no partner")
        if ids[r][c] < 0:
            ids[r][c] = ids[a][b] = count
            count += 1
    return ids


def domino_letters(groups: Sequence[Sequence[tuple[int, int]]], w: int, h: int) -> str:
    """The letters of dominoes given as their cells (one or two each), in reading order."""
    letter = {step: ch for ch, step in DOMINO_STEPS.items()}
    cells = [[""] * w for _ in range(h)]
    for group in groups:
        for r, c in group:
            a, b = group[-1] if (r, c) == group[0] else group[0]
            cells[r][c] = letter[(a - r, b - c)]
    return "".join(map("".join, cells))


def tokens(text: str, token: str, what: str) -> list[re.Match[str]]:
    """The matches of the regular expression ``token`` that follow each other to cover the
    whole text (a ValueError names the first character that fits none)."""
    out, pos, pattern = [], 0, re.compile(token)
    while pos < len(text):
        m = pattern.match(text, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"expected {what}, found {shown(text[pos:])} at position {pos + 1}")
        out.append(m)
        pos = m.end()
    return out


# block structure (regions of a square grid) ---------------------------------------------------


def _edges(w: int) -> list[tuple[int, int]]:
    """His internal grid lines as pairs of cells (row-major indexes): the vertical ones in reading
    order, then the horizontal ones column by column."""
    out = [(y * w + x, y * w + x + 1) for y in range(w) for x in range(w - 1)]
    return out + [(y * w + x, (y + 1) * w + x) for x in range(w) for y in range(w - 1)]


def read_blocks(text: str, w: int) -> tuple[list[list[int]], str]:
    """The blocks of his block structure at the start of ``text``, up to a ``,`` (each a
    sorted list of cell indexes, in order of their first cell), and the rest of the text: per
    grid line, ``_`` a line between two blocks, a letter that many lines inside a block (``a``
    1 ... ``y`` 25, then one between blocks; ``z`` 25 and no line after), a number after a
    letter repeating it."""
    edges, joined = _edges(w), {cell: [] for cell in range(w * w)}  # cell -> cells in its block beside it
    pos, i = 0, 0
    while i < len(text) and text[i] != ",":
        ch = text[i]
        if ch != "_" and not "a" <= ch <= "z":
            raise ValueError(f"unexpected {ch!r} in the block structure")
        i += 1
        m = re.match(r"\d+", text[i:])
        reps = int(m.group()) if m else 1
        i += m.end() if m else 0
        for _ in range(reps):
            for _ in range(0 if ch == "_" else ord(ch) - 96):
                if pos >= len(edges):
                    raise ValueError("too much data in the block structure")
                a, b = edges[pos]
                joined[a].append(b)
                joined[b].append(a)
                pos += 1
            pos += ch != "z"
    if pos != len(edges) + 1:
        raise ValueError("the block structure does not cover the grid")
    blocks, seen = [], set()
    for cell in range(w * w):  # each block: the cells reached from its first one
        if cell not in seen:
            block, stack = [], [cell]
            seen.add(cell)
            while stack:
                block.append(stack.pop())
                fresh = [x for x in joined[block[-1]] if x not in seen]
                seen.update(fresh)
                stack += fresh
            blocks.append(sorted(block))
    return blocks, text[i:]


def write_blocks(blocks: Sequence[Sequence[int]], w: int, compress: bool = True) -> str:
    """His block structure of these blocks (cell indexes); Keen folds runs of one letter
    (``_3`` for ``___``), Solo does not (``compress``)."""
    owner = {cell: k for k, block in enumerate(blocks) for cell in block}
    letters, run = [], 0
    for a, b in [*_edges(w), (-1, -1)]:
        if a >= 0 and owner[a] == owner[b]:
            run += 1
            continue
        while run > 25:
            letters.append("z")
            run -= 25
        letters.append(chr(96 + run) if run else "_")
        run = 0
    if not compress:
        return "".join(letters)
    out = []
    for m in re.finditer(r"(.)\1*", "".join(letters)):
        k = len(m.group())
        out.append(m.group(1) * 2 if k == 2 else m.group(1) + (str(k) if k > 2 else ""))
    return "".join(out)
