"""IQ XOXO scenes: booklet pages and open booklets, photographed on a table.

Drawn from ``../shared/iq-xoxo/RULES.md``: a challenge is its 5 x 10 grid
with no frame, empty squares light grey with a white dot on every square
that takes an X (row + column even), a given piece one solid shape in its
colour (no gaps between its own squares) with its marks -- X where the
board takes X, O elsewhere -- in a lighter tint, the number in white on a
rounded tab of the level group's colour centred above the grid.  A page
holds 1 to 6 challenges (up to 3 columns, 2 rows), has a coloured strip
along its outer edge with the level group's name upright, and a round badge;
an open booklet shows two pages and the fold between them, its pages
curled a little.  Square sizes, gaps, dots, mark sizes and strokes, tab
shapes, fonts and the layout's spacing are all random.

The truth is the challenges drawn: a random filling of the empty board
(the engine's, :mod:`visolve.puzzles.iq_xoxo.model`) with its pieces shown
one by one in a random order until it is the only solution.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo import model
from visolve.puzzles.iq_xoxo.model import COLS, ROWS, Level
from visolve.testing._draw import smooth_noise
from visolve.testing.scenes import ink, photo
from visolve.testing.scenes.render import (Prism, View, cast_shadows, draw_prisms, light_direction, paste,
                                          random_view)

#: piece colours (BGR) as RULES.md names them
PIECES = {"I": (120, 40, 20), "L": (40, 200, 150), "N": (160, 80, 235), "P": (210, 130, 40), "T": (30, 215, 250),
          "U": (150, 50, 120), "V": (235, 190, 90), "W": (30, 140, 245), "Y": (45, 40, 220), "Z": (60, 110, 30)}
#: level groups: (first challenge, name, tab and strip colour BGR)
GROUPS = ((1, "STARTER", (50, 190, 130)), (25, "JUNIOR", (30, 170, 240)), (49, "EXPERT", (40, 100, 235)),
          (73, "MASTER", (60, 40, 200)), (97, "WIZARD", (160, 80, 30)))
#: a square's side in mm
SQUARE = 5.0


@lru_cache(maxsize=1)
def fillings() -> tuple[tuple[str, ...], ...]:
    """The 68 fillings of the empty board, as 5 strings of piece letters."""
    return tuple(tuple(model.solution_grid(s)) for s in model.engine().enumerate(limit=0).solutions)


def random_challenge(stream: random.Random, number: int) -> Level:
    """A challenge with one solution: a random filling's pieces shown in a random order until unique."""
    filling = stream.choice(fillings())
    order = list(model.LETTERS)
    stream.shuffle(order)
    for k in range(1, len(order) + 1):
        rows = tuple("".join(ch if ch in order[:k] else "." for ch in row) for row in filling)
        if model.engine().unique(model.challenge_constraints(rows)).unique:
            return Level(level=number, rows=rows)
    raise AssertionError("a full board has one solution")  # pragma: no cover


def group(number: int) -> tuple[str, np.ndarray]:
    """The level group's name and colour of challenge ``number``."""
    name, colour = GROUPS[0][1:]
    for first, n, c in GROUPS:
        if number >= first:
            name, colour = n, c
    return name, np.asarray(colour, np.float32)


def random_style(rng: np.random.Generator) -> dict:
    return dict(
        gap=rng.uniform(0.08, 0.16), round=rng.uniform(0.0, 0.25), dot=rng.uniform(0.07, 0.15),
        grey=np.minimum(ink.jitter_colour(rng, (208, 208, 206), 0.05), 222.0), mark=rng.uniform(0.38, 0.62),
        stroke=rng.uniform(0.07, 0.15), tint=rng.uniform(0.3, 0.6), font=ink.random_font(rng, (0.12, 0.24)),
        tab_h=rng.uniform(0.9, 1.3), tab_w=rng.uniform(2.0, 3.0), tab_gap=rng.uniform(0.0, 0.15),
        colours={k: ink.jitter_colour(rng, v, 0.06) for k, v in PIECES.items()},
    )


def _square(x: float, y: float, p: float, g: float, r: float) -> np.ndarray:
    return ink.rounded_rect(x + g / 2, y + g / 2, x + p - g / 2, y + p - g / 2, r * p, 3)


