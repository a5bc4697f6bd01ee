"""The finder's second way: each board outlined as a block, its sides straight lines.

Used when the lattice of squares (:mod:`visolve.puzzles.iq_xoxo.page.lattice`)
leaves something out.  A block (squares and pieces closed across the gaps,
all the ink, or everything darker than the page) is opened so thin strips
joined to it go; straight lines are fitted to the outline points nearest each
side of its rotated rectangle, then again from those lines
(:func:`visolve.vision.geometry.refine_quad`: each side's ends are left out,
and its line is fitted again to the points nearest it, a few rounds, so a tab
above the board or a piece bulging by blur does not pull it), so perspective
is kept; the corners are the lines' crossings.  A quad about twice as wide as
high, of about 50 squares and filled by the block is a board candidate.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.geometry import clockwise_corners, refine_quad, rotated_box

#: ink specks narrower than this share of the pitch are dropped (paper grain, noise)
SPECK_SHARE = 0.15
#: closing kernel, share of the pitch
CLOSE_SHARE = 0.35
#: classic blocks: ink darker than CLASSIC_SHARE of the light, the block
#: opened by a square CLASSIC_CORE pitches across (a tab is at most 1.5 high)
CLASSIC_SHARE, CLASSIC_CORE = 0.95, 1.9
#: the block opened by a square this share of the pitch across loses thin
#: strips joined to it (a shadow's edge, a line of text)
CORE_SHARE = 0.6
#: board quads: aspect (mean long side / mean short side), share filled by the
#: block, area in pitches squared (a board is about 48.6)
ASPECT = (1.45, 2.8)
MIN_FILL = 0.9
AREA_CELLS = (30, 75)
#: side fitting: trimming rounds (a tab or a piece along a side is left out),
#: share of each side's length left out at its ends (chosen on 300 outlines with
#: known corners, rounded corners and tabs: 0.05 beat 0.15 and no cut)
FIT_ROUNDS, FIT_SPAN = 4, 0.05


def kernel(length: float, shape: int = cv2.MORPH_RECT) -> np.ndarray:
    """A structuring element about ``length`` px across: odd, at least 3."""
    k = max(3, int(round(length)) | 1)
    return cv2.getStructuringElement(shape, (k, k))


def ordered_corners(quad: np.ndarray) -> np.ndarray:
    """Corners tl, tr, br, bl with the long side across (top-left: smallest x + y of the pair).

    Parameters
    ----------
    quad : numpy.ndarray
        ``(4, 2)`` corners of a board, in any order.

    Returns
    -------
    numpy.ndarray
        The same corners clockwise on screen, the first side a long one.
    """
    q = clockwise_corners(quad)
    top = np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])
    side = np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])
    if side > top:  # the long side runs down the picture: start one corner on
        q = np.roll(q, -1, axis=0)
    return q


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    """Corners of a block's outline: lines fitted to the sides of its rotated rectangle, twice."""
    corners = refine_quad(contour, ordered_corners(rotated_box(contour)), band=None, span=FIT_SPAN, rounds=FIT_ROUNDS)
    if corners is None:
        return None
    # a second time from the better sides
    corners = refine_quad(contour, ordered_corners(corners), band=None, span=FIT_SPAN, rounds=FIT_ROUNDS)
    return None if corners is None else ordered_corners(corners)


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


def block_quads(parts: np.ndarray, pitch: float, known: list[np.ndarray] = ()) -> list[np.ndarray]:
    """Quads of the board-like blocks that ``parts`` closed across the gaps makes.

    Parameters
    ----------
    parts : numpy.ndarray
        ``uint8`` mask of a board's squares and pieces (the finder's copy).
    pitch : float
        Squares' pitch on that copy (px).
    known : list of numpy.ndarray
        Quads of boards known already (read): a block about as large and where one of them
        lies (:func:`known_block`) is not outlined again.

    Returns
    -------
    list of numpy.ndarray
        ``(4, 2)`` corners of each block about the shape and fill of a board.
    """
    block = cv2.morphologyEx(parts, cv2.MORPH_CLOSE, kernel(CLOSE_SHARE * pitch))
    core = cv2.morphologyEx(block, cv2.MORPH_OPEN, kernel(CORE_SHARE * pitch))
    # every part's outline, also of parts inside another's hole (a board on a page inside a ring of shadow)
    contours, hierarchy = cv2.findContours(core, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    quads = []
    for contour, (_n, _p, _child, parent) in zip(contours, hierarchy[0] if hierarchy is not None else []):
        if parent >= 0 or cv2.contourArea(contour) < AREA_CELLS[0] * pitch**2 or known_block(contour, known, pitch):
            continue
        quad = _quad_of(contour)
        if quad is not None and _is_board(quad, block, pitch):
            quads.append(quad)
    return quads


def classic_quads(grey: np.ndarray, coloured: np.ndarray, pitch: float, reach: float,
                  known: list[np.ndarray] = ()) -> list[np.ndarray]:
    """The boards as blocks of everything darker than :data:`CLASSIC_SHARE` of the
    light around or coloured, opened by a square wider than a tab is high.

    ``reach``: pitches over which the light is taken; ``known``: as for :func:`block_quads`.
    Blind to nothing (shading joins in), but a board whose squares touch a line or a tab, or are
    pale beside a piece, stays whole.
    """
    k = max(3, int(round(reach * pitch)) | 1)
    light = cv2.blur(cv2.dilate(grey, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))), (k, k))
    dark = grey.astype(np.float32) < CLASSIC_SHARE * light.astype(np.float32)
    ink = ((dark | coloured) * 255).astype(np.uint8)
    ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel(SPECK_SHARE * pitch))
    block = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, kernel(CLOSE_SHARE * pitch))
    core = cv2.morphologyEx(block, cv2.MORPH_OPEN, kernel(CLASSIC_CORE * pitch))
    contours, _h = cv2.findContours(core, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    quads = []
    for contour in contours:
        if cv2.contourArea(contour) >= AREA_CELLS[0] * pitch**2 and not known_block(contour, known, pitch):
            quad = _quad_of(contour)
            if quad is not None and _is_board(quad, block, pitch):
                quads.append(quad)
    return quads


#: a block whose rotated box holds a known board's corners (each within KNOWN_NEAR pitches of
#: it) and is at most KNOWN_SIZE times the board's area (the board with its tab: about 1.3) is
#: that board: its sides are not fitted again (their robust line fits were most of the time of
#: outlining a page's boards further when one of twelve did not read; its quad would join the
#: board read).  Boards read with their tabs make blocks 1.4 - 1.9 pitches off its corners
#: (24 open booklets), those without 0.05 - 0.4
KNOWN_NEAR, KNOWN_SIZE = 0.5, 1.6


def known_block(contour: np.ndarray, known: list[np.ndarray], pitch: float) -> bool:
    """Whether the block outlined by ``contour`` is a board of ``known`` (quads), at most with
    its tab (see :data:`KNOWN_NEAR`)."""
    if not len(known):
        return False
    box = ordered_corners(rotated_box(contour)).astype(np.float32)
    area = cv2.contourArea(box)
    for quad in known:
        q = np.asarray(quad, np.float64)
        if area <= KNOWN_SIZE * cv2.contourArea(q.astype(np.float32)) and all(
                cv2.pointPolygonTest(box, (float(x), float(y)), True) >= -KNOWN_NEAR * pitch for x, y in q):
            return True
    return False
