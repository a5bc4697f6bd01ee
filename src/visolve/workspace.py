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
import tempfile
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
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    replaces = durable and path.exists()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if replaces:
                fh.flush()
                os.fsync(fh.fileno())
        os.chmod(tmp, FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


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
        folder = self.levels(puzzle)
        if not folder.is_dir():
            return []
        return sorted(p for p in folder.glob("level_*.txt") if not p.name.startswith("."))

    def read_level_text(self, path: Path) -> str:
        """A level file's text; a UTF-8 byte-order mark (Windows editors) is dropped."""
        return Path(path).read_text(encoding="utf-8-sig")

    def load_solution(self, puzzle: str, key: str) -> dict | None:
        """The stored solution, or None when there is none or it is unreadable."""
        path = self.solution_json(puzzle, key)
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None


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
