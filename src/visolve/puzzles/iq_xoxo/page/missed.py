"""A board the finder left out: tabs, pieces or squares of a grid of any size away from every board.

A booklet board always shows its tab, and pieces only on a board; so a tab,
or pieces, lying on the page around the boards read but away from all of them
mean a board was not outlined (its grey squares may all be covered), and the
page is refused rather than read in part.  The page is looked at on a coarse
copy (:func:`coarse`); :func:`lost_boards` counts what is lost for a set of
board quads.  Squares on a grid of any size (:func:`own_squares`: a spread's far page, seen
at another scale than the boards read) away from them count too (:func:`outside`).  Grey
squares of the boards' size left out are the finder's own test
(:func:`visolve.puzzles.iq_xoxo.page.finder.board_quads`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS
from visolve.puzzles.iq_xoxo.page.first_look import NEIGHBOUR, SQUARE_FILL, SQUARE_SHARE
from visolve.puzzles.iq_xoxo.page.marks import MOST, least_share, mark_shares, shown
from visolve.puzzles.iq_xoxo.page.outline import kernel
from visolve.vision.near import own_grid
from visolve.vision.polygon_distance import distances_within
from visolve.vision.working import reduce_by

#: pieces: coloured blobs of at least MIN_PIECE pitches squared
MIN_PIECE = 1.5
#: a tab farther than TAB_REACH pitches from every board is lost
TAB_REACH = 1.5
#: stray squares are looked for this many pitches around the boards found (a
#: page's boards are 1.2 - 2.2 pitches apart)
STRAY_REACH = 4.0
#: pieces far from the boards are looked for on a copy with squares at least this many px apart
LOST_SCALE = 8
#: the page: at least this share of the light right around the boards, and of their
#: chromaticity (each channel's share of the sum) within PAGE_CHROMA (a desk is not the page)
PAGE_LIGHT, PAGE_CHROMA = 0.6, 0.04
#: ... less a band this many pitches wide along its edge (blur spreads the desk's colour over it)
PAGE_EDGE = 0.5
#: when nothing is lost on the page, it is looked at again as its convex hull (see :func:`lost_boards`),
#: less a band HULL_EDGE pitches wide along its edge
CONVEX_PAGE, HULL_EDGE = True, 2.0


@dataclass(frozen=True)
class Coarse:
    """The boards' picture looked at with squares about :data:`LOST_SCALE` px apart (see :func:`lost_boards`)."""

    scale: float  #: coarse px per px of the finder's copy
    pitch: float  #: coarse px per square
    colour: np.ndarray  #: coloured (bool)
    light: np.ndarray  #: the light plane (uint8)
    blobs: np.ndarray  #: pieces' blobs (bool)
    picture: np.ndarray | None = None  #: the picture (BGR uint8), for its chromaticity
    full: tuple | None = None  #: the finder's blobs, picture and pitch, for :meth:`marked` (None: no marks looked for)

    @cached_property
    def shares(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The pieces' blobs (labels, on the finder's copy) and the share of each that shows marks
        (:func:`visolve.puzzles.iq_xoxo.page.marks.mark_shares`; None: not looked for), found only
        when asked: when blobs lie on the page beyond the boards (0.1 s on a 10 MP copy)."""
        if self.full is None:
            return None
        blobs, picture, pitch = self.full
        return mark_shares(blobs, picture, pitch)

    def marked(self, dist: np.ndarray) -> np.ndarray | None:
        """The pieces' blobs that show a piece's marks (bool, coarse; None: not looked for), as the
        pieces on the boards read show them (``dist``: each coarse pixel's distance from those boards,
        0 inside one; :func:`visolve.puzzles.iq_xoxo.page.marks.least_share`)."""
        if self.shares is None:
            return None
        labels, shares = self.shares
        inside = cv2.resize((dist <= 0).view(np.uint8), labels.shape[::-1], interpolation=cv2.INTER_NEAREST) > 0
        own = np.unique(labels[inside])
        least = least_share(shares[own[own > 0]])
        return reduce_by(shown(labels, shares, least), round(1 / self.scale)) > 127

    @cached_property
    def chroma(self) -> np.ndarray | None:
        """Each channel's share of their sum (float32, 3 planes), or None without the picture; made
        once (a refused 12 MP spread weighs several sets of quads: 0.1-0.2 s each time)."""
        if self.picture is None:
            return None
        bgr = self.picture.astype(np.float32)
        return bgr / np.maximum(bgr.sum(axis=2, keepdims=True), 1.0)


def coarse(pieces: np.ndarray, blobs: np.ndarray, grey: np.ndarray, pitch: float,
           picture: np.ndarray | None = None, marks: bool = False) -> Coarse:
    """The coarse copy :func:`lost_boards` looks at (made once for every set of quads weighed) of
    the pieces (colour, marks closed over), their blobs of at least :data:`MIN_PIECE` squares
    (both 0/255) and the light plane ``grey``, squares ``pitch`` px apart:
    reduced by a whole factor (OpenCV's fast box average), squares at least
    :data:`LOST_SCALE` px apart; ``picture``: the finder's copy in colour, for
    the page's chromaticity; ``marks``: which blobs show a piece's marks is asked when
    blobs lie on the page beyond the boards (:meth:`Coarse.marked`: only those count, however far
    from the boards)."""
    k = max(1, int(pitch // LOST_SCALE))
    small = None if picture is None else reduce_by(picture, k)
    full = (blobs, picture, pitch) if marks and picture is not None else None
    return Coarse(1.0 / k, pitch / k, reduce_by(pieces, k) > 127, reduce_by(grey, k),
                  no_pieces(reduce_by(blobs, k) > 127, pitch / k), small, full)


#: a blob filling this share of its smallest enclosing circle is a disc (the booklet's round
#: badge at the bottom of a page): a pentomino fills at most 0.5 of it, a square 0.64; one
#: longer than LONGEST pitches and STRIP times as long as wide is (a part of) a page's coloured
#: strip, cut in two by the level's name: no pieces (pieces that thin and long leave at least
#: 20 of their board's grey squares to be seen, the board is not lost unseen); pieces lie
#: on the page, at least ON_PAGE of a blob (a strip joined to a coloured desk is not), and one
#: blob shows MIN_PIECE squares' area lost (the tops of several tabs, each just beyond
#: TAB_REACH, are no board)
ROUND_FILL, LONGEST, STRIP, ON_PAGE = 0.8, 8.0, 3.0, 0.8


def no_pieces(blobs: np.ndarray, pitch: float) -> np.ndarray:
    """``blobs`` (bool, squares ``pitch`` px apart) less what is no piece: discs and long strips
    (see :data:`ROUND_FILL`)."""
    mask = blobs.astype(np.uint8)
    n, labels = cv2.connectedComponents(mask, connectivity=8)
    keep = np.ones(n, bool)
    keep[0] = False
    outlines, tree = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    for c, (_next, _prev, _child, parent) in zip(outlines, tree[0] if outlines else []):
        if parent >= 0:  # a hole's outline
            continue
        _centre, r = cv2.minEnclosingCircle(c)
        disc = r > 1 and (cv2.contourArea(c) >= ROUND_FILL * np.pi * r * r or elliptic(c))
        long, short = max(cv2.minAreaRect(c)[1]), min(cv2.minAreaRect(c)[1])
        if disc or (long > LONGEST * pitch and long > STRIP * short):
            x, y = c[0, 0]
            keep[labels[y, x]] = False
    return keep[labels]


#: a blob whose outline's fitted ellipse (:func:`cv2.fitEllipse`) covers it with at least this
#: intersection over union, at most SLANT times as long as wide, is a disc seen at a slant (the
#: badge of a page photographed turned away: its circle fill 0.75 with axes 1.35 : 1 in seed 0's
#: scene 63): measured on coarse copies (9-12 px a pitch), a disc or ellipse up to 3 : 1 gives
#: 0.92-1.0, a pentomino 0.59-0.79 (0.65-0.85 blurred 0.35 pitch), a square 0.81-0.83
ELLIPSE_IOU, SLANT = 0.93, 2.5


def elliptic(outline: np.ndarray) -> bool:
    """Whether the blob of ``outline`` (a contour) is an ellipse (see :data:`ELLIPSE_IOU`)."""
    if len(outline) < 5:
        return False
    ellipse = cv2.fitEllipse(outline)
    long, short = max(ellipse[1]), min(ellipse[1])
    if short < 1 or long > SLANT * short:
        return False
    x, y, w, h = cv2.boundingRect(outline)
    pad = round(long / 2) + 2  # the ellipse may reach beyond the blob's box
    blob = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    cv2.drawContours(blob, [outline], -1, 1, -1, offset=(pad - x, pad - y))
    drawn = np.zeros_like(blob)
    (cx, cy), axes, angle = ellipse
    cv2.ellipse(drawn, ((cx + pad - x, cy + pad - y), axes, angle), 1, -1)
    both, either = np.count_nonzero(blob & drawn), np.count_nonzero(blob | drawn)
    return either > 0 and both >= ELLIPSE_IOU * either


def not_badges(labels: np.ndarray, stats: np.ndarray, which: np.ndarray) -> np.ndarray:
    """``which`` (bool, one per blob of ``labels`` less the background; OpenCV's ``stats``
    background first) less the blobs that are ellipses (:func:`elliptic`): the page's round
    badge seen at a slant has a number tab's box (seed 0 scene 50: 1.5 : 1, 2.5 pitches
    squared; seed 2 scene 38), and was counted as a board's tab lost on the page.  Measured on
    the 95 tab-shaped blobs of 100 refused scenes of seeds 0 and 2: tabs cover their ellipse
    0.88 at most (blurred, seen at a slant, 1.6-2.3 : 1), the two badges 0.98 and 0.985;
    :data:`ELLIPSE_IOU` lies between."""
    out = np.asarray(which, bool).copy()
    for k in np.flatnonzero(out):
        x, y, w, h = (int(v) for v in stats[k + 1, :4])
        blob = (labels[y:y + h, x:x + w] == k + 1).astype(np.uint8)
        outline, _tree = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        out[k] = not (outline and elliptic(max(outline, key=len)))
    return out


#: squares of another size than the boards' (a far page's boards, seen smaller): ink blobs of a
#: square's shape on a grid of their own size (:func:`visolve.vision.near.own_grid`), their side at
#: least OTHER_SIDES[0] and at most OTHER_SIDES[1] pitches, outside every quad, each one counts
OTHER_SIDES = (0.3, 1.6)
#: ... and at most OTHER_STRETCH times as long as wide (a far page seen steeply)
OTHER_STRETCH = 2.0
#: ... linked in groups of at least OTHER_GROUP (a desk's specks may lie a pitch from two others)
OTHER_GROUP = 6
#: squares of another size than the boards': sides differing by more than this share from theirs
OTHER_APART = 0.25


def own_squares(stats: np.ndarray, centres: np.ndarray, pitch: float,
                others: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Centres and sides of the ink blobs (OpenCV's ``stats`` and ``centres``, background first)
    of a square's shape on a grid of their own size, any size (see :data:`OTHER_SIDES`): a board
    at another scale than ``pitch``'s (a spread's far page) is seen too.  ``others``: only those
    whose side is more than :data:`OTHER_APART` from a square's of ``pitch`` (the boards' own
    size is the finder's stray test: a steep board's outline a column short was counted twice,
    and its page refused)."""
    st, centres = stats[1:], centres[1:]
    w, h, area = st[:, 2], st[:, 3], st[:, 4]
    sides = np.sqrt(area.astype(np.float64))
    stretch = np.maximum(w, h) / np.maximum(np.minimum(w, h), 1)
    shaped = (area >= SQUARE_FILL * w * h) & (stretch <= OTHER_STRETCH)
    shaped &= (sides >= OTHER_SIDES[0] * pitch) & (sides <= OTHER_SIDES[1] * pitch)
    keep = np.flatnonzero(shaped)
    keep = keep[own_grid(centres[keep], sides[keep], SQUARE_SHARE, NEIGHBOUR, stretch=stretch[keep],
                         group=OTHER_GROUP)]
    if others:
        keep = keep[np.abs(sides[keep] / (SQUARE_SHARE * pitch) - 1) > OTHER_APART]
    return centres[keep].reshape(-1, 2), sides[keep]


