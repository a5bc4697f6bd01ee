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
from functools import partial
from pathlib import Path
from typing import Iterable, Iterator

from visolve import puzzles, runner
from visolve.errors import ImageLoadError, LevelFormatError, NotThisPuzzle, PartialRead, ReadError, VisolveError
from visolve.items import DRY_NOTE, Item, RunOptions, Task, level_id_of, task_name, writing
from visolve.names import shown_name, shown_text
from visolve.puzzles.base import level_identity, level_key
from visolve.selection import Selection
from visolve.solving import load_level, solution_fits, solve
from visolve.workspace import Workspace, atomic_write_text

__all__ = ["DRY_NOTE", "Item", "RunOptions", "Task", "execute", "level_id_of", "load_level", "plan_prepare",
           "plan_solve", "run_task", "solution_fits", "solve_tasks_for", "task_name"]

log = logging.getLogger("visolve")

#: score given to a family whose probe failed: tried, after the families that look likelier
PROBE_UNKNOWN = 0.01


# --------------------------------------------------------------------- planning

def _family_names(opts: RunOptions) -> list[str]:
    return [opts.puzzle] if opts.puzzle else puzzles.names()


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
            item = solve(Path(task.path), task.puzzle, opts, task.text)
    except VisolveError as exc:
        item = Item(task.action, task_name(task), False, "error", str(exc))
    except OSError as exc:  # a folder not writable, a disk full: name the file, no traceback
        where = exc.filename or task.path
        item = Item(task.action, task_name(task), False, "error",
                    f"cannot write {shown_name(_shown_path(str(where)))}: {exc.strerror or exc}")
    except Exception as exc:  # a bug: still one line for the user, details in the log
        log.debug("unexpected error on %s\n%s", shown_name(task.path), traceback.format_exc())
        item = Item(task.action, task_name(task), False, "error",
                    f"internal error: {type(exc).__name__}: {exc}")
    item.message = shown_text(item.message)
    if opts.dry:
        item.dry = True
        item.message += DRY_NOTE
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

    name = shown_name(path.name)  # also the level's source: a level file's line, never two
    if not path.exists():
        return Item("prepare", name, False, "error", f"no such file: {shown_name(str(path))}")
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
        except PartialRead as exc:  # a page with boards refused: the others are written, the item fails
            _write_debug(family, image, path, opts)
            _recent[:] = [family.name]
            return _store_levels(family, exc.levels, name, opts, refused=f"{family.name}: {exc}")
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
    except PartialRead as part:  # a page read in part is read: detection would read it again the same way
        return _store_levels(family, part.levels, name, opts, refused=f"{family.name}: {part}")
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
        log.warning("%s: debug overlay failed: %s", shown_name(path.name), exc)
        return
    writing(opts.workspace.debug / f"{path.stem}.{family.name}.png", save_image, overlay)


def _store_levels(family, levels: list, name: str, opts: RunOptions, refused: str = "") -> Item:
    """Write the level file of each level read from one picture; one item for all of them.

    A picture of several levels (a booklet page) lists each level's outcome in
    ``data["levels"]`` (the run log gives each its row).  ``refused``: why the
    picture's other boards were not read (a page read in part,
    :class:`~visolve.errors.PartialRead`): the item fails, naming them, and
    keeps the level files written.
    """
    items = [_store_level(family, level, name, opts) for level in levels]
    if len(items) == 1 and not refused:
        return items[0]
    first = items[0]
    failed = [it for it in items if not it.ok]
    kept = [it for it in items if it.ok]
    message = f"{len(levels)} levels: " + "; ".join(it.message for it in items)
    if refused:
        message = f"read in part: {message}; not read: {refused}"
    parts = [dict(level=it.level, status=it.status, ok=it.ok, message=it.message,
                  level_file=it.level_files[0] if it.level_files else "") for it in items]
    ok = not failed and not refused
    return Item("prepare", name, ok, first.status if ok else "error", message,
                puzzle=family.name, level=first.level, level_files=[f for it in kept for f in it.level_files],
                picture=name, data={"level_texts": [t for it in kept for t in it.data["level_texts"]],
                                    "level_ids": [i for it in kept for i in it.data["level_ids"]],
                                    "levels": parts})


