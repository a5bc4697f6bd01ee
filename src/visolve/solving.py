"""Solving one level file: load it, keep or replace the stored solution, draw the picture."""

from __future__ import annotations

from pathlib import Path

from visolve import puzzles
from visolve.errors import LevelFormatError
from visolve.items import Item, RunOptions, Task, level_id_of, task_name, writing
from visolve.names import one_line
from visolve.puzzles.base import SolveOptions, level_identity, level_key
from visolve.workspace import Workspace, atomic_write_json


def load_level(family, path: Path, ws: Workspace, text: str | None = None):
    """Parse a level file (or its text) and check that its header agrees with its file name."""
    if text is None:
        try:
            text = ws.read_level_text(path)
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) else exc
            raise LevelFormatError(f"cannot read level file: {why}", path=path.name) from None
    level = family.parse_level(text, path.name)
    expected = level_key(level.level)
    if expected != path.stem:
        line = next((i for i, row in enumerate(text.splitlines(), 1)
                     if row.lstrip("\ufeff").split("=")[0].strip() == "level"), 0)
        raise LevelFormatError(f"level = {level.level} disagrees with the file name "
                               f"(that level belongs in {expected}.txt)", line=line, path=path.name)
    return level


def solve(path: Path, puzzle: str, opts: RunOptions, text: str | None = None) -> Item:
    family = puzzles.get(puzzle)
    ws = opts.workspace
    key = path.stem
    name = task_name(Task("solve", str(path), puzzle))
    try:
        level = load_level(family, path, ws, text)
    except LevelFormatError as exc:
        return Item("solve", name, False, "error", str(exc), puzzle=puzzle, level=level_id_of(path))
    identity = level_identity(family, level)
    common = dict(puzzle=puzzle, level=level.level, level_files=[str(path)],
                  picture=one_line(getattr(level, "source", "") or ""))  # as the level file shows it
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
        return Item("solve", name, ok, status, message, data=solution, **common)
    if existing is not None and family.rank(existing) < family.rank(solution):
        return Item("solve", name, ok, "kept",
                    f"{message}; kept the better stored solution: {family.summary(existing)}",
                    data=solution, **common)
    message += _write_picture(family, level, solution, ws, key, opts.hint)
    writing(ws.solution_json(puzzle, key), atomic_write_json, solution)  # last: a stored JSON has its picture
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
        writing(target, save_image, family.paint_hint(level, solution), durable=False)
        return f"; hint -> {target.name}"
    picture = family.paint(level, solution)
    writing(ws.solution_png(family.name, key), save_image, picture, durable=False)
    from visolve.overview import thumbnail_path, write_thumbnail

    # the thumbnail is made here, in the worker: the page need not redo it; a family may draw
    # its solved board for it, else it is the head of the solution picture
    whole = family.paint_thumbnail is not None
    thumb = family.paint_thumbnail(level, solution) if whole else picture
    writing(thumbnail_path(ws, family.name, key), lambda _path: write_thumbnail(ws, family.name, key, thumb, whole))
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
