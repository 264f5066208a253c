"""The character codes of puzz.link URL bodies (written from the descriptions of the pzprjs
encoders in the shared test data's README), each as a decoder and a canonical encoder.

Decoders read from a position of the data string and return the values with the position
after them; a character that does not belong raises `CodeError` with its offset, which
`puzzlink` turns into a `ParseError` pointing into the URL.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..grid import CellEdge
from .board import UNKNOWN

HEX = "0123456789abcdef"
B32 = "0123456789abcdefghijklmnopqrstuv"
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
#: number16 prefixes: characters of hex digits that follow, and the value added.
WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "@": (3, 8192), "%": (3, 8192),
        "*": (4, 12240), "$": (5, 77776)}
#: Largest value number16 can write, and the largest the outside clues can.
MAX16 = 77776 + 0xFFFFF
MAX_OUTSIDE = 255


class CodeError(Exception):
    """A URL body character that does not fit its code, at ``offset`` in the data string."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


def _hex(data: str, at: int, width: int) -> int:
    digits = data[at:at + width]
    if len(digits) < width or any(ch not in HEX for ch in digits):
        raise CodeError(f"expected {width} hex digits after {data[at - 1]!r}, found {digits!r}", at - 1)
    return int(digits, 16)


# number16 --------------------------------------------------------------------------------


def read_number16(data: str, count: int, at: int = 0, wide: bool = True) -> tuple[list[int | None], int]:
    """``count`` items (None: no clue, -2: a clue without a value); a string that ends early
    leaves the rest empty. ``wide=False`` allows only ``0-f``, ``-hh``, ``.`` and runs (the
    outside clues of Tents and Nonogram)."""
    out: list[int | None] = []
    while len(out) < count and at < len(data):
        ch = data[at]
        if ch in HEX:
            out.append(HEX.index(ch))
            at += 1
        elif ch == ".":
            out.append(UNKNOWN)
            at += 1
        elif "g" <= ch <= "z":
            out.extend([None] * min(ord(ch) - ord("f"), count - len(out)))
            at += 1
        elif ch in WIDE and (wide or ch == "-"):
            width, base = WIDE[ch]
            out.append(base + _hex(data, at + 1, width))
            at += 1 + width
        else:
            raise CodeError(f"unexpected character {ch!r} in the clues", at)
    out.extend([None] * (count - len(out)))
    return out, at


def number16(value: int | None, wide: bool = True) -> str:
    """The code of one clue value (not of an empty cell)."""
    if value == UNKNOWN:
        return "."
    limit = MAX16 if wide else MAX_OUTSIDE
    if value is None or not 0 <= value <= limit:
        raise ValueError(f"{value!r} cannot be written in a puzz.link URL (0 to {limit})")
    if value < 16:
        return HEX[value]
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    if value < 8192:
        return f"={value - 4096:03x}"
    if value < 12288:
        return f"@{value - 8192:03x}"
    if value < 77776:
        return f"*{value - 12240:04x}"
    return f"${value - 77776:05x}"


def write_number16(values: Sequence[int | None], wide: bool = True) -> str:
    """Items as number16: runs of up to 20 empty items as ``g``-``z``."""
    out = []
    run = 0
    for value in values:
        if value is None:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("f") + run))
            run = 0
        out.append(number16(value, wide))
    if run:
        out.append(chr(ord("f") + run))
    return "".join(out)


# 4-cell (Slitherlink) -------------------------------------------------------------------


