"""Genius Square scenes: a real board on a table, photographed.

Drawn from ``../shared/genius-square/RULES.md``: a 6 x 6 board of either
edition -- Happy Puzzle (black, recessed squares parted by low ridges, light
grey digits ``1``-``6`` across the top naming columns and letters ``A``-``F``
down the left naming rows) or SmartGames (navy, grey or maroon, raised light
grid lines, white letters across the top naming *columns* and digits down
the left naming rows) -- drawn flat as the publishers' web pictures are
(:func:`artwork`) or standing on a table (:func:`scene`), with round wooden blockers on the squares a roll of
the dice shows, wooden cubes for the pieces already placed (up to four, or
all nine: a solved board), often the seven dice beside the board showing the
roll.  Everything varies: margins, line widths, label fonts and sizes, the
board's colour, the cubes' height and colours, the light, the camera.

The truth is the level drawn: squares are named as the board prints them,
so on a SmartGames board the square ``E1`` is the fifth column, first row.
"""

from __future__ import annotations

import math

import numpy as np

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import Level, make_level
from visolve.testing.scenes import ink, photo
from visolve.testing.scenes.render import (
    Prism,
    View,
    cast_shadows,
    draw_prisms,
    light_direction,
    paste,
    random_view,
)

#: board colours (BGR) of the editions, as RULES.md names them
BOARDS = {
    "happy-puzzle": ((28, 28, 27),),
    "smartgames": ((92, 46, 26), (118, 114, 110), (48, 28, 112)),
}
#: piece colours (BGR) by number: dark blue, brown, orange, purple, grey, green, yellow, red, light blue
PIECES = {"1": (140, 60, 25), "2": (35, 75, 140), "3": (25, 140, 240), "4": (145, 45, 135), "5": (140, 140, 138),
          "6": (60, 165, 75), "7": (20, 215, 245), "8": (55, 40, 210), "9": (230, 175, 40)}
WOOD = (150, 198, 232)
LETTERS = "ABCDEF"
#: a square's side in mm
PITCH = 22.0


def random_scene_level(rng: np.random.Generator, name: str) -> Level:
    """A roll on a random edition with none, one to four, or all nine pieces of a solution placed.

    The solver's cells are named with the letter for the row; on a SmartGames
    board the same names stand transposed, which a transpose of the piece set
    allows (RULES.md), so the solution stays one.
    """
    blockers = [faces[int(rng.integers(len(faces)))] for faces in model.DICE]
    edition = ("happy-puzzle", "smartgames")[int(rng.integers(2))]
    u = rng.random()
    placed = 0 if u < 0.35 else 9 if u < 0.6 else int(rng.integers(1, 5))
    pieces = {}
    if placed:
        solution = model.solve_blockers(blockers).solutions[0]
        for k in rng.choice(len(solution), placed, replace=False):
            pl = solution[int(k)]
            pieces[model.PIECES[pl.piece].name] = [f"{LETTERS[r]}{c + 1}" for r, c in model.BOARD.cells_of(pl.mask)]
    return make_level(name, blockers, pieces, edition=edition)


def spot(name: str, edition: str) -> tuple[int, int]:
    """(row, column) on the board as seen, labels on top and on the left, of the square ``name``."""
    letter, digit = LETTERS.index(name[0]), int(name[1]) - 1
    return (letter, digit) if edition == "happy-puzzle" else (digit, letter)


def random_style(rng: np.random.Generator, edition: str) -> dict:
    happy = edition == "happy-puzzle"
    boards = BOARDS[edition]
    board = ink.jitter_colour(rng, boards[int(rng.integers(len(boards)))], 0.08)
    return dict(
        board=board,
        line=ink.jitter_colour(rng, (72, 72, 70) if happy else (188, 186, 184), 0.08),
        line_w=rng.uniform(0.03, 0.09) if happy else rng.uniform(0.05, 0.13),
        label=ink.jitter_colour(rng, (228, 226, 222) if happy else (250, 250, 250), 0.03),
        label_h=rng.uniform(0.32, 0.55), label_gap=rng.uniform(0.45, 0.85),
        font=ink.random_font(rng, (0.1, 0.22)),
        margin=(rng.uniform(1.1, 1.9), rng.uniform(1.1, 1.9), rng.uniform(0.5, 1.5), rng.uniform(0.6, 1.9)),
        top="123456" if happy else "ABCDEF", left="ABCDEF" if happy else "123456",
        logo=("THE GENIUS", "SQUARE") if happy else ("Genius", "SQUARE"),
        radius=rng.uniform(0.1, 0.6), thick=rng.uniform(4, 12), recess=happy and rng.random() < 0.7,
    )


