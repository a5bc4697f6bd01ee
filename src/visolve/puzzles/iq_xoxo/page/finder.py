"""Finding IQ XOXO boards in a picture: each 5 x 10 grid as a quadrilateral.

A booklet board is a block of grey squares and coloured pieces on a light
page.  On a working copy of the picture (its first look, long side
:data:`~visolve.puzzles.iq_xoxo.page.first_look.WORK_SIDE`, in
:mod:`visolve.puzzles.iq_xoxo.page.first_look`):

1. *ink*: pixels darker than the page around them (the light is evened out
   with :func:`visolve.vision.light.illumination`) or clearly coloured;
2. *pitch*: the board's empty squares are separate compact blobs of one
   size; the median side of the square-like blobs is the cell pitch;
3. *parts*: on a copy with squares about
   :data:`~visolve.puzzles.iq_xoxo.page.crop.TARGET_PITCH` px apart, cut
   to the part around the squares seen, the grey squares and the pieces;
4. *boards*: each as a lattice of its squares
   (:mod:`visolve.puzzles.iq_xoxo.page.lattice`); when that leaves grey squares,
   a number tab or pieces out, also as outlined blocks
   (:mod:`visolve.puzzles.iq_xoxo.page.outline`);
5. *left out*: grey squares on a grid, a tab or pieces on the page away
   from every board found (:mod:`visolve.puzzles.iq_xoxo.page.missed`) weigh against
   the page (the reader refuses it).

:func:`find_boards` returns the quadrilaterals in picture coordinates
(corners tl, tr, br, bl of the squares' outer edges, long side across),
in reading order.  Which way up the board is, is the reader's question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.crop import boards_copy
from visolve.puzzles.iq_xoxo.page.denoised import denoised_quads
from visolve.puzzles.iq_xoxo.page.faint_look import faint_look
from visolve.puzzles.iq_xoxo.page.first_look import (MAX_SQUARES, REACH, SQUARE_ASPECT,
                                                    SQUARE_FILL, SQUARE_SHARE, closer_look, closer_planes, first_look,
                                                    ink_mask, labelled, on_grid, planes, rough_pitch, small_parts,
                                                    work_copy)
from visolve.puzzles.iq_xoxo.page.lattice import FAINT_CELLS, PLACED_CELLS, find_lattice
from visolve.puzzles.iq_xoxo.page.missed import (MIN_PIECE, STRAY_REACH, coarse, lost_boards, not_badges, outside,
                                                 own_squares)
from visolve.puzzles.iq_xoxo.page.tab_anchor import anchored_quads
from visolve.puzzles.iq_xoxo.page.outline import SPECK_SHARE, block_quads, classic_quads, kernel, ordered_corners
from visolve.vision.polygon_distance import distances_within

#: grey squares: side within this share of SQUARE_SHARE pitches (a photo's perspective
#: makes near squares much larger than far ones); pieces: coloured blobs of at least
#: MIN_PIECE pitches squared (:mod:`.missed`)
SQUARE_SPREAD = 0.5
#: holes in ink up to this many pitches squared (a dot) are filled
HOLE = 0.12
#: quads whose corners all lie within this many pitches are one
SAME_QUAD = 0.1
#: number tabs: bounding box of TAB_BOX pitches squared, TAB_ASPECT times as wide as
#: high (turned up to 15 degrees); one lost (see :mod:`.missed`) counts as LOST_TAB stray squares
TAB_BOX, TAB_ASPECT, LOST_TAB = (1.2, 4.5), (1.5, 4.0), 10
#: squares on a grid farther than STRAY_REACH pitches from every board count when at least this many
FAR_SQUARES = 8
#: a piece's marks (lighter, less coloured) are closed over by a disc this share of the pitch
MARK_SHARE = 0.35


@dataclass(frozen=True)
class Found:
    """A board found: its corners (picture px, tl tr br bl), the pitch (picture px) and
    the centres (picture px) of the grey squares seen in and around it."""

    corners: np.ndarray
    pitch: float
    squares: np.ndarray
    tentative: bool = False  #: placed from a tab alone (:mod:`.tab_anchor`): kept only when it reads


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
                split: bool = False) -> Parts:
    """What boards are made of: grey squares of the pitch's size and coloured pieces
    (grey ink of the brightest channel ``grey`` or of the channels' mean ``dull``); ``split``:
    squares run together cut apart too (:func:`with_runs_split`).

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
    ok = _square_like(ink_stats[1:], pitch)
    is_square = np.zeros(n, np.uint8)
    is_square[1:] = 255 * ok
    parts = Parts(ink_labels, is_square, centres[1:][ok], np.sqrt(ink_stats[1:, 4][ok].astype(np.float64)), col,
                  pieces, cv2.bitwise_or(ink, col), grey_ink, tabs=blob_centres[1:][_tabs(labels, stats, pitch)],
                  ink=(ink, ink_stats, centres))
    return with_runs_split(parts, grey, pitch, dull) if split else parts


def _square_like(st: np.ndarray, pitch: float) -> np.ndarray:
    """Which blobs (stats rows x, y, w, h, area) are grey squares of the pitch's size (:data:`SQUARE_SPREAD`)."""
    w, h, area = st[:, 2], st[:, 3], st[:, 4]
    size = np.sqrt(area.astype(np.float64)) / (SQUARE_SHARE * pitch)
    shaped = (area >= SQUARE_FILL * w * h) & (np.maximum(w, h) <= SQUARE_ASPECT * np.minimum(w, h))
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
    more = centres[1:][_tabs(labels, stats, pitch)]
    if len(tabs):
        more = np.array([c for c in more if np.linalg.norm(tabs - c, axis=1).min() >= pitch]).reshape(-1, 2)
    return np.concatenate([np.asarray(tabs, np.float64).reshape(-1, 2), more])


def _stray(parts: Parts, quads: list[np.ndarray], pitch: float) -> int:
    """Squares outside every quad and part of a grid (linked into a lattice, or with two others
    a pitch away): a board left out.  Those within :data:`STRAY_REACH` pitches of a board
    count; farther ones (a board on a spread's other page) when there are at least
    :data:`FAR_SQUARES` of them (a few far squares on a grid are the desk's)."""
    near, far = [], []
    if quads:  # each square's distance to the nearest quad (-inf: farther than STRAY_REACH from all)
        nearest = np.max([distances_within(parts.centres, q, STRAY_REACH * pitch) for q in quads], axis=0)
        for k, dist in enumerate(nearest):
            if dist < -pitch / 2:
                (near if dist > -STRAY_REACH * pitch else far).append(k)

    def gridded(some: list[int]) -> int:
        grouped = 0 if parts.grouped is None else int(parts.grouped[some].sum())
        return max(grouped, on_grid(parts.centres[some][:MAX_SQUARES], pitch))

    beyond = gridded(far) if far else 0
    return gridded(near) + (beyond if beyond >= FAR_SQUARES else 0)


def board_quads(grey: np.ndarray, coloured: np.ndarray, pitch: float, dull: np.ndarray | None = None,
                picture: np.ndarray | None = None) -> tuple[
        list[np.ndarray], np.ndarray, Callable[[list[np.ndarray]], int], Callable[..., list[np.ndarray]]]:
    """Quads (px of ``grey``) of the boards, squares ``pitch`` px apart, the centres of all
    the grey squares seen, how to weigh the stray squares of a set of quads (a number tab
    or pieces far from every quad count as :data:`LOST_TAB` squares), and how to outline
    the boards further.

    First each board as a lattice of its squares
    (:func:`visolve.puzzles.iq_xoxo.page.lattice.find_lattice`).  When that
    leaves squares or a tab out, or a board does not read, blocks are outlined
    three ways too (the last callable): of the squares and pieces alone
    (:func:`board_parts`, blind to shading), of all the ink and colour (keeps
    squares that touch a line or each other), and as :func:`classic_quads`; and
    where none of these lies, lattice windows holding fewer covered cells
    (:data:`~visolve.puzzles.iq_xoxo.page.lattice.FAINT_CELLS`: a faint board; left
    out with ``faint_too=False``).  Asked last (``split``): the lattice of the squares run together
    cut apart; after all else (``smooth``), of the squares on planes smoothed against a page's
    grain (:mod:`.denoised`).  One board may so give several quads: the reader keeps the first that reads.
    """
    parts = board_parts(grey, coloured, pitch, dull)
    tabs = parts.tabs
    lattice = find_lattice(parts.centres, parts.sides, parts.cover, grey, parts.pieces, pitch, SQUARE_SHARE)
    quads = [ordered_corners(q) for q in lattice.quads()]
    parts = replace(parts, grouped=lattice.grouped)

    small = coarse(parts.pieces, parts.blobs, grey, pitch, picture, marks=True)

    weighed: dict = {}  # the reader weighs the boards read before and after outlining further

    def weigh(some: list[np.ndarray]) -> int:
        key = b"".join(sorted(np.asarray(q, np.float64).tobytes() for q in some))  # any order
        if key not in weighed:
            if "own" not in weighed:
                weighed["own"] = own_squares(parts.ink[1], parts.ink[2], pitch, others=True)
            weighed[key] = _stray(parts, some, pitch) + LOST_TAB * lost_boards(small, tabs, some) \
                + outside(*weighed["own"], some)
        return weighed[key]

    def outlines(faint_too: bool = True, split: bool = False, done: list[np.ndarray] = (),
                 smooth: bool = False) -> list[np.ndarray]:
        if smooth:  # asked after all else, when the page would be refused
            return [q for q in map(ordered_corners, denoised_quads(grey, coloured, pitch, dull, board_parts))
                    if all(np.abs(q - other).max() > SAME_QUAD * pitch for other in quads)]
        if split:  # asked for last, when the others leave a board out or unread
            cut = with_runs_split(parts, grey, pitch, dull)
            if cut is parts:  # nothing run together: the same lattice, the same quads
                return []
            return [q for q in _split_quads(cut, grey, pitch)
                    if all(np.abs(q - other).max() > SAME_QUAD * pitch for other in quads)]
        ink = cv2.bitwise_or(parts.grey_ink, (coloured * 255).astype(np.uint8))
        ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel(SPECK_SHARE * pitch))
        faint = lattice.quads(FAINT_CELLS) if faint_too else []
        more: list[np.ndarray] = []
        done = list(done)  # the boards read: their blocks not outlined again, and no window placed in them
        blocks = block_quads(parts.mask, pitch, done) + block_quads(ink, pitch, done) \
            + classic_quads(grey, coloured, pitch, REACH, done)
        faint = [q for q in map(ordered_corners, faint)
                 if not any(_inside(q.mean(axis=0), other) for other in quads + blocks + done)]
        anchored = [ordered_corners(q) for q in anchored_quads(loose_tabs(tabs, coloured, pitch), quads,
                                                               lattice.anchors(), pitch)] if faint_too else []
        placed = [q for q in map(ordered_corners, lattice.quads(PLACED_CELLS))
                  if not any(_inside(q.mean(axis=0), other) for other in quads + blocks + faint + done)] \
            if faint_too else []
        tentative.update(q.tobytes() for q in anchored + placed)
        for quad in blocks + faint + anchored + placed:
            if all(np.abs(quad - q).max() > SAME_QUAD * pitch for q in quads + more):
                more.append(quad)
        return more

    tentative: set[bytes] = set()  # the outlines placed from a tab alone (Found.tentative)
    return quads, parts.centres, weigh, outlines, tentative


