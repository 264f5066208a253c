"""Results that say exactly what was established, and the first minute of a new user.

Each test names the item of the list it guards: a partial enumeration, undecided uniqueness,
the time the limit covers, defaults, closed pipes, names, encodings, and the words users read.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from conftest import EXAMPLES, ROOT, run_cli

import puzzlekit
from puzzlekit import api, genres

EMPTY5 = "0 0 0 0 0\n" * 5  # an empty 5x5 Masyu: 9,349 loops
SOLVER_PACKAGES = ("ortools", "z3", "pysat", "pulp", "constraint")


# 1. partial enumerations and counts --------------------------------------------------------


def test_a_count_cut_short_raises_with_its_lower_bound():
    puzzle = puzzlekit.load("masyu", EMPTY5)
    with pytest.raises(puzzlekit.OutOfTime) as caught:
        puzzlekit.count(puzzle, up_to=100_000, time_limit=0.3, backend="search")
    assert caught.value.found is not None and 0 <= caught.value.found < 9349
    assert isinstance(caught.value, TimeoutError)


def test_a_count_is_exact_or_capped():
    puzzle = puzzlekit.load("masyu", "0 1 0 0\n0 0 0 0\n")
    assert puzzlekit.count(puzzle) == 2
    assert puzzlekit.count(puzzle, up_to=1) == 1


def test_an_enumeration_cut_short_is_marked_partial_and_exits_3(tmp_path):
    path = tmp_path / "m5.txt"
    path.write_text(EMPTY5)
    proc = run_cli("solve", "masyu", str(path), "-b", "search", "-n", "100000", "-t", "0.5", "-f", "json")
    data = json.loads(proc.stdout)
    assert proc.returncode == 3
    assert data["status"] == "solved" and data["complete"] is False
    assert data["unique"] is False  # more than one loop was seen: that much is established
    text = run_cli("solve", "masyu", str(path), "-b", "search", "-n", "100000", "-t", "0.5")
    assert text.returncode == 3 and b"there may be more" in text.stdout


def test_a_full_list_says_whether_more_exist(tmp_path):
    path = tmp_path / "m5.txt"
    path.write_text(EMPTY5)
    proc = run_cli("solve", "masyu", str(path), "-n", "3")
    assert proc.returncode == 0 and b"solution 3 of 3 (more exist)" in proc.stdout
    two = tmp_path / "two.txt"
    two.write_text("0 1 0 0\n0 0 0 0\n")
    proc = run_cli("solve", "masyu", str(two), "-n", "5")
    assert proc.returncode == 0 and b"solution 2 of 2 (all of them)" in proc.stdout


# 2. uniqueness asked for and not decided; unsolvable ---------------------------------------


def test_unsolvable_says_no_solution_and_exits_1(tmp_path):
    path = tmp_path / "none.txt"
    path.write_text("2 2\n2 2\n")
    proc = run_cli("solve", "masyu", str(path), "--unique")
    assert proc.returncode == 1
    assert b"unsolvable" in proc.stdout and b"unique: no solution" in proc.stdout
    assert b"not checked" not in proc.stdout


def test_undecided_uniqueness_from_a_timeout_is_reported_as_such(monkeypatch, capsys):
    from puzzlekit import cli
    from puzzlekit.backends.base import Result

    honest = api.backends.get("search")

    class OneThenClock:
        version = honest.version

        @staticmethod
        def solve(model, **kwargs):
            first = honest.solve(model, limit=1)
            return Result("solved", first.solutions, False, {})

    monkeypatch.setattr(api.backends, "get", lambda name: OneThenClock)
    result = puzzlekit.solve(puzzlekit.load("masyu", EXAMPLES / "masyu01.txt"), backend="search", unique=True)
    assert (result.status, result.unique, result.unique_reason, result.complete) == (
        "solved", None, "time limit", False,
    )
    assert result.to_json()["unique_reason"] == "time limit"
    assert cli.main(["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "search", "--unique"]) == 3
    assert "unique: undecided (time limit)" in capsys.readouterr().out
    assert cli.main(["solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", "search"]) == 0


# 4. what the time limit covers ------------------------------------------------------------


def test_loading_the_solver_is_reported_apart_from_the_limited_work():
    code = (
        "import json, puzzlekit;"
        "p = puzzlekit.load('masyu', 'examples/masyu01.txt');"
        "r = puzzlekit.solve(p, backend='cpsat', time_limit=30);"
        "print(json.dumps([r.import_seconds, r.seconds, r.status]))"
    )
    pytest.importorskip("ortools")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=True)
    import_seconds, seconds, status = json.loads(out.stdout)
    assert status == "solved"
    assert import_seconds > 0 and seconds > 0
    # in a fresh process the import is the bigger part; the two are separate figures
    assert import_seconds != seconds


# 5. auto is the default; listing genres imports no solver ----------------------------------


def test_auto_is_the_default_backend_everywhere():
    import inspect

    for function in (api.solve, api.count, api.is_unique, api.determined):
        assert inspect.signature(function).parameters["backend"].default == "auto"
    proc = run_cli("solve", "--help")
    assert "auto (the default" in re.sub(r"\s+", " ", proc.stdout.decode())


@pytest.mark.parametrize("command", [["genres"], ["solve", "--help"], ["check", "--help"]])
def test_commands_that_solve_nothing_import_no_solver(command):
    code = (
        f"SOLVERS = {SOLVER_PACKAGES!r};"
        "import sys, runpy; sys.argv = ['puzzlekit', *sys.argv[1:]];"
        "from puzzlekit import cli;"
        "\ntry:\n    cli.main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print('LOADED', sorted(m for m in SOLVERS if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code, *command], cwd=ROOT, capture_output=True, check=True)
    assert out.stdout.decode().strip().endswith("LOADED []")


def test_choosing_auto_imports_no_solver():
    code = (
        "import sys, puzzlekit.api as a; a.choose_backend('masyu');"
        "print(sorted(m for m in ('ortools', 'z3', 'pysat', 'pulp', 'constraint') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=True)
    assert out.stdout.decode().strip() == "[]"


# 6. a closed pipe --------------------------------------------------------------------------


def test_a_closed_pipe_is_a_quiet_exit():
    reader = subprocess.Popen(["head", "-c", "1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    writer = subprocess.run(
        [sys.executable, "-m", "puzzlekit", "solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-n", "1"],
        cwd=ROOT, stdout=reader.stdin, stderr=subprocess.PIPE,
    )
    reader.stdin.close()
    reader.wait()
    # whatever the race, no internal error and no traceback
    assert writer.returncode in (0, 1)
    assert b"internal error" not in writer.stderr and b"Traceback" not in writer.stderr


def test_a_closed_pipe_on_a_long_listing():
    proc = subprocess.run(
        f"{sys.executable} -m puzzlekit genres 2>&1 | head -1", shell=True, cwd=ROOT, capture_output=True
    )
    assert proc.stdout.count(b"\n") == 1 and b"error" not in proc.stdout


# 7. names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, genre",
    [("Sudoku", "sudoku"), ("bridges", "hashi"), ("loopy", "slitherlink"), ("pearl", "masyu"),
     ("shikaku", "patches"), ("starbattle", "starbattle"), ("Star Battle", "starbattle"),
     ("linkedinqueens", "queens"), ("mashu", "masyu"),
     ("numlin", "numberlink"), ("hashikake", "hashi"), ("MASYU", "masyu")],
)
def test_community_genre_names_in_any_case(name, genre):
    assert genres.get(name).NAME == genre


@pytest.mark.parametrize("name", [n for n in genres.NAMES if n not in genres.VARIANTS])
def test_a_genres_declared_aliases_name_it_and_no_other(name):
    # a kit genre declares its aliases (Genre(..., aliases=...)); the registry reads them there
    for alias in genres.get(name).ALIASES if hasattr(genres.get(name), "ALIASES") else ():
        assert genres.canonical(alias) == name
    table = {alias for alias, genre in genres.ALIASES.items() if genre == name}
    assert not table & {genres._key(a) for a in getattr(genres.get(name), "ALIASES", ())}  # said once


def test_no_alias_is_another_genres_name_or_shared():
    declared = {(genres._key(a), n) for n in genres.NAMES if n not in genres.VARIANTS
                for a in getattr(genres.get(n), "ALIASES", ())}
    declared = {(key, n) for key, n in declared if key != n}  # "Four Colour" spells the name
    every = [*genres.ALIASES, *(key for key, _ in declared)]
    assert len(every) == len(set(every)) and not set(every) & set(genres.NAMES)
    assert genres.get("akari").NAME == "lightup" and genres.get("Filling").NAME == "fillomino"


def test_a_typo_gets_the_nearest_name():
    proc = run_cli("solve", "sudoko", str(EXAMPLES / "sudoku01.txt"))
    assert proc.returncode == 2 and b"did you mean 'sudoku'?" in proc.stderr


def test_backend_names_in_any_case():
    result = puzzlekit.solve(puzzlekit.load("masyu", EXAMPLES / "masyu01.txt"), backend="SEARCH")
    assert result.backend == "search" and result.status == "solved"


def test_python_dash_m_puzzlekit():
    proc = subprocess.run([sys.executable, "-m", "puzzlekit", "genres"], cwd=ROOT, capture_output=True)
    assert proc.returncode == 0 and proc.stdout.startswith(b"masyu")


# 8. encodings ------------------------------------------------------------------------------


@pytest.mark.parametrize("genre, example", [("sudoku", "sudoku01.txt"), ("masyu", "masyu01.txt")])
def test_a_byte_order_mark_is_ignored(tmp_path, genre, example):
    path = tmp_path / example
    path.write_bytes(b"\xef\xbb\xbf" + (EXAMPLES / example).read_bytes())
    assert puzzlekit.load(genre, path) == puzzlekit.load(genre, EXAMPLES / example)


def test_latin1_text_is_named_as_an_encoding_problem(tmp_path):
    path = tmp_path / "l1.txt"
    path.write_bytes(b"# caf\xe9\n0 1 0\n")
    proc = run_cli("solve", "masyu", str(path))
    err = proc.stderr.decode()
    assert proc.returncode == 2 and ":1:6:" in err and "not UTF-8" in err and "binary" not in err


# 9. one-line text, library options, stdin twice ---------------------------------------------


def test_one_line_text_is_a_puzzle_not_a_path():
    assert puzzlekit.load("masyu", "0 1 0").grid == ((0, 1, 0),)


def test_a_missing_file_name_is_still_a_path():
    with pytest.raises(puzzlekit.ParseError, match="cannot read file"):
        puzzlekit.load("masyu", "missing.txt")


def test_auto_names_its_choice_when_an_option_is_refused():
    puzzle = puzzlekit.load("sudoku", EXAMPLES / "sudoku01.txt")
    with pytest.raises(puzzlekit.UnknownName, match=r"auto chose '\w+' for sudoku"):
        puzzlekit.solve(puzzle, bogus_option=2)


def test_standard_input_is_not_read_twice():
    proc = run_cli("check", "sudoku", "-", "-", stdin=b"")
    assert proc.returncode == 2 and b"standard input is read once" in proc.stderr


# 10. exit codes documented -------------------------------------------------------------------


def test_exit_codes_4_and_130_are_documented():
    helptext = run_cli("--help").stdout.decode().replace("\n", " ")
    readme = (ROOT / "README.md").read_text()
    for code in ("4 internal error", "130 interrupted"):
        assert code in re.sub(r"\s+", " ", helptext)
        assert code in readme


# 11. words a user reads -----------------------------------------------------------------------


def test_user_facing_text_speaks_of_the_project_alone():
    banned = re.compile(r"GENRES\.md|seed's format|seed program|issue \d|\.\./shared|targets")
    places = [*ROOT.joinpath("puzzlekit").rglob("*.py"), *ROOT.joinpath("docs", "genres").glob("*.md"),
              ROOT / "README.md", ROOT / "docs" / "ir.md", ROOT / "docs" / "architecture.md"]
    hits = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in places for m in banned.finditer(p.read_text())]
    assert hits == []
    for command in (["--help"], ["solve", "--help"], ["check", "--help"], ["backends"]):
        out = run_cli(*command).stdout.decode()
        assert not banned.search(out), command


# 12. README commands, shipped answers ----------------------------------------------------------


def test_readme_cli_examples_use_the_installed_command():
    readme = (ROOT / "README.md").read_text()
    assert ".venv/bin/puzzlekit" in readme or "source .venv/bin/activate" in readme


def test_the_shipped_tracks_answer_checks():
    answer = EXAMPLES / "tracks01.solution.json"
    proc = run_cli("check", "tracks", str(EXAMPLES / "tracks01.txt"), str(answer))
    assert proc.returncode == 0 and b"valid" in proc.stdout


def test_every_example_shown_in_the_docs_is_the_file():
    """A code block right after a mention of `examples/NAME` shows lines of that file."""
    pattern = re.compile(r"`examples/([\w.]+)`[^`]*?\n\n```\n(.*?)```", re.S)
    seen = 0
    for doc in (ROOT / "docs" / "genres").glob("*.md"):
        for name, block in pattern.findall(doc.read_text()):
            lines = set((EXAMPLES / name).read_text().splitlines())
            shown = [line for line in block.splitlines() if line.strip() and line.strip() != "..."]
            assert all(line in lines for line in shown), (doc.name, name)
            seen += 1
    assert seen >= 5


# 15. odd values ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [(["--time-limit", "nan"], b"more than 0"), (["--seed", "1" + "0" * 30], b"from 0 to"),
     (["--seed", "-1"], b"from 0 to")],
)
def test_odd_numbers_are_refused_cleanly(args, words):
    proc = run_cli("solve", "masyu", str(EXAMPLES / "masyu01.txt"), *args)
    assert proc.returncode == 2 and words in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize("backend", ["z3", "cpsat", "sat", "search"])
def test_an_infinite_time_limit_means_none(backend):
    pytest.importorskip({"z3": "z3", "cpsat": "ortools", "sat": "pysat", "search": "puzzlekit"}[backend])
    proc = run_cli("solve", "masyu", str(EXAMPLES / "masyu01.txt"), "-b", backend, "-t", "inf")
    assert proc.returncode == 0, proc.stderr
    puzzle = puzzlekit.load("masyu", EXAMPLES / "masyu01.txt")
    result = puzzlekit.solve(puzzle, backend=backend, time_limit=float("inf"))
    assert result.status == "solved"


def test_library_seed_range_is_checked():
    puzzle = puzzlekit.load("masyu", EXAMPLES / "masyu01.txt")
    with pytest.raises(ValueError, match="seed"):
        puzzlekit.solve(puzzle, seed=10**30)
