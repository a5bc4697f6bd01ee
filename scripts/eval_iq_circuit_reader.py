#!/usr/bin/env python3
"""Measure the IQ Circuit reader: booklet frames, screenshots at other scales, photos, rejection.

    .venv/bin/python scripts/eval_iq_circuit_reader.py [--shared ../shared] [--photos N] [--seed S]
        [--runs 3] [--distractors N] [--save DIR] [-v]

Sets (each picture read ``--runs`` times; its time is the median of those runs):

* ``frames``: every ``iq-circuit/frames/N.png``, compared with level N of
  ``levels.json`` (kind, every cell, the pre-placed pieces, the level number);
* ``scaled``: the frames resized to 0.6x, 1.7x and 3.1x (screenshots at other
  sizes), one scale per frame in turn;
* ``photo-frames`` / ``photo-expert`` / ``photo-master`` / ``photo-wizard``:
  ``--photos N`` synthetic phone photos (:func:`visolve.vision.synth.photograph`,
  full strength, random frame and size), half of them of the frames, the other
  half of challenges drawn by the painter from random solved boards (Expert,
  Master with 1-4 pre-placed dot-face pieces, Wizard in turn, 30-70 px per
  cell).  Photo ``i`` depends only on ``--seed`` and ``i``;
* ``reject-circuit500``: every picture under ``circuit500/`` must raise
  NotThisPuzzle; ``reject-distractors``: ``--distractors N`` pictures from
  :func:`visolve.vision.synth.iter_distractors` likewise.

Prints failures with their reasons (``WRONG`` = read without doubt but not
what was drawn: the worst outcome; ``ReadError`` / ``NotThisPuzzle`` = refused)
and per set: pictures right, median and slowest read time.  ``--save DIR``
writes the failing pictures there.  Exit status 1 when anything is wrong.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, VisolveError
from visolve.puzzles.iq_circuit.levelfile import from_booklet_data
from visolve.puzzles.iq_circuit.painter import draw_challenge
from visolve.puzzles.iq_circuit.reader import read
from visolve.puzzles.iq_circuit.solver import random_challenge
from visolve.vision.synth import iter_distractors, photograph

ROOT = Path(__file__).resolve().parents[1]
SCALES = (0.6, 1.7, 3.1)
KINDS = ("expert", "master", "wizard")


def compare(got, want) -> list[str]:
    diffs = []
    if got.kind != want.kind:
        diffs.append(f"kind {got.kind} != {want.kind}")
    for y in range(4):
        for x in range(8):
            if got.grid[y][x] != want.grid[y][x]:
                diffs.append(f"cell ({x},{y}) {got.grid[y][x]!r} != {want.grid[y][x]!r}")
    gp = {(p.piece, frozenset(p.cells())) for p in got.pieces}
    wp = {(p.piece, frozenset(p.cells())) for p in want.pieces}
    if gp != wp:
        diffs.append(f"pieces {sorted(p.text() for p in got.pieces)} != {sorted(p.text() for p in want.pieces)}")
    return diffs


@dataclass
class Tally:
    name: str
    total: int = 0
    right: int = 0
    wrong: int = 0  # read without doubt, but not what was drawn
    times: list = field(default_factory=list)
    failures: list = field(default_factory=list)

    def line(self) -> str:
        t = sorted(self.times)
        med = statistics.median(t) * 1000 if t else 0.0
        top = t[-1] * 1000 if t else 0.0
        return (
            f"{self.name:<18} {self.right:>4}/{self.total:<4} right  wrong {self.wrong:<3} "
            f"refused {self.total - self.right - self.wrong:<3} median {med:7.1f} ms  slowest {top:7.1f} ms"
        )


def timed(image: np.ndarray, name: str, runs: int):
    """(level or exception, median seconds over ``runs`` reads)."""
    times, out = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        try:
            out = read(image, name)
        except VisolveError as exc:
            out = exc
        times.append(time.perf_counter() - t0)
    return out, statistics.median(times)


def check_read(tally: Tally, image: np.ndarray, name: str, want, runs: int, save: Path | None, verbose: bool):
    got, t = timed(image, name, runs)
    tally.total += 1
    tally.times.append(t)
    if isinstance(got, Exception):
        reason = f"{type(got).__name__}: {got}"
    else:
        diffs = compare(got, want)
        if not diffs and (want.level is None or got.level == want.level):
            tally.right += 1
            if verbose:
                print(f"  {tally.name:<16} {name:<28} ok  {t * 1000:.0f} ms")
            return
        tally.wrong += 1
        reason = "WRONG " + "; ".join(diffs[:4] or [f"level {got.level!r} != {want.level!r}"])
    tally.failures.append((name, reason))
    print(f"  {tally.name:<16} {name:<28} {reason}")
    if save is not None:
        cv2.imwrite(str(save / (Path(name).stem + ".png")), image)  # lossless: the exact pixels read


def check_reject(tally: Tally, image: np.ndarray, name: str, runs: int, save: Path | None, verbose: bool):
    got, t = timed(image, name, runs)
    tally.total += 1
    tally.times.append(t)
    if isinstance(got, NotThisPuzzle):
        tally.right += 1
        if verbose:
            print(f"  {tally.name:<16} {name:<28} rejected ({got})  {t * 1000:.0f} ms")
        return
    if isinstance(got, Exception):
        reason = f"{type(got).__name__} instead of NotThisPuzzle: {got}"
    else:
        tally.wrong += 1
        reason = f"WRONG: read as a {got.kind} board"
    tally.failures.append((name, reason))
    print(f"  {tally.name:<16} {name:<28} {reason}")
    if save is not None:
        cv2.imwrite(str(save / (Path(name).stem + ".png")), image)


def drawn_challenge(i: int, seed: int):
    """The painter's drawing of a random challenge (kind by ``i``), and the challenge."""
    rng = random.Random(f"{seed}-{i}")
    level = random_challenge(rng, KINDS[i % 3], level=None)
    pitch = rng.randint(30, 70)
    return draw_challenge(level, pitch=pitch), level


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--photos", type=int, default=0, metavar="N", help="synthetic photos to read (half of frames)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--runs", type=int, default=3, help="reads per picture; its time is the median")
    ap.add_argument("--distractors", type=int, default=40, metavar="N")
    ap.add_argument("--save", help="write failing pictures to this folder")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    shared = Path(args.shared)
    iq = shared / "iq-circuit"
    if not (iq / "levels.json").exists():
        print(f"no iq-circuit/levels.json in {shared}", file=sys.stderr)
        return 2
    save = Path(args.save) if args.save else None
    if save:
        save.mkdir(parents=True, exist_ok=True)
    levels = {e["level"]: from_booklet_data(e) for e in json.loads((iq / "levels.json").read_text())["levels"]}
    frames = sorted((iq / "frames").glob("*.png"), key=lambda p: int(p.stem))
    images = {p: cv2.imread(str(p), cv2.IMREAD_COLOR) for p in frames}
    tallies: dict[str, Tally] = {}

    def tally(name: str) -> Tally:
        return tallies.setdefault(name, Tally(name))

    print("frames (exact against levels.json):")
    for path in frames:
        check_read(tally("frames"), images[path], path.name, levels[int(path.stem)], args.runs, save, args.verbose)
    print("screenshots at other scales:")
    for k, path in enumerate(frames):
        f = SCALES[k % len(SCALES)]
        img = cv2.resize(images[path], None, fx=f, fy=f, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC)
        check_read(tally("scaled"), img, f"{path.stem}_x{f}.png", levels[int(path.stem)], args.runs, save, args.verbose)
    if args.photos:
        print(f"photos (seed {args.seed}):")
    for i in range(args.photos):
        rng = np.random.default_rng([args.seed, i])
        if i % 2 == 0:
            path = frames[(i // 2) % len(frames)]
            photo, _h = photograph(images[path], rng)
            name = f"{path.stem}_photo{i}.jpg"
            check_read(tally("photo-frames"), photo, name, levels[int(path.stem)], args.runs, save, args.verbose)
        else:
            img, level = drawn_challenge(i // 2, args.seed)
            photo, _h = photograph(img, rng)
            name = f"drawn_{level.kind}_photo{i}.jpg"
            check_read(tally(f"photo-{level.kind}"), photo, name, level, args.runs, save, args.verbose)
    c500 = sorted(p for p in (shared / "circuit500").rglob("*") if p.suffix.lower() in (".png", ".jpg", ".jpeg"))
    if c500:
        print("circuit500 pictures (must be rejected):")
    for p in c500:
        img = cv2.imread(str(p), cv2.IMREAD_COLOR)
        if img is not None:
            check_reject(tally("reject-circuit500"), img, str(p.relative_to(shared)), args.runs, save, args.verbose)
    if args.distractors:
        print(f"vision.synth distractors (seed {args.seed}, must be rejected):")
    for i, (label, img) in enumerate(iter_distractors(args.distractors, args.seed)):
        check_reject(tally("reject-distractors"), img, f"distractor_{i:03d}_{label}", args.runs, save, args.verbose)

    print()
    print(f"reads per picture: {args.runs} (time = median of them)")
    for t in tallies.values():
        print(t.line())
    photos = [t for n, t in tallies.items() if n.startswith("photo-")]
    if photos:
        right = sum(t.right for t in photos)
        total = sum(t.total for t in photos)
        times = sorted(x for t in photos for x in t.times)
        print(f"{'photos, all':<18} {right:>4}/{total:<4} right  median {statistics.median(times) * 1000:.1f} ms")
    bad = any(t.right != t.total for t in tallies.values())
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
