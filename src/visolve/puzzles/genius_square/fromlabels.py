"""The 6 x 6 grid placed by its printed labels, when its squares did not show as a lattice.

A printed board photographed small and blurred (a ``visolve make`` page under glare) shows its
squares as one dark field: the grid lines, a few grey levels lighter, are lost in the blur, and
the only grid candidate left is the board's dark outline (:func:`visolve.puzzles.genius_square.
finder.grid_candidates`), whose edges carry no labels.  The labels are still plain: a row of six
light glyphs (``1``-``6`` or ``A``-``F``) along one edge of the grid and a column of six along an
adjacent one.  :func:`grid_from_labels` finds such a row and such a column inside a candidate and
places the grid between them: one square a label's step, the squares' centres in line with the
glyphs.  Which labels they are, and so which way up the board stands, is for the glyphs to say
afterwards (:func:`visolve.puzzles.genius_square.finder.upright_options`), as for any candidate.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.light import channel_max
from visolve.vision.masks import locally_light
from visolve.vision.view import BoardView

SIZE = 6
#: px a unit of the candidate (a sixth of its side) in the view the glyphs are looked for on, and
#: the margin (units) around it
PITCH = 48
MARGIN = 0.3
#: label ink: lighter than the mean of a window this share of the view's side by this much
WINDOW_SHARE = 0.08
INK_STEP = 20
#: a glyph's box: height (px of the view) from, to
GLYPH_PX = (5, 40)
#: the six glyphs of a row: heights within this ratio, in line within this share of the step, and
#: steps between neighbours within this ratio of each other
HEIGHT_RATIO = 1.8
IN_LINE = 0.25
EVEN_STEPS = 1.3
#: a glyph's height is this share of the step between glyphs (a label is smaller than its square)
GLYPH_SHARE = (0.15, 0.7)
#: the row of labels stands this far outside the grid it places (squares), from, to
OUTSIDE = (0.2, 1.3)


def grid_from_labels(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None = None) -> list[np.ndarray]:
    """Homographies (board -> ``image``) of the grids that a row and a column of six glyphs inside
    the candidate ``homography`` place (none found: an empty list).  The glyphs are looked for on
    ``picture`` (the picture ``image`` is a reduced copy of) when it is given."""
    source, scale = (image, 1.0) if picture is None else (picture, picture.shape[1] / image.shape[1])
    view = BoardView.from_homography(source, np.diag([scale, scale, 1.0]) @ homography, SIZE, SIZE,
                                     pitch=PITCH, margin=MARGIN)
    glyphs = _glyphs(view.image)
    rows = _lines(glyphs, axis=0)
    columns = _lines(glyphs, axis=1)
    out = []
    for row in rows:
        for column in columns:
            placed = _grid(row, column)
            if placed is not None:
                x0, y0, sx, sy = placed
                to_view = np.array([[sx, 0.0, x0], [0.0, sy, y0], [0.0, 0.0, 1.0]])
                to_units = np.array([[1.0 / PITCH, 0.0, -MARGIN], [0.0, 1.0 / PITCH, -MARGIN], [0.0, 0.0, 1.0]])
                out.append(homography @ to_units @ to_view)
    return out


def _glyphs(img: np.ndarray) -> np.ndarray:
    """Boxes of light blobs of a glyph's size: rows of (centre x, centre y, size: the longer side)."""
    grey = cv2.GaussianBlur(channel_max(img), (0, 0), 0.7)
    ink = locally_light(grey, int(WINDOW_SHARE * max(grey.shape)), INK_STEP)
    n, _labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8)
    h = stats[1:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    w = stats[1:, cv2.CC_STAT_WIDTH].astype(np.float64)
    # a candidate's outline may stand turned a quarter to the print: glyphs lie on their side, so a
    # glyph's size is its longer side, its shorter one at least a tenth of it (a "1")
    size, least = np.maximum(w, h), np.minimum(w, h)
    keep = (size >= GLYPH_PX[0]) & (size <= GLYPH_PX[1]) & (least >= 0.1 * size)
    return np.column_stack([centroids[1:, 0], centroids[1:, 1], size])[keep]


def _lines(glyphs: np.ndarray, axis: int) -> list[np.ndarray]:
    """Runs of six glyphs in line along ``axis`` (0: a row across, 1: a column down), evenly
    spaced, of like height: each as the six glyphs' (along, across) centres, in order."""
    along, across = (0, 1) if axis == 0 else (1, 0)
    found = []
    for seed in glyphs:
        h = seed[2]
        near = glyphs[(np.abs(glyphs[:, across] - seed[across]) < IN_LINE * 4 * h)
                      & (np.maximum(glyphs[:, 2], h) < HEIGHT_RATIO * np.minimum(glyphs[:, 2], h))]
        near = near[np.argsort(near[:, along])]
        for k in range(len(near) - SIZE + 1):
            run = near[k:k + SIZE]
            steps = np.diff(run[:, along])
            step = float(np.median(steps))
            if step <= 0 or steps.min() <= 0 or steps.max() > EVEN_STEPS * steps.min():
                continue
            if np.ptp(run[:, across]) > IN_LINE * step:
                continue
            if not GLYPH_SHARE[0] <= float(np.median(run[:, 2])) / step <= GLYPH_SHARE[1]:
                continue
            line = run[:, [along, across]]
            if not any(np.allclose(line, other, atol=1.0) for other in found):
                found.append(line)
    return found


def _grid(row: np.ndarray, column: np.ndarray) -> tuple[float, float, float, float] | None:
    """The grid (left, top, px a square across, down) a row of glyphs (x along, y) and a column
    (y along, x) place, when each stands outside the grid beside one edge; else None."""
    sx = float(np.diff(row[:, 0]).mean())
    sy = float(np.diff(column[:, 0]).mean())
    x0, y0 = float(row[0, 0]) - sx / 2, float(column[0, 0]) - sy / 2
    x1, y1 = x0 + SIZE * sx, y0 + SIZE * sy
    if not 0.75 < sx / sy < 1.33:
        return None
    row_y, column_x = float(np.median(row[:, 1])), float(np.median(column[:, 1]))
    gap_row = max(y0 - row_y, row_y - y1) / sy  # how far outside the grid (squares); negative: inside
    gap_column = max(x0 - column_x, column_x - x1) / sx
    if not (OUTSIDE[0] <= gap_row <= OUTSIDE[1] and OUTSIDE[0] <= gap_column <= OUTSIDE[1]):
        return None
    return x0, y0, sx, sy
