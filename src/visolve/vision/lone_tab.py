"""The number tab standing over a board read alone: a page of one board names its challenge.

``visolve make`` prints each challenge under a number tab; the last page of
an odd count holds one board under one tab, and a photo may show one board
of a page with its tab, the others out of the picture.  A family that read
one board gives it the tab's number, not the picture's file name
(:func:`tab_over`).  The tab is looked for only in the band just above the
board's top edge, as the board stands (:data:`TAB_ABOVE`): a board with
nothing above it (most photos, a picture cropped to the board) costs
nothing, and a dark block elsewhere on the desk is not taken for its tab.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.vision.tabs import MIN_HEIGHT, look_at_page

#: the tab is looked for above the board's top edge, up to TAB_ABOVE of the board's height
#: (``visolve make`` prints it 0.11 - 0.29 of the board's height above it; a booklet's tab
#: stands as close)
TAB_ABOVE = 0.5
#: the band above the board is looked at only when the picture holds at least this share of
#: its height (a band cut short by the picture's edge holds no whole tab)
MIN_BAND = 0.6


def band_above(outline: np.ndarray) -> np.ndarray:
    """The band above a board (``outline``: its top-left, top-right, bottom-right, bottom-left
    picture points, as the board stands): its corners in the same order, :data:`TAB_ABOVE` of
    the board's height high along its sides."""
    tl, tr, br, bl = np.asarray(outline, np.float64).reshape(4, 2)
    return np.array([tl + TAB_ABOVE * (tl - bl), tr + TAB_ABOVE * (tr - br), tr, tl])


def tab_over(image: np.ndarray, outline: np.ndarray) -> int | None:
    """The number on the tab over a board read alone, or None when no tab stands there.

    Parameters
    ----------
    image : numpy.ndarray
        The picture (BGR).
    outline : numpy.ndarray
        The board's corners in the picture: top-left, top-right, bottom-right, bottom-left,
        as the board stands (its rows read left to right).

    Returns
    -------
    int or None
        The tab's number; None when no tab's middle lies in :func:`band_above` (or too little
        of the band is in the picture to hold one).

    Raises
    ------
    ReadError
        A tab over the board whose number cannot be read, or several tabs there: the board
        named after the picture would be a challenge under a wrong name.
    """
    band = band_above(outline)
    h, w = image.shape[:2]
    x0, y0 = np.floor(band.min(axis=0)).astype(int)
    x1, y1 = np.ceil(band.max(axis=0)).astype(int)
    seen = max(min(x1, w) - max(x0, 0), 0) * max(min(y1, h) - max(y0, 0), 0)
    if float(np.linalg.norm(band[0] - band[3])) < MIN_HEIGHT or seen < MIN_BAND * (x1 - x0) * (y1 - y0):
        return None  # a band too low to hold a tab, or mostly off the picture
    # the band and the board below it: a tab is looked for as a small block on a page (its share of
    # the picture looked at bounded), so the picture looked at takes in the board too
    both = np.concatenate([band, np.asarray(outline, np.float64).reshape(4, 2)])
    cx0, cy0 = np.maximum(np.floor(both.min(axis=0)).astype(int), 0)
    cx1, cy1 = np.minimum(np.ceil(both.max(axis=0)).astype(int), (w, h))
    look = look_at_page(np.ascontiguousarray(image[cy0:cy1, cx0:cx1]))
    inside = np.float32(band - (cx0, cy0)).reshape(-1, 1, 2)
    tabs = [t for t in look.tabs if cv2.pointPolygonTest(inside, tuple(float(c) for c in t.centre), False) >= 0]
    if not tabs:
        return None
    if len(tabs) > 1:
        raise ReadError(f"{len(tabs)} number tabs stand over the board: which challenge it is is in doubt")
    if tabs[0].number is None:
        raise ReadError(f"the number tab over the board cannot be read ({tabs[0].reason})")
    return int(tabs[0].number)


__all__ = ["TAB_ABOVE", "band_above", "tab_over"]
