"""The copy of a picture IQ XOXO boards are looked for on: cut to the part around the squares
the first look saw, scaled so that a square is about :data:`TARGET_PITCH` px."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import planes

#: boards are looked for on a copy with squares about TARGET_PITCH px apart (gaps of
#: about 3 px; reduced or enlarged when the working copy's differ by more than
#: RESCALE_ABOVE of it): against 26 px, within one page as many read of 420 synthetic
#: pages, none misread, and about a fifth less time (same-process A/B)
TARGET_PITCH, RESCALE_ABOVE = 21, 0.25
#: boards are looked for within CROP_REACH pitches of the squares the first look
#: saw (a board is 10 wide), unless that is more than CROP_SHARE of the picture
CROP_REACH, CROP_SHARE = 12, 0.7


def cropped(image: np.ndarray, squares: np.ndarray, pitch: float) -> tuple[np.ndarray, np.ndarray]:
    """The part of ``image`` within :data:`CROP_REACH` pitches of the squares seen first
    (picture px), and its top-left corner; the whole picture when that part is most of it."""
    h, w = image.shape[:2]
    reach = CROP_REACH * pitch
    x0, y0 = (max(0, int(v)) for v in squares.min(axis=0) - reach)
    x1, y1 = (int(v) for v in squares.max(axis=0) + reach)
    x1, y1 = min(w, x1), min(h, y1)
    if (x1 - x0) * (y1 - y0) > CROP_SHARE * w * h:
        return image, np.zeros(2)
    return image[y0:y1, x0:x1], np.array([x0, y0], np.float64)


def boards_copy(image: np.ndarray, work: np.ndarray, f: float, work_planes: Callable[[], tuple], pitch: float,
                 seen: np.ndarray, made: Callable[[np.ndarray], tuple] = planes) -> tuple[
                     np.ndarray, tuple, float, float, np.ndarray]:
    """The part of the picture around the squares ``seen`` (px of ``work``, ``f`` times the
    picture, squares ``pitch`` px apart) with squares about :data:`TARGET_PITCH` px apart,
    its :func:`planes`, its pitch, its scale against the picture and its top-left corner
    (picture px).  The working copy will do when within :data:`RESCALE_ABOVE` of that
    scale (its planes ``work_planes()`` cut); else its part is reduced, or the picture's
    part enlarged."""
    g = min(1.0, f * TARGET_PITCH / pitch)
    if abs(g - f) <= RESCALE_ABOVE * f:
        part, at = cropped(work, seen, pitch)
        x0, y0 = (int(v) for v in at)
        cut = tuple(plane[y0:y0 + part.shape[0], x0:x0 + part.shape[1]] for plane in work_planes())
        return part, cut, pitch, f, at / f
    if g < f:  # large squares: the working copy's part reduced
        part, at = cropped(work, seen, pitch)
        base, origin = f, at / f
    else:  # small squares: the picture's part enlarged, never beyond the picture
        part, origin = cropped(image, seen / f, pitch / f)
        base = 1.0
    h, w = part.shape[:2]
    k = g / base
    scaled = cv2.resize(part, (max(1, round(w * k)), max(1, round(h * k))),
                        interpolation=cv2.INTER_AREA if k < 0.5 else cv2.INTER_LINEAR)
    k = scaled.shape[1] / w
    return scaled, made(scaled), pitch * k * base / f, base * k, origin
