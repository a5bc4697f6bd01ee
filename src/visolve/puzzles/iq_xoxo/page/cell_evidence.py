"""Which lattice cells look like a board's square: the lattice's window test.

A lattice fitted to a board's grey squares (:mod:`visolve.puzzles.iq_xoxo.page.lattice`)
says where every cell around them lies.  A cell is a board's square when

* it is one of the squares seen (the group's own), or
* it is mostly coloured (a piece, or a number tab), or
* its middle is darker than the gaps on at least :data:`MIN_EDGES` of its four
  sides, by :data:`CONTRAST` of the gap's light: a grey square framed by the
  page's light (a square the square test missed: washed by glare, large in a
  steep photo, touching a shadow).

A plain page, a grey panel behind the boards or a shadow has no such frame,
so the window of the board (see :func:`cell_evidence`) stops at the board's
edge even where the page around the board is dark.
"""

from __future__ import annotations

import numpy as np

from visolve.vision.area_sums import BoxMeans
from visolve.vision.geometry import map_points

#: a square's middle is sampled at its four quarters (lattice units from the middle;
#: the dot of an X square stays out) over boxes MIDDLE_BOX pitches across
QUARTER, MIDDLE_BOX = 0.22, 0.16
#: a gap is sampled across itself at these offsets (lattice units: the fit may be off a
#: little), at GAP_ALONG along it, over boxes GAP_BOX pitches across
GAP_ACROSS = (-0.12, -0.06, 0.0, 0.06, 0.12)
GAP_ALONG = (-0.2, 0.0, 0.2)
GAP_BOX = 0.06
#: the gap is lighter than the middle by at least this share of its light ...
CONTRAST = 0.025
#: ... on at least this many of the four sides
MIN_EDGES = 3
#: a cell is coloured when this share of a box COLOUR_BOX pitches across is
COLOUR_SHARE, COLOUR_BOX = 0.6, 0.4


def _sampled(hom: np.ndarray, cells: np.ndarray, offsets: np.ndarray, grey: BoxMeans, radius: int) -> np.ndarray:
    """Box means at ``cells + offset`` for every offset (k x 2, lattice units): k x n, all
    mapped and looked up at once."""
    pts = (cells[None, :, :] + offsets[:, None, :]).reshape(-1, 2)
    return grey(map_points(hom, pts), radius).reshape(len(offsets), len(cells))


#: where a cell's middle is sampled (lattice units from its top-left corner)
_MIDDLE_AT = np.array([(0.5 + dx, 0.5 + dy) for dx in (-QUARTER, QUARTER) for dy in (-QUARTER, QUARTER)])
#: the four sides of a cell as (edge, unit step along it): which edge (left/right: a
#: vertical one, at the cell's x or x + 1; top/bottom: a horizontal one, at y or y + 1)
_SIDES = ((0, (0, 0)), (0, (1, 0)), (1, (0, 0)), (1, (0, 1)))
#: where an edge's gap is sampled (lattice units from its top or left end): GAP_ALONG x GAP_ACROSS,
#: for a vertical edge then a horizontal one
_EDGE_AT = tuple(np.array([(d * nx + t * ny + ny / 2, d * ny + t * nx + nx / 2)
                           for t in GAP_ALONG for d in GAP_ACROSS]) for nx, ny in ((1, 0), (0, 1)))


def _middles(hom: np.ndarray, cells: np.ndarray, grey: BoxMeans, pitch: float) -> np.ndarray:
    """The lightest quarter of each cell's middle (n)."""
    radius = max(1, int(round(MIDDLE_BOX * pitch / 2)))
    return np.max(_sampled(hom, cells, _MIDDLE_AT, grey, radius), axis=0)


def _gaps(hom: np.ndarray, cells: np.ndarray, grey: BoxMeans, pitch: float) -> np.ndarray:
    """The light of each cell's four surrounding gaps (n x 4: left, right, top, bottom): the
    median along each gap of the lightest across it.

    A gap between two cells is one edge of both: each edge is sampled once.
    """
    radius = max(1, int(round(GAP_BOX * pitch / 2)))
    out = np.empty((len(cells), 4))
    for vertical in (0, 1):
        sides = [k for k, (edge, _step) in enumerate(_SIDES) if edge == vertical]
        ends = np.concatenate([cells + np.array(_SIDES[k][1]) for k in sides])
        edges, which = _unique_points(ends)
        values = _sampled(hom, edges, _EDGE_AT[vertical], grey, radius).reshape(
            len(GAP_ALONG), len(GAP_ACROSS), len(edges))
        light = np.median(np.max(values, axis=1), axis=0)[which.ravel()]
        for n, k in enumerate(sides):
            out[:, k] = light[n * len(cells):(n + 1) * len(cells)]
    return out


def _unique_points(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``points`` (n x 2, whole numbers) and where each row is among them."""
    whole = np.round(points).astype(np.int64)
    low = whole.min(axis=0)
    key = (whole[:, 0] - low[0]) * (int(whole[:, 1].max() - low[1]) + 1) + (whole[:, 1] - low[1])
    _keys, first, which = np.unique(key, return_index=True, return_inverse=True)
    return points[first], which


def cell_evidence(hom: np.ndarray, cells: np.ndarray, grey: BoxMeans, colour: BoxMeans,
                  pitch: float) -> np.ndarray:
    """Whether each lattice cell (n x 2, its top-left corner in whole lattice units) looks like a
    board's square (see the module docstring), not counting the squares seen.

    ``grey`` and ``colour`` are the :class:`BoxMeans` of the light plane and of
    the coloured mask (0/1); ``hom`` maps lattice units to px.
    """
    cells = np.asarray(cells, np.float64).reshape(-1, 2)
    if not len(cells):
        return np.zeros(0, bool)
    r = max(1, int(round(COLOUR_BOX * pitch / 2)))
    coloured = colour(map_points(hom, cells + 0.5), r) >= COLOUR_SHARE
    middle = _middles(hom, cells, grey, pitch)
    gaps = _gaps(hom, cells, grey, pitch)
    framed = ((gaps - middle[:, None]) > CONTRAST * gaps).sum(axis=1) >= MIN_EDGES
    return coloured | framed
