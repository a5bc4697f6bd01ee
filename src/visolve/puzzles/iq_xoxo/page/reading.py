"""Reading the boards of an IQ XOXO booklet page, one after another.

For each board the finder sees (:func:`visolve.puzzles.iq_xoxo.page.finder.find_boards`):

1. the board is sampled upright (:class:`visolve.vision.view.BoardView`,
   the finder's corners are the squares' outer edges) and its light evened
   out; the page colour is the median of the margin around it;
2. each square is read (:mod:`visolve.puzzles.iq_xoxo.page.squares`): empty with
   or without a dot, or a piece square with an X or an O;
3. *which way up*: the dots and marks must follow the board's checkerboard
   (X where row + column is even) either as seen or turned half round (a
   5 x 10 board turned half round swaps X and O squares); every square
   must agree, else the squares that do not are named;
4. the pieces: neighbouring piece squares joined by their colour across the
   gap form one piece; each must be a pentomino whose marks fit where it
   lies (:func:`visolve.puzzles.iq_xoxo.board.piece_problem`), each letter
   once;
5. the number on the tab above the board
   (:mod:`visolve.puzzles.iq_xoxo.page.tab_number`).

:func:`read_board` gives one board's :class:`BoardReading`;
:func:`visolve.puzzles.iq_xoxo.page.boards.read_boards` reads every board of a page.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.plural import counted
from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, ROWS, letter_of_shape, piece_problem, square_name
from visolve.puzzles.iq_xoxo.draw import GAP
from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.empty_grey import grey_reference
from visolve.puzzles.iq_xoxo.page.piece_split import pentomino_cuts
from visolve.puzzles.iq_xoxo.page.squares import PITCH, bodies_of, colours_apart, gap_shares, joined, read_squares
from visolve.puzzles.iq_xoxo.page.tab_number import read_number
from visolve.puzzles.iq_xoxo.page.turned import turned
from visolve.puzzles.iq_xoxo.page.upright import came_close, marks_upright, unmarked_piece
from visolve.vision.geometry import map_points, rect_to_quad
from visolve.vision.patches import median_last
from visolve.vision.view import BoardView

#: board units of margin sampled around the board (the page colour)
MARGIN = 0.35
#: the light is evened over this many board units
LIGHT_SIZE = 1.5
#: corners are fitted to at least MIN_FIT grey squares' centres, each within
#: FIT_NEAR of its square's middle (board units), RANSAC tolerance FIT_TOLERANCE squares
MIN_FIT, FIT_NEAR, FIT_TOLERANCE = 6, 0.35, 0.12
#: at most this many gaps in doubt between piece squares are settled by the pieces' shapes
MAX_DOUBT = 3
#: a board shows gaps between at least this share of neighbouring squares
#: (at least 53 % on any board), nearer the page colour by GRID_STEP than the squares; a block
#: showing fewer is kept only when its squares, marks and pieces all read (a blurred board),
#: each square's grey taken against the page at its corners, else (its clear marks following the
#: pattern: :func:`~visolve.puzzles.iq_xoxo.page.upright.came_close`) against the board's page
MIN_GRID, GRID_STEP = 0.4, 6.0
#: ... and a block with gaps between fewer than NO_GRID of them is no board at all
NO_GRID = 0.15
#: a window placed from a tab or beside the boards read (kept only when every square, piece and
#: mark reads) needs no gaps seen (PLACED_GRID): a blurred board shows gaps between 0 - 25 % of
#: its squares (scenes of seed 0, boards not read, on their true outlines: 28 of 113), one all
#: but covered by pieces 33 % (open booklet [0, 1019], board 16: 48 of its 50 squares under 10 pieces)
PLACED_GRID = 0.0


@dataclass
class BoardReading:
    """One board read: the view, the squares and the level (or why not)."""

    view: BoardView | None
    squares: dict = field(default_factory=dict)
    level: Level | None = None
    error: str = ""
    quad: np.ndarray | None = None  #: the corners read (picture px)
    tab_doubt: bool = False  #: the board read but its tab's number is in doubt
    tab_best: int | None = None  #: ... the tab's best reading then (every digit's best match)
    tab_scores: tuple = ()  #: ... and each of its digits' ten scores
    rows: tuple | None = None  #: the board's rows read (also when its tab is in doubt)
    faint: bool = False  #: read though its gaps were hardly seen (fewer than the least asked)
    #: no board read: the empty place of the page's grid where a board was not found (its corners in
    #: ``quad``), counted in the page's run of numbers (:func:`.tab_run.settled_around_lost`)
    lost: bool = False


def _view(image: np.ndarray, corners: np.ndarray, tabs_on: np.ndarray | None = None) -> BoardView:
    """The upright view of the board whose squares' outer corners are ``corners``; ``tabs_on``:
    the picture its tab is sampled from (:func:`read_board`), when not ``image``."""
    g = GAP / 2
    hom = rect_to_quad((g, g, COLS - g, ROWS - g), corners)
    view = BoardView.from_homography(image, hom, ROWS, COLS, pitch=PITCH, margin=MARGIN).flat_fielded(size=LIGHT_SIZE)
    return view if tabs_on is None else replace(view, picture=tabs_on)


def board_pitch(quad: np.ndarray) -> float:
    """The pitch (px) of the board of corners ``quad``: its longer side's length over :data:`COLS`."""
    q = np.asarray(quad, np.float64)
    return max(float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[3] - q[0]))) / COLS


