"""The IQ XOXO box tray's sides fitted to the edge where the floor or the pieces meet the white rim.

A tray outlined roughly (a box's quadrilateral taken in by a typical rim, a
blob of the pieces only) has each side moved to a straight line fitted to
the rim's inner edge nearby: the tray is seen straight on with
:data:`MARGIN` squares around it, the darkest channel over the light on the
rim (a closing over :data:`LIGHT` squares) is looked at across every side,
column by column (smoothed along the side), and in each column the edge is
the steepest rise outwards, within :data:`REACH` squares of the side, after
which the profile stays as light as the rim for :data:`RIM_SPAN` of a
square.  The line through most of a side's edge points
(:func:`visolve.vision.geometry.consensus_line`: a piece's lump or a gap
outvoted) is the side; a side with too few points stays where it was.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.geometry import consensus_line, line_intersection
from visolve.vision.light import channel_min
from visolve.vision.view import BoardView

#: the straight view: px per square, squares of margin around the tray, the light's closing (squares)
PITCH, MARGIN, LIGHT = 16, 2.0, 6.5
#: the edge is looked for within REACH squares of the side, either way
REACH = 1.2
#: a rise: at least STEP_MIN (share of the light) across STEP_SPAN of a square, then RIM_SPAN of a
#: square outwards within RIM_TOL of the rim's level (the RIM_PERCENTILE of the band looked at)
STEP_MIN, STEP_SPAN, RIM_SPAN, RIM_TOL, RIM_PERCENTILE = 0.02, 0.25, 0.3, 0.015, 90
#: columns smoothed along the side over ALONG of a square; the ends' END share of a side left out
ALONG, END = 0.4, 0.06
#: a side's line: through at least MIN_POINTS of its columns, within LINE_TOL of its extent
MIN_POINTS, LINE_TOL = 0.4, 0.02


def _bands(ratio: np.ndarray, rows: int, cols: int, p: int, mp: int) -> dict:
    """Each side's band (rows outwards, columns along the side), the row of the side in it, its
    columns' span, and the map from a band's (row, column) to the view's (x, y)."""
    h, w = ratio.shape
    return {
        "top": (ratio[::-1], h - 1 - mp, (mp, mp + cols * p), lambda k, j: (j, h - 1 - k)),
        "right": (ratio.T, mp + cols * p, (mp, mp + rows * p), lambda k, j: (k, j)),
        "bottom": (ratio, mp + rows * p, (mp, mp + cols * p), lambda k, j: (j, k)),
        "left": (ratio[:, ::-1].T, w - 1 - mp, (mp, mp + rows * p), lambda k, j: (w - 1 - k, j)),
    }


def edge_points(band: np.ndarray, at: int, span: tuple[int, int], p: int) -> list[tuple[float, int]]:
    """(row, column) of the rim's inner edge in each column of a ``band`` whose rows run outwards,
    the side at row ``at``, its columns ``span``: the steepest rise within :data:`REACH` squares
    followed by :data:`RIM_SPAN` of a square as light as the rim."""
    lo, hi = span
    end = int(END * (hi - lo))
    smooth = cv2.blur(band.astype(np.float32), (max(1, int(ALONG * p)) | 1, 1))
    h, k_rim, reach = max(1, int(round(STEP_SPAN * p / 2))), max(2, int(round(RIM_SPAN * p))), int(REACH * p)
    first, last = max(h, at - reach), min(len(band) - k_rim - 1, at + reach)
    if last <= first:
        return []
    window = smooth[max(0, first - h):last + k_rim + 1, lo + end:hi - end]
    rim = float(np.percentile(window, RIM_PERCENTILE)) - RIM_TOL
    out = []
    for j in range(lo + end, hi - end, 2):
        prof = smooth[:, j]
        ks = np.arange(first, last)
        rise = prof[ks + h] - prof[ks - h]
        ahead = np.array([prof[k + h:k + k_rim].min() for k in ks])
        ok = (rise >= STEP_MIN) & (ahead >= rim)
        if ok.any():
            best = int(np.flatnonzero(ok)[np.argmax(rise[ok])])
            near = slice(max(0, best - h), best + h + 1)  # the rise's middle, below a pixel
            weight = np.maximum(rise[near], 0.0)
            out.append((float((ks[near] * weight).sum() / max(weight.sum(), 1e-9)), j))
    return out


def rim_view(image: np.ndarray, corners: np.ndarray, rows: int, cols: int, pitch: int, margin: float,
             light: float) -> tuple[BoardView, np.ndarray]:
    """The tray seen straight on (``pitch`` px a square, ``margin`` squares around it) and, in that
    view, the darkest channel over the light on the rim (a closing over ``light`` squares): the
    floor and the pieces well under 1, the rim about 1."""
    view = BoardView.from_corners(image, corners, rows, cols, pitch=pitch, margin=margin)
    low = channel_min(view.image).astype(np.float32)
    size = int(light * pitch) | 1
    closed = cv2.morphologyEx(low, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    return view, low / np.maximum(closed, 1.0)


def rim_fitted(image: np.ndarray, corners: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """The tray's corners (tl, tr, br, bl, picture coordinates) with each side moved to the line
    fitted to the rim's inner edge near it (module docstring)."""
    p, m = PITCH, MARGIN
    view, ratio = rim_view(image, corners, rows, cols, p, m, LIGHT)
    mp = int(round(m * p))
    own = view.board_to_view([(0, 0), (cols, 0), (cols, rows), (0, rows)])
    lines = []
    for k, (band, at, span, to_view) in enumerate(_bands(ratio, rows, cols, p, mp).values()):
        found = edge_points(band, at, span, p)
        tried = max(1, (span[1] - span[0]) * (1 - 2 * END) / 2)
        line = None
        if len(found) >= MIN_POINTS * tried:
            line = consensus_line(np.array([to_view(a, j) for a, j in found], np.float64), LINE_TOL)
        if line is None:  # the side as it was
            a, b = own[k], own[(k + 1) % 4]
            d = (b - a) / max(float(np.linalg.norm(b - a)), 1e-9)
            line = (float(d[0]), float(d[1]), float(a[0]), float(a[1]))
        lines.append(line)
    points = [line_intersection(lines[k - 1], lines[k]) for k in range(4)]  # left/top, top/right, ...
    if any(q is None for q in points):
        return np.asarray(corners, np.float64)
    return view.to_picture(view.view_to_board(np.array(points, np.float64)))
