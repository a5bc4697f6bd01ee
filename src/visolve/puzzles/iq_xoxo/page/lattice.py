"""Finding IQ XOXO boards from their squares: a lattice per board.

The finder's first way (:mod:`visolve.puzzles.iq_xoxo.page.finder` outlines
blocks) can lose a board whose squares touch the page's edge or a shadow;
the squares themselves are exact.  Here, on the finder's copy (squares
about :data:`~visolve.puzzles.iq_xoxo.page.crop.TARGET_PITCH` px apart):

1. *links*: two grey squares a pitch apart are neighbours; two farther
   apart along a lattice direction are linked across the squares between
   them when every one of those is covered (by a piece, or by grey ink the
   square test missed: a near square of a steep photo is large), the squares
   between counted in the two squares' own steps along that direction
   (:func:`own_steps`: a slanted page's steps differ each way);
2. *walk*: each linked group gets integer lattice coordinates (steps taken
   along the group's own two directions, so any turn of the page works),
   and a homography lattice -> picture is fitted to its squares' centres;
3. *window*: every lattice cell around the group is a board's square or not
   (a square of the group, a coloured cell, or a cell whose middle is darker
   than the gaps around it: :func:`visolve.puzzles.iq_xoxo.page.cell_evidence.cell_evidence`);
   the 10 x 5 window (either way round) holding most such cells and at least
   :data:`MIN_GROUP` of the group's squares is a board, when it holds nearly
   all 50 and the lattice does not run on past any of its sides (see
   :data:`RUNS_ON`); then the best window of the rest (a group may run over
   two boards).

:func:`find_lattice` gives the fitted groups with their cells' evidence, and
which squares were linked into groups (a square of a group that falls in no
board: a board missed); :meth:`Lattice.quads` the boards' quads (the squares'
outer edges, as the finder's) for a least number of covered cells, so a
second look with fewer costs no second fit.

The lattice's angle, the walk, the homography fit and the window sums are
:mod:`visolve.vision.lattice`'s; what is IQ XOXO's own stays here (links
across covered squares, which cells a board has, when a window is a board).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.draw import GAP
from visolve.puzzles.iq_xoxo.page.cell_evidence import cell_evidence
from visolve.vision.area_sums import AreaSums, BoxMeans, box_sums
from visolve.vision.geometry import map_points
from visolve.vision.lattice_steps import fit_homography, lattice_angle, snap_to_cells, straight_steps, walk_links
from visolve.vision.near import near_pairs

#: neighbours: centres this many local pitches apart (the local pitch is the two squares' sides / SQUARE_SHARE)
STEP = (0.8, 1.25)
#: linked squares' sides differ by at most this factor
SIDE_RATIO = 1.3
#: links across pieces: at most this many squares apart, each step within STEP_SLACK of a whole pitch
MAX_SPAN, STEP_SLACK = 5, 0.2
#: a link's direction within this many degrees of the group's lattice directions (a link
#: across squares: within STRAIGHT_LONG_DEG, less than half the angle of a knight's move
#: MAX_SPAN long)
STRAIGHT_DEG, STRAIGHT_LONG_DEG = 20.0, 5.0
#: a square between two linked ones is covered when this share of a box COVER_BOX pitches across around it is
COVER, COVER_BOX = 0.6, 0.4
#: a group needs this many squares to be fitted
MIN_GROUP = 6
#: a group fitted on fewer squares than SOLID_GROUP (9 squares in 5 x 5 cells) fits a lattice that
#: strays a cell's side a board away: it lends no lattice to a smaller group (:data:`SMALL_SPAN`;
#: open booklet 19 lost a board so), and a linked group's part that its walk leaves apart from the
#: part of its lowest square (links off the group's mean lattice angle: a board seen sheared,
#: spread 37 of seed 0) is a group of its own only with at least as many squares
SOLID_GROUP = 2 * MIN_GROUP
#: RANSAC tolerance (pitches) and how near a whole cell a square must map to count (cells)
FIT_TOLERANCE, ON_CELL = 0.25, 0.3
#: a board window holds at least BOARD_CELLS of its 50 cells, and no side of the ring of
#: cells around it more than RUNS_ON of its cells (the tab covers 2-3 of 10)
BOARD_CELLS, RUNS_ON = 44, 0.5
#: ... or FAINT_CELLS, when boards are outlined further (squares washed out or blurred
#: past the gaps' test: the reader still checks every square)
FAINT_CELLS = 36
#: ... or PLACED_CELLS, as a window kept only when it reads (every square, piece and mark: a
#: window a cell off shows the page's light and does not): a board washed out on one side by
#: glare (page 2 of scene 95, seed 0: 35 of its 50 cells seen, and it reads)
PLACED_CELLS = 30
#: a group spanning fewer than SMALL_SPAN cells across either way (the few grey squares of a board
#: mostly covered by pieces: their own fit turns and bends the lattice away from the board's far
#: cells) takes the lattice of the nearest group spanning at least LARGE_SPAN both ways (the
#: boards of a page share its plane, their squares' size and direction), shifted onto its own
#: squares when they all lie within ON_CELL of that lattice's cells
SMALL_SPAN, LARGE_SPAN = 4, 5
#: how far around a group the window may reach (cells)
REACH = max(COLS, ROWS)


def _directions(vec: np.ndarray, theta: float, span: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Which links (``span`` squares long) are straight along the lattice at ``theta``, and their unit steps."""
    return straight_steps(vec, theta, np.where(span > 1, STRAIGHT_LONG_DEG, STRAIGHT_DEG))


