"""The light references a board shows itself: its own colour near every square, and a white point.

* *the board* -- a band just outside the grid, between it and the labels, sampled all round: the
  board colour near every square (a smooth field, so a light gradient across the board does not
  matter);
* *the labels* -- their ink is white print: one white point for the board.

:mod:`visolve.puzzles.genius_square.colours` reads each square's colour against them.
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.genius_square.draw import STYLE
from visolve.vision.patches import median_last, windows
from visolve.vision.view import BoardView

SIZE = 6
#: the band outside the grid that shows the board: from, to (squares outside)
BAND = (0.08, 0.2)
#: band samples within this many grey levels of the board's colour (or 3 median deviations) show
#: it; at least this share of them must, else all are kept
BAND_TOLERANCE = 30.0
BAND_LEAST = 0.4
#: least board-to-ink span (grey levels)
MIN_SPAN = 20.0


def print_colour(board: np.ndarray, white: np.ndarray, edition: str) -> np.ndarray:
    """The board's printed colour in the edition's nominal light: the board as seen, balanced so that
    the label ink ``white`` becomes the edition's nominal label colour."""
    label = np.array(STYLE[edition]["label"], np.float64)
    seen = np.median(board.reshape(-1, 3), axis=0)
    return np.clip(seen * label / np.maximum(white, MIN_SPAN), 0, 255)


def references(view: BoardView, ink: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The board colour per square centre ``(6, 6, 3)`` and the white point ``(3,)``.

    ``ink`` are the label pixels' colours ``(n, 3)``.
    """
    points, colours = _band_samples(view)
    points, colours = _board_like(points, colours)
    centres = np.array([(c + 0.5, r + 0.5) for r in range(SIZE) for c in range(SIZE)])
    d2 = ((centres[:, None, :] - points[None, :, :]) ** 2).sum(axis=2)
    weight = 1.0 / (d2 + 0.25)
    field = (weight @ colours) / weight.sum(axis=1, keepdims=True)
    white = np.percentile(ink, 90, axis=0) if len(ink) else np.full(3, 255.0)
    return field.reshape(SIZE, SIZE, 3), white


def _board_like(points: np.ndarray, colours: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The band samples that show the board: near the colour most of them show (the sides of tall
    pieces leaning over the band, or a disc's rim, are left out), all of them when too few are."""
    ref = np.median(colours, axis=0)
    d = np.abs(colours - ref).max(axis=1)
    ref = np.median(colours[d <= np.median(d)], axis=0)
    d = np.abs(colours - ref).max(axis=1)
    keep = d <= max(BAND_TOLERANCE, 3.0 * float(np.median(d)))
    return (points[keep], colours[keep]) if keep.sum() >= BAND_LEAST * len(keep) else (points, colours)


def _band_samples(view: BoardView) -> tuple[np.ndarray, np.ndarray]:
    """Board points just outside the grid, four per square of each edge, and their median colours
    (gathered at once when every patch lies in the view, else cut one by one)."""
    a, b = BAND
    mid = (a + b) / 2
    half = (b - a) / 2
    points = []
    for k in np.arange(0.125, SIZE, 0.25):
        points += [(k, -mid), (SIZE + mid, k), (k, SIZE + mid), (-mid, k)]
    r = max(1, int(round(half * view.pitch)))
    xy = view.board_to_view(points).astype(np.int64)  # truncated, as int() does (within the view: >= 0)
    patches = windows(view.image, xy[:, 0] - r, xy[:, 1] - r, 2 * r + 1)
    if patches is not None:
        cols = median_last(patches.reshape(len(points), -1, patches.shape[-1]).transpose(0, 2, 1))
        return np.array(points), cols.astype(np.float64)
    img = view.image.astype(np.float64)
    cols = []
    for u, v in points:
        x, y = view.board_to_view([(u, v)])[0]
        patch = img[max(int(y) - r, 0):int(y) + r + 1, max(int(x) - r, 0):int(x) + r + 1]
        cols.append(np.median(patch.reshape(-1, 3), axis=0))
    return np.array(points), np.array(cols)
