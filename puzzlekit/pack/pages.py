"""The page's files a pack writes, put together from the shared code and each genre's own.

A genre of the package keeps its page code in its folder: ``page.js`` (how the page reads its
data and draws its grid, registered with ``PuzzlekitPack.genre``) and ``page.css`` (its
style rules). The pack writes them after the shared code, in the order of `genres.NAMES`,
each folder once (a variant such as ``swend`` shares its genre's folder):

- ``pack-genres.js``: ``static/pack-draw.js`` (the drawing helpers and the genre kit's
  pages), then every genre's ``page.js``;
- ``pack.js``: ``static/pack.js`` (the play), as it is;
- ``pack.css``: ``static/pack.css``, then every genre's ``page.css``, so a genre's rules
  come after the shared ones they refine.
"""

from __future__ import annotations

from importlib import resources

from .. import genres

#: Each file the pack writes: the shared file it starts with, and the genre file it adds.
BUNDLES: dict[str, tuple[str, str | None]] = {
    "pack-genres.js": ("pack-draw.js", "page.js"),
    "pack.js": ("pack.js", None),
    "pack.css": ("pack.css", "page.css"),
}


def folders() -> list[str]:
    """The package's genre folders with page code (as package names), in the order of
    `genres.NAMES`, each once; a genre made with the kit alone has none (the page plays it from
    its layers)."""
    out: dict[str, None] = {}
    for name in genres.NAMES:
        module = genres.get(name)
        if module.__package__ and not hasattr(module, "GENRE"):
            out.setdefault(module.__package__, None)
    return list(out)


def genre_file(package: str, name: str) -> str | None:
    """The text of one of a genre folder's page files, or None when it has none."""
    path = resources.files(package).joinpath(name)
    return path.read_text(encoding="utf-8") if path.is_file() else None


def asset(name: str) -> str:
    """The text of one of the page's files (`BUNDLES`): the shared part, then each genre's."""
    shared, own = BUNDLES[name]
    parts = [resources.files(__package__).joinpath("static", shared).read_text(encoding="utf-8")]
    if own is not None:
        parts += [text for text in (genre_file(package, own) for package in folders()) if text is not None]
    return "".join(part if part.endswith("\n") else part + "\n" for part in parts)
