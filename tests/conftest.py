"""Shared test helpers.

Third-party data lives in ``../shared`` beside the checkout (never copied into
the project).  Tests that need it use :func:`shared_path`, which skips with a
message when it is absent.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("VISOLVE_SHARED", ROOT.parent / "shared"))


def shared_path(*parts: str) -> Path:
    """Path inside ../shared, or skip the test when that data is not here."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"third-party data not available: {path} (put ../shared beside the checkout)")
    return path


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder with an empty ``raw/``."""
    root = tmp_path / "data"
    (root / "raw").mkdir(parents=True)
    return root


def json_rows(res) -> list[dict]:
    """The ``--json`` objects a run printed (its stdout's lines that are JSON objects)."""
    return [json.loads(line) for line in res.stdout.splitlines() if line.startswith("{")]


@contextmanager
def visolve_process(*args: str, env: dict | None = None) -> Iterator[subprocess.Popen]:
    """``python -m visolve ARGS`` in its own process group (text pipes); killed if still running at the end."""
    proc = subprocess.Popen([sys.executable, "-m", "visolve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
                            preexec_fn=_ctrl_c_default)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _ctrl_c_default() -> None:
    """In the child before it starts: Ctrl-C handled as a terminal's foreground job has it (tests run
    as a background job of a non-interactive shell inherit SIGINT ignored, and so would the child)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ctrl_c(proc: subprocess.Popen, patience: float) -> tuple[str, str]:
    """Send SIGINT to the process group, as a terminal does; its remaining (stdout, stderr)."""
    os.killpg(proc.pid, signal.SIGINT)
    return proc.communicate(timeout=patience)
