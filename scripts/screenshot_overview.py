#!/usr/bin/env python3
"""Draw docs/overview.png, and check the overview page (``DATA/index.html``) at scale in headless Chromium.

Two uses:

* ``screenshot_overview.py [--out docs/overview.png]``: the bundled example
  pictures of ``data/raw/`` (all drawn by visolve's own painters) are copied
  into a temporary data folder with one picture of nothing (random noise, to
  show a failed reading), ``visolve --handle-all`` runs there, and a
  screenshot of the page it wrote is taken.
* ``screenshot_overview.py --levels 500 [--runs 5] [--page FILE]``: a data
  folder with the first 500 circuit500 levels of ``../shared/circuit500/levels.jsonl``
  (third-party: written only into a temporary folder), solved with
  ``visolve --solve-all --jobs 2``; then, in a fresh browser for each of
  ``--runs`` runs, the time from navigation start to the first screen
  (every image inside the first viewport loaded, and two frames drawn after
  that), first contentful paint and the ``load`` event (medians printed),
  and what a thumbnail costs the batch (CPU per level, beside the PNG);
  then a search for every level (its number typed into the search box, in
  page) must show exactly that level's row, and a few are typed as keys.
  ``--page FILE`` measures another page of the same folder instead of
  ``index.html`` (e.g. a copy of an older page).  ``--keep DIR`` keeps the
  folder (and reuses it when it exists).

Needs Chromium (Debian: ``apt-get install chromium``; ``--chromium PATH`` or
``$CHROMIUM`` for another), driven through ``scripts/chromium_pipe.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("VISOLVE_SHARED", ROOT.parent / "shared"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from chromium_pipe import Chromium, find_chromium  # noqa: E402  (a sibling script)

#: JavaScript run at the start of the document: resolves ``window.__firstScreen`` with
#: performance.now() once every image inside the first viewport is loaded and two frames were
#: drawn after that with it still so.  An IntersectionObserver says which images are inside (asking
#: each image its place would force the layout of rows the page leaves unrendered off screen); an
#: image not laid out yet, at 0x0 in the viewport, is inside.  null after 30 s.
FIRST_SCREEN = r"""
window.__firstScreen = new Promise(function (resolve) {
  var inside = new Set(), reported = false, waiting = false;
  function ready() {
    return reported && Array.from(inside).every(function (im) { return im.complete; });
  }
  function check() {
    if (!ready() || waiting) return;
    waiting = true;
    requestAnimationFrame(function () { requestAnimationFrame(function () {
      waiting = false;
      if (ready()) resolve(performance.now()); else check();
    }); });
  }
  var io = new IntersectionObserver(function (entries) {
    entries.forEach(function (e) { if (e.isIntersecting) inside.add(e.target); else inside.delete(e.target); });
    reported = true;
    check();
  });
  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.images, function (im) {
      io.observe(im);
      im.addEventListener("load", check);
      im.addEventListener("error", check);
    });
    if (!document.images.length) { reported = true; check(); }
  });
  setTimeout(function () { resolve(null); }, 30000);
});
"""

#: the timings of the page load, read after the first screen
TIMINGS = r"""
(async function () {
  var screen = await window.__firstScreen, nav = performance.getEntriesByType("navigation")[0];
  var fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {screen: screen, fcp: fcp ? fcp.startTime : null, load: nav.loadEventEnd,
          dcl: nav.domContentLoadedEventEnd, height: document.documentElement.scrollHeight,
          loaded: Array.prototype.filter.call(document.images, function (i) { return i.complete; }).length,
          images: document.images.length};
})()
"""

#: types every row's level (and "family level") into the search box and lists the rows where the
#: rows shown are not exactly those with that level (resp. that one row); reads cells, not the page's data
SEARCH_ALL = r"""
(function () {
  var q = document.getElementById("q"), rows = Array.prototype.slice.call(document.querySelectorAll("tbody tr"));
  var cell = function (tr, i) { return tr.cells[i].textContent.trim(); };
  var shown = function () { return rows.filter(function (tr) { return tr.getClientRects().length > 0; }); };
  var bad = [], checked = 0;
  rows.forEach(function (tr) {
    var family = cell(tr, 1), level = cell(tr, 2);
    if (!/^\d+$/.test(level)) return;
    q.value = level; q.dispatchEvent(new Event("input"));
    var s1 = shown();
    if (s1.indexOf(tr) < 0 || s1.some(function (o) { return cell(o, 2) !== level; })) bad.push(level + ": " + s1.length);
    q.value = family + " " + level; q.dispatchEvent(new Event("input"));
    var s2 = shown();
    if (s2.length !== 1 || s2[0] !== tr) bad.push(family + " " + level + ": " + s2.length);
    checked += 1;
  });
  q.value = ""; q.dispatchEvent(new Event("input"));
  return {checked: checked, rows: rows.length, bad: bad, all_back: shown().length};
})()
"""


def make_data(folder: Path) -> Path:
    """A data folder with the examples handled (and one failed picture); returns its index.html."""
    import numpy as np

    from visolve.vision.imageio import save_image

    raw = folder / "raw"
    shutil.copytree(ROOT / "data" / "raw", raw)
    noise = np.random.default_rng(0).integers(0, 256, (480, 320, 3), dtype=np.uint8)
    save_image(raw / "blurry_photo.png", noise)
    subprocess.run([_visolve(), "--handle-all", "--data", str(folder), "-q"], check=False)
    return folder / "index.html"


def make_levels(folder: Path, count: int) -> float:
    """``count`` circuit500 level files from ../shared solved by ``--solve-all --jobs 2``; its wall seconds."""
    from visolve import puzzles
    from visolve.puzzles.base import level_key
    from visolve.puzzles.circuit500.model import Level, make_grid, parse_token
    from visolve.workspace import Workspace, atomic_write_text

    source = SHARED / "circuit500" / "levels.jsonl"
    if not source.is_file():
        raise SystemExit(f"third-party data not available: {source} (put ../shared beside the checkout)")
    ws, family = Workspace.at(folder), puzzles.get("circuit500")
    for line in source.read_text().splitlines()[:count]:
        rec = json.loads(line)
        level = Level(rec["level"], make_grid([[parse_token(t) for t in row] for row in rec["grid"]]))
        atomic_write_text(ws.level_file("circuit500", level_key(level.level)), family.format_level(level))
    start = time.perf_counter()
    subprocess.run([_visolve(), "--solve-all", "--jobs", "2", "--data", str(folder), "-q"], check=True)
    return time.perf_counter() - start


def thumbnail_cost(folder: Path) -> tuple[float, float]:
    """Median CPU milliseconds per level of the page's thumbnail and of the solution PNG it is made with.

    Both written from the sheets the batch drew, as the worker does (into a scratch folder).
    """
    from visolve.overview import write_thumbnail
    from visolve.vision.imageio import load_image, save_image
    from visolve.workspace import Workspace

    thumb, png = [], []
    with tempfile.TemporaryDirectory() as scratch:
        ws = Workspace.at(scratch)
        for sheet in sorted((folder / "solutions" / "circuit500").glob("level_*.png")):
            picture = load_image(sheet)
            start = time.process_time()
            write_thumbnail(ws, "circuit500", sheet.stem, picture)
            thumb.append(time.process_time() - start)
            start = time.process_time()
            save_image(Path(scratch) / "sheet.png", picture, durable=False)
            png.append(time.process_time() - start)
    return 1000 * statistics.median(thumb), 1000 * statistics.median(png)


def _visolve() -> str:
    return str(Path(sys.executable).with_name("visolve"))


def first_screen(chromium: str, url: str, runs: int, width: int, height: int) -> list[dict]:
    """The page's timings (:data:`TIMINGS`) in a fresh browser for each run."""
    results = []
    for _ in range(runs):
        with Chromium(chromium, width, height) as page:
            page.open(url, before=FIRST_SCREEN)
            results.append(page.evaluate(TIMINGS))
    return results


