"""The process pool: closing the item stream (what a Ctrl-C between two items does) tears the pool down."""

from __future__ import annotations

import os
import time

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
