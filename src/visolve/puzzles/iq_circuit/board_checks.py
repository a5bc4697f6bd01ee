"""Checks that a lattice found in a photo is the IQ Circuit board, whole and no more.

:func:`whole_board_holds` (a sparse lattice: every predicted cell looks like a dark
cell on the grey grid, the window a column or row off would not),
:func:`outer_line_off` (an outer column or row that shows no cells: the lattice may
sit a cell off the board) and :func:`grid_runs_on` (a bigger grid of squares around
it, another game's), all judged on :func:`outer_view` or a view of their own, in
the blue channel as a share of the way from a cell's dark to the glare tint.
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.iq_circuit.colours import PITCH, glare_tint, patch_means
from visolve.puzzles.iq_circuit.model import DELTA, HEIGHT, WIDTH
from visolve.vision.light import channel_max
from visolve.vision.view import BoardView

#: a grey lattice apart from the board, board-shaped and at least this share of its
#: size, is another board (a page of challenges)
OTHER_BOARD = 0.5

#: the grid runs on past the board (grid_runs_on) when this share of a side's outer
#: neighbours look like cells: corners and far gap within RUNS_ON_NEAR of (grid - dark)
#: of the board's own; looked at on a view with RUNS_ON_MARGIN cells around the board
RUNS_ON_SHARE, RUNS_ON_NEAR, RUNS_ON_MARGIN = 0.75, 0.3, 1.5
#: a sparse lattice is checked whole (whole_board_holds) with the share
#: (gap - dark) / (tint - dark) of each cell's sides, relative to the board's
#: typical share (0.15-0.35): a cell's lies between these multiples of it
#: (page white or a bezel next to dark ink or ground gives far more, ground
#: next to ground about 0) ...
SPARSE_SIDE = (0.4, 2.5)
#: ... and its middle's between these (a cell is even; track or a dot darkens it)
SPARSE_CENTRE = (-1.5, 0.5)
#: ... a typical share below this is no lighter grid at all
SPARSE_MIN_SHARE = 0.05
#: predicted cells that may fail that look: fewer than half the 4 cells of the
#: column that a window shifted by one would put off the board (glare no
#: longer hides cells from the share, so few are needed)
SPARSE_MAX_PALE = 2

def _cell_shares(view: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How much each cell of a lattice view (PITCH px per cell, one cell of
    ground all round the board) looks like a dark cell on the grey grid.

    Everything is measured in the blue channel (yellow is dark there, like
    the cells; each channel on its own keeps glare affine) as a share of the
    way from the cell's dark towards the glare tint, which a glare spot does
    not change (see :func:`glare_classes`).  The cell's dark is a plane
    through its four corners (it follows a glare slope across the cell).
    Returns per cell ``(side, centre)``: ``side`` is the least such share of
    its sides (each side's brighter point a quarter cell either side of its
    middle, clear of a track crossing it), counting for a board cell only
    the sides towards other board cells (the board's own edge has ground
    beyond it) and for a ground cell every side but the view's edge;
    ``centre`` is that share of its middle (about 0 for a cell, below 0 where
    track or a dot darkens it).
    """
    rows, cols = HEIGHT + 2, WIDTH + 2
    blue = view[:, :, 0].astype(np.float32)
    samples = patch_means(view, _CORNERS_AT)
    tint = float(glare_tint(samples)[0])
    c = patch_means(blue, _CELL_CORNERS_AT).astype(np.float64)  # (4, rows, cols) in _SIGNS order
    d0 = (((c[0] + c[1]) + c[2]) + c[3]) / 4
    du = (((c[2] + c[3]) - c[0]) - c[1]) / (4 * _Q)
    dv = (((c[1] + c[3]) - c[0]) - c[2]) / (4 * _Q)
    ends = patch_means(blue, _ENDS_AT).astype(np.float64)  # (4 directions, 2 ends, rows, cols)
    dark = (d0 + du * _ENDS_UV[..., 0, None, None]) + dv * _ENDS_UV[..., 1, None, None]
    share = (ends - dark) / np.maximum(tint - dark, 8.0)
    side = np.where(_SIDE_COUNTS, share.max(axis=1), np.inf).min(axis=0)
    centre = (patch_means(blue, _CENTRES_AT, 4).astype(np.float64) - d0) / np.maximum(tint - d0, 8.0)
    return side, centre


#: a cell's centre (view px, from its corner), how far its dark corners lie from it along both
#: axes (7-11 px out, see ``colours._DARK_CORNERS``), how far a side's two points lie from its middle
_C0, _Q, _A = (PITCH - 1) / 2, 9.5, PITCH / 4
#: the corners' (sx, sy) signs, in the order their samples are summed
_SIGNS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def _px(v: float) -> int:
    return int(round(v))


