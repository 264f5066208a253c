"""puzz.link URLs and pzprv3 boards against the pzprjs test data in ../shared/pzprjs.

The data (MIT, "Puzzle test data from pzprjs (https://github.com/robx/pzprjs), © sabo2,
Robert Vollmert and contributors") is read in place; the tests that need it are skipped when
it is absent. What is checked:

- every record of our genres (goldens, extras, the generated non-square vectors): the URL
  decodes to the record's neutral clues, re-encodes byte for byte, and the clue-only pzprv3
  file we write is the one pzprjs writes;
- every golden of our genres: decoded, solved on every installed backend (all of them: the
  boards are at most 6x6 and each solve takes well under a second), the unique answer equals
  the solved board; decode then encode gives the URL back; each failing board
  (``failchecks``) is rejected, by ``verify`` with the message `FAILCODES` names or, where
  the board holds no answer our genre can hold, on reading;
- Hypothesis: random puzzles of every supported genre survive URL and pzprv3 round trips;
  mutated URLs and pzprv3 texts give a puzzle or one ParseError line, never another error.
"""

from __future__ import annotations

import json
import re
import string

import pytest
from conftest import ROOT, SHARED
from hypothesis import given
from hypothesis import strategies as st
from importgraph import import_graph

import puzzlekit
from puzzlekit import backends, formats, genres
from puzzlekit.errors import ParseError
from puzzlekit.formats import board as fboard
from puzzlekit.formats import convert, puzzlink, pzprv3
from puzzlekit.genres import numberlink, patches, queens, starbattle, sudoku, tents, tracks, zip

DATA = SHARED / "pzprjs"
OURS = set(fboard.KINDS)


def records(name: str) -> list[dict]:
    path = DATA / f"{name}.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def ids(items: list[dict]) -> list[str]:
    return [f"{r['pid']}:{r['url_body'][:24]}" for r in items]


GOLDENS = [r for r in records("goldens") if r["pid"] in OURS]
BOARDS = [r for n in ("goldens", "extras", "vectors") for r in records(n) if r["pid"] in OURS]
VECTORS = [r for r in records("vectors") if r["pid"] in OURS]
OTHERS = [r for n in ("goldens", "vectors") for r in records(n) if r["pid"] not in OURS]
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="../shared/pzprjs is not present")
#: Goldens decoded into our genres (all of them: Tents reads its golden's counts left out).
SOLVABLE = GOLDENS
INSTALLED = [name for name, version in backends.installed().items() if version]

