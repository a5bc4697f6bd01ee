"""The grey of an empty IQ XOXO square, square by square over a board view.

Light and colour change over a photo (a lamp on one side, a colour cast
growing to one corner, a highlight clipped to white, glare washing a patch
out): one page colour and one grey for the whole board misjudge the squares
far from the average.  So each square's body is white-balanced by the page
at its corners (:func:`local_pages`) and compared with a grey fitted to the
empty squares around it (:func:`grey_field`), in steps from that grey to the
page (:func:`away_from_grey`).  :mod:`visolve.puzzles.iq_xoxo.page.squares` reads
the squares against it.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from visolve.vision.light import channel_max, channel_min

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
#: an empty square's grey as a share of the page (the booklet's, and :mod:`visolve.puzzles.iq_xoxo.draw`'s)
SQUARE_GREY = 0.86


def grey_reference(bodies: dict, page, local: bool = True) -> Greys:
    """The empty squares' grey of one board, square by square (see :class:`Greys`); ``local``:
    the page taken at each square's corners (False: the board's page for every square, for a
    board whose gaps are not seen, blurred: its corners show its squares' grey, not the page)."""
    return Greys(bodies, np.maximum(np.asarray(page, np.float64), 1e-6), local)


class Greys:
    """Each square's body white-balanced by the page around it, and the grey of an
    empty square there.

    Light and colour change over a photo (a lamp on one side, a colour cast
    growing to one corner, a highlight clipped to white, glare washing a patch
    out): one page colour and one grey for the whole board misjudge the
    squares far from the average.  So each body is first divided by the page
    at the square's corners (:func:`local_pages`, times the board's page), then
    compared with the grey of the empty squares around it
    (:func:`grey_field`).  Computed for the first view asked about, kept for
    the others.
    """

    def __init__(self, bodies: dict, page: np.ndarray, local: bool = True):
        self.bodies, self.page, self.local = bodies, page, local
        self._view = None
        self._index: dict = {}
        self._arrays: tuple = ()

    def arrays(self, view, keys: list) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The bodies of squares ``keys`` white-balanced, their greys and the page around each (n x 3 each)."""
        if self._view is not view:
            self._view = view
            every = list(self.bodies)
            pages = local_pages(corner_pages(view), every, self.page) if self.local \
                else np.broadcast_to(self.page, (len(every), 3))
            balanced = np.array([self.bodies[k] for k in every]) * self.page / pages
            greys = grey_field(dict(zip(every, balanced)), self.page)
            self._index = {k: i for i, k in enumerate(every)}
            self._arrays = (balanced, np.array([greys[k] for k in every]), pages)
        idx = [self._index[k] for k in keys]
        return tuple(a[idx] for a in self._arrays)


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
    top = np.argpartition(px[..., 0] + px[..., 1] + px[..., 2], -n, axis=1)[:, -n:]
    out = np.take_along_axis(px, top[:, :, None], axis=1).mean(axis=1)
    return out.astype(np.float64).reshape(view.rows + 1, view.cols + 1, 3)


def local_pages(corners: np.ndarray, keys: list, page=None) -> np.ndarray:
    """The page's colour at each square of ``keys`` (n x 3): the mean of the two lightest of its
    four :func:`corner_pages` (a corner inside a piece shows the piece).

    With the board's ``page`` colour given, a corner tinted against it (:func:`page_tinted`) is no
    page: the two lightest of the others are taken (one, when only one is left), and a square
    whose four corners are all tinted takes the board's page.
    """
    r, c = np.array(keys, np.int64).reshape(-1, 2).T
    four = np.stack([corners[r, c], corners[r, c + 1], corners[r + 1, c], corners[r + 1, c + 1]], axis=1)
    light = four.sum(axis=2)
    plain = np.ones(light.shape, bool) if page is None else ~page_tinted(four, page)
    order = np.argsort(np.where(plain, light, -np.inf), axis=1)[:, -2:]
    two = np.take_along_axis(four, order[:, :, None], axis=1)
    weight = np.take_along_axis(plain, order, axis=1).astype(np.float64)
    seen = weight.sum(axis=1)
    out = (two * weight[:, :, None]).sum(axis=1) / np.maximum(seen, 1.0)[:, None]
    if page is not None:
        out[seen == 0] = np.asarray(page, np.float64)
    return np.maximum(out, 1e-6)


#: a corner whose colour, divided by the board's page channel by channel, has a saturation
#: (max - min) / max over PAGE_TINT is no page (a piece's, or a tab's, colour reached into
#: it: an outline a third of a square off, a blurred small board).  The page at the corners
#: of boards read right, no piece square touching them, tab corners aside: 99.9 % at 0.074,
#: at most 0.09 (held-out open booklets seed 1, scenes seed 1: 13 000 corners); the tinted
#: corners of the misread (seed 79 scene 50, board 69) 0.51 - 0.64
PAGE_TINT = 0.2


def page_tinted(colours: np.ndarray, page) -> np.ndarray:
    """Whether each colour of ``colours`` (... x 3) is tinted against ``page`` (:data:`PAGE_TINT`)."""
    ratio = np.asarray(colours, np.float64) / np.maximum(np.asarray(page, np.float64), 1e-6)
    high = channel_max(ratio)
    return (high - channel_min(ratio)) > PAGE_TINT * np.maximum(high, 1e-6)


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
    keys = list(bodies)
    raw = np.array([bodies[k] for k in keys])
    colours = raw.astype(np.float64)
    for most in GREY_SAT:  # a colour cast on the squares but not the page (clipped white): looser
        seeds = _clearly_grey(colours, page, most)
        if seeds.sum() >= MIN_GREY:
            break
    else:
        return {k: SQUARE_GREY * page for k in bodies}
    design, near = _grey_reach(tuple(keys))
    overall = np.median(raw[seeds], axis=0)
    empty = seeds & _near(colours, overall[None, :], page)
    for _ in range(GROW_ROUNDS):
        local = _local_grey(colours, design, near, empty, overall)
        grown = empty | _near(colours, local, page)
        if np.array_equal(grown, empty):
            break
        empty = grown
    else:
        local = _local_grey(colours, design, near, empty, overall)
    return {k: local[i] for i, k in enumerate(keys)}


@lru_cache(maxsize=8)
def _grey_reach(keys: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The design of each square's plane over the squares ``keys`` (n x n x 3: 1 and the other
    square's offset) and how much each square weighs in another's grey (exp(-d^2 / 2
    :data:`GREY_REACH`^2), 0 for itself; n x n)."""
    where = np.array(keys, np.float64)
    near = np.exp(-((where[:, None, :] - where[None, :, :]) ** 2).sum(axis=2) / (2 * GREY_REACH ** 2))
    np.fill_diagonal(near, 0.0)
    offset = where[None, :, :] - where[:, None, :]
    design = np.concatenate([np.ones(offset.shape[:2] + (1,)), offset], axis=2)
    design.flags.writeable = near.flags.writeable = False
    return design, near


