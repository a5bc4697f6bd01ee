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

import atexit
import logging
import os
import shutil
import signal
import sys
import textwrap
import time
from pathlib import Path
from typing import List, Optional

import typer

from visolve import __version__, pipeline, puzzles
from visolve import runlog as pipeline_log
from visolve.overview import write_index
from visolve.names import brief_list
from visolve.pipeline import Item, RunOptions
from visolve.plural import counted
from visolve.report import Reporter
from visolve.runlog import RunLog
from visolve.runner import close_pool, pool_was_torn_down, stop_on_sigterm, usable_cores
from visolve.selection import parse_selection
from visolve.workspace import remove_stale_temporaries

#: exit code after Ctrl-C (128 + SIGINT), as shells report it
EXIT_INTERRUPTED = 130

app = typer.Typer(
    add_completion=False,
    help="Turn pictures of logic puzzles into solutions.\n\n"
    "Drop pictures into DATA/raw/, then `visolve --handle-all` (or --prepare-all, then "
    "--solve-all). Level files go to DATA/levels/<puzzle>/, solutions (JSON + picture) to "
    "DATA/solutions/<puzzle>/. Subcommand spellings also work: `visolve prepare --all`, "
    "`visolve solve 12 40-60`, `visolve handle FILE`.",
    context_settings={"help_option_names": ["--help"]},
    # plain click help: it wraps at any width (the rich tables cut long option texts at 80 columns)
    rich_markup_mode=None,
)

_SUBCOMMANDS = {"prepare": "--prepare", "solve": "--solve", "handle": "--handle", "watch": "--handle-all"}


def _translate(argv: list[str]) -> list[str]:
    """``prepare --all ...`` -> ``--prepare-all ...``; ``solve 12`` -> ``--solve 12``; ``watch`` -> ``--handle-all --watch``."""
    if not argv or argv[0] not in _SUBCOMMANDS:
        return argv
    flag, rest = _SUBCOMMANDS[argv[0]], argv[1:]
    if argv[0] == "watch":
        return [flag, "--watch", *rest]
    if "--all" in rest:
        rest = [a for a in rest if a != "--all"]
        return [flag + "-all", *rest]
    return [flag, *rest]


