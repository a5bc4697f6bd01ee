"""IQ Stars scenes: challenge diagrams in many print styles, and the real tray with its pieces.

Drawn from ``../shared/iq-stars/RULES.md``: 26 six-pointed stars in rows of
7, 6, 7 and 6, neighbours in a row touching tip to tip, rows 2 and 4 half a
star to the right.

* ``diagram`` -- a challenge as the booklets and the web draw it: a dark
  board (its margin round the stars anywhere from a sliver to more than a
  star wide, corners rounded or not, sometimes the tray's own outline), empty
  cells as star outlines of any thickness, a placed piece's stars in its
  colour with a white star in the middle, wizard stars solid; sometimes the
  challenge's number above the board.  Saved as drawn (turned by quarter
  turns) or printed on a page and photographed.
* ``tray`` -- the game itself: a navy tray with 26 star-shaped pits, the
  placed pieces standing in them (coloured stars on white bases, a white
  star on top), the other pieces often lying beside the tray, photographed.

The truth is the challenge drawn (:func:`~visolve.puzzles.iq_stars.challenges.random_challenge`).
"""

from __future__ import annotations

import math
import random

import cv2
import numpy as np

from visolve.puzzles.iq_stars import model
from visolve.puzzles.iq_stars.model import ROW_LENGTHS, Level
from visolve.puzzles.iq_stars.challenges import random_challenge
from visolve.testing.scenes import ink, photo
from visolve.testing.scenes.render import Prism, cast_shadows, draw_prisms, light_direction, paste, random_view

#: the published colours of the pieces (BGR): the diagrams' and the plastic's shade of each
PALETTE = {
    "r": ((0, 0, 255), (45, 30, 225)),
    "o": ((0, 165, 255), (20, 130, 245)),
    "y": ((0, 215, 255), (30, 220, 250)),
    "g": ((0, 128, 0), (40, 200, 140)),
    "b": ((255, 0, 0), (220, 140, 30)),
    "v": ((128, 0, 128), (170, 50, 150)),
    "p": ((147, 20, 255), (170, 90, 235)),
}
NAVY = (68, 44, 44)
#: a star's tip-to-centre size in mm on the real tray
STAR_MM = 8.0
SQRT3 = math.sqrt(3.0)


def centres(r: float, x0: float = 0.0, y0: float = 0.0) -> dict[tuple[int, int], tuple[float, float]]:
    """Centre of every cell (row, k) for stars of tip radius ``r`` whose leftmost tip is at ``x0``
    and whose top row's centres are at ``y0``."""
    return {(row, k): (x0 + r + 2 * r * k + r * (row % 2), y0 + SQRT3 * r * row)
            for row, n in enumerate(ROW_LENGTHS) for k in range(n)}


def _cell_symbol(level: Level, row: int, k: int) -> str:
    return level.rows[row][k]


def lab_of(bgr) -> np.ndarray:
    """A BGR colour (0-255) in CIELAB."""
    px = np.asarray(bgr, np.float32).reshape(1, 1, 3) / 255.0
    return cv2.cvtColor(px, cv2.COLOR_BGR2Lab).reshape(3)


#: the published shades in CIELAB, to keep a jittered colour recognisably its piece's
PUBLISHED_LAB = [(k, lab_of(c)) for k, shades in PALETTE.items() for c in shades]


def piece_colour(rng: np.random.Generator, letter: str, shade: int, spread: float = 0.06) -> np.ndarray:
    """``letter``'s published ``shade`` jittered (a print run, a dye), redrawn while it lies nearer
    (CIELAB) to another piece's published shade than to its own, or about as near: a star drawn
    between orange and yellow has no one true reading, and the truth must be a fact of the picture."""
    for _ in range(50):
        colour = ink.jitter_colour(rng, PALETTE[letter][shade], spread)
        lab = lab_of(colour)
        own = min(float(np.linalg.norm(lab - c)) for k, c in PUBLISHED_LAB if k == letter)
        other = min(float(np.linalg.norm(lab - c)) for k, c in PUBLISHED_LAB if k != letter)
        if own < 0.8 * other:
            return colour
    return np.array(PALETTE[letter][shade], np.float32)


