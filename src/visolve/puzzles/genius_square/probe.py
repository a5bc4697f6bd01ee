"""The Genius Square probe: a cheap first look for a labelled 6 x 6 grid.

``probe(image)`` looks at a small copy of the picture (:data:`PROBE_SIDE`
px on its long side) with the reader's own finder
(:mod:`visolve.puzzles.genius_square.finder`) and scores in ``[0, 1]``:

* :data:`UPRIGHT_SCORE` when a 6 x 6 grid with two adjacent labelled edges
  is seen;
* :data:`GRID_SCORE` when only a 6 x 6 grid is seen (labels too small to
  tell on the small copy);
* 0 otherwise.
"""

from __future__ import annotations

import numpy as np

from visolve.errors import NotThisPuzzle
from visolve.puzzles.genius_square.finder import grid_candidates, reduce, upright

#: long side of the copy the probe looks at (px)
PROBE_SIDE = 360
UPRIGHT_SCORE = 0.9
GRID_SCORE = 0.3


def probe(image: np.ndarray) -> float:
    """How much ``image`` looks like a Genius Square board: 0 (surely not) .. 1."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 16:
        return 0.0
    small, _f = reduce(np.ascontiguousarray(image[:, :, :3]), PROBE_SIDE)
    candidates = grid_candidates(small, PROBE_SIDE)
    for hom in candidates:
        try:
            upright(small, hom)
            return UPRIGHT_SCORE
        except NotThisPuzzle:
            continue
    return GRID_SCORE if candidates else 0.0
