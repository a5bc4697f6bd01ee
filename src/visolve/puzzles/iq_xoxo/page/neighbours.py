"""Boards placed beside the boards read: a page's boards stand in rows and columns (issue #25).

A blurred, washed-out or far board shows too few grey squares to be found from its squares,
but the boards of a page share one plane, one size and one direction, and stand side by side
in rows (a gap of :data:`ACROSS` squares between two boards) and columns (:data:`DOWN`
squares, the next board's tab between them).  So beside each board read, along its rows and
its columns, the next board is looked for on an upright copy of the page there (the board's
homography carried on, :data:`UNIT_PX` px a square), its light taken between the page's and the
squares' of the board read (:func:`_darkness`: the page's own light, glare evened out): a 10 x 5 block of
squares darker than the light lines between them and around it
(:func:`cv2.matchTemplate`, a little larger and smaller too: :data:`SCALES`).  The best place
of each side, aligned to what is seen there (:func:`_aligned`), when it matches at least
:data:`LEAST_MATCH`, lies on the page (:data:`ON_PAGE`) and on no board read, is a window the
reader checks like a window placed from a tab
(:attr:`visolve.puzzles.iq_xoxo.page.finder.Found.tentative`: kept only when every square,
mark and piece reads).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.draw import GAP
from visolve.vision.geometry import map_points, rect_to_quad
from visolve.vision.light import channel_min

#: the gap between two boards side by side, in squares (a booklet's, 1.4-4.5; a little more
#: for a curled page)
ACROSS = (1.0, 5.0)
#: ... between two boards one above the other (their tab between them: 2.2 in the painter's
#: booklet, 4.5-7.0 in the scenes')
DOWN = (1.5, 8.0)
#: a neighbour is looked for this many squares off the row (or column) of its board
ASIDE = 1.5
#: the upright copy has this many px per square
UNIT_PX = 12
#: the light lines around the board in the template: this many squares wide
RIM = 0.4
#: template scales tried (the board's homography carried a board or two on is a little off)
SCALES = (0.94, 1.0, 1.06)
#: a place matching less than this is no board
LEAST_MATCH = 0.3


def neighbour_quads(image: np.ndarray, done: list[np.ndarray], avoid: list[np.ndarray]) -> list[np.ndarray]:
    """Windows (tl tr br bl of the squares' outer edges, picture px) where a board may stand
    beside the boards of ``done`` (quads, picture px), none lying on a quad of ``avoid``.

    Parameters
    ----------
    image : numpy.ndarray
        The picture (BGR).
    done : list of numpy.ndarray
        The quads of the boards read (corners tl, tr, br, bl; long side across).
    avoid : list of numpy.ndarray
        Quads a window's middle may not lie in (the boards read).

    Returns
    -------
    list of numpy.ndarray
        One window at most for each side of each board read, best match first.
    """
    if not done:
        return []
    pitch = min(float(np.linalg.norm(np.asarray(q[1]) - q[0])) / COLS for q in done)
    shrink = max(1, int(pitch // (2 * UNIT_PX)))  # a bilinear warp of squares farther apart aliases
    plane = channel_min(image)
    if shrink > 1:
        plane = cv2.resize(plane, None, fx=1 / shrink, fy=1 / shrink, interpolation=cv2.INTER_AREA)
    found: list[tuple[float, np.ndarray]] = []
    for quad in done:
        hom = rect_to_quad((GAP / 2, GAP / 2, COLS - GAP / 2, ROWS - GAP / 2), np.asarray(quad) / shrink)
        page, grey = _lights(plane, hom)
        for region in _sides():
            best = _best_place(plane, hom, region, (page, grey))
            if best is None or not _on_page(plane, _corners(best[1]), page) \
                    or _overlap(_corners(best[1]) * shrink, avoid + [w for _s, w in found]) > MOST_OVERLAP:
                continue  # tested as placed first: the alignment costs most (about 10 ms)
            window = _corners(_aligned(plane, best[1], (page, grey)))
            if _on_page(plane, window, page) \
                    and _overlap(window * shrink, avoid + [w for _s, w in found]) <= MOST_OVERLAP:
                found.append((best[0], window * shrink))
    return [w for _s, w in sorted(found, key=lambda sw: -sw[0])]


#: a window lying this share or more on a board read (or on a window placed before) is dropped
MOST_OVERLAP = 0.1


def _overlap(window: np.ndarray, quads: list[np.ndarray]) -> float:
    """The share of ``window``'s squares' middles lying in one of ``quads``."""
    hom = rect_to_quad((0, 0, COLS, ROWS), window)
    cells = map_points(hom, [(c + 0.5, r + 0.5) for r in range(ROWS) for c in range(COLS)])
    inside = [any(cv2.pointPolygonTest(q.astype(np.float32), (float(x), float(y)), False) >= 0 for q in quads)
              for x, y in cells]
    return float(np.mean(inside))


#: a window's rim of light lines is at least ON_PAGE times as light as the rim of the board it
#: stands beside (not the desk beyond the page), its squares at least DARKER grey levels darker
ON_PAGE, DARKER = 0.8, 3.0


def _lights(plane: np.ndarray, hom: np.ndarray) -> tuple[float, float]:
    """The median light of the rim around a board (board units -> px ``hom``, :data:`RIM`
    squares wide) and of its squares."""
    to_board = np.array([[1 / ALIGN_PX, 0, -RIM], [0, 1 / ALIGN_PX, -RIM], [0, 0, 1]])
    size = (round((COLS + 2 * RIM) * ALIGN_PX), round((ROWS + 2 * RIM) * ALIGN_PX))
    upright = cv2.warpPerspective(plane, hom @ to_board, size, flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    rim = round(RIM * ALIGN_PX)
    inside = np.zeros(upright.shape, bool)
    inside[rim:-rim, rim:-rim] = True
    return float(np.median(upright[~inside])), float(np.median(upright[inside]))


def _on_page(plane: np.ndarray, window: np.ndarray, page: float) -> bool:
    """Whether ``window`` (corners, px of ``plane``) stands on the page (light ``page``): see :data:`ON_PAGE`."""
    g = GAP / 2
    rim, inside = _lights(plane, rect_to_quad((g, g, COLS - g, ROWS - g), window))
    return rim >= ON_PAGE * page and inside <= rim - DARKER


def _sides() -> list[tuple[float, float, float, float]]:
    """The regions (board units x0, y0, x1, y1) a neighbour's window lies in: right, left, below, above."""
    return [(COLS + ACROSS[0], -ASIDE, COLS + ACROSS[1] + COLS, ROWS + ASIDE),
            (-ACROSS[1] - COLS, -ASIDE, -ACROSS[0], ROWS + ASIDE),
            (-ASIDE, ROWS + DOWN[0], COLS + ASIDE, ROWS + DOWN[1] + ROWS),
            (-ASIDE, -DOWN[1] - ROWS, COLS + ASIDE, -DOWN[0])]


def _template(unit: float, margin: float) -> np.ndarray:
    """A board of ``unit`` px a square with ``margin`` squares of light around: squares 1,
    light lines 0 (float32)."""
    w, h = round((COLS + 2 * margin) * unit), round((ROWS + 2 * margin) * unit)
    out = np.zeros((h, w), np.float32)
    g = GAP / 2
    for r in range(ROWS):
        for c in range(COLS):
            x0, y0 = (margin + c + g) * unit, (margin + r + g) * unit
            x1, y1 = (margin + c + 1 - g) * unit, (margin + r + 1 - g) * unit
            out[round(y0):round(y1), round(x0):round(x1)] = 1
    return out


_TEMPLATES = {s: _template(UNIT_PX * s, RIM) for s in SCALES}


def _darkness(upright: np.ndarray, lights: tuple[float, float], unit: float, least_glare: float = 0.0) -> np.ndarray:
    """How dark each px of ``upright`` (``unit`` px a square) is between the page (0) and the squares
    of the board read (1; ``lights``: its rim's and squares' light, :func:`_lights`), clipped: pieces
    and tabs, darker than squares, weigh no more than them (float32).  Where the page is lighter
    than around the board read (glare), the page is the lightest within :data:`GLARE_REACH` squares;
    only when that light's median is ``least_glare`` grey levels or more above the page's."""
    page, grey = lights
    reach = max(3, round(GLARE_REACH * unit) | 1)
    local = np.maximum(cv2.dilate(upright, cv2.getStructuringElement(cv2.MORPH_RECT, (reach, reach))), page)
    if least_glare > 0 and float(np.median(local)) < page + least_glare:
        local = np.full_like(local, page)
    return np.clip((local.astype(np.float32) - upright) / max(page - grey, LEAST_SPAN), 0, 1)


#: glare evened out: a px's page is the lightest within this many squares of it (a square's
#: middle reaches the light lines around it, 0.4 squares off; a piece two squares wide keeps the page's light)
GLARE_REACH = 1.5
#: a window is aligned on glare evened out only when the page's light there is this many grey levels
#: above the page's around the board read (open booklet 14, seed 0: the washed-out board 22 levels,
#: the one below it 10, two boards in no glare 3-4, one of whose tabs read less firmly aligned on
#: the copy evened out)
GLARE_MIN = 8.0


#: the squares are taken at least this many grey levels darker than the page
LEAST_SPAN = 8.0


def _best_place(plane: np.ndarray, hom: np.ndarray, region: tuple,
                lights: tuple[float, float]) -> tuple[float, np.ndarray] | None:
    """The best match in ``region`` (board units of ``hom``) and its window (board units -> px),
    or None when no place matches :data:`LEAST_MATCH` or the region's middle lies off the picture."""
    x0, y0, x1, y1 = region
    to_region = np.array([[1 / UNIT_PX, 0, x0 - RIM], [0, 1 / UNIT_PX, y0 - RIM], [0, 0, 1]])
    size = (round((x1 - x0 + 2 * RIM) * UNIT_PX), round((y1 - y0 + 2 * RIM) * UNIT_PX))
    mid = map_points(hom, [((x0 + x1) / 2, (y0 + y1) / 2)])[0]
    h, w = plane.shape
    if not (0 <= mid[0] < w and 0 <= mid[1] < h):
        return None
    upright = cv2.warpPerspective(plane, hom @ to_region, size, flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_CONSTANT, borderValue=255)
    even = _darkness(upright, lights, UNIT_PX)
    best = None
    for scale, tpl in _TEMPLATES.items():
        if tpl.shape[0] > even.shape[0] or tpl.shape[1] > even.shape[1]:
            continue
        match = cv2.matchTemplate(even, tpl, cv2.TM_CCOEFF_NORMED)
        _lo, score, _at, (i, j) = cv2.minMaxLoc(match)
        if best is None or score > best[0]:
            best = (score, i, j, scale)
    if best is None or best[0] < LEAST_MATCH:
        return None
    score, i, j, scale = best
    # the window's own board units -> the region's board units -> px
    placed = hom @ np.array([[scale, 0, i / UNIT_PX + x0 - RIM + RIM * scale],
                             [0, scale, j / UNIT_PX + y0 - RIM + RIM * scale], [0, 0, 1]])
    return float(score), placed


def _corners(placed: np.ndarray) -> np.ndarray:
    """The corners (px, tl tr br bl of the squares' outer edges) of a window (board units -> px ``placed``)."""
    g = GAP / 2
    return np.asarray(map_points(placed, [(g, g), (COLS - g, g), (COLS - g, ROWS - g), (g, ROWS - g)]), np.float64)


#: the window is aligned on an upright copy with this many px a square and this much page
#: around the template's rim (squares)
ALIGN_PX, ALIGN_MARGIN = 16, 0.6
#: ... by OpenCV's ECC (:func:`cv2.findTransformECC`, an affine map: a homography bent to the
#: pieces and slid a corner off the board), at most this many steps
ALIGN_STEPS = 60
#: ... moving no corner more than this many squares (more: it slid onto something else)
ALIGN_MOST = 1.0
_ALIGN_TEMPLATE = _template(ALIGN_PX, RIM + ALIGN_MARGIN)


def _aligned(plane: np.ndarray, placed: np.ndarray, lights: tuple[float, float]) -> np.ndarray:
    """``placed`` (a window's board units -> px of ``plane``) aligned to the squares and light
    lines seen there (:data:`ALIGN_PX`); as it was when the alignment fails or moves a corner
    more than :data:`ALIGN_MOST`."""
    off = RIM + ALIGN_MARGIN
    to_board = np.array([[1 / ALIGN_PX, 0, -off], [0, 1 / ALIGN_PX, -off], [0, 0, 1]])
    size = (round((COLS + 2 * off) * ALIGN_PX), round((ROWS + 2 * off) * ALIGN_PX))
    upright = cv2.warpPerspective(plane, placed @ to_board, size, flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE)
    seen = _darkness(upright, lights, ALIGN_PX, GLARE_MIN)
    warp = np.eye(2, 3, dtype=np.float32)
    try:
        _cc, warp = cv2.findTransformECC(_ALIGN_TEMPLATE, seen, warp, cv2.MOTION_AFFINE,
                                         (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, ALIGN_STEPS, 1e-4), None, 5)
    except cv2.error:  # no alignment converges: the window as placed
        return placed
    corrected = placed @ to_board @ np.vstack([warp.astype(np.float64), [0, 0, 1]]) @ np.linalg.inv(to_board)
    edge = [(0, 0), (COLS, 0), (COLS, ROWS), (0, ROWS)]
    moved = np.abs(map_points(np.linalg.inv(placed) @ corrected, edge) - np.array(edge)).max()
    return placed if moved > ALIGN_MOST else corrected

