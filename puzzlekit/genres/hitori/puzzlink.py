"""Hitori in pzprjs: ``hitori``, the numbers in number16 (the shared code for numbers in
cells); a solved file's second block marks shaded cells ``#``."""

from __future__ import annotations

from ...formats.board import Kind
from ...formats.forms import Form, install
from . import NAME

ALIASES = {"singles": "hitori"}
ROW_LINES = True
FORM = Form(Kind("hitori", "hitori", "Hitori", NAME), "numbers", "shaded", full=True,
            what="a number 1 or more")
install(globals(), FORM)
