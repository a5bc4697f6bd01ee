"""The dice beside the board: the squares their top faces print, to settle a solved board's cover.

Players roll the seven dice and line them up beside the board; each top face prints the square
its blocker goes on, a letter ``A``-``F`` and a digit ``1``-``6``, dark on white (the dice are
the same in both editions).  On a solved board the tall pieces may hide the discs, and two whole
covers may be as near the squares as read (:mod:`visolve.puzzles.genius_square.cover`): the
faces say which roll it was.

A die's top face is a white patch of about a square beside the board in the board's upright
view (printed upright, as the board's labels are); its dark ink is cut into two glyphs at the
least inked column of its middle half, and each square's name is scored by how well both glyphs
fit its letter and its digit (:func:`visolve.puzzles.genius_square.labels.char_fit`, 2 at best).
A die's letters are small and blurred, and the templates' fit confuses E with F and B with C or D
(on the solved boards of the held-out kind, seed 0: 21 of 276 faces read best as another square,
mostly by their letter); two marks of a letter's shape that survive the blur weigh against the
letters they contradict (:func:`letter_misfit`): its foot (ink along the bottom right of its
ink: E, B, C and D have one, F has none) and two holes (only a B has them).
Nothing here names a square by itself: the scores only compare rolls a cover already allows
(:func:`roll_fit`).
"""

from __future__ import annotations

from itertools import product

import cv2
import numpy as np

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.labels import char_fit, glyph_shape
from visolve.vision.digit_shape import holes
from visolve.vision.geometry import map_points
from visolve.vision.view import BoardView

#: board regions (u0, v0, u1, v1, in squares) beside each edge where dice may stand: the board's
#: margin and its labels take a square or so, the dice stand a little beyond and are a square tall
SIDES = ((-2.0, -6.0, 8.0, -1.0), (-2.0, 7.0, 8.0, 12.0), (-6.0, -2.0, -1.0, 8.0), (7.0, -2.0, 12.0, 8.0))
#: view pixels per square the faces are read on
PITCH = 64
#: a die's face: least grey levels (darkest channel) it is cut at, and most spread of the channels
#: of its white (share of the brightest)
WHITE_LEVELS = (110, 135, 160, 185, 210, 235)
SPREAD = 0.25
#: a patch this many times taller than wide is also read as its top square (px cut off below it)
TALL, RIM = 1.2, 3
#: the white is also looked at eroded by this many px (dice touching)
CUT = 7
#: its size: least area (squares), least and most width and height (squares), least share of its box
MIN_AREA = 0.3
MIN_SIDE, MAX_SIDE = 0.5, 1.6
MIN_FILL = 0.6
#: least contrast (grey levels) between the face's white and its darkest ink
MIN_CONTRAST = 40
#: ink is darker than the white by this share of the contrast; ink parts under this many px are noise
INK_SHARE = 0.45
MIN_PART = 8
NAMES = tuple(f"{letter}{digit}" for letter in model.LETTERS for digit in model.DIGITS)
#: a letter whose shape the glyph contradicts fits LETTER_MISFIT less (:func:`letter_misfit`)
LETTER_MISFIT = 0.3
#: a letter's foot: the share of the columns from FOOT_FROM of its width on that show ink in its
#: bottom FOOT_ROWS; under NO_FOOT it has none (no E, B, C or D), from HAS_FOOT on it has one (no F).
#: Measured on the faces of seed 0's solved boards (held-out kind): F under 0.3 on 305 of 334 cuts, E
#: 0.6 or more on 224 of 228, B, C and D 0.6 or more on 477 of 510
FOOT_ROWS, FOOT_FROM = 0.2, 0.4
NO_FOOT, HAS_FOOT = 0.3, 0.6
#: ... and a glyph with two holes is a B (131 of the 138 cuts with two holes)
FOOTED, FOOTLESS, TWO_HOLES = "BCDE", "F", "B"