def search_check(chromium: str, url: str, typed: list[str], width: int, height: int) -> dict:
    """:data:`SEARCH_ALL` in page, then each of ``typed`` typed as keys: how many rows each shows."""
    with Chromium(chromium, width, height) as page:
        page.open(url)
        result = page.evaluate(SEARCH_ALL)
        result["typed"] = {}
        for text in typed:
            page.type_text("#q", text)
            result["typed"][text] = page.evaluate(
                "Array.prototype.filter.call(document.querySelectorAll('tbody tr'),"
                " function (tr) { return tr.getClientRects().length > 0; })"
                ".map(function (tr) { return tr.cells[1].textContent + ' ' + tr.cells[2].textContent; })")
    return result


def screenshot(chromium: str, url: str, out: Path, width: int, height: int) -> None:
    with Chromium(chromium, width, height) as page:
        page.open(url, before=FIRST_SCREEN)
        page.evaluate("window.__firstScreen")
        page.screenshot(out)


def at_scale(args: argparse.Namespace, folder: Path) -> int:
    """The ``--levels`` checks; 0 when the page passed them."""
    if not (folder / "levels").is_dir():
        print(f"solve-all --jobs 2 on {args.levels} levels: {make_levels(folder, args.levels):.1f} s wall")
    else:
        from visolve.overview import write_index
        from visolve.workspace import Workspace

        start = time.perf_counter()
        write_index(Workspace.at(folder))
        print(f"index.html written again in {time.perf_counter() - start:.2f} s")
    thumb_ms, png_ms = thumbnail_cost(folder)
    print(f"thumbnail per level: median {thumb_ms:.2f} ms CPU (the solution PNG it goes with: {png_ms:.2f} ms)")
    page = folder / (args.page or "index.html")
    url = page.resolve().as_uri()
    print(f"{page.name}: {page.stat().st_size} bytes")
    timings = first_screen(args.chromium, url, args.runs, args.width, args.height)
    for key in ("screen", "fcp", "dcl", "load"):
        values = [t[key] for t in timings if t[key] is not None]
        print(f"  {key:6}: median {statistics.median(values):7.1f} ms  (runs: "
              + ", ".join(f"{v:.0f}" for v in values) + ")" if values else f"  {key}: none")
    last = timings[-1]
    print(f"  page height {last['height']} px; images loaded at the load event: {last['loaded']} of {last['images']}")
    if args.page:
        return 0
    found = search_check(args.chromium, url, ["212", "circuit500 7", "level 42"], args.width, args.height)
    print(f"search: {found['checked']} of {found['rows']} rows checked, {len(found['bad'])} wrong"
          f" {found['bad'][:5]}; all {found['all_back']} rows back after clearing")
    for text, rows in found["typed"].items():
        print(f"  typed {text!r}: {rows}")
    return 1 if found["bad"] or found["checked"] != args.levels else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "overview.png")
    ap.add_argument("--width", type=int, default=1100)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--chromium", default=find_chromium())
    ap.add_argument("--levels", type=int, default=0, help="check the page on this many circuit500 levels")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--page", help="with --levels: measure this page of the folder instead of index.html")
    ap.add_argument("--keep", type=Path, help="with --levels: the data folder to use and keep")
    args = ap.parse_args(argv)
    if not args.chromium:
        print("Chromium not found (apt-get install chromium, or --chromium PATH)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        if args.levels:
            return at_scale(args, args.keep or Path(tmp) / "data")
        page = make_data(Path(tmp) / "data")
        screenshot(args.chromium, page.resolve().as_uri(), args.out, args.width, args.height)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
