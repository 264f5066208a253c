"""Solution files for every genre: any JSON within the limits is judged or refused, never a crash."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES, kit_declaration
from hypothesis import given
from hypothesis import strategies as st

from puzzlekit import api, genres, textio
from puzzlekit.errors import ParseError

#: The fields each hand-written genre's solution JSON has (a kit genre's: its answer layers').
FIELDS = {
    "masyu": ("edges",), "tracks": ("edges", "path"), "numberlink": ("edges", "cells"), "hashi": ("bridges",),
    "slitherlink": ("edges",), "sudoku": ("grid",), "nonogram": ("grid",), "queens": ("queens",),
    "zip": ("path",), "tents": ("tents",), "patches": ("rects",), "wend": ("paths",), "swend": ("paths",),
}


def fields_of(genre: str) -> tuple[str, ...]:
    if genre in FIELDS:
        return FIELDS[genre]
    return tuple(layer.name for layer in kit_declaration(genres.get(genre)).answers)


EXAMPLE_FILES = {"tracks": "tracks01.txt"}

numbers = st.one_of(
    st.integers(-3, 12), st.sampled_from([2**31, -(2**63), 10**4000]), st.booleans(),
    st.floats(allow_nan=False), st.none(), st.text(max_size=3),
)
junk = st.recursive(numbers, lambda inner: st.lists(inner, max_size=5), max_leaves=40)
# values shaped like real solutions, so that the checks past the first are reached too
small = st.integers(-1, 10)
point = st.lists(small, min_size=2, max_size=2)
plausible = st.one_of(
    st.lists(point, max_size=30),  # queens, tents, a path
    st.lists(st.lists(point, min_size=2, max_size=2), max_size=30),  # edges
    st.lists(st.tuples(point, point, st.integers(0, 3)).map(list), max_size=20),  # bridges
    st.lists(st.lists(small, min_size=4, max_size=4), max_size=20),  # rects
    st.lists(st.lists(st.integers(0, 10), min_size=0, max_size=10), max_size=10),  # grids, cells
)
values = st.one_of(junk, plausible)


@pytest.mark.parametrize("genre", genres.NAMES)
@given(data=st.data())
def test_any_json_is_judged_or_refused(genre: str, data: st.DataObject) -> None:
    module = genres.get(genre)
    puzzle = module.parse((EXAMPLES / EXAMPLE_FILES.get(genre, f"{genre}01.txt")).read_text())
    fields = data.draw(st.lists(st.sampled_from(fields_of(genre)), unique=True, min_size=1))
    solution = {field: data.draw(values) for field in fields}
    try:
        problems = module.verify(puzzle, module.solution_from_json(puzzle, solution))
    except ParseError as exc:
        assert exc.source == "solution" and len(str(exc)) < 400, str(exc)
    else:
        assert isinstance(problems, list) and all(isinstance(p, str) and len(p) < 400 for p in problems)


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"edges": [[[0, ' + "9" * 10_000 + "], [0, 1]]]}", "integer string conversion"),
        ('{"edges": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ('{"edges":\n  [oops]}', "invalid JSON: Expecting value"),
    ],
)
def test_json_files_that_do_not_decode_are_refused(tmp_path, text: str, message: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(text)
    with pytest.raises(ParseError) as info:
        textio.read_json(path)
    assert message in str(info.value) and str(info.value).startswith(str(path))


def test_json_files_that_decode_are_read(tmp_path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"edges": [[[0, 0], [0, 1]]]}))
    assert textio.read_json(path) == ({"edges": [[[0, 0], [0, 1]]]}, str(path))


@pytest.mark.parametrize("genre", genres.NAMES)
def test_the_fields_tried_are_the_solutions_own(genre: str) -> None:
    # the fields above are those a solution writes, so the fuzzing reaches its checks
    module = genres.get(genre)
    puzzle = module.parse((EXAMPLES / EXAMPLE_FILES.get(genre, f"{genre}01.txt")).read_text())
    solution = api.solve(puzzle).solutions[0]
    assert set(fields_of(genre)) == set(json.loads(json.dumps(solution.to_json())))