def face_scores(image: np.ndarray, hom: np.ndarray) -> list[dict[str, float]]:
    """Per die face seen beside the board ``hom`` (board squares -> ``image`` px, upright): each
    square's name and how well the face's two glyphs fit it (letter fit + digit fit)."""
    image, hom = _near(image, np.asarray(hom, np.float64))
    out = []
    for extent in SIDES:
        view = BoardView.from_homography(image, hom, model.SIZE, model.SIZE, pitch=PITCH, extent=extent)
        found = []  # (best score, box, scores) of each patch read
        for box, grey, inside in white_faces(_within(view, image.shape)):
            scores = _scored(grey, inside)
            if scores is not None:
                found.append((max(scores.values()), box, scores))
        kept: list[tuple[int, int, int, int]] = []
        for _best, box, scores in sorted(found, key=lambda f: -f[0]):
            if not any(_overlap(box, other) for other in kept):  # the same die cut at another grey level
                kept.append(box)
                out.append(scores)
    return out


def _near(image: np.ndarray, hom: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The part of ``image`` the bands of :data:`SIDES` show, reduced to about :data:`PITCH` px a
    square, and ``hom`` onto it (sampling a 12 MP picture four times costs hundreds of ms)."""
    u0, v0 = min(e[0] for e in SIDES), min(e[1] for e in SIDES)
    u1, v1 = max(e[2] for e in SIDES), max(e[3] for e in SIDES)
    corners = map_points(hom, [(u0, v0), (u1, v0), (u1, v1), (u0, v1)])
    h, w = image.shape[:2]
    x0, y0 = (int(np.clip(np.floor(v), 0, n)) for v, n in zip(corners.min(axis=0), (w, h)))
    x1, y1 = (int(np.clip(np.ceil(v), 0, n)) for v, n in zip(corners.max(axis=0), (w, h)))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return image, hom
    square = map_points(hom, [(0, 0), (model.SIZE, 0), (model.SIZE, model.SIZE), (0, model.SIZE)])
    side = float(np.linalg.norm(square - np.roll(square, -1, axis=0), axis=1).mean()) / model.SIZE
    f = min(1.0, 1.25 * PITCH / max(side, 1e-6))
    crop = image[y0:y1, x0:x1]
    if f < 1.0:
        crop = cv2.resize(crop, (max(2, round(crop.shape[1] * f)), max(2, round(crop.shape[0] * f))),
                          interpolation=cv2.INTER_AREA)
    fx, fy = crop.shape[1] / (x1 - x0), crop.shape[0] / (y1 - y0)
    to_crop = np.array([[fx, 0, -x0 * fx], [0, fy, -y0 * fy], [0, 0, 1.0]])
    return crop, to_crop @ hom


def _within(view: BoardView, shape: tuple[int, ...]) -> np.ndarray:
    """The view's picture, black where it shows no part of the picture (sampling repeats the
    picture's edge there: a die cut by the edge would run on in stripes)."""
    h, w = shape[:2]
    outline = view.from_picture(np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float64))
    u0, v0 = view.extent[:2]
    poly = np.round((outline - (u0, v0)) * view.pitch).astype(np.int64)
    inside = np.zeros(view.image.shape[:2], np.uint8)
    if np.all(np.abs(poly) < 2 ** 20):
        cv2.fillConvexPoly(inside, poly.astype(np.int32), 1)
    if inside.all():
        return view.image
    out = view.image.copy()
    out[inside == 0] = 0
    return out


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether the centre of box ``a`` (x, y, w, h) lies in box ``b`` or that of ``b`` in ``a``."""
    def inside(p, q):
        cx, cy = p[0] + p[2] / 2, p[1] + p[3] / 2
        return q[0] <= cx < q[0] + q[2] and q[1] <= cy < q[1] + q[3]
    return inside(a, b) or inside(b, a)


def white_faces(image: np.ndarray) -> list[tuple[tuple[int, int, int, int], np.ndarray, np.ndarray]]:
    """The white patches of a die's size in an upright view (``uint8`` BGR at :data:`PITCH`): per
    patch, its box (x, y, w, h), the darkest channel over it and the mask of the patch inside it
    (its print's holes filled, its rim left out).  The white is cut at a few grey levels (a die's
    lit top and its shaded side are one patch at a low level, apart at a higher one): one die may
    give a patch at several, and at each both as it is and eroded by :data:`CUT` px."""
    im = image.astype(np.int16)
    lo, hi = im.min(axis=2), im.max(axis=2)
    greyish = hi - lo < SPREAD * hi  # white under a colour cast too
    out = []
    for level, cut in product(WHITE_LEVELS, (0, CUT)):
        white = ((lo > level) & greyish).astype(np.uint8)
        if cut:  # dice side by side touch: their white is parted where it is thin
            white = cv2.erode(white, np.ones((cut, cut), np.uint8))
        filled = np.zeros_like(white)
        contours, _ = cv2.findContours(white, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(filled, contours, -1, 1, -1)
        n, lab, stats, _ = cv2.connectedComponentsWithStats(filled, connectivity=4)
        for j in range(1, n):
            x, y, w, h, area = (int(v) for v in stats[j])
            if (area < MIN_AREA * PITCH ** 2 or not MIN_SIDE * PITCH <= min(w, h) <= max(w, h) <= MAX_SIDE * PITCH
                    or area < MIN_FILL * w * h):
                continue
            mine = lab[y:y + h, x:x + w] == j
            inside = cv2.erode(mine.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
            if inside.any():
                out.append(((x, y, w, h), lo[y:y + h, x:x + w].astype(np.float32), inside))
            if h > TALL * w:  # a die's top and its lit side below it, seen from the front: the top alone
                top = inside[:w].copy()
                top[-RIM:] = False  # the print of the side, cut here, is left out
                out.append(((x, y, w, w), lo[y:y + w, x:x + w].astype(np.float32), top))
    return out


def _scored(grey: np.ndarray, inside: np.ndarray) -> dict[str, float] | None:
    """Each square's name and how well the face's two glyphs fit it; None when the face has no two
    glyphs (too little contrast or ink)."""
    white, dark = np.percentile(grey[inside], 75), np.percentile(grey[inside], 1)
    if white - dark < MIN_CONTRAST:
        return None
    ink = inside & (grey < white - INK_SHARE * (white - dark))
    n, lab, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    rim = cv2.dilate((~inside).astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    on_rim = set(np.unique(lab[rim & ink]).tolist())  # the face's shaded rim, no print
    ink = np.isin(lab, [k for k in range(1, n) if stats[k, cv2.CC_STAT_AREA] >= MIN_PART and k not in on_rim])
    cols = ink.sum(axis=0)
    xs = np.flatnonzero(cols)
    if len(xs) < 6:
        return None
    x0, x1 = int(xs[0]), int(xs[-1]) + 1
    split = _split(cols, x0, x1)
    glyphs = [_glyph(np.clip(white - grey[:, a:b], 0, None) * ink[:, a:b]) for a, b in ((x0, split), (split, x1))]
    if glyphs[0] is None or glyphs[1] is None:
        return None
    misfit = letter_misfit(ink[:, x0:split])
    letters = {c: char_fit(glyphs[0], c) - misfit(c) for c in model.LETTERS}
    digits = {c: char_fit(glyphs[1], c) for c in model.DIGITS}
    return {name: letters[name[0]] + digits[name[1]] for name in NAMES}


def letter_misfit(ink: np.ndarray):
    """How much less each letter fits the letter's ``ink`` (bool) for its shape: :data:`LETTER_MISFIT`
    for a letter with a foot when the ink has none, for an F when it has one, and for any letter but
    a B when the ink has two holes (:data:`FOOT_ROWS`, :data:`TWO_HOLES`); nothing for a glyph too
    small to tell (under 5 x 3 px)."""
    ys, xs = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if len(ys) < 5 or len(xs) < 3:
        return lambda letter: 0.0
    glyph = ink[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1]
    h, w = glyph.shape
    foot = float(glyph[int(round((1 - FOOT_ROWS) * h)):, int(round(FOOT_FROM * w)):].any(axis=0).mean())
    two = holes(glyph) == 2

    def misfit(letter: str) -> float:
        against = ((foot < NO_FOOT and letter in FOOTED) or (foot >= HAS_FOOT and letter in FOOTLESS)
                   or (two and letter not in TWO_HOLES))
        return LETTER_MISFIT if against else 0.0

    return misfit


def _split(cols: np.ndarray, x0: int, x1: int) -> int:
    """The column between a face's letter and its digit: of the middle half of the ink's span
    (``x0``-``x1``), the widest run of columns without ink (its middle), else the least inked column,
    the nearer the middle the better (a C's or a 2's hollow holds little ink too)."""
    quarter = (x1 - x0) // 4
    lo, hi = x0 + quarter, x1 - quarter
    empty = cols[lo:hi] == 0
    if empty.any():
        best, start, run = (0, 0), None, 0
        for k, e in enumerate(np.append(empty, False)):
            if e:
                start = k if start is None else start
            elif start is not None:
                best, start = max(best, (k - start, start + (k - start) // 2)), None
        return lo + best[1]
    middle = (x0 + x1) / 2
    weight = cols[lo:hi] + 0.5 * np.abs(np.arange(lo, hi) - middle)
    return lo + int(np.argmin(weight))


def _glyph(crop: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The normalised glyph of the ink in ``crop`` (cropped to it), or None."""
    ys, xs = np.nonzero(crop)
    if len(ys) < MIN_PART:
        return None
    return glyph_shape(crop[ys.min():ys.max() + 1, xs.min():xs.max() + 1])


