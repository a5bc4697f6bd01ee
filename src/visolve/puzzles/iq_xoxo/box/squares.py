"""Reading the squares of an IQ XOXO tray seen upright, and the pieces on them.

The view (:class:`visolve.vision.view.BoardView`, :data:`PITCH` px per
square) is white-balanced by the box's rim around the tray.  Each square is

*empty*
    the floor: no colour (saturation under :data:`EMPTY_SAT`) -- or
*a piece*
    clearly coloured, or darker than the floor's grey (the dark blue and the
    purple pieces): its colour is compared with each piece's measured colour
    (:data:`visolve.puzzles.iq_xoxo.box.drawing.BOX_BGR`) and every piece near
    the best one stays a candidate; its raised mark is matched against a
    drawn X and O (high-passed lightness, a small shift allowed).

The pieces are then the one way of covering the piece squares with whole
pieces, each at most once, each lying where its marks fit the X/O squares,
each square by a piece among its colour's candidates
(:func:`cover`): none, or more than one, is a refusal naming a square.  A
*pale* square (a colour between the floor's and a piece's, no clear mark: a
tinted floor or a washed-out piece) is taken both ways, a few at most
(:func:`covers`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.board import COLS, LETTERS, ROWS, square_name
from visolve.puzzles.iq_xoxo.box.shape import BOX_BGR, O_INNER, O_OUTER, X_ARM, X_REACH
from visolve.vision.palette import Palette, to_lab

#: view pixels per square
PITCH = 40
#: share of a square whose median is its colour
BODY_SIZE = 0.7
#: saturation (max - min) / max of a white-balanced square: at most EMPTY_SAT the floor,
#: at least PIECE_SAT a piece, between a piece only with a clear mark; a square darker than
#: DARK (share of the rim's white) is a piece
EMPTY_SAT, PIECE_SAT, DARK = 0.14, 0.3, 0.45
#: ... but one darker than DARK and under BADGE_SAT is grey, no piece's plastic (every piece's
#: colour is 0.5 saturated or more, and a cast is balanced away): the lid's dark badge over it,
#: whose white letters read as marks (seed 389 box-84: three squares under "IQ XOXO" at 0.04,
#: read as a piece with marks O X O, and an N laid over them and two empty squares; a misread)
BADGE_SAT = 0.1
#: colour distance (Lab, lightness weighted by LIGHT_WEIGHT): a piece is a candidate for a
#: square within NEAR of the best, and the best must be within FAR
LIGHT_WEIGHT, NEAR, FAR = 0.35, 28.0, 45.0
#: mark templates: the square's middle this share across, searched this share around
MARK_SIZE, MARK_SHIFT = 0.84, 0.1
#: high-pass of the lightness: a blur of this share of a square taken off
HIGH_PASS = 0.25
#: X vs O: the better correlation at least MARK_MIN and MARK_MARGIN above the other
MARK_MIN, MARK_MARGIN = 0.25, 0.12
#: a mark is also looked for this share of a square around the middle: a tall piece seen at a
#: slant shows its top (and mark) up to a third of a square off its floor square, where the
#: middle's search sees only part of it and may take an O for an X (seed 7 box-33)
WIDE_SIZE = 1.5
#: the exact cover stops after this many ways
MAX_WAYS = 2
#: why a square is hidden when its mark is outvoted (:func:`.pieces.hide`)
AGAINST = "goes against the X/O squares"
#: why a piece square's mark is in doubt
UNCLEAR = "its mark is unclear"
#: with colours widened (WIDER), no piece lies on more than MAX_LOOSE coloured squares without a
#: clear mark (:data:`UNCLEAR`): a piece is known by its marks (H30: the sides of tall pieces seen
#: over the floor made a piece of their own, a misread; in every step it lost 6 of 50 scenes)
MAX_LOOSE = 2
#: at most this many pale squares without a mark (a tinted floor or a washed-out piece) are
#: settled by the cover; a piece has five squares, so no whole piece can be taken for the floor
#: (4: a closed lid's haze pales a light piece's squares; 2 refused 1 more of 77 box scenes)
MAX_PALE = 4
#: when no way covers the piece squares, at most this many coloured squares without a clear mark
#: are taken as the floor or a piece (the side of a tall piece seen at an angle over the floor:
#: along a piece's longest side, 4 squares of an L or a Y; fewer than a piece's five, so no
#: whole piece is taken for the floor)
MAX_UNMARKED = 4
#: more coloured squares without a clear mark than MAX_UNMARKED (a steep view: tall pieces' sides over
#: the floor beside them and their own tops' marks unclear alike), up to MAX_EASED: when nothing lies
#: over the tray, those beside a marked piece square of their colour are taken either way too, at
#: most MAX_UNMARKED of them and the pale squares as the floor (a whole piece is never taken for it)
MAX_EASED = 8
#: in every step, no piece lies on a pale square (neither the floor nor a piece) and on more than
#: MAX_BLIND coloured squares without a clear mark: a hazed piece is pale all over, while a pale
#: square beside coloured unmarked ones is the floor beside tall pieces' sides (H35: seed 4's
#: closed box 60, seen steeply, was read with a V over three such sides and a pale floor square;
#: no piece on more than 3 pale or unmarked squares at all lost 7 of 294 box scenes, a long piece
#: or a Y all of whose marks were unclear under glare, and a hazed V with four pale squares)
MAX_BLIND = 2
#: at most this many hidden squares (the lid's logo over them: the floor or any piece), fewer than
#: a piece's five squares so that no piece lies hidden whole
MAX_HIDDEN = 4
#: when no way covers the squares with the pieces their colours allow, every piece within WIDER
#: of a square's nearest is allowed (a cast or a haze that moves every colour), and the one way
#: that covers, if only one does, is the answer
WIDER = 60.0
#: why a square whose colour is no piece's is in doubt (it may be hidden)
NO_COLOUR = "its colour is no piece's"
#: why a square read as the floor by its colour but tinted off the floor's (a piece washed out by
#: glare, or the floor in a piece's coloured light) is in doubt: hidden, the floor or a piece
TINTED = "tinted off the floor's colour"
#: an empty square with dark grey print over part of it (the closed lid's logo or its badge: the
#: floor shows no dark grey): when no way covers the squares, it may be hidden (floor or piece)
PRINTED = "dark print over it"
#: such a square: at least PRINT_SHARE of its middle at most PRINT_DARK of the rim's white and
#: under PRINT_SAT saturated (a wall's or a piece's shadow keeps the floor above 0.5 of the white;
#: PRINT_SHARE 0.25 until H35: the badge's edge over a sixth of a piece's square left it the floor)
PRINT_SHARE, PRINT_DARK, PRINT_SAT = 0.15, 0.45, 0.25


@dataclass(frozen=True)
class BoxSquare:
    """What one square shows: ``kind`` ``empty`` / ``piece`` / ``pale`` (the floor or a piece: a
    pale colour, no clear mark) / ``?``, ``mark`` X / O / ?, candidate pieces."""

    kind: str
    mark: str
    letters: tuple[str, ...] = ()
    why: str = ""
    wider: tuple[str, ...] = ()  #: the pieces within :data:`WIDER` of the nearest (a colour cast)
    steady: bool = True  #: the mark holds in a wider look (:func:`holds_wider`)
    margin: float = 1.0  #: how much better the mark read fits than the other (a clear mark's)


def weighted_lab(bgr) -> np.ndarray:
    """CIE Lab of BGR colours (0..255 each), lightness weighted by :data:`LIGHT_WEIGHT`.

    Parameters
    ----------
    bgr : array_like
        One colour or ``(n, 3)`` colours, 0 to 255.

    Returns
    -------
    numpy.ndarray
        ``(n, 3)`` float32: the box reader's colour distances are Euclidean in it.
    """
    return to_lab(np.asarray(bgr).reshape(-1, 3), order="bgr") * np.array([LIGHT_WEIGHT, 1.0, 1.0], np.float32)


#: the pieces' colours, by letter, compared in CIELAB with the lightness weighted by
#: LIGHT_WEIGHT (NEAR and FAR were measured in those units), not CIEDE2000: on 60 drawn box
#: photos (testing.box_case, seed 0) it put the right piece nearest for 1197 of 1325 piece
#: squares, CIEDE2000 for 1182
PALETTE = Palette({k: BOX_BGR[k] for k in sorted(BOX_BGR)}, metric="lab", order="bgr", light_weight=LIGHT_WEIGHT)


@lru_cache(maxsize=1)
def _shade_labs() -> dict[str, np.ndarray]:
    """Each piece colour's shades in :func:`weighted_lab`, converted once."""
    return {name: weighted_lab(shades) for name, shades in PALETTE.shades.items()}