@app.command()
def run(
    items: List[str] = typer.Argument(None, metavar="FILE|LEVEL", hidden=True),  # told in the docstring
    prepare: bool = typer.Option(False, "--prepare", "-p", help="Read the given pictures into level files."),
    prepare_all: bool = typer.Option(False, "--prepare-all", "-P", help="Read every picture in DATA/raw/."),
    solve: bool = typer.Option(False, "--solve", "-s", help="Solve the given levels (numbers, ranges like 40-60, or names)."),
    solve_all: bool = typer.Option(False, "--solve-all", "-S", help="Solve every level file."),
    handle: bool = typer.Option(False, "--handle", "-h", help="Prepare the given pictures, then solve what was read."),
    handle_all: bool = typer.Option(False, "--handle-all", "-H", help="Handle every picture in DATA/raw/."),
    unsolved: bool = typer.Option(False, "--unsolved", "-u", help="Skip levels that already have a final solution."),
    log_run: bool = typer.Option(False, "--log", "-l", help="Write a run log (options + one row per level) to DATA/logs/."),
    dry: bool = typer.Option(False, "--dry", "-d", help="Do the work but write nothing."),
    data: Path = typer.Option(Path("data"), "--data", metavar="DIR", help="The data folder."),
    puzzle: Optional[str] = typer.Option(None, "--puzzle", metavar="NAME",
                                         help=f"Only this family ({', '.join(puzzles.names())}); default: detect "
                                         "it from each picture, and every family for solving."),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, metavar="N", help="Parallel processes (0 = number of cores; more are capped there)."),
    timeout: Optional[float] = typer.Option(None, "--timeout", min=0.0, metavar="SECONDS", help="Seconds per level; the best solution so far is kept."),
    all_solutions: bool = typer.Option(False, "--all-solutions", help="List every optimal solution in the JSON."),
    force: bool = typer.Option(False, "--force", help="Replace level files that differ from a new reading."),
    debug: bool = typer.Option(False, "--debug", help="Write reader overlays to DATA/logs/debug/."),
    hint: bool = typer.Option(False, "--hint", help="For a partly filled board: draw only the next piece to place (level_X.hint.png instead of the solution picture)."),
    watch: bool = typer.Option(False, "--watch", help="With --handle-all: keep running and handle every picture that appears or changes in DATA/raw/ (Ctrl-C stops)."),
    poll: bool = typer.Option(False, "--poll", help="With --watch: look at the folder a few times a second instead of asking the system for changes."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per processed item on stdout."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="More detail."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only errors and the summary."),
    version: bool = typer.Option(False, "--version", help="Print the version and exit."),
) -> None:
    """Read puzzle pictures into level files (prepare), solve them, or both (handle).

    Pictures go in DATA/raw/; level files are written to DATA/levels/<puzzle>/,
    solutions (JSON + picture) to DATA/solutions/<puzzle>/. FILE is a picture
    (a path, or a name in DATA/raw/); LEVEL a level number, a range like 40-60,
    or a level name.

    \b
    Examples:
      visolve --handle-all            read and solve every picture in DATA/raw/
      visolve --prepare IMG_1.png     read one picture into a level file
      visolve --solve 12 40-60 -u     solve levels 12 and 40 to 60 not solved yet
      visolve watch                   handle-all, then every new picture

    \b
    The same as subcommands, each with its own --help:
      visolve prepare --all | FILE...   visolve solve --all | LEVEL...
      visolve handle --all | FILE...    visolve watch
      visolve make FAMILY ...           new challenges (visolve make --help)

    -h is --handle, as in the C++ solver this replaces; help is --help. Exit
    code: 0 when every item succeeded, 1 when one failed, 2 for a usage error,
    130 after Ctrl-C cut a batch short (Ctrl-C is how `watch` ends: 0 or 1).
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
        _usage(_needs_arguments(chosen[0]))
    if (watch or poll) and chosen[0] != "--handle-all":
        _usage("--watch and --poll go with --handle-all (or `visolve watch`)")
    if puzzle is not None and puzzle not in puzzles.names():
        _usage(f"unknown puzzle {puzzle!r} (known: {', '.join(puzzles.names())})")

    if data.exists() and not data.is_dir():
        _fail(f"{data}: the data folder is a file, not a folder (--data)")
    stop_on_sigterm()  # a kill or a service manager stops the run as Ctrl-C does
    if not dry:  # what an interrupted or killed earlier run left behind
        remove_stale_temporaries(data, time.time())
    jobs = _capped_jobs(jobs, quiet)
    opts = RunOptions(data=data, puzzle=puzzle, jobs=jobs, timeout=timeout,
                      unsolved=unsolved, dry=dry, all_solutions=all_solutions, debug=debug, force=force,
                      hint=hint)
    reporter = Reporter(as_json=as_json, quiet=quiet, verbose=verbose, dry=dry)
    batch = _Batch(opts, reporter, chosen[0], items, log_run, watching=watch)
    try:
        batch.go()
        if watch:
            batch.watch(poll)
    except KeyboardInterrupt:
        batch.interrupted()
    # the batch is over: a Ctrl-C now (tidying up, the summary, the interpreter's exit joining the
    # pool's threads) ends the program at once with 130, never with a traceback or by the signal
    signal.signal(signal.SIGINT, lambda *_: os._exit(EXIT_INTERRUPTED))
    close_pool()
    if pool_was_torn_down() and not dry:  # a worker killed in the middle of a write
        remove_stale_temporaries(data, time.time())
    code = batch.finish()
    if pool_was_torn_down():
        # every file is written (atomically); the torn-down pool's manager thread may wait
        # forever on a lock an ended worker held, and the normal exit would join it
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    raise typer.Exit(code)


class _Batch:
    """One command's run: its phases, the items they gave, and how it ends."""

    def __init__(self, opts: RunOptions, reporter: Reporter, action: str, args: list[str], log_run: bool,
                 watching: bool = False):
        self.opts, self.reporter, self.action, self.args = opts, reporter, action, args
        self.watching = watching  #: an empty raw/ is no error: pictures are still to come
        self.items: list[Item] = []
        self.extra: list[str] = []  #: phrases for the summary line
        self.note = ""  #: "interrupted after N of M" when Ctrl-C stopped the run
        self.phase_total = 0
        self.phase_start = 0
        self.in_phase = False
        self.run_log = RunLog(opts, " ".join([action, *args])) if log_run and not opts.dry else None

    def go(self) -> None:
        if self.action in ("--solve", "--solve-all"):
            self._solve_levels()
            return
        prepared = self._prepare()
        if self.action.startswith("--handle"):
            self._phase(pipeline.solve_tasks_for(prepared, self.opts), "solve")

    def _phase(self, tasks: list, title: str) -> list[Item]:
        self.phase_total, self.phase_start = len(tasks), len(self.items)
        self.in_phase = True
        running = pipeline.execute(tasks, self.opts)
        try:
            self.reporter.run(running, len(tasks), title, self.items)
        finally:
            # a Ctrl-C that lands while an item is shown is raised here, not in the pool:
            # closing the generator tears its pool down all the same
            running.close()
        self.in_phase = False
        return self.items[self.phase_start:]

    def watch(self, poll: bool) -> None:
        """Handle every picture that appears or changes in raw/ until Ctrl-C."""
        from visolve.watch import watch

        def handle(paths: list[Path]) -> None:
            prepared = self._phase([pipeline.Task("prepare", str(p)) for p in paths], "prepare")
            self._phase(pipeline.solve_tasks_for(prepared, self.opts), "solve")
            if _wrote_something(self.opts, self.items[-len(paths):]):
                write_index(self.opts.workspace)

        raw = self.opts.workspace.raw
        watch(raw, handle, poll=poll,
              on_start=lambda how: typer.echo(f"watching {raw} ({how}); Ctrl-C stops", err=True))

    def _prepare(self) -> list[Item]:
        opts = self.opts
        if self.action.endswith("-all"):
            pictures, others = opts.workspace.scan_raw()
            tasks = [pipeline.Task("prepare", str(p)) for p in pictures]
            if others:
                self.extra.append(f"{counted(len(others), 'file')} in raw/ passed over: " + brief_list(others))
        else:
            tasks = pipeline.plan_prepare(opts, self.args)
        if not tasks and not self.watching:
            where = opts.workspace.raw
            why = "no such folder" if not where.is_dir() else "no picture files (.png, .jpg, ...) in it"
            self._fail(Item("prepare", str(where), False, "error", f"nothing to prepare: {why}"))
        return self._phase(tasks, "prepare")

    def _solve_levels(self) -> None:
        try:
            selection = None if self.action == "--solve-all" else parse_selection(self.args)
        except ValueError as exc:
            _usage(str(exc))
        tasks = pipeline.plan_solve(self.opts, selection)
        levels = self.opts.workspace.root / "levels"
        others = [f"{name}/{other}" for name in ([self.opts.puzzle] if self.opts.puzzle else puzzles.names())
                  for other in self.opts.workspace.scan_levels(name)[1]]
        if others:
            self.extra.append(f"{counted(len(others), 'file')} in levels/ passed over: " + brief_list(others))
        if selection is not None:
            found = [pipeline.level_id_of(Path(t.path)) for t in tasks]
            for missing in selection.missing(found):
                self._fail(Item("solve", missing, False, "error", f"no level file in {levels}"))
        elif not tasks:
            self._fail(Item("solve", str(levels), False, "error", "no level files (run --prepare first)"))
        self._phase(tasks, "solve")

    def _fail(self, item: Item) -> None:
        self.items.append(self.reporter.fail(item))

    def interrupted(self) -> None:
        """Ctrl-C: say how far the run got; a second Ctrl-C now ends the program at once."""
        signal.signal(signal.SIGINT, lambda *_: os._exit(EXIT_INTERRUPTED))
        signal.signal(signal.SIGTERM, lambda *_: os._exit(EXIT_INTERRUPTED))
        done = len(self.items) - self.phase_start
        if self.watching and not (self.in_phase and done < self.phase_total):
            typer.echo("stopped watching", err=True)  # the way to stop watching: nothing was cut short
            return
        self.note = f"interrupted after {done} of {self.phase_total}"
        typer.echo(f"{self.note} (Ctrl-C): finished items are kept; "
                   "`--unsolved` goes on where this stopped", err=True)

    def finish(self) -> int:
        """Logs, the overview page and the summary; the exit code."""
        try:
            pipeline_log.append_history(self.opts, self.items, self.note)
            if self.run_log:
                for item in self.items:
                    self.run_log.add(item)
                self.reporter.note(f"run log: {self.run_log.write()}")
            if _wrote_something(self.opts, self.items):
                self.reporter.note(f"overview: {write_index(self.opts.workspace)}")
        except OSError as exc:
            self._fail(Item("log", str(exc.filename or self.opts.workspace.logs), False, "error",
                            f"cannot write the log: {exc.strerror or exc}"))
        self.reporter.summary(self.items, self.extra + ([self.note] if self.note else []))
        if self.note and not self.watching:  # stopping is how a watch ends: cut short, not failed
            return EXIT_INTERRUPTED
        return 1 if any(not it.ok for it in self.items) else 0


