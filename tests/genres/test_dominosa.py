"""Dominosa on the genre kit (dominoes as regions of two cells): each rule broken and caught,
every backend, the generator, and Tatham's Dominosa IDs of every level fresh from his program."""

from __future__ import annotations

import json

import pytest
from tatham_live import generated, needs, solved_and_written_back

from puzzlekit import api, backends
from puzzlekit.board.regions import labels
from puzzlekit.errors import ParseError
from puzzlekit.generate import generate
from puzzlekit.genres import dominosa
from puzzlekit.genres.dominosa import tatham
from puzzlekit.pack import encoding

#: The cross-check's shapes (tests/crosscheck/genre_strategies.py): Tatham's (n+1)x(n+2) grids
#: up to n = 4, beyond which a backend may stop early.
CROSSCHECK_SHAPES = [(2, 3), (3, 4), (4, 5), (5, 6)]

#: Tatham's 3:21320203221030101133, as a file
TEXT = "21320\n20322\n10301\n01133\n"


def solved():
    p = dominosa.parse(TEXT, "d.txt")
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer():
    p, s = solved()
    assert dominosa.verify(p, s) == [] and len(s.dominoes) == 10
    assert dominosa.parse(dominosa.format(p), "again") == p
    assert dominosa.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s


def test_a_bad_file_is_refused_at_its_place():
    with pytest.raises(ParseError, match=r"bad\.txt:2:3: every cell needs a number, found"):
        dominosa.parse("21320\n20.22\n", "bad.txt")


def test_each_broken_rule_is_caught():
    p, s = solved()
    rows = [list(row) for row in labels(s.dominoes, 4, 5)]
    three = [row[:] for row in rows]
    first = rows[0][0]
    partner = next((r, c) for r in range(4) for c in range(5) if rows[r][c] == first and (r, c) != (0, 0))
    neighbour = (1, 0) if partner != (1, 0) else (0, 1)
    three[neighbour[0]][neighbour[1]] = first  # (0, 0)'s domino takes a third cell
    problems = dominosa.verify(p, dominosa.solution_from_json(p, {"dominoes": three}))
    assert "the region at (0, 0) has 3 cells, not 2" in problems
    # every domino laid flat in its row: pairs repeat
    flat = [[r * 5 + c // 2 for c in range(4)] + [99 + r] for r in range(4)]
    problems = dominosa.verify(p, dominosa.solution_from_json(p, {"dominoes": flat}))
    assert any(x.startswith("the region at (0, 4) has 1 cells") for x in problems)
    assert any("both carry 0-1" in x for x in problems)


def test_every_installed_backend_finds_the_one_answer():
    p, s = solved()
    for name, version in backends.installed().items():
        if version:
            result = api.solve(p, backend=name, limit=2)
            assert result.status == "solved" and result.complete, name
            assert list(result.solutions) == [s], name


def test_hint_and_pack():
    p, s = solved()
    key, value = next(iter(api.hint(p, {}).step.fixes.items()))
    assert dominosa.GENRE.answer_of(p, s)[key] == value
    data = encoding.encode("dominosa", p, s)
    assert encoding.decode(data) == (p, encoding.answer("dominosa", s))


def test_generated_puzzles_are_unique():
    for seed in (1, 2):
        (g,) = generate("dominosa", 4, 5, seed=seed)
        assert api.is_unique(g.puzzle) and dominosa.verify(g.puzzle, g.solution) == []


@needs("dominosa")
def test_his_fresh_ids_of_every_level_read_solve_and_write_back():
    for params in ("4dt", "4db", "5dh", "5de"):
        for game_id in generated("dominosa", params):
            solved_and_written_back(game_id, tatham, dominosa.verify)


def test_tatham_ids_round_trip_and_bad_ones_are_refused():
    big = tatham.read("10", "".join(f"[{(i * 7) % 11}]" if (i * 7) % 11 > 9 else str((i * 7) % 11)
                                    for i in range(132)))
    assert tatham.read(*tatham.write(big).split(":", 1)) == big
    with pytest.raises(ValueError, match="holds 19 numbers"):
        tatham.read("3", "2132020322103010113")
    with pytest.raises(ValueError, match="above the order 3"):
        tatham.read("3dt", "21320203221030101134")
