"""puzz.link URLs, pzprv3 files and boards pasted from puzzle websites (docs/formats.md)."""
