"""The records a run leaves: the ``--log`` table and ``logs/history.log``.

Every cell and line is one line of printable text (:mod:`visolve.names`): a
file name with a newline or a tab, or bytes that are no UTF-8, cannot split a
row or stop the run.
"""

from __future__ import annotations

import os
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Iterable

from visolve import puzzles
from visolve.items import Item, RunOptions
from visolve.names import one_line, shown_text
from visolve.puzzles.base import count_of, proven_of
from visolve.workspace import atomic_write_text

#: the columns every run log has before the families' own, and the last one
FIRST_COLUMNS = ("action", "puzzle", "level", "status", "picture", "seconds")
LAST_COLUMN = "message"


class RunLog:
    """The ``--log`` file: the normalized options, then one tab-separated row per level or picture.

    Columns: :data:`FIRST_COLUMNS` (``seconds``: the time the item took:
    reading a picture, or loading, solving and drawing a level), then the
    solution figures of the families in the run (their ``log_columns``:
    ``nodes``, ``taps``, ``actions``, ``proven``, ``count``), then ``message``.
    A picture that gives several levels (a booklet page) has a row per level,
    its time on the first.
    """

    def __init__(self, opts: RunOptions, command: str):
        self.columns: list[str] = []
        for name in ([opts.puzzle] if opts.puzzle else puzzles.names()):
            for col in puzzles.get(name).log_columns:
                if col not in self.columns and col not in FIRST_COLUMNS:
                    self.columns.append(col)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        self.path = opts.workspace.logs / f"run_{stamp}_{os.getpid()}.tsv"
        options = {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(opts).items()}
        header = "# visolve " + command + " " + " ".join(f"{k}={v}" for k, v in options.items())
        self.lines = [one_line(header), "\t".join([*FIRST_COLUMNS, *self.columns, LAST_COLUMN])]

    def add(self, item: Item) -> None:
        """The item's rows: one, or one per level of a picture that gave several."""
        parts = item.data.get("levels") if item.action == "prepare" else None
        if not parts:
            self.lines.append(self._row(item, item.level, item.status, item.seconds, item.message))
            return
        for i, part in enumerate(parts):
            self.lines.append(self._row(item, part.get("level"), part.get("status", ""),
                                        item.seconds if i == 0 else None, part.get("message", "")))

    def _row(self, item: Item, level, status: str, seconds: float | None, message: str) -> str:
        picture = item.picture or (item.name if item.action == "prepare" else "")
        if level is None:
            level = "" if item.action == "prepare" else item.name
        cells = [item.action, item.puzzle or "", level, status, picture,
                 "" if seconds is None else f"{seconds:.4f}"]
        cells += [_figure(item.data, col) for col in self.columns]
        cells = [one_line(c) for c in cells] + [shown_text(message)]
        return "\t".join(cells)

    def write(self) -> Path:
        atomic_write_text(self.path, "\n".join(self.lines) + "\n")
        return self.path


def _figure(solution: dict, column: str) -> str:
    """A solution's value for a run-log column ("" when it has none; a list by its length)."""
    if column == "proven" and ("proven" in solution or "optimal" in solution):
        return str(proven_of(solution))
    if column == "count":
        value = count_of(solution)
        return "" if value is None else str(value)
    value = solution.get(column, "")
    return str(len(value) if isinstance(value, list) else value)


def append_history(opts: RunOptions, items: Iterable[Item], note: str = "") -> None:
    """Every non-dry run appends its items to ``logs/history.log`` (one line each).

    ``note`` (e.g. "interrupted after 3 of 40") is added as a line of its own.
    Nothing is written when the data folder does not exist (nothing was asked
    of it).  Raises ``OSError`` when the log cannot be written.
    """
    if opts.dry or not opts.workspace.root.is_dir():
        return
    stamp = datetime.now().isoformat(timespec="seconds")
    lines = ["\t".join([stamp, one_line(it.action), one_line(it.name), one_line(it.status), shown_text(it.message)])
             for it in items]
    if note:
        lines.append(f"{stamp}\trun\t-\tnote\t{shown_text(note)}")
    if not lines:
        return
    path = opts.workspace.logs / "history.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8", errors="backslashreplace") as fh:
        fh.write("\n".join(lines) + "\n")
