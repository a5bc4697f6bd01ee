#!/usr/bin/env python3
"""Measure a family's reader: exact reads, refusals, misreads and time, on any registered family.

The pictures come from the family's testing module (``PuzzleFamily.testing``):

* ``real_cases(shared)`` -- the third-party pictures in ``--shared`` with
  their truth, reported per set (the folder below the family's: for
  circuit500 ``raw``, ``scaled``, ``photos``; for iq-circuit ``frames``,
  ``scaled``);
* ``--synth N`` -- ``synthetic_cases(N, seed, strength)``: photos of the
  project's own drawings;
* ``--scenes N`` -- :func:`visolve.testing.scenes.cases`: randomized
  scenes drawn independently of the family's painter (print styles,
  booklet layouts, physical pieces with height and shadow, any camera);
  a misread is reported with the scene's name (its seed is ``--seed``,
  its index the number in the name);
* ``--held-out N`` -- :func:`visolve.testing.scenes.held_out_cases`:
  scenes of the kind of the held-out photo issue 25 describes (IQ XOXO:
  open booklets of 12 challenges; Genius Square: solved boards seen a
  little from the front);
* ``--real-photos N`` -- synthetic photos of the first real set's pictures
  (:func:`visolve.testing.photograph`, photo ``j`` of picture ``j mod n``
  on the random stream ``[seed, 2 j]``);
* ``--distractors N`` -- pictures of something else
  (:func:`visolve.testing.iter_distractors`) and ``--others`` -- every
  other registered family's real pictures: all must be refused.

A picture is *exact* when the reader returns the levels of its truth,
*refused* when it raises ``NotThisPuzzle`` or ``ReadError`` (with a reason),
and *misread* (``WRONG``) when it returns anything else: the worst outcome.
A page read in part (``PartialRead``: some boards refused, the others
read) is refused as a picture, misread when a level it gives is wrong; the
``levels`` line counts each level a page shows: read exactly, refused
(named in a refusal), or misread (read wrong, or left out unsaid).
Times are per picture, the median of ``--runs`` runs, on one OpenCV thread,
on the process CPU clock (``--clock wall`` for the wall clock); ``load`` is
decoding the picture's file (real pictures), ``decode`` for synthetic
photos is decoding the photo saved as a JPEG (quality 95), ``prepare`` =
load or decode + read.  Exit status 1 when a picture is misread, a
distractor or another family's picture is accepted, or a real picture of a
set without ``photo`` in its name is refused.

``--record FILE`` writes one JSON line per picture read, and ``--cache DIR`` keeps the scenes drawn
for the next run (:mod:`eval_record`); ``scripts/compare_evals.py`` compares two records picture by
picture.

    .venv/bin/python scripts/eval_reader.py [--puzzle circuit500] [--shared ../shared] [--runs 3]
    .venv/bin/python scripts/eval_reader.py --puzzle circuit500 --synth 500 --seed 0 --distractors 60 --synth-only
    .venv/bin/python scripts/eval_reader.py --puzzle genius-square --scenes 100 --seed 0 --runs 1 --synth-only
    .venv/bin/python scripts/eval_reader.py --puzzle iq-circuit --synth 160 --real-photos 160 --distractors 60 --others
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import statistics
import sys
import time
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

import cv2
import numpy as np

from visolve import puzzles
from visolve.errors import NotThisPuzzle, PartialRead, ReadError
from visolve.puzzles.base import Case
from visolve.vision.imageio import load_image

if str(Path(__file__).resolve().parent) not in sys.path:  # this folder's own modules, however this one is loaded
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_record import Record, cached_cases  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: "wall" (perf_counter) or "cpu" (process_time: the time this process
#: computed, which on a busy shared machine is the fair one-core figure)
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
#: JPEG quality of the synthetic photos when their decoding is timed
DECODE_QUALITY = 95
#: pictures this large (megapixels) or larger are timed apart: the issue's target is a 12 MP photo
LARGE_MP = 10.0


@dataclass
class Tally:
    """Outcomes and times of one set of pictures."""

    name: str
    total: int = 0
    exact: int = 0
    refused: int = 0
    wrong: int = 0
    load: list = field(default_factory=list)
    read: list = field(default_factory=list)
    failures: list = field(default_factory=list)
    sizes: list = field(default_factory=list)
    #: megapixels of each picture (the issue's time target is for 12 MP photos)
    megapixels: list = field(default_factory=list)
    #: kind of picture -> [total, exact, misread] (the scenes' kinds: tray, spread, ...)
    kinds: dict = field(default_factory=dict)
    #: the levels the pictures show (a page shows several): total, exact, misread
    levels: list = field(default_factory=lambda: [0, 0, 0])
    #: levels by the width of their challenge in the picture (scenes that know it): bin -> [total, exact]
    widths: dict = field(default_factory=dict)

    def count_widths(self, got: list, case: Case) -> None:
        """Count each level of ``case`` read exactly or not by its challenge's width (:data:`WIDTH_BINS`)."""
        if case.widths is None or case.truth is None:
            return
        for level, width in zip(case.truth, case.widths):
            low = max(b for b in WIDTH_BINS if b <= width)
            slot = self.widths.setdefault(low, [0, 0])
            slot[0] += 1
            slot[1] += level in got

    def count_levels(self, got: list, truth: list, refused: bool) -> None:
        """Count the levels of one picture: those of ``truth`` read (``got``) exactly, and those
        misread -- read wrong, or (when the picture was not ``refused``) not read at all."""
        exact = sum(1 for w in truth if w in got)
        wrong = sum(1 for g in got if g not in truth)
        if not refused:
            wrong = max(wrong, len(truth) - exact)
        for k, n in enumerate((len(truth), exact, wrong)):
            self.levels[k] += n

    @property
    def prepare(self) -> list:
        return [a + b for a, b in zip(self.load, self.read)] if self.load else []


