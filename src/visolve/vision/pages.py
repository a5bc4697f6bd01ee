"""A page of several boards, each under its number tab, split into one picture a board.

:func:`board_regions` cuts a picture of a page into one upright region a
tab (:mod:`visolve.vision.tabs`): the board under a tab is taken to stand
below it, between it and the next row of tabs, and across half-way to the
tabs beside it (the page's rows and columns are the tabs', turned as the
tabs are).  :func:`read_page` reads each region with a family's own reader
of one board and gives the boards numbered from their tabs.

A page is read only when every board on it is: a tab whose number is in
doubt, two tabs of one number, a board of ink as large as the others with
no tab above it (:data:`UNCLAIMED`; or in pieces, glare across it: :func:`split_board`), or a
board that does not read is a
:class:`~visolve.errors.ReadError` naming the board -- a challenge read
under a guessed number would be a misread.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, TypeVar

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.vision.leftover import board_like, cut_short, split_boards, touches_rim
from visolve.vision.tabs import PageLook, Tab, look_at_page, page_axes, rows_of

T = TypeVar("T")

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
#: a board whose tab is lost is looked for down to LONE_ROW_REACH of ALONE_WIDTHS tab widths below
#: a lone tab and as far either side (a page of two boards, one a row or side by side, whose second
#: tab is not seen)
LONE_ROW_REACH = 2.0
#: on a page of one column of tabs (several rows), a board is on the page's grid within ONE_COLUMN
#: tab widths across of the column (its middle under its tab's)
ONE_COLUMN = 1.0
#: a part of ink covering BOARD_SHARE - BOARD_MOST of a tab's area, its middle there and not
#: reaching the picture's rim (a desk), is its board; the board's region is its box grown by
#: GROW of its size on every side
BOARD_SHARE, BOARD_MOST, GROW = 0.15, 1.5, 0.08
#: a part of ink at least PART_SHARE of a board's largest part, beside it under the same tab, is
#: part of that board (light lines across a board cut its ink in parts)
PART_SHARE = 0.02
#: a picture with at least PAGE_TABS number tabs is a page (:func:`page_of`)
PAGE_TABS = 2
#: a region is cut at most REGION_SIDE px long (a board printed at 300 dpi reads as well smaller, and faster)
REGION_SIDE = 700
#: a part of ink at least UNCLAIMED of the smallest region's area, with less than half of it in
#: any region, is a board without a (readable) tab
UNCLAIMED = 0.2


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
    """

    tab: Tab
    corners: np.ndarray
    image: np.ndarray
    board: tuple[int, int, int] = (0, 0, 0)


def read_page(image: np.ndarray, read_board: Callable[[np.ndarray], T],
              refusal: ReadError, side: int = REGION_SIDE) -> list[tuple[int, T]]:
    """Each board of a page read by ``read_board`` (one board's picture -> its reading), with the
    number on its tab, top to bottom and left to right.

    Parameters
    ----------
    image : numpy.ndarray
        The page (BGR).
    read_board : callable
        Reads the picture of one board; raises NotThisPuzzle / ReadError when it cannot.
    refusal : ReadError
        What the family said of the page (several boards): raised, with the reason the tabs
        give, when the page shows no number tab.
    side : int
        The longest side (px) a board's region is given to ``read_board`` at.

    Raises
    ------
    ReadError
        No tab on the page, one only (the family saw several boards: one would be given, the
        others dropped unsaid), or a board cannot be read or numbered (the message names it).
    """
    look = look_at_page(image)
    if not look.tabs:
        raise type(refusal)(f"{refusal}; no number tab above the boards says which challenge each is")
    if len(look.tabs) < PAGE_TABS:  # the family saw several boards: one read under the one tab, the rest lost
        _refuse_lost_board(image, look, board_regions(image, look, side))  # naming where one is, when seen
        raise ReadError(f"{refusal}; 1 number tab found: the tab of a board is lost (glare?)")
    return _read_regions(image, look, read_board, side)


