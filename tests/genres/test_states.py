"""Players' states for every genre: state JSON, answer keys in words, and rules cited by hints.

Each genre reads a partial answer from its state JSON (``state_from_json``), writes it back
(``state_to_json``), words an answer-key value (``describe``) and tags every constraint of its
model with the rule it comes from, so that `puzzlekit.api.hint` and `explain` can say why.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections.abc import Hashable
from typing import Any

import pytest
from conftest import EXAMPLES, kit_declaration, kit_names, long_when, run_cli

import puzzlekit
from puzzlekit import api, genres, ladder
from puzzlekit.board.answers import Digits
from puzzlekit.errors import ParseError
from puzzlekit.ir import Connected, DisjointPaths, Loop, Model, Path

NAMES = tuple(n for n in genres.NAMES if hasattr(genres.get(n), "state_from_json"))

#: Small puzzles for the genres whose example takes long to explain step by step.
SMALL = {
    "numberlink": "0 0 0 0 0 4\n0 6 3 0 0 5\n0 0 0 1 0 0\n4 0 0 3 0 0\n6 0 0 2 0 5\n0 0 0 1 0 2\n",
    "tracks": "cols: 3 3 3 1 2 5\nrows: 3 5 6 1 1 1\ngiven: 1 1 LR\ngiven: 2 2 LR\n",
    # Tatham's 5x5n5:e1d2a1c3c2; the example (5x5n5:a2c1g0f2) takes the ladder past its last
    # level twice: the explanation then reveals a value, which cites no rule
    "palisade": ".....\n1....\n2.1..\n.3...\n2....\n",
}


@functools.cache
def example(genre: str) -> Any:
    return puzzlekit.load(genre, EXAMPLES / f"{genre}01.txt")


@functools.cache
def answer(genre: str) -> dict[Hashable, int]:
    """Every answer-key value of the example's unique solution."""
    fixed = puzzlekit.determined(example(genre))
    assert fixed is not None and set(fixed) == set(genres.get(genre).model(example(genre)).output_keys())
    return fixed


def part(genre: str, seed: int, share: float = 0.4) -> dict[Hashable, int]:
    """A random share of the example's answer, as a player who got that far would know it."""
    rng = random.Random(seed)
    return {k: v for k, v in sorted(answer(genre).items(), key=repr) if rng.random() < share}


def through_json(genre: str, state: dict[Hashable, int]) -> dict[Hashable, int]:
    module = genres.get(genre)
    data = json.loads(json.dumps(module.state_to_json(example(genre), state)))
    return api.state_of(example(genre), data)


# state JSON ---------------------------------------------------------------------------------


@pytest.mark.parametrize("genre", NAMES)
def test_a_state_survives_its_json(genre: str) -> None:
    for seed in range(4):
        state = part(genre, seed, share=0.25 * seed)
        assert through_json(genre, state) == state
    assert through_json(genre, answer(genre)) == answer(genre)


@pytest.mark.parametrize("genre", NAMES)
def test_a_solution_json_is_a_state_and_complete_makes_it_the_answer(genre: str) -> None:
    puzzle = example(genre)
    solution = puzzlekit.solve(puzzle).solutions[0].to_json()
    listed = api.state_of(puzzle, solution)
    assert listed and all(answer(genre)[k] == v for k, v in listed.items())
    assert api.state_of(puzzle, {**solution, "complete": True}) == answer(genre)
    assert api.state_of(puzzle, {}) == {} == api.state_of(puzzle, {"complete": False})


@pytest.mark.parametrize("genre", NAMES)
def test_state_to_json_writes_only_what_is_known(genre: str) -> None:
    module = genres.get(genre)
    puzzle = example(genre)
    empty = module.state_to_json(puzzle, {})
    assert api.state_of(puzzle, empty) == {}
    with pytest.raises(ValueError):
        module.state_to_json(puzzle, {("nothing", 0, 0): 1})


#: Shapes every genre refuses, with the words the message must hold.
COMMON_BAD = [
    ([], "is a JSON object"),
    ({"complete": "yes"}, "complete: expected true or false"),
    ({"complete": 1}, "complete: expected true or false"),
    ({"colour": []}, "unknown field 'colour'"),
]

