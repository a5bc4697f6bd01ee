"""A block of known size found near where it is expected: its place and its corners.

A reader that knows roughly where a board must stand (its page's grid has an empty place there,
its neighbours say how large it is and how it is turned) but not exactly (a page seen in
perspective spaces its boards unevenly: the place guessed from the neighbours can be off by
several squares) looks for the board as a block of *ink*, whatever is not the page's colour,
without asking for its squares' gaps (blurred away on a small board) or its outline's edges
(faint on a pale print):

1. :func:`page_ink` -- the pixels of a view whose colour stands off the page's (the page: its
   lightest tenth, as the paper is the lightest thing around a printed board);
2. :func:`best_offset` -- the block's box moved in quarter squares up to ``reach`` each way on a
   view of the place (the block's own rows and columns, the place's homography): the offset whose
   box holds the most ink less the ink of a ring around it (a block stands on clean paper);
3. :func:`block_near` -- that box's blob of ink (closed over the gaps between its squares, then
   opened, so a thin stroke does not join it to its tab or its neighbour) and its four corners, the blob's extremes along the view's diagonals
   (the view is the place's, so the block stands nearly square in it), in picture px.

Coordinates: the block's own units (a square is 1), as :class:`visolve.vision.view.BoardView`
takes them; corners are tl, tr, br, bl.

Functions
---------
:func:`page_ink`, :func:`best_offset`, :func:`block_near`
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.area_sums import box_sums
from visolve.vision.geometry import map_points, rect_to_quad
from visolve.vision.light import channel_max
from visolve.vision.quick_view import quick_view

#: view pixels per square the block is looked for on (a coarse view: the box is a block, not squares)
SEARCH_PITCH = 8
#: width (squares) of the ring of page around the block whose ink counts against a place
RING = 0.75
#: a pixel is ink when a channel stands this many grey levels off the page's colour
INK_STEP = 12.0
#: the page's colour is the median of the view's lightest PAGE_SHARE of pixels
PAGE_SHARE = 0.1
#: the blob is closed with a square CLOSE_SIDE of a square wide (the gaps between its squares go),
#: then opened with one OPEN_SIDE wide (a thin stroke to its tab or a neighbour goes; the page between
#: two boards, half a square or more, stays)
CLOSE_SIDE, OPEN_SIDE = 0.4, 0.6
#: the view looked on reaches this many squares beyond the search and its ring (a block seen aslant
#: stands out of its box; a blob that reaches the view's edge may be cut: its corners are not taken)
BEYOND = 1.5
#: a place whose box holds less ink (less its ring's) than this shows no block: none is found
LEAST_SCORE = 0.3
#: the blob must cover at least this share of the box, and be at most MOST_AREA times its area
#: (else it joined something else), for its corners to be taken; else the box's are
LEAST_COVER, MOST_AREA = 0.6, 1.6


def page_ink(image: np.ndarray, step: float = INK_STEP) -> np.ndarray:
    """Boolean mask of the pixels of a colour ``image`` standing more than ``step`` grey levels off
    the page's colour in some channel (the page: the median colour of the lightest
    :data:`PAGE_SHARE` of pixels, by their largest channel)."""
    img = image.astype(np.float32)
    light = channel_max(img)
    page = np.median(img[light >= np.percentile(light, 100.0 * (1.0 - PAGE_SHARE))], axis=0)
    return np.abs(img - page).max(axis=2) > step


def best_offset(ink: np.ndarray, box: tuple[int, int, int, int], reach: int, step: float,
                ring: int) -> tuple[int, int, float] | None:
    """The offset (in steps of ``step`` px, each way up to ``reach`` steps) of the box ``(x, y, w, h)``
    of ``ink`` (bool) whose share of ink less the share in a ``ring`` px wide band around it is
    largest, and that score; None when no offset keeps box and ring inside the mask."""
    sums = cv2.integral(ink.astype(np.uint8))
    x, y, w, h = box
    steps = np.arange(-reach, reach + 1)
    dy, dx = np.meshgrid(steps, steps, indexing="ij")
    x0 = np.round(x + dx * step).astype(np.int64).ravel()
    y0 = np.round(y + dy * step).astype(np.int64).ravel()
    inside_ok = (x0 - ring >= 0) & (y0 - ring >= 0) & (x0 + w + ring < sums.shape[1]) & (y0 + h + ring < sums.shape[0])
    if not inside_ok.any():
        return None
    x0, y0 = x0[inside_ok], y0[inside_ok]
    inner = box_sums(sums, x0, y0, w, h).astype(np.float64)
    outer = box_sums(sums, x0 - ring, y0 - ring, w + 2 * ring, h + 2 * ring).astype(np.float64)
    band = (w + 2 * ring) * (h + 2 * ring) - w * h
    score = inner / (w * h) - (outer - inner) / band
    near = (x0 - x) ** 2 + (y0 - y) ** 2
    k = int(np.lexsort((near, -score))[0])  # the best score; of equal ones, the nearest the place
    return int(round((x0[k] - x) / step)), int(round((y0[k] - y) / step)), float(score[k])


def block_near(picture: np.ndarray, corners, rows: int, cols: int, reach: float,
               inset: float = 0.0) -> np.ndarray | None:
    """The corners (picture px, tl tr br bl) of the ``rows`` x ``cols`` block nearest ``corners``
    (where it is expected: the block's outer corners ``inset`` squares inside its ``cols`` x
    ``rows`` box), looked for up to ``reach`` squares each way (see the module docstring); None
    when no place shows a block (its box's share of ink, less its ring's, under :data:`LEAST_SCORE`).

    The block is found as ink on the page (:func:`page_ink`), so it needs no gaps nor edges, but
    clean paper around it: a block that runs into ink beside it keeps the best box's corners."""
    hom = rect_to_quad((inset, inset, cols - inset, rows - inset), np.asarray(corners, np.float64))
    margin = reach + RING + BEYOND
    view = quick_view(picture, hom, rows, cols, pitch=SEARCH_PITCH, margin=margin)
    ink = page_ink(view.image)
    p = SEARCH_PITCH
    x, y = (int(round(v)) for v in view.board_to_view([(0.0, 0.0)])[0])
    w, h = cols * p, rows * p
    found = best_offset(ink, (x, y, w, h), int(round(4 * reach)), p / 4.0, int(round(RING * p)))
    if found is None:
        return None
    ox, oy, score = found
    if score < LEAST_SCORE:
        return None
    du, dv = ox / 4.0, oy / 4.0
    a, b = inset, cols - inset
    c, d = inset, rows - inset
    box = np.array([(a + du, c + dv), (b + du, c + dv), (b + du, d + dv), (a + du, d + dv)], np.float64)
    blob = _blob_corners(ink, (x + int(round(ox * p / 4)), y + int(round(oy * p / 4)), w, h))
    return map_points(hom, box if blob is None else view.view_to_board(blob))


