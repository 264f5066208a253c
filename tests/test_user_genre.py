"""A genre from outside the package: the docs' example, built and installed as a tiny
distribution of its own (an entry point in the ``puzzlekit.genres`` group), works through
every command with its own name."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLE_GENRE, ROOT

PYPROJECT = """\
[build-system]
requires = ["setuptools>=70.1"]
build-backend = "setuptools.build_meta"

[project]
name = "puzzlekit-canalview"
version = "0.1.0"

[project.entry-points."puzzlekit.genres"]
canalview = "canalview"

[tool.setuptools]
py-modules = ["canalview"]
"""

PUZZLE = "01...\n.....\n01...\n.0003\n...00\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The distribution built and installed into a folder of its own (no network: the
    build backend is the installed setuptools)."""
    source = tmp_path_factory.mktemp("dist")
    shutil.copy(EXAMPLE_GENRE, source / "canalview.py")
    (source / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=300,
    )
    if done.returncode != 0:
        reason = f"the example distribution did not build: {done.stderr[-500:]}"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    assert list(target.glob("puzzlekit_canalview-*.dist-info/entry_points.txt"))
    return target


def run(site: Path, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run([sys.executable, "-m", "puzzlekit.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_every_command_serves_the_installed_genre(site, tmp_path):
    puzzle = tmp_path / "canal.txt"
    puzzle.write_text(PUZZLE, encoding="utf-8")
    listed = run(site, "genres")
    assert listed.returncode == 0 and "canalview" in listed.stdout
    solved = run(site, "solve", "CanalView", str(puzzle), "--unique", "--format", "json")
    assert solved.returncode == 0, solved.stderr
    data = json.loads(solved.stdout)
    assert data["genre"] == "canalview" and data["unique"] is True
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(data["solutions"][0]), encoding="utf-8")
    assert run(site, "check", "canalview", str(puzzle), str(answer)).returncode == 0
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"shaded": [[0, 0]]}), encoding="utf-8")
    broken = run(site, "check", "canalview", str(puzzle), str(wrong))
    assert broken.returncode == 1 and "numbered cell (0, 0) is shaded" in broken.stdout + broken.stderr
    graded = run(site, "grade", "canalview", str(puzzle))
    assert graded.returncode == 0 and "level" in graded.stdout
    hint = run(site, "hint", "canalview", str(puzzle))
    assert hint.returncode == 0 and "shaded cell" in hint.stdout
    assert run(site, "explain", "canalview", str(puzzle)).returncode == 0
    picture = tmp_path / "canal.svg"
    assert run(site, "render", "canalview", str(puzzle), "--solve", "-o", str(picture)).returncode == 0
    assert picture.read_text(encoding="utf-8").startswith("<?xml")
    made = tmp_path / "made.txt"
    generated = run(site, "generate", "canalview", "5x5", "--seed", "2", "-o", str(made))
    assert generated.returncode == 0, generated.stderr
    assert run(site, "solve", "canalview", str(made), "--unique").returncode == 0
    pack = tmp_path / "pack"
    packed = run(site, "pack", "canalview", str(puzzle), str(made), "-o", str(pack))
    assert packed.returncode == 0, packed.stderr
    assert '"g":"canalview"' in (pack / "index.html").read_text(encoding="utf-8").replace(" ", "")
    unknown = run(site, "solve", "canalvue", str(puzzle))
    assert unknown.returncode == 2 and "did you mean 'canalview'" in unknown.stderr


def test_a_bad_file_of_the_installed_genre_names_its_place(site, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("01...\n..x..\n", encoding="utf-8")
    done = run(site, "solve", "canalview", str(bad))
    assert done.returncode == 2
    assert f"{bad}:2:3:" in done.stderr and "Traceback" not in done.stderr
