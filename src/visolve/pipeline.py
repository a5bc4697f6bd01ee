"""prepare / solve / handle over many files.

The pipeline turns a request into a list of :class:`Task` (one per picture or
level file), runs them in a process pool (``jobs``), and yields one
:class:`Item` per task as soon as it finishes.  A task never raises: every
expected failure becomes an ``Item`` with ``ok=False`` and a one-line
message naming the file and the reason, so a batch always goes on.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Iterable, Iterator

from visolve import puzzles
from visolve.errors import ImageLoadError, LevelFormatError, NotThisPuzzle, ReadError, VisolveError
from visolve.puzzles.base import SolveOptions, level_key
from visolve.workspace import Workspace, atomic_write_json, atomic_write_text

log = logging.getLogger("visolve")


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

    @property
    def workspace(self) -> Workspace:
        return Workspace.at(self.data)


@dataclass(frozen=True)
class Task:
    action: str  #: "prepare" or "solve"
    path: str  #: picture or level file
    puzzle: str | None = None  #: family of a level file


@dataclass
class Item:
    """The outcome of one task, as shown to the user and written to logs."""

    action: str
    name: str  #: picture file name, or "<puzzle>/level_NNN"
    ok: bool
    status: str  #: read, unchanged, kept, solved, unsolved, skipped, error
    message: str
    puzzle: str | None = None
    level: int | str | None = None
    level_file: str | None = None
    data: dict = field(default_factory=dict)
    seconds: float = 0.0

    def line(self) -> str:
        return f"{self.name}: {self.message}"

    def to_json(self) -> dict:
        return asdict(self)


# --------------------------------------------------------------------- planning

_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


def parse_selection(specs: Iterable[str]) -> set[int | str]:
    """``["12", "40-60", "foo"]`` -> ``{12, 40, ..., 60, "foo"}``.

    Numbers and ranges select numbered levels; anything else is a level name.
    Raises ``ValueError`` for a backwards range.
    """
    chosen: set[int | str] = set()
    for spec in specs:
        for part in str(spec).split(","):
            part = part.strip()
            if not part:
                continue
            m = _RANGE.match(part)
            if not m:
                chosen.add(part)
                continue
            lo = int(m.group(1))
            hi = int(m.group(2)) if m.group(2) else lo
            if hi < lo:
                raise ValueError(f"range {part!r} runs backwards")
            chosen.update(range(lo, hi + 1))
    return chosen


def _family_names(opts: RunOptions) -> list[str]:
    return [opts.puzzle] if opts.puzzle else puzzles.names()


def _level_id(path: Path) -> int | str:
    stem = path.stem[len("level_"):] if path.stem.startswith("level_") else path.stem
    return int(stem) if stem.isdigit() else stem


def plan_prepare(opts: RunOptions, files: Iterable[str] | None = None) -> list[Task]:
    """One task per picture: the given names (paths or names in raw/), or all of raw/."""
    ws = opts.workspace
    if files is None:
        paths = ws.raw_pictures()
    else:
        paths = [ws.resolve_picture(f) for f in files]
    return [Task("prepare", str(p)) for p in paths]


def plan_solve(opts: RunOptions, selection: set[int | str] | None = None) -> list[Task]:
    """One task per level file of the chosen families (all, or those in ``selection``)."""
    ws = opts.workspace
    tasks = []
    for name in _family_names(opts):
        for path in ws.level_files(name):
            if selection is None or _level_id(path) in selection:
                tasks.append(Task("solve", str(path), name))
    return tasks


# --------------------------------------------------------------------- the tasks

def run_task(task: Task, opts: RunOptions) -> Item:
    """Run one task; never raises for expected problems."""
    start = time.perf_counter()
    try:
        if task.action == "prepare":
            item = _prepare(Path(task.path), opts)
        else:
            item = _solve(Path(task.path), task.puzzle, opts)
    except VisolveError as exc:
        item = Item(task.action, Path(task.path).name, False, "error", str(exc))
    except Exception as exc:  # a bug: still one line for the user, details in the log
        log.debug("unexpected error on %s\n%s", task.path, traceback.format_exc())
        item = Item(task.action, Path(task.path).name, False, "error",
                    f"internal error: {type(exc).__name__}: {exc}")
    item.seconds = round(time.perf_counter() - start, 4)
    return item


def _prepare(path: Path, opts: RunOptions) -> Item:
    from visolve.vision.imageio import load_image

    name = path.name
    if not path.exists():
        return Item("prepare", name, False, "error", f"no such file: {path}")
    try:
        image = load_image(path)
    except ImageLoadError as exc:
        reason = str(exc).removeprefix(f"{path}: ")
        return Item("prepare", name, False, "error", f"not a readable image: {reason}")

    ws = opts.workspace
    rejections = []
    for family_name in _family_names(opts):
        family = puzzles.get(family_name)
        try:
            level = family.read(image, name)
        except NotThisPuzzle as exc:
            rejections.append(f"{family_name}: {exc}")
            _write_debug(family, image, path, opts)  # shows what this family saw
            continue
        except ReadError as exc:
            _write_debug(family, image, path, opts)
            return Item("prepare", name, False, "error", f"{family_name}: {exc}", puzzle=family_name)
        _write_debug(family, image, path, opts)
        return _store_level(family, level, name, opts, ws)
    why = "; ".join(rejections) if rejections else "no puzzle family to try"
    return Item("prepare", name, False, "error", f"not a picture of a known puzzle ({why})")


def _write_debug(family, image, path: Path, opts: RunOptions) -> None:
    if not opts.debug or opts.dry or family.debug_overlay is None:
        return
    from visolve.vision.imageio import save_image

    try:
        overlay = family.debug_overlay(image, path.name)
    except Exception as exc:  # the overlay must never break a run
        log.warning("%s: debug overlay failed: %s", path.name, exc)
        return
    save_image(opts.workspace.debug / f"{path.stem}.{family.name}.png", overlay)


def _store_level(family, level, name: str, opts: RunOptions, ws: Workspace) -> Item:
    key = level_key(level.level)
    target = ws.level_file(family.name, key)
    text = family.format_level(level)
    common = dict(puzzle=family.name, level=level.level, level_file=str(target))
    if target.exists():
        old_text = target.read_text(encoding="utf-8")
        try:
            same = family.parse_level(old_text, str(target)) == level
        except LevelFormatError:
            same = False
        if same:
            return Item("prepare", name, True, "unchanged",
                        f"{family.name} level {level.level}: level file already up to date", **common)
        if not opts.force:
            return Item("prepare", name, True, "kept",
                        f"{family.name} level {level.level}: kept the existing level file "
                        f"{target.name}, which differs from this picture (--force replaces it)", **common)
    if not opts.dry:
        atomic_write_text(target, text)
    return Item("prepare", name, True, "read", f"{family.name} level {level.level} -> {target.name}",
                **common)


def _solve(path: Path, puzzle: str, opts: RunOptions) -> Item:
    family = puzzles.get(puzzle)
    ws = opts.workspace
    key = path.stem
    name = f"{puzzle}/{key}"
    try:
        level = family.parse_level(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError) as exc:
        return Item("solve", name, False, "error", f"cannot read level file: {exc}", puzzle=puzzle)
    common = dict(puzzle=puzzle, level=level.level, level_file=str(path))
    existing = ws.load_solution(puzzle, key)
    if opts.unsolved and existing is not None and family.final(existing):
        return Item("solve", name, True, "skipped",
                    f"already solved: {family.summary(existing)}", data=existing, **common)

    solution = family.solve(level, SolveOptions(timeout=opts.timeout, all_solutions=opts.all_solutions))
    ok = bool(solution.get("solved"))
    status = "solved" if ok else "unsolved"
    message = family.summary(solution)
    if opts.dry:
        return Item("solve", name, ok, status, message + " (dry run: nothing written)",
                    data=solution, **common)
    if existing is not None and family.rank(existing) < family.rank(solution):
        return Item("solve", name, ok, "kept",
                    f"{message}; kept the better stored solution: {family.summary(existing)}",
                    data=solution, **common)
    picture = family.paint(level, solution)
    from visolve.vision.imageio import save_image

    save_image(ws.solution_png(puzzle, key), picture)
    atomic_write_json(ws.solution_json(puzzle, key), solution)
    return Item("solve", name, ok, status, message, data=solution, **common)


# --------------------------------------------------------------------- running

def _init_worker() -> None:
    # one solver per process: keep numpy/OpenCV from spawning extra threads
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    try:
        import cv2

        cv2.setNumThreads(1)
    except Exception:
        pass


def execute(tasks: list[Task], opts: RunOptions) -> Iterator[Item]:
    """Run ``tasks``, yielding items in completion order (in plan order when jobs=1)."""
    if opts.jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield run_task(task, opts)
        return
    # "spawn", not fork: forking a process whose OpenCV/BLAS threads hold locks can
    # deadlock the children.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(opts.jobs, len(tasks)), mp_context=context,
                             initializer=_init_worker) as pool:
        pending = {pool.submit(run_task, task, opts): task for task in tasks}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                task = pending.pop(future)
                try:
                    yield future.result()
                except Exception as exc:  # a worker died (e.g. out of memory)
                    yield Item(task.action, Path(task.path).name, False, "error",
                               f"worker failed: {type(exc).__name__}: {exc}")


def solve_tasks_for(items: Iterable[Item], opts: RunOptions) -> list[Task]:
    """The solve tasks for the levels that a prepare run produced (handle)."""
    seen = set()
    tasks = []
    for item in items:
        if item.ok and item.level_file and item.level_file not in seen:
            seen.add(item.level_file)
            path = Path(item.level_file)
            if path.exists():
                tasks.append(Task("solve", item.level_file, item.puzzle))
    return tasks


# --------------------------------------------------------------------- logs

class RunLog:
    """The ``--log`` file: the normalized options, then one tab-separated row per item."""

    def __init__(self, opts: RunOptions, command: str):
        self.columns: list[str] = []
        for name in _family_names(opts):
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


def append_history(opts: RunOptions, items: Iterable[Item]) -> None:
    """Every non-dry run appends its items to ``logs/history.log`` (one line each)."""
    if opts.dry:
        return
    lines = [
        f"{datetime.now().isoformat(timespec='seconds')}\t{it.action}\t{it.name}\t{it.status}\t{it.message}"
        for it in items
    ]
    if not lines:
        return
    path = opts.workspace.logs / "history.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
