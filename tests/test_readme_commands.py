"""Every command README.md shows works, on the install README.md says to make.

The commands are read from README.md's code blocks, so a changed README is tested as it
reads:

* the first ``sh`` block installs (a fresh virtualenv, ``pip install -e .``) and solves the
  bundled Masyu; it runs as written, in a copy of the project in a temporary folder, so the
  install is a plain one (the core dependencies, no extra);
* the ``sh`` block of ``puzzlekit ...`` lines is the command list: each line runs twice on
  that install, once without its optional ``[...]`` parts and once with them, its
  placeholders (``GENRE``, ``FILE``, ``S`` ...) filled in from `VALUES`; ``a|b``
  alternatives of an action run each, of a value the first;
* the ``$ puzzlekit ...`` transcript must print what README.md shows, with its exit status;
* the ``python`` block runs as a script.

The ``.[dev]`` command (the whole suite) is what ``.ci/run`` runs; here it is only checked
that ``.ci/run`` installs the same. Where no fresh virtualenv can be made (no package
registry), the commands run on this test's own Python instead. All of it is ``slow``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.slow

README = (ROOT / "README.md").read_text(encoding="utf-8")
#: Values for the placeholders of the command list (``{tmp}``: a temporary folder).
VALUES: dict[str, str] = {
    "GENRE": "tracks",
    "FILE": "examples/tracks01.txt",
    "SOLUTION.json": "examples/tracks01.solution.json",
    "S.json": "examples/tracks01.solution.json",  # a player's state: the whole solution
    "SIZE": "6",
    "B": "search",
    "KEY=VALUE": "method=dfs",  # an option of the backend --backend names (above)
    "N": "2",
    "S": "60",
    "L": "easy",
    "K": "2",
    "out.svg": "{tmp}/out.svg",
    "out.png": "{tmp}/out.png",
    "FILE|DIR": "{tmp}/made.txt",
    "OUT.jsonl": "{tmp}/out.jsonl",
    "OUT": "{tmp}/answer.txt",
    "DIR": "{tmp}/site",
    "TITLE": "Tracks",
    "FILE...": "examples/tracks01.txt",
}
#: Values that differ for one command (Tatham's Tracks has no puzz.link URL).
FOR_COMMAND: dict[str, dict[str, str]] = {"url": {"GENRE": "masyu", "FILE": "examples/masyu01.txt"}}
#: A batch's PATH for each action (generate reads JSON Lines of params).
PATHS = {"generate": "{tmp}/params.jsonl"}
PARAMS = '{"id": "g1", "params": {"size": "6x6", "seed": 1}}\n'
#: Optional parts not filled in, and why.
LEFT_OUT = {"ADDRESS": "a Dask cluster (the dask extra)"}
#: Files the transcript names: made from the bundled examples.
BAD_MASYU = "bad.txt"
#: How a registry that cannot be reached shows in pip's output.
OFFLINE = ("NewConnectionError", "Network is unreachable", "Temporary failure in name resolution",
           "No matching distribution found", "Could not find a version that satisfies")


def code_blocks(text: str) -> list[tuple[str, str]]:
    """(language, body) of every fenced code block, in order."""
    return [(m[1], m[2]) for m in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.M | re.S)]


def install_commands(text: str = README) -> list[str]:
    """The ``sh`` blocks that make a virtualenv, in order."""
    blocks = code_blocks(text)
    return [body.strip() for lang, body in blocks if lang == "sh" and body.startswith("python3 -m venv")]


def command_list(text: str = README) -> list[str]:
    """The ``puzzlekit ...`` lines of the ``sh`` blocks, their comments left out."""
    out = []
    for lang, body in code_blocks(text):
        if lang != "sh":
            continue
        for line in body.splitlines():
            if line.startswith("puzzlekit "):
                out.append(re.sub(r"\s+#.*$", "", line).strip())
    return out


def _groups(tokens: list[str]) -> Iterator[tuple[bool, list[str]]]:
    """(optional, tokens) runs of a template: ``[--flag VALUE]`` groups and plain tokens."""
    i = 0
    while i < len(tokens):
        if tokens[i].startswith("["):
            j = i
            while not tokens[j].endswith("]"):
                j += 1
            group = tokens[i:j + 1]
            group[0] = group[0][1:]
            group[-1] = group[-1][:-1]
            yield True, [t for t in group if t != "..."]
            i = j + 1
        else:
            yield False, [tokens[i]]
            i += 1


def _fill(token: str, tmp: Path, action: str | None, command: str = "") -> str:
    """A template token with its placeholder replaced (a plain word stays as it is)."""
    if token in FOR_COMMAND.get(command, {}):
        return FOR_COMMAND[command][token]
    if token in VALUES:
        return VALUES[token].format(tmp=tmp)
    if token == "PATH...":
        return PATHS.get(action or "", VALUES["FILE"]).format(tmp=tmp)
    if "|" in token:
        first = token.split("|")[0]
        return VALUES.get(first, first).format(tmp=tmp)
    if re.fullmatch(r"[A-Z][A-Z0-9_.]*", token):
        raise AssertionError(f"README placeholder {token!r} has no value in VALUES: add one")
    return token


def expand(template: str, tmp: Path) -> list[list[str]]:
    """The argument lists a command-list line stands for: without and with its optional
    parts, once per alternative of its action (``solve|check|...``)."""
    tokens = shlex.split(template)[1:]  # "puzzlekit" itself is the program run
    actions = [None]
    if len(tokens) > 1 and "|" in tokens[1] and tokens[1].islower():
        actions = tokens[1].split("|")
    out = []
    for action in actions:
        for full in (False, True):
            args: list[str] = []
            for optional, group in _groups(tokens):
                if optional and (not full or any(t in LEFT_OUT for t in group)):
                    continue
                for token in group:
                    filled = _fill(token, tmp, action, tokens[0])
                    args.append(action if action and token == tokens[1] else filled)
            if args not in out:
                out.append(args)
    return out


def _copy(dest: Path) -> Path:
    """The project as a user's checkout has it (no git folder, venvs or caches)."""
    ignore = shutil.ignore_patterns(".git", ".venv", ".ci-venv", "__pycache__", "*.egg-info", ".pytest_cache",
                                    ".ruff_cache", ".hypothesis", "build", "dist", ".peers", "results")
    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PYTHONHASHSEED"] = "0"
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], Path, str]:
    """The README's first command run as written in a copy of the project: (how to run
    ``puzzlekit`` there, the copy, the command's output). On this Python where no package
    registry can be reached."""
    first = install_commands()[0]
    copy = _copy(tmp_path_factory.mktemp("readme") / "puzzlekit")
    done = subprocess.run(["bash", "-c", first], cwd=copy, env=_env(), capture_output=True, text=True,
                          timeout=1800)
    if done.returncode != 0 and any(word in done.stderr for word in OFFLINE):
        shutil.rmtree(copy / ".venv", ignore_errors=True)
        return [sys.executable, "-m", "puzzlekit"], ROOT, ""
    assert done.returncode == 0, f"{first}\nfailed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return [str(copy / ".venv" / "bin" / "puzzlekit")], copy, done.stdout