def read_4cell(data: str, count: int, at: int = 0) -> tuple[list[int | None], int]:
    """Clues 0-4 with up to two empty cells folded into each character, ``.`` = "?"."""
    out: list[int | None] = []
    while len(out) < count and at < len(data):
        ch = data[at]
        if "0" <= ch <= "9" or "a" <= ch <= "e":
            value = int(ch, 16)
            out.append(value % 5)
            out.extend([None] * min(value // 5, count - len(out)))
        elif ch == ".":
            out.append(UNKNOWN)
        elif "g" <= ch <= "z":
            out.extend([None] * min(ord(ch) - ord("f"), count - len(out)))
        else:
            raise CodeError(f"unexpected character {ch!r} in the clues", at)
        at += 1
    out.extend([None] * (count - len(out)))
    return out, at


def write_4cell(values: Sequence[int | None]) -> str:
    """Clues as 4-cell; past the last cell counts as empty (as the pzprjs writer does)."""
    n = len(values)

    def empty(i: int) -> bool:
        return i >= n or values[i] is None

    out = []
    i = 0
    while i < n:
        value = values[i]
        if value is None:
            run = 1
            while run < 20 and i + run < n and values[i + run] is None:
                run += 1
            out.append(chr(ord("f") + run))
            i += run
        elif value == UNKNOWN:
            out.append(".")
            i += 1
        else:
            if not 0 <= value <= 4:
                raise ValueError(f"a Slitherlink clue is 0-4, not {value}")
            skip = 2 if empty(i + 1) and empty(i + 2) else 1 if empty(i + 1) else 0
            out.append(HEX[value + 5 * skip])
            i += 1 + skip
    return "".join(out)


# circles (Masyu) ----------------------------------------------------------------------


def read_circles(data: str, count: int, at: int = 0) -> tuple[list[int | None], int]:
    """One base-27 digit per three cells (0 none, 1 white, 2 black; first cell highest)."""
    out: list[int | None] = []
    while len(out) < count and at < len(data):
        ch = data[at]
        value = B36.find(ch)
        if not 0 <= value < 27:
            raise CodeError(f"unexpected character {ch!r} in the pearls (expected 0-9 or a-q)", at)
        for power in (9, 3, 1):
            if len(out) < count:
                out.append(value // power % 3 or None)
        at += 1
    out.extend([None] * (count - len(out)))
    return out, at


def write_circles(values: Sequence[int | None]) -> str:
    out = []
    for start in range(0, len(values), 3):
        digit = 0
        for k, power in enumerate((9, 3, 1)):
            value = values[start + k] if start + k < len(values) else None
            if value not in (None, 1, 2):
                raise ValueError(f"a pearl is white (1) or black (2), not {value!r}")
            digit += (value or 0) * power
        out.append(B36[digit])
    return "".join(out)


# border bits (regions) ------------------------------------------------------------------


def read_borders(data: str, rows: int, cols: int, at: int = 0) -> tuple[frozenset[CellEdge], int]:
    """Walls between left/right neighbours row by row, then between up/down neighbours;
    five walls per base-32 character, the first in bit 16."""
    slots: list[CellEdge] = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    slots += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    split = (cols - 1) * rows
    walls = set()
    for part in (slots[:split], slots[split:]):
        for start in range(0, len(part), 5):
            if at >= len(data):
                raise CodeError("the region borders stop early", at)
            value = B32.find(data[at])
            if value < 0:
                raise CodeError(f"unexpected character {data[at]!r} in the region borders", at)
            for k in range(5):
                if value & (16 >> k) and start + k < len(part):
                    walls.add(part[start + k])
            at += 1
    return frozenset(walls), at


def write_borders(rows: int, cols: int, walls: frozenset[CellEdge]) -> str:
    slots: list[CellEdge] = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    split = len(slots)
    slots += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    out = []
    for part in (slots[:split], slots[split:]):
        for start in range(0, len(part), 5):
            value = sum(16 >> k for k, slot in enumerate(part[start:start + 5]) if slot in walls)
            out.append(B32[value])
    return "".join(out)


# 1-cell (Tents trees) -------------------------------------------------------------------


def read_1cell(data: str, count: int, at: int = 0) -> tuple[list[bool], int]:
    """``0``-``h``: a marked cell and that many unmarked after it; ``i``-``z``: 1-18 unmarked."""
    out: list[bool] = []
    while len(out) < count and at < len(data):
        value = B36.find(data[at])
        if value < 0:
            raise CodeError(f"unexpected character {data[at]!r} in the trees", at)
        if value <= 17:
            out.append(True)
            out.extend([False] * min(value, count - len(out)))
        else:
            out.extend([False] * min(value - 17, count - len(out)))
        at += 1
    out.extend([False] * (count - len(out)))
    return out, at


def write_1cell(marked: Sequence[bool]) -> str:
    out = []
    n = len(marked)
    i = 0
    while i < n:
        run = 0
        limit = 17 if marked[i] else 18
        start = i + 1 if marked[i] else i
        while run < limit and start + run < n and not marked[start + run]:
            run += 1
        out.append(B36[run] if marked[i] else B36[17 + run])
        i = start + run
    return "".join(out)


# cross (numbers at the grid's corners) -------------------------------------------------------


def read_cross(data: str, count: int, at: int = 0) -> tuple[list[int | None], int]:
    """Numbers 0-4 at the corners: ``0``-``4`` a number; ``5``-``9`` a number and one empty
    corner after it, ``a``-``e`` a number and two; ``g``-``z`` 1-20 empty corners; ``.`` a
    number not shown."""
    out: list[int | None] = []
    while len(out) < count and at < len(data):
        ch = data[at]
        if "0" <= ch <= "9" or "a" <= ch <= "e":
            value = int(ch, 16)
            out += [value % 5] + [None] * (value // 5)
        elif "g" <= ch <= "z":
            out += [None] * (int(ch, 36) - 15)
        elif ch == ".":
            out.append(UNKNOWN)
        else:
            raise CodeError(f"unexpected {ch!r} in the corner numbers", at)
        at += 1
    return (out + [None] * count)[:count], at


def write_cross(values: Sequence[int | None]) -> str:
    """As pzprjs writes it: a number takes the one or two empty corners after it when the
    next corner (the one after) holds none, the corners past the end counted as empty."""
    n = len(values)
    out, i, run = [], 0, 0
    while i < n:
        v, token = values[i], ""
        if v is None:
            run += 1
        elif v == UNKNOWN:
            token = "."
        elif not 0 <= v <= 4:
            raise ValueError(f"a number at a corner is 0-4, not {v}")
        elif i + 1 < n and values[i + 1] is not None:
            token = str(v)
        elif i + 2 < n and values[i + 2] is not None:
            token, i = "56789"[v], i + 1
        else:
            token, i = "abcde"[v], i + 2
        if run and (token or run == 20):
            out.append(B36[run + 15])
            run = 0
        out.append(token)
        i += 1
    if run:
        out.append(B36[run + 15])
    return "".join(out)


# binary (a bit a cell: pzprjs's cells left out of the puzzle) ----------------------------


def read_binary(data: str, count: int, at: int = 0) -> tuple[list[bool], int]:
    """``count`` bits, five a base-32 character, the first in bit 16."""
    out: list[bool] = []
    while len(out) < count and at < len(data):
        value = B32.find(data[at])
        if value < 0:
            raise CodeError(f"unexpected character {data[at]!r} in the cell bits", at)
        out.extend(bool(value & (16 >> k)) for k in range(min(5, count - len(out))))
        at += 1
    out.extend([False] * (count - len(out)))
    return out, at


def write_binary(bits: Sequence[bool]) -> str:
    chunks = (bits[i:i + 5] for i in range(0, len(bits), 5))
    return "".join(B32[sum(16 >> k for k, b in enumerate(chunk) if b)] for chunk in chunks)


# arrow numbers (pzprjs's ArrowNumber16: Yajilin) ------------------------------------------


def read_arrow_number16(data: str, count: int, at: int = 0) -> tuple[list[tuple[int, int] | None], int]:
    """``count`` items, each None or ``(direction, number)`` (direction 0 none, 1 up, 2 down,
    3 left, 4 right; number -2 for none): ``dn`` a hex digit, ``d.`` no number, ``(d+5)hh``,
    ``-dhhh``; a letter ``a``-``z`` skips one to 26 cells."""
    out: list[tuple[int, int] | None] = []
    while len(out) < count and at < len(data):
        ch = data[at]
        try:
            if ch in "01234":
                nxt = data[at + 1]
                out.append((int(ch), UNKNOWN if nxt == "." else int(nxt, 16)))
                at += 2
            elif ch in "56789":
                out.append((int(ch) - 5, int(data[at + 1:at + 3], 16)))
                at += 3
            elif ch == "-":
                out.append((int(data[at + 1]), int(data[at + 2:at + 5], 16)))
                at += 5
            elif "a" <= ch <= "z":
                out.extend([None] * min(int(ch, 36) - 9, count - len(out)))
                at += 1
            else:
                raise ValueError
        except (ValueError, IndexError):
            raise CodeError(f"unexpected character {ch!r} in the arrow clues", at) from None
    out.extend([None] * (count - len(out)))
    return out, at


def write_arrow_number16(values: Sequence[tuple[int, int] | None]) -> str:
    out, gap = "", 0
    for v in values:
        if v is None:
            gap += 1
            if gap == 26:
                out, gap = out + "z", 0
            continue
        d, n = v
        text = (f"{d}." if n == UNKNOWN else f"{d}{n:x}" if n < 16 else f"{d + 5}{n:02x}" if n < 256
                else f"-{d}{n:03x}")
        out += (B36[gap + 9] if gap else "") + text
        gap = 0
    return out + (B36[gap + 9] if gap else "")


# numbers per room (pzprjs's RoomNumber16: a number16 per room, in its top cell) ----------


def room_tops(regions: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """Each room's top cell as pzprjs picks it (its leftmost column, the topmost cell there),
    rooms in the order of their numbers (of their first cells in reading order)."""
    tops: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(regions):
        for c, x in enumerate(row):
            if x not in tops or (c, r) < tops[x][::-1]:
                tops[x] = (r, c)
    return [tops[x] for x in sorted(tops)]


def read_room_number16(data: str, regions: Sequence[Sequence[int]], at: int = 0) -> tuple[tuple, int]:
    """The cells (R x C, None: no number) with each room's number in its top cell."""
    tops = room_tops(regions)
    values, at = read_number16(data, len(tops), at)
    by_room = {regions[r][c]: v for (r, c), v in zip(tops, values)}
    return room_cells(regions, by_room.get), at


def room_cells(regions: Sequence[Sequence[int]], value: Callable[[int], int | None]) -> tuple:
    """The cells (R x C, None: no number) with ``value(room)`` in each room's top cell."""
    cells: list[list[int | None]] = [[None] * len(regions[0]) for _ in regions]
    for r, c in room_tops(regions):
        cells[r][c] = value(regions[r][c])
    return tuple(tuple(row) for row in cells)


def write_room_number16(regions: Sequence[Sequence[int]], cells: Sequence[Sequence[int | None]]) -> str:
    return write_number16([cells[r][c] for r, c in room_tops(regions)])