def colour_distances(body: np.ndarray) -> dict[str, tuple[float, int]]:
    """``PALETTE.distances(body)`` (letter -> distance to its nearest shade, that shade), the
    shades' CIELAB kept from one call to the next (a tenth of the box reader's time was
    converting them again for every square)."""
    seen = weighted_lab(body)
    out = {}
    for name, shades in _shade_labs().items():
        d = np.linalg.norm(shades - seen, axis=1)
        k = int(np.argmin(d))
        out[name] = (float(d[k]), k)
    return out


@lru_cache(maxsize=2)
def _templates(pitch: int) -> list[tuple[str, np.ndarray]]:
    """A raised X and O of :mod:`.shape`, blurred a little, zero-mean (float32)."""
    size = int(round(MARK_SIZE * pitch))
    c = size / 2
    out = []
    for which in ("X", "O"):
        img = np.zeros((size, size), np.uint8)
        if which == "O":
            cv2.circle(img, (int(c), int(c)), int(round(O_OUTER * pitch)), 255, -1, cv2.LINE_AA)
            cv2.circle(img, (int(c), int(c)), int(round(O_INNER * pitch)), 0, -1, cv2.LINE_AA)
        else:
            h = X_REACH * pitch
            for sx in (-1, 1):
                cv2.line(img, (int(c - sx * h), int(c - h)), (int(c + sx * h), int(c + h)), 255,
                         max(1, int(round(X_ARM * pitch))), cv2.LINE_AA)
        t = cv2.GaussianBlur(img.astype(np.float32), (0, 0), 0.04 * pitch)
        out.append((which, t - t.mean()))
    return out


