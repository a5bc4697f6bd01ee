"""An IQ XOXO board seen upside down: its upright view turned half round, not sampled again."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.vision.geometry import rect_to_quad
from visolve.vision.view import BoardView


def turned(view: BoardView) -> BoardView:
    """The board of ``view`` turned half round: its corners rolled by two (as seen upside down),
    the image turned with it.

    With an extent symmetric about the board (a margin all round) each pixel of the turned image
    shows the board point that the view sampled upside down shows there (its light evened as on
    the upright view).

    Raises
    ------
    ValueError
        The view's extent is not symmetric about the board.
    """
    u0, v0, u1, v1 = view.extent
    if not np.isclose(u0 + u1, view.cols) or not np.isclose(v0 + v1, view.rows):
        raise ValueError(f"the extent {view.extent} is not symmetric about the board")
    corners = np.roll(view.corners(), 2, axis=0)
    hom = rect_to_quad((0, 0, view.cols, view.rows), corners).astype(np.float64)
    image = np.ascontiguousarray(view.image[::-1, ::-1])
    return replace(view, image=image, homography=hom)
