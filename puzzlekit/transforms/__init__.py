"""IR-to-IR transforms that need no solver: runs to clauses, graph constraints to cuts; and the
shapes of counts a richer solver lowers in fewer pieces."""
