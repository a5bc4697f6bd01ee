"""A page of several boards, each under its number tab, split into one picture a board.

:func:`board_regions` cuts a picture of a page into one upright region a
tab (:mod:`visolve.vision.tabs`): the board under a tab is taken to stand
below it, between it and the next row of tabs, and across half-way to the
tabs beside it (the page's rows and columns are the tabs', turned as the
tabs are; :mod:`visolve.vision.page_regions`).  :func:`read_page` reads each region with a family's own reader
of one board and gives the boards numbered from their tabs; a board that does not read in a region
cut around its ink is read once more in its tab's whole area (glare may have paled part of it).

A tab whose number is in doubt, a board of ink as large as the others with
no tab above it (:data:`UNCLAIMED`; or in pieces, glare across it:
:func:`split_board`), or a board that does not read is named in a
:class:`~visolve.errors.ReadError`; the boards read under their own tabs
are given with it (:class:`~visolve.errors.PartialRead`), never a board
under a guessed number: that would be a misread.  A page of one tab read and
a board lost gives the tab's board only when its ink stands right under the
tab, away from the lost board (:func:`_board_under_tab`).  Two tabs of one number
refuse the page.  :func:`named_levels` names a page's levels after their tabs.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, TypeVar

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, PartialRead, ReadError
from visolve.vision.leftover import board_like, split_boards, touches_rim
from visolve.vision.page_regions import (ALONE_DEPTH, ALONE_WIDTHS, REGION_SIDE, Region, area_image, joined_image,
                                         board_regions, column_spacing, tab_areas)
from visolve.vision.tabs import PageLook, Tab, look_at_page, page_axes, rows_of

T = TypeVar("T")

#: a board whose tab is lost is looked for down to LONE_ROW_REACH of ALONE_WIDTHS tab widths below
#: a lone tab and as far either side (a page of two boards, one a row or side by side, whose second
#: tab is not seen)
LONE_ROW_REACH = 2.0
#: on a page of one column of tabs (several rows), a board is on the page's grid within ONE_COLUMN
#: tab widths across of the column (its middle under its tab's)
ONE_COLUMN = 1.0
#: a lone tab's board is read beside a board whose tab is lost only when the board stands right
#: under the tab: its middle within UNDER_ACROSS tab widths across of the tab's, its top (its
#: region's, grown) within UNDER_DOWN tab heights below the tab
UNDER_ACROSS, UNDER_DOWN = 0.5, 1.5
#: a picture with at least PAGE_TABS number tabs is a page (:func:`page_of`)
PAGE_TABS = 2
#: a part of ink at least UNCLAIMED of the smallest region's area, with less than half of it in
#: any region, is a board without a (readable) tab
UNCLAIMED = 0.2


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
        others dropped unsaid; a :class:`~visolve.errors.PartialRead` of the tab's board when a
        lost board is seen beside it), or a board cannot be read or numbered (the message names
        it; a :class:`~visolve.errors.PartialRead` holding the boards read when some are).
    """
    look = look_at_page(image)
    if not look.tabs:
        raise type(refusal)(f"{refusal}; no number tab above the boards says which challenge each is")
    if len(look.tabs) < PAGE_TABS:  # the family saw several boards: one read under the one tab, the rest lost
        regions = board_regions(image, look, side)
        lost = lost_board(image, look, regions)  # naming where one is, when seen
        if lost:
            _read_beside_lost(regions, lost, read_board)
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
    two whose second tab glare hid: its board read alone would be named after the picture), and so
    does a second tab over a board's ink whose number does not read (the page is read in part).

    Raises
    ------
    ReadError
        A page whose boards cannot all be read or numbered (the message names the board; a
        :class:`~visolve.errors.PartialRead` holding the boards read when some are).
    """
    look = look_at_page(image)
    seen = sum(t.number is not None or not numbered for t in look.tabs)
    if seen < PAGE_TABS:
        regions = board_regions(image, look, side) if numbered and (seen or len(look.tabs) >= PAGE_TABS) else []
        if numbered and len(look.tabs) >= PAGE_TABS:  # tabs with digits that do not read, over boards?
            _refuse_unread_page(look, regions)
            if _tabs_over_boards(regions) >= PAGE_TABS:  # one read, one not: a page, its board read in part
                return _read_regions(image, look, read_board, side)
        lost = lost_board(image, look, regions) if seen and regions else None
        if lost:  # one numbered tab over the board read: a page whose other tabs are lost
            _read_beside_lost([r for r in regions if r.tab.number is not None], lost, read_board)
        return None
    return _read_regions(image, look, read_board, side)


def _read_beside_lost(regions: list[Region], lost: LostBoard, read_board: Callable[[np.ndarray], T]) -> None:
    """Raise for a page of one numbered tab and a board with none (``lost``): a
    :class:`~visolve.errors.PartialRead` holding the tab's board when its region is cut around
    a board's own ink, away from the lost board, and reads; else a ReadError naming the lost board."""
    region = regions[0] if len(regions) == 1 else None
    if region is None or region.tab.number is None or not _board_under_tab(region) or \
            cv2.pointPolygonTest(np.float32(region.corners).reshape(-1, 1, 2), lost.middle, False) >= 0:
        raise ReadError(lost.why)
    try:
        reading = read_board(region.image)
    except (NotThisPuzzle, ReadError) as exc:
        raise ReadError(f"{lost.why}; board 1 of 2 (tab {region.tab.number}): {exc}") from None
    raise PartialRead(lost.why, [(region.tab.number, reading)])


