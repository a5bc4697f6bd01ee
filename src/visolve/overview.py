"""``DATA/index.html``: one page that shows every level of every family.

After a run that wrote something, :func:`write_index` gathers what the data
folder holds and writes a single self-contained page (inline CSS, a few lines
of JavaScript for the filters, no server, no network):

* one row per level file: a thumbnail of the solution picture, the family,
  the level, its status (``proven``, ``solved``, ``unsolved``, ``stale`` when
  the level file changed after it was solved, ``not solved`` when there is no
  solution yet), the family's one-line summary (moves, or the count), and
  links to the picture, the JSON and the level file;
* one row per picture in ``raw/`` whose last reading failed (from
  ``logs/history.log``), with the reason and a link to its ``--debug``
  overlay when there is one.

Rows are newest first; two drop-down filters (family, status) hide the rest.
Thumbnails (``thumbs/<puzzle>/<key>.jpg``, about :data:`THUMB_WIDTH` pixels
wide) are made from the solution pictures when missing or older.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from visolve import puzzles
from visolve.puzzles.base import level_identity
from visolve.workspace import Workspace, atomic_write_text

#: width of a thumbnail in pixels
THUMB_WIDTH = 160
#: statuses in the order the filter lists them
STATUSES = ("proven", "solved", "unsolved", "stale", "not solved", "failed")


@dataclass
class Row:
    """One line of the page."""

    puzzle: str
    level: str
    status: str
    detail: str
    when: float  #: modification time used for "newest first"
    links: dict[str, str] = field(default_factory=dict)  #: label -> path relative to DATA
    thumb: str | None = None


def write_index(ws: Workspace) -> Path:
    """Gather the rows, write ``index.html`` into the data folder (atomically); returns its path."""
    rows = level_rows(ws) + failed_reading_rows(ws)
    rows.sort(key=lambda r: r.when, reverse=True)
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
        level = family.parse_level(level_path.read_text(encoding="utf-8-sig"), str(level_path))
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
        path = ws.raw / picture
        if status != "error" or not path.is_file():
            continue
        links = {"picture": _rel(ws, path)}
        for overlay in sorted(ws.debug.glob(f"{Path(picture).stem}.*.png")):
            links[f"debug ({overlay.suffixes[0].strip('.')})"] = _rel(ws, overlay)
        rows.append(Row("-", picture, "failed", message, _timestamp(stamp, path), links))
    return rows


def render(rows: list[Row], generated: datetime) -> str:
    """The whole page as text."""
    families = sorted({r.puzzle for r in rows if r.puzzle != "-"})
    counts = {s: sum(r.status == s for r in rows) for s in STATUSES}
    summary = ", ".join(f"{n} {s}" for s, n in counts.items() if n) or "nothing yet"
    options_f = "".join(f'<option value="{_e(f)}">{_e(f)}</option>' for f in families)
    options_s = "".join(f'<option value="{s}">{s}</option>' for s in STATUSES if counts[s])
    body = "\n".join(_row_html(r) for r in rows)
    return _PAGE.format(
        generated=_e(generated.strftime("%Y-%m-%d %H:%M:%S")), summary=_e(summary),
        families=options_f, statuses=options_s, rows=body, n=len(rows),
    )


def _row_html(r: Row) -> str:
    thumb = (f'<a href="{_e(r.links["picture"])}"><img src="{_e(r.thumb)}" alt="" loading="lazy"></a>'
             if r.thumb else "")
    links = " ".join(f'<a href="{_e(href)}">{_e(label)}</a>' for label, href in r.links.items())
    when = datetime.fromtimestamp(r.when).strftime("%Y-%m-%d %H:%M")
    return (f'<tr data-family="{_e(r.puzzle)}" data-status="{_e(r.status)}">'
            f'<td class="t">{thumb}</td><td>{_e(r.puzzle)}</td><td>{_e(r.level)}</td>'
            f'<td><span class="s {_e(r.status.replace(" ", "-"))}">{_e(r.status)}</span></td>'
            f'<td>{_e(r.detail)}</td><td>{links}</td><td>{when}</td></tr>')


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


def write_thumbnail(ws: Workspace, puzzle: str, key: str, picture) -> None:
    """The page's thumbnail of a solution picture (BGR), written when the picture is.

    Shrunk bilinearly to twice the size, then averaged by exactly 2 (OpenCV's
    fast path): a few tenths of a millisecond instead of a few.
    """
    import cv2

    from visolve.vision.imageio import save_image

    h, w = picture.shape[:2]
    size = (THUMB_WIDTH, max(1, round(h * THUMB_WIDTH / w)))
    if w > 2 * THUMB_WIDTH:
        picture = cv2.resize(picture, (2 * size[0], 2 * size[1]), interpolation=cv2.INTER_LINEAR)
    small = cv2.resize(picture, size, interpolation=cv2.INTER_AREA)
    save_image(thumbnail_path(ws, puzzle, key), small, durable=False)  # a lost one is drawn again by the page


def _load_json(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _timestamp(stamp: str, fallback: Path) -> float:
    try:
        return datetime.fromisoformat(stamp).timestamp()
    except ValueError:
        return fallback.stat().st_mtime


def _rel(ws: Workspace, path: Path) -> str:
    try:
        return path.relative_to(ws.root).as_posix()
    except ValueError:
        return path.resolve().as_uri()


def _e(text: str) -> str:
    return html.escape(str(text), quote=True)


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>visolve: every level</title>
<style>
body {{ font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }}
h1 {{ font-size: 1.3em; margin: 0 0 .2em; }}
.meta {{ color: #666; margin-bottom: 1em; }}
table {{ border-collapse: collapse; width: 100%; background: #fff; }}
th, td {{ padding: .35em .6em; border-bottom: 1px solid #e4e4e4; text-align: left; vertical-align: middle; }}
th {{ background: #f0f0f0; position: sticky; top: 0; }}
td.t img {{ width: {thumb}px; display: block; }}
.s {{ padding: .1em .5em; border-radius: .8em; font-size: .9em; white-space: nowrap; }}
.proven {{ background: #d6f5dd; }} .solved {{ background: #e3f0ff; }} .unsolved {{ background: #ffe3c4; }}
.stale {{ background: #fff3b0; }} .not-solved {{ background: #eee; }} .failed {{ background: #ffd0d0; }}
label {{ margin-right: 1em; }}
</style></head>
<body>
<h1>visolve: every level</h1>
<div class="meta">{n} rows: {summary}. Written {generated}.</div>
<p><label>family <select id="family"><option value="">all</option>{families}</select></label>
<label>status <select id="status"><option value="">all</option>{statuses}</select></label></p>
<table><thead><tr><th>solution</th><th>family</th><th>level</th><th>status</th><th>result</th>
<th>files</th><th>when</th></tr></thead>
<tbody>
{rows}
</tbody></table>
<script>
function filt() {{
  var f = document.getElementById("family").value, s = document.getElementById("status").value;
  document.querySelectorAll("tbody tr").forEach(function (tr) {{
    tr.style.display = (!f || tr.dataset.family === f) && (!s || tr.dataset.status === s) ? "" : "none";
  }});
}}
document.getElementById("family").onchange = filt; document.getElementById("status").onchange = filt;
</script>
</body></html>
""".replace("{thumb}", str(THUMB_WIDTH))