E = [[0, 0], [0, 1]]  # an edge between the first two cells
#: Per genre written by hand: state JSON that is refused, and the field (and reason) the message
#: names. A kit genre's are read off its answer layers (`kit_refusals`).
BAD: dict[str, list[tuple[Any, str]]] = {
    "masyu": [
        ({"edges": {}}, "edges: expected a list"),
        ({"edges": [[[0, 0], [0, 2]]]}, "edges[0]: (0, 0) and (0, 2) are not neighbours"),
        ({"no_edges": [E, [[0, 0], [9, 0]]]}, "no_edges[1][1]: (9, 0) is outside the 8x8 grid"),
        ({"edges": [[[0, 0], [0, True]]]}, "edges[0][1]: expected [row, col]"),
        ({"edges": [E, E[::-1]]}, "edges[1]: the edge (0, 0)-(0, 1) is listed twice (first as edges[0])"),
        ({"edges": [E], "no_edges": [E]}, "no_edges[0]: the edge (0, 0)-(0, 1) is also listed in edges[0]"),
        ({"edges": [[[0, 0]]]}, "edges[0]: expected a pair of points"),
    ],
    "tracks": [
        ({"path": [[0, 0], [1, 1]]}, "path[1]: (0, 0) and (1, 1) are not neighbours"),
        ({"path": [[0, 0], [0, 1]], "no_edges": [E]},
         "path[1]: the edge (0, 0)-(0, 1) is also listed in no_edges[0]; it cannot be both"),
        ({"edges": [[[10, 0], [10, 1]]]}, "edges[0][0]: (10, 0) is outside the 10x10 grid"),
        ({"path": "0 0"}, "path: expected a list"),
    ],
    "numberlink": [
        ({"edges": [[[0, 0], [1, 1]]]}, "edges[0]: (0, 0) and (1, 1) are not neighbours"),
        ({"no_edges": [E, E]}, "no_edges[1]: the edge (0, 0)-(0, 1) is listed twice"),
        ({"edges": [E], "cells": [[0]]}, "'cells' must be a list of 10 rows"),
    ],
    "hashi": [
        ({"bridges": [[[0, 1], [0, 3], 3]]}, "bridges[0][2]: expected a bridge count 1 or 2, found 3"),
        ({"bridges": [[[0, 1], [0, 3]]]}, "bridges[0]: expected [[r,c], [r,c], k]"),
        ({"bridges": [[[0, 1], [0, 5], 1]]},
         "bridges[0]: (0, 1) and (0, 5) are not two islands that see each other"),
        ({"no_bridges": [[[0, 1], [0, 9]]]}, "no_bridges[0][1]: (0, 9) is outside the 9x9 grid"),
        ({"bridges": [[[0, 1], [0, 3], 1]], "no_bridges": [[[0, 3], [0, 1]]]},
         "no_bridges[0]: the pair (0, 1)-(0, 3) is also listed in bridges[0]"),
        ({"bridges": [[[0, 1], [0, 3], 1], [[0, 1], [0, 3], 2]]},
         "bridges[1]: the pair (0, 1)-(0, 3) is listed twice"),
    ],
    "slitherlink": [
        ({"edges": [[[0, 0], [2, 0]]]}, "edges[0]: (0, 0) and (2, 0) are not neighbours"),
        ({"edges": [[[6, 0], [6, 1]]]}, "edges[0][0]: (6, 0) is outside the lattice points of the 5x5 grid"),
        ({"edges": [E], "no_edges": [E]}, "no_edges[0]: the edge (0, 0)-(0, 1) is also listed in edges[0]"),
    ],
    "sudoku": [
        ({"grid": [[0] * 9] * 8}, "grid: expected 9 rows, found 8"),
        ({"grid": [[0] * 9] * 8 + [[0] * 8]}, "grid[8]: expected a list of 9 cells"),
        ({"grid": [[0] * 9] * 8 + [[0] * 8 + [10]]}, "grid[8][8]: expected a digit 1-9, or 0 or null"),
        ({"grid": [[0] * 9] * 8 + [[0] * 8 + [True]]}, "grid[8][8]: expected a digit 1-9"),
        ({"grid": [[0] * 9] * 8 + [[0] * 8 + [1.5]]}, "grid[8][8]: expected a digit 1-9"),
        ({"grid": [[0] * 9] * 9, "complete": True},
         "complete: the state is marked complete, but cell (0, 0) is unknown"),
    ],
    "nonogram": [
        ({"grid": [[None] * 6] * 5}, "grid: expected 6 rows, found 5"),
        ({"grid": [[None] * 6] * 5 + [[None] * 5 + [2]]},
         "grid[5][5]: expected 1 (filled), 0 (empty) or null"),
        ({"grid": [[None] * 6] * 5 + ["......"]}, "grid[5]: expected a list of 6 cells"),
    ],
    "queens": [
        ({"queens": [[0, 8]]}, "queens[0]: (0, 8) is outside the 8x8 grid"),
        ({"queens": [[0, 0], [0, 0]]}, "queens[1]: the cell (0, 0) is listed twice"),
        ({"queens": [[0, 0]], "no_queens": [[0, 0]]},
         "no_queens[0]: the cell (0, 0) is also listed in queens[0]"),
        ({"no_queens": [[0, "1"]]}, "no_queens[0]: expected [row, col]"),
    ],
    "zip": [
        ({"edges": [[[0, 3], [1, 3]]]}, "edges[0]: a wall lies between (0, 3) and (1, 3)"),
        ({"path": [[1, 4], [1, 3]]}, "path[1]: a wall lies between (1, 3) and (1, 4)"),
        ({"no_edges": [[[0, 0], [2, 0]]]}, "no_edges[0]: (0, 0) and (2, 0) are not neighbours"),
        ({"path": [[0, 0], [0, 1]], "no_edges": [E]},
         "path[1]: the edge (0, 0)-(0, 1) is also listed in no_edges[0]; it cannot be both"),
    ],
    "tents": [
        ({"tents": [[0, 1]]}, "tents[0]: (0, 1) is a tree"),
        ({"no_tents": [[0, 6]]}, "no_tents[0]: (0, 6) is outside the 6x6 grid"),
        ({"tents": [[0, 0]], "no_tents": [[0, 0]]},
         "no_tents[0]: the cell (0, 0) is also listed in tents[0]"),
    ],
    "patches": [
        ({"rects": [[0, 0, 0, 1]]}, "rects[0]: [0, 0, 0, 1] is empty"),
        ({"rects": [[5, 5, 2, 1]]}, "rects[0]: [5, 5, 2, 1] leaves the 6x6 grid"),
        ({"no_rects": [[0, 0, 1]]}, "no_rects[0]: expected [top, left, height, width]"),
        ({"rects": [[0, 0, 1, 1]], "no_rects": [[0, 0, 1, 1]]},
         "no_rects[0]: the rectangle [0, 0, 1, 1] is also listed in rects[0]"),
    ],
    "wend": [
        ({"paths": {}}, "paths: expected a list"),
        ({"paths": [["PATH"]]}, "paths[0]: expected an object with 'word' and 'cells'"),
        ({"paths": [{"word": "CAT", "cells": []}]}, "paths[0].word: 'CAT' is not one of the words"),
        ({"paths": [{"word": "path", "cells": [[0, 2]], "colour": 1}]}, "paths[0]: unknown field 'colour'"),
        ({"paths": [{"word": "PATH", "cells": "0 2"}]}, "paths[0].cells: expected a list of [row, col]"),
        ({"paths": [{"word": "PATH", "cells": [[0, 2]] * 5}]}, "paths[0].cells: 5 cells for the 4 letters"),
        ({"paths": [{"word": "PATH", "cells": [[0, 1]]}]},
         "paths[0].cells[0]: (0, 1) shows the letter 'A', not letter 1 of PATH ('P')"),
        ({"paths": [{"word": "PATH", "cells": [None, None, [5, 0]]}]},
         "paths[0].cells[2]: (5, 0) is outside the 5x5 grid"),
        ({"paths": [{"word": "SPELL", "cells": [[1, 4]]}]},
         "paths[0].cells[0]: (1, 4) shows a blocked cell, not letter 1 of SPELL ('S')"),
        ({"paths": [{"word": "PATH", "cells": [[0, 2]]}, {"word": "path", "cells": [[0, 2]]}]},
         "paths[1].cells[0]: letter 1 of PATH (P) at (0, 2) is listed twice (first as paths[0].cells[0])"),
        ({"paths": [{"word": "PATH", "cells": [[0, 2]]}], "no_paths": [{"word": "PATH", "cells": [[0, 2]]}]},
         "no_paths[0].cells[0]: letter 1 of PATH (P) at (0, 2) is also listed in paths[0].cells[0]"),
        ({"no_paths": [{"word": "PATH", "cells": [[0, 2]]}, {"word": "PATH", "cells": [[0, 2]]}]},
         "no_paths[1].cells[0]: letter 1 of PATH (P) at (0, 2) is listed twice (first as no_paths[0]"),
    ],
    "swend": [
        ({"paths": [{"word": "häst", "cells": [[0, 0]]}]},
         "paths[0].cells[0]: (0, 0) shows the letter 'Ä', not letter 1 of HÄST ('H')"),
        ({"no_paths": [{"word": "HAST", "cells": []}]}, "no_paths[0].word: 'HAST' is not one of the words"),
        ({"no_paths": [{"cells": []}]}, "no_paths[0].word: expected one of the words, found None"),
    ],
}


