"""Simon Tatham's game IDs: ``PARAMS:DESC`` as his programs print and accept them.

    >>> from puzzlekit.formats import tatham
    >>> genre, puzzle = tatham.read("6x6:bBBnWaWaBcWcBcWa")
    >>> tatham.write(puzzle)
    '6x6:bBBnWaWaBcWcBcWa'

Each genre that has a counterpart among his games keeps the knowledge of his description in
its folder, ``genres/NAME/tatham.py`` (``GAME``, ``TITLE``, ``read(params, desc)`` and
``write(puzzle)``); this module finds those parts and picks one. An ID is read with the
game named (a genre name or alias, or his game's name: ``GAME:PARAMS:DESC`` or the genre
argument) or, failing that, by every part in turn: the one that accepts it is the game. When
several accept the same text, the one whose `write` gives the text back wins (else the one
whose written description is the same and whose written parameters the given ones spell out
in order, most of them; then one whose part's optional ``fits(puzzle)`` says his generator
could have made the puzzle, ahead of one whose part does not say); if that leaves more than
one, the error names them and asks for the game. His save files (``SAVEFILE:41:Simon
Tatham's Portable Puzzle Collection`` ...) name their game and are read the same way.

The spellings his descriptions share are in `tathamcodes`, for the parts to use (``runs``,
``size`` and ``write_runs`` are named here too).
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from .. import genres
from ..errors import ParseError, UnknownName
from .tathamcodes import runs, shown, size, write_runs

__all__ = ["looks_like", "names_game", "parts", "read", "runs", "size", "write", "write_runs"]

#: ``[GAME:]PARAMS:DESC`` on one line: his parameters start with a digit (a size or an order)
ID = re.compile(r"(?:([A-Za-z][A-Za-z0-9 _-]*):)?(\d[^:\s]*):(\S*)")
SAVE_MAGIC = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection"
_PARTS: dict[str, ModuleType] | None = None


def looks_like(text: Any) -> bool:
    """Whether a text is one of his game IDs (``[GAME:]PARAMS:DESC``) or save files."""
    if not isinstance(text, str):
        return False
    stripped = text.strip()
    return stripped.startswith(SAVE_MAGIC) or ID.fullmatch(stripped) is not None


def parts() -> dict[str, ModuleType]:
    """Every genre's part for his IDs, by genre name (found once, in `genres.available` order)."""
    global _PARTS
    if _PARTS is None:
        found: dict[str, ModuleType] = {}
        for name in genres.available():
            module = genres.get(name)
            part = genres.part(module, "tatham")
            # a variant shares its genre's folder: the part belongs to the genre itself
            if part is not None and part not in found.values():
                found[module.NAME] = part
        _PARTS = found
    return _PARTS


def game_names() -> dict[str, str]:
    """His game names and titles (compared as `genres.canonical` compares names) -> genre."""
    out: dict[str, str] = {}
    for genre, part in parts().items():
        for word in (getattr(part, "GAME", ""), getattr(part, "TITLE", "")):
            out.setdefault(_key(word), genre)
    return out


def names_game(name: str) -> bool:
    """Whether a name is one of his games' names or titles (``rect``, ``Rectangles``)."""
    return isinstance(name, str) and _key(name) in game_names()


def _key(word: str) -> str:
    return "".join(ch for ch in word.lower() if ch not in " -_")


def _candidates(game: str, source: str) -> dict[str, ModuleType]:
    """The parts a named game or genre stands for: the genre of that name, and every part
    whose game has that name (his Solo is more than one of our genres)."""
    key, found = _key(game), {}
    for genre, part in parts().items():
        if key in (_key(getattr(part, "GAME", "")), _key(getattr(part, "TITLE", ""))):
            found[genre] = part
    try:
        genre = genres.canonical(game)
    except UnknownName:
        if found:
            return found
        known = sorted({getattr(p, "GAME", g) for g, p in parts().items()})
        raise ParseError(f"{game!r} is neither a genre nor one of his games here "
                         f"({', '.join(known)})", source=source) from None
    if genre in parts():
        found = {genre: parts()[genre], **found}
    if not found:
        raise ParseError(f"{genre} has no form among Simon Tatham's games", source=source)
    return found


def split(text: str, source: str = "<game id>") -> tuple[str | None, str, str]:
    """``(game or None, params, desc)`` of an ID or a save file."""
    stripped = text.strip()
    if stripped.startswith(SAVE_MAGIC):
        fields = read_save(stripped, source)
        params = fields.get("CPARAMS") or fields.get("PARAMS")
        if params is None or "DESC" not in fields:
            raise ParseError("this save file has no PARAMS or DESC record", source=source)
        return fields.get("GAME"), params, fields["DESC"]
    m = ID.fullmatch(stripped)
    if m is None:
        raise ParseError(f"a game ID is PARAMS:DESC as his programs print it (such as "
                         f"'7x7:Ba01bBm20e1'), not {shown(stripped)}", source=source)
    return m.group(1), m.group(2), m.group(3)


