"""A straight four read as empty that may be the grey piece, dim: in shade, on a board as grey as
it, or seen by its shaded side (a doubt, never a board read without the grey piece).

Colours are read as ``n``, a square's colour less the board's over the board-to-white span
(:mod:`visolve.puzzles.genius_square.colours`).
"""

from __future__ import annotations

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.colours import EMPTY, EMPTY_MAX, FAINT_MAX, NEUTRAL_SPREAD, OBJECT_MIN, Square
from visolve.puzzles.genius_square.flatgrey import one_colour
from visolve.puzzles.genius_square.greyrow import GREY, bare_cells, bare_four, outlined_fours, straight_fours, unlike_grey
from visolve.puzzles.genius_square.unlined import unlined_four

#: a straight four read as empty, all faint or SHADED_IN_FOUR of them faint and darker than the
#: board, is a doubt (scene 66 of seed 6: the grey piece's shaded side on a light board read as three
#: faint squares darker than it and one plain empty, a misread when all four had to be faint; three
#: faint squares lighter than the board are glare: two scenes of seeds 0-6 read right so)
SHADED_IN_FOUR = 3
#: ... counting, as faint, a square read as empty within this margin of the faint window (largest
#: channel of ``|n|`` from EMPTY_MAX to FAINT_MAX plus it, channels within NEUTRAL_SPREAD plus it):
#: scene 66 of seed 6, its left labels read where they stand (slid 0.25), showed the grey piece's
#: shaded side at size 0.33 (A3) and spread 0.09 (A2), a hundredth past the window each
SHADE_MARGIN = 0.03
#: a straight four read as empty, its squares of one colour (every channel of ``n`` within
#: :data:`~visolve.puzzles.genius_square.flatgrey.FLAT_SPREAD` of each other), standing apart from the
#: board's other empty squares (their median) by APART_FOUR or more in some channel, every one of those
#: nearer that median than the four, is the grey piece drawn on a board as grey as it, too faint to be
#: read as a piece: seed 239 scene 3, a SmartGames drawing whose grey piece's four squares read
#: (-0.05, -0.01, 0.02) and every other empty square (0, 0, 0), was read without it (a misread).  Only
#: a four within :data:`~visolve.puzzles.genius_square.colours.EMPTY_MAX` of the board: one darker or
#: lighter is weighed by the faint and shaded fours' rules (a flat shade on four squares is no doubt)
APART_FOUR = 0.03
#: ... with at least this many other empty squares to take the board's median from
APART_OTHERS = 4
#: two squares side by side that may be empty, each nearest the grey piece's colour (within GREY_PAIR) and
#: past OBJECT_MIN, of one shade (every channel within PAIR_SPREAD), with the next square along their line
#: on the board's own colour (under EMPTY_MAX), are the grey piece's tops seen beside the dark side its
#: other cubes show, never glare: glare is a smooth spot, it fades over a square or more (seeds 0-2: 0.06
#: -> 0.34 -> 0.61, 0.47 -> 0.38 -> 0.21 -> 0.06).  Seed 331 scene 59, a Happy Puzzle photo, its grey
#: piece on A1-A4 seen by two tops at (0.40, 0.41, 0.41) and (0.37, 0.38, 0.38) beside two squares at
#: 0.04, was read without it (a misread)
GREY_PAIR, PAIR_SPREAD = 0.15, 0.06
#: a straight four that may be empty (read so, or with empty among its options), none faint (flat
#: within each square: a faint square is glare's, the faint fours' rules weigh it), its squares of one
#: colour (FLAT_SPREAD), neutral (channels within NEUTRAL_SPREAD) and lighter than the board past
#: EMPTY_MAX in every channel, is the grey piece drawn lighter than the palette's grey: seed 269 scene
#: 76, a SmartGames drawing whose grey piece on A1-D1 read (0.32, 0.35, 0.35), nearest no piece, each
#: "empty or a disc" and settled empty by the roll (a misread).  Light does not paint four squares in
#: a row one flat grey; a drawing does (see :func:`light_four`)


