"""Yajilin: a small puzzle on every backend, each broken rule caught by verify, the file, JSON
and state forms, the puzz.link golden and pzprjs's own judge."""

from __future__ import annotations

import json

import pytest
from kit_checks import every_backend_finds
from pzprjs_judge import broken_boards_fail, golden, golden_answer

from puzzlekit import api, formats
from puzzlekit.errors import ParseError
from puzzlekit.genres import yajilin

# Made by hand (clues added until the answer was the only one); its answer, checked by hand:
#   ┌─────────┐
#   │ → # ↓ ┌─┘
#   │ ┌─┐ # └─┐
#   │ │ └─┐ ↓ │
#   └─┘ ┌─┘ # │
#   ↑ # └─────┘
TEXT = ("......\n.X.X..\n......\n....X.\n......\nX.....\n\n"
        ". . . . . .\n. 1E . 1S . .\n. . . . . .\n. . . . 1S .\n. . . . . .\n0N . . . . .\n")
SHADED = frozenset({(1, 2), (2, 3), (4, 4), (5, 1)})


def puzzle():
    return yajilin.parse(TEXT, "yj.txt")


def solved():
    p = puzzle()
    result = api.solve(p, unique=True)
    assert result.status == "solved" and result.unique is True
    return p, result.solutions[0]


def test_the_puzzle_has_one_answer_and_it_is_valid():
    p, s = solved()
    assert p.shaded(s.edges) == SHADED
    assert yajilin.verify(p, s) == []
    assert len(s.edges) == 36 - 4 - 4  # every cell but the clues and the shaded ones


def test_the_file_reads_and_writes_back():
    p = puzzle()
    assert p.clues("arrows") == [((1, 1), "1E"), ((1, 3), "1S"), ((3, 4), "1S"), ((5, 0), "0N")]
    assert yajilin.parse(yajilin.format(p), "again") == p


@pytest.mark.parametrize(("text", "where", "words"), [
    ("..\n.X\n\n. .\n. 2Q\n", "bad.txt:5:3", "expected an arrow clue"),
    ("..\n..\n\n. .\n. 2N\n", "bad.txt:5:3", "is not in a clue cell"),
    ("..\n...\n\n. .\n. .\n", "bad.txt:2:", "ragged grid"),
])
def test_a_bad_file_is_refused_at_its_place(text, where, words):
    with pytest.raises(ParseError) as caught:
        yajilin.parse(text, "bad.txt")
    assert where in str(caught.value) and words in str(caught.value)


def test_solution_json_and_state_round_trip():
    p, s = solved()
    assert yajilin.solution_from_json(p, json.loads(json.dumps(s.to_json()))) == s
    state = yajilin.state_from_json(p, {"edges": [[[0, 0], [0, 1]]], "no_edges": [[[1, 0], [1, 1]]]})
    assert yajilin.state_from_json(p, yajilin.state_to_json(p, state)) == state


def edges_without(s, *cut):
    return yajilin.Solution(edges=frozenset(s.edges) - set(cut))


def test_each_broken_rule_is_caught():
    p, s = solved()
    # the loop into a clue cell
    into = yajilin.Solution(edges=s.edges | {((0, 1), (1, 1))})
    assert "the loop enters the clue cell (1, 1)" in yajilin.verify(p, into)
    # a loop cut open
    cut = edges_without(s, ((0, 0), (0, 1)))
    assert "the line ends at (0, 0)" in yajilin.verify(p, cut)
    # two loops: the 2x2 block at (2, 1)-(3, 2) split off is a second loop of the same cells
    two = yajilin.Solution(edges=frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1)), ((0, 0), (1, 0)),
                                            ((1, 0), (1, 1)), ((3, 3), (3, 4)), ((3, 4), (4, 4)),
                                            ((3, 3), (4, 3)), ((4, 3), (4, 4))}))
    assert "the line is in 2 separate pieces, not one loop" in yajilin.verify(p, two)
    # shaded cells side by side, and an arrow that counts wrong: the cells of the loop left out
    sparse = yajilin.verify(p, two)
    assert any("are side by side" in x for x in sparse)
    assert any(x.startswith("the arrow 0N at (5, 0) points at") for x in sparse)


def test_every_installed_backend_finds_the_one_answer():
    every_backend_finds(*solved())


def test_the_puzzlink_golden_round_trips_and_its_solved_board_passes():
    record, p, answer = golden_answer("yajilin", "yajilin", yajilin.verify)
    assert broken_boards_fail(record, yajilin.verify)  # pzprjs's broken boards are refused or fail here


def test_our_puzzle_round_trips_through_a_url_and_pzprjs_judges_our_answer_complete():
    from pzprjs_judge import judge

    p, s = solved()
    assert formats.read(formats.to_url(p)) == ("yajilin", p)
    assert judge(p, s)["complete"] is True
    genre, q = formats.read(golden("yajilin")["url"])
    assert judge(q, api.solve(q).solutions[0])["complete"] is True


@pytest.mark.parametrize("level", ["pairs", "trial"])
def test_generated_puzzles_are_unique(level):
    from puzzlekit.generate import generate

    (made,) = generate("yajilin", 6, 6, level=level, seed=3, nearest=True)
    assert api.is_unique(made.puzzle)
    assert yajilin.verify(made.puzzle, made.solution) == []
    again = next(iter(generate("yajilin", 6, 6, level=level, seed=made.seed, nearest=True)))
    assert yajilin.format(again.puzzle) == yajilin.format(made.puzzle)


@pytest.mark.corpus
def test_pzprjs_judges_our_answers_to_published_puzzles_complete(corpus):
    from pzprjs_judge import judge

    from benchmarks import sw_corpus

    spec = sw_corpus.GENRES["yajilin"]
    found = sw_corpus.entries(corpus, "yajilin")
    data = {k: e for k, e in found.items() if sw_corpus.size(e["problem"])[0] <= 12}  # small ones: quick
    for key, entry in sw_corpus.sample(data, 5):
        p = spec.convert(entry["problem"])
        if p is None:
            continue
        (s,) = api.solve(p, unique=True).solutions
        assert judge(p, s)["complete"] is True, key
