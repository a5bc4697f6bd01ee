"""``DATA/index.html``: one page that shows every level of every family.

After a run that wrote something, :func:`write_index` gathers what the data
folder holds and writes a single self-contained page
(:mod:`visolve.overview_page` makes its text: inline CSS and JavaScript, no
server, no network):

* one row per level file: a thumbnail of the solution picture, the family,
  the level, its status (``proven``, ``solved``, ``unsolved``, ``stale`` when
  the level file changed after it was solved, ``not solved`` when there is no
  solution yet), the family's one-line summary (moves, or the count), and
  links to the picture, the JSON and the level file;
* one row per booklet page ``visolve make`` drew (``booklet/FAMILY/``), linking its answers;
* one row per picture in ``raw/`` whose last reading failed (from
  ``logs/history.log``), with the reason and a link to its ``--debug``
  overlay when there is one.

Thumbnails (``thumbs/<puzzle>/<key>.jpg``) are the head of the solution
picture, :data:`THUMB_WIDTH` pixels wide and at most :data:`THUMB_HEIGHT`
high: the worker writes one with each picture (:func:`write_thumbnail`), and
the page makes one when it is missing or older than its picture.
"""

from __future__ import annotations

import glob
from datetime import datetime
from pathlib import Path

from visolve import puzzles
from visolve.names import original_name
from visolve.overview_page import STATUSES, THUMB_HEIGHT, THUMB_WIDTH, Row, render
from visolve.puzzles.base import level_identity
from visolve.workspace import Workspace, atomic_write_text, read_json

__all__ = ["STATUSES", "THUMB_HEIGHT", "THUMB_WIDTH", "Row", "render", "write_index", "write_thumbnail",
           "thumbnail_path", "level_rows", "failed_reading_rows", "booklet_rows"]


def write_index(ws: Workspace) -> Path:
    """Gather the rows, write ``index.html`` into the data folder (atomically); returns its path."""
    rows = level_rows(ws) + failed_reading_rows(ws) + booklet_rows(ws)
    path = ws.root / "index.html"
    atomic_write_text(path, render(rows, datetime.now()))
    return path


def level_rows(ws: Workspace) -> list[Row]:
    rows = []
    for name in puzzles.names():
        family = puzzles.get(name)
        for level_path in ws.level_files(name):
            rows.append(_level_row(ws, family, level_path))
    return rows


def _level_row(ws: Workspace, family, level_path: Path) -> Row:
    key = level_path.stem
    links = {"level file": _rel(ws, level_path)}
    level_name = key.removeprefix("level_")
    json_path, png_path = ws.solution_json(family.name, key), ws.solution_png(family.name, key)
    try:
        level = family.parse_level(ws.read_level_text(level_path), str(level_path))
        level_name = str(level.level)
    except Exception as exc:  # a broken level file is shown, not fatal
        return Row(family.name, level_name, "unsolved", f"level file does not parse: {exc}",
                   level_path.stat().st_mtime, links)
    solution = _load_json(json_path)
    if solution is None:
        return Row(family.name, level_name, "not solved", "no solution yet", level_path.stat().st_mtime, links)
    links["JSON"] = _rel(ws, json_path)
    status = "proven" if family.final(solution) else "solved" if solution.get("solved") else "unsolved"
    recorded = solution.get("level_id")
    if recorded is not None and recorded != level_identity(family, level):
        status = "stale"
    try:
        detail = family.summary(solution)
    except Exception as exc:  # an odd solution file is shown with its problem
        detail = f"solution file not understood: {type(exc).__name__}"
    thumb = None
    if png_path.exists():
        links["picture"] = _rel(ws, png_path)
        thumb = _thumbnail(ws, family.name, key, png_path)
    return Row(family.name, level_name, status, detail, json_path.stat().st_mtime, links, thumb)


def booklet_rows(ws: Workspace) -> list[Row]:
    """One row per booklet page that ``visolve make`` drew (``booklet/FAMILY/*-page-NN.png``), with its answers."""
    rows = []
    for name in puzzles.names():
        folder = ws.root / "booklet" / name
        if not folder.is_dir():
            continue
        for page in sorted(folder.glob("*-page-[0-9][0-9].png")):
            links = {"page": _rel(ws, page)}
            answers = page.with_name(page.name.replace("-page-", "-answers-"))
            if answers.is_file():
                links["answers"] = _rel(ws, answers)
            thumb = _thumbnail(ws, name, f"booklet_{page.stem}", page)
            rows.append(Row(name, page.stem, "booklet", "booklet page drawn by visolve make",
                            page.stat().st_mtime, {"picture": links["page"], **links}, thumb))
    return rows


