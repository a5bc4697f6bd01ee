"""``visolve make FAMILY``: write new challenges, proven unique and graded, as level files.

Each challenge goes to ``DATA/levels/FAMILY/level_<level>-<seed>-<k>.txt``
(written atomically, as soon as it is made, so Ctrl-C keeps every finished
one), and every :func:`~visolve.make.pages.per_page` (2) as a booklet
page with its answers page
(:mod:`visolve.make.pages`), written as soon as the page is full.  A file already there with the same text is left alone; one with
other text (edited by hand, or made by another version) is kept unless
``--force``.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

import typer

from visolve import puzzles
from visolve.make.generate import MAKERS, Made, challenges
from visolve.make.pages import per_page, write_pages
from visolve.names import shown_name
from visolve.plural import counted
from visolve.overview import write_index
from visolve.puzzles.base import level_key
from visolve.workspace import Workspace, atomic_write_text, read_limited

#: exit code after Ctrl-C (128 + SIGINT), as the rest of visolve uses
EXIT_INTERRUPTED = 130
#: a level file bigger than this is not one visolve make wrote
LEVEL_FILE_LIMIT = 64 * 1024
#: threads drawing booklet pages while challenges are made
PAGE_WORKERS = 2
#: the most challenges one run makes
COUNT_MAX = 9999

app = typer.Typer(add_completion=False, rich_markup_mode=None,
                  context_settings={"help_option_names": ["--help"]})


def write_made(made: Made, family: str, workspace: Workspace, force: bool) -> str:
    """Write one challenge's level file; what was done: ``wrote``, ``same`` or ``kept``."""
    fam = puzzles.get(family)
    path = workspace.level_file(family, level_key(made.level.level))
    text = fam.format_level(made.level)
    if path.exists() and not force:
        try:
            old = read_limited(path, LEVEL_FILE_LIMIT).decode("utf-8", "replace")
        except OSError:
            old = None
        if old == text:
            return "same"
        if old is not None or path.exists():
            return "kept"
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text)
    return "wrote"


def make_run(family: str, level: str, count: int, seed: int, data: Path, force: bool = False,
             on_made=None, rank: str = "") -> dict[str, int]:
    """Make ``count`` challenges, write them and their booklet pages, then ``index.html``; counts of
    ``wrote`` / ``same`` / ``kept`` level files and of ``pages`` (each with its answers page).

    ``on_made(made, action)`` is called after each one (the progress bar).
    """
    workspace = Workspace.at(data)
    counts = {"wrote": 0, "same": 0, "kept": 0, "pages": 0}
    page: list[Made] = []
    name = f"{level}-{rank}" if rank else level
    on_a_page = per_page(family)
    # pages are drawn and encoded (OpenCV, without the GIL) while the next challenges are made;
    # leaving the block waits for them, after Ctrl-C too: a page begun is finished
    with ThreadPoolExecutor(max_workers=PAGE_WORKERS) as pool:
        drawn = []

        def flush() -> None:
            if page:
                number = (page[0].k - 1) // on_a_page + 1
                drawn.append(pool.submit(write_pages, workspace.root, family, name, seed, number, list(page)))
                page.clear()

        try:
            for made in challenges(family, level, count, seed, rank):
                action = write_made(made, family, workspace, force)
                counts[action] += 1
                page.append(made)
                if len(page) == on_a_page:  # a page is written as soon as it is full
                    flush()
                if on_made is not None:
                    on_made(made, action)
        finally:
            flush()  # the last page, also when a stop or an error ends the run early
            for job in drawn:
                job.result()
                counts["pages"] += 1
            write_index(workspace)
    return counts


