"""A pack's genre code lives in each genre's folder: its encoding (packing.py) and its page code
(page.js, page.css), put together by puzzlekit.pack.pages. The data round-trips for every
example puzzle and random puzzles of every genre; the page's files hold each genre's page code
once, in genre order, and the page registers every playable genre."""

from __future__ import annotations

import importlib
import json
import random
import re
import shutil
import subprocess
from importlib import resources

import pytest
from conftest import EXAMPLES, ROOT

import puzzlekit
from puzzlekit import api, genres
from puzzlekit.pack import ASSETS, PLAYABLE, decode, encode, pack_data, page, pages, shapes
from puzzlekit.pack.encoding import answer, packing
from puzzlekit.pack.kit import is_kit

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.txt"))


def static(name: str) -> str:
    """One of the shared files the page's files start with."""
    return resources.files("puzzlekit.pack").joinpath("static", name).read_text(encoding="utf-8")


def genre_of_file(path) -> str:
    return re.match(r"[a-z]+", path.stem).group()


def round_trip(name, puzzle, solution) -> None:
    data = encode(name, puzzle, solution)
    back, entered = decode(json.loads(json.dumps(data, ensure_ascii=False)))
    assert back == puzzle
    assert entered == answer(name, solution)
    # the decoded puzzle encodes to the very same object, key order included
    assert json.dumps(encode(name, back, solution)) == json.dumps(data)


def test_every_genre_has_an_example():
    kit_made = {name for name in genres.NAMES if hasattr(genres.get(name), "GENRE")}  # played from layers
    assert {genre_of_file(p) for p in EXAMPLE_FILES} == set(PLAYABLE) | kit_made


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_every_example_round_trips(path):
    name = genre_of_file(path)
    puzzle = puzzlekit.load(name, str(path))
    round_trip(name, puzzle, api.solve(puzzle).solutions[0])


@pytest.mark.parametrize("name", PLAYABLE)
def test_random_puzzles_round_trip(name):
    genre = genres.get(name)
    done = 0
    for seed in range(8):
        rng = random.Random(seed)
        size = 4 + seed % 2  # square: every genre's random puzzles come in it (Sudoku's only)
        puzzle = genre.random_puzzle(rng, size, size)
        result = api.solve(puzzle, time_limit=10)
        if result.solutions:
            round_trip(name, puzzle, result.solutions[0])
            done += 1
    assert done, f"no random {name} puzzle with a solution to try"


@pytest.mark.parametrize("name", PLAYABLE)
def test_each_playable_genre_keeps_its_pack_code_in_its_folder(name):
    module = genres.get(name)
    code = packing(module)
    assert code is not None and code.__name__ == f"{module.__package__}.packing"
    for attr in ("answer", "encode", "decode"):
        assert callable(getattr(code, attr)), f"{name}'s packing module lacks {attr}"
    if hasattr(code, "ANSWER"):
        assert code.ANSWER in shapes.ANSWERS
    else:
        assert callable(getattr(code, "decode_answer", None))
    for part in ("page.js", "page.css"):
        assert pages.genre_file(module.__package__, part), f"{name} has no {part}"


def test_the_playable_genres_are_those_with_pack_code_in_their_folder():
    """The genre folders are the only list: one without packing.py would not be playable."""
    with_code = {name for name in genres.NAMES
                 if ROOT.joinpath(*genres.get(name).__package__.split("."), "packing.py").is_file()}
    assert with_code == set(PLAYABLE)


@pytest.mark.parametrize(("bundle", "part"), [("pack-genres.js", "page.js"), ("pack.css", "page.css")])
def test_the_page_files_hold_each_genre_page_once_in_genre_order(bundle, part):
    text = pages.asset(bundle)
    shared = pages.BUNDLES[bundle][0]
    assert text.startswith(static(shared))
    places, kit_drawn = [], 0
    for package in pages.folders():
        own = pages.genre_file(package, part)
        if own is None and is_kit(importlib.import_module(package)):  # the kit's page draws it
            kit_drawn += 1
            continue
        assert own and text.count(own) == 1, f"{package}/{part} is not in {bundle} exactly once"
        places.append(text.index(own))
    assert places == sorted(places)
    assert len(pages.folders()) - kit_drawn == len({genres.get(n).__package__ for n in PLAYABLE})


def test_the_pack_writes_the_files_its_page_names(tmp_path):
    puzzle = puzzlekit.load("masyu", str(EXAMPLES / "masyu01.txt"))
    data = pack_data([(puzzle, api.solve(puzzle).solutions[0])])
    html = page(data)
    for name in ASSETS:
        assert f'"{name}"' in html
    assert pages.asset("pack.js") == static("pack.js")


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page's script")
def test_the_page_script_registers_every_playable_genre(tmp_path):
    """The bundled script runs, and each genre in it reads and draws its pack's data: every
    genre of `PLAYABLE` (Swend through Wend's page) and no other."""
    script = tmp_path / "genres.js"
    script.write_text(pages.asset("pack-genres.js"), encoding="utf-8")
    run = ("global.window = {}; require(process.argv[1]); var K = window.PuzzlekitPack;"
           "console.log(JSON.stringify([Object.keys(K.PREP), Object.keys(K.DRAW)]));")
    proc = subprocess.run(["node", "-e", run, str(script)], capture_output=True, text=True, check=True)
    prep, draw = json.loads(proc.stdout)
    assert sorted(prep) == sorted(draw) == sorted(PLAYABLE)
