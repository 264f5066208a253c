"""An answer layer of links with a multiplicity: `Bridges`, between the clue cells of a layer
that see each other along a row or column across empty cells (Hashi's islands and bridges).

Which pairs may be linked depends on the clues, so the genre kit asks the layer for its form
on each puzzle (`Bridges.on`); the model has an integer ``(key, a, b)`` from 0 to ``most`` per
such pair, ``a < b``.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from ..errors import ParseError
from ..grid import edge, sight_line
from ..ir import ModelBuilder
from .base import Cell, Layer
from .places import SOLUTION, STATE, cell_text, is_int, listed_point, said

Pair = tuple[Cell, Cell]
#: A link as the solution holds it: ``(a, b, k)``, ``k`` links between ``a < b``.
Link = tuple[Cell, Cell, int]


def sight_pairs(cells: Iterable[Cell], height: int, width: int) -> dict[Pair, tuple[Cell, ...]]:
    """The pairs of cells that see each other along a row or column with no other of them
    between, each with the cells between (in order of the first cell, then down before right)."""
    blocked = frozenset(cells)
    out: dict[Pair, tuple[Cell, ...]] = {}
    for cell in sorted(blocked):
        for direction in "DR":
            other, passed = sight_line(cell, direction, height, width, blocked)
            if other is not None:
                out[(cell, other)] = tuple(passed)
    return out


class LinkVars(dict):
    """The model's link counts by pair (``m.bridges[(a, b)]``), with the cells each pair's
    links pass over (``m.bridges.between[(a, b)]``: the cells no crossing link may use)."""

    between: dict[Pair, tuple[Cell, ...]]

    def at(self, cell: Cell) -> list[Pair]:
        """The pairs with an end at a cell, in the order of the layer's pairs."""
        if "_at" not in self.__dict__:
            index: dict[Cell, list[Pair]] = {}
            for pair in self:
                for end in pair:
                    index.setdefault(end, []).append(pair)
            self._at = index
        return self._at.get(cell, [])


