"""What IQ XOXO boards are made of, as the finder sees them (:mod:`.finder`).

On a copy with squares ``pitch`` px apart: ink darker than the page around it
(:func:`~visolve.puzzles.iq_xoxo.page.first_look.ink_mask`), its blobs of a grey
square's shape and size, the coloured pieces with their marks closed over, and the
colour blobs shaped like a board's number tab (:func:`board_parts`).  Squares run
together (gaps blurred or washed out) can be cut apart at fainter light lines
(:func:`with_runs_split`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import (REACH, SQUARE_ASPECT, SQUARE_FILL, SQUARE_SHARE, ink_mask,
                                                    labelled, small_parts)
from visolve.puzzles.iq_xoxo.page.missed import MIN_PIECE, elliptic, not_badges
from visolve.puzzles.iq_xoxo.page.outline import SPECK_SHARE, kernel

#: grey squares: side within this share of SQUARE_SHARE pitches (a photo's perspective
#: makes near squares much larger than far ones); pieces: coloured blobs of at least
#: MIN_PIECE pitches squared (:mod:`.missed`)
SQUARE_SPREAD = 0.5
#: holes in ink up to this many pitches squared (a dot) are filled
HOLE = 0.12
#: number tabs: bounding box of TAB_BOX pitches squared, TAB_ASPECT times as wide as
#: high (turned up to 15 degrees); one lost (see :mod:`.missed`) counts as LOST_TAB stray squares
TAB_BOX, TAB_ASPECT, LOST_TAB = (1.2, 4.5), (1.5, 4.0), 10
#: a piece's marks (lighter, less coloured) are closed over by a disc this share of the pitch
MARK_SHARE = 0.35


def _holes(mask: np.ndarray, most: float) -> np.ndarray:
    """The parts of ``mask``'s background (4-connected) of at most ``most`` px (0/255)."""
    return small_parts(cv2.bitwise_not(mask), most)


@dataclass(frozen=True)
class Parts:
    """What boards are made of (see :func:`board_parts`)."""

    labels: np.ndarray  #: the ink's connected parts (labels)
    square: np.ndarray  #: which labels are grey squares (255) or not (0)
    centres: np.ndarray  #: the grey squares' centres (px)
    sides: np.ndarray  #: their sides (px, square root of the area)
    pieces: np.ndarray  #: colour with the marks closed over (0/255)
    blobs: np.ndarray  #: its blobs of at least MIN_PIECE squares (0/255)
    cover: np.ndarray  #: grey ink of any shape, or colour (0/255): what a board's squares show
    grey_ink: np.ndarray  #: the brightest channel's ink alone (:func:`ink_mask`), as found
    grouped: np.ndarray | None = None  #: which squares are linked into a lattice (bool)
    tabs: np.ndarray | None = None  #: centres of the coloured blobs shaped like a number tab
    ink: tuple | None = None  #: the ink mask, its blobs' stats and centres (background first), for a split

    @property
    def mask(self) -> np.ndarray:
        """Grey squares and pieces (0/255): made only when boards are outlined further."""
        return cv2.bitwise_or(self.square[self.labels], self.blobs)


def board_parts(grey: np.ndarray, coloured: np.ndarray, pitch: float, dull: np.ndarray | None = None,
                split: bool = False, aspect: float = SQUARE_ASPECT) -> Parts:
    """What boards are made of: grey squares of the pitch's size and coloured pieces
    (grey ink of the brightest channel ``grey`` or of the channels' mean ``dull``); ``split``:
    squares run together cut apart too (:func:`with_runs_split`); ``aspect``: the longest a
    square's blob may be against its width (:data:`~.first_look.STEEP_ASPECT` for a steep view).

    Shading, text and noise darker than the page are left out: only ink
    blobs square and of the squares' size, and coloured blobs of at least
    :data:`MIN_PIECE` squares' area, count.
    """
    grey_ink = ink = ink_mask(grey, coloured, REACH * pitch)
    if dull is not None:
        ink = cv2.bitwise_or(ink, ink_mask(dull, coloured, REACH * pitch))
    ink = cv2.bitwise_or(ink, _holes(ink, HOLE * pitch**2))  # a square's dot is part of the square
    ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel(SPECK_SHARE * pitch))
    col = cv2.morphologyEx(coloured.astype(np.uint8) * 255, cv2.MORPH_CLOSE,
                           kernel(MARK_SHARE * pitch, cv2.MORPH_ELLIPSE))
    col = cv2.morphologyEx(col, cv2.MORPH_OPEN, kernel(SPECK_SHARE * pitch))
    n, labels, stats, blob_centres = labelled(col)
    keep = np.zeros(n, np.uint8)
    keep[1:] = 255 * (stats[1:, 4] >= MIN_PIECE * pitch**2)
    pieces = keep[labels]
    n, ink_labels, ink_stats, centres = labelled(ink)
    ok = _square_like(ink_stats[1:], pitch, aspect)
    is_square = np.zeros(n, np.uint8)
    is_square[1:] = 255 * ok
    parts = Parts(ink_labels, is_square, centres[1:][ok], np.sqrt(ink_stats[1:, 4][ok].astype(np.float64)), col,
                  pieces, cv2.bitwise_or(ink, col), grey_ink, tabs=blob_centres[1:][_tabs(labels, stats, pitch)],
                  ink=(ink, ink_stats, centres))
    return with_runs_split(parts, grey, pitch, dull) if split else parts