#: pzprjs failcode -> what rejects that board: ("verify", pattern one of verify's problems
#: matches) or ("read", pattern of the ParseError raised while reading its answer).
FAILCODES: dict[str, dict[str, tuple[str, str]]] = {
    "mashu": {
        "brNoLine": ("read", "the board stops early"),  # a bare size header
        "lnBranch": ("verify", r"the line branches at"),
        "lnCross": ("verify", r"the line branches at"),  # four ends meet: a branch to us
        "mashuWCurve": ("verify", r"the loop turns on the white pearl"),
        "mashuBStrig": ("verify", r"the loop goes straight on the black pearl"),
        "mashuBCvNbr": ("verify", r"the loop turns at .*, next to the black pearl"),
        "mashuWStNbr": ("verify", r"goes straight through both neighbours of the white pearl"),
        "mashuOnLine": ("verify", r"the loop does not pass through the (white|black) pearl"),
        "lnDeadEnd": ("verify", r"the line ends at"),
        "lnPlLoop": ("verify", r"separate pieces, not one loop"),
    },
    "numlin": {
        "brNoLine": ("read", "the board stops early"),
        "lnBranch": ("verify", r"lines branch at"),
        "lnCross": ("verify", r"lines cross at"),
        "lcTripleNum": ("verify", r"one line joins different numbers: .*, .*, "),
        "nmConnDiff": ("verify", r"one line joins different numbers"),
        "lcOnNum": ("verify", r"is not the end of a line"),
        "lnDeadEnd": ("verify", r"a line ends at .*, which holds no number"),
        "lcIsolate": ("verify", r"a stray (loop|line) through"),
        "nmNoLine": ("verify", r"no line leaves number"),
    },
    "hashikake": {
        "brNoLine": ("read", "the board stops early"),
        "nmLineGt": ("verify", "more bridge ends"),  # see _bridge_ends
        "lcDivided": ("verify", r"separate groups, not one"),
        "nmLineLt": ("verify", "fewer bridge ends"),
    },
    "slither": {
        "brNoLine": ("read", "the board stops early"),
        "lnBranch": ("verify", r"the line branches at"),
        "lnCross": ("verify", r"the line branches at"),
        "nmLineNe": ("verify", r"shows \d but the loop uses \d of its sides"),
        "lnPlLoop": ("verify", r"separate pieces, not one loop"),  # a board with a changed clue
        "lnDeadEnd": ("verify", r"the line ends at"),
        "cxNoLine": ("read", r"loop through every vertex"),  # a board with pflag f
    },
    "sudoku": {
        "bkDupNum": ("verify", r"box at .* repeats (0, )?[1-9]"),
        "nmDupRow": ("verify", r"(row|column) \d+ repeats (0, )?[1-9]"),
        "ceNoNum": ("verify", r"holds 0, not a digit"),
    },
    "nonogram": {"exNoMatch": ("verify", r"(row|column) \d+ has runs .*, the clue is")},
    "tents": {  # its golden leaves counts out, and so do its failing boards
        "nmTentNone": ("verify", r"trees left without a tent of their own"),
        "nmTreeNone": ("verify", r"tents left without a tree of their own"),
        "tentAround": ("verify", r"tents .* touch"),
        "exTentNe": ("verify", r"(row|column) \d+ has \d+ tents, the count is"),
        "nmTentLt": ("verify", r"trees left without a tent of their own"),
        "nmTentGt": ("verify", r"tents left without a tree of their own"),
    },
    "starbattle": {
        "starAround": ("verify", r"stars at .* touch"),
        "bkStarGt": ("verify", r"region . holds [2-9] stars"),
        "bkStarLt": ("verify", r"region . holds 0 stars"),
        "lnStarNe": ("verify", r"(row|column) \d+ holds [02-9] stars"),
    },
    "shikaku": {
        # unfinished walls: the regions they draw are no rectangles, or a wall stops inside one
        "bkNoNum": ("read", r"is not a rectangle"),
        "bkNumGe2": ("read", r"ends inside a region \(a dead end\)"),
        "bkNotRect": ("read", r"is not a rectangle"),
        "bkSizeNe": ("verify", r"has area \d+, its clue \d+ at .* asks"),
        "bdDeadEnd": ("read", r"ends inside a region \(a dead end\)"),
    },
}
FAILCODES["country"] = {
    "lnBranch": ("verify", r"the line branches at"),
    "lnCross": ("verify", r"the line branches at"),
    "bkPassTwice": ("verify", r"the loop enters room .* times"),
    "bkLineNe": ("verify", r"counts \d+ cells of its room|never visits room"),
    "bkNoLine": ("verify", r"the loop never visits room"),
    "cbNoLine": ("verify", r"of different rooms are both left out of the loop"),
    "lnDeadEnd": ("verify", r"the line ends at"),
    "lnPlLoop": ("verify", r"separate pieces, not one loop"),
}
FAILCODES["arukone"] = {
    **FAILCODES["numlin"],
    "brNoLine": ("verify", r"no line leaves number"),  # arukone's has a body with no lines
    "ceNoLine": ("verify", r"is on no path \(cover: all\)"),
}


def _bridge_ends(problems: list[str]) -> list[str]:
    """Hashi's count messages, with "more"/"fewer" said (pzprjs splits nmLineGt/nmLineLt)."""
    out = list(problems)
    for text in problems:
        m = re.fullmatch(r"the island (\d) at .* has (\d+) bridge ends", text)
        if m:
            out.append("more bridge ends" if int(m.group(2)) > int(m.group(1)) else "fewer bridge ends")
    return out


def answer_of(genre: str, puzzle, text: str):
    """The solution held by a pzprv3 board, read for this puzzle without comparing clues."""
    _, answer = pzprv3.read(text)
    return convert.to_solution(genre, puzzle, answer)


# board level: every record, every orientation ---------------------------------------------


@needs_data
@pytest.mark.parametrize("record", BOARDS, ids=ids(BOARDS))
def test_url_decodes_to_the_records_clues_and_encodes_back(record):
    board = puzzlink.decode(record["url"])
    assert board.to_json() == record["url_clues"]
    assert puzzlink.encode(board) == record["url"]


