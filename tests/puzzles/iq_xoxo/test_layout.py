"""The family's shape: nothing the reader runs imports the drawing made for tests."""

import subprocess
import sys

import pytest

RUNTIME = ("visolve.puzzles.iq_xoxo.plugin", "visolve.puzzles.iq_xoxo.box.reader", "visolve.puzzles.iq_xoxo.probe")
TEST_ONLY = ("visolve.puzzles.iq_xoxo.box.drawing", "visolve.puzzles.iq_xoxo.testing", "visolve.testing")


@pytest.mark.parametrize("module", RUNTIME)
def test_runtime_modules_do_not_import_test_drawing(module):
    # a fresh interpreter: this test process has imported the drawing already
    code = f"import sys, {module}; print(','.join(m for m in {TEST_ONLY!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