def _square_like(st: np.ndarray, pitch: float, aspect: float = SQUARE_ASPECT) -> np.ndarray:
    """Which blobs (stats rows x, y, w, h, area) are grey squares of the pitch's size (:data:`SQUARE_SPREAD`),
    at most ``aspect`` times as long as wide."""
    w, h, area = st[:, 2], st[:, 3], st[:, 4]
    size = np.sqrt(area.astype(np.float64)) / (SQUARE_SHARE * pitch)
    shaped = (area >= SQUARE_FILL * w * h) & (np.maximum(w, h) <= aspect * np.minimum(w, h))
    return shaped & (np.abs(size - 1) <= SQUARE_SPREAD)


def with_runs_split(parts: Parts, grey: np.ndarray, pitch: float, dull: np.ndarray | None = None) -> Parts:
    """``parts`` (:func:`board_parts` of the same planes) with the squares run together cut
    apart (:func:`_split_runs`) added; its ink is not looked at again (the split pass of a
    refused spread cost as much as the first)."""
    ink, ink_stats, centres = parts.ink
    split = _split_runs(ink, parts.labels, ink_stats, (grey,) if dull is None else (grey, dull), pitch)
    if split is None:
        return parts
    n = len(ink_stats)
    n2, labels2, stats2, centres2 = split  # their parts of a square's shape added
    ink_labels = np.where(labels2 > 0, labels2 + (n - 1), parts.labels).astype(np.int32)
    ok = np.concatenate([_square_like(ink_stats[1:], pitch), _square_like(stats2[1:], pitch)])
    centres = np.concatenate([centres, centres2[1:]])
    ink_stats = np.concatenate([ink_stats, stats2[1:]])
    is_square = np.zeros(n + n2 - 1, np.uint8)
    is_square[1:] = 255 * ok
    return replace(parts, labels=ink_labels, square=is_square, centres=centres[1:][ok],
                   sides=np.sqrt(ink_stats[1:, 4][ok].astype(np.float64)), grouped=None,
                   ink=(ink, ink_stats, centres))


#: ink blobs of at least RUN_AREA squares' area (grey squares run together: gaps blurred or
#: washed out) are cut again where a thin light line is lighter by more than RUN_STEP (the
#: ink's own test, :func:`first_look.ink_mask`, needs more than 4)
RUN_AREA, RUN_STEP = 2.5, 1


def _split_runs(ink: np.ndarray, labels: np.ndarray, stats: np.ndarray, lights: tuple, pitch: float):
    """The large ink blobs (:data:`RUN_AREA`) cut at fainter light lines, labelled
    (:func:`labelled`), or None when there is no large blob."""
    big = np.zeros(len(stats), np.uint8)
    big[1:] = 255 * (stats[1:, 4] >= RUN_AREA * (SQUARE_SHARE * pitch) ** 2)
    if not big.any():
        return None
    runs = big[labels]
    ridge = _RUN_RIDGE
    for light in lights:
        lines = cv2.compare(cv2.morphologyEx(light, cv2.MORPH_TOPHAT, ridge), RUN_STEP, cv2.CMP_GT)
        runs = cv2.bitwise_and(runs, cv2.bitwise_not(lines))
    runs = cv2.bitwise_or(runs, _round_holes(runs, HOLE * pitch**2))  # a square's dot, cut out too
    runs = cv2.morphologyEx(runs, cv2.MORPH_OPEN, kernel(SPECK_SHARE * pitch))
    return labelled(runs)


_RUN_RIDGE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


def _round_holes(mask: np.ndarray, most: float) -> np.ndarray:
    """The holes of ``mask`` of at most ``most`` px whose box is at most twice as long as wide
    (a square's dot; not a piece of a gap cut between two squares) (0/255)."""
    n, labels, stats, _c = labelled(cv2.bitwise_not(mask))
    w, h = stats[:, 2], stats[:, 3]
    keep = (stats[:, 4] <= most) & (np.maximum(w, h) <= 2 * np.minimum(w, h))
    keep[0] = False  # the mask itself
    return (keep.view(np.uint8) * np.uint8(255))[labels]


