"""Simon Tatham's game IDs in and out, for every genre that has a part (``genres/NAME/tatham.py``).

The genres are found, not listed: a genre that gains a part is covered here when it lands.
Fresh IDs come from his generators (Debian's ``sgt-puzzles``) at his smallest preset of each
level; the tests that need one are skipped where it is not installed. An ID read wrongly
(rows for columns, a shifted cell) almost never keeps exactly one solution, so "auto finds
exactly one, and verify accepts it" is what shows a reading right; writing it back must give
his ID byte for byte.
"""

from __future__ import annotations

import subprocess
from types import SimpleNamespace

import pytest
from conftest import EXAMPLES, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzlekit
from benchmarks import tatham as bench
from puzzlekit import genres
from puzzlekit.errors import ParseError
from puzzlekit.formats import tatham

PARTS = tatham.parts()
#: his game of each genre with a part (Solo's modes are separate games of the same program;
#: where two games share a genre, the first: Unequal rather than its Adjacent mode)
GAMES = {g.genre: g for g in reversed(bench.GAMES.values()) if g.genre in PARTS}
CASES = [(genre, level) for genre, g in GAMES.items() for level, _ in g.levels]


def fresh(g: bench.Game, level: str, count: int = 2) -> list[str]:
    """``count`` IDs as his generator prints them, at his smallest preset of the level."""
    try:
        binary = g.binary()
    except bench.TathamMissing:
        pytest.skip(f"sgt-{g.program or g.name} is not installed (apt-get install sgt-puzzles)")
    params = g.params(level, g.small_for(level))
    done = subprocess.run([binary, "--generate", str(count), f"{params}#ids-{level}"],
                          capture_output=True, text=True, timeout=120, check=True)
    ids = done.stdout.split()
    assert len(ids) == count, done.stdout
    return ids


def test_every_part_has_a_game_and_names_it():
    assert {"masyu", "slitherlink", "hashi", "tracks", "tents", "nonogram", "patches"} <= set(PARTS)
    for genre, part in PARTS.items():
        assert genre in GAMES, f"{genre}'s part has no game in benchmarks/tatham.py"
        assert part.GAME == (GAMES[genre].program or GAMES[genre].name) and part.TITLE
        assert tatham.names_game(part.GAME)


def inferred(game_id: str, genre: str) -> tuple[str, object]:
    """The ID read with the game inferred; where the spelling of two games cannot tell them
    apart (the same size and run-length digits), the refusal must name this genre's game among
    them, and the ID is then read with the genre named, as a user would."""
    try:
        return tatham.read(game_id)
    except ParseError as exc:
        assert "more than one game" in str(exc) and f"({genre})" in str(exc), (game_id, str(exc))
        return tatham.read(game_id, genre)


@pytest.mark.parametrize("genre,level", CASES)
def test_fresh_ids_read_solve_and_write_back(genre, level):
    for game_id in fresh(GAMES[genre], level):
        found, puzzle = inferred(game_id, genre)
        assert found == genre, game_id
        result = puzzlekit.solve(puzzle, unique=True, time_limit=120)
        assert result.status == "solved" and result.unique is True, game_id
        assert genres.get(genre).verify(puzzle, result.solutions[0]) == [], game_id
        written = tatham.write(puzzle)
        assert tatham.read(written, genre)[1] == puzzle
        if not getattr(PARTS[genre], "SPELLINGS_EQUIVALENT", False):
            assert written == game_id


#: IDs his generators printed, one per genre of the parts kept since before this file
KNOWN = {
    "masyu": "6x6:bBBnWaWaBcWcBcWa",
    "slitherlink": "7x7t0:a33c32b2e3a1a1f12b302a3a2a2c23a32a",
    "hashi": "7x7m2:4b6a4g2g4b3k2c4a2c3a4",
    "tracks": "8x8:c5lCj6aAa6e3xCa,2,2,5,3,2,7,S7,6,3,5,S6,7,5,3,3,2",
    "tents": "10x10:_gcb_hbbbia__azd_chba_,4,0,2,1,2,3,2,2,0,4,3,2,1,4,1,2,1,1,3,2",
    "nonogram": "5x5:4/3/2/2/1.1/3/4/2/2/1.1",
    "patches": "13x13:l2_3b22l12o27e2n8n2_3e4w20a3a10_3d14c2a2l5e6g6_3f7b3b",
}