#: the lower ends (px) of the bins levels are counted in by their challenge's width in the picture:
#: issue 25 names "a challenge 300 px wide in a 12 MP photo" as the small boards to read
WIDTH_BINS = (0, 200, 300, 450)


def width_bin(low: int) -> str:
    """The name of the width bin starting at ``low`` px (:data:`WIDTH_BINS`)."""
    k = WIDTH_BINS.index(low)
    return f"{low} px and more" if k + 1 == len(WIDTH_BINS) else f"{low}-{WIDTH_BINS[k + 1] - 1} px"


def timed(fn, runs: int, clock):
    """(result or exception, median seconds over ``runs`` calls)."""
    times, result = [], None
    for _ in range(runs):
        t0 = clock()
        try:
            result = fn()
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            result = exc
        times.append(clock() - t0)
    return result, statistics.median(times)


def as_list(result):
    return list(result) if isinstance(result, (list, tuple)) else [result]


def levels_read(got) -> list:
    """The levels a read gave: a partial read's levels, none for a refusal or a crash."""
    if isinstance(got, PartialRead):
        return got.levels
    return [] if isinstance(got, Exception) else as_list(got)


def differences(family, got: list, want: list) -> str:
    """What differs between the levels read and the truth, from their level files."""
    if len(got) != len(want):
        return f"{len(got)} levels read, the picture shows {len(want)}"
    for g, w in zip(got, want):
        if g == w:
            continue
        a = family.format_level(g).splitlines()
        b = family.format_level(w).splitlines()
        diff = [f"{x.strip()!r} != {y.strip()!r}" for x, y in zip(a, b) if x != y]
        return "; ".join(diff[:4]) + (" ..." if len(diff) > 4 else "") or "levels differ"
    return "levels differ"


def check(family, tally: Tally, case: Case, args, clock, load=None, decode=None) -> None:
    """Read one case into ``tally`` (:func:`tally_case`), and into ``args.record`` when recording."""
    before = (tally.exact, tally.refused, len(tally.failures), tally.levels[0], tally.levels[1])
    tally_case(family, tally, case, args, clock, load, decode)
    if args.record is None:
        return
    outcome = "exact" if tally.exact > before[0] else "refused" if tally.refused > before[1] else "misread"
    why = tally.failures[-1][1] if len(tally.failures) > before[2] else ""
    args.record.write(tally.name, case.name, outcome, why, tally.read[-1],
                      tally.levels[0] - before[3], tally.levels[1] - before[4])


