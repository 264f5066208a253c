"""Minesweeper in pzprjs: ``mines``, the numbers in number16 (the shared code for numbers in
cells); a solved file's second block marks the mines ``#``. pzprjs gives no total of mines."""

from __future__ import annotations

from ...formats.board import Kind
from ...formats.forms import Form, install
from . import NAME

ROW_LINES = True
FORM = Form(Kind("mines", "mines", "Minesweeper", NAME), "numbers", "mines", what="a Minesweeper number")
install(globals(), FORM)
