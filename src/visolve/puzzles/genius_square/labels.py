"""Which edge of an upright board prints the letters: the edition, from the labels themselves.

Both editions print ``A``-``F`` along one labelled edge and ``1``-``6`` along
the other (RULES.md): Happy Puzzle the digits across the top, SmartGames the
letters.  The board's colour does not say which (SmartGames boards are navy,
grey *or maroon*), so the glyphs are read: beside square ``k`` of an edge
stands either the letter ``ABCDEF[k]`` or the digit ``k + 1``.  Each glyph
found is compared (normalised correlation of the shapes stretched to a
square, and their aspects) with both, drawn in a few plain faces
(OpenCV's Hershey faces and Pillow's own font, thin and bold); its vote is
how much better the digit fits than the letter.  The top edge's votes minus
the left edge's say the edition; too few glyphs, or votes that disagree, are
a :class:`~visolve.errors.ReadError` naming the labels: nothing is assumed
from the colour.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from visolve.errors import ReadError
from visolve.puzzles.genius_square.labelrows import NOMINAL, SIZE, ink_masks, label_sums, ranked_places
from visolve.vision.light import channel_max
from visolve.vision.view import BoardView

class EditionUnknown(ReadError):
    """The printed labels do not say which edge has the letters: the edition, and the squares' names.

    ``read_as``: when the board was found, what reading it as a given edition's gives (set by
    :func:`visolve.puzzles.genius_square.reader.look`), else None.
    """

    read_as = None


LETTERS = "ABCDEF"
DIGITS = "123456"
#: a glyph is stretched to this height and width (px) to be compared
GLYPH_H = 16
GLYPH_W = 16
#: fit lost per unit of log aspect between a glyph and a template
ASPECT_WEIGHT = 0.3
#: blur (px) of glyphs and templates: strokes of a few px need not overlap exactly
BLUR = 1.0
#: a glyph's ink: at least this many pixels, at most this share of its box
MIN_GLYPH_PX = 6
MAX_GLYPH_SHARE = 0.6
#: a glyph's strokes fill at most this share of its bounding box (a blot fills it)
MAX_FILL = 0.75
#: components kept in a box: at least this share of the largest one
PART_SHARE = 0.2
#: a glyph's vote counts when its best template fits at least this well
MIN_FIT = 0.7
#: a glyph votes clearly when digit and letter differ by this much
CLEAR_VOTE = 0.25
#: least clear votes in all and on each edge (both edges print labels), and least share of them
#: agreeing with the verdict
MIN_VOTES = 4
MIN_EDGE_VOTES = 1
MIN_AGREE = 0.8
#: least clear votes, all agreeing, when only one edge's labels are seen
MIN_ALONE_VOTES = 4
#: least margin (sum of votes, top minus left) for a verdict
MIN_MARGIN = 1.0
#: least clear votes of each edge when both must read (:func:`both_edges_say`): scene 74 of seed 17
#: shows B, C and D of its letters only (votes -0.83 to -1.02), and all six digits (0.38 to 1.11)
MIN_BOTH_VOTES = 3
#: when the glyphs at the places found do not say, so many other places of each row are tried
OTHER_PLACES = 6
#: a row of labels whose glyphs fit the characters a square along (their neighbours') better than
#: their own by ORDER_MARGIN, and at least ORDER_FIT (mean fits), stands a square off the grid, when at
#: least MIN_ORDER_GLYPHS are compared (measured on 39 scenes of seed 0 read: own characters 0.67-0.95,
#: a neighbour's 0.19-0.57; a row of glyphs that fit nothing, own 0.08 and neighbours' -0.12 to -0.05,
#: says nothing of where it stands)
ORDER_MARGIN = 0.05
ORDER_FIT = 0.6
MIN_ORDER_GLYPHS = 3
EDGE_NAMES = {0: "top", 3: "left"}


def edition_by_labels(view: BoardView, places=None, edges: tuple[int, ...] = (0, 3)) -> str:
    """``happy-puzzle`` when the top edge prints the digits, ``smartgames`` when it prints the letters
    (``places``: where each edge's row of labels was found,
    :func:`visolve.puzzles.genius_square.labelrows.label_rows`; the nominal place by default;
    ``edges``: the edges whose labels are seen, top 0 and left 3: with one only, its glyphs must
    say it alone, :data:`MIN_ALONE_VOTES` of them agreeing).

    Raises
    ------
    ReadError
        Too few labels legible, or labels that do not agree.
    """
    return edition_and_places(view, places, edges)[0]


def edition_and_places(view: BoardView, places=None, edges: tuple[int, ...] = (0, 3)) -> tuple[str, tuple | None]:
    """:func:`edition_by_labels`, and the places of the rows of labels whose glyphs said it: ``places``,
    or when their glyphs do not say, the rows moved to where the most glyphs read
    (:func:`legible_places`)."""
    try:
        return _said(view, places, edges, local=False)
    except ReadError as first:
        try:  # each label's strokes over its own box's level: labels in shade or glare
            return _said(view, places, edges, local=True)
        except ReadError:
            raise first from None


def _said(view: BoardView, places, edges: tuple[int, ...], local: bool) -> tuple[str, tuple | None]:
    """:func:`edition_and_places` with each label's ink over the row's level, or (``local``) over
    its own box's too (:func:`visolve.puzzles.genius_square.labelrows.ink_masks`)."""
    memo: dict = {}  # the rows of glyphs read on this view (:func:`row_glyphs`)
    rows = glyph_rows(view, places, local, memo)
    try:
        said = _verdict(_row_votes(rows), edges), places
    except ReadError:
        if places is None:
            raise
        other = legible_places(view, places, edges, local, memo)
        if other == tuple(places):
            raise
        rows = glyph_rows(view, other, local, memo)
        said = _verdict(_row_votes(rows), edges), other
    check_order(rows, said[1], edges, said[0])
    return said