def bodies(view) -> np.ndarray:
    """Every square's body colour, ``(ROWS, COLS, 3)``: the median of each channel over the middle
    :data:`BODY_SIZE` of the square (:meth:`~visolve.vision.view.BoardView.cell`), all squares in
    one call (fifty calls cost 5-10 ms a view; the medians are the same)."""
    patches = [view.cell(r, c, size=BODY_SIZE).reshape(-1, 3) for r in range(ROWS) for c in range(COLS)]
    return np.median(np.stack(patches), axis=1).reshape(ROWS, COLS, 3)


def high_pass(view_image: np.ndarray, pitch: int) -> np.ndarray:
    """The view's lightness (mean of the channels) less its blur over :data:`HIGH_PASS` of a square."""
    grey = view_image.astype(np.float32).mean(axis=2)
    return grey - cv2.GaussianBlur(grey, (0, 0), HIGH_PASS * pitch)


def square_mark(detail: np.ndarray, pitch: int) -> tuple[str, str]:
    """X or O of a piece square's high-passed middle (``?`` and why when in doubt)."""
    return _verdict(mark_fits(detail, pitch))


def _verdict(scores: dict[str, float]) -> tuple[str, str]:
    """X or O from each mark's best fit (``?`` and why when in doubt, see :data:`MARK_MIN`)."""
    best = max(scores, key=scores.get)
    other = scores["O" if best == "X" else "X"]
    if scores[best] < MARK_MIN or scores[best] - other < MARK_MARGIN:
        return "?", f"{UNCLEAR} (X {scores['X']:.2f} / O {scores['O']:.2f})"
    return best, ""


def holds_wider(mark: str, score: float, wide: np.ndarray, pitch: int) -> bool:
    """Whether the ``mark`` read in a square's middle at ``score`` holds in its wider patch
    (``wide``, :data:`WIDE_SIZE` across): the other kind fits no better a little further off
    (a tall piece's top seen off its square shows the middle part of its mark only)."""
    return mark_fits(wide, pitch)["O" if mark == "X" else "X"] <= score


