"""Tatham's puzzles read into our formats: every converted puzzle has exactly one solution.

His generators only print puzzles with one solution, and a wrong reading of a description
(rows for columns, a shifted cell, a box on its side) almost never keeps exactly one, so
uniqueness is what shows the converter right; no answers are written down here. The fixtures
are game IDs his generators printed; the live tests run the generators when Debian's
``sgt-puzzles`` is installed and are skipped otherwise.
"""

from __future__ import annotations

import dataclasses

import pytest

import puzzlekit
from benchmarks import tatham

#: game IDs from his generators, full parameters (with the level) or as ``--generate`` prints
#: them (without); a few per game, picked to cover the encodings' corners
FIXTURES: dict[str, tuple[str, ...]] = {
    "pearl": (
        "6x6dt:BcWiWWcWWbWdWWaWd",
        "6x6de:cWaBfBaBWaWbWfBbBe",
        "8x8:bBaBbBWhWbBfWBbBcWgBhBaBaBcWbB",
    ),
    "loopy": (
        "5x5t0dh:333a32b123a32a2f2a3",
        "5x5t0de:a2a2b0b331f3b210a",
        "7x7t0:a32b2312a31a22c1a3a13d2b1a2a21a3a312b1b3",
    ),
    "bridges": (
        "7x7i30e10m2d2:3e2b2b4n1b2b4h3a3b2a",
        "7x7i30e10m2d0:1c3a2g4c6a6g6e4g3e1",
        "7x7m2:4e4b3a4b3j2b3a5c6h1d3",
    ),
    "tracks": (
        "6x6dh:x5e9e,S4,6,2,2,3,5,5,2,3,3,S4,5",
        "6x6dt:5zfCb,3,5,4,S4,4,3,S2,2,5,5,5,4",
        "8x8:s9zj5dAb,5,4,4,2,2,S8,4,3,3,3,8,5,3,3,3,S4",
    ),
    "tents": (
        "6x6dt:aei_hacb,1,1,2,0,1,2,1,1,1,1,2,1",
        "6x6de:ch_ebdcd,2,1,1,1,1,1,1,1,0,3,0,2",
        "10x10:_gcb_hbbbia__azd_chba_,4,0,2,1,2,3,2,2,0,4,3,2,1,4,1,2,1,1,3,2",
    ),
    "solo": (
        "3x3du:4b6c9_2c4b7_1b5_6b1e7d8b8a9a5a7b4d2e7b9_2b2_4b3c7_6c2b8",
        "2x3da:a1_5c2g6a4b5a6g3c1_2a",
        "3x4db:b9_7b6d2a5_1_6d10a4_11d9b8c6_12a7_8c2_4a9g3b5_11c5a12b9c3_5c7b12a8c2_8b6g6a10_2c9_4a"
        "12_10c4b6d4_9a2d5_10_12a11d9b8_2b",
    ),
}

#: the games this file covers live; tests/test_tatham_ids.py covers every genre's part
LIVE = [(name, level) for name in FIXTURES for level, _ in tatham.GAMES[name].levels]


def unique(game: str, game_id: str | tatham.Described) -> bool:
    puzzle = tatham.read(game, game_id)
    assert puzzle == puzzlekit.load(tatham.game(game).genre, tatham.convert(game, game_id))
    result = puzzlekit.solve(puzzle, unique=True, time_limit=120)
    assert result.status == "solved", game_id
    return result.unique


def installed(game: str) -> bool:
    try:
        tatham.game(game).binary()
    except tatham.TathamMissing:
        return False
    return True


def test_every_game_has_a_genre_and_levels():
    assert set(FIXTURES) <= set(tatham.GAMES) and len(tatham.GAMES) == 28
    assert {g.genre for g in tatham.GAMES.values()} >= {
        "masyu", "slitherlink", "hashi", "tracks", "tents", "sudoku", "nonogram", "patches",
        "killersudoku", "jigsawsudoku", "fourcolour", "skyscrapers"}
    for g in tatham.GAMES.values():
        assert all(size in g.sizes for _, size in g.smallest), g.name
        for level, _ in g.levels:
            assert g.params(level, g.small_for(level)).startswith(g.small_for(level)), (g.name, level)


@pytest.mark.parametrize("game,game_id", [(g, i) for g, ids in FIXTURES.items() for i in ids])
def test_fixture_converts_to_a_unique_puzzle(game, game_id):
    assert unique(game, game_id) is True