def check_order(rows: tuple[list, list], places, edges: tuple[int, ...], edition: str) -> None:
    """Whether each seen row of labels (``rows``: the glyphs of the top and the left edge's,
    :func:`glyph_rows`) found at its printed place along the edge (``places``: neither squeezed nor
    slid) stands beside its own squares: the glyph beside square ``k`` must fit the ``k``-th label
    better than the one a square either way (:func:`order_offset`).  A grid found a square off the
    board's floor (the margin and a row of labels taken for squares, the last row missed) still has
    glyphs of the right kind beside each edge, which say the edition but not where the squares are.
    A row found squeezed or slid is beside a lattice of tall pieces' tops, which stands off the floor
    away from the camera by up to a square: its glyphs may stand a square along and the squares are
    still read right on the tops (scene 76 of seed 0), so it says nothing of a grid a square off.

    Raises
    ------
    ReadError
        A row of labels is a square off the grid, naming the edge.
    """
    places = places or (NOMINAL,) * 4
    top, left = (DIGITS, LETTERS) if edition == "happy-puzzle" else (LETTERS, DIGITS)
    for side, shapes, chars in ((0, rows[0], top), (3, rows[1], left)):
        if side not in edges or tuple(places[side][1:]) != NOMINAL[1:]:
            continue
        offset = order_offset(shapes, chars)
        if offset:
            seen = chars[max(offset, 0):SIZE + min(offset, 0)]
            beside = chars[max(-offset, 0):SIZE + min(-offset, 0)]
            raise ReadError(f"the labels beside the {EDGE_NAMES[side]} edge read {seen[0]}-{seen[-1]} beside the "
                            f"squares of {beside[0]}-{beside[-1]}: the grid found stands a square off the printed "
                            "one, so the squares' names are unknown")


def order_offset(shapes: list, chars: str) -> int:
    """How many squares along its edge a row of labels (``shapes``: its six glyphs or None,
    :func:`row_glyphs`) stands off its own squares: 0, or -1 / 1 when the glyph beside square ``k`` fits
    ``chars[k + offset]`` better than ``chars[k]`` by :data:`ORDER_MARGIN`, and by :data:`ORDER_FIT` at
    least (mean fits of at least :data:`MIN_ORDER_GLYPHS` glyphs)."""
    fits = {}
    for offset in (-1, 0, 1):
        got = [_fit(g, chars[k + offset]) for k, g in enumerate(shapes) if g is not None and 0 <= k + offset < SIZE]
        fits[offset] = float(np.mean(got)) if len(got) >= MIN_ORDER_GLYPHS else None
    if fits[0] is None:
        return 0
    off = [o for o in (-1, 1) if fits[o] is not None and fits[o] > max(fits[0] + ORDER_MARGIN, ORDER_FIT)]
    return max(off, key=lambda o: fits[o]) if off else 0


def legible_places(view: BoardView, places, edges: tuple[int, ...], local: bool = False,
                   memo: dict | None = None) -> tuple:
    """``places`` with each edge's row of labels moved to the one of its :data:`OTHER_PLACES` best
    places (:func:`visolve.puzzles.genius_square.labelrows.ranked_places`) whose glyphs give the most
    clear votes, either way: the place holding most ink may hold a grid line or a cube's shadow and
    cut the glyphs; ``local``, ``memo``: see :func:`row_glyphs`."""
    out = list(places)
    sums = label_sums(view)
    for side in edges:
        best = _clear_votes(view, side, places[side], local, memo)
        for place in ranked_places(view, side, OTHER_PLACES, sums):
            n = _clear_votes(view, side, place, local, memo)
            if n > best:
                best, out[side] = n, place
    return tuple(out)


