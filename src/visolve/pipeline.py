"""prepare / solve / handle over many files.

The pipeline turns a request into a list of :class:`Task` (one per picture or
level file), runs them in a process pool (``jobs``), and yields one
:class:`Item` per task as soon as it finishes.  A task never raises: every
expected failure becomes an ``Item`` with ``ok=False`` and a one-line
message naming the file and the reason, so a batch always goes on.
"""

from __future__ import annotations

import logging
import time
import traceback
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Iterable, Iterator

from visolve import puzzles, runner
from visolve.errors import ImageLoadError, LevelFormatError, NotThisPuzzle, ReadError, VisolveError
from visolve.puzzles.base import SolveOptions, level_identity, level_key
from visolve.selection import Selection
from visolve.workspace import Workspace, atomic_write_json, atomic_write_text

log = logging.getLogger("visolve")

#: score given to a family whose probe failed: tried, after the families that look likelier
PROBE_UNKNOWN = 0.01


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
    name: str  #: picture file name, or "<puzzle>/level_NNN"
    ok: bool
    status: str  #: read, unchanged, kept, solved, unsolved, skipped, error
    message: str
    puzzle: str | None = None
    level: int | str | None = None
    level_files: list[str] = field(default_factory=list)  #: level files read or solved
    data: dict = field(default_factory=dict)
    seconds: float = 0.0
    stale: bool = False  #: a stored solution of an earlier version of the level was replaced

    def line(self) -> str:
        return f"{self.name}: {self.message}"

    def to_json(self) -> dict:
        return asdict(self)


# --------------------------------------------------------------------- planning

def _family_names(opts: RunOptions) -> list[str]:
    return [opts.puzzle] if opts.puzzle else puzzles.names()


def level_id_of(path: Path) -> int | str:
    """The level a level file's name says it holds: ``level_012.txt`` -> 12."""
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


def plan_solve(opts: RunOptions, selection: Selection | None = None) -> list[Task]:
    """One task per level file of the chosen families (all, or those in ``selection``)."""
    ws = opts.workspace
    tasks = []
    for name in _family_names(opts):
        for path in ws.level_files(name):
            if selection is None or level_id_of(path) in selection:
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
            item = _solve(Path(task.path), task.puzzle, opts, task.text)
    except VisolveError as exc:
        item = Item(task.action, Path(task.path).name, False, "error", str(exc))
    except OSError as exc:  # a folder not writable, a disk full: name the file, no traceback
        where = exc.filename or task.path
        item = Item(task.action, Path(task.path).name, False, "error",
                    f"cannot write {_shown_path(where)}: {exc.strerror or exc}")
    except Exception as exc:  # a bug: still one line for the user, details in the log
        log.debug("unexpected error on %s\n%s", task.path, traceback.format_exc())
        item = Item(task.action, Path(task.path).name, False, "error",
                    f"internal error: {type(exc).__name__}: {exc}")
    item.seconds = round(time.perf_counter() - start, 4)
    return item


def _shown_path(path: str) -> str:
    """A temporary file's name shown as the file it stands for (``.x.png.ab12.tmp`` -> ``x.png``)."""
    p = Path(path)
    if p.name.startswith(".") and p.name.endswith(".tmp"):
        p = p.with_name(p.name[1:].rsplit(".", 2)[0])
    return str(p)


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

    quick = _read_as_last_time(image, name, opts)
    if quick is not None:
        return quick
    likely, ruled_out = _likeliest_families(image, opts)
    reasons = [f"{family.name}: no {family.title} board at first look" for family in ruled_out]
    for family in ruled_out:
        _write_debug(family, image, path, opts)
    unsure = []  # ReadError: a family that recognised its board but could not read it
    for family in likely:
        try:
            levels = family.read(image, name)
        except NotThisPuzzle as exc:
            reasons.append(f"{family.name}: {exc}")
            _write_debug(family, image, path, opts)  # shows what this family saw
            continue
        except ReadError as exc:
            unsure.append(f"{family.name}: {exc}")
            _write_debug(family, image, path, opts)
            continue
        _write_debug(family, image, path, opts)
        _recent[:] = [family.name]
        return _store_levels(family, levels if isinstance(levels, list) else [levels], name, opts)
    if unsure:
        return Item("prepare", name, False, "error", "; ".join(unsure + reasons),
                    puzzle=unsure[0].split(":")[0])
    why = "; ".join(reasons) if reasons else "no puzzle family to try"
    return Item("prepare", name, False, "error", f"not a picture of a known puzzle ({why})")


