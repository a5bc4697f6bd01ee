"""circuit500 reader on photos of a phone screen: synthetic, real (../shared) and other pictures.

The synthetic photos are project-drawn screenshots (painter) of random valid
levels, photographed by :func:`visolve.vision.synth.photograph` at full
strength (rotation, viewing angle, desk, uneven light, glare, blur, noise,
JPEG) at a modest size so the suite stays fast; ``scripts/eval_reader.py
--synth 500`` runs the large set.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import shared_path
from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.circuit500.model import COLS, ROWS, Level, Tile, is_solved, make_grid, parse_token
from visolve.puzzles.circuit500.painter import render_screenshot
from visolve.puzzles.circuit500.reader import debug_overlay, read, read_details
from visolve.vision.imageio import load_image
from visolve.vision.synth import SCREEN_SIZES, iter_distractors, photograph

FILL = (
    Tile("empty"),
    Tile("cross", 15),
    *(Tile("corner", a) for a in (3, 6, 12, 9)),
    *(Tile("junction", a) for a in (7, 11, 13, 14)),
)


def level_for(rng: np.random.Generator) -> Level:
    """One start, one end, one gap, random fill; never already solved."""
    while True:
        cells = [FILL[int(k)] for k in rng.integers(0, len(FILL), ROWS * COLS)]
        s, e, g = (int(v) for v in rng.choice(ROWS * COLS, 3, replace=False))
        cells[s] = Tile("start", int(rng.choice((1, 2, 4, 8))))
        cells[e] = Tile("end", int(rng.choice((1, 2, 4, 8))))
        cells[g] = Tile("gap")
        grid = make_grid([cells[r * COLS : (r + 1) * COLS] for r in range(ROWS)])
        if not is_solved(grid):
            return Level(int(rng.integers(1, 2000)), grid)


def synthetic_photo(i: int, strength: float = 1.0, long_side=(1100, 1600)):
    rng = np.random.default_rng([4242, i])
    level = level_for(rng)
    size = SCREEN_SIZES[i % len(SCREEN_SIZES)]
    shot = render_screenshot(level, size, lit=True, counter=int(rng.integers(0, 300)))
    photo, _ = photograph(shot, rng, strength, long_side=long_side)
    return level, photo


N_SYNTH = 24


@pytest.fixture(scope="module")
def synth_reads():
    out = []
    for i in range(N_SYNTH):
        level, photo = synthetic_photo(i)
        try:
            got = read(photo, f"synth_{i}")
        except (ReadError, NotThisPuzzle) as exc:
            got = exc
        out.append((i, level, photo, got))
    return out


def test_synthetic_photos_are_never_misread(synth_reads):
    """A photo is read exactly or refused with a reason: never a wrong level."""
    for i, level, _, got in synth_reads:
        if isinstance(got, Exception):
            assert str(got), f"photo {i}: refused without a reason"
            continue
        assert got.level == level.level, f"photo {i}: level {got.level} != {level.level}"
        assert got.grid == level.grid, f"photo {i}: tiles differ"


def test_synthetic_photos_mostly_read(synth_reads):
    """At full strength nearly all are read (the eval script measures the rate on 500)."""
    failed = [(i, str(got)) for i, _, _, got in synth_reads if isinstance(got, Exception)]
    assert len(failed) <= 2, failed


def test_gentle_photos_all_read():
    for i in range(6):
        level, photo = synthetic_photo(100 + i, strength=0.4)
        got = read(photo, "gentle")
        assert (got.level, got.grid) == (level.level, level.grid)


def test_photo_reading_reports_quad_and_scores():
    level, photo = synthetic_photo(3)
    rd = read_details(photo)
    assert rd.not_this is None and not rd.problems
    assert rd.board is not None and not rd.board.axis_aligned
    assert len(rd.tiles) == ROWS * COLS
    assert all(tr.score >= tr.min_score and tr.margin > 0 for tr in rd.tiles)


def test_debug_overlay_on_a_photo():
    _, photo = synthetic_photo(5)
    out = debug_overlay(photo, "synthetic photo")
    assert out.shape == photo.shape
    assert np.count_nonzero(np.any(out != photo, axis=2)) > 0.01 * photo.shape[0] * photo.shape[1]


# --------------------------------------------------------------------------
# pictures of something else


@pytest.mark.parametrize("start", [0, 11])
def test_distractors_are_refused(start):
    """22 project-made pictures of other things (all kinds, some photographed): never a level."""
    for i, (kind, img) in enumerate(iter_distractors(start + 11, seed=7)):
        if i < start:
            continue
        with pytest.raises((NotThisPuzzle, ReadError)):
            read(img, f"{kind}_{i}")


def test_photo_of_a_cropped_board_is_not_misread():
    """Half the board cut off by the picture edge: refused, not guessed."""
    level, photo = synthetic_photo(8)
    h = photo.shape[0]
    with pytest.raises((NotThisPuzzle, ReadError)):
        read(np.ascontiguousarray(photo[: int(0.45 * h)]), "cropped")


# --------------------------------------------------------------------------
# the real photos (third-party, ../shared; skipped when absent)


def test_real_photos_read_exactly():
    folder = shared_path("circuit500", "photos")
    truth = {}
    for line in shared_path("circuit500", "truth.jsonl").read_text().splitlines():
        if line.strip():
            d = json.loads(line)
            truth[Path(d["file"]).stem] = d
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    if not files:
        pytest.skip("no photos in ../shared/circuit500/photos")
    failures, times = [], []
    for path in files:
        want = truth[path.stem]
        img = load_image(path)
        t0 = time.perf_counter()
        try:
            got = read(img, path.name)
        except (ReadError, NotThisPuzzle) as exc:
            failures.append(f"{path.name}: {exc}")
            continue
        times.append(time.perf_counter() - t0)
        grid = make_grid([[parse_token(t) for t in row] for row in want["grid"]])
        if got.level != want["level"] or got.grid != grid:
            failures.append(f"{path.name}: read wrongly")
    assert not failures, failures
    assert float(np.median(times)) < 1.0  # generous: shared CI machines
