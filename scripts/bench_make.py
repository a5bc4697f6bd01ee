#!/usr/bin/env python3
"""Time ``visolve make`` against its targets, and measure its grades on the booklets.

Each target runs the command as a user does (``python -m visolve make ...``,
a fresh process, a fresh data folder) ``--runs`` times; its figure is the
median wall time.  Targets (seconds):

* ``iq-stars --level wizard --count 24``: 5;
* ``iq-xoxo --level wizard --count 24``, ``iq-circuit --level wizard --count 24``: 30;
* ``genius-square --hardest --count 24`` (no target: printed only).

Booklet pages are part of it (for 24 challenges: 12 pages and 12 answers pages at 300 dpi).
CPU time (user + system of the process) is printed beside: on a machine
shared with other work the wall time is mostly waiting (``--clock cpu``
judges on it).

``--booklet`` also grades the published challenges (``--shared``/iq-stars
``challenges.json``, iq-circuit ``levels.json``) and prints each level's
grade range and the Spearman rank correlation of grade with booklet order.
The exit status is 1 when a target is missed.

    .venv/bin/python scripts/bench_make.py [--runs 5] [--booklet] [--clock wall|cpu] [--shared ../shared]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = (
    (("iq-stars", "--level", "wizard", "--count", "24"), 5.0),
    (("iq-xoxo", "--level", "wizard", "--count", "24"), 30.0),
    (("iq-circuit", "--level", "wizard", "--count", "24"), 30.0),
    (("genius-square", "--hardest", "--count", "24"), None),
)


def timed(args: tuple[str, ...], runs: int) -> tuple[float, float]:
    """Median ``(wall, CPU)`` seconds of ``visolve make ARGS`` over ``runs`` fresh processes
    (CPU: the child's user + system time, all its threads)."""
    walls, cpus = [], []
    for run in range(runs):
        with tempfile.TemporaryDirectory() as data:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "visolve", "make", *args, "--seed", str(run + 1),
                            "--data", data, "-q"], check=True, capture_output=True)
            walls.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def booklet(shared: Path) -> None:
    """Grade ranges per level and Spearman with booklet order, IQ Stars and IQ Circuit."""
    from visolve.make.grade import grade, spearman
    from visolve.puzzles.base import SolveOptions
    from visolve.puzzles.iq_circuit import solver
    from visolve.puzzles.iq_circuit.levelfile import from_booklet_data
    from visolve.puzzles.iq_stars import model
    from visolve.puzzles.iq_stars.board import constraints

    stars = json.loads((shared / "iq-stars" / "challenges.json").read_text())["challenges"]
    rows = [(c["number"], c["level"], grade(model.engine().table, constraints(c["challenge"])).value) for c in stars]
    circuit = json.loads((shared / "iq-circuit" / "levels.json").read_text())["levels"]
    for e in circuit:
        level = from_booklet_data(e)
        rows.append((1000 + e["level"], "circuit " + level.kind, solver.solve(level, SolveOptions())["nodes"]))
    for name, part in (("iq-stars", [r for r in rows if r[0] < 1000]), ("iq-circuit", [r for r in rows if r[0] > 1000])):
        print(f"{name}: {len(part)} challenges, Spearman(grade, booklet order) = "
              f"{spearman([r[0] for r in part], [r[2] for r in part]):.3f}")
        for level in dict.fromkeys(r[1] for r in part):
            grades = sorted(r[2] for r in part if r[1] == level)
            print(f"  {level:16s} grades {grades[0]}..{grades[-1]}, median {statistics.median(grades)}")


def round_trip(family: str, levels: tuple[str, ...], seeds: tuple[int, ...], count: int) -> tuple[int, int, int]:
    """Pages made, dropped into raw/, read by ``--prepare-all``: ``(exact, misread, not read)`` challenges.

    A page is read back as levels numbered by their tabs (``level_001.txt`` ...), compared with the
    level files the run wrote; a page read as one level named after the picture counts its
    challenges as misread (all but one are lost, and that one is not named as made).
    """
    import shutil

    from visolve import puzzles
    from visolve.make.command import make_run
    from visolve.make.generate import board_of

    fam = puzzles.get(family)
    exact = misread = missing = 0
    for level in levels:
        for seed in seeds:
            with tempfile.TemporaryDirectory() as tmp:
                data = Path(tmp)
                make_run(family, level, count, seed, data)
                (data / "raw").mkdir()
                for page in (data / "booklet" / family).glob("*-page-*.png"):
                    shutil.copy(page, data / "raw" / page.name)
                subprocess.run([sys.executable, "-m", "visolve", "--prepare-all", "--data", str(data), "-q",
                                "--puzzle", family, "--jobs", "1"], capture_output=True)
                folder = data / "levels" / family
                whole_pages = list(folder.glob("level_*-page-*.txt"))
                for k in range(1, count + 1):
                    made = fam.parse_level((folder / f"level_{level}-{seed}-{k}.txt").read_text(), "")
                    read = folder / f"level_{k:03d}.txt"
                    if read.exists() and board_of(fam.parse_level(read.read_text(), "")) == board_of(made):
                        exact += 1
                    elif read.exists() or whole_pages:
                        misread += 1
                    else:
                        missing += 1
    return exact, misread, missing