def _share_tables():
    """Where :func:`_cell_shares` samples a view of ``(HEIGHT + 2) x (WIDTH + 2)`` cells: the
    board cells' corners (x, y), every cell's corners ``(4, rows, cols, 2)``, each side's two
    points ``(4, 2, rows, cols, 2)`` with their offsets (u, v) from the centre ``(4, 2, 2)``,
    which sides count ``(4, rows, cols)``, and the centres ``(rows, cols, 2)``."""
    rows, cols = HEIGHT + 2, WIDTH + 2
    centre = [[(x * PITCH + _C0, y * PITCH + _C0) for x in range(cols)] for y in range(rows)]
    corners = [(_px(cx + sx * _Q), _px(cy + sy * _Q)) for row in centre[1:-1] for cx, cy in row[1:-1]
               for sx in (-1, 1) for sy in (-1, 1)]
    cell_corners = [[[(_px(cx + sx * _Q), _px(cy + sy * _Q)) for cx, cy in row] for row in centre] for sx, sy in _SIGNS]
    uv = [((dx * PITCH / 2, dy * PITCH / 2 - _A), (dx * PITCH / 2, dy * PITCH / 2 + _A)) if dx else
          ((dx * PITCH / 2 - _A, dy * PITCH / 2), (dx * PITCH / 2 + _A, dy * PITCH / 2)) for dx, dy in DELTA]
    ends = [[[[(_px(cx + u), _px(cy + v)) for cx, cy in row] for row in centre] for u, v in pair] for pair in uv]
    counts = np.zeros((4, rows, cols), bool)
    for k, (dx, dy) in enumerate(DELTA):
        for y in range(rows):
            for x in range(cols):
                nx, ny = x + dx, y + dy
                board = 0 < x < cols - 1 and 0 < y < rows - 1
                inside = 0 <= nx < cols and 0 <= ny < rows
                counts[k, y, x] = inside and not (board and not (0 < nx < cols - 1 and 0 < ny < rows - 1))
    middles = [[(_px(cx), _px(cy)) for cx, cy in row] for row in centre]
    # a side off the view's edge does not count: its points are only kept inside the view
    ends = np.clip(np.array(ends), 1, [cols * PITCH - 2, rows * PITCH - 2])
    return (np.array(corners), np.array(cell_corners), ends, np.array(uv, np.float64), counts, np.array(middles))


_CORNERS_AT, _CELL_CORNERS_AT, _ENDS_AT, _ENDS_UV, _SIDE_COUNTS, _CENTRES_AT = _share_tables()


def _cells_look(view: np.ndarray) -> np.ndarray:
    """Which cells of a lattice view (see :func:`_cell_shares`) look like dark
    cells on the grey grid, judged against the board's typical share; all
    False when the board shows no grid lighter than its cells."""
    side, centre = _cell_shares(view)
    typical = float(np.median(side[1:-1, 1:-1]))
    if typical < SPARSE_MIN_SHARE:
        return np.zeros(side.shape, bool)
    lo, hi = SPARSE_SIDE
    c_lo, c_hi = SPARSE_CENTRE
    return (side > lo * typical) & (side < hi * typical) & (centre > c_lo * typical) & (centre < c_hi * typical)


def whole_board_holds(image: np.ndarray, hom: np.ndarray) -> bool:
    """Whether the lattice ``hom`` points at is the board, for lattices that found
    few of the cells or boards whose cells a glare spot washed out: every
    predicted cell (but up to SPARSE_MAX_PALE) looks like one (:func:`_cells_look`),
    and the window shifted by one column or row would not (its outer column or
    row is not cells)."""
    looks = _cells_look(BoardView.from_homography(image, hom, HEIGHT, WIDTH, pitch=PITCH, margin=1.0).image)
    inner = looks[1:-1, 1:-1]
    if inner.size - int(inner.sum()) > SPARSE_MAX_PALE:
        return False
    outer = (looks[1:-1, 0], looks[1:-1, -1], looks[0, 1:-1], looks[-1, 1:-1])
    return all(int(ring.sum()) <= 1 for ring in outer)


#: how far (columns, rows) a sparse lattice's window may sit off the board: the cells
#: of the far side of a steep board, smaller than the near ones, may not join the lattice
SHIFTS = (2, 1)


