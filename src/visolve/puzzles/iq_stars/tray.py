"""Reading a photo of the IQ Stars tray itself, with real pieces standing in it.

A real piece is 3 or 4 plastic stars of one colour on white bases, each
with a white star in its middle, standing in the tray's star-shaped pits.
Its tops lie on a plane parallel to the tray, so the tops alone form a
triangular lattice, and the free pits form the same lattice on the tray,
moved by the parallax of the pieces' height.  The reader:

1. finds the tops (white middles ringed by a piece colour) and grows the
   lattice through them from a triangle of neighbours: a homography from
   lattice coordinates to the picture (:mod:`.tray_tops`);
2. looks at the lattice's plane straight on for pits: stars darker than the
   surface between them, in grey and in every colour channel (:func:`.tray_pits.pit_map`);
3. scores every placement of the board (26 cells in rows of 7/6/7/6, turned
   by any sixth of a turn, holding the tops, each group of same-coloured
   neighbouring tops wholly on it or off it) at every parallax shift: pits on
   its free cells, none under its tops, few tops left off (:func:`place_board`);
4. calls the pieces' colours, each top's ring against its own white middle,
   close calls settled by the pieces' shapes (:mod:`.tray_pieces`).

Every step that is not clear-cut is refused: too few tops, two placements
scoring about as well (unless they read alike: :func:`settle_tie`), a free cell
with no pit seen there or a piece whose colours fit no shape (named by row and
star), a reading that is no challenge.
"""

from __future__ import annotations

from itertools import islice

import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.base import level_from_filename
from visolve.puzzles.iq_stars.board import CELLS, EMPTY, ROW_LENGTHS, Level, cell_name, level_problems
from visolve.puzzles.iq_stars.plastic import balanced, classify_plastic
from visolve.puzzles.iq_stars.tray_find import find_tops
from visolve.puzzles.iq_stars.tray_join import join_apart
from visolve.puzzles.iq_stars.tray_pieces import TrayCellError, call_pieces
from visolve.puzzles.iq_stars.tray_pits import lookup, pit_map
from visolve.puzzles.iq_stars.tray_shapes import PIECE_MIN, colour_groups
from visolve.puzzles.iq_stars.tray_tops import ranked_lattices, rejoin, through, to_metric
from visolve.puzzles.iq_stars.tray_white import white_cells

