"""Board finding, base-grid resampling and template matching on synthetic pictures."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from visolve.vision.board import BoardNotFound, find_board
from visolve.vision.grid import base_to_image, cells, is_upright, map_points, rectify
from visolve.vision.match import TemplateBank, read_glyph_row

BASE_W, BASE_H = 100, 170
BOARD = (10, 30, 90, 150)  # 80 x 120: aspect 2:3


def _base_picture(seed: int = 0) -> np.ndarray:
    """A dark 'screen' with a light board of 4x6 bevelled cells crossed by thin dark lines."""
    rng = np.random.default_rng(seed)
    img = np.zeros((BASE_H, BASE_W, 3), np.uint8)
    x0, y0, x1, y1 = BOARD
    img[y0:y1, x0:x1] = 180
    for c in range(4):
        for r in range(6):
            cx, cy = x0 + 20 * c, y0 + 20 * r
            img[cy, cx : cx + 20] = 215
            img[cy : cy + 20, cx] = 215
            img[cy + 19, cx : cx + 20] = 90
            img[cy : cy + 20, cx + 19] = 90
            if rng.random() < 0.6:  # a "pipe" with a black outline, sometimes to the edge
                img[cy + 8 : cy + 12, cx : cx + 20] = 0
                img[cy + 9 : cy + 11, cx : cx + 20] = (60, 200, 60)
    # a caption above and a counter below, close to the board
    img[y0 - 10 : y0 - 4, 40:70] = 150
    img[y1 + 2 : y1 + 8, 12:30] = 150
    return img


def _screenshot(scale: float, pad=(0, 0)) -> np.ndarray:
    base = _base_picture()
    k = int(np.ceil(scale))
    big = cv2.resize(base, (BASE_W * k, BASE_H * k), interpolation=cv2.INTER_NEAREST)
    w, h = round(BASE_W * scale), round(BASE_H * scale)
    pic = cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA if k != scale else cv2.INTER_NEAREST)
    out = np.zeros((h + 2 * pad[1], w + 2 * pad[0], 3), np.uint8)
    out[pad[1] : pad[1] + h, pad[0] : pad[0] + w] = pic
    return out


@pytest.mark.parametrize("scale", [3, 4, 4.6875, 6.75, 7.7625])
def test_find_board_at_many_scales(scale):
    img = _screenshot(scale, pad=(7, 23))
    board = find_board(img, 2 / 3, base_width=80)
    x0, y0, x1, y1 = BOARD
    expect = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) * (round(BASE_W * scale) / BASE_W) + (7, 23)
    assert board.axis_aligned
    assert np.abs(board.corners - expect).max() < 0.25 * scale  # a quarter of a base pixel


def test_find_board_tilted_gives_a_quad():
    img = _screenshot(5)
    h, w = img.shape[:2]
    M = cv2.getRotationMatrix2D((w / 2, h / 2), 4.0, 1.0)
    rot = cv2.warpAffine(img, M, (w, h))
    board = find_board(rot, 2 / 3, base_width=80)
    assert not board.axis_aligned
    x0, y0, x1, y1 = BOARD
    expect = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float) * 5
    expect = cv2.transform(expect[None], M)[0]
    assert np.abs(board.corners - expect).max() < 5  # within one base pixel


@pytest.mark.parametrize(
    "picture, reason",
    [
        (np.zeros((400, 300, 3), np.uint8), "dark all over"),
        (np.full((400, 300, 3), 230, np.uint8), "bright all over"),
    ],
)
def test_no_board(picture, reason):
    with pytest.raises(BoardNotFound, match=reason):
        find_board(picture, 2 / 3)


def test_wrong_aspect_is_not_a_board():
    img = np.zeros((400, 600, 3), np.uint8)
    img[50:350, 50:550] = 200  # wide rectangle
    with pytest.raises(BoardNotFound, match="aspect"):
        find_board(img, 2 / 3)


def test_small_blob_is_not_a_board():
    img = np.zeros((1000, 600, 3), np.uint8)
    img[100:250, 100:200] = 200  # 100 px wide: under a fifth of the width
    with pytest.raises(BoardNotFound, match="too small"):
        find_board(img, 2 / 3)


def test_rectify_integer_scale_is_exact():
    base = _base_picture()
    img = cv2.resize(base, (BASE_W * 4, BASE_H * 4), interpolation=cv2.INTER_NEAREST)
    board = find_board(img, 2 / 3, base_width=80)
    H = base_to_image(board.corners, BOARD)
    assert is_upright(H, 1e-4)
    view = rectify(img, H, (0, 0, BASE_W, BASE_H))
    assert np.array_equal(view, base)


@pytest.mark.parametrize("scale", [4.6875, 6.75])
def test_rectify_non_integer_scale_is_close(scale):
    base = _base_picture()
    img = _screenshot(scale)
    board = find_board(img, 2 / 3, base_width=80)
    view = rectify(img, base_to_image(board.corners, BOARD), (0, 0, BASE_W, BASE_H))
    diff = np.abs(view.astype(int) - base)
    assert diff.mean() < 6
    assert np.median(diff) == 0


def test_rectify_perspective_path():
    base = _base_picture()
    img = cv2.resize(base, (BASE_W * 4, BASE_H * 4), interpolation=cv2.INTER_NEAREST)
    H = base_to_image(np.array([[40, 120], [360, 120], [360, 600], [40, 600]], float), BOARD)
    H_tilted = H.copy()
    H_tilted[0, 1] += 1e-3  # force the general warp path
    view = rectify(img, H_tilted, (0, 0, BASE_W, BASE_H))
    assert np.abs(view.astype(int) - base).mean() < 8


def test_map_points_and_cells():
    H = base_to_image(np.array([[0, 0], [8, 0], [8, 12], [0, 12]], float), (0, 0, 4, 6))
    assert np.allclose(map_points(H, [(4, 6), (1, 1)]), [(8, 12), (2, 2)])
    grid = cells(np.arange(24 * 16).reshape(24, 16), 6, 4)
    assert len(grid) == 6 and len(grid[0]) == 4 and grid[1][2].shape == (4, 4)
    with pytest.raises(ValueError):
        cells(np.zeros((25, 16)), 6, 4)


def test_template_bank_groups_and_margin():
    rng = np.random.default_rng(3)
    a, b, c = (rng.integers(0, 255, (8, 8, 3)).astype(np.uint8) for _ in range(3))
    a_dim = (a * 0.5).astype(np.uint8)  # same drawing, darker: same group
    bank = TemplateBank([a, a_dim, b, c], ["a", "a-dim", "b", "c"], ["A", "A", "B", "C"])
    m = bank.match_one(a)
    assert m.group == "A" and m.score > 0.99
    assert m.runner_up in ("B", "C") and m.margin > 0.5  # a_dim is not a rival
    # brightness/contrast changes do not matter
    m2 = bank.match_one(np.clip(a.astype(int) * 0.7 + 30, 0, 255).astype(np.uint8))
    assert m2.group == "A" and m2.score > 0.99
    # a flat patch matches nothing
    flat = bank.match_one(np.full((8, 8, 3), 128, np.uint8))
    assert flat.score == 0.0
    with pytest.raises(ValueError):
        bank.match_one(np.zeros((4, 4, 3), np.uint8))


def test_read_glyph_row():
    glyphs = {
        "1": np.array([[0, 1, 0], [1, 1, 0], [0, 1, 0], [0, 1, 0], [1, 1, 1]], np.uint8) * 255,
        "7": np.array([[1, 1, 1], [0, 0, 1], [0, 1, 0], [0, 1, 0], [0, 1, 0]], np.uint8) * 255,
        "0": np.array([[1, 1, 1], [1, 0, 1], [1, 0, 1], [1, 0, 1], [1, 1, 1]], np.uint8) * 255,
    }
    bank = TemplateBank(list(glyphs.values()), list(glyphs))
    strip = np.zeros((9, 30), np.uint8)
    for k, ch in enumerate("710"):
        strip[3:8, 5 + 4 * k : 8 + 4 * k] = glyphs[ch] * 0.6
    got = read_glyph_row(strip, bank, 4, 2, 4, 5, ink=40, jitter=1)  # start 1 px off
    assert got.text == "710"
    assert (got.x, got.y) == (5, 3)
    assert all(m.score > 0.99 for m in got.matches)


def test_dim_board_found_with_picture_threshold():
    img = (_screenshot(4).astype(np.float32) * 0.45).astype(np.uint8)  # board grey ~80
    board = find_board(img, 2 / 3, base_width=80)
    x0, y0, x1, y1 = BOARD
    expect = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float) * 4
    assert np.abs(board.corners - expect).max() < 1.0