@needs_data
@pytest.mark.parametrize("record", VECTORS, ids=ids(VECTORS))
def test_we_write_the_clue_file_pzprjs_writes(record):
    board = puzzlink.decode(record["url"])
    assert pzprv3.write(board).replace("\n", "/") == record["clues_pzprv3"]
    assert pzprv3.read(record["clues_pzprv3"])[0] == board
    assert pzprv3.read(pzprv3.write(board))[0] == board


@needs_data
@pytest.mark.parametrize("record", GOLDENS, ids=ids(GOLDENS))
def test_solved_boards_carry_the_urls_clues(record):
    assert pzprv3.read(record["solved"])[0].to_json() == record["url_clues"]


@needs_data
@pytest.mark.parametrize("record", VECTORS, ids=ids(VECTORS))
def test_random_vectors_read_or_are_refused_in_one_line(record):
    """Vectors hold random clues ('?', single numbers, flags): most are refused, clearly."""
    try:
        genre, puzzle = formats.read(record["url"])
    except ParseError as exc:
        assert "\n" not in str(exc) and exc.reason
        return
    assert formats.to_url(puzzle) == record["url"]  # masyu 4x11: rows and columns kept apart
    assert formats.write_pzprv3(puzzle).replace("\n", "/") == record["clues_pzprv3"]


# goldens: decode, solve, compare, re-encode -----------------------------------------------


@needs_data
@pytest.mark.parametrize("record", SOLVABLE, ids=ids(SOLVABLE))
def test_golden_url_round_trip(record):
    genre, puzzle = formats.read(record["url"])
    assert genre == fboard.KINDS[record["pid"]].genre
    assert formats.to_url(puzzle) == record["url"]
    text = formats.write_pzprv3(puzzle)
    assert formats.read(text) == (genre, puzzle)


@needs_data
@pytest.mark.parametrize("backend", INSTALLED)
@pytest.mark.parametrize("record", GOLDENS, ids=ids(GOLDENS))
def test_golden_solves_to_its_board_on_every_backend(record, backend):
    puzzle = formats.read(record["url"])[1]
    genre = convert.genre_of(puzzle)[0]
    expected = answer_of(genre, puzzle, record["solved"])
    result = puzzlekit.solve(puzzle, backend=backend, unique=True, time_limit=60)
    assert result.status == "solved" and result.unique is True
    assert result.solutions[0] == expected
    assert formats.read_pzprv3_solution(genre, puzzle, record["solved"]) == expected
    written = formats.write_pzprv3(puzzle, expected)
    assert formats.read_pzprv3(written) == (genre, puzzle, expected)


@needs_data
def test_the_tents_golden_reads_with_its_counts_left_out():
    (record,) = [r for r in GOLDENS if r["pid"] == "tents"]
    genre, puzzle = formats.read(record["url"])
    assert puzzle.cols[1] is None and None in puzzle.rows
    assert formats.to_url(puzzle) == record["url"]
    assert tents.parse(tents.format(puzzle)) == puzzle


@needs_data
@pytest.mark.parametrize("record", GOLDENS, ids=ids(GOLDENS))
def test_every_failing_board_is_rejected(record):
    table = FAILCODES[record["pid"]]
    assert {fc[0] for fc in record["failchecks"]} <= set(table)
    for failcode, text, *_ in record["failchecks"]:
        how, pattern = table[failcode]
        try:
            genre, puzzle, _ = formats.read_pzprv3(text)
            solution = formats.read_pzprv3_solution(genre, puzzle, text)
        except ParseError as exc:
            assert how == "read", f"{failcode}: refused on reading: {exc}"
            assert re.search(pattern, exc.reason), f"{failcode}: {exc.reason}"
            continue
        assert how == "verify", f"{failcode}: read as an answer"
        problems = _bridge_ends(genres.get(genre).verify(puzzle, solution))
        assert any(re.search(pattern, p) for p in problems), f"{failcode}: {problems}"


@needs_data
def test_the_solved_board_as_a_pzprv3_url_reads_too():
    for record in SOLVABLE:
        genre, puzzle = formats.read(record["url"])
        expected = formats.read_pzprv3_solution(genre, puzzle, record["solved"])
        assert formats.read_pzprv3_solution(genre, puzzle, record["solved_url"]) == expected
        assert formats.read(record["solved_url"]) == (genre, puzzle)


