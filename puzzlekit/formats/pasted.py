"""Boards copied from puzzle websites (the board's element from the browser's developer tools).

Recognised by content, whatever surrounds the board (a whole page is fine), in any attribute
order, with extra classes and any whitespace. Each genre that reads a site's board says so in
its folder, in a ``pasted`` part (see `puzzlekit.genres.part`): ``SITES`` (the class names
that mark its board, and the site), ``BOARD`` (the board in words, for the error when none is
found) and ``read(nodes, source)`` (its puzzle, or None when its board is not among the
nodes); a genre whose site serves JSON has ``read_json(text, source)``. docs/formats.md lists
the sites.

Grid cells that carry inline ``top``/``left`` styles are placed by `placed`: rows are the
distinct ``top`` values in order, columns the distinct ``left`` values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from .. import genres, textio
from ..errors import ParseError

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
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


def parts() -> list[Any]:
    """The ``pasted`` parts of the genres, in the order of `genres.available`."""
    names = [name for name in genres.available() if name not in genres.VARIANTS]
    return [part for part in (genres.part(genres.get(name), "pasted") for name in names) if part is not None]


def sites() -> dict[str, str]:
    """The class names that mark a site's board, and the site, from every genre's part."""
    return {name: site for part in parts() for name, site in getattr(part, "SITES", {}).items()}


def looks_like(text: str) -> bool:
    """Whether a text is a pasted board: JSON, HTML, or any text with a board's class (our own
    file formats never start with ``{`` or ``<``)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "<")):
        return True
    if "<" not in text:
        return False
    lowered = text.lower()
    return any(re.search(rf"class\s*=\s*[\"']?[^\"'>]*\b{re.escape(name)}\b", lowered) for name in sites())


def read(text: str, source: str = "<pasted>") -> tuple[str, Any]:
    """``(genre, puzzle)`` of a pasted board; a ParseError says what is missing."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        for part in parts():
            if hasattr(part, "read_json"):
                puzzle = part.read_json(text, source)
                return genres.module_of(puzzle).NAME, puzzle
        raise ParseError("no genre reads a pasted JSON board", source=source)
    nodes = list(parse_html(text).walk())
    boards = []
    for part in parts():
        if hasattr(part, "read"):
            puzzle = part.read(nodes, source)
            if puzzle is not None:
                return genres.module_of(puzzle).NAME, puzzle
            boards.append(part.BOARD)
    listed = ", ".join(boards[:-1]) + (" or " if len(boards) > 1 else "") + boards[-1] if boards else "none"
    raise ParseError(f"no puzzle board in this HTML: expected the board of {listed}", source=source)


def having(nodes: list[Node], name: str, tag: str | None = None) -> list[Node]:
    """The nodes with a class (and a tag, when given)."""
    return [n for n in nodes if name in n.classes and (tag is None or n.tag == tag)]


def style(node: Node) -> dict[str, str]:
    out = {}
    for part in node.attrs.get("style", "").split(";"):
        key, sep, value = part.partition(":")
        if sep:
            out[key.strip().lower()] = value.strip()
    return out


def placed(nodes: list[Node], what: str, source: str) -> tuple[int, int, dict[tuple[int, int], Node]]:
    """Cells by (row, column) from their ``top``/``left`` styles; the grid must be full."""
    spots = []
    for node in nodes:
        found = style(node)
        place = []
        for key in ("top", "left"):
            match = _LENGTH.fullmatch(found.get(key, ""))
            if match is None:
                shown = repr(found[key]) if key in found else "none"
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


def number(node: Node, what: str, cell: tuple[int, int], source: str) -> int | None:
    text = node.all_text().strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,6}", text):
        raise ParseError(f"the {what} at {cell} reads {text[:20]!r}, expected a number or nothing",
                         source=source)
    return int(text)


def table(nodes: list[Node], name: str, source: str) -> list[list[int | None]]:
    if len(nodes) != 1:
        found = "no" if not nodes else str(len(nodes))
        raise ParseError(f"expected one table of class {name}, found {found}", source=source)
    out = []
    for tr in (n for n in nodes[0].walk() if n.tag == "tr"):
        cells = [n for n in tr.children if n.tag in ("td", "th")]
        row = []
        for i, cell in enumerate(cells):
            row.append(number(cell, f"{name} clue", (len(out), i), source))
        out.append(row)
    if not out or not out[0]:
        raise ParseError(f"the table of class {name} has no cells", source=source)
    return out


def checked(module: Any, puzzle: Any, source: str) -> Any:
    """The puzzle as its genre's reader sees it (its refusal becomes this paste's error)."""
    try:
        return module.parse(module.format(puzzle), source)
    except ParseError as exc:
        raise ParseError(f"{module.NAME}: {exc.reason}", source=source) from None
