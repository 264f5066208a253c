"""The genre kit's `Lines` answer layer, through a small loop genre (tests/genres/kit_loop.py):
JSON, states, the rule and check libraries' loop shapes, pictures and pack data."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from puzzlekit import api, backends, genres, render
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.pack import encoding

sys.path.insert(0, str(Path(__file__).parent))
import kit_loop  # noqa: E402 (the genre file beside this test)

if "kitloop" not in genres.available():
    genres.register(kit_loop)

TEXT = "X....\nX.XX.\nX....\n"


def solved():
    p = kit_loop.parse(TEXT, "loop.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_loop_is_found_on_every_backend_and_checked():
    p, s = solved()
    assert len(s.edges) == 10 and kit_loop.verify(p, s) == []
    for name, version in backends.installed().items():
        if version:
            assert list(api.solve(p, backend=name, limit=2).solutions) == [s], name


def test_each_broken_rule_is_caught():
    p, s = solved()
    edges = set(s.edges)
    cut = edges - {((0, 1), (0, 2))}
    assert any("ends at (0, 1)" in x for x in kit_loop.verify(p, kit_loop.Solution(edges=frozenset(cut))))
    into = edges | {((0, 0), (0, 1))}
    problems = kit_loop.verify(p, kit_loop.Solution(edges=frozenset(into)))
    assert any("blocked cell (0, 0)" in x for x in problems) and any("branches" in x for x in problems)
    two = {((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 1), (1, 2)), ((0, 1), (1, 1))}
    two |= {((0, 3), (0, 4)), ((0, 4), (1, 4)), ((1, 3), (1, 4)), ((0, 3), (1, 3))}
    assert any("2 separate pieces" in x for x in kit_loop.verify(p, kit_loop.Solution(edges=frozenset(two))))


def test_json_and_states_of_lines():
    p, s = solved()
    assert kit_loop.solution_from_json(p, s.to_json()) == s
    with pytest.raises(ParseError, match=r"edges\[0\]: \(0, 1\) and \(0, 3\) are not neighbours"):
        kit_loop.solution_from_json(p, {"edges": [[[0, 1], [0, 3]]]})
    state = kit_loop.state_from_json(p, {"edges": [[[0, 2], [0, 1]]], "no_edges": [[[0, 1], [1, 1]]]})
    assert state == {("edge", (0, 1), (0, 2)): 1, ("edge", (0, 1), (1, 1)): 0}
    assert kit_loop.state_from_json(p, kit_loop.state_to_json(p, state)) == state
    used = ("edge", (0, 1), (1, 1))  # (1, 1) is walled in left and right: the loop goes up from it
    assert api.hint(p, {used: 0}).wrong == (used,)


def test_pictures_and_pack_data():
    p, s = solved()
    assert render.svg(p, s).count('<line class="edge"') == len(s.edges)
    crossed = render.svg(p, None, state={("edge", (0, 1), (1, 1)): 0})
    assert 'class="absent"' in crossed
    assert "┌" in kit_loop.render(p, s)
    data = encoding.encode("kitloop", p, s)
    assert data["kit"]["answer"] == {"t": "lines"}
    assert encoding.decode(data) == (p, encoding.answer("kitloop", s))


def test_generated_loops_are_unique():
    made = next(iter(generate("kitloop", 4, 5, seed=1)))
    assert api.is_unique(made.puzzle) and kit_loop.verify(made.puzzle, made.solution) == []
    rng = random.Random(2)
    assert kit_loop.random_puzzle(rng, 3, 4).height == 3
