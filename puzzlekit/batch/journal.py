"""The output file: JSON Lines records, each appended whole, and fsync'd before it is shown.

A record counts once its newline is on disk. On opening, a last line without its newline (a
crash in the middle of a write) is cut off, so that item runs again; any other line that is
not a record is refused, as the file is then not a batch output. The file is locked while a
run writes it (`fcntl.flock`): a second run on the same file is refused, and the lock goes
with the process, however it ends.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
from collections.abc import Callable
from typing import Any

from ..errors import ParseError, PuzzlekitError
from .items import key_of


class Journal:
    """An output file open for appending, with the keys of the records already in it."""

    def __init__(self, path: str | os.PathLike, *, fsync: bool = True):
        self.path = os.fspath(path)
        self.fsync = fsync
        self.fd = _open_locked(self.path)
        try:
            self.records, self.size, self.dropped = _read(self.fd, self.path)
            if self.dropped:
                os.ftruncate(self.fd, self.size)
                self.sync()
        except BaseException:
            os.close(self.fd)
            raise
        self.done = {key_of(r["action"], r["id"], r["fingerprint"]) for r in self.records}

    def forget(self, drop: Callable[[dict[str, Any]], bool]) -> int:
        """Take out the records for which ``drop`` is true (their items run again); returns
        how many. The file is replaced atomically, so a crash leaves the old or the new one."""
        keep = [r for r in self.records if not drop(r)]
        dropped = len(self.records) - len(keep)
        if dropped:
            self._rewrite(keep)
            self.done = {key_of(r["action"], r["id"], r["fingerprint"]) for r in keep}
        return dropped

    def append(self, record: dict[str, Any], sync: bool = True) -> None:
        """Write one record as one line, never leaving part of it in the file; then fsync it,
        unless ``sync`` is false (a caller writing several records calls `sync` after them)."""
        data = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        view = memoryview(data)
        written = 0
        try:
            while written < len(data):
                written += os.write(self.fd, view[written:])
        except BaseException:
            if written:  # a short write then an error or an interruption: take the part back
                os.ftruncate(self.fd, self.size)
            raise
        self.size += len(data)
        self.done.add(key_of(record["action"], record["id"], record["fingerprint"]))
        if sync:
            self.sync()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # closing releases the lock
            self.fd = -1

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def sync(self) -> None:
        """Make every record written so far survive a crash of the machine (fsync)."""
        if self.fsync:
            os.fsync(self.fd)

    def _rewrite(self, keep: list[dict[str, Any]]) -> None:
        """Replace the file by the records kept, atomically: a new file, locked,
        written, synced, then renamed over the old one while the old one is still locked."""
        folder = os.path.dirname(os.path.abspath(self.path))
        tmp = os.path.join(folder, f".{os.path.basename(self.path)}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            data = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in keep)
            _write_all(fd, data.encode())
            os.fsync(fd)
            os.replace(tmp, self.path)
        except BaseException:
            os.close(fd)
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        _sync_folder(folder)
        os.close(self.fd)
        self.fd = fd
        self.records = keep
        self.size = len(data.encode())


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _open_locked(path: str) -> int:
    existed = os.path.exists(path)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
    except OSError as exc:
        raise PuzzlekitError(f"{path}: cannot open the output file: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            raise PuzzlekitError(f"{path}: another batch run is writing this file") from None
        raise
    if not existed:
        _sync_folder(os.path.dirname(os.path.abspath(path)))
    return fd


def _sync_folder(folder: str) -> None:
    """fsync a folder, so that a file created or renamed in it survives a crash."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _read(fd: int, path: str) -> tuple[list[dict[str, Any]], int, bool]:
    """The records, the length of the file up to the last complete line, and whether a torn
    last line was found after it."""
    chunks = []
    offset = 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    data = b"".join(chunks)
    end = data.rfind(b"\n") + 1
    records = []
    for number, line in enumerate(data[:end].split(b"\n")[:-1], 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            record = None
        if not (isinstance(record, dict) and {"id", "fingerprint", "action", "status"} <= record.keys()):
            raise ParseError("not a batch record: is this the output of a batch run?",
                             source=path, line=number)
        records.append(record)
    return records, end, end < len(data)
