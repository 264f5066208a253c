"""What the thirteen genres written before the genre kit cost in code, then and now.

    python -m benchmarks.genre_cost                        # the tree before the kit, against the work tree
    python -m benchmarks.genre_cost --before REV --after REV --show masyu

A genre's cost is its non-blank, non-comment lines (Python, JavaScript and CSS) of
``puzzlekit/``, docstrings included, found the same way in both trees:

1. its own files: ``genres/<g>/``, and any file whose name holds the genre's name as a word
   (``genres/masyu.py``, ``generate/masyu.py``, ``render/masyu.py``, ``genres/_wend_states.py``);
2. any module that only that genre uses: every file that imports one of its names and uses it
   (a re-export, like ``board/layers.py``, is looked through) is that genre's, repeated until
   nothing changes (``board/bridges.py`` is Hashi's while Hashi alone draws bridges);
3. in the other files, the parts that name the genre: a function or class with the genre's
   name in its own, the body of an ``if`` that tests for genre names only, a dict entry keyed by
   one, and in the pages' JavaScript an object entry keyed by one (a line shared by k genres
   counts 1/k to each).

The registry (``genres/__init__.py``: the list of names and the aliases) is left out of both
trees: every genre keeps its registry line. Wend and its Swedish settings view (``swend``)
share one folder and are counted as one row. The genres "on the kit" in a tree are those whose
module builds a ``Genre`` (``board/genre.py``); docs/architecture.md ("What a genre costs")
quotes this output. The "before" tree by default is the one just before the kit's first commit.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
#: The genres written by hand before the kit existed; swend is Wend's settings view, one row.
GENRES = ("masyu", "tracks", "numberlink", "hashi", "slitherlink", "sudoku", "nonogram", "queens",
          "zip", "tents", "patches", "wend")
ALSO = {"swend": "wend"}
REGISTRY = "puzzlekit/genres/__init__.py"
SUFFIXES = (".py", ".js", ".css")


class Tree:
    """The package's source files at one commit (or in the work tree when ``rev`` is None)."""

    def __init__(self, rev: str | None):
        self.rev = rev
        if rev is None:
            paths = [p.relative_to(ROOT).as_posix() for p in (ROOT / "puzzlekit").rglob("*")
                     if p.is_file() and "__pycache__" not in p.parts]
        else:
            paths = _git("ls-tree", "-r", "--name-only", rev, "puzzlekit").split("\n")
        self.paths = sorted(p for p in paths if p.endswith(SUFFIXES))

    def text(self, path: str) -> str:
        if self.rev is None:
            return (ROOT / path).read_text(encoding="utf-8")
        return _git("show", f"{self.rev}:{path}")


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def genre_word(word: str) -> str | None:
    """The genre a name means when it is one of its ``_``/``-`` separated words, else None."""
    for part in re.split(r"[_\-.]", word):
        if part in GENRES:
            return part
        if part in ALSO:
            return ALSO[part]
    return None


def counted_lines(path: str, text: str) -> set[int]:
    """The 1-based numbers of the lines that count: not blank, not only a comment."""
    out, in_block = set(), False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if path.endswith(".py"):
            if line and not line.startswith("#"):
                out.add(number)
            continue
        if in_block:
            in_block = "*/" not in line
            if in_block or not line.split("*/", 1)[1].strip():
                continue
            line = line.split("*/", 1)[1].strip()
        if line.startswith("/*"):
            in_block = "*/" not in line
            rest = line.split("*/", 1)[1].strip() if not in_block else ""
            if not rest:
                continue
            line = rest
        if line and not line.startswith("//"):
            out.add(number)
    return out


def own_file(path: str) -> str | None:
    """The genre whose file or folder ``path`` is, by its name alone."""
    parts = PurePosixPath(path).parts
    if len(parts) > 3 and parts[1] == "genres" and parts[2] in GENRES + tuple(ALSO):
        return genre_word(parts[2])
    return genre_word(PurePosixPath(path).stem)


def module_name(path: str) -> str:
    dotted = path[:-3].replace("/", ".")
    return dotted[: -len(".__init__")] if dotted.endswith(".__init__") else dotted