def _texture(style: dict, scale: float) -> np.ndarray:
    """The board's print seen from straight above, ``scale`` px per mm."""
    left, top, right, bottom = style["margin"]
    p = PITCH * scale
    w, h = (left + 6 + right) * p, (top + 6 + bottom) * p
    tex = ink.canvas(int(math.ceil(h)), int(math.ceil(w)), style["board"])
    gx, gy = left * p, top * p
    lw = style["line_w"] * p
    if style["recess"]:  # each square a shallow pit: a darker floor with a shadowed upper-left rim
        for r in range(6):
            for c in range(6):
                x, y = gx + c * p + lw / 2, gy + r * p + lw / 2
                sq = [(x, y), (x + p - lw, y), (x + p - lw, y + p - lw), (x, y + p - lw)]
                ink.fill(tex, [sq], np.asarray(style["board"]) * 0.7)
    for k in range(7):
        ink.fill(tex, [[(gx + k * p - lw / 2, gy - lw / 2), (gx + k * p + lw / 2, gy - lw / 2),
                        (gx + k * p + lw / 2, gy + 6 * p + lw / 2), (gx + k * p - lw / 2, gy + 6 * p + lw / 2)]],
                 style["line"])
        ink.fill(tex, [[(gx - lw / 2, gy + k * p - lw / 2), (gx + 6 * p + lw / 2, gy + k * p - lw / 2),
                        (gx + 6 * p + lw / 2, gy + k * p + lw / 2), (gx - lw / 2, gy + k * p + lw / 2)]],
                 style["line"])
    lh, gap = style["label_h"] * p, style["label_gap"] * p
    for k in range(6):
        ink.text(tex, style["top"][k], gx + (k + 0.5) * p, gy - gap, lh, style["label"], style["font"])
        ink.text(tex, style["left"][k], gx - gap, gy + (k + 0.5) * p, lh, style["label"], style["font"])
    logo_h = 0.22 * p
    for k, word in enumerate(style["logo"]):
        ink.text(tex, word, gx + 4.6 * p, gy + 6 * p + (0.45 + 0.32 * k) * p, logo_h, style["label"],
                 style["font"])
    return tex


def _board_extent(style: dict) -> tuple[float, float]:
    left, top, right, bottom = style["margin"]
    return (left + 6 + right) * PITCH, (top + 6 + bottom) * PITCH


def standing_things(rng: np.random.Generator, level: Level, style: dict) -> list[Prism]:
    """Discs and cubes standing on the board (world mm, the board's top at ``-thick``)."""
    left, top = style["margin"][:2]
    z0 = -style["thick"]
    out = []
    wood = ink.jitter_colour(rng, WOOD, 0.08)
    disc_r, disc_h = rng.uniform(0.36, 0.45) * PITCH, rng.uniform(0.25, 0.5) * PITCH
    for name in level.blockers:
        r, c = spot(name, level.edition)
        cx = (left + c + 0.5 + rng.normal(0, 0.04)) * PITCH
        cy = (top + r + 0.5 + rng.normal(0, 0.04)) * PITCH
        ring = ink.circle(cx, cy, disc_r * rng.uniform(0.45, 0.7), 36)
        out.append(Prism(ink.circle(cx, cy, disc_r, 48), z0, z0 - disc_h, wood, wood * 0.85,
                         [(ring, wood * 0.93)], rim=0.3))
    cube_h = rng.uniform(0.75, 1.0) * PITCH
    inset = rng.uniform(0.02, 0.07) * PITCH
    for piece, cells in level.pieces:
        colour = ink.jitter_colour(rng, PIECES[piece], 0.07)
        for name in cells:
            r, c = spot(name, level.edition)
            x, y = (left + c) * PITCH, (top + r) * PITCH
            sq = np.array([(x + inset, y + inset), (x + PITCH - inset, y + inset),
                           (x + PITCH - inset, y + PITCH - inset), (x + inset, y + PITCH - inset)])
            out.append(Prism(sq, z0, z0 - cube_h, colour, colour * 0.9, rim=0.5))
    return out