def challenge_picture(img: np.ndarray, level: Level, x0: float, y0: float, p: float, st: dict) -> None:
    """One challenge, its grid's top-left at (x0, y0), squares ``p`` px."""
    g = st["gap"] * p
    rows = level.rows
    for r in range(ROWS):
        for c in range(COLS):
            x, y = x0 + c * p, y0 + r * p
            if rows[r][c] == ".":
                ink.fill(img, [_square(x, y, p, g, st["round"])], st["grey"])
                if (r + c) % 2 == 0:
                    ink.fill(img, [ink.circle(x + p / 2, y + p / 2, st["dot"] * p, 16)], (252, 252, 252))
                continue
            colour = st["colours"][rows[r][c]]
            ink.fill(img, [_square(x, y, p, g, 0.0)], colour)
            if c + 1 < COLS and rows[r][c + 1] == rows[r][c]:  # no gap inside a piece
                ink.fill(img, [[(x + p - g, y + g / 2), (x + p + g, y + g / 2), (x + p + g, y + p - g / 2),
                                (x + p - g, y + p - g / 2)]], colour)
            if r + 1 < ROWS and rows[r + 1][c] == rows[r][c]:
                ink.fill(img, [[(x + g / 2, y + p - g), (x + p - g / 2, y + p - g), (x + p - g / 2, y + p + g),
                                (x + g / 2, y + p + g)]], colour)
                if c + 1 < COLS and rows[r][c + 1] == rows[r + 1][c + 1] == rows[r][c]:
                    ink.fill(img, [[(x + p - g, y + p - g), (x + p + g, y + p - g), (x + p + g, y + p + g),
                                    (x + p - g, y + p + g)]], colour)
    for r in range(ROWS):
        for c in range(COLS):
            if rows[r][c] != ".":
                _mark(img, x0 + (c + 0.5) * p, y0 + (r + 0.5) * p, p, (r + c) % 2 == 0, st, rows[r][c])


def _mark(img: np.ndarray, cx: float, cy: float, p: float, cross: bool, st: dict, letter: str) -> None:
    colour = st["colours"][letter]
    light = colour + (255 - colour) * st["tint"]
    half, w = st["mark"] * p / 2, st["stroke"] * p
    if cross:
        for sx in (-1, 1):
            d = np.array([half, sx * half])
            n = np.array([-d[1], d[0]]) / np.hypot(*d) * w / 2
            a, b = np.array([cx, cy]) - d, np.array([cx, cy]) + d
            ink.fill(img, [[a + n, b + n, b - n, a - n]], light)
    else:
        ink.fill(img, [ink.circle(cx, cy, half * 0.9 + w / 2, 32), ink.circle(cx, cy, half * 0.9 - w / 2, 32)],
                 light)


def _tab(img: np.ndarray, number: int, cx: float, bottom: float, p: float, st: dict) -> None:
    _name, colour = group(number)
    w, h = st["tab_w"] * p, st["tab_h"] * p
    ink.fill(img, [ink.rounded_rect(cx - w / 2, bottom - h, cx + w / 2, bottom, 0.25 * h, 4)], colour)
    ink.text(img, str(number), cx, bottom - h / 2, 0.55 * h, (252, 252, 252), st["font"])


def _page_layout(rng: np.random.Generator, count: int, tight: bool = False) -> dict:
    """A page's size (mm) and where its challenges' grids stand (mm, top-left corners); ``tight``:
    as in the real Starter booklet, each challenge about a quarter of the page wide."""
    cols = min(count, 3) if count != 4 else 2
    rows = math.ceil(count / cols)
    cell_w = COLS * SQUARE * (rng.uniform(1.14, 1.24) if tight else rng.uniform(1.15, 1.45))
    cell_h = ROWS * SQUARE * rng.uniform(1.9, 2.4)
    strip = rng.uniform(8, 14) if tight else rng.uniform(10, 20)
    margin = rng.uniform(4, 9) if tight else rng.uniform(8, 18)
    w = margin * 2 + strip + cols * cell_w
    h = margin * 2 + rows * cell_h + 12
    spots = []
    for k in range(count):
        r, c = divmod(k, cols)
        x = strip + margin + (c + 0.5) * (w - 2 * margin - strip) / cols - COLS * SQUARE / 2
        y = margin + 12 + (r + 0.5) * (h - 2 * margin - 12) / rows - ROWS * SQUARE / 2 + 3
        spots.append((x, y))
    return dict(w=w, h=h, strip=strip, spots=spots)