def _wrote_something(opts: RunOptions, items: list[Item]) -> bool:
    """Whether the page changes: a file was written, or a picture failed (the page lists those)."""
    if opts.dry or not opts.workspace.root.is_dir():
        return False
    return any((it.ok and it.status in ("read", "solved", "unsolved")) or (it.action == "prepare" and not it.ok)
               for it in items)


def _capped_jobs(jobs: int, quiet: bool) -> int:
    cores = usable_cores()
    if jobs > cores:
        if not quiet:
            typer.echo(f"note: --jobs {jobs} capped at {cores}, the number of cores", err=True)
        return cores
    return jobs or cores


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


def _needs_arguments(flag: str) -> str:
    """The usage error of ``--prepare``, ``--solve`` or ``--handle`` without a file or level."""
    if flag == "--handle":  # `visolve -h` is most often a try for help
        return "-h is --handle (as in the C++ solver): give it a picture file, or see `visolve --help` for help"
    return f"{flag} needs at least one {'level' if flag == '--solve' else 'picture'}"


def _usage(message: str) -> None:
    see = "" if "--help" in message else " See `visolve --help`."
    typer.echo(f"Error: {message}.{see}", err=True)
    raise typer.Exit(2)


#: what each subcommand does, and the options of the main command it takes
_SUB_HELP = {
    "prepare": ("Read pictures into level files: the given ones (paths, or names in DATA/raw/), "
                "or with --all every picture in DATA/raw/.",
                ("force", "debug")),
    "solve": ("Solve level files: the given levels (numbers, ranges like 40-60, or names), "
              "or with --all every level file in DATA/levels/.",
              ("unsolved", "timeout", "all_solutions", "hint")),
    "handle": ("Prepare the given pictures (or with --all every picture in DATA/raw/), "
               "then solve what was read.",
               ("force", "debug", "unsolved", "timeout", "all_solutions", "hint")),
    "watch": ("Handle every picture in DATA/raw/, then keep running: each picture that appears "
              "or changes there is prepared and solved once it is completely written. Ctrl-C stops.",
              ("force", "debug", "unsolved", "timeout", "all_solutions", "hint", "poll")),
}
_COMMON_OPTIONS = ("data", "puzzle", "jobs", "log_run", "dry", "as_json", "verbose", "quiet")


