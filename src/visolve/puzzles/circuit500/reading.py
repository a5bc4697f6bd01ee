"""circuit500 reader: what a reading holds and when it is trusted.

The thresholds the tiles and the caption must pass, :class:`TileRead` (one
cell's best and runner-up drawings), :class:`Reading` (everything the reader
saw) and :func:`let_rules_decide`, which settles tiles unsure between two
readings when exactly one choice obeys the rules.  The picture is read in
:mod:`reader` (with the extra steps for photos in :mod:`reader_photo`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

import numpy as np

from visolve.puzzles.circuit500.model import COLS, ROWS, Tile, grid_problems, is_solved, make_grid
from visolve.vision.board import Board
from visolve.vision.match import Match
from visolve.vision.view import BoardView

# --------------------------------------------------------------------------
# thresholds (see the docstring of :mod:`reader` and scripts/eval_reader.py)
#
# Measured on the 163 real screenshots (raw/ and scaled/): every tile scores
# >= 0.989 with a margin >= 0.164; caption letters and digits score >= 0.99.
# The margin has a hard ceiling: the closest two different drawings (cross vs
# a junction, same lit state) correlate 0.83, so even a perfect read of a
# cross has margin 0.17; digits correlate at most 0.75 with each other.  The
# thresholds sit well below what clean screenshots give and well above chance,
# leaving room for heavier JPEG and rescaling.

#: a tile must correlate at least this well with its best reference
MIN_TILE_SCORE = 0.80
#: ... and beat the best *different* tile by at least this much
MIN_TILE_MARGIN = 0.08
#: a caption glyph (letter or digit) must score at least this
MIN_GLYPH_SCORE = 0.70
#: ... and beat the next character by at least this much
MIN_GLYPH_MARGIN = 0.10
#: the word "level" counts as found when its letters score this on average
MIN_CAPTION_SCORE = 0.60
#: fewer than this share of cells matching anything -> not a circuit500 board
MIN_TILE_SHARE = 0.5
#: grey level above which a caption cell holds a glyph
INK = 60.0


# --------------------------------------------------------------------------
# reading


@dataclass(frozen=True)
class TileRead:
    row: int
    col: int
    tile: Tile
    lit: str  #: "off", "start" or "end" (the best-matching drawing)
    score: float
    runner_up: Tile | None
    runner_score: float
    min_score: float = MIN_TILE_SCORE  #: the threshold that applies (lower for photos)

    @property
    def margin(self) -> float:
        return self.score - self.runner_score

    def problem(self) -> str | None:
        if self.score < self.min_score:
            return (
                f"tile ({self.row},{self.col}): no good match (best {self.tile.token()} "
                f"{self.score:.2f} < {self.min_score:.2f}, next {token_of(self.runner_up)} "
                f"{self.runner_score:.2f})"
            )
        if self.margin < MIN_TILE_MARGIN:
            return (
                f"tile ({self.row},{self.col}): unsure between {self.tile.token()} "
                f"({self.score:.2f}) and {token_of(self.runner_up)} ({self.runner_score:.2f})"
            )
        return None


@dataclass
class Reading:
    """Everything the reader saw; ``problems`` empty means the read is trusted."""

    board: Board | None = None
    H: np.ndarray | None = None  #: base grid -> picture
    view: np.ndarray | None = None  #: canonical base-resolution picture of ``refs.view``
    board_view: BoardView | None = None  #: the board and caption upright (``view`` is its picture)
    caption_score: float = 0.0
    caption_xy: tuple[int, int] | None = None
    digits: str = ""
    digit_matches: tuple[Match, ...] = ()
    tiles: list[TileRead] | None = None
    level: int | None = None
    not_this: str | None = None  #: reason when the picture is not circuit500
    problems: list[str] | None = None
    photo: bool = False  #: read as a photo (quadrilateral board, photo thresholds)
    #: doubtful tiles the rules settled ("tile (r,c): start:u, not end:u (rules)")
    decided: list[str] = field(default_factory=list)


def token_of(tile: Tile | None) -> str:
    """A tile as a reading's message names it.

    Parameters
    ----------
    tile : Tile or None
        A tile read, or None when nothing matched.

    Returns
    -------
    str
        ``tile.token()``, or ``"nothing"``.
    """
    return tile.token() if tile is not None else "nothing"


#: at most this many doubtful tiles are settled by the rules
MAX_RULE_DOUBTS = 3


def let_rules_decide(reads: list[TileRead], decided: list[str]) -> list[TileRead]:
    """Settle tiles that are unsure between two readings by the rules.

    A tile is *unsure* when both its best and its runner-up reading score
    above the threshold but the margin between them is too small.  When
    every other tile is trusted and exactly one way of choosing among the
    unsure tiles' two readings gives a board that obeys the rules (one
    start, one end, at most one gap, not already solved), that choice is
    taken and recorded in ``decided``; otherwise nothing changes and the
    doubt stays a problem.

    Parameters
    ----------
    reads : list of TileRead
        Every tile's reading.
    decided : list of str
        Where the choices made are recorded (appended to).

    Returns
    -------
    list of TileRead
        ``reads`` with the unsure tiles settled, or unchanged.
    """
    unsure = [
        i for i, tr in enumerate(reads)
        if tr.score >= tr.min_score and tr.margin < MIN_TILE_MARGIN
        and tr.runner_up is not None and tr.runner_score >= tr.min_score
    ]
    if not unsure or len(unsure) > MAX_RULE_DOUBTS:
        return reads
    if any(tr.problem() for i, tr in enumerate(reads) if i not in unsure):
        return reads
    valid = []
    for choice in itertools.product(*[(reads[i].tile, reads[i].runner_up) for i in unsure]):
        tiles = [tr.tile for tr in reads]
        for i, t in zip(unsure, choice):
            tiles[i] = t
        grid = make_grid([tiles[r * COLS : (r + 1) * COLS] for r in range(ROWS)])
        if not grid_problems(grid) and not is_solved(grid):
            valid.append(choice)
    if len(valid) != 1:
        return reads
    out = list(reads)
    for i, t in zip(unsure, valid[0]):
        tr = reads[i]
        other = tr.runner_up if t == tr.tile else tr.tile
        decided.append(f"tile ({tr.row},{tr.col}): {t.token()}, not {other.token()} (only this obeys the rules)")
        if t == tr.tile:
            out[i] = replace(tr, runner_score=-1.0, runner_up=None)
        else:
            lit = t.kind if t.kind in ("start", "end") else "off"
            out[i] = replace(tr, tile=t, score=tr.runner_score, runner_up=None, runner_score=-1.0, lit=lit)
    return out
