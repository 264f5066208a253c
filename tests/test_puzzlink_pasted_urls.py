"""puz.link URLs as people paste them: what pzprjs opens, puzzlekit reads too.

Copied from a browser, a chat or a web page, a URL comes with a site's query parameters after
it (``&id=...``), in quotes (plain, typographic or percent-encoded ``%22``), with text after
its last cell (pzprjs reads the cells the size asks for and ignores the rest), or, for a
``p?pzprv3/...`` board, with its slashes percent-encoded too.
"""

from __future__ import annotations

import urllib.parse

import pytest

from puzzlekit import formats
from puzzlekit.errors import ParseError

BODY = "mashu/6/6/1063000i3000"
URL = f"https://puzz.link/p?{BODY}"

PASTED = {
    "id parameter": f"{URL}&id=12345",
    "several parameters": f"{URL}&key=value&from=list_v2",
    "parameter after a slash": f"{URL}/&id=7",
    "parameter on the bare body": f"{BODY}&id=3",
    "trailing %22": f"{URL}%22",
    "%22 around": f"%22{URL}%22",
    "lone trailing quote": f'{URL}"',
    "lone leading quote": f"'{URL}",
    "typographic quotes": f"\u201c{URL}\u201d",
    "quotes and a parameter": f'"{URL}&id=1"',
    "text after the last cell": f"{URL}0000",
    "letters after the last cell": f"{URL}zz",
    "a part after the last cell": f"{URL}/extra",
}


@pytest.mark.parametrize("name", PASTED)
def test_a_pasted_url_reads_as_the_plain_one(name):
    text = PASTED[name]
    assert formats.is_url(text)
    assert formats.read(text) == formats.read(URL)


def test_parameters_are_cut_before_the_body_is_read():
    """A short body with a parameter after it: its cells end where the parameter begins."""
    assert formats.read("https://puzz.link/p?mashu/3/3/1&id=abc") == formats.read("mashu/3/3/1")


def test_text_after_the_last_cell_is_ignored_in_every_code():
    """Numbers in cells, circles, outside counts and borders all stop at the board's size."""
    for plain, longer in [
        ("https://puzz.link/p?hashi/3/1/1g1", "https://puzz.link/p?hashi/3/1/1g1234"),
        ("https://puzz.link/p?mashu/3/3/100", "https://puzz.link/p?mashu/3/3/1000"),
        ("https://puzz.link/p?starbattle/3/3/1/ega0", "https://puzz.link/p?starbattle/3/3/1/ega0ega0"),
    ]:
        assert formats.read(longer) == formats.read(plain)


def test_a_bad_character_inside_the_cells_is_still_refused():
    with pytest.raises(ParseError, match="unexpected character 'z' in the pearls"):
        formats.read("https://puzz.link/p?mashu/3/3/10z")


def _pzprv3_url(text: str, safe: str) -> str:
    return "https://puzz.link/p?" + urllib.parse.quote(text.replace("\n", "/"), safe=safe)


def test_a_pzprv3_url_with_encoded_slashes_reads_as_with_plain_ones():
    puzzle = formats.read(URL)[1]
    text = formats.write_pzprv3(puzzle)
    plain = _pzprv3_url(text, "/")
    encoded = _pzprv3_url(text, "")
    assert "%2F" in encoded and "/" not in encoded.split("?", 1)[1]
    assert formats.read(plain) == ("masyu", puzzle)
    assert formats.read(encoded) == ("masyu", puzzle)
    assert formats.read(encoded.replace("%2F", "%2f")) == ("masyu", puzzle)
    assert formats.read(plain + "&id=5") == ("masyu", puzzle)
    assert formats.read(f'"{encoded}"') == ("masyu", puzzle)
