"""Wend and Swend: the examples on every backend, the rule checker, bad files and data, the
registered names, and the model against brute force."""

from __future__ import annotations

import collections
import dataclasses
import json
import random

import pytest
from conftest import EXAMPLES, run_cli
from refusals import file_and_data_agree, judged, refused

from puzzlekit import backends, genres, grid
from puzzlekit.backends import cpsat
from puzzlekit.clock import Deadline
from puzzlekit.errors import OutOfTime, ParseError, UnknownName
from puzzlekit.genres import wend
from puzzlekit.genres._rectangles import ModelTooLarge

swend = genres.get("swend")

# The examples' answers, traced by hand from the rules (each cell once, each word once).
EXAMPLE_PATHS = {
    "wend": (
        ("WORDS", ((4, 2), (4, 3), (4, 4), (3, 4), (2, 4))),
        ("GRID", ((3, 1), (3, 2), (2, 2), (1, 2))),
        ("LETTER", ((1, 1), (2, 1), (2, 0), (3, 0), (4, 0), (4, 1))),
        ("PATH", ((0, 2), (0, 1), (0, 0), (1, 0))),
        ("SPELL", ((0, 4), (0, 3), (1, 3), (2, 3), (3, 3))),
    ),
    "swend": (
        ("SKÖLD", ((2, 0), (3, 0), (4, 0), (4, 1), (3, 1))),
        ("MJÖLK", ((1, 1), (1, 2), (1, 3), (2, 3), (3, 3))),
        ("HÄST", ((1, 0), (0, 0), (0, 1), (0, 2))),
        ("BÅTAR", ((2, 2), (3, 2), (4, 2), (4, 3), (4, 4))),
        ("ÄLGEN", ((0, 3), (0, 4), (1, 4), (2, 4), (3, 4))),
    ),
}


def puzzle(text: str, language: str = "en") -> wend.Puzzle:
    return wend.parse(text, "test", language)


def example(name: str) -> wend.Puzzle:
    return genres.get(name).parse((EXAMPLES / f"{name}01.txt").read_text(encoding="utf-8"), f"{name}01.txt")


# the examples on every backend ---------------------------------------------------------------


@pytest.mark.parametrize("backend", backends.NAMES)
@pytest.mark.parametrize("name", ["wend", "swend"])
def test_examples_are_unique_and_valid_on_every_backend(name, backend):
    try:
        solver = backends.get(backend)
    except UnknownName:
        pytest.skip(f"backend {backend} is not part of this build")
    if backends.version(backend) is None:
        pytest.skip(f"backend {backend} is not installed")
    p = example(name)
    result = solver.solve(wend.model(p), limit=2, time_limit=60)
    assert result.status == "solved" and result.complete
    assert len(result.solutions) == 1
    solution = wend.decode(p, result.solutions[0])
    assert solution.paths == EXAMPLE_PATHS[name]
    assert wend.verify(p, solution) == []


def test_the_examples_read_as_their_language():
    assert example("wend").language == "en" and example("swend").language == "sv"
    assert example("swend").words == ("SKÖLD", "MJÖLK", "HÄST", "BÅTAR", "ÄLGEN")
    with pytest.raises(ParseError, match="3:1: letter 'Ä' is not in the English alphabet"):
        wend.parse((EXAMPLES / "swend01.txt").read_text(encoding="utf-8"), "swend01.txt")


def test_model_outputs_one_boolean_per_word_letter_and_cell_showing_it():
    p = example("wend")
    m = wend.model(p)
    keys = m.output_keys()
    letters = p.letters()
    assert all(k[0] == "at" and letters[k[3]] == k[1][k[2]] for k in keys)
    expected = sum(1 for word in p.words for ch in word for cell in letters if letters[cell] == ch)
    assert len(keys) == expected == m.stats()["vars"]
    assert m.graphs == ()  # no graph kind: the positions make the paths
    assert all(c.why is not None for c in (*m.counts, *m.clauses))
    rules = {str(c.why) for c in (*m.counts, *m.clauses)}
    assert "letter 1 of GRID (G) is in exactly one cell" in rules
    assert "the letter cell (0, 0) belongs to exactly one word" in rules
    assert "letters 2 and 3 of PATH are in neighbouring cells" in rules


