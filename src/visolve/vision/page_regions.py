"""The regions of a page of boards: the part of the picture under each number tab, cut upright.

:func:`board_regions` cuts a picture of a page into one upright region a
tab (:mod:`visolve.vision.tabs`): the board under a tab is taken to stand
below it, between it and the next row of tabs, and across half-way to the
tabs beside it (the page's rows and columns are the tabs', turned as the
tabs are); :func:`tab_areas` is that part of the page, :func:`board_parts`
the parts of ink of the board found there.  :mod:`visolve.vision.pages`
reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from visolve.vision.leftover import cut_short, touches_rim
from visolve.vision.tabs import PageLook, Tab, page_axes, rows_of

#: a region starts GAP of its tab's height below the tab's bottom edge and ends as far above
#: the next row's tabs
GAP = 0.15
#: a tab alone on its row takes a region this many tab widths across when no other row
#: shows how far apart the columns are; a page of one row, ALONE_DEPTH of that down
ALONE_WIDTHS, ALONE_DEPTH = 4.0, 1.2
#: on a page of one column of tabs (several rows), a tab's region is COLUMN_WIDTHS tab widths across
#: when no board's ink is found under it (``visolve make`` prints IQ Stars and IQ Circuit boards
#: 5.2 tab widths wide: a board paled by light was cut 4 wide, its outer columns lost); its board's
#: ink is looked for ALONE_WIDTHS across (wider, parts of the desk beside the page were taken in)
COLUMN_WIDTHS = 5.6
#: a part of ink covering BOARD_SHARE - BOARD_MOST of a tab's area, its middle there and not
#: reaching the picture's rim (a desk), is its board; the board's region is its box grown by
#: GROW of its size on every side (BOARD_MOST 1.5 left out the lower board of a page of two seen in
#: perspective, 1.51 - 1.61 of its tab's area once the tabs were printed taller: IQ Circuit photo
#: seeds 27, 33, 34 expert, its region then cut off the board's bottom row)
BOARD_SHARE, BOARD_MOST, GROW = 0.15, 2.0, 0.08
#: a part of ink at least PART_SHARE of a board's largest part, beside it under the same tab, is
#: part of that board (light lines across a board cut its ink in parts)
PART_SHARE = 0.02
#: a region is cut at most REGION_SIDE px long (a board printed at 300 dpi reads as well smaller, and faster)
REGION_SIDE = 700


@dataclass(frozen=True)
class Region:
    """The part of a page that belongs to one tab.

    Attributes
    ----------
    tab : Tab
        The tab (its number read).
    corners : numpy.ndarray
        ``(4, 2)`` picture points: the region's top-left, top-right, bottom-right, bottom-left.
    image : numpy.ndarray
        The region cut out of the picture, upright (turned as its tab is).
    board : tuple of int
        The box (w, h) and area of the part of ink taken as its board, on the page's look
        (:attr:`visolve.vision.tabs.PageLook.ink`); ``(0, 0, 0)`` when none was.
    area : numpy.ndarray or None
        The tab's whole area (corners, as ``corners``) when the region was cut around a board's ink,
        else None (the region is that area): a board the family cannot read there is looked at
        again in it (:func:`area_image`; glare paled part of the board, and its ink's box left
        that part out).
    """

    tab: Tab
    corners: np.ndarray
    image: np.ndarray
    board: tuple[int, int, int] = (0, 0, 0)
    area: np.ndarray | None = None


def board_regions(image: np.ndarray, look: PageLook, side: int = REGION_SIDE) -> list[Region]:
    """One region of ``image`` a tab of ``look``, in the tabs' order, at most ``side`` px long.

    The region is the part of the page under the tab (:func:`tab_areas`, :data:`COLUMN_WIDTHS`
    across on a page of one column); when a part of ink as
    large as a board (:data:`BOARD_SHARE` - :data:`BOARD_MOST` of it) has its middle there (its
    extent along the page's rows and columns taking in no other tab: boards blurred together are
    no board; the picture's box of a board on a page seen turned may), the region is that part's
    box grown by :data:`GROW` of its size (a board is one block of ink: its labels and its edges
    are kept whole however the page is seen in perspective), unless that box is cut short beside the
    page's other boards (:func:`visolve.vision.leftover.cut_short`)."""
    right, down = page_axes(look.tabs)
    axes = np.stack([right, down])
    areas = tab_areas(image.shape[:2], look.tabs)
    wide = tab_areas(image.shape[:2], look.tabs, COLUMN_WIDTHS)  # a region when no board's ink is found
    f = look.scale
    n, labels, stats, centres = cv2.connectedComponentsWithStats(look.ink.astype(np.uint8), connectivity=8)
    out = []
    for tab, area, whole_area in zip(look.tabs, areas, wide):
        whole = cv2.contourArea(np.float32(area * f))
        outline = np.float32(area * f).reshape(-1, 1, 2)
        others = [t.centre * f for t in look.tabs if t is not tab]
        inside = [i for i in range(1, n) if BOARD_SHARE * whole <= stats[i, 4] <= BOARD_MOST * whole
                  and not touches_rim(stats[i], labels.shape)
                  and cv2.pointPolygonTest(outline, tuple(float(c) for c in centres[i]), False) >= 0
                  and not any(_in_extent(labels, i, stats[i], c, axes) for c in others)]  # run into another's board
        corners, seen = whole_area, (0, 0, 0)
        if inside:
            board = max(inside, key=lambda i: stats[i, 4])
            seen = (int(stats[board, 2]), int(stats[board, 3]), int(stats[board, 4]))
            near = [i for i in range(1, n) if not touches_rim(stats[i], labels.shape)
                    and cv2.pointPolygonTest(outline, tuple(float(c) for c in centres[i]), False) >= 0
                    and not any(_in_box(stats[i], t.centre * f) for t in look.tabs)]
            parts = board_parts(stats, board, near)
            ys, xs = np.nonzero(np.isin(labels, parts))
            uv = (np.stack([xs, ys], axis=1) + 0.5) / f @ axes.T
            (u0, v0), (u1, v1) = uv.min(axis=0), uv.max(axis=0)
            g = GROW * max(u1 - u0, v1 - v0)
            corners = np.array([[u0 - g, v0 - g], [u1 + g, v0 - g], [u1 + g, v1 + g], [u0 - g, v1 + g]]) @ axes
        out.append(Region(tab, corners, _cut(image, corners, right, down, side), seen,
                          whole_area if inside else None))
    short = cut_short([r.board for r in out])  # glare paled part of its board: the tab's whole area
    return [Region(r.tab, tab_area, _cut(image, tab_area, right, down, side)) if cut else r
            for r, tab_area, cut in zip(out, wide, short)]


def area_image(image: np.ndarray, region: Region, side: int = REGION_SIDE) -> np.ndarray | None:
    """The tab's whole area of ``region`` (:attr:`Region.area`) cut out of ``image`` upright, at
    most ``side`` px long; None when the region is that area already."""
    if region.area is None:
        return None
    c = region.area
    right, down = (v / max(float(np.linalg.norm(v)), 1e-9) for v in (c[1] - c[0], c[3] - c[0]))
    return _cut(image, c, right, down, side)


def joined_image(image: np.ndarray, region: Region, side: int = REGION_SIDE) -> np.ndarray | None:
    """The part of the page that takes in both ``region``'s cut around its board's ink and its
    tab's whole area (the smallest box, turned as the page is, holding both), cut out upright;
    None when the region is its tab's area already.  Glare that pales a board's first column
    leaves that column out of its ink's box, while the tab's area can end above the board's
    last row (a page in steep perspective, its lower board seen larger: IQ Circuit photo seed
    76 wizard)."""
    if region.area is None:
        return None
    right = region.corners[1] - region.corners[0]
    down = region.corners[3] - region.corners[0]
    right, down = (v / max(float(np.linalg.norm(v)), 1e-9) for v in (right, down))
    axes = np.stack([right, down])
    uv = np.concatenate([region.corners, region.area]) @ np.linalg.inv(axes)
    (u0, v0), (u1, v1) = uv.min(axis=0), uv.max(axis=0)
    corners = np.array([[u0, v0], [u1, v0], [u1, v1], [u0, v1]]) @ axes
    return _cut(image, corners, right, down, side)


def board_parts(stats: np.ndarray, board: int, candidates: list[int]) -> list[int]:
    """The parts of ink of one board: ``board`` (the largest) and the parts of at least
    :data:`PART_SHARE` of its area whose boxes meet its box grown by :data:`GROW` of its size,
    taken in until none is left (a board cut in two by light lines running across it, an IQ
    Circuit piece's white outline, whose smaller part would be cut off its region).

    Parameters
    ----------
    stats : numpy.ndarray
        ``cv2.connectedComponentsWithStats`` stats of the page's ink.
    board : int
        The label of the board's largest part.
    candidates : list of int
        The labels that may be taken in (their middles under the board's tab, none reaching the
        picture's rim or taking in a tab).

    Returns
    -------
    list of int
        The labels taken, ``board`` first.
    """
    x, y, w, h = (float(v) for v in stats[board, :4])
    taken = [board]
    left = [i for i in candidates if i != board and stats[i, 4] >= PART_SHARE * stats[board, 4]]
    grew = True
    while grew:
        grew = False
        g = GROW * max(w, h)
        for i in list(left):
            bx, by, bw, bh = (float(v) for v in stats[i, :4])
            if bx <= x + w + g and bx + bw >= x - g and by <= y + h + g and by + bh >= y - g:
                x0, y0 = min(x, bx), min(y, by)
                w, h = max(x + w, bx + bw) - x0, max(y + h, by + bh) - y0
                x, y = x0, y0
                taken.append(i)
                left.remove(i)
                grew = True
    return taken


def tab_areas(shape: tuple[int, int], tabs: list[Tab], column: float = ALONE_WIDTHS) -> list[np.ndarray]:
    """The part of the page under each tab (4 corners, picture px): from just below the tab to
    just above the next row's tabs (or one row's pitch down: :data:`ALONE_DEPTH` of its width
    when there is one row), across to half-way to the tabs beside it (none: ``column`` tab widths
    on a page of one column, :data:`ALONE_WIDTHS` for a lone tab)."""
    right, down = page_axes(tabs)
    at = np.array([[t.centre @ right, t.centre @ down] for t in tabs])
    rows = rows_of(tabs)
    h, w = shape
    box = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    u_ends = (float((box @ right).min()), float((box @ right).max()))
    v_end = float((box @ down).max())
    spacing = column_spacing(at[:, 0], rows)
    row_v = [float(np.mean([at[j, 1] for j in range(len(tabs)) if rows[j] == r])) for r in range(max(rows) + 1)]
    pitch = float(np.median(np.diff(row_v))) if len(row_v) > 1 else None
    out = []
    for i, tab in enumerate(tabs):
        u, v = at[i]
        mates = sorted(at[j, 0] for j in range(len(tabs)) if rows[j] == rows[i] and j != i)
        left = max([m for m in mates if m < u], default=None)
        rgt = min([m for m in mates if m > u], default=None)
        half = spacing / 2 if spacing else (column if pitch else ALONE_WIDTHS) * tab.width / 2
        u0 = (u + left) / 2 if left is not None else max(u_ends[0], u - half)
        u1 = (u + rgt) / 2 if rgt is not None else min(u_ends[1], u + half)
        below = [at[j, 1] - tabs[j].height / 2 for j in range(len(tabs)) if rows[j] > rows[i]]
        v0 = v + tab.height / 2 + GAP * tab.height
        depth = pitch - tab.height * (1 + 2 * GAP) if pitch else ALONE_DEPTH * (u1 - u0)
        v1 = min(below) - GAP * tab.height if below else min(v_end, v0 + depth)
        out.append(np.array([[u0, v0], [u1, v0], [u1, v1], [u0, v1]]) @ np.stack([right, down]))
    return out


def column_spacing(u: np.ndarray, rows: list[int]) -> float | None:
    """The least distance across between two tabs of one row (None when no row has two)."""
    gaps = [abs(u[i] - u[j]) for i in range(len(u)) for j in range(i + 1, len(u)) if rows[i] == rows[j]]
    return min(gaps) if gaps else None


def _cut(image: np.ndarray, corners: np.ndarray, right: np.ndarray, down: np.ndarray, side: int) -> np.ndarray:
    """The region within ``corners``, turned upright (``right`` across, ``down`` down) and scaled
    down to at most ``side`` px long, the picture's rim repeated where it runs off the picture."""
    width = float(np.linalg.norm(corners[1] - corners[0]))
    height = float(np.linalg.norm(corners[3] - corners[0]))
    f = min(1.0, side / max(width, height, 1.0))
    size = (max(1, int(round(width * f))), max(1, int(round(height * f))))
    upright = abs(right[1]) < 1e-9 and abs(down[0]) < 1e-9
    x0, y0 = int(round(corners[0][0])), int(round(corners[0][1]))
    x1, y1 = x0 + int(round(width)), y0 + int(round(height))
    if upright and x0 >= 0 and y0 >= 0 and x1 <= image.shape[1] and y1 <= image.shape[0]:
        crop = image[y0:y1, x0:x1]  # a plain crop (a page as drawn)
        return cv2.resize(crop, size, interpolation=cv2.INTER_AREA) if f < 1.0 else np.ascontiguousarray(crop)
    # picture point = corner + (x right + y down) / f
    m = np.array([[right[0] / f, down[0] / f, corners[0][0]], [right[1] / f, down[1] / f, corners[0][1]]])
    if f < 1.0:  # smooth first, as INTER_AREA would
        image = cv2.GaussianBlur(image, (0, 0), 0.5 / f)
    return cv2.warpAffine(image, m, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def _in_extent(labels: np.ndarray, part: int, stat: np.ndarray, point: np.ndarray, axes: np.ndarray) -> bool:
    """Whether a point (px of ``labels``) lies within a part's extent along the page's axes
    (``axes``: across and down, rows): the box of its pixels turned as the page is."""
    x, y, w, h = (int(v) for v in stat[:4])
    ys, xs = np.nonzero(labels[y:y + h, x:x + w] == part)
    uv = (np.stack([xs + x, ys + y], axis=1) + 0.5) @ axes.T
    pu, pv = np.asarray(point, np.float64) @ axes.T
    return bool(uv[:, 0].min() <= pu <= uv[:, 0].max() and uv[:, 1].min() <= pv <= uv[:, 1].max())


def _in_box(stat: np.ndarray, point: np.ndarray) -> bool:
    """Whether a point lies in a part's box."""
    x, y, w, h = stat[:4]
    return bool(x <= point[0] <= x + w and y <= point[1] <= y + h)