def mark_fits(patch: np.ndarray, pitch: int) -> dict[str, float]:
    """The best correlation of each mark's template (X, O) anywhere in a high-passed ``patch``."""
    return {which: float(cv2.matchTemplate(patch, tmpl, cv2.TM_CCOEFF_NORMED).max())
            for which, tmpl in _templates(pitch)}


def mark_offset(detail: np.ndarray, pitch: int) -> tuple[float, float, float]:
    """Where the mark in a piece square's high-passed patch is, from the patch's middle
    (view px), and how well the better template fits there."""
    best = (0.0, 0.0, -1.0)
    for _which, tmpl in _templates(pitch):
        res = cv2.matchTemplate(detail, tmpl, cv2.TM_CCOEFF_NORMED)
        _lo, score, _lo_at, (x, y) = cv2.minMaxLoc(res)
        if score > best[2]:
            best = (x - (res.shape[1] - 1) / 2, y - (res.shape[0] - 1) / 2, float(score))
    return best


def read_square(body: np.ndarray, detail: np.ndarray, pitch: int, wide: np.ndarray | None = None) -> BoxSquare:
    """One square from its white-balanced colour ``body`` (white = 255) and high-passed ``detail``
    (``wide``: the same, :data:`WIDE_SIZE` across, for :attr:`BoxSquare.steady`)."""
    top = float(body.max())
    sat = (top - float(body.min())) / max(top, 1.0)
    if sat <= EMPTY_SAT and top >= DARK * 255:
        return BoxSquare("empty", "")
    pale = sat < PIECE_SAT and top >= DARK * 255
    if top < DARK * 255 and sat < BADGE_SAT:  # hidden (pieces.hide): the cover settles it
        return BoxSquare("?", "?", (), f"{NO_COLOUR} (dark grey, saturation {sat:.2f}: the lid's badge over it?)")
    dist = colour_distances(body)
    least, name = min((d, k) for k, (d, _shade) in dist.items())  # PALETTE.classify's nearest, not measured again
    if least > FAR:
        return BoxSquare("?", "?", (), f"{NO_COLOUR} (nearest {name}, {least:.0f} away)")
    near = tuple(k for k, (d, _shade) in dist.items() if d <= least + NEAR)
    wider = tuple(k for k, (d, _shade) in dist.items() if d <= least + WIDER)
    fits = mark_fits(detail, pitch)
    mark, why = _verdict(fits)
    if pale and mark == "?":  # a pale colour (glare on a piece, a tinted floor): the floor or a piece
        return BoxSquare("pale", "?", near, f"neither the floor nor a piece (saturation {sat:.2f}, no clear mark)", wider)
    steady = wide is None or mark == "?" or holds_wider(mark, fits[mark], wide, pitch)
    margin = fits[mark] - fits["O" if mark == "X" else "X"] if mark in "XO" else 0.0
    return BoxSquare("piece", mark, near, why, wider, steady, margin)


@lru_cache(maxsize=1)
def placements() -> dict[str, list[frozenset]]:
    """Each piece's squares wherever it may lie under the X/O rule (the engine's table)."""
    from visolve.puzzles.iq_xoxo import model

    table = model.engine(True).table
    out: dict[str, list[frozenset]] = {k: [] for k in LETTERS}
    for pl in table.placements:
        out[table.pieces[pl.piece].name].append(frozenset(tuple(c) for c in table.board.cells_of(pl.mask)))
    return out