def test_describe_words_an_answer_key_value():
    p = example("wend")
    assert wend.describe(p, wend.at_key("GRID", 1, (3, 2)), 1) == "letter 2 of GRID (R) is at (3, 2)"
    assert wend.describe(p, wend.at_key("GRID", 1, (4, 1)), 0) == "letter 2 of GRID (R) is not at (4, 1)"


def test_the_model_stops_at_the_deadline_and_refuses_a_huge_grid():
    p = example("wend")
    with pytest.raises(OutOfTime):
        wend.model(p, deadline=Deadline(0.0))
    assert wend.model(p, deadline=Deadline(60)) == wend.model(p)
    flat = wend.Puzzle(["AB" * 100] * 100, ["A" * 5000 + "B" * 5000, "B" * 5000 + "A" * 5000])
    with pytest.raises(ModelTooLarge, match="would need 200,000,000 variables"):
        wend.model(flat)


# the rule checker ----------------------------------------------------------------------------

SMALL = "words: CAT DOG\nCAT\nDOG\n"
GOOD = (("CAT", ((0, 0), (0, 1), (0, 2))), ("DOG", ((1, 0), (1, 1), (1, 2))))


def broken(paths) -> list[str]:
    return wend.verify(puzzle(SMALL), wend.Solution(tuple(paths)))


def test_verify_accepts_the_answer():
    assert broken(GOOD) == []


@pytest.mark.parametrize(
    "paths, expected",
    [
        # a word misspelled: the path reads C A G
        ([("CAT", ((0, 0), (0, 1), (1, 2))), GOOD[1]], "the path for CAT spells CAG, not CAT"),
        # a cell reused (within one path, and across two)
        ([("CAT", ((0, 0), (0, 1), (0, 0))), GOOD[1]], "cell (0, 0) is used 2 times (by CAT, CAT)"),
        ([GOOD[0], ("DOG", ((1, 0), (1, 1), (0, 2)))], "cell (0, 2) is used 2 times (by CAT, DOG)"),
        # a cell uncovered
        ([GOOD[0], ("DOG", ((1, 0), (1, 1)))], "1 letter cell(s) belong to no word: (1, 2)"),
        # a word used twice, and so another never
        ([GOOD[0], GOOD[0]], "the word CAT has 2 paths: each word is used exactly once"),
        ([GOOD[0], GOOD[0]], "the word DOG has no path"),
        # a step that is not to a neighbour
        ([("CAT", ((0, 0), (0, 1), (0, 2))), ("DOG", ((1, 0), (0, 1), (1, 2)))],
         "the path for DOG steps from (1, 0) to (0, 1), which are not orthogonal neighbours"),
        ([GOOD[0], ("DOG", ((1, 0), (1, 2)))], "steps from (1, 0) to (1, 2)"),
        ([GOOD[0], ("DOG", ())], "the path for DOG has no cells"),
        ([GOOD[0], ("DOG", ((1, 0), (1, 1), (2, 1)))], "the path for DOG leaves the 2x3 grid at (2, 1)"),
        ([GOOD[0], GOOD[1], ("COD", ((0, 0), (1, 1), (1, 0)))], "'COD', which is not one of the words"),
    ],
)
def test_verify_names_each_broken_rule(paths, expected):
    problems = broken(paths)
    assert any(expected in p for p in problems), problems


def test_verify_lists_every_broken_rule_at_once():
    problems = broken([("CAT", ((0, 0), (1, 1), (0, 2))), ("CAT", ((0, 0),))])
    assert len(problems) >= 5, problems  # twice, DOG missing, misspelled, not a step, reused, uncovered


def test_verify_names_a_blocked_cell():
    p = puzzle("words: AB C\nAB\n#C\n")
    problems = wend.verify(p, wend.Solution((("AB", ((0, 0), (1, 0))), ("C", ((1, 1),)))))
    assert "the path for AB passes the blocked cell (1, 0)" in problems
    assert "the path for AB spells A#, not AB" in problems


