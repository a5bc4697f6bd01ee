"""Fixtures for the tiling tests: both engines, the compiled one skipped when not built."""

from __future__ import annotations

import pytest

from visolve.tiling import engine as engine_module
from visolve.tiling.search import FEWEST, SCAN

COMPILED_MISSING = "compiled tiling core not built (no C compiler when installing)"


def need_compiled() -> None:
    """Skip the calling test when the compiled core is not built."""
    if engine_module._core is None:
        pytest.skip(COMPILED_MISSING)


@pytest.fixture(params=[False, True], ids=["python", "compiled"])
def compiled(request) -> bool:
    """Run a test with the Python search, then with the compiled core."""
    if request.param:
        need_compiled()
    return request.param


@pytest.fixture(params=[FEWEST, SCAN])
def rule(request) -> str:
    """Run a test with each branching rule."""
    return request.param
