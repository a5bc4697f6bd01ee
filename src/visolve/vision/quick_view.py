"""An upright board view of a large photo, its region reduced the fast way first.

:meth:`visolve.vision.view.BoardView.from_homography` area-shrinks the board's
region of a large picture before its bilinear warp (``cv2.resize`` with
``INTER_AREA``): by a factor that is no whole number, OpenCV's slow path, about
40 ms for the 10 MP region of a 12 MP photo.  :func:`quick_view` shrinks the
region in two steps: block means by a whole factor of about a quarter of the
reduction, or of 2 for a reduction of 4 to 8 (OpenCV's fast path), then
``INTER_AREA`` on that copy, 4 to 16 times smaller, to the same size: about half
the time, and each pixel the mean of the same area within a few grey levels, at
sharp edges only (the blocks' edges stand a fraction of a block off the
pixels'; :func:`visolve.vision.working.shrink`'s bilinear rest blurs thin
strokes more, up to 50 levels, and lost the label ink of a Genius Square scene).
The view keeps the picture and the homography it was asked for, so what reads
``view.picture`` (the principal point of a photo, a view at another pitch) is
unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from visolve.vision.view import BoardView, board_extent, shrink_box

#: the blocks averaged first are about this share of the reduction (each pixel of the view's copy is
#: the mean of 4 to 5 blocks across: their edges a fraction of a block off its own)
BLOCK_SHARE = 0.25
#: a reduction of at least PAIRS_FROM but under 2 / BLOCK_SHARE takes blocks of 2 px first (each
#: pixel of the copy 2 to 4 blocks across): OpenCV halves a picture fastest, and the rest is a
#: quarter of the pixels.  On a 2400 px region reduced 4.2 to 7.3 times: 19-21 ms -> 8-9 ms, the
#: copy within 2-4 grey levels of the direct one (a mean 0.25-0.5); the 12 MP Genius Square scenes'
#: views are mostly reduced 4 to 7 times
PAIRS_FROM = 4.0


def quick_view(picture: np.ndarray, homography: np.ndarray, rows: int, cols: int, *, pitch: int,
               margin: float | Sequence[float] = 0.0) -> BoardView:
    """:meth:`BoardView.from_homography` (linear sampling) of ``picture``, its board region
    shrunk in two steps (:func:`area_shrunk`) when it is shrunk :data:`PAIRS_FROM` times or more.

    Parameters
    ----------
    picture : numpy.ndarray
        The picture (``uint8``, 2-D or 3-D).
    homography : numpy.ndarray
        Board -> picture, 3 x 3.
    rows, cols : int
        The board's size.
    pitch : int
        View pixels per board unit.
    margin : float or sequence of float
        Board units around the board, as for :meth:`BoardView.from_homography`.

    Returns
    -------
    BoardView
        The view; its ``picture`` and ``homography`` are ``picture`` and ``homography``.
    """
    hom = np.asarray(homography, np.float64)
    shrink = shrink_box(picture.shape, hom, board_extent(rows, cols, margin), pitch)
    (x0, y0, x1, y1), factor = shrink if shrink is not None else ((0, 0, 0, 0), 1.0)
    block = max(int(BLOCK_SHARE / factor), 2 if factor * PAIRS_FROM <= 1.0 else 0)
    if shrink is None or block < 2 or min(x1 - x0, y1 - y0) < 4 * block:
        # not shrunk, or by under PAIRS_FROM: as from_homography does it
        return BoardView.from_homography(picture, hom, rows, cols, pitch=pitch, margin=margin)
    (x0, x1), (y0, y1) = _whole_blocks(x0, x1, picture.shape[1], block), _whole_blocks(y0, y1, picture.shape[0], block)
    nw, nh = max(2, int(round((x1 - x0) * factor))), max(2, int(round((y1 - y0) * factor)))
    small = area_shrunk(picture[y0:y1, x0:x1], (nw, nh), block)
    to_small = np.diag([nw / (x1 - x0), nh / (y1 - y0), 1.0]) @ np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
    view = BoardView.from_homography(small, to_small @ hom, rows, cols, pitch=pitch, margin=margin)
    return replace(view, homography=hom, picture=picture)


def area_shrunk(image: np.ndarray, size: tuple[int, int], block: int) -> np.ndarray:
    """``image`` (whole blocks across and down) area-reduced to ``size`` (width, height): block means
    ``block`` px square, then ``cv2.resize`` with ``INTER_AREA``."""
    h, w = image.shape[:2]
    blocks = cv2.resize(image, (w // block, h // block), interpolation=cv2.INTER_AREA)
    return cv2.resize(blocks, tuple(size), interpolation=cv2.INTER_AREA)


def _whole_blocks(lo: int, hi: int, end: int, block: int) -> tuple[int, int]:
    """The span ``[lo, hi)`` grown to whole blocks (into ``[0, end)``; cut to them at the picture's end)."""
    n = -(-(hi - lo) // block)
    hi = min(lo + n * block, end)
    lo = max(hi - n * block, 0)
    return lo, lo + (hi - lo) // block * block