def no_dim_grey_piece(squares: list[list[Square]], edition: str) -> None:
    """A straight four read as empty, its squares faint grey (or :data:`SHADED_IN_FOUR` of them faint,
    or just past faint (:func:`near_faint`), and darker than the board), could be the grey piece in shade, or on a grey board
    (:func:`visolve.puzzles.genius_square.colours.grey_like_board`), and four grey squares
    outlined against the board its dim side (:func:`visolve.puzzles.genius_square.greyrow.outlined_fours`),
    or four showing none of the grid's lines its top as grey as the board
    (:func:`visolve.puzzles.genius_square.unlined.unlined_four`), or four of one colour unlike every
    other empty square (:func:`apart_four`: drawn a shade off a board as grey as it), or a board
    covered but for four of one flat colour (drawn in the board's own), or two squares of the grey
    piece's colour beside one of the board's (:func:`grey_pair`: its tops beside its dark side): a doubt."""
    for cells in outlined_fours(squares):
        raise ReadError(f"square {model.name(cells[0], edition)}: four grey squares in a row read as empty, "
                        "outlined against the board: the grey piece seen by its side, or glare?")
    if cells := bare_four(squares):
        raise ReadError(f"square {model.name(cells[0], edition)}: every square covered but four in a row read "
                        "as empty, as near the grey piece's colour as any other: the grey piece on a board as "
                        "grey as it?")
    if cells := unlined_four(squares, front=True):
        raise ReadError(f"square {model.name(cells[0], edition)}: four squares in a row read as empty show "
                        "none of the grid's light lines (or one a cube's dark front): the grey piece's top, "
                        "as grey as the board?")
    empty = {(r, c) for r, row in enumerate(squares) for c, sq in enumerate(row) if sq.symbol == EMPTY}
    faint = {(r, c) for r, row in enumerate(squares) for c, sq in enumerate(row) if sq.faint}
    shaded = {(r, c) for r, c in empty if squares[r][c].colour and float(np.mean(squares[r][c].colour)) < 0.0
              and ((r, c) in faint or near_faint(squares[r][c].colour))}  # (glare only lightens)
    for cells in straight_fours():
        if not all(cell in empty for cell in cells):
            continue
        if all(cell in faint for cell in cells) and not unlike_grey(squares, cells):
            raise ReadError(f"square {model.name(cells[0], edition)}: four faint grey squares in a row, "
                            "empty in glare or the grey piece in shade (or on a board as grey as it)")
        if sum(cell in shaded for cell in cells) >= SHADED_IN_FOUR:
            raise ReadError(f"square {model.name(cells[0], edition)}: four squares in a row read as empty, "
                            f"{sum(cell in shaded for cell in cells)} of them faint and darker than the board: "
                            "empty in shade, or the grey piece's shaded side?")
    if cells := apart_four(squares):
        raise ReadError(f"square {model.name(cells[0], edition)}: four squares in a row read as empty are of one "
                        "colour, unlike every other empty square: the grey piece on a board as grey as it?")
    # a board covered but for a straight four of one flat colour (drawn, not photographed) is the grey piece
    # drawn in the board's own colour as much as four empty squares: seed 347 scene 28, a SmartGames drawing
    # whose grey piece on B3-E3 was painted the board's grey, (-0.04, 0.0, 0.02), was read without it (a
    # misread).  No scene of seeds 0-2, 283-331 leaves a board so covered
    if (cells := bare_cells(squares)) and all(squares[r][c].colour for r, c in cells) \
            and one_colour([squares[r][c].colour for r, c in cells]):
        raise ReadError(f"square {model.name(cells[0], edition)}: every square covered but four in a row read "
                        "as empty, drawn in one flat colour: the grey piece drawn in the board's own colour?")
    if cells := grey_pair(squares):
        raise ReadError(f"square {model.name(cells[0], edition)}: two squares side by side that may be empty are "
                        f"of the grey piece's colour, the next square along ({model.name(cells[2], edition)}) the "
                        "board's: the grey piece's tops beside its dark side?")
    if cells := light_four(squares):
        raise ReadError(f"square {model.name(cells[0], edition)}: four squares in a row that may be empty are of "
                        "one flat grey, lighter than the board: the grey piece drawn lighter than its grey?")