class Python:
    """One Python file's imports, re-exports and the imported names it uses."""

    def __init__(self, path: str, text: str, modules: set[str]):
        self.path, self.tree = path, ast.parse(text)
        package = module_name(path) if path.endswith("__init__.py") else module_name(path).rpartition(".")[0]
        used = {n.id for n in ast.walk(self.tree) if isinstance(n, ast.Name)}
        attributes = {(n.value.id, n.attr) for n in ast.walk(self.tree)
                      if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)}
        self.exports: dict[str, tuple[str, str]] = {}  # a name imported here -> (module, name)
        self.uses: set[tuple[str, str | None]] = set()  # (module, name or None for the module)
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in modules:
                        local = alias.asname or alias.name.split(".")[0]
                        self._use_module(alias.name, local, used, attributes)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parent + ([node.module] if node.module else []))
                for alias in node.names:
                    local, full = alias.asname or alias.name, f"{base}.{alias.name}"
                    if full in modules:
                        self._use_module(full, local, used, attributes)
                    elif base in modules:
                        self.exports[local] = (base, alias.name)
                        if local in used:  # the name, where it is defined, and the module it comes from
                            self.uses |= {(base, alias.name), (base, None)}

    def _use_module(self, module: str, local: str, used: set[str], attributes: set) -> None:
        self.exports[local] = (module, None)
        for owner, attr in attributes:
            if owner == local:
                self.uses.add((module, attr))
        if local in used:
            self.uses.add((module, None))


