#!/usr/bin/env python3
"""Draw docs/overview.png: the overview page (``data/index.html``) after a run on the bundled examples.

The bundled example pictures of ``data/raw/`` (all drawn by visolve's own
painters) are copied into a temporary data folder with one picture of
nothing (random noise, to show a failed reading), ``visolve --handle-all``
runs there, and headless Chromium takes a screenshot of the page it wrote.

Needs Chromium (Debian: ``apt-get install chromium``; ``--chromium PATH``
for another).

    .venv/bin/python scripts/screenshot_overview.py [--out docs/overview.png] [--width 1100] [--height 900]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
#: Chromium flags for a screenshot on a machine without a display or a network
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync")


def make_data(folder: Path) -> Path:
    """A data folder with the examples handled (and one failed picture); returns its index.html."""
    from visolve.vision.imageio import save_image

    raw = folder / "raw"
    shutil.copytree(ROOT / "data" / "raw", raw)
    noise = np.random.default_rng(0).integers(0, 256, (480, 320, 3), dtype=np.uint8)
    save_image(raw / "blurry_photo.png", noise)
    visolve = Path(sys.executable).with_name("visolve")
    subprocess.run([str(visolve), "--handle-all", "--data", str(folder), "-q"], check=False)
    return folder / "index.html"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "overview.png")
    ap.add_argument("--width", type=int, default=1100)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = ap.parse_args(argv)
    if not Path(args.chromium).exists():
        print(f"Chromium not found at {args.chromium} (apt-get install chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        page = make_data(Path(tmp) / "data")
        profile = Path(tmp) / "profile"
        cmd = [args.chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
               f"--window-size={args.width},{args.height}", f"--screenshot={args.out.resolve()}", page.as_uri()]
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if res.returncode != 0 or not args.out.exists():
            print(res.stderr[-2000:], file=sys.stderr)
            return 1
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
