"""IQ Circuit scores: a track arm that ends under a piece's outline (visolve.puzzles.iq_circuit.scores)."""

import numpy as np

from visolve.puzzles.iq_circuit.colours import PITCH, Classes
from visolve.puzzles.iq_circuit.model import HEIGHT, WIDTH
from visolve.puzzles.iq_circuit.scores import NO, YES, cell_symbol, score_board

C = PITCH // 2


def _disc(yel: np.ndarray, cx: int, cy: int, r: float) -> None:
    yy, xx = np.mgrid[0 : yel.shape[0], 0 : yel.shape[1]]
    yel[(xx - cx) ** 2 + (yy - cy) ** 2 <= r * r] = True


def _board(end: int) -> tuple[np.ndarray, np.ndarray]:
    """Yellow and white masks: a piece over cells (7,0) and (7,1), outlined, its track from a dot
    in (7,0) down through (7,1) to ``end`` px past that cell's centre (blur eats the band's end
    under the outline); an open dot 5 px below the centre of cell (3,2), in an outlined piece."""
    yel = np.zeros((HEIGHT * PITCH, WIDTH * PITCH), bool)
    wht = np.zeros_like(yel)
    x7 = 7 * PITCH + C
    yel[C : PITCH + C + end + 1, x7 - 5 : x7 + 5] = True
    _disc(yel, x7, C, 10)
    wht[2 * PITCH - 1 : 2 * PITCH + 2, 7 * PITCH :] = True  # the piece's outline below (7,1)
    wht[:2 * PITCH, 7 * PITCH - 1 : 7 * PITCH + 2] = True  # ... and left of it
    _disc(yel, 3 * PITCH + C, 2 * PITCH + C + 5, 11)
    wht[3 * PITCH - 1 : 3 * PITCH + 2, 3 * PITCH : 4 * PITCH] = True  # the dot's piece's outline below
    return yel, wht


def _scores(end: int):
    yel, wht = _board(end)
    return score_board(np.zeros(yel.shape + (3,), np.uint8), Classes(yel, wht, ~(yel | wht)))


def test_an_arm_ending_under_an_outline_short_of_the_far_window_is_read():
    """The band ends 15 px out (the far window, 15-17 px, sees a third of it): the gap beyond
    shows an outline and no track, and nearer the centre the band is whole, so it is an arm."""
    scores = _scores(15)
    assert scores.cells[1][7].arms[1] >= YES
    assert cell_symbol(scores.cells[1][7], 7, 1) == "|"


def test_a_dot_off_its_centre_next_to_an_outline_stays_a_doubt():
    """An open dot the lattice places 5 px off reaches the far window in part, like a short
    arm: nearer the centre its yellow is wider than a band, so the doubt stands."""
    arm = _scores(15).cells[2][3].arms[1]
    assert NO < arm < YES