def _run(program: list[str], args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = _env()
    if program[0] == sys.executable:
        env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(program + args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


def test_the_readme_has_its_install_commands_and_command_list():
    installs = install_commands()
    assert len(installs) == 2 and "pip install -q -e . " in installs[0] and "'.[dev]'" in installs[1]
    assert len(command_list()) >= 10


def test_the_first_command_installs_and_solves_the_example(installed):
    program, copy, output = installed
    if copy == ROOT:
        pytest.skip("no package registry: the install command could not run")
    assert "unique" in output.lower(), output
    assert (copy / ".venv" / "bin" / "python").exists()
    # the plain install has the core backends: auto chooses from all of them
    listed = _run(program, ["backends"], copy).stdout
    for name in ("cpsat", "sat", "search"):
        line = next(line for line in listed.splitlines() if line.split()[:1] == [name])
        assert "not installed" not in line, listed


def test_every_command_of_the_list_works(installed, tmp_path):
    program, cwd, _ = installed
    (tmp_path / "params.jsonl").write_text(PARAMS, encoding="utf-8")
    failed = []
    ran = 0
    for template in command_list():
        for args in expand(template, tmp_path):
            done = _run(program, args, cwd)
            ran += 1
            if done.returncode != 0:
                failed.append(f"puzzlekit {shlex.join(args)}  (from: {template})\n"
                              f"exit {done.returncode}: {done.stderr.strip()[-600:]}")
    assert not failed, f"{len(failed)} of {ran} README commands failed:\n" + "\n\n".join(failed)
    assert (tmp_path / "out.svg").read_text(encoding="utf-8").lstrip().startswith("<")
    assert (tmp_path / "out.jsonl").exists()


def test_the_transcript_prints_what_the_readme_shows(installed, tmp_path):
    program, cwd, _ = installed
    transcripts = [body for lang, body in code_blocks(README) if not lang and body.startswith("$ ")]
    assert transcripts
    rows = (ROOT / "examples" / "masyu01.txt").read_text(encoding="utf-8").splitlines()
    rows[1] = rows[1][:2] + "7" + rows[1][3:]  # line 2, column 3
    (tmp_path / BAD_MASYU).write_text("\n".join(rows) + "\n", encoding="utf-8")
    for body in transcripts:
        command, *expected = body.strip().splitlines()
        args = shlex.split(command[2:])[1:]
        done = _run(program, args, tmp_path)
        assert done.returncode == 2
        assert (done.stdout + done.stderr).strip().splitlines() == expected


def test_the_python_example_runs(installed):
    program, cwd, _ = installed
    python = sys.executable if program[0] == sys.executable else str(Path(program[0]).with_name("python"))
    for lang, body in code_blocks(README):
        if lang == "python":
            done = _run([python, "-c"], [body], cwd)
            assert done.returncode == 0, done.stderr[-2000:]


def test_ci_installs_what_the_readme_test_command_installs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install" in ci and "'.[dev]'" in ci
    assert "'.[dev]'" in install_commands()[1]
    # and runs the same test command
    command = install_commands()[1].rsplit("&&", 1)[1].strip()
    assert command.startswith(".venv/bin/python -m pytest"), command
    assert command.replace(".venv/bin/python", "python") in ci, (command, ci)


def test_expansion_fills_every_placeholder_and_refuses_an_unknown_one(tmp_path):
    runs = expand("puzzlekit solve GENRE FILE [--backend B] [--unique] [-o KEY=VALUE ...]", tmp_path)
    assert runs == [["solve", "tracks", "examples/tracks01.txt"],
                    ["solve", "tracks", "examples/tracks01.txt", "--backend", "search", "--unique",
                     "-o", "method=dfs"]]
    assert expand("puzzlekit url GENRE FILE", tmp_path) == [["url", "masyu", "examples/masyu01.txt"]]
    batch = expand("puzzlekit batch solve|generate GENRE PATH... -o OUT.jsonl [--cluster ADDRESS]", tmp_path)
    assert [args[:2] for args in batch] == [["batch", "solve"], ["batch", "generate"]]
    assert batch[1][3] == f"{tmp_path}/params.jsonl"
    with pytest.raises(AssertionError, match="WIDTH"):
        expand("puzzlekit frame GENRE WIDTH", tmp_path)