_SUB_ALL = {"prepare": "Every picture in DATA/raw/.", "solve": "Every level file in DATA/levels/.",
            "handle": "Every picture in DATA/raw/."}
_SUB_USAGE = {"prepare": "[--all | FILE...]", "solve": "[--all | LEVEL...]", "handle": "[--all | FILE...]",
              "watch": ""}


def subcommand_help(name: str) -> str:
    """``visolve NAME --help``: the subcommand's own usage and options."""
    text, own = _SUB_HELP[name]
    keep = set(own) | set(_COMMON_OPTIONS)
    rows = [("--all", _SUB_ALL[name])] if name in _SUB_ALL else []
    for param in typer.main.get_command(app).params:
        if param.name in keep:
            value = f" {param.metavar}" if param.metavar and not getattr(param, "is_flag", False) else ""
            help_text = (param.help or "").removeprefix("With --watch: " if name == "watch" else "")
            rows.append((", ".join(param.opts) + value, help_text[:1].upper() + help_text[1:]))
    rows.append(("--help", "Show this message and exit."))
    columns = max(40, min(shutil.get_terminal_size().columns, 100) - 1)
    flags = max(len(flag) for flag, _ in rows) + 4
    lines = [f"Usage: visolve {name} {_SUB_USAGE[name]} [OPTIONS]".replace("  ", " "), ""]
    lines += textwrap.wrap(text, columns, initial_indent="  ", subsequent_indent="  ") + ["", "Options:"]
    for flag, help_text in rows:
        lines += textwrap.wrap(help_text, columns, initial_indent=f"  {flag}".ljust(flags),
                               subsequent_indent=" " * flags, break_on_hyphens=False)
    ending = ("Ctrl-C stops it: exit code 0 when every item succeeded, 1 when one failed" if name == "watch"
              else "Exit code: 0 when every item succeeded, 1 when one failed, 130 after Ctrl-C cut it short")
    lines += [""] + textwrap.wrap(f"The same with flags: `visolve --help`. {ending}, 2 for a usage error.", columns)
    return "\n".join(lines)