@needs_data
def test_extras_arukone_solves_and_slither_reads():
    """The older Arukone test board is no unique puzzle: its answer is one of all 21."""
    extras = {r["pid"]: r for r in records("extras")}
    genre, puzzle = formats.read(extras["arukone"]["url"])
    assert (genre, puzzle.cover) == ("numberlink", "all")
    expected = formats.read_pzprv3_solution(genre, puzzle, extras["arukone"]["solved"])
    result = puzzlekit.solve(puzzle, limit=100)
    assert result.complete and len(result.solutions) == 21 and expected in result.solutions
    grid = formats.read(extras["slither"]["url"])[1].grid
    assert grid == ((3, None), (None, 1), (None, None), (None, None))


@needs_data
@pytest.mark.parametrize("record", OTHERS, ids=ids(OTHERS))
def test_pzprjs_genres_we_do_not_solve_are_refused_by_name(record):
    with pytest.raises(ParseError, match=rf"puzz.link genre '{record['urlid']}' is not one puzzlekit solves"):
        formats.read(record["url"])


def test_a_solution_board_for_another_puzzle_is_refused():
    _, puzzle = formats.read("https://puzz.link/p?mashu/3/3/100")
    _, other = formats.read("https://puzz.link/p?mashu/3/3/200")
    text = formats.write_pzprv3(other)
    with pytest.raises(ParseError, match=r"not the puzzle's: cell \(0, 2\) is 2 there, 1 in the puzzle"):
        formats.read_pzprv3_solution("masyu", puzzle, text)
    with pytest.raises(ParseError, match="is mashu, not a slitherlink puzzle"):
        formats.read_pzprv3_solution("slitherlink", puzzle, text)


# URL forms ----------------------------------------------------------------------------------

BODY = "mashu/6/6/1063000i3000"
FORMS = [
    f"https://puzz.link/p?{BODY}", f"http://puzz.link/p?{BODY}", f"puzz.link/p?{BODY}",
    f"https://puzz.link/p.html?{BODY}", f"http://pzv.jp/p.html?{BODY}", f"https://pzv.jp/p.html?{BODY}",
    f"pzv.jp/p.html?{BODY}", f"https://pzprxs.vercel.app/p?{BODY}", f"https://pzplus.tck.mn/p.html?{BODY}",
    f"http://indi.s58.xrea.com/pzpr/v3/p.html?{BODY}", f"HTTPS://PUZZ.LINK/p?{BODY}",
    f"p?{BODY}", f"p.html?{BODY}", f"/p?{BODY}", f"?{BODY}", BODY,
    "https://puzz.link/p?mashu_edit/6/6/1063000i3000", "https://pzv.jp/p.html?mashu_play/6/6/1063000i3000",
    "https://puzz.link/p?masyu/6/6/1063000i3000", "https://puzz.link/p?pearl/6/6/1063000i3000/",
    f"  <https://puzz.link/p?{BODY}>\n", f'"https://puzz.link/p?{BODY}"', f"https://puzz.link/p?{BODY}#top",
]


@pytest.mark.parametrize("url", FORMS)
def test_every_url_form_reads_the_same(url):
    assert formats.is_url(url)
    genre, puzzle = formats.read(url)
    assert genre == "masyu" and formats.to_url(puzzle) == f"https://puzz.link/p?{BODY}"
    assert formats.read(url, "pearl") == (genre, puzzle)


def test_other_ids_and_the_load_entry_point(tmp_path):
    assert formats.read("https://puzz.link/p?bridges/3/1/1g1")[0] == "hashi"
    assert formats.to_url(formats.read("https://puzz.link/p?hashikake/3/1/1g1")[1]) == \
        "https://puzz.link/p?hashi/3/1/1g1"
    assert formats.load(f"https://puzz.link/p?{BODY}")[0] == "masyu"
    assert not formats.is_url("mashu/01.txt")  # a relative path, not the bare body form
    path = tmp_path / "board.txt"
    path.write_text(formats.write_pzprv3(formats.read(BODY)[1]))
    assert formats.load(str(path)) == formats.read(BODY)
    assert formats.load(str(ROOT / "examples" / "masyu01.txt"), "masyu")[0] == "masyu"
    with pytest.raises(ParseError, match="name the genre"):
        formats.load(str(ROOT / "examples" / "masyu01.txt"))
    with pytest.raises(ParseError, match="holds a masyu puzzle, not slitherlink"):
        formats.read(BODY, "slitherlink")


