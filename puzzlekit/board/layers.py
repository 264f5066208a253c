"""Board layers: the parts pencil puzzles are made of, each written once.

A genre lists its clue layers (what the puzzle shows) and its answer layers (what the player
enters). Each layer knows, once for every genre that uses it: its text in a puzzle file (a
block of grid rows, or a ``name:`` header line), its JSON, its drawing, its entries (which the
generator shows or hides one by one) and, for answer layers, its variables in the model, the
values they decode to, and a player's partial state.

Clue layers: `Numbers` (a number, or ``?``, in some cells), `Symbols` (marks such as walls
or trees), `Rooms` (a label per cell: the given regions), `LineCounts` (a number per row or
column, outside the grid), `Cells` (marked cells such as trees, as a set), `Setting` (a rule
switched by a header line, ``cover: any``), `Runs` (run lengths per row or column: Nonogram),
`InOrder` (numbers a path visits in order) and `Walls` (walls between cells: Zip).
Answer layers: `Shading` (shaded cells), `Objects` (things placed
in cells: lamps, stars, tents), `Digits` (a value in every cell), `Lines` (lines between the
centres of neighbouring cells: loops and paths), `Filled` (filled cells as rows of 0 and 1),
`Path` (one path, as its cells in order).
"""

from __future__ import annotations

from .answers import Digits, Lines, Objects, Shading
from .base import EMPTY, UNKNOWN, Layer
from .clues import CellClues, Cells, LineCounts, Numbers, Rooms, Setting, Symbols

__all__ = ["EMPTY", "UNKNOWN", "CellClues", "Cells", "Digits", "Layer", "LineCounts", "Lines", "Numbers",
           "Objects", "Rooms", "Setting", "Shading", "Symbols"]

from .bridges import Bridges  # noqa: E402  (links with a multiplicity: Hashi's bridges)

__all__ += ["Bridges"]

from .runs import Filled, Runs  # noqa: E402  (run clues beside the lines, and filled cells: Nonogram)

__all__ += ["Filled", "Runs"]

from .paths import InOrder, Path, Walls  # noqa: E402  (one path through numbers in order, walls: Zip)

__all__ += ["InOrder", "Path", "Walls"]
from .relations import Relations  # noqa: E402  (marks between neighbours: < > = x and bars)

__all__ += ["Relations"]
from .boxes import Boxes  # noqa: E402  (a Sudoku's boxes on a header line)
from .cages import Cages  # noqa: E402  (cages with a clue: KenKen, Killer Sudoku)

__all__ += ["Boxes", "Cages"]
from .slants import Corners, Slants  # noqa: E402  (diagonals in cells, numbers at their corners)

__all__ += ["Corners", "Slants"]
from .sides import GivenMarks, Heights, Marks, Side, Tally  # noqa: E402  (clues outside the grid on its four sides)

__all__ += ["GivenMarks", "Heights", "Marks", "Side", "Tally"]
from .edges import LetterClues, Letters, LetterSide  # noqa: E402  (letters at the edges: Easy as ABC)

__all__ += ["LetterClues", "Letters", "LetterSide"]
from .regions import Regions  # noqa: E402  (a division of the grid into regions)

__all__ += ["Regions"]

from .arrows import Arrows, Order  # noqa: E402  (compass arrows in cells; cells numbered along a path)
from .loops import ArrowNumbers  # noqa: E402  (a number with an arrow: Yajilin)

__all__ += ["Arrows", "ArrowNumbers", "Order"]
from .dots import Dots  # noqa: E402  (dots on the doubled grid: Galaxies)

__all__ += ["Dots"]
from .sums import Fill, Sums  # noqa: E402  (black cells with run sums, digits in the white ones: Kakuro)

__all__ += ["Fill", "Sums"]

from .sight import Circles  # noqa: E402  (circles in cells: Nurimisaki's capes)

__all__ += ["Circles"]

from .triangles import Triangles  # noqa: E402  (half-cell triangles in cells: Shakashaka)

__all__ += ["Triangles"]

from .fleet import Fleet, ShipParts  # noqa: E402  (a fleet of ships and given ship parts: Battleship)

__all__ += ["Fleet", "ShipParts"]

from .caves import CircledNumbers  # noqa: E402  (numbers in circles: Kurotto)

__all__ += ["CircledNumbers"]

from .around import RunClues  # noqa: E402  (runs of shaded cells listed around a cell: Tapa)

__all__ += ["RunClues"]

from .beams import Fireflies  # noqa: E402  (fireflies with a mouth: Hotaru Beam)

__all__ += ["Fireflies"]

from .blocks import Elbows  # noqa: E402  (L-block corners and arm ends: Sashigane)

__all__ += ["Elbows"]

from .numbers import Numbering, RoomDigits  # noqa: E402  (digits 1..n in rooms; a numbered path: Hidato)

__all__ += ["Numbering", "RoomDigits"]

from .mazes import MazeMarks  # noqa: E402  (start, goal, circles and triangles of a maze: Nurimaze)

__all__ += ["MazeMarks"]
