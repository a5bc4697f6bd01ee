"""The process pool: closing the item stream (what a Ctrl-C between two items does) tears the pool down."""

from __future__ import annotations

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
