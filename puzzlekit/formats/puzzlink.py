"""puzz.link and pzv.jp URLs: every form people paste in, one canonical form out.

Accepted: ``http``/``https`` or no scheme; the hosts ``puzz.link``, ``pzv.jp``, their mirrors
or no host at all; the paths ``p`` and ``p.html`` (in any folder, e.g. ``/pzpr/v3/p.html``)
or none (``?mashu/...``, or the bare body ``mashu/6/6/...``); the genre id with an
``_edit``/``_play`` suffix. The body reads ``[pflag/]cols/rows/data`` (columns first); a body
``pzprv3/...`` is a whole percent-encoded pzprv3 file (its slashes may be encoded too).
Pasted forms are read as well: quotes or ``%22`` around the URL, a site's ``&key=value``
parameters after it, and text after the last cell, which pzprjs ignores and so do we.
Written: ``https://puzz.link/p?...``.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import replace

from .. import textio
from ..errors import ParseError
from . import board as b
from . import urlcodes as code
from .board import Board

CANONICAL = "https://puzz.link/p?"
#: Hosts known to serve pzprjs (others are accepted too, with the same paths).
HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app", "pzplus.tck.mn", "indi.s58.xrea.com")
SUFFIXES = ("_edit", "_play")
_SCHEME = re.compile(r"(?i)https?://")
_PATH = re.compile(r"(?i)(?:[^?#\s]*/)?p(?:\.html)?")
_BARE = re.compile(r"[A-Za-z_]+/(?:[a-z]+/)?\d+/\d+(?:/|$)")
_HOST = re.compile(r"(?i)[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?")
#: Quotes (plain, typographic or percent-encoded) and angle brackets a pasted URL may come in.
_OPEN = re.compile(r"(?i)^(?:[\"'<`\u201c\u2018]|%22|%27)+")
_CLOSE = re.compile(r"(?i)(?:[\"'>`\u201d\u2019]|%22|%27)+$")
#: Where query parameters a site added after the body begin (``&id=...``): no body holds ``&``.
_PARAMS = re.compile(r"&[A-Za-z_][\w.-]*=")
#: A pzprv3 body whose slashes were percent-encoded too.
_ENCODED_PZPRV3 = re.compile(r"(?i)pzprv3(?:\.\d+)?%2f")


def _body(query: str) -> str:
    """The body of a query: a ``#`` fragment and trailing ``&key=value`` parameters left out,
    and a ``pzprv3%2F...`` body given its slashes back."""
    query = query.split("#", 1)[0]
    params = _PARAMS.search(query)
    if params:
        query = query[:params.start()]
    if _ENCODED_PZPRV3.match(query):
        query = re.sub(r"(?i)%2f", "/", query)
    return query


def split(text: str, source: str = "<url>") -> tuple[str, int] | None:
    """The part after ``?`` of a puzz.link URL and its offset in ``text``, or None when
    ``text`` does not look like a URL. The bare body (``mashu/6/6/...``) counts when its
    genre id is a known one. An address that is a URL but not a puzz.link one is refused."""
    stripped = text.strip()
    if not stripped or any(ch.isspace() for ch in stripped) or len(stripped) > textio.MAX_BYTES:
        return None
    start = len(text) - len(text.lstrip())
    opening = _OPEN.match(stripped)
    if opening:
        stripped, start = stripped[opening.end():], start + opening.end()
    closing = _CLOSE.search(stripped)
    if closing:
        stripped = stripped[:closing.start()]
    if not stripped:
        return None
    scheme = _SCHEME.match(stripped)
    rest = stripped[scheme.end():] if scheme else stripped
    start += scheme.end() if scheme else 0
    question = rest.find("?")
    if question < 0:
        first = rest.split("/", 1)[0]
        if not scheme and _BARE.match(rest) and _base(first) in _ids():
            return _body(rest), start
        if scheme:
            raise ParseError("not a puzz.link puzzle address: nothing after '?' names a puzzle",
                             source=source)
        return None
    before = rest[:question]
    if before and not (not scheme and _PATH.fullmatch(before)):
        host, _, path = before.partition("/")
        if not _HOST.fullmatch(host) or not _PATH.fullmatch(path):
            if not scheme:
                return None
            raise ParseError(
                f"not a puzz.link puzzle address: expected HOST/p?... or HOST/p.html?..., found "
                f"{before!r} before '?'", source=source,
            )
    elif scheme:
        raise ParseError("not a puzz.link puzzle address: no host", source=source)
    return _body(rest[question + 1:]), start + question + 1


def _ids() -> set[str]:
    """Every pzprjs id the genres' parts name (theirs, their aliases, those they are not)."""
    return {*b.KINDS, *b.ALIASES, *b.OTHERS}


