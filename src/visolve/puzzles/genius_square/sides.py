"""An empty-looking square that may be a piece whose shaded side is the board's colour.

Seen at a slant, a cube's top stands off its square and the square's middle shows the cube's
side, lit at about half to four fifths of its top's light.  A piece whose colour in that shade
is the board's (the dark blue piece on the navy SmartGames board: its side at 0.6 of its light
is the navy itself) then reads as an empty square by colour alone, and a board where that piece
is not seen elsewhere would be misread (scene 73 of seed 9: the blue cube on F6, read empty).
Such a square is empty only when it shows its own evidence of it: the grid's light lines on at
least :data:`LINED_EDGES` of its four edges (a cube covers its square's lines but the near one's
gap; an empty square shows all four but where a tall neighbour leans over one).  Without it the
square is empty or that piece, for the pieces' shapes to settle
(:mod:`visolve.puzzles.genius_square.resolve`): when the piece is seen elsewhere, it is empty.
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.genius_square.board import EMPTY
from visolve.puzzles.genius_square.draw import PIECE_BGR, STYLE
from visolve.puzzles.genius_square.model import SIZE
from visolve.puzzles.genius_square.tops import shifts_at

#: the light on a cube's side face as a share of its top's (the scenes draw 0.45-0.77: 0.9 of the
#: top's paint, lit 0.5-0.85 by the light's direction)
SIDE_SHADES = (0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8)
#: a piece's side in one of those shades within this of the board (largest channel of ``n``) reads
#: as an empty square (:data:`visolve.puzzles.genius_square.colours.EMPTY_MAX`)
BOARD_LIKE = 0.14
#: an edge shows the grid's line when its lightest strip's mean ``n`` is over LINE_SHARE of the board's
#: typical line (the median of all its edges': 0.6-0.8 on the navy in clear light, 0.3-0.4 in a dim
#: scene; a line a tall neighbour half hides, 0.1-0.2) and over LINE_FLOOR
LINE_SHARE = 0.5
LINE_FLOOR = 0.1
#: the strips across an edge (squares off it, either way) and the points along it (squares from
#: its middle): the line is 0.06 squares wide, the grid found within 0.1 of it
ACROSS = (-0.1, -0.06, -0.03, 0.0, 0.03, 0.06, 0.1)
ALONG = (-0.15, 0.0, 0.15)
#: least edges of a square showing their line for it to be surely empty; LEAST_LINED of them do when
#: the others face a disc or a square in shade, which hide or darken the line between (a cube over the
#: square covers its own lines but the near one's: seed 0 scene 36, C2 empty between two discs)
LINED_EDGES = 3
LEAST_LINED = 2
#: the neighbours of a square across its edges in the order of :func:`line_lifts` (row, column steps)
ACROSS_EDGES = ((-1, 0), (1, 0), (0, -1), (0, 1))


#: an edge shows its line over the square's middle (:func:`lines_over`) when its lift stands this much
#: (``n``) over the middle's mean: an empty square in glare shows its lines 0.19-0.40 over it (seed 83
#: scene 86, beside the grey piece), the grey piece's top on a grey board (its lines covered) at most
#: 0.04, and its squares read as empty on the grey boards of the photo scenes of seeds 0, 1, 83 and 89
#: show at most one such edge each (:data:`visolve.puzzles.genius_square.unlined.UNLINED_MOST`)
LINE_OVER = 0.1
#: a board whose typical line (median lift of every edge) is under this shows no lines to count, and
#: its squares' edges say nothing: every edge is counted shown (seed 83 scene 47, 0.02, and seed 0 scene
#: 91, 0.08: washed out or blurred, every square one line or none; the grey boards whose lines show,
#: 0.21 and more)
LINES_SEEN = 0.15
#: the edges a square has
EDGES = 4


#: a cube is at most this tall (squares: the scenes' blocks 0.75-1.0, the real pieces about 1)
CUBE_HEIGHT = 1.0
#: a cube's top standing at most this far (squares) off its square's middle covers the middle: the
#: square's colour is read on the top, lit, not on a shaded side (the dark blue top is no navy)
TOP_COVERS = 0.35


def sides_seen(view) -> np.ndarray:
    """Per square ``(6, 6)``: whether a cube on it may show its side at the square's middle.  Not where
    both cameras the view allows (:func:`visolve.puzzles.genius_square.tops.shifts_at`: the board's middle
    or the picture's as the principal point) stand a cube's top within :data:`TOP_COVERS` of the middle,
    a view from above or a flat picture (a view tilted under
    :data:`~visolve.puzzles.genius_square.tops.MIN_TILT` puts the top on the middle): there a square read
    as the board's colour is no piece whose side looks like it (seeds 1, 4, 17, 181 and 191: seven empty
    squares of navy boards, their lines half hidden, were refused as "empty or piece 1").  Everywhere
    when the view has no picture or a principal point gives no camera."""
    if view.picture is None:
        return np.ones((SIZE, SIZE), bool)
    shifts = shifts_at(view, CUBE_HEIGHT)
    if any(shift is None for shift in shifts):
        return np.ones((SIZE, SIZE), bool)
    return np.maximum(np.linalg.norm(shifts[0], axis=2), np.linalg.norm(shifts[1], axis=2)) > TOP_COVERS


def board_like(edition: str, board_bgr=None) -> tuple[str, ...]:
    """The pieces whose side, in a shade of :data:`SIDE_SHADES`, is within :data:`BOARD_LIKE` of the
    board's colour ``board_bgr`` (the edition's nominal one by default) in units of ``n``."""
    style = STYLE[edition]
    board = np.array(style["board"] if board_bgr is None else board_bgr, np.float64)
    span = np.array(style["label"], np.float64) - board
    return tuple(sorted(name for name, bgr in PIECE_BGR.items()
                        if any(float(np.abs((np.array(bgr, np.float64) * s - board) / span).max()) < BOARD_LIKE
                               for s in SIDE_SHADES)))


def line_lifts(img: np.ndarray, view, board: np.ndarray, span: np.ndarray) -> np.ndarray:
    """Per square and edge (top, bottom, left, right) ``(6, 6, 4)``: how far the grid's line there
    stands over the board (mean ``n`` of its lightest strip across the edge, :data:`ACROSS`, each strip
    the median of :data:`ALONG` points along the edge's middle): a strip, not a point, so that a grid
    fitted a little off the lines still finds them.  ``img`` is ``view``'s image (float), ``board`` the
    board colour per square ``(6, 6, 3)`` and ``span`` the board-to-white span ``(6, 6, 3)``."""
    edges = [((0.5, 0.0), (1.0, 0.0)), ((0.5, 1.0), (1.0, 0.0)), ((0.0, 0.5), (0.0, 1.0)), ((1.0, 0.5), (0.0, 1.0))]
    points = [(c + x + a * dx - t * dy, r + y + a * dy + t * dx)
              for r in range(SIZE) for c in range(SIZE) for (x, y), (dx, dy) in edges
              for t in ACROSS for a in ALONG]
    at = np.round(view.board_to_view(points)).astype(int)
    ys = np.clip(at[:, 1], 0, img.shape[0] - 1)
    xs = np.clip(at[:, 0], 0, img.shape[1] - 1)
    strips = np.median(img[ys, xs].reshape(SIZE, SIZE, 4, len(ACROSS), len(ALONG), 3), axis=4)
    n = (strips - board[:, :, None, None, :]) / span[:, :, None, None, :]
    return n.mean(axis=4).max(axis=3)


def lines_shown(lifts, typical: float) -> int:
    """How many of a square's four edges show the grid's light line (``lifts``: its four of
    :func:`line_lifts`; ``typical``: the board's median of them)."""
    return sum(float(v) > max(LINE_SHARE * typical, LINE_FLOOR) for v in lifts)


def lined(lifts, typical: float, excused=(False,) * 4) -> bool:
    """Whether a square shows its grid lines as an empty square does: :data:`LINED_EDGES` of them, or
    :data:`LEAST_LINED` with each other one ``excused`` (it faces a disc or a square in shade)."""
    shown = [float(v) > max(LINE_SHARE * typical, LINE_FLOOR) for v in lifts]
    return sum(shown) >= LINED_EDGES or (sum(shown) >= LEAST_LINED
                                         and sum(s or e for s, e in zip(shown, excused)) >= LINED_EDGES)


def excused_edges(r: int, c: int, hiding) -> tuple[bool, ...]:
    """Per edge of square ``(r, c)`` (:data:`ACROSS_EDGES`), whether the square beyond it is in ``hiding``."""
    return tuple((r + dr, c + dc) in hiding for dr, dc in ACROSS_EDGES)


def hidden_pieces(symbol: str, lifts, typical: float, pieces: tuple[str, ...]) -> tuple[str, ...]:
    """The pieces of ``pieces`` (those of :func:`board_like`) a square read as ``symbol`` may be: all
    of them when it is read as empty without :data:`LINED_EDGES` of its lines shown (``lifts``: its four
    of :func:`line_lifts`, ``typical`` the board's median), else none."""
    if symbol != EMPTY or lines_shown(lifts, typical) >= LINED_EDGES:
        return ()
    return pieces


def lines_over(lifts, centre, typical: float) -> int:
    """How many of a square's edges show the grid's light line over its middle (:data:`LINE_OVER`):
    ``lifts`` its four of :func:`line_lifts`, ``centre`` its middle's ``n``, ``typical`` the board's
    median lift (under :data:`LINES_SEEN`: :data:`EDGES`, the lines say nothing)."""
    if typical < LINES_SEEN:
        return EDGES
    return int(np.sum(np.asarray(lifts, np.float64) - float(np.mean(centre)) > LINE_OVER))