def outside(centres: np.ndarray, sides: np.ndarray, quads: list[np.ndarray]) -> int:
    """How many of ``centres`` lie farther than their ``sides`` outside every quad."""
    if not len(centres):
        return 0
    reach = float(np.max(sides))  # a centre farther than its side from every quad (-inf: farther than all sides)
    nearest = np.max([distances_within(centres, q, reach) for q in quads], axis=0) if quads else None
    return len(centres) if nearest is None else int(np.sum(nearest < -np.asarray(sides, np.float64)))


def lost_boards(small: Coarse, tabs: np.ndarray, quads: list[np.ndarray], farther: np.ndarray | None = None) -> int:
    """A board left out (its squares may all be covered): how many tabs lie farther than
    :data:`TAB_REACH` pitches from every quad, and one more when pieces (blobs of colour of at
    least :data:`MIN_PIECE` squares) cover that area between TAB_REACH and :data:`STRAY_REACH`
    pitches from them, all on the boards' page.

    The page is the uncoloured region around the quads at least :data:`PAGE_LIGHT` as light as
    right around them, with its holes (a desk, or a tab-shaped thing on it, is not on it), less
    a band along its edge; when something is lost on it, it is looked at again keeping only the
    page's chromaticity (a light desk of another tint is not the page), and when nothing is, as the
    convex hull of that region less a band :data:`HULL_EDGE` pitches wide, for pieces showing their
    marks only (when ``small`` looks for marks; else not looked at so): a sheet
    is convex, and a shadow or glare cutting into its edge leaves it so (scenes seed 241 page 75: a
    round shadow over a page of two cut the page short of board 32's pieces and tab, their share of
    it 0, and the page was read as 33 alone, a misread).  A hull that takes in a light desk's edge
    takes in what lies on it: tabs are not counted there (seed 0 spread 80, a tab-shaped blob by its
    fold, refused when they were), nor pieces within the band (seed 223 page 77, a wooden desk's
    light stripes joined to the page), nor a blob larger than a board all covered with its tab can be
    (:data:`~visolve.puzzles.iq_xoxo.page.marks.MOST` squares: a desk's colour around the page, seeds 227
    page 22 and 241 page 62, read whole, refused for it; a board's size left out seed 463 spread 75's
    board 9, covered whole and one blob with its tab, 54 squares, cut off the page by a shadow and the
    fold: its pieces were not counted and the spread read as board 10 alone), nor one without marks (seed
    239 page 86 and the painter's photographed page 21: a desk's shape the hull took in).  It is
    looked at with squares about :data:`LOST_SCALE` px apart (``small``, see :func:`coarse`).  ``farther``
    (bool, as ``small``'s planes): where pieces count however far from the boards (None: nowhere).
    When ``small`` looks for marks (:meth:`Coarse.marked`), only pieces showing them count, and
    however far: a tab-shaped blob counts with or without digits (a glare-washed board's piece
    cut to a tab's shape may be all that is seen of it).
    """
    if not quads:
        return len(tabs)
    dist = board_distance(small.colour.shape, [np.asarray(q, np.float64) * small.scale for q in quads], small.pitch)
    near = (dist > 0) & (dist < TAB_REACH) & ~small.colour
    if not near.any():
        return 0
    paper = ~small.colour & (small.light >= PAGE_LIGHT * float(np.median(small.light[near])))
    lost = _lost_on(small, tabs, dist, near, paper, farther)
    if not lost:
        if CONVEX_PAGE and small.full is not None:  # a shadow or glare cutting into the page: its hull
            return _lost_on(small, np.zeros((0, 2)), dist, near, paper, farther, hull=True)
        return 0
    chroma = small.chroma
    if chroma is not None:
        tint = np.median(chroma[near], axis=0)
        paper &= np.abs(chroma - tint).max(axis=2) <= PAGE_CHROMA
        lost = _lost_on(small, tabs, dist, near, paper, farther) if (near & paper).any() else 0
    return lost