def test_verify_rejects_the_examples_corrupted():
    for name, paths in EXAMPLE_PATHS.items():
        p = example(name)
        assert wend.verify(p, wend.Solution(paths)) == []
        first_word, first_cells = paths[0]
        reversed_first = ((first_word, first_cells[::-1]), *paths[1:])
        assert any("spells" in x for x in wend.verify(p, wend.Solution(reversed_first)))
        dropped = wend.Solution(paths[1:])
        assert any("has no path" in x for x in wend.verify(p, dropped))
        assert any("belong to no word" in x for x in wend.verify(p, dropped))


# files -----------------------------------------------------------------------------------------


def test_parse_reads_headers_comments_blocked_cells_and_any_case():
    p = puzzle("# a wend\n\n#AB: an early comment\nwords: ab c\n#ab\n# a note inside\nC##\n")
    assert p.grid == ("#AB", "C##") and p.words == ("AB", "C") and p.language == "en"
    assert p.letters() == {(0, 1): "A", (0, 2): "B", (1, 0): "C"}
    assert puzzle("language: SV\nwords: Åk\nåk\n").words == ("ÅK",)
    # a decomposed Å (A and a combining ring) is one letter
    assert puzzle("words: A\u030aK\nlanguage: sv\nA\u030aK\n").grid == ("ÅK",)


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("words: CAT DOX\nCAT\nDOG\n", 1, 12, "the word 'DOX' cannot be placed: the grid has no letter 'X'"),
        ("words: CAT DO\nCAT\nDOG\n", 1, 8, "the words have 5 letters in all but the grid has 6 letter"),
        ("words: CAT DOGG\nCAT\nDOG\n", 1, 8, "the words have 7 letters in all but the grid has 6"),
        ("words: CAT DOG\nCÅT\nDOG\n", 2, 2, "letter 'Å' is not in the English alphabet (A-Z)"),
        ("words: CAT DÖG\nCAT\nDOG\n", 1, 12, "word 'DÖG': letter 'Ö' is not in the English alphabet"),
        ("words: CAT DOG\nC.T\nDOG\n", 2, 2, "expected a letter or '#' (a blocked cell), found '.'"),
        ("words: CAT D0G\nCAT\nDOG\n", 1, 12, "word 'D0G': '0' is not a letter"),
        ("words: CAT CAT\nCAT\nCAT\n", 1, 12, "the word 'CAT' is listed twice (first as line 1 column 8)"),
        ("words: CAT DOG\nCA T\nDOG\n", 2, 3, "no spaces"),
        ("words: CAT DOG\nCAT\nDO\n", 3, 3, "ragged grid"),
        ("words: CAT\nlanguage: fr\nCAT\n", 2, 11, "language must be 'en' (English, A-Z) or 'sv'"),
        ("words:\nCAT\n", 1, 7, "no words after 'words:'"),
        ("words: CAT\n", 1, 1, "no grid rows after the headers"),
        ("CAT\n", 1, 1, "the file starts with a 'words:' header"),
        ("words: CAT\nCAT\nwords: DOG\n", 3, 1, "headers come before the grid"),
        ("words: CAT\nsize: 3\nCAT\n", 2, 1, "unknown header 'size'"),
        ("words: CAT\nwords: CAT\nCAT\n", 2, 1, "header 'words' given twice"),
    ],
)
def test_bad_files_name_line_and_column(text, line, column, words):
    with pytest.raises(ParseError) as info:
        wend.parse(text, "bad.txt")
    err = info.value
    assert (err.source, err.line, err.column) == ("bad.txt", line, column), str(err)
    assert words in str(err)


@pytest.mark.parametrize(
    "text, words",
    [
        ("words: ÄLG ØL\nÄLG\nØL#\n", "letter 'Ø' is not in the Swedish alphabet (A-Z, Å, Ä, Ö)"),
        ("words: ÄLG ÖL\nÄLG\nÖL#\nÖ##\n", "the words have 5 letters in all but the grid has 6 letter cells"),
    ],
)
def test_bad_swedish_files(text, words):
    with pytest.raises(ParseError, match=words.replace("(", r"\(").replace(")", r"\)")):
        swend.parse(text, "bad.txt")


