"""visolve.testing: photos are deterministic, the homography is right, distractors vary."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from visolve import testing as synth
from visolve.testing import distractor, photograph
from visolve.vision.geometry import map_points as apply_homography

SMALL = (1200, 1400)  # keep the photos near the low end of the size range: fast tests

#: marker squares (centre x, centre y) in source coordinates, 5x5 px each, on the dark part
MARKERS = [(40.5, 60.5), (250.5, 90.5), (120.5, 495.5), (270.5, 505.5)]


def _source(markers: bool = False) -> np.ndarray:
    """A dark screen with a grey tile grid, like a game screenshot (300x520)."""
    img = np.full((520, 300, 3), 12, np.uint8)
    for r in range(6):
        for c in range(4):
            x, y = 20 + c * 66, 120 + r * 60
            cv2.rectangle(img, (x, y), (x + 60, y + 54), (170, 170, 170), -1)
    if markers:
        for x, y in MARKERS:
            xi, yi = int(x), int(y)
            img[yi - 2 : yi + 3, xi - 2 : xi + 3] = (60, 255, 255)
    return img


def _marker_centres(plain: np.ndarray, marked: np.ndarray) -> np.ndarray:
    """Centres (edge convention) of the blobs where two photos differ."""
    diff = np.abs(marked.astype(np.int16) - plain.astype(np.int16)).sum(axis=2).astype(np.float32)
    mask = (diff > 0.25 * diff.max()).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    centres = []
    for k in range(1, n):
        if stats[k, cv2.CC_STAT_AREA] < 4:
            continue
        ys, xs = np.nonzero(labels == k)
        w = diff[ys, xs]
        centres.append(((xs * w).sum() / w.sum() + 0.5, (ys * w).sum() / w.sum() + 0.5))
    return np.array(centres)


def test_same_seed_same_photo_other_seed_other_photo():
    src = _source()
    a, ha = photograph(src, np.random.default_rng(7), long_side=SMALL)
    b, hb = photograph(src, np.random.default_rng(7), long_side=SMALL)
    c, hc = photograph(src, np.random.default_rng(8), long_side=SMALL)
    assert np.array_equal(a, b) and np.array_equal(ha, hb)
    assert a.shape != c.shape or not np.array_equal(a, c)
    assert not np.allclose(ha, hc)


@pytest.mark.parametrize("long_side", [None, SMALL])
def test_output_types_and_sizes(long_side):
    for seed in range(1 if long_side is None else 3):
        photo, h = photograph(_source(), np.random.default_rng(seed), long_side=long_side)
        assert photo.dtype == np.uint8 and photo.ndim == 3 and photo.shape[2] == 3
        lo, hi = long_side or synth.LONG_SIDE
        assert lo <= max(photo.shape[:2]) <= hi
        assert h.shape == (3, 3) and h.dtype == np.float64
        # the whole source lands inside the photo
        corners = apply_homography(h, [(0, 0), (300, 0), (300, 520), (0, 520)])
        assert (corners >= 0).all()
        assert (corners[:, 0] <= photo.shape[1]).all() and (corners[:, 1] <= photo.shape[0]).all()


@pytest.mark.parametrize("seed,strength", [(0, 1.0), (1, 1.0), (2, 1.0), (3, 0.5), (4, 0.0)])
def test_homography_puts_markers_where_they_are(seed, strength):
    plain, h = photograph(_source(), np.random.default_rng(seed), strength, long_side=SMALL)
    marked, h2 = photograph(_source(True), np.random.default_rng(seed), strength, long_side=SMALL)
    assert np.allclose(h, h2)
    found = _marker_centres(plain, marked)
    expected = apply_homography(h, MARKERS)
    assert len(found) == len(MARKERS)
    for point in expected:
        assert np.linalg.norm(found - point, axis=1).min() < 2.0, (point, found)


def test_strength_zero_is_upright_and_undistorted():
    for seed in range(4):
        _, h = photograph(_source(), np.random.default_rng(seed), 0.0, long_side=SMALL)
        tl, tr, br, bl = apply_homography(h, [(0, 0), (300, 0), (300, 520), (0, 520)])
        assert abs(tl[1] - tr[1]) < 0.5 and abs(bl[1] - br[1]) < 0.5
        assert abs(tl[0] - bl[0]) < 0.5 and abs(tr[0] - br[0]) < 0.5
        # same scale both ways: no stretching
        assert (tr[0] - tl[0]) / 300 == pytest.approx((bl[1] - tl[1]) / 520, rel=1e-6)


def test_full_strength_tilts_and_rotates():
    angles = []
    for seed in range(4):
        _, h = photograph(_source(), np.random.default_rng(seed), 1.0, long_side=1200)
        tl, tr = apply_homography(h, [(0, 0), (300, 0)])
        angles.append(abs(np.degrees(np.arctan2(tr[1] - tl[1], tr[0] - tl[0]))))
        assert angles[-1] < 15 + 8  # rotation plus what the perspective adds
    assert max(angles) > 2


def test_jpeg_bytes_decode_to_the_photo():
    src = _source()
    data, h = synth.photograph_jpeg(src, np.random.default_rng(3), long_side=SMALL)
    photo, h2 = photograph(src, np.random.default_rng(3), long_side=SMALL)
    assert data[:2] == b"\xff\xd8"
    assert np.array_equal(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), photo)
    assert np.array_equal(h, h2)


@pytest.mark.parametrize("frame", synth.FRAMES)
def test_every_frame_works_and_grey_input_is_accepted(frame):
    grey = cv2.cvtColor(_source(), cv2.COLOR_BGR2GRAY)
    photo, h = photograph(grey, np.random.default_rng(1), frame=frame, long_side=1200)
    assert photo.shape[2] == 3 and max(photo.shape[:2]) == 1200
    centre = apply_homography(h, [(185, 330)])[0]
    # the centre of a grey tile is bright in the photo, whatever the frame and light
    assert photo[int(centre[1]), int(centre[0])].mean() > 70


def test_bad_arguments():
    with pytest.raises(ValueError):
        photograph(_source(), np.random.default_rng(0), frame="poster")
    with pytest.raises(ValueError):
        photograph(_source().astype(np.float32), np.random.default_rng(0))
    with pytest.raises(ValueError):
        distractor(np.random.default_rng(0), "cat")


def _thumb(img: np.ndarray) -> np.ndarray:
    return cv2.resize(img, (24, 40), interpolation=cv2.INTER_AREA).astype(np.float32)


def test_every_distractor_kind_is_a_picture_and_deterministic():
    assert len(synth.DISTRACTOR_KINDS) >= 6
    thumbs = {}
    for kind in synth.DISTRACTOR_KINDS:
        a = distractor(np.random.default_rng(11), kind, photographed=False)
        b = distractor(np.random.default_rng(11), kind, photographed=False)
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 3
        assert 1000 <= max(a.shape[:2]) <= 3000
        assert np.array_equal(a, b), kind
        thumbs[kind] = _thumb(a)
    # the kinds really look different from each other
    kinds = list(thumbs)
    for i, k1 in enumerate(kinds):
        for k2 in kinds[i + 1 :]:
            assert np.abs(thumbs[k1] - thumbs[k2]).mean() > 3, (k1, k2)


def test_blank_and_noise_are_what_they_say():
    blank = distractor(np.random.default_rng(2), "blank")
    assert blank.reshape(-1, 3).std(axis=0).max() < 12
    noise = distractor(np.random.default_rng(2), "noise")
    hf = np.abs(np.diff(noise.astype(np.int16), axis=1)).mean()
    assert hf > 5


def test_distractor_seeds_vary():
    a = distractor(np.random.default_rng(1), "dots", photographed=False)
    b = distractor(np.random.default_rng(2), "dots", photographed=False)
    assert a.shape != b.shape or not np.array_equal(a, b)


def test_photographed_distractor():
    img = distractor(np.random.default_rng(4), "sudoku", photographed=True)
    assert img.dtype == np.uint8 and synth.LONG_SIDE[0] <= max(img.shape[:2]) <= synth.LONG_SIDE[1]


def test_distractors_cover_the_kinds_and_repeat():
    plan = synth.distractor_plan(len(synth.DISTRACTOR_KINDS), seed=3)
    assert sorted(plan) == sorted(synth.DISTRACTOR_KINDS)
    assert synth.distractor_plan(30, seed=3)[: len(plan)] == plan
    first = synth.distractors(2, seed=0)
    again = synth.distractors(2, seed=0)
    assert len(first) == 2
    assert all(np.array_equal(x, y) for x, y in zip(first, again))
    labels = [label for label, _ in synth.iter_distractors(2, seed=0)]
    assert [label.removesuffix("_photo") for label in labels] == synth.distractor_plan(2, seed=0)
