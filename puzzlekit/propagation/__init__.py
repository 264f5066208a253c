"""The propagation engine: a model compiled to bitmask domains, propagated to a fixpoint.

It sits below the backends, the ladder and the generator, which all use it as a library:

* `engine`: the compiled model and its state (domains, trail, propagation queues), and the
  operations a caller drives it with (`Engine.assume`, `Engine.limit`, `Engine.trace`, ...);
* `propagators`: counts, node degrees, runs; `graphs`: loop, paths, connected;
* `compiled`: `new_engine`, the one table of constraint kind to propagator, and
  `propagate`, propagation on its own;
* `frontier`: the frontier sweep of a one-line model (dynamic programming over the edges).

The built-in search backend (`backends.search`) is branching over this engine.
"""

from __future__ import annotations

from .compiled import Domains, Propagator, new_engine, propagate
from .engine import Engine

__all__ = ["Domains", "Engine", "Propagator", "new_engine", "propagate"]
