"""The deduction ladder: how hard a puzzle is, and the next step a player can take.

Levels, weakest first (docs/grading.md says each in a puzzler's words). Each level adds one
way of reasoning to the ones below it, so a puzzle solved at level k is solved at every
level above:

0. ``scan``: ``rules`` with one kind of rule filling values in (every box holds each digit
   once, say): a count of any other kind only rules values out once it is full.
1. ``rules``: each rule on its own. Counts, clues and line lengths force a value when only
   one stays possible; a loop is seen only through the degree of each cell, a path also
   never closes on itself.
2. ``pairs``: two rules that share cells, together (a row's count and a box's count over
   the same cells; a clue and the corner it touches).
3. ``trial``: assume a value and apply the rules to what changed, twice; a broken rule
   proves the other value.
4. ``lines``: a loop or path as a whole. No piece closes into a cycle too early, two pairs
   never join, every part can still reach the rest (cut cells, dead ends).
5. ``chain``: assume a value and follow every consequence, the whole line included; a
   contradiction proves the other value.
6. ``either``: assume each value of an unknown in turn; what follows from every one holds.
7. ``deep``: an assumption whose consequences are themselves followed by chains (within a
   budget of trials per unknown).
8. ``search``: guessing and backtracking; the number of guesses (search nodes) is reported.

Everything works on the IR alone, so a grade does not depend on the backend that made or
checked a puzzle. Reasoning runs on the propagation engine (`puzzlekit.propagation`, which
the built-in search also runs on): a trial assumes a value, propagates, and retracts, so
probing is incremental. `levels` holds the
rungs and the result types, `rules` the lower levels' reasoning (`wholes` the ``pairs`` of
a model that asks for its rules read as wholes), `reasoner` the closures and grading,
`steps` hints and explanations.
"""

from __future__ import annotations

from .levels import (
    CHAIN,
    DEEP,
    EITHER,
    LEVELS,
    LINES,
    PAIRS,
    PROBING,
    RANKS,
    RULES,
    SCAN,
    SEARCH,
    TRIAL,
    TRIAL_DEPTH,
    Effort,
    Grade,
    Level,
    State,
    Step,
)
from .reasoner import DEEP_BUDGET, Reasoner
from .steps import Explainer, Ref, constraints, explain, givens, next_step, submodel, wrong_entries

__all__ = [
    "CHAIN", "DEEP", "DEEP_BUDGET", "EITHER", "LEVELS", "LINES", "PAIRS", "PROBING", "RANKS", "RULES",
    "SCAN", "SEARCH", "TRIAL", "TRIAL_DEPTH", "Effort", "Explainer", "Grade", "Level", "Reasoner", "Ref",
    "State", "Step", "constraints", "explain", "givens", "next_step", "submodel", "wrong_entries",
]
