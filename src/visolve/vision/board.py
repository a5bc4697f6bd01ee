"""Finding a puzzle board in a picture by what it looks like.

Many puzzle games draw their board as one large bright rectangle on a dark
screen.  :func:`find_board` looks for exactly that:

1. work on a reduced copy (longest side about :data:`WORK_SIZE` px) for speed;
2. mark the bright pixels (max over the colour channels above a threshold);
3. close small dark gaps (thin lines inside the board: tile borders, pipe
   outlines) with a kernel of about :data:`BRIDGE` base pixels;
4. keep the largest connected blob and fit a straight line to each of its
   four sides (robust fit, so notches and bumps do not pull the line);
5. intersect the lines to get four corners, check the shape (aspect ratio,
   how solid the blob is, size), then refine axis-aligned edges at full
   resolution to a fraction of a pixel.

The result is a :class:`Board` holding the four corners (top-left, top-right,
bottom-right, bottom-left) in picture pixels.  Everything downstream works
from those corners through a homography (see :mod:`visolve.vision.grid`), so
a picture taken at an angle only needs a better corner finder, not a new
pipeline.  :func:`find_board_corners` is that seam.

This module knows nothing about a particular puzzle; the caller passes the
expected aspect ratio and, optionally, the size of a "base pixel" relative to
the board (pixel-art games) so the gap-bridging kernel fits the drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from visolve.vision.geometry import grown, quad_from_contour, quad_size
from visolve.vision.light import channel_max
from visolve.vision.masks import otsu_level
from visolve.vision.working import working_copy

#: longest side of the reduced working copy used for the coarse search
WORK_SIZE = 900
#: brightness separating the board's outer edge from the black screen
EDGE_THRESHOLD = 45.0
#: gaps up to this many base pixels wide are bridged when joining the board blob
BRIDGE = 1.6


class BoardNotFound(Exception):
    """No board-like rectangle in the picture; ``str(exc)`` says why."""


@dataclass(frozen=True)
class Board:
    """A board found in a picture.

    ``corners`` is a ``(4, 2)`` float array: top-left, top-right, bottom-right,
    bottom-left, in picture pixel coordinates (x, y), where pixel ``(i, j)``
    covers ``[j, j+1) x [i, i+1)`` -- i.e. corners are on pixel *edges*.
    ``solidity`` is the share of the quadrilateral covered by the bright blob.
    """

    corners: np.ndarray
    solidity: float = 1.0
    axis_aligned: bool = True

    @property
    def width(self) -> float:
        return quad_size(self.corners)[0]

    @property
    def height(self) -> float:
        return quad_size(self.corners)[1]

    @property
    def aspect(self) -> float:
        """width / height."""
        return self.width / self.height

    def bbox(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the corners."""
        c = self.corners
        return float(c[:, 0].min()), float(c[:, 1].min()), float(c[:, 0].max()), float(c[:, 1].max())


def find_board(
    image: np.ndarray,
    aspect: float,
    *,
    base_width: float | None = None,
    threshold: float = 100.0,
    aspect_tolerance: float = 0.08,
    tilted_aspect_tolerance: float = 0.25,
    min_width_frac: float = 0.2,
    min_solidity: float = 0.85,
    candidates: int = 4,
) -> Board:
    """Find the largest bright quadrilateral with width/height ``aspect``.

    ``base_width`` is the board width in base (pixel-art) pixels if known; it
    sizes the kernel that bridges thin dark lines inside the board.  The board
    must be at least ``min_width_frac`` of the picture width, its side ratio
    within ``aspect_tolerance`` of ``aspect`` (``tilted_aspect_tolerance`` for a
    tilted or perspective quad, whose side ratio is only approximate), and its
    blob must fill ``min_solidity`` of the quadrilateral.  The ``candidates``
    largest bright blobs are tried in turn (in a photo the largest may be the
    wall behind the phone).  Raises :class:`BoardNotFound` with the reason the
    largest blob was rejected when none fits.
    """
    h, w = image.shape[:2]
    first_reason = None
    for corners, solidity in _candidates(image, aspect, base_width, threshold, candidates):
        board = Board(corners, solidity, _is_axis_aligned(corners))
        tol = aspect_tolerance if board.axis_aligned else tilted_aspect_tolerance
        reason = None
        if board.width < min_width_frac * w:
            reason = (
                f"largest bright area is {board.width:.0f} px wide, too small for a board "
                f"(picture is {w} px wide)"
            )
        elif abs(board.aspect - aspect) > tol * aspect:
            reason = (
                f"largest bright area is {board.width:.0f}x{board.height:.0f} px "
                f"(aspect {board.aspect:.2f}), a board would have aspect {aspect:.2f}"
            )
        elif solidity < min_solidity:
            reason = f"largest bright area is not a solid rectangle ({solidity:.0%} filled)"
        if reason is None:
            if board.axis_aligned:
                # the edge threshold follows the board's brightness (dim pictures)
                x0, y0, x1, y1 = (int(round(v)) for v in board.bbox())
                inside = float(np.median(channel_max(image[y0:y1, x0:x1])[::4, ::4]))
                edge_t = min(EDGE_THRESHOLD, 0.25 * inside)
                board = Board(refine_axis_aligned(image, board.corners, edge_t), solidity, True)
            return board
        first_reason = first_reason or reason
    raise BoardNotFound(first_reason or "no bright area found")


