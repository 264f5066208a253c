"""Writing the files a command makes: every way a path cannot be written is one clear error.

A missing folder, a folder where a file is wanted, a file where a folder is wanted, a path
under a file: each is an `OutputError` naming the path (the command exits 2), never a raw
OSError from deep inside a write.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO

from .errors import PuzzlekitError


class OutputError(PuzzlekitError, ValueError):
    """An output path that cannot be written (the message names it and says why)."""


def error(path: str | os.PathLike, exc: OSError, what: str = "cannot write") -> OutputError:
    """The `OutputError` for an OSError met while writing ``path``."""
    reason = exc.strerror or str(exc)
    if isinstance(exc, IsADirectoryError):
        reason = "it is a folder, not a file"
    elif isinstance(exc, NotADirectoryError):
        reason = "a part of the path is a file, not a folder"
    elif isinstance(exc, FileNotFoundError):
        reason = "its folder does not exist"
    return OutputError(f"{os.fspath(path)}: {what}: {reason}")


def write_text(path: str | os.PathLike, text: str) -> None:
    """Write a UTF-8 text file (`OutputError` when the path cannot be written)."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write a file (`OutputError` when the path cannot be written)."""
    _refuse_empty(path)
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise error(path, exc) from None


def open_text(path: str | os.PathLike) -> TextIO:
    """A UTF-8 text file open for writing (`OutputError` when the path cannot be written)."""
    _refuse_empty(path)
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise error(path, exc) from None


def file_allowed(path: str | os.PathLike) -> None:
    """Refuse, without writing anything, a file path that cannot be written: the empty string, a
    folder, a path whose folder is missing, a folder or file without write permission.
    (Commands ask this before long work, so a bad path costs no solving.)"""
    _refuse_empty(path)
    where = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(where))
    if os.path.isdir(where):
        raise OutputError(f"{where}: cannot write: it is a folder, not a file")
    if not os.path.isdir(folder):
        raise OutputError(f"{where}: cannot write: its folder does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(where) and not os.access(where, os.W_OK)):
        raise OutputError(f"{where}: cannot write: permission denied")


def folder_allowed(path: str | os.PathLike) -> None:
    """Refuse, without creating anything, a folder path that `folder` would refuse: the empty
    string, a file, a path under a file. (Commands ask this before long work.)"""
    _refuse_empty(path)
    if os.fspath(path) == "-":
        raise OutputError("-: standard output cannot hold a folder of files; name a folder "
                          "(./- for a folder named -)")
    out = Path(path)
    if out.exists() and not out.is_dir():
        raise OutputError(f"{os.fspath(path)}: cannot write into it: it is a file, not a folder")
    for parent in out.absolute().parents:
        if parent.exists():
            if not parent.is_dir():
                raise OutputError(f"{os.fspath(path)}: cannot create the folder: {parent} is a file")
            return


def folder(path: str | os.PathLike) -> Path:
    """The folder ``path``, created with its parents if missing; `OutputError` when it is a file,
    lies under a file, is the empty string (which would mean the current folder by accident),
    or cannot be made."""
    folder_allowed(path)
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{os.fspath(path)}: cannot create the folder: a part of the path is a file"
                          ) from None
    except OSError as exc:
        raise error(path, exc, "cannot create the folder") from None
    return out


def _refuse_empty(path: str | os.PathLike) -> None:
    if not os.fspath(path).strip():
        raise OutputError("the output path is empty: name a file or folder (. for the current folder)")
