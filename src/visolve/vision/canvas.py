"""Blank pictures to draw on.

:func:`solid` is what every painter starts from.  ``np.full(shape, (b, g, r))``
broadcasts the colour tuple pixel by pixel in Python's slow path (about 5 ms
for a 1 MP sheet); filling with OpenCV takes a few tenths of that.
"""

from __future__ import annotations

import cv2
import numpy as np


def solid(height: int, width: int, colour: tuple[int, int, int] | int) -> np.ndarray:
    """A ``height`` x ``width`` BGR ``uint8`` picture of one colour (a grey level for an int)."""
    out = np.empty((max(0, int(height)), max(0, int(width)), 3), np.uint8)
    if out.size:
        bgr = (colour,) * 3 if isinstance(colour, (int, np.integer)) else tuple(colour)
        cv2.rectangle(out, (0, 0), (out.shape[1] - 1, out.shape[0] - 1), tuple(int(v) for v in bgr), -1)
    return out
