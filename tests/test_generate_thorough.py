"""The thorough generation profile: many puzzles per genre, each proven unique again on three
backends, the level hit rate, and large packs that hold no puzzle twice under symmetry.

Off by default (CI runs the small sample of test_generate.py):

    PUZZLEKIT_THOROUGH=1 pytest tests/test_generate_thorough.py -k certified   # 200 per genre
    PUZZLEKIT_PACK=1 pytest tests/test_generate_thorough.py -k pack           # 1,000 per genre

``PUZZLEKIT_THOROUGH_COUNT`` and ``PUZZLEKIT_PACK_COUNT`` change the numbers,
``PUZZLEKIT_GENRES`` (comma-separated) the genres, and ``PUZZLEKIT_PROFILE_OUT`` names a
JSON Lines file that gets one summary line per genre (docs/generating.md quotes them).
"""

from __future__ import annotations

import json
import os
import time

import pytest

from puzzlekit import api, backends, genres
from puzzlekit.generate import fingerprint_of, generate, generators, offered, recipe

#: Per genre: a small size; the levels asked, in turn by seed, are those the generator offers
#: there (`reach.offered`: every level it makes reliably at that size).
PROFILE: dict[str, tuple[int, int]] = {
    "sudoku": (9, 9), "masyu": (6, 6), "slitherlink": (5, 5), "tents": (6, 6), "hashi": (6, 6),
    "nonogram": (6, 6), "queens": (6, 6), "tracks": (6, 6), "zip": (5, 5), "patches": (5, 5),
    "numberlink": (6, 6), "wend": (5, 5), "swend": (5, 5),
}
#: Pack sizes: small, but with room for 1,000 different puzzles.
PACK: dict[str, tuple[int, int]] = {
    "sudoku": (6, 6), "masyu": (6, 6), "slitherlink": (5, 5), "tents": (6, 6), "hashi": (6, 6),
    "nonogram": (6, 6), "queens": (7, 7), "tracks": (6, 6), "zip": (5, 5), "patches": (5, 5),
    "numberlink": (6, 6), "wend": (5, 5), "swend": (5, 5),
}
#: The package's genres with a measured generator (a test may have registered a kit genre of its
#: own; the package's kit genres offer no level until they are measured).
GENERATORS = tuple(name for name in generators()
                   if name in genres.NAMES and getattr(recipe(name), "SIDES", ()))
# kit genres: profiled and packed at the smallest side their levels were measured at
for _name in GENERATORS:
    if hasattr(genres.get(_name), "GENRE"):
        _side = min(recipe(_name).SIDES)
        PROFILE.setdefault(_name, (_side, _side))
        PACK.setdefault(_name, (_side, _side))


def _genres() -> list[str]:
    chosen = os.environ.get("PUZZLEKIT_GENRES")
    return [g.strip() for g in chosen.split(",")] if chosen else list(GENERATORS)


def _summary(line: dict) -> None:
    out = os.environ.get("PUZZLEKIT_PROFILE_OUT")
    if out:
        with open(out, "a", encoding="utf-8") as sink:
            sink.write(json.dumps(line) + "\n")


def test_the_profile_covers_every_recipe():
    assert set(PROFILE) == set(GENERATORS) == set(PACK)


def verdicts(made, names: tuple[str, ...]) -> dict[str, str]:
    """Each backend's word on the generated puzzle, solved again from its file text."""
    puzzle = api.load(made.genre, made.text())
    want = made.solution.to_json()
    out = {}
    for name in names:
        result = api.solve(puzzle, backend=name, limit=2)
        if result.unique is None:
            out[name] = "undecided"
        elif not result.unique:
            out[name] = "not unique"
        else:
            out[name] = "unique" if result.solutions[0].to_json() == want else "another solution"
    return out


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("PUZZLEKIT_THOROUGH"), reason="set PUZZLEKIT_THOROUGH=1")
@pytest.mark.parametrize("genre", _genres())
def test_every_puzzle_is_certified_by_three_backends_and_the_level_is_hit(genre):
    count = int(os.environ.get("PUZZLEKIT_THOROUGH_COUNT", "200"))
    height, width = PROFILE[genre]
    asked = offered(genre, height, width)
    assert asked, f"{genre} offers no level at {height}x{width}"
    names = ("sat", "search") + (("cpsat",) if backends.installed().get("cpsat") else ())
    disagreements, hits, made_count = [], {lv: [0, 0] for lv in asked}, 0
    started = time.perf_counter()
    for i in range(count):
        level = asked[i % len(asked)]
        made = next(generate(genre, height, width, level, seed=2000 + i))
        made_count += 1
        said = verdicts(made, names)
        if set(said.values()) != {"unique"}:
            disagreements.append((made.seed, level, said, made.text()))
        hits[level][1] += 1
        hits[level][0] += not made.note
    total_hit = sum(h for h, _ in hits.values())
    _summary({"test": "certified", "genre": genre, "size": f"{height}x{width}", "puzzles": made_count,
              "backends": list(names), "disagreements": len(disagreements),
              "hits": {str(lv): f"{h}/{n}" for lv, (h, n) in hits.items()},
              "hit_rate": round(total_hit / made_count, 4),
              "seconds": round(time.perf_counter() - started, 1)})
    assert disagreements == []
    assert total_hit >= 0.95 * made_count, hits


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("PUZZLEKIT_PACK"), reason="set PUZZLEKIT_PACK=1")
@pytest.mark.parametrize("genre", _genres())
def test_a_large_pack_holds_no_puzzle_twice_under_symmetry(genre):
    count = int(os.environ.get("PUZZLEKIT_PACK_COUNT", "1000"))
    height, width = PACK[genre]
    started = time.perf_counter()
    seen: dict[str, int] = {}
    twice = []
    last_seed = 0
    level = offered(genre, height, width)[0]  # the easiest level made reliably there
    for made in generate(genre, height, width, level, count=count, seed=1):
        # recomputed from the file text, not taken from the record
        key = fingerprint_of(api.load(genre, made.text()))
        assert key == made.fingerprint
        if key in seen:
            twice.append((seen[key], made.seed))
        seen[key] = made.seed
        last_seed = made.seed
    _summary({"test": "pack", "genre": genre, "size": f"{height}x{width}", "level": level,
              "puzzles": len(seen) + len(twice),
              "repeats": len(twice), "seeds_used": last_seed,
              "seconds": round(time.perf_counter() - started, 1)})
    assert twice == []
    assert len(seen) == count
