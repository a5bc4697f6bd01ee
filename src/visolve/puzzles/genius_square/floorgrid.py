"""The floor's grid under a lattice found on tall pieces' tops.

A solved board seen at a slant shows its squares' patches on the tops of its tall pieces: the
lattice fitted to them is the grid of a plane above the floor, larger and leaning away from the
camera, and the printed labels, on the floor, stand off its edges by up to a square along and
across (:mod:`visolve.puzzles.genius_square.farlabels` looks for them slid along only).  The
camera over that plane (:func:`visolve.vision.lean.camera_over`) says where each floor point
shows on it: :func:`floor_grids` gives the floor's grid for tops
:data:`~visolve.puzzles.genius_square.farlabels.TOP_HEIGHTS` tall, on which the labels are looked
for as on any grid.

Coordinates: board units, the grid spans ``[0, 6] x [0, 6]`` (see :mod:`visolve.vision.view`).
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.genius_square.farlabels import TOP_HEIGHTS
from visolve.vision.geometry import map_points
from visolve.vision.lean import camera_over

SIZE = 6


def floor_grids(homography: np.ndarray, to_picture: np.ndarray, shape: tuple[int, ...]) -> list[np.ndarray]:
    """The floor's grids (board -> the same image as ``homography``) under the lattice ``homography``
    taken for the plane of tops each of :data:`TOP_HEIGHTS` tall (squares), for the cameras the
    principal point at the picture's middle and at the lattice's give (``to_picture`` maps the image
    onto the picture of ``shape``); none when they give no camera."""
    h, w = shape[:2]
    hom = to_picture @ homography
    aimed = tuple(float(v) for v in map_points(hom, [(SIZE / 2, SIZE / 2)])[0])
    out = []
    for principal in ((w / 2, h / 2), aimed):
        camera = camera_over(hom, principal, float(max(h, w)))
        if camera is None:
            continue
        for height in TOP_HEIGHTS:
            k = height / (float(camera[2]) + height)  # a floor point shows on the tops' plane this share of
            # the way towards the camera's foot
            out.append(homography @ np.array([[1.0 - k, 0.0, k * camera[0]], [0.0, 1.0 - k, k * camera[1]],
                                              [0.0, 0.0, 1.0]]))
    return out
