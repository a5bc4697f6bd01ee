"""What lies beyond the part of the picture the boards were looked for in.

The finder looks for boards within a reach of the squares its first look saw
(:data:`~visolve.puzzles.iq_xoxo.page.crop.CROP_REACH` pitches,
:func:`visolve.puzzles.iq_xoxo.page.finder.find_boards`).  A board of the page
whose grey squares the first look missed (washed out by glare, mostly covered by
pieces) may lie beyond that part: its tab and pieces are then weighed nowhere, and
the page would be read in part.  :func:`beyond_crop` looks at the whole picture
on a coarse copy and weighs what lies beyond the part looked at as
:func:`~visolve.puzzles.iq_xoxo.page.missed.lost_boards` and
:func:`~visolve.puzzles.iq_xoxo.page.missed.own_squares` weigh it within: a
number tab or pieces on the boards' page away from every board, squares on a
grid of their own size.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.parts import LOST_TAB, Parts, board_parts, with_turned_tabs
from visolve.puzzles.iq_xoxo.page.first_look import planes
from visolve.puzzles.iq_xoxo.page.missed import coarse, lost_boards, outside, own_pitch, own_squares

#: the whole picture is looked at with the boards' squares about this many px apart (a far
#: page's squares half as large still show: :data:`~visolve.puzzles.iq_xoxo.page.missed.OTHER_SIDES`)
BEYOND_PITCH = 12.0
#: a page seen steeply shows its far boards smaller than the page's pitch (the most squares', the
#: near boards'), and a board lost beyond them smaller still: when the smallest board read is under
#: SMALLER of that pitch, pieces and tabs are looked for again at its own pitch.  Seed 233 scene 92,
#: a spread seen at a slant (boards 136-323 px wide): the far board, beyond the part looked at, its
#: piece 0.9 of the page's pitch squared and its tab 0.35 (1.5 and 1.2 needed), was left out unsaid
SMALLER = 0.8


def beyond_crop(image: np.ndarray, quads: list[np.ndarray], crop: tuple) -> int:
    """The weight of what lies lost beyond the part of ``image`` the boards were looked for in.

    Parameters
    ----------
    image : numpy.ndarray
        The picture (BGR).
    quads : list of numpy.ndarray
        The boards read (corners, picture px).
    crop : tuple
        The part looked at: its top-left and bottom-right corners (picture px) and the
        boards' pitch (picture px), as :func:`~visolve.puzzles.iq_xoxo.page.finder.find_boards`
        notes it.

    Returns
    -------
    int
        :data:`~visolve.puzzles.iq_xoxo.page.finder.LOST_TAB` for each number tab (and once
        for pieces) lost beyond that part, and one for each square there on a grid of its own
        size outside every board; 0 when the whole picture was looked at, or no board is read.
        Pieces and tabs are looked for at the page's pitch, and when none is lost and the boards
        read are smaller (:data:`SMALLER`), again at the smallest one's.
    """
    (x0, y0), (x1, y1), pitch = crop
    h, w = image.shape[:2]
    if not quads or (x0 <= 0 and y0 <= 0 and x1 >= w - 1 and y1 >= h - 1):
        return 0
    c = min(1.0, BEYOND_PITCH / pitch)
    small = cv2.resize(image, (max(1, round(w * c)), max(1, round(h * c))), interpolation=cv2.INTER_AREA)
    c = small.shape[1] / w
    grey, coloured, dull = planes(small)
    p = pitch * c
    parts = board_parts(grey, coloured, p, dull)
    box = np.array([x0, y0, x1, y1], np.float64) * c
    where = [(np.asarray(q, np.float64) + 0.5) * c - 0.5 for q in quads]
    lost = _lost_beyond(parts, grey, small, p, where, box)
    least = min(own_pitch(q) for q in where)
    if not lost and least < SMALLER * p:  # the far boards smaller: pieces and tabs at their scale
        fine = board_parts(grey, coloured, least, dull)
        lost = _lost_beyond(replace(fine, blobs=_apart(fine.blobs, where)), grey, small, least, where, box)
    centres, sides = own_squares(parts.ink[1], parts.ink[2], p)
    far = ~((centres[:, 0] >= box[0]) & (centres[:, 0] < box[2]) & (centres[:, 1] >= box[1]) & (centres[:, 1] < box[3]))
    return LOST_TAB * lost + outside(centres[far], sides[far], where)


def _lost_beyond(parts: Parts, grey: np.ndarray, small: np.ndarray, pitch: float, quads: list[np.ndarray],
                 box: np.ndarray) -> int:
    """:func:`~visolve.puzzles.iq_xoxo.page.missed.lost_boards` of ``parts`` (:func:`board_parts` of
    the coarse copy ``small`` and its light plane ``grey``, squares ``pitch`` px apart) around
    ``quads``, pieces counting however far from them beyond ``box`` (the part looked at: x0, y0,
    x1, y1, px of ``small``)."""
    tabs = with_turned_tabs(parts.tabs, parts.pieces, pitch)
    look = coarse(parts.pieces, parts.blobs, grey, pitch, small)
    farther = np.ones(look.colour.shape, bool)  # pieces beyond the part looked at count however far
    k = look.scale
    farther[max(0, int(box[1] * k)):int(np.ceil(box[3] * k)), max(0, int(box[0] * k)):int(np.ceil(box[2] * k))] = False
    return lost_boards(look, tabs, quads, farther)


def _apart(blobs: np.ndarray, quads: list[np.ndarray]) -> np.ndarray:
    """``blobs`` (0/255) less those touching a quad: at a finer pitch a board's pieces and its tab
    join in one blob that may reach past the tab's reach (seed 223 scene 74, a page of three at a
    slant: 110 px of its far board's pieces and tab, 1.6 of its pitch squared); a lost board's
    pieces lie apart from every board read."""
    n, labels = cv2.connectedComponents(blobs, connectivity=8)
    inside = np.zeros(blobs.shape, np.uint8)
    for q in quads:
        cv2.fillConvexPoly(inside, np.round(q).astype(np.int32), 1)
    keep = np.ones(n, bool)
    keep[np.unique(labels[inside > 0])] = False
    keep[0] = False
    return keep.view(np.uint8)[labels] * np.uint8(255)
