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
#: tenth of its square), inside a rim RIM pitches wide (the blob's edge is blurred colour)
MARK_SHARE, RIM = 0.1, 0.08


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
    n, labels = cv2.connectedComponents(blobs, connectivity=8)
    if n <= 1:
        return np.zeros_like(blobs)
    return (marked(labels, n, picture, pitch).view(np.uint8) * np.uint8(255))[labels]


def marked(labels: np.ndarray, n: int, picture: np.ndarray, pitch: float) -> np.ndarray:
    """Which of the ``n`` labels (0: none) show marks (bool, see :func:`marked_blobs`)."""
    rim = max(1, int(round(RIM * pitch)))
    inner = cv2.erode((labels > 0).view(np.uint8), cv2.getStructuringElement(cv2.MORPH_RECT, (2 * rim + 1,) * 2))
    light = cv2.transform(picture, np.full((1, 3), 1 / 3, np.float32)).astype(np.uint8)  # the channels' mean
    size = max(3, int(round(STROKE * pitch)) | 1)
    strokes = cv2.morphologyEx(light, cv2.MORPH_TOPHAT, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    spots = (inner > 0) & (strokes > MARK_STEP)
    share = np.bincount(labels[spots], minlength=n) / np.maximum(np.bincount(labels.ravel(), minlength=n), 1)
    keep = share >= MARK_SHARE
    keep[0] = False
    return keep
