"""The ``visolve`` command line (typer).  Thin: parse options, call the pipeline, report.

Two spellings of the same commands are accepted::

    visolve --prepare-all            visolve prepare --all
    visolve --prepare A.png B.png    visolve prepare A.png B.png
    visolve --solve-all              visolve solve --all
    visolve --solve 12 40-60         visolve solve 12 40-60
    visolve --handle-all             visolve handle --all
    visolve --handle A.png           visolve handle A.png
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from visolve import __version__, pipeline, puzzles
from visolve.pipeline import Item, RunLog, RunOptions

app = typer.Typer(
    add_completion=False,
    help="Turn pictures of logic puzzles into solutions.\n\n"
    "Drop pictures into DATA/raw/, then `visolve --handle-all` (or --prepare-all, then "
    "--solve-all). Level files go to DATA/levels/<puzzle>/, solutions (JSON + picture) to "
    "DATA/solutions/<puzzle>/. Subcommand spellings also work: `visolve prepare --all`, "
    "`visolve solve 12 40-60`, `visolve handle FILE`.",
    context_settings={"help_option_names": ["--help"]},
)

_SUBCOMMANDS = {"prepare": "--prepare", "solve": "--solve", "handle": "--handle"}


def _translate(argv: list[str]) -> list[str]:
    """``prepare --all ...`` -> ``--prepare-all ...``; ``solve 12`` -> ``--solve 12``."""
    if not argv or argv[0] not in _SUBCOMMANDS:
        return argv
    flag, rest = _SUBCOMMANDS[argv[0]], argv[1:]
    if "--all" in rest:
        rest = [a for a in rest if a != "--all"]
        return [flag + "-all", *rest]
    return [flag, *rest]


def _default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@app.command()
def run(
    items: List[str] = typer.Argument(None, metavar="[FILE|LEVEL]...",
                                      help="Pictures for --prepare/--handle; levels (12, 40-60) for --solve."),
    prepare: bool = typer.Option(False, "--prepare", "-p", help="Read the given pictures into level files."),
    prepare_all: bool = typer.Option(False, "--prepare-all", "-P", help="Read every picture in DATA/raw/."),
    solve: bool = typer.Option(False, "--solve", "-s", help="Solve the given levels (numbers or ranges)."),
    solve_all: bool = typer.Option(False, "--solve-all", "-S", help="Solve every level file."),
    handle: bool = typer.Option(False, "--handle", "-h", help="Prepare the given pictures, then solve what was read."),
    handle_all: bool = typer.Option(False, "--handle-all", "-H", help="Handle every picture in DATA/raw/."),
    unsolved: bool = typer.Option(False, "--unsolved", "-u", help="Skip levels that already have a final solution."),
    log_run: bool = typer.Option(False, "--log", "-l", help="Write a run log (options + one row per level) to DATA/logs/."),
    dry: bool = typer.Option(False, "--dry", "-d", help="Do the work but write nothing."),
    data: Path = typer.Option(Path("data"), "--data", help="The data folder."),
    puzzle: Optional[str] = typer.Option(None, "--puzzle", help="Only this puzzle family (default: detect / all)."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, help="Parallel processes (0 = number of cores)."),
    timeout: Optional[float] = typer.Option(None, "--timeout", min=0.0, help="Seconds per level; the best solution so far is kept."),
    all_solutions: bool = typer.Option(False, "--all-solutions", help="List every optimal solution in the JSON."),
    force: bool = typer.Option(False, "--force", help="Replace level files that differ from a new reading."),
    debug: bool = typer.Option(False, "--debug", help="Write reader overlays to DATA/logs/debug/."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per processed item on stdout."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="More detail."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only errors and the summary."),
    version: bool = typer.Option(False, "--version", help="Print the version and exit."),
) -> None:
    """Read puzzle pictures into level files (prepare), solve them, or both (handle).

    Pictures go in DATA/raw/; level files are written to DATA/levels/<puzzle>/,
    solutions (JSON + picture) to DATA/solutions/<puzzle>/.

    Examples: `visolve --handle-all`, `visolve --prepare IMG_1.png`,
    `visolve --solve 12 40-60 --unsolved`. Subcommand spellings work too:
    `visolve prepare --all`, `visolve solve 12`, `visolve handle FILE`.
    Exit code: 0 when every item succeeded, 1 when one failed, 2 for a usage error.
    """
    if version:
        typer.echo(f"visolve {__version__}")
        raise typer.Exit(0)
    logging.basicConfig(level=logging.DEBUG if verbose else logging.WARNING,
                        format="%(levelname)s %(message)s", stream=sys.stderr)
    items = list(items or [])
    chosen = [name for name, on in (("--prepare", prepare), ("--prepare-all", prepare_all),
                                    ("--solve", solve), ("--solve-all", solve_all),
                                    ("--handle", handle), ("--handle-all", handle_all)) if on]
    if len(chosen) != 1:
        _usage("choose exactly one of --prepare, --prepare-all, --solve, --solve-all, --handle, --handle-all"
               + (f" (got {' '.join(chosen)})" if chosen else ""))
    if items and chosen[0].endswith("-all"):
        _usage(f"{chosen[0]} takes no file or level arguments (got {' '.join(items)})")
    if not items and chosen[0] in ("--prepare", "--solve", "--handle"):
        _usage(f"{chosen[0]} needs at least one {'level' if chosen[0] == '--solve' else 'file'}")
    if puzzle is not None and puzzle not in puzzles.names():
        _usage(f"unknown puzzle {puzzle!r} (known: {', '.join(puzzles.names())})")

    opts = RunOptions(data=data, puzzle=puzzle, jobs=jobs or _default_jobs(), timeout=timeout,
                      unsolved=unsolved, dry=dry, all_solutions=all_solutions, debug=debug, force=force)
    reporter = _Reporter(as_json=as_json, quiet=quiet, verbose=verbose)
    run_log = RunLog(opts, " ".join(chosen + items)) if log_run and not dry else None
    all_items: list[Item] = []

    def go(tasks: list[pipeline.Task], title: str) -> list[Item]:
        done = reporter.run(pipeline.execute(tasks, opts), len(tasks), title)
        all_items.extend(done)
        if run_log:
            for item in done:
                run_log.add(item)
        return done

    action = chosen[0]
    if action in ("--prepare", "--prepare-all", "--handle", "--handle-all"):
        files = None if action.endswith("-all") else items
        tasks = pipeline.plan_prepare(opts, files)
        if not tasks:
            where = opts.workspace.raw
            why = "no such folder" if not where.is_dir() else "no picture files (.png, .jpg, ...) in it"
            all_items.append(reporter.fail(Item("prepare", str(where), False, "error",
                                                f"nothing to prepare: {why}")))
        prepared = go(tasks, "prepare")
        if action.startswith("--handle"):
            go(pipeline.solve_tasks_for(prepared, opts), "solve")
    else:
        try:
            selection = None if action == "--solve-all" else pipeline.parse_selection(items)
        except ValueError as exc:
            _usage(str(exc))
        tasks = pipeline.plan_solve(opts, selection)
        if not tasks:
            wanted = "" if selection is None else " for " + " ".join(items)
            all_items.append(reporter.fail(Item("solve", str(opts.workspace.root / "levels"), False, "error",
                                                f"no level files{wanted} (run --prepare first)")))
        go(tasks, "solve")

    pipeline.append_history(opts, all_items)
    if run_log:
        reporter.note(f"run log: {run_log.write()}")
    failed = [it for it in all_items if not it.ok]
    reporter.summary(all_items)
    raise typer.Exit(1 if failed else 0)


def _usage(message: str) -> None:
    typer.echo(f"Error: {message}. See `visolve --help`.", err=True)
    raise typer.Exit(2)


class _Reporter:
    """Shows progress: a rich bar on a terminal, plain lines otherwise, JSON with --json."""

    def __init__(self, as_json: bool, quiet: bool, verbose: bool):
        self.as_json = as_json
        self.quiet = quiet
        self.verbose = verbose
        self.tty = sys.stderr.isatty() and not as_json

    def note(self, text: str) -> None:
        if not self.quiet:
            typer.echo(text, err=True)

    def fail(self, item: Item) -> Item:
        """Report an item that failed before any task ran (e.g. nothing to do)."""
        self._show(item, lambda text, err: typer.echo(text, err=err))
        return item

    def _show(self, item: Item, printer) -> None:
        if self.as_json:
            typer.echo(json.dumps(item.to_json()))
            if not item.ok:
                typer.echo(f"error: {item.line()}", err=True)
            return
        if not item.ok:
            printer(f"error: {item.line()}", err=True)
        elif not self.quiet:
            extra = f" [{item.seconds:.2f}s]" if self.verbose else ""
            printer(f"{item.action}: {item.line()}{extra}", err=False)

    def run(self, items, total: int, title: str) -> list[Item]:
        done: list[Item] = []
        if total == 0:
            return done
        if self.tty and not self.quiet and total > 1:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            console = Console(stderr=True)
            with Progress(TextColumn(f"{title}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=console, transient=True) as bar:
                task = bar.add_task(title, total=total)
                for item in items:
                    self._show(item, lambda text, err: console.print(text, markup=False, highlight=False))
                    done.append(item)
                    bar.advance(task)
            return done
        for item in items:
            self._show(item, lambda text, err: typer.echo(text, err=err))
            done.append(item)
        return done

    def summary(self, items: list[Item]) -> None:
        if self.as_json and self.quiet:
            return
        counts: dict[str, int] = {}
        for it in items:
            counts[f"{it.action} {it.status}"] = counts.get(f"{it.action} {it.status}", 0) + 1
        failed = sum(not it.ok for it in items)
        parts = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
        typer.echo(f"done: {len(items)} item(s){': ' + parts if parts else ''}; "
                   f"{failed} failed", err=True)


def main(argv: list[str] | None = None) -> None:
    args = _translate(list(sys.argv[1:] if argv is None else argv))
    app(args=args, prog_name="visolve")


if __name__ == "__main__":
    main()
