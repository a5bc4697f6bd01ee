"""No private name (``_name``) is imported from one module of visolve into another, nor into a
test (a test reaches a module through its public names, as a user would)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "visolve"
TESTS = ROOT / "tests"
#: compiled extension modules: private modules, imported whole by their one user
PRIVATE_MODULES = {"_core", "_fastsolve"}
#: private names still imported across modules, each left for its owner to make public (none now)
KNOWN: set[tuple[str, str]] = set()


def _private_imports(root: Path, packages: tuple[str, ...]) -> set[tuple[str, str]]:
    found = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(packages):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__") \
                            and alias.name not in PRIVATE_MODULES:
                        found.add((path.relative_to(root).as_posix(), alias.name))
    return found


def test_no_private_name_crosses_a_module():
    assert _private_imports(SRC, ("visolve",)) - KNOWN == set()


def test_no_test_imports_a_private_name():
    assert _private_imports(TESTS, ("visolve", "tests")) == set()