#: the family that read the last picture in this process (a batch is mostly of one family)
_recent: list[str] = []
#: a probe score at which the family that read the last picture reads this one before the
#: others are probed (circuit500 screenshots score 0.73-1, other pictures at most 0.22)
PROBE_SURE = 0.5


def _read_as_last_time(image, name: str, opts: RunOptions) -> Item | None:
    """The item when the family that read the previous picture is sure of this one and reads it.

    The family's ``read_again`` (no search, where the last picture was read)
    goes first; else its probe must be sure before its reader runs.  Saves
    probing every other family on a batch of one family's pictures.  Any
    doubt (a low probe, a refusal) returns None and the picture goes through
    the full detection, so nothing is decided here that detection would not.
    """
    if opts.puzzle or opts.debug or not _recent:
        return None
    family = puzzles.get(_recent[0])
    try:
        levels = family.read_again(image, name) if family.read_again is not None else None
        if levels is None:
            if float(family.probe(image)) < PROBE_SURE:
                return None
            levels = family.read(image, name)
    except Exception:  # a refusal, or a failing probe: full detection decides
        return None
    return _store_levels(family, levels if isinstance(levels, list) else [levels], name, opts)


def _likeliest_families(image, opts: RunOptions) -> tuple[list, list]:
    """The families to try, likeliest first by their cheap probe, and those whose probe says 0.

    With ``--puzzle`` only that family is tried, whatever its probe says.
    """
    if opts.puzzle:
        return [puzzles.get(opts.puzzle)], []
    scored, ruled_out = [], []
    for order, family in enumerate(puzzles.all_families()):
        try:
            score = float(family.probe(image))
        except Exception as exc:  # a probe must never stop the reading
            log.warning("%s probe failed: %s", family.name, exc)
            score = PROBE_UNKNOWN
        if score > 0:
            scored.append((-score, order, family))
        else:
            ruled_out.append(family)
    return [family for _s, _o, family in sorted(scored, key=lambda t: t[:2])], ruled_out


def _write_debug(family, image, path: Path, opts: RunOptions) -> None:
    if not opts.debug or opts.dry or family.debug_overlay is None:
        return
    from visolve.vision.imageio import save_image

    try:  # on a copy: a hook that draws on its picture must not change what is read next
        overlay = family.debug_overlay(image.copy(), path.name)
    except Exception as exc:  # the overlay must never break a run
        log.warning("%s: debug overlay failed: %s", path.name, exc)
        return
    save_image(opts.workspace.debug / f"{path.stem}.{family.name}.png", overlay)


def _store_levels(family, levels: list, name: str, opts: RunOptions) -> Item:
    """Write the level file of each level read from one picture; one item for all of them."""
    items = [_store_level(family, level, name, opts) for level in levels]
    if len(items) == 1:
        return items[0]
    first = items[0]
    failed = [it for it in items if not it.ok]
    files = [f for it in items if it.ok for f in it.level_files]
    message = f"{len(levels)} levels: " + "; ".join(it.message for it in items)
    return Item("prepare", name, not failed, "error" if failed else first.status, message,
                puzzle=family.name, level=first.level, level_files=files,
                data={"level_texts": [t for it in items for t in it.data.get("level_texts", [])]})


