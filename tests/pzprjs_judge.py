"""pzprjs's own rule checker as a second judge: an answer of ours, written as a pzprv3 board,
is run through ``../shared/pzprjs/node/check.js`` (Node 18 or newer); the judge's verdict is
read back. The tests that use it skip when Node or the shared folder is absent."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from typing import Any

import pytest
from conftest import SHARED

from puzzlekit import api, formats
from puzzlekit.errors import ParseError

CHECKER = SHARED / "pzprjs" / "node" / "check.js"


def node() -> str:
    """The Node program; skips the test when there is none, or no checker."""
    program = shutil.which("node") or shutil.which("nodejs")
    if program is None:
        pytest.skip("Node is not installed")
    if not CHECKER.exists():
        pytest.skip("../shared/pzprjs is not present")
    return program


def verdict(text: str) -> dict[str, Any]:
    """pzprjs's verdict on a pzprv3 board or a URL: ``complete``, ``failcode``, ``message_en``."""
    done = subprocess.run([node(), str(CHECKER), "-"], input=text, capture_output=True, text=True,
                          timeout=120)
    if done.returncode == 2:
        raise AssertionError(f"the checker refused the board: {done.stdout or done.stderr}\n{text}")
    return json.loads(done.stdout)


def judge(puzzle: Any, solution: Any) -> dict[str, Any]:
    """pzprjs's verdict on our answer to a puzzle."""
    return verdict(formats.write_pzprv3(puzzle, solution))


def golden(pid: str) -> dict[str, Any]:
    """pzprjs's test record of one genre (its URL, solved board and failcheck boards); skips
    the test when the shared folder is absent."""
    for name in ("goldens-more.jsonl", "goldens.jsonl"):
        path = SHARED / "pzprjs" / name
        if not path.is_file():
            pytest.skip("../shared/pzprjs is absent")
        for record in map(json.loads, path.read_text().splitlines()):
            if record["pid"] == pid:
                return record
    raise LookupError(f"pzprjs has no test record of {pid!r}")


Verify = Callable[[Any, Any], list]


def golden_answer(pid: str, name: str, verify: Verify) -> tuple[dict[str, Any], Any, Any]:
    """pzprjs's golden of one genre read and checked: its URL reads as a ``name`` puzzle and is
    written back byte for byte; its solved board reads into an answer ``verify`` accepts, the
    one our solver finds, and it round-trips through a pzprv3 board. Returns (record, puzzle,
    answer)."""
    record = golden(pid)
    genre, puzzle = formats.read(record["url"])
    assert genre == name and formats.to_url(puzzle) == record["url"]
    answer = formats.read_pzprv3_solution(genre, puzzle, record["solved"])
    assert verify(puzzle, answer) == []
    assert list(api.solve(puzzle, unique=True).solutions) == [answer]
    assert formats.read_pzprv3(formats.write_pzprv3(puzzle, answer)) == (genre, puzzle, answer)
    return record, puzzle, answer


def broken_boards_fail(record: dict[str, Any], verify: Verify, puzzle: Any = None, skip: int = 0) -> int:
    """Every failcheck board of pzprjs's record (after the first ``skip``) breaks a rule for
    ``verify``: read as an answer to ``puzzle``, or, with none given, each as a board of its own
    (a board our reader refuses counts as caught). Returns how many were read and failed."""
    failed, genre = 0, formats.read(record["url"])[0]
    for code, board, *_ in record["failchecks"][skip:]:
        if puzzle is None:
            try:
                _, own, _ = formats.read_pzprv3(board)
                bad = formats.read_pzprv3_solution(genre, own, board)
            except ParseError:
                continue
        else:
            own, bad = puzzle, formats.read_pzprv3_solution(genre, puzzle, board)
        assert verify(own, bad), code
        failed += 1
    return failed