def _tab_shaped(stats: np.ndarray, pitch: float) -> np.ndarray:
    """Which blobs (stats rows x, y, w, h, area) are shaped like a number tab (a box about
    2.3 x 0.85 pitches, turned a little, or a quarter round: a page photographed sideways)."""
    w, h = stats[:, 2].astype(np.float64), stats[:, 3].astype(np.float64)
    long, short = np.maximum(w, h), np.minimum(w, h)
    box = w * h / pitch**2
    return (box >= TAB_BOX[0]) & (box <= TAB_BOX[1]) & (long >= TAB_ASPECT[0] * short) & (long <= TAB_ASPECT[1] * short)


def _tabs(labels: np.ndarray, stats: np.ndarray, pitch: float) -> np.ndarray:
    """Which blobs (``labels``, OpenCV's ``stats`` background first) are tab-shaped
    (:func:`_tab_shaped`) and no badge (:func:`~visolve.puzzles.iq_xoxo.page.missed.not_badges`)."""
    return not_badges(labels, stats, _tab_shaped(stats[1:], pitch))


def loose_tabs(tabs: np.ndarray, coloured: np.ndarray, pitch: float) -> np.ndarray:
    """``tabs`` (centres, px) and the tab-shaped blobs of the colour not closed over its marks,
    each a pitch or more from those: a tab standing a few px above its board's top row of
    pieces joins them once the marks are closed over (open booklet [0, 1019], tab 16: a board
    all but covered by pieces, its tab part of its pieces' blob)."""
    col = cv2.morphologyEx(coloured.view(np.uint8) * np.uint8(255), cv2.MORPH_OPEN, kernel(SPECK_SHARE * pitch))
    _n, labels, stats, centres = labelled(col)
    return _added(tabs, centres[1:][_tabs(labels, stats, pitch)], pitch)


def _added(tabs: np.ndarray, more: np.ndarray, pitch: float) -> np.ndarray:
    """``tabs`` (centres, px) and those of ``more`` a pitch or more from every one of them."""
    tabs = np.asarray(tabs, np.float64).reshape(-1, 2)
    more = np.asarray(more, np.float64).reshape(-1, 2)
    if len(tabs):
        more = more[[np.linalg.norm(tabs - c, axis=1).min() >= pitch for c in more]].reshape(-1, 2)
    return np.concatenate([tabs, more])


#: a tab turned any way: its outline's least rectangle TAB_BOX pitches squared, TAB_ASPECT times
#: as long as wide (the finder's upright test) and filled to TURNED_FILL
TURNED_FILL = 0.8


def turned_tabs(colour: np.ndarray, pitch: float) -> np.ndarray:
    """Centres (px) of the blobs of ``colour`` (0/255, marks closed over) shaped like a number tab
    turned any way (see :data:`TURNED_FILL`), squares ``pitch`` px apart: a page photographed
    turned 20-45 degrees shows its tabs' upright boxes too square for the finder's test.  No
    ellipse (:func:`~visolve.puzzles.iq_xoxo.page.missed.elliptic`): the page's round badge seen at
    a slant, small, can fill its turned box as a tab does (seed 137 scene 17: 0.808)."""
    outlines, tree = cv2.findContours(colour, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for c, (_next, _prev, _child, parent) in zip(outlines, tree[0] if outlines else []):
        if parent >= 0:  # a hole's outline (the page in a coloured desk)
            continue
        area = cv2.contourArea(c)
        if area < TAB_BOX[0] * TURNED_FILL * pitch**2 or area > TAB_BOX[1] * pitch**2:
            continue
        (cx, cy), (a, b), _angle = cv2.minAreaRect(c)
        long, short = max(a, b), max(min(a, b), 1e-6)
        if TAB_BOX[0] <= long * short / pitch**2 <= TAB_BOX[1] and TAB_ASPECT[0] <= long / short <= TAB_ASPECT[1] \
                and area >= TURNED_FILL * long * short and not elliptic(c):
            found.append((cx, cy))
    return np.array(found, np.float64).reshape(-1, 2)


def with_turned_tabs(tabs: np.ndarray, colour: np.ndarray, pitch: float, pale: np.ndarray | None = None) -> np.ndarray:
    """``tabs`` (centres, px: the finder's, by their upright box) and the tabs of ``colour``
    turned any way (:func:`turned_tabs`) each a pitch or more from those: what a page's lost
    boards are weighed by (:func:`~visolve.puzzles.iq_xoxo.page.missed.lost_boards`).  A page
    photographed turned 40-60 degrees shows only its tabs' turned shapes: seed 127 scene 87, a
    page of six turned about 50 degrees, had four boards and their tabs left out unsaid.  ``pale``:
    the centres of tabs washed out by glare (:func:`~.pale_tabs.pale_tabs`), each kept a pitch or
    more from all those."""
    found = _added(tabs, turned_tabs(colour, pitch), pitch)
    return found if pale is None else _added(found, pale, pitch)
