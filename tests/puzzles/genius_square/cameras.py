"""A pinhole camera over the Genius Square board, for the tests of tall pieces seen at a slant."""

from __future__ import annotations

import numpy as np


def looking_at_the_board(camera: np.ndarray, f: float = 900.0, size=(800, 700)) -> np.ndarray:
    """The homography (board -> picture, ``size`` (h, w)) of a pinhole camera at ``camera`` (board
    units; the board's normal is -z, so the camera stands over it at negative z) aimed at the board's
    middle, focal length ``f`` px."""
    ahead = np.array([3.0, 3.0, 0.0]) - np.asarray(camera, np.float64)
    ahead /= np.linalg.norm(ahead)
    right = np.cross(ahead, [0.0, 1.0, 0.0])
    right /= np.linalg.norm(right)
    down = np.cross(ahead, right)
    rot = np.stack([right, down, ahead])
    k = np.array([[f, 0, size[1] / 2], [0, f, size[0] / 2], [0, 0, 1.0]])
    return k @ np.stack([rot[:, 0], rot[:, 1], -rot @ np.asarray(camera, np.float64)], axis=1)