#: the levels each family's pages are made at for the round trips
ROUND_TRIP_LEVELS = {
    "iq-xoxo": ("starter", "junior", "expert", "master", "wizard"),
    "iq-stars": ("starter", "junior", "expert", "master", "wizard"),
    "iq-circuit": ("expert", "master", "wizard"),
    "genius-square": ("starter", "junior", "expert", "master", "wizard"),
}


def photo_frame(picture, rng) -> str:
    """The frame :func:`visolve.testing.photos.photograph` would draw first for ``picture`` (one of
    ``FRAMES``), drawn from ``rng`` by the same rule: passing it on (``frame=``) with the same
    ``rng`` gives the very photo ``frame=None`` would (``tests/make/test_bench_make.py`` checks)."""
    from visolve.testing.photos import FRAMES

    h, w = picture.shape[:2]
    tall = max(h, w) / min(h, w) > 1.5 and h > w
    return str(rng.choice(FRAMES, p=(0.15, 0.5, 0.2, 0.15) if tall else (0.2, 0.15, 0.1, 0.55)))


def on_sheet(page):
    """``page`` as printed: centred on a white A4 sheet at 300 dpi, in the page's orientation (a
    made page is that sheet; IQ XOXO's of its grey paper)."""
    import numpy as np

    h, w = page.shape[:2]
    sheet_w, sheet_h = (SHEET[1], SHEET[0]) if w > h else SHEET
    sheet = np.full((max(h, sheet_h), max(w, sheet_w), 3), 255, np.uint8)
    top, left = (sheet.shape[0] - h) // 2, (sheet.shape[1] - w) // 2
    sheet[top:top + h, left:left + w] = page
    return sheet


#: an A4 sheet at 300 dpi (width, height px), portrait
SHEET = (2480, 3508)


def photo_round_trip(family: str, seeds: int, strength: float, why: bool = False, first: int = 1,
                     frames: dict | None = None,
                     sheet: bool = False) -> tuple[int, int, int, tuple[list[float], list[float]]]:
    """Full pages (:func:`visolve.make.pages.per_page` challenges; every level of :data:`ROUND_TRIP_LEVELS`,
    ``seeds`` seeds) photographed by
    ``visolve.testing.photos`` and read by the family's reader: ``(exact, misread, refused,
    (wall, CPU) seconds each page took to read)``; ``why``: each refused page's seed, level and reason printed,
    ``first``: the first photo seed; ``frames``: filled with ``{frame: [exact, misread, refused]}`` (the
    photo's frame: a made A4 page printed inside a larger sheet with text lines, ``page``, is not
    what a phone sees of it); ``sheet``: where the frame is ``page``, the printed sheet itself
    (:func:`on_sheet`) is photographed bare on the desk instead (the same photo seed, frame ``sheet``).
    A page read in part (:class:`~visolve.errors.PartialRead`) counts its boards given, and the
    others as refused; a board a page read whole leaves out is misread (lost unsaid)."""
    import numpy as np

    from visolve import puzzles
    from visolve.errors import NotThisPuzzle, PartialRead, ReadError
    from visolve.make.generate import board_of, challenges
    from visolve.make.pages import draw_page, per_page
    from visolve.testing.photos import photograph

    fam = puzzles.get(family)
    exact = misread = refused = 0
    times, cpus = [], []
    for seed in range(first, first + seeds):
        for n, level in enumerate(ROUND_TRIP_LEVELS[family]):
            made = list(challenges(family, level, per_page(family), seed))
            page, rng = draw_page(family, made), np.random.default_rng([seed, n])
            frame = photo_frame(page, rng)
            shown = page
            if sheet and frame == "page":
                shown, frame = on_sheet(page), "sheet"
            tally = (frames if frames is not None else {}).setdefault(frame, [0, 0, 0])
            before = (exact, misread, refused)
            photo, _h = photograph(shown, rng, strength, frame="none" if frame == "sheet" else frame)
            t0, c0 = time.perf_counter(), time.process_time()
            partly = None  # a page read in part: its boards not given are refused, named in its reason
            try:
                got = fam.read(photo, "photo.jpg")
            except PartialRead as err:
                got, partly = err.levels, err
            except (NotThisPuzzle, ReadError) as err:
                refused += len(made)
                tally[2] += len(made)
                if why:
                    print(f"  refused {family} seed {seed} {level} ({frame}): {str(err)[:300]!r}", flush=True)
                continue
            finally:
                times.append(time.perf_counter() - t0)
                cpus.append(time.process_time() - c0)
            read = {int(g.level): board_of(g) for g in (got if isinstance(got, list) else [got])
                    if str(g.level).isdigit()}
            wrong = [m.k for m in made if m.k in read and read[m.k] != board_of(m.level)]
            if why and (wrong or len(read) != len(made)):
                print(f"  {family} seed {seed} {level} ({frame}): boards {sorted(read)} read, {wrong} wrong"
                      + (f"; the others refused: {str(partly)[:300]!r}" if partly else " (the others lost unsaid)"),
                      flush=True)
            for m in made:
                board = read.pop(m.k, None)
                exact += board == board_of(m.level)
                misread += board is not None and board != board_of(m.level)
                refused += board is None and partly is not None
                misread += board is None and partly is None  # left out, and not said
            misread += len(read) + sum(not str(g.level).isdigit() for g in (got if isinstance(got, list) else [got]))
            for k, (now, then) in enumerate(zip((exact, misread, refused), before)):
                tally[k] += now - then
    return exact, misread, refused, (times, cpus)


