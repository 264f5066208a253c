"""Player states in JSON (the "State JSON" of docs/genres/): reading and writing, shared by the genres.

A state is a partial answer: answer-key values by key (the keys of the genre model's output
variables, e.g. ``("edge", (0, 0), (0, 1))``), as `puzzlekit.api.hint` takes it. Its JSON is
the genre's solution JSON with "unknown" allowed: what a field such as ``edges`` lists is
known present, what the matching ``no_`` field (``no_edges``) lists is known absent, and the
rest is unknown, unless ``"complete": true`` says the rest is known absent too. So a
solution JSON is a state, and with ``"complete": true`` the full answer.

Reading refuses, with a `ParseError` naming the field (``no_edges[3]: ...``), anything that
is not an item of the puzzle (off the grid, not neighbours, a tree, a wall), a wrong type,
an item listed twice in one field, and an item known both present and absent.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from .. import grid
from ..errors import ParseError
from ..grid import Cell, CellEdge
from . import _common

#: The source named by errors in state JSON.
STATE = "state"

#: One field's list read into ``(place, answer-key key, value)`` entries, ``place`` such as ``edges[3]``.
Field = Callable[[list, str], Iterator[tuple[str, Hashable, int]]]


def refuse(message: str) -> ParseError:
    """A ParseError about state JSON."""
    return ParseError(message, source=STATE)


@contextmanager
def as_state() -> Iterator[None]:
    """Report the solution-JSON errors of `_common` (points, bounds) as state errors."""
    try:
        yield
    except ParseError as exc:
        if exc.source != _common.SOLUTION:
            raise
        raise refuse(exc.reason.replace("solution field", "state field")) from None


def read(
    data: Any,
    genre: str,
    fields: Mapping[str, Field],
    text: Callable[[Hashable], str],
    every: Callable[[], Iterable[Hashable]] | None,
    absent: int | None = 0,
) -> dict[Hashable, int]:
    """A state from its JSON object: each field's entries, then, with ``"complete": true``, every
    other key of ``every()`` at ``absent`` (``absent`` None: complete means nothing is left unknown).

    ``text(key)`` words a key for messages. Fields may be missing (nothing listed); other
    names are refused, so a misspelt field is not silently read as empty.
    """
    if not isinstance(data, dict):
        raise refuse(f"a {genre} state is a JSON object, found {_common.shown(data)}")
    known = (*fields, "complete")
    for name in data:
        if name not in known:
            raise refuse(
                f"unknown field {_common.shown(name)}: a {genre} state has the fields {', '.join(known)}"
            )
    complete = data.get("complete", False)
    if not isinstance(complete, bool):
        raise refuse(f"complete: expected true or false, found {_common.shown(complete)}")
    state: dict[Hashable, int] = {}
    first: dict[Hashable, tuple[str, str]] = {}  # key -> (field, place) where it was listed
    with as_state():
        for name, field in fields.items():
            if name not in data:
                continue
            items = data[name]
            if not isinstance(items, list):
                raise refuse(f"{name}: expected a list, found {_common.shown(items)}")
            for place, key, value in field(items, name):
                if key in first:
                    seen, where = first[key]
                    if seen == name:
                        raise refuse(f"{place}: {text(key)} is listed twice (first as {where})")
                    if state[key] != value:
                        raise refuse(f"{place}: {text(key)} is also listed in {where}; it cannot be both")
                    continue
                first[key] = (name, place)
                state[key] = value
    if complete and every is not None:
        for key in every():
            if key in state:
                continue
            if absent is None:
                raise refuse(f"complete: the state is marked complete, but {text(key)} is unknown")
            state[key] = absent
    return state


def each(item: Callable[[Any, str], tuple[Hashable, int] | None]) -> Field:
    """A field whose list items are read one by one: ``item(value, place)`` gives the key and
    its value (None: the item is read but states nothing)."""

    def field(items: list, name: str) -> Iterator[tuple[str, Hashable, int]]:
        for i, value in enumerate(items):
            place = f"{name}[{i}]"
            entry = item(value, place)
            if entry is not None:
                yield (place, *entry)

    return field


def point(value: Any, place: str, bounds: tuple[int, int, str]) -> Cell:
    """A ``[r, c]`` inside the bounds (`_common.grid_bounds`, `_common.lattice_bounds`)."""
    with as_state():
        return _common.point(value, place, bounds)


def pair(value: Any, place: str, bounds: tuple[int, int, str], what: str = "a pair of points") -> CellEdge:
    """A ``[[r, c], [r, c]]`` of two points inside the bounds, as a sorted pair (not checked further)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise refuse(f"{place}: expected {what}, found {_common.shown(value)}")
    return grid.edge(point(value[0], f"{place}[0]", bounds), point(value[1], f"{place}[1]", bounds))


def edge_text(key: Hashable) -> str:
    """An edge key ``("edge", a, b)`` (or a sorted pair) in a message: ``the edge (0, 0)-(0, 1)``."""
    a, b = key[-2:]  # type: ignore[index]
    return f"the edge {_common.cell_text(a)}-{_common.cell_text(b)}"


def edges(
    bounds: tuple[int, int, str], value: int, why_not: Callable[[CellEdge], str | None] | None = None
) -> Field:
    """A list of edges ``[[r, c], [r, c]]`` between neighbouring points, each ``("edge", a, b)`` at
    ``value``; ``why_not(edge)`` words why a pair of neighbours has no edge (None: it has one)."""

    def item(raw: Any, place: str) -> tuple[Hashable, int]:
        a, b = pair(raw, place, bounds)
        _step(a, b, place, why_not)
        return ("edge", a, b), value

    return each(item)


