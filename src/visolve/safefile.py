"""Files read and written safely: size and kind checked before reading, writes that are whole or absent.

The low layer below both :mod:`visolve.workspace` (the ``data/`` folder) and
:mod:`visolve.vision.imageio` (pictures): it imports nothing of visolve.

Every write goes to a temporary file in the same folder, then ``os.replace``
renames it over the target, so a crash never leaves a half-written file
behind.  Files get the usual permissions (``0666`` less the process's umask),
not the private ``0600`` of a temporary file.  Every read checks first that
the file is a regular one and under its size limit (:func:`read_limited`).
"""

from __future__ import annotations

import json
import os
import random
import re
import stat
import string
import threading
from pathlib import Path


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


#: permissions of every file visolve writes: what ``open()`` would give under this umask
FILE_MODE = 0o666 & ~_current_umask()


def atomic_write_bytes(path: Path, data: bytes, durable: bool = True) -> None:
    """Write ``data`` to ``path`` via a temp file + rename (creates parent folders).

    Readers see the old file or the new one, never a part.  ``durable``: when
    the new file replaces one, its data is forced to the disk before the
    rename (``fsync``), so a power cut cannot trade a good old file for an
    empty new one.  A file that is new is not forced (a power cut may leave it
    empty: an empty level file is an error naming it, an empty solution is
    solved again), nor are pictures (``durable=False``: drawn again from their
    solution); each fsync costs 1-2 ms, several per level.

    The temporary file (:func:`temporary_name`) is removed whatever stops the
    write: an exception, Ctrl-C at any instruction, or SIGTERM to a worker
    (which removes it before it ends: :func:`remove_live_temporaries`).  Its
    name is recorded before the file is made, and names this process, so a
    file of that name is always this write's.  Only SIGKILL leaves one
    behind, for :func:`remove_stale_temporaries` to remove at the next run.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    replaces = durable and path.exists()
    tmp = str(temporary_name(path))
    fd = None
    try:
        with _creating:
            _live_temporaries.add(tmp)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
        with os.fdopen(fd, "wb") as fh:
            fd = None  # the file object closes it
            fh.write(data)
            if replaces:
                fh.flush()
                os.fsync(fh.fileno())
        os.chmod(tmp, FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        if fd is not None:
            os.close(fd)
        _unlink_quietly(tmp)  # made by this write (or not made at all)
        raise
    finally:
        _live_temporaries.discard(tmp)


#: the temporary files this process is writing (see :func:`remove_live_temporaries`)
_live_temporaries: set[str] = set()
#: held while a temporary file is recorded and made; for good once the process ends
_creating = threading.RLock()
#: a temporary file's name: ``.<target name>.<pid>-<8 random characters>.tmp``; earlier
#: versions wrote ``.<target name>.<8 random characters>.tmp`` (tempfile's default)
TEMPORARY = re.compile(r"^\.(?P<target>.+\.(?:txt|json|png|jpg|html|tsv))\.(?:(?P<pid>\d{1,10})-)?[a-z0-9_]{8}\.tmp$")
def temporary_name(target: Path) -> Path:
    """A name for the temporary file of a write to ``target``: same folder, hidden, this process's id."""
    tag = "".join(random.choices(string.ascii_lowercase + string.digits, k=8))
    return target.with_name(f".{target.name}.{os.getpid()}-{tag}.tmp")


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def remove_live_temporaries() -> None:
    """Remove the temporary files this process is writing, and let it make no more: it ends now.

    For a worker that ends at once (``os._exit``), from its signal handler or
    from another thread; the writes under way stay unfinished.
    """
    _creating.acquire()  # kept: a write starting now (in another thread) waits until the process is gone
    for tmp in list(_live_temporaries):
        _unlink_quietly(tmp)
        _live_temporaries.discard(tmp)


#: bytes a picture file may have: a 200-megapixel phone photo is about 100 MB
PICTURE_FILE_LIMIT = 512 * 1024 * 1024
#: bytes a solution file may have (``--all-solutions`` lists many; a typical one is 1-20 KB)
SOLUTION_FILE_LIMIT = 64 * 1024 * 1024
#: bytes a level file may have: the largest real one is a few kilobytes
LEVEL_FILE_LIMIT = 2 * 1024 * 1024


class UnreadableFile(OSError):
    """A file refused before it is read: not a regular file, or over the size limit.

    Its message is both ``str(exc)`` and ``exc.strerror`` (as an ``OSError``'s reason is shown).
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.strerror = message


def file_kind(mode: int) -> str | None:
    """What a file of this ``st_mode`` is when it is not a regular file ("a FIFO"...); None for one."""
    if stat.S_ISREG(mode):
        return None
    for test, kind in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return "not a regular file"


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (a link to one is followed), at most ``limit``.

    Anything else raises :class:`UnreadableFile` before a byte is read: a FIFO
    (whose opening would wait for a writer), a device (``/dev/zero`` never
    ends), a folder, a file over ``limit`` bytes.  The kind is checked by name
    first, then again on the opened file (opened non-blocking, so a FIFO put
    there meanwhile does not block), and no more than ``limit + 1`` bytes are
    read (a file that grows meanwhile).  Other failures raise ``OSError``.
    """
    _check_kind(os.stat(path), path, limit)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as fh:
        _check_kind(os.fstat(fd), path, limit)
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise UnreadableFile(f"too large (over {limit:,} bytes, the limit)")
    return data


def read_json(path: Path, limit: int = SOLUTION_FILE_LIMIT):
    """The JSON in the regular file ``path`` (see :func:`read_limited`), or None when unreadable."""
    try:
        return json.loads(read_limited(Path(path), limit).decode("utf-8"))
    except (OSError, ValueError):
        return None


def _check_kind(st: os.stat_result, path: Path, limit: int) -> None:
    kind = file_kind(st.st_mode)
    if kind:
        raise UnreadableFile(f"not a regular file ({kind})")
    if st.st_size > limit:
        raise UnreadableFile(f"too large ({st.st_size:,} bytes; the limit is {limit:,})")


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, obj) -> None:
    atomic_write_text(path, json.dumps(obj, indent=1, sort_keys=False) + "\n")