def board_distance(shape: tuple[int, int], quads: list[np.ndarray], pitch: float) -> np.ndarray:
    """How far each pixel of a plane of ``shape`` lies from the nearest of ``quads`` (px of that
    plane; 0 inside one), in that board's own pitch (its longest side over :data:`COLS`), or in
    ``pitch`` when that is larger.

    A page seen at a slant shows its near boards larger than the page's pitch (taken from the
    most squares, often the far boards'): seed 0 scene 14's boards measure 0.88-1.50 times the
    pitch, and the tab of the largest, its middle 0.8 of that board's pitches from it (1.2 of the
    page's), reached on past 1.5 of the page's pitches with more than 1.5 squares' area: it counted
    as pieces lost, and the page, every board read, was refused.  Measured in the board's own
    pitch, what lies around a board is measured as printed; a board seen smaller than the page's
    pitch keeps that pitch (around it, nothing counts lost that did not before)."""
    inside = np.full(shape, 255, np.uint8)
    for q in quads:
        cv2.fillConvexPoly(inside, np.round(q).astype(np.int32), 0)
    sides = [own_pitch(q) for q in quads]
    if max(sides) <= pitch:  # no board seen larger than the pitch: one distance for all
        return cv2.distanceTransform(inside, cv2.DIST_L2, 3) / pitch
    dist, labels = cv2.distanceTransformWithLabels(inside, cv2.DIST_L2, 3, labelType=cv2.DIST_LABEL_CCOMP)
    own = np.full(int(labels.max()) + 1, np.inf)
    for q, side in zip(quads, sides):  # each board's region is the label of the pixels it covers
        x, y = np.clip(np.round(q.mean(axis=0)).astype(int), 0, [shape[1] - 1, shape[0] - 1])
        own[labels[y, x]] = min(own[labels[y, x]], side)  # boards that touch: the smaller
    return dist / np.maximum(np.where(np.isfinite(own), own, pitch), pitch).astype(np.float32)[labels]