def _page(img: np.ndarray, ox: float, layout: dict, levels: list[Level], scale: float, st: dict, left: bool,
          rng: np.random.Generator) -> list[tuple[float, float]]:
    """One page drawn at x offset ``ox`` (px); its strip on the outer edge (left page: left).  The
    top-left corners (px) of its challenges' grids, in the order of ``levels``."""
    w, h, strip = layout["w"] * scale, layout["h"] * scale, layout["strip"] * scale
    name, colour = group(levels[0].level if levels else 1)
    sx = ox if left else ox + w - strip
    ink.fill(img, [[(sx, 0), (sx + strip, 0), (sx + strip, h), (sx, h)]], colour)
    ink.text(img, name, sx + strip / 2, h * rng.uniform(0.3, 0.6), 0.45 * strip, (252, 252, 252), st["font"],
             angle=90 if left else -90)
    bx = ox + (w - 0.6 * strip if left else 0.6 * strip)
    ink.fill(img, [ink.circle(bx, h - 0.6 * strip, 0.35 * strip, 32)], colour * 0.8)
    p = SQUARE * scale
    corners = []
    for level, (x, y) in zip(levels, layout["spots"]):
        gx = ox + (x if left else x - layout["strip"]) * scale  # a right page has its strip on the right
        challenge_picture(img, level, gx, y * scale, p, st)
        _tab(img, level.level, gx + COLS * p / 2, y * scale - st["tab_gap"] * p, p, st)
        corners.append((gx, y * scale))
    return corners


def _spread(rng: np.random.Generator, levels: list[Level], pages: int, layout: dict, scale: float,
            st: dict) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """The page or open booklet drawn (``scale`` px per mm) and the top-left corners (px) of its
    challenges' grids, in the order of ``levels``."""
    w, h = layout["w"] * scale, layout["h"] * scale
    paper = ink.jitter_colour(rng, (248, 248, 246), 0.02)
    img = ink.canvas(int(h) + 1, int(w * pages) + 1, paper)
    per = len(layout["spots"])
    if pages == 1:
        corners = _page(img, 0, layout, levels, scale, st, bool(rng.random() < 0.5), rng)
    else:
        corners = _page(img, 0, layout, levels[:per], scale, st, True, rng)
        corners += _page(img, w, layout, levels[per:], scale, st, False, rng)
        xs = np.arange(img.shape[1], dtype=np.float32)
        fold = 1 - rng.uniform(0.15, 0.35) * np.exp(-(((xs - w) / (rng.uniform(0.015, 0.04) * w)) ** 2))
        img *= fold[None, :, None]
    return img, corners


def widths(view: View, z: float, corners: list[tuple[float, float]], scale: float) -> tuple[float, ...]:
    """The long side (picture px) of each challenge grid whose top-left corner on the page's
    texture is ``corners`` (``scale`` px per mm, the texture lying on the plane ``z``), as
    ``view`` sees it: the larger of its top and bottom edges."""
    w, h = COLS * SQUARE, ROWS * SQUARE
    out = []
    for x, y in corners:
        x, y = x / scale, y / scale
        seen = view.project(np.array([(x, y, z), (x + w, y, z), (x + w, y + h, z), (x, y + h, z)], np.float64))
        out.append(float(max(np.linalg.norm(seen[1] - seen[0]), np.linalg.norm(seen[2] - seen[3]))))
    return tuple(out)