def _base(ident: str) -> str:
    key = ident.lower()
    for suffix in SUFFIXES:
        key = key.removesuffix(suffix)
    return key


def looks_like(text: str) -> bool:
    """Whether a text is a puzz.link URL (by its shape, without decoding the body)."""
    try:
        return split(text) is not None
    except ParseError:
        return True


def is_pzprv3(query: str) -> bool:
    """Whether the URL's body is a percent-encoded pzprv3 file."""
    return re.match(r"pzprv3(\.\d+)?/", query) is not None


def decode(text: str, source: str = "<url>") -> Board:
    """The board of a puzz.link URL (not of a ``p?pzprv3/...`` one: see `pzprv3_text`)."""
    found = split(text, source)
    if found is None:
        raise ParseError("not a puzz.link URL (expected e.g. https://puzz.link/p?mashu/6/6/...)",
                         source=source)
    query, offset = found

    def fail(message: str, at: int) -> ParseError:
        return ParseError(message, source=source, line=1, column=offset + at + 1)

    parts = query.split("/")
    ident = parts[0]
    kind = b.kind(_base(ident), source, offset + 1)
    at = len(ident) + 1
    i = 1
    if i < len(parts) and parts[i].startswith("v:"):
        raise fail(f"pzprjs variant {parts[i]!r} is not supported", at)
    flags = ""
    if i < len(parts) and parts[i] and not parts[i].isdigit():
        flags = parts[i]
        allowed = kind.flags
        for ch in flags:
            if ch not in allowed:
                known = f" (known: {', '.join(allowed)})" if allowed else " (it takes none)"
                raise fail(f"unknown option letter {ch!r} for {kind.pid}{known}", at)
        at += len(flags) + 1
        i += 1
    sizes = []
    for what in ("columns", "rows"):
        piece = parts[i] if i < len(parts) else ""
        if not re.fullmatch(r"\d{1,6}", piece) or int(piece) < 1:
            found_text = repr(piece) if piece else "nothing"
            raise fail(f"expected the number of {what} (columns come first), found {found_text}", at)
        sizes.append(int(piece))
        at += len(piece) + 1
        i += 1
    cols, rows = sizes
    if kind.square and rows != cols:
        raise fail(f"a {kind.name} URL gives the side twice, found {cols} and {rows}", at - 1)
    if rows > textio.MAX_SIDE or cols > textio.MAX_SIDE or rows * cols > textio.MAX_CELLS:
        raise fail(
            f"grid {rows}x{cols} is over the size limit ({textio.MAX_SIDE} rows or columns, "
            f"{textio.MAX_CELLS} cells)", at - 1,
        )
    data = "/".join(parts[i:])
    if data.endswith("/"):
        data = data[:-1]
    try:
        return _decode_data(Board(kind.pid, rows, cols, "".join(sorted(set(flags)))), data)
    except code.CodeError as exc:
        raise fail(exc.message, at + exc.offset) from None


def _decode_data(empty: Board, data: str) -> Board:
    reader = getattr(b.part(empty.pid), "decode", None) or read_cells
    out, _ = reader(empty, data)
    # pzprjs reads the cells the size asks for and ignores what follows (see docs/formats.md)
    return out


def grid(values: list, cols: int) -> tuple[tuple, ...]:
    """Values in reading order as rows of ``cols``."""
    return tuple(tuple(values[i:i + cols]) for i in range(0, len(values), cols))


def read_cells(empty: Board, data: str) -> tuple[Board, int]:
    """A board of numbers in cells (number16), the body most genres use, and where it ends."""
    values, at = code.read_number16(data, empty.rows * empty.cols)
    return replace(empty, cells=grid(values, empty.cols)), at


def write_cells(board: Board) -> str:
    """The number16 body of a board of numbers in cells."""
    return code.write_number16([v for row in board.cells for v in row])


def pzprv3_text(text: str, source: str = "<url>") -> str:
    """The pzprv3 file held by a ``p?pzprv3/...`` URL, ``/``-separated."""
    found = split(text, source)
    if found is None or not is_pzprv3(found[0]):
        raise ParseError("not a puzz.link pzprv3 URL", source=source)
    return urllib.parse.unquote(found[0])


def encode(board: Board) -> str:
    """The canonical URL of a board (ValueError when a value has no URL code)."""
    kind = board.kind
    data = (getattr(b.part(board.pid), "encode", None) or write_cells)(board)
    head = f"{board.flags}/" if board.flags else ""
    body = f"{kind.urlid}/{head}{board.cols}/{board.rows}/{data}"
    if not body[-1].isalnum():
        body += "/"
    return CANONICAL + body