def test_tracks_ends_and_pieces():
    puzzle = tatham.read("tracks", "6x6dh:x5e9e,S4,6,2,2,3,5,5,2,3,3,S4,5")
    assert puzzle.cols == (4, 6, 2, 2, 3, 5) and puzzle.rows == (5, 2, 3, 3, 4, 5)
    assert (puzzle.start, puzzle.end) == ((4, 0), (5, 0))
    assert puzzle.givens == (((4, 0), "LR"), ((5, 0), "DR"))


def test_solo_boxes_and_bigger_numbers():
    puzzle = tatham.read("solo", FIXTURES["solo"][2])
    assert puzzle.box == (3, 4) and len(puzzle.grid) == 12
    assert puzzle.grid[0] == (0, 0, 9, 7, 0, 0, 6, 0, 0, 0, 0, 2)
    small = tatham.read("solo", "2x3da:a1_5c2g6a4b5a6g3c1_2a")
    assert small.box == (2, 3) and small.grid[0] == (0, 1, 5, 0, 0, 0)


def test_the_game_names_and_levels():
    assert tatham.game("masyu") is tatham.game("sgt-pearl") is tatham.GAMES["pearl"]
    assert [x for _, x in tatham.GAMES["solo"].levels] == list("tbiaeu")
    assert tatham.GAMES["loopy"].params("hard") == "10x10t0dh"
    assert tatham.GAMES["bridges"].params("medium", "7x7") == "7x7i30e10m2d1"
    assert tatham.GAMES["solo"].params("trivial") == "3x3"
    assert tatham.GAMES["solo"].params("u") == "3x3du"
    assert tatham.GAMES["solo"].params("trivial", "2x2") == "2x2"
    with pytest.raises(ValueError, match="all trivial"):
        tatham.GAMES["solo"].params("basic", "2x2")
    with pytest.raises(ValueError, match="tricky"):
        tatham.GAMES["pearl"].params("hard")
    with pytest.raises(ValueError, match="unknown game"):
        tatham.game("mines")


MALFORMED = [
    ("pearl", "BcWiWWcWWbWdWWaWd", "PARAMS:DESCRIPTION"),
    ("pearl", "6x6:BcWiWWcWWbWdWWaW", "covers 32 cells, not 36"),
    ("pearl", "6x6:BcWiWWcWWbWdWWaWdB", "covers 37 cells"),
    ("pearl", "6x6:BcXiWWcWWbWdWWaWd", "unexpected 'X'"),
    ("pearl", "six:BcWiWWcWWbWdWWaWd", "size"),
    ("loopy", "5x5t1:333a32b123a32a2f2a3", "not the square grid"),
    ("loopy", "2x2t0:4c", "clue is 0-3"),
    ("bridges", "7x7m3:3e2b2b4n1b2b4h3a3b2a", "at most 3 bridges"),
    ("bridges", "7x7i30e10m2Ld2:3e2b2b4n1b2b4h3a3b2a", "loops forbidden"),
    ("bridges", "3x1m2:9a1", "takes 1-8 bridges"),
    ("bridges", "3x1m2:2a!", "unexpected '!'"),
    ("tracks", "6x6:x5e9e,4,6,2,2,3,5,5,2,3,3,S4,5", "one column and one row marked"),
    ("tracks", "6x6:x5e9e,S4,6,2,2,3,5,5,2,3,3,S4", "11 counts"),
    ("tracks", "6x6:x7e9e,S4,6,2,2,3,5,5,2,3,3,S4,5", "does not join two sides"),
    ("tracks", "6x6:x5e9e,S4,6,2,x,3,5,5,2,3,3,S4,5", "not a number"),
    ("tents", "6x6:aei_hac,1,1,2,0,1,2,1,1,1,1,2,1", "cover"),
    ("tents", "6x6:aei_hacb,1,1,2,0,1,2,1,1,1,1,2", "counts"),
    ("tents", "6x6:aeiBhacb,1,1,2,0,1,2,1,1,1,1,2,1", "unexpected 'B'"),
    ("solo", "9j:a", "jigsaw"),
    ("solo", "3x3x:a", "not 81"),
    ("solo", "3x3k:a", "killer"),
    ("solo", "2x2:a5n", "outside 1..4"),
]


