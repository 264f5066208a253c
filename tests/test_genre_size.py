"""A genre built on the genre kit costs one small module or folder: the median at most 150
lines, none over 300 (docs/adding-a-genre.md). The thirteen genres written before the kit are
measured in docs/architecture.md instead; everything else, the docs' example included, is held
to the limit here, so a genre that grows past it fails until its general parts move into the kit.
"""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest
from conftest import EXAMPLE_GENRE, ROOT

from puzzlekit import genres

#: The genres written by hand before the kit existed (with the settings view of one of them).
BEFORE_THE_KIT = frozenset({
    "masyu", "tracks", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "queens", "zip",
    "tents", "patches", "wend", "swend",
})
MEDIAN_LIMIT = 150
EACH_LIMIT = 300
GENRES = ROOT / "puzzlekit" / "genres"


def lines_of(path: Path) -> int:
    """The lines of a genre: its module, or every file of its folder."""
    files = [path] if path.is_file() else [
        f for f in sorted(path.rglob("*")) if f.is_file() and "__pycache__" not in f.parts]
    return sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)


def kit_genres() -> dict[str, Path]:
    found = {"canalview (docs example)": EXAMPLE_GENRE}
    for name in genres.NAMES:
        if name in BEFORE_THE_KIT or name in genres.VARIANTS:
            continue
        folder, module = GENRES / name, GENRES / f"{name}.py"
        found[name] = folder if folder.is_dir() else module
    return found


def test_every_kit_genre_is_small():
    sizes = {name: lines_of(path) for name, path in kit_genres().items()}
    over = {name: n for name, n in sizes.items() if n > EACH_LIMIT}
    assert not over, f"genres over {EACH_LIMIT} lines: {over}"
    median = statistics.median(sizes.values())
    assert median <= MEDIAN_LIMIT, f"the median genre is {median} lines (limit {MEDIAN_LIMIT}): {sizes}"


def test_the_measure_counts_a_whole_folder(tmp_path):
    folder = tmp_path / "planted"
    (folder / "__pycache__").mkdir(parents=True)
    (folder / "__init__.py").write_text("a = 1\n" * 200, encoding="utf-8")
    (folder / "tatham.py").write_text("b = 2\n" * 150, encoding="utf-8")
    (folder / "__pycache__" / "x.pyc").write_bytes(b"\0" * 10)
    assert lines_of(folder) == 350 > EACH_LIMIT


@pytest.mark.parametrize("name", sorted(BEFORE_THE_KIT))
def test_the_exempt_genres_exist(name):
    # a name left here after its genre is gone would exempt a new genre of that name
    assert name in genres.NAMES