#: the board's cells in axial lattice coordinates (i, j): j the row, i + j / 2 across
BOARD_AXIAL = tuple((k + (r % 2 - r) // 2, r) for r, k in CELLS)
#: the parallax is looked for up to this far (lattice units) ...
MAX_PARALLAX = 1.3
#: ... on a grid of this step, then refined at REFINE_STEP
COARSE_STEP, REFINE_STEP = 0.08, 0.02
#: pit response (how much darker a star is than the surface round it): counts as a whole pit
#: from PIT_ABOVE, as none below NO_PIT_BELOW (measured: pits 0.1-0.5 in rendered photos,
#: 0.2-0.3 in the product photo; bare surface, the tray's edge and the page up to 0.25 at
#: a few points, below 0.1 at most)
PIT_ABOVE, NO_PIT_BELOW = 0.25, 0.05
#: a free cell of the board placed needs at least this pit response (under a piece whose
#: top was missed the white base shows: 0)
FREE_PIT = 0.05
#: ... yet up to MAX_UNSEEN free cells without a pit seen (glare, a loose piece's shadow) are
#: read free when at least MIN_SEEN of the free pits were seen: a piece whose tops were all
#: missed would leave 3 or more cells without pits (the smallest pieces have 3 stars), and one
#: whose top was missed on some of its cells leaves its colour's stars short of its shape,
#: which the reading's check refuses
MAX_UNSEEN, MIN_SEEN = 2, 0.8
#: more free cells without a pit seen (a lamp's glare, the tray's shaded edge) are read free
#: when no PIECE_MIN of them are joined (each piece is at least that many joined stars, so no
#: whole piece missed hides among them; a piece missed in part leaves its colour short of its
#: shape) and at least SCATTERED_SEEN of the free pits were seen
SCATTERED_SEEN = 0.5
#: what a top left off the board costs a placement (as much as a free cell without a pit):
#: a loose piece beside the tray lines up with the lattice only by chance
OFF_BOARD = 1.0
#: a tray's cell error is the reason given when at least this share of its free pits was
#: seen (a drawing's tops can be found, but it has no pits: its own reader's reason tells more)
TELLING_PITS = 0.5
#: the pit response given a free cell whose place on the tops' plane shows a white middle
#: (:func:`.tray_white.white_cells`): a piece there whose top was not found, never a free pit
WHITE_MARK = -1.0
#: the best placement must score this much more than any other
MIN_PARALLAX_LEAD = 1.0
#: the fewest tops worth a lattice
MIN_TOPS = 3
#: when the likeliest lattice of tops is refused, up to this many next ones are read
NEXT_LATTICES = 3
#: tied placements are each read (:func:`settle_tie`) when there are at most this many
MAX_TIED = 4
#: a board placed with tops left off it (a loose piece beside the tray, on the table's plane,
#: can line up with the lattice and bend the homography fitted through all tops), or the
#: better of two tied placements, is placed again on a lattice fitted through its own tops
#: when it holds at least this many (had it left a standing piece off, that piece's cells
#: show no pits: refused)
REFIT_TOPS = 6


class TiedPlacements(ReadError):
    """Two placements of the board fit the free pits about as well; ``on_board`` are the tops
    on the better one (a loose piece left off it may have bent the lattice); ``tied`` each tied
    placement as :func:`place_board` gives one (up to :data:`MAX_TIED`, else none)."""

    def __init__(self, message: str, on_board: frozenset, tied: tuple = ()):
        super().__init__(message)
        self.on_board = on_board
        self.tied = tied


def rotate(axial: np.ndarray, turns: int) -> np.ndarray:
    """Axial lattice coordinates turned by ``turns`` sixths of a turn."""
    a = np.asarray(axial, np.int64).reshape(-1, 2)
    for _ in range(turns % 6):
        a = np.stack([-a[:, 1], a[:, 0] + a[:, 1]], axis=1)
    return a


def _soft(resp: np.ndarray) -> np.ndarray:
    """A pit response as a count: 0 at :data:`NO_PIT_BELOW`, 1 at :data:`PIT_ABOVE`."""
    return np.clip((resp - NO_PIT_BELOW) / (PIT_ABOVE - NO_PIT_BELOW), 0.0, 1.0)


def _shift_grid(step: float, radius: float, centre=(0.0, 0.0)) -> np.ndarray:
    r = np.arange(-radius, radius + 1e-9, step)
    gx, gy = np.meshgrid(r, r)
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)
    return grid[np.hypot(grid[:, 0], grid[:, 1]) <= radius + 1e-9] + np.asarray(centre)


def _groups(tops: np.ndarray, letters) -> list[set]:
    """The tops in groups of neighbours of one colour (a piece's stars are always in one)."""
    return [set(g) for g in colour_groups({tuple(int(v) for v in t): letter for t, letter in zip(tops, letters)})]


def placements(tops: np.ndarray, letters) -> list[tuple[int, np.ndarray, frozenset]]:
    """Every (turn, axial points of the board's cells, tops on it) with at least
    :data:`MIN_TOPS` tops on the board, each group of neighbouring tops of one colour
    (``letters``, one a top) wholly on the board or wholly off it: a loose piece beside the
    tray can line up with the lattice by chance."""
    board = np.array(BOARD_AXIAL, np.int64)
    groups = _groups(tops, letters)
    found: dict = {}
    at = np.asarray(tops, np.int64).reshape(-1, 1, 2)
    for turn in range(6):
        cells = rotate(board, turn)
        for shift in set(map(tuple, (at - cells[None]).reshape(-1, 2).tolist())):
            placed = cells + np.array(shift)
            keys = set(map(tuple, placed.tolist()))
            inside = [g for g in groups if g & keys]
            if all(g <= keys for g in inside):
                on = frozenset().union(*inside)
                if len(on) >= MIN_TOPS:
                    found[(turn, shift)] = (turn, placed, on)
    return [found[k] for k in sorted(found)]


def _index(points: np.ndarray) -> dict:
    return {tuple(p): i for i, p in enumerate(points)}


def _scores(resp: np.ndarray, index: dict, hyps, tops: int) -> np.ndarray:
    """``(hypotheses, shifts)``: per placement, its free cells with a pit seen minus those
    without, minus the pits seen under its tops and :data:`OFF_BOARD` a top (of ``tops``)
    left off it."""
    out = np.empty((len(hyps), resp.shape[0]))
    for h, (_turn, placed, top_set) in enumerate(hyps):
        free = [index[tuple(p)] for p in placed if tuple(p) not in top_set]
        occ = [index[t] for t in top_set]
        out[h] = (2 * resp[:, free] - 1).sum(axis=1) - resp[:, occ].sum(axis=1) - OFF_BOARD * (tops - len(top_set))
    return out


def place_board(work: np.ndarray, hom: np.ndarray, tops: np.ndarray, letters, white: float):
    """The board on the lattice and the pieces' parallax: ``(placed, shift, responses)``.

    ``placed`` are the axial points of the board's cells (:data:`CELLS` order), ``shift``
    the metric shift from a top's middle to its pit, ``responses`` each cell's pit response
    there.  Every placement holding all tops and every shift up to :data:`MAX_PARALLAX` is
    scored by the pits seen on its free cells (:func:`_scores`) at its best shift; ReadError
    when the best placement does not lead every other by :data:`MIN_PARALLAX_LEAD`.  (Shifts
    of one placement need not be told apart: its free cells are the same at any of them.)
    """
    hyps = placements(tops, letters)
    if not hyps:
        raise ReadError("the piece tops do not fit on one board of rows of 7, 6, 7 and 6 stars")
    full = [h for h in hyps if len(h[2]) == len(BOARD_AXIAL)]
    if len(full) == 1:
        return full[0][1], full[0][2], np.zeros(2), np.zeros(len(BOARD_AXIAL))
    points = np.unique(np.concatenate([placed for _t, placed, _on in hyps]), axis=0)
    index, metric = _index(points), to_metric(points)
    lo, hi = metric.min(axis=0) - MAX_PARALLAX - 0.1, metric.max(axis=0) + MAX_PARALLAX + 0.1
    extent = (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))
    response = pit_map(work, hom, extent, white)

    def responses(shifts):
        allp = (metric[None, :, :] + shifts[:, None, :]).reshape(-1, 2)
        return lookup(response, extent, allp).reshape(len(shifts), len(points))

    shifts = _shift_grid(COARSE_STEP, MAX_PARALLAX)
    scores = _scores(_soft(responses(shifts)), index, hyps, len(tops))
    per_placement = scores.max(axis=1)

    def refined(h):  # placement h at its best shift, refined
        fine = _shift_grid(REFINE_STEP, COARSE_STEP, shifts[int(np.argmax(scores[h]))])
        raw = responses(fine)
        k2 = int(np.argmax(_scores(_soft(raw), index, [hyps[h]], len(tops))[0]))
        placed, on = hyps[h][1], hyps[h][2]
        pits = np.array([raw[k2, index[tuple(p)]] for p in placed])
        free = np.array([tuple(p) not in on for p in placed])
        return placed, on, fine[k2], np.where(free & white_cells(work, hom, to_metric(placed), white), WHITE_MARK, pits)

    h = int(np.argmax(per_placement))
    best = per_placement[h]
    rival = float(np.delete(per_placement, h).max()) if len(hyps) > 1 else -np.inf
    if best - rival < MIN_PARALLAX_LEAD:
        tied = np.flatnonzero(per_placement > best - MIN_PARALLAX_LEAD)
        tied = tied[np.argsort(-per_placement[tied], kind="stable")]  # the best first
        raise TiedPlacements(f"the tray's free pits fit two placements of the board (scores {best:.1f} and "
                             f"{rival:.1f}, {MIN_PARALLAX_LEAD:.0f} apart needed)", hyps[h][2],
                             tuple(refined(int(t)) for t in tied) if len(tied) <= MAX_TIED else ())
    return refined(h)


