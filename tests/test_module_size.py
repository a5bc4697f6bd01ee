"""Every module of visolve stays under the size the working rules set (issue 27: one job a module)."""

from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "visolve"
#: lines a module may have; a longer one does more than one job and is split along them
MAX_LINES = 450


def test_no_module_is_over_the_limit():
    long = {path.relative_to(SRC).as_posix(): n for path in SRC.rglob("*.py")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"
