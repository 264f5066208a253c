"""LITS in pzprjs: ``lits``, the rooms drawn by borders; a solved file's last block marks
shaded cells ``#``."""

from __future__ import annotations

from ...board.rooms import room_label
from ...formats.board import Kind
from ...formats.roomforms import RoomForm, install
from . import NAME

ROW_LINES = True
FORM = RoomForm(Kind("lits", "lits", "LITS", NAME, fields=("regions",)), "rooms", "shaded", room_label)
install(globals(), FORM)
