"""Heyawake: shade cells in a grid of rooms; a numbered room holds that many shaded cells, no
two shaded cells side by side, the unshaded cells connected, and no row or column stretch of
unshaded cells crosses two room borders."""

from __future__ import annotations

import random

from ...board import Genre, checks, layers
from ...board import rooms as rm

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
    cell shaded (apart, the rest connected; new rooms when none can be), and a few more."""
    for _ in range(200):
        rooms = rm.rectangles(rng, height, width, most=max(2, min(height, width) // 2))
        runs = rm.crossings(rooms)
        rng.shuffle(runs)
        shaded: set = set()
        for run in sorted(runs, key=len):
            if not shaded & set(run):
                shaded |= _one_more(rng, run, shaded, height, width)
        if all(shaded & set(run) for run in runs):
            cells = [(r, c) for r in range(height) for c in range(width)]
            for cell in rng.sample(cells, len(cells) // 8):
                shaded |= _one_more(rng, [cell], shaded, height, width)
            solution = genre.Solution(shaded=frozenset(shaded))
            # the rooms are the board, not the answer: they ride along for `reveal`
            object.__setattr__(solution, "planted_rooms", rooms)
            return solution
    raise RuntimeError(f"no Heyawake answer planted on {height}x{width}")


def _one_more(rng: random.Random, run: list, shaded: set, h: int, w: int) -> set:
    """A cell of the run that can be shaded (apart, the rest connected), as a set (or none)."""
    for cell in rng.sample(run, len(run)):
        near = {(cell[0] + dr, cell[1] + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        rest = {(r, c) for r in range(h) for c in range(w)} - shaded - {cell}
        if cell not in shaded and not near & shaded and not checks.connected(rest, "unshaded cells"):
            return {cell}
    return set()


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every room numbered, on its first cell, with its shaded cells."""
    rooms = getattr(solution, "planted_rooms", None) or [[0] * w for _ in range(h)]
    numbers = [[None] * w for _ in range(h)]
    for cells in rm.rooms(rooms).values():
        numbers[cells[0][0]][cells[0][1]] = sum(cell in solution.shaded for cell in cells)
    labels = [[rm.room_label(i) for i in row] for row in rooms]
    return genre.Puzzle(h, w, rooms=labels, numbers=numbers)


genre.export(globals())
