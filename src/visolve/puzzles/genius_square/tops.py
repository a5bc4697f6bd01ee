"""Where each square's cube shows its top in a picture taken at a slant.

The pieces are blocks about a square tall: seen from the front or at a slant, a cube's top stands
off its square, away from the camera (:func:`visolve.vision.lean.lean`), and the square's middle
shows the top of the cube in front of it, or that cube's side.  A square's colour is read where
its own cube's top shows: on an empty square that is its far part, which the cube in front of it
leaves clear.  Where the camera was is known only when the view is slanted enough to say it
whatever the principal point, and the shift is only for a grid found on the board's floor
(:func:`top_shifts`); else the squares are read at their middles.
"""

from __future__ import annotations

import math

import numpy as np

from visolve.vision.lean import camera_over, lean
from visolve.vision.view import BoardView

SIZE = 6
#: the height (squares) whose lean the colour is read at: half a cube's (the scenes' blocks are
#: 0.75-1.0 tall, the discs 0.25-0.5), so that the patch read lies on a cube's top, on a disc's,
#: and on an empty square's part that the cube in front of it leaves clear
READ_HEIGHT = 0.45
#: the most a square is read off its middle (squares): a disc's top leaves the patch beyond
MAX_LEAN = 0.3
#: most difference (squares) between the shifts two principal points give, for either to be used
#: (before they are cut to MAX_LEAN: scene 17 of seed 6, cameras 10 squares apart, both cut to 0.3)
AGREE = 0.1
#: least tilt (degrees: the camera's foot off the board's middle, over its height) for the lean to
#: be used: the perspective of a grid seen nearly straight down places the camera too roughly (scene
#: 37 of seed 1, 15 degrees: 0.1 squares, 60 degrees off the true way), and a flat picture (artwork,
#: a print) has none at all
MIN_TILT = 20.0
#: the height (squares) of the cubes: their lean says which way a lattice of their tops lies off the
#: floor, and where a grid of their tops is read (:func:`visolve.puzzles.genius_square.leaning.tops_fields`)
CUBE = 1.0
#: least lean along an edge (squares, a cube's at the board's middle) whose way is sure: the two
#: principal points' leans differ by up to :data:`AGREE` at half a cube's height, so by about twice
#: that at a cube's (seed 191 scene 32: 0.72 along its top edge)
SURE_ALONG = 0.2
#: :func:`slide_way`'s answers: a row slid the way the cubes' tops lean, or against it (towards the camera)
WITH_LEAN, AGAINST_LEAN = 1, -1


def top_shifts(view: BoardView, places=None, edges: tuple[int, ...] = (0, 3)) -> np.ndarray:
    """Per square ``(6, 6, 2)``: where its colour is read, less its middle (board units).

    Only a grid found on the board's floor is read off the middles: one whose rows of labels
    (``places``, ``edges`` as :func:`visolve.puzzles.genius_square.labelrows.label_rows` gives them)
    stand at their printed place, neither squeezed nor slid along the edge (:func:`on_floor`).  A
    grid found on the tall pieces' tops has its squares' colours at their middles already.

    The principal point is not known: the camera aimed at the board (its middle in the picture) and
    a photo not cropped (the picture's middle) are both tried, and the squares are read off their
    middles only when both say the same within :data:`AGREE` (a view from high above, nearly
    square-on, says nothing sure of the lean: zeros, as when the view's picture is not known)."""
    if view.picture is None or not on_floor(places, edges, view):
        return np.zeros((SIZE, SIZE, 2))
    shifts = shifts_at(view, READ_HEIGHT)
    if any(s is None for s in shifts) or float(np.abs(shifts[0] - shifts[1]).max()) > AGREE:
        return np.zeros((SIZE, SIZE, 2))
    return cut((shifts[0] + shifts[1]) / 2, MAX_LEAN)


def shifts_at(view: BoardView, height: float) -> list[np.ndarray | None]:
    """Where the top of a thing ``height`` squares tall on each square shows, less the square's middle
    ``(6, 6, 2)``, with the camera each principal point gives: the board's middle (the camera aimed at
    it) and the picture's (a photo not cropped).  None for a principal point that gives no camera,
    zeros for a view tilted less than :data:`MIN_TILT`.  ``view`` has its picture."""
    h, w = view.picture.shape[:2]
    aimed = tuple(float(v) for v in view.to_picture([(SIZE / 2, SIZE / 2)])[0])
    shifts = [_shifts(view.homography, principal, float(max(h, w)), height) for principal in (aimed, (w / 2, h / 2))]
    return [None if s is None else s.reshape(SIZE, SIZE, 2) for s in shifts]


