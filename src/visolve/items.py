"""What the pipeline works on and gives: its options, its tasks and their items.

Also the few helpers every stage shares: how an item names its task, the
level a level file's name says it holds, and writes whose failure names the
file that failed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from visolve.names import shown_name
from visolve.workspace import Workspace


@dataclass(frozen=True)
class RunOptions:
    data: Path = Path("data")
    puzzle: str | None = None  #: restrict to one family (None = detect / all)
    jobs: int = 1
    timeout: float | None = None  #: seconds per level
    unsolved: bool = False  #: skip levels whose stored solution is final
    dry: bool = False  #: compute but write nothing
    all_solutions: bool = False
    debug: bool = False  #: write reader overlays to logs/debug/
    force: bool = False  #: replace level files that differ from a new reading
    hint: bool = False  #: draw only the next step of a partly filled board (``--hint``)

    @property
    def workspace(self) -> Workspace:
        return Workspace.at(self.data)


@dataclass(frozen=True)
class Task:
    action: str  #: "prepare" or "solve"
    path: str  #: picture or level file
    puzzle: str | None = None  #: family of a level file
    text: str | None = None  #: the level file's text when it was not written (a dry run)


@dataclass
class Item:
    """The outcome of one task, as shown to the user and written to logs."""

    action: str
    name: str  #: picture file name, or "<puzzle>/level_NNN" (shown escaped: :func:`visolve.names.shown_name`)
    ok: bool
    status: str  #: read, unchanged, kept, solved, unsolved, skipped, error
    message: str
    puzzle: str | None = None
    level: int | str | None = None
    level_files: list[str] = field(default_factory=list)  #: level files read or solved
    data: dict = field(default_factory=dict)
    seconds: float = 0.0
    stale: bool = False  #: a stored solution of an earlier version of the level was replaced
    picture: str = ""  #: the picture read (prepare), or the one the level file names as its source (solve)
    dry: bool = False  #: a dry run: nothing was written

    def line(self) -> str:
        return f"{self.name}: {self.message}"

    def to_json(self) -> dict:
        return asdict(self)


def level_id_of(path: Path) -> int | str:
    """The level a level file's name says it holds: ``level_012.txt`` -> 12."""
    stem = path.stem[len("level_"):] if path.stem.startswith("level_") else path.stem
    return int(stem) if stem.isascii() and stem.isdigit() else stem  # int() refuses '²', which isdigit takes


#: the end of every line of a dry run
DRY_NOTE = " (dry run: nothing written)"


def task_name(task: Task) -> str:
    """How an item names its task: the picture's file name, or ``<puzzle>/<level file stem>``."""
    path = Path(task.path)
    if task.action == "solve":
        return f"{task.puzzle}/{shown_name(path.stem)}"
    return shown_name(path.name)


def writing(path: Path, write, *args, **kwargs) -> None:
    """``write(path, *args, **kwargs)``; an ``OSError`` that names no file is raised again naming ``path``.

    A write that fails in ``write()`` itself (a full disk, ``File too large``)
    names no file: without this, the message would name the task's file.
    """
    try:
        write(path, *args, **kwargs)
    except OSError as exc:
        if exc.filename:
            raise
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
