"""The commands agree with each other: one exit status per outcome, one meaning per option.

0 done, 1 unsolvable or not unique where one solution is needed, 2 bad input or output path,
3 the time limit ended first, 130 interrupted; never 4 (a bug) or a traceback for these.
"""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES, run_cli

from puzzlekit import backends, cli, exits
from puzzlekit.ladder import LEVELS

MASYU = str(EXAMPLES / "masyu01.txt")
TWO_LOOPS = "0 1 0 0\n0 0 0 0\n"  # exactly two valid loops
NO_LOOP = "2 0\n0 0\n"  # a black pearl in the corner of a 2x2 grid


@pytest.fixture
def two(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(TWO_LOOPS)
    return str(path)


@pytest.fixture
def none(tmp_path):
    path = tmp_path / "none.txt"
    path.write_text(NO_LOOP)
    return str(path)


# --- solve --unique says what it established ---------------------------------------------------


@pytest.mark.parametrize("backend", ["search", "sat", "cpsat"])
def test_unique_with_two_solutions_names_no_time_limit(two, backend):
    if not backends.installed().get(backend):
        pytest.skip(f"{backend} is not installed")
    proc = run_cli("solve", "masyu", two, "--unique", "-b", backend)
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr
    assert "unique: no" in out
    assert "solution 2 of 2 (two found, so not unique" in out
    assert "time limit" not in out


def test_a_time_limit_that_ended_a_list_is_still_said(tmp_path):
    open_grid = tmp_path / "open.txt"
    open_grid.write_text("\n".join(" ".join("1" if (r, c) == (3, 3) else "0" for c in range(8))
                                   for r in range(8)) + "\n")
    proc = run_cli("solve", "masyu", str(open_grid), "-b", "search", "-n", "100000", "-t", "0.3")
    assert proc.returncode == 3
    assert b"the time limit ended: there may be more" in proc.stdout


# --- -o is --output wherever it exists; backend options are -O ---------------------------------


def _short_options() -> dict[str, dict[str, str]]:
    """For each subcommand, its one-letter options and the names they are short for."""
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    out: dict[str, dict[str, str]] = {}
    for name, command in sub.choices.items():
        out[name] = {
            flag: action.dest for action in command._actions for flag in action.option_strings
            if len(flag) == 2
        }
    return out


def test_dash_o_means_output_in_every_command():
    commands = _short_options()
    having = {name: flags["-o"] for name, flags in commands.items() if "-o" in flags}
    assert {"solve", "render", "generate", "pack", "batch"} <= set(having)
    assert set(having.values()) <= {"output", "out"}, having
    assert commands["solve"]["-O"] == "option"


def test_solve_output_file_holds_what_it_prints(tmp_path):
    out = tmp_path / "answer.json"
    proc = run_cli("solve", "masyu", MASYU, "-f", "json", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == b""
    printed = json.loads(run_cli("solve", "masyu", MASYU, "-f", "json").stdout)
    written = json.loads(out.read_text())
    assert written["solutions"] == printed["solutions"]
    checked = run_cli("check", "masyu", MASYU, str(out))
    assert checked.returncode == 0 and b"valid" in checked.stdout


def test_solve_output_path_that_cannot_be_written_exits_2(tmp_path):
    proc = run_cli("solve", "masyu", MASYU, "-o", str(tmp_path / "no" / "such" / "folder.txt"))
    assert proc.returncode == 2
    assert b"cannot write" in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize("command", [
    ["render", "masyu", MASYU, "-o", "{missing}/m.svg"],
    ["pack", "masyu", MASYU, "-o", "{file}/site"],
    ["generate", "masyu", "6x6", "-o", "{missing}/m.txt"],
    ["batch", "solve", "masyu", MASYU, "-q", "-o", "{missing}/out.jsonl"],
])
def test_an_output_path_that_cannot_be_written_exits_2(tmp_path, command):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    args = [arg.format(missing=tmp_path / "missing", file=a_file) for arg in command]
    proc = run_cli(*args)
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "internal error" not in err and "Traceback" not in err


def test_old_dash_o_option_spelling_is_refused_naming_the_new_one(tmp_path):
    proc = run_cli("solve", "masyu", MASYU, "-b", "search", "-o", "method=dfs")
    assert proc.returncode == 2
    assert b"-O/--option" in proc.stderr
    assert not (tmp_path / "method=dfs").exists()
    new = run_cli("solve", "masyu", MASYU, "-b", "search", "-O", "method=dfs")
    assert new.returncode == 0, new.stderr


# --- hint takes what solve prints, as check does -----------------------------------------------


def test_hint_state_accepts_solve_json(tmp_path):
    answer = tmp_path / "answer.json"
    answer.write_bytes(run_cli("solve", "masyu", MASYU, "-f", "json").stdout)
    assert run_cli("check", "masyu", MASYU, str(answer)).returncode == 0
    proc = run_cli("hint", "masyu", MASYU, "--state", str(answer))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode().startswith("solved")
    picture = run_cli("render", "masyu", MASYU, "--state", str(answer), "-o", str(tmp_path / "p.svg"))
    assert picture.returncode == 0, picture.stderr


def test_hint_state_from_another_genre_is_refused(tmp_path):
    answer = tmp_path / "answer.json"
    answer.write_bytes(run_cli("solve", "sudoku", str(EXAMPLES / "sudoku01.txt"), "-f", "json").stdout)
    proc = run_cli("hint", "masyu", MASYU, "--state", str(answer))
    assert proc.returncode == 2 and b"not 'masyu'" in proc.stderr


# --- unsolvable and not unique exit 1 everywhere ----------------------------------------------


@pytest.mark.parametrize("command", ["hint", "explain", "grade"])
@pytest.mark.parametrize("puzzle, words", [("none", "no solution"), ("two", "more than one solution")])
def test_no_unique_solution_exits_1_with_a_message(command, puzzle, words, request):
    proc = run_cli(command, "masyu", request.getfixturevalue(puzzle))
    err = proc.stderr.decode()
    assert proc.returncode == 1, err
    assert words in err and "error" not in err and "Traceback" not in err
    assert b"level" not in proc.stdout  # no level is given to a puzzle without one solution


def test_grade_undecided_exits_3(monkeypatch, capsys):
    from puzzlekit import api

    real = api.grade

    def undecided(puzzle, time_limit=None):
        import dataclasses

        return dataclasses.replace(real(puzzle, time_limit=time_limit), unique=None)

    monkeypatch.setattr(api, "grade", undecided)
    assert cli.main(["grade", "masyu", MASYU]) == exits.UNDECIDED
    assert "not decided" in capsys.readouterr().err


def test_render_solve_of_an_unsolvable_puzzle_exits_1(none, tmp_path):
    out = tmp_path / "none.svg"
    proc = run_cli("render", "masyu", none, "--solve", "-o", str(out))
    assert proc.returncode == 1
    assert b"has no solution" in proc.stderr and b"Traceback" not in proc.stderr
    assert "<svg" in out.read_text()  # the puzzle alone is still drawn, as the message says


@pytest.mark.parametrize("seconds", ["0", "0.0", "1e-9"])
def test_generate_with_no_time_exits_3(seconds):
    proc = run_cli("generate", "masyu", "6x6", "-t", seconds)
    assert proc.returncode == 3, proc.stderr
    assert b"time limit" in proc.stderr and b"Traceback" not in proc.stderr


def test_generate_negative_time_is_bad_usage():
    assert run_cli("generate", "masyu", "6x6", "-t", "-1").returncode == 2


# --- help and one source of exit statuses -----------------------------------------------------


def test_grade_help_lists_every_level_with_its_meaning():
    proc = run_cli("grade", "--help")
    text = " ".join(proc.stdout.decode().split())  # argparse wraps lines
    for level in LEVELS:
        assert f"{level.name}: {' '.join(level.sentence.split())}" in text


def test_commands_take_their_exit_statuses_from_one_place():
    from puzzlekit.batch import command as batch_command
    from puzzlekit.generate import command as generate_command
    from puzzlekit.pack import command as pack_command

    assert cli.EXIT == {"solved": exits.OK, "unsolvable": exits.NOT_MET, "timeout": exits.UNDECIDED}
    assert (generate_command.NOT_MET, generate_command.USAGE, generate_command.OUT_OF_TIME) == (
        exits.NOT_MET, exits.USAGE, exits.UNDECIDED)
    assert (pack_command.NOT_UNIQUE, pack_command.UNDECIDED) == (exits.NOT_MET, exits.UNDECIDED)
    assert batch_command.INTERRUPTED == exits.INTERRUPTED == 130


# --- Ctrl-C: exit 130 and one line, whatever was running ----------------------------------------

#: Runs the command as a terminal would (SIGINT not ignored, whatever the test runner inherited)
#: and says "ready" once the command watches for Ctrl-C: before that, Ctrl-C is Python's own
#: business (importing the package), or this launcher's.
LAUNCH = (
    "import contextlib, signal, sys\n"
    "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
    "from puzzlekit import cli, exits\n"
    "watch = exits.watching_interrupts\n"
    "@contextlib.contextmanager\n"
    "def ready():\n"
    "    with watch():\n"
    "        sys.stderr.write('ready\\n'); sys.stderr.flush()\n"
    "        yield\n"
    "exits.watching_interrupts = ready\n"
    "sys.exit(cli.main(sys.argv[1:]))\n"
)
DELAYS = (0.0, 0.15, 0.4, 0.8)


def _interrupted(args: list[str], delay: float) -> tuple[int | None, str, str]:
    """The exit status and output of the command with SIGINT sent ``delay`` seconds after it is
    ready; status None when it had ended before the signal could be sent."""
    import signal
    import subprocess
    import sys
    import time

    from conftest import ROOT

    proc = subprocess.Popen([sys.executable, "-c", LAUNCH, *args], cwd=ROOT, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stderr is not None and proc.stderr.readline() == b"ready\n"
        time.sleep(delay)
        if proc.poll() is not None:
            out, err = proc.communicate()
            return None, out.decode(), err.decode()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        return proc.returncode, out.decode(), err.decode()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _assert_interrupted(args: list[str]) -> None:
    hit = 0
    for delay in DELAYS:
        status, out, err = _interrupted(args, delay)
        if status is None or (status == 0 and "interrupted" not in err):
            continue  # it was done before Ctrl-C came: nothing to interrupt
        hit += 1
        assert status == exits.INTERRUPTED, (delay, status, err)
        assert "Traceback" not in err and "internal error" not in err, err
        assert err.rstrip().endswith("puzzlekit: interrupted"), err
    assert hit, f"{args} always ended before Ctrl-C; the test needs a longer run"


def test_ctrl_c_during_generate_exits_130():
    _assert_interrupted(["generate", "masyu", "10x10", "--count", "5", "--no-progress"])


@pytest.mark.parametrize("backend", ["sat", "cpsat", "z3", "search"])
def test_ctrl_c_during_solve_exits_130(tmp_path, backend):
    if not backends.installed().get(backend):
        pytest.skip(f"{backend} is not installed")
    big = tmp_path / "open.txt"  # one pearl on an open grid: listing its loops takes minutes
    big.write_text("\n".join(" ".join("1" if (r, c) == (5, 5) else "0" for c in range(12))
                             for r in range(12)) + "\n")
    _assert_interrupted(["solve", "masyu", str(big), "-b", backend, "--limit", "100000"])


@pytest.mark.parametrize("words", ["Caught keyboard interrupt", "argument 1: KeyboardInterrupt: "])
def test_a_solver_s_own_words_for_ctrl_c_exit_130(monkeypatch, capsys, words):
    """python-sat raises its own error on Ctrl-C, and ctypes wraps one raised in a callback."""
    from puzzlekit import api

    class error(Exception):  # noqa: N801 - python-sat's name for it
        pass

    def interrupted(*args, **kwargs):
        raise error(words)

    monkeypatch.setattr(api, "solve", interrupted)
    assert cli.main(["solve", "masyu", MASYU]) == exits.INTERRUPTED
    err = capsys.readouterr().err
    assert err == "puzzlekit: interrupted\n"


# --- the README names what the command has --------------------------------------------------


def test_readme_lists_every_command_and_every_genre():
    from conftest import ROOT

    readme = (ROOT / "README.md").read_text()
    listing = readme.split("## The command line", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    listed = {line.split()[1] for line in listing.splitlines() if line.startswith("puzzlekit ")}
    sub = next(a for a in cli.build_parser()._actions if a.dest == "command")
    assert listed == set(sub.choices)
    # the genres are listed on the index page (held to the registry by test_genre_index.py)
    opening = readme.split("## ", 1)[0]
    assert "(docs/genres/index.md)" in opening and "puzzlekit genres" in opening
    assert "docs/adding-a-genre.md" in readme


def test_docs_name_the_real_batch_command():
    from conftest import ROOT

    text = (ROOT / "docs" / "batch.md").read_text()
    assert "python -m puzzlekit.batch" not in text
    assert "puzzlekit batch solve" in text


def test_ctrl_c_in_a_destructor_is_not_printed_but_other_errors_are():
    """Ctrl-C inside Z3's finalizer reaches the hook as ctypes' ArgumentError naming it."""
    import ctypes
    from types import SimpleNamespace

    seen = []
    quiet = exits._quiet(seen.append)
    quiet(SimpleNamespace(exc_value=ctypes.ArgumentError("argument 2: KeyboardInterrupt: ")))
    quiet(SimpleNamespace(exc_value=KeyboardInterrupt()))
    assert seen == []
    broken = SimpleNamespace(exc_value=ValueError("a real fault"))
    quiet(broken)
    assert seen == [broken]
