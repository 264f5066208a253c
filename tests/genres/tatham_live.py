"""Fresh game IDs from Simon Tatham's programs (Debian's ``sgt-puzzles``), for the genre tests
of his games: a few IDs of every level he offers at his smallest preset size."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest


def program(game: str) -> str | None:
    """The path of his program for a game, or None when it is not installed."""
    found = shutil.which(f"sgt-{game}")
    if found is None and os.path.exists(f"/usr/games/sgt-{game}"):
        found = f"/usr/games/sgt-{game}"
    return found


def needs(game: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(program(game) is None, reason=f"sgt-{game} is not installed")


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
        done = subprocess.run([sgt, "--generate", str(count), p], capture_output=True, text=True, check=True)
        ids = done.stdout.split()
        assert len(ids) == count, (p, done.stdout, done.stderr)
        out += ids
    return out