def test_an_empty_file_is_refused():
    with pytest.raises(ParseError, match="empty puzzle"):
        wend.parse("\n# only a comment\n", "x")


@pytest.mark.parametrize("language", ["en", "sv"])
def test_format_parse_round_trip(language):
    rng = random.Random(5)
    for h, w in [(1, 1), (1, 4), (3, 3), (4, 4), (5, 6)]:
        for blocked in (0.0, 0.3):
            p = wend.random_puzzle(rng, h, w, words=3, blocked=blocked, language=language)
            assert wend.parse(wend.format(p), "x") == p
            assert swend.parse(swend.format(p), "x") == p
    assert wend.format(example("swend")).splitlines()[1] == "language: sv"
    assert swend.format(example("swend")) == "\n".join(
        line for line in (EXAMPLES / "swend01.txt").read_text(encoding="utf-8").splitlines()
        if not line.startswith("# ")
    ) + "\n"


def test_render_shows_letters_steps_and_ends():
    p = example("wend")
    blank = wend.render(p)
    assert blank.splitlines()[0] == "T A P P S" and blank.endswith("words: WORDS GRID LETTER PATH SPELL")
    drawn = wend.render(p, wend.Solution(EXAMPLE_PATHS["wend"]))
    assert drawn.splitlines()[0] == "T─A─P P─S" and "GRID: (3, 1) to (1, 2)" in drawn
    assert len(drawn.splitlines()) == 2 * p.height - 1 + len(p.words)


# the registered names ------------------------------------------------------------------------


def test_swend_is_the_wend_module_in_swedish():
    assert genres.canonical("Swend") == "swend" and "swend" in genres.NAMES
    assert genres.get("LinkedIn Wend") is wend
    assert swend is genres.get("swend") and swend.NAME == "wend"
    assert swend.Puzzle is wend.Puzzle and swend.model is wend.model and swend.verify is wend.verify
    assert swend.parse("words: ÖL\nÖL\n").language == "sv"
    assert swend.parse("words: OL\nlanguage: en\nOL\n").language == "en"
    assert swend.random_puzzle(random.Random(1), 3, 3).language == "sv"
    assert "Swedish" in (swend.__doc__ or "") and wend.NAME == "wend"


@pytest.mark.parametrize(
    "name, text, where, words",
    [
        ("wend", "words: CAT DOX\nCAT\nDOG\n", "bad.txt:1:12: ",
         "the word 'DOX' cannot be placed: the grid has no letter 'X'"),
        ("wend", "words: CAT DOG\nCÅT\nDOG\n", "bad.txt:2:2: ", "letter 'Å' is not in the English alphabet"),
        ("wend", "words: CAT DO\nCAT\nDOG\n", "bad.txt:1:8: ",
         "5 letters in all but the grid has 6 letter cells"),
        ("wend", "words: KATT\nKAT1\n", "bad.txt:2:4: ",
         "expected a letter or '#' (a blocked cell), found '1'"),
        ("swend", "words: HÄST ÖL\nHÄST\nÖLØ#\n", "bad.txt:3:3: ",
         "not in the Swedish alphabet (A-Z, Å, Ä, Ö)"),
        ("swend", "words: ÄL BOX\nÄLB\nOXX\n", "bad.txt:1:8: ", "5 letters in all but the grid has 6"),
        ("swend", "words: ÄLG ORM\nÄLG\nORQ\n", "bad.txt:1:12: ", "the grid has no letter 'M'"),
    ],
)
def test_the_command_refuses_bad_files_naming_file_line_and_column(tmp_path, name, text, where, words):
    bad = tmp_path / "bad.txt"
    bad.write_text(text, encoding="utf-8")
    proc = run_cli("solve", name, str(bad))
    assert proc.returncode == 2, proc.stderr
    said = proc.stderr.decode("utf-8")
    assert where in said and words in said, said
    assert b"Traceback" not in proc.stderr and proc.stdout == b""


