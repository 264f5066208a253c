"""A small SVG 1.1 writer: elements in the order drawn, attributes in the order given.

Nothing here knows a puzzle. Output is deterministic: numbers are written with at most two
decimals, attributes keep their insertion order, and text and attribute values are escaped.
Each drawn element carries a ``class`` naming what it shows (``pearl white``, ``loop``,
``given``), so tests and style sheets can find it; colours and widths are presentation
attributes, so a rasteriser without CSS draws the same picture.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

#: Okabe and Ito's palette for lines and marks that colour-blind readers can tell apart
#: (black left out: it is the ink of the grid and the clues).
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
#: Paul Tol's "light" scheme: backgrounds that keep black text and symbols readable.
#: Olive comes last, as it is the closest to pear.
TOL_LIGHT = ("#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99", "#BBCC33",
             "#DDDDDD", "#AAAA00")
#: Paul Tol's "muted" scheme: more line colours once Okabe-Ito's run out.
TOL_MUTED = ("#CC6677", "#332288", "#DDCC77", "#117733", "#88CCEE", "#882255", "#44AA99",
             "#999933", "#AA4499")

INK = "#000000"
GRID = "#9A9A9A"
FAINT = "#D0D0D0"
LINE = "#0072B2"  # the solution's line: Okabe-Ito blue
STATE = "#555555"  # a player's entries, set apart from the solution's
ABSENT = "#D55E00"  # marks for "known absent": Okabe-Ito vermilion
HIGHLIGHT = "#F0E442"  # Okabe-Ito yellow

CELL = 40  # one cell, in user units (pixels at scale 1)
MARGIN = 16


def num(x: float) -> str:
    """A coordinate as text: an integer when whole, else at most two decimals."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def escape(text: str, quote: bool = False) -> str:
    """Text safe inside an element (and inside a double-quoted attribute when ``quote``)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")
    return "".join(ch if ch in "\n\t" or ord(ch) >= 0x20 else "\ufffd" for ch in text)


def _value(v: Any) -> str:
    if isinstance(v, float):
        return num(v)
    return str(v)


class Canvas:
    """An SVG picture being drawn: ``width`` x ``height`` user units, one unit a pixel at scale 1."""

    def __init__(self, width: float, height: float, title: str = "", background: str = "#FFFFFF"):
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []
        self._depth = 1
        if background:
            self.rect(0, 0, width, height, cls="background", fill=background)

    # elements ----------------------------------------------------------------------

    def element(self, tag: str, cls: str | None, text: str | None = None, **attrs: Any) -> None:
        """One element; keyword ``stroke_width`` is written ``stroke-width`` (underscores to hyphens)."""
        pairs = ([("class", cls)] if cls else []) + [
            (k.rstrip("_").replace("_", "-"), v) for k, v in attrs.items() if v is not None
        ]
        head = "".join(f' {k}="{escape(_value(v), quote=True)}"' for k, v in pairs)
        pad = "  " * self._depth
        if text is None:
            self._parts.append(f"{pad}<{tag}{head}/>")
        else:
            self._parts.append(f"{pad}<{tag}{head}>{escape(text)}</{tag}>")

    def open(self, cls: str, **attrs: Any) -> None:
        """Start a group (``close`` ends it)."""
        pairs = [("class", cls)] + [(k.replace("_", "-"), v) for k, v in attrs.items() if v is not None]
        head = "".join(f' {k}="{escape(_value(v), quote=True)}"' for k, v in pairs)
        self._parts.append(f"{'  ' * self._depth}<g{head}>")
        self._depth += 1

    def close(self) -> None:
        self._depth -= 1
        self._parts.append(f"{'  ' * self._depth}</g>")

    def rect(self, x: float, y: float, w: float, h: float, cls: str | None = None, **attrs: Any) -> None:
        self.element("rect", cls, x=float(x), y=float(y), width=float(w), height=float(h), **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, cls: str | None = None, **attrs: Any) -> None:
        self.element("line", cls, x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **attrs)

    def circle(self, cx: float, cy: float, r: float, cls: str | None = None, **attrs: Any) -> None:
        self.element("circle", cls, cx=float(cx), cy=float(cy), r=float(r), **attrs)

    def polygon(self, points: Iterable[tuple[float, float]], cls: str | None = None, **attrs: Any) -> None:
        self.element("polygon", cls, points=" ".join(f"{num(x)},{num(y)}" for x, y in points), **attrs)

    def path(self, d: str, cls: str | None = None, **attrs: Any) -> None:
        self.element("path", cls, d=d, **attrs)

    def text(
        self, x: float, y: float, content: str, size: float, cls: str | None = None,
        weight: str | None = None, fill: str = INK, anchor: str = "middle",
    ) -> None:
        """Text whose centre line is at ``y`` (the baseline is placed below it by hand, since
        rasterisers differ on ``dominant-baseline``)."""
        self.element(
            "text", cls, content, x=float(x), y=float(y + 0.36 * size), font_family=FONT,
            font_size=float(size), font_weight=weight, fill=fill, text_anchor=anchor,
        )

    def cross(self, x: float, y: float, r: float, cls: str = "absent", stroke: str = ABSENT,
              width: float = 2.0) -> None:
        """A small x centred on a point: one path of two strokes."""
        d = (f"M{num(x - r)} {num(y - r)}L{num(x + r)} {num(y + r)}"
             f"M{num(x - r)} {num(y + r)}L{num(x + r)} {num(y - r)}")
        self.path(d, cls, fill="none", stroke=stroke, stroke_width=float(width), stroke_linecap="round")

    # output ------------------------------------------------------------------------

    def to_string(self) -> str:
        """The whole document: an XML declaration and a standalone ``<svg>`` root."""
        w, h = num(self.width), num(self.height)
        head = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="{SVG_NS}" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
        ]
        if self.title:
            head.append(f"  <title>{escape(self.title)}</title>")
        return "\n".join(head + self._parts + ["</svg>", ""])


@dataclass(frozen=True)
class Layout:
    """Where the cells of a ``height`` x ``width`` grid sit, with room for clues around it."""

    height: int
    width: int
    left: float = MARGIN
    top: float = MARGIN
    right: float = MARGIN
    bottom: float = MARGIN
    cell: float = CELL

    def x(self, c: float) -> float:
        """The left side of column ``c`` (a fraction is a point inside the column)."""
        return self.left + c * self.cell

    def y(self, r: float) -> float:
        return self.top + r * self.cell

    def centre(self, cell: Cell) -> tuple[float, float]:
        return self.x(cell[1] + 0.5), self.y(cell[0] + 0.5)

    def canvas(self, title: str) -> Canvas:
        return Canvas(
            self.left + self.width * self.cell + self.right,
            self.top + self.height * self.cell + self.bottom,
            title,
        )


def draw_highlight(canvas: Canvas, layout: Layout, cells: Iterable[Cell]) -> None:
    """Highlighted cells: a yellow wash and a dashed outline (so colour is not the only cue)."""
    inset = 2.5
    for r, c in cells:
        canvas.rect(
            layout.x(c) + inset, layout.y(r) + inset, layout.cell - 2 * inset, layout.cell - 2 * inset,
            cls="highlight", fill=HIGHLIGHT, fill_opacity="0.55", stroke="#B8860B",
            stroke_width=2.0, stroke_dasharray="5 3",
        )


def draw_grid(
    canvas: Canvas, layout: Layout, *, stroke: str = GRID, width: float = 1.0, border: float = 2.5,
    every: tuple[int, int] | None = None, heavy: float = 2.5,
) -> None:
    """Cell lines, the outer border heavier; with ``every`` = (rows, cols), every that many
    rows and columns a heavier line too (Sudoku boxes, Nonogram fives)."""
    h, w = layout.height, layout.width
    top, bottom, left, right = layout.y(0), layout.y(h), layout.x(0), layout.x(w)
    for r in range(1, h):
        thick = every is not None and r % every[0] == 0
        canvas.line(left, layout.y(r), right, layout.y(r), cls="grid box" if thick else "grid",
                    stroke=INK if thick else stroke, stroke_width=heavy if thick else width)
    for c in range(1, w):
        thick = every is not None and c % every[1] == 0
        canvas.line(layout.x(c), top, layout.x(c), bottom, cls="grid box" if thick else "grid",
                    stroke=INK if thick else stroke, stroke_width=heavy if thick else width)
    canvas.rect(left, top, right - left, bottom - top, cls="border", fill="none", stroke=INK,
                stroke_width=border)


def draw_dot(canvas: Canvas, layout: Layout, cell: Cell, cls: str = "absent", fill: str = ABSENT) -> None:
    """A known-empty cell: a dot in its centre."""
    x, y = layout.centre(cell)
    canvas.circle(x, y, layout.cell * 0.09, cls=cls, fill=fill)
