"""The spellings Simon Tatham's descriptions share (`formats.tathamcodes`): each reader gives
back what its writer wrote, and a malformed text is refused with a sentence naming the problem."""

from __future__ import annotations

import pytest

from puzzlekit.formats import tathamcodes as tc


def test_the_size_is_wxh_or_a_side_and_the_rest_as_the_part_says():
    assert tc.dims("7x5de", "(?:d([eh]))?", "x")[:2] == (7, 5)
    w, h, m = tc.dims("6dh", "(?:d([eh]))?", "x")
    assert (w, h, m.group(3)) == (6, 6, "h")
    with pytest.raises(ValueError, match="Slant params are WxH, not '6x6dq'"):
        tc.dims("6x6dq", "(?:d([eh]))?", "Slant params are WxH")
    with pytest.raises(ValueError, match="a side 3-9, not '12'"):
        tc.dims("12", "", "a side 3-9", square=True, sides=(3, 9))
    with pytest.raises(ValueError, match="not '4x4'"):
        tc.dims("4x4", "", "a side", square=True)


def test_runs_of_empty_cells_are_letters_and_long_runs_split_at_z():
    cells = [None] * 30 + ["12", "3", None, "4"]
    text = tc.write_runs(cells, "_")
    assert text == "zd12_3a4"
    assert tc.runs(text, 34, r"\d+", "Towers") == cells
    assert tc.runs("b3", 3, "[0-4]", "Slant", int, None) == [None, None, 3]
    with pytest.raises(ValueError, match="Slant: unexpected '_' at position 2"):
        tc.runs("a_3", 3, "[0-4]", "Slant", int, None)
    with pytest.raises(ValueError, match="covers 4 cells, not 3"):
        tc.runs("c3", 3, "[0-4]", "Slant")


def test_a_grid_may_leave_out_the_empty_cells_after_its_last_clue():
    cells = [None, 2] + [None] * 30
    assert tc.write_runs(cells, end=False) == "a2z"  # a full run of 26 is written, the rest not
    assert tc.runs("a2z", 32, "[0-4]", "Palisade", int, short=True) == cells
    with pytest.raises(ValueError, match="covers 28 cells, not 32"):
        tc.runs("a2z", 32, "[0-4]", "Palisade", int)
    with pytest.raises(ValueError, match="covers 34 cells, not 32"):
        tc.runs("a2zf", 32, "[0-4]", "Palisade", int, short=True)


def test_placed_values_end_past_the_grid():
    letters = {"z": (25, 0, False), "Z": (25, 1, False), **{chr(97 + i): (i, 0, True) for i in range(25)},
               **{chr(65 + i): (i, 1, True) for i in range(25)}}
    cells = [None] * 26 + [1, 0] + [None] * 3
    text = tc.write_placed(cells, letters, 0)
    assert text == "ZBad"
    assert tc.placed(text, len(cells), letters, "Unruly") == cells
    with pytest.raises(ValueError, match="covers 30 cells, not 31"):
        tc.placed("ZBac", 31, letters, "Unruly")
    with pytest.raises(ValueError, match="unexpected '!'"):
        tc.placed("!", 1, letters, "Unruly")


def test_number_lists_and_one_character_numbers():
    assert tc.numbers("2//13", "/", 3, "clues", empty=True) == [2, None, 13]
    assert tc.write_numbers([2, None, 13], "/") == "2//13"
    with pytest.raises(ValueError, match=r"expected 3 counts separated by ','"):
        tc.numbers("1,,2", ",", 3, "counts")
    assert tc.chars("1.a", 3, "counts") == (1, None, 10)
    assert tc.write_chars((1, None, 10)) == "1.a"
    with pytest.raises(ValueError, match="unexpected character '!' at position 2"):
        tc.chars("1!a", 3, "counts")
    with pytest.raises(ValueError, match="expected 4 counts"):
        tc.chars("1.a", 4, "counts")


def test_tokens_must_cover_the_text():
    found = tc.tokens("a3m12", r"([asmd])(\d+)", "clues")
    assert [m.groups() for m in found] == [("a", "3"), ("m", "12")]
    with pytest.raises(ValueError, match="expected clues, found 'x1' at position 3"):
        tc.tokens("a3x1", r"([asmd])(\d+)", "clues")


def test_the_block_structure_of_regions():
    blocks = [[0, 1, 3], [2, 5], [4, 7, 8], [6]]  # a 3x3 grid cut in four
    for compress in (True, False):
        text = tc.write_blocks(blocks, 3, compress)
        assert tc.read_blocks(text + ",rest", 3) == (sorted(blocks), ",rest")
    assert tc.write_blocks([list(range(16))], 4) == "x"  # one block: its 24 lines inside it
    with pytest.raises(ValueError, match="does not cover the grid"):
        tc.read_blocks("_", 3)