def page_time(family: str, runs: int) -> tuple[float, float]:
    """Median seconds (wall, CPU) the family's reader takes on a full printed page (its first
    level, seed 1), after one read to warm up."""
    from visolve import puzzles
    from visolve.make.generate import challenges
    from visolve.make.pages import draw_page, per_page

    fam = puzzles.get(family)
    page = draw_page(family, list(challenges(family, ROUND_TRIP_LEVELS[family][0], per_page(family), 1)))
    fam.read(page, "page.png")
    walls, cpus = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fam.read(page, "page.png")
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--booklet", action="store_true")
    parser.add_argument("--photos", type=int, default=0, metavar="SEEDS",
                        help="photographed pages read back (a full page per level and seed)")
    parser.add_argument("--family", action="append", choices=tuple(ROUND_TRIP_LEVELS),
                        help="the families of --round-trip and --photos (default: all four)")
    parser.add_argument("--why", action="store_true", help="--photos: print each page not read exactly, and why")
    parser.add_argument("--first", type=int, default=1, help="--photos: the first photo seed")
    parser.add_argument("--strength", type=float, default=1.0, help="the photos' distortion, 0..1")
    parser.add_argument("--sheet", action="store_true",
                        help="--photos: a page the simulation would print inside a larger sheet with text lines "
                             "is photographed as the A4 sheet it is printed on, bare on the desk")
    parser.add_argument("--round-trip", action="store_true",
                        help="read made pages back through --prepare-all (every level x 2 seeds x 12)")
    parser.add_argument("--page-runs", type=int, default=0, metavar="N",
                        help="time reading a full printed page (the family's reader, in this process), median of N")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="judge the targets on wall time (default) or CPU time (a busy machine)")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    missed = 0
    for make_args, target in TARGETS if args.runs > 0 else ():  # --runs 0: no timing
        wall, cpu = timed(make_args, args.runs)
        seconds = cpu if args.clock == "cpu" else wall
        verdict = "" if target is None else (" ok" if seconds <= target else " OVER")
        missed += target is not None and seconds > target
        print(f"visolve make {' '.join(make_args)}: median wall {wall:.2f} s, CPU {cpu:.2f} s of {args.runs}"
              + (f" (target {target:.0f} s, {args.clock}){verdict}" if target else ""), flush=True)
    if args.booklet:
        booklet(args.shared)
    families = args.family or tuple(ROUND_TRIP_LEVELS)
    if args.round_trip:
        for family in families:
            exact, misread, missing = round_trip(family, ROUND_TRIP_LEVELS[family], (1, 2), 12)
            print(f"round trip {family}: {exact} exact, {misread} misread, {missing} not read "
                  f"of {exact + misread + missing}", flush=True)
    for family in families if args.photos else ():
        frames: dict = {}
        exact, misread, refused, (times, cpus) = photo_round_trip(family, args.photos, args.strength, args.why,
                                                                  args.first, frames, args.sheet)
        print(f"photographed {family} pages (strength {args.strength}): {exact} exact, {misread} misread, "
              f"{refused} refused of {exact + misread + refused}; median {statistics.median(times):.2f} s a page "
              f"(CPU {statistics.median(cpus):.2f} s, longest {max(cpus):.2f} s)", flush=True)
        print("  by frame (exact / misread / refused): " + ", ".join(
            f"{name} {e} / {m} / {r}" for name, (e, m, r) in sorted(frames.items())), flush=True)
    if args.page_runs:
        from visolve.make.pages import per_page

        for family in families:
            wall, cpu = page_time(family, args.page_runs)
            print(f"a printed {family} page ({per_page(family)} boards) read in {wall:.2f} s wall, {cpu:.2f} s CPU "
                  f"(median of {args.page_runs})", flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