@pytest.mark.parametrize("genre", sorted(KNOWN))
def test_known_ids_infer_their_genre_and_name_it_too(genre):
    game_id = KNOWN[genre]
    found, puzzle = tatham.read(game_id)
    assert found == genre and tatham.write(puzzle) == game_id
    game = PARTS[genre].GAME
    assert tatham.read(game_id, game) == (genre, puzzle)  # his game's name
    assert tatham.read(game_id, genre) == (genre, puzzle)  # ours
    assert tatham.read(f"{game}:{game_id}") == (genre, puzzle)  # the ID prefixed
    assert puzzlekit.load(None, game_id) == puzzle == puzzlekit.load(game, game_id)


def test_a_save_file_names_its_game(tmp_path):
    desc = KNOWN["patches"].split(":", 1)[1]
    text = (f"SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\nGAME    :10:Rectangles\n"
            f"PARAMS  :9:13x13e4a\nCPARAMS :5:13x13\nDESC    :{len(desc)}:{desc}\nNSTATES :1:1\n")
    path = tmp_path / "rect.sav"
    path.write_text(text)
    assert puzzlekit.load(None, path) == tatham.read(KNOWN["patches"])[1]
    with pytest.raises(ParseError, match="runs past its end"):
        tatham.read(text.replace(f":{len(desc)}:", f":{len(desc) + 99}:"))


MALFORMED = [
    ("6x6:bBBnWaWaBcWcBcW", "pearl", "covers 35 cells, not 36"),
    ("6x6:bBBnWaWaBcWcBcWaW", "pearl", "covers 37 cells"),
    ("6x6:bBBnWaWaXcWcBcWa", "pearl", "unexpected 'X'"),
    ("6x6dq:bBBnWaWaBcWcBcWa", "pearl", "a size and a level"),
    ("7x7t1:a33c32b2e3a1a1f12b302a3a2a2c23a32a", "loopy", "not the square grid"),
    ("7x7m3:4b6a4g2g4b3k2c4a2c3a4", None, "at most 3 bridges"),
    ("5x5:4/3/2/2/1.1/3/4/2/2", "pattern", "9 clues, not 5 columns"),
    ("5x5:4/3/2/2/1.1/3/4/2/2/1.1,a", "pattern", "given at the start"),
    ("5x5:4/3/2/2/1.x/3/4/2/2/1.1", "pattern", "not numbers joined by '.'"),
    ("5x5:4a4d2_2b2_4f2b3a", "rect", "covers 24 cells, not 25"),
    ("6x6:bBBnWaWaBcWcBcWa", "chess", "neither a genre nor one of his games"),
    ("6x6:bBBnWaWaBcWcBcWa", "mines", "minesweeper has no form among Simon Tatham's games"),
    ("6x6:bBBnWaWaBcWcBcWa", "queens", "queens has no form among Simon Tatham's games"),
    ("pearl:6x6:bBBnWaWaBcWcBcWa", "bridges", "differ"),
    ("6x6:bBBnWaWaBcWcBcW", None, "no game here reads this ID"),
    ("hello", None, "a game ID is PARAMS:DESC"),
]


@pytest.mark.parametrize("game_id,genre,words", MALFORMED)
def test_malformed_ids_name_the_problem(game_id, genre, words):
    with pytest.raises(ParseError, match=words):
        tatham.read(game_id, genre)


def test_his_full_parameters_infer_the_game_too():
    # a save file or the benchmark spells every setting and the level: the game whose own
    # (shorter) spelling they hold in order is the one
    for genre, full in (("slitherlink", "7x7t0dh"), ("hashi", "7x7i30e10m2d1"), ("masyu", "6x6dt"),
                        ("nonogram", "5x5"), ("patches", "13x13e4a")):
        desc = KNOWN[genre].split(":", 1)[1]
        assert tatham.read(f"{full}:{desc}")[0] == genre, full


def test_an_id_of_a_game_not_here_is_not_taken_for_another():
    # Loopy on triangles: its description spells clues as square Loopy and others do, so every
    # part must refuse parameters its game never has
    with pytest.raises(ParseError, match="not the square grid"):
        tatham.read("7x7t1:a33c32b2e3a1a1f12b302a3a2a2c23a32a")


def test_a_refusal_about_the_description_comes_first():
    with pytest.raises(ParseError, match=r"this ID \(Bridges with at most 3 bridges"):
        tatham.read("7x7m3:4b6a4g2g4b3k2c4a2c3a4")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["3x3", "4x4", "5x5t0", "5x5m2", "4x4dt", "4", "5de"]),
       st.text(alphabet="0123456789abcdyzBW_/.,S:", max_size=40))
