"""The records a run leaves: the ``--log`` table and ``logs/history.log``."""

from __future__ import annotations

import os
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Iterable

from visolve import puzzles
from visolve.pipeline import Item, RunOptions
from visolve.workspace import atomic_write_text


class RunLog:
    """The ``--log`` file: the normalized options, then one tab-separated row per item."""

    def __init__(self, opts: RunOptions, command: str):
        self.columns: list[str] = []
        for name in ([opts.puzzle] if opts.puzzle else puzzles.names()):
            for col in puzzles.get(name).log_columns:
                if col not in self.columns:
                    self.columns.append(col)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        self.path = opts.workspace.logs / f"run_{stamp}_{os.getpid()}.tsv"
        options = {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(opts).items()}
        header = "# visolve " + command + " " + " ".join(f"{k}={v}" for k, v in options.items())
        self.lines = [header, "\t".join(["action", "puzzle", "level", "status", *self.columns, "message"])]

    def add(self, item: Item) -> None:
        cells = [item.action, item.puzzle or "", str(item.level if item.level is not None else item.name),
                 item.status]
        for col in self.columns:
            value = item.data.get(col, "")
            if isinstance(value, list):
                value = len(value)
            cells.append(str(value))
        cells.append(item.message.replace("\t", " "))
        self.lines.append("\t".join(cells))

    def write(self) -> Path:
        atomic_write_text(self.path, "\n".join(self.lines) + "\n")
        return self.path


def append_history(opts: RunOptions, items: Iterable[Item], note: str = "") -> None:
    """Every non-dry run appends its items to ``logs/history.log`` (one line each).

    ``note`` (e.g. "interrupted after 3 of 40") is added as a line of its own.
    Nothing is written when the data folder does not exist (nothing was asked
    of it).  Raises ``OSError`` when the log cannot be written.
    """
    if opts.dry or not opts.workspace.root.is_dir():
        return
    stamp = datetime.now().isoformat(timespec="seconds")
    lines = [f"{stamp}\t{it.action}\t{it.name}\t{it.status}\t{it.message}" for it in items]
    if note:
        lines.append(f"{stamp}\trun\t-\tnote\t{note}")
    if not lines:
        return
    path = opts.workspace.logs / "history.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
