"""An IQ XOXO tray's view fitted to the raised marks on its pieces.

The tray's outline may be a little off (a photo at an angle, a side found a
few pixels out); the marks stand in each square's middle, so where they are
found says how the view should be moved: :func:`aligned`.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.box.shape import COLOURED
from visolve.puzzles.iq_xoxo.box.squares import MARK_SIZE, bodies, high_pass, mark_offset
from visolve.vision.light import saturation
from visolve.vision.view import BoardView

#: alignment on the marks: looked for up to ALIGN_REACH of a square from each square's middle,
#: a fit of at least ALIGN_SCORE counts; at least ALIGN_MIN marks, RANSAC tolerance ALIGN_TOLERANCE
#: squares
ALIGN_REACH, ALIGN_SCORE, ALIGN_MIN, ALIGN_TOLERANCE = 0.45, 0.35, 6, 0.08
#: a fit to the marks may move the board's corners by at most ALIGN_MOVE squares; by up to
#: ALIGN_SPREAD[1] when its marks span at least ALIGN_SPREAD[0] of the board both ways
ALIGN_MOVE, ALIGN_SPREAD = 0.3, (0.6, 1.2)
#: when no map fits: the marks' common shift, at least ALIGN_MIN of them within COARSE_TOL squares
#: of each other, taken first when at least COARSE_MIN long (then the fit is looked for again)
COARSE_TOL, COARSE_MIN = 0.15, 0.1


def aligned(view: BoardView) -> BoardView:
    """The view fitted to its marks: each coloured square's mark found (up to :data:`ALIGN_REACH`
    of a square from the square's middle), a map through those of a good fit
    (:func:`_mark_fit`), the view sampled again; else as it was.

    When no map fits, the marks may stand well off their squares (tall pieces seen steeply: their
    tops shifted across the floor they are outlined by); the shift most marks agree on
    (:func:`common_shift`) is taken and the marks looked for again from there."""
    seen, found = _marks(view)
    if len(seen) < ALIGN_MIN:
        return view
    fit = _mark_fit(np.float32(seen), np.float32(found))
    if fit is not None:
        return view.resampled(homography=view.homography @ fit)
    shift = common_shift(np.float32(found) - np.float32(seen))
    if shift is None:
        return view
    moved = view.resampled(homography=view.homography @ np.array([[1, 0, shift[0]], [0, 1, shift[1]], [0, 0, 1]]))
    seen, found = _marks(moved)
    fit = _mark_fit(np.float32(seen), np.float32(found)) if len(seen) >= ALIGN_MIN else None
    return view if fit is None else moved.resampled(homography=moved.homography @ fit)


def common_shift(offsets: np.ndarray) -> np.ndarray | None:
    """The offset (squares) that at least :data:`ALIGN_MIN` and the most of ``offsets`` lie within
    :data:`COARSE_TOL` of (their median), if it is at least :data:`COARSE_MIN` long; else None."""
    if len(offsets) < ALIGN_MIN:
        return None
    near = (np.abs(offsets[:, None, :] - offsets[None, :, :]).max(axis=2) <= COARSE_TOL)
    best = int(np.argmax(near.sum(axis=1)))
    if near[best].sum() < ALIGN_MIN:
        return None
    shift = np.median(offsets[near[best]], axis=0)
    return shift if float(np.abs(shift).max()) >= COARSE_MIN else None


def _marks(view: BoardView) -> tuple[list, list]:
    """The coloured squares' middles and the marks found near them (board coordinates)."""
    detail = view.with_image(high_pass(view.image, view.pitch))
    seen, found = [], []
    sat = saturation(bodies(view))
    for r in range(ROWS):
        for c in range(COLS):
            if sat[r, c] < COLOURED:
                continue
            dx, dy, score = mark_offset(detail.cell(r, c, size=MARK_SIZE + 2 * ALIGN_REACH), view.pitch)
            if score >= ALIGN_SCORE:
                seen.append((c + 0.5, r + 0.5))
                found.append((c + 0.5 + dx / view.pitch, r + 0.5 + dy / view.pitch))
    return seen, found


def _mark_fit(seen: np.ndarray, found: np.ndarray) -> np.ndarray | None:
    """The board-to-board map taking the squares' middles ``seen`` to the marks ``found``: a
    homography, else an affine map, else a shift (RANSAC, :data:`ALIGN_MIN` inliers at least),
    the first that moves no corner of the board more than :data:`ALIGN_MOVE` squares (marks in
    one part of the tray say little about the far corners; marks spread over the board, as
    :data:`ALIGN_SPREAD` says, may move them further); None when none does."""
    corners = np.float32([[0, 0], [COLS, 0], [COLS, ROWS], [0, ROWS]]).reshape(-1, 1, 2)
    fits = []
    fit, inliers = cv2.findHomography(seen, found, cv2.RANSAC, ALIGN_TOLERANCE)
    fits.append((fit, inliers))
    fit, inliers = cv2.estimateAffine2D(seen, found, method=cv2.RANSAC, ransacReprojThreshold=ALIGN_TOLERANCE)
    fits.append((None if fit is None else np.vstack([fit, [0, 0, 1]]), inliers))
    shift = np.median(found - seen, axis=0)
    near = np.abs(found - seen - shift).max(axis=1) <= ALIGN_TOLERANCE
    fits.append((np.array([[1, 0, shift[0]], [0, 1, shift[1]], [0, 0, 1]], np.float64), near))
    for fit, inliers in fits:
        if fit is None or inliers is None or inliers.sum() < ALIGN_MIN:
            continue
        moved = cv2.perspectiveTransform(corners, fit) - corners
        span = np.ptp(seen[np.ravel(inliers) > 0], axis=0) / (COLS - 1, ROWS - 1)
        if float(np.abs(moved).max()) <= (ALIGN_SPREAD[1] if span.min() >= ALIGN_SPREAD[0] else ALIGN_MOVE):
            return fit
    return None
