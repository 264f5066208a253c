"""LITS: shade a tetromino (L, I, T or S) in every room; the shaded cells connected, no 2x2
block shaded, and two tetrominoes of one shape never side by side across a room border."""

from __future__ import annotations

import random
from functools import partial

from ...board import Genre, checks, layers
from ...board import rooms as rm
from ...board import tetrominoes as tm
from ...board.places import invalid
from ...board.shading_rules import other_answer

genre = Genre(
    "lits", title="LITS", aliases=("nuruomino",),
    rule="shade an L, I, T or S tetromino in every room, all connected, no 2x2 shaded; "
         "equal shapes never touch across a border",
    clues=[layers.Rooms("rooms")],
    answers=[layers.Shading("shaded")],
    optional=(), sizes=(3, 60),
)


@genre.extend
class Puzzle(genre.Puzzle):
    def __post_init__(self) -> None:
        super().__post_init__()
        rm.one_piece_each(self.rooms, "rooms")
        for label, cells in rm.rooms(self.rooms).items():
            if len(cells) < 4:
                raise invalid(("rooms", *cells[-1]),
                              f"the room {label} has {len(cells)} cells: a tetromino needs 4")


def _touching(p) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of cells side by side in different rooms."""
    rooms = p.rooms
    return [((r, c), (y, x)) for r in range(p.height) for c in range(p.width)
            for y, x in ((r, c + 1), (r + 1, c))
            if y < p.height and x < p.width and rooms[r][c] != rooms[y][x]]


@genre.model
def rules(p, m):
    shaded, shape = m.shaded, {}
    for label, cells in m.deadline.paced(rm.rooms(p.rooms).items(), 64):
        with m.rule(f"the room {label} holds one L, I, T or S tetromino", cells=cells):
            placed = [(letter, piece, m.bool(("piece", label, piece)))
                      for letter, piece in rm.placements(cells)]
            m.exactly(1, [x for _, _, x in placed])
            for cell in cells:  # a cell is shaded exactly when the chosen tetromino covers it
                covering = [x for _, piece, x in placed if cell in piece]
                m.clause([~shaded[cell], *covering])
                for x in covering:
                    m.clause([~x, shaded[cell]])
            for letter in rm.TETROMINOES:
                ways = [x for shape_, _, x in placed if shape_ == letter]
                shape[label, letter] = m.bool(("shape", label, letter))
                m.clause([~shape[label, letter], *ways])
                for x in ways:
                    m.clause([~x, shape[label, letter]])
    m.no_2x2(shaded, "no 2x2 block is all shaded")
    m.connected_cells(shaded, "the shaded cells form one connected group")
    for a, b in _touching(p):
        ra, rb = p.rooms[a[0]][a[1]], p.rooms[b[0]][b[1]]
        with m.rule(f"the tetrominoes of rooms {ra} and {rb} differ where they touch at {a}-{b}",
                    cells=[a, b]):
            for letter in rm.TETROMINOES:
                m.clause([~shaded[a], ~shaded[b], ~shape[ra, letter], ~shape[rb, letter]])


@genre.verify
def check(p, s):
    letters = {}
    for label, cells in rm.rooms(p.rooms).items():
        mine = [cell for cell in cells if cell in s.shaded]
        letters[label] = rm.shape_of(mine)
        if len(mine) != 4:
            yield f"the room {label} holds {len(mine)} shaded cell{'' if len(mine) == 1 else 's'}, not 4"
        elif letters[label] is None:
            yield f"the shaded cells of room {label} are no L, I, T or S tetromino"
    yield from checks.no_2x2(s.shaded, p.height, p.width, "shaded")
    yield from checks.connected(s.shaded, "shaded cells")
    for a, b in _touching(p):
        ra, rb = p.rooms[a[0]][a[1]], p.rooms[b[0]][b[1]]
        if a in s.shaded and b in s.shaded and letters[ra] and letters[ra] == letters[rb]:
            yield f"the {letters[ra]} tetrominoes of rooms {ra} and {rb} touch at {a}-{b}"


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Tetrominoes laid hugging the edges and each other, the other cells shared out among
    their rooms, then moved between rooms until the answer is unique (`board.tetrominoes`)."""
    for _ in range(TRIES):
        laid = tm.lay(rng, height, width)
        owner = tm.share_out(rng, height, width, laid)
        shaded = frozenset(cell for _, cells in laid for cell in cells)
        if tm.settle(rng, height, width, laid, owner, partial(_another, shaded=shaded)):
            break
    solution = genre.Solution(shaded=shaded)
    # the rooms are the board, not the answer: they ride along for `reveal`
    object.__setattr__(solution, "planted_rooms", _grid(owner, height, width))
    return solution


def _grid(owner: dict, h: int, w: int) -> list[list[int]]:
    return rm.renumbered([[owner[r, c] for c in range(w)] for r in range(h)])


def _another(owner: dict, shaded: frozenset) -> set | None:
    """The cells another answer of the plant's rooms shades, or None."""
    h, w = max(owner)[0] + 1, max(c for _, c in owner) + 1
    puzzle = _puzzle(_grid(owner, h, w))
    found = other_answer(genre.build(puzzle), genre.answer_of(puzzle, genre.Solution(shaded=shaded)))
    return None if found is None else {(k[1], k[2]) for k, v in found.items() if v}


def _puzzle(rooms: list):
    return genre.Puzzle(len(rooms), len(rooms[0]), rooms=[[rm.room_label(i) for i in row] for row in rooms])


@genre.reveal
def reveal(solution, h: int, w: int):
    return _puzzle(solution.planted_rooms)


#: Plants tried in one call before the last is returned as it stands (about half settle).
TRIES = 4
#: Measured by ``python -m benchmarks.levels --genres lits --sizes 6,8,10 --seeds 20
#: --first-miss`` (10x10: chain and either 20 of 20, medians 1.2 and 8.4 s).
SIDES = (6, 8, 10)
RELIABLE = {"trial": (6,), "chain": (6, 8, 10), "either": (8, 10)}

genre.export(globals())
