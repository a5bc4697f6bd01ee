"""Four-sided outlines of the regions a picture's edges part: boards seen by their outline alone.

A board whose squares do not show as a lattice (tall pieces hiding most of them, a grid too faint
or too small for the flat patches to part) still shows its outline: one plain colour, parted from
the table by a clear edge.  :func:`edge_region_quads` finds the regions the picture's edges enclose
(the pixels no edge runs through, connected), largest first, and gives the four corners of each
one's convex hull that is close to a quadrilateral (rounded corners are cut off by the
simplification).  The board's margin, a ring around the grid parted from it by the grid's lines or
the pieces, is one such region, and its hull is the board's outline.  Shapes on the table give
outlines too: what lies inside an outline says which one is the board (the caller's job).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.geometry import polygon_corners

#: blur (px) before the edges are found, and Canny's two thresholds (grey levels)
BLUR = 1.0
CANNY = (20, 50)
#: a region's bounding box covers this share of the picture at least, at most
AREA_SHARE = (0.02, 0.8)
#: regions looked at, largest first (the rest are specks between edges)
MAX_REGIONS = 20
#: simplification tolerances (shares of the hull's length) tried to leave four corners
STEPS = (0.01, 0.02, 0.04)


def edge_region_quads(image: np.ndarray, limit: int = 6) -> list[np.ndarray]:
    """Up to ``limit`` outlines ``(4, 2)`` (tl, tr, br, bl as seen, float64 px) of the largest
    regions that the edges of ``image`` (BGR or grey) part and whose convex hulls are close to
    quadrilaterals, largest first.

    Parameters
    ----------
    image : numpy.ndarray
        A picture, best a reduced copy (a few hundred px): its edges are found at one scale, in
        each colour channel.
    limit : int
        Most outlines returned.
    """
    channels = [image] if image.ndim == 2 else cv2.split(image)
    edges = np.zeros(image.shape[:2], np.uint8)
    for channel in channels:  # a board as light as the table is still of another colour
        edges |= cv2.Canny(cv2.GaussianBlur(channel, (0, 0), BLUR), *CANNY)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))  # a gap of a pixel in an edge joins no regions
    n, labels, stats, _ = cv2.connectedComponentsWithStats((edges == 0).astype(np.uint8), connectivity=4)
    area = image.shape[0] * image.shape[1]
    out: list[np.ndarray] = []
    for i in np.argsort(-stats[1:, cv2.CC_STAT_AREA])[:MAX_REGIONS] + 1:
        box = int(stats[i, cv2.CC_STAT_WIDTH]) * int(stats[i, cv2.CC_STAT_HEIGHT])
        if not AREA_SHARE[0] * area <= box <= AREA_SHARE[1] * area:
            continue
        contours, _ = cv2.findContours((labels == i).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        poly = polygon_corners(max(contours, key=cv2.contourArea), steps=STEPS)
        if poly is None:
            continue
        out.append(np.roll(poly, -int(np.argmin(poly.sum(axis=1))), axis=0))
        if len(out) == limit:
            break
    return out
