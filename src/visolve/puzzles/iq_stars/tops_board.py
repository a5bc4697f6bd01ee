"""A drawn board placed by its pieces' white middles, when its own edge and outlines do not place it.

A drawing's placed piece is a coloured star with a white star in its middle, as a real
piece's top is seen from above: the tray reader finds them (:func:`.tray_tops.find_tops`)
and lays them on a triangular lattice (:func:`.tray_tops.ranked_lattices`).  On a drawing
they lie in the board's own plane, so that lattice is the board's, and the board is one of
the placements of its 26 cells holding every top (:func:`.tray.placements`): the one whose
star outlines match the picture's dark lines (:func:`.outlines.outline_match`), aligned to
them (:func:`.outlines.align`).  This places a board whose edge does not say where its
stars are, which the lattice search inside the board's edge (:mod:`.lattice`) misses: a
board drawn on a page of its own navy (the page's edge taken for the board's, the stars in
a corner of it; seed 13 scenes 37, 40 and 47, seed 3 scene 57).

A tray's pits are filled stars, not outlines, and lie off the tops' plane: on the tray
scenes of seeds 3, 9 and 13 the best placement matched 0.05-0.26 as it lay and 0.33 at most
aligned, far under :data:`MIN_MATCH`.
"""

from __future__ import annotations

from itertools import islice

import cv2
import numpy as np

from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.board import CELLS
from visolve.puzzles.iq_stars.lattice import BETTER_RHO, CLEAR_RHO
from visolve.puzzles.iq_stars.outlines import align, outline_match
from visolve.puzzles.iq_stars.plastic import balanced, classify_plastic
from visolve.puzzles.iq_stars.tray import placements
from visolve.puzzles.iq_stars.tray_find import find_tops
from visolve.puzzles.iq_stars.tray_tops import ranked_lattices, to_metric

#: the fewest tops worth a lattice (a piece has 3 stars at least)
MIN_TOPS = 3
#: the likeliest lattices of tops looked at
LATTICES = 2
#: a lattice whose tops allow more placements than this fixes no board (a piece or two in
#: the middle of the board: every placement is scored, 2-5 ms each)
MAX_PLACEMENTS = 60
#: the best placements, as they lie, aligned and compared
ALIGNED = 3
#: the placement aligned must match the outlines at least this (the drawn reader's clear
#: match; trays' pits: 0.33 at most)
MIN_MATCH = CLEAR_RHO
#: placements matching within this of the best, aligned, are its rivals (the lead by which the
#: drawn reader takes a lattice found from the stars alone over another): each is read too,
#: and the board is read only when every rival's stars refuse or read alike.  The board turned
#: half round and moved half a star, its twin, shares all but its rows' end stars (seed 13
#: scene 37: aligned 0.83 and 0.76, the twin's free end stars without outlines, refused; on a
#: page of the board's navy the twin matched 0.82 where the board did 0.93).  A placement not
#: aligned must match at least this less than the best as it lies.
MIN_LEAD = BETTER_RHO


def board_homography(lattice: np.ndarray, placed: np.ndarray) -> np.ndarray:
    """Board units (:mod:`.layout`) -> picture of the board whose cells (:data:`CELLS` order) lie
    at the axial lattice points ``placed`` of the lattice ``lattice`` (metric -> picture)."""
    centres = np.array([layout.CENTRES[cell] for cell in CELLS], np.float64)
    seen = cv2.perspectiveTransform(to_metric(placed).reshape(-1, 1, 2), np.asarray(lattice, np.float64))
    hom, _mask = cv2.findHomography(centres, seen.reshape(-1, 2))
    return hom


def place_by_tops(image: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]] | None:
    """The work picture of the tops and the board's homographies in it (board units -> px), the
    best first, then its rivals (:data:`MIN_LEAD`), when a lattice of the picture's piece tops
    holds a board whose outlines match clearly (:data:`MIN_MATCH`); None otherwise (also when a
    placement not aligned might be a rival)."""
    work, tops = find_tops(image)
    if len(tops) < MIN_TOPS:
        return None
    for lattice, axial, members in islice(ranked_lattices(tops, MIN_TOPS), LATTICES):
        letters = [classify_plastic(balanced(t)).name for t in members]
        holding = [placed for _turn, placed, on in placements(axial, letters) if len(on) == len(axial)]
        if not holding or len(holding) > MAX_PLACEMENTS:
            continue
        homs = [board_homography(lattice, placed) for placed in holding]
        lying = sorted(((outline_match(work, hom), n) for n, hom in enumerate(homs)), reverse=True)
        aligned = sorted((align(work, homs[n]) for _rho, n in lying[:ALIGNED]), key=lambda a: -a[1])
        best = aligned[0][1]
        if best < MIN_MATCH:
            continue
        if len(lying) > ALIGNED and lying[ALIGNED][0] > best - MIN_LEAD:
            return None
        return work, [hom for hom, rho in aligned if rho > best - MIN_LEAD]
    return None


__all__ = ["ALIGNED", "LATTICES", "MAX_PLACEMENTS", "MIN_LEAD", "MIN_MATCH", "MIN_TOPS", "board_homography",
           "place_by_tops"]