def _covered(cover: AreaSums, pts, pitch) -> np.ndarray:
    """Whether the box around each of ``pts`` (n x 2) is mostly covered (``cover``: the mask's
    :class:`AreaSums`); ``pitch``: one for all or one per point."""
    pts = np.asarray(pts, np.float64).reshape(-1, 2)
    r = np.maximum(1, np.round(COVER_BOX * np.asarray(pitch, np.float64) / 2)).astype(np.int64)
    h, w = cover.plane.shape
    x, y = np.round(pts[:, 0]).astype(np.int64), np.round(pts[:, 1]).astype(np.int64)
    x0, x1 = np.clip(x - r, 0, w), np.clip(x + r + 1, 0, w)
    y0, y1 = np.clip(y - r, 0, h), np.clip(y + r + 1, 0, h)
    total = cover(x0, y0, x1 - x0, y1 - y0)
    area = (x1 - x0) * (y1 - y0)
    return (area > 0) & (total >= COVER * area)


#: the farthest link, in local pitches (a link across MAX_SPAN squares with its slack)
_FARTHEST = max(STEP[1], MAX_SPAN + STEP_SLACK * np.sqrt(MAX_SPAN))


def _links(centres: np.ndarray, sides: np.ndarray, cover: AreaSums, share: float):
    """Pairs (i, j) of squares linked, and how many steps apart (1: neighbours)."""
    centres = np.asarray(centres, np.float64).reshape(-1, 2)
    sides = np.asarray(sides, np.float64).reshape(-1)
    if len(centres) < 2:
        return []
    # a link spans at most _FARTHEST local pitches, the local pitch at most the larger side / share
    i, j = near_pairs(centres, 1.001 * _FARTHEST * float(sides.max()) / share)
    vec = centres[j] - centres[i]
    d = np.linalg.norm(vec, axis=1)
    local = (sides[i] + sides[j]) / (2 * share)
    steps = d / np.maximum(local, 1e-6)
    alike = (sides[i] <= SIDE_RATIO * sides[j]) & (sides[j] <= SIDE_RATIO * sides[i])
    ones = alike & (steps >= STEP[0]) & (steps <= STEP[1])  # neighbours: STEP alone, not the slack
    whole = np.round(steps)
    across = ~ones & alike & (whole > 1) & (whole <= MAX_SPAN) & (np.abs(steps - whole) <= STEP_SLACK * np.sqrt(whole))
    if ones.sum() >= MIN_GROUP:  # links across squares only along the page's lattice, in its own steps
        straight, unit = _directions(vec, lattice_angle(vec[ones]), np.where(ones, 1.0, 2.0))
        own = own_steps(len(centres), i, j, vec, ones & straight, unit)
        seen = ~np.isnan(own[:, 0])
        whole = np.where(seen, np.round(d / np.linalg.norm(np.where(seen[:, None], own, 1.0), axis=1)), whole)
        off = np.linalg.norm(vec - whole[:, None] * np.where(seen[:, None], own, 0.0), axis=1)
        fits = (whole > 1) & (whole <= MAX_SPAN) & (off <= STEP_SLACK * np.sqrt(whole) * np.linalg.norm(own, axis=1))
        across = np.where(seen, ~ones & alike & fits, across & straight)
    near = ones | across
    i, j, local, k = i[near], j[near], local[near], np.where(ones, 1, whole)[near].astype(np.int64)
    keep = np.ones(len(i), bool)
    for span in range(2, MAX_SPAN + 1):  # links across squares: every square between covered
        sel = np.nonzero(k == span)[0]
        for t in range(1, span):
            pts = centres[i[sel]] + (centres[j[sel]] - centres[i[sel]]) * t / span
            keep[sel] &= _covered(cover, pts, local[sel])
    return list(zip(i[keep].tolist(), j[keep].tolist(), k[keep].tolist()))


