"""The plot of a run: median time against instance size, one panel per genre (``bench`` extra).

Matplotlib is optional: without it `plot` draws nothing and returns False, and the reports
leave the picture out.
"""

from __future__ import annotations

import math
import statistics
from pathlib import Path

from .peers import GRILOPS, PEER_NAMES, SEED, SW
from .rows import Row, solved

STYLE: dict[str, tuple[str, str]] = {  # backend -> (colour, marker)
    "cpsat": ("tab:blue", "o"), "z3": ("tab:orange", "s"), "mip": ("tab:green", "^"),
    "sat": ("tab:red", "D"), "csp": ("tab:purple", "v"), "search": ("tab:cyan", "P"),
    SEED: ("black", "o"), GRILOPS: ("grey", "s"), SW: ("tab:olive", "X"),
}


def plot(rows: list[Row], backends: list[str], time_limit: float, path: Path) -> bool:
    """Median time against instance size per backend, one panel per genre (False without matplotlib).

    Markers are instances; the line joins the median over the instances of each size.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import NullFormatter, ScalarFormatter
    except ImportError:
        return False
    genres = list(dict.fromkeys(r["genre"] for r in rows))
    ncols = 2 if len(genres) > 1 else 1
    nrows = math.ceil(len(genres) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(5 * ncols, 3.2 * nrows), squeeze=False)
    for ax, genre in zip(axes.flat, genres):
        for b in backends + list(PEER_NAMES):
            mine = [r for r in rows if r["genre"] == genre and r["backend"] == b]
            ok = [r for r in mine if solved(r)]
            out = [r for r in mine if r["status"] == "timeout"]
            colour, marker = STYLE.get(b, ("tab:brown", "*"))
            if ok:
                ax.plot([r["cells"] for r in ok], [r["median_s"] for r in ok], ls="none", marker=marker,
                        ms=3, color=colour)
                sizes = sorted({r["cells"] for r in ok})
                middle = [statistics.median(r["median_s"] for r in ok if r["cells"] == n) for n in sizes]
                ax.plot(sizes, middle, lw=0.8, ls="--" if b in PEER_NAMES else "-", color=colour, label=b)
            if out:
                ax.plot([r["cells"] for r in out], [time_limit] * len(out), marker="x", ls="none",
                        color=colour, label=None if ok else f"{b} (t/o)")
        ax.axhline(time_limit, color="grey", lw=0.5, ls=":")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.xaxis.set_major_formatter(ScalarFormatter())
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_title(genre, fontsize=10)
        ax.set_xlabel("cells", fontsize=8)
        ax.set_ylabel("median s", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.legend(fontsize=6, ncol=2)
    for ax in list(axes.flat)[len(genres):]:
        ax.axis("off")
    fig.suptitle(f"median wall time per solve (x: timeout at {time_limit:g} s)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=72)
    plt.close(fig)
    shrink_png(path)
    return True


def shrink_png(path: Path, colours: int = 64) -> None:
    """Re-save a plot with a small palette, a much smaller file (Pillow comes with matplotlib)."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=colours)
    small.save(path, optimize=True)
