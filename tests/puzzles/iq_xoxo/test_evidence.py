"""The lattice's window test and the reader's rules for doubt: boards framed by gaps, pieces'
shapes settling doubt, and tabs missing among tabs."""

import random

import cv2
import numpy as np
import pytest

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo import testing
from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.draw import board_origins, draw_page
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.cell_evidence import BoxMeans, cell_evidence, square_sums
from visolve.puzzles.iq_xoxo.reader import name_levels, read

#: the drawn page's pitch (px) and how far around the board the cells are judged (cells)
PITCH, AROUND = 30, 2
#: a dim photo: everything at this share of its light (the test is relative to the gaps)
DIM = 0.9


def _judged(picture: np.ndarray, origin: tuple[float, float]) -> dict[tuple[int, int], bool]:
    """Every cell within AROUND of the board at ``origin``: does it look like a board's square."""
    x0, y0 = origin
    hom = np.array([[PITCH, 0, x0], [0, PITCH, y0], [0, 0, 1]], np.float64)
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    cells = [(c, r) for r in range(-AROUND, ROWS + AROUND) for c in range(-AROUND, COLS + AROUND)]
    colour = np.zeros(grey.shape, np.uint8)
    hit = cell_evidence(hom, np.array(cells, np.float64), BoxMeans(grey), BoxMeans(colour), PITCH)
    return {cell: bool(h) for cell, h in zip(cells, hit)}


def _empty_board_page(light: float) -> tuple[np.ndarray, tuple[float, float]]:
    """An empty board drawn on a page, all of it at ``light`` of its light (1: as drawn), and its origin."""
    empty = Level(5, tuple("." * COLS for _ in range(ROWS)))
    page = draw_page([empty], PITCH, per_row=1)
    page = np.clip(page.astype(np.float32) * light, 0, 255).astype(np.uint8)
    return page, board_origins(1, PITCH, 1)[0]


@pytest.mark.parametrize("light", [1.0, DIM])
def test_the_board_s_squares_are_framed_and_the_page_around_is_not(light):
    page, origin = _empty_board_page(light)
    judged = _judged(page, origin)
    inside = [v for (c, r), v in judged.items() if 0 <= c < COLS and 0 <= r < ROWS]
    outside = [v for (c, r), v in judged.items() if not (0 <= c < COLS and 0 <= r < ROWS)
               and not (r < 0 and 3 <= c <= 6)]  # the tab above the board is coloured, not grey
    assert all(inside)
    assert not any(outside)


def test_a_tab_missing_among_tabs_is_refused_not_named_from_the_file():
    rows = tuple("." * COLS for _ in range(ROWS))
    with pytest.raises(ReadError, match="no number tab"):
        name_levels([Level(12, rows), Level("", rows)], "page_7.jpg")
    assert [lv.level for lv in name_levels([Level("", rows), Level("", rows)], "page_7.jpg")] == ["7-1", "7-2"]


def test_a_drawn_page_still_reads_with_its_squares_settled():
    rng = random.Random("evidence-page")
    levels = [testing.random_challenge(rng, n) for n in (17, 58)]
    got = read(draw_page(levels, 36, per_row=1), "page.png")
    assert sorted(lv.level for lv in got) == [17, 58]
    assert {lv.level: lv.rows for lv in got} == {lv.level: lv.rows for lv in levels}


def _blurred_means(plane: np.ndarray, pts: np.ndarray, radius: int) -> np.ndarray:
    """The box means as BoxMeans took them before: a box-blurred float32 copy, read at the points."""
    h, w = plane.shape
    blurred = cv2.blur(np.asarray(plane, np.float32), (2 * radius + 1, 2 * radius + 1))
    x, y = np.round(pts[:, 0]).astype(np.int64), np.round(pts[:, 1]).astype(np.int64)
    inside = (x >= radius) & (y >= radius) & (x + radius < w) & (y + radius < h)
    return np.where(inside, blurred[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)], np.nan)


@pytest.mark.parametrize("kind", ["uint8", "bool", "float32"])
@pytest.mark.parametrize("share", [10**9, 1])  # whole-number planes summed from the integral image, or directly
def test_box_means_are_the_blurred_planes_to_the_bit(kind, share, monkeypatch):
    monkeypatch.setattr("visolve.puzzles.iq_xoxo.page.cell_evidence.DIRECT_SHARE", share)
    rng = np.random.default_rng(7)
    for _ in range(12):
        h, w = (int(v) for v in rng.integers(8, 300, 2))
        plane = rng.integers(0, 256, (h, w)).astype(np.uint8)
        plane = plane > 128 if kind == "bool" else plane.astype(np.float32) / 3 if kind == "float32" else plane
        pts = rng.uniform(-3, max(h, w) + 3, (200, 2))
        means = BoxMeans(plane)
        for radius in (1, 2, 5, 9):
            got, want = means(pts, radius), _blurred_means(plane, pts, radius)
            assert got.dtype == want.dtype
            assert np.array_equal(got, want, equal_nan=True)


def test_square_sums_of_a_plane_whose_integral_wraps():
    # 0/255 over 9 Mpx: the integral's 32-bit sums wrap past 2^31, the boxes' sums do not
    plane = np.full((3000, 3000), 255, np.uint8)
    plane[::7, ::3] = 0
    integral = cv2.integral(plane)
    assert integral[-1, -1] < 0  # wrapped
    x0, y0 = np.array([2990, 1500, 0, 2980, 7]), np.array([2990, 2800, 0, 10, 2991])
    for side in (3, 9):
        direct = square_sums(plane, x0, y0, side)
        assert np.array_equal(square_sums(plane, x0, y0, side, integral), direct)
        assert direct.tolist() == [int(plane[y:y + side, x:x + side].sum()) for x, y in zip(x0, y0)]