def light_four(squares: list[list[Square]]) -> list[tuple[int, int]] | None:
    """A straight four that may be empty, of one flat neutral grey lighter than the board (see the
    comment on :func:`no_dim_grey_piece`'s last rule, above it); None when there is none."""
    for cells in straight_fours():
        sqs = [squares[r][c] for r, c in cells]
        if not all(sq.colour and not sq.faint and (sq.symbol == EMPTY or EMPTY in sq.options) for sq in sqs):
            continue
        four = np.array([sq.colour for sq in sqs], np.float64)
        flat = one_colour(four)
        neutral = float((four.max(axis=1) - four.min(axis=1)).max()) < NEUTRAL_SPREAD
        if flat and neutral and float(four.min()) >= EMPTY_MAX:
            return cells
    return None


def grey_pair(squares: list[list[Square]]) -> list[tuple[int, int]] | None:
    """Two squares side by side that may be empty, of the grey piece's colour and one shade, and the
    square of the board's colour next to them along their line (see :data:`GREY_PAIR`): the pair's
    squares, then that one; None when there is none."""
    for cells in straight_fours():
        sqs = [squares[r][c] for r, c in cells]
        if not all(sq.colour and (sq.symbol == EMPTY or EMPTY in sq.options) for sq in sqs):
            continue
        grey = [_grey_top(sq) for sq in sqs]
        size = [float(np.abs(sq.colour).max()) for sq in sqs]
        for k in range(len(cells) - 1):
            if not (grey[k] and grey[k + 1]) or not _one_shade(sqs[k], sqs[k + 1]):
                continue
            for j in (k - 1, k + 2):
                if 0 <= j < len(cells) and size[j] < EMPTY_MAX:
                    return [cells[k], cells[k + 1], cells[j]]
    return None


def _grey_top(sq: Square) -> bool:
    """Whether ``sq``'s colour is nearest the grey piece's, within :data:`GREY_PAIR`, and past
    :data:`~visolve.puzzles.genius_square.colours.OBJECT_MIN`."""
    return bool(sq.ranks) and sq.ranks[0][0] == GREY and sq.ranks[0][1] <= GREY_PAIR \
        and float(np.abs(sq.colour).max()) >= OBJECT_MIN


def _one_shade(a: Square, b: Square) -> bool:
    """Whether two squares' colours lie within :data:`PAIR_SPREAD` of each other in every channel."""
    return float(np.abs(np.subtract(a.colour, b.colour)).max()) <= PAIR_SPREAD


def near_faint(colour) -> bool:
    """Whether a square's centre ``colour`` (``n``) lies just past the faint window, within
    :data:`SHADE_MARGIN` of it (:data:`~visolve.puzzles.genius_square.colours.FAINT_MAX`,
    :data:`~visolve.puzzles.genius_square.colours.NEUTRAL_SPREAD`): inside it, a square read empty and
    not faint is flat, an empty square in shade."""
    n = np.asarray(colour, np.float64)
    size, spread = float(np.abs(n).max()), float(n.max() - n.min())
    inside = EMPTY_MAX <= size < FAINT_MAX and spread < NEUTRAL_SPREAD
    near = EMPTY_MAX <= size < FAINT_MAX + SHADE_MARGIN and spread < NEUTRAL_SPREAD + SHADE_MARGIN
    return near and not inside


def apart_four(squares: list[list[Square]]) -> list[tuple[int, int]] | None:
    """A straight four read as empty whose squares are of one colour and stand apart from the other
    empty squares (see :data:`APART_FOUR`); None when there is none."""
    colours = {(r, c): np.asarray(sq.colour, np.float64) for r, row in enumerate(squares)
               for c, sq in enumerate(row) if sq.symbol == EMPTY and sq.colour}
    for cells in straight_fours():
        if not all(cell in colours for cell in cells):
            continue
        four = np.array([colours[cell] for cell in cells])
        if not one_colour(four):
            continue
        others = np.array([colour for cell, colour in colours.items() if cell not in cells])
        if len(others) < APART_OTHERS:
            continue
        board = np.median(others, axis=0)
        apart = float(np.abs(four.mean(axis=0) - board).max())
        faint = float(np.abs(four.mean(axis=0)).max()) < EMPTY_MAX  # (past it, the rules above weigh it)
        if faint and apart >= APART_FOUR and float(np.abs(others - board).max(axis=1).max()) < apart:
            return cells
    return None
