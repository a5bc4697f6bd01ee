"""A page's board too blurred for its star outlines at the lattice fit's scale, looked at coarser.

A made page photographed small and out of focus (a board 30-45 px a board unit, blurred over
several of them) keeps the stars' colours plain to see, but its thin black outlines spread
into the navy: at the fit's scale (:data:`~visolve.puzzles.iq_stars.outlines.FIT_PITCH`) their
dark-line picture is mostly noise and the coloured stars' white middles (the lattice matched
0.13-0.32 on the boards so refused on make photo seeds 61-90, though it lay right).  Seen at
half that scale the same outlines stand out as lines again.

:func:`blurred_lattice` is tried only where a wrong lattice is least likely: on a board cut
out of a page under its number tab (upright) whose edge is a hole in the light page (exact to
a few hundredths of a star), with the booklet's drawings' margins.  The lattice those margins
put on the edge must be where the outlines, aligned at the coarser scale, lie too: both
evidences agree or the board stays refused.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.outlines import align, quad_homography, top_up, turned, way_up

#: px per board unit of the coarser look (half the fit's 48: on the boards refused on make photo
#: seeds 61-90 the lattice on the page hole matched 0.13-0.26 at 48 and 0.29-0.56 at 24, aligned
#: 0.36-0.64; a sharp board matches about as well at both, 0.83 and 0.86)
COARSE_PITCH = 24
#: the outlines aligned at the coarser scale must match at least this (lattice.MIN_RHO, the fit's own) ...
MIN_COARSE_RHO = 0.35
#: ... and put the stars' middles at most this far (board units; the median of the 26, and the
#: most) from where the page hole's edge puts them with the drawings' margins (0.01-0.06 and
#: 0.06-0.18 on those boards; a lattice a third of a row or half a star off, which shares many of
#: the outlines' lines, moves every star 0.29 or 0.5)
MAX_MEDIAN_SHIFT, MAX_STAR_SHIFT = 0.15, 0.25
#: the outlines of the lattice top up must be darker than those of the board turned half round
#: by at least this at the coarser scale (the page's tab says top up; 0.11-0.41 on those boards)
MIN_COARSE_WAY = 0.05


def blurred_lattice(image: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, float, float] | None:
    """The lattice of a page's board whose edge is ``quad`` (an exact page hole, the board cut out
    top up as its tab stands), confirmed by its outlines at :data:`COARSE_PITCH`: the
    homography (board units -> ``image`` px, the drawings' margins on ``quad``), the outlines'
    match and their way-up contrast there; None when the outlines do not confirm it (see the
    module's notes)."""
    base = quad_homography(quad)
    hom = base if top_up(base) else turned(base)
    aligned, rho = align(image, hom, COARSE_PITCH)
    if rho < MIN_COARSE_RHO:
        return None
    shifts = stars_moved(hom, aligned)
    if np.median(shifts) > MAX_MEDIAN_SHIFT or shifts.max() > MAX_STAR_SHIFT:
        return None
    up = way_up(image, hom, COARSE_PITCH)
    if up < MIN_COARSE_WAY:
        return None
    return hom, rho, up


def stars_moved(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """How far (board units of ``a``) homography ``b`` puts each of the 26 stars' middles from
    where ``a`` does, ``(26,)``."""
    centres = np.array(list(layout.CENTRES.values()), np.float64).reshape(-1, 1, 2)
    back = cv2.perspectiveTransform(cv2.perspectiveTransform(centres, b), np.linalg.inv(a))
    return np.linalg.norm((back - centres).reshape(-1, 2), axis=1)