def tally_case(family, tally: Tally, case: Case, args, clock, load=None, decode=None) -> None:
    """Read one case into ``tally``; ``load`` / ``decode``: how to time getting the picture."""
    tally.total += 1
    tally.sizes.append(max(case.image.shape[:2]))
    tally.megapixels.append(case.image.shape[0] * case.image.shape[1] / 1e6)
    if load is not None:
        _img, t = timed(load, args.runs, clock)
        tally.load.append(t)
    elif decode is not None:
        ok, buf = cv2.imencode(".jpg", case.image, [cv2.IMWRITE_JPEG_QUALITY, DECODE_QUALITY])
        _img, t = timed(lambda: cv2.imdecode(buf, cv2.IMREAD_COLOR), args.runs, clock)
        tally.load.append(t)
    source = Path(case.name).name if case.truth is None else case.name
    got, t = timed(lambda: family.read(case.image, source), args.runs, clock)
    tally.read.append(t)
    tally.count_widths(levels_read(got), case)
    if isinstance(got, PartialRead) and case.truth is not None:
        tally.count_levels(got.levels, case.truth, refused=True)
        misread = [lv for lv in got.levels if lv not in case.truth]
        if misread:
            tally.wrong += 1
            same = [w for w in case.truth if w.level == misread[0].level][:1]
            why = "WRONG partly read: " + (differences(family, misread[:1], same) if same else
                                           f"level {misread[0].level} read, not on the picture")
        else:
            tally.refused += 1
            why = f"PartialRead ({len(got.levels)} of {len(case.truth)} levels read): {got}"
    elif isinstance(got, (NotThisPuzzle, ReadError)):
        if case.truth is None:
            tally.exact += 1
            return
        tally.refused += 1
        tally.count_levels([], case.truth, refused=True)
        why = f"{type(got).__name__}: {got}"
    elif isinstance(got, Exception):
        tally.wrong += 1
        why = f"WRONG crashed: {type(got).__name__}: {got}"
    elif case.truth is None:
        tally.wrong += 1
        why = "WRONG: read as " + ", ".join(str(lv.level) for lv in as_list(got))
    else:
        levels = as_list(got)
        tally.count_levels(levels, case.truth, refused=False)
        if len(levels) == len(case.truth) and all(w in levels for w in case.truth):
            tally.exact += 1
            return
        tally.wrong += 1
        why = "WRONG " + differences(family, levels, case.truth)
    tally.failures.append((case.name, why))
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
        stem = case.name.replace("/", "__")
        cv2.imwrite(str(args.save / f"{stem}.png"), case.image)
        if family.debug_overlay is not None:
            cv2.imwrite(str(args.save / f"{stem}_debug.png"), family.debug_overlay(case.image, source))


def set_of(name: str) -> str:
    """The set a case belongs to: ``circuit500/raw/x.png`` -> ``raw``, ``drawn/7.jpg`` -> ``drawn``,
    ``frames_photos/photo3/50.jpg`` -> ``frames_photos``."""
    parts = name.split("/")
    if parts[0].endswith("_photos"):
        return parts[0]
    return parts[1] if len(parts) >= 3 else parts[0] if len(parts) == 2 else "synth"


def ms(values: list) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values) * 1000:.1f} ms, mean {statistics.mean(values) * 1000:.1f} ms"


