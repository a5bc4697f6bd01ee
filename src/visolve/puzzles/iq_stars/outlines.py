"""The IQ Stars star outlines as lines to align to: the drawn outlines, the picture's dark lines,
and how well a lattice (a homography from board units, :mod:`.layout`, to the picture) lies on them.

:func:`align` moves a lattice onto the picture's dark lines (OpenCV's ECC on a
line picture), :func:`outline_match` scores one where it lies and
:func:`way_up` tells the board from the board turned half round
(:mod:`.lattice` fits the lattice with these).
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from visolve.puzzles.iq_stars import layout
from visolve.vision.light import channel_max
from visolve.vision.view import corners_homography, sample

#: px per board unit of the lattice fit's views
FIT_PITCH = 48
#: board units of picture kept around the board in the lattice fit's view
FIT_MARGIN = 0.3
#: ECC iterations and step (OpenCV criteria) of the lattice fit
ECC_ITER, ECC_EPS = 40, 1e-3
#: radius (board units) of the stars' middles left out of that test
MIDDLE_R = 0.3


def turned(homography: np.ndarray) -> np.ndarray:
    """The homography of the same board turned half a turn."""
    rot = np.array([[-1.0, 0, layout.BOARD_W], [0, -1.0, layout.BOARD_H], [0, 0, 1.0]])
    return homography @ rot


def fit_extent() -> tuple[float, float, float, float]:
    """The board region the fit looks at: the board and :data:`FIT_MARGIN` units around it.

    Returns
    -------
    tuple of float
        ``(u0, v0, u1, v1)`` in board units (:mod:`visolve.puzzles.iq_stars.layout`).
    """
    m = FIT_MARGIN
    return (-m, -m, layout.BOARD_W + m, layout.BOARD_H + m)


def drawn_outlines(pitch: float, extent: tuple[float, float, float, float] | None = None) -> np.ndarray:
    """The star outlines drawn 1 px wide on the board region ``extent`` (default: the
    fit's view) at ``pitch`` px per board unit (uint8, 255 on the lines)."""
    u0, v0, u1, v1 = fit_extent() if extent is None else extent
    w, h = int(round((u1 - u0) * pitch)), int(round((v1 - v0) * pitch))
    img = np.zeros((h, w), np.uint8)
    for c in layout.CENTRES.values():
        pts = (layout.star_points(*c, layout.STAR_R) - (u0, v0)) * pitch - 0.5
        cv2.polylines(img, [np.round(pts * 16).astype(np.int32)], True, 255, 1, cv2.LINE_AA, 4)
    return img


@lru_cache(maxsize=4)
def outline_template(pitch: int = FIT_PITCH) -> np.ndarray:
    """The star outlines on the fit's view (float32, 1 on the lines), softened."""
    return cv2.GaussianBlur(drawn_outlines(pitch).astype(np.float32) / 255.0, (0, 0), 1.0)


@lru_cache(maxsize=2)
def way_up_masks(pitch: int = FIT_PITCH) -> tuple[np.ndarray, np.ndarray]:
    """Outline pixels of the board this way up only, and of it turned only (boolean).

    The fit's view is symmetric about the board's centre, so turning the
    board half a turn turns its view picture.  The middles of the stars of
    both ways are left out: one way's points meet where the other has a
    star's middle, which may hold a white star or a printed label.
    """
    own = drawn_outlines(pitch) > 100
    other = own[::-1, ::-1]
    near = np.ones((5, 5), np.uint8)
    grow = lambda m: cv2.dilate(m.astype(np.uint8), near) > 0  # noqa: E731 - two uses, one line
    middles = np.zeros_like(own, np.uint8)
    u0, v0 = fit_extent()[:2]
    for u, v in layout.CENTRES.values():
        for x, y in ((u, v), (layout.BOARD_W - u, layout.BOARD_H - v)):
            centre = (int(round((x - u0) * pitch)), int(round((y - v0) * pitch)))
            cv2.circle(middles, centre, int(round(MIDDLE_R * pitch)), 1, -1)
    keep = middles == 0
    return own & ~grow(other) & keep, other & ~grow(own) & keep


def line_picture(view: np.ndarray) -> np.ndarray:
    """Thin dark lines of a view (black-hat of the brightest channel), float32, softened."""
    v = channel_max(view)
    hat = cv2.morphologyEx(v, cv2.MORPH_BLACKHAT, np.ones((5, 5), np.uint8))
    return cv2.GaussianBlur(hat.astype(np.float32), (0, 0), 1.0)


def _fit_view(image: np.ndarray, hom: np.ndarray, pitch: int) -> np.ndarray:
    return sample(image, hom, fit_extent(), pitch, "linear")


def _to_view(pitch: int) -> np.ndarray:
    """View px -> board units of the fit's view."""
    u0, v0 = fit_extent()[:2]
    return np.array([[1.0 / pitch, 0, u0 + 0.5 / pitch], [0, 1.0 / pitch, v0 + 0.5 / pitch], [0, 0, 1.0]])


def way_up(image: np.ndarray, hom: np.ndarray, pitch: int = FIT_PITCH) -> float:
    """(own - other) / (own + other): mean dark-line strength on the outline segments
    of the board this way up only, and of it turned only (see :data:`MIN_WAY_UP`)."""
    lines = line_picture(_fit_view(image, hom, pitch))
    own, other = way_up_masks(pitch)
    a, b = float(lines[own].mean()), float(lines[other].mean())
    return (a - b) / max(a + b, 1e-6)


def align(image: np.ndarray, hom: np.ndarray, pitch: int = FIT_PITCH, iterations: int = ECC_ITER,
          ) -> tuple[np.ndarray, float]:
    """``hom`` moved so the drawn outlines lie on the picture's dark lines (at most ``iterations``
    ECC steps), and the correlation."""
    lines = line_picture(_fit_view(image, hom, pitch))
    tpl = outline_template(pitch)
    warp = np.eye(3, dtype=np.float32)
    crit = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, iterations, ECC_EPS)
    try:
        rho, warp = cv2.findTransformECC(tpl, lines, warp, cv2.MOTION_HOMOGRAPHY, crit, None, 5)
    except cv2.error:
        return hom, 0.0
    s = _to_view(pitch)
    # template px -> view px (warp) -> board units (s) -> picture (hom)
    new = hom @ s @ warp.astype(np.float64) @ np.linalg.inv(s)
    return new / new[2, 2], float(rho)


