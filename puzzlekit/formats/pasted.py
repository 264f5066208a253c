"""Boards copied from puzzle websites (the board's element from the browser's developer tools).

Recognised by content, whatever surrounds the board (a whole page is fine), in any attribute
order, with extra classes and any whitespace:

- puzzle-masyu.com: ``div.loop-dot`` cells, ``dot-white``/``dot-black`` for pearls;
- puzzle-loop.com (Slitherlink): ``div.loop-task-cell`` cells, the text a clue or empty;
- puzzle-shikaku.com (our Patches with areas): ``div.cell`` cells, the text an area or empty;
- puzzle-nonograms.com: ``table.nmtt`` (column clues, one column per puzzle column) and
  ``table.nmtl`` (row clues, one row per puzzle row), blank cells padding;
- puzzlemadness.co.uk Numberlink: JSON with ``puzzleData`` holding ``gridWidth``,
  ``gridHeight`` and ``data.startingGrid`` (row-major, 0 empty).

The grid cells of the first three carry inline ``top``/``left`` styles: rows are the
distinct ``top`` values in order, columns the distinct ``left`` values.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from .. import textio
from ..errors import ParseError
from ..genres import masyu, nonogram, numberlink, patches, slitherlink

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SITES = {
    "loop-dot": "puzzle-masyu.com", "loop-task-cell": "puzzle-loop.com",
    "nmtt": "puzzle-nonograms.com", "nmtl": "puzzle-nonograms.com", "cell": "puzzle-shikaku.com",
}
_LENGTH = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*(?:px)?\s*", re.I)


@dataclass
class Node:
    """An element: tag, attributes, and its content (text and elements) in document order."""

    tag: str
    attrs: dict[str, str]
    content: list[Node | str] = field(default_factory=list)

    @property
    def children(self) -> list[Node]:
        return [part for part in self.content if isinstance(part, Node)]

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def all_text(self) -> str:
        return "".join(part if isinstance(part, str) else part.all_text() for part in self.content)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


class _Builder(HTMLParser):
    """A forgiving tree builder: unclosed elements end with their parent, stray ends are dropped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].content.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].content.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].content.append(data)


def parse_html(text: str) -> Node:
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root


def looks_like(text: str) -> bool:
    """Whether a text is a pasted board: JSON, HTML, or any text with a board's class (our own
    file formats never start with ``{`` or ``<``)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "<")):
        return True
    if "<" not in text:
        return False
    lowered = text.lower()
    return any(re.search(rf"class\s*=\s*[\"']?[^\"'>]*\b{re.escape(name)}\b", lowered) for name in SITES)


def read(text: str, source: str = "<pasted>") -> tuple[str, Any]:
    """``(genre, puzzle)`` of a pasted board; a ParseError says what is missing."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        return "numberlink", _numberlink(text, source)
    root = parse_html(text)
    nodes = list(root.walk())

    def having(name: str, tag: str | None = None) -> list[Node]:
        return [n for n in nodes if name in n.classes and (tag is None or n.tag == tag)]

    if dots := having("loop-dot"):
        return "masyu", _masyu(dots, source)
    if cells := having("loop-task-cell"):
        return "slitherlink", _slitherlink(cells, source)
    if having("nmtt") or having("nmtl"):
        return "nonogram", _nonogram(having("nmtt"), having("nmtl"), source)
    if cells := [n for n in having("cell", "div") if "top" in _style(n)]:
        return "patches", _shikaku(cells, source)
    raise ParseError(
        "no puzzle board in this HTML: expected the board of puzzle-masyu.com (div.loop-dot), "
        "puzzle-loop.com (div.loop-task-cell), puzzle-nonograms.com (table.nmtt and table.nmtl) "
        "or puzzle-shikaku.com (div.cell with top/left styles)", source=source,
    )


def _style(node: Node) -> dict[str, str]:
    out = {}
    for part in node.attrs.get("style", "").split(";"):
        key, sep, value = part.partition(":")
        if sep:
            out[key.strip().lower()] = value.strip()
    return out


def _placed(nodes: list[Node], what: str, source: str) -> tuple[int, int, dict[tuple[int, int], Node]]:
    """Cells by (row, column) from their ``top``/``left`` styles; the grid must be full."""
    spots = []
    for node in nodes:
        style = _style(node)
        place = []
        for key in ("top", "left"):
            match = _LENGTH.fullmatch(style.get(key, ""))
            if match is None:
                shown = repr(style[key]) if key in style else "none"
                raise ParseError(
                    f"a {what} has no usable '{key}' in its style (found {shown}); each cell's place "
                    "is its inline style 'top: Npx; left: Npx'", source=source,
                )
            place.append(float(match.group(1)))
        spots.append((tuple(place), node))
    tops = sorted({p[0] for p, _ in spots})
    lefts = sorted({p[1] for p, _ in spots})
    rows, cols = len(tops), len(lefts)
    textio.check_size(rows, cols, source)
    row_of = {v: i for i, v in enumerate(tops)}
    col_of = {v: i for i, v in enumerate(lefts)}
    grid: dict[tuple[int, int], Node] = {}
    for (top, left), node in spots:
        cell = (row_of[top], col_of[left])
        if cell in grid:
            raise ParseError(f"two {what}s at top {top:g}px, left {left:g}px", source=source)
        grid[cell] = node
    if len(grid) != rows * cols:
        missing = next((r, c) for r in range(rows) for c in range(cols) if (r, c) not in grid)
        raise ParseError(
            f"the board is not a full grid: {len(grid)} {what}s for {rows} rows and {cols} columns "
            f"(none at top {tops[missing[0]]:g}px, left {lefts[missing[1]]:g}px)", source=source,
        )
    return rows, cols, grid