def _clearly_grey(colours: np.ndarray, page, most: float) -> np.ndarray:
    """Which bodies (n x 3) white-balanced by the page have a saturation (max - min) / max of
    at most ``most`` and are at least :data:`GREY_LIGHT` light."""
    ratio = colours / page
    high = channel_max(ratio)
    return ((high - channel_min(ratio)) / np.maximum(high, 1e-6) <= most) & (high >= GREY_LIGHT)


def _near(bodies: np.ndarray, greys: np.ndarray, page) -> np.ndarray:
    """Which of ``bodies`` (n x 3) lie within :data:`GROW_ALONG` along and :data:`GROW_ACROSS`
    across their ``greys`` (n x 3 or 1 x 3; as :func:`away_from_grey`)."""
    along, across = away_from_greys(bodies, greys, page)
    return (np.abs(along) <= GROW_ALONG) & (across <= GROW_ACROSS)


def _local_grey(colours: np.ndarray, design: np.ndarray, near: np.ndarray, empty: np.ndarray,
                overall: np.ndarray) -> np.ndarray:
    """Each square's grey: a plane fitted to the empty squares' colours around it (weights
    ``near``, a square's own 0; ``design``: see :func:`_grey_reach`), which follows a gradient
    of light to the board's edge; the slopes are held towards 0 by :data:`SLOPE_RIDGE`, the
    board's ``overall`` grey weighs :data:`GREY_PRIOR` at the square itself, and the fit is
    held within the colours of the empty squares near it (:data:`CLAMP_WEIGHT`)."""
    w = near * empty[None, :]
    weighted = (design * w[:, :, None]).transpose(0, 2, 1)
    lhs = weighted @ design
    rhs = weighted @ colours
    lhs[:, 0, 0] += GREY_PRIOR
    rhs[:, 0, :] += GREY_PRIOR * overall
    lhs[:, 1, 1] += SLOPE_RIDGE
    lhs[:, 2, 2] += SLOPE_RIDGE
    fitted = np.linalg.solve(lhs, rhs)[:, 0, :]
    seen = (w >= CLAMP_WEIGHT)[:, None, :]  # no further than the greys seen around it
    by_channel = colours.T[None]
    low = np.where(seen, by_channel, np.inf).min(axis=2)
    high = np.where(seen, by_channel, -np.inf).max(axis=2)
    some = seen[:, 0, :].any(axis=1)
    fitted[some] = np.clip(fitted[some], low[some], high[some])
    return fitted


def away_from_grey(body, grey, page) -> tuple[float, float]:
    """How far ``body`` is from the board's grey along the step grey -> page and across it, in steps."""
    along, across = away_from_greys(np.asarray(body, np.float64)[None], np.asarray(grey, np.float64)[None], page)
    return float(along[0]), float(across[0])


#: colour across the step grey -> page is counted in steps of at least STEP_FLOOR levels: a board
#: whose grey is nearly its page's (a veiled photo, glare) would count the photo's noise as colour
#: (painter set seed 0 page 261: a step of 7.5 levels, five glared empty squares 5 - 16 levels off
#: their grey read 0.7 - 2.1 steps across, a P piece)
STEP_FLOOR = 16.0


def away_from_greys(bodies: np.ndarray, greys: np.ndarray, page) -> tuple[np.ndarray, np.ndarray]:
    """:func:`away_from_grey` of each of ``bodies`` against its grey (n x 3 each); across over
    a step of at least :data:`STEP_FLOOR`."""
    step = np.asarray(page, np.float64)[None, :] - greys
    size = np.maximum((step * step).sum(axis=1), 1e-6)
    d = bodies - greys
    along = (d * step).sum(axis=1) / size
    return along, np.linalg.norm(d - along[:, None] * step, axis=1) / np.maximum(np.sqrt(size), STEP_FLOOR)
