"""The measure of what a genre costs (benchmarks.genre_cost, docs/architecture.md): which lines
count, and which lines of shared files are a genre's."""

from __future__ import annotations

from benchmarks import genre_cost as cost


def test_blank_and_comment_lines_do_not_count():
    python = "x = 1\n\n# a comment\n    # another\ny = 2  # counted\n"
    assert cost.counted_lines("a.py", python) == {1, 5}
    script = "/* a block\n   comment */\nvar a = 1;\n// a line\n\n/* one */ var b;\n"
    assert cost.counted_lines("a.js", script) == {3, 6}


def test_a_file_named_after_a_genre_is_its_own():
    assert cost.own_file("puzzlekit/genres/tents/page.js") == "tents"
    assert cost.own_file("puzzlekit/generate/masyu.py") == "masyu"
    assert cost.own_file("puzzlekit/genres/_wend_states.py") == "wend"
    assert cost.own_file("puzzlekit/genres/swend.py") == "wend"  # Wend's settings view, one row
    assert cost.own_file("puzzlekit/pack/encoding.py") is None
    assert cost.own_file("puzzlekit/unionfind.py") is None  # "zip" only as a word of the name


def test_branches_entries_and_functions_naming_a_genre_are_its_lines():
    source = '''def encode(name, p):
    if name == "masyu":
        a = 1
        b = 2
    elif name in ("tents", "hashi"):
        c = 3
    else:
        d = 4
    return {"sudoku": 1,
            "other": 2}


def _tents_counts(p):
    return p
'''
    parts = cost.attributed_parts(cost.Python("puzzlekit/pack/x.py", source, set()))
    assert {n for n, g in parts.items() if g == {"masyu"}} == {2, 3, 4}
    assert {n for n, g in parts.items() if g == {"tents", "hashi"}} == {5, 6}
    assert parts[9] == {"sudoku"} and 10 not in parts and 8 not in parts
    assert {n for n, g in parts.items() if g == {"tents"}} == {13, 14}


def test_object_entries_keyed_by_a_genre_in_a_script():
    script = """  var PREP = {
    masyu: function (p) { p.kind = "edges"; },
    tracks: function (p) {
      p.kind = "edges";
    },
    other: function (p) {}
  };
"""
    parts = cost.javascript_parts(script)
    assert parts == {2: {"masyu"}, 3: {"tracks"}, 4: {"tracks"}, 5: {"tracks"}}


def test_a_module_used_by_one_genre_alone_is_its_own(tmp_path, monkeypatch):
    files = {
        "puzzlekit/board/__init__.py": "",
        "puzzlekit/board/layers.py": "from .bridges import Bridges\nfrom .lines import Lines\n",
        "puzzlekit/board/bridges.py": "class Bridges:\n    pass\n",
        "puzzlekit/board/lines.py": "class Lines:\n    pass\n",
        "puzzlekit/genres/hashi/__init__.py": "from ...board import layers\nx = layers.Bridges()\n"
                                              "y = layers.Lines()\n",
        "puzzlekit/genres/masyu/__init__.py": "from ...board.layers import Lines\nz = Lines()\n",
    }

    class Planted(cost.Tree):
        def __init__(self) -> None:
            self.rev, self.paths = "planted", sorted(files)

        def text(self, path: str) -> str:
            return files[path]

    lines, where, _ = cost.measure(Planted())
    assert "puzzlekit/board/bridges.py" in where["hashi"]  # seen through the re-export
    assert all("board/lines.py" not in where[g] for g in ("hashi", "masyu"))  # shared by two
    assert lines["hashi"] == 3 + 2 and lines["masyu"] == 2