def page_colour(view: BoardView) -> np.ndarray:
    """Median colour of the margin ring around the board.

    Parameters
    ----------
    view : BoardView
        An upright board view with :data:`MARGIN` squares of page around it.

    Returns
    -------
    numpy.ndarray
        The page's BGR colour (3,).
    """
    img = view.image
    m = int(round(MARGIN * view.pitch * 0.7))
    ring = np.concatenate([img[:m].reshape(-1, 3), img[-m:].reshape(-1, 3),
                           img[:, :m].reshape(-1, 3), img[:, -m:].reshape(-1, 3)])
    return median_last(ring.T)


def _turned(squares: dict) -> dict:
    return {(ROWS - 1 - r, COLS - 1 - c): s for (r, c), s in squares.items()}


def _pieces(squares: dict, upright: bool, shares: dict) -> tuple[str, ...]:
    """The level's rows from the piece squares joined across the gaps (board coordinates as seen).

    A gap in doubt (see :func:`visolve.puzzles.iq_xoxo.page.squares.joined`) is settled by the pieces'
    shapes when exactly one way of taking the gaps in doubt (at most :data:`MAX_DOUBT` of
    them) makes every group a pentomino of the set, each letter once, its marks fitting where it
    lies; otherwise the first gap in doubt is named.  ``shares``: the gaps between the squares
    that may be pieces (:func:`_shares`).
    """
    pieces = [k for k, s in squares.items() if s.kind == "piece"]
    sure, doubt = [], []
    for (r, c) in pieces:
        for nb in ((r, c + 1), (r + 1, c)):
            if nb not in squares or squares[nb].kind != "piece":
                continue
            share = shares[((r, c), nb)]
            verdict = joined(share)
            if verdict is None:
                doubt.append(((r, c), nb, share))
            elif verdict:
                sure.append(((r, c), nb))
    found = set()
    for choice in itertools.product((False, True), repeat=len(doubt) if len(doubt) <= MAX_DOUBT else 0):
        links = sure + [(a, b) for (a, b, _s), take in zip(doubt, choice) if take]
        try:
            found.add(_rows_cut(_joined_groups(pieces, links), upright, shares))
        except ReadError:
            if not doubt:
                raise
    if len(found) == 1 and len(doubt) <= MAX_DOUBT:
        return found.pop()
    a, b, share = doubt[0]
    if not upright:
        a, b = (ROWS - 1 - a[0], COLS - 1 - a[1]), (ROWS - 1 - b[0], COLS - 1 - b[1])
    raise ReadError(f"squares {square_name(*a)} and {square_name(*b)}: one piece or two? (gap {share:.2f})")