def cut(shifts: np.ndarray, most: float) -> np.ndarray:
    """``shifts`` ``(..., 2)`` each cut to length ``most`` at most."""
    size = np.linalg.norm(shifts, axis=-1, keepdims=True)
    return shifts * np.minimum(1.0, most / np.maximum(size, 1e-9))


def on_floor(places, edges: tuple[int, ...] = (0, 3), view: BoardView | None = None) -> bool:
    """Whether the rows of labels of ``edges`` at ``places`` (shift, squeeze, slide) say the grid is the
    board's floor: each at its printed squeeze and slide (the shift out varies from board to board).
    A lattice of the pieces' tops is wider than the floor and off it away from the camera: the labels
    beside it are found squeezed or slid (scenes 48, 55, 59 and 72 of seed 1; read there off their
    middles, squares fell off the discs).  Unknown places say nothing.

    With ``view`` (its picture known), a row slid the way the cubes' tops lean (:func:`slide_way`)
    says nothing against the floor: seen from a lattice of the tops, the floor's labels lie towards the
    camera, so such a slide is the print's own or the labels' finding, not a lifted lattice (seed 191
    scene 32: the top labels found 0.375 square slid with a lean of 0.7, the grid the floor's, its
    green piece then read at the middles a square off, where its tops stand)."""
    if places is None or any(places[k][1] != 1.0 for k in edges):
        return False
    slid = [k for k in edges if places[k][2] != 0.0]
    if not slid:
        return True
    lean = None if view is None or view.picture is None else middle_lean(view)
    return all(slide_way(places[k][2], k, lean) == WITH_LEAN for k in slid)


def one_edge_at_print(places, edges: tuple[int, ...] = (0, 3), view: BoardView | None = None) -> bool:
    """Whether the grid is not said to be the floor (:func:`on_floor`) only because one row of labels
    was found squeezed or slid while another of ``edges`` stands at its printed squeeze and slide: a
    tall piece by one row, its top leaning over the label beside it, leaves five labels seen and the
    row found squeezed (scenes seed 271 scene 14: the dark blue square on F1 of a navy board hid the
    F, the letters found 0.84 squeezed and 0.375 slid, the numbers at print).  Such a grid may be the
    floor or the tops' lattice: what the tops' places show may still refuse it, never read it."""
    if places is None or on_floor(places, edges, view):
        return False
    return any(places[k][1] == 1.0 and places[k][2] == 0.0 for k in edges)


def middle_lean(view: BoardView) -> np.ndarray | None:
    """Where a cube's top (:data:`CUBE` squares tall) on the board's middle shows, less the middle
    ``(x, y)`` (board units, :func:`mean_shifts`); None when no camera found is tilted enough to lean."""
    shifts = mean_shifts(view, CUBE)
    return None if shifts is None else shifts[2:4, 2:4].reshape(-1, 2).mean(axis=0)


def mean_shifts(view: BoardView, height: float) -> np.ndarray | None:
    """The mean of the principal points' leans at ``height`` (:func:`shifts_at`) that are not zero;
    None when there is none."""
    found = [shifts for shifts in shifts_at(view, height) if shifts is not None and np.any(shifts)]
    return sum(found) / len(found) if found else None


def slide_way(slide: float, side: int, lean: np.ndarray | None) -> int:
    """Which way a row of labels beside edge ``side`` (0 top, 1 right, 2 bottom, 3 left), slid
    ``slide`` squares along it, is slid against ``lean`` (:func:`middle_lean`) along that edge:
    :data:`WITH_LEAN`, :data:`AGAINST_LEAN`, or 0 when it is not slid or the lean there is under
    :data:`SURE_ALONG` (its way not sure) or unknown."""
    along = 0.0 if lean is None else float(lean[side % 2])
    if slide == 0.0 or abs(along) < SURE_ALONG:
        return 0
    return WITH_LEAN if slide * along > 0.0 else AGAINST_LEAN


def _shifts(hom: np.ndarray, principal: tuple[float, float], side: float, height: float) -> np.ndarray | None:
    """The squares' shifts ``(36, 2)`` at ``height`` (:func:`top_shifts`, not yet cut) with this
    principal point (zeros for a view tilted less than :data:`MIN_TILT`), None without a camera."""
    camera = camera_over(hom, principal, side)
    if camera is None:
        return None
    if math.degrees(math.atan2(float(np.hypot(*(camera[:2] - SIZE / 2))), float(camera[2]))) < MIN_TILT:
        return np.zeros((SIZE * SIZE, 2))
    return lean([(c + 0.5, r + 0.5) for r in range(SIZE) for c in range(SIZE)], camera, height)
