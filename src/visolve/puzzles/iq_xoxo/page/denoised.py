"""Boards looked for once more on smoothed planes: faint squares on a grainy page (issue #25).

Grey squares only 3-5 % darker than a tinted page (6-10 grey levels) lie within the page's
grain: the ink's light range (:func:`~visolve.puzzles.iq_xoxo.page.first_look.ink_mask`, at
least 5 % of the light) is then passed by the grain all over the page, the grain's specks
join the squares, and too few square-like blobs are left to form a lattice.  Smoothed by
a small share of the pitch, the grain falls under the range while the gaps between the
squares (about a seventh of the pitch) still part them.  Asked after all else, when the page
would be refused (:func:`~visolve.puzzles.iq_xoxo.page.boards.read_boards`): a page read without
it is never looked at so.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_SHARE
from visolve.puzzles.iq_xoxo.page.lattice import find_lattice

#: the planes are smoothed by a Gaussian of this share of the pitch.  Measured on seed 0
#: scene 90 (squares about 4 % darker than a grainy page, pitch 21 px on the finder's copy):
#: squares on a grid 4 as found, 11 at sigma 1.0 px, 23 at 1.5 px, none at 2.0 px (the
#: gaps blurred away); 0.06 (1.26 px there) lies between
SMOOTH_SHARE = 0.06


def denoised_quads(grey: np.ndarray, coloured: np.ndarray, pitch: float, dull: np.ndarray | None,
                   parts_of) -> list[np.ndarray]:
    """Lattice quads (unordered corners, px of ``grey``) of the boards whose grey squares show
    on ``grey`` and ``dull`` (may be None) smoothed by :data:`SMOOTH_SHARE` pitches.

    Parameters
    ----------
    grey, coloured, dull : numpy.ndarray
        The finder's planes (brightest channel, coloured mask, channels' mean) of its copy.
    pitch : float
        The squares' pitch on that copy (px).
    parts_of : callable
        :func:`~visolve.puzzles.iq_xoxo.page.finder.board_parts` (planes, coloured, pitch,
        dull) -> parts with ``centres``, ``sides``, ``cover`` and ``pieces``.

    Returns
    -------
    list of numpy.ndarray
        The quads of the lattice windows that make a board (4 x 2 each).
    """
    sigma = SMOOTH_SHARE * pitch
    smooth_grey = cv2.GaussianBlur(grey, (0, 0), sigma)
    smooth_dull = None if dull is None else cv2.GaussianBlur(dull, (0, 0), sigma)
    parts = parts_of(smooth_grey, coloured, pitch, smooth_dull)
    lattice = find_lattice(parts.centres, parts.sides, parts.cover, smooth_grey, parts.pieces, pitch, SQUARE_SHARE)
    return list(lattice.quads())
