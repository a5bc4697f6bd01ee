"""vision.view.BoardView: the shared upright board, its cells, light and overlay."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from visolve.vision.geometry import map_points
from visolve.vision.view import BoardView, banner, corners_homography, draw_overlay

ROWS, COLS, PITCH = 5, 7, 30


def _colour(r: int, c: int) -> tuple[int, int, int]:
    """A different colour for every cell (channels far apart, so a misplaced cell shows)."""
    return (40 + 40 * r, 30 + 30 * c, 220 - 25 * r)


def _board(pitch: int = PITCH) -> np.ndarray:
    """Cells of their own colour on a grey grid; board point (0, 0) at pixel edge (0, 0)."""
    img = np.full((ROWS * pitch, COLS * pitch, 3), 128, np.uint8)
    gap = pitch // 8
    for r in range(ROWS):
        for c in range(COLS):
            img[r * pitch + gap : (r + 1) * pitch - gap, c * pitch + gap : (c + 1) * pitch - gap] = _colour(r, c)
    return img


#: where the board's corners land in the "photo" (tilted, seen at an angle)
CORNERS = np.array([[210.0, 140.0], [820.0, 95.0], [880.0, 610.0], [170.0, 560.0]])


def _photo() -> np.ndarray:
    src = np.float32([[0, 0], [COLS * PITCH, 0], [COLS * PITCH, ROWS * PITCH], [0, ROWS * PITCH]])
    hom = cv2.getPerspectiveTransform(src, CORNERS.astype(np.float32))
    # OpenCV's warp puts pixel centres on integers: shift by half a pixel on both sides
    half = np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1.0]])
    m = np.linalg.inv(half) @ hom @ half
    return cv2.warpPerspective(_board(), m, (1000, 720), flags=cv2.INTER_LINEAR, borderValue=(20, 60, 20))


@pytest.mark.parametrize("sampling", ["linear", "area"])
def test_warp_of_a_drawn_board_at_known_corners(sampling):
    view = BoardView.from_corners(_photo(), CORNERS, ROWS, COLS, pitch=24, margin=0.5, sampling=sampling)
    assert view.image.shape == ((ROWS + 1) * 24, (COLS + 1) * 24, 3) and view.image.dtype == np.uint8
    assert view.keys[0] == (0, 0) and len(view.keys) == ROWS * COLS
    for r in range(ROWS):
        for c in range(COLS):
            patch = view.cell(r, c)
            assert patch.shape == (24, 24, 3)
            middle = patch[8:16, 8:16].reshape(-1, 3).mean(axis=0)
            assert np.abs(middle - _colour(r, c)).max() < 6, (r, c, middle)
    # the grid line between two cells is grey; the margin shows the surround
    x, y = view.centre(2, 3)
    assert np.abs(view.image[int(y), int(x + 12)].astype(int) - 128).max() < 20
    assert np.abs(view.image[4, 4].astype(int) - (20, 60, 20)).max() < 20
    assert view.board().shape == (ROWS * 24, COLS * 24, 3)


def test_point_mappings_round_trip():
    view = BoardView.from_corners(_photo(), CORNERS, ROWS, COLS, pitch=20, margin=(0.5, 1.0, 0.25, 0.0))
    assert view.extent == (-0.5, -1.0, COLS + 0.25, ROWS)
    assert np.allclose(view.corners(), CORNERS, atol=1e-6)
    pts = np.array([[0.0, 0.0], [3.25, 1.5], [COLS, ROWS], [-0.5, 4.75]])
    assert np.allclose(view.from_picture(view.to_picture(pts)), pts, atol=1e-9)
    assert np.allclose(view.view_to_board(view.board_to_view(pts)), pts)
    # the view's own homography agrees with board -> view -> picture
    assert np.allclose(map_points(view.view_homography(), view.board_to_view(pts)), view.to_picture(pts))
    assert np.allclose(view.board_to_view([(-0.5, -1.0)]), 0)
    # a cell is about (distance between the corners) / cells across
    assert 80 < view.cell_size() < 110


def test_corners_homography_maps_the_board_rectangle():
    hom = corners_homography(CORNERS, ROWS, COLS)
    assert np.allclose(map_points(hom, [[0, 0], [COLS, 0], [COLS, ROWS], [0, ROWS]]), CORNERS, atol=1e-6)


def test_upright_area_sampling_is_exact_at_an_integer_scale():
    board = _board(pitch=12)
    picture = cv2.resize(board, None, fx=3, fy=3, interpolation=cv2.INTER_NEAREST)
    corners = np.array([[0, 0], [COLS * 36, 0], [COLS * 36, ROWS * 36], [0, ROWS * 36]], np.float64)
    view = BoardView.from_corners(picture, corners, ROWS, COLS, pitch=12, sampling="area")
    assert np.array_equal(view.image, board)


def test_cells_of_a_lattice_that_is_not_square():
    # rows of 4 and 3 cells, the short rows offset by half a cell (like IQ Stars' rows of stars)
    centres = {}
    for r in range(ROWS):
        n = COLS if r % 2 == 0 else COLS - 1
        for c in range(n):
            centres[(r, c)] = (c + 0.5 + 0.5 * (r % 2), r + 0.5)
    view = BoardView.from_corners(_photo(), CORNERS, ROWS, COLS, pitch=24, centres=centres)
    assert len(view.keys) == len(centres) and len(view.cells()) == len(centres)
    x, y = view.centre(1, 0)
    assert (x, y) == (24.0, 36.0)
    # a patch cut off by the view's edge is padded to full size
    assert view.cell(0, 0, size=2.0).shape == (48, 48, 3)
    out = draw_overlay(_photo(), view, labels={k: "s" for k in centres}, title="stars")
    assert out.dtype == np.uint8 and out.shape == (720, 1000, 3)


def test_resampled_with_a_finer_pitch_shows_the_same_board():
    view = BoardView.from_corners(_photo(), CORNERS, ROWS, COLS, pitch=16)
    fine = view.resampled(pitch=48, extent=(2, 1, 4, 3))
    assert fine.image.shape == (96, 96, 3)
    x, y = fine.centre(1, 2)
    assert np.abs(fine.image[int(y), int(x)].astype(int) - _colour(1, 2)).max() < 6


def test_light_evening_steps():
    # dark cells (40) on a grey grid (160) under a strong light gradient and a wash
    pitch = 32
    board = np.full((ROWS * pitch, COLS * pitch, 3), 160, np.float32)
    dark = np.zeros(board.shape[:2], bool)
    for r in range(ROWS):
        for c in range(COLS):
            dark[r * pitch + 6 : (r + 1) * pitch - 6, c * pitch + 6 : (c + 1) * pitch - 6] = True
    board[dark] = 40
    gain = np.linspace(0.5, 1.3, board.shape[1], dtype=np.float32)[None, :, None]
    wash = np.linspace(0.0, 0.4, board.shape[0], dtype=np.float32)[:, None, None]
    seen = np.clip(board * gain * (1 - wash) + 230 * wash, 0, 255).astype(np.uint8)
    corners = np.array([[0, 0], [COLS * pitch, 0], [COLS * pitch, ROWS * pitch], [0, ROWS * pitch]], float)
    view = BoardView.from_corners(seen, corners, ROWS, COLS, pitch=pitch, sampling="area")
    assert np.array_equal(view.image, seen)
    grid = ~cv2.dilate(dark.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    core = cv2.erode(dark.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    even = view.normalised(core, grid, sigma=0.5)
    assert even.image.dtype == np.float32
    assert np.abs(even.image[core]).max() < 0.08
    assert np.abs(even.image[grid] - 1).max() < 0.08
    # before: the same paint differs by a factor of two and more across the board
    assert seen[grid].max() > 2 * seen[grid].min()
    # a light field alone (no wash) is divided out by the flat field
    lit = np.clip(board * gain, 0, 255).astype(np.uint8)
    flat = BoardView.from_corners(lit, corners, ROWS, COLS, pitch=pitch, sampling="area").flat_fielded(size=1.0)
    before = np.percentile(lit[grid], 95) / np.percentile(lit[grid], 5)
    after = np.percentile(flat.image[grid], 95) / np.percentile(flat.image[grid], 5)
    assert before > 2 and after < 1.2


def test_overlay_is_a_bgr_uint8_picture_with_the_board_drawn():
    photo = _photo()
    view = BoardView.from_corners(photo, CORNERS, ROWS, COLS, pitch=24)
    labels = {k: f"{k[0]}{k[1]}" for k in view.keys}
    colours = {k: (0, 0, 255) if k == (2, 2) else (0, 200, 0) for k in view.keys}
    scores = [0.5 + 0.01 * i for i in range(len(view.keys))]
    out = draw_overlay(photo, view, labels, colours, "read OK", scores=scores)
    assert out.dtype == np.uint8 and out.shape == photo.shape
    assert not np.array_equal(out, photo)
    assert np.array_equal(photo, _photo())  # the picture itself is left alone
    # the outline runs through the board's corner, the banner along the bottom
    x, y = CORNERS[0].astype(int)
    assert out[y - 3 : y + 4, x - 3 : x + 4, 1].max() >= 200
    assert out[-3:, :, :].max() <= 255 and (out[-3:, :].reshape(-1, 3) == 0).all(axis=1).mean() > 0.5
    grey = draw_overlay(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY), None, title="no board")
    assert grey.shape == photo.shape and grey.dtype == np.uint8
    with pytest.raises(ValueError):
        draw_overlay(photo, view, labels=["too", "few"])


def test_banner_writes_in_place():
    img = np.full((100, 300, 3), 255, np.uint8)
    assert banner(img, "refused: no board") is img
    assert (img[-5:] == 0).mean() > 0.5


def test_bad_arguments():
    with pytest.raises(ValueError):
        BoardView.from_corners(_photo(), CORNERS, ROWS, COLS, sampling="cubic")
    with pytest.raises(ValueError):
        BoardView.from_corners(_photo(), CORNERS, ROWS, COLS, margin=(1, 2))
    view = BoardView.from_corners(_photo(), CORNERS, ROWS, COLS, pitch=10)
    with pytest.raises(ValueError):
        view.with_image(np.zeros((5, 5, 3), np.uint8))
