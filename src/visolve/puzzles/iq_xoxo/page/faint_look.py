"""A last look for squares on a page the first and closer looks saw none on (issue #25).

Small boards in a blurred photo keep their squares, but the light lines between them
fade: the first look's ink then runs the squares of a board together into one blob, no
square-like blob is left and no board is looked for.  :func:`faint_look` looks again
with fainter light lines kept as gaps, once on the working copy's brightest channel and
once on a closer copy's channels' mean (a colour cast clips the brightest channel on the
page and the squares alike): :data:`FAINT_TRIES`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import MAX_SQUARES, ROUGH_ENOUGH, closer_planes, on_grid, rough_look

#: the looks tried in turn: (on the closer copy, which plane: 0 the brightest channel, 2 the
#: channels' mean, the least light line kept as a gap between squares in grey levels; the
#: first look keeps those over RIDGE_STEP, 4).  Of seed 0's 24 scenes the first and closer
#: looks saw no squares on, these two outlined boards on 9 (all of them read in part, none
#: whole: the refusals name the boards left out, not "no board"); both planes at both steps on
#: both copies on 11, at about four times the cost (+0.2 against +1 s a picture seen empty)
FAINT_TRIES = ((False, 0, 2), (True, 2, 1))


def faint_look(image: np.ndarray, f: float, work_planes: Callable[[], tuple],
               closer_made: Callable[[], tuple] | None = None) -> tuple[float, np.ndarray] | None:
    """The pitch and the squares seen (px of the working copy, ``f`` times ``image``) with
    fainter gaps between squares (:data:`FAINT_TRIES`) on the working copy's planes
    (``work_planes()``) and on a closer copy's (``closer_made()``, default
    :func:`~visolve.puzzles.iq_xoxo.page.first_look.closer_planes`; asked only when the working
    copy shows fewer than :data:`ROUGH_ENOUGH` squares on a grid); the look with the most
    squares on a grid wins.  None: no squares seen still.
    """
    best, most = None, 0
    for on_closer, plane, step in FAINT_TRIES:
        if most >= ROUGH_ENOUGH:
            break
        closer = (closer_made() if closer_made else closer_planes(image, f)) if on_closer else None
        if on_closer and not closer:
            continue
        copy_planes, r = closer if on_closer else (work_planes(), 1.0)
        look = rough_look(copy_planes[plane], copy_planes[1], step)
        seen = 0 if look is None else on_grid(look[1][:MAX_SQUARES], look[0])
        if seen > most:
            best, most = (look[0] * r, (look[1] + 0.5) * r - 0.5), seen
    return best

