"""Undead has no puzz.link form."""

NO_FORM = "pzprjs has no Undead (Haunted Mirror Maze) genre"
