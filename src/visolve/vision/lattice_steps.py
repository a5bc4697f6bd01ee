"""The steps of finding a lattice of cells that every family shares.

Blobs (cells seen in a picture) linked to their neighbours are turned into
lattice coordinates and fitted; :mod:`visolve.vision.lattice` puts these steps
together into :func:`visolve.vision.lattice.find_cell_lattice`, and a family
with its own blobs (IQ XOXO's page squares) uses them directly:

:func:`lattice_angle`, :func:`straight_steps`
    the lattice's direction (modulo 90 degrees) from the vectors of links
    between neighbouring blobs, and which links run along it, with their
    unit lattice steps;
:func:`walk_links`
    integer lattice coordinates for every linked group, walked over the links;
:func:`fit_homography`, :func:`snap_to_cells`
    the homography lattice -> picture (robust, or least squares over all) and
    the cells it puts each blob in;
:func:`best_window`
    the ``cols x rows`` window over most cells (counted with
    :func:`visolve.vision.area_sums.box_sums`).

Lattice coordinates put cell ``(c, r)`` on ``[c, c+1) x [r, r+1)``.
"""

from __future__ import annotations

import math
from collections import deque

import cv2
import numpy as np

from visolve.vision.area_sums import box_sums
from visolve.vision.geometry import map_points


def walk_links(n: int, i: np.ndarray, j: np.ndarray, steps: np.ndarray) -> list[dict[int, tuple[int, int]]]:
    """Integer lattice coordinates of every linked group of blobs, largest group first.

    Parameters
    ----------
    n : int
        Number of blobs.
    i, j : numpy.ndarray
        The links: blob ``j[k]`` lies ``steps[k]`` cells from blob ``i[k]``.
    steps : numpy.ndarray
        ``(len(i), 2)`` integer ``(dx, dy)`` (all zero: just the linked groups).

    Returns
    -------
    list of dict
        For each group, blob -> ``(x, y)`` cell; the walk starts at the group's
        lowest blob (cell ``(0, 0)``) and goes breadth first, links in their
        order, so a link inconsistent with those walked before it is ignored.
        Groups of one blob are left out; of equal sizes, the group with the
        lowest blob comes first.
    """
    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for a, b, (sx, sy) in zip(i.tolist(), j.tolist(), np.asarray(steps).reshape(-1, 2).tolist()):
        adj[a].append((b, sx, sy))
        adj[b].append((a, -sx, -sy))
    seen: set[int] = set()
    groups = []
    for start in range(n):
        if start in seen or not adj[start]:
            continue
        group = {start: (0, 0)}
        queue = deque([start])
        while queue:
            a = queue.popleft()
            ax, ay = group[a]
            for b, sx, sy in adj[a]:
                if b not in group:
                    group[b] = (ax + sx, ay + sy)
                    queue.append(b)
        seen.update(group)
        groups.append(group)
    return sorted(groups, key=len, reverse=True)


def lattice_angle(vec: np.ndarray) -> float:
    """The lattice direction (radians, modulo 90 degrees) of link vectors ``vec`` (n x 2):
    the circular mean of four times their angles."""
    ang = np.arctan2(vec[:, 1], vec[:, 0])
    return math.atan2(np.sin(4 * ang).mean(), np.cos(4 * ang).mean()) / 4


def straight_steps(vec: np.ndarray, theta: float, tolerance) -> tuple[np.ndarray, np.ndarray]:
    """Which link vectors ``vec`` (n x 2) run along the lattice at ``theta`` (radians), and their steps.

    Parameters
    ----------
    vec : numpy.ndarray
        Link vectors in the picture.
    theta : float
        The lattice direction (:func:`lattice_angle`).
    tolerance : float or numpy.ndarray
        Largest angle (degrees) between a link and the nearer lattice direction, one for all
        links or one per link.

    Returns
    -------
    straight : numpy.ndarray
        bool (n,).
    unit : numpy.ndarray
        int64 (n, 2): the unit lattice step (+-1 along x or y) nearest each link.
    """
    c, s = math.cos(-theta), math.sin(-theta)
    rx = vec[:, 0] * c - vec[:, 1] * s
    ry = vec[:, 0] * s + vec[:, 1] * c
    off = np.degrees(np.arctan2(np.minimum(np.abs(rx), np.abs(ry)), np.maximum(np.abs(rx), np.abs(ry))))
    horiz = np.abs(rx) >= np.abs(ry)
    unit = np.where(horiz[:, None], np.stack([np.sign(rx), 0 * rx], 1), np.stack([0 * ry, np.sign(ry)], 1))
    return off < tolerance, unit.astype(np.int64)


def fit_homography(lattice: np.ndarray, picture: np.ndarray, tolerance: float | None = None):
    """The homography lattice -> picture of matched points, and which points it fits.

    Parameters
    ----------
    lattice, picture : numpy.ndarray
        Matched points (n x 2), lattice and picture coordinates.
    tolerance : float or None
        RANSAC with this reprojection error (picture px); None: least squares over all.

    Returns
    -------
    homography : numpy.ndarray or None
        3 x 3, None when there is no fit.
    inliers : numpy.ndarray
        bool (n,): the points the fit keeps (all of them for least squares).
    """
    src, dst = np.asarray(lattice, np.float64), np.asarray(picture, np.float64)
    if tolerance is None:
        hom, inl = cv2.findHomography(src, dst, 0)
    else:
        hom, inl = cv2.findHomography(src, dst, cv2.RANSAC, tolerance)
    ok = np.ones(len(src), bool) if inl is None or tolerance is None else inl.ravel().astype(bool)
    return hom, ok


def snap_to_cells(homography: np.ndarray, points: np.ndarray, on_cell: float) -> tuple[np.ndarray, np.ndarray]:
    """The lattice cells ``(x, y)`` (int64, n x 2) a homography lattice -> picture puts
    ``points`` in, and which lie within ``on_cell`` (cells, along x and y) of their cell's centre."""
    back = map_points(np.linalg.inv(homography), points) - 0.5
    cell = np.round(back)
    return cell.astype(np.int64), np.abs(back - cell).max(axis=1) < on_cell


def best_window(xs: np.ndarray, ys: np.ndarray, cols: int, rows: int) -> tuple[int, int, int]:
    """(cells inside, x0, y0) of the ``cols x rows`` window over the most cells ``(xs, ys)``.

    Every window that holds a cell is counted at once from an integral image;
    on a tie the window with the smallest ``x0``, then ``y0``, is taken.
    """
    x_lo, y_lo = int(xs.min()) - cols + 1, int(ys.min()) - rows + 1
    n_x, n_y = int(xs.max()) - x_lo + 1, int(ys.max()) - y_lo + 1
    occupied = np.zeros((n_y + rows, n_x + cols), np.uint8)
    occupied[ys - y_lo, xs - x_lo] = 1
    x, y = np.mgrid[0:n_x, 0:n_y]  # indexed [x, y]: the first maximum is the smallest x0, then y0
    inside = box_sums(cv2.integral(occupied), x, y, cols, rows)
    a, b = np.unravel_index(int(np.argmax(inside)), inside.shape)
    return int(inside[a, b]), int(a) + x_lo, int(b) + y_lo