def own_steps(n: int, i: np.ndarray, j: np.ndarray, vec: np.ndarray, ones: np.ndarray,
              unit: np.ndarray) -> np.ndarray:
    """Each pair's one step (px, signed as the pair ``vec``) along its lattice axis (``unit``: the
    nearest unit lattice step of each): the mean of its two squares' median neighbour links
    (``ones``) along that axis; NaN where neither square has a neighbour that way.

    A page seen at a slant is foreshortened and sheared: its squares' centres are 1.2 sides'
    pitches apart across and 0.9 down, its two axes 100 degrees apart (page 6 of scene 49, seed 0;
    spreads 22 and 37): counted in one pitch for both ways, a link across three squares along
    the long way measured 3.5 and was taken for four, its board's lattice walked a column too
    many; and a link four rows down and one across lay within the straight links' 5 degrees of
    the page's mean lattice angle.  Measured against the squares' own steps, both are off."""
    axis = (unit[:, 1] != 0).astype(np.int64)
    sign = unit.sum(axis=1).astype(np.float64)  # +-1: the pair's way along its axis
    own = np.full((n, 2, 2), np.nan)
    for ax in (0, 1):
        sel = np.nonzero(ones & (axis == ax))[0]
        who = np.concatenate([i[sel], j[sel]])
        step = np.concatenate([vec[sel] * sign[sel, None]] * 2)  # each link one way up the axis
        for c in (0, 1):
            order = np.lexsort((step[:, c], who))
            w, v = who[order], step[order, c]
            squares, first, count = np.unique(w, return_index=True, return_counts=True)
            own[squares, ax, c] = (v[first + (count - 1) // 2] + v[first + count // 2]) / 2
    ends = np.stack([own[i, axis], own[j, axis]], 1)  # pairs x 2 ends x 2 components
    seen = ~np.isnan(ends[:, :, 0])
    mean = np.where(seen[:, :, None], ends, 0).sum(1) / np.maximum(seen.sum(1), 1)[:, None]
    return np.where(seen.any(1)[:, None], mean * sign[:, None], np.nan)


def _groups(n: int, pairs, centres: np.ndarray) -> list[dict[int, tuple[int, int]]]:
    """Integer lattice coordinates of every linked group of squares (largest first)."""
    if not pairs:
        return []
    ij = np.array([(i, j) for i, j, _k in pairs])
    span = np.array([k for _i, _j, k in pairs], np.float64)
    vec = (centres[ij[:, 1]] - centres[ij[:, 0]]) / span[:, None]
    label = np.full(n, -1, np.int64)
    starts = []  # each linked group's lowest square and size, in the order of those squares
    for members in sorted(walk_links(n, ij[:, 0], ij[:, 1], np.zeros((len(ij), 2), np.int64)), key=min):
        label[list(members)] = len(starts)
        starts.append((min(members), len(members)))
    first = label[ij[:, 0]]
    groups = []
    for g, (start, size) in enumerate(starts):
        idx = np.nonzero(first == g)[0]
        if size < MIN_GROUP or not len(idx):
            continue
        ones = idx[span[idx] == 1]
        theta = lattice_angle(vec[ones] if len(ones) >= MIN_GROUP else vec[idx])
        straight, unit = _directions(vec[idx], theta, span[idx])
        keep = idx[straight]
        moves = unit[straight] * span[keep, None].astype(np.int64)
        walked = walk_links(n, ij[keep, 0], ij[keep, 1], moves)  # the group walked from its lowest square
        groups += [g for g in walked if start in g or len(g) >= SOLID_GROUP] or [{start: (0, 0)}]
    return sorted(groups, key=len, reverse=True)


def _fit(coords: dict, centres: np.ndarray, pitch: float) -> tuple[np.ndarray, dict] | None:
    """Homography lattice -> picture of a group, and its squares re-indexed by it."""
    if len(coords) < MIN_GROUP:
        return None
    idx = np.array(list(coords))
    lat = np.array([coords[k] for k in idx], np.float64) + 0.5
    hom, _inl = fit_homography(lat, centres[idx], FIT_TOLERANCE * pitch)
    if hom is None:
        return None
    cell, ok = snap_to_cells(hom, centres[idx], ON_CELL)
    if ok.sum() < MIN_GROUP:
        return None
    cells = {(int(x), int(y)): int(i) for (x, y), i, good in zip(cell.tolist(), idx, ok) if good}
    hom, _ = fit_homography(np.array(list(cells), np.float64) + 0.5, centres[list(cells.values())])
    return (hom, cells) if hom is not None else None


@dataclass(frozen=True)
class _Grid:
    """A fitted group's cells around it: ``box`` (x0, y0, x1, y1 lattice cells), and the integral
    images of the cells that look like a board's square (``hits``) and of the group's own."""

    box: tuple[int, int, int, int]
    hits: np.ndarray
    own: np.ndarray

    @property
    def shape(self) -> tuple[int, int]:
        return self.box[3] - self.box[1] + 1, self.box[2] - self.box[0] + 1


def _grid(hom: np.ndarray, cells: dict, grey: BoxMeans, colour: BoxMeans, pitch: float) -> _Grid:
    """Which cells within :data:`REACH` of a fitted group look like a board's square."""
    xs = [x for x, _y in cells]
    ys = [y for _x, y in cells]
    box = (min(xs) - REACH, min(ys) - REACH, max(xs) + REACH, max(ys) + REACH)
    shape = (box[3] - box[1] + 1, box[2] - box[0] + 1)
    yy, xx = np.mgrid[box[1]:box[3] + 1, box[0]:box[2] + 1]
    hit = cell_evidence(hom, np.stack([xx.ravel(), yy.ravel()], 1), grey, colour, pitch)
    full = hit.reshape(shape).astype(np.uint8)
    own = np.zeros(shape, np.uint8)
    for x, y in cells:
        own[y - box[1], x - box[0]] = 1
    full |= own
    return _Grid(box, cv2.integral(full), cv2.integral(own))


def _windows(grid: _Grid, least: int) -> list:
    """The board windows (x0, y0, cols, rows) of a fitted group: the best, then the best of the
    squares left out of it (a group may run over two boards), each holding at least
    :data:`MIN_GROUP` of the group's squares and ``least`` covered cells."""
    windows: list = []
    while True:
        best = _best_window(grid.hits, grid.own, grid.shape, windows, least)
        if best is None:
            x0, y0 = grid.box[:2]
            return [(x + x0, y + y0, cols, rows) for x, y, cols, rows in windows]
        windows.append(best)


def _best_window(integral: np.ndarray, mine: np.ndarray, shape, taken: list, least: int):
    """The window (x, y, cols, rows of the group's box) holding most covered cells, at least
    ``least``, and :data:`MIN_GROUP` of the group's squares, not running on past a
    side and clear of the windows ``taken``; None when there is none (of equals, the first
    in the order: long side across, then down, then along)."""
    found = []
    for cols, rows in ((COLS, ROWS), (ROWS, COLS)):
        ny, nx = shape[0] - rows - 1, shape[1] - cols - 1
        if ny <= 0 or nx <= 0:
            continue
        y, x = np.mgrid[1:1 + ny, 1:1 + nx]
        inside = box_sums(integral, x, y, cols, rows)
        ok = (inside >= least) & (box_sums(mine, x, y, cols, rows) >= MIN_GROUP)
        sides = (box_sums(integral, x, y - 1, cols, 1) / cols, box_sums(integral, x, y + rows, cols, 1) / cols,
                 box_sums(integral, x - 1, y, 1, rows) / rows, box_sums(integral, x + cols, y, 1, rows) / rows)
        ok &= np.maximum.reduce(sides) <= RUNS_ON
        for tx, ty, tc, tr in taken:  # clear of the windows already taken
            ok &= ~((x < tx + tc) & (tx < x + cols) & (y < ty + tr) & (ty < y + rows))
        found += [(int(inside[a, b]), int(x[a, b]), int(y[a, b]), cols, rows) for a, b in zip(*np.nonzero(ok))]
    if not found:
        return None
    return max(found, key=lambda w: w[0])[1:]  # max keeps the first of equals


@dataclass(frozen=True)
class Lattice:
    """The lattice groups of a picture's grey squares, each fitted, with its cells' evidence."""

    grouped: np.ndarray  #: which squares were linked into a group (a board's, found or not)
    fits: list  #: (homography lattice -> px, :class:`_Grid`) of each group fitted

    def anchors(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Each group's homography (lattice -> px) and its middle (px): the page's lattice, for
        boards placed from their tabs (:mod:`visolve.puzzles.iq_xoxo.page.tab_anchor`)."""
        out = []
        for hom, grid in self.fits:
            x0, y0, x1, y1 = grid.box
            out.append((hom, np.asarray(map_points(hom, [((x0 + x1 + 1) / 2, (y0 + y1 + 1) / 2)])[0], np.float64)))
        return out

    def quads(self, least: int = BOARD_CELLS) -> list[np.ndarray]:
        """Board quads (tl tr br bl of the squares' outer edges, unordered turn) of windows
        holding at least ``least`` covered cells."""
        quads = []
        g = GAP / 2
        for hom, grid in self.fits:
            for x0, y0, cols, rows in _windows(grid, least):
                corners = map_points(hom, [(x0 + g, y0 + g), (x0 + cols - g, y0 + g),
                                           (x0 + cols - g, y0 + rows - g), (x0 + g, y0 + rows - g)])
                quads.append(np.asarray(corners, np.float64))
        return quads


def find_lattice(centres: np.ndarray, sides: np.ndarray, covered: np.ndarray, grey: np.ndarray,
                 colour: np.ndarray, pitch: float, share: float) -> Lattice:
    """The lattice groups (see the module docstring) of the grey squares (``centres``,
    ``sides`` px; a square's side is ``share`` of the pitch), given the mask of what squares
    show (grey ink or colour, 0/255), the light plane ``grey`` and the coloured mask
    ``colour`` (0/255)."""
    cover = AreaSums(covered > 0)
    light, paint = BoxMeans(grey), BoxMeans(colour > 0)
    pairs = _links(centres, sides, cover, share)
    fitted, grouped = [], np.zeros(len(centres), bool)
    for coords in _groups(len(centres), pairs, centres):
        grouped[list(coords)] = True
        fit = _fit(coords, centres, pitch)
        if fit is not None:
            fitted.append(fit)
    fits = [(hom, _grid(hom, cells, light, paint, pitch)) for hom, cells in _borrowed(fitted, centres)]
    return Lattice(grouped, fits)


def _span(cells: dict) -> int:
    """How many cells a group spans across, the shorter way."""
    lat = np.array(list(cells))
    return int(min(np.ptp(lat, axis=0))) + 1


def _borrowed(fitted: list, centres: np.ndarray) -> list:
    """The fits (homography, cells) with each small group's lattice (:data:`SMALL_SPAN`) taken from
    the nearest large one's, shifted onto the small group's squares (see :data:`SMALL_SPAN`)."""
    large = [(hom, np.mean(centres[list(cells.values())], axis=0)) for hom, cells in fitted
             if _span(cells) >= LARGE_SPAN and len(cells) >= SOLID_GROUP]
    if not large:
        return fitted
    out = []
    for hom, cells in fitted:
        if _span(cells) < SMALL_SPAN:
            own = centres[list(cells.values())]
            near, _at = min(large, key=lambda hc: float(np.linalg.norm(hc[1] - own.mean(axis=0))))
            back = map_points(np.linalg.inv(near), own) - (np.array(list(cells), np.float64) + 0.5)
            shift = np.median(back, axis=0)
            if np.abs(back - shift).max() <= ON_CELL:
                move = np.array([[1.0, 0.0, shift[0]], [0.0, 1.0, shift[1]], [0.0, 0.0, 1.0]])
                hom = near @ move
        out.append((hom, cells))
    return out