def kit_refusals(genre: str) -> list[tuple[Any, str]]:
    """State JSON a kit genre refuses, made from its answer layers and the example's answer:
    for a layer of known-present and known-absent entries, a field that is not a list, an
    entry that is not one, and one entry listed both ways; for a layer with a value per cell,
    a row too few, a row an entry short, an entry that is no value and one past the top."""
    puzzle = example(genre)
    h, w = puzzle.height, puzzle.width
    out: list[tuple[Any, str]] = []
    for layer in kit_declaration(genres.get(genre)).answers_on(puzzle):
        fields = layer.state_fields()
        absent = getattr(layer, "absent", None)
        if absent in fields:  # known-present and known-absent entries
            present = fields[fields.index(absent) - 1]
            key = next(k for k in sorted(answer(genre), key=repr) if k[0] == layer.key)
            item = layer.write_state({key: 1}, h, w)[present][0]
            moved = _moved(item, w)
            outside = f"{present}[0]: the cell {_first(moved)} is outside the {h}x{w} grid"
            out += [({absent: {}}, f"{absent}: expected a list"), ({absent: [[0]]}, f"{absent}[0]: expected"),
                    ({present: [moved]}, outside),
                    ({present: [item], absent: [item]}, f"listed both as {present} and as {absent}")]
            if not all(isinstance(v, int) for v in item):  # an edge: its cells must be neighbours
                (r, c), (y, x) = item
                far = [[r, c], [2 * y - r, 2 * x - c]]
                out.append(({present: [far]}, f"{present}[0]: ({r}, {c}) and ({2 * y - r}, {2 * x - c}) "
                                              f"are not neighbours"))
            if layer.name in fields[:fields.index(present)]:  # and the whole answer, as rows
                out.append(({layer.name: [[1]]}, f"{layer.name}: expected {h} rows"))
            continue
        (field,) = fields
        rows = layer.write_state({}, h, w)[field]
        junk = [*rows[:-1], "x" + rows[-1][1:] if isinstance(rows[-1], str) else ["x", *rows[-1][1:]]]
        out += [({field: rows[:-1]}, f"{field}: expected {h} rows"),
                ({field: junk}, f"{field}[{h - 1}][0]: expected")]
        if isinstance(layer, Digits):
            top = layer.top(h, w)
            past, short = [*rows[:-1], [*rows[-1][:-1], top + 1]], [*rows[:-1], rows[-1][:-1]]
            out += [({field: short}, f"{field}[{h - 1}]: expected a row of {w} entries"),
                    ({field: past}, f"{field}[{h - 1}][{w - 1}]: expected a number {layer.lo}-{top} or null, "
                                    f"found {top + 1}")]
    return out


