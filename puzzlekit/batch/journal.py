"""The output file: JSON Lines records, each appended whole, and fsync'd before it is shown.

A record counts once its newline is on disk. On opening, a last line without its newline (a
crash in the middle of a write) is cut off, so that item runs again; any other line that is
not a record is refused, as the file is then not a batch output. The file is locked while a
run writes it (`fcntl.flock`): a second run on the same file is refused, and the lock goes
with the process, however it ends. Only the keys of the records are kept in memory; the
records themselves are read from the file when needed, and kept byte for byte.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import ParseError, PuzzlekitError
from .items import key_of

CHUNK = 1 << 20
FIELDS = frozenset({"id", "fingerprint", "action", "status"})


class Journal:
    """An output file open for appending; ``done`` holds the keys of the records in it."""

    def __init__(self, path: str | os.PathLike, *, fsync: bool = True):
        self.path = os.fspath(path)
        self.fsync = fsync
        self.fd = _open_locked(self.path)
        self.done: set[tuple[str, str, str]] = set()
        self.count = 0
        try:
            self.size = 0
            for number, (line, end) in enumerate(_lines(self.fd), 1):
                self.size = end
                if line.strip():
                    self.done.add(_key(_parse(line, number, self.path)))
                    self.count += 1
            self.dropped = os.fstat(self.fd).st_size > self.size
            if self.dropped:
                os.ftruncate(self.fd, self.size)
                self.sync()
        except BaseException:
            os.close(self.fd)
            raise

    def forget(self, drop: Callable[[dict[str, Any]], bool]) -> int:
        """Take out the records for which ``drop`` is true (their items run again); returns
        how many. The file is replaced atomically, so a crash leaves the old or the new one."""
        if not any(drop(record) for _, record, _ in _records(self.fd, self.path)):
            return 0
        folder = os.path.dirname(os.path.abspath(self.path))
        tmp = os.path.join(folder, f".{os.path.basename(self.path)}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
        done: set[tuple[str, str, str]] = set()
        size = count = 0
        try:
            _lock(fd)
            for line, record, _ in _records(self.fd, self.path):
                if not drop(record):
                    _write_all(fd, line)
                    done.add(_key(record))
                    size += len(line)
                    count += 1
            os.fsync(fd)
            os.replace(tmp, self.path)  # the old file stays locked until then
        except BaseException:
            os.close(fd)
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        _sync_folder(folder)
        os.close(self.fd)
        dropped = self.count - count
        self.fd, self.done, self.size, self.count = fd, done, size, count
        return dropped

    def append(self, record: dict[str, Any], sync: bool = True) -> None:
        """Write one record as one line, never leaving part of it in the file; then fsync it,
        unless ``sync`` is false (a caller writing several records calls `sync` after them)."""
        data = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        try:
            _write_all(self.fd, data)
        except BaseException:  # an error or an interruption in the middle: take the part back
            os.ftruncate(self.fd, self.size)
            raise
        self.size += len(data)
        self.count += 1
        self.done.add(_key(record))
        if sync:
            self.sync()

    def sync(self) -> None:
        """Make every record written so far survive a crash of the machine (fsync)."""
        if self.fsync:
            os.fsync(self.fd)

    def records(self) -> Iterator[dict[str, Any]]:
        """The records in the file, in order."""
        for _, record, _ in _records(self.fd, self.path):
            yield record

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # closing releases the lock
            self.fd = -1

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _key(record: dict[str, Any]) -> tuple[str, str, str]:
    return key_of(record["action"], record["id"], record["fingerprint"])


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _lock(fd: int) -> None:
    """An exclusive lock on an open file, or OSError (EWOULDBLOCK) when another holds it."""
    try:
        import fcntl  # POSIX only: imported here so that importing puzzlekit works everywhere
    except ImportError:
        raise PuzzlekitError("batch runs need a POSIX system (the output is locked with flock)") from None
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _open_locked(path: str) -> int:
    existed = os.path.exists(path)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
    except OSError as exc:
        raise PuzzlekitError(f"{path}: cannot open the output file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # /dev/null, a pipe: no lock, no fsync, no records kept
        os.close(fd)
        raise PuzzlekitError(f"{path}: the output must be a regular file (the records are kept in it)")
    try:
        _lock(fd)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            raise PuzzlekitError(f"{path}: another batch run is writing this file") from None
        raise
    except BaseException:
        os.close(fd)
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


def _lines(fd: int) -> Iterator[tuple[bytes, int]]:
    """Every complete line of the file (newline included) and the offset just after it; a
    last line without its newline is not given."""
    offset, rest = 0, b""
    while chunk := os.pread(fd, CHUNK, offset):
        offset += len(chunk)
        rest += chunk
        start = 0
        while (end := rest.find(b"\n", start)) >= 0:
            yield rest[start:end + 1], offset - len(rest) + end + 1
            start = end + 1
        rest = rest[start:]


def _records(fd: int, path: str) -> Iterator[tuple[bytes, dict[str, Any], int]]:
    """Each record: its line as in the file, the record, and the offset after it."""
    for number, (line, end) in enumerate(_lines(fd), 1):
        if line.strip():
            yield line, _parse(line, number, path), end


def _parse(line: bytes, number: int, path: str) -> dict[str, Any]:
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        record = None
    if not (isinstance(record, dict) and FIELDS <= record.keys()):
        raise ParseError("not a batch record: is this the output of a batch run?", source=path, line=number)
    return record