def _split_quads(parts: Parts, grey: np.ndarray, pitch: float) -> list[np.ndarray]:
    """Lattice quads of the grey squares of ``parts`` with those run together cut apart
    (:func:`with_runs_split`), tried last: cut squares may sit a little off, and bend a lattice
    that the whole ones fit."""
    lattice = find_lattice(parts.centres, parts.sides, parts.cover, grey, parts.pieces, pitch, SQUARE_SHARE)
    return [ordered_corners(q) for q in lattice.quads()]


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    """Whether ``point`` lies in ``quad``."""
    return cv2.pointPolygonTest(quad.astype(np.float32), (float(point[0]), float(point[1])), False) >= 0


def board_blocks(work: np.ndarray) -> tuple[list[np.ndarray], float | None]:
    """Quads (px of ``work``) of the board-like blocks of a picture, and the pitch (None: no squares)."""
    grey, coloured, _dull = planes(work)
    pitch = rough_pitch(grey, coloured)
    if pitch is None:
        return [], None
    quads, _centres, weigh, outlines, _tentative = board_quads(grey, coloured, pitch)
    # no faint windows: a probe's small thumbnail of another family's grid could show one
    return (quads + outlines(faint_too=False) if not quads or weigh(quads) else quads), pitch


def glance(image: np.ndarray) -> tuple:
    """The working copy of ``image``, its scale, its planes (made on first use) and the first
    look at it (:func:`first_look`; None: no squares at the working copy's scale).  A box photo
    shows none there: the reader asks the box reader before the page finder's closer look
    (:func:`find_boards`, ``notes["glance"]``), which costs most of a 12 MP box photo's time."""
    work, f = work_copy(image)
    made: dict = {}

    def work_planes() -> tuple:
        if not made:
            made["planes"] = planes(work)
        return made["planes"]

    return work, f, work_planes, first_look(work, work_planes)


