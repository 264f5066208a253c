"""Numbers in cells: digits 1..n in every room of n cells (Ripple Effect, Suguru) and a
numbering 1..N of the open cells along a path of touching cells (Hidato).

`RoomDigits` is an answer layer: a value in every cell, at most the size of its room (on one
puzzle, through ``on``: each cell's variable runs 1..its room's size). `Numbering` is an
answer layer: the numbers ``1..N``, one in each of the N cells its ``off`` layer leaves open
(JSON and states: rows, ``null`` on a closed cell).

Rules for the model: `once_per_room`, `ripple` (equal digits k in a row or column more than k
apart), `never_touching` (equal digits never touch, diagonals included) and `path_of_steps`
(consecutive numbers in touching cells), with `near_givens` (the numbers a cell may hold
by its steps from the givens). Their plain-Python checks: `room_problems`,
`ripple_problems`, `touching_problems`, `step_problems`. For planters: `plant_rooms` (random
rooms and digits that keep each digit out of the cells it reaches) and `king_path` (a random path
through every open cell, one king's step at a time).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from ..ir import Lit, Var
from .answers import Digits
from .base import Cell
from .cages import labels
from .checks import where
from .clues import Rooms
from .places import SOLUTION, invalid, is_int, rows_of, shown
from .rooms import one_piece_each
from .sums import Fill

KING = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def touching(cell: Cell, height: int, width: int) -> list[Cell]:
    """The cells that touch ``cell``, corners included."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in KING if 0 <= r + dr < height and 0 <= c + dc < width]


def _sides(cell: Cell, height: int, width: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < height and 0 <= c + dc < width]


# --- digits in rooms ----------------------------------------------------------------------------


class RoomDigits(Digits):
    """A digit in every cell, 1 to the size of its room (of the ``rooms`` clue layer). Without
    a puzzle the largest value is the number of cells; on one (``on``) it is the largest
    room's size, every cell's variable runs that far, and `once_per_room` keeps each cell
    within its own room's size (so a player's digit too big for its room is a wrong one, not
    one the answer cannot hold)."""

    def __init__(self, name: str = "digits", rooms: str = "rooms", key: str = "digit",
                 most: int | None = None):
        super().__init__(name, 1, None, key)
        self.rooms = rooms
        self.most = most

    def on(self, puzzle: Any) -> RoomDigits:
        most = max(len(cells) for cells in Rooms.rooms(getattr(puzzle, self.rooms)).values())
        return RoomDigits(self.name, self.rooms, self.key, most)

    def top(self, height: int, width: int) -> int:
        return self.most if self.most is not None else height * width


def room_sizes(rooms: Mapping[str, Sequence[Cell]]) -> dict[Cell, int]:
    """Each cell's room size."""
    return {cell: len(cells) for cells in rooms.values() for cell in cells}


def once_per_room(m: Any, digits: Mapping[Cell, Var], rooms: Mapping[str, Sequence[Cell]]) -> None:
    """Each room of n cells holds 1..n once: no digit above n, all different."""
    for label, cells in rooms.items():
        with m.rule(f"the room {label} holds 1-{len(cells)} once", cells=list(cells)):
            m.all_different([digits[cell] for cell in cells])
            for cell in cells:
                for v in range(len(cells) + 1, digits[cell].hi + 1):
                    m.fix(~m.eq(digits[cell], v))


def ripple(m: Any, digits: Mapping[Cell, Var], height: int, width: int, sizes: Mapping[Cell, int]) -> None:
    """Two equal digits k in one row or column stand more than k cells apart (``sizes``: each
    cell's largest digit)."""
    for a in m.deadline.paced(sorted(digits), 64):
        for dr, dc in ((0, 1), (1, 0)):
            line = "row" if dr == 0 else "column"
            hi = sizes[a]
            near = [(a[0] + dr * d, a[1] + dc * d) for d in range(1, hi + 1)]
            near = [b for b in near if b[0] < height and b[1] < width]
            if not near:
                continue
            with m.rule(f"a digit k at {where(a)} has no other k within k cells along its {line}",
                        cells=[a, *near]):
                for d, b in enumerate(near, 1):
                    for k in range(d, min(hi, sizes[b]) + 1):
                        m.clause((~m.eq(digits[a], k), ~m.eq(digits[b], k)))


