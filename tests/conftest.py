"""Shared test helpers.

Third-party data lives in ``../shared`` beside the checkout (never copied into
the project).  Tests that need it use :func:`shared_path`, which skips with a
message when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("VISOLVE_SHARED", ROOT.parent / "shared"))


def shared_path(*parts: str) -> Path:
    """Path inside ../shared, or skip the test when that data is not here."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"third-party data not available: {path} (put ../shared beside the checkout)")
    return path