def _curl(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """The paper's waves: a smooth shift of up to 1 % of the page's height."""
    h, w = img.shape[:2]
    amp = rng.uniform(0, 0.01) * h
    dx = smooth_noise(rng, h // 8 + 2, w // 8 + 2, 3)[..., 0] * amp
    dy = smooth_noise(rng, h // 8 + 2, w // 8 + 2, 3)[..., 0] * amp
    dx, dy = cv2.resize(dx, (w, h)), cv2.resize(dy, (w, h))
    dx += np.arange(w, dtype=np.float32)[None, :]
    dy += np.arange(h, dtype=np.float32)[:, None]
    return cv2.remap(img, dx, dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _turn(axis: int, a: float) -> np.ndarray:
    """The rotation by ``a`` radians about world axis ``axis``."""
    c, s = math.cos(a), math.sin(a)
    i, j = [k for k in range(3) if k != axis]
    m = np.eye(3)
    m[i, i], m[i, j], m[j, i], m[j, j] = c, -s, s, c
    return m


def wide_view(rng: np.random.Generator, pts, tilt: float = 12.0, turn: float = 5.0) -> View:
    """A phone held above an open booklet: a wide picture (long side 3600-4400 px, 2 to 2.3 times
    as wide as high) about straight down (at most ``tilt`` degrees off, turned at most ``turn``),
    the points ``pts`` (n, 3) filling 85-97 % of its width or height."""
    w = int(rng.uniform(3600, 4400))
    h = int(w / rng.uniform(2.0, 2.3))
    f = w / (2 * math.tan(math.radians(rng.uniform(55, 72)) / 2))
    az = rng.uniform(0, 2 * math.pi)
    rot = _turn(2, math.radians(rng.uniform(-turn, turn)) - az) @ _turn(0, math.radians(rng.uniform(0, tilt))) \
        @ _turn(2, az)
    pts = np.asarray(pts, np.float64)
    target, want = pts.mean(0), rng.uniform(0.85, 0.97)
    k = np.array([[f, 0, 0], [0, f, 0], [0, 0, 1.0]])
    dist = 10.0 * float(np.ptp(pts[:, :2], 0).max())
    for _ in range(5):
        p = View(k, rot, target - dist * rot[2], (w, h)).project(pts)
        dist *= max(np.ptp(p[:, 0]) / w, np.ptp(p[:, 1]) / h) / want
    p = View(k, rot, target - dist * rot[2], (w, h)).project(pts)
    lo, hi = p.min(0), p.max(0)
    k[0, 2], k[1, 2] = -(lo - np.maximum(np.array([w, h]) - (hi - lo), 0) * rng.uniform(0.3, 0.7, 2))
    return View(k, rot, target - dist * rot[2], (w, h))


def open_booklet(rng: np.random.Generator, strength: float = 1.0, per: int = 6) -> tuple[np.ndarray, list[Level]]:
    """An open booklet on a table photographed from above at a slight angle in a wide picture
    (about 4096 x 1862): both pages and the fold, ``per`` challenges a page (six: 3 x 2), each
    with its tab; the picture and its challenges (left page first)."""
    first = 1 + 12 * int(rng.integers(0, 10))
    stream = random.Random(int(rng.integers(2**62)))
    levels = [random_challenge(stream, first + k) for k in range(2 * per)]
    layout, st = _page_layout(rng, per, tight=True), random_style(rng)
    w, h = layout["w"] * 2, layout["h"]
    corners = np.array([(0, 0, 0), (w, 0, 0), (w, h, 0), (0, h, 0)], np.float64)
    view = wide_view(rng, corners)
    scale = min(12.0, 1.15 * view.px_per_mm(corners))
    tex = _curl(rng, _spread(rng, levels, 2, layout, scale, st)[0])
    out = photo.table(rng, view.size)
    light = light_direction(rng)
    cast_shadows(out, view, [Prism(corners[:, :2], 0.0, -2.0, None, (0, 0, 0))], light, rng.uniform(0.1, 0.3))
    draw_prisms(out, view, [Prism(corners[:, :2], 0.0, -2.0, None, (200, 200, 198))], light)
    paste(out, tex, view.plane(-2.0, scale))
    return photo.finish(out, rng, strength), levels


def scene(rng: np.random.Generator, strength: float = 1.0) -> tuple[str, np.ndarray, list[Level], tuple[float, ...]]:
    """A random page or open booklet, photographed: (kind, picture, challenges on it, the long side
    of each challenge's grid in the picture, px: :func:`widths`)."""
    spread = rng.random() < 0.3
    per = int(rng.choice([1, 2, 3, 4, 6], p=(0.15, 0.2, 0.2, 0.15, 0.3)))
    count = per * (2 if spread else 1)
    first = int(rng.integers(1, 121 - count))
    stream = random.Random(int(rng.integers(2**62)))
    levels = [random_challenge(stream, first + k) for k in range(count)]
    layout = _page_layout(rng, per)
    st = random_style(rng)
    pages = 2 if spread else 1
    w, h = layout["w"] * pages, layout["h"]
    corners = np.array([(0, 0, 0), (w, 0, 0), (w, h, 0), (0, h, 0)], np.float64)
    view = random_view(rng, corners, fill=(0.6, 0.98) if spread else (0.4, 0.92))
    scale = min(12.0, 1.15 * view.px_per_mm(corners))
    drawn, grids = _spread(rng, levels, pages, layout, scale, st)
    tex = _curl(rng, drawn)
    out = photo.table(rng, view.size)
    light = light_direction(rng)
    cast_shadows(out, view, [Prism(corners[:, :2], 0.0, -2.0, None, (0, 0, 0))], light, rng.uniform(0.1, 0.3))
    if spread:  # the booklet's other leaves under the pages, seen at its edges
        draw_prisms(out, view, [Prism(corners[:, :2] + (0, 0), 0.0, -2.0, None, (200, 200, 198))], light)
    z = -2.0 if spread else 0.0
    paste(out, tex, view.plane(z, scale))
    if rng.random() < 0.3:  # a shadow (a hand, the phone) across one edge
        edge = corners[int(rng.integers(4)), :2]
        blob = ink.circle(*(edge + rng.uniform(-20, 20, 2)), rng.uniform(20, 60), 24)
        cast_shadows(out, view, [Prism(blob, 0.0, -1.0, None, (0, 0, 0))], (0, 0, 1.0), rng.uniform(0.2, 0.45))
    kind = "spread" if spread else f"page{per}"
    return kind, photo.finish(out, rng, strength), levels, widths(view, z, grids, scale)
