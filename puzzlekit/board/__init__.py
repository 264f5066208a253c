"""The genre kit: board layers, the rule library, the check library, and `Genre`, which makes
a genre's whole contract from its layers, rules and checks (docs/adding-a-genre.md).

    from puzzlekit.board import Genre, checks, layers
"""

from __future__ import annotations

from . import checks, layers
from .genre import Genre
from .rules import BoardBuilder

__all__ = ["BoardBuilder", "Genre", "checks", "layers"]