def test_any_description_is_read_or_refused_in_one_line(params, desc):
    try:
        genre, puzzle = tatham.read(f"{params}:{desc}")
    except ParseError as exc:
        assert "\n" not in str(exc)
    else:
        assert genres.module_of(puzzle).NAME == genre


def test_more_than_one_reading_asks_for_the_game(monkeypatch):
    def part(game: str, spelled: str) -> SimpleNamespace:
        return SimpleNamespace(GAME=game, TITLE=game.title(), read=lambda params, desc: (game, desc),
                               write=lambda puzzle: spelled)

    monkeypatch.setattr(tatham, "_PARTS", {"masyu": part("one", "x"), "hashi": part("two", "y")})
    with pytest.raises(ParseError, match=r"more than one game: one \(masyu\), two \(hashi\); name the genre"):
        tatham.read("3x3:abc")
    assert tatham.read("3x3:abc", "two") == ("hashi", ("two", "abc"))
    # the one whose writing gives the ID back wins
    monkeypatch.setattr(tatham, "_PARTS", {"masyu": part("one", "3x3:abc"), "hashi": part("two", "y")})
    assert tatham.read("3x3:abc")[0] == "masyu"
    # else the one whose own parameters the given ones hold, the most of them
    two = {"masyu": part("one", "3x3:abc"), "hashi": part("two", "3x3t0:abc")}
    monkeypatch.setattr(tatham, "_PARTS", two)
    assert tatham.read("3x3t0dh:abc")[0] == "hashi"
    assert tatham.read("3x3q:abc")[0] == "masyu"
    # then the one whose generator could have made its reading, ahead of one that does not say
    odd, sure = part("two", "3x3:abc"), part("three", "3x3:abc")
    odd.fits, sure.fits = (lambda puzzle: False), (lambda puzzle: True)
    monkeypatch.setattr(tatham, "_PARTS", {"masyu": part("one", "3x3:abc"), "hashi": odd})
    assert tatham.read("3x3:abc")[0] == "masyu"
    monkeypatch.setattr(tatham, "_PARTS", {"masyu": part("one", "3x3:abc"), "tents": sure})
    assert tatham.read("3x3:abc")[0] == "tents"


@pytest.mark.parametrize("genre", sorted(KNOWN))
def test_his_puzzles_fit(genre):
    part, puzzle = PARTS[genre], tatham.read(KNOWN[genre])[1]
    if not hasattr(part, "fits"):
        pytest.skip(f"{genre}'s part does not say")
    assert part.fits(puzzle) is True


@pytest.mark.parametrize("genre,game_id", [
    ("patches", "5x5:4a4d2_2b2_4f2b3a3"),  # the areas add up to 26
    ("hashi", "3x1m2:1a2"),  # an odd number of bridge ends
    ("tents", "2x2:_c,1,1,1,1"),  # two tents and one tree
    ("mosaic", "3x3:9h"),  # a 9 in a corner, whose block has 4 cells
    ("kurodoko", "3x3:6h"),  # a 6 where a cell sees 5 at most
    ("lightup", "3x3:3h"),  # a 3 in a corner, beside 2 cells
])
def test_puzzles_his_generator_never_makes_do_not_fit(genre, game_id):
    assert PARTS[genre].fits(tatham.read(game_id, genre)[1]) is False


def test_write_refuses_what_his_game_cannot_hold():
    with pytest.raises(ParseError, match="no form among Simon Tatham's games"):
        tatham.write(puzzlekit.load("queens", EXAMPLES / "queens01.txt"))
    shaped = puzzlekit.load("patches", "4s . .\n. . .\n")
    with pytest.raises(ParseError, match="areas alone"):
        tatham.write(shaped)


def test_the_command_line_reads_an_id_and_writes_one():
    game_id = KNOWN["masyu"]
    solved = run_cli("solve", game_id, "--unique")
    assert solved.returncode == 0 and b"unique: yes" in solved.stdout
    assert run_cli("url", "--tatham", "pearl", game_id).stdout.decode().strip() == game_id
    pattern = run_cli("url", "--tatham", KNOWN["nonogram"])  # '/' in it: still an ID, not a path
    assert pattern.returncode == 0 and pattern.stdout.decode().strip() == KNOWN["nonogram"]
    back = run_cli("url", "--tatham", "tracks", str(EXAMPLES / "tracks01.txt"))
    assert back.returncode == 0
    assert tatham.read(back.stdout.decode().strip())[1] == puzzlekit.load("tracks", EXAMPLES / "tracks01.txt")
    bad = run_cli("solve", "6x6:bBBnWaWaBcWcBcW")
    assert bad.returncode == 2 and b"covers 35 cells" in bad.stderr
    assert b"Tatham" in run_cli("url", "--help").stdout


