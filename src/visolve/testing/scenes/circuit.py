"""IQ Circuit scenes: challenge drawings in many print styles, as drawn or printed and photographed.

Drawn from ``../shared/iq-circuit/RULES.md`` and ``FRAMES.md``: an 8 x 4
board of dark rounded squares on a grey ground; a track is a gold band from
a cell's centre to the middle of each edge it reaches, straight for a line,
round the corner for a bend, across the gap into the next cell when that
cell's track reaches the same edge; a dot is a gold disc (a bare one for an
open dot); a piece placed in advance (Master) has a white outline round its
cells along the middle of the gaps, and its track stops at the outline.  The
square size, gaps, corner rounding, band and dot widths, the colours
(perturbed round the booklet's) and the margin are random.

The truth is the challenge drawn
(:func:`visolve.puzzles.iq_circuit.solver.random_challenge`); the reader
takes the number from the file name.
"""

from __future__ import annotations

import random

import numpy as np

from visolve.puzzles.iq_circuit.model import HEIGHT, KINDS, OPEN_DOT, SYMBOL_MASK, WIDTH, Level
from visolve.puzzles.iq_circuit.solver import random_challenge
from visolve.testing.scenes import ink, photo

#: the booklet's colours (BGR): ground, cell, track, outline
GROUND, CELL, TRACK, OUTLINE = (90, 88, 87), (32, 31, 35), (1, 241, 255), (255, 255, 255)
#: unit steps of the directions right, down, left, up
STEP = ((1, 0), (0, 1), (-1, 0), (0, -1))


def _bits(sym: str) -> int:
    return SYMBOL_MASK.get(sym, 0)


def drawing(rng: np.random.Generator, level: Level) -> np.ndarray:
    """The challenge drawn flat in a random style (float32 BGR)."""
    p = rng.uniform(24, 80)
    gap = rng.uniform(0.12, 0.3) * p
    margin = rng.uniform(0.05, 0.8) * p
    band = rng.uniform(0.14, 0.26) * p
    dot = rng.uniform(0.2, 0.32) * p
    ground, cell = ink.jitter_colour(rng, GROUND, 0.08), ink.jitter_colour(rng, CELL, 0.1)
    track, white = ink.jitter_colour(rng, TRACK, 0.05), ink.jitter_colour(rng, OUTLINE, 0.02)
    img = ink.canvas(int(HEIGHT * p + 2 * margin), int(WIDTH * p + 2 * margin), ground)

    def centre(x, y):
        return margin + (x + 0.5) * p, margin + (y + 0.5) * p

    for y in range(HEIGHT):
        for x in range(WIDTH):
            cx, cy = centre(x, y)
            half = (p - gap) / 2
            ink.fill(img, [ink.rounded_rect(cx - half, cy - half, cx + half, cy + half, rng.uniform(0.08, 0.2) * p,
                                            4)], cell)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            sym = level.grid[y][x]
            mask, (cx, cy) = _bits(sym), centre(x, y)
            for d in range(4):
                if not mask >> d & 1:
                    continue
                dx, dy = STEP[d]
                # a track runs to the middle of the gap: there it meets the next cell's track or
                # stops at a piece's outline (FRAMES.md); an arm is never cut at the cell's edge,
                # where a big dot would leave no stub of it to see
                reach = p / 2
                a = np.array([cx, cy]) - np.array([dx, dy]) * band / 2
                b = np.array([cx, cy]) + np.array([dx, dy]) * reach
                n = np.array([-dy, dx]) * band / 2
                ink.fill(img, [[a + n, b + n, b - n, a - n]], track)
            if bin(mask).count("1") == 1 or sym == OPEN_DOT:
                ink.fill(img, [ink.circle(cx, cy, dot, 32)], track)
    for pl in level.pieces:
        _outline(img, [(x, y) for x, y, _m in pl.cells()], margin, p, white, rng.uniform(0.05, 0.1) * p)
    return img


def _outline(img: np.ndarray, cells, margin: float, p: float, colour, width: float) -> None:
    """A line round the cells' footprint along the middle of the gaps."""
    inside = set(cells)
    for x, y in inside:
        for d, (dx, dy) in enumerate(STEP):
            if (x + dx, y + dy) in inside:
                continue
            cx, cy = margin + (x + 0.5) * p, margin + (y + 0.5) * p
            ex, ey = cx + dx * p / 2, cy + dy * p / 2
            tx, ty = -dy * (p / 2 + width / 2), dx * (p / 2 + width / 2)
            n = np.array([dx, dy]) * width / 2
            a, b = np.array([ex - tx, ey - ty]), np.array([ex + tx, ey + ty])
            ink.fill(img, [[a + n, b + n, b - n, a - n]], colour)


def scene(rng: np.random.Generator, strength: float = 1.0) -> tuple[str, np.ndarray, Level]:
    """A random challenge drawn in a random style, saved as drawn (40 %) or printed and photographed:
    (kind, picture, level)."""
    kind = KINDS[int(rng.integers(len(KINDS)))]
    number = int(rng.integers(1, 121))
    level = random_challenge(random.Random(int(rng.integers(2**62))), kind, level=number)
    picture = drawing(rng, level)
    # the board has no mark of its own orientation: a picture turned upside down shows another
    # challenge, so the drawing keeps its way up and the camera turns at most 40 degrees
    if rng.random() < 0.4:
        return "drawn-" + kind, photo.clean(picture, rng, turns=False), level
    return "photo-" + kind, photo.flat_photo(rng, picture, strength, turn=40.0), level

