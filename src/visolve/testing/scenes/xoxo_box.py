"""IQ XOXO box scenes: the white travel box with pieces lying in its 5 x 10 tray, photographed.

Drawn from ``../shared/iq-xoxo/RULES.md``: every square of a piece lying in
the box shows the mark of the board square under it -- X where row + column
is even, seen in the booklet's orientation -- raised on the piece's slab in
the piece's colour.  The tray is white, its squares parted by faint lines;
the pieces are slabs a few millimetres thick with their marks standing on
them; the box's clear lid, when it is open, stands behind the tray, with a
pale logo printed on it.  Some of a filling's pieces are left out (0 to all
ten in the tray).

The box prints no number: the level is named from the picture's file name,
as the family's reader names it.
"""

from __future__ import annotations

import random

import numpy as np

from visolve.puzzles.base import level_from_filename
from visolve.puzzles.iq_xoxo.model import COLS, ROWS, Level
from visolve.testing.scenes import ink, photo
from visolve.testing.scenes.render import Prism, cast_shadows, draw_prisms, light_direction, paste, random_view
from visolve.testing.scenes.xoxo import PIECES, fillings

#: a square of the tray in mm
SQUARE = 9.0


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


def _pieces(rng: np.random.Generator, level: Level, x0: float, y0: float, z0: float) -> list[Prism]:
    slab = rng.uniform(2.0, 3.5)
    mark_h = rng.uniform(1.0, 2.5)
    inset = rng.uniform(0.02, 0.06) * SQUARE
    colours = {k: ink.jitter_colour(rng, v, 0.06) for k, v in PIECES.items()}
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


def scene(rng: np.random.Generator, name: str, strength: float = 1.0) -> tuple[np.ndarray, Level]:
    """A photo of the box with a random part of a filling in its tray, and its truth."""
    level = box_level(random.Random(int(rng.integers(2**62))), name)
    rim = rng.uniform(4, 10)
    w, h = COLS * SQUARE + 2 * rim, ROWS * SQUARE + 2 * rim
    depth = rng.uniform(4, 8)
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
    tex = ink.canvas(int(h * scale) + 1, int(w * scale) + 1, white)
    ink.outline(tex, ink.rounded_rect(rim * scale, rim * scale, (w - rim) * scale, (h - rim) * scale, 2 * scale),
                white * 0.85, max(1.0, 0.6 * scale))
    for k in range(1, COLS):
        x = (rim + k * SQUARE) * scale
        ink.fill(tex, [[(x - 0.3 * scale, rim * scale), (x + 0.3 * scale, rim * scale),
                        (x + 0.3 * scale, (h - rim) * scale), (x - 0.3 * scale, (h - rim) * scale)]], white * 0.93)
    for k in range(1, ROWS):
        y = (rim + k * SQUARE) * scale
        ink.fill(tex, [[(rim * scale, y - 0.3 * scale), ((w - rim) * scale, y - 0.3 * scale),
                        ((w - rim) * scale, y + 0.3 * scale), (rim * scale, y + 0.3 * scale)]], white * 0.93)
    paste(out, tex, view.plane(-depth, scale), ink.poly_mask(tex.shape, [shell.base * scale]))
    if lid:
        _lid(out, view, rng, w, lid_h, scale)
    pieces = _pieces(rng, level, rim, rim, -depth)
    cast_shadows(out, view, pieces, light, rng.uniform(0.2, 0.4))
    draw_prisms(out, view, pieces, light)
    return photo.finish(out, rng, strength), level


def _lid(out: np.ndarray, view, rng: np.random.Generator, w: float, lid_h: float, scale: float) -> None:
    """The open clear lid lying behind the tray: a pale sheet with a logo, half seen through."""
    tex = ink.canvas(int(lid_h * scale) + 1, int(w * scale) + 1, (235, 236, 236))
    ink.text(tex, "IQ XOXO", tex.shape[1] / 2, tex.shape[0] / 2, 0.15 * tex.shape[0], (205, 205, 205),
             ink.random_font(rng))
    ink.outline(tex, ink.rounded_rect(2, 2, tex.shape[1] - 3, tex.shape[0] - 3, 4 * scale), (215, 215, 215),
                max(1.0, 1.5 * scale))
    alpha = np.full(tex.shape[:2], rng.uniform(0.35, 0.7), np.float32)
    paste(out, tex, view.plane(0.0, scale, (0.0, -lid_h - 2)), alpha)