def read_rows(image: np.ndarray) -> tuple[str, ...]:
    """The 4 rows read from a photo of the tray (BGR); NotThisPuzzle without a lattice of
    piece tops, ReadError when something cannot be settled.

    The likeliest lattice of tops is read (:func:`read_lattice`); when it is refused, the
    next ones (:func:`read_next_lattices`)."""
    work, tops = find_tops(image)
    if len(tops) < MIN_TOPS:
        raise NotThisPuzzle(f"no tray with pieces: {len(tops)} piece tops found ({MIN_TOPS} needed)")
    lattices = (join_apart(*lattice, tops) for lattice in ranked_lattices(tops, MIN_TOPS))  # pieces apart joined
    best = next(lattices, None)
    if best is None:
        raise NotThisPuzzle("no tray with pieces: the piece tops found lie on no star lattice")
    try:
        return read_lattice(work, tops, best)
    except ReadError as refused:
        return read_next_lattices(work, tops, best, lattices, refused)


def read_lattice(work: np.ndarray, tops: list, lattice: tuple) -> tuple[str, ...]:
    """The rows of the tray whose tops ``lattice`` (``(hom, axial, members)``) holds, the other
    ``tops`` found in the work picture ``work`` beside it: ReadError when the board cannot be
    placed, a cell called (:func:`rows_placed`) or the reading is no challenge."""
    hom, axial, members = lattice
    white = float(np.median([np.mean(t.white) for t in members]))
    letters = [classify_plastic(balanced(t)).name for t in members]
    try:
        placement = place_board(work, hom, axial, letters, white)
        first, on_board = None, placement[1]
    except TiedPlacements as exc:
        first, on_board = exc, exc.on_board
    keep = [n for n, a in enumerate(axial) if tuple(a) in on_board]
    own = through(axial[keep], [members[n] for n in keep]) if REFIT_TOPS <= len(keep) < len(axial) else None
    if own is not None:  # tops left off (a loose piece) bent the lattice: placed on their own
        own, axial, members = rejoin(own, axial[keep], [members[n] for n in keep], tops)
        letters = [classify_plastic(balanced(t)).name for t in members]
        placement = place_board(work, own, axial, letters, white)
    if own is None and first is not None:
        rows = settle_tie(first, axial, members)
    else:
        rows = rows_placed(placement, axial, members)
    problems = level_problems(rows)
    if problems:
        raise TrayCellError(f"read the tray as {'/'.join(rows)}, which is no challenge: {problems[0]}", 1.0)
    return rows


