"""Reading the squares of an upright IQ XOXO board view.

The view (:class:`visolve.vision.view.BoardView`, :data:`PITCH` px per
square, light evened out) is read square by square:

*body*
    the median colour of the square's middle, white-balanced by the page at
    the square's corners (:func:`local_page`): an empty square has the grey
    of the empty squares around it (:func:`grey_field`: light and colour
    change over a photo), a piece is far from it in colour or much darker,
    measured in steps from the grey to the page (:func:`colour_of`);
*mark*
    a piece shows an X or an O in a lighter tint: the square's lightness
    above its body is matched (allowing a small shift) against an X and an
    O drawn like the booklet's; an empty square shows a light dot where it
    takes an X, or nothing;
*joins*
    two neighbouring piece squares belong to one piece when the gap between
    them has the piece's colour, to two when it shows the page (its lightest
    point across: :func:`gap_share`).

Every measure has a band of doubt between its two answers; a square in it
is reported, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.draw import draw_mark

#: view pixels per square
PITCH = 40
#: share of the square whose median is its body colour
BODY_SIZE = 0.6
#: the board's grey: bodies white-balanced by the page with a saturation
#: (max - min) / max of at most GREY_SAT (the first that gives MIN_GREY of them)
#: and at least GREY_LIGHT light
GREY_SAT, GREY_LIGHT, MIN_GREY = (0.1, 0.2), 0.6, 4
#: an empty square's grey is its neighbours': a plane fitted to the empty squares
#: weighted by exp(-d^2 / 2 GREY_REACH^2) (d in squares), the board's median grey
#: weighing GREY_PRIOR, the slopes held to 0 by SLOPE_RIDGE (a square with
#: neighbours on one side only gets no slope across)
GREY_REACH, GREY_PRIOR, SLOPE_RIDGE = 1.5, 0.05, 0.5
#: ... and held, channel by channel, within the colours of the empty squares that
#: weigh at least CLAMP_WEIGHT (within 2.7 squares): a plane is not followed past
#: them (at the board's edge it would make up a grey as dark as a washed-out piece)
CLAMP_WEIGHT = 0.2
#: a square within GROW_ALONG along and GROW_ACROSS across its neighbours' grey
#: is one more empty square to take the grey from, GROW_ROUNDS times
GROW_ALONG, GROW_ACROSS, GROW_ROUNDS = 0.5, 0.3, 4
#: the page at a square's corner: the lightest CORNER_TOP of a patch CORNER_SIZE across (board units)
CORNER_SIZE, CORNER_TOP = 0.2, 0.25
#: a square lighter than its grey by ``along`` (glare) has 1 - along of the grey's
#: contrast left: its colour counts over that, at most 1 / WASHED_FLOOR times
WASHED_FLOOR = 0.25
#: an empty square's grey as a share of the page (the booklet's, and :mod:`.draw`'s)
SQUARE_GREY = 0.86
#: a square's body against the step from its grey to the page (1: a page's
#: lightness): *along* it (lighter or darker) and *across* it (colour; both
#: blind to a veil of light or a gain).  Empty squares lie within the ellipse of
#: half-axes EMPTY_ACROSS across and EMPTY_ALONG along (darker, lighter; photos
#: against their own grey: 0.27 across and -0.47 .. 0.37 along at most, a
#: washed-out piece -0.58 and 0.43), pieces at least PIECE_ACROSS across
#: (photos: 0.71 and more) or darker than PIECE_DARK along (the dark blue
#: piece); between: doubt (a page-light square is no square of the board)
EMPTY_ACROSS, EMPTY_ALONG, PIECE_ACROSS, PIECE_DARK = 0.45, (-0.6, 0.6), 0.7, -1.0
#: mark templates: the square's middle this share across, searched this share around
MARK_SIZE, MARK_SHIFT = 0.7, 0.08
#: marks are matched drawn at these sizes (the booklet's are a little larger than ours)
MARK_SCALES = (1.0, 1.2)
#: lightness is clipped at this percentile of the square's middle (a faint mark
#: weighs as much as a clear one)
MARK_CLIP = 97
#: X vs O: the better correlation at least MARK_MIN and MARK_MARGIN above the other
MARK_MIN, MARK_MARGIN = 0.2, 0.15
#: dot: its lightness above the square (share of page - square) over DOT_YES is a dot,
#: under DOT_NO none (photos: dots 0.37 and more, none 0.1 at most but a few in
#: a thousand; a dot read wrong breaks the board's X/O pattern, it is never guessed past)
DOT_YES, DOT_NO = 0.33, 0.25
#: a dot's radius and the ring around it, shares of the pitch
DOT_R, RING = 0.1, (0.24, 0.36)
#: joins: where the gap's colour lies between page (0) and body (1) (photos: a gap
#: inside a piece 0.93 at least, between two pieces 0.56 at most: the colours of
#: a piece's edge are blurred more than the light of a grey square's)
JOINED, APART = 0.72, 0.62
#: the gap is looked for GAP_ACROSS each side of where it should be, over GAP_ALONG
#: each side of the middle along it (shares of the pitch; marks end 0.28 from a square's middle)
GAP_ACROSS, GAP_ALONG = 0.1, 0.2


@dataclass(frozen=True)
class Square:
    """What one square shows: ``kind`` ``empty`` / ``piece`` / ``?``, its mark ``X`` / ``O`` / ``?``."""

    kind: str
    mark: str
    body: tuple[float, float, float]
    score: float  #: the deciding measure's distance from doubt (larger is surer)
    why: str = ""


def saturation(colour) -> float:
    """(max - min) / max of a BGR colour."""
    c = np.asarray(colour, np.float64)
    return float((c.max() - c.min()) / max(c.max(), 1e-6))


@lru_cache(maxsize=4)
def _templates(pitch: int) -> list[tuple[str, np.ndarray]]:
    """X and O drawn at each of :data:`MARK_SCALES`, blurred a little, zero-mean (float32)."""
    size = int(round(MARK_SIZE * pitch))
    out = []
    for scale in MARK_SCALES:
        for which in ("X", "O"):
            img = np.zeros((size, size, 3), np.uint8)
            draw_mark(img, size / 2, size / 2, pitch * scale, which, (255, 255, 255))
            t = cv2.GaussianBlur(img[:, :, 0].astype(np.float32), (0, 0), 0.04 * pitch)
            out.append((which, t - t.mean()))
    return out


def lightness(patch: np.ndarray, body, page) -> np.ndarray:
    """How far each pixel is from the body towards the page colour (0 body, 1 page), 2-D."""
    body = np.asarray(body, np.float32)
    span = np.asarray(page, np.float32) - body
    norm = float(span @ span)
    if norm < 1e-6:
        return np.zeros(patch.shape[:2], np.float32)
    return ((patch.astype(np.float32) - body) @ span) / norm


def _piece_mark(light: np.ndarray, pitch: int) -> tuple[str, float, str]:
    """X or O of a piece square's lightness map (its middle, :data:`MARK_SIZE` + 2 :data:`MARK_SHIFT` across)."""
    top = float(np.percentile(light, MARK_CLIP))
    light = np.clip(light, 0.0, max(top, 1e-3))
    scores = {"X": -1.0, "O": -1.0}
    for which, tmpl in _templates(pitch):
        res = cv2.matchTemplate(light, tmpl, cv2.TM_CCOEFF_NORMED)
        scores[which] = max(scores[which], float(res.max()))
    best = max(scores, key=scores.get)
    other = scores["O" if best == "X" else "X"]
    margin = scores[best] - other
    if scores[best] < MARK_MIN or margin < MARK_MARGIN:
        return "?", margin, f"X {scores['X']:.2f} / O {scores['O']:.2f}"
    return best, margin, ""


