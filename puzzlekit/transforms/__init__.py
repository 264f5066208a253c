"""IR-to-IR transforms that need no solver: runs to clauses, graph constraints to cuts."""
