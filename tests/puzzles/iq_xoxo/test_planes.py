"""The first look's planes and ink mask, computed in place, equal those of one new array a step
(:func:`visolve.puzzles.iq_xoxo.page.first_look.planes` and ``ink_mask``): the page finder reads
the same pixels as before, in less time."""

import cv2
import numpy as np
import pytest

from visolve.puzzles.iq_xoxo.page import first_look
from visolve.puzzles.iq_xoxo.page.first_look import (DENOISE, INK_SAT, RIDGE_STEP, ROUGH_REACHES, ink_mask,
                                                    local_light, planes, rough_look)
from visolve.puzzles.iq_xoxo.page.outline import kernel

_RIDGE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
_LEAST = (np.arange(256) // 20).astype(np.uint8)  # MIN_RANGE 1/20 of the top light


def _planes(work: np.ndarray) -> tuple:
    """The planes as first written: a new array for every step."""
    light = local_light(work)  # as it always was: the steps after it are made in place now
    smooth = cv2.GaussianBlur(work, (0, 0), DENOISE)
    ratio = [cv2.divide(s, wh, dtype=cv2.CV_32F) for s, wh in zip(cv2.split(smooth), cv2.split(light))]
    top = cv2.max(cv2.max(ratio[0], ratio[1]), ratio[2])
    low = cv2.min(cv2.min(ratio[0], ratio[1]), ratio[2])
    coloured = cv2.compare(low, cv2.multiply(top, 1.0 - INK_SAT), cv2.CMP_LT) > 0
    brightest = np.maximum(np.maximum(smooth[..., 0], smooth[..., 1]), smooth[..., 2])
    return brightest, coloured, cv2.cvtColor(smooth, cv2.COLOR_BGR2GRAY)


def _ink(grey: np.ndarray, coloured: np.ndarray, reach: float) -> np.ndarray:
    """The ink mask as first written."""
    box = kernel(reach)
    top = cv2.dilate(grey, box)
    paint = coloured.view(np.uint8) * np.uint8(255)
    low = cv2.erode(cv2.max(grey, paint), box)
    dark = cv2.compare(cv2.subtract(grey, low), cv2.subtract(top, grey), cv2.CMP_LT)
    dark = cv2.bitwise_and(dark, cv2.compare(cv2.subtract(top, low), cv2.LUT(top, _LEAST), cv2.CMP_GT))
    ridge = cv2.compare(cv2.morphologyEx(grey, cv2.MORPH_TOPHAT, _RIDGE), RIDGE_STEP, cv2.CMP_GT)
    return cv2.bitwise_and(dark, cv2.bitwise_not(cv2.bitwise_or(paint, ridge)))


def _page(seed: int) -> np.ndarray:
    """A page lit unevenly, grey squares, coloured blobs and sensor noise (odd sides: no whole blocks)."""
    rng = np.random.default_rng(seed)
    h, w = 301, 457
    ramp = np.linspace(150, 250, w)[None, :, None] * np.linspace(0.8, 1.0, h)[:, None, None]
    page = np.broadcast_to(ramp * np.array([0.9, 1.0, 1.05]), (h, w, 3)).copy()
    for _ in range(60):
        x, y, s = rng.integers(0, w - 20), rng.integers(0, h - 20), rng.integers(6, 18)
        page[y:y + s, x:x + s] *= 0.86
    for _ in range(12):
        x, y = rng.integers(0, w), rng.integers(0, h)
        cv2.circle(page, (int(x), int(y)), int(rng.integers(5, 25)), tuple(float(v) for v in rng.integers(0, 255, 3)), -1)
    page += rng.normal(0, 4, page.shape)
    return np.clip(page, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_planes_equal_those_made_a_new_array_a_step(seed):
    work = _page(seed)
    for got, want in zip(planes(work), _planes(work)):
        assert got.dtype == want.dtype and np.array_equal(got, want)


@pytest.mark.parametrize("seed", [0, 1])
def test_ink_masks_equal_those_made_a_new_array_a_step(seed):
    grey, coloured, dull = planes(_page(seed))
    assert coloured.any() and not coloured.all()  # the page has colour to leave out, and page to keep
    for plane in (grey, dull):
        for reach in (5.0, 12.5, 30.0):
            assert np.array_equal(ink_mask(plane, coloured, reach), _ink(plane, coloured, reach)), reach


def test_the_rough_look_sees_each_reach_ink_as_made_alone(monkeypatch):
    # the colour and the lines no reach makes ink are made once for the three reaches: no
    # reach may write over them (the next reach would see other ink), nor over the planes
    grey, coloured, _dull = planes(_page(3))
    kept = grey.copy(), coloured.copy()
    seen = []
    monkeypatch.setattr(first_look, "square_pitch", lambda ink, *_: seen.append(ink.copy()))  # None: no pitch, next reach
    rough_look(grey, coloured)
    assert len(seen) == len(ROUGH_REACHES)
    for ink, reach in zip(seen, ROUGH_REACHES):
        assert np.array_equal(ink, _ink(kept[0], kept[1], reach * max(grey.shape))), reach
    assert np.array_equal(grey, kept[0]) and np.array_equal(coloured, kept[1])


def test_the_coloured_mask_holds_only_zeros_and_ones():
    """Its bytes are read as 0/1 (``coloured.view(np.uint8) * 255`` makes the paint mask)."""
    rng = np.random.default_rng(7)
    work = cv2.GaussianBlur(rng.integers(0, 256, (200, 300, 3), dtype=np.uint8), (0, 0), 2.0)
    coloured = planes(work)[1]
    assert coloured.dtype == bool and set(np.unique(coloured.view(np.uint8))) <= {0, 1}
    assert coloured.any() and not coloured.all()