def read_save(text: str, source: str = "<save file>") -> dict[str, str]:
    """The fields of one of his save files (``KEY:LENGTH:VALUE`` records; the first of each)."""
    fields: dict[str, str] = {}
    pos = 0
    while pos < len(text):
        m = re.compile(r"([A-Z]+) *:(\d+):").match(text, pos)
        if m is None:
            raise ParseError(f"a save file record is KEY:LENGTH:VALUE, not {shown(text[pos:pos + 20])}",
                             source=source)
        end = m.end() + int(m.group(2))
        if end > len(text):
            raise ParseError(f"the save file's {m.group(1)} record runs past its end", source=source)
        fields.setdefault(m.group(1), text[m.end():end])
        pos = end
        while pos < len(text) and text[pos] in "\r\n":
            pos += 1
    return fields


def read(text: str, genre: str | None = None, source: str | None = None) -> tuple[str, Any]:
    """``(genre, puzzle)`` of a game ID or save file; ``genre`` (a genre or his game's name)
    picks the part, else every part is tried. A `ParseError` says why none (or several) fit."""
    name = source or "<game id>"
    game, params, desc = split(text, name)
    chosen = dict(parts())
    for named in (genre, game):
        if named is not None:
            wanted = _candidates(named, name)
            chosen = {g: p for g, p in chosen.items() if g in wanted}
    if not chosen:
        raise ParseError(f"the genre {genre!r} and the game {game!r} of this ID differ", source=name)
    accepted: dict[str, Any] = {}
    refusals: list[str] = []
    for g, part in chosen.items():
        try:
            accepted[g] = part.read(params, desc)
        except (ValueError, LookupError, ParseError) as exc:  # a lookup: a description cut short
            title, why = getattr(part, "TITLE", g), str(getattr(exc, "reason", exc))
            refusals.append(why if why.startswith(title) else f"{title}: {why}")
    if not accepted:
        if len(refusals) == 1:
            raise ParseError(refusals[0], source=name)
        # a game that took the parameters says more than one that refused them
        refusals.sort(key=lambda why: "param" in why.lower())
        raise ParseError("no game here reads this ID (" + "; ".join(refusals[:6])
                         + ("; ..." if len(refusals) > 6 else "") + ")", source=name)
    if len(accepted) > 1:
        scores = {g: _likeness(chosen[g], p, params, desc) for g, p in accepted.items()}
        best = max(scores.values())
        if best > 0:
            accepted = {g: p for g, p in accepted.items() if scores[g] == best}
    if len(accepted) > 1:
        # a game whose generator could not have made its reading steps aside, and one whose
        # part says its generator could is ahead of one whose part does not say
        ranks = {g: _fits(chosen[g], p) for g, p in accepted.items()}
        accepted = {g: p for g, p in accepted.items() if ranks[g] == max(ranks.values())}
    if len(accepted) > 1:
        games = ", ".join(f"{getattr(chosen[g], 'GAME', g)} ({g})" for g in accepted)
        raise ParseError(f"this ID reads as more than one game: {games}; name the genre "
                         f"(e.g. {next(iter(accepted))}:{params}:...)", source=name)
    return next(iter(accepted.items()))


def _fits(part: ModuleType, puzzle: Any) -> int:
    """2 when the part's ``fits`` says his generator could have made the puzzle, 0 when it says
    not, 1 when the part has no ``fits`` or its ``fits`` cannot tell (None)."""
    fits = getattr(part, "fits", None)
    verdict = None if fits is None else fits(puzzle)
    return 1 if verdict is None else 2 if verdict else 0


def _likeness(part: ModuleType, puzzle: Any, params: str, desc: str) -> int:
    """How well a game's own writing of a puzzle explains the ID it was read from: the whole
    ID given back beats all; else the same description with parameters that the given ones
    spell out in order (his printed IDs leave out what his full parameters add), the longer
    the better; 0 when its writing differs."""
    try:
        written_params, _, written_desc = part.write(puzzle).partition(":")
    except (ValueError, ParseError):
        return 0
    if written_desc != desc:
        return 0
    if written_params == params:
        return 1 << 16
    rest = iter(params)
    return len(written_params) if all(ch in rest for ch in written_params) else 0


def write(puzzle: Any) -> str:
    """His game ID of a puzzle, by its genre's part (a `ParseError` when there is none, or when
    the puzzle has something his game cannot hold)."""
    module = genres.module_of(puzzle)
    part = parts().get(module.NAME)
    if part is None:
        raise ParseError("no form among Simon Tatham's games here (those are "
                         f"{', '.join(parts())})", source=module.NAME)
    try:
        return part.write(puzzle)
    except ValueError as exc:
        raise ParseError(str(exc), source=module.NAME) from None