@pytest.mark.parametrize("name, text", [("wend", "words: CAT GOD\nCAT\nGDO\n"),
                                        ("swend", "words: ÄLG GRÅ\nÄLG\nRÅG\n")])
def test_the_command_says_unsolvable_with_exit_1(tmp_path, name, text):
    bad = tmp_path / "bad.txt"
    bad.write_text(text, encoding="utf-8")
    proc = run_cli("solve", name, str(bad))
    assert proc.returncode == 1 and b"unsolvable" in proc.stdout and b"Traceback" not in proc.stderr


def test_the_command_checks_what_it_solved(tmp_path):
    for name in ("wend", "swend"):
        answer = tmp_path / f"{name}.json"
        proc = run_cli("solve", name, str(EXAMPLES / f"{name}01.txt"), "-f", "json")
        assert proc.returncode == 0
        answer.write_bytes(proc.stdout)
        proc = run_cli("check", name, str(EXAMPLES / f"{name}01.txt"), str(answer))
        assert proc.returncode == 0 and b"valid" in proc.stdout, proc.stdout + proc.stderr


# puzzles made in Python ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        ((["CAT"], ["DOG"]), "words[0]: the word 'DOG' cannot be placed: the grid has no letter 'D'"),
        ((["CAT"], ["CA"]), "words: the words have 2 letters in all but the grid has 3 letter cells"),
        ((["CÅT"], ["CÅT"]), "grid[0][1]: letter 'Å' is not in the English alphabet (A-Z)"),
        ((["CAT"], ["CÅT"], "sv"), "words[0]: the word 'CÅT' cannot be placed: the grid has no letter 'Å'"),
        ((["C1T"], ["CT"]), "grid[0][1]: expected a letter or '#' (a blocked cell), found '1'"),
        ((["CAT"], ["CAT"], "fr"), "language: language must be 'en' (English, A-Z) or 'sv'"),
        ((["CAT", "DO"], ["CAT", "DO"]), "grid[1]: ragged grid: expected 3 cells in this row (as in row 0)"),
        (([["C", "AT"]], ["CAT"]), "grid[0][1]: expected one letter or '#' (a blocked cell), found 'AT'"),
        (([7], ["CAT"]), "grid[0]: expected a row of letters (a string), found 7"),
        (("CAT", ["CAT"]), "grid: expected a tuple of rows (strings), found 'CAT'"),
        (([], ["CAT"]), "grid: grid must have at least one row and column"),
        ((["CAT"], "CAT"), "words: expected a tuple of words, found 'CAT'"),
        ((["CAT"], []), "words: no words: list the words to spell"),
        ((["CAT"], ["CAT", 3]), "words[1]: expected a word (text), found 3"),
        ((["CAT"], ["CAT", ""]), "words[1]: a word has at least one letter"),
        ((["CATCAT"], ["CAT", "cat"]), "words[1]: the word 'CAT' is listed twice (first as words[0])"),
    ],
)
def test_puzzle_data_is_checked_when_made(args, message):
    assert refused(wend.Puzzle, *args).startswith(f"<puzzle>: {message}")


def test_puzzle_data_takes_lists_and_any_case():
    made = wend.Puzzle([["c", "a", "t"], "#ö#"], ["Cat", "ö"], "SV")
    assert made == puzzle("words: CAT Ö\nlanguage: sv\nCAT\n#Ö#\n")
    assert made.grid == ("CAT", "#Ö#") and made.language == "sv"
    for words in (("CAT", "DOX"), ("CAT", "DO"), ("CAT", "DÖG")):
        text = f"words: {' '.join(words)}\nCAT\nDOG\n"
        file_and_data_agree(puzzle, text, lambda words=words: wend.Puzzle(("CAT", "DOG"), words))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.words = ()  # type: ignore[misc]


# solution JSON -------------------------------------------------------------------------------


