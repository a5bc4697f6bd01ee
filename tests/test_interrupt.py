"""Ctrl-C stops a batch of many levels on two processes, keeps what finished, and a rerun goes on.

The run is a real ``python -m visolve`` process; SIGINT goes to its whole
process group, as a terminal sends it.  The levels are random ones solved by
the pure-Python search so the batch lasts long enough to be interrupted.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from tests.conftest import ctrl_c, visolve_process

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


def _solve_all(data, *extra: str):
    return visolve_process("--solve-all", "--data", str(data), *extra,
                           env=dict(os.environ, VISOLVE_PURE_PYTHON="1"))


@pytest.mark.slow
def test_ctrl_c_stops_a_two_process_batch_and_unsolved_goes_on(tmp_path):
    data = tmp_path / "data"
    _levels(data)
    with _solve_all(data, "--jobs", "2") as proc:
        first = proc.stdout.readline()  # one level solved: the workers are busy
        assert first.startswith("solve: "), first + proc.stderr.read()
        _out, err = ctrl_c(proc, PATIENCE)
    assert proc.returncode == 130, err
    assert "interrupted after" in err and "Traceback" not in err
    kept = sorted((data / "solutions" / "circuit500").glob("*.json"))
    assert 1 <= len(kept) < LEVELS
    assert not [p for p in data.rglob("*.tmp")], "half-written files left behind"
    history = (data / "logs" / "history.log").read_text()
    assert "interrupted after" in history

    with _solve_all(data, "--jobs", "2", "--unsolved") as rerun:
        _out, err = rerun.communicate(timeout=PATIENCE * 5)
    assert rerun.returncode == 0, err
    assert f"{len(kept)} solve skipped" in err
