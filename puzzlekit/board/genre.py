"""A genre declared once: its names, its board layers, its rules and its checks.

    genre = Genre("canalview", title="Canal View", rule="...",
                  clues=[layers.Numbers()], answers=[layers.Shading()])

    @genre.model
    def rules(p, m): ...            # the rules as IR, with the rule library (`BoardBuilder`)

    @genre.verify
    def checks(p, s): ...           # the rules again, with the check library: a list of problems

    genre.export(globals())         # the module now has the genre contract

`export` writes the whole contract every command reads into the genre's module: ``NAME``,
``Puzzle``, ``Solution``, ``parse``, ``format``, ``model``, ``decode``, ``verify``, ``render``,
``solution_from_json``, ``state_from_json``, ``state_to_json``, ``describe``, ``random_puzzle``,
``draw`` (the SVG picture) and ``recipe`` (the generator's), all made from the layers. Optional
hooks: ``@genre.plant`` (a random answer, for the generator) and ``@genre.reveal`` (the puzzle
showing every clue an answer gives).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import re
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from ..clock import UNLIMITED, Deadline
from ..errors import ParseError
from ..ir import Model
from ..textio import Line, content_lines, error, grid_rows, read_headers, size_problem
from . import draw as drawing
from .layers import CellClues, Layer, LineCounts, Numbers
from .places import PUZZLE, SOLUTION, STATE, invalid, is_int, said, shown
from .rules import BoardBuilder

Cell = tuple[int, int]
Rules = Callable[[Any, BoardBuilder], None]
Checks = Callable[[Any, Any], Iterable[str]]


class Genre:
    """The declaration of a grid genre (see the module docstring)."""

    def __init__(
        self, name: str, *, title: str, rule: str, clues: Iterable[Layer], answers: Iterable[Layer],
        aliases: Iterable[str] = (), optional: Iterable[str] | None = None,
        levels: Iterable[str] | None = None, sizes: tuple[int, int] = (3, 30),
        shaped_by: str | tuple[str, str] | None = None, classic_json: bool = False,
        classic_files: bool = False, headers_first: bool = False, form: Any = None,
    ):
        """``shaped_by`` names a grid layer that gives the size: the Puzzle is made from the clue
        layers alone (``Puzzle(grid)``) and ``height``/``width`` are read from that layer's rows.
        A pair of row and column count layers shapes it too (``shaped_by=("cols", "rows")``):
        their lengths are the size, and they come first in the Puzzle, in that order.
        ``classic_json`` reads solution and state JSON in the wording of the package's
        hand-written genres: a missing answer field is refused, other fields are ignored, and
        each listed cell is a ``[row, col]`` inside the grid, listed once. ``classic_files``
        words a file with headers and no grid as the hand-written genres do. ``headers_first``
        reads every header's values, then their lengths, before the grid's cells (a file with
        several mistakes is refused at the one the hand-written genre named first). ``form``:
        a file form other than headers and grid blocks, with ``read(genre, text, source)`` and
        ``write(genre, puzzle)`` (`runs.Sections`, the ``.non`` form)."""
        self.name, self.title, self.rule = name, title, rule
        self.aliases = tuple(aliases)
        self.clues = tuple(clues)
        self.answers = tuple(answers)
        names = [layer.name for layer in (*self.clues, *self.answers)]
        if len(set(names)) != len(names) or {"height", "width"} & set(names):
            raise ValueError(f"layer names must differ from each other and from height/width: {names}")
        if not self.answers or not all(layer.answer for layer in self.answers):
            raise ValueError("a genre needs at least one answer layer, and answer layers only there")
        if any(layer.answer for layer in self.clues):
            raise ValueError("an answer layer is not a clue layer")
        self.grids = tuple(layer for layer in self.clues if not layer.header)
        self.headers = tuple(layer for layer in self.clues if layer.header)
        #: Clue layers whose entries the generator may leave out; the others are always shown.
        self.optional = tuple(optional) if optional is not None else tuple(
            layer.name for layer in self.grids if getattr(layer, "optional", False))
        self.levels = tuple(levels) if levels is not None else None
        self.sizes = sizes
        # row and column counts, or run clues: any header layer per axis
        counts = {layer.name: layer.axis for layer in self.headers if getattr(layer, "axis", None)}
        by_counts = isinstance(shaped_by, tuple) and sorted(counts.get(n, "") for n in shaped_by) == [
            "cols", "rows"]
        if shaped_by is not None and not by_counts and shaped_by not in [layer.name for layer in self.grids]:
            raise ValueError(f"shaped_by names a grid layer or a pair of count layers, not {shaped_by!r}")
        #: The row and column count layers that give the size, when they do.
        self.counted = {counts[n]: n for n in shaped_by} if by_counts else None  # type: ignore[union-attr]
        self.shaped_by, self.classic_json, self.classic_files = shaped_by, classic_json, classic_files
        self.headers_first, self.form = headers_first, form
        self.grids_by_name = {layer.name: layer for layer in self.grids}
        self._rules: Rules | None = None
        self._checks: Checks | None = None
        self.planter: Callable[[random.Random, int, int], Any] | None = None
        self.revealer: Callable[[Any, int, int], Any] | None = None
        self.Puzzle = _puzzle_class(self)
        self.Solution = _solution_class(self)

    def __repr__(self) -> str:
        return f"Genre({self.name!r})"

    # hooks the genre module fills in --------------------------------------------------------
    def model(self, rules: Rules) -> Rules:
        """Decorator: the rules, ``rules(puzzle, m)`` on a `BoardBuilder`."""
        self._rules = rules
        return rules

    def verify(self, checks: Checks) -> Checks:
        """Decorator: the checks, ``checks(puzzle, solution)`` yielding or returning problems."""
        self._checks = checks
        return checks

    def plant(self, planter: Callable[[random.Random, int, int], Any]) -> Callable:
        """Decorator: ``planter(rng, height, width)``, a random Solution of that size (for the
        generator and the cross-check's random puzzles)."""
        self.planter = planter
        return planter

    def reveal(self, revealer: Callable[[Any, int, int], Any]) -> Callable:
        """Decorator: ``revealer(solution, height, width)``, the Puzzle showing every clue the
        answer gives."""
        self.revealer = revealer
        return revealer

    def extend(self, cls: type) -> type:
        """Decorator: a subclass of the genre's ``Puzzle`` or ``Solution`` that adds the genre's
        own methods (and may check more in ``__post_init__`` before calling the kit's); the
        kit makes its puzzles and solutions with it from then on."""
        for base in ("Puzzle", "Solution"):
            if issubclass(cls, getattr(self, base)):
                cls.__name__ = cls.__qualname__ = base
                setattr(self, base, cls)
                return cls
        raise TypeError(f"{cls.__name__} extends neither the Puzzle nor the Solution of {self.name!r}")

    def make(self, height: int, width: int, values: dict[str, Any]) -> Any:
        """A Puzzle of that size with these clue layers (the size left out when a layer gives it)."""
        if self.shaped_by is not None:
            return self.Puzzle(**values)
        return self.Puzzle(height, width, **values)

    def export(self, namespace: dict[str, Any]) -> None:
        """Write the genre contract into a module's namespace (``genre.export(globals())``)."""
        if self._rules is None or self._checks is None:
            raise ValueError(f"the genre {self.name!r} needs its rules (@model) and checks (@verify)")
        module = namespace["__name__"]
        self.module_name = module
        for cls in (self.Puzzle, self.Solution):
            cls.__module__ = module
        namespace.setdefault("__doc__", f"{self.title}: {self.rule}")

        def own(role: str) -> bool:  # a genre folder's own module for a shared command
            folder = bool(namespace.get("__path__"))
            return folder and importlib.util.find_spec(f"{module}.{role}") is not None

        # the folder's own picture, recipe and pack page win over what the kit makes of the
        # layers: the kit's are read off `GENRE`, which such a genre keeps as `KIT` instead
        namespace["GENRE" if not (own("recipe") or own("packing")) else "KIT"] = self
        namespace.update(
            NAME=self.name, ALIASES=self.aliases, Puzzle=self.Puzzle, Solution=self.Solution,
            parse=self.parse_text, format=self.format_text, model=self.build, decode=self.decode,
            verify=self.check, render=self.text, solution_from_json=self.solution_from_json,
            state_from_json=self.state_from_json, state_to_json=self.state_to_json,
            describe=self.describe, random_puzzle=self.random_puzzle,
            draw=None if own("picture") else self.draw,
        )

    # text files ---------------------------------------------------------------------------------
    def parse_text(self, text: str, source: str = "<string>") -> Any:
        """Read the genre's file: header lines for the counts, then a block of grid rows per
        grid layer, in the order the genre lists them (or the genre's own ``form``)."""
        if self.form is not None:
            return self.form.read(self, text, source)
        lines = content_lines(text, source)
        label = {layer.name: getattr(layer, "label", layer.name) for layer in self.headers}
        allowed = set(label.values()) | (set() if self.grids else {"size"})
        headers, body = read_headers(lines, allowed, source)
        for layer in self.headers:
            if label[layer.name] not in headers and not hasattr(layer, "default"):
                per = getattr(layer, "per", None) or (f"{layer.what} per "
                                                      f"{'row' if layer.axis == 'rows' else 'column'}")
                raise error(source, lines[0], 1, f"missing header '{layer.name}:' ({per})")
        values: dict[str, Any] = {}
        blocks: dict[str, tuple[list[Line], list]] = {}
        later: list[Layer] = []  # grid layers whose cells are read after the headers
        if self.grids:
            height, width = self._read_blocks(body, lines, source, values, blocks,
                                              later if self.headers_first else None,
                                              self._rows_said(headers, label))
        else:
            height, width = self._size_from_headers(headers, lines, source)
            if body:
                raise error(source, body[0], 1, f"unexpected line: a {self.title} file has only headers")
        spots: dict[tuple, tuple[Line, int]] = {}  # a header's places: its line, each token's column
        read: list[tuple[Layer, Line, int]] = []
        for layer in self.headers:
            if label[layer.name] not in headers:  # a setting left out: its default
                continue
            ((value, line, col),) = headers[label[layer.name]]
            spots[(layer.name,)] = (line, 1)
            tokens = enumerate(re.finditer(r"\S+", value))
            spots.update({(layer.name, i): (line, col + m.start()) for i, m in tokens})
            values[layer.name] = layer.read_header(value, line, col, source)
            read.append((layer, line, col))
            if not self.headers_first:
                self._check_length(read.pop(), values, height, width, source)
        for done in read:  # headers_first: every header's tokens before any header's length
            self._check_length(done, values, height, width, source)
        for layer in later:
            values[layer.name] = layer.read(*reversed(blocks[layer.name]), source)  # type: ignore[attr-defined]
        try:
            return self.make(height, width, values)
        except ParseError as exc:
            at = getattr(exc, "at", ())
            if tuple(at) in spots:
                raise error(source, *spots[tuple(at)], getattr(exc, "template", exc.reason)) from None
            if not at or at[0] not in blocks:
                raise ParseError(exc.reason, source=source) from None
            # a place in a grid layer: the token of that cell, the start of that row, or the first cell
            block, rows = blocks[at[0]]
            r = min(at[1], len(block) - 1) if len(at) > 1 else 0
            column = rows[r][at[2]].column if len(at) > 2 else 1 if len(at) > 1 else rows[0][0].column
            raise error(source, block[r], column, getattr(exc, "template", exc.reason)) from None

    def _check_length(self, read: tuple[Layer, Line, int], values: dict[str, Any], height: int, width: int,
                      source: str) -> None:
        """A header's number of counts, which must be the grid's rows (columns)."""
        layer, line, col = read
        if not isinstance(layer, LineCounts):  # a setting (a word or a number) has no length
            return
        size = layer.length(height, width)
        if len(values[layer.name]) != size:
            unit = "row" if layer.axis == "rows" else "column"  # type: ignore[attr-defined]
            raise error(source, line, col, f"expected {size} {unit} counts (the grid has {size} "
                        f"{unit}s), found {len(values[layer.name])}")

    def _rows_said(self, headers: dict, label: dict[str, str]) -> int | None:
        """The number of rows a header of row counts gives, if any (how many blocks a file holds
        when a grid layer may be left out: see `_read_blocks`)."""
        for layer in self.headers:
            if getattr(layer, "axis", None) == "rows" and label[layer.name] in headers:
                ((value, _, _),) = headers[label[layer.name]]
                return len(value.split())
        return None

    def _read_blocks(self, body: list[Line], lines: list[Line], source: str, values: dict[str, Any],
                     blocks: dict[str, tuple[list[Line], list]],
                     later: list[Layer] | None = None, rows_said: int | None = None) -> tuple[int, int]:
        # a grid layer marked `omissible` (Magnets' given poles) may be left out of a file when
        # it holds no entry: the row counts' header says how many rows a block has
        grids = self.grids
        kept = tuple(layer for layer in grids if not getattr(layer, "omissible", False))
        if len(kept) < len(grids) and rows_said and len(body) == rows_said * len(kept):
            grids = kept
        count = len(grids)
        if not body and self.classic_files:
            raise error(source, lines[-1], 1, "no grid rows after the headers")
        if not body:
            raise error(source, lines[-1], len(lines[-1].text) + 1, "expected the grid after the headers")
        # a layer's `extent`: its block has that many more rows and columns than the grid of
        # cells (numbers at the corners of the cells: one more)
        if count == 1 and getattr(grids[0], "doubled", False):  # points on the doubled grid
            layer = grids[0]
            rows = grid_rows(body, source, whitespace=getattr(layer, "whitespace", None))
            blocks[layer.name] = (body, rows)
            if later is not None:
                later.append(layer)
            else:
                values[layer.name] = layer.read(rows, body, source)
            return (len(body) + 1) // 2, (len(rows[0]) + 1) // 2
        extents = [getattr(layer, "extent", 0) for layer in grids]
        lines_left = len(body) - sum(extents)
        names = ", ".join(layer.name for layer in grids)
        if lines_left < count and any(extents):  # a block of corners without a row of cells
            raise error(source, body[-1], 1, f"expected at least {count + sum(extents)} grid lines "
                        f"({names}: a grid of cells and one more row of corners), found {len(body)}")
        if lines_left % count:
            more = "" if not any(extents) else " (a block of corners one row more)"
            raise error(source, body[-1], 1, f"expected {count} grids of equal height ({names}){more}, "
                        f"found {len(body)} grid lines")
        height = lines_left // count
        width = None
        start = 0
        for i, layer in enumerate(grids):
            block = body[start:start + height + extents[i]]
            start += len(block)
            rows = grid_rows(block, source, whitespace=getattr(layer, "whitespace", None))
            blocks[layer.name] = (block, rows)
            if width is not None and len(rows[0]) - extents[i] != width:
                raise error(source, block[0], 1, f"the {layer.name} grid has {len(rows[0])} columns, "
                            f"the {grids[0].name} grid {width + extents[0]}")
            width = len(rows[0]) - extents[i]
            if later is not None:
                later.append(layer)
            else:
                values[layer.name] = layer.read(rows, block, source)
        assert width is not None
        return height, width

    def _size_from_headers(self, headers: dict, lines: list[Line], source: str) -> tuple[int, int]:
        if "size" in headers:
            ((value, line, col),) = headers["size"]
            parts = value.lower().split("x")
            if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
                raise error(source, line, col, f"expected a size HEIGHTxWIDTH, found {value.strip()!r}")
            return int(parts[0]), int(parts[1])
        found = {}
        for layer in self.headers:
            ((value, _, _),) = headers[layer.name]
            found[layer.axis] = len(value.split())
        if "rows" not in found or "cols" not in found:
            raise error(source, lines[0], 1, "missing header 'size:' (HEIGHTxWIDTH)")
        return found["rows"], found["cols"]

    def format_text(self, puzzle: Any) -> str:
        """The puzzle in its file format."""
        if self.form is not None:
            return self.form.write(self, puzzle)
        written = (layer.write_header(getattr(puzzle, layer.name)) for layer in self.headers)
        out = [line for line in written if line is not None]  # a setting at its default is left out
        if not self.grids and not {"rows", "cols"} <= {layer.axis for layer in self.headers}:
            out.append(f"size: {puzzle.height}x{puzzle.width}")
        for layer in self.grids:  # a set of cells needs the size to be written as a grid
            if getattr(layer, "omissible", False) and not layer.entries(getattr(puzzle, layer.name)):
                continue  # a block that may be left out, with nothing in it
            sized = (puzzle.height, puzzle.width) if getattr(layer, "sized", False) else ()
            out += layer.write(getattr(puzzle, layer.name), *sized)
        return "\n".join(out) + "\n"

    # the model and its answers ------------------------------------------------------------------
    def answers_on(self, puzzle: Any) -> tuple:
        """The answer layers as they are on one puzzle: a layer whose items the clues decide
        (`Bridges`: the pairs of islands that see each other) finds them through ``on(puzzle)``."""
        return tuple(layer.on(puzzle) if hasattr(layer, "on") else layer for layer in self.answers)

    def build(self, puzzle: Any, deadline: Deadline = UNLIMITED, **options: Any) -> Model:
        """The rules as an IR model; ``deadline`` stops the building with `OutOfTime`.
        ``options`` go to the rules (Zip's ``encoding``)."""
        assert self._rules is not None
        m = BoardBuilder(self.name, puzzle.height, puzzle.width, deadline)
        answers = self.answers_on(puzzle)
        for layer in answers:
            off = self._off(layer, puzzle)
            m.answers[layer.name] = layer.variables(m, puzzle.height, puzzle.width, **off)
        deadline.check()
        self._rules(puzzle, m, **options)
        for layer in answers:
            m.output(m.answers[layer.name].values())
        deadline.check()
        return m.build()

    def decode(self, puzzle: Any, assignment: dict[Hashable, int]) -> Any:
        """The solution from the answer-key values."""
        h, w = puzzle.height, puzzle.width
        answers = self.answers_on(puzzle)
        return self.Solution(**{layer.name: layer.decode(assignment, h, w, **self._off(layer, puzzle))
                                for layer in answers})

    def _off(self, layer: Layer, puzzle: Any) -> dict[str, Any]:
        """``skip``: the cells of the clue layer an answer layer leaves alone (its ``off``)."""
        off = getattr(layer, "off", None)
        if off is None:
            return {}
        clue, value = next(x for x in self.clues if x.name == off), getattr(puzzle, off)
        # rooms with holes leave their empty cells alone, other layers the cells of their entries
        cells = clue.skipped(value) if hasattr(clue, "skipped") else (cell for cell, _ in clue.entries(value))
        return {"skip": frozenset(cells)}

    def answer_of(self, puzzle: Any, solution: Any) -> dict[Hashable, int]:
        """The answer-key values of a solution (what `decode` reads back)."""
        out: dict[Hashable, int] = {}
        for layer in self.answers_on(puzzle):
            out.update(layer.answer_of(getattr(solution, layer.name), puzzle.height, puzzle.width,
                                       **self._off(layer, puzzle)))
        return out

    def check(self, puzzle: Any, solution: Any) -> list[str]:
        """Every rule the solution breaks, in words; empty when it is valid."""
        assert self._checks is not None
        if not isinstance(solution, self.Solution):
            kind = type(solution).__name__
            raise TypeError(f"a {self.name} check takes a {self.name} Solution, not {kind}")
        return list(self._checks(puzzle, solution))

    # JSON and states -----------------------------------------------------------------------------
    def solution_from_json(self, puzzle: Any, data: Any) -> Any:
        """A solution from its JSON: one field per answer layer (see the genre's docs page)."""
        fields = [layer.name for layer in self.answers]
        if self.classic_json:  # the answer fields are required, other fields are ignored
            for name in fields:
                if not isinstance(data, dict) or name not in data:
                    raise ParseError(f"solution JSON has no {name!r} field", source=SOLUTION)
            h, w = puzzle.height, puzzle.width
            return self.Solution(**{layer.name: layer.normal(data[layer.name], h, w, SOLUTION, classic=True)
                                    for layer in self.answers_on(puzzle)})
        if not isinstance(data, dict):
            raise ParseError(f"a {self.name} solution is a JSON object with {', '.join(fields)}, "
                             f"found {shown(data)}", source=SOLUTION)
        for key in data:
            if key not in fields:
                raise ParseError(f"unknown field {shown(key)}: a {self.name} solution has "
                                 f"{', '.join(fields)}", source=SOLUTION)
        values = {}
        for layer in self.answers:
            if layer.name not in data:
                raise ParseError(f"missing field {layer.name!r}", source=SOLUTION)
            values[layer.name] = layer.normal(data[layer.name], puzzle.height, puzzle.width, SOLUTION)
        return self.Solution(**values)

    def state_from_json(self, puzzle: Any, data: Any) -> dict[Hashable, int]:
        """A player's state: each answer layer's fields, and ``"complete": true`` to say every
        cell not listed as shaded (placed) is known to stay empty."""
        fields = [f for layer in self.answers for f in layer.state_fields()] + ["complete"]
        words = said if self.classic_json else shown  # Python's words, as the hand-written genres'
        if not isinstance(data, dict):
            raise ParseError(f"a {self.name} state is a JSON object, found {words(data)}", source=STATE)
        for key in data:
            if key not in fields:
                raise ParseError(f"unknown field {shown(key)}: a {self.name} state has the fields "
                                 f"{', '.join(fields)}", source=STATE)
        complete = data.get("complete", False)
        if not isinstance(complete, bool):
            raise ParseError(f"complete: expected true or false, found {words(complete)}", source=STATE)
        state: dict[Hashable, int] = {}
        for layer in self.answers_on(puzzle):
            more = {"classic": True} if self.classic_json else {}
            off = self._off(layer, puzzle)
            if off:
                off_layer = next(x for x in self.clues if x.name == layer.off)  # type: ignore[attr-defined]
                more.update(off, what=off_layer.off_what)
            state.update(layer.read_state(data, puzzle.height, puzzle.width, **more))
            two_valued = len(layer.state_fields()) > 1 or getattr(layer, "binary", False)
            if complete and two_valued:  # the rest is known absent
                for key in layer.keys(puzzle.height, puzzle.width, **off):
                    state.setdefault(key, 0)
        return state

    def state_to_json(self, puzzle: Any, state: dict[Hashable, int]) -> dict[str, Any]:
        """The state JSON of a state (`state_from_json` reads it back to the same state)."""
        out: dict[str, Any] = {}
        answers = self.answers_on(puzzle)
        for layer in answers:
            mine = {k: v for k, v in state.items() if isinstance(k, tuple) and k and k[0] == layer.key}
            out.update(layer.write_state(mine, puzzle.height, puzzle.width))
        known = {k for layer in answers for k in layer.keys(puzzle.height, puzzle.width,
                                                             **self._off(layer, puzzle))}
        strays = [k for k in state if k not in known]
        if strays:  # in the answer layer's words when it has its own (`Filled`)
            own = next((layer.stray for layer in answers if hasattr(layer, "stray")), None)
            raise ValueError(own(strays[0], puzzle.height, puzzle.width) if own else
                             f"{strays[0]!r} is not in this {self.name} puzzle's answer")
        return out

    def describe(self, puzzle: Any, key: Hashable, value: int) -> str:
        """An answer-key value in words: ``a shaded cell at (2, 5)``."""
        for layer in self.answers:
            if isinstance(key, tuple) and key and key[0] == layer.key:
                return layer.describe(key, value)
        return f"{key!r} = {value}"

    # pictures -----------------------------------------------------------------------------------
    def text(self, puzzle: Any, solution: Any = None) -> str:
        """The grid as text, one character a cell (the solution's marks over the clues)."""
        return drawing.text(self, puzzle, solution)

    def draw(self, puzzle: Any, solution: Any, state: dict[Hashable, int], highlight: list[Cell]) -> str:
        """The SVG picture (state and highlight already checked against the puzzle)."""
        return drawing.svg(self, puzzle, solution, state, highlight)

    # random puzzles -------------------------------------------------------------------------------
    def random_puzzle(self, rng: random.Random, height: int, width: int, keep: float = 0.5) -> Any:
        """A random answer's puzzle with each optional clue kept at chance ``keep`` (for tests:
        it may have several solutions)."""
        if self.planter is None or self.revealer is None:
            raise ValueError(f"the genre {self.name!r} has no @plant and @reveal hooks")
        full = self.revealer(self.planter(rng, height, width), height, width)
        values = {}
        for layer in self.clues:
            value = getattr(full, layer.name)
            if layer.name in self.optional:
                kept = [(i, v) for i, v in layer.entries(value) if rng.random() < keep]
                value = layer.with_entries(height, width, kept)
            values[layer.name] = value
        return self.make(height, width, values)


def _puzzle_class(genre: Genre) -> type:
    """The genre's frozen Puzzle dataclass: ``height``, ``width`` and a field per clue layer
    (missing ones blank), checked when made."""

    def post_init(self: Any) -> None:
        # a shaping grid is checked here, cell by cell: the layer's own check is not needed
        if genre.shaped_by is not None and genre.counted is None:
            shaping = genre.grids_by_name[genre.shaped_by]
            object.__setattr__(self, genre.shaped_by, _shape(shaping, getattr(self, genre.shaped_by)))
            if hasattr(shaping, "check_whole"):  # what the layer asks of all its cells together
                shaping.check_whole(getattr(self, genre.shaped_by))
        for name in ("height", "width") if genre.shaped_by is None else ():
            if not is_int(getattr(self, name)):
                raise invalid((name,), f"expected a whole number, found {shown(getattr(self, name))}")
        for name in genre.shaped_by if genre.counted is not None else ():  # lines given as a tuple
            sequence = getattr(layers_by_name[name], "sequence", None)
            if sequence is not None:
                sequence(getattr(self, name))
        problem = size_problem(self.height, self.width)
        if problem and genre.counted is not None:  # the size is the count of lines they give
            raise invalid((genre.shaped_by[0],), problem)
        if problem:
            raise ParseError(problem, source=PUZZLE)
        for layer in genre.clues:
            if layer.name == genre.shaped_by and genre.counted is None:
                continue
            value = getattr(self, layer.name)
            if value is None and not hasattr(layer, "default"):  # a setting's None is refused
                value = layer.blank(self.height, self.width)
            object.__setattr__(self, layer.name, layer.normal(value, self.height, self.width, PUZZLE))

    def clues(self: Any, name: str) -> list[tuple[Any, Any]]:
        """A clue layer's entries: ``(cell, value)`` in reading order (``(index, value)`` for
        row and column counts)."""
        return layers_by_name[name].entries(getattr(self, name))

    def size(index: int) -> property:
        def measure(self: Any) -> int:  # rows, or cells in the first row, of the shaping layer
            if genre.counted is not None:  # or the number of row (column) counts
                counts = getattr(self, genre.counted["cols" if index else "rows"])
                return len(counts) if isinstance(counts, (list, tuple)) else 0
            rows = getattr(self, genre.shaped_by)
            rows = rows[0] if index and isinstance(rows, (list, tuple, str)) and rows else rows
            return len(rows) if isinstance(rows, (list, tuple, str)) else 0
        return property(measure)

    layers_by_name = {layer.name: layer for layer in genre.clues}
    namespace: dict[str, Any] = {
        "__post_init__": post_init, "clues": clues, "GENRE_NAME": genre.name,
        "__doc__": f"A {genre.title} puzzle: its size and clue layers "
                   f"({', '.join(layer.name for layer in genre.clues)}).",
    }
    fields: list[Any] = []
    if genre.shaped_by is None:
        fields += [("height", int), ("width", int)]
    else:
        namespace.update(height=size(0), width=size(1))
    default = genre.shaped_by is None  # a shaping layer is given: it comes first, with no default
    shaping = genre.shaped_by if isinstance(genre.shaped_by, tuple) else (genre.shaped_by,)
    for layer in sorted(genre.clues, key=lambda x: shaping.index(x.name) if x.name in shaping else 2):
        given = not default and layer.name in shaping
        blank = getattr(layer, "default", None)
        fields.append((layer.name, Any) if given else (layer.name, Any, dataclasses.field(default=blank)))
    return dataclasses.make_dataclass("Puzzle", fields, frozen=True, namespace=namespace)


def _shape(layer: Any, value: Any) -> tuple:
    """The rows of a layer that gives the puzzle its size, checked row by row as the package's
    hand-written genres check theirs: rows of cells (strings too, for a text layer), none
    ragged, within the size limits, every cell an entry of the layer. Stored as a tuple of
    rows, each a tuple (a string for a text layer)."""
    name = layer.name
    row_types = (list, tuple, str) if getattr(layer, "text", False) else (list, tuple)
    if not isinstance(value, (list, tuple)):
        raise invalid((name,), f"expected a tuple of rows, found {said(value)}")
    if value and not isinstance(value[0], row_types):
        raise invalid((name, 0), f"expected a row (a tuple of cells), found {said(value[0])}")
    width = len(value[0]) if value else 0
    problem = size_problem(len(value), width)
    if problem:
        raise invalid((name,), problem)
    for r, row in enumerate(value):
        if not isinstance(row, row_types):
            raise invalid((name, r), f"expected a row (a tuple of cells), found {said(row)}")
        if len(row) != width:
            raise invalid((name, r), f"ragged grid: expected {width} cells in this row (as in row 0), "
                          f"found {len(row)}")
        for c, v in enumerate(row):
            if not (layer.accepts(v) or (v is None and layer.optional)):
                words = layer.expected(data=True) if isinstance(layer, Numbers) else layer.expected()
                raise invalid((name, r, c), f"expected {words}, found {said(v)}")
    if getattr(layer, "text", False):
        return tuple(row if isinstance(row, str) else "".join(row) for row in value)
    return tuple(tuple(row) for row in value)


def _solution_class(genre: Genre) -> type:
    """The genre's frozen Solution dataclass: a field per answer layer, and ``to_json``."""

    def to_json(self: Any) -> dict[str, Any]:
        return {layer.name: layer.to_json(getattr(self, layer.name)) for layer in genre.answers}

    return dataclasses.make_dataclass(
        "Solution", [(layer.name, Any) for layer in genre.answers], frozen=True,
        namespace={"to_json": to_json, "GENRE_NAME": genre.name,
                   "__doc__": f"A {genre.title} answer: {', '.join(layer.name for layer in genre.answers)}."},
    )


__all__ = ["CellClues", "Genre", "LineCounts"]
