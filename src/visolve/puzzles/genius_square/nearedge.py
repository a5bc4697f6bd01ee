"""Other ways up of a grid whose two labelled edges' glyphs do not read, by a third edge faintly labelled.

A row of dice, or of anything printed, beside one edge of the grid shows ink
like a row of labels.  When it and one real labelled edge are the two
adjacent edges that carry label ink, the board's other labelled edge may
show a little less ink than a labelled edge needs (its glyphs small, in
shade or leaned over), and the grid is turned the wrong way up: its glyphs
then read as nothing.  The ways up the third, faintly labelled, edge allows
are tried then, and one is kept only when its glyphs read and no other's
do (:func:`turned_if_legible`).  Where two labelled edges must read (a grid moved or
placed by its labels) and the ink shows one, the other edge's glyphs may still
read (:func:`both_edges_read`).

Coordinates: board units, the grid spans ``[0, 6] x [0, 6]`` (see
:mod:`visolve.vision.view`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.puzzles.genius_square.labelrows import LABEL_MARGIN, MIN_INK, SIZE
from visolve.puzzles.genius_square.labels import both_edges_say
from visolve.vision.quick_view import quick_view

#: an edge with this much label ink (least share of its six boxes), under :data:`MIN_INK`, may still be
#: a labelled edge: scene 62 of seed 17 showed its digits' edge at 0.024, while a row of dice beside the
#: far edge, at 0.026, was taken for the top's labels (so its way up read no glyph, 0 of 12)
NEAR_INK = 0.015
#: px a square of the view both edges' glyphs are read on (the reader's, ``reader.READ_PITCH``)
BOTH_PITCH = 32


def quarter_turn(turns: int) -> np.ndarray:
    """Board -> board map putting edge ``turns`` (0 top, 1 right, 2 bottom, 3 left) on top."""
    step = np.array([[0.0, -1.0, SIZE], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])  # (u, v) -> (6 - v, u)
    return np.linalg.matrix_power(step, turns)


def turned_places(places, turns: int) -> tuple:
    """Where each edge's row of labels is, ``places`` (shift, squeeze, slide; top, right, bottom, left)
    of a grid, on the grid turned by :func:`quarter_turn` ``(turns)``: each edge's place goes with it,
    its slide's sign turned over when the edge's squares now run the other way round the grid (the
    top's and the right's squares run clockwise, the bottom's and the left's the other way: a quarter
    turn puts the top's on the left reversed), so that a slid row is read where it stands."""
    out = []
    for j in range(4):
        shift, squeeze, slide = places[(j + turns) % 4]
        flip = ((j + turns) % 4 < 2) != (j < 2)
        out.append((shift, squeeze, -slide if flip and slide else slide))
    return tuple(out)


def near_ways(option) -> list:
    """The ways up (``Upright``, :mod:`visolve.puzzles.genius_square.finder`) that an upright grid
    ``option`` labelled on its top and left edges also allows when its right or its bottom edge holds
    :data:`NEAR_INK` of label ink (less than :data:`MIN_INK`): the near edge and the labelled one beside
    it on top and on the left.  Empty when neither does."""
    ink = option.ink
    out = []
    for near, k in ((1, 1), (2, 3)):  # right: with the top, the right on top; bottom: with the left, the left on top
        if NEAR_INK <= ink[near] < MIN_INK:
            out.append(replace(option, homography=option.homography @ quarter_turn(k), turns=(option.turns + k) % 4,
                               ink=tuple(ink[(j + k) % 4] for j in range(4)),
                               places=turned_places(option.places, k), edges=(0, 3)))
    return out


def turned_if_legible(option, legible) -> list | None:
    """``[way]`` when the glyphs of ``option`` (two labelled edges) do not read (``legible(option)``
    false) and, of its :func:`near_ways`, exactly one's do; None otherwise (``option`` stands).
    ``legible`` is only asked when ``option`` has near ways."""
    ways = near_ways(option)
    if not ways or legible(option):
        return None
    kept = [way for way in ways if legible(way)]
    return kept if len(kept) == 1 else None


def both_edges_read(small: np.ndarray, option, picture: np.ndarray | None) -> bool:
    """Whether a way up found with one labelled edge (``option``, board -> ``small``, the reduced copy
    of ``picture``) shows glyphs that read beside both its top and its left edge
    (:func:`visolve.puzzles.genius_square.labels.both_edges_say`): tall pieces hid some of the other
    edge's labels, so that edge held too little ink to be called labelled, and its glyphs still say
    the grid is the board's where two labelled edges must read.  They are read where the rows of
    labels were found, then at the same shifts neither squeezed nor slid: with a label hidden, no
    place has ink beside all six squares, and the place kept may be slid off the glyphs (seed 137
    scene 55: the digits' row slid half a square, the 3 behind a red cube; unslid, five digits read)."""
    source, scale = (small, 1.0) if picture is None else (picture, picture.shape[1] / small.shape[1])
    view = quick_view(source, np.diag([scale, scale, 1.0]) @ option.homography, SIZE, SIZE, pitch=BOTH_PITCH,
                      margin=LABEL_MARGIN)
    if both_edges_say(view, option.places):
        return True
    unslid = tuple((shift, 1.0, 0.0) for shift, _squeeze, _slide in option.places)
    return unslid != tuple(option.places) and both_edges_say(view, unslid)