def _settled(view: BoardView, squares: dict, page, upright: bool) -> tuple[str, ...]:
    """The level's rows (see :func:`_pieces`), a square in doubt between empty and piece (at most
    :data:`MAX_DOUBT` of them) settled when exactly one way of taking them gives whole pieces of
    the set; otherwise the first square in doubt is named.  A square showing a piece's mark in an
    empty square's colour (``washed``) is taken as a piece only: its mark says a piece is there,
    and the shapes may take it for empty only because the glare washed the rest of that piece to
    grey too (held-out kind seed 5 booklet 21: challenge 14's U and Z, three of their squares
    marked, read as empty and the board read without them)."""
    unsure = sorted(k for k, s in squares.items() if s.kind == "?")
    shares = _shares(view, squares, page)
    if not unsure:
        return _pieces(squares, upright, shares)
    found = set()
    choices = [("piece",) if squares[k].washed else ("empty", "piece") for k in unsure]
    for kinds in itertools.product(*(choices if len(unsure) <= MAX_DOUBT else [])):
        trial = dict(squares)
        trial.update({k: replace(squares[k], kind=kind) for k, kind in zip(unsure, kinds)})
        try:
            found.add(_pieces(trial, upright, shares))
        except ReadError:
            continue
    if len(found) == 1 and len(unsure) <= MAX_DOUBT:
        return found.pop()
    raise ReadError(f"square {square_name(*unsure[0])} of the view: {squares[unsure[0]].why}")


def _shares(view: BoardView, squares: dict, page) -> dict:
    """The gap shares (:func:`~visolve.puzzles.iq_xoxo.page.squares.gap_shares`) between every two
    neighbouring squares that are, or may be, piece squares, measured together (pair -> share);
    0 (apart) for two squares of clearly different colours
    (:func:`~visolve.puzzles.iq_xoxo.page.squares.colours_apart`)."""
    maybe = {k for k, s in squares.items() if s.kind != "empty"}
    pairs = [((r, c), nb) for r, c in sorted(maybe) for nb in ((r, c + 1), (r + 1, c)) if nb in maybe]
    bodies = [(squares[a].body, squares[b].body) for a, b in pairs]
    shares = gap_shares(view, pairs, bodies, page)
    apart = colours_apart(bodies, page)  # two colours: two pieces, whatever the gap shows
    return {pair: 0.0 if two else share for pair, share, two in zip(pairs, shares, apart)}


def _joined_groups(cells: list, links: list) -> list[list[tuple[int, int]]]:
    """The groups of ``cells`` that ``links`` (pairs of cells) join."""
    parent = {k: k for k in cells}

    def root(k):
        while parent[k] != k:
            k = parent[k]
        return k

    for a, b in links:
        parent[root(b)] = root(a)
    groups: dict = {}
    for k in cells:
        groups.setdefault(root(k), []).append(k)
    return list(groups.values())


def _rows_cut(groups: list, upright: bool, shares: dict) -> tuple[str, ...]:
    """:func:`_rows_of`; when it fails, a group of ten squares is cut into two pentominoes along
    its lightest gaps (:func:`~visolve.puzzles.iq_xoxo.page.piece_split.pentomino_cuts`) when
    exactly one way of cutting gives the board's rows."""
    try:
        return _rows_of(groups, upright)
    except ReadError as exc:
        failed = exc
    options = [[[g]] + pentomino_cuts(g, shares) for g in groups]
    if all(len(o) == 1 for o in options):
        raise failed
    found = set()
    for pick in itertools.product(*options):
        try:
            found.add(_rows_of([part for parts in pick for part in parts], upright))
        except ReadError:
            continue
    if len(found) != 1:
        raise failed
    return found.pop()


def _rows_of(groups: list, upright: bool) -> tuple[str, ...]:
    """The level's rows from the piece groups (turned half round when seen so)."""
    grid = [[EMPTY] * COLS for _ in range(ROWS)]
    seen = {}
    for cells in groups:
        if not upright:
            cells = [(ROWS - 1 - r, COLS - 1 - c) for r, c in cells]
        cells = sorted(cells)
        where = square_name(*cells[0])
        letter = letter_of_shape(cells) if len(cells) == 5 else None
        if letter is None:
            raise ReadError(f"the piece at {where} ({counted(len(cells), 'square')}) is no pentomino of the set")
        problem = piece_problem(letter, cells)
        if problem:
            raise ReadError(problem)
        if letter in seen:
            raise ReadError(f"piece {letter} twice, at {seen[letter]} and {where}")
        seen[letter] = where
        for r, c in cells:
            grid[r][c] = letter
    return tuple("".join(row) for row in grid)


