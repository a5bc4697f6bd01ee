"""Pieces told by their marks: a booklet's pieces show white X and O marks, a desk's shapes do not.

A board's grey squares may all be covered by pieces, and the finder then sees
its pieces alone (:mod:`visolve.puzzles.iq_xoxo.page.missed`).  Coloured blobs
on the page far from every board are pieces of a board left out only when they
show marks: thin strokes inside the blob, lighter than the colour around them.
A desk's shape lying by the page's edge is of one colour through.
"""

from __future__ import annotations

import cv2
import numpy as np

#: marks are strokes lighter than the piece's colour around them (the channels' mean) by more
#: than MARK_STEP, thinner than STROKE pitches
MARK_STEP, STROKE = 16, 0.3
#: a blob shows marks when at least MARK_SHARE of its area is marks (an X or an O is about a
#: tenth of its square drawn sharp; blur thins them: scenes seed 89 spread 53, board 68's pieces
#: and tab in one blob 0.076, the boards read there 0.033 - 0.048, the desk's shapes 0.000; 0.1
#: left that board out unsaid; seed 389 page 33, a board washed by glare to its tab and a pale
#: cyan piece in one blob, 0.032: 0.05 left it out unsaid), inside a rim RIM pitches wide (the
#: blob's edge is blurred colour)
MARK_SHARE, RIM = 0.03, 0.08
#: blobs of more than MOST pitches squared are no board's pieces (a board all covered is 50
#: squares and its tab, up to twice that near a slanted page's edge): not looked at
MOST = 150


#: a page's own pieces tell how its marks show: when at least OWN_LEAST blobs lie on the boards read,
#: a blob elsewhere shows marks at OWN_SHARE of their median share, when that is under MARK_SHARE, and
#: at least MARK_FLOOR.  Scenes seed 227 spread 31, a spread's two far boards left out (their grey
#: squares and tabs not seen, their pieces merged with the tabs): the pieces of the two boards read
#: showed marks over 0.003 - 0.058 of their area (median 0.040), the far boards' 0.000 - 0.048, three
#: of six 0.021 and more; the page was read in part, unsaid
OWN_LEAST, OWN_SHARE, MARK_FLOOR = 3, 0.5, 0.015


def least_share(own: np.ndarray) -> float:
    """The least share of its area a blob's marks must cover for it to show marks, given the shares
    ``own`` of the pieces on the boards read (see :data:`OWN_SHARE`)."""
    if len(own) < OWN_LEAST:
        return MARK_SHARE
    return max(MARK_FLOOR, min(MARK_SHARE, OWN_SHARE * float(np.median(own))))


def marked_blobs(blobs: np.ndarray, picture: np.ndarray, pitch: float) -> np.ndarray:
    """The blobs of ``blobs`` (0/255, colour with the marks closed over) that show a piece's marks
    (0/255): strokes thinner than :data:`STROKE` pitches inside a blob (less its rim), lighter
    than the colour around them in ``picture`` (the channels' mean) by more than
    :data:`MARK_STEP`, covering at least :data:`MARK_SHARE` of the blob's area.

    Parameters
    ----------
    blobs : numpy.ndarray
        Pieces' blobs (uint8 0/255).
    picture : numpy.ndarray
        The picture (BGR uint8, as ``blobs``).
    pitch : float
        The squares' pitch (px).

    Returns
    -------
    numpy.ndarray
        The blobs showing marks (uint8 0/255).
    """
    return shown(*mark_shares(blobs, picture, pitch), MARK_SHARE)


def shown(labels: np.ndarray, shares: np.ndarray, least: float) -> np.ndarray:
    """The blobs (``labels``, as :func:`mark_shares` gives them with their ``shares``) whose marks
    cover ``least`` of their area or more (0/255)."""
    keep = shares >= least
    keep[0] = False
    return (keep.view(np.uint8) * np.uint8(255))[labels]


def mark_shares(blobs: np.ndarray, picture: np.ndarray, pitch: float) -> tuple[np.ndarray, np.ndarray]:
    """The labels of ``blobs`` (0/255; 0: none, 8-connected) and for each label the share of its
    area that shows light strokes (see :func:`marked_blobs`), looked for in each blob's box alone
    (a 12 MP copy looked at whole cost 0.3 s)."""
    n, labels, stats, _centres = cv2.connectedComponentsWithStats(blobs, connectivity=8)
    rim = max(1, int(round(RIM * pitch)))
    shrink = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * rim + 1,) * 2)
    size = max(3, int(round(STROKE * pitch)) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    mean = np.full((1, 3), 1 / 3, np.float32)
    shares = np.zeros(n)
    h, w = labels.shape
    for k in np.flatnonzero(stats[:, 4] <= MOST * pitch**2):
        if k == 0:
            continue
        x, y, bw, bh, area = stats[k]
        y0, y1, x0, x1 = max(0, y - size), min(h, y + bh + size), max(0, x - size), min(w, x + bw + size)
        own = labels[y0:y1, x0:x1] == k
        inner = cv2.erode(own.view(np.uint8), shrink)
        light = cv2.transform(picture[y0:y1, x0:x1], mean).astype(np.uint8)  # the channels' mean
        spots = (inner > 0) & (cv2.morphologyEx(light, cv2.MORPH_TOPHAT, disc) > MARK_STEP)
        shares[k] = spots.sum() / area
    return labels, shares
