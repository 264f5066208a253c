"""Kurodoko in pzprjs: ``kurodoko``, the numbers in number16 (the shared code for numbers in
cells); a solved file's second block marks shaded cells ``#``."""

from __future__ import annotations

from ...formats.board import Kind
from ...formats.forms import Form, install
from . import NAME

ALIASES = {"kuromasu": "kurodoko"}
ROW_LINES = True
FORM = Form(Kind("kurodoko", "kurodoko", "Kurodoko", NAME), "numbers", "shaded", what="a Kurodoko number")
install(globals(), FORM)
