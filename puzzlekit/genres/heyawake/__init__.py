"""Heyawake: shade cells in a grid of rooms; a numbered room holds that many shaded cells, no
two shaded cells side by side, the unshaded cells connected, and no row or column stretch of
unshaded cells crosses two room borders."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board import rooms as rm
from ...board.shading_rules import other_answer

genre = Genre(
    "heyawake", title="Heyawake",
    rule="shade cells apart, the rest connected; a number counts its room's shaded cells; "
         "no unshaded stretch crosses two room borders",
    clues=[layers.Rooms("rooms"), layers.Numbers("numbers", lo=0, hi=999)],
    answers=[layers.Shading("shaded")],
    optional=("numbers",), sizes=(2, 60),
)


@genre.extend
class Puzzle(genre.Puzzle):
    def __post_init__(self) -> None:
        super().__post_init__()
        rm.one_piece_each(self.rooms, "rooms")
        rm.numbered(self.numbers, self.rooms)

    def counts(self) -> list[tuple[str, list[tuple[int, int]], int]]:
        """The numbered rooms: label, cells, number."""
        return rm.numbered(self.numbers, self.rooms)


def _ends(cells: list) -> str:
    return f"{checks.where(cells[0])} to {checks.where(cells[-1])}"


@genre.model
def rules(p, m):
    shaded = m.shaded
    for label, cells, k in p.counts():
        m.count_in(k, shaded, cells, f"the room {label} holds {k} shaded cell{'' if k == 1 else 's'}")
    m.no_two_adjacent(shaded, "no two shaded cells side by side")
    m.connected_cells({cell: ~lit for cell, lit in shaded.items()},
                      "the unshaded cells form one connected group", key="open")
    for run in rm.crossings(p.rooms):
        with m.rule(f"no unshaded stretch crosses two room borders: one of {_ends(run)} is shaded",
                    cells=run):
            m.clause([shaded[cell] for cell in run])


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    for label, cells, k in p.counts():
        found = sum(cell in s.shaded for cell in cells)
        if found != k:
            yield f"the room {label} holds {found} shaded cell{'' if found == 1 else 's'}, not {k}"
    yield from checks.no_two_adjacent(s.shaded, "shaded cells")
    unshaded = {(r, c) for r in range(h) for c in range(w)} - set(s.shaded)
    yield from checks.connected(unshaded, "unshaded cells")
    for run in rm.crossings(p.rooms):
        if not any(cell in s.shaded for cell in run):
            yield f"the unshaded cells {_ends(run)} cross two room borders"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Rectangular rooms; then, shortest first, each stretch that crosses two borders gets a
    cell shaded (apart, the rest connected) where one can be, else its first two rooms become
    one (which only takes borders away); then more cells shaded. While another answer fits,
    a room where the two differ is cut in two where the planted answer allows."""
    rooms = rm.rectangles(rng, height, width, most=3)
    runs = rm.crossings(rooms)
    rng.shuffle(runs)
    shaded: set = set()
    for run in sorted(runs, key=len):
        if not shaded & set(run):
            shaded |= rm.shade_one(rng, run, shaded, height, width)
    while run := next((run for run in rm.crossings(rooms) if not shaded & set(run)), None):
        (a, b), (c, d) = run[0], run[1]
        rooms = [[rooms[a][b] if x == rooms[c][d] else x for x in row] for row in rooms]
    rooms = rm.renumbered(rooms)
    cells = [(r, c) for r in range(height) for c in range(width)]
    for cell in rng.sample(cells, len(cells)):
        shaded |= rm.shade_one(rng, [cell], shaded, height, width)
    for _ in range(2 * (height + width)):
        other = _another_answer(_puzzle(rooms, shaded, height, width), frozenset(shaded))
        if other is None:
            break
        cut = next(filter(None, (rm.crossed_once(rng, grid, shaded, height, width) for cell in rng.sample(
            sorted(shaded ^ other), len(shaded ^ other)) for grid in rm.cuts(rooms, cell))), None)
        if cut is None:
            break
        rooms, shaded = cut
    solution = genre.Solution(shaded=frozenset(shaded))
    # the rooms are the board, not the answer: they ride along for `reveal`
    object.__setattr__(solution, "planted_rooms", rooms)
    return solution


def _another_answer(puzzle, shaded: frozenset) -> frozenset | None:
    found = other_answer(genre.build(puzzle), genre.answer_of(puzzle, genre.Solution(shaded=shaded)))
    return None if found is None else frozenset((k[1], k[2]) for k, v in found.items() if v)


def _puzzle(rooms: list, shaded, h: int, w: int):
    """Every room numbered, on its first cell, with its shaded cells."""
    numbers = [[None] * w for _ in range(h)]
    for cells in rm.rooms(rooms).values():
        numbers[cells[0][0]][cells[0][1]] = sum(cell in shaded for cell in cells)
    return genre.Puzzle(h, w, rooms=[[rm.room_label(i) for i in row] for row in rooms], numbers=numbers)


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every room numbered, on its first cell, with its shaded cells."""
    rooms = getattr(solution, "planted_rooms", None) or [[0] * w for _ in range(h)]
    return _puzzle(rooms, solution.shaded, h, w)


# what was measured of the generator (docs/generating.md, "Levels made"): the square sides
# measured, and per level the sides where at least 95% of the requests came back at it (10 seeds
# at 7x7; 20 at 10x10, rules given 300 s: docs/genres/heyawake.md)
SIDES = (7, 10)
RELIABLE = {"rules": (7, 10), "pairs": (7,), "trial": (7,), "lines": (7,), "chain": (7, 10)}

genre.export(globals())