def moved(a: np.ndarray, b: np.ndarray) -> float:
    """How far (board units) homography ``b`` moves the board corners of ``a``."""
    corners = np.array([[0, 0, 1], [layout.BOARD_W, 0, 1], [layout.BOARD_W, layout.BOARD_H, 1],
                        [0, layout.BOARD_H, 1]], np.float64).T
    pa, pb = a @ corners, b @ corners
    pa, pb = pa[:2] / pa[2], pb[:2] / pb[2]
    back = np.linalg.inv(a) @ np.vstack([pb, np.ones(4)])
    return float(np.abs(back[:2] / back[2] - corners[:2]).max())


def outline_match(image: np.ndarray, hom: np.ndarray, pitch: int = FIT_PITCH) -> float:
    """Correlation of the drawn star outlines with the picture's dark lines where ``hom`` puts them."""
    lines = line_picture(_fit_view(image, hom, pitch))
    return float(cv2.computeECC(outline_template(pitch), lines))


def quad_homography(quad: np.ndarray) -> np.ndarray:
    """Board units -> picture of a board whose edge is ``quad``, stars as far in as the drawings put them."""
    return corners_homography(quad, 1, 1) @ np.diag([1 / layout.BOARD_W, 1 / layout.BOARD_H, 1.0])

def shifted(hom: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """``hom`` with its stars moved ``(dx, dy)`` board units (in its own board's frame)."""
    return hom @ np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])

def top_up(hom: np.ndarray) -> bool:
    """Whether the board's top edge lies above its bottom edge in the picture."""
    w, h = layout.BOARD_W / 2, layout.BOARD_H
    (_tx, ty), (_bx, by) = cv2.perspectiveTransform(np.array([[[w, 0.0]], [[w, h]]]), hom).reshape(-1, 2)
    return bool(ty < by)