def _store_level(family, level, name: str, opts: RunOptions) -> Item:
    ws = opts.workspace
    target = ws.level_file(family.name, level_key(level.level))
    text = family.format_level(level)
    common = dict(puzzle=family.name, level=level.level, level_files=[str(target)],
                  data={"level_texts": [text]})
    dry = " (dry run: nothing written)" if opts.dry else ""
    if target.exists() and target.stat().st_size > 0:  # an empty one (a power cut) holds nothing to keep
        old_text = _text_quietly(target, ws)
        same_text = old_text == text  # up to date: no need to parse it
        old = None if same_text or old_text is None else _parse_quietly(family, old_text, target)
        if old is not None and old.level != level.level:
            return Item("prepare", name, False, "error",
                        f"{family.name} level {level.level!r} would go to {target.name}, which holds level "
                        f"{old.level!r}: rename the picture", puzzle=family.name, level=level.level)
        if same_text or (old is not None and level_identity(family, old) == level_identity(family, level)):
            return Item("prepare", name, True, "unchanged",
                        f"{family.name} level {level.level}: level file already up to date", **common)
        if not opts.force:
            return Item("prepare", name, True, "kept",
                        f"{family.name} level {level.level}: kept the existing level file "
                        f"{target.name}, which differs from this picture (--force replaces it)", **common)
    if not opts.dry:
        atomic_write_text(target, text)
    return Item("prepare", name, True, "read", f"{family.name} level {level.level} -> {target.name}{dry}",
                **common)


def _text_quietly(path: Path, ws: Workspace) -> str | None:
    try:
        return ws.read_level_text(path)
    except (OSError, UnicodeDecodeError):
        return None


def _parse_quietly(family, text: str, path: Path):
    try:
        return family.parse_level(text, str(path))
    except LevelFormatError:
        return None


def load_level(family, path: Path, ws: Workspace, text: str | None = None):
    """Parse a level file (or its text) and check that its header agrees with its file name."""
    if text is None:
        try:
            text = ws.read_level_text(path)
        except (OSError, UnicodeDecodeError) as exc:
            raise LevelFormatError(f"cannot read level file: {exc}", path=path.name) from None
    level = family.parse_level(text, path.name)
    expected = level_key(level.level)
    if expected != path.stem:
        line = next((i for i, row in enumerate(text.splitlines(), 1)
                     if row.lstrip("\ufeff").split("=")[0].strip() == "level"), 0)
        raise LevelFormatError(f"level = {level.level} disagrees with the file name "
                               f"(that level belongs in {expected}.txt)", line=line, path=path.name)
    return level


def _solve(path: Path, puzzle: str, opts: RunOptions, text: str | None = None) -> Item:
    family = puzzles.get(puzzle)
    ws = opts.workspace
    key = path.stem
    name = f"{puzzle}/{key}"
    try:
        level = load_level(family, path, ws, text)
    except LevelFormatError as exc:
        return Item("solve", name, False, "error", str(exc), puzzle=puzzle)
    identity = level_identity(family, level)
    common = dict(puzzle=puzzle, level=level.level, level_files=[str(path)])
    existing, why_not = _stored_solution(family, ws, key, level, identity)
    if opts.unsolved and existing is not None and family.final(existing):
        note = "" if opts.dry else _redraw_lost_picture(family, level, existing, ws, key)
        return Item("solve", name, True, "skipped",
                    f"already solved: {family.summary(existing)}{note}", data=existing, **common)

    solution = family.solve(level, SolveOptions(timeout=opts.timeout, all_solutions=opts.all_solutions))
    solution["level_id"] = identity
    ok = bool(solution.get("solved"))
    status = "solved" if ok else "unsolved"
    message = family.summary(solution) + (f" ({why_not}; replaced)" if why_not else "")
    if opts.dry:
        return Item("solve", name, ok, status, message + " (dry run: nothing written)",
                    data=solution, **common)
    if existing is not None and family.rank(existing) < family.rank(solution):
        return Item("solve", name, ok, "kept",
                    f"{message}; kept the better stored solution: {family.summary(existing)}",
                    data=solution, **common)
    message += _write_picture(family, level, solution, ws, key, opts.hint)
    atomic_write_json(ws.solution_json(puzzle, key), solution)  # last: a stored JSON has its picture
    return Item("solve", name, ok, status, message, data=solution, stale=bool(why_not), **common)


