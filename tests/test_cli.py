"""The command line: exit codes, JSON output, bad input as one line on stderr, check."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES, run_cli

from puzzlekit import backends
from puzzlekit.genres import masyu

TWO_LOOPS = "0 1 0 0\n0 0 0 0\n"  # exactly two valid loops


def test_solve_text_output_and_exit_0():
    proc = run_cli("solve", "masyu", str(EXAMPLES / "masyu01.txt"), "--unique")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert "solved" in out and "unique: yes" in out and "●" in out


def test_solve_json_matches_the_contract():
    proc = run_cli("solve", "masyu", str(EXAMPLES / "masyu01.txt"), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data) == {
        "genre", "backend", "status", "seconds", "import_seconds", "complete", "unique", "unique_reason",
        "solutions",
    }
    assert (data["genre"], data["status"], data["unique"], data["unique_reason"]) == (
        "masyu", "solved", None, "not asked",
    )
    assert data["backend"] in backends.NAMES
    puzzle = masyu.parse((EXAMPLES / "masyu01.txt").read_text())
    solution = masyu.solution_from_json(puzzle, data["solutions"][0])
    assert masyu.verify(puzzle, solution) == []


def test_two_solutions_not_unique_and_limit_lists_both(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(TWO_LOOPS)
    unique = json.loads(run_cli("solve", "masyu", str(path), "--unique", "-f", "json").stdout)
    assert unique["unique"] is False and len(unique["solutions"]) == 2
    listed = json.loads(run_cli("solve", "masyu", str(path), "--limit", "10", "-f", "json").stdout)
    assert listed["unique"] is False
    edges = {json.dumps(s["edges"]) for s in listed["solutions"]}
    assert len(edges) == 2


def test_stdin_and_unsolvable_exit_1():
    proc = run_cli("solve", "masyu", "-", stdin=b"2 0\n0 0\n")  # black pearl in a 2x2 corner
    assert proc.returncode == 1, proc.stderr
    assert "unsolvable" in proc.stdout.decode()


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "empty puzzle"),
        (b"# only a comment\n\n", "empty puzzle"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "binary data"),
        (b"0 1 0\n0 0\n", ":2:4: ragged grid"),
        (b"0 1 0\n0 7 0\n", ":2:3: expected 0 (empty), 1 (white) or 2 (black)"),
        (b"0 " * 1001 + b"\n", "over the size limit"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, content, words):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    proc = run_cli("solve", "masyu", str(path))
    err = proc.stderr.decode()
    assert proc.returncode == 2
    assert words in err and str(path) in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_huge_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as f:  # 10,000 x 10,000 cells: refused by size, not read into memory
        f.truncate(10_000 * 20_001)
    proc = run_cli("solve", "masyu", str(path))
    assert proc.returncode == 2
    assert "limited to" in proc.stderr.decode()


@pytest.mark.parametrize(
    "args, words",
    [
        (["solve", "nosuchgenre", "x.txt"], "unknown genre"),
        (["solve", "masyu", "missing.txt"], "No such file"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "--backend", "nope"], "unknown backend"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "--limit", "0"], "at least 1"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "--time-limit", "-1"], "more than 0"),
        (["frobnicate"], "invalid choice"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "search", "-O", "method=magic"],
         "bad value 'magic' for option 'method'"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "search", "-O", "speed=11"],
         "backend 'search' has no option 'speed'; its options: method"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "csp", "-O", "x=1"], "it takes none"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-O", "workers"], "KEY=VALUE"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "cpsat", "-O", "workers=-2"],
         "workers must be"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "sat", "-O", "solver=nosuch"],
         "unknown SAT solver"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "sat", "-O", "propagate=maybe"],
         "use one of false, true"),  # spelled as the help spells them
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "z3", "-O", "logic=nosuch"],
         "does not know the logic"),
        (["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "mip", "-O", "solver=gurobi"],
         "unknown MIP solver"),
    ],
)
def test_usage_errors_exit_2(args, words):
    proc = run_cli(*args)
    assert proc.returncode == 2
    assert words in proc.stderr.decode()
    assert "Traceback" not in proc.stderr.decode()


def test_check_accepts_solve_output_and_rejects_a_broken_loop(tmp_path):
    puzzle_path = EXAMPLES / "masyu01.txt"
    good = run_cli("solve", "masyu", str(puzzle_path), "-f", "json").stdout
    (tmp_path / "good.json").write_bytes(good)
    proc = run_cli("check", "masyu", str(puzzle_path), str(tmp_path / "good.json"))
    assert proc.returncode == 0 and "valid" in proc.stdout.decode()

    data = json.loads(good)["solutions"][0]
    data["edges"] = data["edges"][1:]  # open the loop
    (tmp_path / "bad.json").write_text(json.dumps(data))
    proc = run_cli("check", "masyu", str(puzzle_path), str(tmp_path / "bad.json"))
    assert proc.returncode == 1
    assert "the line ends at" in proc.stdout.decode()


def test_check_bad_json_names_line_and_column(tmp_path):
    (tmp_path / "s.json").write_text('{"edges":\n  [oops]}')
    proc = run_cli("check", "masyu", str(EXAMPLES / "masyu01.txt"), str(tmp_path / "s.json"))
    assert proc.returncode == 2
    assert "s.json:2:4: invalid JSON" in proc.stderr.decode()


def test_genres_and_backends_listings():
    genres = run_cli("genres").stdout.decode()
    assert "masyu" in genres and "hashi" in genres
    listing = run_cli("backends").stdout.decode().splitlines()
    names = [line.split()[0] for line in listing if not line.startswith(" ")]
    assert names == ["cpsat", "z3", "mip", "sat", "csp", "search"]
    assert "installed" in listing[0]
    assert any(line.split()[:2] == ["-O", "method=..."] for line in listing)  # search's option


def test_options_reach_the_backend():
    # the numberlink seed: the frontier sweep proves it in about a second, depth-first search
    # alone does not finish in minutes
    seed = str(EXAMPLES / "numberlink01.txt")
    swept = run_cli("solve", "numberlink", seed, "-b", "search", "-O", "method=frontier", "-u", "-t", "60")
    assert swept.returncode == 0 and "unique: yes" in swept.stdout.decode(), swept.stderr
    searched = run_cli("solve", "numberlink", seed, "-b", "search", "-O", "method=dfs", "-t", "2")
    assert searched.returncode == 3, searched.stdout


def test_render_writes_an_svg_the_xml_parser_reads(tmp_path):
    import xml.etree.ElementTree as ET

    out = tmp_path / "m.svg"
    proc = run_cli("render", "masyu", str(EXAMPLES / "masyu01.txt"), "--solve", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    assert any("loop" in (el.get("class") or "") for el in root.iter())
    bad = run_cli("render", "masyu", str(EXAMPLES / "masyu01.txt"), "-o", str(tmp_path / "m.gif"))
    assert bad.returncode == 2 and b".svg or .png" in bad.stderr


def test_urls_in_and_out_and_a_pzprv3_solution(tmp_path):
    url = run_cli("url", "masyu", str(EXAMPLES / "masyu01.txt"))
    assert url.returncode == 0 and url.stdout.startswith(b"https://puzz.link/p?mashu/")
    link = url.stdout.decode().strip()
    named = run_cli("solve", link, "--unique")  # the genre read from the URL
    assert named.returncode == 0 and b"unique: yes" in named.stdout
    assert run_cli("solve", "slitherlink", link).returncode == 2  # another genre's URL
    from puzzlekit import formats

    puzzle = masyu.parse((EXAMPLES / "masyu01.txt").read_text())
    import puzzlekit

    board = tmp_path / "solved.txt"
    board.write_text(formats.write_pzprv3(puzzle, puzzlekit.solve(puzzle).solutions[0]))
    checked = run_cli("check", "masyu", str(EXAMPLES / "masyu01.txt"), str(board))
    assert checked.returncode == 0 and b"valid" in checked.stdout
    refused = run_cli("url", "tracks", str(EXAMPLES / "tracks01.txt"))
    assert refused.returncode == 2 and b"no puzz.link form" in refused.stderr


def test_a_budget_stop_is_not_called_a_time_limit(tmp_path):
    """A backend stopped by a budget its options set says so, in the text and in the JSON."""
    house = str(EXAMPLES / "nonogram01.txt")
    proc = run_cli("solve", "nonogram", house, "--backend", "search", "--option", "propagations=1")
    assert proc.returncode == 3
    assert "search stopped at its propagations budget before a solution was found" in proc.stdout.decode()
    assert "time limit" not in proc.stdout.decode()
    two = tmp_path / "two.txt"
    two.write_text("width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n")
    proc = run_cli("solve", "nonogram", str(two), "--backend", "search", "--option", "nodes=2", "--unique",
                   "--format", "json")
    out = json.loads(proc.stdout)
    assert proc.returncode == 3 and out["status"] == "solved" and out["unique"] is None  # asked, undecided
    assert out["unique_reason"] == "budget"
    proc = run_cli("solve", "nonogram", str(two), "--backend", "search", "--unique")
    assert json.loads(run_cli("solve", "nonogram", str(two), "--backend", "search", "--unique",
                              "--format", "json").stdout)["unique"] is False
    assert "undecided" not in proc.stdout.decode()