def _store_level(family, level, name: str, opts: RunOptions) -> Item:
    ws = opts.workspace
    target = ws.level_file(family.name, level_key(level.level))
    text = family.format_level(level)
    identity = level_identity(family, level)
    common = dict(puzzle=family.name, level=level.level, level_files=[str(target)], picture=name,
                  data={"level_texts": [text], "level_ids": [identity]})
    if target.exists() and target.stat().st_size > 0:  # an empty one (a power cut) holds nothing to keep
        old_text = _text_quietly(target, ws)
        same_text = old_text == text  # up to date: no need to parse it
        old = None if same_text or old_text is None else _parse_quietly(family, old_text, target)
        if old is not None and old.level != level.level:
            return Item("prepare", name, False, "error",
                        f"{family.name} level {level.level!r} would go to {target.name}, which holds level "
                        f"{old.level!r}: rename the picture", puzzle=family.name, level=level.level, picture=name)
        if same_text or (old is not None and level_identity(family, old) == identity):
            return Item("prepare", name, True, "unchanged",
                        f"{family.name} level {level.level}: level file already up to date", **common)
        other = _other_picture(old, name)
        if other and not opts.force:
            return Item("prepare", name, False, "error", _shared_level(family, level, target, other),
                        puzzle=family.name, level=level.level, picture=name)
        if not opts.force:
            return Item("prepare", name, True, "kept",
                        f"{family.name} level {level.level}: kept the existing level file "
                        f"{target.name}, which differs from this picture (--force replaces it)", **common)
    if not opts.dry:
        writing(target, atomic_write_text, text)
    return Item("prepare", name, True, "read", f"{family.name} level {level.level} -> {target.name}", **common)


def _other_picture(old, name: str) -> str:
    """The picture an existing level file was read from, when it is not ``name`` ("" otherwise).

    A ``# comment`` added to the ``source`` line by hand, or a name cut there by
    one (``challenge #12.png`` is read back as ``challenge``), still names ``name``.
    """
    source = str(getattr(old, "source", "") or "").strip() if old is not None else ""
    name = name.strip()  # a level file's values lose their outer blanks
    if not source or source == name:
        return ""
    longer, shorter = (source, name) if len(source) > len(name) else (name, source)
    rest = longer[len(shorter):]
    same = longer.startswith(shorter) and rest[:1].isspace() and rest.lstrip().startswith("#")
    return "" if same else source


def _shared_level(family, level, target: Path, other: str) -> str:
    """The message when two different pictures give one level."""
    return (f"{family.name} level {level.level}: this picture and {other} both give level {level.level}, "
            f"and they differ; {target.name} keeps {other}'s (rename one of the pictures, "
            f"or --force replaces the level file with this one)")


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


# --------------------------------------------------------------------- running

def execute(tasks: list[Task], opts: RunOptions) -> Iterator[Item]:
    """Run ``tasks``, yielding items in completion order (plan order when jobs=1); see :mod:`visolve.runner`.

    Two pictures of one run that give the same level but differ are an error
    (:func:`one_picture_per_level`): in parallel, neither saw the other's file.
    """
    running = runner.execute(tasks, partial(run_task, opts=opts), opts.jobs, _worker_failed)
    try:
        yield from one_picture_per_level(running)
    finally:
        running.close()  # Ctrl-C or an early stop: the pool is torn down at once


def one_picture_per_level(items: Iterable[Item]) -> Iterator[Item]:
    """The items, a picture that gives a level an earlier picture of the run gave otherwise made an error."""
    read: dict[str, tuple[str, str]] = {}  # level file -> (picture, level identity)
    for item in items:
        ids = item.data.get("level_ids", []) if item.action == "prepare" else []  # a page read in part too
        clash = None
        for level_file, identity in zip(item.level_files, ids):
            picture, seen = read.setdefault(level_file, (item.picture, identity))
            if seen != identity and picture != item.picture:
                clash = (level_file, picture)
        if clash:
            level_file, picture = clash
            before = "" if item.ok else f"; {item.message}"
            item.ok, item.status = False, "error"
            item.message = (f"{item.puzzle} level {level_id_of(Path(level_file))}: this picture and {picture} "
                            f"both give this level, and they differ; {Path(level_file).name} holds one of them "
                            "(rename one of the pictures)" + before)
        yield item


def _worker_failed(task: Task, exc: BaseException) -> Item:
    return Item(task.action, Path(task.path).name, False, "error", f"worker failed: {type(exc).__name__}: {exc}")


def solve_tasks_for(items: Iterable[Item], opts: RunOptions) -> list[Task]:
    """The solve tasks for the levels that a prepare run produced (handle).

    In a dry run nothing was written, so the tasks carry the level texts read.
    """
    seen = set()
    tasks = []
    for item in items:  # a page read in part failed, but the levels it wrote are solved
        texts = item.data.get("level_texts", [])
        for i, level_file in enumerate(item.level_files):
            if level_file in seen:
                continue
            seen.add(level_file)
            if opts.dry and i < len(texts) and (item.status == "read" or not Path(level_file).exists()):
                tasks.append(Task("solve", level_file, item.puzzle, texts[i]))
            elif Path(level_file).exists():
                tasks.append(Task("solve", level_file, item.puzzle))
    return tasks