BAD_URLS = {
    "https://puzz.link/p?": "no puzz.link genre id",
    "https://puzz.link/p?tateyoko/5/5/abc": "unknown puzz.link genre 'tateyoko'",
    "https://puzz.link/list.html?mashu/6/6/x": "should end|expected HOST/p",
    "https://example.com/x?mashu/6/6/0": "not a puzz.link puzzle address",
    "https://puzz.link/p": "nothing after '\\?'",
    "https://puzz.link/p?mashu/6": "expected the number of rows",
    "https://puzz.link/p?mashu/x6/6/0": "unknown option letter 'x' for mashu",
    "https://puzz.link/p?numlin/f/3/3/1g1": "numlin \\(it takes none\\)",
    "https://puzz.link/p?mashu/0/6/0": "number of columns",
    "https://puzz.link/p?mashu/300/300/0": "over the size limit",
    "https://puzz.link/p?mashu/3/3/10z": "unexpected character 'z' in the pearls",
    "https://puzz.link/p?numlin/3/3/-1": "expected 2 hex digits",
    "https://puzz.link/p?sudoku/4/9/1": "gives the side twice",
    "https://puzz.link/p?starbattle/3/3/x/00": "number of stars",
    "https://puzz.link/p?starbattle/3/3/1/0": "region borders stop early",
    "https://puzz.link/p?mashu/v:x/3/3/0": "variant",
}


@pytest.mark.parametrize("url,message", BAD_URLS.items())
def test_malformed_urls_say_what_is_wrong(url, message):
    with pytest.raises(ParseError, match=message) as caught:
        formats.read(url)
    assert "\n" not in str(caught.value)


REFUSED = {
    "https://puzz.link/p?mashu/f/3/3/100": "loop through every cell",
    "https://puzz.link/p?slither/3/3/4": "clue 4 at \\(0, 0\\)",
    "https://puzz.link/p?slither/3/3/.": "clue '\\?' at \\(0, 0\\)",
    "https://puzz.link/p?numlin/3/3/1g.": "number at \\(0, 2\\) has no value",
    "https://puzz.link/p?numlin/3/3/0g0": "number 0 at \\(0, 0\\)",
    "https://puzz.link/p?numlin/3/3/1m": "number 1 appears only once",
    "https://puzz.link/p?hashi/3/3/9g1": "island 9 at \\(0, 0\\)",
    "https://puzz.link/p?sudoku/5/5/1": "5x5 Sudoku",
    "https://puzz.link/p?sudoku/4/4/11": "digit 1 is given twice",
    "https://puzz.link/p?starbattle/3/3/10/0000": "10 stars: puzzlekit takes 1-9",
    "https://puzz.link/p?shikaku/2/2/0": "area 0",
    "https://puzz.link/p?nonogram/2/2/3": "need at least 3 cells",
}


@pytest.mark.parametrize("url,message", REFUSED.items())
def test_puzzles_our_genres_cannot_hold_are_refused(url, message):
    with pytest.raises(ParseError, match=message):
        formats.read(url)


def test_exports_pzprjs_has_no_form_for_are_refused():
    rng = __import__("random").Random(3)
    for module in (tracks, zip):
        puzzle = module.parse((ROOT / "examples" / f"{module.NAME}01.txt").read_text())
        with pytest.raises(ParseError, match=f"{module.NAME} has no puzz.link form: pzprjs has no"):
            formats.to_url(puzzle)
        with pytest.raises(ParseError, match="no puzz.link form"):
            formats.write_pzprv3(puzzle)
    with pytest.raises(ParseError, match="has a shape letter: Shikaku.*holds only areas"):
        formats.to_url(patches.parse((ROOT / "examples" / "patches01.txt").read_text()))
    six = sudoku.random_puzzle(rng, 6, 6, box=(3, 2))
    with pytest.raises(ParseError, match="6x6 Sudoku with 3x2 boxes: pzprjs draws boxes 2x3"):
        formats.to_url(six)
    with pytest.raises(ParseError, match="region A is in separate pieces"):
        formats.to_url(queens.Puzzle(("ABA", "BCB", "CCC")))
    big = numberlink.Puzzle(((53, 53),), "all")
    assert formats.to_url(big) == "https://puzz.link/p?arukone/2/1/-35-35"
    with pytest.raises(ParseError, match="numbers 1-52 as letters"):
        formats.write_pzprv3(big)


