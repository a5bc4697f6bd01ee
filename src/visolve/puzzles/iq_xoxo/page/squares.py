"""Reading the squares of an upright IQ XOXO board view.

The view (:class:`visolve.vision.view.BoardView`, :data:`PITCH` px per
square, light evened out) is read square by square, the squares of a board
measured together (:func:`read_squares`):

*body*
    the median colour of the square's middle, white-balanced by the page at
    the square's corners (:func:`~visolve.puzzles.iq_xoxo.page.empty_grey.local_pages`): an empty square has the grey
    of the empty squares around it (:func:`~visolve.puzzles.iq_xoxo.page.empty_grey.grey_field`: light and colour
    change over a photo), a piece is far from it in colour or much darker,
    measured in steps from the grey to the page (:func:`colours_of`);
*mark*
    a piece shows an X or an O in a lighter tint: the square's lightness
    above its body is matched (allowing a small shift) against an X and an
    O drawn like the booklet's; an empty square shows a light dot where it
    takes an X, or nothing;
*joins*
    two neighbouring piece squares belong to one piece when the gap between
    them has the piece's colour, to two when it shows the page (its lightest
    point across: :func:`gap_shares`).

Every measure has a band of doubt between its two answers; a square in it
is reported, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.draw import draw_mark
from visolve.puzzles.iq_xoxo.page.empty_grey import Greys, away_from_greys
from visolve.vision.patches import median_last, windows

#: view pixels per square
PITCH = 40
#: share of the square whose median is its body colour
BODY_SIZE = 0.6
#: a square lighter than its grey by ``along`` (glare) has 1 - along of the grey's
#: contrast left: its colour counts over that, at most 1 / WASHED_FLOOR times
WASHED_FLOOR = 0.25
#: a square's body against the step from its grey to the page (1: a page's
#: lightness): *along* it (lighter or darker) and *across* it (colour; both
#: blind to a veil of light or a gain).  Empty squares lie within the ellipse of
#: half-axes EMPTY_ACROSS across and EMPTY_ALONG along (darker, lighter; photos
#: against their own grey: 0.27 across and -0.47 .. 0.37 along at most, a
#: washed-out piece -0.58 and 0.43), pieces at least PIECE_ACROSS across
#: (photos: 0.71 and more; the light blue V under its large light marks in a scene
#: 0.65) or darker than PIECE_DARK along (the dark blue piece), or darker and in
#: colour both, outside the ellipse of those half-axes (a dark purple piece
#: -0.81 along and 0.53 across); between: doubt (a page-light square is no
#: square of the board)
EMPTY_ACROSS, EMPTY_ALONG, PIECE_ACROSS, PIECE_DARK = 0.45, (-0.6, 0.6), 0.6, -1.0
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
    #: of an empty square's colour but showing a piece's mark (:data:`EMPTY_MARK`): a piece washed
    #: out, whose doubt the pieces' shapes may settle as a piece, never as empty
    washed: bool = False


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
    return lightnesses(np.asarray(patch)[None], np.asarray(body)[None], np.asarray(page)[None])[0]


def lightnesses(patches: np.ndarray, bodies, pages) -> np.ndarray:
    """:func:`lightness` of each of ``patches`` (``(n, h, w, 3)``) with its own body and page
    (``n`` x 3 each), ``(n, h, w)`` float32."""
    bodies = np.asarray(bodies, np.float32)
    spans = np.asarray(pages, np.float32) - bodies
    n, h, w = patches.shape[:3]
    norms = np.array([float(s @ s) for s in spans], np.float32)
    seen = norms >= 1e-6  # else the page is the body: 0
    d = np.subtract(patches, bodies[:, None, None, :], dtype=np.float32).reshape(n, h * w, 3)
    out = np.matmul(d, spans[:, :, None])[..., 0] / np.where(seen, norms, 1.0)[:, None]
    out[~seen] = 0.0
    return out.reshape(n, h, w)


def _patches(view, keys: list, size: float) -> np.ndarray:
    """The patches of ``size`` board units around the squares ``keys``, stacked ``(n, s, s, 3)``
    (as :meth:`~visolve.vision.view.BoardView.cell` cuts them, edge pixels beyond the view)."""
    s = max(1, int(round(size * view.pitch)))
    centres = view.board_to_view([view.centres[k] for k in keys])
    x0, y0 = np.round(centres - s / 2).astype(np.int64).T
    inside = windows(view.image, x0, y0, s)
    if inside is not None:
        return inside
    h, w = view.image.shape[:2]
    ys = np.clip(y0[:, None] + np.arange(s), 0, h - 1)
    xs = np.clip(x0[:, None] + np.arange(s), 0, w - 1)
    return view.image[ys[:, :, None], xs[:, None, :]]


def _mark_scores(lights: np.ndarray, pitch: int) -> tuple[np.ndarray, np.ndarray]:
    """Each square's best correlations with an X and with an O, ``(n,)`` each, from its lightness
    map (``(n, h, w)``: its middle, :data:`MARK_SIZE` + 2 :data:`MARK_SHIFT` across).

    The maps are clipped at their :data:`MARK_CLIP` percentile and matched against
    each template in one :func:`cv2.matchTemplate` over the maps stacked (a match
    position lies within one map; the others are dropped).
    """
    n, h, w = lights.shape
    best = {"X": np.full(n, -1.0), "O": np.full(n, -1.0)}
    if n == 0:
        return best["X"], best["O"]
    tops = np.percentile(lights.reshape(n, -1), MARK_CLIP, axis=1)
    stack = np.clip(lights, 0.0, np.maximum(tops, 1e-3)[:, None, None]).reshape(n * h, w)
    for which, tmpl in _templates(pitch):
        th = tmpl.shape[0]
        res = cv2.matchTemplate(stack, tmpl, cv2.TM_CCOEFF_NORMED)
        res = np.concatenate([res, np.zeros((th - 1, res.shape[1]), res.dtype)])
        best[which] = np.maximum(best[which], res.reshape(n, h, -1)[:, :h - th + 1].max(axis=(1, 2)))
    return best["X"], best["O"]


#: a square of an empty square's colour whose middle matches an X or an O at EMPTY_MARK or better
#: is in doubt: a piece washed out by glare to its board's grey keeps its marks (the make round
#: trip, photo seed 11, expert, on a bare sheet: a purple U's squares at 0.81 - 0.83), an empty
#: square shows a dot (X 0.58 at most) or nothing (O 0.34 at most; 272 boards read right: photos
#: of made pages, photo seeds 1-20, the painter's photos and the scenes of seed 0)
EMPTY_MARK = 0.7
#: ... looked for only on the squares at least MARK_TINT across (in colour) from their grey (the
#: washed U: 0.13 - 0.23; empty squares of a board mostly 0.04 at most): matching every square
#: cost 2-3 ms a board
MARK_TINT = 0.08


def _marked(keys: list, x: np.ndarray, o: np.ndarray) -> dict:
    """The squares of ``keys`` (read empty by their colour; ``x``, ``o``: their marks' scores) that
    show a piece's mark (:data:`EMPTY_MARK`), key -> why."""
    return {k: f"an empty square's grey, but it shows a piece's {'X' if sx >= so else 'O'} "
               f"({max(sx, so):.2f}): a piece washed out?"
            for k, sx, so in zip(keys, x.tolist(), o.tolist()) if max(sx, so) >= EMPTY_MARK}


def _mark_verdict(x: float, o: float) -> tuple[str, float, str]:
    """X, O or ``?`` from the two marks' best correlations: mark, margin, why."""
    scores = {"X": x, "O": o}
    best = max(scores, key=scores.get)
    margin = scores[best] - scores["O" if best == "X" else "X"]
    if scores[best] < MARK_MIN or margin < MARK_MARGIN:
        return "?", margin, f"X {x:.2f} / O {o:.2f}"
    return best, margin, ""


def _dots(lights: np.ndarray, pitch: int) -> list[tuple[str, float, str]]:
    """X (a dot) or O (none) of each empty square's lightness map (``(n, h, w)``: the whole
    square): its mark, score and why.

    The maps are smoothed stacked (the smoothing reaches no further than the
    square from the middle searched); the ring around the lightest point of the
    middle lies within the square (:data:`MARK_SHIFT` + :data:`RING` below a half).
    """
    n, h, w = lights.shape
    if n == 0:
        return []
    smooth = cv2.GaussianBlur(lights.reshape(n * h, w), (0, 0), DOT_R * pitch * 0.6).reshape(n, h, w)
    s = int(round(MARK_SHIFT * pitch))
    centre = smooth[:, h // 2 - s: h // 2 + s + 1, w // 2 - s: w // 2 + s + 1]
    y, x = np.unravel_index(np.argmax(centre.reshape(n, -1), axis=1), centre.shape[1:])
    cy, cx = y + h // 2 - s, x + w // 2 - s
    dy, dx = _ring_offsets(pitch)
    every = np.arange(n)[:, None]
    ring = lights[every, cy[:, None] + dy, cx[:, None] + dx]
    contrasts = smooth[np.arange(n), cy, cx] - median_last(ring)
    return [_dot_verdict(float(contrast)) for contrast in contrasts]


def _dot_verdict(contrast: float) -> tuple[str, float, str]:
    """X, O or ``?`` from a dot's contrast: mark, score, why."""
    if contrast >= DOT_YES:
        return "X", contrast - DOT_YES, ""
    if contrast <= DOT_NO:
        return "O", DOT_NO - contrast, ""
    return "?", 0.0, f"dot contrast {contrast:.2f}"


@lru_cache(maxsize=4)
def _ring_offsets(pitch: int) -> tuple[np.ndarray, np.ndarray]:
    """Offsets (rows, columns; row by row) of the pixels :data:`RING` pitches from a pixel."""
    reach = int(np.ceil(RING[1] * pitch))
    yy, xx = np.mgrid[-reach:reach + 1, -reach:reach + 1]
    d = np.hypot(yy, xx) / pitch
    ring = (d >= RING[0]) & (d <= RING[1])
    return yy[ring], xx[ring]


def bodies_of(view, keys) -> dict:
    """The median colour of each square's middle (its body, marks left out), for every square
    of ``keys`` ((r, c) pairs), all in one median."""
    keys = list(keys)
    patches = _patches(view, keys, BODY_SIZE)
    medians = median_last(patches.reshape(len(keys), -1, patches.shape[-1]).transpose(0, 2, 1))
    return dict(zip(keys, medians))


def read_squares(view, bodies: dict, page, grey) -> dict:
    """Every square of ``bodies`` (key -> body) read (see the module docstring), key -> :class:`Square`;
    ``grey`` is the empty squares' colour (:func:`~visolve.puzzles.iq_xoxo.page.empty_grey.grey_reference`, or one colour for the whole board).

    The squares are measured together: the colours at once, the marks and the empty
    squares' dots each over their maps stacked.  A square of an empty square's colour,
    a little tinted, that shows a piece's X or O is in doubt (:data:`EMPTY_MARK`).
    """
    keys = list(bodies)
    body = np.array([bodies[k] for k in keys])
    along, across, near_page = colours_of(view, keys, body, page, grey)
    piece = (across >= PIECE_ACROSS) | (along <= PIECE_DARK)
    piece |= (along < 0) & ((along / PIECE_DARK) ** 2 + (across / PIECE_ACROSS) ** 2 >= 1.0)
    half = np.where(along > 0, EMPTY_ALONG[1], EMPTY_ALONG[0])
    empty = ~piece & ((along / half) ** 2 + (across / EMPTY_ACROSS) ** 2 <= 1.0)
    if isinstance(grey, Greys) and not (piece | empty).all():
        balanced, greys, _pages = grey.arrays(view, keys)
        piece |= like_a_neighbour(keys, balanced, np.asarray(page, np.float64)[None, :] - greys, piece, empty, across)
    idx = np.flatnonzero(piece | (empty & (across >= MARK_TINT)))  # a washed-out piece keeps its marks
    chosen = [keys[i] for i in idx]
    maps = lightnesses(_patches(view, chosen, MARK_SIZE + 2 * MARK_SHIFT), body[idx], near_page[idx])
    x, o = _mark_scores(maps, view.pitch)
    verdicts = {k: _mark_verdict(float(a), float(b)) for k, a, b, p in zip(chosen, x, o, piece[idx]) if p}
    tinted = ~piece[idx]
    marked = _marked([k for k, t in zip(chosen, tinted) if t], x[tinted], o[tinted])
    idx = np.flatnonzero(empty)
    chosen = [keys[i] for i in idx]
    verdicts.update(zip(chosen, _dots(lightnesses(_patches(view, chosen, 1.0), body[idx], near_page[idx]), view.pitch)))
    out = {}
    for i, k in enumerate(keys):
        b = tuple(bodies[k])
        if k in marked:
            out[k] = Square("?", "?", b, 0.0, marked[k], washed=True)
        elif piece[i] or empty[i]:
            mark, score, why = verdicts[k]
            out[k] = Square("piece" if piece[i] else "empty", mark, b, score, why)
        else:
            out[k] = Square("?", "?", b, 0.0, "neither an empty square's grey nor a piece colour "
                                              f"({along[i]:.2f} lighter, {across[i]:.2f} in colour)")
    return out


#: a square in doubt whose body (white-balanced) lies within LIKE_PIECE of the grey-to-page step
#: of a neighbouring piece square's body is a square of that piece (a dark purple piece whose
#: squares measure -0.62 .. -0.70 along and 0.39 .. 0.44 across, one of them just outside the
#: ellipse: 0.02 - 0.04 steps apart; a piece from its board's grey: 0.4 or more); so are
#: LIKE_GROUP or more squares in doubt touching, each within GROUP_LIKE of a neighbour and at
#: least GROUP_ACROSS in colour (a whole purple U at 0.46 - 0.53 across, 0.06 - 0.15 apart
#: under its marks; its board's empty squares 0.07 across at most; held-out kind seed 2 booklet
#: 13: the darker purple of four boards at 0.40 - 0.43 across, -0.49 - -0.65 along; empty squares
#: of photos 0.27 across at most against their own grey).  A group so taken that is no piece
#: still shows no X or O: refused by its marks, not misread
LIKE_PIECE, LIKE_GROUP, GROUP_LIKE, GROUP_ACROSS = 0.1, 3, 0.2, 0.35


def like_a_neighbour(keys: list, balanced: np.ndarray, steps: np.ndarray, piece: np.ndarray,
                     empty: np.ndarray, across: np.ndarray) -> np.ndarray:
    """Which squares in doubt (neither ``piece`` nor ``empty``) are piece squares by their
    neighbours (see :data:`LIKE_PIECE`): squares in doubt alike and touching are grouped; a group
    is taken when one of them is alike a piece square it touches, or when it holds
    :data:`LIKE_GROUP` squares all at least :data:`GROUP_ACROSS` in colour (``across``).
    ``balanced``: the bodies white-balanced; ``steps``: each square's grey-to-page step (n x 3)."""
    where = {k: i for i, k in enumerate(keys)}
    size = np.sqrt(np.maximum((steps * steps).sum(axis=1), 1e-6))
    doubt = np.flatnonzero(~piece & ~empty)
    parent = {int(i): int(i) for i in doubt}

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    def apart(i: int, j: int) -> float:
        return float(np.linalg.norm(balanced[i] - balanced[j]) / min(size[i], size[j]))

    touches = set()
    for i in parent:
        r, c = keys[i]
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = where.get(nb)
            if j in parent and apart(i, j) <= GROUP_LIKE:
                parent[root(i)] = root(j)
            elif j is not None and piece[j] and apart(i, j) <= LIKE_PIECE:
                touches.add(i)
    groups: dict = {}
    for i in parent:
        groups.setdefault(root(i), []).append(i)
    out = np.zeros(len(keys), bool)
    for members in groups.values():
        if touches.intersection(members) or (len(members) >= LIKE_GROUP and (across[members] >= GROUP_ACROSS).all()):
            out[members] = True
    return out


def colours_of(view, keys: list, bodies: np.ndarray, page, grey) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """How far each square's body (``bodies``, n x 3, in ``keys`` order) is from an empty square's
    grey, along and across (:func:`~visolve.puzzles.iq_xoxo.page.empty_grey.away_from_grey`; across over the contrast left when it is
    lighter, as glare leaves it), and the page around each (``grey``: see :func:`read_squares`)."""
    page = np.maximum(np.asarray(page, np.float64), 1e-6)
    if isinstance(grey, Greys):
        balanced, greys, near_page = grey.arrays(view, keys)
    else:
        balanced = np.asarray(bodies, np.float64)
        greys = np.broadcast_to(np.asarray(grey, np.float64), balanced.shape)
        near_page = np.broadcast_to(page, balanced.shape)
    along, across = away_from_greys(balanced, greys, page)
    washed = along > 0  # washed out towards the page: colour is weighed against the contrast left
    across = np.where(washed, across / np.maximum(1.0 - along, WASHED_FLOOR), across)
    return along, across, near_page


def gap_shares(view, pairs: list, bodies: list, page) -> list[float]:
    """Where the gap between each pair of neighbouring squares lies from page (0) to their bodies
    (1): 1 - :func:`_gap_peaks`, between 0 and 1 (``bodies``: each pair's two bodies)."""
    if not pairs:
        return []
    return [1.0 - float(np.clip(p, 0.0, 1.0)) for p in _gap_peaks(view, pairs, bodies, page)]


def _gap_peaks(view, pairs: list, bodies: list, page) -> np.ndarray:
    """How far the gap between each pair of squares comes from their bodies towards the page
    (0 body, 1 page; the lesser of the two bodies').

    The strip across the gap (:data:`GAP_ACROSS` each side of where it should
    be, :data:`GAP_ALONG` along it) is taken to a profile across (the median
    along), and its lightest point counts: a blurred photo spreads a thin gap
    out and a corner fitted a little off moves it.
    """
    strips = _gap_strips(view, pairs)
    if len({s.shape for s in strips}) == 1:
        return _profile_peaks(median_last(np.stack(strips).transpose(0, 2, 3, 1)), bodies, page)
    # cut off by the view's edge: strips of several sizes
    return np.concatenate([_profile_peaks(np.median(s, axis=0)[None], [two], page)
                           for s, two in zip(strips, bodies)])


def _profile_peaks(profiles: np.ndarray, bodies: list, page) -> np.ndarray:
    """The lightest point of each profile across a gap (``(m, w, 3)``) from the lesser of its
    pair's two bodies towards the page (:func:`lightness`), ``(m,)``."""
    m = len(profiles)
    maps = lightnesses(np.repeat(profiles, 2, axis=0)[:, None], np.asarray(bodies).reshape(2 * m, 3),
                       np.broadcast_to(np.asarray(page), (2 * m, 3)))
    return maps.max(axis=(1, 2)).reshape(m, 2).min(axis=1)


def _gap_strips(view, pairs: list) -> list[np.ndarray]:
    """The view's pixels around the gap between each pair of neighbouring squares, the profile
    across the gap along axis 1 (float32)."""
    (ra, ca), (rb, cb) = np.array(pairs, np.int64).transpose(1, 2, 0)
    x, y = view.board_to_view(np.stack([(ca + cb) / 2 + 0.5, (ra + rb) / 2 + 0.5], axis=1)).T
    across, along = GAP_ACROSS * view.pitch, GAP_ALONG * view.pitch
    same_row = ra == rb
    hw, hh = np.where(same_row, across, along), np.where(same_row, along, across)
    y0, y1 = np.maximum(np.round(y - hh), 0).astype(np.int64), np.round(y + hh).astype(np.int64) + 1
    x0, x1 = np.maximum(np.round(x - hw), 0).astype(np.int64), np.round(x + hw).astype(np.int64) + 1
    image = np.asarray(view.image, np.float32)
    strips = [image[t:b, l:r] for t, b, l, r in zip(y0, y1, x0, x1)]
    return [s if row else s.transpose(1, 0, 2) for s, row in zip(strips, same_row)]


#: two neighbouring piece squares whose bodies, white-balanced by the page, differ in hue by
#: more than HUE_APART degrees, both at least HUE_SATURATED saturated, are two pieces whatever
#: their gap shows (a piece is one colour: within one, 7 degrees at most over 587 pairs of the
#: scenes of seed 1; ten pieces of ten colours, though P and V, T and W lie 9-20 apart; a
#: blurred gap between two pieces can look joined)
HUE_APART, HUE_SATURATED = 15.0, 0.25


def colours_apart(bodies: list, page) -> np.ndarray:
    """Whether each pair of bodies (``[(body_a, body_b), ...]``, BGR) are two pieces by their
    colours alone (:data:`HUE_APART`), ``(m,)`` bool."""
    if not bodies:
        return np.zeros(0, bool)
    pairs = np.asarray(bodies, np.float64).reshape(-1, 3) / np.maximum(np.asarray(page, np.float64), 1.0)
    top = np.maximum(pairs.max(axis=1, keepdims=True), 1e-6)
    hsv = cv2.cvtColor((pairs / top).astype(np.float32)[None], cv2.COLOR_BGR2HSV)[0]
    hue, sat = hsv[:, 0].reshape(-1, 2), hsv[:, 1].reshape(-1, 2)
    turn = np.abs(hue[:, 0] - hue[:, 1])
    turn = np.minimum(turn, 360.0 - turn)
    return (turn > HUE_APART) & (sat.min(axis=1) >= HUE_SATURATED)


def joined(share: float) -> bool | None:
    """True (one piece), False (two), None (doubt) for a share of :func:`gap_shares`."""
    if share >= JOINED:
        return True
    if share <= APART:
        return False
    return None