def test_check_takes_his_game_name_for_an_id(tmp_path):
    game_id = KNOWN["patches"]
    answer = tmp_path / "answer.json"
    solved = run_cli("solve", "rect", game_id, "-f", "json")
    answer.write_bytes(solved.stdout)
    checked = run_cli("check", "rect", game_id, str(answer))
    assert checked.returncode == 0 and b"valid" in checked.stdout
    other = run_cli("check", "rect", KNOWN["masyu"], str(answer))  # a Pearl ID is no Rect one
    assert other.returncode == 2 and b"Rectangles" in other.stderr


def test_a_part_that_cannot_tell_ranks_with_one_that_does_not_say(monkeypatch):
    def part(game: str, fits: object) -> SimpleNamespace:
        return SimpleNamespace(GAME=game, TITLE=game.title(), read=lambda params, desc: (game, desc),
                               write=lambda puzzle: "3x3:abc", fits=fits)

    unsure, odd = part("one", lambda puzzle: None), part("two", lambda puzzle: False)
    monkeypatch.setattr(tatham, "_PARTS", {"masyu": unsure, "hashi": odd})
    assert tatham.read("3x3:abc")[0] == "masyu"
    monkeypatch.setattr(tatham, "_PARTS", {"masyu": unsure, "hashi": part("two", None)})
    with pytest.raises(ParseError, match="more than one game"):
        tatham.read("3x3:abc")
    monkeypatch.setattr(tatham, "_PARTS", {"masyu": unsure, "hashi": part("two", lambda puzzle: True)})
    assert tatham.read("3x3:abc")[0] == "hashi"


@pytest.mark.parametrize("game", ["mosaic", "range", "lightup", "filling"])
def test_his_fresh_ids_are_never_said_not_to_fit(game):
    # a part's `fits` steps its game aside: it must never do so for one of his own IDs
    g = bench.GAMES[game]
    for level, _ in g.levels:
        for game_id in fresh(g, level, 4):
            puzzle = tatham.read(game_id, g.genre)[1]
            fits = getattr(PARTS[g.genre], "fits", None)
            assert fits is None or fits(puzzle) is not False, game_id


def test_filling_ids_that_mosaic_cannot_hold_are_filling():
    # Filling and Mosaic spell a grid alike (digits and run letters); a Filling number too big
    # for its cell's 3x3 block settles the game
    g = bench.GAMES["filling"]
    settled = 0
    for game_id in fresh(g, "normal", 6):
        puzzle = tatham.read(game_id, "mosaic")[1]
        if PARTS["mosaic"].fits(puzzle) is False:
            settled += 1
            assert tatham.read(game_id)[0] == "fillomino", game_id
    assert settled > 0


#: his Tents 15x15dt seed check-3: 25 empty cells and then a tree, which he writes ``y``
TENTS_25 = ("15x15:acbbhiaa_eaqfac_daiyeeaa_a_b_aki_dfcfd_dgeacaa,5,2,5,1,6,1,4,2,4,0,4,3,2,4,2,"
            "2,5,1,3,3,3,3,2,2,5,2,3,4,0,7")


def test_a_run_of_25_before_a_tree_is_written_as_he_writes_it():
    puzzle = tatham.read(TENTS_25)[1]
    assert tatham.write(puzzle) == TENTS_25
    # 26 empty cells and a tree: the letter that only skips, then one cell and a tree
    longer = TENTS_25.replace("daiye", "dahzae")
    assert tatham.write(tatham.read(longer, "tents")[1]) == longer


def test_his_tents_with_a_run_of_25_before_a_tree_write_back():
    g = bench.GAMES["tents"]
    try:
        binary = g.binary()
    except bench.TathamMissing:
        pytest.skip("sgt-tents is not installed (apt-get install sgt-puzzles)")
    game_id = subprocess.run([binary, "--generate", "1", "15x15dt#check-3"], capture_output=True,
                             text=True, timeout=120, check=True).stdout.strip()
    assert tatham.write(tatham.read(game_id)[1]) == game_id