def hold_late_interrupts() -> None:
    """Hold SIGINT and SIGTERM back for the rest of the process's life.

    Registered first at the program's start (:func:`entry`), so run last at its exit: after the
    threads are joined and the other exit handlers ran, Python puts the signals' default actions
    back, and a Ctrl-C landing in what is left of the exit (every file written, the summary given)
    would end the program by the signal (exit -2) instead of with its own code.  A held signal
    ends with the process.  Both are also ignored, process-wide: a mask holds them back from
    this thread only, and the kernel may hand the signal to a daemon thread still alive (a CI run
    ended -2 so, after "done: ... 0 failed"); Python leaves an ignored signal ignored at its exit.
    """
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    for which in (signal.SIGINT, signal.SIGTERM):
        signal.signal(which, signal.SIG_IGN)


def entry() -> None:
    """The ``visolve`` program (the installed command and ``python -m visolve``): :func:`main`,
    a late Ctrl-C held back at the exit (:func:`hold_late_interrupts`)."""
    atexit.register(hold_late_interrupts)
    main()


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "make":  # new challenges: visolve.make has its own options
        from visolve.make.command import main as make_main

        make_main(argv[1:])
        return
    if argv and argv[0] in _SUB_HELP and "--help" in argv[1:]:
        typer.echo(subcommand_help(argv[0]))
        raise SystemExit(0)
    app(args=_translate(argv), prog_name="visolve")


if __name__ == "__main__":
    main()
