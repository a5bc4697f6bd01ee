"""Grids placed by their printed labels inside plain outlines, when no grid candidate had labelled edges.

A board whose squares do not show as a lattice (hidden by tall pieces, too faint), or whose lattice
was a pattern on the table, still shows its outline and its labels: :func:`by_outlines` looks for a
row and a column of six glyphs inside the outlines of plain regions
(:func:`visolve.vision.outlines.edge_region_quads`) and places the grid between them.

Coordinates: board units, the grid spans ``[0, 6] x [0, 6]`` (see :mod:`visolve.vision.view`).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from visolve.vision.gridfit import fit_to_lines
from visolve.vision.outlines import edge_region_quads
from visolve.vision.view import corners_homography
from visolve.puzzles.genius_square.fromlabels import grid_from_labels
from visolve.puzzles.genius_square.partlabels import grid_from_labels_in_part

SIZE = 6
#: plain regions' outlines a board is looked for in by its labels, when no grid candidate had labels
OUTLINES = 6


def by_outlines(small: np.ndarray, picture: np.ndarray | None) -> Iterator[np.ndarray]:
    """Grids (board -> ``small``) placed by a row and a column of six glyphs inside the outline of a
    plain region (:func:`visolve.vision.outlines.edge_region_quads`): a board none of whose grid
    candidates had labelled edges (its squares hidden by tall pieces or too faint to show as a
    lattice, a pattern on the table taken for one) still shows its outline and its labels; last, inside
    the picture's own outline (a page's board cut out in its tab's whole area: the board fills it, its
    outline, paled by glare, running into the rim).  Each grid is tried moved onto its printed lines
    (:func:`visolve.vision.gridfit.fit_to_lines`), then as placed.  When no outline holds a whole row
    and a whole column of labels, a whole row and a part of the column (or the other way round) place
    the grid (:func:`visolve.puzzles.genius_square.partlabels.grid_from_labels_in_part`: tall pieces
    hide the others)."""
    source, scale = (small, 1.0) if picture is None else (picture, picture.shape[1] / small.shape[1])
    to_source = np.diag([scale, scale, 1.0])
    h, w = small.shape[:2]
    quads = [*edge_region_quads(small, OUTLINES), np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])]
    for place, quad in [(place, quad) for place in (grid_from_labels, grid_from_labels_in_part) for quad in quads]:
        for placed in place(small, corners_homography(quad, SIZE, SIZE), picture):
            fitted, _before, _after = fit_to_lines(source, to_source @ placed, SIZE, SIZE)
            yield np.linalg.inv(to_source) @ fitted  # the labels' place is off by a fraction of a square
            yield placed