class LatticesDisagree(ReadError):
    """The likeliest lattice of piece tops was refused and the next ones read the tray as
    different boards."""


def read_next_lattices(work: np.ndarray, tops: list, best: tuple, lattices, refused: ReadError) -> tuple[str, ...]:
    """The rows read on the next :data:`NEXT_LATTICES` of ``lattices`` (ranked, as
    :func:`read_lattice` takes one) with tops other than ``best``'s, whose reading was
    ``refused``: the one board all those that read show.  ``refused`` is raised again when none
    reads; :class:`LatticesDisagree` when two read as different boards (the first to read is
    no likelier than the others: every one of them was checked alike).

    A loose piece beside the tray lined up with the tops, or a piece's stray light spots, can
    make the likeliest lattice one the board does not fit; the board's own tops hold a lattice
    ranked next."""
    tried, readings = {_top_set(best)}, set()
    for lattice in lattices:
        if _top_set(lattice) in tried:
            continue
        tried.add(_top_set(lattice))
        try:
            readings.add(read_lattice(work, tops, lattice))
        except ReadError:
            pass
        if len(tried) > NEXT_LATTICES:
            break
    if len(readings) > 1:
        raise LatticesDisagree(f"{refused}; the next lattices of piece tops read it as {len(readings)} different "
                               f"boards: {', '.join('/'.join(rows) for rows in sorted(readings))}")
    if not readings:
        raise refused
    return readings.pop()


def _top_set(lattice: tuple) -> frozenset:
    """The tops a lattice ``(hom, axial, members)`` holds (by identity)."""
    return frozenset(id(t) for t in lattice[2])


def settle_tie(tie: TiedPlacements, axial: np.ndarray, members: list) -> tuple[str, ...]:
    """The reading of a tray whose tied placements (``tie``, the best first) all read alike:
    then they are no tie.  Else ``tie`` is raised, saying so, and when a placement is refused
    on its own, why the first of them is (the best placement's reason when it is refused: a
    glare spot hiding its free pits, say, leaves both the right placement and a wrong one short
    of pits, and the cell is what the reader could not settle).  Which reading has exactly one
    solution does not settle it: a tray may show a board in play, with no completion or
    several, so the rule that a booklet challenge has one solution does not hold for what a
    tray shows."""
    readings, refused = [], []
    for placement in tie.tied:
        try:
            readings.append(rows_placed(placement, axial, members))
        except TrayCellError as exc:
            refused.append(exc)
    if refused:
        said = ("each is refused on its own, the best" if not readings
                else f"{len(refused)} of the {len(tie.tied)} cannot be read on their own, the first")
        raise TiedPlacements(f"{tie}; {said}: {refused[0]}", tie.on_board) from None
    if not readings or any(level_problems(rows) for rows in readings):
        raise tie
    if len(set(readings)) == 1:
        return readings[0]
    raise TiedPlacements(f"{tie}; they read as {len(set(readings))} different boards", tie.on_board)


