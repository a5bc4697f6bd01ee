"""Watching ``raw/``: every picture that appears or changes is handed on once it is complete.

:func:`watch` keeps running until its ``stop`` event is set (or Ctrl-C).  It
learns about new and changed files from the operating system through
`watchdog <https://github.com/gorakhargosh/watchdog>`_ -- a well-kept library
that uses inotify on Linux, FSEvents on macOS and ReadDirectoryChangesW on
Windows, so a change is seen within milliseconds and an idle folder costs
nothing.  Where watchdog cannot run (not installed, no inotify watches left,
some network file systems), or when asked (``poll=True``), it falls back to
looking at the folder every :data:`POLL_INTERVAL` seconds.

A phone sync or a copy writes a picture in pieces, so a path is handed on
only when its size and modification time have stayed the same for
:data:`SETTLE` seconds *and* it looks complete (:func:`looks_complete`: a PNG
ends with its ``IEND`` chunk, a JPEG with its end-of-image marker).  A file
that changes again later is handed on again.

What is not a regular file (a FIFO, a link to ``/dev/zero``) or is larger
than any picture (:data:`~visolve.workspace.PICTURE_FILE_LIMIT`) is passed
over with one line, once for each state it is in, and never opened: a FIFO
would block the watch, a device never ends.
"""

from __future__ import annotations

import logging
import os
import stat
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from visolve.workspace import IMAGE_SUFFIXES, PICTURE_FILE_LIMIT, file_kind

log = logging.getLogger("visolve")

#: seconds a file must stay unchanged before it is taken as written
SETTLE = 0.3
#: seconds between two looks at the folder when polling, and between two checks of pending files
POLL_INTERVAL = 0.2
#: bytes at the end of a file searched for the end marker (PNG: IEND chunk + CRC; JPEG: FFD9 + padding)
TAIL = 64

Signature = tuple[int, int]  # (size, modification time in ns)


def is_picture_name(path: Path) -> bool:
    return path.suffix.lower() in IMAGE_SUFFIXES and not path.name.startswith(".")


