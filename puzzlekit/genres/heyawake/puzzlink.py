"""Heyawake in pzprjs: ``heyawake``, the rooms drawn by borders and each room's number on its
first cell (number16, one per room); a solved file's last block marks shaded cells ``#``."""

from __future__ import annotations

from ...board.rooms import room_label
from ...formats.board import Kind
from ...formats.roomforms import RoomForm, install
from . import NAME

ROW_LINES = True
FORM = RoomForm(Kind("heyawake", "heyawake", "Heyawake", NAME, fields=("regions", "cells")),
                "rooms", "shaded", room_label, numbers="numbers")
install(globals(), FORM)