def test_solution_json_round_trip():
    for name, paths in EXAMPLE_PATHS.items():
        p = example(name)
        solution = wend.Solution(paths)
        data = json.loads(json.dumps(solution.to_json()))
        assert data["paths"][0] == {"word": paths[0][0], "cells": [list(c) for c in paths[0][1]]}
        assert wend.solution_from_json(p, data) == solution
        shuffled = {"paths": [dict(d, word=d["word"].lower()) for d in data["paths"][::-1]]}
        assert wend.solution_from_json(p, shuffled) == solution  # any order, any case


@pytest.mark.parametrize(
    "data, message",
    [
        ({}, "solution JSON has no 'paths' field"),
        ({"paths": {"CAT": []}}, "solution field 'paths' must be a list, found {'CAT': []}"),
        ({"paths": [["CAT"]]}, "paths[0]: expected an object with 'word' and 'cells', found ['CAT']"),
        ({"paths": [{"cells": []}]}, "paths[0] has no 'word' field"),
        ({"paths": [{"word": "CAT"}]}, "paths[0] has no 'cells' field"),
        ({"paths": [{"word": 3, "cells": []}]}, "paths[0].word must be a str, found 3"),
        ({"paths": [{"word": "CAT", "cells": "0 0"}]}, "paths[0].cells must be a list, found '0 0'"),
        ({"paths": [{"word": "COW", "cells": []}]}, "paths[0].word: 'COW' is not one of the words (CAT DOG)"),
        ({"paths": [{"word": "CAT", "cells": []}, {"word": "cat", "cells": []}]},
         "paths[1].word: 'CAT' is listed twice (first as paths[0])"),
        ({"paths": [{"word": "CAT", "cells": [[0, 0], [0, 3]]}]},
         "paths[0].cells[1]: (0, 3) is outside the 2x3 grid"),
        ({"paths": [{"word": "CAT", "cells": [[0, 0], [0, "1"]]}]},
         "paths[0].cells[1]: expected [row, col], found [0, '1']"),
        ({"paths": [{"word": "CAT", "cells": [[0, 0], [0, 1], [0, 0]]}]},
         "paths[0].cells[2]: (0, 0) is listed twice (first as paths[0].cells[0])"),
        ({"paths": [{"word": "CAT", "cells": [[0, 10**4000]]}]},
         "paths[0].cells[0]: (0, <an integer of about 4000 digits>) is outside the 2x3 grid"),
    ],
)
def test_malformed_solution_json_is_refused(data, message):
    assert judged(wend, puzzle(SMALL), data) == f"solution: {message}"


def test_solution_json_that_reads_is_judged_by_the_rules():
    data = {"paths": [{"word": "CAT", "cells": [[0, 0], [0, 1], [1, 1]]}]}
    problems = judged(wend, puzzle(SMALL), data)
    assert "the path for CAT spells CAO, not CAT" in problems and "the word DOG has no path" in problems


# the model against brute force ---------------------------------------------------------------


def brute_force(p: wend.Puzzle) -> set[tuple]:
    """Every answer the rules allow: each word in turn laid from every cell, step by step onto
    unused neighbours showing its next letter; kept when no letter cell is left over."""
    letters = p.letters()
    out: set[tuple] = set()

    def lay(k: int, used: frozenset, done: tuple) -> None:
        if k == len(p.words):
            if len(used) == len(letters):
                out.add(done)
            return
        word = p.words[k]

        def extend(path: tuple) -> None:
            if len(path) == len(word):
                lay(k + 1, used | set(path), (*done, (word, path)))
                return
            for n in grid.neighbours(path[-1], p.height, p.width):
                if n not in used and n not in path and letters.get(n) == word[len(path)]:
                    extend((*path, n))

        for cell, ch in letters.items():
            if ch == word[0] and cell not in used:
                extend((cell,))

    lay(0, frozenset(), ())
    return out