def _candidates(image, aspect, base_width, threshold, candidates):
    """Blobs at the fixed threshold, then -- only if asked for more -- at the
    picture's own dark/bright split (Otsu), for dim photos whose board is
    below the fixed threshold."""
    try:
        first = find_board_corners(image, aspect, base_width=base_width, threshold=threshold, candidates=candidates)
    except BoardNotFound:
        first = None
    if first:
        yield from first
    otsu = otsu_threshold(image)
    if otsu < threshold - 10:
        try:
            yield from find_board_corners(image, aspect, base_width=base_width, threshold=otsu, candidates=candidates)
            return
        except BoardNotFound:
            if first:
                return
            raise
    if first is None:  # report the fixed threshold's reason
        find_board_corners(image, aspect, base_width=base_width, threshold=threshold, candidates=candidates)


def otsu_threshold(image: np.ndarray, lo: float = 40.0, hi: float = 160.0) -> float:
    """Otsu's dark/bright split of the brightest channel (on a reduced copy), clipped to [lo, hi]."""
    return otsu_level(channel_max(image), lo, hi)


def find_board_corners(
    image: np.ndarray,
    aspect: float,
    *,
    base_width: float | None = None,
    threshold: float = 100.0,
    candidates: int = 4,
) -> list[tuple[np.ndarray, float]]:
    """Corners (tl, tr, br, bl) and solidity of the largest bright blobs, largest first.

    This is the coarse step of :func:`find_board` without the shape checks;
    a finder for photographed screens (uneven light, glare) can replace it
    and keep the rest of the pipeline.  Blobs smaller than 2% of the picture
    are not considered.  Raises :class:`BoardNotFound` when the picture has
    no usable bright area at all.
    """
    if image.ndim != 3 or image.shape[0] < 16 or image.shape[1] < 16:
        raise BoardNotFound(f"picture too small ({image.shape[1]}x{image.shape[0]})")
    h, w = image.shape[:2]
    v, _x_scale = working_copy(channel_max(image), WORK_SIZE, fast=False)
    f = min(1.0, WORK_SIZE / max(h, w))  # the long side's scale, exact for it
    mask = (v > threshold).astype(np.uint8)
    if mask.sum() < 0.01 * mask.size:
        raise BoardNotFound("picture is dark all over (no bright board area)")
    if mask.sum() > 0.97 * mask.size:
        raise BoardNotFound("picture is bright all over (no board on a dark screen)")
    # Kernel: bridge dark lines of ~1 base pixel.  Without a hint assume the
    # board spans most of the picture width (true for screenshots); a too
    # large kernel only risks merging nearby text, which the side fit ignores.
    board_w_guess = 0.8 * v.shape[1]
    base_px = board_w_guess / base_width if base_width else board_w_guess / 128.0
    k = max(3, int(round(BRIDGE * base_px)))
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(closed, connectivity=8)
    order = [1 + int(i) for i in np.argsort(-stats[1:, cv2.CC_STAT_AREA])]
    order = [i for i in order if stats[i, cv2.CC_STAT_AREA] >= 0.02 * closed.size][:candidates]
    if not order:
        raise BoardNotFound("no bright area big enough for a board")
    out = []
    for label in order:
        x, y, bw, bh, area = stats[label]
        blob = (labels[y : y + bh, x : x + bw] == label).astype(np.uint8)
        corners = _upright_box(blob)
        if corners is None:
            contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            contour = max(contours, key=cv2.contourArea)
            corners = quad_from_contour(contour)
            if corners is None:
                continue
            # contour points are centres of the blob's outer pixels: move the
            # corners half a pixel outwards onto the pixel edges.
            corners = grown(corners, 0.5)
        corners = corners + (x, y)
        quad_area = cv2.contourArea(corners.astype(np.float32))
        solidity = float(area) / max(quad_area, 1.0)
        out.append((corners / f, min(solidity, 1.0)))
    if not out:
        raise BoardNotFound("largest bright area has no four clear sides")
    return out


