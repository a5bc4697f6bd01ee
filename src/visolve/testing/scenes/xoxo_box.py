"""IQ XOXO box scenes: the white travel box with pieces lying in its 5 x 10 tray, photographed.

Drawn from ``../shared/iq-xoxo/RULES.md``: every square of a piece lying in
the box shows the mark of the board square under it -- X where row + column
is even, seen in the booklet's orientation -- raised on the piece's slab in
the piece's colour.  The tray is white, its squares parted by faint lines;
the pieces are slabs a few millimetres thick with their marks standing on
them; the box's clear lid, when it is open, stands behind the tray, with a
pale logo printed on it.  Some of a filling's pieces are left out (0 to all
ten in the tray).

The tray is sunk into the box, as in the real product photo
(``photos/box_solved.jpg``: the pieces lie below the white rim, the tray's
walls show between them and the rim): deeper than the pieces with their
marks (the lid closes over them), so everything in it is seen through the
opening in the box's top, the far walls lit by the light and the floor in
their shade.  No real photo shows an empty square: the floor is drawn a
little greyer than the rim (a recess takes less of the room's light), its
squares parted by faint lines.

The box prints no number: the level is named from the picture's file name,
as the family's reader names it.
"""

from __future__ import annotations

import random

import numpy as np

from visolve.puzzles.base import level_from_filename
from visolve.puzzles.iq_xoxo.model import COLS, ROWS, Level
from visolve.testing.scenes import ink, photo
from visolve.testing.scenes.render import Prism, View, cast_shadows, draw_prisms, light_direction, paste, random_view
from visolve.testing.scenes.xoxo import fillings

#: a square of the tray in mm
SQUARE = 9.0
#: share of the box scenes with the clear lid closed over the tray
CLOSED = 0.35
#: the closed lid's logo: its text, and its colours (BGR): white, pale grey, dark grey print
LOGO, LOGO_INKS = "IQ XOXO", ((250, 250, 250), (215, 218, 220), (70, 70, 75))
#: the pieces' plastic (BGR), not the booklet's print: the median of each piece's plate in the real
#: photo (``photos/box_solved.jpg``), sampled at the four corners of each of its squares, off the marks
PLASTIC = {"I": (133, 73, 63), "L": (12, 180, 169), "N": (154, 116, 252), "P": (214, 160, 65),
           "T": (15, 176, 254), "U": (102, 58, 127), "V": (238, 222, 123), "W": (39, 134, 254),
           "Y": (32, 54, 237), "Z": (104, 116, 40)}


def box_level(stream: random.Random, name: str) -> Level:
    """A random filling with a random subset of its pieces in the tray."""
    filling = stream.choice(fillings())
    letters = sorted(set("".join(filling)))
    keep = set(stream.sample(letters, stream.randint(0, len(letters))))
    rows = tuple("".join(ch if ch in keep else "." for ch in row) for row in filling)
    return Level(level_from_filename(name), rows, name)


def _marks(rng: np.random.Generator, cx: float, cy: float, cross: bool, z: float, h: float, colour,
           size: float) -> list[Prism]:
    """A raised X (two bars) or O (a disc whose middle is dark) on a piece's square."""
    lighter = colour * 1.08 + 6
    if cross:
        out = []
        half, w = size / 2, size * rng.uniform(0.16, 0.24)
        for sx in (-1, 1):
            d = np.array([half, sx * half]) * 0.75
            n = np.array([-d[1], d[0]]) / np.hypot(*d) * w / 2
            a, b = np.array([cx, cy]) - d, np.array([cx, cy]) + d
            out.append(Prism(np.array([a + n, b + n, b - n, a - n]), z, z - h, lighter, colour * 0.8))
        return out
    hole = ink.circle(cx, cy, size * 0.22, 20)
    return [Prism(ink.circle(cx, cy, size * 0.42, 28), z, z - h, lighter, colour * 0.8, [(hole, colour * 0.6)])]


