"""Puzzle packs, the Python side: the data encoding's round trip, the size limits, the page's
files and the ``pack`` command. tests/browser/ plays the packs in a real browser."""

from __future__ import annotations

import gzip
import json
import random
import re
import subprocess
import sys

import pytest
from conftest import EXAMPLES, run_cli
from hypothesis import given
from hypothesis import strategies as st

import puzzlekit
from puzzlekit import api, render
from puzzlekit.genres import nonogram, wend
from puzzlekit.pack import (
    ASSETS,
    MAX_ASSET_GZIP,
    MAX_PUZZLE_BYTES,
    PLAYABLE,
    PackError,
    build_pack,
    decode,
    encode,
    pack_data,
    playable,
)
from puzzlekit.pack.encoding import answer, pack_bits, unpack_bits


@pytest.fixture(scope="module")
def examples() -> dict[str, tuple]:
    out = {}
    for name in PLAYABLE:
        puzzle = puzzlekit.load(name, str(EXAMPLES / f"{name}01.txt"))
        out[name] = (puzzle, api.solve(puzzle).solutions[0])
    return out


@given(st.integers(1, 7).flatmap(lambda b: st.tuples(st.just(b), st.lists(st.integers(0, 2**b - 1)))))
def test_bits_round_trip(case):
    bits, values = case
    text = pack_bits(values, bits)
    assert len(text) == -(-len(values) * bits // 6)
    assert unpack_bits(text, bits, len(values)) == values


def test_bits_refuse_a_value_too_wide():
    with pytest.raises(ValueError):
        pack_bits([4], 2)


def test_every_genre_has_a_page():
    """Every genre packs, whether or not it has a picture (Wend's page draws its own)."""
    kit_made = {name for name in puzzlekit.genres.NAMES if hasattr(puzzlekit.genres.get(name), "GENRE")}
    assert set(PLAYABLE) | kit_made == set(puzzlekit.genres.NAMES)
    assert all(playable(name) for name in kit_made)
    assert {name for name in puzzlekit.genres.NAMES if render.has_picture(name)} <= set(PLAYABLE) | kit_made


@pytest.mark.parametrize("name", PLAYABLE)
def test_encoding_round_trip(examples, name):
    puzzle, solution = examples[name]
    data = json.loads(json.dumps(encode(name, puzzle, solution)))
    back, entered = decode(data)
    assert back == puzzle
    assert entered == answer(name, solution)
    assert data["g"] == name and (data["h"], data["w"]) == (puzzle.height, puzzle.width)


KEY = {"masyu": "edge", "tracks": "edge", "numberlink": "edge", "zip": "edge", "slitherlink": "edge",
       "hashi": "bridge", "sudoku": "cell", "nonogram": "cell", "queens": "queen", "tents": "tent",
       "patches": "rect", "wend": "at", "swend": "at", "fillomino": "join", "palisade": "join",
       "dominosa": "join"}


def wend_paths(puzzle, edges) -> dict:
    """Each word's cells, first to last, read back from the steps alone: the lines the steps
    make, each read both ways against the words."""
    at: dict = {}
    for a, b in edges:
        at.setdefault(a, []).append(b)
        at.setdefault(b, []).append(a)
    letters = puzzle.letters()
    out, seen = {}, set()
    for start in sorted(letters):
        if start in seen or len(at.get(start, [])) > 1:
            continue
        cells = [start]
        while len(cells) == 1 or len(at[cells[-1]]) == 2:
            nxt = [x for x in at.get(cells[-1], []) if x not in cells[-2:-1]]
            if not nxt:
                break
            cells.append(nxt[0])
        seen.update(cells)
        word = "".join(letters[c] for c in cells)
        if word not in puzzle.words:
            cells, word = cells[::-1], word[::-1]
        out[word] = cells
    return out


@pytest.mark.parametrize("name", PLAYABLE)
def test_the_answer_is_the_model_answer_key(examples, name):
    """What the player must enter is the solution's values on the model's answer key."""
    puzzle, solution = examples[name]
    genre = puzzlekit.genres.get(name)
    model = genre.model(puzzle)
    keys = {model.vars[i].key for i in model.output}
    entered = answer(name, solution)
    if name in ("sudoku", "nonogram"):
        values = {(KEY[name], r, c): v for r, row in enumerate(entered) for c, v in enumerate(row)}
    elif name == "hashi":
        values = {(KEY[name], a, b): k for a, b, k in entered}
    elif name in ("queens", "tents"):
        values = {(KEY[name], *cell): 1 for cell in entered}
    elif name == "patches":
        values = {(KEY[name], *rect): 1 for rect in entered}
    elif name in ("wend", "swend"):  # the steps alone give back each word's cells in order
        paths = wend_paths(puzzle, entered)
        assert set(paths) == set(puzzle.words)
        values = {(KEY[name], word, i, cell): 1
                  for word, cells in paths.items() for i, cell in enumerate(cells)}
    else:
        values = {(KEY[name], a, b): 1 for a, b in entered}
    assert set(values) <= keys
    if name not in ("sudoku", "nonogram"):  # the rest of the key is 0 (absent) in the solution
        values.update({key: 0 for key in keys - set(values)})
    assert genre.decode(puzzle, values) == solution


@pytest.mark.parametrize("name", PLAYABLE)
def test_each_puzzle_within_its_size_limit(examples, name):
    entry = pack_data([(*examples[name], f"{name}01")], hints=False)["puzzles"][0]
    size = len(json.dumps(entry, separators=(",", ":")).encode())
    assert size <= MAX_PUZZLE_BYTES
    assert size <= 400, f"{name}: {size} bytes for a small example; the encoding got less compact"


def test_a_puzzle_over_the_limit_is_refused():
    n = 60  # a checkerboard: thirty runs of 1 in every line, 7 KB of clues
    rows = tuple(tuple([1] * (n // 2)) for _ in range(n))
    puzzle = nonogram.Puzzle(rows=rows, cols=rows)
    grid = tuple(tuple((r + c) % 2 for c in range(n)) for r in range(n))
    with pytest.raises(PackError, match="over the limit of 2048"):
        pack_data([(puzzle, nonogram.Solution(grid=grid), "big")])


def test_wrong_items_are_refused(examples, monkeypatch):
    puzzle, solution = examples["masyu"]
    with pytest.raises(TypeError, match="Solution"):
        pack_data([(puzzle, examples["sudoku"][1])])
    with pytest.raises(TypeError, match="not a puzzlekit puzzle"):
        pack_data([("masyu", solution)])
    with pytest.raises(PackError, match="at least one"):
        pack_data([])
    monkeypatch.setattr(puzzlekit.pack.encoding, "PLAYABLE", ("masyu",))  # a genre without a page
    with pytest.raises(PackError, match="no playable page for sudoku"):
        pack_data([examples["sudoku"]])


def test_page_files_within_the_size_limit_and_self_contained(tmp_path, examples):
    index = build_pack([(*examples[n], n) for n in PLAYABLE], tmp_path, title="All </script> & more",
                       hints=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["index.html", *ASSETS])
    assets = b"".join((tmp_path / name).read_bytes() for name in ASSETS)
    assert len(gzip.compress(assets, 9)) <= MAX_ASSET_GZIP
    html = index.read_text()
    assert "All &lt;/script&gt; &amp; more" in html
    payload = re.search(r'<script type="application/json" id="pack-data">(.*?)</script>', html, re.S).group(1)
    data = json.loads(payload)
    assert data["title"] == "All </script> & more" and len(data["puzzles"]) == len(PLAYABLE)
    for entry in data["puzzles"]:
        back, _ = decode(entry)
        assert back == examples[entry["g"]][0]
    # nothing from the network: no URLs but the SVG namespace the script names
    for text in (html, *((tmp_path / name).read_text() for name in ASSETS)):
        assert set(re.findall(r"https?://[^\s\"']+", text)) <= {"http://www.w3.org/2000/svg"}


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("seed", range(4))
def test_wend_encoding_round_trip(seed, language):
    """Random Wend puzzles, blocked cells and Swedish letters too, come back from their data."""
    rng = random.Random(seed)
    puzzle = wend.random_puzzle(rng, rng.randint(2, 5), rng.randint(2, 5), words=rng.randint(1, 4), letters=6,
                                blocked=0.15, language=language)
    result = api.solve(puzzle)
    solution = result.solutions[0]
    data = json.loads(json.dumps(encode("wend", puzzle, solution), ensure_ascii=False))
    assert data["g"] == ("swend" if language == "sv" else "wend")
    assert len(data["l"]) == puzzle.height * puzzle.width
    back, entered = decode(data)
    assert back == puzzle and back.language == language
    assert entered == answer("wend", solution)
    assert wend_paths(puzzle, entered) == {word: list(cells) for word, cells in solution.paths}


def test_swedish_letters_in_the_page(tmp_path, examples):
    """The page is UTF-8 and holds Å, Ä and Ö as themselves, in the letters and the words."""
    puzzle, solution = examples["swend"]
    index = build_pack([(puzzle, solution, "Svenska ÅÄÖ")], tmp_path, title="Ord på svenska")
    raw = index.read_bytes()
    assert b'<meta charset="utf-8">' in raw
    text = raw.decode("utf-8")
    assert "<title>Ord på svenska</title>" in text
    payload = re.search(r'<script type="application/json" id="pack-data">(.*?)</script>', text, re.S).group(1)
    entry = json.loads(payload)["puzzles"][0]
    assert entry["g"] == "swend" and entry["name"] == "Svenska ÅÄÖ"
    assert entry["words"] == ["SKÖLD", "MJÖLK", "HÄST", "BÅTAR", "ÄLGEN"] and "ÄLGEN" in text
    assert entry["l"] == "".join(puzzle.grid) and set("ÅÄÖ") <= set(entry["l"])
    assert decode(entry)[0] == puzzle


def test_same_puzzles_same_pack(tmp_path, examples):
    items = [(*examples["queens"], "q")]
    assert pack_data(items, hints=False) == pack_data(items, hints=False)  # the hints: test_pack_hints.py
    other = pack_data([(*examples["tents"], "q")], hints=False)
    assert pack_data(items, hints=False)["puzzles"][0]["id"] != other["puzzles"][0]["id"]


# the command ---------------------------------------------------------------------------


def test_cli_writes_a_pack(tmp_path):
    out = tmp_path / "site"
    proc = run_cli("pack", "masyu", str(EXAMPLES / "masyu01.txt"), "-o", str(out), "--title", "Pearls")
    assert proc.returncode == 0, proc.stderr
    assert "1 puzzle" in proc.stdout.decode()
    assert "<title>Pearls</title>" in (out / "index.html").read_text()


def test_cli_refuses_standard_output_for_a_pack(tmp_path):
    """``-o -`` names standard output, which cannot hold a folder: refused, nothing written."""
    args = ["pack", "masyu", str(EXAMPLES / "masyu01.txt"), "-o", "-"]
    proc = subprocess.run([sys.executable, "-m", "puzzlekit.cli", *args], cwd=tmp_path, capture_output=True,
                          timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert b"standard output cannot hold a folder" in proc.stderr
    assert list(tmp_path.iterdir()) == []


def test_cli_writes_a_swend_pack(tmp_path):
    out = tmp_path / "site"
    proc = run_cli("pack", "swend", str(EXAMPLES / "swend01.txt"), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "<title>Swend</title>" in html and '"g":"swend"' in html and "BÅTAR" in html


def test_cli_help_explains():
    proc = run_cli("pack", "--help")
    text = proc.stdout.decode()
    assert proc.returncode == 0
    for word in ("index.html", "unique", "docs/packs.md", "Exit status", "--title", "-o DIR"):
        assert word in text


def test_cli_refuses_a_puzzle_that_is_not_unique(tmp_path):
    path = tmp_path / "open.txt"
    path.write_text("0 0 0\n0 0 0\n0 0 0\n")
    proc = run_cli("pack", "masyu", str(path), "-o", str(tmp_path / "site"))
    assert proc.returncode == 1
    err = proc.stderr.decode()
    assert "more than one solution" in err and "open.txt" in err and "Traceback" not in err
    assert not (tmp_path / "site").exists()


def test_cli_refuses_an_unsolvable_puzzle(tmp_path):
    path = tmp_path / "none.txt"
    path.write_text("1 1 1\n1 1 1\n1 1 1\n")
    proc = run_cli("pack", "masyu", str(path), "-o", str(tmp_path / "site"))
    assert proc.returncode == 1
    assert "no solution" in proc.stderr.decode()


def test_cli_bad_file_names_its_place(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("0 1 0\n0 x 0\n")
    proc = run_cli("pack", "masyu", str(EXAMPLES / "masyu01.txt"), str(path), "-o", str(tmp_path / "site"))
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert f"{path}:2:3:" in err and "Traceback" not in err
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["masyu", "no-such-file.txt"], "no-such-file.txt"),
    (["nosuchgenre", str(EXAMPLES / "masyu01.txt")], "nosuchgenre"),
])
def test_cli_bad_input_exits_2(tmp_path, args, message):
    proc = run_cli("pack", *args, "-o", str(tmp_path / "site"))
    assert proc.returncode == 2
    assert message in proc.stderr.decode() and "Traceback" not in proc.stderr.decode()


def test_user_text_cannot_leave_the_data_script(tmp_path, examples):
    """Titles and names reach the page escaped: the JSON script element holds no ``<`` at all,
    so neither ``</script>`` nor ``<!--<script>`` (which would swallow the real end tag) in a
    name or title can end it or change how it is read."""
    puzzle, solution = examples["masyu"]
    nasty = "<!--<script>alert(1)</script>\u2028&amp;"
    index = build_pack([(puzzle, solution, nasty)], tmp_path, title="<script>alert(1)</script>")
    html = index.read_text()
    assert "<script>alert(1)" not in html
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>" in html
    start = html.index('<script type="application/json" id="pack-data">') + len(
        '<script type="application/json" id="pack-data">')
    payload = html[start:html.index("</script>", start)]
    assert "<" not in payload and ">" not in payload and "\u2028" not in payload
    data = json.loads(payload)
    assert data["puzzles"][0]["name"] == nasty and data["title"] == "<script>alert(1)</script>"


def test_names_in_a_pack_are_distinct(examples):
    items = [(*examples["masyu"], "p"), (*examples["masyu"], "p"), (*examples["tents"], "p")]
    assert [e["name"] for e in pack_data(items)["puzzles"]] == ["p", "p (2)", "p (3)"]


@pytest.mark.parametrize(("items", "message"), [
    ("abc", "not str"), ([("x",)], "item 1"), (5, "not int"), ([None], "item 1"),
])
def test_items_of_the_wrong_shape_are_a_type_error(tmp_path, items, message):
    with pytest.raises(TypeError, match=message):
        build_pack(items, tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_cli_two_files_of_one_name_are_told_apart(tmp_path):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "p.txt").write_text((EXAMPLES / "masyu01.txt").read_text())
    proc = run_cli("pack", "masyu", str(tmp_path / "a" / "p.txt"), str(tmp_path / "b" / "p.txt"),
                   "-o", str(tmp_path / "site"))
    assert proc.returncode == 0, proc.stderr
    names = re.findall(r'"name":"([^"]*)"', (tmp_path / "site" / "index.html").read_text())
    assert names == ["a/p", "b/p"]


def _pack_json(index) -> dict:
    pattern = r'<script type="application/json" id="pack-data">(.*?)</script>'
    found = re.search(pattern, index.read_text(), re.S)
    return json.loads(found.group(1))


def test_cli_hints_are_packed_unless_left_out(tmp_path):
    for extra, site in (([], "with"), (["--no-hints"], "without")):
        proc = run_cli("pack", "masyu", str(EXAMPLES / "masyu01.txt"), "-o", str(tmp_path / site), *extra)
        assert proc.returncode == 0, proc.stderr
    assert _pack_json(tmp_path / "with" / "index.html")["hints"][0]["s"], "the example's chain is stored"
    assert not _pack_json(tmp_path / "without" / "index.html").get("hints")


def test_cli_packs_mixed_genres(tmp_path):
    proc = run_cli("pack", "masyu", str(EXAMPLES / "masyu01.txt"), "Sudoku", str(EXAMPLES / "sudoku01.txt"),
                   str(EXAMPLES / "sudoku01.txt"), "tents", str(EXAMPLES / "tents01.txt"),
                   "-o", str(tmp_path / "site"), "--no-hints")
    assert proc.returncode == 0, proc.stderr
    html = (tmp_path / "site" / "index.html").read_text()
    assert re.findall(r'"g":"(\w+)"', html) == ["masyu", "sudoku", "sudoku", "tents"]
    assert "<title>Puzzles</title>" in html
    proc = run_cli("pack", "masyu", "sudoku", str(EXAMPLES / "sudoku01.txt"), "-o", str(tmp_path / "s2"))
    assert proc.returncode == 2 and "no FILE after the genre 'masyu'" in proc.stderr.decode()
    assert not (tmp_path / "s2").exists()