def _clear_votes(view: BoardView, side: int, place, local: bool = False, memo: dict | None = None) -> int:
    return sum(1 for v in _votes(row_glyphs(view, side, place, local, memo)) if abs(v) >= CLEAR_VOTE)


def _verdict(votes: tuple[list[float], list[float]], edges: tuple[int, ...]) -> str:
    """The edition the glyphs' votes say (see :func:`edition_by_labels`)."""
    if 0 not in edges:
        votes = ([], votes[1])
    if 3 not in edges:
        votes = (votes[0], [])
    score = sum(votes[0]) - sum(votes[1])
    top = [v for v in votes[0] if abs(v) >= CLEAR_VOTE]
    left = [-v for v in votes[1] if abs(v) >= CLEAR_VOTE]
    signed = top + left
    agree = sum(1 for v in signed if (v > 0) == (score > 0))
    # both edges vote, most agreeing; or, when one edge's labels are hidden or not legible, at least
    # MIN_ALONE_VOTES all agree
    both = (len(signed) >= MIN_VOTES and min(len(top), len(left)) >= MIN_EDGE_VOTES
            and agree >= MIN_AGREE * len(signed) and len(edges) == 2)
    alone = len(signed) >= MIN_ALONE_VOTES and agree == len(signed)
    if not (both or alone) or abs(score) < MIN_MARGIN:
        raise EditionUnknown(f"the printed labels do not say which edge has the letters A-F ({len(signed)} of 12 "
                        f"labels legible, {agree} agreeing): the edition, and so the squares' names, are unknown")
    return "happy-puzzle" if score > 0 else "smartgames"


def label_votes(view: BoardView, places=None) -> tuple[list[float], list[float]]:
    """Per legible glyph of the top and of the left edge: digit fit minus letter fit."""
    return _row_votes(glyph_rows(view, places))


def glyph_rows(view: BoardView, places=None, local: bool = False, memo: dict | None = None) -> tuple[list, list]:
    """The glyphs (:func:`row_glyphs`) of the rows of labels of the top and of the left edge at ``places``
    (the nominal ones by default)."""
    places = places or (NOMINAL,) * 4
    return row_glyphs(view, 0, places[0], local, memo), row_glyphs(view, 3, places[3], local, memo)


def row_glyphs(view: BoardView, side: int, place, local: bool = False, memo: dict | None = None) -> list:
    """The six boxes of the row of labels of ``side`` at ``place``: the normalised glyph in each
    (:func:`glyph`), or None; ``local``: each label's ink also over its own box's level
    (:func:`visolve.puzzles.genius_square.labelrows.ink_masks`).  ``memo``: the rows found before on
    the same ``view``, by side, place and ``local`` (a row is looked at again when the labels are
    looked for at other places: a fifth of the rows, about 5 ms of a 12 MP photo)."""
    key = (side, tuple(float(v) for v in place), local)
    if memo is not None and key in memo:
        return memo[key]
    boxes, masks = ink_masks(view, side, place, local)
    shapes = [glyph(box, mask) for box, mask in zip(boxes, masks)]
    if memo is not None:
        memo[key] = shapes
    return shapes


def _row_votes(rows: tuple[list, list]) -> tuple[list[float], list[float]]:
    return _votes(rows[0]), _votes(rows[1])


def _votes(shapes: list) -> list[float]:
    """Per legible glyph of a row (:func:`row_glyphs`): digit fit minus letter fit."""
    votes = []
    for k, g in enumerate(shapes):
        if g is None:
            continue
        digit, letter = _fit(g, DIGITS[k]), _fit(g, LETTERS[k])
        if max(digit, letter) >= MIN_FIT:
            votes.append(digit - letter)
    return votes


