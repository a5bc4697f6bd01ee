"""Finding IQ XOXO boards in a picture: each 5 x 10 grid as a quadrilateral.

A booklet board is a block of grey squares and coloured pieces on a light
page.  On a working copy of the picture (long side :data:`WORK_SIDE`):

1. *ink*: pixels darker than the page around them (the light is evened out
   with :func:`visolve.vision.light.illumination`) or clearly coloured;
2. *pitch*: the board's empty squares are separate compact blobs of one
   size; the median side of the square-like blobs is the cell pitch;
3. *blocks*: the ink closed across the gaps between squares (a kernel of a
   third of a pitch) gives one solid block per board, and opened by a
   square wider than the tab above the board is high, the board alone;
4. *sides*: the block's outline points are shared among the four sides of
   its simplified outline and a straight line is fitted to each side,
   dropping the farthest points each round (a tab above the board, a piece
   bulging by blur), so perspective is kept; the corners are the lines'
   crossings.  Quads about twice as wide as high, of about 50 cells and
   filled by the block are kept.

:func:`find_boards` returns the quadrilaterals in picture coordinates
(corners tl, tr, br, bl of the squares' outer edges, long side across),
in reading order.  Which way up the board is, is the reader's question.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


#: long side (px) of the working copy
WORK_SIDE = 1024
#: ink: darker than this share of the page light, or more saturated than INK_SAT
INK_SHARE, INK_SAT = 0.93, 70
#: square-like blobs: area (work px) range, fill of their bounding box, aspect
SQUARE_AREA = (30, 15000)
SQUARE_FILL, SQUARE_ASPECT = 0.8, 1.35
#: fewest square-like blobs of one size for a pitch
MIN_SQUARES = 3
#: a square's side is this share of the pitch (booklet drawing)
SQUARE_SHARE = 0.86
#: second look: the light within REACH pitches, ink below FINE_SHARE of it
REACH, FINE_SHARE = 1.2, 0.95
#: ink specks narrower than this share of the pitch are dropped (paper grain, noise)
SPECK_SHARE = 0.15
#: closing kernel, share of the pitch
CLOSE_SHARE = 0.35
#: the block opened by a square this share of the pitch across loses the tab
#: above the board (up to about 1.5 pitches high, joined) and any strip of ink joined to it
CORE_SHARE = 1.9
#: board quads: aspect (mean long side / mean short side), share filled by the
#: block, area in pitches squared (a board is about 48.6)
ASPECT = (1.45, 2.8)
MIN_FILL = 0.9
AREA_CELLS = (30, 75)
#: side fitting: rounds, share of points kept each round
FIT_ROUNDS, FIT_KEEP = 4, 0.75


@dataclass(frozen=True)
class Found:
    """A board found: its corners (picture px, tl tr br bl) and the pitch (picture px)."""

    corners: np.ndarray
    pitch: float


def work_copy(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The picture reduced to :data:`WORK_SIDE` (never enlarged) and the factor used."""
    h, w = image.shape[:2]
    f = min(1.0, WORK_SIDE / max(h, w))
    if f == 1.0:
        return image, 1.0
    size = (max(1, round(w * f)), max(1, round(h * f)))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA), f