def _pieces(rng: np.random.Generator, level: Level, x0: float, y0: float, z0: float, slab: float,
            mark_h: float) -> list[Prism]:
    inset = rng.uniform(0.02, 0.06) * SQUARE
    colours = {k: ink.jitter_colour(rng, v, 0.06) for k, v in PLASTIC.items()}
    out = []
    for r in range(ROWS):
        for c in range(COLS):
            letter = level.rows[r][c]
            if letter == ".":
                continue
            colour = colours[letter]
            same = [0 <= r + dr < ROWS and 0 <= c + dc < COLS and level.rows[r + dr][c + dc] == letter
                    for dr, dc in ((0, -1), (-1, 0), (0, 1), (1, 0))]
            left, top, right, bottom = (0.0 if s else inset for s in same)
            x, y = x0 + c * SQUARE, y0 + r * SQUARE
            sq = np.array([(x + left, y + top), (x + SQUARE - right, y + top),
                           (x + SQUARE - right, y + SQUARE - bottom), (x + left, y + SQUARE - bottom)])
            out.append(Prism(sq, z0, z0 - slab, colour, colour * 0.85))
            out += _marks(rng, x + SQUARE / 2, y + SQUARE / 2, (r + c) % 2 == 0, z0 - slab, mark_h, colour,
                          SQUARE * rng.uniform(0.7, 0.85))
    return out


def heights(rng: np.random.Generator) -> tuple[float, float, float, float]:
    """A piece's slab and its marks' height, the tray's depth below the box's top and the box's
    height (mm): the tray is deeper than a piece with its marks (the lid closes over them)."""
    slab, mark_h = rng.uniform(2.0, 3.5), rng.uniform(1.0, 2.5)
    recess = slab + mark_h + rng.uniform(0.5, 2.0)
    return slab, mark_h, recess, recess + rng.uniform(2, 4)


def scene(rng: np.random.Generator, name: str, strength: float = 1.0,
          closed: bool | None = None) -> tuple[np.ndarray, Level]:
    """A photo of the box with a random part of a filling in its tray, and its truth.

    ``closed``: the clear lid shut over the tray (:func:`closed_lid`), or not, or at random
    (:data:`CLOSED` of the scenes).  The closed lid draws from its own stream (spawned, so the
    scene's own draws are the same either way): a scene and its closed twin show the same box.
    """
    own = rng.spawn(1)[0]
    shut = bool(own.random() < CLOSED)  # drawn either way: the twin's lid is the random one's
    closed = shut if closed is None else closed
    level = box_level(random.Random(int(rng.integers(2**62))), name)
    rim = rng.uniform(4, 10)
    w, h = COLS * SQUARE + 2 * rim, ROWS * SQUARE + 2 * rim
    slab, mark_h, recess, depth = heights(rng)
    lid = rng.random() < 0.6
    lid_h = h * rng.uniform(0.9, 1.1)
    pts = [(0, 0, 0), (w, 0, 0), (w, h, 0), (0, h, 0), (0, 0, -depth - 6), (w, h, -depth - 6)]
    if lid:
        pts += [(0, -lid_h, 0), (w, -lid_h, 0)]
    view = random_view(rng, np.array(pts, np.float64), fill=(0.4, 0.9))
    light = light_direction(rng)
    out = photo.table(rng, view.size)
    white = ink.jitter_colour(rng, (240, 242, 242), 0.03)
    shell = Prism(ink.rounded_rect(0, 0, w, h, rim * 0.8), 0.0, -depth, None, white * 0.9)
    cast_shadows(out, view, [shell], light, rng.uniform(0.15, 0.35))
    draw_prisms(out, view, [shell], light)
    scale = min(12.0, 1.4 * view.px_per_mm(np.array(pts[:4], np.float64)))
    top = ink.canvas(int(h * scale) + 1, int(w * scale) + 1, white)
    paste(out, top, view.plane(-depth, scale), ink.poly_mask(top.shape, [shell.base * scale]))
    if lid and not closed:
        _lid(out, view, rng, w, lid_h, scale)
    floor = white * rng.uniform(0.86, 0.96)
    _tray(out, view, rng, (rim, w - rim, h - rim), (-depth, -depth + recess), floor, scale, light,
          _pieces(rng, level, rim, rim, -depth + recess, slab, mark_h))
    if closed:
        closed_lid(out, view, own, (w, h, rim), -depth, scale)
    return photo.finish(out, rng, strength), level