def _dice(rng: np.random.Generator, level: Level, extent, view_scale: float, side: int | None = None) -> list[Prism]:
    """The seven dice in a row beside the board (``side``: above 0, below 1, left 2 or right 3 of it,
    at random by default) on the table, each showing its face of the roll."""
    size = rng.uniform(0.8, 1.0) * PITCH
    w, h = extent
    drawn = int(rng.integers(4))
    side = drawn if side is None else side
    gap = rng.uniform(0.2, 1.0) * PITCH
    font = ink.random_font(rng, (0.12, 0.2))
    n = max(8, int(size * view_scale))
    out = []
    for k, face in enumerate(level.blockers):
        step = k * (size * 1.2)
        x, y = {0: (step, -gap - size), 1: (step, h + gap), 2: (-gap - size, step), 3: (w + gap, step)}[side]
        x += rng.normal(0, 0.05) * size
        y += rng.normal(0, 0.05) * size
        sq = np.array([(x, y), (x + size, y), (x + size, y + size), (x, y + size)])
        white = ink.jitter_colour(rng, (238, 240, 240), 0.03)
        tex = ink.canvas(n, n, white)
        ink.text(tex, face, n / 2, n / 2, 0.36 * n, (40, 40, 40), font)
        out.append(Prism(sq, 0.0, -size, white, white * 0.92, rim=0.4, texture=(tex, n / size, (x, y))))
    return out


def artwork(rng: np.random.Generator, level: Level) -> np.ndarray:
    """The board drawn flat, as the publishers' web pictures show it (BGR ``uint8``, quarter turns):
    pieces as squares of their colour, blockers as wooden discs, the grid's lines over both."""
    style = random_style(rng, level.edition)
    p = rng.uniform(40, 110)
    scale = p / PITCH
    tex = _texture(style, scale)
    left, top = style["margin"][:2]
    wood = ink.jitter_colour(rng, WOOD, 0.08)
    lw = style["line_w"] * p
    for piece, cells in level.pieces:
        colour = ink.jitter_colour(rng, PIECES[piece], 0.06)
        for name in cells:
            r, c = spot(name, level.edition)
            x, y = (left + c) * p, (top + r) * p
            ink.fill(tex, [[(x + lw / 2, y + lw / 2), (x + p - lw / 2, y + lw / 2), (x + p - lw / 2, y + p - lw / 2),
                            (x + lw / 2, y + p - lw / 2)]], colour)
    for name in level.blockers:
        r, c = spot(name, level.edition)
        ink.fill(tex, [ink.circle((left + c + 0.5) * p, (top + r + 0.5) * p, rng.uniform(0.38, 0.46) * p)], wood)
    return photo.clean(tex, rng)