def roll_fit(faces: list[dict[str, float]], blockers) -> float:
    """How well the dice faces seen fit a roll: the faces matched one to one with the roll's
    squares, the most their scores sum to (0 with more faces than squares)."""
    names = list(blockers)
    if not faces or len(faces) > len(names):
        return 0.0
    best = {0: 0.0}  # squares taken (bits) -> best sum of the faces matched so far
    for scores in faces:
        step: dict[int, float] = {}
        for used, total in best.items():
            for k, name in enumerate(names):
                if not used >> k & 1:
                    key = used | 1 << k
                    step[key] = max(step.get(key, -1.0), total + scores[name])
        best = step
    return float(max(best.values()))



def best_roll(faces: list[dict[str, float]], without: frozenset = frozenset()) -> tuple[float, tuple[str, ...]]:
    """The roll of the dice (one face of each die, none of ``without``) that the faces seen fit best
    (:func:`roll_fit`), and that fit: the faces matched one to one with the dice, each die showing
    the one of its faces that fits its face seen best; (-1, ()) unless seven faces are seen."""
    dice = [sorted(set(faces_of) - without) for faces_of in model.DICE]
    if len(faces) != len(dice) or any(not d for d in dice):
        return -1.0, ()
    best: dict[int, tuple[float, tuple]] = {0: (0.0, ())}  # dice taken (bits) -> best sum, (die, name) pairs
    for scores in faces:
        step: dict[int, tuple[float, tuple]] = {}
        for used, (total, picked) in best.items():
            for d, names in enumerate(dice):
                if used >> d & 1:
                    continue
                name = max(names, key=scores.__getitem__)
                got = (total + scores[name], picked + ((d, name),))
                if got[0] > step.get(used | 1 << d, (-1.0,))[0]:
                    step[used | 1 << d] = got
        best = step
    total, picked = max(best.values(), key=lambda b: b[0])
    return total, tuple(name for _d, name in sorted(picked))


def likely_rolls(faces: list[dict[str, float]]) -> list[tuple[str, ...]]:
    """The rolls seven faces seen most likely show: the one they fit best, and for each of its
    squares the best without it (a face misread in its letter or digit); none unless seven faces."""
    first = best_roll(faces)[1]
    if not first:
        return []
    out = [first]
    for name in first:
        other = best_roll(faces, frozenset({name}))[1]
        if other and other not in out:
            out.append(other)
    return out