def _tray(out: np.ndarray, view: View, rng: np.random.Generator, edges: tuple[float, float, float],
          heights: tuple[float, float], floor: np.ndarray, scale: float, light, pieces: list[Prism]) -> None:
    """The sunk tray seen through its opening in the box's top: floor, walls, pieces and shadows.

    ``edges``: the opening's left (= top) edge, right and bottom edges (mm); ``heights``: the box's
    top and the floor (z, mm).  Drawn on a crop of the picture around the opening, then copied
    in through the opening's outline, so the near walls hide what lies under them.
    """
    a, right, bottom = edges
    z_top, z_floor = heights
    opening = np.array([(a, a), (right, a), (right, bottom), (a, bottom)], np.float64)
    seen = view.project(np.column_stack([opening, np.full(4, z_top)]))
    x0, y0 = np.maximum(np.floor(seen.min(0)).astype(int) - 2, 0)
    x1, y1 = np.minimum(np.ceil(seen.max(0)).astype(int) + 2, (out.shape[1], out.shape[0]))
    if x1 <= x0 or y1 <= y0:
        return
    k = view.K.copy()
    k[0, 2] -= x0
    k[1, 2] -= y0
    sub = View(k, view.R, view.C, (int(x1 - x0), int(y1 - y0)))
    crop = out[y0:y1, x0:x1].copy()
    tw, th = right - a, bottom - a
    tex = ink.canvas(int(th * scale) + 1, int(tw * scale) + 1, floor)
    for k_ in range(1, COLS):
        x = k_ * SQUARE * scale
        ink.fill(tex, [[(x - 0.3 * scale, 0), (x + 0.3 * scale, 0), (x + 0.3 * scale, th * scale),
                        (x - 0.3 * scale, th * scale)]], floor * 0.93)
    for k_ in range(1, ROWS):
        y = k_ * SQUARE * scale
        ink.fill(tex, [[(0, y - 0.3 * scale), (tw * scale, y - 0.3 * scale), (tw * scale, y + 0.3 * scale),
                        (0, y + 0.3 * scale)]], floor * 0.93)
    paste(crop, tex, sub.plane(z_floor, scale, (a, a)))
    far = 2 * SQUARE  # the walls: bars of the box around the opening, from the floor up to its top
    walls = [Prism(np.array(q, np.float64), z_floor, z_top, None, floor * 1.15)
             for q in ([(a - far, a - far), (right + far, a - far), (right + far, a), (a - far, a)],
                       [(a - far, bottom), (right + far, bottom), (right + far, bottom + far), (a - far, bottom + far)],
                       [(a - far, a), (a, a), (a, bottom), (a - far, bottom)],
                       [(right, a), (right + far, a), (right + far, bottom), (right, bottom)])]
    cast_shadows(crop, sub, walls, light, rng.uniform(0.15, 0.3))
    cast_shadows(crop, sub, pieces, light, rng.uniform(0.2, 0.4))
    draw_prisms(crop, sub, walls, light)
    draw_prisms(crop, sub, pieces, light)
    mask = ink.poly_mask(crop.shape, [seen - (x0, y0)])[..., None]
    out[y0:y1, x0:x1] += (crop - out[y0:y1, x0:x1]) * mask


def _lid(out: np.ndarray, view, rng: np.random.Generator, w: float, lid_h: float, scale: float) -> None:
    """The open clear lid lying behind the tray: a pale sheet with a logo, half seen through."""
    tex = ink.canvas(int(lid_h * scale) + 1, int(w * scale) + 1, (235, 236, 236))
    ink.text(tex, "IQ XOXO", tex.shape[1] / 2, tex.shape[0] / 2, 0.15 * tex.shape[0], (205, 205, 205),
             ink.random_font(rng))
    ink.outline(tex, ink.rounded_rect(2, 2, tex.shape[1] - 3, tex.shape[0] - 3, 4 * scale), (215, 215, 215),
                max(1.0, 1.5 * scale))
    alpha = np.full(tex.shape[:2], rng.uniform(0.35, 0.7), np.float32)
    paste(out, tex, view.plane(0.0, scale, (0.0, -lid_h - 2)), alpha)