def never_touching(m: Any, digits: Mapping[Cell, Var], height: int, width: int) -> None:
    """Equal digits never touch, diagonals included: every 2x2 block holds four different
    digits (every touching pair lies in one), or a grid one cell thin its neighbours differ."""
    if height == 1 or width == 1:
        cells = sorted(digits)
        for a, b in zip(cells, cells[1:]):
            with m.rule(f"{where(a)} and {where(b)} touch: their digits differ", cells=[a, b]):
                m.all_different([digits[a], digits[b]])
        return
    for r in range(height - 1):
        for c in range(width - 1):
            block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            with m.rule(f"the 2x2 block at {where((r, c))} holds no digit twice: equal digits never touch",
                        cells=block):
                m.all_different([digits[cell] for cell in block])


def room_problems(grid: Sequence[Sequence[int]], rooms: Mapping[str, Sequence[Cell]]) -> list[str]:
    """A problem for each digit a room of n cells holds outside 1..n, or twice."""
    out = []
    for label, cells in rooms.items():
        first: dict[int, Cell] = {}
        for cell in cells:
            v = grid[cell[0]][cell[1]]
            if v == 0:
                out.append(f"the cell {where(cell)} of the room {label} holds no digit")
            elif not 1 <= v <= len(cells):
                out.append(f"the room {label} of {len(cells)} cell{'s' * (len(cells) > 1)} holds {v} "
                           f"at {where(cell)}")
            elif v in first:
                out.append(f"the room {label} holds {v} at both {where(first[v])} and {where(cell)}")
            else:
                first[v] = cell
    return out


def ripple_problems(grid: Sequence[Sequence[int]]) -> list[str]:
    """A problem for each two equal digits k in one row or column at most k cells apart."""
    h, w = len(grid), len(grid[0])
    out = []
    for r in range(h):
        for c in range(w):
            k = grid[r][c]
            for dr, dc in ((0, 1), (1, 0)):
                for d in range(1, k + 1):
                    y, x = r + dr * d, c + dc * d
                    if y < h and x < w and grid[y][x] == k:
                        out.append(f"the {k}s at {where((r, c))} and {where((y, x))} are {d} apart, "
                                   f"not more than {k}")
    return out


def touching_problems(grid: Sequence[Sequence[int]]) -> list[str]:
    """A problem for each two equal digits that touch, diagonals included (0, an empty cell,
    is no digit)."""
    h, w = len(grid), len(grid[0])
    return [f"the {grid[r][c]}s at {where((r, c))} and {where((y, x))} touch"
            for r in range(h) for c in range(w) for y, x in touching((r, c), h, w)
            if (y, x) > (r, c) and grid[y][x] == grid[r][c] != 0]


