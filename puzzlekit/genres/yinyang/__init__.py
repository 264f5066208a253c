"""Yin-Yang: colour every cell black or white, some given as circles, so that the black cells
are one connected group, the white cells are one connected group, and no 2x2 block is all
one colour."""

from __future__ import annotations

import random
from typing import Any

from ...board import Genre, checks, layers
from ...board.islands import ColouredCircles, no_2x2_alike, one_group, two_groups
from ...clock import UNLIMITED, Deadline
from ...ir import Model

genre = Genre(
    "yinyang", aliases=("shirokuro",), title="Yin-Yang",
    rule="colour every cell; black connected, white connected, no 2x2 block of one colour",
    clues=[ColouredCircles("circles")],
    answers=[layers.Shading("black", key="black", absent="white", noun="black cell")],
)

COLOUR = {"w": "white", "b": "black"}


@genre.model
def rules(p, m, loose: bool = False):
    """``loose``: each link of the two groups only implies its ends (`one_group`), for the
    generator."""
    black = m.black
    white = {cell: ~lit for cell, lit in black.items()}
    for cell, v in p.clues("circles"):
        with m.rule(f"the {COLOUR[v]} circle at {cell} keeps its colour", cells=[cell]):
            m.fix(black[cell] if v == "b" else white[cell])
    if loose:
        one_group(m, black, "the black cells form one connected group")
        one_group(m, white, "the white cells form one connected group", key="open")
    else:
        m.connected_cells(black, "the black cells form one connected group")
        m.connected_cells(white, "the white cells form one connected group", key="open")
    no_2x2_alike(m, black, "no 2x2 block is all one colour", ("black", "white"))
    two_groups(m, black, "the black cells and the white cells are one group each")


@genre.verify
def check(p, s):
    h, w = p.height, p.width
    white = {(r, c) for r in range(h) for c in range(w)} - set(s.black)
    for cell, v in p.clues("circles"):
        if (cell in s.black) != (v == "b"):
            yield f"the {COLOUR[v]} circle at {cell} is {COLOUR['w' if v == 'b' else 'b']}"
    yield from checks.connected(s.black, "black cells")
    yield from checks.connected(white, "white cells")
    yield from checks.no_2x2(s.black, h, w, "black")
    yield from checks.no_2x2(white, h, w, "white")


#: Each circle only fixes its cell's colour, so one guarded model per plant serves every
#: question, trials included (a 10x10 ``trial``, seed 1000: 2.6 s of CPU, not 10.1 s).
GUARD = True
GUARD_TRIALS = True


def finder_model(puzzle: Any, deadline: Deadline = UNLIMITED) -> Model:
    """The model with loose links, for the generator: a link left off changes no answer and
    no closure, but halves the pairs' rules. Solving keeps them exact (a backend listing
    every solution would list each colouring once per choice of links)."""
    return genre.build(puzzle, deadline, loose=True)


def clue_keys(item: tuple) -> list:
    """The model variable a circle fixes."""
    return [("black", *item[1])]


def clue_broken(item: tuple, values: dict) -> bool:
    """Whether answer values (by model key) give a circle's cell the other colour."""
    return values[("black", *item[1])] != (item[2] == "b")


@genre.plant
def plant(rng: random.Random, height: int, width: int):
    """Black grown from one cell: a white cell beside the black ones turns black while the
    white cells stay one piece and no 2x2 block turns all black, until no 2x2 block is all
    white (a few starts are tried)."""
    every = {(r, c) for r in range(height) for c in range(width)}
    for _ in range(100):
        black = {rng.choice(sorted(every))}
        while checks.full_blocks(every - black, height, width):
            edge = sorted({(r + dr, c + dc) for r, c in black for dr, dc in checks.STEPS} & (every - black))
            rng.shuffle(edge)
            for cell in edge:
                grown = black | {cell}
                if not checks.full_blocks(grown, height, width) and len(checks.pieces(every - grown)) == 1:
                    black = grown
                    break
            else:
                break
        if not checks.full_blocks(every - black, height, width):
            return genre.Solution(black=frozenset(black))
    raise ValueError(f"no Yin-Yang answer was found for {height}x{width}")


@genre.reveal
def reveal(solution, h: int, w: int):
    """Every cell shows its colour as a circle."""
    return genre.Puzzle(h, w, circles=[["b" if (r, c) in solution.black else "w" for c in range(w)]
                                       for r in range(h)])


# measured: the sides where every request came back at the level (docs/genres/yinyang.md)
SIDES = (6, 10)
RELIABLE = {"rules": (6, 10), "pairs": (6,), "trial": (6, 10), "lines": (6, 10), "chain": (6,)}

genre.export(globals())