def attributed_parts(python: Python) -> dict[int, frozenset[str]]:
    """Lines of a shared file that exist for named genres (rule 3), innermost part winning."""
    marks: dict[int, frozenset[str]] = {}

    def mark(first: int, last: int, genres: frozenset[str]) -> None:
        for number in range(first, last + 1):
            marks[number] = genres

    def tested(test: ast.expr) -> frozenset[str]:
        strings = [n.value for n in ast.walk(test)
                   if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        named = [genre_word(s) if s in GENRES or s in ALSO else None for s in strings]
        return frozenset(named) if strings and None not in named else frozenset()

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and genre_word(node.name):
            mark(node.lineno, node.end_lineno or node.lineno, frozenset({genre_word(node.name)}))
        if isinstance(node, ast.If) and tested(node.test) and node.body:
            mark(node.lineno, node.body[-1].end_lineno or node.lineno, tested(node.test))
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and isinstance(key.value, str) and genre_word(key.value) \
                        and (key.value in GENRES or key.value in ALSO):
                    mark(key.lineno, value.end_lineno or key.lineno, frozenset({genre_word(key.value)}))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(python.tree)
    return marks


def javascript_parts(text: str) -> dict[int, frozenset[str]]:
    """Object entries keyed by a genre's name (``masyu: function (p) {...},``) in a shared script."""
    marks: dict[int, frozenset[str]] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        found = re.match(r"^(\s+)([a-z]+)\s*:\s*\S", line)
        if not found or found.group(2) not in GENRES + tuple(ALSO):
            continue
        genres, indent, j = frozenset({genre_word(found.group(2))}), len(found.group(1)), i
        while j + 1 < len(lines) and (not lines[j + 1].strip()
                                       or len(lines[j + 1]) - len(lines[j + 1].lstrip()) > indent):
            j += 1
        if j + 1 < len(lines) and lines[j + 1].strip()[:1] in "}]" and j > i:
            j += 1
        for number in range(i + 1, j + 2):
            marks[number] = genres
    return marks


def measure(tree: Tree) -> tuple[dict[str, float], dict[str, dict[str, float]], list[str]]:
    """Per genre its lines, the files they come from, and the genres on the kit in ``tree``."""
    texts = {path: tree.text(path) for path in tree.paths if path != REGISTRY}
    modules = {module_name(p) for p in texts if p.endswith(".py")}
    pythons = {p: Python(p, t, modules) for p, t in texts.items() if p.endswith(".py")}
    by_module = {module_name(p): python for p, python in pythons.items()}
    owner = {p: own_file(p) for p in texts}

    def defining(module: str, name: str | None, seen: int = 0) -> str:
        python = by_module.get(module)
        if name is None or python is None or name not in python.exports or seen > 20:
            return module
        return defining(*python.exports[name], seen + 1)

    used_by: dict[str, set[str]] = defaultdict(set)  # a module -> the files that use it
    for path, python in pythons.items():
        for module, name in python.uses:
            target = defining(module, name)
            if target != module_name(path):
                used_by[target].add(path)
    changed = True
    while changed:  # rule 2, until no module changes hands
        changed = False
        for path in pythons:
            users = {owner[u] for u in used_by.get(module_name(path), ())}
            if owner[path] is None and len(users) == 1 and None not in users:
                owner[path], changed = users.pop(), True

    cost: dict[str, float] = defaultdict(float)
    where: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for path, text in texts.items():
        lines = counted_lines(path, text)
        if owner[path]:
            cost[owner[path]] += len(lines)
            where[owner[path]][path] += len(lines)
            continue
        parts = attributed_parts(pythons[path]) if path in pythons else javascript_parts(text)
        for number, genres in parts.items():
            if number in lines:
                for genre in genres:
                    cost[genre] += 1 / len(genres)
                    where[genre][path] += 1 / len(genres)
    on_kit = [g for g in GENRES
              if re.search(r"\bGenre\(", texts.get(f"puzzlekit/genres/{g}/__init__.py", ""))]
    return cost, where, on_kit


#: What a file of a genre's is for, by its path (the first match wins).
ROLES = (
    ("generator", r"/generate/|/recipe\.py$"),
    ("picture", r"/render/|/picture\.py$"),
    ("pack", r"/pack/|/packing\.py$|/page\.(js|css)$"),
    ("formats", r"/formats/|/(puzzlink|pasted|tatham)\.py$"),
    ("kit layers", r"/board/"),
    ("genre module", r"/genres/"),
    ("other", r""),
)


def role(path: str) -> str:
    return next(name for name, pattern in ROLES if re.search(pattern, path))


def first_kit_commit() -> str:
    """The first commit that added ``puzzlekit/board/``: the kit's start."""
    log = _git("log", "--reverse", "--diff-filter=A", "--format=%H", "--", "puzzlekit/board")
    return log.split()[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="a git revision (default: the parent of the kit's first commit)")
    parser.add_argument("--after", help="a git revision (default: the work tree)")
    parser.add_argument("--roles", action="store_true",
                        help="the lines of the genres on the kit by what they are for, in both trees")
    parser.add_argument("--show", action="append", default=[], help="list a genre's files in both trees")
    args = parser.parse_args(argv)
    before_rev = args.before or f"{first_kit_commit()}^"
    before, old, _ = measure(Tree(before_rev))
    after, where, on_kit = measure(Tree(args.after))
    print(f"before: {_git('rev-parse', '--short', before_rev).strip()}   after: {args.after or 'work tree'}")
    print(f"{'genre':<14} {'before':>7} {'after':>7} {'change':>7}  on the kit")
    for genre in GENRES:
        b, a = before[genre], after[genre]
        label = genre + ("+swend" if genre == "wend" else "")
        print(f"{label:<14} {b:7.0f} {a:7.0f} {(a - b) / b:+7.0%}  {'yes' if genre in on_kit else ''}")
    for title, group in ((f"on the kit ({len(on_kit)})", on_kit), (f"all ({len(GENRES)})", list(GENRES))):
        b, a = sum(before[g] for g in group), sum(after[g] for g in group)
        # Tatham's formats came after the kit: the same total without them, for a like-for-like view
        late = sum(n for g in group for path, n in where[g].items() if path.endswith("/tatham.py"))
        print(f"{title:<14} {b:7.0f} {a:7.0f} {(a - b) / b:+7.0%}  "
              f"({a - late:.0f}, {(a - late - b) / b:+.0%}, without the {late:.0f} lines of tatham.py files)")
    if args.roles:
        print(f"{'role':<14} {'before':>7} {'after':>7}   (the genres on the kit)")
        for name, _ in ROLES:
            b, a = (sum(n for g in on_kit for path, n in table[g].items() if role(path) == name)
                    for table in (old, where))
            print(f"{name:<14} {b:7.0f} {a:7.0f}")
    for genre in args.show:
        for label, table in (("before", old), ("after", where)):
            for path, n in sorted(table[genre].items()):
                print(f"  {genre} {label}: {n:6.1f} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