def report(t: Tally, refuse: bool = False) -> None:
    pct = 100.0 * t.exact / t.total if t.total else 0.0
    what = "refused" if refuse else "read exactly"
    extra = "" if refuse else f", refused {t.refused}, misread {t.wrong}"
    print(f"{t.name}: {t.exact}/{t.total} {what} ({pct:.1f}%){extra}")
    if t.load and not refuse:
        label = "load" if t.name in REAL_SETS else "decode"
        print(f"  {label}: {ms(t.load)}")
    print(f"  read: {ms(t.read)}")
    if t.prepare and not refuse:
        print(f"  prepare ({'load' if t.name in REAL_SETS else 'decode'}+read): {ms(t.prepare)}")
    if t.sizes and not refuse and t.name not in REAL_SETS:
        print(f"  long side {min(t.sizes)}-{max(t.sizes)} px")
    large = [p for p, mp in zip(t.prepare, t.megapixels) if mp >= LARGE_MP]
    if large and not refuse:
        print(f"  prepare of the {len(large)} pictures of {LARGE_MP:g} MP and more: {ms(large)}")
    total, right, wrong = t.levels
    if total and total != t.total and not refuse:  # some pictures show several levels (pages)
        print(f"  levels: {right}/{total} read exactly ({100.0 * right / total:.1f}%), "
              f"refused {total - right - wrong}, misread {wrong}")
    if t.widths and not refuse:
        print("  page levels read exactly by their challenge's width in the picture: " + ", ".join(
            f"{width_bin(lo)} {t.widths[lo][1]}/{t.widths[lo][0]}" for lo in sorted(t.widths)))
    for kind, (n, right, wrong) in sorted(t.kinds.items()):
        print(f"  {kind}: {right}/{n} read exactly, refused {n - right - wrong}, misread {wrong}")
    for file, why in t.failures:
        print(f"  FAIL {file}: {why}")


