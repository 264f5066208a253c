"""``puzzlekit generate``: the command line over `puzzlekit.generate`.

Small, quick sizes only; the generator itself is tested in test_generate.py.
"""

from __future__ import annotations

import json
import sys

import pytest

from puzzlekit import api, cli
from puzzlekit.generate import command, generate, offered


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(["generate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_one_puzzle_is_the_library_puzzle_byte_for_byte(capsys):
    code, out, err = _run(capsys, "sudoku", "6x6", "--level", "easy", "--seed", "4")
    assert code == 0, err
    made = next(generate("sudoku", 6, 6, "rules", seed=4))
    assert out == made.text() + ("" if made.text().endswith("\n") else "\n")
    puzzle = api.load("sudoku", out)
    result = api.solve(puzzle, backend="sat", limit=2)
    assert result.unique is True
    assert result.solutions[0].to_json() == made.solution.to_json()


def test_the_same_seed_gives_the_same_bytes(capsys):
    first = _run(capsys, "tents", "6", "--seed", "9")
    second = _run(capsys, "tents", "6", "--seed", "9")
    other = _run(capsys, "tents", "6", "--seed", "10")
    assert first[0] == 0 and first == second
    assert other[1] != first[1]


def test_a_pack_in_a_folder_holds_different_loadable_puzzles(capsys, tmp_path):
    folder = tmp_path / "pack"
    code, out, err = _run(capsys, "queens", "6", "-n", "3", "--seed", "2", "-o", f"{folder}/",
                          "--no-progress")
    assert code == 0, err
    assert out == ""
    files = sorted(folder.iterdir())
    assert len(files) == 3
    prints = set()
    for path in files:
        text = path.read_text()
        assert text.startswith("# queens 6x6 seed ")
        assert path.name == f"queens-6x6-{text.split()[4].rstrip(':')}.txt"
        prints.add(text.splitlines()[0].split()[-1])
        assert api.solve(api.load("queens", str(path)), backend="sat", limit=2).unique is True
    assert len(prints) == 3


def test_json_lines_name_seed_grade_and_solution(capsys, tmp_path):
    target = tmp_path / "out.jsonl"
    code, _, err = _run(capsys, "masyu", "6x6", "--level", "rules", "-n", "2", "-f", "json",
                        "-o", str(target), "--no-progress")
    assert code == 0, err
    records = [json.loads(line) for line in target.read_text().splitlines()]
    assert len(records) == 2
    for rec in records:
        assert rec["size"] == "6x6" and rec["genre"] == "masyu" and rec["level"] == "rules"
        assert {"seed", "fingerprint", "grade", "puzzle", "solution"} <= set(rec)
        again = next(generate("masyu", 6, 6, "rules", seed=rec["seed"]))
        assert again.text() == rec["puzzle"]
    assert records[0]["fingerprint"] != records[1]["fingerprint"]


@pytest.mark.parametrize("argv,words", [
    (["sudoku", "6x"], "ROWSxCOLS"),
    (["sudoku", "0"], "1 to 200"),
    (["nosuchgenre", "6"], "nosuchgenre"),
    (["sudoku", "6", "--level", "tricky"], "unknown level"),
    (["sudoku", "9", "--level", "lines"], "no sudoku puzzle needs the level 'lines'"),
    (["zip", "5", "--option", "colour=red"], "zip has no option 'colour'; it takes walls"),
    (["zip", "5", "--option", "walls"], "KEY=VALUE"),
    (["tents", "6", "--symmetry", "rot180"], "without symmetry"),
    (["sudoku", "6", "--seed", "-1"], "must be from 0"),
    (["sudoku", "6", "--count", "0"], "must be at least 1"),
    (["sudoku", "10", "--option", "box=3x3"], "does not tile"),
])
def test_bad_arguments_exit_2_and_say_why(capsys, argv, words):
    try:
        code, out, err = _run(capsys, *argv)
    except SystemExit as exc:  # argparse refuses the value itself
        code, (out, err) = exc.code, capsys.readouterr()
    assert code == 2
    assert words in err
    assert out == ""


def test_a_level_not_made_reliably_exits_2_naming_the_levels_made(capsys):
    code, out, err = _run(capsys, "sudoku", "6", "--level", "expert", "--seed", "1")
    assert code == 2 and out == ""
    assert "'deep' are not offered at 6x6" in err and "--nearest" in err
    for name in offered("sudoku", 6, 6):
        assert name in err


def test_nearest_without_a_time_limit_gets_the_default_budget_and_a_given_one_is_kept(monkeypatch):
    seen = []
    monkeypatch.setattr(command, "generate", lambda *a, **named: seen.append(named["time_limit"]) or iter(()))
    parser = cli.build_parser()
    for argv, budget in ((["sudoku", "6", "--nearest"], command.NEAREST_BUDGET),
                         (["sudoku", "6", "--nearest", "-t", "5"], 5.0),
                         (["sudoku", "6"], None)):
        command.made_puzzles(parser.parse_args(["generate", *argv]), {})
        assert seen.pop() == budget, argv


def test_a_downgrade_is_a_note_and_exact_makes_it_exit_1(capsys):
    code, out, err = _run(capsys, "sudoku", "6", "--level", "expert", "--seed", "1", "--nearest")
    assert code == 0
    assert "note: no deep sudoku puzzle" in err
    assert api.load("sudoku", out)
    code, out, err = _run(capsys, "sudoku", "6", "--level", "expert", "--seed", "1", "--nearest", "--exact")
    assert code == 1 and "note:" in err


def test_a_request_that_cannot_be_met_exits_1_after_what_was_made(capsys, monkeypatch):
    real = command.generate

    def short(*args, **kwargs):
        pack = real(*args, **kwargs)

        def run():
            yield next(pack)
            raise ValueError("only 1 different sudoku puzzles of size 4x4 turned up; the size leaves too few")
        return run()

    monkeypatch.setattr(command, "generate", short)
    code, out, err = _run(capsys, "sudoku", "4", "-n", "3", "--no-progress")
    assert code == 1
    assert "cannot make it: only 1 different" in err and "(1 of 3 made)" in err
    assert out.startswith("# sudoku 4x4 seed 0")


def test_the_time_limit_exits_3(capsys):
    code, out, err = _run(capsys, "sudoku", "25", "--level", "hard", "--time-limit", "0.2")
    assert code == 3
    assert "time" in err and "(0 of 1 made)" in err


def test_progress_falls_back_to_lines_without_tqdm(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    code, out, err = _run(capsys, "queens", "6", "-n", "2", "--progress")
    assert code == 0
    assert "generate: 1/2 seed" in err and "generate: 2/2 seed" in err
    assert out.count("# queens 6x6 seed") == 2


def test_no_progress_for_one_puzzle(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    code, _, err = _run(capsys, "queens", "6")
    assert code == 0 and err == ""


def test_help_explains_levels_and_aliases(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["generate", "--help"])
    assert exc.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in ("easy=rules", "medium=trial", "hard=chain", "expert=deep", "downgraded",
                  "--exact", "ROWSxCOLS"):
        assert words in text
    assert "generate" in cli.build_parser().format_help()
