"""The rungs of the ladder and what a grade or a step reports."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..ir import Why


@dataclass(frozen=True)
class Level:
    """One rung of the ladder: its name and what a player does at it."""

    name: str
    sentence: str


LEVELS: tuple[Level, ...] = (
    Level("scan", "One kind of rule fills values in (every box, say); the others only rule values out."),
    Level("rules", "Each rule on its own: a clue, a count or a line length leaves only one way."),
    Level("pairs", "Two rules that share cells, read together: only some ways suit both."),
    Level("trial", "Try a value: within two steps of the rules a clue breaks, so the other value holds."),
    Level("lines", "The loop or path as a whole: nothing closes too early, every part can still join up."),
    Level("chain", "Try a value and follow it as far as it goes, the whole line included: a contradiction "
                   "proves the other value."),
    Level("either", "Try every value of one unknown: what follows from all of them holds."),
    Level("deep", "Try a value and follow it with chains of its own: a contradiction proves the other."),
    Level("search", "Guess and backtrack: no chain of deductions is found."),
)
RANKS: dict[str, int] = {level.name: rank for rank, level in enumerate(LEVELS)}
SCAN, RULES, PAIRS, TRIAL, LINES, CHAIN, EITHER, DEEP, SEARCH = range(len(LEVELS))
#: Levels whose deductions refute one assumption (a step there names it).
PROBING = (TRIAL, CHAIN, DEEP)
#: Propagation steps a ``trial`` follows after its assumption.
TRIAL_DEPTH = 2

#: A partial assignment of answer-key variables by key: the player's known values.
State = Mapping[Hashable, int]


@dataclass
class Effort:
    """How much reasoning a grade or step took: rounds of trials, trials, search nodes."""

    rounds: int = 0
    probes: int = 0
    nodes: int = 0


@dataclass(frozen=True)
class Grade:
    """The weakest level that solves a puzzle, and the effort it took (deterministic).

    ``rank`` is the level's index in `LEVELS` (sort by it); ``rounds`` and ``probes`` count
    the rounds of trials and the trials made on the way (every level's), ``nodes`` the
    search nodes at ``search``.
    """

    level: str
    rank: int
    rounds: int
    probes: int
    nodes: int
    unique: bool | None

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "rank": self.rank, "rounds": self.rounds, "probes": self.probes,
                "nodes": self.nodes, "unique": self.unique}


@dataclass(frozen=True)
class Step:
    """One deduction: what it fixes, at which level, and the constraints it rests on.

    ``kind`` is ``deduce`` (the cited rules force ``fixes``), ``contradiction`` (assuming
    ``hypothesis`` breaks the cited rules, so ``fixes`` holds), or ``reveal`` (no deduction
    was found: ``fixes`` is taken from the solution). ``assumptions`` lists every value a
    step of trials refutes, in order (``hypothesis`` is one of them); ``direct`` says each
    was refuted from the same knowledge (else each once the ones before it were ruled out).
    ``irreducible`` is False when shrinking the citations ran out of questions (they still
    suffice).
    """

    level: str
    rank: int
    kind: str
    fixes: dict[Hashable, int]
    because: tuple[Why | None, ...] = ()
    hypothesis: tuple[Hashable, int] | None = None
    constraints: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    assumptions: tuple[tuple[Hashable, int], ...] = field(default=(), compare=False)
    direct: bool = field(default=True, compare=False)
    irreducible: bool = field(default=True, compare=False)