def page_of(image: np.ndarray, read_board: Callable[[np.ndarray], T], side: int = REGION_SIDE,
            numbered: bool = False) -> list[tuple[int, T]] | None:
    """The boards of a page as :func:`read_page` reads them, or None when the picture shows fewer
    than :data:`PAGE_TABS` number tabs (no page: the caller's own refusal or reading stands).
    For a picture a family could not read as one board, or read as a board small in it (a photo
    of a page, where the family did not see the other boards); ``numbered``: only tabs whose
    numbers read count (a board read alone is not refused for two tab-like blocks beside it);
    with one, a board like the one under it with no tab of its own refuses the picture (a page of
    two whose second tab glare hid: its board read alone would be named after the picture).

    Raises
    ------
    ReadError
        A page whose boards cannot all be read or numbered (the message names the board).
    """
    look = look_at_page(image)
    seen = sum(t.number is not None or not numbered for t in look.tabs)
    if seen < PAGE_TABS:
        if numbered and len(look.tabs) >= PAGE_TABS:  # tabs with digits that do not read, over boards?
            _refuse_unread_page(look, board_regions(image, look, side))
        if numbered and seen:  # one numbered tab over the board read: a page whose other tabs are lost?
            _refuse_lost_board(image, look, board_regions(image, look, side))
        return None
    return _read_regions(image, look, read_board, side)


def _refuse_unread_page(look: PageLook, regions: list[Region]) -> None:
    """Raise ReadError when :data:`PAGE_TABS` tabs or more, their numbers unread, each stand over a
    board's ink: a page whose tabs cannot be read (its board read alone would be named after the
    picture, the others lost)."""
    over = [r for r in regions if r.board[2] and r.tab.number is None]
    if len(over) >= PAGE_TABS:
        raise ReadError(f"a page of {len(look.tabs)} boards under number tabs that cannot be read "
                        f"({over[0].tab.reason})")


def _read_regions(image: np.ndarray, look: PageLook, read_board: Callable[[np.ndarray], T],
                  side: int) -> list[tuple[int, T]]:
    """Each tab's board of ``look`` read (see :func:`read_page`)."""
    regions = board_regions(image, look, side)
    n = len(regions)
    numbers = [r.tab.number for r in regions]
    for k, region in enumerate(regions):
        if region.tab.number is None:
            raise ReadError(f"board {k + 1} of {n}: its tab's number cannot be read ({region.tab.reason})")
        first = numbers.index(region.tab.number)
        if first != k:
            raise ReadError(f"boards {first + 1} and {k + 1} of {n} both show tab {region.tab.number}")
    _refuse_lost_board(image, look, regions)
    out = []
    for k, region in enumerate(regions):
        try:
            out.append((region.tab.number, read_board(region.image)))
        except (NotThisPuzzle, ReadError) as exc:
            raise ReadError(f"board {k + 1} of {n} (tab {region.tab.number}): {exc}") from exc
    return out


def _refuse_lost_board(image: np.ndarray, look: PageLook, regions: list[Region]) -> None:
    """Raise ReadError when a part of ink like the boards of ``regions`` has no tab of its own
    (:func:`unclaimed`, on the page's ink and then on its paler mask: a board paled by glare, its
    tab with it, is ink only there), or pieces of ink outside every region together do
    (:func:`split_board`: glare across a board cut it)."""
    areas = tab_areas(image.shape[:2], look.tabs)
    boards = [r.board for r in regions if r.board[2]]
    looks = [look] + ([replace(look, ink=look.pale)] if look.pale is not None else [])
    for seen in looks:
        lost = unclaimed(seen, areas, boards)
        if lost is not None:
            raise ReadError(f"a board at ({lost[0]:.0f}, {lost[1]:.0f}) px has no number tab above it "
                            f"({len(regions)} tabs read)")
    for seen in looks if boards else ():
        lost = split_board(seen, regions, boards)
        if lost is not None:
            raise ReadError(f"a board at ({lost[0]:.0f}, {lost[1]:.0f}) px, its ink in pieces (glare?), has no "
                            f"number tab above it ({len(regions)} tabs read)")


def split_board(look: PageLook, regions: list[Region], boards: list[tuple[int, int, int]]) -> tuple[float, float] | None:
    """The middle (picture px) of pieces of ink outside every region of ``regions``, off the
    picture's rim, that together look like the ``boards`` read and lie on the page's grid
    (:func:`visolve.vision.leftover.split_boards`: a board split by glare, its tab lost), or None."""
    f = look.scale
    n, labels, stats, centres = cv2.connectedComponentsWithStats(look.ink.astype(np.uint8), connectivity=8)
    outlines = [np.float32(r.corners * f).reshape(-1, 1, 2) for r in regions]
    free = [i for i in range(1, n) if not touches_rim(stats[i], labels.shape)
            and all(cv2.pointPolygonTest(o, tuple(float(c) for c in centres[i]), False) < 0 for o in outlines)]
    for x, y, w, h, _a in split_boards(stats, boards, free):
        middle = np.array([x + w / 2, y + h / 2]) / f
        if on_the_grid(look.tabs, middle):
            return float(middle[0]), float(middle[1])
    return None


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
        out.append(Region(tab, corners, _cut(image, corners, right, down, side), seen))
    short = cut_short([r.board for r in out])  # glare paled part of its board: the tab's whole area
    return [Region(r.tab, tab_area, _cut(image, tab_area, right, down, side)) if cut else r
            for r, tab_area, cut in zip(out, wide, short)]


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
    spacing = _column_spacing(at[:, 0], rows)
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