def _looked(image: np.ndarray, glanced: tuple | None = None) -> tuple:
    """:func:`glance` (or ``glanced``, taken before), with a closer look when the first sees
    no squares (small squares' gaps blurred away at the working scale), and a faint look when
    neither does (:func:`~visolve.puzzles.iq_xoxo.page.faint_look.faint_look`: fainter gaps;
    None: no squares)."""
    work, f, work_planes, look = glance(image) if glanced is None else glanced
    if look is None:
        closer = closer_planes(image, f)  # made once: both looks read it
        look = closer_look(image, f, closer) or faint_look(image, f, work_planes, lambda: closer)
    return work, f, work_planes, look


def find_boards(image: np.ndarray, notes: dict | None = None) -> tuple[
        list[Found], Callable[[list[np.ndarray]], int], Callable[..., list[Found]]]:
    """Every board-like block of ``image`` (see the module docstring), in reading order, how
    to weigh the squares of a grid, tabs and pieces lying outside some of them (quads in
    picture px; a weight of :data:`LOST_TAB` or more: a board not outlined), and how to
    outline the boards further (more quads, called when a board was left out or does not read;
    ``done``: the quads, picture px, of the boards read, which are not outlined again:
    :func:`~visolve.puzzles.iq_xoxo.page.outline.known_block`).

    The pitch is measured on the working copy (:func:`first_look`); the boards
    are then looked for on a copy scaled so that a square is about
    :data:`~visolve.puzzles.iq_xoxo.page.crop.TARGET_PITCH` px (never larger
    than the picture): small boards keep their gaps, large ones cost less
    (:func:`~visolve.puzzles.iq_xoxo.page.crop.boards_copy`).  ``notes``, when given, keeps the
    first look (``"look"``) for :func:`squares_seen`, and the part of the picture looked at
    (``"crop"``: its top-left and bottom-right corners and the pitch, picture px); a
    ``"glance"`` it holds (:func:`glance` of the same picture) is not taken again.
    """
    work, f, work_planes, look = _looked(image, None if notes is None else notes.get("glance"))
    if notes is not None:
        notes["look"] = (f, look)
    if look is None:
        return [], _nothing, lambda split=False, done=(), smooth=False: []
    picture, (grey, coloured, dull), pitch, f, origin = boards_copy(image, work, f, work_planes, *look)
    if notes is not None:  # the part of the picture looked at (picture px) and its pitch there
        notes["crop"] = (origin, origin + np.array(picture.shape[1::-1]) / f, pitch / f)
    quads, squares, weigh, outlines, tentative = board_quads(grey, coloured, pitch, dull, picture)
    scale, shift = f, origin

    def to_picture(some: list[np.ndarray]) -> list[Found]:
        found = []
        for q in some:
            near = np.asarray(squares).reshape(-1, 2)[distances_within(squares, q, pitch / 2) > -pitch / 2]
            found.append(Found((q + 0.5) / scale + shift, pitch / scale,
                               (np.array(near).reshape(-1, 2) + 0.5) / scale + shift, q.tobytes() in tentative))
        return found

    def weigh_picture(some: list[np.ndarray]) -> int:
        return weigh([(np.asarray(q, np.float64) - shift) * scale - 0.5 for q in some])

    def further(split: bool = False, done: list[np.ndarray] = (), smooth: bool = False) -> list[Found]:
        return to_picture(outlines(split=split, done=[(np.asarray(q, np.float64) - shift) * scale - 0.5 for q in done],
                                   smooth=smooth))

    return reading_order(to_picture(quads)), weigh_picture, further


def squares_seen(image: np.ndarray, notes: dict | None = None) -> tuple[int, float]:
    """How many grey squares the first look sees on a grid in ``image``, and their pitch
    (picture px); ``(0, 0.0)`` when it sees none.  What the reader tells when no board
    could be outlined on a page (its refusal names the page, not the box reader).  ``notes``:
    those :func:`find_boards` kept for the same picture (its first look is not taken again:
    a large picture's closer look costs about 100 ms)."""
    if notes is not None and "look" in notes:
        f, look = notes["look"]
    else:
        _work, f, _planes, look = _looked(image)
    if look is None:
        return 0, 0.0
    pitch, centres = look
    return on_grid(centres[:MAX_SQUARES], pitch), pitch / f


def reading_order(found: list[Found]) -> list[Found]:
    """Boards in rows of about six pitches, each row left to right."""
    centres = [fd.corners.mean(axis=0) for fd in found]
    rows = [round(c[1] / (6 * fd.pitch)) for c, fd in zip(centres, found)]
    order = sorted(range(len(found)), key=lambda i: (rows[i], centres[i][0]))
    return [found[i] for i in order]


def _nothing(_quads: list[np.ndarray]) -> int:
    """No squares seen: nothing left out."""
    return 0
