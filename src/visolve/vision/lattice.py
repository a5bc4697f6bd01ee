"""Lattices of cells found from blobs: boards seen at any angle, from their cells.

A board made of a regular ``cols x rows`` lattice of cells that stand out
from the lines between them (dark squares on a grey grid, light tiles on a
dark frame, grey squares printed on a page...) can be found in a photo
without knowing its size, angle or position, from the cells themselves.
The steps every family shares (linking, walking, fitting, windows) are in
:mod:`visolve.vision.lattice_steps`.

:func:`find_cell_lattice`
    A lattice from binary masks in which the cells are set.  For growing
    thresholds of each mask's distance transform the deeper pixels split
    into blobs (at the right one each cell is a compact blob, thin bridges
    between cells gone); neighbouring blobs of similar size are linked,
    walked into lattice coordinates and fitted, and the ``cols x rows``
    window over most blobs kept (a lattice that runs on past it is refused:
    a bigger grid).  Links are only between neighbours, so perspective is
    handled.  On request, groups the walk cut off (a hidden cell breaks the
    links around it) count too when they lie wholly on the lattice.

:func:`warp_lattice`
    Samples the picture onto a straight view with a fixed number of pixels
    per cell, shrinking large pictures with area averaging first so fine
    detail does not alias.

The fits use OpenCV's ``findHomography``, not ``skimage.measure.ransac``:
on 48 cells with 3 outliers it took 1 ms against 58 ms (its trials loop in
Python), for the same homography.

A family keeps its own rules on top of these steps: which cells a board
has, when a window is a board.  Coordinates as in :mod:`visolve.vision.geometry`;
lattice coordinates put cell ``(c, r)`` on ``[c, c+1) x [r, r+1)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import cv2
import numpy as np

from visolve.vision.geometry import map_points
from visolve.vision.lattice_steps import (
    best_window,
    fit_homography,
    lattice_angle,
    snap_to_cells,
    straight_steps,
    walk_links,
)

#: masks with fewer pixels than this are labelled with 16-bit labels (4 * 65535)
SMALL_LABELS = 4 * 65535
#: labels a 16-bit label image numbers (the background's among them)
LABELS_16 = 65535
#: longest side of a cell's blob, in its shortest sides (cells seen square-on or a little
#: tilted; a steep view flattens them more)
BLOB_ASPECT = 1.7
#: least blobs of a linked group cut off from the lattice that ``gather`` counts
GATHER_MIN = 3
#: distance-transform thresholds (pixels of the mask) tried, small to large
DEPTHS = (1.5, 2.5, 4.0, 6.0, 9.0, 13.0, 19.0, 27.0)


@dataclass(frozen=True)
class Lattice:
    """A ``cols x rows`` lattice found in a picture.

    ``homography`` maps lattice coordinates to picture coordinates (see the
    module docstring).  ``found`` is how many of the cells were seen as
    blobs, ``error`` the RMS distance (in cells) between blob centres and the
    fitted lattice, ``depth`` the distance-transform threshold that worked
    and ``mask`` the index of the mask it worked on.
    """

    homography: np.ndarray
    cols: int
    rows: int
    found: int
    error: float
    depth: float

    def corners(self) -> np.ndarray:
        """Outer corners tl, tr, br, bl in picture coordinates, float32 (4, 2)."""
        pts = np.array([[0, 0], [self.cols, 0], [self.cols, self.rows], [0, self.rows]], np.float64)
        return map_points(self.homography, pts).astype(np.float32)

    def pitch(self) -> float:
        """Mean cell size in picture pixels (mean of the four sides / cells)."""
        c = self.corners().astype(np.float64)
        sides = np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1)
        return float((sides[0] + sides[2]) / (2 * self.cols) / 2 + (sides[1] + sides[3]) / (2 * self.rows) / 2)

    def scaled(self, factor: float) -> Lattice:
        """The same lattice in a picture scaled by ``factor``."""
        s = np.diag([factor, factor, 1.0])
        return Lattice(s @ self.homography, self.cols, self.rows, self.found, self.error, self.depth)


# ---------------------------------------------------------------------------
# finding the lattice


@dataclass
class _Blobs:
    centres: np.ndarray  # (n, 2) x, y
    areas: np.ndarray  # (n,)


def _blobs(deep: np.ndarray, max_blobs: int, max_aspect: float = BLOB_ASPECT, step: int = 1) -> _Blobs | None:
    """The blobs of ``deep`` that may be cells; ``deep`` is a mask's every ``step``-th pixel across and
    down (areas and centres are given in the mask's own pixels)."""
    # 16-bit labels are faster (a third on a 720 x 540 mask) and number the blobs the same; a mask
    # has at most a quarter of its pixels as 8-connected blobs, so they cannot run out on masks this
    # small, and on a larger one they run out only past max_blobs (OpenCV raises then)
    ltype = cv2.CV_16U if deep.size < SMALL_LABELS or max_blobs < LABELS_16 else cv2.CV_32S
    try:
        n, _labels, stats, centroids = cv2.connectedComponentsWithStats(deep, connectivity=8, ltype=ltype)
    except cv2.error:
        if ltype != cv2.CV_16U:
            raise
        return None  # more blobs than 16-bit labels number, so more than max_blobs
    if n < 2 or n > max_blobs:
        return None
    stats, centroids = stats[1:], centroids[1:]
    w = stats[:, cv2.CC_STAT_WIDTH].astype(np.float64)
    h = stats[:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    area = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    keep = (area >= 3) & (area >= 0.45 * w * h) & (np.maximum(w, h) <= max_aspect * np.minimum(w, h))
    if keep.sum() < 4:
        return None
    # pixel centres are at +0.5 in the picture's coordinates
    return _Blobs(centroids[keep] * step + 0.5, area[keep] * step ** 2)


def _links(b: _Blobs) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pairs (i, j) of blobs that look like lattice neighbours, and their vectors."""
    p = b.centres
    d = np.linalg.norm(p[:, None, :] - p[None, :, :], axis=2)
    ratio = b.areas[:, None] / b.areas[None, :]
    similar = (ratio > 0.45) & (ratio < 2.2)
    np.fill_diagonal(similar, False)
    dd = np.where(similar, d, np.inf)
    nearest = dd.min(axis=1)
    # both ends must see the other about as far as their own nearest neighbour
    # (an isolated blob has a far nearest neighbour and must not link widely);
    # diagonal pairs (1.41 x) are dropped later by their direction
    lo = 0.8 * np.maximum(nearest[:, None], nearest[None, :])
    hi = 1.4 * np.minimum(nearest[:, None], nearest[None, :])
    # a blob's side is about sqrt(area): neighbours are not much closer than that
    ok = similar & (dd >= lo) & (dd <= hi) & (dd >= 0.9 * np.sqrt(np.maximum(b.areas[:, None], b.areas[None, :])))
    i, j = np.nonzero(np.triu(ok, 1))
    return i, j, p[j] - p[i]


def _lattice_from_blobs(b: _Blobs, cols: int, rows: int, min_found: int,
                        max_angle: float = 40.0, gather: bool = False) -> tuple[np.ndarray, int, float] | None:
    if len(b.areas) < min_found:
        return None
    i, j, vec = _links(b)
    if len(i) < min_found:
        return None
    theta = lattice_angle(vec)
    if abs(theta) > math.radians(max_angle):
        return None  # by default boards are roughly upright (a photo turns them by 15 degrees at most)
    straight, steps = straight_steps(vec, theta, 18.0)
    best = None
    groups = walk_links(len(b.areas), i[straight], j[straight], steps[straight])
    for coords in groups:
        # a group that others may join must still be half the cells the lattice needs
        if len(coords) < (max(6, min_found // 2) if gather else min_found):
            break
        others = [g for g in groups if g is not coords and len(g) >= GATHER_MIN] if gather else []
        got = _fit_group(b, coords, vec, cols, rows, min_found, others)
        if got is not None and (best is None or got[1] > best[1]):
            best = got
    return best


def _gathered(b: _Blobs, h: np.ndarray, others: list[dict], taken: set) -> tuple[list, list]:
    """Cells and centres of the linked groups in ``others`` that lie on the lattice ``h`` as a
    whole: every blob within a quarter cell of a free cell's centre, each where the group's own walk
    puts it (a group cut off by a missed link; a stray blob or two falls on cells by chance)."""
    cells, centres = [], []
    for group in others:
        idx = np.array(list(group.keys()))
        cell, close = snap_to_cells(h, b.centres[idx], 0.25)
        own = np.array([group[k] for k in idx.tolist()], np.int64)
        shift = cell - own
        mine = {tuple(c) for c in cell.tolist()}
        if close.all() and (shift == shift[0]).all() and not mine & taken:
            taken |= mine
            cells += cell.tolist()
            centres += b.centres[idx].tolist()
    return cells, centres


def _fit_group(b: _Blobs, coords: dict, vec: np.ndarray, cols: int, rows: int, min_found: int,
               others: list[dict] = ()):
    idx = np.array(list(coords.keys()))
    lat = np.array([coords[k] for k in idx], np.float64)
    pts = b.centres[idx]
    # robust fit over everything linked, then the cols x rows window with most blobs
    h, inl = fit_homography(lat + 0.5, pts, 0.3 * float(np.median(np.linalg.norm(vec, axis=1))))
    if h is None:
        return None
    pts = pts[inl]
    # re-index the blobs by where the fitted lattice puts them
    cell, close = snap_to_cells(h, pts, 0.3)
    cell, pts = cell[close], pts[close]
    if others:
        more, where = _gathered(b, h, others, {tuple(c) for c in cell.tolist()})
        if more:
            cell = np.vstack([cell, np.array(more, np.int64)])
            pts = np.vstack([pts, np.array(where, np.float64)])
    if len(cell) < min_found:
        return None
    occupied = {tuple(c) for c in cell.tolist()}
    xs, ys = cell[:, 0], cell[:, 1]
    best = best_window(xs, ys, cols, rows)
    if best[0] < min_found:
        return None
    found, x0, y0 = best
    ring = [(x, y) for x in range(x0 - 1, x0 + cols + 1) for y in (y0 - 1, y0 + rows)]
    ring += [(x, y) for y in range(y0, y0 + rows) for x in (x0 - 1, x0 + cols)]
    if sum(c in occupied for c in ring) > max(2, len(ring) // 6):
        return None  # the lattice runs on: a bigger grid than this board
    sel = (xs >= x0) & (xs < x0 + cols) & (ys >= y0) & (ys < y0 + rows)
    src = (cell[sel] - [x0, y0] + 0.5).astype(np.float64)
    dst = pts[sel]
    hom, _ = fit_homography(src, dst)
    if hom is None:
        return None
    resid = map_points(hom, src) - dst
    scale = np.linalg.norm(map_points(hom, [[0, 0], [1, 0]])[1] - map_points(hom, [[0, 0]])[0])
    err = float(np.sqrt((resid**2).sum(axis=1).mean()) / max(scale, 1e-9))
    return hom, found, err


def _merge(parts: list[_Blobs | None]) -> _Blobs | None:
    """The blobs of several masks pooled; a cell seen in more than one mask is kept once.

    Two blobs are the same cell when their centres are closer than half the
    smaller one's side.  The larger one is kept (a cell half lost in speckle at
    one threshold is whole at another), unless it is 2.5 times the other or
    more: then it is several cells run together and the smaller one stays.
    """
    parts = [p for p in parts if p is not None]
    if not parts:
        return None
    centres, areas = parts[0].centres.copy(), parts[0].areas.copy()
    for p in parts[1:]:
        d = np.linalg.norm(p.centres[:, None, :] - centres[None, :, :], axis=2)
        reach = 0.5 * np.minimum(np.sqrt(areas)[None, :], np.sqrt(p.areas)[:, None])
        near = d < reach
        dup = near.any(axis=1)
        j = np.where(dup, np.argmin(np.where(near, d, np.inf), axis=1), -1)
        better = dup & (p.areas > areas[np.maximum(j, 0)]) & (p.areas < 2.5 * areas[np.maximum(j, 0)])
        # largest first: for each cell the largest better blob replaces it
        order = np.argsort(p.areas)[::-1]
        ks = order[better[order]]
        _, first = np.unique(j[ks], return_index=True)
        win = ks[first]
        centres[j[win]] = p.centres[win]
        areas[j[win]] = p.areas[win]
        centres = np.vstack([centres, p.centres[~dup]])
        areas = np.concatenate([areas, p.areas[~dup]])
    return _Blobs(centres, areas)


def find_cell_lattice(
    masks: list[np.ndarray],
    cols: int,
    rows: int,
    *,
    min_found: float = 0.7,
    depths: Iterable[float] = DEPTHS,
    max_blobs: int = 4000,
    max_error: float = 0.12,
    max_angle: float = 40.0,
    gather: bool = False,
    max_aspect: float = BLOB_ASPECT,
    or_gathered: bool = False,
    halved_from: float | None = None,
    or_each: bool = False,
) -> Lattice | None:
    """The ``cols x rows`` lattice of cells set in ``masks`` (see the module docstring).

    Parameters
    ----------
    masks : list of numpy.ndarray
        Binary masks of the same picture in which the cells are set, for instance the dark
        pixels at several thresholds: where the light changes across the board, some cells
        separate cleanly in one mask and others in another, so the blobs of all are pooled.
    cols, rows : int
        The lattice's size.
    min_found : float
        Least share of the cells that must be seen as blobs.
    depths : iterable of float
        Distance-transform thresholds, small to large (for cells joined by bridges ``b`` px
        wide a depth between ``b / 2`` and a third of the cell's side splits them).
    max_blobs : int
        A mask split into more blobs than this at a depth is noise there.
    max_error : float
        Largest RMS distance (cells) between the blobs and the lattice fitted to them.
    max_angle : float
        Largest turn (degrees, modulo 90) of the lattice in the picture: 45 allows any turn.
    gather : bool
        Also count the linked groups of at least ``GATHER_MIN`` blobs that the walk cut off
        (a link missed where a cell is hidden) when each lies wholly on the lattice fitted to a
        larger group, every blob in its own cell as its walk has it.
    max_aspect : float
        Longest side of a cell's blob (its bounding box) in its shortest sides.
    or_gathered : bool
        When no lattice is found, look again with ``gather``: the answer of a second call with
        ``gather=True``, on the blobs found once (their labelling is most of the cost).
    halved_from : float, optional
        Depths from this one on are labelled on every second pixel across and down of the masks
        (a quarter of the cost; a blob there is at least 3 of those pixels): a cell deeper than
        ``depth`` is over ``2 * depth`` px across and keeps its blob.  None: every depth on every pixel.
    or_each : bool
        When no lattice is found on the masks' blobs pooled, look on each mask alone and take
        the best (most cells found, then least error): pooling adds every mask's blobs that no
        other mask's lie on, and a speckled mask's fragments and a lenient one's cells run
        together can break the links a clean mask alone keeps (a small board with seven discs
        on it, seen at a slant, is found on one of four masks alone and on none pooled).

    Returns
    -------
    Lattice or None
        The first lattice with every cell found (depths in order), else the one with most
        cells found; None when none has ``min_found`` of them.
    """
    need = max(4, int(math.ceil(min_found * cols * rows)))
    depths = tuple(depths)  # walked twice with or_gathered
    blobs_at = _DepthBlobs(masks, max_blobs, max_aspect, halved_from)
    best = _best_lattice(blobs_at, depths, cols, rows, need, max_error, max_angle, gather)
    if best is None and or_gathered and not gather:
        best = _best_lattice(blobs_at, depths, cols, rows, need, max_error, max_angle, True)
    for mask in masks if best is None and or_each and len(masks) > 1 else ():
        alone = _best_lattice(_DepthBlobs([mask], max_blobs, max_aspect, halved_from), depths, cols, rows, need,
                              max_error, max_angle, gather)
        if alone is not None and (best is None or (alone.found, -alone.error) > (best.found, -best.error)):
            best = alone
    return best


def find_alone(masks: list[np.ndarray], cols: int, rows: int, **options) -> Lattice | None:
    """The best lattice (most cells found, then least error) of ``masks`` each looked at alone
    (:func:`find_cell_lattice` on one mask, with ``options``), or None.

    :func:`find_cell_lattice` pools the blobs of every mask: a cell half lost in speckle at one
    threshold is whole at another.  But pooling also adds every mask's blobs that no other
    mask's lie on, and blobs off the cells' lattice (a lenient threshold's spots where grid lines
    cross, a speckled one's fragments) can stand nearer a cell than its neighbours and break
    every link that one clean mask alone keeps: a small board with its seven discs, seen at a
    slant, is found on one of four masks alone and on none pooled.
    """
    best = None
    for mask in masks:
        alone = find_cell_lattice([mask], cols, rows, **options)
        if alone is not None and (best is None or (alone.found, -alone.error) > (best.found, -best.error)):
            best = alone
    return best


class _DepthBlobs:
    """The blobs of every mask deeper than a depth, pooled (:func:`_merge`), each depth labelled
    once however often it is asked for."""

    def __init__(self, masks: list[np.ndarray], max_blobs: int, max_aspect: float,
                 halved_from: float | None = None):
        self.dists = [cv2.distanceTransform(m.astype(np.uint8), cv2.DIST_L2, 3) for m in masks]
        self.tops = [float(d.max()) for d in self.dists]
        self.max_blobs, self.max_aspect, self.halved_from = max_blobs, max_aspect, halved_from
        self.done: dict[float, _Blobs | None] = {}

    def at(self, depth: float) -> _Blobs | None:
        if depth not in self.done:
            step = 2 if self.halved_from is not None and depth >= self.halved_from else 1
            self.done[depth] = _merge([_blobs(cv2.compare(d[::step, ::step], depth, cv2.CMP_GT), self.max_blobs,
                                              self.max_aspect, step)
                                       for d, top in zip(self.dists, self.tops) if depth < top])
        return self.done[depth]


def _best_lattice(blobs_at: _DepthBlobs, depths: Iterable[float], cols: int, rows: int, need: int,
                  max_error: float, max_angle: float, gather: bool) -> Lattice | None:
    """:func:`find_cell_lattice`'s answer from the blobs at each depth."""
    best: Lattice | None = None
    for depth in depths:
        blobs = blobs_at.at(depth)
        if blobs is None:
            continue
        got = _lattice_from_blobs(blobs, cols, rows, need, max_angle, gather)
        if got is None:
            continue
        hom, found, err = got
        if err > max_error:
            continue
        lat = Lattice(hom, cols, rows, found, err, depth)
        if best is None or (lat.found, -lat.error) > (best.found, -best.error):
            best = lat
        if found == cols * rows:
            return best
    return best


# ---------------------------------------------------------------------------
# straight view


def warp_lattice(
    image: np.ndarray, homography: np.ndarray, cols: int, rows: int, pitch: int, margin: float = 0.0
) -> np.ndarray:
    """The lattice seen straight on: ``pitch`` px per cell, ``margin`` cells around it.

    Output pixel ``(i, j)`` shows lattice point ``((j + 0.5) / pitch - margin,
    (i + 0.5) / pitch - margin)``.  The picture only, of
    :meth:`visolve.vision.view.BoardView.from_homography` (``sampling="linear"``).
    """
    from visolve.vision.view import sample

    return sample(image, homography, (-margin, -margin, cols + margin, rows + margin), pitch, "linear")
