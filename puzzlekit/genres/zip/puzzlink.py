"""Zip has no pzprjs form."""

NO_FORM = "pzprjs has no Zip genre"