def ink_mask(work: np.ndarray, reach: float, share: float = INK_SHARE) -> np.ndarray:
    """Pixels darker than ``share`` of the brightest within ``reach`` px, or clearly coloured (0/255)."""
    grey = work.max(axis=2)
    k = max(3, int(round(reach)) | 1)
    light = cv2.dilate(grey, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    light = cv2.blur(light, (k, k)).astype(np.float32)
    dark = grey.astype(np.float32) < share * light
    sat = cv2.cvtColor(work, cv2.COLOR_BGR2HSV)[:, :, 1] > INK_SAT
    return ((dark | sat) * 255).astype(np.uint8)


def square_pitch(ink: np.ndarray) -> float | None:
    """Cell pitch (px) from the square-like ink blobs: the median side / SQUARE_SHARE."""
    n, _labels, stats, _c = cv2.connectedComponentsWithStats(ink, connectivity=4)
    w, h, area = stats[1:, 2], stats[1:, 3], stats[1:, 4]
    ok = (area >= SQUARE_AREA[0]) & (area <= SQUARE_AREA[1]) & (area >= SQUARE_FILL * w * h)
    ok &= (np.maximum(w, h) <= SQUARE_ASPECT * np.minimum(w, h))
    if ok.sum() < MIN_SQUARES:
        return None
    sides = np.sqrt(area[ok].astype(np.float64))
    # the most common size: the median of the blobs near the densest size
    hist_centre = np.median(sides)
    near = sides[np.abs(sides - hist_centre) < 0.25 * hist_centre]
    if len(near) < MIN_SQUARES:
        return None
    return float(np.median(near)) / SQUARE_SHARE


def _fit_line(points: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """A line (point, unit direction) through ``points``, trimming the farthest each round."""
    pts = points.astype(np.float64)
    for _ in range(FIT_ROUNDS):
        if len(pts) < 4:
            return None
        centre = pts.mean(axis=0)
        _u, _s, vt = np.linalg.svd(pts - centre, full_matrices=False)
        direction, normal = vt[0], vt[1]
        dist = np.abs((pts - centre) @ normal)
        keep = dist <= np.quantile(dist, FIT_KEEP)
        pts = pts[keep] if keep.sum() >= 4 else pts
    return centre, direction


def _cross(a, b) -> np.ndarray | None:
    (p, d), (q, e) = a, b
    m = np.array([d, -e]).T
    if abs(np.linalg.det(m)) < 1e-6:
        return None
    t = np.linalg.solve(m, q - p)
    return p + t[0] * d


def _sides(contour: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """Corners from straight lines fitted to the outline points nearest each side of ``quad``."""
    pts = contour.reshape(-1, 2).astype(np.float64)
    dists = []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        ab = b - a
        t = np.clip(((pts - a) @ ab) / max(ab @ ab, 1e-9), 0, 1)
        dists.append(np.linalg.norm(pts - (a + t[:, None] * ab), axis=1))
    owner = np.argmin(np.array(dists), axis=0)
    lines = []
    for k in range(4):
        line = _fit_line(pts[owner == k])
        if line is None:
            return None
        lines.append(line)
    corners = [_cross(lines[k - 1], lines[k]) for k in range(4)]
    if any(c is None for c in corners):
        return None
    return np.array(corners)


def _ordered(quad: np.ndarray) -> np.ndarray:
    """Corners tl, tr, br, bl with the long side across (top-left: smallest x + y of the pair)."""
    centre = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    q = quad[np.argsort(ang)]  # clockwise on screen, from about -180 degrees
    start = int(np.argmin(q.sum(axis=1)))
    q = np.roll(q, -start, axis=0)
    top = np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])
    side = np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])
    if side > top:  # the long side runs down the picture: start one corner on
        q = np.roll(q, -1, axis=0)
    return q


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    """Corners of a block's outline: lines fitted to the sides of its rotated rectangle."""
    box = cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float64)
    corners = _sides(contour, _ordered(box))
    if corners is None:
        return None
    corners = _sides(contour, _ordered(corners))  # a second time from the better sides
    return None if corners is None else _ordered(corners)


def _is_board(quad: np.ndarray, block: np.ndarray, pitch: float) -> bool:
    """A quad about twice as wide as high, of about 50 cells, filled by the block."""
    top = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
    side = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
    area = cv2.contourArea(quad.astype(np.float32))
    if side < 1 or not ASPECT[0] <= top / side <= ASPECT[1]:
        return False
    if not AREA_CELLS[0] <= area / pitch**2 <= AREA_CELLS[1]:
        return False
    inside = np.zeros_like(block)
    cv2.fillConvexPoly(inside, np.round(quad).astype(np.int32), 255)
    covered = cv2.countNonZero(cv2.bitwise_and(inside, block))
    return covered >= MIN_FILL * max(cv2.countNonZero(inside), 1)


def board_blocks(work: np.ndarray) -> tuple[list[np.ndarray], float | None]:
    """Quads (work px) of the board-like blocks of the working copy, and the pitch."""
    pitch = square_pitch(ink_mask(work, max(work.shape[:2]) / 12.0))
    if pitch is None:
        return [], None
    ink = ink_mask(work, REACH * pitch, FINE_SHARE)
    specks = max(3, int(round(SPECK_SHARE * pitch)) | 1)
    ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (specks, specks)))
    k = max(3, int(round(CLOSE_SHARE * pitch)) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    block = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, kernel)
    big = max(3, int(round(CORE_SHARE * pitch)) | 1)
    core = cv2.morphologyEx(block, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (big, big)))
    contours, _h = cv2.findContours(core, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    quads = []
    for contour in contours:
        if cv2.contourArea(contour) < AREA_CELLS[0] * pitch**2:
            continue
        quad = _quad_of(contour)
        if quad is not None and _is_board(quad, block, pitch):
            quads.append(quad)
    return quads, pitch


def find_boards(image: np.ndarray) -> list[Found]:
    """Every board-like block of ``image`` (see the module docstring), in reading order."""
    work, f = work_copy(image)
    quads, pitch = board_blocks(work)
    found = [Found((q + 0.5) / f, pitch / f) for q in quads]
    centres = [fd.corners.mean(axis=0) for fd in found]
    rows = [round(c[1] / (6 * fd.pitch)) for c, fd in zip(centres, found)]
    order = sorted(range(len(found)), key=lambda i: (rows[i], centres[i][0]))
    return [found[i] for i in order]