def _moved(item: list, by: int) -> list:
    """A cell ``[r, c]`` (or the cells of an entry made of them) ``by`` columns to the right."""
    if all(isinstance(v, int) for v in item):
        return [item[0], item[1] + by]
    return [_moved(part, by) for part in item]


def _first(item: list) -> tuple[int, int]:
    return tuple(item) if all(isinstance(v, int) for v in item) else _first(item[0])


def refusals(genre: str) -> list[tuple[Any, str]]:
    return BAD[genre] if genre in BAD else kit_refusals(genre)


def refuses_each(genre: str) -> None:
    puzzle = example(genre)
    for data, words in COMMON_BAD + refusals(genre):
        with pytest.raises(ParseError) as info:
            api.state_of(puzzle, json.loads(json.dumps(data)))
        assert info.value.source == "state" and words in str(info.value), (data, str(info.value))


@pytest.mark.parametrize("genre", NAMES)
def test_malformed_states_are_refused_naming_the_field(genre: str) -> None:
    refuses_each(genre)


def test_a_kit_genre_that_takes_a_value_past_its_top_is_caught(monkeypatch) -> None:
    # a planted fault: the kit's digits forget their top, which the derived refusals must catch
    read = Digits.read_state

    def lenient(self, data, height, width):
        top = self.top(height, width)
        rows = data.get(self.name)
        if isinstance(rows, list) and all(isinstance(row, list) for row in rows):
            data = {**data, self.name: [[None if isinstance(v, int) and v > top else v for v in row]
                                        for row in rows]}
        return read(self, data, height, width)

    refuses_each("kenken")
    monkeypatch.setattr(Digits, "read_state", lenient)
    with pytest.raises(pytest.fail.Exception, match="DID NOT RAISE"):
        refuses_each("kenken")


