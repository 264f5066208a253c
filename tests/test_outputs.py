"""Output paths that cannot be written: every command exits 2 with a message naming the path,
never an internal error (exit 4) or a traceback, and the library raises `OutputError`."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import EXAMPLES, ROOT, run_cli

import puzzlekit
from puzzlekit import api, outputs
from puzzlekit.pack import build_pack

MASYU = str(EXAMPLES / "masyu01.txt")


def bad_paths(tmp_path) -> dict[str, str]:
    (tmp_path / "afile").write_text("x")
    (tmp_path / "adir.svg").mkdir()
    (tmp_path / "site" / "index.html").mkdir(parents=True)
    return {
        "missing folder": str(tmp_path / "nodir" / "x.svg"),
        "a folder": str(tmp_path / "adir.svg"),
        "under a file": str(tmp_path / "afile" / "x.svg"),
    }


def refused(proc, path: str) -> None:
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert path in err and "Traceback" not in err and "internal error" not in err, err


@pytest.mark.parametrize("kind", ["missing folder", "a folder", "under a file"])
def test_render_to_a_path_it_cannot_write_exits_2(tmp_path, kind):
    path = bad_paths(tmp_path)[kind]
    refused(run_cli("render", "masyu", MASYU, "-o", path), path)


@pytest.mark.parametrize("kind", ["a file", "under a file", "/dev/null", "index.html a folder", "empty"])
def test_pack_to_a_folder_it_cannot_write_exits_2(tmp_path, kind):
    bad_paths(tmp_path)
    path = {"a file": str(tmp_path / "afile"), "under a file": str(tmp_path / "afile" / "sub"),
            "/dev/null": "/dev/null", "index.html a folder": str(tmp_path / "site"), "empty": ""}[kind]
    proc = run_cli("pack", "masyu", MASYU, "-o", path)
    refused(proc, path if path else "empty")
    assert not (tmp_path / "site" / "pack.js").exists()


def test_generate_under_a_file_exits_2(tmp_path):
    (tmp_path / "afile").write_text("x")
    path = str(tmp_path / "afile" / "out.txt")
    refused(run_cli("generate", "sudoku", "4x4", "-o", path), path)


def test_build_pack_refuses_a_file_and_the_empty_path(tmp_path):
    puzzle = puzzlekit.load("masyu", MASYU)
    items = [(puzzle, api.solve(puzzle).solutions[0])]
    (tmp_path / "afile").write_text("x")
    with pytest.raises(outputs.OutputError, match="afile.*not a folder"):
        build_pack(items, tmp_path / "afile")
    with pytest.raises(outputs.OutputError, match="empty"):
        build_pack(items, "")
    with pytest.raises(puzzlekit.PuzzlekitError):
        build_pack(items, tmp_path / "afile" / "sub")


def test_pack_to_standard_output_is_refused(tmp_path):
    """``-o -`` wrote a folder named ``-`` into the current folder."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "puzzlekit.cli", "pack", "masyu", MASYU, "-o", "-"],
                          cwd=tmp_path, env=env, capture_output=True, timeout=120)
    refused(proc, "standard output")
    assert not (tmp_path / "-").exists()
