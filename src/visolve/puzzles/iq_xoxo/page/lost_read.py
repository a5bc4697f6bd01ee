"""A board the finder lost, read where its page's grid puts it.

A booklet page is a grid of boards, numbered one after another.  When the
boards read are one run of numbers but for some missing, and their grid has
an empty place (:func:`~visolve.puzzles.iq_xoxo.page.run_gap.lost_places`: a
board's corners moved there along its row and column), the board not found
stands there: under a glare that washed its grey squares nearly into the paper
(held-out kind, seed 0 open booklet 22: 97 - 108 read but for 101).  Its
corners so placed are a fraction of a square off (the page seen in perspective,
its boards not spaced quite evenly), which puts its marks on the wrong squares.
:func:`read_at_lost_places` takes the place's corners so, and as the
parallelograms of three boards beside it
(:func:`~visolve.puzzles.iq_xoxo.page.run_gap.lost_place_estimates`: each off
another way; seed 1 booklet 21's 102 read on one of them alone), and as the
block of ink nearest the first up to :data:`SEARCH_REACH` squares away
(:func:`visolve.vision.block_search.block_near`: a far page of a spread seen in
perspective put its lost board's place 3-4 squares off, scenes seed 257 spread 1),
reads windows moved up to :data:`REACH` of a square each way from each
(:data:`STEP` apart), and keeps the board only when every window that reads
gives the same squares and the same level, a number the page misses; any other
reading, or none, leaves the place lost and the page refused as before.  Windows
a whole square or more off break the marks' X/O pattern, so they do not read.

A page that weighs enough to be refused for what lies outside its boards (``lost``)
has lost a board: the numbers just before and after its run are then missed too (a
page loses its last board as readily as a middle one), and a board whose squares read
but whose tab's digits do not (small, blurred) is kept with its tab in doubt, for the
page's run to settle or refuse (:mod:`visolve.puzzles.iq_xoxo.page.tab_run`; seed 257
spread 1: board 58, 134 px wide, its digits 9 px high, settled with 55 and 56 by the
run 47 - 58).
"""

from __future__ import annotations

from itertools import product

import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.puzzles.iq_xoxo.draw import GAP
from visolve.puzzles.iq_xoxo.page.reading import PLACED_GRID, BoardReading, board_pitch, read_board, reads
from visolve.puzzles.iq_xoxo.page.run_gap import lost_place_estimates, missing_numbers
from visolve.vision.block_search import block_near

#: windows are moved up to REACH of a square along and across the board, STEP apart
REACH, STEP = 0.5, 0.25
#: a place's first estimate is also moved to the block of ink nearest it this many squares away
SEARCH_REACH = 4.0


def read_at_lost_places(picture: np.ndarray, readings: list[BoardReading], lost: bool = False) -> list[BoardReading]:
    """The boards read at the empty places of the grid of ``readings`` (boards of one page whose
    squares all read, their tabs read or in doubt), each with a number the run of the tabs read
    misses, or with its tab in doubt; empty when it misses none, the grid has no empty place, or
    no place reads one board alone (see the module docstring).  ``lost``: the page weighs enough
    to be refused (a number just beyond its run is missed too).  A tab in doubt may take a number
    missing too: the page's run settles it later, or refuses the page."""
    if not readings or any(not reads(r) or r.quad is None for r in readings):
        return []
    numbers = [r.level.level for r in readings if r.level is not None and isinstance(r.level.level, int)]
    missing = set(missing_numbers(numbers)) | (_run_ends(numbers) if lost else set())
    found: list[BoardReading] = []
    for estimates in lost_place_estimates([r.quad for r in readings]) if missing else ():
        board = _read_around(picture, estimates + _blocks_near(picture, estimates[:1]))
        if board is None or (board.level is not None and board.level.level not in missing):
            continue
        if board.level is not None:
            missing.discard(board.level.level)
        found.append(board)
    return found


def _run_ends(numbers: list) -> set[int]:
    """The numbers just before and after the run of ``numbers`` (distinct whole numbers, two or more)."""
    if len(numbers) < 2 or len(set(numbers)) != len(numbers):
        return set()
    return {min(numbers) - 1, max(numbers) + 1} - {0}


def _blocks_near(picture: np.ndarray, estimates: list[np.ndarray]) -> list[np.ndarray]:
    """Each estimate moved to the block of ink nearest it (:data:`SEARCH_REACH`), when found."""
    out = []
    for corners in estimates:
        block = block_near(picture, corners, ROWS, COLS, SEARCH_REACH, inset=GAP / 2)
        if block is not None:
            out.append(block)
    return out


def _read_around(picture: np.ndarray, estimates: list[np.ndarray]) -> BoardReading | None:
    """The board read on windows around each estimate of a place's corners (see the module
    docstring) when every window that reads gives the same squares and either every one the same
    level or none a level (its tab in doubt), else None."""
    read = []
    for corners in estimates:
        q = np.asarray(corners, np.float64)
        pitch = board_pitch(q)
        along = (q[1] - q[0]) / max(float(np.linalg.norm(q[1] - q[0])), 1e-9)
        down = (q[3] - q[0]) / max(float(np.linalg.norm(q[3] - q[0])), 1e-9)
        for du, dv in product(np.arange(-REACH, REACH + STEP / 2, STEP), repeat=2):
            window = q + (du * along + dv * down) * pitch
            reading = read_board(picture, window, None, PLACED_GRID)
            if reads(reading):
                reading.quad = window
                read.append(reading)
    rows = {r.level.rows if r.level is not None else r.rows for r in read}
    levels = {r.level.level if r.level is not None else None for r in read}
    if len(rows) != 1 or len(levels) != 1:
        return None
    return read[len(read) // 2]