@pytest.mark.parametrize("seed", range(16))
def test_model_admits_exactly_the_answers_the_rules_admit(seed):
    rng = random.Random(seed)
    h, w = rng.choice([(2, 3), (3, 3), (3, 4), (4, 4)])
    p = wend.random_puzzle(
        rng, h, w, words=rng.randint(2, 4), letters=rng.randint(2, 4),
        blocked=rng.choice([0.0, 0.2]), corrupt=0.4, language=rng.choice(["en", "sv"]),
    )
    expected = brute_force(p)
    assert all(wend.verify(p, wend.Solution(paths)) == [] for paths in expected)
    result = cpsat.solve(wend.model(p), limit=500)
    assert result.complete
    assert {wend.decode(p, a).paths for a in result.solutions} == expected, wend.format(p)


def test_random_puzzles_are_planted_deterministic_and_give_zero_one_and_many_solutions():
    assert wend.random_puzzle(random.Random(9), 4, 4) == wend.random_puzzle(random.Random(9), 4, 4)
    kinds: collections.Counter = collections.Counter()
    for seed in range(40):
        rng = random.Random(seed)
        corrupt = 0.5 if seed % 2 else 0.0
        p = wend.random_puzzle(rng, 4, 4, words=rng.randint(2, 4), letters=rng.randint(2, 6), corrupt=corrupt)
        count = len(cpsat.solve(wend.model(p), limit=2).solutions)
        assert count or corrupt, wend.format(p)  # planted: solvable unless corrupted
        kinds[min(count, 2)] += 1
    assert kinds[0] and kinds[1] and kinds[2], kinds
    swedish = [wend.random_puzzle(random.Random(s), 3, 3, language="sv") for s in range(10)]
    assert all(set("".join(p.grid)) & set("ÅÄÖ") for p in swedish)
    with pytest.raises(ValueError):
        wend.random_puzzle(random.Random(0), 3, 3, language="fi")


# state JSON ----------------------------------------------------------------------------------


def test_state_json_lists_known_letters_with_gaps_and_reads_back():
    p = example("wend")
    at = wend.at_key
    state = {at("PATH", 0, (0, 2)): 1, at("PATH", 0, (0, 3)): 0, at("PATH", 2, (0, 0)): 1,
             at("PATH", 2, (2, 0)): 0, at("PATH", 2, (3, 0)): 0}
    data = wend.state_to_json(p, state)
    assert data == {
        "paths": [{"word": "PATH", "cells": [[0, 2], None, [0, 0]]}],
        "no_paths": [{"word": "PATH", "cells": [[0, 3], None, [2, 0]]},
                     {"word": "PATH", "cells": [None, None, [3, 0]]}],
    }
    assert wend.state_from_json(p, json.loads(json.dumps(data))) == state
    lower = {"paths": [{"word": "path", "cells": [[0, 2]]}]}
    assert wend.state_from_json(p, lower) == {at("PATH", 0, (0, 2)): 1}
    assert swend.state_from_json is wend.state_from_json
    with pytest.raises(ValueError, match="not a letter of a word"):
        wend.state_to_json(p, {at("PATH", 0, (0, 1)): 1})  # (0, 1) shows A
    with pytest.raises(ValueError, match="expected 0 or 1"):
        wend.state_to_json(p, {at("PATH", 0, (0, 2)): 2})


def test_a_hint_reads_a_state_file(tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"paths": [{"word": "WORDS", "cells": [[4, 2]]}]}), encoding="utf-8")
    proc = run_cli("hint", "wend", str(EXAMPLES / "wend01.txt"), "--state", str(state))
    assert proc.returncode == 0 and b"WORDS" in proc.stdout, proc.stdout + proc.stderr
    state.write_text(json.dumps({"paths": [{"word": "WORDS", "cells": [[0, 0]]}]}), encoding="utf-8")
    proc = run_cli("hint", "wend", str(EXAMPLES / "wend01.txt"), "--state", str(state))
    said = b"paths[0].cells[0]: (0, 0) shows the letter 'T'"
    assert proc.returncode == 2 and said in proc.stderr, proc.stderr
    assert b"Traceback" not in proc.stderr


def test_auto_takes_the_measured_order():
    from puzzlekit import api

    assert api.auto_order("wend")[:3] == api.auto_order("swend")[:3] == ("sat", "search", "cpsat")
    assert api.solve(example("swend"), backend="auto").backend == "sat"
