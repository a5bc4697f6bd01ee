"""circuit500 reader: the extra steps for photos of the screen.

A photo is read like a screenshot (:func:`reader._read_at`, see the docstring
of :mod:`reader` and ``docs/photos.md``) with these on top: the caption's
light is evened out and the word ``level`` looked for at third-of-a-pixel
offsets (:func:`photo_caption`).  An unsure digit gets a second look on a
4x finer grid against blurred, enlarged digits (:func:`digits_second_look`);
a tile too flat to match is matched again at a lower contrast limit but
must then score clearly (:func:`rematch_faint`); an empty or gap plate with
a wide margin may score a little lower (:data:`MIN_PLAIN_TILE_SCORE`).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.circuit500.reading import INK
from visolve.puzzles.circuit500.references import DIGIT_UP, References
from visolve.vision.light import normalise_strokes
from visolve.vision.match import Match, TemplateBank, read_glyph_row, to_grey
from visolve.vision.view import BoardView

# --------------------------------------------------------------------------
# photo thresholds (see the docstring of :mod:`reader` and scripts/eval_reader.py)

#: in a photo a caption cell holds a glyph when this many pixels are above
#: INK (the narrowest digit, "1", has 9 bright pixels; noise gives a few specks)
PHOTO_INK_PIXELS = 4

#: a faint cell after the last digit that still looks this much like a digit
#: makes the number doubtful (noise on glare does not reach it)
FAINT_DIGIT_SCORE = 0.5

# Photos (measured on synthetic photos at full strength, see
# scripts/eval_reader.py --synth): blur and noise lower the correlation of
# the flat tiles most (empty, gap: one-pixel bevels on a plain plate), down
# to about 0.6 when the read is right, while wrong tiles stay below 0.4;
# the margin keeps its meaning, so it is unchanged.
#: a photographed tile must correlate at least this well with its best reference
MIN_PHOTO_TILE_SCORE = 0.55


def digits_second_look(view: BoardView, refs: References, x: int, y: int, n: int) -> tuple[Match, ...] | None:
    """The ``n`` digits whose first cell is at base ``(x, y)``, read again finely.

    A small, blurred photo leaves about one photo pixel per base pixel, and
    sampling it onto the base grid blurs the one-pixel strokes once more.
    Here the number is resampled DIGIT_UP times finer, its strokes evened
    out, and each digit matched against enlarged digits blurred by several
    widths, at every shift of a fine pixel within +-1 base pixel; the best
    shift per digit counts.  Same thresholds as the first look.

    Parameters
    ----------
    view : BoardView
        The board's view of the photo.
    refs : References
        The base grid's references, with the enlarged digits (``refs.digits_up``).
    x, y : int
        Base pixel of the first digit's cell.
    n : int
        How many digits.

    Returns
    -------
    tuple of Match or None
        One match per digit, or None when the references have no enlarged digits (or no view).
    """
    bank = refs.digits_up
    if bank is None or view is None:
        return None
    u, pad = DIGIT_UP, 2
    gh, gw = bank.shape[:2]
    rect = (x - pad, y - pad, x + (n - 1) * refs.pitch + gw // u + pad, y + gh // u + pad)
    band = to_grey(view.resampled(pitch=u * refs.tile, extent=refs.to_board(rect)).image)
    band = normalise_strokes(band, 9 * u, 153.0).astype(np.float32)
    out = []
    for k in range(n):
        cells_k, x0 = [], pad * u + k * refs.pitch * u
        for sy in range(-u, u + 1):
            for sx in range(-u, u + 1):
                cell = band[pad * u + sy : pad * u + sy + gh, x0 + sx : x0 + sx + gw]
                if cell.shape == (gh, gw):
                    cells_k.append(cell)
        if not cells_k:
            return None
        best = max(bank.match(cells_k), key=lambda m: m.score)
        out.append(best)
    return tuple(out)


#: a photographed tile too flat for the usual correlation (a dim, blurred
#: empty or gap plate: a few grey levels of bevel) is matched again down to
#: this standard deviation (grey levels) ...
FAINT_TILE_STD = 1.5
#: ... and its reading counts only when it scores this well (a flat tile that
#: is really flat, or noise, correlates with no drawing anywhere near this)
MIN_FAINT_TILE_SCORE = 0.70
#: ... and beats every other tile by this much
MIN_FAINT_TILE_MARGIN = 0.25

#: an empty or gap plate in a photo may score down to this (instead of
#: MIN_PHOTO_TILE_SCORE) when it beats every other tile by MIN_PLAIN_MARGIN:
#: the plain plates lose most to blur, a tile with a pipe keeps a close
#: runner-up (its plate)
MIN_PLAIN_TILE_SCORE = 0.45
MIN_PLAIN_MARGIN = 0.25
PLAIN_KINDS = ("empty", "gap")


def rematch_faint(bank: TemplateBank, patches, matches: list[Match]) -> list[Match]:
    """Photo tiles that counted as flat, matched again with a lower flatness limit.

    The new match replaces the "no match" only when it is clearly good
    (:data:`MIN_FAINT_TILE_SCORE`, :data:`MIN_FAINT_TILE_MARGIN`); then the
    usual thresholds apply to it as to any tile.

    Parameters
    ----------
    bank : TemplateBank
        The tiles' templates.
    patches : sequence of numpy.ndarray
        Each tile's patch, in the order of ``matches``.
    matches : list of Match
        The first matches; the flat ones (score and runner-up 0) are matched again.

    Returns
    -------
    list of Match
        ``matches`` with the clear second matches put in.
    """
    flat = [i for i, m in enumerate(matches) if m.score == 0.0 and m.runner_score == 0.0]
    if not flat:
        return matches
    again = bank.match([patches[i] for i in flat], per_channel=True, flat_std=FAINT_TILE_STD)
    out = list(matches)
    for i, m in zip(flat, again):
        if m.score >= MIN_FAINT_TILE_SCORE and m.margin >= MIN_FAINT_TILE_MARGIN:
            out[i] = m
    return out


#: sub-pixel shifts (base pixels) tried when reading a photo's caption
CAPTION_SHIFTS = (-1 / 3, 0.0, 1 / 3)


def photo_caption(grey: np.ndarray, refs: References, letters: TemplateBank):
    """The caption of a photo: even out its light, then find the word "level"
    at whole *and* third-of-a-pixel offsets (one-pixel strokes lose much of
    their correlation when half a pixel off).

    Parameters
    ----------
    grey : numpy.ndarray
        The board's grey view at base resolution.
    refs : References
        Where the caption is on the base grid.
    letters : TemplateBank
        The caption's letters.

    Returns
    -------
    tuple
        The evened-out, best-shifted grey view and the word read there.
    """
    vx0, vy0 = refs.view[0], refs.view[1]
    cx, cy = refs.caption_xy
    # light text on a dark screen: subtract the ground (glare), then bring
    # every stroke to its drawn grey (glare lowers contrast locally)
    ya, yb = max(0, cy - vy0 - 4), cy - vy0 + 14
    grey = grey.copy()
    grey[ya:yb] = normalise_strokes(grey[ya:yb], 9, 153.0)
    band = grey[ya:yb].astype(np.float32)
    best = None
    for dy in CAPTION_SHIFTS:
        for dx in CAPTION_SHIFTS:
            M = np.float32([[1, 0, -dx], [0, 1, -dy]])
            shifted = cv2.warpAffine(band, M, (band.shape[1], band.shape[0]), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT, borderValue=0)
            g = grey.astype(np.float32)
            g[ya:yb] = shifted
            word = read_glyph_row(g, letters, cx - vx0, cy - vy0, refs.pitch, 5, ink=INK, jitter=1,
                                  min_ink_pixels=PHOTO_INK_PIXELS)
            score = float(np.mean([m.score for m in word.matches])) if word.text == "level" else -1.0
            if best is None or score > best[0]:
                best = (score, g, word)
    return best[1], best[2]
