"""A 6 x 6 grid found in a picture and turned upright by its labelled edges
(:func:`visolve.puzzles.genius_square.finder.find_upright`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Upright:
    """A grid found and turned upright.

    Attributes
    ----------
    homography : numpy.ndarray
        Board -> picture, labelled edges on top and on the left.
    turns : int
        Quarter turns (clockwise) the board lies turned in the picture.
    mirrored : bool
        The lattice was found mirrored (and turned over).
    ink : tuple of float
        Label ink per edge (top, right, bottom, left of the upright board).
    places : tuple of (float, float, float)
        Where each edge's row of labels was found: (shift outward, squeeze, slide along), see
        :data:`visolve.puzzles.genius_square.labelrows.LABEL_SHIFTS`.
    edges : tuple of int
        The edges whose labels were seen: top and left (0, 3), or only one of them when tall
        pieces hide the other's (the glyphs then say which way up the board stands).
    blurred : bool
        The labelled edges were seen only by strokes wider than thin print's (a small blurred print,
        :data:`visolve.puzzles.genius_square.labelrows.WIDE_STROKE_SIDE`) or against the strokes
        near them (labels in glare): their glyphs must read for the grid to be kept.
    """

    homography: np.ndarray
    turns: int
    mirrored: bool
    ink: tuple[float, ...]
    places: tuple[tuple[float, float, float], ...] = ((0.0, 1.0, 0.0),) * 4
    edges: tuple[int, ...] = (0, 3)
    blurred: bool = False
