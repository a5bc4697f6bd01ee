"""circuit500 reader: painter-drawn round trips, the real screenshots, and bad pictures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.conftest import shared_path
from visolve.errors import ImageLoadError, NotThisPuzzle, ReadError
from visolve.puzzles.circuit500.model import Level, Tile, is_solved, make_grid, parse_token
from visolve.puzzles.circuit500.painter import render_base, render_screenshot
from visolve.puzzles.circuit500.reader import debug_overlay, read, read_details
from visolve.vision.imageio import load_image

# --------------------------------------------------------------------------
# helpers

_KINDS = [
    Tile("empty"),
    Tile("cross", 15),
    *(Tile("corner", a) for a in (3, 6, 12, 9)),
    *(Tile("junction", a) for a in (7, 11, 13, 14)),
]


def random_level(seed: int) -> Level:
    """A random unsolved level obeying the rules (one start, one end, 0 or 1 gap)."""
    rng = random.Random(seed)
    while True:
        cells = [rng.choice(_KINDS) for _ in range(24)]
        s, e, g = rng.sample(range(24), 3)
        cells[s] = Tile("start", rng.choice((1, 2, 4, 8)))
        cells[e] = Tile("end", rng.choice((1, 2, 4, 8)))
        if rng.random() < 0.8:
            cells[g] = Tile("gap")
        grid = make_grid([cells[r * 4 : (r + 1) * 4] for r in range(6)])
        if not is_solved(grid):  # a solved board shows two green knobs
            return Level(rng.randint(1, 500), grid)


def jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# --------------------------------------------------------------------------
# round trips on drawn screenshots

SIZES = [(640, 1136), (750, 1334), (1080, 1920), (1242, 2208), (701, 1247), (1080, 2340), (480, 854)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("quality", [None, 95, 85, 70], ids=lambda q: f"q{q}" if q else "png")
def test_round_trip(size, quality):
    for k in range(2):
        level = random_level(hash((size, quality, k)) & 0xFFFF)
        img = render_screenshot(level, size=size, lit=True, counter=37 * k)
        if quality:
            img = jpeg(img, quality)
        got = read(img, "drawn.png")
        assert got.level == level.level
        assert got.grid == level.grid
        assert got.source == "drawn.png"


def test_round_trip_unlit_no_counter():
    level = random_level(7)
    img = render_screenshot(level, size=(750, 1334), lit=False, counter=None)
    got = read(img, "x")
    assert (got.level, got.grid) == (level.level, level.grid)


def test_every_tile_kind_and_level_digits():
    """All 19 tiles (gap, empty, cross, 4 corners, 4 junctions, 4 starts, 4 ends) and all ten digits."""
    seen, digits = set(), set()
    for seed in range(40):
        level = random_level(1000 + seed)
        knob = {"start": (1, 2, 4, 8)[seed % 4], "end": (1, 2, 4, 8)[(seed // 4) % 4]}
        grid = make_grid([[Tile(t.kind, knob[t.kind]) if t.kind in knob else t for t in row] for row in level.grid])
        if is_solved(grid):
            continue
        level = Level(100 + seed * 9, grid)
        got = read(render_screenshot(level, size=(828, 1471)), "x")
        assert (got.level, got.grid) == (level.level, level.grid)
        seen |= {t for row in level.grid for t in row}
        digits |= set(str(level.level))
    assert len(seen) == 19 and digits == set("0123456789")


def test_lit_state_is_reported():
    level = random_level(11)
    got = read(render_screenshot(level, size=(640, 1136)), "x")
    rd = read_details(render_screenshot(level, size=(640, 1136)))
    start = [tr for tr in rd.tiles if tr.tile.kind == "start"][0]
    assert start.lit == "start"
    assert any("start" in note for note in got.notes)


# --------------------------------------------------------------------------
# the real screenshots (third-party data in ../shared, skipped when absent)


def _truth() -> dict[str, dict]:
    path = shared_path("circuit500", "truth.jsonl")
    out = {}
    for line in path.read_text().splitlines():
        if line.strip():
            d = json.loads(line)
            out[Path(d["file"]).stem] = d
    return out


def _real_files(folder: str) -> list[Path]:
    files = sorted(p for p in shared_path("circuit500", folder).iterdir() if p.is_file())
    if not files:
        pytest.skip(f"no pictures in ../shared/circuit500/{folder}")
    return files


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["raw", "scaled"])
def test_real_screenshots_read_exactly(folder):
    truth = _truth()
    failures = []  # the read time is scripts/bench_circuit500_reader.py's
    for path in _real_files(folder):
        want = truth[path.stem]
        img = load_image(path)
        try:
            got = read(img, path.name)
        except (ReadError, NotThisPuzzle) as exc:
            failures.append(f"{path.name}: {type(exc).__name__}: {exc}")
            continue
        grid = make_grid([[parse_token(t) for t in row] for row in want["grid"]])
        if got.level != want["level"]:
            failures.append(f"{path.name}: level {got.level} != {want['level']}")
        if got.grid != grid:
            bad = [
                f"({r},{c}) {got.grid[r][c].token()} != {grid[r][c].token()}"
                for r in range(6)
                for c in range(4)
                if got.grid[r][c] != grid[r][c]
            ]
            failures.append(f"{path.name}: " + ", ".join(bad))
    assert not failures, "\n".join(failures)


def test_real_screenshot_overlay():
    path = _real_files("raw")[0]
    img = load_image(path)
    over = debug_overlay(img, path.name)
    assert over.shape == img.shape and over.dtype == np.uint8
    assert not np.array_equal(over, img)


# --------------------------------------------------------------------------
# bad inputs


def test_text_file_named_png(tmp_path):
    path = tmp_path / "level.png"
    path.write_text("level 12\n")
    with pytest.raises(ImageLoadError, match="not a picture"):
        load_image(path)


def test_truncated_screenshot(tmp_path):
    img = render_screenshot(random_level(3), size=(640, 1136))
    ok, buf = cv2.imencode(".png", img)
    path = tmp_path / "cut.png"
    path.write_bytes(buf.tobytes()[: len(buf) // 2])
    with pytest.raises(ImageLoadError, match="truncated"):
        load_image(path)


def test_empty_file(tmp_path):
    path = tmp_path / "empty.png"
    path.touch()
    with pytest.raises(ImageLoadError, match="empty"):
        load_image(path)


def _scene() -> np.ndarray:
    img = np.zeros((900, 1200, 3), np.uint8)
    img[:] = (200, 150, 80)  # sky
    img[600:] = (40, 160, 40)  # grass
    cv2.circle(img, (900, 200), 100, (0, 220, 255), -1)  # sun
    cv2.rectangle(img, (200, 380), (450, 640), (30, 30, 160), -1)  # house
    return img


def _grey_card() -> np.ndarray:
    img = np.zeros((1136, 640, 3), np.uint8)
    img[188:956, 64:576] = 184  # a plain light rectangle where the board would be
    return img


@pytest.mark.parametrize(
    "picture, reason",
    [
        (np.random.default_rng(0).integers(0, 256, (1136, 640, 3), dtype=np.uint8), "no circuit500 board"),
        (np.zeros((1136, 640, 3), np.uint8), "dark all over"),
        (np.full((1136, 640, 3), 255, np.uint8), "bright all over"),
        (_scene(), "no circuit500 board"),
        (_grey_card(), "not a circuit500 screen"),
    ],
    ids=["noise", "black", "white", "scene", "grey-card"],
)
def test_not_this_puzzle(picture, reason):
    with pytest.raises(NotThisPuzzle, match=reason):
        read(picture, "x.png")
    # the debug overlay explains instead of raising
    over = debug_overlay(picture, "x.png")
    assert over.shape == picture.shape


def test_sideways_screenshot_is_not_this_puzzle():
    img = np.ascontiguousarray(np.rot90(render_screenshot(random_level(5))))
    with pytest.raises(NotThisPuzzle, match="aspect"):
        read(img, "x")


def test_damaged_tile_names_the_cell():
    level = random_level(21)
    base = render_base(level)
    base[47 + 2 * 32 + 4 : 47 + 2 * 32 + 28, 16 + 3 * 32 + 4 : 16 + 3 * 32 + 28] = (0, 0, 255)
    img = cv2.resize(base, (640, 1136), interpolation=cv2.INTER_NEAREST)
    with pytest.raises(ReadError, match=r"tile \(2,3\)"):
        read(img, "x")


def test_ambiguous_tile_names_both_candidates():
    # blend a cross with a junction: half-way between two drawings
    from visolve.puzzles.circuit500.painter import tile_image

    level = random_level(22)
    base = render_base(level, lit=False)
    cross = tile_image(Tile("cross", 15)).astype(np.float32)
    junction = tile_image(Tile("junction", 7)).astype(np.float32)
    y, x = 47 + 32, 16 + 64
    base[y : y + 32, x : x + 32] = ((cross + junction) / 2).astype(np.uint8)
    img = cv2.resize(base, (640, 1136), interpolation=cv2.INTER_NEAREST)
    with pytest.raises(ReadError, match=r"tile \(1,2\): unsure between (cross:urdl|junction:urd) \(0\.\d\d\) and"):
        read(img, "x")


def test_rule_breaking_board():
    level = random_level(23)
    cells = [list(row) for row in level.grid]
    for r in range(6):
        for c in range(4):
            if cells[r][c].kind == "end":
                cells[r][c] = Tile("empty")
    broken = Level(level.level, make_grid(cells))
    with pytest.raises(ReadError, match="end"):
        read(render_screenshot(broken), "x")


def test_missing_level_digits():
    base = render_base(random_level(24))
    base[25:34, 90:130] = 0
    img = cv2.resize(base, (640, 1136), interpolation=cv2.INTER_NEAREST)
    with pytest.raises(ReadError, match="level number"):
        read(img, "x")


def test_cropped_caption_is_a_read_error():
    base = render_base(random_level(25))
    img = cv2.resize(base[40:], (640, (284 - 40) * 4), interpolation=cv2.INTER_NEAREST)
    with pytest.raises(ReadError, match="caption"):
        read(img, "x")


def test_grey_and_rgba_arrays_are_accepted():
    level = random_level(26)
    img = render_screenshot(level, size=(640, 1136))
    rgba = np.dstack([img, np.full(img.shape[:2], 255, np.uint8)])
    assert read(rgba, "x").grid == level.grid
    with pytest.raises(NotThisPuzzle):
        read(np.zeros((10, 10), np.float32), "x")
