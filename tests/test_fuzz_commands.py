"""Fuzzing every command and the library's entry points with bad input and bad paths.

Each command (grade, hint, explain, render, url, generate, pack, batch) gets command lines
drawn from good and bad pieces: genres (real, alias, unknown), files (examples, mutated copies,
a folder, /dev/null, missing, empty), output paths (missing folders, folders, paths under a
file, /dev/null, the empty string), time limits, formats, states, titles, levels. The command
must end with exit status 0, 1, 2 or 3, never 4 (internal error) or a traceback. The library
gets odd values the same way and may only raise `PuzzlekitError`, ValueError or TypeError.

Profiles: by default a quick sample (``FUZZ_EXAMPLES`` per property, well under a minute in
all); ``HYPOTHESIS_PROFILE=thorough`` draws ``THOROUGH_EXAMPLES`` per property, and
``PUZZLEKIT_FUZZ_EXAMPLES=N`` any number (docs/testing.md). The second half of the file holds
the cases earlier fuzzing found, each as a test of its own.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import mutated

import puzzlekit
from puzzlekit import api, batch, cli, formats, genres, ladder, render
from puzzlekit.errors import ParseError, PuzzlekitError, StateError, UnknownName
from puzzlekit.generate import generate
from puzzlekit.pack import build_pack

FUZZ_EXAMPLES = 25
THOROUGH_EXAMPLES = 400


def examples_per_property() -> int:
    asked = os.environ.get("PUZZLEKIT_FUZZ_EXAMPLES")
    if asked:
        return int(asked)
    return THOROUGH_EXAMPLES if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else FUZZ_EXAMPLES


FUZZ = settings(
    max_examples=examples_per_property(), deadline=None, derandomize=os.environ.get(
        "HYPOTHESIS_PROFILE") != "thorough",
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                           HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
GENRES = list(genres.NAMES)
WORDS = ["masyu", "Sudoku", "bridges", "loopy", "nosuch", "", "-", "pack", "sudoku.txt"]
LIMITS = ["1", "0.5", "0", "-1", "nan", "abc", "-inf", "1e-9"]  # no unbounded one: runs stay short


def run(args: list[str]) -> tuple[int, str, str]:
    """The command in this process (standard input empty): exit status, output, error."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(b""))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            _swapped_stdin(stdin):
        try:
            code = cli.main(args)
        except SystemExit as exc:  # argparse: usage errors exit 2, --help 0
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _swapped_stdin(stream: io.TextIOWrapper):
    old = sys.stdin
    sys.stdin = stream
    try:
        yield
    finally:
        sys.stdin = old


