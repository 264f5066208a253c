"""Three puzzles per genre for the pack tests: the bundled example and two built from it.

The example is turned (transposed, and rotated half a turn); the rules of every genre look
the same after either (Wend's words keep their letters, its steps stay orthogonal), so the
turned puzzle has exactly one solution as the example does; `three` checks that it has. The
rotated Tracks puzzle also gets one given piece, taken from its solution (a given that the
solution agrees with adds no solution), so the page's fixed pieces are played too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import EXAMPLES

import puzzlekit
from puzzlekit import api, genres

Cell = tuple[int, int]
Move = Callable[[Cell], Cell]


def _grid(rows: Any, h: int, w: int, move: Move, out_h: int, out_w: int) -> tuple[tuple[Any, ...], ...]:
    out = [[None] * out_w for _ in range(out_h)]
    for r in range(h):
        for c in range(w):
            nr, nc = move((r, c))
            out[nr][nc] = rows[r][c]
    return tuple(tuple(row) for row in out)


def turned(name: str, puzzle: Any, transpose: bool) -> Any:
    """The puzzle transposed (``transpose``) or rotated half a turn."""
    genre = genres.get(name)
    h, w = puzzle.height, puzzle.width
    out_h, out_w = (w, h) if transpose else (h, w)

    def move(cell: Cell) -> Cell:
        return (cell[1], cell[0]) if transpose else (h - 1 - cell[0], w - 1 - cell[1])

    def grid(rows: Any) -> tuple[tuple[Any, ...], ...]:
        return _grid(rows, h, w, move, out_h, out_w)

    letters = dict(zip("UDLR", "LRUD" if transpose else "DURL"))
    if name in ("masyu", "slitherlink", "hashi"):
        return genre.Puzzle(grid=grid(puzzle.grid))
    if name == "numberlink":
        return genre.Puzzle(grid=grid(puzzle.grid), cover=puzzle.cover)
    if name == "queens":
        return genre.Puzzle(grid=tuple("".join(row) for row in grid(puzzle.grid)))
    if name in ("wend", "swend"):
        return genre.Puzzle(grid=tuple("".join(row) for row in grid(puzzle.grid)), words=puzzle.words,
                            language=puzzle.language)
    if name == "sudoku":
        box = puzzle.box[::-1] if transpose else puzzle.box
        return genre.Puzzle(grid=grid(puzzle.grid), box=box)
    if name == "zip":
        walls = frozenset((move(a), move(b)) for a, b in puzzle.walls)
        return genre.Puzzle(grid=grid(puzzle.grid), walls=walls)
    if name == "patches":
        swap = {"w": "t", "t": "w"} if transpose else {}
        cells = [[None if v is None else genre.Clue(area=v.area, shape=swap.get(v.shape, v.shape))
                  for v in row] for row in puzzle.grid]
        return genre.Puzzle(grid=grid(cells))
    if name == "nonogram":
        if transpose:
            return genre.Puzzle(rows=puzzle.cols, cols=puzzle.rows)
        return genre.Puzzle(rows=tuple(r[::-1] for r in puzzle.rows[::-1]),
                            cols=tuple(c[::-1] for c in puzzle.cols[::-1]))
    if name == "tents":
        cols, rows = (puzzle.rows, puzzle.cols) if transpose else (puzzle.cols[::-1], puzzle.rows[::-1])
        return genre.Puzzle(cols=cols, rows=rows, trees=frozenset(move(t) for t in puzzle.trees))
    if name == "tracks":
        cols, rows = (puzzle.rows, puzzle.cols) if transpose else (puzzle.cols[::-1], puzzle.rows[::-1])
        givens = tuple((move(cell), "".join(letters[d] for d in piece)) for cell, piece in puzzle.givens)
        return genre.Puzzle(cols=cols, rows=rows, start=move(puzzle.start), end=move(puzzle.end),
                            givens=givens)
    raise ValueError(f"no turn for {name}")


def with_given(puzzle: Any, solution: Any) -> Any:
    """A Tracks puzzle with one more given piece: the middle cell of its solution's path."""
    genre = genres.get("tracks")
    path = solution.path
    i = len(path) // 2
    cell = path[i]
    letters = ""
    for other in (path[i - 1], path[i + 1]):
        dr, dc = other[0] - cell[0], other[1] - cell[1]
        letters += {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}[(dr, dc)]
    return genre.Puzzle(cols=puzzle.cols, rows=puzzle.rows, start=puzzle.start, end=puzzle.end,
                        givens=(*puzzle.givens, (cell, letters)))


def unique_solution(puzzle: Any) -> Any:
    result = api.solve(puzzle, unique=True)
    assert result.unique, "a test puzzle must have exactly one solution"
    return result.solutions[0]


def three(name: str) -> list[tuple[Any, Any, str]]:
    """``(puzzle, solution, label)`` for the example and its two turned copies."""
    example = puzzlekit.load(name, str(EXAMPLES / f"{name}01.txt"))
    out = [(example, unique_solution(example), f"{name}01")]
    flipped = turned(name, example, transpose=True)
    out.append((flipped, unique_solution(flipped), f"{name}01 transposed"))
    rotated = turned(name, example, transpose=False)
    solution = unique_solution(rotated)
    label = f"{name}01 rotated"
    if name == "tracks":
        rotated = with_given(rotated, solution)
        solution = unique_solution(rotated)
        label += ", one piece given"
    out.append((rotated, solution, label))
    return out