def path(bounds: tuple[int, int, str], why_not: Callable[[CellEdge], str | None] | None = None) -> Field:
    """A list of points ``[[r, c], ...]`` walked in order: each step is a known-present edge."""

    def field(items: list, name: str) -> Iterator[tuple[str, Hashable, int]]:
        cells = [point(value, f"{name}[{i}]", bounds) for i, value in enumerate(items)]
        for i in range(1, len(cells)):
            a, b = grid.edge(cells[i - 1], cells[i])
            _step(a, b, f"{name}[{i}]", why_not)
            yield f"{name}[{i}]", ("edge", a, b), 1

    return field


def _step(a: Cell, b: Cell, place: str, why_not: Callable[[CellEdge], str | None] | None) -> None:
    """Refuse two points that are not neighbours, or neighbours with no edge (``why_not``)."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise refuse(f"{place}: {_common.cell_text(a)} and {_common.cell_text(b)} are not neighbours")
    problem = why_not((a, b)) if why_not is not None else None
    if problem:
        raise refuse(f"{place}: {problem}")


def edge_state(
    data: Any,
    genre: str,
    bounds: tuple[int, int, str],
    every: Callable[[], Iterable[CellEdge]],
    why_not: Callable[[CellEdge], str | None] | None = None,
    extra: Mapping[str, Field] | None = None,
) -> dict[Hashable, int]:
    """The state of a line genre: ``edges`` known used, ``no_edges`` known unused (see `read`)."""
    fields = {"edges": edges(bounds, 1, why_not), "no_edges": edges(bounds, 0, why_not), **(extra or {})}
    return read(data, genre, fields, edge_text, lambda: (("edge", a, b) for a, b in every()))


def ignored(check: Callable[[Any], Any]) -> Field:
    """A field read for its shape only (``check(value)`` refuses a bad one) that states nothing."""

    def field(items: list, name: str) -> Iterator[tuple[str, Hashable, int]]:
        with as_state():
            check(items)
        return iter(())

    return field


# writing --------------------------------------------------------------------------------


def write(
    state: Mapping[Hashable, int],
    kind: str,
    present: str,
    absent: str,
    item: Callable[[Hashable, int], Any],
    values: Iterable[int] = (0, 1),
) -> dict[str, Any]:
    """State JSON of keys ``(kind, ...)``: ``present`` lists ``item(key, value)`` of the keys with a
    value other than 0, ``absent`` those at 0, each list sorted. Another key or value is a ValueError."""
    allowed = set(values)
    out: dict[str, list] = {present: [], absent: []}
    for key, value in state.items():
        if not (isinstance(key, tuple) and key and key[0] == kind):
            raise ValueError(f"{key!r} is not a {kind} of this puzzle's answer")
        if not _common.is_int(value) or value not in allowed:
            raise ValueError(f"{key!r} has the value {value!r}; expected one of {sorted(allowed)}")
        out[absent if value == 0 else present].append(item(key, value))
    return {name: sorted(items) for name, items in out.items()}


def edge_json(key: Hashable, value: int) -> list[list[int]]:
    """An edge key as JSON ``[[r, c], [r, c]]``."""
    return [list(key[1]), list(key[2])]  # type: ignore[index]


# grids of cell values (Sudoku, Nonogram) ------------------------------------------------------


def cell_rows(
    height: int, width: int, value: Callable[[Any], bool], expected: str, blank: Callable[[Any], bool]
) -> Field:
    """A field holding the grid as rows of cells: ``blank`` values are unknown, ``value`` ones
    set cell ``("cell", r, c)`` (``expected`` says what fits, for the error)."""

    def cells(rows: list, name: str) -> Iterator[tuple[str, Hashable, int]]:
        if len(rows) != height:
            raise refuse(f"{name}: expected {height} rows, found {len(rows)}")
        for r, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != width:
                raise refuse(f"{name}[{r}]: expected a list of {width} cells, found {_common.shown(row)}")
            for c, cell in enumerate(row):
                if blank(cell):
                    continue
                if not (_common.is_int(cell) and value(cell)):
                    raise refuse(f"{name}[{r}][{c}]: expected {expected}, found {_common.shown(cell)}")
                yield f"{name}[{r}][{c}]", ("cell", r, c), int(cell)

    return cells


def cell_json(
    state: Mapping[Hashable, int], height: int, width: int, value: Callable[[Any], bool], expected: str
) -> dict[str, Any]:
    """The ``{"grid": rows}`` state JSON of cell values, unknown cells null (ValueError for a key
    or value that is not one)."""
    rows: list[list[int | None]] = [[None] * width for _ in range(height)]
    for key, entry in state.items():
        if not (isinstance(key, tuple) and len(key) == 3 and key[0] == "cell"
                and all(_common.is_int(i) for i in key[1:])
                and 0 <= key[1] < height and 0 <= key[2] < width):
            raise ValueError(f"{key!r} is not a cell of this {height}x{width} puzzle")
        if not (_common.is_int(entry) and value(entry)):
            raise ValueError(f"{key!r} has the value {entry!r}; expected {expected}")
        rows[key[1]][key[2]] = entry
    return {"grid": rows}