def cover(candidates: dict[tuple[int, int], tuple[str, ...]], loose: frozenset = frozenset(),
          blind: frozenset = frozenset(), pale: frozenset = frozenset()) -> list[dict]:
    """Up to :data:`MAX_WAYS` ways to cover exactly the squares of ``candidates`` with whole pieces.

    ``candidates`` maps each piece square (booklet orientation) to the pieces
    its colour allows; a way maps each square to a letter.  No piece lies on
    more than :data:`MAX_LOOSE` of the ``loose`` squares (coloured squares
    without a clear mark: a piece is known by its marks), nor on a ``pale`` square and more than
    :data:`MAX_BLIND` of the ``blind`` squares (coloured, without a clear mark).
    """
    ways: list[dict] = []
    todo = set(candidates)

    def walk(left: set, used: dict) -> None:
        if len(ways) >= MAX_WAYS:
            return
        if not left:
            ways.append(dict(used))
            return
        first = min(left)
        for letter in candidates[first]:
            if letter in used.values():
                continue
            for cells in placements()[letter]:
                if (first in cells and cells <= left and all(letter in candidates[c] for c in cells)
                        and len(cells & loose) <= MAX_LOOSE
                        and (not cells & pale or len(cells & blind) <= MAX_BLIND)):
                    for c in cells:
                        used[c] = letter
                    walk(left - cells, used)
                    for c in cells:
                        del used[c]

    walk(todo, {})
    return ways


def covers(squares: dict) -> list[dict]:
    """The one way of covering the piece squares with whole pieces (:func:`cover`), each pale
    square (at most :data:`MAX_PALE` of them) taken as the floor or as a piece its colour allows,
    each hidden square (:mod:`.pieces`: something over it) as the floor or any piece: a list of
    that way; ReadError when there is no way or more than one.

    When no way covers them, the coloured squares without a clear mark (at most
    :data:`MAX_UNMARKED`: a tall piece's side seen over the floor beside it) are taken either way
    too, and that one way, if there is one, is the answer."""
    try:
        return _covers(squares)
    except ReadError as exc:
        if "no set of pieces" not in str(exc):
            raise
        for eased, most, known, floor in _eased(squares):
            try:
                return _covers(eased, most, known, floor)
            except ReadError:
                continue
        raise exc from None


def _eased(squares: dict):
    """The squares read more loosely when no way covers them, in turn: the coloured squares
    without a clear mark (at most :data:`MAX_UNMARKED`) taken as pale; then, in addition, the
    empty squares with dark print over them hidden (:data:`PRINTED`; with the hidden squares at
    most :data:`MAX_HIDDEN`); then every piece and pale square allowing its :data:`WIDER`
    colours, where no piece may lie on more than :data:`MAX_LOOSE` squares without a clear mark.
    Last, when nothing lies over the tray (no square under dark print or hidden for its colour:
    :func:`covered`), more unmarked
    squares than :data:`MAX_UNMARKED` (up to :data:`MAX_EASED`) taken as pale, at most
    :data:`MAX_UNMARKED` of them as the floor (:func:`_steep`).
    In every step after the first, at most :data:`MAX_UNMARKED` of the pale squares (those read
    pale and those eased) are taken as the floor: each cap alone is under a piece's five squares,
    but together they let a whole piece be the floor (seed 107 box-94: a Z, one square pale and
    four unmarked, left out; of 301 box scenes of seeds 0-3, 5, 17, 61, 79, 89, 101, 103 and 107,
    none read before is lost).
    Yields (squares, most pale, whether pieces must be known by their marks, the squares of
    which at most :data:`MAX_UNMARKED` may be the floor or None)."""
    unmarked = [k for k, s in squares.items() if s.kind == "piece" and s.mark == "?"]
    eased, most, floor = dict(squares), MAX_PALE, None
    if unmarked and len(unmarked) <= MAX_UNMARKED:
        for k in unmarked:
            eased[k] = BoxSquare("pale", "?", squares[k].letters, squares[k].why, squares[k].wider)
        most, floor = MAX_PALE + MAX_UNMARKED, frozenset(k for k, s in eased.items() if s.kind == "pale")
        yield eased, most, False, floor
    printed = [k for k, s in squares.items() if s.kind == "empty" and s.why.startswith(PRINTED)]
    hidden = sum(s.kind == "hidden" for s in squares.values())
    if printed and hidden + len(printed) <= MAX_HIDDEN:
        eased = dict(eased)
        for k in printed:
            eased[k] = BoxSquare("hidden", "?", LETTERS, squares[k].why, LETTERS)
        yield eased, most, False, floor
    wide = {k: replace(s, letters=s.wider) if s.kind in ("piece", "pale") and s.wider else s for k, s in eased.items()}
    yield wide, most, True, floor
    if MAX_UNMARKED < len(unmarked) <= MAX_EASED and not printed and not covered(squares):
        yield _steep(squares, unmarked)


