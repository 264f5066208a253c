"""Creek in pzprjs: ``creek``, the numbers on the grid corners in pzprjs's cross code; a solved
file's answer block marks shaded cells ``#`` (``+`` one the solver marked unshaded)."""

from __future__ import annotations

from ...formats.board import Kind
from ...formats.forms import Form, install
from . import NAME

ROW_LINES = True
FORM = Form(Kind("creek", "creek", "Creek", NAME), "corners", "shaded", code="cross", corners=True,
            what="a corner's number")
install(globals(), FORM)