def clean(code: int, err: str, args: list[str]) -> None:
    assert code in (0, 1, 2, 3), (args, code, err)
    assert "Traceback" not in err and "internal error" not in err, (args, err)


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a file, a folder, a file named like a picture that is a folder, a state."""
    monkeypatch.chdir(tmp_path)  # a relative output (``-o -`` as a folder) lands here, not in the checkout
    (tmp_path / "afile").write_text("x")
    (tmp_path / "adir").mkdir(exist_ok=True)
    (tmp_path / "adir.svg").mkdir(exist_ok=True)
    (tmp_path / "site" / "index.html").mkdir(parents=True, exist_ok=True)
    (tmp_path / "state.json").write_text("{}")
    (tmp_path / "junk.json").write_text("[1, {")
    (tmp_path / "list.json").write_text("[[1, 2], 3]")
    return tmp_path


@st.composite
def puzzle_file(draw: st.DrawFn, place: Path, genre: str) -> str:
    """An example file, a mutated copy, or a path that is not a puzzle file."""
    kind = draw(st.sampled_from(["example", "mutated", "mutated", "dir", "devnull", "missing", "empty",
                                 "state"]))
    source = EXAMPLES / f"{genre}01.txt"
    if kind == "example" or (kind == "mutated" and not source.exists()):
        return str(source)
    if kind == "mutated":
        path = place / f"m{draw(st.integers(0, 3))}.txt"
        path.write_text(draw(mutated(source.read_text())), encoding="utf-8", errors="surrogatepass")
        return str(path)
    return {"dir": str(place / "adir"), "devnull": os.devnull, "missing": str(place / "no" / "x.txt"),
            "empty": "", "state": str(place / "state.json")}[kind]


def output_path(draw: st.DrawFn, place: Path, suffix: str) -> str:
    return draw(st.sampled_from([
        str(place / f"out{suffix}"), str(place / "nodir" / f"x{suffix}"), str(place / "adir"),
        str(place / "adir.svg"), str(place / "afile" / f"x{suffix}"), str(place / "afile"), os.devnull,
        "", str(place / "site"), str(place / "out.txt"), "-",
    ]))


def maybe(draw: st.DrawFn, *flags: str | list[str]) -> list[str]:
    out: list[str] = []
    for flag in flags:
        if draw(st.booleans()):
            out.extend([flag] if isinstance(flag, str) else flag)
    return out


@st.composite
def command_line(draw: st.DrawFn, command: str, place: Path) -> list[str]:
    genre = draw(st.sampled_from(GENRES))
    named = draw(st.sampled_from([genre, genre, genre.upper(), draw(st.sampled_from(WORDS))]))
    file = draw(puzzle_file(place, genre))
    limit = ["-t", draw(st.sampled_from(LIMITS[:2] if draw(st.booleans()) else LIMITS))]
    if command in ("grade", "hint", "explain"):
        fmt = ["-f", draw(st.sampled_from(["json", "text", "x"]))]
        args = [command, named, file, *limit, *maybe(draw, fmt)]
        if command == "hint" and draw(st.booleans()):
            args += ["--state", draw(st.sampled_from([str(place / n) for n in ("state.json", "junk.json",
                                                                                "list.json", "none.json")]))]
        return args
    if command == "render":
        args = [command, named, file, "-o", output_path(draw, place, draw(st.sampled_from([".svg", ".png"])))]
        return args + maybe(draw, "--solve", ["--state", str(place / draw(st.sampled_from(
            ["state.json", "junk.json", "list.json"])))])
    if command == "url":
        return [command, named, draw(st.sampled_from([file, file, "-", "https://puzz.link/p?mashu/6/6/1063000i3000",
                                                      "https://puzz.link/p?", "?", "?mashu/x", "http://x/p?a"]))]
    if command == "solve":
        return [command, named, draw(st.sampled_from([file, file, "-"])), *limit,
                *maybe(draw, "--unique", ["-n", draw(st.sampled_from(["2", "0", "x"]))],
                       ["-b", draw(st.sampled_from(["search", "sat", "nosuch"]))],
                       ["-o", draw(st.sampled_from(["nodes=10", "x", "=1", "method=bogus"]))])]
    if command == "check":
        return [command, named, file, draw(st.sampled_from([str(place / n) for n in (
            "state.json", "junk.json", "list.json", "none.json", "adir")] + [file, "-"]))]
    if command == "generate":
        size = draw(st.sampled_from(["4", "5x5", "3x7", "0", "x", "6x6"]))
        out = output_path(draw, place, draw(st.sampled_from(["", ".txt", "/"])))
        return [command, named, size, *limit, "-o", out,
                *maybe(draw, ["--level", draw(st.sampled_from(["rules", "nosuch", "hard", ""]))],
                       ["--option", draw(st.sampled_from(["box=2x2", "box=6", "bogus=1", "x"]))],
                       ["--symmetry", draw(st.sampled_from(["rot180", "rot90"]))],
                       ["--count", draw(st.sampled_from(["1", "2", "0"]))])]
    if command == "pack":
        if draw(st.booleans()):  # a good file, so that the output path is reached more often
            named, file = genre, str(EXAMPLES / f"{genre}01.txt")
        more = [draw(st.sampled_from([genre, "sudoku", str(EXAMPLES / "sudoku01.txt"), file]))
                for _ in range(draw(st.integers(0, 2)))]
        title = draw(st.text(alphabet="<>/&\"'script !\u2028", max_size=12))
        return [command, named, file, *more, *limit, "--title", title,
                "-o", output_path(draw, place, draw(st.sampled_from(["", "/"])))]
    raise AssertionError(command)


COMMANDS = ["solve", "check", "grade", "hint", "explain", "render", "url", "generate", "pack"]


@pytest.mark.parametrize("command", COMMANDS)
@FUZZ
@given(data=st.data())
def test_commands_end_with_a_known_exit_status(command, place, data):
    args = data.draw(command_line(command, place))
    code, _, err = run(args)
    clean(code, err, args)
    if code == 2:
        assert err.strip(), args  # a usage error says what was wrong


@settings(FUZZ, max_examples=max(2, examples_per_property() // 4))
@given(data=st.data())
def test_batch_ends_with_a_known_exit_status(place, data):
    """Batch runs start solver processes: a smaller sample, mostly bad arguments and items."""
    lines = data.draw(st.lists(st.sampled_from([
        '{"params": {"size": "4"}}', '{"params": {"size": "4", "level": "nosuch"}}',
        '{"params": {"size": "4", "symmetry": "rot90"}}', '{"params": {"size": "4", "bogus": 1}}',
        '{"params": {"size": "4", "box": 6}}', '{"params": "x"}', "[1, 2", '{"puzzle": 5}',
    ]), min_size=1, max_size=4))
    items = place / "items.jsonl"
    items.write_text("\n".join(lines) + "\n")
    action = data.draw(st.sampled_from(["generate", "solve", "grade", "bogus"]))
    out = output_path(data.draw, place, ".jsonl")
    genre = data.draw(st.sampled_from(["sudoku", "nosuch"]))
    args = ["batch", action, genre, str(items), "-o", out, "-j", "1", "--no-progress", "-t", "2",
            *maybe(data.draw, ["--redo", data.draw(st.sampled_from(["error", "timeout", "bogus"]))])]
    code, _, err = run(args)
    clean(code, err, args)


# the library ---------------------------------------------------------------------------------

ODD = [None, 5, -1, 0.5, float("nan"), "", "nosuch", b"bytes", [], (), {}, ("x",), "abc", object()]
ALLOWED = (PuzzlekitError, ValueError, TypeError)
#: Python's own words for a value it could not use: a message of ours says what was expected.
RAW = ("is not iterable", "is not subscriptable", "unexpected keyword argument", "has no attribute",
       "not enough values to unpack", "unhashable type", "unknown token")


def library_calls(puzzle, solution, other, tmp: Path) -> dict[str, object]:
    return {
        "load": lambda a, b: puzzlekit.load(a, b),
        "solve": lambda a, b: api.solve(puzzle if a is None else a, time_limit=1, limit=b),
        "grade": lambda a, b: api.grade(a, time_limit=b),
        "hint": lambda a, b: api.hint(puzzle, {a: b} if _hashable(a) else a, time_limit=2),
        "svg": lambda a, b: render.svg(puzzle, a, state=b),
        "png": lambda a, b: render.png(render.svg(puzzle), scale=a),
        "url": lambda a, b: api.to_url(a),
        "pack": lambda a, b: build_pack(a, tmp / "site" if b is None else b),
        "generate": lambda a, b: next(generate("sudoku", 4, 4, level=a, symmetry=b or "none", time_limit=2)),
        "pzprv3": lambda a, b: formats.write_pzprv3(puzzle, a),
        "pack items": lambda a, b: build_pack([(puzzle, a if a is not None else solution, b)], tmp / "p"),
        "other solution": lambda a, b: render.svg(puzzle, other),
        "highlight": lambda a, b: render.svg(puzzle, highlight=a),
        "png text": lambda a, b: render.png(a if isinstance(a, str) else "x"),
    }


def _hashable(x: object) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


@FUZZ
@given(data=st.data())
def test_library_refuses_odd_values_with_its_own_errors(tmp_path, data):
    puzzle = puzzlekit.load("masyu", str(EXAMPLES / "masyu01.txt"))
    solution = api.solve(puzzle).solutions[0]
    other = api.solve(puzzlekit.load("sudoku", str(EXAMPLES / "sudoku01.txt"))).solutions[0]
    calls = library_calls(puzzle, solution, other, tmp_path)
    name = data.draw(st.sampled_from(sorted(calls)))
    pool = [*ODD, puzzle, solution, other, str(tmp_path / "afile"), ("edge", (0, 0), (0, 1))]
    a, b = data.draw(st.sampled_from(pool)), data.draw(st.sampled_from(pool))
    (tmp_path / "afile").write_text("x")
    try:
        calls[name](a, b)
    except ALLOWED as exc:
        raw = not isinstance(exc, PuzzlekitError) and any(words in str(exc) for words in RAW)
        assert not raw, (name, a, b, exc)


# cases the fuzzing found ---------------------------------------------------------------------


def test_reading_an_endless_device_is_refused(tmp_path):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    proc = subprocess.run([sys.executable, "-m", "puzzlekit.cli", "solve", "masyu", "/dev/zero"], cwd=ROOT,
                          capture_output=True, timeout=60)
    assert proc.returncode == 2 and b"/dev/zero" in proc.stderr and b"over" in proc.stderr, proc.stderr
    with pytest.raises(ParseError, match="over"):
        puzzlekit.load("masyu", "/dev/zero")


def test_batch_json_lines_of_binary_data_is_an_error_record(tmp_path):
    path = tmp_path / "zeros.jsonl"
    path.write_bytes(b"\x00" * 5000)
    with batch.run("solve", "sudoku", path, tmp_path / "out.jsonl", jobs=1, progress=False) as records:
        (rec,) = list(records)
    assert rec["status"] == "error" and "binary data" in rec["error"]["message"]


def test_bad_generate_params_are_item_records_and_a_rerun_finishes(tmp_path):
    """An unknown level, symmetry or option used to stop the whole run, on every rerun."""
    items = tmp_path / "g.jsonl"
    items.write_text("\n".join(json.dumps({"id": i, "params": p}) for i, p in enumerate([
        {"size": "4", "level": "nosuch"}, {"size": "4", "symmetry": "rot90"}, {"size": "4", "bogus": 1},
        {"size": "4", "box": 6},
    ])) + "\n")
    out = tmp_path / "out.jsonl"
    proc = run_cli("batch", "generate", "sudoku", str(items), "-o", str(out), "-j", "1", "--no-progress")
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["status"] for r in records] == ["error"] * 4
    messages = [r["error"]["message"] for r in records]
    for word, message in zip(["nosuch", "rot90", "bogus", "box=6"], messages):
        assert word in message and "unexpected keyword" not in message
    again = run_cli("batch", "generate", "sudoku", str(items), "-o", str(out), "-j", "1", "--no-progress")
    assert again.returncode == 0 and "4 recorded before" in again.stderr.decode()


def test_redo_takes_only_record_statuses(tmp_path):
    proc = run_cli("batch", "solve", "sudoku", str(EXAMPLES / "sudoku01.txt"),
                   "-o", str(tmp_path / "o.jsonl"), "--redo", "bogus")
    assert proc.returncode == 2 and "bogus" in proc.stderr.decode() and "timeout" in proc.stderr.decode()
    assert not (tmp_path / "o.jsonl").exists() or not (tmp_path / "o.jsonl").read_text()
    with pytest.raises(UnknownName, match="bogus"):
        batch.run("solve", "sudoku", EXAMPLES / "sudoku01.txt", tmp_path / "o.jsonl", redo=["bogus"])


def test_a_one_cell_question_mark_file_is_a_puzzle_not_a_url(tmp_path):
    path = tmp_path / "q.txt"
    path.write_text("?\n")
    puzzle = puzzlekit.load("patches", str(path))
    assert (puzzle.height, puzzle.width) == (1, 1)
    assert not formats.is_url("?") and not formats.is_url("??")
    assert formats.is_url("?mashu/6/6/1063000i3000") and formats.is_url("https://puzz.link/p?x")


def test_a_png_over_the_pixel_cap_is_refused_not_an_abort():
    """In a process of its own: before the cap, the rasteriser aborted the interpreter."""
    code = ("from puzzlekit import render; from puzzlekit.genres import masyu\n"
            "p = masyu.Puzzle(grid=tuple(tuple(0 for _ in range(200)) for _ in range(200)))\n"
            "try:\n    render.png(render.svg(p), scale=32)\n"
            "except render.RenderError as e:\n    print('refused:', e)\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert b"refused:" in proc.stdout and b"lower the scale" in proc.stdout


def test_library_errors_are_clear(tmp_path):
    masyu = puzzlekit.load("masyu", str(EXAMPLES / "masyu01.txt"))
    sudoku_solution = api.solve(puzzlekit.load("sudoku", str(EXAMPLES / "sudoku01.txt"))).solutions[0]
    with pytest.raises(UnknownName, match="a genre is a name"):
        puzzlekit.load(5, "0 0\n0 0\n")
    with pytest.raises(TypeError, match="load takes a file path"):
        puzzlekit.load("masyu", 5)
    with pytest.raises(TypeError, match="takes a masyu Solution"):
        formats.write_pzprv3(masyu, sudoku_solution)
    with pytest.raises(ValueError, match="box=6"):
        next(generate("sudoku", 6, 6, box=6))
    with pytest.raises(UnknownName, match="no option 'bogus'"):
        next(generate("sudoku", 4, 4, bogus=1))


@pytest.mark.parametrize(("state", "named"), [
    ({("edge", (0, 0), (0, 1)): 5}, "value 5"),
    ({("edge", (0, 0), (0, 1)): None}, "value None"),
    ({("edge", (0, 0), (0, 1)): "1"}, "value '1'"),
    ({("edge", (50, 50), (50, 51)): 1}, "(50, 50)"),
    ({("nosuch",): 1}, "nosuch"),
])
def test_hint_checks_the_state(state, named):
    """Such states used to be worded as wrong entries ("the loop runs between ... is wrong")."""
    masyu = puzzlekit.load("masyu", str(EXAMPLES / "masyu01.txt"))
    with pytest.raises(StateError, match=named.replace("(", r"\(").replace(")", r"\)")):
        api.hint(masyu, state)
    kinds = ("check", "deduce", "contradiction", "reveal")
    assert api.hint(masyu, {("edge", (0, 0), (0, 1)): 0}).kind in kinds


def test_grade_with_uniqueness_undecided_exits_3(monkeypatch):
    """At ``search`` under a time limit the level can be known and uniqueness not: exit 3."""
    undecided = ladder.Grade("search", ladder.SEARCH, 4, 20, 10_000, None)
    monkeypatch.setattr(api, "grade", lambda puzzle, time_limit=None: undecided)
    code, out, err = run(["grade", "numberlink", str(EXAMPLES / "numberlink01.txt"), "-t", "4"])
    assert code == 3, (out, err)
    assert "uniqueness undecided (the time limit ended)" in out
    code, out, _ = run(["grade", "numberlink", str(EXAMPLES / "numberlink01.txt"), "-t", "4", "-f", "json"])
    assert code == 3 and json.loads(out)["unique"] is None


def test_grade_fields_are_what_the_cli_reads():
    """The stand-in grade above has the fields of a real one."""
    assert [f.name for f in dataclasses.fields(ladder.Grade)][:6] == ["level", "rank", "rounds", "probes",
                                                                      "nodes", "unique"]


def test_batch_output_must_be_a_regular_file(tmp_path):
    """``-o /dev/null`` failed inside flock with a raw OSError (exit 4)."""
    if not Path(os.devnull).exists():
        pytest.skip("no /dev/null")
    proc = run_cli("batch", "solve", "sudoku", str(EXAMPLES / "sudoku01.txt"), "-o", os.devnull, "-j", "1")
    assert proc.returncode == 2, proc.stderr
    assert b"regular file" in proc.stderr and b"internal error" not in proc.stderr


@pytest.mark.parametrize("cells", [5, 1.5, "ab", object()])
def test_a_highlight_that_is_not_cells_is_a_render_error(cells):
    masyu = puzzlekit.load("masyu", str(EXAMPLES / "masyu01.txt"))
    with pytest.raises(render.RenderError, match="highlight takes cells"):
        render.svg(masyu, highlight=cells)


def test_png_of_text_that_is_not_svg_is_a_render_error():
    pytest.importorskip("resvg_py")
    for text in ("", "x", "<svg"):
        with pytest.raises(render.RenderError, match="not an SVG document"):
            render.png(text)
