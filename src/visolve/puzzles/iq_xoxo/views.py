"""The upright views of an IQ XOXO board and of the tab above it, light evened.

A view is sampled as :class:`visolve.vision.view.BoardView` samples it; its
light is evened as :meth:`~visolve.vision.view.BoardView.flat_fielded`
evens it, to the same pixels, with fewer passes over full-size arrays (each
new array of a view's size costs about as much again in fresh memory pages
as the arithmetic on it).  A board seen upside down is the upright view
turned half round, not sampled again.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.vision.geometry import rect_to_quad
from visolve.vision.light import illumination
from visolve.vision.view import BoardView

#: the light-evened view's paint level (as :meth:`~visolve.vision.view.BoardView.flat_fielded`)
LIGHT_LEVEL = 200.0


def flat_field(image: np.ndarray, size: float, level: float = LIGHT_LEVEL) -> np.ndarray:
    """``image`` (uint8 BGR) divided by the light on its brightest channel, scaled to ``level``:
    the pixels of :func:`visolve.vision.light.flat_field` (float32).

    The brightest channel is taken in uint8 and the image is scaled as it is cast, so only the
    light field and the result are full-size float arrays.
    """
    grey = np.maximum(image[..., 0], image[..., 1])
    np.maximum(grey, image[..., 2], out=grey)
    scale = illumination(grey, size)  # a new array: divided in place
    np.divide(np.float32(level), scale, out=scale)
    return np.multiply(image, scale[..., None], dtype=np.float32)


def flat_fielded(view: BoardView, size: float) -> BoardView:
    """``view`` (uint8, as sampled) with its light evened over ``size`` board units: the view
    :meth:`~visolve.vision.view.BoardView.flat_fielded` gives."""
    return view.with_image(flat_field(view.image, size * view.pitch))


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
