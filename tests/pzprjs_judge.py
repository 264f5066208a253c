"""pzprjs's own rule checker as a second judge: an answer of ours, written as a pzprv3 board,
is run through ``../shared/pzprjs/node/check.js`` (Node 18 or newer); the judge's verdict is
read back. The tests that use it skip when Node or the shared folder is absent."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest
from conftest import SHARED

from puzzlekit import formats

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
