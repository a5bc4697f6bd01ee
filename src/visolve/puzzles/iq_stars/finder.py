"""Finding the IQ Stars board: the dark rounded board, then its star lattice.

:func:`board_quads` finds dark blobs shaped like the board (a rectangle
about twice as wide as high, seen at an angle) and fits four straight sides
to each; :func:`locate` fits the star lattice to each
(:func:`visolve.puzzles.iq_stars.lattice.fit_lattice`) and keeps the best.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, SeveralBoards
from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.guess import BOARD_ASPECTS
from visolve.puzzles.iq_stars.lattice import MAX_SHIFT, Fit, fit_lattice
from visolve.vision.geometry import polygon_corners, refine_quad
from visolve.vision.light import channel_max
from visolve.vision.masks import below, locally_light, otsu_dark
from visolve.vision.working import thumbnail, working_copy

#: pictures are searched for the board at this long side (px)
SEARCH_SIDE = 800
#: thresholds on the brightest channel that make the "dark" masks (the board
#: is about 68; page, bezel and desk differ); None: Otsu's level
DARK_LEVELS = (None, 90, 120, 60)
#: the page is "lighter than the local mean by LOCAL_C" in windows of
#: LOCAL_BLOCK of the long side: glare lifts the navy board far above any fixed
#: level, but the board's edge stays darker than the white around it
LOCAL_BLOCK, LOCAL_C = 1 / 16, 8
#: a dark board blob covers at least this share of the picture searched; a hole in a light
#: page (board-shaped, sharp-edged) at least HOLE_AREA: a challenge 300 px wide in a 12 MP photo
#: covers 0.004 of it
MIN_AREA, HOLE_AREA = 0.02, 0.003
#: a page's board (cut out under its tab) showing no hole is looked for again with the light
#: ring's gaps of up to RING_GAP px (on the search copy) closed: glare across a board's edge on
#: make photo seed 69 broke its ring by one px there (closed at 3 px, not at 2); showing none
#: then, with gaps of up to RING_GAPS[1] px closed (make photo seed 132 master, board 1: a small
#: board, 422 px, blurred and hazed at one corner, whose hole stood exact at 4 px, not at 3)
RING_GAP = 3
RING_GAPS = (RING_GAP, 4)
#: most degrees off straight down a board is seen from (a picture taken steeply)
MAX_TILT = 45.0
#: long side / short side of a board quad: 7.36 / 3.96 = 1.86 seen straight; a board with a
#: star more margin above and below (1.4) seen from MAX_TILT along its length comes to 1; the
#: widest board the lattice search allows (its margins a sliver above and below and a star
#: wider at both ends, BOARD_ASPECTS[1] = 2.63) seen from MAX_TILT across it to 3.72
ASPECT = (1.0, BOARD_ASPECTS[1] / math.cos(math.radians(MAX_TILT)))
#: below this aspect the longer pair of sides need not be the board's long sides (seen
#: foreshortened): the quad is tried both ways
SURE_ASPECT = 1.35
#: the board is searched and read in a copy with at most this many px per board unit
WORK_PITCH = 48
#: a quad with fewer px per board unit than this in the working copy (set by the largest quad) is
#: looked at again in a copy of its own scale when no quad held a lattice (a star's outline needs
#: a few px between its points)
FINE_PITCH = 16
#: a lattice matching this well ends the search for a better board quad
SURE_RHO = 0.6


def _dark_masks(small: np.ndarray):
    v = channel_max(small)
    for level in DARK_LEVELS:
        yield otsu_dark(v) if level is None else below(v, (level,))[0].astype(np.uint8) * 255


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    """Corners of a board-shaped outline: the hull's four corners, refined by the sides' lines."""
    rough = polygon_corners(contour)
    return None if rough is None else refine_quad(contour, rough)


def _orderings(quad: np.ndarray) -> list[np.ndarray]:
    """The quad's corners tl, tr, br, bl with the board's long sides first and third: the
    longer pair of sides, and under :data:`SURE_ASPECT` the shorter pair too; none when the
    quad has no board's shape."""
    c = quad.mean(axis=0)
    q = quad[np.argsort(np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0]))]
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    if sides[0] + sides[2] < sides[1] + sides[3]:
        q = np.roll(q, -1, axis=0)
        sides = np.roll(sides, -1)
    aspect = (sides[0] + sides[2]) / max(sides[1] + sides[3], 1e-6)
    if not ASPECT[0] <= aspect <= ASPECT[1]:
        return []
    ways = [q] if aspect >= SURE_ASPECT else [q, np.roll(q, -1, axis=0)]
    return [w for w in (_started(w) for w in ways) if w is not None]


