"""The IQ Circuit probe: a cheap first look for an 8 x 4 board of dark cells.

``probe(image)`` (a few ms at 1080x1920, no photo search) scores in
``[0, 1]``:

* the share of the 8 x 4 lattice of dark cells found on a thumbnail
  (:func:`visolve.vision.glance.cell_lattice`): 0.5-1 for boards seen
  straight or in a photo;
* otherwise :data:`UPRIGHT_SCORE` when the reader's exact upright finder
  sees the board on the thumbnail (a crop whose cells the yellow track
  joins);
* otherwise a small score for the booklet's yellow (track and dots), so a
  photo whose lattice glare hid still gets its turn after the likelier
  families: at most :data:`YELLOW_SCORE`;
* 0 when there is none of that.
"""

from __future__ import annotations

import numpy as np

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_circuit.model import HEIGHT, WIDTH
from visolve.vision.glance import cell_lattice, hue_mask, soft, thumbnail

#: score when only the upright finder sees the board
UPRIGHT_SCORE = 0.5
#: score when only the yellow is seen, reached at YELLOW_SHARE of the thumbnail
YELLOW_SCORE = 0.015
#: share of the thumbnail that is track yellow at which YELLOW_SCORE is reached
#: (a Wizard challenge's few dots on a board a quarter of a photo across
#: cover about 0.1 %)
YELLOW_SHARE = 0.001
#: the booklet's yellow (BGR 1, 241, 255) has OpenCV hue 28; a colour cast
#: moves it a few steps; circuit500's lit green (hue 40) stays outside
YELLOW_HUE = (18, 34)
YELLOW_MIN_SAT, YELLOW_MIN_VAL = 90, 90


def probe(image: np.ndarray) -> float:
    """How much ``image`` looks like an IQ Circuit challenge: 0 (surely not) .. 1."""
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 16:
        return 0.0
    thumb = thumbnail(np.ascontiguousarray(image[:, :, :3]))
    found = cell_lattice(thumb, WIDTH, HEIGHT)
    if found > 0:
        return found
    from visolve.puzzles.iq_circuit.finder import find_board

    try:
        find_board(thumb)
        return UPRIGHT_SCORE
    except NotThisPuzzle:
        pass
    yellow = float(hue_mask(thumb, YELLOW_HUE, YELLOW_MIN_SAT, YELLOW_MIN_VAL).mean())
    return YELLOW_SCORE * soft(yellow, 0.0, YELLOW_SHARE)
