"""A last look for squares on a page the first and closer looks saw none on (issue #25).

Small boards in a blurred photo keep their squares, but the light lines between them
fade: the first look's ink then runs the squares of a board together into one blob, no
square-like blob is left and no board is looked for.  :func:`faint_look` looks again
with fainter light lines kept as gaps, once on the working copy's brightest channel and
once on a closer copy's darkest channel (a colour cast clips the brightest channel on the
page and the squares alike; a warm light clips two channels, and the squares show in the
third alone): :data:`FAINT_TRIES`.  When none of these sees a square, :func:`edge_look` looks at
the closer copy's darkest channel once more with the pieces' blurred edges kept out of the ink's
dark reference (near-white squares, issue #25).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import (MAX_SQUARES, ROUGH_ENOUGH, closer_planes, edged, on_grid,
                                                    rough_look)

#: the looks tried in turn: (on the closer copy, which plane: 0 the brightest channel, 3 the
#: darkest channel, 2 the channels' mean, the least light line kept as a gap between squares in
#: grey levels; the first look keeps those over RIDGE_STEP, 4).  Of seed 0's 24 scenes the first
#: and closer looks saw no squares on, the first try and the closer mean outlined boards on 9
#: (all of them read in part, none whole: the refusals name the boards left out, not "no
#: board"); both planes at both steps on both copies on 11, at about four times the cost (+0.2
#: against +1 s a picture seen empty).  The closer copy's darkest channel before its mean: seed
#: 0 page 92 (a warm light clipping red and green) read whole, its 4 boards, against 1 outlined
#: and the page refused; seed 0 scenes 60/40/0, 193/383 levels against 59/41/0, 189/383
FAINT_TRIES = ((False, 0, 2), (True, 3, 1))
#: then the closer copy's channels' mean: it wins only when it sees MEAN_OVER times as many
#: squares on a grid as the looks before (the darkest channel is the noisiest: on seed 17 page
#: 36 it saw 8 squares half a pitch apart where the mean saw 85, on seed 2 page 82 9 against 41;
#: on seed 0 page 92 the mean saw 7 against 5 and its boards did not read, on seed 0 page 1 103
#: against 67 (read whole from either) and on seed 17 page 35 74 against 70 (refused from either))
FALLBACK, MEAN_OVER = (True, 2, 1), 2.0


def faint_look(image: np.ndarray, f: float, work_planes: Callable[[], tuple],
               closer_made: Callable[[], tuple] | None = None) -> tuple[float, np.ndarray] | None:
    """The pitch and the squares seen (px of the working copy, ``f`` times ``image``) with
    fainter gaps between squares (:data:`FAINT_TRIES`) on the working copy's planes
    (``work_planes()``) and on a closer copy's (``closer_made()``, default
    :func:`~visolve.puzzles.iq_xoxo.page.first_look.closer_planes`; asked only when the working
    copy shows fewer than :data:`ROUGH_ENOUGH` squares on a grid); the look with the most
    squares on a grid wins (:data:`FALLBACK` only by :data:`MEAN_OVER` times as many).  None: no
    squares seen still.
    """
    best, most = None, 0
    for on_closer, plane, step in FAINT_TRIES + (FALLBACK,):
        if most >= ROUGH_ENOUGH:
            break
        closer = (closer_made() if closer_made else closer_planes(image, f)) if on_closer else None
        if on_closer and not closer:
            continue
        copy_planes, r = closer if on_closer else (work_planes(), 1.0)
        look = rough_look(copy_planes[plane], copy_planes[1], step)
        seen = 0 if look is None else on_grid(look[1][:MAX_SQUARES], look[0])
        if seen > most * (MEAN_OVER if (on_closer, plane, step) == FALLBACK else 1):
            best, most = (look[0] * r, (look[1] + 0.5) * r - 0.5), seen
    return best


#: the step of :func:`edge_look` (the closer copy's darkest channel, as the darkest try of
#: :data:`FAINT_TRIES`)
EDGE_STEP = 1


def edge_look(image: np.ndarray, f: float, closer_made: Callable[[], tuple] | None = None) -> tuple[
        float, np.ndarray] | None:
    """The pitch and the squares seen (px of the working copy, ``f`` times ``image``) on the
    closer copy's darkest channel, its coloured mask widened by
    :data:`~visolve.puzzles.iq_xoxo.page.first_look.EDGE` px (:func:`~.first_look.edged`); None:
    no squares seen, or no closer copy.  Asked when :func:`faint_look` sees none.

    Near-white squares (a few grey levels below a white page, in the darkest channel alone, seed
    17 page 16) are ink only while the darkest pixel within the ink's reach is a square.  In the
    darkest channel every piece is dark, and a piece's blurred edge is pale enough to pass for
    uncoloured: a dark reference that leaves every square near a piece lighter than the middle of
    the light range, no ink.  The edges widened into the coloured mask are no reference.
    """
    closer = closer_made() if closer_made else closer_planes(image, f)
    if not closer:
        return None
    made, r = closer
    look = rough_look(made[3], edged(made[1]), EDGE_STEP)
    return None if look is None else (look[0] * r, (look[1] + 0.5) * r - 0.5)
