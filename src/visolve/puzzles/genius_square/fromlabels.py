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

from itertools import product

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
#: ... or, a row seen in perspective (the candidate's outline not the board's: the view is skewed),
#: steps within this ratio that grow or shrink along it as a projective run of six evenly spaced
#: points does: each glyph within PROJECTIVE_FIT of a step from the run fitted to them (scene 91 of
#: seed 0: digits 29, 30, 34, 38, 43 px apart, off the fitted run by 0.02 of a step at most)
PERSPECTIVE_STEPS = 1.8
PROJECTIVE_FIT = 0.08
#: the glyphs in line with one are looked for this many of its heights across the line, then this many
#: (a blob beside a label, a piece's light edge, breaks the run the first takes: seed 2 scene 66)
LINE_REACH = (4 * IN_LINE, 2 * IN_LINE)
#: a glyph's height is this share of the step between glyphs (a label is smaller than its square)
GLYPH_SHARE = (0.15, 0.7)
#: the row of labels stands this far outside the grid it places (squares), from, to
OUTSIDE = (0.2, 1.3)


def grid_from_labels(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None = None) -> list[np.ndarray]:
    """Homographies (board -> ``image``) of the grids that a row and a column of six glyphs inside
    the candidate ``homography`` place (none found: an empty list).  The glyphs are looked for on
    ``picture`` (the picture ``image`` is a reduced copy of) when it is given."""
    glyphs = glyph_boxes(candidate_view(image, homography, picture).image)
    rows = glyph_lines(glyphs, axis=0)
    columns = glyph_lines(glyphs, axis=1)
    placed = [_grid(row, column) for row in rows for column in columns]
    return [placed_grid(homography, p) for p in placed if p is not None]


def candidate_view(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None) -> BoardView:
    """The candidate's view the glyphs are looked for on (on ``picture`` when given)."""
    source, scale = (image, 1.0) if picture is None else (picture, picture.shape[1] / image.shape[1])
    return BoardView.from_homography(source, np.diag([scale, scale, 1.0]) @ homography, SIZE, SIZE,
                                     pitch=PITCH, margin=MARGIN)


def placed_grid(homography: np.ndarray, placed: tuple[float, float, float, float]) -> np.ndarray:
    """The grid (left, top, px a square across, down) placed in the candidate's view, as a
    homography board -> image."""
    x0, y0, sx, sy = placed
    to_view = np.array([[sx, 0.0, x0], [0.0, sy, y0], [0.0, 0.0, 1.0]])
    to_units = np.array([[1.0 / PITCH, 0.0, -MARGIN], [0.0, 1.0 / PITCH, -MARGIN], [0.0, 0.0, 1.0]])
    return homography @ to_units @ to_view


def glyph_boxes(img: np.ndarray) -> np.ndarray:
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


def glyph_lines(glyphs: np.ndarray, axis: int) -> list[np.ndarray]:
    """Runs of six glyphs in line along ``axis`` (0: a row across, 1: a column down), evenly
    spaced, of like height: each as the six glyphs' (along, across) centres, in order."""
    along, across = (0, 1) if axis == 0 else (1, 0)
    found = []
    for seed, reach in product(glyphs, LINE_REACH):
        h = seed[2]
        near = glyphs[(np.abs(glyphs[:, across] - seed[across]) < reach * h)
                      & (np.maximum(glyphs[:, 2], h) < HEIGHT_RATIO * np.minimum(glyphs[:, 2], h))]
        near = near[np.argsort(near[:, along])]
        for k in range(len(near) - SIZE + 1):
            run = near[k:k + SIZE]
            steps = np.diff(run[:, along])
            step = float(np.median(steps))
            if step <= 0 or steps.min() <= 0 or not runs_evenly(run[:, along]):
                continue
            if np.ptp(run[:, across]) > IN_LINE * step:
                continue
            if not GLYPH_SHARE[0] <= float(np.median(run[:, 2])) / step <= GLYPH_SHARE[1]:
                continue
            line = run[:, [along, across]]
            if not any(np.allclose(line, other, atol=1.0) for other in found):
                found.append(line)
    return found


def runs_evenly(along: np.ndarray) -> bool:
    """Whether six positions along a line (increasing) are evenly spaced: their steps within
    :data:`EVEN_STEPS` of each other, or within :data:`PERSPECTIVE_STEPS` and each position within
    :data:`PROJECTIVE_FIT` of a step from a projective run (:func:`projective_run`)."""
    steps = np.diff(along)
    if steps.max() <= EVEN_STEPS * steps.min():
        return True
    if steps.max() > PERSPECTIVE_STEPS * steps.min():
        return False
    fitted = projective_run(along)
    if fitted is None:
        return False
    return float(np.abs(fitted(np.arange(SIZE)) - along).max()) <= PROJECTIVE_FIT * float(steps.mean())


def projective_run(along: np.ndarray):
    """The map ``k -> (a k + b) / (c k + 1)`` fitted (least squares) to positions ``along[k]`` of evenly
    spaced points seen in perspective, as a function of ``k`` (float or array); None when the fit
    is degenerate (its pole among or near the points)."""
    k = np.arange(len(along), dtype=np.float64)
    a, b, c = np.linalg.lstsq(np.column_stack([k, np.ones_like(k), -k * along]), along, rcond=None)[0]
    ends = 1.0 + c * np.array([-1.0, float(len(along))])
    if (ends <= 0).any():
        return None
    return lambda t: (a * np.asarray(t, np.float64) + b) / (c * np.asarray(t, np.float64) + 1.0)


def label_span(along: np.ndarray) -> tuple[float, float]:
    """Where the six squares beside a run of six glyphs start and end along it: half a step before
    the first glyph and after the last, the steps taken from the projective run through them when
    they are not even."""
    steps = np.diff(along)
    fitted = projective_run(along) if steps.max() > EVEN_STEPS * steps.min() else None
    if fitted is None:
        step = float(steps.mean())
        return float(along[0]) - step / 2, float(along[0]) + (SIZE - 0.5) * step
    return float(fitted(-0.5)), float(fitted(SIZE - 0.5))


def _grid(row: np.ndarray, column: np.ndarray) -> tuple[float, float, float, float] | None:
    """The grid (left, top, px a square across, down) a row of glyphs (x along, y) and a column
    (y along, x) place, when each stands outside the grid beside one edge; else None."""
    (x0, x1), (y0, y1) = label_span(row[:, 0]), label_span(column[:, 0])
    sx, sy = (x1 - x0) / SIZE, (y1 - y0) / SIZE
    if not 0.75 < sx / sy < 1.33:
        return None
    row_y, column_x = float(np.median(row[:, 1])), float(np.median(column[:, 1]))
    gap_row = max(y0 - row_y, row_y - y1) / sy  # how far outside the grid (squares); negative: inside
    gap_column = max(x0 - column_x, column_x - x1) / sx
    if not (OUTSIDE[0] <= gap_row <= OUTSIDE[1] and OUTSIDE[0] <= gap_column <= OUTSIDE[1]):
        return None
    return x0, y0, sx, sy
