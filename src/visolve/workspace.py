"""The ``data/`` folder and safe writes.

Layout (all relative to the data folder, ``./data`` by default)::

    raw/                          pictures dropped in by the player
    reference/<puzzle>/           the project's own templates (read-only here)
    levels/<puzzle>/level_NNN.txt normalized, human-editable level files
    solutions/<puzzle>/level_NNN.json + level_NNN.png
    logs/                         run logs (--log) and debug overlays (--debug)

Every write goes to a temporary file in the same folder, then
``os.replace`` renames it over the target, so a crash never leaves a
half-written file behind.  Files get the usual permissions (``0666`` less the
process's umask), not the private ``0600`` of a temporary file.
"""

from __future__ import annotations

import json
import os
import random
import re
import stat
import string
import threading
from dataclasses import dataclass
from pathlib import Path

#: file endings taken as pictures when scanning raw/ (case-insensitive)
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".gif", ".tif", ".tiff", ".webp"})


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
#: seconds a temporary file without a writer's pid must be older than the run to be stale
STALE_MARGIN = 5.0


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


def remove_stale_temporaries(root: Path, before: float) -> list[Path]:
    """Remove temporary files that an interrupted or killed run left in the data folder ``root``.

    Only names of :data:`TEMPORARY`'s pattern, regular files (a link is left
    alone) last changed before ``before`` (a time as :func:`time.time`), and
    only when their writer is gone: the process named in the name no longer
    runs or, for a name without a process, the file is :data:`STALE_MARGIN`
    seconds older than ``before``.  Only the folders visolve writes in are
    looked at (:data:`WRITTEN`: never ``raw/``, nor a whole tree when
    ``--data`` names a big folder).  Returns what was removed.
    """
    removed = []
    for folder in _written_folders(Path(root)):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            m = TEMPORARY.match(name)
            if not m:
                continue
            path = folder / name
            try:
                st = path.lstat()
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode) or st.st_mtime >= before:
                continue
            writer_gone = (not _running(int(m["pid"])) if m["pid"]
                           else st.st_mtime < before - STALE_MARGIN)
            if writer_gone:
                try:
                    path.unlink()
                    removed.append(path)
                except OSError:
                    pass
    return removed


#: the folders of the data folder that visolve writes in, with the depth of their subfolders
#: (``levels/<puzzle>/``, ``solutions/<puzzle>/``, ``thumbs/<puzzle>/``, ``logs/debug/``)
WRITTEN = {"levels": 1, "solutions": 1, "thumbs": 1, "logs": 1}


def _written_folders(root: Path) -> list[Path]:
    """The data folder and the folders under it that visolve writes in (never raw/ or reference/)."""
    out = [root]
    for name, depth in WRITTEN.items():
        level = [root / name]
        for _ in range(depth + 1):
            out += level
            level = [sub for folder in level for sub in _subfolders(folder)]
    return out


def _subfolders(folder: Path) -> list[Path]:
    """The folders in ``folder`` (not links to folders), sorted; none when it cannot be listed."""
    try:
        return sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink())
    except OSError:
        return []


def _running(pid: int) -> bool:
    """Whether a process with this id runs (in this process's view)."""
    if pid <= 0:  # 0 and below name process groups, never a writer
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except PermissionError:  # someone else's process
        return True
    except (ProcessLookupError, OverflowError, ValueError):
        return False
    return True


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


@dataclass(frozen=True)
class Workspace:
    root: Path

    @classmethod
    def at(cls, root: str | os.PathLike = "data") -> "Workspace":
        return cls(Path(root))

    # -- folders ---------------------------------------------------------
    @property
    def raw(self) -> Path:
        return self.root / "raw"

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def debug(self) -> Path:
        return self.logs / "debug"

    def levels(self, puzzle: str) -> Path:
        return self.root / "levels" / puzzle

    def solutions(self, puzzle: str) -> Path:
        return self.root / "solutions" / puzzle

    # -- files -----------------------------------------------------------
    def level_file(self, puzzle: str, key: str) -> Path:
        return self.levels(puzzle) / f"{key}.txt"

    def solution_json(self, puzzle: str, key: str) -> Path:
        return self.solutions(puzzle) / f"{key}.json"

    def hint_png(self, puzzle: str, key: str) -> Path:
        return self.solutions(puzzle) / f"{key}.hint.png"

    def solution_png(self, puzzle: str, key: str) -> Path:
        return self.solutions(puzzle) / f"{key}.png"

    def raw_pictures(self) -> list[Path]:
        """Every file in raw/ that looks like a picture by its name, sorted."""
        return self.scan_raw()[0]

    def scan_raw(self) -> tuple[list[Path], list[str]]:
        """raw/'s pictures, and what else is there: ``(pictures, ["x.heic (not a supported picture type)", ...])``.

        Hidden files (``.name``) are passed over without a word.
        """
        if not self.raw.is_dir():
            return [], []
        pictures, others = [], []
        for p in sorted(self.raw.iterdir()):
            if p.name.startswith("."):
                continue
            why = _not_a_picture_file(p)
            if why:
                others.append(f"{p.name} ({why})")
            else:
                pictures.append(p)
        return pictures, others

    def resolve_picture(self, name: str) -> Path:
        """A path as given, or else the same name inside raw/ (as the seed's CLI takes it)."""
        path = Path(name)
        if path.exists() or path.is_absolute():
            return path
        inside = self.raw / name
        return inside if inside.exists() else path

    def level_files(self, puzzle: str) -> list[Path]:
        """The puzzle's level files (``level_*.txt``), sorted; what is not a regular file is left out."""
        return self.scan_levels(puzzle)[0]

    def scan_levels(self, puzzle: str) -> tuple[list[Path], list[str]]:
        """The puzzle's level files, and the ``level_*.txt`` that are not files: ``["level_3.txt (a FIFO)"]``.

        A FIFO or a link to a device is never opened (it would block, or never
        end); a link to a regular file is a level file.
        """
        folder = self.levels(puzzle)
        if not folder.is_dir():
            return [], []
        files, others = [], []
        for p in sorted(folder.glob("level_*.txt")):
            if p.name.startswith("."):
                continue
            try:
                kind = file_kind(p.stat().st_mode)
            except OSError:
                kind = "link to nothing" if p.is_symlink() else None
            if kind:
                others.append(f"{p.name} ({kind})")
            elif p.exists():
                files.append(p)
        return files, others

    def read_level_text(self, path: Path) -> str:
        """A level file's text; a UTF-8 byte-order mark (Windows editors) is dropped.

        Raises :class:`UnreadableFile` (an ``OSError``) for what is not a
        regular file or is over :data:`LEVEL_FILE_LIMIT` bytes, before reading.
        """
        text = read_limited(Path(path), LEVEL_FILE_LIMIT).decode("utf-8-sig")
        return text.replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it

    def load_solution(self, puzzle: str, key: str) -> dict | None:
        """The stored solution, or None when there is none or it is unreadable."""
        return read_json(self.solution_json(puzzle, key))


def _not_a_picture_file(p: Path) -> str | None:
    """Why ``p`` in raw/ is not taken as a picture, or None when it is."""
    if p.is_symlink() and not p.exists():
        return "link to nothing"
    if p.is_dir():
        return "folder"
    if not p.is_file():
        return "not a regular file"
    if p.suffix.lower() not in IMAGE_SUFFIXES:
        kind = p.suffix.lower() or "no file ending"
        return f"not a supported picture type: {kind}"
    return None