def _dot(light: np.ndarray, pitch: int) -> tuple[str, float, str]:
    """X (a dot) or O (none) of an empty square's lightness map (the whole square)."""
    smooth = cv2.GaussianBlur(light, (0, 0), DOT_R * pitch * 0.6)
    h, w = smooth.shape
    s = int(round(MARK_SHIFT * pitch))
    centre = smooth[h // 2 - s: h // 2 + s + 1, w // 2 - s: w // 2 + s + 1]
    y, x = np.unravel_index(int(np.argmax(centre)), centre.shape)
    cy, cx = y + h // 2 - s, x + w // 2 - s
    ring = light[_ring(h, w, int(cy), int(cx), pitch)]
    contrast = float(smooth[cy, cx] - np.median(ring))
    if contrast >= DOT_YES:
        return "X", contrast - DOT_YES, ""
    if contrast <= DOT_NO:
        return "O", DOT_NO - contrast, ""
    return "?", 0.0, f"dot contrast {contrast:.2f}"


@lru_cache(maxsize=256)
def _ring(h: int, w: int, cy: int, cx: int, pitch: int) -> np.ndarray:
    """The pixels of an ``h`` x ``w`` square between :data:`RING` pitches from ``(cy, cx)`` (bool)."""
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.hypot(yy - cy, xx - cx) / pitch
    return (d >= RING[0]) & (d <= RING[1])


def bodies_of(view, keys) -> dict:
    """The median colour of each square's middle (its body, marks left out), for every square
    of ``keys`` ((r, c) pairs), all in one median."""
    keys = list(keys)
    patches = np.stack([view.cell(r, c, size=BODY_SIZE) for r, c in keys])
    medians = np.median(patches.reshape(len(keys), -1, patches.shape[-1]), axis=1)
    return dict(zip(keys, medians))


def grey_reference(bodies: dict, page) -> Greys:
    """The empty squares' grey of one board, square by square (see :class:`Greys`)."""
    return Greys(bodies, np.maximum(np.asarray(page, np.float64), 1e-6))


class Greys:
    """Each square's body white-balanced by the page around it, and the grey of an
    empty square there.

    Light and colour change over a photo (a lamp on one side, a colour cast
    growing to one corner, a highlight clipped to white, glare washing a patch
    out): one page colour and one grey for the whole board misjudge the
    squares far from the average.  So each body is first divided by the page
    at the square's corners (:func:`local_page`, times the board's page), then
    compared with the grey of the empty squares around it
    (:func:`grey_field`).  Computed for the first square asked for (the view
    is needed), kept for the others.
    """

    def __init__(self, bodies: dict, page: np.ndarray):
        self.bodies, self.page = bodies, page
        self._view = None
        self._pages: dict = {}
        self._balanced: dict = {}
        self._greys: dict = {}

    def at(self, view, r: int, c: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Square ``(r, c)``'s body white-balanced, its grey, and the page around it."""
        if self._view is not view:
            self._view = view
            corners = corner_pages(view)
            self._pages = {k: local_page(corners, *k) for k in self.bodies}
            self._balanced = {k: b * self.page / self._pages[k] for k, b in self.bodies.items()}
            self._greys = grey_field(self._balanced, self.page)
        return self._balanced[(r, c)], self._greys[(r, c)], self._pages[(r, c)]


def corner_pages(view) -> np.ndarray:
    """The page's colour where the gaps cross, ``(rows + 1, cols + 1, 3)``: the mean of the
    lightest :data:`CORNER_TOP` of a patch :data:`CORNER_SIZE` across."""
    rr, cc = np.mgrid[0:view.rows + 1, 0:view.cols + 1]
    where = view.board_to_view(np.stack([cc.ravel(), rr.ravel()], axis=1).astype(np.float64))
    size = max(1, int(round(CORNER_SIZE * view.pitch)))
    h, w = view.image.shape[:2]
    start = np.round(where - size / 2).astype(int)
    ys = np.clip(start[:, 1:2] + np.arange(size), 0, h - 1)
    xs = np.clip(start[:, 0:1] + np.arange(size), 0, w - 1)
    px = np.asarray(view.image, np.float32)[ys[:, :, None], xs[:, None, :]].reshape(len(where), -1, 3)
    n = max(1, int(round(CORNER_TOP * px.shape[1])))
    top = np.argpartition(px.sum(axis=2), -n, axis=1)[:, -n:]
    out = np.take_along_axis(px, top[:, :, None], axis=1).mean(axis=1)
    return out.astype(np.float64).reshape(view.rows + 1, view.cols + 1, 3)


def local_page(corners: np.ndarray, r: int, c: int) -> np.ndarray:
    """The page's colour at square ``(r, c)``: the mean of the two lightest of its four
    :func:`corner_pages` (a corner inside a piece shows the piece)."""
    four = corners[r:r + 2, c:c + 2].reshape(4, 3)
    two = four[np.argsort(four.sum(axis=1))[-2:]]
    return np.maximum(two.mean(axis=0), 1e-6)


def grey_field(bodies: dict, page) -> dict:
    """The colour of an empty square at each square (a dict like ``bodies``).

    The clearly grey bodies (:func:`_clearly_grey`) near their median
    (:func:`_near`) are the first empty squares; each square's grey is then
    fitted to the *other* empty squares around it (:func:`_local_grey`), and
    the squares that lie near their own grey join the empty ones, up to
    :data:`GROW_ROUNDS` times.  A square never counts in its own grey, so a
    faint piece cannot pass as the grey it is compared with.  With fewer than
    :data:`MIN_GREY` clearly grey bodies every square gets the page's colour
    darkened as the booklet's grey.
    """
    seeds = []
    for most in GREY_SAT:  # a colour cast on the squares but not the page (clipped white): looser
        seeds = [k for k, b in bodies.items() if _clearly_grey(b, page, most)]
        if len(seeds) >= MIN_GREY:
            break
    else:
        return {k: SQUARE_GREY * page for k in bodies}
    keys = list(bodies)
    colours = np.array([bodies[k] for k in keys], np.float64)
    where = np.array(keys, np.float64)
    near = np.exp(-((where[:, None, :] - where[None, :, :]) ** 2).sum(axis=2) / (2 * GREY_REACH ** 2))
    np.fill_diagonal(near, 0.0)
    overall = np.median(np.array([bodies[k] for k in seeds]), axis=0)
    empty = np.array([k in seeds for k in keys]) & _near(colours, overall[None, :], page)
    for _ in range(GROW_ROUNDS):
        local = _local_grey(colours, where, near, empty, overall)
        grown = empty | _near(colours, local, page)
        if np.array_equal(grown, empty):
            break
        empty = grown
    local = _local_grey(colours, where, near, empty, overall)
    return {k: local[i] for i, k in enumerate(keys)}


def _clearly_grey(body, page, most: float) -> bool:
    """A body white-balanced by the page of saturation at most ``most`` and at least
    :data:`GREY_LIGHT` light."""
    return saturation(body / page) <= most and (body / page).max() >= GREY_LIGHT


def _near(bodies: np.ndarray, greys: np.ndarray, page) -> np.ndarray:
    """Which of ``bodies`` (n x 3) lie within :data:`GROW_ALONG` along and :data:`GROW_ACROSS`
    across their ``greys`` (n x 3 or 1 x 3; as :func:`away_from_grey`)."""
    step = np.asarray(page, np.float64)[None, :] - greys
    size = np.maximum((step * step).sum(axis=1), 1e-6)
    d = bodies - greys
    along = (d * step).sum(axis=1) / size
    across = np.linalg.norm(d - along[:, None] * step, axis=1) / np.sqrt(size)
    return (np.abs(along) <= GROW_ALONG) & (across <= GROW_ACROSS)


def _local_grey(colours: np.ndarray, where: np.ndarray, near: np.ndarray, empty: np.ndarray,
                overall: np.ndarray) -> np.ndarray:
    """Each square's grey: a plane fitted to the empty squares' colours around it (weights
    ``near``, a square's own 0), which follows a gradient of light to the board's edge; the
    slopes are held towards 0 by :data:`SLOPE_RIDGE`, the board's ``overall`` grey weighs
    :data:`GREY_PRIOR` at the square itself, and the fit is held within the colours of the
    empty squares near it (:data:`CLAMP_WEIGHT`)."""
    w = near * empty[None, :]
    offset = where[None, :, :] - where[:, None, :]
    design = np.concatenate([np.ones(offset.shape[:2] + (1,)), offset], axis=2)
    weighted = (design * w[:, :, None]).transpose(0, 2, 1)
    lhs = weighted @ design
    rhs = weighted @ colours
    lhs[:, 0, 0] += GREY_PRIOR
    rhs[:, 0, :] += GREY_PRIOR * overall
    lhs[:, 1, 1] += SLOPE_RIDGE
    lhs[:, 2, 2] += SLOPE_RIDGE
    fitted = np.linalg.solve(lhs, rhs)[:, 0, :]
    seen = (w >= CLAMP_WEIGHT)[:, :, None]  # no further than the greys seen around it
    low = np.where(seen, colours[None], np.inf).min(axis=1)
    high = np.where(seen, colours[None], -np.inf).max(axis=1)
    some = seen[:, :, 0].any(axis=1)
    fitted[some] = np.clip(fitted[some], low[some], high[some])
    return fitted


def read_square(view, r: int, c: int, body, page, grey) -> Square:
    """One square of the view (see the module docstring); ``grey`` is the empty squares'
    colour (:func:`grey_reference`, or one colour for the whole board)."""
    along, across, near_page = colour_of(view, r, c, body, page, grey)
    if across >= PIECE_ACROSS or along <= PIECE_DARK:
        middle = view.cell(r, c, size=MARK_SIZE + 2 * MARK_SHIFT)
        mark, score, why = _piece_mark(lightness(middle, body, near_page), view.pitch)
        return Square("piece", mark, tuple(body), score, why)
    if (along / EMPTY_ALONG[along > 0]) ** 2 + (across / EMPTY_ACROSS) ** 2 <= 1.0:
        mark, score, why = _dot(lightness(view.cell(r, c, size=1.0), body, near_page), view.pitch)
        return Square("empty", mark, tuple(body), score, why)
    return Square("?", "?", tuple(body), 0.0, "neither an empty square's grey nor a piece colour "
                                                f"({along:.2f} lighter, {across:.2f} in colour)")


def colour_of(view, r: int, c: int, body, page, grey) -> tuple[float, float, np.ndarray]:
    """How far square ``(r, c)``'s body is from an empty square's grey, along and across
    (:func:`away_from_grey`; across over the contrast left when it is lighter, as glare
    leaves it), and the page around it (``grey``: see :func:`read_square`)."""
    page = np.maximum(np.asarray(page, np.float64), 1e-6)
    balanced, near_page = body, page
    if isinstance(grey, Greys):
        balanced, grey, near_page = grey.at(view, r, c)
    along, across = away_from_grey(balanced, grey, page)
    if along > 0:  # washed out towards the page: colour is weighed against the contrast left
        across /= max(1.0 - along, WASHED_FLOOR)
    return along, across, near_page


def away_from_grey(body, grey, page) -> tuple[float, float]:
    """How far ``body`` is from the board's grey along the step grey -> page and across it, in steps."""
    step = np.asarray(page, np.float64) - np.asarray(grey, np.float64)
    size = max(float(step @ step), 1e-6)
    d = np.asarray(body, np.float64) - np.asarray(grey, np.float64)
    along = float(d @ step) / size
    return along, float(np.linalg.norm(d - along * step)) / np.sqrt(size)


def gap_share(view, a: tuple[int, int], b: tuple[int, int], bodies, page) -> float:
    """Where the gap between squares ``a`` and ``b`` lies from page (0) to their bodies (1):
    1 - :func:`_gap_peak`, between 0 and 1."""
    return 1.0 - float(np.clip(_gap_peak(view, a, b, bodies, page), 0.0, 1.0))


def _gap_peak(view, a: tuple[int, int], b: tuple[int, int], bodies, page) -> float:
    """How far the gap between squares ``a`` and ``b`` comes from their bodies towards the page
    (0 body, 1 page; the lesser of the two bodies').

    The strip across the gap (:data:`GAP_ACROSS` each side of where it should
    be, :data:`GAP_ALONG` along it) is taken to a profile across (the median
    along), and its lightest point counts: a blurred photo spreads a thin gap
    out and a corner fitted a little off moves it.
    """
    (ra, ca), (rb, cb) = a, b
    u, v = (ca + cb) / 2 + 0.5, (ra + rb) / 2 + 0.5
    x, y = view.board_to_view([(u, v)])[0]
    across, along = GAP_ACROSS * view.pitch, GAP_ALONG * view.pitch
    hw, hh = (across, along) if ra == rb else (along, across)
    y0, y1 = max(int(round(y - hh)), 0), int(round(y + hh)) + 1
    x0, x1 = max(int(round(x - hw)), 0), int(round(x + hw)) + 1
    strip = np.asarray(view.image[y0:y1, x0:x1], np.float32)
    if ra != rb:
        strip = strip.transpose(1, 0, 2)  # the profile across the gap runs along axis 1
    profile = np.median(strip, axis=0)[None]
    return min(float(lightness(profile, body, page).max()) for body in bodies)


def joined(share: float) -> bool | None:
    """True (one piece), False (two), None (doubt) for a :func:`gap_share`."""
    if share >= JOINED:
        return True
    if share <= APART:
        return False
    return None

