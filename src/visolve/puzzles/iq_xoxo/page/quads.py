"""IQ XOXO boards on the finder's copy as quadrilaterals (:mod:`.finder`).

Each board first as a lattice of its grey squares
(:mod:`visolve.puzzles.iq_xoxo.page.lattice`); when that leaves grey squares, a number
tab or pieces out, also as outlined blocks (:mod:`visolve.puzzles.iq_xoxo.page.outline`),
lattice windows of fewer cells and windows placed from a tab.  Grey squares on a grid, a
tab or pieces on the page away from every board (:mod:`visolve.puzzles.iq_xoxo.page.missed`)
weigh against a set of quads (:func:`board_quads`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.denoised import denoised_quads
from visolve.puzzles.iq_xoxo.page.first_look import (MAX_SQUARES, NEIGHBOUR, REACH, SQUARE_ASPECT, SQUARE_SHARE,
                                                    grid_mask, planes, rough_pitch)
from visolve.puzzles.iq_xoxo.page.lattice import FAINT_CELLS, PLACED_CELLS, find_lattice
from visolve.puzzles.iq_xoxo.page.missed import STRAY_REACH, coarse, lost_boards, outside, own_squares
from visolve.puzzles.iq_xoxo.page.pale_tabs import pale_tabs
from visolve.puzzles.iq_xoxo.page.outline import SPECK_SHARE, block_quads, classic_quads, kernel, ordered_corners
from visolve.puzzles.iq_xoxo.page.parts import (LOST_TAB, Parts, board_parts, loose_tabs, with_runs_split,
                                                with_turned_tabs)
from visolve.puzzles.iq_xoxo.page.tab_anchor import anchored_quads
from visolve.vision.near import near_pairs
from visolve.vision.polygon_distance import distances_within

#: quads whose corners all lie within this many pitches are one
SAME_QUAD = 0.1
#: squares on a grid farther than STRAY_REACH pitches from every board count when at least this many
#: lie within FAR_CLUSTER pitches of each one (the squares of a 10 x 5 board lie within its
#: diagonal, 11.2 pitches, of one another; a grainy desk's or page's specks of a square's size lie
#: on a grid here and there over the whole picture: see :func:`far_gridded`)
FAR_SQUARES, FAR_CLUSTER = 8, 11.0
#: most angle (radians) between a step from a stray square to its neighbour and a side of the
#: nearest board (:func:`on_boards_grid`): 12 degrees, the boards of a page seen 30-45 degrees off
#: differ by a few degrees side to side
AXIS_SLACK = float(np.deg2rad(12))


def _stray(parts: Parts, quads: list[np.ndarray], pitch: float) -> tuple[int, int]:
    """Squares outside every quad and part of a grid (linked into a lattice, or with two others
    a pitch away along the nearest board's sides: :func:`on_boards_grid`): a board left out.
    Those within :data:`STRAY_REACH` pitches of a board count; farther ones (a board on a
    spread's other page) when there are at least :data:`FAR_SQUARES` of them close together
    (:func:`far_gridded`).  Also how many far squares
    on a grid, at least FAR_SQUARES, lie scattered and did not count (0 when none): a grainy
    desk's specks, unless pieces lie on the page away from every board.  :func:`board_quads`
    then counts them as before: seed 0 scene 26, whose two faint boards under pieces show
    neither squares nor a tab, and whose pieces show no marks on the coarse copy, was refused
    only for the specks on its desk."""
    near, far = [], []
    if quads:  # each square's distance to the nearest quad (-inf: farther than STRAY_REACH from all)
        nearest = np.max([distances_within(parts.centres, q, STRAY_REACH * pitch) for q in quads], axis=0)
        for k, dist in enumerate(nearest):
            if dist < -pitch / 2:
                (near if dist > -STRAY_REACH * pitch else far).append(k)

    def grouped(some: list[int]) -> int:
        return 0 if parts.grouped is None else int(parts.grouped[some].sum())

    count = max(grouped(near), on_boards_grid(parts.centres[near][:MAX_SQUARES], quads, pitch))
    if not far:
        return count, 0
    together, scattered = far_gridded(parts.centres[far], pitch)
    beyond = max(grouped(far), together)
    if beyond >= FAR_SQUARES:
        return count + beyond, 0
    return count, scattered if scattered >= FAR_SQUARES else 0


def on_boards_grid(centres: np.ndarray, quads: list[np.ndarray], pitch: float) -> int:
    """How many of ``centres`` (``(n, 2)`` px) have at least two others about a pitch away
    (:data:`~.first_look.NEIGHBOUR`), each along a side of the board nearest them (``quads``, corners
    in order), within :data:`AXIS_SLACK`.

    A board left out lies on the page beside the others, its rows along theirs.  A page's or a
    desk's grain, evened (:mod:`.boards`' evened look), shows square-like specks a pitch apart
    in every direction: scenes seed 191 spread 3, its 12 boards all outlined, had 6 such specks
    with two others a pitch away, 1 with two along the boards' sides.
    """
    n = len(centres)
    if n < 3 or not quads:
        return 0
    corners = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    sides = np.stack([corners[:, 1] - corners[:, 0], corners[:, 3] - corners[:, 0]], axis=1)
    turns = np.arctan2(sides[..., 1], sides[..., 0]) % np.pi  # (boards, 2): each side's direction
    nearest = np.argmin(np.linalg.norm(centres[:, None, :] - corners.mean(axis=1)[None], axis=2), axis=1)
    own = turns[nearest]
    i, j = near_pairs(centres, NEIGHBOUR[1] * pitch)
    step = centres[j] - centres[i]
    apart = np.linalg.norm(step, axis=1)
    turn = np.arctan2(step[:, 1], step[:, 0]) % np.pi

    def along(k: np.ndarray) -> np.ndarray:
        off = np.abs((turn[:, None] - own[k] + np.pi / 2) % np.pi - np.pi / 2)
        return (off <= AXIS_SLACK).any(axis=1)

    linked = (apart > NEIGHBOUR[0] * pitch) & (apart < NEIGHBOUR[1] * pitch) & along(i) & along(j)
    count = np.bincount(i[linked], minlength=n) + np.bincount(j[linked], minlength=n)
    return int((count >= 2).sum())


def far_gridded(centres: np.ndarray, pitch: float) -> tuple[int, int]:
    """How many of ``centres`` (the first :data:`~.first_look.MAX_SQUARES`) lie on a grid of
    ``pitch`` (:func:`~.first_look.on_grid`) with at least :data:`FAR_SQUARES` such squares,
    themselves included, within :data:`FAR_CLUSTER` pitches: a board's squares, not specks of a
    grainy desk lying on a grid by chance here and there; and how many lie on a grid at all.

    The squares of one board lost far away count as before (all lie within :data:`FAR_CLUSTER`
    pitches of each other: on seed 0's pages read whole, every board with 8 squares on a grid or
    more keeps 8 or more, 9 -> 8 at worst, against 5 within 8 pitches and 3 within 6).  On seed 0's
    scenes 14, 15, 26, 47 and 57 the specks beyond the boards gave 9-36 squares on a grid but at most
    7 within 11 pitches of one (at most 3 on three of them): none counts."""
    some = centres[:MAX_SQUARES]
    gridded = some[grid_mask(some, pitch)]
    if len(gridded) < FAR_SQUARES:
        return 0, len(gridded)
    close = np.linalg.norm(gridded[:, None, :] - gridded[None, :, :], axis=2) < FAR_CLUSTER * pitch
    return int((close.sum(axis=1) >= FAR_SQUARES).sum()), len(gridded)


def board_quads(grey: np.ndarray, coloured: np.ndarray, pitch: float, dull: np.ndarray | None = None,
                picture: np.ndarray | None = None, aspect: float = SQUARE_ASPECT) -> tuple[
        list[np.ndarray], np.ndarray, Callable[[list[np.ndarray]], int], Callable[..., list[np.ndarray]]]:
    """Quads (px of ``grey``) of the boards, squares ``pitch`` px apart, the centres of all
    the grey squares seen, how to weigh the stray squares of a set of quads (a number tab
    or pieces far from every quad count as :data:`LOST_TAB` squares), and how to outline
    the boards further.

    First each board as a lattice of its squares
    (:func:`visolve.puzzles.iq_xoxo.page.lattice.find_lattice`).  When that
    leaves squares or a tab out, or a board does not read, blocks are outlined
    three ways too (the last callable): of the squares and pieces alone
    (:func:`board_parts`, blind to shading), of all the ink and colour (keeps
    squares that touch a line or each other), and as :func:`classic_quads`; and
    where none of these lies, lattice windows holding fewer covered cells
    (:data:`~visolve.puzzles.iq_xoxo.page.lattice.FAINT_CELLS`: a faint board; left
    out with ``faint_too=False``).  Asked last (``split``): the lattice of the squares run together
    cut apart; after all else (``smooth``), of the squares on planes smoothed against a page's
    grain (:mod:`.denoised`).  One board may so give several quads: the reader keeps the first that reads.
    ``aspect``: the longest a grey square's blob may be against its width (:func:`board_parts`).
    """
    parts = board_parts(grey, coloured, pitch, dull, aspect=aspect)
    tabs = parts.tabs
    lattice = find_lattice(parts.centres, parts.sides, parts.cover, grey, parts.pieces, pitch, SQUARE_SHARE)
    quads = [ordered_corners(q) for q in lattice.quads()]
    parts = replace(parts, grouped=lattice.grouped)

    small = coarse(parts.pieces, parts.blobs, grey, pitch, picture, marks=True)

    weighed: dict = {}  # the reader weighs the boards read before and after outlining further

    def weigh(some: list[np.ndarray]) -> int:
        key = b"".join(sorted(np.asarray(q, np.float64).tobytes() for q in some))  # any order
        if key not in weighed:
            if "own" not in weighed:
                weighed["own"] = own_squares(parts.ink[1], parts.ink[2], pitch, others=True)
                pale = None if small.picture is None else pale_tabs(small.picture, small.pitch) / small.scale
                weighed["tabs"] = with_turned_tabs(tabs, parts.pieces, pitch, pale)  # a page turned 40-60 degrees
            stray, specks = _stray(parts, some, pitch)
            lost = lost_boards(small, weighed["tabs"], some)
            if specks and not lost and lost_boards(replace(small, full=None), weighed["tabs"], some,
                                                   np.ones(small.colour.shape, bool)):
                stray += specks  # pieces, marked or not, lie on the page off the boards: a board may be lost
            weighed[key] = stray + LOST_TAB * lost + outside(*weighed["own"], some)
        return weighed[key]

    def outlines(faint_too: bool = True, split: bool = False, done: list[np.ndarray] = (),
                 smooth: bool = False) -> list[np.ndarray]:
        if smooth:  # asked after all else, when the page would be refused
            return [q for q in map(ordered_corners, denoised_quads(grey, coloured, pitch, dull,
                                                                      partial(board_parts, aspect=aspect)))
                    if all(np.abs(q - other).max() > SAME_QUAD * pitch for other in quads)]
        if split:  # asked for last, when the others leave a board out or unread
            cut = with_runs_split(parts, grey, pitch, dull)
            if cut is parts:  # nothing run together: the same lattice, the same quads
                return []
            return [q for q in _split_quads(cut, grey, pitch)
                    if all(np.abs(q - other).max() > SAME_QUAD * pitch for other in quads)]
        ink = cv2.bitwise_or(parts.grey_ink, (coloured * 255).astype(np.uint8))
        ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel(SPECK_SHARE * pitch))
        faint = lattice.quads(FAINT_CELLS) if faint_too else []
        more: list[np.ndarray] = []
        done = list(done)  # the boards read: their blocks not outlined again, and no window placed in them
        blocks = block_quads(parts.mask, pitch, done) + block_quads(ink, pitch, done) \
            + classic_quads(grey, coloured, pitch, REACH, done)
        faint = [q for q in map(ordered_corners, faint)
                 if not any(_inside(q.mean(axis=0), other) for other in quads + blocks + done)]
        anchored = [ordered_corners(q) for q in anchored_quads(loose_tabs(tabs, coloured, pitch), quads,
                                                               lattice.anchors(), pitch)] if faint_too else []
        placed = [q for q in map(ordered_corners, lattice.quads(PLACED_CELLS))
                  if not any(_inside(q.mean(axis=0), other) for other in quads + blocks + faint + done)] \
            if faint_too else []
        tentative.update(q.tobytes() for q in anchored + placed)
        for quad in blocks + faint + anchored + placed:
            if all(np.abs(quad - q).max() > SAME_QUAD * pitch for q in quads + more):
                more.append(quad)
        return more

    tentative: set[bytes] = set()  # the outlines placed from a tab alone (Found.tentative)
    return quads, parts.centres, weigh, outlines, tentative


def _split_quads(parts: Parts, grey: np.ndarray, pitch: float) -> list[np.ndarray]:
    """Lattice quads of the grey squares of ``parts`` with those run together cut apart
    (:func:`with_runs_split`), tried last: cut squares may sit a little off, and bend a lattice
    that the whole ones fit."""
    lattice = find_lattice(parts.centres, parts.sides, parts.cover, grey, parts.pieces, pitch, SQUARE_SHARE)
    return [ordered_corners(q) for q in lattice.quads()]


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    """Whether ``point`` lies in ``quad``."""
    return cv2.pointPolygonTest(quad.astype(np.float32), (float(point[0]), float(point[1])), False) >= 0


def board_blocks(work: np.ndarray) -> tuple[list[np.ndarray], float | None]:
    """Quads (px of ``work``) of the board-like blocks of a picture, and the pitch (None: no squares)."""
    grey, coloured, _dull = planes(work)
    pitch = rough_pitch(grey, coloured)
    if pitch is None:
        return [], None
    quads, _centres, weigh, outlines, _tentative = board_quads(grey, coloured, pitch)
    # no faint windows: a probe's small thumbnail of another family's grid could show one
    return (quads + outlines(faint_too=False) if not quads or weigh(quads) else quads), pitch