def test_every_genre_has_its_own_refusals() -> None:
    kit = set(kit_names())
    assert set(BAD) | kit == set(NAMES) and not set(BAD) & kit
    assert all(refusals(genre) for genre in NAMES)


def test_patches_drops_known_absent_rectangles_no_solution_can_use_and_keeps_present_ones() -> None:
    puzzle = example("patches")
    keys = set(genres.get("patches").model(puzzle).output_keys())
    assert ("rect", 0, 0, 2, 2) not in keys  # the 1s clue at (0, 0) takes a 1x1 square
    assert api.state_of(puzzle, {"no_rects": [[0, 0, 2, 2]]}) == {}
    assert api.state_of(puzzle, {"rects": [[0, 0, 2, 2]]}) == {("rect", 0, 0, 2, 2): 1}
    hint = api.hint(puzzle, {("rect", 0, 0, 2, 2): 1})
    assert hint.kind == "check" and hint.wrong == (("rect", 0, 0, 2, 2),)
    assert "the rectangle at rows 0-1, columns 0-1 is a patch is wrong" in hint.words


# hints from states ----------------------------------------------------------------------------


@pytest.mark.parametrize("genre", NAMES)
def test_a_hint_from_part_of_the_solution_agrees_with_the_solution(genre: str) -> None:
    for seed in range(3):
        state = part(genre, seed)
        hint = api.hint(example(genre), through_json(genre, state))
        assert hint.kind in ("deduce", "contradiction"), hint
        fixes = hint.step.fixes
        assert fixes and all(k not in state and answer(genre)[k] == v for k, v in fixes.items())
        assert hint.step.because and None not in hint.step.because


def _other(genre: str, key: Hashable, value: int) -> int:
    """Another value the key may take: the next digit (Sudoku's 1-9, Hashi's 0-2 bridges, a kit
    layer's values from its declaration: its ``lo`` to its top on the example), else 0 for 1."""
    if genre == "sudoku":
        return value % 9 + 1
    if genre == "hashi":
        return (value + 1) % 3
    declaration = kit_declaration(genres.get(genre))
    if declaration is not None:
        puzzle = example(genre)
        for layer in declaration.answers_on(puzzle):
            if isinstance(layer, Digits) and key[0] == layer.key:
                lo, top = layer.lo, layer.top(puzzle.height, puzzle.width)
                return lo + (value - lo + 1) % (top - lo + 1)
    return 1 - value