def _gap_points() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Board points (u, v) of the 85 gaps between neighbouring squares and of the two squares'
    sides of each (a fifth of the way in from their middles towards the gap)."""
    gaps, near, far = [], [], []
    for r in range(ROWS):
        for c in range(COLS):
            for du, dv in ((1, 0), (0, 1)):
                if c + du < COLS and r + dv < ROWS:
                    gaps.append((c + 0.5 + du * 0.5, r + 0.5 + dv * 0.5))
                    near.append((c + 0.5 + du * 0.2, r + 0.5 + dv * 0.2))
                    far.append((c + 0.5 + du * 0.8, r + 0.5 + dv * 0.8))
    return np.array(gaps), np.array(near), np.array(far)


_GAP_POINTS = _gap_points()


def grid_share(view: BoardView, page) -> float:
    """Share of the 85 gaps between neighbouring squares nearer the page colour than both squares' middles.

    Only gaps inside a piece are not (at most 40 of them): a board shows at
    least 53 %, a block of text or a tab hardly any.
    """
    p = view.pitch
    x0, y0 = view.board_to_view([(0, 0)])[0]
    ref = np.asarray(page, np.float32)

    def far(points: np.ndarray) -> np.ndarray:
        cols = np.round(x0 + points[:, 0] * p).astype(np.int64)
        rows = np.round(y0 + points[:, 1] * p).astype(np.int64)
        return np.linalg.norm(view.image[rows, cols].astype(np.float32) - ref, axis=1)

    gap, near, away = (far(points) for points in _GAP_POINTS)
    return float(np.mean(gap + GRID_STEP < np.minimum(near, away)))


def refined(corners: np.ndarray, squares: np.ndarray) -> np.ndarray | None:
    """Corners fitted to the grey squares' centres (each taken to the square it lies on), or None.

    The block's outline can be off by a fraction of a square (a tab, blur,
    a bent page); the squares' centres are exact.  Needs :data:`MIN_FIT`
    squares over at least three columns and two rows.
    """
    if len(squares) < MIN_FIT:
        return None
    g = GAP / 2
    hom = rect_to_quad((g, g, COLS - g, ROWS - g), corners)
    board = map_points(np.linalg.inv(hom), squares)
    cells = np.floor(board)
    ok = (np.abs(board - cells - 0.5).max(axis=1) < FIT_NEAR) & (cells[:, 0] >= 0) & (cells[:, 0] < COLS)
    ok &= (cells[:, 1] >= 0) & (cells[:, 1] < ROWS)
    if ok.sum() < MIN_FIT or len(set(cells[ok, 0])) < 3 or len(set(cells[ok, 1])) < 2:
        return None
    fit, _inliers = cv2.findHomography((cells[ok] + 0.5).astype(np.float32), squares[ok].astype(np.float32),
                                       cv2.RANSAC, FIT_TOLERANCE * float(np.linalg.norm(corners[1] - corners[0])) / COLS)
    if fit is None:
        return None
    return map_points(fit, [(g, g), (COLS - g, g), (COLS - g, ROWS - g), (g, ROWS - g)])


def read_board(image: np.ndarray, corners: np.ndarray, squares: np.ndarray | None = None,
               least_grid: float = MIN_GRID, tabs_on: np.ndarray | None = None) -> BoardReading | None:
    """Read one board (its squares' outer corners in ``image``); ``error`` says why not.

    None when the block shows no grid of squares (see :func:`grid_share`);
    a block that shows some is in doubt.  A board that does not read is read once
    more with its corners fitted to its grey squares' centres (:func:`refined`: an
    outline a third of a square off at one corner puts a dot off its square's middle),
    that reading kept when it reads.  ``least_grid``: the share of gaps a board shows to be refused
    by its squares (:data:`MIN_GRID`; a window placed, kept only when it reads, takes :data:`PLACED_GRID`);
    a block showing fewer is kept only when its squares read.  ``tabs_on``: when ``image`` is a copy
    of a picture with its light changed (:func:`visolve.vision.light.evened_lightness`), the picture
    itself: the squares are read on the copy, the tab's digits on the picture (the copy's evened
    lightness changes a tab's white digits too: held-out kind, seed 5 booklet 0, a tab 72 read 82).
    """
    first = _read_once(image, corners, squares, least_grid, tabs_on)
    if first is None or squares is None or ((first.level is not None or first.tab_doubt) and not first.faint):
        return first
    better = refined(corners, squares)
    if better is None or np.abs(better - corners).max() < REFIT_MOVE * np.linalg.norm(corners[1] - corners[0]) / COLS:
        return first
    second = _read_once(image, better, None, least_grid, tabs_on)
    return second if second is not None and second.level is not None else first


#: a board that does not read is read again on corners fitted to its squares when they move
#: at least this share of a square
REFIT_MOVE = 0.1


def _read_once(image: np.ndarray, corners: np.ndarray, squares: np.ndarray | None,
               least_grid: float = MIN_GRID, tabs_on: np.ndarray | None = None) -> BoardReading | None:
    """:func:`read_board` on the corners given (and, when the grid shows little, on corners
    fitted to ``squares``)."""
    view = _view(image, corners, tabs_on)
    page = page_colour(view)
    share = grid_share(view, page)
    better = None if squares is None or share >= least_grid else refined(corners, squares)
    if better is not None:  # an outline that misses the grid: fitted to the squares instead
        view2 = _view(image, better, tabs_on)
        share2 = grid_share(view2, page)
        if share2 > share:
            view, share = view2, share2
    if share < NO_GRID and least_grid >= NO_GRID:
        return None
    bodies = bodies_of(view, _KEYS)  # both pages below read the same view: its squares' bodies and tab once
    tabs: dict = {}
    out = _read_squares(view, page, True, bodies, tabs)
    if share < MIN_GRID and not reads(out) and came_close(out.squares):  # gaps faint: corners may show no page
        again = _read_squares(view, page, False, bodies, tabs)
        out = again if reads(again) else out
    if share < least_grid and not reads(out):  # kept only when its squares read
        return BoardReading(view, {}, None, f"a board-like block shows gaps between only {share:.0%} of its squares")
    out.faint = share < least_grid
    return out


#: every square of a board (row, column)
_KEYS = [(r, c) for r in range(ROWS) for c in range(COLS)]


def reads(reading: BoardReading | None) -> bool:
    """Whether ``reading`` read the board's squares (its tab read or in doubt)."""
    return reading is not None and (reading.level is not None or reading.tab_doubt)


def _read_squares(view: BoardView, page, local: bool, bodies: dict, tabs: dict) -> BoardReading:
    """The board of ``view`` read square by square (``bodies``: :func:`bodies_of` every square),
    its pieces and its tab's number; ``local``: each square's grey against the page at its corners
    (False: the board's page, for a blurred board).  ``tabs`` keeps the tab's number (or its
    doubt) read each way up, for another reading of the same view and page."""
    grey = grey_reference(bodies, page, local)
    squares = read_squares(view, bodies, page, grey)
    out = BoardReading(view, squares)
    try:
        upright = marks_upright(squares)
        rows = _settled(view, squares, page, upright)
        if problem := unmarked_piece(squares, rows, upright):
            raise ReadError(problem)
        if not upright:  # the board turned half round: its view and squares with it
            view = turned(view)
            out.view, out.squares = view, _turned(squares)
        out.rows = rows
        try:
            number = _tab_number(view, page, upright, tabs)
        except ReadError as exc:  # final when every square read clearly (an outline that fits)
            out.tab_doubt = all(sq.kind != "?" for sq in squares.values())
            out.tab_best = getattr(exc, "best", None)
            out.tab_scores = getattr(exc, "scores", ())
            raise
        out.level = Level(level=number if number is not None else "", rows=rows)
    except ReadError as exc:
        out.error = str(exc)
    return out


def _tab_number(view: BoardView, page, upright: bool, tabs: dict) -> int | None:
    """:func:`read_number` of ``view`` (upright), kept in ``tabs`` by ``upright`` (its doubt too):
    the board's page and the page at its corners read the same tab."""
    if upright not in tabs:
        try:
            tabs[upright] = read_number(view, page, view.cell_size())
        except ReadError as exc:
            tabs[upright] = exc
    if isinstance(tabs[upright], ReadError):
        raise tabs[upright]
    return tabs[upright]
