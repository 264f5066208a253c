"""Nurimaze: shade whole rooms; the unshaded cells form a tree (connected, no loop, no 2x2)
with no 2x2 shaded; the way from S to G through it passes every circle and no triangle."""

from __future__ import annotations

import functools
import random

from ...board import Genre, checks, layers, mazes, places

genre = Genre(
    "nurimaze", title="Nurimaze",
    rule="shade whole rooms; unshaded cells a tree, no 2x2 of either; S to G via circles, never triangles",
    clues=[layers.Rooms("rooms"),
           layers.MazeMarks("ends", {"S": "start", "G": "goal"}, what="an end of the maze"),
           layers.MazeMarks("marks", {"o": "circle", "^": "triangle"}, what="a mark")],
    answers=[layers.Shading("shaded")],
    optional=("marks",),
)


@genre.extend
class Puzzle(genre.Puzzle):
    """The rooms, the start and goal (``S``, ``G``: one of each) and the circles and triangles."""

    def __post_init__(self) -> None:
        super().__post_init__()
        ends = self.clues("ends")
        for v in "SG":
            if (n := [x for _, x in ends].count(v)) != 1:
                raise places.invalid(("ends", 0, 0), f"the maze needs one {v}, found {n}")
        for (r, c), v in self.clues("marks"):
            if self.ends[r][c] is not None:
                raise places.invalid(("marks", r, c), f"the {v} at ({r}, {c}) is on the {self.ends[r][c]}")

    def end(self, v: str) -> tuple[int, int]:
        """The cell of the start (``S``) or the goal (``G``)."""
        return next(cell for cell, x in self.clues("ends") if x == v)


@genre.model
def rules(p, m):
    shaded, open_ = m.shaded, {cell: ~lit for cell, lit in m.shaded.items()}
    for label, cells in layers.Rooms.rooms(p.rooms).items():
        with m.rule(f"room {label} is all shaded or all unshaded", cells=cells):
            for cell in cells[1:]:
                m.implies(shaded[cells[0]], shaded[cell])
                m.implies(shaded[cell], shaded[cells[0]])
    for cell, v in p.clues("ends") + p.clues("marks"):
        with m.rule(f"the {v} at {cell} stays unshaded", cells=[cell]):
            m.fix(open_[cell])
    m.no_2x2(shaded, "no 2x2 block is all shaded")
    m.no_2x2(open_, "no 2x2 block is all unshaded")  # the tree forbids it too, less plainly
    mazes.tree(m, open_, "the unshaded cells form one connected tree, without a loop")
    on = mazes.route(m, open_, p.end("S"), p.end("G"), "the way from S to G")
    for cell, v in p.clues("marks"):
        verb = "passes" if v == "o" else "avoids"
        with m.rule(f"the way from S to G {verb} the {v} at {cell}", cells=[cell]):
            m.fix(on[cell] if v == "o" else ~on[cell])


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    for label, cells in layers.Rooms.rooms(p.rooms).items():
        if 0 < sum(c in s.shaded for c in cells) < len(cells):
            yield f"room {label} is partly shaded"
    for cell, v in p.clues("ends") + p.clues("marks"):
        if cell in s.shaded:
            yield f"the {v} at {cell} is shaded"
    problems, way = _shape(frozenset(s.shaded), h, w, p.end("S"), p.end("G"))
    yield from problems
    for cell, v in p.clues("marks"):
        if way and (v == "o") != (cell in way):
            yield f"the way from S to G {'misses' if v == 'o' else 'passes'} the {v} at {cell}"


#: A mark only fixes its cell unshaded and on or off the way: one solver answers the
#: generator's every question about a plant, the marks shown passed as assumptions (`GUARD_FINDER`).
GUARD_FINDER = True
#: The reveal starts with half the marks shown: with few marks the finder's questions (a tree
#: of open cells, its links counted) took most of a 10x10's time.
HEAD_START = 0.5


def clue_keys(item: tuple) -> list:
    """The model variables a mark fixes."""
    return [("shaded", *item[1]), ("on way", item[1])]


@functools.lru_cache(maxsize=4)
def _shape(shaded: frozenset, h: int, w: int, start: tuple, goal: tuple) -> tuple[list[str], frozenset]:
    """The problems of the shading's shape, and the way from S to G: the generator checks
    one answer against each mark alone, so it is worked out once per answer."""
    open_ = {(r, c) for r in range(h) for c in range(w)} - shaded
    problems = [*checks.connected(open_, "unshaded cells"), *checks.no_2x2(shaded, h, w, "shaded"),
                *checks.no_2x2(open_, h, w, "unshaded")]
    if mazes.loops_in(open_):
        problems.append("the unshaded cells form a loop")
    return problems, frozenset(mazes.way(open_, start, goal) or ())


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """A maximal random tree of unshaded cells (no cell joins it without a loop or a second
    touch) without a 2x2 shaded block, its ends far apart; rooms of one colour cut at random,
    a shaded room joined to one beside it until it holds the last shaded cell of a 2x2 block."""
    if height * width < 4:
        raise ValueError(f"a {height}x{width} grid is too small for a maze from S to G")
    found = None
    for i in range(400):
        tree = mazes.maximal_tree(rng, height, width)
        shaded = {(r, c) for r in range(height) for c in range(width)} - tree
        if checks.full_blocks(shaded, height, width) or len(tree) < 2:
            continue
        found = tree, shaded
        # rooms the 2x2 rule shades once the unshaded cells are known: all marks shown, the
        # puzzle is easy, and each level is reached by taking marks away (any rooms at last)
        rooms = mazes.colour_rooms(rng, shaded, height, width, anchored=i < 300)
        if rooms is not None:
            break
    if found is None or rooms is None:
        raise ValueError(f"no {height}x{width} maze found without a 2x2 shaded block")
    tree, shaded = found
    start = rng.choice(sorted(tree))
    goal = max(sorted(tree - {start}), key=lambda c: (len(mazes.way(tree, start, c) or ()), rng.random()))
    solution = genre.Solution(shaded=frozenset(shaded))
    object.__setattr__(solution, "planted", (rooms, start, goal))  # rides along for `reveal`
    return solution


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every unshaded cell marked: a circle on the way from S to G, a triangle off it (with the
    tree maximal, no other shading fits)."""
    rooms, start, goal = solution.planted
    tree = {(r, c) for r in range(h) for c in range(w)} - set(solution.shaded)
    way = set(mazes.way(tree, start, goal))
    ends = [[{start: "S", goal: "G"}.get((r, c)) for c in range(w)] for r in range(h)]
    marks = [[None if (r, c) not in tree or ends[r][c] else "o" if (r, c) in way else "^" for c in range(w)]
             for r in range(h)]
    return genre.Puzzle(h, w, rooms=rooms, ends=ends, marks=marks)


# measured (docs/genres/nurimaze.md, "Levels made"; 20 seeds, first miss): per level the sides
# where every request came back at it (on 2026-12-07, with the reveal's head start: 6x6 in a
# median 0.4-5 s of CPU, 10x10 scan in 3.7 and pairs in 6.1). Before it, with 90 s each, 10x10
# chain ran out of time at the 12th seed and trial and lines at the first (not measured since)
SIDES = (6, 10)
RELIABLE = {"scan": (6, 10), "pairs": (6, 10), "trial": (6,), "lines": (6,), "chain": (6,),
            "either": (6,), "deep": (6,)}

genre.export(globals())