@pytest.mark.parametrize("genre", NAMES)
def test_a_wrong_entry_is_reported_before_any_hint(genre: str) -> None:
    module = genres.get(genre)
    state = part(genre, 5)
    key = sorted(state, key=repr)[len(state) // 2]
    state[key] = _other(genre, key, state[key])
    hint = api.hint(example(genre), through_json(genre, state))
    assert hint.kind == "check" and hint.wrong == (key,) and hint.step is None
    assert hint.words == f"{module.describe(example(genre), key, state[key])} is wrong"


# answer keys in words -------------------------------------------------------------------------


@pytest.mark.parametrize("genre", NAMES)
def test_describe_words_every_answer_key_value(genre: str) -> None:
    module = genres.get(genre)
    puzzle = example(genre)
    model = module.model(puzzle)
    for i in model.output:
        var = model.vars[i]
        said = {module.describe(puzzle, var.key, value) for value in range(var.lo, var.hi + 1)}
        assert len(said) == var.hi - var.lo + 1  # each value its own sentence
        for sentence in said:
            assert sentence and "=" not in sentence and "'" not in sentence, sentence
            # the sentence names the place: the key's first cell, or the rectangle's first row
            first = var.key[1] if isinstance(var.key[1], tuple) else var.key[1:3]
            if var.key[0] == "at":  # wend: a letter of a word in a cell
                first = var.key[3]
            row = var.key[1]
            assert str(first) in sentence or f"rows {row}-" in sentence or f"row {row}," in sentence


@pytest.mark.parametrize(
    "genre, key, value, words",
    [
        ("masyu", ("edge", (0, 0), (0, 1)), 1, "the loop runs between (0, 0) and (0, 1)"),
        ("masyu", ("edge", (0, 0), (0, 1)), 0, "the loop does not run between (0, 0) and (0, 1)"),
        ("tracks", ("edge", (0, 0), (1, 0)), 1, "the track runs between (0, 0) and (1, 0)"),
        ("numberlink", ("edge", (0, 0), (0, 1)), 0, "no line runs between (0, 0) and (0, 1)"),
        ("hashi", ("bridge", (0, 1), (0, 3)), 2, "two bridges between (0, 1) and (0, 3)"),
        ("hashi", ("bridge", (0, 1), (0, 3)), 0, "no bridge between (0, 1) and (0, 3)"),
        ("slitherlink", ("edge", (0, 0), (0, 1)), 1, "the loop runs between the dots (0, 0) and (0, 1)"),
        ("sudoku", ("cell", 3, 4), 7, "cell (3, 4) is 7"),
        ("nonogram", ("cell", 3, 4), 0, "cell (3, 4) is empty"),
        ("queens", ("queen", 2, 5), 1, "a queen at (2, 5)"),
        ("zip", ("edge", (0, 0), (0, 1)), 1, "the path steps between (0, 0) and (0, 1)"),
        ("tents", ("tent", 2, 5), 0, "no tent at (2, 5)"),
        ("patches", ("rect", 2, 0, 2, 5), 1, "the rectangle at rows 2-3, columns 0-4 is a patch"),
        ("patches", ("rect", 2, 3, 1, 1), 0, "the rectangle at row 2, column 3 is not a patch"),
        ("wend", ("at", "PATH", 1, (0, 1)), 1, "letter 2 of PATH (A) is at (0, 1)"),
        ("swend", ("at", "HÄST", 1, (0, 0)), 0, "letter 2 of HÄST (Ä) is not at (0, 0)"),
    ],
)
def test_describe_in_a_puzzlers_words(genre: str, key: Hashable, value: int, words: str) -> None:
    assert genres.get(genre).describe(example(genre), key, value) == words


# rules behind every constraint ------------------------------------------------------------------

_FIELDS = ("counts", "clauses", "graphs", "runs")
#: Options of the random puzzles whose rules tagging must cover.
OPTIONS: dict[str, dict[str, Any]] = {
    "tracks": {"givens": 4}, "numberlink": {"cover": "any"}, "sudoku": {"box": (2, 3)},
}


def _models(genre: str) -> list[tuple[Any, Model]]:
    """The example's model and those of a few random puzzles (each encoding or option)."""
    module = genres.get(genre)
    extra = OPTIONS.get(genre, {})
    puzzles = [example(genre)]
    puzzles += [module.random_puzzle(random.Random(seed), 6, 6, **extra) for seed in range(3)]
    out = [(p, module.model(p)) for p in puzzles]
    if genre == "zip":
        out += [(p, module.model(p, encoding="ranks")) for p in puzzles[:2]]
    return out


@pytest.mark.parametrize("genre", NAMES)
def test_every_constraint_names_its_rule_and_cells_of_the_grid(genre: str) -> None:
    for puzzle, model in _models(genre):
        h, w = puzzle.height, puzzle.width
        for field in _FIELDS:
            for con in getattr(model, field):
                assert con.why is not None, (genre, field, con)
                assert isinstance(con.why.rule, str) and con.why.rule and "None" not in con.why.rule
                for r, c in con.why.cells:  # cells a picture can highlight
                    assert 0 <= r < h and 0 <= c < w


def _graph(g: Any) -> tuple:
    extra = {Path: lambda g: (g.start, g.end), DisjointPaths: lambda g: g.pairs, Connected: lambda g: g.nodes,
             Loop: lambda g: ()}[type(g)](g)
    return (type(g).__name__, g.edges, extra)


def fingerprint(model: Model) -> str:
    """A digest of everything in a model but the rules it cites."""
    parts = (model.name, model.vars, model.counts, model.clauses, tuple(map(_graph, model.graphs)),
             tuple((r.cells, r.lengths) for r in model.runs), model.output)
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


#: Fingerprints of `_models`, taken before the rules were tagged: tagging changed no constraint.
#: Only the genres written before rules were tagged have a "before"; the genres made with the
#: genre kit were tagged from the start, so a fingerprint of theirs would only pin the model
#: as it is (the cross-check and the rule tests above guard their models instead).
BEFORE = {
    "masyu": ("73f10ed955184ddd", "f616de0b5d8a568b", "bbbca47e841c1c0f", "fed48228a332afac"),
    "tracks": ("ffe126a41e92a0cd", "9d33a053dc68dac6", "9e3507b1919e01d1", "5443c4df7c03801b"),
    "numberlink": ("744cff2d1ba591d0", "86bcf3f24ca420a7", "5170db6fdd76dbff", "d67916ddca13f07b"),
    "hashi": ("4f4b01dbc5137eb2", "6a82b10e10b0e554", "4dca62e07ebf59e6", "e684f0c4be8147da"),
    "slitherlink": ("89a678c13022b7a8", "e04ac235ee87bc04", "2619c2d4876f69b6", "a8f065284cd07f2a"),
    "sudoku": ("c81468c1952c8c98", "7a1f36435c5777ec", "a37e00dc8554e594", "e9c15a6b9b6f5567"),
    "nonogram": ("474e6ea7eb31a0e5", "7292c4d572e3d26e", "d557cf483b9e1c51", "b7bc7960c9a376e5"),
    "queens": ("fb2cd8abb308f679", "fe1ab70e15595ff3", "96e9e049a7b6f1f4", "b7b69b95e663e0b3"),
    "zip": ("0d2aac3fd5616fce", "7426c50318d0bfc5", "b52cd8fdb3bd6950", "67689b1327ac6852",
            "a198e6df19f555f1", "ad7b528783d0f347"),
    "tents": ("0ec115b33698d98c", "15f683f88863f1d6", "930dd45bf3686a3b", "e0e32fff2d55ed9d"),
    "patches": ("8c3c52455ce96fb1", "0a1a0eb728f7c2c8", "e8394c82fb9c59ee", "89fd9f3e221a8c08"),
    # Wend was tagged from the start: taken when its state format came, so they guard it from then on
    "wend": ("e8b7ab0bec9bb542", "53b79f2ad7bcb0bb", "6c116b626474e320", "b6b87eb170e63fe8"),
    "swend": ("9422601659cb1a1a", "610643c344ab6a48", "59dcce0b11d175cc", "ac379bc27c2d0c36"),
}


def test_only_kit_genres_go_without_a_fingerprint() -> None:
    assert set(NAMES) - set(BEFORE) <= set(kit_names()) and not set(BEFORE) & set(kit_names())


@pytest.mark.parametrize("genre", sorted(BEFORE))
def test_tagging_the_rules_changed_no_constraint(genre: str) -> None:
    assert tuple(fingerprint(model) for _, model in _models(genre)) == BEFORE[genre]


# whole explanations ---------------------------------------------------------------------------


#: genres whose whole explanation takes minutes (Palisade 3.5, Skyscrapers 1.5, 2026-12-07)
LONG_EXPLANATIONS = {"palisade", "skyscrapers"}


#: 6x6 puzzles (the generator's, seed 1, at the example's level: Jigsaw Sudoku chain, Killer
#: Sudoku trial) that the default run explains instead of a 9x9 example whose whole explanation
#: takes half a minute or more of CPU (55 and 34 s, 2026-12-07; 2 and 8.5 s for these, with the
#: same levels reached: scan and chain, scan to trial). The long profile explains the examples
#: too (``GENRE-example``).
QUICK = {
    "jigsawsudoku": "..4.3.\n.....1\n......\n.16..4\n......\n3..24.\n\n"
                    "AABBBB\nAACCBB\nACCDDD\nACCDDD\nEEEFFF\nEEEFFF\n",
    "killersudoku": "......\n......\n......\n......\n......\n......\n\n"
                    "A15 B15 B   B   C6  D9\nA   E5  F5  F   C   D\nA   E   G8  G   H6  I12\n"
                    "A   J8  K7  K   H   I\nL9  J   M7  M   N9  I\nL   L   O5  O   N   I\n",
}


def explained() -> list[Any]:
    """(genre, puzzle text or None for the example) for each genre; the long ones marked."""
    out = []
    for g in NAMES:
        text = SMALL.get(g) or QUICK.get(g)
        out.append(pytest.param(g, text, id=g, marks=long_when(g in LONG_EXPLANATIONS)))
        if g in QUICK:
            out.append(pytest.param(g, None, id=f"{g}-example", marks=pytest.mark.long))
    return out


@pytest.mark.parametrize("genre,text", explained())
def test_every_step_of_an_explanation_cites_rules(genre: str, text: str | None) -> None:
    module = genres.get(genre)
    puzzle = module.parse(text) if text else example(genre)
    hints = api.explain(puzzle)
    known: dict[Hashable, int] = {}
    for hint in hints:
        assert hint.kind in ("deduce", "contradiction"), hint.words
        assert hint.step.because and None not in hint.step.because, hint.words
        assert any(why.rule in hint.words for why in hint.step.because), hint.words
        assert all(module.describe(puzzle, k, v) in hint.words for k, v in hint.step.fixes.items())
        known.update(hint.step.fixes)
    model = module.model(puzzle)
    full = {**ladder.givens(model), **known}
    assert set(full) == set(model.output_keys())
    assert module.verify(puzzle, module.decode(puzzle, full)) == []


def test_the_command_takes_a_state_file(tmp_path) -> None:
    state = part("masyu", 1)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(genres.get("masyu").state_to_json(example("masyu"), state)))
    done = run_cli("hint", "masyu", str(EXAMPLES / "masyu01.txt"), "--state", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["kind"] in ("deduce", "contradiction") and all(w is not None for w in out["because"])
    path.write_text(json.dumps({"edges": [[[0, 0], [0, 2]]]}))
    done = run_cli("hint", "masyu", str(EXAMPLES / "masyu01.txt"), "--state", str(path))
    assert done.returncode != 0 and b"edges[0]: (0, 0) and (0, 2) are not neighbours" in done.stderr
