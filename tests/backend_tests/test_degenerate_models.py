"""Every backend answers degenerate models as the IR's ``holds`` says, and never crashes on one.

An empty loop is a model without solutions, not an error; so are a path without edges, pairs
that share a terminal and a run of length 0. No pairs and no edges, a connected constraint
without nodes and a model without variables have exactly one solution.
"""

from __future__ import annotations

import pytest
from bruteforce import check_means_holds, installed
from models import degenerate_models

from puzzlekit import api, backends
from puzzlekit.genres import masyu

MODELS = degenerate_models()
#: every backend, and the other ways some of them lower graph constraints
VARIANTS = [(name, {}) for name in backends.NAMES] + [
    ("search", {"method": "frontier"}), ("z3", {"graph": "order"}), ("sat", {"cuts": "shared"}),
    ("sat", {"labels": "onehot"}),
]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}{o or ''}" for n, o in VARIANTS])
@pytest.mark.parametrize("case", MODELS)
def test_degenerate_model_means_what_holds_says(name: str, options: dict, case: str) -> None:
    check_means_holds(name, options, MODELS[case])


@pytest.mark.parametrize("name", backends.NAMES)
def test_a_masyu_of_one_cell_is_unsolvable(name: str) -> None:
    installed(name)
    result = api.solve(masyu.parse("0\n"), backend=name, unique=True, time_limit=30)
    assert result.status == "unsolvable" and result.complete and not result.solutions
