"""Photo helpers: candidate boards, sub-pixel sides, light normalisation, robust matching."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from visolve.vision.grid import base_to_image, map_points
from visolve.vision.light import flat_field, illumination, local_normalise, remove_background, stretch
from visolve.vision.match import TemplateBank
from visolve.vision.sides import board_candidates, iter_opened_candidates, refine_sides
from visolve.testing import photograph
from visolve.vision.geometry import map_points as apply_homography

BOARD = (10, 30, 90, 150)  # on a 100 x 170 base grid: 80 x 120, aspect 2:3
UNITS = (80, 120)


def _screen(seed: int = 0, scale: int = 8) -> np.ndarray:
    """A dark screen with a light bevelled 4x6 board (light top/left, dark bottom/right edges)."""
    rng = np.random.default_rng(seed)
    img = np.zeros((170, 100, 3), np.uint8)
    x0, y0, x1, y1 = BOARD
    for c in range(4):
        for r in range(6):
            cx, cy = x0 + 20 * c, y0 + 20 * r
            img[cy : cy + 20, cx : cx + 20] = 180
            img[cy, cx : cx + 20] = 215
            img[cy : cy + 20, cx] = 215
            img[cy + 19, cx : cx + 20] = 90
            img[cy : cy + 20, cx + 19] = 90
            if rng.random() < 0.5:  # a pipe with an outline, sometimes reaching the edge
                img[cy + 8 : cy + 12, cx : cx + 20] = 0
                img[cy + 9 : cy + 11, cx : cx + 20] = (60, 200, 60)
    img[y0 - 10 : y0 - 4, 40:70] = 150  # caption
    img[y1 + 2 : y1 + 8, 12:30] = 150  # counter
    return cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)


# bevel: +35/180 px outside on top/left, -90/180 on bottom/right (in base pixels)
BIAS = (35 / 180, -90 / 180, -90 / 180, 35 / 180)


@pytest.mark.parametrize("seed", range(6))
def test_photographed_board_corners_to_a_fraction_of_a_base_pixel(seed):
    screen = _screen(seed)
    photo, H = photograph(screen, np.random.default_rng(seed), 1.0, long_side=(1300, 1800))
    x0, y0, x1, y1 = BOARD
    s = 8.0
    true = apply_homography(H, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float) * s)
    cands = board_candidates(photo, UNITS[0] / UNITS[1])
    assert cands, "no candidate"
    errs = []
    for c in cands:
        errs.append(np.abs(c.corners - true).max())
    best = cands[int(np.argmin(errs))]
    corners = refine_sides(photo, best.corners, UNITS, edge_bias=BIAS)
    base_px = np.linalg.norm(true[1] - true[0]) / UNITS[0]
    err = np.linalg.norm(corners - true, axis=1).max() / base_px
    assert err < 0.35, f"corner error {err:.2f} base px"


def test_refine_sides_keeps_guess_without_edges():
    flat = np.full((200, 200, 3), 120, np.uint8)
    guess = np.array([[50, 40], [150, 40], [150, 190], [50, 190]], float)
    assert np.allclose(refine_sides(flat, guess, UNITS), guess)


def test_no_candidates_in_noise_or_blank():
    rng = np.random.default_rng(0)
    assert len(board_candidates(rng.integers(0, 256, (600, 400, 3), dtype=np.uint8), 2 / 3)) <= 8
    assert board_candidates(np.zeros((600, 400, 3), np.uint8), 2 / 3) == []
    assert board_candidates(np.zeros((8, 8, 3), np.uint8), 2 / 3) == []


def test_upright_board_candidate_matches_homography():
    screen = _screen(1, scale=4)
    cands = board_candidates(screen, 2 / 3)
    x0, y0, x1, y1 = (v * 4 for v in BOARD)
    want = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)
    assert any(np.abs(c.corners - want).max() < 6 for c in cands)  # coarse: within 1.5 base px
    H = base_to_image(want, BOARD)
    assert np.allclose(map_points(H, [(10, 30)]), [(x0, y0)])


# --------------------------------------------------------------------------
# light


def test_flat_field_evens_out_a_gradient():
    xx = np.linspace(0.4, 1.0, 300, dtype=np.float32)[None, :].repeat(200, axis=0)
    img = (180 * xx)[..., None].repeat(3, axis=2)
    img[:, ::25] *= 0.3  # dark lines, as between tiles
    out = flat_field(img, 40, level=200)
    plate = out[:, 5:20].mean(), out[:, 280:295].mean()
    # 0.4 : 1.0 before; a max filter's estimate lags a little on a slope
    assert min(plate) / max(plate) > 0.85
    assert illumination(img[..., 0], 40).min() >= 8.0


def test_local_normalise_ignores_gain_and_offset():
    rng = np.random.default_rng(0)
    g = rng.normal(100, 20, (64, 64)).astype(np.float32)
    a = local_normalise(g, 4)
    b = local_normalise(2.0 * g + 30, 4)
    assert np.abs(a - b).max() < 0.05


def test_remove_background_and_stretch():
    ground = np.linspace(20, 90, 120, dtype=np.float32)[None, :].repeat(20, axis=0)
    text = ground.copy()
    text[8:11, 10:110:6] += 60
    out = stretch(remove_background(text, 9), 50, 99.7, 0, 153)
    assert out.dtype == np.uint8
    assert out[9, 10:110:6].min() > 120
    assert np.median(out) < 10


# --------------------------------------------------------------------------
# matching


def _patterns():
    rng = np.random.default_rng(3)
    return [rng.integers(0, 255, (16, 16, 3)).astype(np.uint8) for _ in range(4)]


def test_per_channel_matching_ignores_a_colour_cast():
    pats = _patterns()
    bank = TemplateBank(pats, list("abcd"))
    cast = np.clip(pats[2] * np.array([0.6, 1.0, 1.3]) + np.array([30, 0, -10]), 0, 255).astype(np.uint8)
    m = bank.match([cast], per_channel=True)[0]
    assert m.group == "c" and m.score > 0.99
    assert bank.match([cast])[0].score < m.score


def test_detrended_matching_ignores_a_light_gradient():
    pats = _patterns()
    bank = TemplateBank(pats, list("abcd"), detrend=True)
    ramp = np.linspace(0, 120, 16, dtype=np.float32)[None, :, None]
    lit = pats[1].astype(np.float32) * 0.5 + ramp
    m = bank.match([lit], per_channel=True)[0]
    assert m.group == "b" and m.score > 0.99
    plain = TemplateBank(pats, list("abcd"))
    assert plain.match([lit])[0].score < m.score


def test_opened_candidates_cut_a_glare_bridge():
    """Glare joins the board to a bright patch on the screen: the usual split
    gives a blob of the wrong shape, the opened split gives the board."""
    img = np.full((1020, 600, 3), 20, np.uint8)
    x0, y0, x1, y1 = 120, 180, 540, 810  # 420 x 630: aspect 2:3
    img[y0:y1, x0:x1] = 190
    for k in range(1, 12):  # outlines and drawing on the tiles
        img[y0:y1, x0 + k * 35 - 1 : x0 + k * 35 + 2] = 40
    for k in range(1, 18):
        img[y0 + k * 35 - 1 : y0 + k * 35 + 2, x0:x1] = 40
    img[y0 + 100 : y0 + 500, 0:95] = 200  # glare on the screen ...
    img[y0 + 300 : y0 + 306, 90 : x0 + 2] = 200  # ... joined to the board by a narrow bright bridge
    truth = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
    found = list(iter_opened_candidates(img, 2 / 3))
    assert found, "no candidate"
    errs = [np.abs(b.corners - truth).max() for b in found]
    assert min(errs) < 0.02 * (y1 - y0), errs


def test_match_flat_std_is_adjustable():
    """A faint patch scores 0 at the usual flatness limit and its real correlation below it."""
    rng = np.random.default_rng(0)
    t = rng.integers(0, 255, (8, 8)).astype(np.float32)
    bank = TemplateBank([t, 255 - t], ["a", "b"])
    faint = 100 + (t - t.mean()) / t.std() * 2.0  # std 2 grey levels
    assert bank.match([faint])[0].score == 0.0
    m = bank.match([faint], flat_std=1.0)[0]
    assert m.group == "a" and m.score > 0.99