def scene(rng: np.random.Generator, level: Level, strength: float = 1.0, front: bool = False) -> np.ndarray:
    """A photo of the board of ``level`` on a table (BGR ``uint8``).

    ``front``: the photo a player takes of the board in front of them (:func:`front_view`), the
    dice lined up above the board, instead of any camera.
    """
    style = random_style(rng, level.edition)
    w, h = _board_extent(style)
    thick = style["thick"]
    things = standing_things(rng, level, style)
    with_dice, dice_seed = front or rng.random() < 0.5, int(rng.integers(2**31))
    dice = _dice(np.random.default_rng(dice_seed), level, (w, h), 1.0, 0 if front else None) if with_dice else []
    corners = [(0, 0, 0), (w, 0, 0), (w, h, 0), (0, h, 0), (0, 0, -thick - PITCH), (w, h, -thick - PITCH)]
    corners += [tuple(d.base[k]) + (0,) for d in dice for k in (0, 2)]
    pts = np.array(corners, np.float64)
    view = front_view(rng, pts) if front else random_view(rng, pts, fill=(0.4, 0.92))
    scale = min(12.0, 1.4 * view.px_per_mm(np.array(corners[:4], np.float64) - (0, 0, thick)))
    if with_dice:  # the same dice again, their faces printed at the picture's scale
        dice = _dice(np.random.default_rng(dice_seed), level, (w, h), scale, 0 if front else None)
    light = light_direction(rng)
    out = photo.table(rng, view.size)
    if dice:
        cast_shadows(out, view, dice, light, rng.uniform(0.25, 0.5))
    outline = ink.rounded_rect(0, 0, w, h, style["radius"] * PITCH)
    slab = Prism(outline, 0.0, -thick, None, np.asarray(style["board"]) * 1.3 + 8)
    cast_shadows(out, view, [slab], light, rng.uniform(0.2, 0.45))
    draw_prisms(out, view, [slab], light)
    tex = _texture(style, scale)
    mask = ink.poly_mask(tex.shape, [outline * scale])
    paste(out, tex, view.plane(-thick, scale), mask)
    cast_shadows(out, view, things, light, rng.uniform(0.3, 0.55))
    draw_prisms(out, view, things + dice, light)
    return photo.finish(out, rng, strength)


def front_view(rng: np.random.Generator, pts: np.ndarray) -> View:
    """A phone held above the board and a little in front of it (towards the board's bottom edge,
    the labels on top and on the left as the player reads them): 4 to 16 degrees off straight down,
    turned at most 5 degrees, a 0.5-0.6 MP portrait picture the points ``(n, 3)`` fill 85-95 % of."""
    w = int(rng.uniform(660, 740))
    h = int(w * rng.uniform(1.1, 1.2))
    f = max(w, h) / (2 * math.tan(math.radians(rng.uniform(50, 68)) / 2))
    tilt, roll = math.radians(rng.uniform(4, 16)), math.radians(rng.uniform(-5, 5))
    target = pts.mean(0)
    ahead = np.array([0.0, -math.sin(tilt), math.cos(tilt)])  # looking down (+z) and towards the top edge
    down = np.array([0.0, 1.0, 0.0]) - ahead * ahead[1]
    down /= np.linalg.norm(down)
    right = np.cross(down, ahead)
    c, s = math.cos(roll), math.sin(roll)
    R = np.array([c * right + s * down, c * down - s * right, ahead])
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    dist, want = 10.0 * float(np.ptp(pts[:, :2], 0).max()), rng.uniform(0.85, 0.95)
    for _ in range(4):
        p = View(K, R, target - dist * ahead, (w, h)).project(pts)
        dist *= max(np.ptp(p[:, 0]) / w, np.ptp(p[:, 1]) / h) / want
    view = View(K, R, target - dist * ahead, (w, h))
    p = view.project(pts)
    K = K.copy()
    K[:2, 2] += np.array([w, h]) / 2 - (p.min(0) + p.max(0)) / 2
    return View(K, R, view.C, (w, h))


def solved_front_case(i: int, seed: int, strength: float = 1.0) -> tuple[str, np.ndarray, Level]:
    """Like the held-out photo of issue 25: a fully solved Happy Puzzle board (tall pieces on every
    square but the seven discs), the dice lined up above it, photographed from above and a little
    in front, filling most of a 700 x 800 picture: name, picture and truth (stream ``[seed, i, 25]``)."""
    rng = np.random.default_rng([seed, i, 25])
    blockers = [faces[int(rng.integers(len(faces)))] for faces in model.DICE]
    solution = model.solve_blockers(blockers).solutions[0]
    pieces = {model.PIECES[pl.piece].name: [f"{LETTERS[r]}{c + 1}" for r, c in model.BOARD.cells_of(pl.mask)]
              for pl in solution}
    name = f"scenes/happy-puzzle-solved-front/roll-{i}.jpg"
    level = make_level(f"roll-{i}", blockers, pieces, edition="happy-puzzle", source=name)
    return name, scene(rng, level, strength, front=True), level
