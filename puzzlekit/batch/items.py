"""The items of a batch: what the PATHs hold, each with its id and input fingerprint.

A PATH is a puzzle file, a folder (every file below it, in name order: ``*.jsonl`` files are
read as lists of items, ``*.json`` files are solutions and skipped, every other file not
starting with a dot is a puzzle), or a JSON Lines file (``*.jsonl``) with one item a line::

    {"id": "p1", "puzzle": "<the puzzle file's text>"}
    {"id": "p2", "puzzle": "...", "genre": "queens"}               # another genre than the run's
    {"id": "p3", "puzzle": "...", "solution": {"queens": [...]}}    # for check
    {"id": "g1", "params": {"height": 5, "width": 5, "seed": 7}}    # for generate

For ``check`` a puzzle file's solution is the file beside it named ``STEM.solution.json``
(``tracks01.txt`` -> ``tracks01.solution.json``).

An input that cannot be read (binary data, a line that is not JSON, a missing solution) is
still an item: its record is the error, and the rest of the batch goes on.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .. import genres, textio
from ..errors import ParseError, PuzzlekitError

ACTIONS: tuple[str, ...] = ("solve", "check", "grade", "generate")
SOLUTION_SUFFIX = ".solution.json"


@dataclass(frozen=True)
class Item:
    """One unit of work. ``error`` is set when the input itself could not be read: the item's
    record is then that error, and no worker sees it."""

    id: Any
    source: str
    genre: str
    fingerprint: str
    text: str | None = None
    solution: Any = None
    params: dict | None = None
    error: dict | None = field(default=None, compare=False)

    def key(self, action: str) -> tuple[str, str, str]:
        """What makes a record of this item done: the action, the id and the fingerprint."""
        return key_of(action, self.id, self.fingerprint)


def key_of(action: str, id_: Any, fingerprint: str) -> tuple[str, str, str]:
    return action, json.dumps(id_, sort_keys=True), fingerprint


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint(genre: str, text: str, extra: Any = None) -> str:
    """sha256 of the genre and the input text (and, for check, the solution's canonical JSON)."""
    digest = hashlib.sha256(f"{genre}\n{text}".encode("utf-8", "surrogatepass"))
    if extra is not None:
        digest.update(b"\n" + canonical_json(extra).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _raw_fingerprint(genre: str, data: bytes) -> str:
    return hashlib.sha256(genre.encode() + b"\n" + data).hexdigest()


def error_of(exc: BaseException) -> dict[str, str]:
    """An exception as a record's ``error``: its type and its message."""
    return {"type": type(exc).__name__, "message": str(exc)}


def collect(
    action: str, genre: str, paths: Iterable[str | os.PathLike], exclude: Iterable[str | os.PathLike] = ()
) -> Iterator[Item]:
    """Every item the PATHs hold, in order. A PATH that does not exist raises `ParseError`
    before anything runs (so call this before starting work); a bad file inside is an item.
    Files found in folders that are among ``exclude`` (the run's output) are left out."""
    genre = genres.canonical(genre)
    skip = {os.path.realpath(p) for p in exclude}
    expanded: list[tuple[str, bool]] = []
    for path in paths:
        name = os.fspath(path)
        if os.path.isdir(name):
            expanded.extend((f, f.endswith(".jsonl")) for f in _walk(name) if os.path.realpath(f) not in skip)
        elif os.path.isfile(name) or name == "-":
            expanded.append((name, name.endswith(".jsonl")))
        else:
            raise ParseError("no such file or folder", source=name)
    return _items(action, genre, expanded)


def _items(action: str, genre: str, expanded: list[tuple[str, bool]]) -> Iterator[Item]:
    for name, lines in expanded:
        if lines:
            yield from _jsonl(action, genre, name)
        else:
            yield _file(action, genre, name)


def _walk(folder: str) -> list[str]:
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith(".") and not name.endswith(".json"):
                found.append(os.path.join(root, name))
    return found


def _file(action: str, genre: str, name: str) -> Item:
    try:
        text, _ = textio.read_file(name)
    except ParseError as exc:
        return Item(name, name, genre, _raw_fingerprint(genre, _bytes(name)), error=error_of(exc))
    if action == "generate":
        return Item(name, name, genre, fingerprint(genre, text),
                    error={"type": "ParseError", "message": f"{name}: generate reads JSON Lines of params"})
    solution = None
    if action == "check":
        path = _solution_path(name)
        try:
            solution = _read_json(path)
        except PuzzlekitError as exc:
            return Item(name, name, genre, fingerprint(genre, text), text, error=error_of(exc))
    return Item(name, name, genre, fingerprint(genre, text, solution), text, solution)


def _bytes(name: str) -> bytes:
    try:
        with open(name, "rb") as handle:
            return handle.read(textio.MAX_BYTES + 1)
    except OSError:
        return b""


def _solution_path(name: str) -> str:
    base, _ = os.path.splitext(name)
    return base + SOLUTION_SUFFIX


def _read_json(path: str) -> Any:
    if not os.path.isfile(path):
        raise ParseError("no solution file beside the puzzle (check needs STEM.solution.json)", source=path)
    text, source = textio.read_file(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"invalid JSON: {exc.msg}", source=source, line=exc.lineno,
                         column=exc.colno) from None


def _jsonl(action: str, genre: str, name: str) -> Iterator[Item]:
    try:
        text, _ = textio.read_file(name) if name == "-" else (_read_text(name), name)
    except ParseError as exc:
        yield Item(name, name, genre, _raw_fingerprint(genre, _bytes(name)), error=error_of(exc))
        return
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield _line(action, genre, f"{name}:{number}", line)


#: Largest JSON Lines file read (each line's puzzle still has `textio.MAX_BYTES`).
MAX_JSONL_BYTES = 256 * 1024 * 1024
_CHUNK = 1024 * 1024


def _read_text(name: str) -> str:
    """A JSON Lines file, read in chunks up to `MAX_JSONL_BYTES`: JSON text never holds a NUL
    byte, so binary data (even an endless /dev/zero) is refused at its first chunk."""
    chunks: list[bytes] = []
    size = 0
    try:
        with open(name, "rb") as handle:
            while chunk := handle.read(_CHUNK):
                if b"\x00" in chunk:
                    raise ParseError("binary data: expected UTF-8 JSON Lines", source=name)
                size += len(chunk)
                if size > MAX_JSONL_BYTES:
                    raise ParseError(f"JSON Lines input is over {MAX_JSONL_BYTES} bytes: split it",
                                     source=name)
                chunks.append(chunk)
    except OSError as exc:
        raise ParseError(f"cannot read file: {exc.strerror or exc}", source=name) from exc
    data = b"".join(chunks)
    try:
        return data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError(f"byte 0x{data[exc.start]:02X} is not UTF-8", source=name) from None


def _line(action: str, genre: str, source: str, line: str) -> Item:
    def bad(message: str, id_: Any = source) -> Item:
        return Item(id_, source, genre, fingerprint(genre, line), error={"type": "ParseError",
                                                                         "message": f"{source}: {message}"})

    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        return bad(f"not JSON: {exc.msg} (column {exc.colno})")
    if not isinstance(data, dict):
        return bad("an item is a JSON object")
    id_ = data.get("id", source)
    if not isinstance(id_, (str, int)) or isinstance(id_, bool):
        return bad(f"an id is text or a whole number, not {id_!r}")
    if "genre" in data:
        try:
            genre = genres.canonical(str(data["genre"]))
        except PuzzlekitError as exc:
            return bad(str(exc), id_)
    if action == "generate":
        params = data.get("params", {})
        if not isinstance(params, dict):
            return bad("'params' is a JSON object", id_)
        return Item(id_, source, genre, fingerprint(genre, canonical_json(params)), params=params)
    text = data.get("puzzle")
    if not isinstance(text, str):
        return bad("an item needs 'puzzle': the puzzle file's text", id_)
    if len(text.encode("utf-8", "surrogatepass")) > textio.MAX_BYTES:
        return bad(f"puzzle text is over {textio.MAX_BYTES} bytes", id_)
    solution = None
    if action == "check":
        if "solution" not in data:
            return Item(id_, source, genre, fingerprint(genre, text), text,
                        error={"type": "ParseError", "message": f"{source}: check needs 'solution'"})
        solution = data["solution"]
    return Item(id_, source, genre, fingerprint(genre, text, solution), text, solution)