class Bridges(Layer):
    """Links between the entries of the clue layer ``between`` that see each other, 0 to
    ``most`` per pair. JSON lists ``[[r, c], [r, c], k]`` for each linked pair (``k >= 1``); a
    state lists the pairs known linked (``name``, with ``k``) and known unlinked (``absent``)."""

    answer = True
    look = "bridge"

    def __init__(self, name: str = "bridges", key: str = "bridge", absent: str = "no_bridges",
                 between: str = "grid", most: int = 2, thing: str = "bridge",
                 apart: str = "are not two islands that see each other across water",
                 counts: tuple[str, ...] = ("no bridge", "one bridge", "two bridges")):
        """``thing``: one link in words; ``apart``: why a pair that does not see each other
        takes no link; ``counts``: 0, 1, 2 ... links in words (for hints)."""
        super().__init__(name, thing + "s")
        self.key, self.absent, self.between, self.most = key, absent, between, most
        self.thing, self.apart, self.counts = thing, apart, counts
        self.puzzle: Any = None
        self._links: dict[Pair, tuple[Cell, ...]] | None = None

    def on(self, puzzle: Any) -> Bridges:
        """The layer on one puzzle: its pairs are the clue cells of ``between`` that see each other."""
        bound = copy.copy(self)
        bound.puzzle, bound._links = puzzle, None
        return bound

    @property
    def links(self) -> dict[Pair, tuple[Cell, ...]]:
        """The pairs that may be linked, with the cells between them (found when first asked:
        decoding an answer needs none)."""
        if self._links is None:
            if self.puzzle is None:
                raise ValueError(f"the {self.name} layer knows its pairs only on a puzzle (Bridges.on)")
            cells = (cell for cell, _ in self.puzzle.clues(self.between))
            self._links = sight_pairs(cells, self.puzzle.height, self.puzzle.width)
        return self._links

    def _count_words(self) -> str:
        return "1 or 2" if self.most == 2 else f"1-{self.most}"

    # the model and its answers
    def keys(self, height: int, width: int) -> list[Hashable]:
        return [(self.key, a, b) for a, b in self.links]

    def variables(self, m: ModelBuilder, height: int, width: int) -> LinkVars:
        out = LinkVars(((a, b), m.int((self.key, a, b), 0, self.most)) for a, b in self.links)
        out.between = self.links
        return out

    def decode(self, values: Mapping[Hashable, int], height: int, width: int) -> tuple[Link, ...]:
        return tuple(sorted((*edge(k[1], k[2]), v) for k, v in values.items()
                            if isinstance(k, tuple) and k and k[0] == self.key and v))

    def answer_of(self, value: Iterable[Link], height: int, width: int) -> dict[Hashable, int]:
        out: dict[Hashable, int] = {(self.key, a, b): 0 for a, b in self.links}
        out.update(((self.key, *edge(a, b)), k) for a, b, k in value)
        return out

    # JSON
    def normal(self, value: Any, height: int, width: int, source: str = SOLUTION,
               classic: bool = False) -> tuple[Link, ...]:
        """The solution field, each pair listed once (``classic`` or not: one wording)."""
        if not isinstance(value, list):
            raise ParseError(f"solution field {self.name!r} must be a list, found {said(value)}",
                             source=source)
        first: dict[Pair, tuple[int, int]] = {}  # pair -> where it was listed, and its count
        for i, item in enumerate(value):
            place = f"{self.name}[{i}]"
            if not isinstance(item, (list, tuple)) or len(item) != 3:
                raise ParseError(f"{place}: expected [[r,c], [r,c], k], found {said(item)}", source=source)
            a = listed_point(item[0], f"{place}[0]", height, width, source)
            b = listed_point(item[1], f"{place}[1]", height, width, source)
            k = self._count(item[2], place, source)
            pair = edge(a, b)
            if pair in first:
                raise ParseError(f"{place}: the pair {cell_text(pair[0])}-{cell_text(pair[1])} is listed "
                                 f"twice (first as {self.name}[{first[pair][0]}])", source=source)
            first[pair] = (i, k)
        return tuple(sorted((*pair, k) for pair, (_, k) in first.items()))

    def _count(self, k: Any, place: str, source: str) -> int:
        if not (is_int(k) and 1 <= k <= self.most):
            raise ParseError(f"{place}[2]: expected a {self.thing} count {self._count_words()}, "
                             f"found {said(k)}", source=source)
        return int(k)

    def to_json(self, value: Iterable[Link]) -> list[list[Any]]:
        return [[list(a), list(b), k] for a, b, k in sorted(value)]

    # a player's state
    def state_fields(self) -> tuple[str, ...]:
        return (self.name, self.absent)

    def _pair(self, raw: Any, place: str, height: int, width: int) -> Pair:
        """Two clue cells of the puzzle that see each other, as a sorted pair."""
        if not isinstance(raw, (list, tuple)) or len(raw) != 2:
            raise ParseError(f"{place}: expected a pair of islands [[r, c], [r, c]], found {said(raw)}",
                             source=STATE)
        a, b = edge(*(listed_point(p, f"{place}[{j}]", height, width, STATE) for j, p in enumerate(raw)))
        if (a, b) not in self.links:
            raise ParseError(f"{place}: {cell_text(a)} and {cell_text(b)} {self.apart}", source=STATE)
        return a, b

    def read_state(self, data: Mapping[str, Any], height: int, width: int,
                   classic: bool = False) -> dict[Hashable, int]:
        out: dict[Hashable, int] = {}
        first: dict[Hashable, tuple[str, str]] = {}  # key -> the field and place that listed it
        for field in (self.name, self.absent):
            items = data.get(field, [])
            if not isinstance(items, list):
                raise ParseError(f"{field}: expected a list, found {said(items)}", source=STATE)
            for i, raw in enumerate(items):
                place = f"{field}[{i}]"
                if field == self.name:
                    if not isinstance(raw, (list, tuple)) or len(raw) != 3:
                        raise ParseError(f"{place}: expected [[r,c], [r,c], k], found {said(raw)}",
                                         source=STATE)
                    k = self._count(raw[2], place, STATE)
                    pair = self._pair(raw[:2], place, height, width)
                else:
                    k, pair = 0, self._pair(raw, place, height, width)
                key = (self.key, *pair)
                if key in first:
                    seen, where = first[key]
                    text = f"the pair {cell_text(pair[0])}-{cell_text(pair[1])}"
                    if seen == field:
                        raise ParseError(f"{place}: {text} is listed twice (first as {where})", source=STATE)
                    if out[key] != k:
                        raise ParseError(f"{place}: {text} is also listed in {where}; it cannot be both",
                                         source=STATE)
                    continue
                first[key] = (field, place)
                out[key] = k
        return out

    def write_state(self, state: Mapping[Hashable, int], height: int, width: int) -> dict[str, Any]:
        """The state JSON of this layer's keys: linked pairs with their count, unlinked pairs."""
        out: dict[str, list] = {self.name: [], self.absent: []}
        for key, k in state.items():
            if not (is_int(k) and 0 <= k <= self.most):
                raise ValueError(f"{key!r} has the value {k!r}; expected one of {list(range(self.most + 1))}")
            _, a, b = key  # type: ignore[misc]
            out[self.name if k else self.absent].append([list(a), list(b), k] if k else [list(a), list(b)])
        return {field: sorted(items) for field, items in out.items()}

    def describe(self, key: tuple, value: int) -> str:
        count = self.counts[value] if 0 <= value < len(self.counts) else f"{value} {self.thing}s"
        return f"{count} between {cell_text(key[1])} and {cell_text(key[2])}"