def _masyu(nodes: list[Node], source: str) -> masyu.Puzzle:
    rows, cols, grid = _placed(nodes, "div.loop-dot", source)
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            classes = grid[(r, c)].classes
            if {"dot-white", "dot-black"} <= classes:
                raise ParseError(f"the cell at ({r}, {c}) is both dot-white and dot-black", source=source)
            pearl = masyu.WHITE if "dot-white" in classes else masyu.BLACK if "dot-black" in classes else 0
            row.append(pearl)
        out.append(tuple(row))
    return masyu.Puzzle(tuple(out))


def _number(node: Node, what: str, cell: tuple[int, int], source: str) -> int | None:
    text = node.all_text().strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,6}", text):
        raise ParseError(f"the {what} at {cell} reads {text[:20]!r}, expected a number or nothing",
                         source=source)
    return int(text)


def _slitherlink(nodes: list[Node], source: str) -> slitherlink.Puzzle:
    rows, cols, grid = _placed(nodes, "div.loop-task-cell", source)
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            value = _number(grid[(r, c)], "clue", (r, c), source)
            if value is not None and value > 3:
                raise ParseError(f"the clue at ({r}, {c}) is {value}; Slitherlink clues are 0-3",
                                 source=source)
            row.append(value)
        out.append(tuple(row))
    return _checked(slitherlink, slitherlink.Puzzle(tuple(out)), source)


def _shikaku(nodes: list[Node], source: str) -> patches.Puzzle:
    rows, cols, grid = _placed(nodes, "div.cell", source)
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            value = _number(grid[(r, c)], "area", (r, c), source)
            row.append(None if value is None else patches.Clue(value))
        out.append(tuple(row))
    return _checked(patches, patches.Puzzle(tuple(out)), source)


def _table(nodes: list[Node], name: str, source: str) -> list[list[int | None]]:
    if len(nodes) != 1:
        found = "no" if not nodes else str(len(nodes))
        raise ParseError(f"expected one table of class {name}, found {found}", source=source)
    out = []
    for tr in (n for n in nodes[0].walk() if n.tag == "tr"):
        cells = [n for n in tr.children if n.tag in ("td", "th")]
        row = []
        for i, cell in enumerate(cells):
            row.append(_number(cell, f"{name} clue", (len(out), i), source))
        out.append(row)
    if not out or not out[0]:
        raise ParseError(f"the table of class {name} has no cells", source=source)
    return out


def _nonogram(top: list[Node], left: list[Node], source: str) -> nonogram.Puzzle:
    columns = _table(top, "nmtt", source)
    rows = _table(left, "nmtl", source)
    width = len(columns[0])
    for i, row in enumerate(columns):
        if len(row) != width:
            raise ParseError(f"row {i} of table nmtt has {len(row)} cells, the first has {width}",
                             source=source)
    textio.check_size(len(rows), width, source)
    col_clues = tuple(tuple(row[c] for row in columns if row[c] is not None) for c in range(width))
    row_clues = tuple(tuple(v for v in row if v is not None) for row in rows)
    return _checked(nonogram, nonogram.Puzzle(row_clues, col_clues), source)


def _numberlink(text: str, source: str) -> numberlink.Puzzle:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"invalid JSON: {exc.msg}", source=source, line=exc.lineno, column=exc.colno
        ) from None
    puzzle = data.get("puzzleData") if isinstance(data, dict) else None
    if isinstance(puzzle, str):
        try:
            puzzle = json.loads(puzzle)
        except json.JSONDecodeError as exc:
            raise ParseError(f"puzzleData is text but not JSON: {exc.msg}", source=source) from None
    if not isinstance(puzzle, dict):
        raise ParseError("expected a JSON object whose 'puzzleData' is an object", source=source)
    sizes = []
    for key in ("gridWidth", "gridHeight"):
        value = puzzle.get(key)
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ParseError(f"puzzleData.{key} must be a whole number, found {value!r}", source=source)
        sizes.append(value)
    width, height = sizes
    textio.check_size(height, width, source)
    inner = puzzle.get("data")
    grid = inner.get("startingGrid") if isinstance(inner, dict) else None
    if not isinstance(grid, list):
        raise ParseError("puzzleData.data.startingGrid must be a list", source=source)
    if grid and all(isinstance(row, list) for row in grid):
        grid = [v for row in grid for v in row]
    if len(grid) != width * height:
        raise ParseError(
            f"startingGrid holds {len(grid)} cells, but gridWidth x gridHeight is {width}x{height}",
            source=source,
        )
    values = []
    for i, v in enumerate(grid):
        if isinstance(v, str) and v.strip().isdigit():
            v = int(v)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ParseError(f"startingGrid[{i}] is {v!r}, expected a number (0 empty)", source=source)
        values.append(v)
    rows = tuple(tuple(values[r * width:(r + 1) * width]) for r in range(height))
    return _checked(numberlink, numberlink.Puzzle(rows, "all"), source)


def _checked(module: Any, puzzle: Any, source: str) -> Any:
    """The puzzle as its genre's reader sees it (its refusal becomes this paste's error)."""
    try:
        return module.parse(module.format(puzzle), source)
    except ParseError as exc:
        raise ParseError(f"{module.NAME}: {exc.reason}", source=source) from None