def own_pitch(quad: np.ndarray) -> float:
    """A board's own pitch (px): its longest side over :data:`~visolve.puzzles.iq_xoxo.board.COLS`
    (``quad``: its corners in order)."""
    return max(float(np.linalg.norm(quad[k] - quad[k - 1])) for k in range(4)) / COLS


def _lost_on(small: Coarse, tabs: np.ndarray, dist: np.ndarray, near: np.ndarray, paper: np.ndarray,
             farther: np.ndarray | None = None, hull: bool = False) -> int:
    """:func:`lost_boards`'s count on the page: the part of ``paper`` that is most of the ring ``near``
    the quads (``dist`` pitches from them), its holes filled (``hull``: all of its convex hull)."""
    _n, labels = cv2.connectedComponents(paper.astype(np.uint8), connectivity=4)
    ring = labels[near & paper]
    page = (labels == np.bincount(ring).argmax()).astype(np.uint8)
    outline, _h = cv2.findContours(page, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if hull:
        cv2.fillConvexPoly(page, cv2.convexHull(np.concatenate(outline)), 1)
    cv2.drawContours(page, outline, -1, 1, -1)
    edge = HULL_EDGE if hull else PAGE_EDGE
    page = cv2.erode(page, kernel(2 * edge * small.pitch + 1))  # a desk's tint bleeds over the edge
    far = (page > 0) & (dist > TAB_REACH)
    lost = 0
    for x, y in tabs * small.scale:
        i, j = min(int(y), far.shape[0] - 1), min(int(x), far.shape[1] - 1)
        lost += bool(far[i, j])
    n, blobs = cv2.connectedComponents(small.blobs.astype(np.uint8), connectivity=8)
    areas = np.bincount(blobs.ravel(), minlength=n)
    share = np.bincount(blobs[page > 0], minlength=n) / np.maximum(areas, 1)
    if hull:  # the hull may take in a desk's colour: a blob larger than a covered board is no board's pieces
        share[areas > MOST * small.pitch**2] = 0.0
    if small.full is None:
        reach = dist < STRAY_REACH if farther is None else (dist < STRAY_REACH) | farther
        return lost + _lying(blobs, n, far & reach, share, small.pitch)
    # only pieces showing their marks, near or far (the page's badge seen at a slant, or a desk's
    # shape by the page's edge, shows none): the marks looked for only when a blob lies there
    if not _lying(blobs, n, far, share, small.pitch):
        return lost
    return lost + _lying(blobs, n, far & small.marked(dist), share, small.pitch)


def _lying(blobs: np.ndarray, n: int, lost: np.ndarray, share: np.ndarray, pitch: float) -> bool:
    """Whether a blob (labels ``blobs``, ``n`` of them) on the page (``share`` of it, at least
    :data:`ON_PAGE`) shows :data:`MIN_PIECE` squares' area where ``lost``."""
    lying = np.bincount(blobs[lost], minlength=n)  # each blob's area lost
    lying[0] = 0  # the background
    return bool(((share >= ON_PAGE) & (lying >= MIN_PIECE * pitch**2)).any())