def diagram(rng: np.random.Generator, level: Level) -> np.ndarray:
    """The challenge drawn flat in a random style (float32 BGR)."""
    r = rng.uniform(18, 60)
    m = [rng.uniform(0.12, 1.6) * r for _ in range(4)]  # left, top, right, bottom
    number = rng.random() < 0.4
    head = 1.6 * r if number else 0.0
    w = 14 * r + m[0] + m[2]
    h = 2 * 0.866 * r + 3 * SQRT3 * r + m[1] + m[3]
    pad = rng.uniform(0.0, 0.8) * r
    page = ink.jitter_colour(rng, (250, 250, 250), 0.02) if rng.random() < 0.7 else ink.jitter_colour(
        rng, NAVY, 0.1)
    img = ink.canvas(int(h + head + 2 * pad), int(w + 2 * pad), page)
    bx, by = pad, pad + head
    board = ink.jitter_colour(rng, NAVY, 0.12)
    shape = ink.rounded_rect(bx, by, bx + w, by + h, rng.uniform(0, 0.8) * r)
    ink.fill(img, [shape], board)
    if rng.random() < 0.3:  # the tray's own rim drawn round the board
        ink.outline(img, shape, board * rng.uniform(0.4, 1.6), rng.uniform(0.05, 0.25) * r)
    line = ink.jitter_colour(rng, (10, 10, 10), 0.2) if rng.random() < 0.8 else board * 0.55
    lw = rng.uniform(0.03, 0.12) * r
    inner = rng.uniform(0.42, 0.62)
    palette = {k: piece_colour(rng, k, int(rng.integers(2))) for k in PALETTE}
    white = ink.jitter_colour(rng, (255, 255, 255), 0.02)
    for (row, k), (cx, cy) in centres(r, bx + m[0], by + m[1] + 0.866 * r).items():
        sym = _cell_symbol(level, row, k)
        outer = ink.star(cx, cy, r, turn=math.pi / 2)
        if sym != ".":
            ink.fill(img, [outer], palette[sym.lower()])
            if sym.islower():
                ink.fill(img, [ink.star(cx, cy, r * inner, turn=math.pi / 2)], white)
        ink.outline(img, outer, line, lw)
    if number:
        font = ink.random_font(rng)
        colour = (30, 30, 30) if page.mean() > 128 else (240, 240, 240)
        ink.text(img, str(level.level), bx + w / 2 + rng.uniform(-0.4, 0.4) * w, pad + 0.8 * r, 0.9 * r, colour,
                 font)
    return img


def _tray_things(rng: np.random.Generator, level: Level, z0: float, x0: float, y0: float) -> list[Prism]:
    """The placed pieces standing in the tray's pits: white base, coloured star, white star on top."""
    out = []
    base_h, star_h = rng.uniform(1.5, 3.0), rng.uniform(2.0, 4.0)
    white = ink.jitter_colour(rng, (245, 245, 245), 0.02)
    palette = {k: piece_colour(rng, k, 1) for k in PALETTE}
    inner = rng.uniform(0.5, 0.62)
    for (row, k), (cx, cy) in centres(STAR_MM, x0, y0).items():
        sym = level.rows[row][k]
        if sym == ".":
            continue
        out += _standing_star(cx, cy, 0.0, z0, base_h, star_h, palette[sym], white, inner)
    return out


def _standing_star(cx, cy, turn, z0, base_h, star_h, colour, white, inner) -> list[Prism]:
    r = STAR_MM * 0.96
    base = Prism(ink.star(cx, cy, r * 0.98, turn=math.pi / 2 + turn), z0, z0 - base_h, white, white * 0.9)
    top = ink.star(cx, cy, r * inner, turn=math.pi / 2 + turn)
    body = Prism(ink.star(cx, cy, r, turn=math.pi / 2 + turn), z0 - base_h, z0 - base_h - star_h, colour,
                 colour * 0.85, [(top, white)], rim=0.2)
    return [base, body]


