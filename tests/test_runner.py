"""The process pool: closing the item stream (what a Ctrl-C between two items does) tears the pool down."""

from __future__ import annotations

import os
import time

import pytest

from visolve import runner

#: seconds each task sleeps: the pool is still busy when the stream is closed
NAP = 0.2


def _nap(n: int) -> int:
    time.sleep(NAP)
    return n


def _failed(task, exc):
    return ("failed", task, repr(exc))


def test_closing_the_stream_ends_the_workers():
    runner._torn_down.clear()
    try:
        stream = runner.execute(list(range(40)), _nap, 2, _failed)
        first = next(stream)
        assert first in range(40)
        stream.close()  # as the command line does when Ctrl-C lands while an item is printed
        assert runner.pool_was_torn_down()
    finally:
        runner._torn_down.clear()  # else an in-process command line run after this one would os._exit


def test_one_job_runs_in_order_without_a_pool():
    assert list(runner.execute([3, 1, 2], lambda n: n * 10, 1, _failed)) == [30, 10, 20]


def _pid(_n: int) -> int:
    time.sleep(0.01)
    return os.getpid()


def test_the_pool_is_kept_from_one_phase_to_the_next():
    try:
        first = set(runner.execute(list(range(6)), _pid, 2, _failed))
        pool = runner._shared["pool"]
        workers = {p.pid for p in pool._processes.values()}  # a worker may have had no task yet
        second = set(runner.execute(list(range(6)), _pid, 2, _failed))
        assert os.getpid() not in first
        assert runner._shared["pool"] is pool, "the second phase made a new pool"
        assert first | second <= workers, "the second phase started new workers"
        first = workers
    finally:
        runner.close_pool()
    third = set(runner.execute(list(range(6)), _pid, 2, _failed))
    runner.close_pool()
    assert not third & first, "a closed pool's workers ran again"


# -- no worker outlives its parent -------------------------------------------------------------------
#: seconds a process may take to go (hang guard: they go within about a second; the machine may be busy)
PATIENCE = 30.0


def descendants(pid: int) -> set[int]:
    """Ids of the processes under ``pid`` (children, theirs, ...), from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry)] = int(fields[1])
    found, todo = set(), [pid]
    while todo:
        here = todo.pop()
        kids = {p for p, pp in parents.items() if pp == here}
        todo += kids - found
        found |= kids
    return found


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


def wait_until_gone(pids: set[int], patience: float = PATIENCE) -> set[int]:
    """The processes of ``pids`` still running after ``patience`` seconds (polled; empty when all went)."""
    end = time.monotonic() + patience
    while time.monotonic() < end:
        left = {p for p in pids if _running(p)}
        if not left:
            return left
        time.sleep(0.1)
    return {p for p in pids if _running(p)}


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads the process tree from /proc")


@needs_proc
@pytest.mark.parametrize("signal_name", ["SIGKILL", "SIGTERM"])
def test_workers_end_with_their_parent(tmp_path, signal_name):
    """kill -9 (or plain kill) of a two-process batch: the workers and the resource tracker end, so
    the output pipe closes (before, they ran on for good and `visolve ... | cut` never returned)."""
    import signal

    from tests.conftest import visolve_process
    from tests.test_interrupt import write_levels

    data = tmp_path / "data"
    write_levels(data)
    env = dict(os.environ, VISOLVE_PURE_PYTHON="1")  # slow solves: the batch is still running
    children: set[int] = set()
    try:
        with visolve_process("--solve-all", "--data", str(data), "--jobs", "2", env=env) as proc:
            first = proc.stdout.readline()
            assert first.startswith("solve: "), first + proc.stderr.read()
            children = descendants(proc.pid)
            os.kill(proc.pid, getattr(signal, signal_name))  # the main process only, not its group
            out, err = proc.communicate(timeout=PATIENCE)  # returns once every holder of the pipes is gone
            assert wait_until_gone(children) == set()
    finally:  # when they do outlive it, they must not outlive the test
        for pid in children:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
    assert len(children) >= 2, "two workers (and a resource tracker) expected"
    if signal_name == "SIGTERM":  # handled as Ctrl-C
        assert proc.returncode == 130, err
        assert "interrupted after" in err and "Traceback" not in err


def _write_many(n: int) -> int:
    """A task that writes files without a pause (as a batch of levels does, only faster)."""
    from pathlib import Path

    from visolve.workspace import atomic_write_bytes

    folder = Path(os.environ["VISOLVE_TEST_FOLDER"])
    for i in range(400):
        atomic_write_bytes(folder / f"f{n}_{i % 7}.png", b"x" * 2000, durable=False)
    return n


@pytest.mark.slow  # four pools started and torn down: about 10 s on a busy 2-core machine
def test_workers_ended_in_the_middle_of_writes_leave_no_temporary_file(tmp_path, monkeypatch):
    """The pool torn down at random moments while its workers write: never a temporary file left.

    Before, a worker's SIGTERM was a SystemExit that the pool's worker loop caught as the task's
    failure; the worker took the next queued task and was killed mid-write a second later."""
    import random

    monkeypatch.setenv("VISOLVE_TEST_FOLDER", str(tmp_path))  # spawned workers inherit it
    rng = random.Random(29)
    runner._torn_down.clear()
    try:
        for attempt in range(4):
            stream = runner.execute(list(range(40)), _write_many, 2, _failed)
            next(stream)
            time.sleep(rng.uniform(0.0, 0.3))
            stream.close()
            left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            assert left == [], f"attempt {attempt}: {left}"
    finally:
        runner._torn_down.clear()
        runner._shared.clear()


def test_a_worker_ended_while_still_importing_ends_quietly():
    """SIGTERM while a worker is still importing the pipeline (``visolve.workspace`` half made): it
    ends with 143 and no traceback (CI once saw "cannot import name 'remove_live_temporaries' from
    partially initialized module" when the handler imported it from there)."""
    import subprocess
    import sys

    script = (
        "import signal, sys, types\n"
        "sys.modules['visolve.workspace'] = types.ModuleType('visolve.workspace')  # half made\n"
        "from visolve import runner\n"
        "runner._init_worker()\n"
        "signal.raise_signal(signal.SIGTERM)\n"
        "print('not ended')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 143, done.stderr
    assert "Traceback" not in done.stderr and "not ended" not in done.stdout
