"""The Genius Square probe: a first look for a labelled 6 x 6 board.

``probe(image)`` looks at a small copy of the picture (:data:`PROBE_SIDE`
px on its long side) with the reader's own steps
(:mod:`visolve.puzzles.genius_square.finder`,
:func:`visolve.puzzles.genius_square.reader.squares_of`) and scores in
``[0, 1]``:

* :data:`BOARD_SCORE` when a 6 x 6 grid with two adjacent labelled edges
  is seen and its squares read as a board of the game (with or without
  blockers: an empty board is the game, the reader says why it has no level);
* :data:`LABELLED_SCORE` when such a grid is seen but not read (any way up its labels allow) (a square in
  doubt on the small copy, or squares that are nothing of the game);
* :data:`GRID_SCORE` when only a 6 x 6 grid is seen;
* 0 otherwise.
"""

from __future__ import annotations

import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.genius_square.finder import grid_candidates, upright_options
from visolve.puzzles.genius_square.reader import board_of, squares_of
from visolve.vision.working import working_copy

#: long side of the copy the probe looks at (px)
PROBE_SIDE = 360
BOARD_SCORE = 0.9
LABELLED_SCORE = 0.25
GRID_SCORE = 0.01


def probe(image: np.ndarray) -> float:
    """How much ``image`` looks like a Genius Square board: 0 (surely not) .. 1."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 16:
        return 0.0
    small, _f = working_copy(np.ascontiguousarray(image[:, :, :3]), PROBE_SIDE)
    best = 0.0
    for hom in grid_candidates(small):
        best = max(best, GRID_SCORE)
        try:
            options = upright_options(small, hom)
        except NotThisPuzzle:
            continue
        for up in options:
            try:
                _view, squares, edition = squares_of(small, up.homography, by_labels=False, places=up.places)
                board_of(squares, edition)
                return BOARD_SCORE
            except ReadError:
                best = LABELLED_SCORE
    return best
