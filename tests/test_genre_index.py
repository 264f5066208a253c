"""docs/genres/index.md lists every genre of the package once, each linked to its own page."""

from __future__ import annotations

import re

from conftest import ROOT

from puzzlekit import genres

INDEX = ROOT / "docs" / "genres" / "index.md"


def linked_pages(text: str) -> list[str]:
    return re.findall(r"\]\(([a-z0-9]+)\.md\)", text)


def test_every_genre_is_on_the_index_once_and_its_page_exists():
    pages = linked_pages(INDEX.read_text(encoding="utf-8"))
    for page in pages:
        assert (INDEX.parent / f"{page}.md").is_file(), f"index.md links a missing page {page}.md"
    assert len(pages) == len(set(pages)), "a page is listed twice"
    own_page = [name for name in genres.NAMES if name not in genres.VARIANTS]
    missing = [name for name in own_page if name not in pages]
    assert not missing, f"index.md leaves out {missing}"


def test_the_reading_finds_links_and_only_links():
    assert linked_pages("- [A](alpha.md) and [B](beta2.md) - see alpha.md") == ["alpha", "beta2"]