def _blob_corners(ink: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray | None:
    """The four corners (view px: tl tr br bl, by the extremes along the diagonals) of the blob of
    opened ``ink`` most of the box ``(x, y, w, h)`` lies on; None when it covers too little of the
    box, spreads too far beyond it (:data:`LEAST_COVER`, :data:`MOST_AREA`) or reaches the view's edge."""
    x, y, w, h = (int(v) for v in box)
    close, side = (max(3, int(round(share * SEARCH_PITCH)) | 1) for share in (CLOSE_SIDE, OPEN_SIDE))
    closed = cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((close, close), np.uint8))
    opened = cv2.morphologyEx(closed, cv2.MORPH_OPEN, np.ones((side, side), np.uint8))
    count, labels, stats, _centres = cv2.connectedComponentsWithStats(opened, connectivity=4)
    under = np.bincount(labels[max(y, 0):y + h, max(x, 0):x + w].ravel(), minlength=count)
    under[0] = 0
    label = int(np.argmax(under))
    left, top, wide, high, area = (int(v) for v in stats[label])
    cut = left == 0 or top == 0 or left + wide == ink.shape[1] or top + high == ink.shape[0]
    if cut or under[label] < LEAST_COVER * w * h or area > MOST_AREA * w * h:
        return None
    ys, xs = np.nonzero(labels == label)
    pts = np.stack([xs, ys], axis=1).astype(np.float64) + 0.5
    plus, minus = pts[:, 0] + pts[:, 1], pts[:, 0] - pts[:, 1]
    return pts[[int(np.argmin(plus)), int(np.argmax(minus)), int(np.argmax(plus)), int(np.argmin(minus))]]