def _progress_run(family: str, level: str, count: int, seed: int, data: Path, force: bool,
                  quiet: bool, rank: str) -> dict[str, int]:
    """:func:`make_run` with a rich bar on a terminal, one line per challenge otherwise."""
    def line(made: Made, action: str) -> str:
        counted = f", {made.solution[0]} solutions" if family == "genius-square" else ""
        return f"{action}: {family} {made.level.level} (grade {made.level.grade}{counted})"

    if quiet:
        return make_run(family, level, count, seed, data, force, rank=rank)
    if not sys.stderr.isatty():
        return make_run(family, level, count, seed, data, force,
                        lambda m, a: typer.echo(line(m, a)), rank)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    with Progress(TextColumn(f"make {family} {level}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task("make", total=count)

        def shown(made: Made, action: str) -> None:
            console.print(line(made, action), markup=False, highlight=False)
            bar.advance(task)

        return make_run(family, level, count, seed, data, force, shown, rank)


@app.command()
def make(
    family: str = typer.Argument(..., metavar="FAMILY", help=f"The family: {', '.join(MAKERS)}."),
    level: Optional[str] = typer.Option(None, "--level", metavar="L",
                                        help="The booklet level (default: the hardest): starter junior expert master wizard; "
                                        "iq-circuit expert master wizard."),
    count: int = typer.Option(6, "--count", metavar="N", min=1, max=COUNT_MAX, help="How many challenges."),
    seed: int = typer.Option(1, "--seed", metavar="S", min=0, help="Same seed, same challenges."),
    data: Path = typer.Option(Path("data"), "--data", metavar="DIR", help="The data folder."),
    force: bool = typer.Option(False, "--force", help="Replace level files whose text differs."),
    hardest: bool = typer.Option(False, "--hardest", help="genius-square: the rolls of a seeded sample "
                                 "with the fewest solutions."),
    easiest: bool = typer.Option(False, "--easiest", help="genius-square: ... with the most solutions."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only errors and the summary."),
) -> None:
    """Make new challenges of FAMILY, each proven to have exactly one solution, graded by its search.

    They go to DATA/levels/FAMILY/level_<level>-<seed>-<k>.txt (`visolve --solve-all` solves them),
    and as booklet pages of 2 with their answers to DATA/booklet/FAMILY/<level>-<seed>-page-NN.png.
    Exit code: 0 when done, 1 when the level has no more new challenges to give, 2 for a usage
    error, 130 after Ctrl-C (finished ones are kept).
    """
    maker = MAKERS.get(family)
    if maker is None:
        raise typer.BadParameter(f"{family!r} is not a family visolve makes (known: {', '.join(MAKERS)})",
                                 param_hint="FAMILY")
    rank = "hardest" if hardest else "easiest" if easiest else ""
    if hardest and easiest:
        raise typer.BadParameter("give one of --hardest and --easiest", param_hint="--hardest")
    if rank and maker.ranked is None:
        raise typer.BadParameter(f"{family} challenges have one solution each: --{rank} is for a family that "
                                 f"counts ({', '.join(f for f, m in MAKERS.items() if m.ranked)})",
                                 param_hint=f"--{rank}")
    level = level or maker.levels[-1]
    if level not in maker.levels:
        raise typer.BadParameter(f"{level!r} is not a level of {family} (known: {', '.join(maker.levels)})",
                                 param_hint="--level")
    t0 = time.perf_counter()
    try:
        counts = _progress_run(family, level, count, seed, data, force, quiet, rank)
    except KeyboardInterrupt:
        typer.echo("stopped: the challenges finished so far are written", err=True)
        raise SystemExit(EXIT_INTERRUPTED)
    except RuntimeError as exc:  # a level that has no more new challenges to give
        typer.echo(f"error: {exc}; the challenges made before are written", err=True)
        raise SystemExit(1)
    parts = [f"{n} {k}" for k, n in counts.items() if n and k != "pages"]
    parts.append(f"{counted(counts['pages'], 'booklet page')} (and answers) in "
                 f"{shown_name(str(data / 'booklet' / family))}")
    kept = " (--force replaces files whose text differs)" if counts["kept"] else ""
    what = f"{level} {rank}" if rank else level
    typer.echo(f"done: {counted(count, f'{family} {what} challenge')}: {', '.join(parts)}{kept} "
               f"[{time.perf_counter() - t0:.2f}s]", err=True)


def main(argv: list[str]) -> None:
    """Entry from ``visolve make ...`` (``argv`` without ``make``)."""
    app(args=argv, prog_name="visolve make")