def _started(q: np.ndarray) -> np.ndarray | None:
    """``q`` (long sides first and third) from the corner nearest the picture's top left of
    the two long-side choices; None when its corners do not run clockwise."""
    (ax, ay), (bx, by) = q[1] - q[0], q[3] - q[0]
    if ax * by - ay * bx <= 0:
        return None
    return np.roll(q, 2, axis=0) if q[0].sum() > q[2].sum() else q


def _page_holes(small: np.ndarray, gap: int = 0) -> list[np.ndarray]:
    """Holes of the light page around the board: contours of regions a light ring encloses;
    ``gap``: the ring's gaps up to that many px wide closed first (the holes grown back)."""
    v = channel_max(small)
    light = locally_light(v, max(15, int(LOCAL_BLOCK * max(v.shape))), LOCAL_C)
    if gap:
        light = cv2.dilate(light, np.ones((gap, gap), np.uint8))
    contours, hierarchy = cv2.findContours(light, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    if hierarchy is None:
        return []
    holes = [c for c, h in zip(contours, hierarchy[0]) if h[3] >= 0]
    if gap:
        holes = [_grown(small.shape[:2], c, gap) for c in holes]
    return holes


def _grown(shape: tuple[int, int], contour: np.ndarray, gap: int) -> np.ndarray:
    """The region inside ``contour`` grown by what closing ``gap`` px took off it: its outline."""
    inside = np.zeros(shape, np.uint8)
    cv2.drawContours(inside, [contour], -1, 255, cv2.FILLED)
    inside = cv2.dilate(inside, np.ones((gap, gap), np.uint8))
    outer, _h = cv2.findContours(inside, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(outer, key=cv2.contourArea)


def _dark_blobs(small: np.ndarray, limit: int) -> list[np.ndarray]:
    out = []
    for mask in _dark_masks(small):
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        out += sorted(contours, key=cv2.contourArea, reverse=True)[:limit]
    return out


def board_quads(image: np.ndarray, side: int = SEARCH_SIDE, limit: int = 4,
                gap: int = 0) -> list[tuple[np.ndarray, bool]]:
    """Quads (tl, tr, br, bl in picture px) of board-shaped regions, likeliest first,
    each with whether it is a hole in a light page (``gap``: in its light ring closed over gaps
    that wide, :func:`_page_holes`).

    The holes of a light page around the board (the board's edge against
    white stays sharp under glare: these quads are exact to a few
    hundredths of a star), largest first; then, unless one of them covers
    :data:`MIN_AREA`, dark blobs (a small hole may be a light mark on a dark page).
    """
    small, f = working_copy(image, side)
    found = _quads(small, sorted(_page_holes(small, gap), key=cv2.contourArea, reverse=True)[:limit], True)
    total = small.shape[0] * small.shape[1]
    if all(cv2.contourArea(q.astype(np.float32)) < MIN_AREA * total for q, _p in found):
        found += _quads(small, _dark_blobs(small, limit), False)
    return [(q / f, page) for q, page in found]


def _quads(small: np.ndarray, contours, page: bool) -> list[tuple[np.ndarray, bool]]:
    total = small.shape[0] * small.shape[1]
    found: list[tuple[np.ndarray, bool]] = []
    for cnt in contours:
        area = cv2.contourArea(cnt)
        if area < (HOLE_AREA if page else MIN_AREA) * total:
            continue
        quad = _quad_of(cnt)
        for q in [] if quad is None else _orderings(quad):
            if cv2.contourArea(q.astype(np.float32)) > 1.25 * area:
                break
            if not any(np.abs(q - o).max() < 0.01 * max(small.shape) for o, _p in found):
                found.append((q, page))
    return found


def quad_pitch(quad: np.ndarray) -> float:
    """Picture px per board unit of a board on ``quad`` (its mean width over the board's)."""
    return float(np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / (2 * layout.BOARD_W)


def pitch_copy(image: np.ndarray, quads) -> tuple[np.ndarray, float]:
    """``image`` reduced so the largest board quad has at most :data:`WORK_PITCH` px per
    board unit (the views are then sampled without shrinking), and the factor."""
    pitch = max(quad_pitch(q) for q, _p in quads)
    if pitch <= WORK_PITCH:
        return image, 1.0
    h, w = image.shape[:2]
    small = thumbnail(image, int(round(max(h, w) * WORK_PITCH / pitch)))
    return small, small.shape[1] / w


def locate(image: np.ndarray, upright: bool = False) -> tuple[np.ndarray, Fit]:
    """The working copy of ``image`` (:func:`pitch_copy`) and the best board in it; ``upright``:
    the picture shows the board top up (see :func:`visolve.puzzles.iq_stars.lattice.fit_lattice`).

    Raises NotThisPuzzle with the reason when there is none.
    """
    quads = board_quads(image)
    for gap in RING_GAPS if upright else ():  # a page's board: its ring broken by glare?
        if any(page for _q, page in quads):
            break
        quads = board_quads(image, gap=gap)
    if not quads:
        raise NotThisPuzzle("no dark board shaped like the IQ Stars board")
    work, f = pitch_copy(image, quads)
    scaled, memo = [(q * f, page) for q, page in quads], {}
    try:
        return work, _best_fit(work, scaled, upright, memo)
    except NotThisPuzzle:
        found = _small_holes(image, quads, f, upright)
        if found is not None:
            return found
        holes = [(q, page) for q, page in scaled if page]
        if not holes:
            raise
    # no quad holds a lattice as seen: a page's board seen steeply? (only page holes: their
    # outline is exact, so the board's proportions are all that is left to search)
    return work, _best_fit(work, holes, upright, memo, steep=True)


def _small_holes(image: np.ndarray, quads, f: float, upright: bool) -> tuple[np.ndarray, Fit] | None:
    """The best board among the page holes of ``quads`` that have under :data:`FINE_PITCH` px a
    board unit in the working copy (factor ``f``), in a copy of their own scale; None when there
    is none or none holds a lattice.

    The copy's scale is set by the largest quad (a dark desk or shadow as big as the picture): a
    small board printed on a page may have stars a few px wide there.  Only holes in a page are
    looked at again, not every small dark blob (a tray's photo has many, each a lattice search)."""
    small = [(q, page) for q, page in quads if page and quad_pitch(q) * f < FINE_PITCH]
    if not small or len(small) == len(quads):
        return None
    finer, g = pitch_copy(image, small)
    if g <= f:
        return None
    try:
        return finer, _best_fit(finer, [(q * g, page) for q, page in small], upright)
    except NotThisPuzzle:
        return None


def find_board(image: np.ndarray) -> Fit:
    """The best board in ``image``, its homography of ``image`` itself (see :func:`locate`)."""
    work, fit = locate(image)
    f = work.shape[1] / image.shape[1]
    return Fit(np.diag([1 / f, 1 / f, 1.0]) @ fit.homography, fit.rho, fit.way_up, fit.edge)


def _best_fit(image: np.ndarray, quads, upright: bool = False, memo: dict | None = None,
              steep: bool = False) -> Fit:
    """The best-matching lattice on ``quads`` of ``image``; :class:`SeveralBoards` when a
    quad apart from it (its middle outside that board) holds a lattice too.  ``memo``: the
    lattices found on the quads already; ``steep``: the quads are looked at as boards seen
    steeply too (see :func:`visolve.puzzles.iq_stars.lattice.fit_lattice`)."""
    reasons, best, best_quad, memo = [], None, None, {} if memo is None else memo
    for quad, exact in quads:
        if best is not None and best.rho >= SURE_RHO and _same_corners(quad, best_quad):
            continue  # the board's quad taken the other way round: the lattice was clear its way
        try:
            fit = fit_lattice(image, quad, exact, upright, memo=memo, steep=steep)
        except NotThisPuzzle as exc:
            reasons.append(str(exc))
            continue
        # a quad round the board with the drawings' margins beats a looser one (a page hole
        # holding the board and more), whose lattice, found from the stars, may match better
        if best is None or (_drawn_margins(fit), fit.rho) > (_drawn_margins(best), best.rho):
            best, best_quad = fit, quad
        if best.rho >= SURE_RHO and _drawn_margins(best):
            break
    if best is None:
        raise NotThisPuzzle(reasons[0])
    _check_alone(image, quads, best_quad, memo)
    return best


def _same_corners(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two quads have the same corners (in any order: a quad tried both ways, see
    :func:`_orderings`)."""
    return sorted(map(tuple, np.round(a, 3).tolist())) == sorted(map(tuple, np.round(b, 3).tolist()))


def _drawn_margins(fit: Fit) -> bool:
    """Whether the board's edge lies round the lattice as in the booklet's drawings."""
    drawn = (0.0, 0.0, layout.BOARD_W, layout.BOARD_H)
    return all(abs(e - d) <= MAX_SHIFT for e, d in zip(fit.edge, drawn))


def _check_alone(image: np.ndarray, quads, board: np.ndarray, memo: dict | None = None) -> None:
    """SeveralBoards when a quad whose middle lies outside ``board`` holds a star lattice too
    (``memo``: the lattices found on the quads already, see :func:`fit_lattice`)."""
    outline = board.astype(np.float32).reshape(-1, 1, 2)
    others = 0
    for quad, exact in quads:
        middle = tuple(float(v) for v in quad.mean(axis=0))
        if cv2.pointPolygonTest(outline, middle, False) >= 0:
            continue  # the same board, outlined another way
        try:
            fit_lattice(image, quad, exact, recheck=False, memo=memo)  # whether it holds a lattice at all
        except NotThisPuzzle:
            continue
        others += 1
    if others:
        raise SeveralBoards(f"at least {others + 1} IQ Stars boards in one picture (a page of challenges?): "
                            "visolve reads one challenge a picture, so give each its own")
