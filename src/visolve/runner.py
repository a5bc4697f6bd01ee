"""Running tasks, one after the other or in a pool of processes, and stopping on Ctrl-C.

:func:`execute` yields each task's item as soon as it is done.  On Ctrl-C (a
``KeyboardInterrupt`` in the main process) the pool is torn down at once:
pending tasks are cancelled, the workers are ended (SIGTERM: a worker
removes the temporary file of a write under way and ends at once, so the
file it was writing is left as the old file, never half a new one, and no
temporary file stays: see :func:`visolve.workspace.atomic_write_bytes`), and the
interrupt goes on to the caller, which keeps what had finished.  Workers
ignore SIGINT themselves: the terminal sends it to the whole process group,
and only the main process decides what happens.  SIGTERM to the main process
is taken as Ctrl-C (:func:`stop_on_sigterm`).

A worker never outlives the main process: on Linux the kernel sends it
SIGTERM when its parent dies (``PR_SET_PDEATHSIG``), and on every system a
watchdog thread in the worker notices that its parent changed; either way it
ends as on SIGTERM, removing the temporary file of a write under way.  With
the workers gone, multiprocessing's resource tracker (which lives as long as
a process that may use it) ends too.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Iterator, TypeVar

# imported here, not in the signal handlers: a SIGTERM that lands while a worker is still
# importing the pipeline (and so visolve.workspace) must not import a half-made module
from visolve.safefile import remove_live_temporaries

T = TypeVar("T")
I = TypeVar("I")  # noqa: E741 - the item type

#: seconds to wait for ended workers before killing them outright
STOP_GRACE = 1.0
#: seconds between two looks of a worker's watchdog at its parent
PARENT_CHECK = 0.5
#: Linux prctl option: the signal a process gets when its parent dies
_PR_SET_PDEATHSIG = 1
#: set once a pool was torn down: its manager thread may wait forever on a queue lock
#: that an ended worker held, so the program must then leave without joining it
_torn_down: list[bool] = []


def pool_was_torn_down() -> bool:
    """Whether :func:`stop_pool` ended a pool in this process (then leave with ``os._exit``)."""
    return bool(_torn_down)


def usable_cores() -> int:
    """Cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def stop_on_sigterm() -> None:
    """In the main process: SIGTERM (``kill``, a service manager stopping it) acts as Ctrl-C.

    Only from the main thread (where Python runs signal handlers); elsewhere nothing changes.
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_interrupt)


def _raise_interrupt(_signum, _frame) -> None:
    raise KeyboardInterrupt


def _init_worker(parent: int | None = None) -> None:
    """Set up a worker process; ``parent`` is the main process's id (the worker ends when it is gone)."""
    # one solver per process: keep numpy/OpenCV from spawning extra threads
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_term)
    if parent is not None:
        _end_with_parent(parent)
    try:
        import cv2

        cv2.setNumThreads(1)
    except Exception:
        pass


def _exit_on_term(_signum, _frame) -> None:
    """A worker's SIGTERM: end now, leaving no temporary file.

    Not ``sys.exit``: the pool's worker loop would catch that ``SystemExit``
    as the task's failure and take the next task already queued for it.
    """
    remove_live_temporaries()
    os._exit(143)


def _end_with_parent(parent: int) -> None:
    """Make this worker end when ``parent`` does: the kernel's death signal, and a watchdog thread."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the watchdog alone
        pass
    if os.getppid() != parent:  # the parent died before the death signal was asked for
        _parent_gone()
    threading.Thread(target=_watch_parent, args=(parent,), name="visolve-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    _parent_gone()


def _parent_gone() -> None:
    """End this worker: SIGTERM to itself (handled in its main thread); if that waits, from here."""
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(STOP_GRACE)  # the main thread may be in a long C call: the handler runs after it
    remove_live_temporaries()  # and no new one can be made: this process ends now
    os._exit(143)


def execute(tasks: list[T], run: Callable[[T], I], jobs: int,
            failed: Callable[[T, BaseException], I]) -> Iterator[I]:
    """Run ``run(task)`` for every task; items in completion order (plan order when jobs=1).

    ``failed(task, exc)`` makes the item for a task whose worker died.
    """
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield run(task)
        return
    pool = _pool(jobs)
    try:
        pending = {pool.submit(run, task): task for task in tasks}
        # as_completed waits on all futures at once; wait(FIRST_COMPLETED) in a loop would
        # hook every pending future again after each one done (quadratic: 1.5 s of the
        # parent's CPU on 1000 tasks, taken from the workers on a 2-core machine)
        for future in as_completed(pending):
            task = pending.pop(future)
            try:
                yield future.result()
            except Exception as exc:  # a worker died (e.g. out of memory): a new pool next time
                _shared.pop("pool", None)
                yield failed(task, exc)
    except BaseException:  # Ctrl-C, or the caller stopped early
        _shared.pop("pool", None)
        stop_pool(pool)
        raise


#: the pool of this run, kept from one phase to the next (prepare, then solve; every batch
#: of a watch): its workers are started once and keep what they learnt (where a phone's
#: screenshots have their board, the last family read)
_shared: dict = {}


def _pool(jobs: int) -> ProcessPoolExecutor:
    if _shared.get("jobs") != jobs:
        close_pool()
    if "pool" not in _shared:
        # "spawn", not fork: forking a process whose OpenCV/BLAS threads hold locks can
        # deadlock the children.
        _shared["pool"] = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                                              initializer=_init_worker, initargs=(os.getpid(),))
        _shared["jobs"] = jobs
    return _shared["pool"]


def close_pool() -> None:
    """End the workers of the run's pool (when there is one) once they are idle."""
    pool = _shared.pop("pool", None)
    _shared.pop("jobs", None)
    if pool is not None:
        pool.shutdown()


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started, end the workers, wait briefly; a second Ctrl-C is ignored meanwhile."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    previous_term = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _torn_down.append(True)
    try:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(STOP_GRACE)
            if proc.is_alive():
                proc.kill()
                proc.join(STOP_GRACE)
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)
