"""A grid small in the reduced copy, found again on a closer copy of the picture around it.

Fine grid lines and small labels are lost in the copy 720 px long the grid is searched on
(:data:`visolve.puzzles.genius_square.finder.WORK_SIDE`): a grid whose squares are under
:data:`ZOOM_BELOW` px there is looked for again on a copy of the picture around it, about
:data:`ZOOM_PITCH` px a square.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import cv2
import numpy as np

from visolve.vision.geometry import map_points
from visolve.vision.working import working_copy

SIZE = 6
#: a grid whose squares are smaller than this (px of the reduced copy) is looked for again on a
#: closer copy of the picture, this many squares around it
ZOOM_BELOW = 36
ZOOM_AROUND = 2.5
#: px a square in the closer copy (no longer than the reduced copy): plenty for the lattice, whose
#: cost grows with the copy's area
ZOOM_PITCH = 48


def closer(small: np.ndarray, hom: np.ndarray, picture: np.ndarray | None,
           candidates: Callable[[np.ndarray], Iterable[np.ndarray]]) -> Iterator[np.ndarray]:
    """The grid ``hom`` (board -> ``small``) found again on a closer copy of ``picture`` around it
    when its squares are under :data:`ZOOM_BELOW` px in ``small`` (the first of ``candidates(copy)``
    whose middle lies inside ``hom``'s grid), then ``hom`` itself."""
    if picture is not None and side_px(hom) < ZOOM_BELOW and picture.shape[1] > small.shape[1]:
        f = small.shape[1] / picture.shape[1]
        a = ZOOM_AROUND
        box = map_points(hom, [(-a, -a), (SIZE + a, -a), (SIZE + a, SIZE + a), (-a, SIZE + a)]) / f
        (x0, y0), (x1, y1) = np.maximum(np.floor(box.min(0)), 0).astype(int), np.ceil(box.max(0)).astype(int)
        crop = picture[y0:y1, x0:x1]
        if min(crop.shape[:2]) >= 2 * SIZE:
            near, g = working_copy(crop, min(max(small.shape[:2]), round(ZOOM_PITCH * (SIZE + 2 * a))))
            found = next(iter(candidates(near)), None) if g * f < 1.0 else None
            if found is not None:
                back = np.diag([f, f, 1.0]) @ np.array([[1.0, 0, x0], [0, 1.0, y0], [0, 0, 1.0]])
                again = back @ np.diag([1.0 / g, 1.0 / g, 1.0]) @ found
                centre = map_points(again, [(SIZE / 2, SIZE / 2)])[0]
                inside = cv2.pointPolygonTest(map_points(hom, [(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)])
                                              .astype(np.float32), tuple(float(v) for v in centre), False)
                if inside >= 0:
                    yield again
    yield hom


def side_px(hom: np.ndarray) -> float:
    """Mean side of a square of the grid ``hom`` maps (px)."""
    c = map_points(hom, [(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)])
    return float(np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1).mean()) / SIZE