def failed_reading_rows(ws: Workspace) -> list[Row]:
    """Pictures still in raw/ whose most recent prepare failed, from ``logs/history.log``."""
    last: dict[str, tuple[str, str, str]] = {}  # picture -> (time, status, message)
    history = ws.logs / "history.log"
    if history.is_file():
        for line in history.read_text(encoding="utf-8", errors="replace").splitlines():
            parts = line.split("\t")
            if len(parts) >= 5 and parts[1] == "prepare":
                last[parts[2]] = (parts[0], parts[3], "\t".join(parts[4:]))
    rows = []
    for picture, (stamp, status, message) in last.items():
        path = ws.raw / original_name(picture)  # history.log shows names escaped
        if status != "error" or not path.is_file():
            continue
        links = {"picture": _rel(ws, path)}
        for overlay in sorted(ws.debug.glob(f"{glob.escape(path.stem)}.*.png")):
            links[f"debug ({overlay.suffixes[0].strip('.')})"] = _rel(ws, overlay)
        rows.append(Row("-", path.name, "failed", message, _timestamp(stamp, path), links))
    return rows


def _thumbnail(ws: Workspace, puzzle: str, key: str, png: Path) -> str | None:
    """Path (relative to DATA) of an up-to-date thumbnail of ``png``; None when it cannot be made."""
    thumb = thumbnail_path(ws, puzzle, key)
    try:
        if not thumb.exists() or thumb.stat().st_mtime < png.stat().st_mtime:
            from visolve.vision.imageio import load_image

            write_thumbnail(ws, puzzle, key, load_image(png))
    except Exception:  # a thumbnail is a nicety: the row still links the picture
        return None
    return _rel(ws, thumb)


def thumbnail_path(ws: Workspace, puzzle: str, key: str) -> Path:
    return ws.root / "thumbs" / puzzle / f"{key}.jpg"


def write_thumbnail(ws: Workspace, puzzle: str, key: str, picture, whole: bool = False) -> None:
    """The page's thumbnail of a solution picture (BGR), written when the picture is.

    The head of the picture (its title and first board, where every family
    draws them) at :data:`THUMB_WIDTH` pixels wide, cut at :data:`THUMB_HEIGHT`;
    a ``whole`` picture (a family's ``paint_thumbnail``: the solved board) is
    fitted inside that box instead.  Only the rows that the thumbnail shows are
    shrunk, bilinearly to twice the size, then averaged by exactly 2 (OpenCV's
    fast path).
    """
    import cv2

    from visolve.vision.imageio import save_image

    h, w = picture.shape[:2]
    scale = min(THUMB_WIDTH / w, THUMB_HEIGHT / h) if whole else THUMB_WIDTH / w
    height = min(THUMB_HEIGHT, max(1, round(h * scale)))
    picture = picture[: min(h, max(1, round(height / scale)))]
    size = (max(1, round(w * scale)), height)
    if w > 2 * size[0]:
        picture = cv2.resize(picture, (2 * size[0], 2 * size[1]), interpolation=cv2.INTER_LINEAR)
    small = cv2.resize(picture, size, interpolation=cv2.INTER_AREA)
    save_image(thumbnail_path(ws, puzzle, key), small, durable=False)  # a lost one is drawn again by the page


def _load_json(path: Path) -> dict | None:
    data = read_json(path)  # None for a FIFO, a device, an over-large file: never read
    return data if isinstance(data, dict) else None


def _timestamp(stamp: str, fallback: Path) -> float:
    try:
        return datetime.fromisoformat(stamp).timestamp()
    except ValueError:
        return fallback.stat().st_mtime


def _rel(ws: Workspace, path: Path) -> str:
    """``path`` relative to the data folder, ``/``-separated (the page percent-encodes it), or a ``file:`` URI."""
    try:
        return path.relative_to(ws.root).as_posix()
    except ValueError:
        return path.resolve().as_uri()