def _board_under_tab(region: Region) -> bool:
    """Whether ``region`` was cut around a board's own ink standing right under its tab: its middle
    across within :data:`UNDER_ACROSS` of the tab's width of the tab's, its top within
    :data:`UNDER_DOWN` of the tab's height below the tab (a region of a lone tab's whole area, or
    around ink further down, may hold another board)."""
    if not region.board[2]:
        return False
    right, down = page_axes([region.tab])
    tab = region.tab
    across = float(np.mean(region.corners @ right) - tab.centre @ right)
    below = float(np.min(region.corners @ down) - (tab.centre @ down + tab.height / 2))
    return abs(across) <= UNDER_ACROSS * tab.width and below <= UNDER_DOWN * tab.height


def _refuse_unread_page(look: PageLook, regions: list[Region]) -> None:
    """Raise ReadError when :data:`PAGE_TABS` tabs or more, their numbers unread, each stand over a
    board's ink: a page whose tabs cannot be read (its board read alone would be named after the
    picture, the others lost)."""
    over = [r for r in regions if r.board[2] and r.tab.number is None]
    if len(over) >= PAGE_TABS:
        raise ReadError(f"a page of {len(look.tabs)} boards under number tabs that cannot be read "
                        f"({over[0].tab.reason})")


def _tabs_over_boards(regions: list[Region]) -> int:
    """How many of ``regions`` hold a board's ink under their tab (a tab whose number did not
    read over a board is a page's tab all the same: the board read alone beside it would be
    named after the picture, its neighbour lost unsaid)."""
    return sum(1 for r in regions if r.board[2])


def _read_regions(image: np.ndarray, look: PageLook, read_board: Callable[[np.ndarray], T],
                  side: int) -> list[tuple[int, T]]:
    """Each tab's board of ``look`` read (see :func:`read_page`); when a tab's number or a board
    is in doubt, or a board is lost, the boards read under their own tabs are a
    :class:`~visolve.errors.PartialRead` (its ``levels``: (number, reading) pairs)."""
    regions = board_regions(image, look, side)
    n = len(regions)
    numbers = [r.tab.number for r in regions]
    for k, number in enumerate(numbers):
        if number is not None and numbers.index(number) != k:
            raise ReadError(f"boards {numbers.index(number) + 1} and {k + 1} of {n} both show tab {number}")
    refused = [f"board {k + 1} of {n}: its tab's number cannot be read ({r.tab.reason})"
               for k, r in enumerate(regions) if r.tab.number is None]
    lost = lost_board(image, look, regions)
    refused += [lost.why] if lost else []
    out = []
    for k, region in enumerate(regions):
        if region.tab.number is None:
            continue
        try:
            out.append((region.tab.number, _read_region(image, region, read_board, side)))
        except (NotThisPuzzle, ReadError) as exc:
            refused.append(f"board {k + 1} of {n} (tab {region.tab.number}): {exc}")
    if refused and out:
        raise PartialRead("; ".join(refused), out)
    if refused:
        raise ReadError(refused[0])
    return out


def _read_region(image: np.ndarray, region: Region, read_board: Callable[[np.ndarray], T], side: int) -> T:
    """The board of ``region`` read; when it does not read in a region cut around its ink, read
    once more in its tab's whole area (:func:`visolve.vision.page_regions.area_image`: glare paled
    part of the board, and its ink's box left that part out), then in the box holding both
    (:func:`visolve.vision.page_regions.joined_image`: the tab's area may end above the board's
    last row).  If those fail too, the first refusal stands."""
    try:
        return read_board(region.image)
    except (NotThisPuzzle, ReadError) as first:
        if region.area is None:
            raise
        for cut in (area_image, joined_image):
            try:
                return read_board(cut(image, region, side))
            except (NotThisPuzzle, ReadError):
                pass
        raise first from None


def named_levels(read: Callable[[], list[tuple[int, T]] | None], name: Callable[[int], object] = int) -> list | None:
    """The levels of a page that ``read()`` reads (:func:`read_page`, :func:`page_of`: (tab
    number, level) pairs; None stays None), each named ``name(number)``
    (``dataclasses.replace(level, level=...)``); a page read in part likewise: its
    :class:`~visolve.errors.PartialRead` then holds the levels named."""
    try:
        pairs = read()
    except PartialRead as part:
        raise PartialRead(str(part), [replace(level, level=name(n)) for n, level in part.levels]) from None
    return None if pairs is None else [replace(level, level=name(n)) for n, level in pairs]


@dataclass(frozen=True)
class LostBoard:
    """A board seen on a page with no number tab above it: its ``middle`` (picture px) and ``why``."""

    middle: tuple[float, float]
    why: str


def lost_board(image: np.ndarray, look: PageLook, regions: list[Region]) -> LostBoard | None:
    """A part of ink like the boards of ``regions`` that is a board whose tab is lost, or None when
    none is (:func:`unclaimed`, on the page's ink and then on its paler mask: a board paled by
    glare, its tab with it, is ink only there; or pieces of ink outside every region together:
    :func:`split_board`, glare across a board cut it)."""
    areas = tab_areas(image.shape[:2], look.tabs)
    boards = [r.board for r in regions if r.board[2]]
    looks = [look] + ([replace(look, ink=look.pale)] if look.pale is not None else [])
    for seen in looks:
        lost = unclaimed(seen, areas, boards)
        if lost is not None:
            return LostBoard(lost, f"a board at ({lost[0]:.0f}, {lost[1]:.0f}) px has no number tab above it "
                                   f"({len(regions)} tabs read)")
    for seen in looks if boards else ():
        lost = split_board(seen, regions, boards)
        if lost is not None:
            return LostBoard(lost, f"a board at ({lost[0]:.0f}, {lost[1]:.0f}) px, its ink in pieces (glare?), "
                                   f"has no number tab above it ({len(regions)} tabs read)")
    return None


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
    spacing = column_spacing(u, rows)
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