@pytest.mark.parametrize("game,game_id,message", MALFORMED)
def test_malformed_descriptions_are_refused(game, game_id, message):
    with pytest.raises(ValueError, match=message):
        tatham.convert(game, game_id)


def test_read_save():
    text = ("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nGAME    :5:Pearl\n"
            "CPARAMS :5:8x8dt\nSEED    :3:abc\nDESC    :6:a:b\ncd\n")
    fields = tatham.read_save(text)
    assert fields["CPARAMS"] == "8x8dt" and fields["SEED"] == "abc" and fields["DESC"] == "a:b\ncd"


def test_missing_package_is_named(monkeypatch, capsys):
    monkeypatch.setattr(tatham.shutil, "which", lambda *a, **k: None)
    with pytest.raises(tatham.TathamMissing, match="apt-get install sgt-puzzles"):
        tatham.generate("pearl", "easy", 1)
    assert tatham.main(["pearl", "easy", "1"]) == 2
    assert "apt-get install sgt-puzzles" in capsys.readouterr().err


def test_seeds_follow_his_rule():
    assert [tatham.seed_of("x", i) for i in range(3)] == ["x", "x-1", "x-2"]


@pytest.mark.parametrize("game,level", LIVE)
def test_fresh_puzzles_are_unique(game, level):
    if not installed(game):
        pytest.skip(f"sgt-{game} is not installed (apt-get install sgt-puzzles)")
    g = tatham.GAMES[game]
    small = g.small_for(level)
    found = tatham.generate(game, level, 5, f"test-{level}", small, time_limit=60)
    assert len(found) == 5 and all(d.params == g.params(level, small) for d in found)
    for d in found:
        assert unique(game, d) is True, d.game_id


def test_same_seed_same_puzzles_and_the_command(tmp_path):
    if not installed("tents"):
        pytest.skip("sgt-tents is not installed (apt-get install sgt-puzzles)")
    two = tatham.generate("tents", "tricky", 2, "same", "6x6")
    assert [d.desc for d in two] == [d.desc for d in tatham.generate("tents", "tricky", 2, "same", "6x6")]
    assert two[1].desc == tatham.generate("tents", "tricky", 1, "same-1", "6x6")[0].desc
    assert all(d.seconds >= 0 and d.wall_seconds > 0 for d in two)
    assert tatham.main(["tents", "t", "2", "--seed", "same", "--size", "6x6", "--out", str(tmp_path)]) == 0
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["tents-6x6dt-same-1.txt", "tents-6x6dt-same.txt"]
    assert puzzlekit.load("tents", files[1]) == tatham.read("tents", two[0])


def test_the_check_mode_reads_solves_and_writes_back(capsys):
    if not installed("pearl"):
        pytest.skip("sgt-pearl is not installed (apt-get install sgt-puzzles)")
    g = tatham.GAMES["pearl"]
    d = tatham.generate("pearl", "easy", 1, "round", "6x6")[0]
    assert tatham.check_one(g, d) is None
    assert tatham.check_one(tatham.GAMES["loopy"], d) == "read as masyu, not slitherlink"
    assert tatham.main(["check", "1", "--game", "tents", "--time-limit", "60"]) == 0
    assert "total: 6/6 passed (100.0%)" in capsys.readouterr().out


def test_the_check_counts_stages_and_tells_undecided_from_a_second_solution(monkeypatch):
    if not installed("pearl"):
        pytest.skip("sgt-pearl is not installed (apt-get install sgt-puzzles)")
    g = tatham.GAMES["pearl"]
    d = tatham.generate("pearl", "easy", 1, "stages", "6x6")[0]
    done = tatham.round_of(g, d)
    assert done.why is None and done.stages == tatham.STAGES and done.seconds >= 0
    tally = tatham.Tally("pearl", "easy", "6x6", passed=1, seconds=[done.seconds])
    tally.reached.update(dict.fromkeys(done.stages, 1))
    assert "1 puzzles: read 1 solved 1 unique 1 verified 1 written 1" in tatham.summary([tally])[0]
    real = puzzlekit.solve

    def undecided(puzzle, **options):
        return dataclasses.replace(real(puzzle, **options), unique=None, unique_reason="time limit")

    monkeypatch.setattr(puzzlekit, "solve", undecided)
    done = tatham.round_of(g, d)
    assert done.stages == ("read", "solved") and "uniqueness undecided (time limit)" in done.why
