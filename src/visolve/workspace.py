"""The ``data/`` folder and safe writes.

Layout (all relative to the data folder, ``./data`` by default)::

    raw/                          pictures dropped in by the player
    reference/<puzzle>/           the project's own templates (read-only here)
    levels/<puzzle>/level_NNN.txt normalized, human-editable level files
    solutions/<puzzle>/level_NNN.json + level_NNN.png
    logs/                         run logs (--log) and debug overlays (--debug)

The safe reads and writes themselves (size and kind checked first, a write
whole or absent) are in :mod:`visolve.safefile`, below both this module and
:mod:`visolve.vision.imageio`; their names are imported here too, so
``visolve.workspace.atomic_write_text`` and the others keep working.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from visolve.safefile import (  # noqa: F401  (names of this module before safefile took them)
    FILE_MODE,
    LEVEL_FILE_LIMIT,
    PICTURE_FILE_LIMIT,
    SOLUTION_FILE_LIMIT,
    TEMPORARY,
    UnreadableFile,
    atomic_write_bytes,
    atomic_write_json,
    atomic_write_text,
    file_kind,
    read_json,
    read_limited,
    remove_live_temporaries,
    temporary_name,
)

#: file endings taken as pictures when scanning raw/ (case-insensitive)
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".gif", ".tif", ".tiff", ".webp"})


#: seconds a temporary file without a writer's pid must be older than the run to be stale
STALE_MARGIN = 5.0


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
