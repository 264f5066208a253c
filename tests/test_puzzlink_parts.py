"""Each genre's puzz.link form lives in its folder: ``genres/<genre>/puzzlink.py`` declares
the pzprjs ids it reads and writes, and the shared reader knows only what those parts say."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES

from puzzlekit import formats, genres
from puzzlekit.errors import ParseError
from puzzlekit.formats import board as fboard

#: The package's genres, variants aside (a variant shares its genre's folder).
OWN = [name for name in genres.NAMES if name not in genres.VARIANTS]


def puzzlink_part(name: str):
    return genres.part(genres.get(name), "puzzlink")


def url_of(name: str) -> str | None:
    """The puzz.link URL of the genre's first example, or None when it has no URL form."""
    puzzle = genres.get(name).parse((EXAMPLES / f"{name}01.txt").read_text())
    if name == "patches":  # the example has shape letters, which pzprjs cannot hold
        puzzle = formats.read("https://puzz.link/p?shikaku/3/3/4h2h3")[1]
    try:
        return formats.to_url(puzzle)
    except ParseError:
        return None


@pytest.mark.parametrize("name", OWN)
def test_a_genre_with_a_url_form_declares_its_ids_in_its_folder(name):
    url = url_of(name)
    part = puzzlink_part(name)
    if url is None:
        assert part is None or not getattr(part, "KINDS", ()), f"{name} declares ids it cannot write"
        return
    assert part is not None, f"{name} has a URL form but no genres/{name}/puzzlink.py"
    if name == "queens":  # written as a one-star Star Battle board, the id Star Battle declares
        part, name = puzzlink_part("starbattle"), "starbattle"
    urlid = url.removeprefix("https://puzz.link/p?").split("/", 1)[0]
    declared = {kind.urlid for kind in part.KINDS}
    assert urlid in declared
    assert all(kind.genre == name for kind in part.KINDS)
    assert formats.read(url)[0] == name


def test_the_known_ids_are_those_the_parts_declare():
    parts = [part for name in OWN if (part := puzzlink_part(name))]
    declared = {kind.pid: kind for part in parts for kind in getattr(part, "KINDS", ())}
    assert fboard.KINDS == declared
    assert {"mashu", "slither", "shikaku"} <= set(fboard.KINDS)
    assert fboard.ALIASES["masyu"] == "mashu"  # masyu's part, not the shared code, says so
    assert "trainstations" in fboard.OTHERS
    for pid, kind in fboard.KINDS.items():
        assert fboard.part(pid) is puzzlink_part(kind.genre)


@pytest.mark.parametrize("text", [
    "https://puzz.link/p?nosuchgenre/3/3/0",
    "https://puzz.link/p?pzprv3/nosuchgenre/3/3/",
    "pzprv3\nnosuchgenre\n3\n3\n",
])
def test_an_unknown_id_is_refused_by_name(text):
    with pytest.raises(ParseError, match="unknown puzz.link genre 'nosuchgenre'; puzzlekit reads: .*mashu"):
        formats.read(text)


def test_an_id_near_ours_is_refused_with_the_reason():
    with pytest.raises(ParseError, match="'trainstations' is not one puzzlekit solves: Train Stations"):
        formats.read("https://puzz.link/p?trainstations/3/3/0")
