"""Suguru in pzprjs: ``suguru``, the rooms drawn by borders and the given digits in cells;
a solved file's last block holds the digits entered."""

from __future__ import annotations

from ...board.cages import labels
from ...formats.board import Kind
from ...formats.roomdigits import RoomDigitsForm, install
from . import NAME

ROW_LINES = True
FORM = RoomDigitsForm(Kind("suguru", "suguru", "Suguru", NAME, fields=("regions", "cells")),
                      "rooms", "givens", "digits", lambda i: labels(i + 1)[i])
install(globals(), FORM)