def plant_rooms(rng: random.Random, height: int, width: int, goals: Sequence[int],
                reach: Callable[[Cell, int], list[Cell]],
                tries: int = 20) -> tuple[list[list[Cell]], dict[Cell, int]]:
    """Random rooms and their digits 1..n, where a digit v in a cell keeps v out of the cells
    ``reach(cell, v)``: each room grown from the free cell with the fewest free neighbours
    towards a size
    drawn from ``goals``, a cell at a time while some order of its digits fits the rooms made
    before; a cell no room of its own fits joins a neighbouring room, or else
    the rooms near it are taken out and grown again. ValueError when ``tries``
    starts all fail."""
    most = max(goals)
    for _ in range(tries):
        digit: dict[Cell, int] = {}
        rooms: list[list[Cell]] = []
        steps = 0
        cells = [(r, c) for r in range(height) for c in range(width)]
        while len(digit) < len(cells):
            # the free cell with the fewest free neighbours first: none is left boxed in alone
            cell = min((x for x in cells if x not in digit),
                       key=lambda x: (sum(y not in digit for y in _sides(x, height, width)), x))
            room, goal = [cell], rng.choice(goals)
            found = _fit(rng, room, digit, reach)
            while (found is None or len(room) < goal) and len(room) < most:
                free = sorted({x for y in room for x in _sides(y, height, width)} - set(room) - set(digit))
                fits = ((x, _fit(rng, [*room, x], digit, reach)) for x in rng.sample(free, len(free)))
                x, more = next(((x, f) for x, f in fits if f is not None), (None, None))
                if x is None and found is None and free:  # no digits fit yet: grow on and see
                    x = rng.choice(free)
                if x is None:
                    break
                room, found = [*room, x], more
            if found is None:
                found, room = _join(rng, room, rooms, digit, reach, most + 2, height, width)
            if found is None:  # take out the rooms near it, and grow them again
                steps += 1
                if steps > len(cells):
                    break
                near = {(y + dy, x + dx) for y, x in room for dy in range(-2, 3) for dx in range(-2, 3)}
                for other in [other for other in rooms if near.intersection(other)]:
                    rooms.remove(other)
                    for x in other:
                        del digit[x]
                continue
            digit.update(found)
            rooms.append(room)
        if len(digit) == len(cells):
            return [sorted(room) for room in rooms], digit
    raise ValueError(f"no rooms of {', '.join(map(str, sorted(set(goals))))} cells were filled on a "
                     f"{height}x{width} grid in {tries} tries")


def _fit(rng: random.Random, room: Sequence[Cell], digit: Mapping[Cell, int],
         reach: Callable[[Cell, int], list[Cell]]) -> dict[Cell, int] | None:
    """A random order of 1..n in the room's n cells that clashes with no digit placed."""
    n = len(room)
    allowed = {x: [v for v in range(1, n + 1) if all(digit.get(y) != v for y in reach(x, v))] for x in room}
    cells = sorted(room, key=lambda x: len(allowed[x]))
    out: dict[Cell, int] = {}

    def place(i: int) -> bool:
        if i == n:
            return True
        for v in rng.sample(allowed[cells[i]], len(allowed[cells[i]])):
            if v not in out.values():
                out[cells[i]] = v
                if place(i + 1):
                    return True
                del out[cells[i]]
        return False

    return out if place(0) else None


def _join(rng: random.Random, room: list[Cell], rooms: list[list[Cell]], digit: dict[Cell, int],
          reach: Callable[[Cell, int], list[Cell]], most: int, height: int, width: int) -> tuple:
    """The cells joined to a neighbouring room of the ones made, with the digits it then takes
    (that room taken out of ``rooms`` and ``digit``), or (None, room)."""
    near = [i for i, other in enumerate(rooms) if len(other) + len(room) <= most
            and any(x in other for y in room for x in _sides(y, height, width))]
    for i in rng.sample(near, len(near)):
        rest = {x: v for x, v in digit.items() if x not in rooms[i]}
        found = _fit(rng, [*rooms[i], *room], rest, reach)
        if found is not None:
            for x in rooms[i]:
                del digit[x]
            return found, rooms.pop(i) + room
    return None, room


def ripple_reach(cell: Cell, k: int) -> list[Cell]:
    """The cells a digit k in ``cell`` keeps k out of: within k cells along its row and column."""
    r, c = cell
    return [x for d in range(1, k + 1) for x in ((r + d, c), (r - d, c), (r, c + d), (r, c - d))]


def touch_reach(cell: Cell, k: int) -> list[Cell]:
    """The cells a digit in ``cell`` keeps its digit out of: those that touch it."""
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in KING]