def covered(squares: dict) -> bool:
    """Whether something lies over the tray: a square hidden for its colour (no piece's: a badge,
    the lid's print), not only for a tint off the floor's colour (:data:`TINTED`) or a mark against
    the X/O squares (:data:`AGAINST`: in a steep view a tall piece's side beside its top, where part
    of the top's mark is seen)."""
    return any(s.kind == "hidden" and AGAINST not in s.why and not s.why.startswith(TINTED)
               for s in squares.values())


def _steep(squares: dict, unmarked: list) -> tuple:
    """The ``unmarked`` squares (more than :data:`MAX_UNMARKED`: a steep view) beside a marked
    piece square their colour allows (:func:`_beside_marked`: a tall piece's side is coloured like
    it) taken as pale, at most :data:`MAX_UNMARKED` of them, the pale and the hidden squares
    (:func:`covered`) together as the floor (a whole piece is never taken for it); the other
    unmarked squares stay pieces, the colours as read (:func:`_eased`'s step)."""
    eased = dict(squares)
    for k in unmarked:
        if _beside_marked(squares, k):
            eased[k] = BoxSquare("pale", "?", squares[k].letters, squares[k].why, squares[k].wider)
    pale = frozenset(k for k, s in eased.items() if s.kind in ("pale", "hidden"))
    return eased, MAX_PALE + len(unmarked), False, pale


def _beside_marked(squares: dict, key: tuple[int, int]) -> bool:
    """A neighbour of ``key`` is a piece square with a clear mark and a piece in common with it."""
    r, c = key
    for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        s = squares.get(nb)
        if s is not None and s.kind == "piece" and s.mark in ("X", "O") and set(s.letters) & set(squares[key].letters):
            return True
    return False


def _covers(squares: dict, most: int | None = None, known: bool = False, floor: frozenset | None = None) -> list[dict]:
    """:func:`covers` with at most ``most`` pale squares (:data:`MAX_PALE` when None); ``known``:
    no piece on more than :data:`MAX_LOOSE` squares without a clear mark; ``floor``: squares of
    which at most :data:`MAX_UNMARKED` are taken as the floor (None: any)."""
    most = MAX_PALE if most is None else most
    pieces = {k: s.letters for k, s in squares.items() if s.kind == "piece"}
    pale = sorted(k for k, s in squares.items() if s.kind == "pale")
    if len(pale) > most:
        raise ReadError(f"square {square_name(*pale[0])}: {squares[pale[0]].why}")
    pale += sorted(k for k, s in squares.items() if s.kind == "hidden")
    loose = frozenset(k for k, s in squares.items()
                      if known and s.kind in ("piece", "pale") and s.why.startswith(UNCLEAR))
    blind = frozenset(k for k, s in squares.items() if s.kind in ("piece", "pale") and s.why.startswith(UNCLEAR))
    doubted = frozenset(k for k, s in squares.items() if s.kind == "pale" and not s.why.startswith(UNCLEAR))
    ways: list[dict] = []
    for taken in itertools.product((False, True), repeat=len(pale)):
        if floor and sum(k in floor and not t for k, t in zip(pale, taken)) > MAX_UNMARKED:
            continue
        candidates = pieces | {k: squares[k].letters for k, t in zip(pale, taken) if t}
        ways += cover(candidates, loose, blind, doubted)
        if len(ways) > 1:
            break
    if not ways:
        raise ReadError(f"no set of pieces covers the coloured squares (from {square_name(*min(pieces or pale))})")
    if len(ways) > 1:
        differ = next(k for k in sorted(set(ways[0]) | set(ways[1])) if ways[0].get(k) != ways[1].get(k))
        first, second = (f"piece {w[differ]}" if differ in w else "the floor" for w in ways[:2])
        raise ReadError(f"square {square_name(*differ)}: {first} or {second}?")
    return ways