def glyph(box: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The glyph in a label box, normalised (:func:`_normalised`), or None."""
    if mask.size == 0 or mask.sum() < MIN_GLYPH_PX or mask.mean() > MAX_GLYPH_SHARE:
        return None
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    if n < 2:
        return None
    areas = stats[1:, cv2.CC_STAT_AREA]
    x, y, w, h = (stats[1:, i] for i in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP, cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    # a part cut by the box's edge is a neighbour's glyph or a piece beside the label, unless it is the glyph
    cut = (x == 0) | (y == 0) | (x + w == mask.shape[1]) | (y + h == mask.shape[0])
    kept = np.zeros(n, bool)  # by label (a look-up: np.isin sorts)
    kept[1:] = (areas >= PART_SHARE * areas.max()) & (~cut | (areas == areas.max()))
    keep = kept[labels]
    ys, xs = np.nonzero(keep)
    if len(ys) < MIN_GLYPH_PX:
        return None
    grey = channel_max(box).astype(np.float32)
    ground = float(np.median(grey[~mask])) if (~mask).any() else 0.0
    crop = np.clip(grey[ys.min():ys.max() + 1, xs.min():xs.max() + 1] - ground, 0, None)
    crop[~keep[ys.min():ys.max() + 1, xs.min():xs.max() + 1]] = 0
    return _normalised(crop)


def glyph_shape(crop: np.ndarray) -> tuple[np.ndarray, float] | None:
    """A crop of a glyph's ink (float, 0 where there is none) normalised to be compared with the
    templates (:func:`char_fit`); None when it is no glyph (a blot, too small)."""
    return _normalised(crop)


def char_fit(g: tuple[np.ndarray, float], char: str) -> float:
    """How well a normalised glyph (:func:`glyph_shape`) fits ``char`` in the template faces (1 at best)."""
    return _fit(g, char)


def _normalised(crop: np.ndarray) -> tuple[np.ndarray, float] | None:
    """A glyph crop stretched to :data:`GLYPH_H` x :data:`GLYPH_W` px, blurred, zero mean and unit
    norm, and its aspect (width over height): a blot of ink has no shape left and is no glyph."""
    h, w = crop.shape
    if h < 3 or crop.max() <= 0 or float(crop.mean()) > MAX_FILL * float(crop.max()):
        return None
    canvas = cv2.resize(crop.astype(np.float32), (GLYPH_W, GLYPH_H), interpolation=cv2.INTER_AREA)
    canvas = cv2.GaussianBlur(canvas, (0, 0), BLUR)
    canvas -= canvas.mean()
    norm = float(np.linalg.norm(canvas))
    return (canvas / norm, w / h) if norm > 1e-3 * max(float(crop.max()), 1.0) else None


def _fit(g: tuple[np.ndarray, float], char: str) -> float:
    """The best fit of a glyph with ``char`` in any of the template faces: normalised correlation of
    the stretched shapes, less :data:`ASPECT_WEIGHT` per unit of log aspect apart."""
    shape, aspect = g
    stack, aspects = _stacked(char)
    return float((stack @ shape.ravel() - ASPECT_WEIGHT * np.abs(np.log(aspect / aspects))).max())


@lru_cache(maxsize=None)
def _stacked(char: str) -> tuple[np.ndarray, np.ndarray]:
    """The :func:`templates` of ``char`` as one array ``(k, GLYPH_H * GLYPH_W)`` and their aspects ``(k,)``."""
    shown = templates(char)
    return np.stack([t.ravel() for t, _a in shown]), np.array([a for _t, a in shown])


@lru_cache(maxsize=None)
def templates(char: str) -> tuple[tuple[np.ndarray, float], ...]:
    """``char`` drawn in the template faces, normalised as glyphs are."""
    out = []
    for face in (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
                 cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN):
        for thick in (2, 4):
            img = np.zeros((64, 64), np.uint8)
            cv2.putText(img, char, (8, 52), face, 1.6, 255, thick, cv2.LINE_AA)
            out.append(_cropped(img))
    font = ImageFont.load_default()
    for stroke in (0, 1):
        img = Image.new("L", (64, 64), 0)
        ImageDraw.Draw(img).text((8, 8), char, fill=255, font=font, stroke_width=stroke, stroke_fill=255)
        out.append(_cropped(np.asarray(img)))
    return tuple(t for t in out if t is not None)


def _cropped(img: np.ndarray) -> tuple[np.ndarray, float] | None:
    ys, xs = np.nonzero(img > 40)
    if len(ys) == 0:
        return None
    return _normalised(img[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32))


def both_edges_say(view: BoardView, places=None) -> bool:
    """Whether the glyphs beside the top and the left edge (at ``places``) both vote clearly, at least
    :data:`MIN_BOTH_VOTES` of each, all for one edition, and stand beside their own squares
    (:func:`order_offset`): what :func:`edition_by_labels` asks, less its reading of one edge alone."""
    rows = glyph_rows(view, places)
    top, left = _row_votes(rows)
    top = [v for v in top if abs(v) >= CLEAR_VOTE]
    left = [-v for v in left if abs(v) >= CLEAR_VOTE]
    signed = top + left
    if min(len(top), len(left)) < MIN_BOTH_VOTES or len({v > 0 for v in signed}) != 1:
        return False
    chars = (DIGITS, LETTERS) if signed[0] > 0 else (LETTERS, DIGITS)
    return order_offset(rows[0], chars[0]) == 0 and order_offset(rows[1], chars[1]) == 0