# --- a numbered path of touching cells ------------------------------------------------------------


class Numbering(Fill):
    """The numbers 1..N, one in each of the N cells the ``off`` clue layer leaves open (rows,
    ``null`` on a closed cell). Without a puzzle the largest value is the number of cells."""

    def __init__(self, name: str = "numbers", off: str = "blocks", key: str = "number"):
        super().__init__(name, off, key)
        self.hi = None
        self.count: int | None = None

    def on(self, puzzle: Any) -> Numbering:
        bound = copy.copy(self)
        bound.count = puzzle.height * puzzle.width - len(puzzle.clues(self.off))
        return bound

    def top(self, height: int, width: int) -> int:
        return self.count if self.count is not None else height * width

    def variables(self, m: Any, height: int, width: int, skip: Collection[Cell] = ()) -> dict[Cell, Var]:
        cells = self.cells(height, width, skip)
        return {cell: m.int((self.key, *cell), 1, len(cells)) for cell in cells}

    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION) -> tuple:
        rows = rows_of(value, (self.name,), height, width, source)
        top = self.top(height, width)
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                if not (v is None or is_int(v) and 1 <= v <= top):
                    raise invalid((self.name, r, c), f"expected a number 1-{top} or null, found {shown(v)}",
                                  source)
        return tuple(tuple(row) for row in rows)


def path_of_steps(m: Any, numbers: Mapping[Cell, Var], height: int, width: int,
                  allowed: Mapping[Cell, Collection[int]] | None = None) -> None:
    """Each number k < N has k + 1 in a touching cell (and k > 1 has k - 1). ``allowed``: the
    numbers each cell may hold, when other rules fix the rest false (no clause is written for
    a number its cell cannot hold, nor a literal for a neighbour that cannot hold it)."""
    n = len(numbers)
    can = allowed or {cell: range(1, n + 1) for cell in numbers}
    lit = {cell: {k: m.eq(numbers[cell], k) for k in can[cell]} for cell in numbers}
    for a in m.deadline.paced(sorted(numbers), 32):
        near = [b for b in touching(a, height, width) if b in numbers]
        with m.rule(f"the number in {where(a)} has the next one (and the one before) in a touching cell",
                    cells=[a, *near]):
            around = [lit[b] for b in near]  # (read once: a model per generator question)
            for k, here in lit[a].items():
                no = Lit(here.var, k, False)
                if k < n:
                    m.clause([no, *[x[k + 1] for x in around if k + 1 in x]])
                if k > 1:
                    m.clause([no, *[x[k - 1] for x in around if k - 1 in x]])


def near_givens(cells: Sequence[Cell], givens: Sequence[tuple[Cell, int]]) -> dict[Cell, dict[int, None]]:
    """The numbers 1..N (N: the cells) each cell of a numbering by king's steps may hold, in
    increasing order (a dict's keys): a given its own, another cell none given and none closer
    to a given's number than its steps from it (a cell d steps from the v holds no number
    within d - 1 of v)."""
    n = len(cells)
    # as bit masks (bit k: the number k): the generator asks this of every set of givens it
    # tries, and a set difference per cell and given was a twentieth of its time at 10x10
    everything = (1 << (n + 1)) - 2
    taken = 0
    for _, v in givens:
        taken |= 1 << v
    out = {}
    for x in cells:
        keep = everything & ~taken
        for g, v in givens:
            d = max(abs(x[0] - g[0]), abs(x[1] - g[1]))
            if d == 0:
                keep = 1 << v
            else:  # the numbers v - d + 1 .. v + d - 1 (those below 1 are no bits of keep)
                lo = max(1, v - d + 1)
                keep &= ~(((1 << (v + d - lo)) - 1) << lo)
        out[x] = dict.fromkeys(k for k in range(1, n + 1) if keep >> k & 1)
    return out


