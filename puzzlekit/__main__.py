"""``python -m puzzlekit``: the same as the ``puzzlekit`` command."""

import sys

from .cli import main

sys.exit(main())