def test_the_package_imports_only_genres_grid_textio_and_errors():
    allowed = ("puzzlekit.formats", "puzzlekit.genres", "puzzlekit.grid", "puzzlekit.textio",
               "puzzlekit.errors")
    graph = import_graph(ROOT, "puzzlekit")
    for module, targets in graph.items():
        if module.startswith("puzzlekit.formats"):
            assert all(t.startswith(allowed) for t in targets), (module, targets)


# Hypothesis: round trips and fuzzing -------------------------------------------------------

SUPPORTED = ["masyu", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "tents", "queens",
             "patches", "galaxies"]


def canonical(puzzle):
    """Queens' regions relabelled in reading order (a URL keeps the regions, not the letters),
    as the one-star Star Battle that pzprjs's starbattle reads as."""
    if not isinstance(puzzle, queens.Puzzle):
        return puzzle
    names: dict[str, str] = {}
    for row in puzzle.grid:
        for label in row:
            names.setdefault(label, queens.LABELS[len(names)])
    regions = [[names[x] for x in row] for row in puzzle.grid]
    return starbattle.Puzzle(puzzle.n, puzzle.n, count=1, regions=regions)


@st.composite
def random_puzzles(draw: st.DrawFn):
    import random

    genre = draw(st.sampled_from(SUPPORTED))
    rng = random.Random(draw(st.integers(0, 2**32)))
    module = genres.get(genre)
    if genre == "sudoku":
        n = draw(st.sampled_from([1, 4, 6, 9, 16]))
        return module.random_puzzle(rng, n, n)
    if genre == "queens":
        n = draw(st.integers(4, 9))
        return module.random_puzzle(rng, n, n)
    h, w = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    if genre in ("numberlink", "hashi") and h * w < 4:
        w = 4
    if genre == "numberlink":
        return module.random_puzzle(rng, h, w, cover=draw(st.sampled_from(["all", "any"])))
    if genre == "patches":
        return module.random_puzzle(rng, h, w, shape=0.0)
    return module.random_puzzle(rng, h, w)


@given(random_puzzles())
def test_random_puzzles_survive_url_and_pzprv3_round_trips(puzzle):
    genre = convert.genre_of(puzzle)[0]
    genre = "starbattle" if genre == "queens" else genre  # Queens is Star Battle's one-star case
    url = formats.to_url(puzzle)
    assert formats.read(url) == (genre, canonical(puzzle))
    assert formats.to_url(formats.read(url)[1]) == url
    assert formats.read(formats.write_pzprv3(puzzle)) == (genre, canonical(puzzle))


URL_CHARS = string.ascii_lowercase[:26] + string.digits + "./-+=@%*$?:_&#"


@st.composite
def mutated_urls(draw: st.DrawFn) -> str:
    record = draw(st.sampled_from(GOLDENS or [{"url": f"https://puzz.link/p?{BODY}"}]))
    text = record["url"]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "cut"]))
        piece = draw(st.text(URL_CHARS, min_size=1, max_size=3))
        if kind == "insert":
            text = text[:at] + piece + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + len(piece):]
        elif kind == "replace":
            text = text[:at] + piece + text[at + len(piece):]
        else:
            text = text[:at]
    return text


def _reads_or_refuses(text: str) -> None:
    try:
        formats.read(text)
    except ParseError as exc:
        assert exc.reason and "\n" not in str(exc)


@given(mutated_urls())
def test_mutated_urls_read_or_give_one_parse_error(text):
    _reads_or_refuses(text)


@given(st.sampled_from(GOLDENS or [{"solved": "pzprv3/mashu/1/1/. /"}]), st.data())
def test_mutated_pzprv3_boards_read_or_give_one_parse_error(record, data):
    text = record["solved"]
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.text("0123456789.-+#/ A\nfc", min_size=1, max_size=3))
        text = text[:at] + piece + text[at + data.draw(st.integers(0, 3)):]
    _reads_or_refuses(text)
    genre, puzzle = "masyu", formats.read(f"https://puzz.link/p?{BODY}")[1]
    try:
        formats.read_pzprv3_solution(genre, puzzle, text)
    except ParseError as exc:
        assert "\n" not in str(exc)


def test_a_numberlink_without_u_turns_has_no_url():
    from puzzlekit.formats import convert
    from puzzlekit.genres import numberlink

    strict = numberlink.parse("u-turns: no\n1 0 1\n", "x")
    with pytest.raises(ParseError, match="u-turns: no has no puzz.link form"):
        convert.to_board(strict)
    assert convert.to_board(numberlink.parse("1 0 1\n", "x")).pid == "arukone"