def _upright_box(blob: np.ndarray) -> np.ndarray | None:
    """Corners of an upright rectangular blob from its row and column counts.

    Rows/columns count as board when at least half as full as the typical
    full row/column, so text or other bumps merged onto a side are ignored.
    Returns None when the blob is tilted (the counts ramp instead of step).
    """
    rows = blob.sum(axis=1, dtype=np.int64)
    cols = blob.sum(axis=0, dtype=np.int64)
    box = []
    for counts in (cols, rows):
        full = np.percentile(counts[counts > 0], 75) if (counts > 0).any() else 0
        if full <= 0:
            return None
        on = np.nonzero(counts >= 0.5 * full)[0]
        lo, hi = int(on[0]), int(on[-1]) + 1
        # an upright board: the sides step from ~0 to nearly full within a
        # few pixels; a tilted one ramps up over many
        some = np.nonzero(counts > 0.05 * full)[0]
        most = np.nonzero(counts > 0.8 * full)[0]
        allowed = 0.02 * (hi - lo) + 2
        if most[0] - some[0] > allowed or some[-1] - most[-1] > allowed:
            return None
        box.append((lo, hi))
    (x0, x1), (y0, y1) = box
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)


def refine_axis_aligned(image: np.ndarray, corners: np.ndarray, threshold: float) -> np.ndarray:
    """Sub-pixel board edges for an upright board, from full-resolution profiles.

    For each side, the brightness profile across the edge (median along the
    middle 80% of the side, which ignores notches) is searched near the coarse
    edge for the crossing of half the inside level.
    """
    x0, y0 = corners[:, 0].min(), corners[:, 1].min()
    x1, y1 = corners[:, 0].max(), corners[:, 1].max()
    v = channel_max(image)
    h, w = v.shape
    reach = max(3, int(round(0.01 * (x1 - x0))) + 2)

    def band(a0, a1, n):
        lo, hi = a0 + 0.1 * (a1 - a0), a1 - 0.1 * (a1 - a0)
        return max(0, int(lo)), min(n, int(hi) + 1)

    ya, yb = band(y0, y1, h)
    xa, xb = band(x0, x1, w)
    out = []
    for name, pos in (("left", x0), ("right", x1), ("top", y0), ("bottom", y1)):
        horizontal = name in ("left", "right")
        n = w if horizontal else h
        lo = max(0, int(round(pos)) - reach)
        hi = min(n, int(round(pos)) + reach)
        if hi - lo < 3:
            out.append(pos)
            continue
        strip = v[ya:yb, lo:hi] if horizontal else v[lo:hi, xa:xb].T
        prof = np.median(strip, axis=0)
        if name in ("right", "bottom"):
            prof = prof[::-1]
        edge = _step_position(prof, threshold)
        if edge is None:
            out.append(pos)
        elif name in ("right", "bottom"):
            out.append(hi - edge)
        else:
            out.append(lo + edge)
    left, right, top, bottom = out
    return np.array([[left, top], [right, top], [right, bottom], [left, bottom]], dtype=np.float64)


# --------------------------------------------------------------------------
# internals


def _step_position(prof: np.ndarray, threshold: float) -> float | None:
    """Position (in pixel-edge coordinates) of the first dark->bright step.

    ``prof[i]`` is the value of pixel ``i`` covering ``[i, i+1)``.  The level
    inside is taken as the profile value just past the first pixel above
    ``threshold``; the edge is where the area-coverage model puts it:
    ``i + 1 - frac`` for the partially covered pixel ``i``.
    """
    above = np.nonzero(prof > threshold)[0]
    if above.size == 0:
        return None
    i = int(above[0])
    outside = float(np.median(prof[: i - 1])) if i >= 3 else 0.0
    inside = max(float(prof[i]), float(prof[min(i + 1, prof.size - 1)]))
    if inside - outside < 1e-3:
        return float(i)

    def cover(j: int) -> float:
        return float(np.clip((prof[j] - outside) / (inside - outside), 0.0, 1.0)) if j >= 0 else 0.0

    return float(i + 1 - cover(i) - cover(i - 1))


def _is_axis_aligned(corners: np.ndarray, tol: float = 0.004) -> bool:
    """True when the sides are horizontal/vertical to within ``tol`` of the board size."""
    c = corners
    size = max(np.ptp(c[:, 0]), np.ptp(c[:, 1]), 1.0)
    return bool(
        abs(c[0, 1] - c[1, 1]) < tol * size
        and abs(c[3, 1] - c[2, 1]) < tol * size
        and abs(c[0, 0] - c[3, 0]) < tol * size
        and abs(c[1, 0] - c[2, 0]) < tol * size
    )