def step_problems(grid: Sequence[Sequence[int | None]]) -> list[str]:
    """A problem for each number 1..N missing or standing twice, and for each k whose k + 1
    stands in a cell that does not touch it."""
    at: dict[int, list[Cell]] = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v is not None:
                at.setdefault(v, []).append((r, c))
    n = sum(len(cells) for cells in at.values())
    out = [f"the number {k} stands in {len(at[k])} cells" for k in sorted(at) if len(at[k]) > 1]
    out += [f"the number {k} stands nowhere" for k in range(1, n + 1) if k not in at]
    for k in range(1, n):
        if len(at.get(k, ())) == 1 and len(at.get(k + 1, ())) == 1:
            a, b = at[k][0], at[k + 1][0]
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
                out.append(f"{k + 1} at {where(b)} does not touch {k} at {where(a)}")
    return out


def king_path(rng: random.Random, height: int, width: int, closed: Collection[Cell] = (),
              tries: int = 50) -> list[Cell] | None:
    """A random path through every cell not ``closed``, one step to a touching cell at a time:
    a walk that goes on to the cell with the fewest ways on (Warnsdorff's rule), started again
    when stuck; None after ``tries`` walks."""
    cells = [(r, c) for r in range(height) for c in range(width) if (r, c) not in closed]
    for _ in range(tries):
        path = [rng.choice(cells)]
        left = set(cells) - {path[0]}
        while left:
            ways = [b for b in touching(path[-1], height, width) if b in left]
            if not ways:
                break
            rng.shuffle(ways)
            nxt = min(ways, key=lambda b: sum(1 for x in touching(b, height, width) if x in left))
            path.append(nxt)
            left.discard(nxt)
        if not left:
            return path
    return None


__all__ = ["KING", "Numbering", "RoomDigits", "king_path", "near_givens", "never_touching",
           "once_per_room", "path_of_steps", "plant_rooms", "ripple", "ripple_reach", "ripple_problems",
           "room_problems", "room_sizes", "step_problems", "touch_reach", "touching", "touching_problems"]


# the shared parts of genres whose rooms of n cells hold 1..n (Ripple Effect, Suguru) ----------


def check_room_givens(puzzle: Any) -> None:
    """Each room one piece, no given digit larger than its room (a puzzle's own check)."""
    one_piece_each(puzzle.rooms, "rooms")
    size = room_sizes(Rooms.rooms(puzzle.rooms))
    for (r, c), v in puzzle.clues("givens"):
        if v > size[(r, c)]:
            raise invalid(("givens", r, c), f"the given {v} is more than its room's {size[(r, c)]} cells")


def given_rules(m: Any, digits: Mapping[Cell, Var], givens: Any) -> None:
    """Each given digit stays."""
    for cell, v in givens:
        with m.rule(f"the given {v} at {where(cell)} stays", cells=[cell]):
            m.fix(m.eq(digits[cell], v))


def given_problems(givens: Any, digits: Sequence[Sequence[int | None]]) -> list[str]:
    """The given digits the answer does not hold."""
    return [f"the given {v} at ({r}, {c}) holds {digits[r][c]}" for (r, c), v in givens if digits[r][c] != v]


def planted_rooms(genre: Any, rng: random.Random, height: int, width: int, goals: Sequence[int],
                  reach: Any) -> Any:
    """A planted answer (`plant_rooms`) with its rooms riding along for the genre's reveal
    (``planted_rooms``: each cell's room label, rooms labelled in reading order)."""
    rooms, digit = plant_rooms(rng, height, width, goals, reach)
    rooms.sort()
    names = labels(len(rooms))
    owner = {cell: names[i] for i, cells in enumerate(rooms) for cell in cells}
    answer = genre.Solution(digits=tuple(tuple(digit[(r, c)] for c in range(width)) for r in range(height)))
    object.__setattr__(answer, "planted_rooms", tuple(tuple(owner[(r, c)] for c in range(width))
                                                      for r in range(height)))
    return answer