def looks_complete(path: Path) -> bool:
    """False for a PNG or JPEG whose end marker has not been written yet, or no regular file; else True.

    Opened non-blocking and checked on the open file, so a FIFO or a device
    put there meanwhile is never read from.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    with os.fdopen(fd, "rb") as fh:
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return False
            size = st.st_size
            head = fh.read(8)
            fh.seek(max(0, size - TAIL))
            tail = fh.read(TAIL)
        except OSError:
            return False
    if head.startswith(b"\x89PNG"):
        return b"IEND" in tail
    if head.startswith(b"\xff\xd8"):
        return b"\xff\xd9" in tail
    return size > 0


def refusal(path: Path) -> str | None:
    """Why ``path`` is passed over without being opened ("not a regular file (a FIFO)"), or None."""
    try:
        st = os.stat(path)
    except OSError:
        return None  # gone: nothing to say
    kind = file_kind(st.st_mode)
    if kind:
        return f"not a regular file ({kind})"
    if st.st_size > PICTURE_FILE_LIMIT:
        return f"too large for a picture ({st.st_size // 1024 // 1024} MB)"
    return None


def shown_name(path: Path) -> str:
    """A file name fit for one line: the name, or with unprintable characters escaped."""
    name = path.name
    return name if name.isprintable() else ascii(name)[1:-1]


def signature(path: Path) -> Signature | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


class Settling:
    """Paths seen changing, handed out once they have been still for ``settle`` seconds.

    ``on_skip(path, why)`` is told of a path passed over (see :func:`refusal`).
    """

    def __init__(self, settle: float = SETTLE, on_skip: Callable[[Path, str], None] | None = None):
        self.settle = settle
        self.on_skip = on_skip or _log_skip
        self._lock = threading.Lock()
        self._pending: dict[Path, tuple[Signature | None, float]] = {}
        self._done: dict[Path, Signature] = {}

    def touch(self, path: Path, now: float | None = None) -> None:
        """Note that ``path`` may have changed."""
        if not is_picture_name(path):
            return
        with self._lock:
            self._pending[path] = (signature(path), time.monotonic() if now is None else now)

    def due(self, now: float | None = None) -> list[Path]:
        """Paths unchanged for ``settle`` seconds, complete, and not handed out in this state before."""
        now = time.monotonic() if now is None else now
        ready, skipped = [], []
        with self._lock:
            for path, (sig, since) in list(self._pending.items()):
                current = signature(path)
                if current is None:  # deleted (or renamed away) meanwhile
                    del self._pending[path]
                elif current != sig:  # still being written: start the wait again
                    self._pending[path] = (current, now)
                elif (why := refusal(path)) is not None:  # never opened
                    del self._pending[path]
                    if self._done.get(path) != current:
                        self._done[path] = current
                        skipped.append((path, why))
                elif now - since >= self.settle and looks_complete(path):
                    del self._pending[path]
                    if self._done.get(path) != current:
                        self._done[path] = current
                        ready.append(path)
        for path, why in skipped:
            self.on_skip(path, why)
        return sorted(ready)

    def has_pending(self) -> bool:
        with self._lock:
            return bool(self._pending)


def watch(folder: Path, handle: Callable[[list[Path]], None], stop: threading.Event | None = None,
          poll: bool = False, settle: float = SETTLE, on_start: Callable[[str], None] | None = None,
          on_skip: Callable[[Path, str], None] | None = None) -> None:
    """Call ``handle(paths)`` for pictures that appear or change in ``folder`` until ``stop`` is set.

    ``handle`` runs in the calling thread, one batch at a time.  ``on_start``
    is told which way changes are seen ("watchdog (inotify)" or "polling");
    ``on_skip(path, why)`` of what is passed over (default: a warning in the log).
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stop = stop or threading.Event()
    pending = Settling(settle, on_skip)
    observer = None if poll else _start_observer(folder, pending)
    how = "polling every %.1f s" % POLL_INTERVAL if observer is None else f"watchdog ({type(observer).__name__})"
    if on_start:
        on_start(how)
    known = _scan(folder)
    try:
        while not stop.is_set():
            if observer is None:
                now_seen = _scan(folder)
                for path, sig in now_seen.items():
                    if known.get(path) != sig:
                        pending.touch(path)
                known = now_seen
            ready = pending.due()
            if ready:
                handle(ready)
            stop.wait(POLL_INTERVAL / (2 if pending.has_pending() else 1))
    finally:
        if observer is not None:
            observer.stop()
            observer.join(timeout=2)


def _log_skip(path: Path, why: str) -> None:
    log.warning("%s passed over: %s", shown_name(path), why)


def _scan(folder: Path) -> dict[Path, Signature]:
    out = {}
    try:
        entries: Iterable[Path] = list(folder.iterdir())
    except OSError:
        return out
    for path in entries:
        if is_picture_name(path):
            sig = signature(path)
            if sig is not None:
                out[path] = sig
    return out


def _start_observer(folder: Path, pending: Settling):
    """A running watchdog observer feeding ``pending``, or None where watchdog cannot run."""
    try:
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer
    except ImportError:
        log.info("watchdog is not installed: polling %s", folder)
        return None

    class _Feed(FileSystemEventHandler):
        def on_any_event(self, event):
            if event.is_directory:
                return
            for attr in ("src_path", "dest_path"):
                path = getattr(event, attr, None)
                if path:
                    pending.touch(Path(path.decode() if isinstance(path, bytes) else path))

    observer = Observer()
    try:
        observer.schedule(_Feed(), str(folder), recursive=False)
        observer.start()
    except Exception as exc:  # e.g. OSError: inotify watch limit reached
        log.warning("cannot watch %s with watchdog (%s): polling instead", folder, exc)
        return None
    return observer
