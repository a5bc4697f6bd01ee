"""The import layers docs/architecture.md draws: no module imports from a layer above its own."""

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "visolve"
#: what vision/ may import of visolve: the leaves below it
VISION_MAY = {"visolve.errors", "visolve.safefile"}
#: the leaves: they import nothing of visolve but each other
LEAVES = {"errors", "names", "plural", "resources", "safefile", "workspace"}


def _visolve_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("visolve"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("visolve")}
    return found


def test_vision_imports_only_the_leaves_and_itself():
    for path in (SRC / "vision").rglob("*.py"):
        above = {m for m in _visolve_imports(path) if not m.startswith("visolve.vision") and m not in VISION_MAY}
        assert not above, f"{path.relative_to(SRC)} imports {sorted(above)}"


def test_the_leaves_import_nothing_above_them():
    for name in LEAVES:
        above = _visolve_imports(SRC / f"{name}.py") - {f"visolve.{leaf}" for leaf in LEAVES}
        assert not above, f"{name}.py imports {sorted(above)}"
