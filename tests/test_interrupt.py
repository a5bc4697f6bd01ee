"""Ctrl-C stops a batch of many levels on two processes, keeps what finished, and a rerun goes on.

The run is a real ``python -m visolve`` process; SIGINT goes to its whole
process group, as a terminal sends it.  The levels are random ones solved by
the pure-Python search so the batch lasts long enough to be interrupted.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import numpy as np
import pytest

from visolve.puzzles.circuit500 import levelfile, model
from visolve.puzzles.base import level_key

#: levels in the batch: far more than two workers finish before the interrupt
LEVELS = 200
#: hang guard only (the run stops within about a second of the signal); no time is asserted
PATIENCE = 120


def _levels(data) -> None:
    rng = np.random.default_rng(5)
    folder = data / "levels" / "circuit500"
    folder.mkdir(parents=True)
    for n in range(1, LEVELS + 1):
        level = model.random_level(rng)
        level = type(level)(n, level.grid)
        (folder / f"{level_key(n)}.txt").write_text(levelfile.format_level(level))


def _start(data, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, VISOLVE_PURE_PYTHON="1")
    return subprocess.Popen([sys.executable, "-m", "visolve", "--solve-all", "--data", str(data), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)


@pytest.mark.slow
def test_ctrl_c_stops_a_two_process_batch_and_unsolved_goes_on(tmp_path):
    data = tmp_path / "data"
    _levels(data)
    proc = _start(data, "--jobs", "2")
    try:
        first = proc.stdout.readline()  # one level solved: the workers are busy
        assert first.startswith("solve: "), first + proc.stderr.read()
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=PATIENCE)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "interrupted after" in err and "Traceback" not in err
    kept = sorted((data / "solutions" / "circuit500").glob("*.json"))
    assert 1 <= len(kept) < LEVELS
    assert not [p for p in data.rglob("*.tmp")], "half-written files left behind"
    history = (data / "logs" / "history.log").read_text()
    assert "interrupted after" in history

    rerun = _start(data, "--jobs", "2", "--unsolved")
    out, err = rerun.communicate(timeout=PATIENCE * 5)
    assert rerun.returncode == 0, err
    assert f"{len(kept)} solve skipped" in err
