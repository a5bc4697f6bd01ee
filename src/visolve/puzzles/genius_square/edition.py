"""Which edition a Genius Square board is: SmartGames' blue board with light grid lines, or Happy
Puzzle's black one with low ridges between its squares."""

from __future__ import annotations

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.genius_square.colours import SIZE
from visolve.puzzles.genius_square.references import MIN_SPAN
from visolve.vision.view import BoardView

#: board colour: Happy Puzzle when blue exceeds red by at most BLUE_LEAD[0] (grey levels),
#: SmartGames from BLUE_LEAD[1] (measured: Happy Puzzle 12 at most, SmartGames 23 and more in glare)
BLUE_LEAD = (16.0, 30.0)
#: a SmartGames board whose colour, balanced by its label ink
#: (:func:`visolve.puzzles.genius_square.references.print_colour`), leads blue over red by less than this is
#: grey or maroon, not navy (nominal leads: navy 64, grey 8, maroon -64): its pieces' colours are taken
#: relative to its own colour.  A grey board under a blue cast leads by 16-30 as seen, navy by its
#: colour alone, but 6-16 once balanced.
NAVY_LEAD = 36.0
#: grid lines between: Happy Puzzle up to LINE_SHARE[0], SmartGames from LINE_SHARE[1]
#: (measured: 0.17 and 0.63 typically, 0.56 and 0.45 at worst)
LINE_SHARE = (0.3, 0.45)
#: the lightest point across a grid line is looked for this far each side (squares), at so many points
LINE_REACH = 0.08
LINE_SAMPLES = 9


def edition_of(board_bgr: np.ndarray, line_share: float | None = None, told: str | None = None) -> str:
    """``smartgames`` for the blue board, ``happy-puzzle`` for the black one.

    A board whose blue lead is between :data:`BLUE_LEAD` 's bounds (glare
    washes the blue out) is told by its grid lines (``line_share``, see
    :func:`grid_line_share`): light on the SmartGames board, low ridges on
    the Happy Puzzle one; when they say neither, by ``told``, the edition the
    printed labels gave (:mod:`visolve.puzzles.genius_square.labels`), when known:
    the colour only says how the squares are read, the labels which board it is
    (SmartGames boards under a cast or in glare lead blue by 17-24 with lines at 0.30-0.42:
    scene 23 of seed 0, 20 and 22 of seed 1, 12, 25 and 78 of seed 9; three now read, the
    others are refused for a named square).

    Raises
    ------
    ReadError
        Neither the board colour nor the grid lines say, and no edition is ``told``.
    """
    b, _g, r = (float(v) for v in board_bgr)
    low, high = BLUE_LEAD
    if b - r <= low:
        return "happy-puzzle"
    if b - r >= high:
        return "smartgames"
    if line_share is not None and line_share >= LINE_SHARE[1]:
        return "smartgames"
    if line_share is not None and line_share <= LINE_SHARE[0]:
        return "happy-puzzle"
    if told is not None:
        return told
    shown = "unknown" if line_share is None else f"{line_share:.2f}"
    raise ReadError(f"the board's colour (blue lead {b - r:.0f}) and grid lines ({shown}) say neither edition")


def navy(print_bgr: np.ndarray) -> bool:
    """Whether a SmartGames board's balanced colour ``print_bgr`` is the navy one (see :data:`NAVY_LEAD`)."""
    return float(print_bgr[0]) - float(print_bgr[2]) >= NAVY_LEAD


def grid_line_share(view: BoardView, board: np.ndarray, white: np.ndarray) -> float:
    """How light the grid's outer lines are, from the board (0) to the label ink (1): the median
    over the middle of each square's outer edge of the lightest point across the line."""
    across = np.linspace(-LINE_REACH, LINE_REACH, LINE_SAMPLES)
    board_pts = [(u + t * du, v + t * dv) for k in range(SIZE)
                 for u, v, du, dv in ((k + 0.5, 0, 0, 1), (k + 0.5, SIZE, 0, 1), (0, k + 0.5, 1, 0), (SIZE, k + 0.5, 1, 0))
                 for t in across]
    h, w = view.image.shape[:2]
    pts = np.clip(np.round(view.board_to_view(board_pts)).astype(int), 0, [w - 1, h - 1])
    # the grey (channels' mean) of the sampled pixels only, not of the whole view: the same values
    grey = view.image[pts[:, 1], pts[:, 0]].astype(np.float64).mean(axis=1)
    tops = grey.reshape(-1, len(across)).max(axis=1)
    ground, ink = float(board.mean()), float(white.mean())
    return (float(np.median(tops)) - ground) / max(ink - ground, MIN_SPAN)
