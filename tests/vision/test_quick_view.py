import cv2
import numpy as np

from visolve.vision.quick_view import area_shrunk, quick_view
from visolve.vision.view import BoardView


def _photo(side=4000, seed=0):
    """A large picture of a 6 x 6 board of coloured squares with thin light strokes beside them (label
    ink, where reductions differ most), smooth noise on it."""
    rng = np.random.default_rng(seed)
    img = np.full((side, side, 3), 60, np.uint8)
    pitch = side // 10
    for r in range(6):
        for c in range(6):
            colour = [int(v) for v in rng.integers(0, 256, 3)]
            x0, y0 = (2 + c) * pitch + 10, (2 + r) * pitch + 10
            cv2.rectangle(img, (x0, y0), (x0 + pitch - 20, y0 + pitch - 20), colour, -1)
        cv2.putText(img, "ABCDEF"[r], (pitch + 100, (2 + r) * pitch + 250), cv2.FONT_HERSHEY_SIMPLEX, 6, (240,) * 3, 9)
    noise = cv2.GaussianBlur(rng.normal(0, 6, img.shape).astype(np.float32), (0, 0), 2)
    return np.clip(img + noise, 0, 255).astype(np.uint8), pitch


def _hom(pitch):
    quad = np.float32([[2 * pitch, 2 * pitch + 40], [8 * pitch - 30, 2 * pitch], [8 * pitch, 8 * pitch],
                       [2 * pitch + 20, 8 * pitch - 10]])
    return cv2.getPerspectiveTransform(np.float32([[0, 0], [6, 0], [6, 6], [0, 6]]), quad).astype(np.float64)


def test_quick_view_matches_the_slow_shrink_within_a_few_levels_and_keeps_picture_and_homography():
    img, pitch = _photo()
    hom = _hom(pitch)
    # the region shrunk about 14, 10, 7 and 5 times: blocks of 3, 2, 2 and 2 px first
    for view_pitch in (24, 32, 48, 64):
        slow = BoardView.from_homography(img, hom, 6, 6, pitch=view_pitch, margin=2.1)
        quick = quick_view(img, hom, 6, 6, pitch=view_pitch, margin=2.1)
        assert quick.image.shape == slow.image.shape
        diff = np.abs(quick.image.astype(int) - slow.image.astype(int))
        # the blocks' edges stand a fraction of a block off the exact footprints: a few levels at edges
        assert diff.max() <= 12 and diff.mean() < 0.3, (view_pitch, diff.max(), diff.mean())
        assert quick.picture is img and np.array_equal(quick.homography, hom)
        assert quick.extent == slow.extent and quick.pitch == slow.pitch


def test_quick_view_of_a_region_shrunk_under_four_times_is_the_plain_view():
    img, pitch = _photo(side=2000)
    hom = _hom(pitch)
    for view_pitch in (48, 120, 250):  # shrunk about 3.5 and 1.4 times, and not at all
        slow = BoardView.from_homography(img, hom, 6, 6, pitch=view_pitch, margin=0.5)
        assert np.array_equal(quick_view(img, hom, 6, 6, pitch=view_pitch, margin=0.5).image, slow.image)


def test_area_shrunk_is_the_block_means_then_the_area_reduction():
    rng = np.random.default_rng(1)
    img = rng.integers(0, 256, (60, 90), dtype=np.uint8)
    got = area_shrunk(img, (20, 13), 3)
    blocks = img.reshape(20, 3, 30, 3).mean(axis=(1, 3))
    want = cv2.resize(np.round(blocks).astype(np.uint8), (20, 13), interpolation=cv2.INTER_AREA)
    assert got.shape == (13, 20) and np.abs(got.astype(int) - want.astype(int)).max() <= 1
