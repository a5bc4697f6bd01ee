"""A grid placed roughly, moved onto its printed lines.

A grid placed by something beside it (a row of labels, an outline) is off by a fraction of a
square where the picture's perspective is strong.  Its lines are still printed, lighter than the
squares they part (light grid lines on a coloured board, ridges between recessed squares), on
every square a piece does not hide.  :func:`fit_to_lines` moves the grid's four corners, a little
at a time, while the mean light-line response along its ``cols + 1`` and ``rows + 1`` lines
grows: a grid off its lines by less than :data:`MAX_MOVE` of a square comes onto them.  The
response is a thin light stroke's (the brightest channel above its opening over a fraction of a
square): a piece's top or a disc, wider, gives none.

Coordinates: board units, the grid spans ``[0, cols] x [0, rows]`` (:mod:`visolve.vision.view`).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.light import channel_max
from visolve.vision.view import BoardView

#: px a square of the view the lines are looked for on, and the margin (squares) around the grid
PITCH = 24
MARGIN = 0.6
#: a light line is narrower than this share of a square (its opening removes it)
STROKE = 0.25
#: blur (share of a square) of the line response: the search sees a line from a little way off
BLUR = 0.06
#: steps (shares of a square) a corner is moved by, coarse to fine, and the most it moves in all
STEPS = (0.16, 0.08, 0.04, 0.02)
MAX_MOVE = 0.45
#: passes over the eight corner coordinates at each step
PASSES = 4
#: points sampled along each line
SAMPLES = 48


def fit_to_lines(picture: np.ndarray, homography: np.ndarray, cols: int, rows: int) -> tuple[np.ndarray, float, float]:
    """The grid ``homography`` (board -> ``picture``) moved onto the light lines near it, with the
    mean line response (grey levels) along its lines before and after.

    Parameters
    ----------
    picture : numpy.ndarray
        BGR picture.
    homography : numpy.ndarray
        3 x 3, board -> picture, the grid spanning ``[0, cols] x [0, rows]``.
    cols, rows : int
        The grid's size in squares.
    """
    view = BoardView.from_homography(picture, homography, cols, rows, pitch=PITCH, margin=MARGIN)
    response = line_response(view.image)
    start = view.board_to_view([(0, 0), (cols, 0), (cols, rows), (0, rows)])
    corners = start.copy()
    unit = np.float32([(0, 0), (cols, 0), (cols, rows), (0, rows)])
    lines = _line_points(cols, rows)

    def score(c: np.ndarray) -> float:
        g = cv2.getPerspectiveTransform(unit, c.astype(np.float32))
        p = cv2.perspectiveTransform(lines[None], g)[0] - 0.5  # pixel centres at +0.5
        got = cv2.remap(response, p[:, 0].reshape(1, -1), p[:, 1].reshape(1, -1), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=0.0)
        return float(got.mean())

    before = best = score(corners)
    reach = MAX_MOVE * PITCH
    for step in STEPS:
        for _ in range(PASSES):
            moved = False
            for k in range(8):
                for sign in (1.0, -1.0):
                    trial = corners.copy()
                    trial.flat[k] += sign * step * PITCH
                    if abs(trial.flat[k] - start.flat[k]) > reach:
                        continue
                    s = score(trial)
                    if s > best:
                        best, corners, moved = s, trial, True
                        break
            if not moved:
                break
    g = cv2.getPerspectiveTransform(unit, corners.astype(np.float32)).astype(np.float64)
    return view.view_homography() @ g, before, best


def line_response(image: np.ndarray) -> np.ndarray:
    """Thin light strokes of a view of :data:`PITCH` px a square: the brightest channel above its
    opening over :data:`STROKE` of a square, blurred by :data:`BLUR` (float32)."""
    grey = channel_max(image).astype(np.float32)
    side = max(3, int(round(STROKE * PITCH)) | 1)
    strokes = grey - cv2.morphologyEx(grey, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
    return cv2.GaussianBlur(strokes, (0, 0), BLUR * PITCH)


def _line_points(cols: int, rows: int) -> np.ndarray:
    """Board points ``(n, 2)`` float32 along the grid's lines, across and down."""
    t_across = np.linspace(0, cols, SAMPLES)
    t_down = np.linspace(0, rows, SAMPLES)
    pts = [np.column_stack([t_across, np.full(SAMPLES, v)]) for v in range(rows + 1)]
    pts += [np.column_stack([np.full(SAMPLES, u), t_down]) for u in range(cols + 1)]
    return np.concatenate(pts).astype(np.float32)