def closed_lid(out: np.ndarray, view: View, rng: np.random.Generator, box: tuple[float, float, float],
               z_top: float, scale: float) -> None:
    """The clear lid shut over the box (``box``: its width, height and rim, mm; its top at
    ``z_top``): a pale haze over all of it, whiter along its frosted edge over the rim, a few
    soft reflections across it, and the logo printed on it over part of the tray."""
    w, h, rim = box
    tw, th = int(w * scale) + 1, int(h * scale) + 1
    tex = ink.canvas(th, tw, ink.jitter_colour(rng, (248, 248, 248), 0.02))
    yy, xx = np.mgrid[0:th, 0:tw].astype(np.float32) / scale
    edge = np.minimum(np.minimum(xx, w - xx), np.minimum(yy, h - yy))
    alpha = np.full((th, tw), rng.uniform(0.05, 0.22), np.float32)
    band = rim * rng.uniform(0.5, 0.9)
    alpha = np.where(edge < band, np.maximum(alpha, rng.uniform(0.35, 0.7)), alpha)
    for _ in range(int(rng.integers(0, 3))):  # a window or a lamp mirrored in the plastic
        turn = rng.uniform(0, np.pi)
        across = (xx - rng.uniform(0, w)) * np.cos(turn) + (yy - rng.uniform(0, h)) * np.sin(turn)
        alpha = np.maximum(alpha, rng.uniform(0.1, 0.45) * np.exp(-(across / (rng.uniform(0.3, 1.5) * SQUARE)) ** 2))
    _logo(tex, alpha, rng, (rim, w - rim, h - rim), scale)
    alpha *= ink.poly_mask((th, tw), [ink.rounded_rect(0, 0, w * scale, h * scale, rim * 0.8 * scale)])
    paste(out, tex, view.plane(z_top - rng.uniform(0.6, 1.5), scale), alpha)


def _logo(tex: np.ndarray, alpha: np.ndarray, rng: np.random.Generator, edges: tuple[float, float, float],
          scale: float) -> None:
    """The game's name printed on the lid, its middle over the tray (``edges``: the tray's left =
    top edge, right and bottom, mm), sometimes on a badge of its own colour."""
    a, right, bottom = edges
    tall = rng.uniform(0.45, 0.9) * SQUARE * scale
    mask = ink.text_mask(LOGO, tall, ink.random_font(rng, (0.12, 0.22)))
    if rng.random() < 0.5:
        mask = np.ascontiguousarray(np.rot90(mask, int(rng.integers(4))))
    pad = int(rng.uniform(0.1, 0.3) * tall)
    which = int(rng.integers(len(LOGO_INKS)))
    colour = np.array(LOGO_INKS[which], np.float32)
    mh, mw = mask.shape
    cx, cy = rng.uniform(a, right) * scale, rng.uniform(a, bottom) * scale
    x0, y0 = int(cx - mw / 2), int(cy - mh / 2)
    if rng.random() < 0.4:  # on a badge: the dark ink's on white, the light inks' on dark grey
        back = LOGO_INKS[0] if which == len(LOGO_INKS) - 1 else LOGO_INKS[-1]
        shape = ink.rounded_rect(x0 - pad, y0 - pad, x0 + mw + pad, y0 + mh + pad, pad)
        cover = ink.poly_mask(alpha.shape, [shape])
        tex += (np.asarray(back, np.float32) - tex) * cover[..., None]
        np.maximum(alpha, cover * 0.95, out=alpha)
    ink.blend(tex, mask, colour, x0, y0)
    put = np.zeros(alpha.shape, np.float32)
    ink.blend(put[..., None], mask, (0.95,), x0, y0)
    np.maximum(alpha, put, out=alpha)
