"""What every board layer has (see `puzzlekit.board.layers`)."""

from __future__ import annotations

import re

Cell = tuple[int, int]
#: A clue whose value the puzzle does not show (``?`` in files and JSON).
UNKNOWN = "?"
EMPTY = "."


def around(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells beside ``cell`` (above, below, left, right), on the grid or not."""
    r, c = cell
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


class Layer:
    """What every layer has: a ``name`` (its field in the puzzle or solution, and in JSON) and
    a few words for messages (``what``)."""

    header = False  # read from a ``name:`` header line instead of a block of grid rows
    answer = False  # entered by the player (an answer layer) rather than shown

    def __init__(self, name: str, what: str):
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise ValueError(f"a layer name is lower case letters, digits and _, not {name!r}")
        self.name = name
        self.what = what

    @property
    def off_what(self) -> str:
        """What a cell of this layer is, as a refused state entry words it (``is a wall``), when
        an answer layer's ``off`` names the layer."""
        return self.what if self.what.startswith(("a ", "an ")) else f"a {self.what}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