REAL_SETS: set[str] = set()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzle", default="circuit500", choices=puzzles.names(), help="the family (default circuit500)")
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared", help="third-party pictures (../shared)")
    ap.add_argument("--dir", type=Path, help="the family's folder in the shared folder (sets --shared to its parent)")
    ap.add_argument("--folders", "--sets", nargs="+", dest="sets", help="only these sets of real pictures")
    ap.add_argument("--runs", type=int, default=3, help="time each picture this many times (median)")
    ap.add_argument("--synth", type=int, default=0, metavar="N", help="also read N synthetic photos of drawn levels")
    ap.add_argument("--scenes", type=int, default=0, metavar="N",
                    help="also read N randomized scenes not drawn by the family's painter")
    ap.add_argument("--held-out", type=int, default=0, metavar="N",
                    help="also read N scenes of the family's held-out photo kind (open booklets, solved boards)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the synthetic photos and distractors")
    ap.add_argument("--strength", type=float, default=1.0, help="distortion strength of the synthetic photos")
    ap.add_argument("--real-photos", type=int, default=0, metavar="N",
                    help="also read N synthetic photos of the first real set's pictures")
    ap.add_argument("--distractors", type=int, default=0, metavar="N",
                    help="also check that N pictures of something else are refused")
    ap.add_argument("--others", action="store_true", help="also check that the other families' real pictures are refused")
    ap.add_argument("--synth-only", action="store_true", help="skip the real pictures")
    ap.add_argument("--save", type=Path, default=None, metavar="DIR",
                    help="write each picture not read right, and its debug overlay, to DIR")
    ap.add_argument("--record", type=Path, default=None, metavar="FILE",
                    help="write one JSON line per picture read (compare two runs with scripts/compare_evals.py)")
    ap.add_argument("--cache", type=Path, default=None, metavar="DIR",
                    help="keep the randomized and held-out scenes drawn in DIR and read them back next time")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                    help="time on the process CPU clock (default; fair on a busy machine) or wall clock")
    args = ap.parse_args(argv)
    shared = args.dir.parent if args.dir else args.shared
    family = puzzles.get(args.puzzle)
    if not family.testing:
        print(f"{family.name} has no testing module", file=sys.stderr)
        return 2
    testing = import_module(family.testing)
    clock = CLOCKS[args.clock]
    args.runs = max(1, args.runs)
    args.record = None if args.record is None else Record(args.record)
    cv2.setNumThreads(1)  # one core, as the targets are stated
    print(f"{family.name}: times on the {args.clock} clock, median of {args.runs} runs per picture, one OpenCV thread")
    tallies: list[tuple[Tally, bool]] = []
    real = [] if args.synth_only else list(testing.real_cases(shared))
    if not args.synth_only and not real:
        print(f"no pictures of {family.name} in {shared}", file=sys.stderr)
        if not (args.synth or args.scenes or args.held_out or args.distractors or args.real_photos):
            return 2
    if real:
        family.read(real[0].image, real[0].name)  # warm-up: references, caches
    by_set: dict[str, Tally] = {}
    for case in real:
        name = set_of(case.name)
        if args.sets and name not in args.sets:
            continue
        REAL_SETS.add(name)
        path = shared / case.name
        load = (lambda p=path: load_image(p)) if path.is_file() else None
        check(family, by_set.setdefault(name, Tally(name)), case, args, clock, load=load)
    tallies += [(t, False) for t in by_set.values()]
    if args.real_photos:
        from visolve.testing import photograph

        pool = real or list(testing.real_cases(shared))
        first = [c for c in pool if set_of(c.name) == set_of(pool[0].name)]
        tally = Tally("photos of " + (set_of(first[0].name) if first else "nothing"))
        for j in range(args.real_photos if first else 0):
            case = first[j % len(first)]
            photo, _h = photograph(case.image, np.random.default_rng([args.seed, 2 * j]), args.strength)
            stem = Path(case.name).stem
            # the stem stays the picture's own: the reader takes the level from it
            name = f"{set_of(case.name)}_photos/photo{j}/{stem}.jpg"
            truth = [dataclasses.replace(lv, source=name) for lv in case.truth]
            check(family, tally, Case(name, photo, truth), args, clock, decode=True)
        tallies.append((tally, False))
    if args.synth:
        tally = Tally(f"synth (seed {args.seed}, strength {args.strength})")
        for case in testing.synthetic_cases(args.synth, args.seed, args.strength):
            check(family, tally, case, args, clock, decode=True)
        tallies.append((tally, False))
    if args.scenes:
        from visolve.testing import scenes

        tally = Tally(f"scenes (seed {args.seed}, strength {args.strength})")
        make = functools.partial(scenes.scene_case, family.name, seed=args.seed, strength=args.strength)
        key = f"{family.name}-scenes-{args.seed}-{args.strength}"
        for case in cached_cases(make, args.scenes, args.cache, key):
            before = (tally.exact, tally.wrong)
            check(family, tally, case, args, clock, decode=True)
            kind = tally.kinds.setdefault(case.name.split("/")[1], [0, 0, 0])
            kind[0] += 1
            kind[1] += tally.exact - before[0]
            kind[2] += tally.wrong - before[1]
        tallies.append((tally, False))
    if args.held_out:
        from visolve.testing import scenes

        tally = Tally(f"held-out kind (seed {args.seed}): {scenes.HELD_OUT.get(family.name, 'none')}")
        make = functools.partial(scenes.held_out_case, family.name, seed=args.seed, strength=args.strength)
        key = f"{family.name}-held-out-{args.seed}-{args.strength}"
        for case in cached_cases(make, args.held_out, args.cache, key):
            check(family, tally, case, args, clock, decode=True)
        tallies.append((tally, False))
    if args.distractors:
        from visolve.testing import iter_distractors

        tally = Tally(f"distractors (seed {args.seed})")
        for i, (kind, img) in enumerate(iter_distractors(args.distractors, args.seed)):
            check(family, tally, Case(f"distractor_{i}_{kind}", img, None), args, clock)
        tallies.append((tally, True))
    if args.others:
        for other in puzzles.all_families():
            if other.name == family.name or not other.testing:
                continue
            tally = Tally(f"{other.name} pictures")
            for case in import_module(other.testing).real_cases(shared):
                check(family, tally, Case(case.name, case.image, None), args, clock)
            tallies.append((tally, True))
    bad = False
    for t, refuse in tallies:
        report(t, refuse)
        bad = bad or t.wrong > 0 or (refuse and t.exact < t.total)
        bad = bad or (t.name in REAL_SETS and "photo" not in t.name and t.refused > 0)
    photos = [t for t, refuse in tallies if not refuse and t.name not in REAL_SETS]
    if len(photos) > 1:
        right, total = sum(t.exact for t in photos), sum(t.total for t in photos)
        wrong = sum(t.wrong for t in photos)
        reads = [x for t in photos for x in t.read]
        print(f"all synthetic photos: {right}/{total} read exactly, {total - right - wrong} refused, "
              f"{wrong} misread; read {ms(reads)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