def rows_placed(placement: tuple, axial: np.ndarray, members: list) -> tuple[str, ...]:
    """The rows of the tray with the board placed as ``placement`` (:func:`place_board`), tops
    ``members`` at lattice points ``axial``: TrayCellError naming a free cell with no pit seen, or a
    piece whose colours fit no shape.  A cell showing a white middle on the tops' plane
    (:data:`WHITE_MARK`) holds a piece whose top was not found: the colours of the tops beside it
    and the pieces' shapes say which (:func:`.tray_pieces.call_pieces`)."""
    placed, on_board, _shift, resp = placement
    by_point = {tuple(a): top for a, top in zip(axial, members) if tuple(a) in on_board}
    on_cells = {cell: by_point[tuple(p)] for cell, p in zip(CELLS, placed) if tuple(p) in by_point}
    free = [(cell, pit) for cell, pit in zip(CELLS, resp) if cell not in on_cells]
    white = [cell for cell, pit in free if pit == WHITE_MARK]  # a piece there, its top not found
    free = [(cell, pit) for cell, pit in free if pit != WHITE_MARK]
    seen = sum(pit >= FREE_PIT for _c, pit in free) / len(free) if free else 1.0
    unseen = [(cell, pit) for cell, pit in free if pit < FREE_PIT]
    if unseen and (len(unseen) > MAX_UNSEEN or seen < MIN_SEEN) and not _scattered(unseen, placed, seen):
        cell, pit = unseen[0]
        raise TrayCellError(f"{cell_name(cell)}: neither a piece nor a free pit seen there (pit {pit:.2f})", seen)
    try:
        letters = call_pieces(on_cells, white)
    except TrayCellError as exc:
        raise TrayCellError(str(exc), seen) from None
    grid = [[EMPTY] * n for n in ROW_LENGTHS]
    for (r, k), letter in letters.items():
        grid[r][k] = letter
    return tuple("".join(row) for row in grid)


def _scattered(unseen: list, placed: np.ndarray, seen: float) -> bool:
    """Are the free cells without a pit seen (``unseen``, ``(cell, pit)`` pairs; ``placed`` the
    board's axial points in :data:`CELLS` order) too few together to hide a piece: no
    :data:`PIECE_MIN` of them joined, with :data:`SCATTERED_SEEN` of the free pits ``seen``?"""
    at = {cell: tuple(int(v) for v in p) for cell, p in zip(CELLS, placed)}
    groups = colour_groups({at[cell]: 0 for cell, _pit in unseen})
    return seen >= SCATTERED_SEEN and max(len(g) for g in groups) < PIECE_MIN


def read_tray(image: np.ndarray, source: str = "") -> Level:
    """Read the challenge shown by the pieces standing in a photographed tray."""
    return Level(level_from_filename(source), read_rows(image), source)


class DrawnStarsError(ReadError):
    """A drawn board whose star lattice was found, with stars that cannot be called: when the
    tray reader fails too, this is the reason given (a drawing's stars can look like pits)."""


def read_after(image: np.ndarray, source: str, first: Exception, tried: Exception | None = None) -> Level:
    """The tray read when the drawn-board reader failed with ``first``; when both fail, the
    more telling reason: the drawn board's stars (:class:`DrawnStarsError`), else a cell of a
    tray placed with most of its free pits seen, else the drawn board's ReadError, else the
    tray's ReadError, else ``first``.  ``tried``: why the tray did not read, when it was read
    already (it is not read again)."""
    try:
        if tried is not None:
            raise tried
        return read_tray(image, source)
    except TrayCellError as exc:
        if not isinstance(first, DrawnStarsError) and (exc.pits_seen >= TELLING_PITS
                                                       or not isinstance(first, ReadError)):
            raise
        raise first from None
    except ReadError as exc:
        if isinstance(first, ReadError):
            raise first from None
        raise exc from None
    except NotThisPuzzle:
        raise first from None


__all__ = ["BOARD_AXIAL", "DrawnStarsError", "LatticesDisagree", "NEXT_LATTICES", "TiedPlacements", "TrayCellError",
           "place_board", "placements", "read_after", "read_lattice", "read_next_lattices", "read_rows", "read_tray",
           "rotate"]
