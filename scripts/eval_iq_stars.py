"""Evaluate the IQ Stars reader on the issue-16 targets.

Sets (each picture read once; exact / refused / misread):

* ``real``: the pictures of ``../shared/iq-stars/pictures`` that show a
  challenge or a full board, and each turned half a turn
  (``testing.real_cases``); the product photo is read too and reported;
* ``drawn``: the 120 booklet challenges (``challenges.json``) drawn by the
  project's painter at a random scale;
* ``photos``: synthetic phone photos (``visolve.testing.photograph_jpeg``)
  of the booklet challenges drawn and of random one-solution challenges
  (``testing.synthetic_cases``), half each.

Prepare time: decoding the photo's JPEG file and reading it, on one core
(OpenCV single-threaded; process CPU time, as the machine is shared), the
median over ``--timed`` photos of each of 3 runs, then the median of the 3.

    python scripts/eval_iq_stars.py --photos 320
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_stars import testing
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.painter import draw_challenge
from visolve.puzzles.iq_stars.reader import read
from visolve.testing import photograph_jpeg

ROOT = Path(__file__).resolve().parents[1]
RUNS = 3


def _outcome(image: np.ndarray, truth: Level, name: str) -> tuple[str, str]:
    try:
        got = read(image, name)
    except (NotThisPuzzle, ReadError) as exc:
        return "refused", str(exc)
    return ("exact", "") if got == truth else ("misread", f"read {got.rows}, truth {truth.rows}")


class Tally:
    """Exact / refused / misread counts of one set, with the reasons kept."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.counts = {"exact": 0, "refused": 0, "misread": 0}
        self.notes: list[str] = []

    def add(self, case: str, outcome: tuple[str, str]) -> None:
        self.counts[outcome[0]] += 1
        if outcome[0] != "exact":
            self.notes.append(f"  {outcome[0]} {case}: {outcome[1]}")

    def report(self, verbose: bool) -> None:
        c = self.counts
        print(f"{self.name}: {sum(c.values())} pictures, {c['exact']} exact, {c['refused']} refused, {c['misread']} misread")
        if verbose or c["misread"]:
            print("\n".join(self.notes))


def booklet(shared: Path) -> list[Level]:
    """The 120 booklet challenges, numbered as in the booklet."""
    data = json.loads((shared / "iq-stars" / "challenges.json").read_text())["challenges"]
    return [Level(e["number"], tuple(e["challenge"])) for e in data]


def real_set(shared: Path, verbose: bool) -> None:
    tally = Tally("real pictures (each also turned half a turn)")
    for case in testing.real_cases(shared):
        tally.add(case.name, _outcome(case.image, case.truth[0], case.name))
    tally.report(verbose)
    photo = cv2.imread(str(shared / "iq-stars" / "pictures" / "smartgames_product_photo_anu.jpg"))
    if photo is not None:
        try:
            read(photo, "product.jpg")
            print("product photo: read (no truth to compare)")
        except (NotThisPuzzle, ReadError) as exc:
            print(f"product photo: refused ({type(exc).__name__}: {exc})")


def drawn_set(levels: list[Level], seed: int, verbose: bool) -> None:
    tally = Tally("booklet challenges drawn by the painter")
    rng = random.Random(seed)
    for level in levels:
        name = f"{level.level}.png"
        picture = draw_challenge(level, pitch=rng.uniform(*testing.PHOTO_PITCH))
        tally.add(name, _outcome(picture, Level(level.level, level.rows, name), name))
    tally.report(verbose)


def photo_files(levels: list[Level], n: int, seed: int) -> list[tuple[str, bytes, Level]]:
    """``n`` photos (JPEG bytes): booklet challenges and random ones in turn."""
    out = []
    rng = random.Random(seed)
    for i in range(n):
        if i % 2 == 0:
            level = levels[(i // 2) % len(levels)]
            picture = draw_challenge(level, pitch=rng.uniform(*testing.PHOTO_PITCH))
        else:
            picture, level = testing.drawn_challenge(i, seed)
        data, _h = photograph_jpeg(picture, np.random.default_rng([seed, i]))
        name = f"{level.level}.jpg"
        out.append((name, data, Level(level.level, level.rows, name)))
    return out


def _prepare(data: bytes, name: str):
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    try:
        return read(image, name)
    except (NotThisPuzzle, ReadError):
        return None


def photo_set(levels: list[Level], n: int, timed: int, seed: int, verbose: bool) -> None:
    files = photo_files(levels, n, seed)
    tally = Tally(f"photos ({n // 2 + n % 2} of booklet challenges, {n // 2} of random one-solution ones)")
    for k, (name, data, truth) in enumerate(files):
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        tally.add(f"#{k} {name}", _outcome(image, truth, name))
    tally.report(verbose)
    medians = []
    for _run in range(RUNS):
        times = []
        for name, data, _truth in files[:timed]:
            t0 = time.process_time()
            _prepare(data, name)
            times.append(time.process_time() - t0)
        medians.append(statistics.median(times))
    print(f"prepare (decode + read) per photo, one core, CPU time: median {1000 * statistics.median(medians):.0f} ms "
          f"(runs {', '.join(f'{1000 * m:.0f}' for m in medians)} ms, {timed} photos)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--photos", type=int, default=320, help="synthetic photos (booklet and random in turn)")
    ap.add_argument("--timed", type=int, default=60, help="photos timed for the prepare figure")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true", help="list every refusal")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    if not (args.shared / "iq-stars" / "challenges.json").is_file():
        print(f"no IQ Stars data under {args.shared}", file=sys.stderr)
        return 2
    levels = booklet(args.shared)
    real_set(args.shared, args.verbose)
    drawn_set(levels, args.seed, args.verbose)
    photo_set(levels, args.photos, min(args.timed, args.photos), args.seed, args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