def _column_spacing(u: np.ndarray, rows: list[int]) -> float | None:
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


def unclaimed(look: PageLook, areas: list[np.ndarray],
              boards: list[tuple[int, int, int]]) -> tuple[float, float] | None:
    """The middle (picture px) of a part of ink that looks like a board, with less than half of it
    in any tab's area (a board whose tab was not found), or None.

    Like a board: as large as the boards found under the tabs (``boards``: their boxes and areas
    on the look; :func:`visolve.vision.leftover.board_like`) or, when none was, :data:`UNCLAIMED` of the smallest tab area.
    When boards were found, a second part like them mostly in one tab's area is one too."""
    f = look.scale
    n, labels, stats, centres = cv2.connectedComponentsWithStats(look.ink.astype(np.uint8), connectivity=8)
    if boards:
        like = board_like(boards)
    else:
        least = UNCLAIMED * min(cv2.contourArea(np.float32(a * f)) for a in areas)
        like = lambda st: st[4] >= least  # noqa: E731
    masks = []
    for area in areas:
        mask = np.zeros(labels.shape, np.uint8)
        cv2.fillConvexPoly(mask, np.round(area * f).astype(np.int32), 1)
        masks.append(mask > 0)
    held = set()
    for i in range(1, n):
        if not like(stats[i]) or touches_rim(stats[i], labels.shape) or not on_the_grid(look.tabs, centres[i] / f):
            continue
        part = labels == i
        inside = [int(np.count_nonzero(part & m)) for m in masks]
        most = int(np.argmax(inside))
        # less than half of it under any tab; or a second board under one tab (a page of one
        # column whose middle tab is not seen: the tab above takes the area down to the next)
        if inside[most] < stats[i, 4] / 2 or (boards and most in held):
            return float(centres[i][0] / f), float(centres[i][1] / f)
        held.add(most)
    return None


def on_the_grid(tabs: list[Tab], point: np.ndarray) -> bool:
    """Whether a picture point lies among the page's rows and columns of tabs, or at most one
    row or column beyond them (where a board whose tab was not found may be; not a blot on the
    desk around the page; on a page of one column, within :data:`ONE_COLUMN` tab widths of it;
    around a lone tab, :data:`LONE_ROW_REACH` of a column's width across and down; below a page's
    one row of several tabs, its boards' depth, :data:`ALONE_DEPTH` of the columns' spacing: a page
    of boards side by side has no second row, and a board-sized blot on the desk below the page is
    none of its boards)."""
    right, down = page_axes(tabs)
    u = np.array([t.centre @ right for t in tabs])
    v = np.array([t.centre @ down for t in tabs])
    rows = rows_of(tabs)
    row_v = sorted({r: float(np.mean(v[[j for j in range(len(tabs)) if rows[j] == r]])) for r in set(rows)}.values())
    spacing = _column_spacing(u, rows)
    width = spacing or ALONE_WIDTHS * float(np.median([t.width for t in tabs]))
    if len(row_v) > 1:
        depth = float(np.median(np.diff(row_v)))
    else:  # one row: a lone tab's board may have a second row under it; a row's, beside its tabs
        depth = (ALONE_DEPTH if spacing else LONE_ROW_REACH) * width
    if spacing:
        across = width
    elif len(row_v) < 2:  # a lone tab: its page's other boards may stand beside it as far as below it
        across = LONE_ROW_REACH * width
    else:  # a page of one column: a board whose tab is lost stands under the others, in their column
        across = ONE_COLUMN * float(np.median([t.width for t in tabs]))
    pu, pv = float(point @ right), float(point @ down)
    return u.min() - across <= pu <= u.max() + across and v.min() - depth <= pv <= v.max() + depth


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
