"""Where the IQ Stars star lattice lies inside a board quad, found from the stars' outlines alone.

Where the stars are not as far in from the board's edge as the booklet's
drawings put them (other prints, the real board), :func:`lattice_guess`
slides the outlines of the 26 stars, at every size the board's margins
allow, over the board seen straight (OpenCV's matchTemplate);
:func:`foreshortened_guess` does so with the board made each of the
proportions a board may have, for a board seen steeply (its outline's
proportions are then not the board's).  :mod:`.lattice` aligns what they
find to the outlines.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.outlines import drawn_outlines, line_picture, quad_homography, turned
from visolve.vision.view import corners_homography, sample

#: the stars may sit up to this much further in from the board's edge than the
#: booklet's drawings put them (board units on each side): other prints and
#: the real board have wider margins, so the lattice is looked for inside the
#: board (:func:`lattice_guess`) when it is not where the drawings' margin puts it
MAX_EXTRA_MARGIN = 1.0
#: ... down to this much less (a board drawn with a sliver of margin round the stars' points)
MIN_EXTRA_MARGIN = -0.2
#: px per quad height of the lattice search's view, and its scale steps (ratio)
SEARCH_PX, SCALE_STEP = 96, 1.03
#: share of the quad's size the search's view reaches beyond it on each side
SEARCH_PAD = 0.06
#: board units around the outermost stars' middles in the search template
STARS_AROUND = 0.55
#: the board's own proportions (width / height) as far as its margins may make them: the
#: drawings' board with MIN_EXTRA_MARGIN on two sides and MAX_EXTRA_MARGIN on the other two
BOARD_ASPECTS = ((layout.BOARD_W + 2 * MIN_EXTRA_MARGIN) / (layout.BOARD_H + 2 * MAX_EXTRA_MARGIN),
                 (layout.BOARD_W + 2 * MAX_EXTRA_MARGIN) / (layout.BOARD_H + 2 * MIN_EXTRA_MARGIN))
#: ratio of the board proportions tried one after the other by :func:`foreshortened_guess`, and
#: the height (px) of its views (the best proportion is looked at again at SEARCH_PX): on seed
#: 43 scene 17 (a board 2.04 times as wide as high, seen 2.77) the guess aligned onto the stars
#: from 1.86 to 2.21 (9 % under to 8 % over), so steps of 1.1 (one within 5 %) find it; at views
#: 40-64 px high with steps 1.06-1.15 it landed within 0.04 star of them there and on the test's
#: drawn board alike (0.04-0.16 s a quad)
ASPECT_STEP, ASPECT_PX = 1.1, 48


def _stars_extent() -> tuple[float, float, float, float]:
    """Board units of the stars and :data:`STARS_AROUND` around their outermost middles."""
    a, m = STARS_AROUND, layout.MARGIN
    return (m - a, m - a, layout.BOARD_W - m + a, layout.BOARD_H - m + a)


@lru_cache(maxsize=64)
def _stars_template(pitch: float) -> np.ndarray:
    """The star outlines alone (no board edge) at ``pitch`` px per unit, float32, softened."""
    lines = drawn_outlines(pitch, _stars_extent()).astype(np.float32) / 255.0
    return cv2.GaussianBlur(lines, (0, 0), 1.0)


def lattice_guess(image: np.ndarray, quad: np.ndarray, px: int = SEARCH_PX,
                  aspect: float | None = None) -> tuple[np.ndarray, float]:
    """Where the star lattice lies inside the board ``quad``, found from the stars' outlines alone.

    The board is seen straight (the quad made a rectangle of its own
    proportions as seen, or of width / height ``aspect``: a board seen
    steeply is foreshortened) and the outlines of the 26 stars, drawn at every size the
    board's margin allows (:data:`MIN_EXTRA_MARGIN` .. :data:`MAX_EXTRA_MARGIN`
    on each side), both ways up, are slid over its dark lines; the best
    normalised correlation gives the lattice's size, place and way up.
    ``px`` is the view's height in px (:data:`SEARCH_PX`; less is faster).

    Returns
    -------
    homography : ndarray
        Board units -> picture pixels of the best lattice (3 x 3).
    score : float
        Its correlation (-1 .. 1).
    """
    if aspect is None:
        sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
        aspect = (sides[0] + sides[2]) / max(sides[1] + sides[3], 1e-6)
    to_quad = corners_homography(quad, 1, 1) @ np.diag([1 / aspect, 1.0, 1.0])  # q units: quad = [0, aspect] x [0, 1]
    pad = SEARCH_PAD
    q_extent = (-pad * aspect, -pad, aspect * (1 + pad), 1 + pad)
    lines = line_picture(sample(image, to_quad, q_extent, px))
    u0, v0 = _stars_extent()[:2]
    best = (-2.0, None)
    k = layout.BOARD_H + 2 * MIN_EXTRA_MARGIN  # board units per quad height
    while k <= layout.BOARD_H + 2 * MAX_EXTRA_MARGIN:
        tpl = _stars_template(px / k)
        if tpl.shape[0] <= lines.shape[0] and tpl.shape[1] <= lines.shape[1]:
            for up, t in ((True, tpl), (False, tpl[::-1, ::-1].copy())):
                res = cv2.matchTemplate(lines, t, cv2.TM_CCOEFF_NORMED)
                _lo, score, _at, (x, y) = cv2.minMaxLoc(res)
                if score > best[0]:
                    best = (score, (k, x, y, up))
        k *= SCALE_STEP
    if best[1] is None:
        return quad_homography(quad), 0.0
    k, x, y, up = best[1]
    # board u -> q units: q_u0 + (x + (u - u0) * px / k) / px, likewise v
    board_to_q = np.array([[1 / k, 0, q_extent[0] + x / px - u0 / k],
                           [0, 1 / k, q_extent[1] + y / px - v0 / k], [0, 0, 1.0]])
    hom = to_quad @ board_to_q
    return (hom if up else turned(hom)), float(best[0])


def foreshortened_guess(image: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, float]:
    """:func:`lattice_guess` with the board ``quad`` made a rectangle of each proportion a board
    may have (:data:`BOARD_ASPECTS`, steps of :data:`ASPECT_STEP`, views :data:`ASPECT_PX` high)
    instead of its own as seen; the best proportion's guess at :data:`SEARCH_PX`.

    A board seen steeply along one side is shortened along it: its outline's
    proportions are not the board's (a board 2.0 times as wide as high seen 2.8 times), and
    the stars, seen straight at the outline's proportions, are stretched past any size the
    search tries."""
    best, aspect = (-2.0, BOARD_ASPECTS[0]), BOARD_ASPECTS[0]
    while aspect <= BOARD_ASPECTS[1]:
        best = max(best, (lattice_guess(image, quad, ASPECT_PX, aspect)[1], aspect))
        aspect *= ASPECT_STEP
    return lattice_guess(image, quad, SEARCH_PX, best[1])