def _loose(rng: np.random.Generator, level: Level, w: float, h: float) -> list[Prism]:
    """The pieces not on the tray, lying on the table beside it, each turned by a sixth turn."""
    shown = {ch for row in level.rows for ch in row if ch != "."}
    white = ink.jitter_colour(rng, (245, 245, 245), 0.02)
    out = []
    for letter in model.LETTERS:
        if letter in shown or rng.random() < 0.4:
            continue
        colour = piece_colour(rng, letter, 1)
        side = int(rng.integers(4))
        along = rng.uniform(0.1, 0.9)
        px, py = {0: (along * w, -30.0), 1: (along * w, h + 30.0), 2: (-30.0, along * h),
                  3: (w + 30.0, along * h)}[side]
        turn = int(rng.integers(6)) * math.pi / 3
        c, s = math.cos(turn), math.sin(turn)
        for x2, row in model.PIECE_DATA[letter][1]:
            dx, dy = x2 * STAR_MM, row * SQRT3 * STAR_MM
            out += _standing_star(px + c * dx - s * dy, py + s * dx + c * dy, turn, 0.0, 2.0, 3.0, colour, white,
                                  0.55)
    return out


def _tray(rng: np.random.Generator, level: Level, strength: float) -> np.ndarray:
    """The tray with the challenge's pieces standing in it, photographed."""
    r = STAR_MM
    m = [rng.uniform(0.4, 1.6) * r for _ in range(4)]
    w = 14 * r + m[0] + m[2]
    h = 2 * 0.866 * r + 3 * SQRT3 * r + m[1] + m[3]
    thick = rng.uniform(5, 10)
    loose = _loose(rng, level, w, h) if rng.random() < 0.5 else []
    pts = [(0, 0, 0), (w, 0, 0), (w, h, 0), (0, h, 0), (0, 0, -thick - 6), (w, h, -thick - 6)]
    pts += [(*p.base[0], 0.0) for p in loose]
    view = random_view(rng, np.array(pts, np.float64), fill=(0.4, 0.9))
    light = light_direction(rng)
    out = photo.table(rng, view.size)
    navy = ink.jitter_colour(rng, NAVY, 0.12)
    outline = ink.rounded_rect(0, 0, w, h, rng.uniform(0.3, 1.0) * r)
    slab = Prism(outline, 0.0, -thick, None, navy * 1.2)
    cast_shadows(out, view, [slab] + loose, light, rng.uniform(0.2, 0.45))
    draw_prisms(out, view, [slab], light)
    scale = min(14.0, 1.4 * view.px_per_mm(np.array(pts[:4], np.float64)))
    tex = ink.canvas(int(h * scale) + 1, int(w * scale) + 1, navy)
    for (_row, _k), (cx, cy) in centres(r * scale, m[0] * scale, (m[1] + 0.866 * r) * scale).items():
        ink.fill(tex, [ink.star(cx, cy, r * scale * 0.97, turn=math.pi / 2)], navy * 0.35)
        ink.fill(tex, [ink.star(cx + 0.08 * r * scale, cy + 0.08 * r * scale, r * scale * 0.35,
                                turn=math.pi / 2)], navy * 0.6)
    paste(out, tex, view.plane(-thick, scale), ink.poly_mask(tex.shape, [outline * scale]))
    things = _tray_things(rng, level, -thick, m[0], m[1] + 0.866 * r)
    cast_shadows(out, view, things, light, rng.uniform(0.3, 0.5))
    draw_prisms(out, view, things + loose, light)
    return photo.finish(out, rng, strength)


def scene(rng: np.random.Generator, strength: float = 1.0) -> tuple[str, np.ndarray, Level]:
    """A random scene: (kind, picture, level drawn)."""
    number = int(rng.integers(1, 121))
    kind = ("diagram", "photo", "tray")[int(rng.choice(3, p=(0.35, 0.35, 0.3)))]
    challenge = "pieces" if kind == "tray" or rng.random() < 0.6 else "wizard"
    level = random_challenge(random.Random(int(rng.integers(2**62))), challenge, level=number)
    if kind == "tray":
        return kind, _tray(rng, level, strength), level
    picture = diagram(rng, level)
    if kind == "diagram":
        return kind, photo.clean(picture, rng), level
    return kind, photo.flat_photo(rng, picture, strength), level
