"""Mosaic has no pzprjs genre, so no puzz.link form."""

NO_FORM = "pzprjs has no Mosaic (Fill-a-Pix) genre"
