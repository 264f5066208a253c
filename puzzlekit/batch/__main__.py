"""``python -m puzzlekit.batch ACTION GENRE PATH... -o OUT.jsonl``: the same as ``puzzlekit batch``."""

import sys

if __name__ == "__main__":
    from puzzlekit.batch.command import main

    sys.exit(main())
