"""Fresh game IDs from Simon Tatham's programs (Debian's ``sgt-puzzles``), for the genre tests
of his games: a few IDs of every level he offers at his smallest preset size."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from typing import Any

import pytest

from puzzlekit import api


def program(game: str) -> str | None:
    """The path of his program for a game, or None when it is not installed."""
    found = shutil.which(f"sgt-{game}")
    if found is None and os.path.exists(f"/usr/games/sgt-{game}"):
        found = f"/usr/games/sgt-{game}"
    return found


def needs(game: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(program(game) is None, reason=f"sgt-{game} is not installed")


def generated(game: str, params: str, count: int = 2) -> list[str]:
    """``count`` IDs his generator prints for ``params`` (a preset such as ``5dh``)."""
    sgt = program(game)
    assert sgt is not None
    done = subprocess.run([sgt, "--generate", str(count), params], capture_output=True, text=True,
                          check=True, timeout=300)
    ids = done.stdout.split()
    assert len(ids) == count, (params, done.stdout, done.stderr)
    return ids


def solved_and_written_back(game_id: str, tatham: Any, verify: Callable[[Any, Any], list]) -> Any:
    """His ID read by the genre's ``tatham`` part is solved with one answer that ``verify``
    accepts, and written back to the same ID; the puzzle read is returned."""
    puzzle = tatham.read(*game_id.split(":", 1))
    result = api.solve(puzzle, unique=True)
    assert result.status == "solved" and result.unique is True, game_id
    assert verify(puzzle, result.solutions[0]) == [], game_id
    assert tatham.write(puzzle) == game_id
    return puzzle


def fresh_ids(game: str, count: int = 3) -> list[str]:
    """``count`` IDs his generator prints for each preset of his smallest size (one preset a
    level; a game without levels has one)."""
    sgt = program(game)
    assert sgt is not None
    listed = subprocess.run([sgt, "--list-presets"], capture_output=True, text=True, check=True).stdout
    params = [line.split()[0] for line in listed.splitlines() if line.strip()]
    size = params[0].split("d")[0].split("h")[0]  # 7x7b20s4d0 -> 7x7b20s4 ; 5x5de -> 5x5
    levels = [p for p in params if p.startswith(size)] or params[:1]
    out = []
    for p in levels:
        out += generated(game, p, count)
    return out
