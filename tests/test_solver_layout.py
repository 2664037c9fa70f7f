"""The solver's layout keeps its promises (issue 38): small modules, a card-blind loop, no cycles, no patches.

- every module of ``py/cloverleaf/solver/`` and every class in it at most
  ``MOST_LINES`` lines;
- the search loop (``search.py``) names no card or suit in its code (its
  docstrings and comments may explain what the board does);
- no import cycle among the solver's modules;
- the solver's tests change plans, never internals: no ``monkeypatch.setattr``.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLVER = ROOT / "py" / "cloverleaf" / "solver"
MOST_LINES = 400


def _modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text()) for path in sorted(SOLVER.glob("*.py"))}


def test_every_solver_module_and_class_is_small() -> None:
    files = {path.name: len(path.read_text().splitlines()) for path in SOLVER.glob("*.py")}
    assert max(files.values()) <= MOST_LINES, files
    classes = {
        f"{name}.{node.name}": (node.end_lineno or node.lineno) - node.lineno + 1
        for name, tree in _modules().items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }
    assert max(classes.values()) <= MOST_LINES, classes


def test_the_search_loop_names_no_card_or_suit_in_its_code() -> None:
    source = (SOLVER / "search.py").read_text()
    words = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT or (token.type == tokenize.STRING and token.string.startswith('"""')):
            continue
        words += re.findall(r"[A-Za-z_]+", token.string)
    assert not [word for word in words if re.search(r"card|suit|rank", word, re.IGNORECASE)]


def test_the_solver_modules_import_no_cycle() -> None:
    imports: dict[str, set[str]] = {}
    for name, tree in _modules().items():
        found = imports.setdefault(name, set())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for imported in imports.get(name, set()):
            visit(imported, (*path, name))
        done.add(name)

    for name in imports:
        visit(name, ())


def test_the_solver_tests_patch_nothing() -> None:
    tests = [path for path in (ROOT / "tests").glob("test_solver*.py") if path.name != Path(__file__).name]
    assert [path.name for path in tests if "monkeypatch.setattr" in path.read_text()] == []