def board_in_line(image: np.ndarray, hom: np.ndarray) -> np.ndarray | None:
    """The lattice ``hom`` moved by whole cells onto the board, when exactly one such move
    (up to :data:`SHIFTS`, the unmoved lattice included) passes :func:`whole_board_holds`;
    None when none does or several do (no guess between them).

    A lattice that holds where it is is returned at once: its outer ring is no cells, and
    every move puts part of that ring inside the moved board, so no move can hold too."""
    if whole_board_holds(image, hom):
        return hom
    held = []
    for dx in range(-SHIFTS[0], SHIFTS[0] + 1):
        for dy in range(-SHIFTS[1], SHIFTS[1] + 1):
            if dx or dy:
                moved = hom @ np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])
                if whole_board_holds(image, moved):
                    held.append(moved)
    return held[0] if len(held) == 1 else None


#: an outer column of the lattice with at most this many of its 4 cells looking like cells,
#: or an outer row with at most this many of its 8, is no part of the board
OFF_COLUMN, OFF_ROW = 1, 2


def outer_view(image: np.ndarray, hom: np.ndarray) -> np.ndarray:
    """The board straight on with RUNS_ON_MARGIN cells round it, PITCH px per cell: what
    :func:`grid_runs_on` and :func:`outer_line_off` look at (sampled once for both)."""
    return BoardView.from_homography(image, hom, HEIGHT, WIDTH, pitch=PITCH, margin=RUNS_ON_MARGIN).image


def outer_line_off(image: np.ndarray, hom: np.ndarray, view: np.ndarray | None = None) -> str:
    """Why the lattice ``hom`` points at may sit a column or row off the board (an outer
    column or row whose places do not look like dark cells on the grid, judged glare-proof
    by :func:`_cells_look`: a window a column off, onto the page or ground beside a board
    whose far column a glare washed out), or "" when it does not."""
    if view is None:
        view = outer_view(image, hom)
    cut = int(round((RUNS_ON_MARGIN - 1.0) * PITCH))  # one cell of margin left
    looks = _cells_look(view[cut : view.shape[0] - cut, cut : view.shape[1] - cut])
    inner = looks[1:-1, 1:-1]
    if inner.sum() < inner.size / 2:
        return ""  # no light grid to judge by (the other checks decide)
    for name, line, most in (("first column", inner[:, 0], OFF_COLUMN), ("last column", inner[:, -1], OFF_COLUMN),
                             ("top row", inner[0, :], OFF_ROW), ("bottom row", inner[-1, :], OFF_ROW)):
        if int(line.sum()) <= most:
            return (f"the lattice's {name} shows {int(line.sum())} of {line.size} dark cells on a grid: "
                    "the lattice may sit a cell off the board")
    return ""


def grid_runs_on(image: np.ndarray, hom: np.ndarray, view: np.ndarray | None = None) -> bool:
    """Whether the lattice ``hom`` points at runs on past the 8 x 4 board: along some side at
    least :data:`RUNS_ON_SHARE` of the places a cell further would take show a cell's dark
    corners with a grid gap on their far side (a bigger grid of squares: an IQ XOXO board's
    10 x 5 grey squares on a page; a dark desk has no gaps, a page no dark)."""
    g = channel_max(outer_view(image, hom) if view is None else view).astype(np.float32)
    o = RUNS_ON_MARGIN * PITCH

    def at(u: float, v: float) -> float:
        return float(g[int(round(o + v * PITCH)), int(round(o + u * PITCH))])

    def corners(x: int, y: int) -> float:
        return float(np.median([at(x + 0.5 + sx / 4, y + 0.5 + sy / 4) for sx in (-1, 1) for sy in (-1, 1)]))

    dark = float(np.median([corners(x, y) for x in range(WIDTH) for y in range(HEIGHT)]))
    grid = float(np.median([at(i, y + 0.5) for i in range(1, WIDTH) for y in range(HEIGHT)]))
    span = grid - dark
    if span <= 0:
        return False
    sides = (
        [((-1, y), (-1.0, y + 0.5)) for y in range(HEIGHT)],
        [((WIDTH, y), (WIDTH + 1.0, y + 0.5)) for y in range(HEIGHT)],
        [((x, -1), (x + 0.5, -1.0)) for x in range(WIDTH)],
        [((x, HEIGHT), (x + 0.5, HEIGHT + 1.0)) for x in range(WIDTH)],
    )
    for side in sides:
        cells = sum(abs(corners(*cell) - dark) < RUNS_ON_NEAR * span and abs(at(*far) - grid) < RUNS_ON_NEAR * span
                    for cell, far in side)
        if cells >= RUNS_ON_SHARE * len(side):
            return True
    return False