def _redraw_lost_picture(family, level, solution: dict, ws: Workspace, key: str) -> str:
    """Draw the picture of a kept solution again when it is missing or empty; a note for the message.

    Pictures are written without waiting for the disk (they are drawn from the
    JSON), so a power cut may lose one: ``--unsolved`` puts it back.
    """
    pictures = [ws.solution_png(family.name, key), ws.hint_png(family.name, key)]
    if any(p.exists() and p.stat().st_size > 0 for p in pictures):
        return ""
    _write_picture(family, level, solution, ws, key, hint=False)
    return f"; its lost picture drawn again -> {pictures[0].name}"


def _write_picture(family, level, solution: dict, ws: Workspace, key: str, hint: bool) -> str:
    """The solution picture, or with ``--hint`` only the next step; returns a note for the message.

    Not forced to the disk (``durable=False``): the JSON, written after it, is;
    a lost picture is drawn again from it (:func:`_redraw_lost_picture`).
    """
    from visolve.vision.imageio import save_image

    if hint and family.paint_hint is not None and solution.get("hint"):
        target = ws.hint_png(family.name, key)
        save_image(target, family.paint_hint(level, solution), durable=False)
        return f"; hint -> {target.name}"
    picture = family.paint(level, solution)
    save_image(ws.solution_png(family.name, key), picture, durable=False)
    from visolve.overview import write_thumbnail

    write_thumbnail(ws, family.name, key, picture)  # here, in the worker: the page need not redo it
    if hint:
        why = "this family gives no hints" if family.paint_hint is None else "no hint for this board"
        return f" ({why}: the whole solution is drawn)"
    return ""


def _stored_solution(family, ws: Workspace, key: str, level, identity: str) -> tuple[dict | None, str]:
    """The stored solution when it still stands for this level, else None and why not ("" when none)."""
    path = ws.solution_json(family.name, key)
    if not path.exists():
        return None, ""
    stored = ws.load_solution(family.name, key)
    if not isinstance(stored, dict):
        return None, f"the stored {path.name} is not a solution file"
    try:
        family.rank(stored), family.final(stored), family.summary(stored)
    except Exception as exc:  # any odd shape: it cannot be compared, so it is not kept
        return None, f"the stored {path.name} is not understood ({type(exc).__name__}: {exc})"
    if not solution_fits(family, level, stored, identity):
        return None, "the stored solution was for an earlier version of the level file"
    return stored, ""


def solution_fits(family, level, solution: dict, identity: str | None = None) -> bool:
    """Whether a stored solution solves this level (else it is stale).

    It records its level's identity; an older one without the record fits when
    the family's ``verify`` replays it (or when the family cannot replay).
    """
    recorded = solution.get("level_id")
    if recorded is not None:
        return recorded == (identity or level_identity(family, level))
    return family.verify is None or bool(family.verify(level, solution))


# --------------------------------------------------------------------- running

def execute(tasks: list[Task], opts: RunOptions) -> Iterator[Item]:
    """Run ``tasks``, yielding items in completion order (plan order when jobs=1); see :mod:`visolve.runner`."""
    return runner.execute(tasks, partial(run_task, opts=opts), opts.jobs, _worker_failed)


def _worker_failed(task: Task, exc: BaseException) -> Item:
    return Item(task.action, Path(task.path).name, False, "error", f"worker failed: {type(exc).__name__}: {exc}")


def solve_tasks_for(items: Iterable[Item], opts: RunOptions) -> list[Task]:
    """The solve tasks for the levels that a prepare run produced (handle).

    In a dry run nothing was written, so the tasks carry the level texts read.
    """
    seen = set()
    tasks = []
    for item in items:
        if not item.ok:
            continue
        texts = item.data.get("level_texts", [])
        for i, level_file in enumerate(item.level_files):
            if level_file in seen:
                continue
            seen.add(level_file)
            if opts.dry and i < len(texts) and item.status == "read":
                tasks.append(Task("solve", level_file, item.puzzle, texts[i]))
            elif Path(level_file).exists():
                tasks.append(Task("solve", level_file, item.puzzle))
    return tasks
