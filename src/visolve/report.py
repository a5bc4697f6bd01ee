"""What a run shows: a progress bar on a terminal, one plain line per item otherwise, JSON with ``--json``."""

from __future__ import annotations

import json
import sys

import typer

from visolve.items import DRY_NOTE, Item
from visolve.names import one_line, shown_text
from visolve.plural import counted

#: the summary line's longest phrase (a list of thousands of files passed over is cut)
PHRASE_MAX = 400


class Reporter:
    """Shows progress: a rich bar on a terminal, plain lines otherwise, JSON with --json."""

    def __init__(self, as_json: bool, quiet: bool, verbose: bool, dry: bool = False):
        self.as_json = as_json
        self.quiet = quiet
        self.verbose = verbose
        self.dry = dry  #: a dry run: every line says so
        self.tty = sys.stderr.isatty() and not as_json

    def note(self, text: str) -> None:
        if not self.quiet:
            typer.echo(text, err=True)

    def fail(self, item: Item) -> Item:
        """Report an item that failed before any task ran (e.g. nothing to do)."""
        if self.dry and not item.dry:
            item.dry = True
            item.message += DRY_NOTE
        self._show(item, lambda text, err: typer.echo(text, err=err))
        return item

    def _show(self, item: Item, printer) -> None:
        line = one_line(item.line())  # the pipeline's names are escaped already; these are not all its
        if self.as_json:
            typer.echo(json.dumps(item.to_json()))
            if not item.ok:
                typer.echo(f"error: {line}", err=True)
            return
        if not item.ok:
            printer(f"error: {line}", err=True)
        elif not self.quiet:
            extra = f" [{item.seconds:.2f}s]" if self.verbose else ""
            printer(f"{item.action}: {line}{extra}", err=False)

    def run(self, items, total: int, title: str, done: list[Item]) -> None:
        """Show every item as it comes and append it to ``done`` (kept when Ctrl-C stops the run)."""
        if total == 0:
            return
        if self.tty and not self.quiet and total > 1:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            console = Console(stderr=True)
            with Progress(TextColumn(f"{title}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=console, transient=True) as bar:
                task = bar.add_task(title, total=total)
                for item in items:
                    done.append(item)  # first: a Ctrl-C while it is shown must not lose it
                    self._show(item, lambda text, err: console.print(text, markup=False, highlight=False))
                    bar.advance(task)
            return
        for item in items:
            done.append(item)
            self._show(item, lambda text, err: typer.echo(text, err=err))

    def summary(self, items: list[Item], extra: list[str] = ()) -> None:
        """The closing line: counts by action and status, stale solutions replaced, and ``extra`` phrases."""
        if self.as_json and self.quiet:
            return
        counts: dict[str, int] = {}
        for it in items:
            counts[f"{it.action} {it.status}"] = counts.get(f"{it.action} {it.status}", 0) + 1
        failed = sum(not it.ok for it in items)
        parts = [f"{n} {k}" for k, n in sorted(counts.items())]
        stale = sum(it.stale for it in items)
        if stale:
            parts.append(f"{counted(stale, 'stale solution')} replaced")
        text = ", ".join(parts)
        if self.dry or any(it.dry for it in items):
            extra = [*extra, "dry run: nothing written"]
        tail = "".join(f"; {shown_text(e, PHRASE_MAX)}" for e in extra)
        typer.echo(f"done: {counted(len(items), 'item')}{': ' + text if text else ''}; {failed} failed{tail}", err=True)
