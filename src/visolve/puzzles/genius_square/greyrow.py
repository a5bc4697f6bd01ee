"""The grey piece seen by its side: four grey squares in a row, read as empty, standing out.

A tall piece seen at an angle shows its shaded side at its squares' centres, its top half a square
off them; the grey piece's side, on a dark board, is a dim neutral grey that reads as an empty
square in glare (scene 1 of seed 4: the grey piece on A1-A4 of a black board, ``n`` 0.22-0.33 at
their centres, read as four empty squares).  Glare is a smooth spot: it lifts the squares around
the ones it lifts most.  The grey piece's four squares stand out against the board around them.

Such a four of the grey piece's own colour, lighter than the board, every square beside it read surely,
is read as the grey piece (:func:`standing_four`), and so is a four of faint grey squares most of which
show a cube's dark rim (:func:`rimmed_four`: on a board as grey as it; not lifted: :func:`with_rim_doubt`);
a four dimmer, of another colour, or beside squares in doubt stays a doubt (:func:`outlined_fours`,
:func:`bare_four`).  The grey piece's options (:func:`with_grey_options`) are given here too.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.puzzles.genius_square.colours import (EMPTY, EMPTY_MAX, LOOSE_RESIDUAL, MAX_RESIDUAL, MIN_LEAD,
                                                  NEUTRAL_SPREAD)
from visolve.puzzles.genius_square.rims import rimmed

SIZE = 6
LENGTH = 4
#: the grey piece's symbol
GREY = "5"
#: an empty square beside the four is "board" when its brightness (mean of ``n``) is at most this
#: share of the dimmest of the four (glare's Gaussian spot lifts a square's neighbours by a quarter
#: of its lift and more at the sizes the camera draws)
OUTLINE_SHARE = 0.5
#: a straight four of faint squares with more than this many further than LOOSE_RESIDUAL from the grey
#: piece's colour (``ranks``) is no grey piece: its four squares show its colour alike (the grey piece on
#: a grey SmartGames board, faint as glare: 0.44 on each square of seed 0 scene 29, 0.56 in
#: tests/puzzles/genius_square/test_scenes_found.py; empty squares in glare 0.26-0.63, seed 1 scene 85,
#: and 0.74-0.89, seed 1 scene 88)
UNLIKE_GREY = 2
#: least squares of a four showing a cube's rim (:func:`visolve.puzzles.genius_square.rims.rimmed`) for
#: it to be the grey piece: fours of faint neutral squares that are no grey piece show none but where
#: they overlap it (87 such fours in the photo scenes of seeds 0, 1, 2, 3 and 17, one square at most);
#: the grey piece's fours read so show 2-4 (seed 17 scene 70: 4; seed 1 scene 35: 3; seed 17 scene 16: 2)
RIMMED_LEAST = 3
#: a square read as empty whose centre's mean ``n`` is at least this is not in a shadow: shadowed empty
#: squares with dark edges -0.17 to -0.51, the grey piece as dark as a grey board -0.06 to 0.05 (photo
#: scenes of seeds 0, 1, 2, 3 and 17; no four of such neutral squares but the grey piece's shows
#: RIMMED_LEAST rims: 3604 of them, 2 at most, those overlapping the grey piece)
SHADOW_FLOOR = -0.1


def lifted(sq) -> bool:
    """A square read as empty whose centre is a neutral grey clearly above the board's."""
    if sq.symbol != EMPTY or not sq.colour:
        return False
    colour = np.asarray(sq.colour, np.float64)
    return float(colour.min()) >= EMPTY_MAX and float(colour.max() - colour.min()) <= NEUTRAL_SPREAD


def grey_looking(sq) -> bool:
    """A square read as empty that is :func:`lifted`, or flat against its edges but of a colour the
    grey piece may be (:attr:`visolve.puzzles.genius_square.colours.Square.grey`: the grey piece
    leaning, its side filling the gaps between its cubes, scene 28 of seed 9)."""
    return lifted(sq) or (sq.symbol == EMPTY and sq.grey)


def unlike_grey(squares, cells: list[tuple[int, int]]) -> bool:
    """Whether more than :data:`UNLIKE_GREY` of the squares ``cells`` (row, column) are further than
    :data:`~visolve.puzzles.genius_square.colours.LOOSE_RESIDUAL` from the grey piece's colour (their
    ``ranks``; a square without them counts as near it), and the glare shows beside them too: glare
    is a smooth spot, it leaves some square beside the four faint as well (the glare of scene 88 of
    seed 1 and scene 19 of seed 17 lifts 16 squares).  Four faint squares with none faint beside them
    stand out of the board as the grey piece does: on a grey SmartGames board, whose grey piece's shade
    is within a few hundredths of the board's, its lit tops are as far from that shade as glare is
    (scene 35 of seed 1: residuals 3.9-5.3, no square beside the four faint, read as four empty squares
    when the residuals alone counted: a misread)."""
    far = sum(dict(squares[r][c].ranks).get(GREY, 0.0) > LOOSE_RESIDUAL for r, c in cells)
    return far > UNLIKE_GREY and any(squares[y][x].faint for y, x in _beside(cells))


def _beside(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The squares on the board beside ``cells`` (row, column), not among them."""
    around = {(y + dy, x + dx) for y, x in cells for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    return sorted((y, x) for y, x in around - set(cells) if 0 <= y < SIZE and 0 <= x < SIZE)


def outlined_fours(squares) -> list[list[tuple[int, int]]]:
    """The straight fours of :func:`grey_looking` squares whose empty neighbours (every square beside
    them read as empty) are at most :data:`OUTLINE_SHARE` as bright as the dimmest of them: the grey
    piece's outline against the board.  Four with no empty neighbour are the grey piece or glare
    just as much (scene 6 of seed 6: the grey piece of a flat drawing between pieces and discs,
    read as empty, was a misread)."""
    return [cells for cells in straight_fours()
            if all(grey_looking(squares[y][x]) for y, x in cells) and _outlined(squares, cells)]


def bare_four(squares) -> list[tuple[int, int]] | None:
    """The straight four a board read without the grey piece leaves empty when it is covered but for
    them, each of the four as near the grey piece's colour as any piece's or the wood's
    (:func:`near_grey`): the grey piece on a board as grey as it (scene 2 of seed 12: a solved grey
    SmartGames board drawn flat, the grey piece a few grey levels lighter than the board, read as
    four empty squares: a misread).  None
    when the grey piece is seen, or the squares that may be empty (read so, or with that option) are not
    such a four."""
    empty = bare_cells(squares)
    if empty is None or not all(near_grey(squares[r][c]) for r, c in empty):
        return None
    return empty


def bare_cells(squares) -> list[tuple[int, int]] | None:
    """The straight four a board read without the grey piece leaves empty when it is covered but for
    them (squares that may be empty: read so, or with that option), in order; None when the grey
    piece is seen or the board is not so covered."""
    if any(sq.symbol == GREY for row in squares for sq in row):
        return None
    empty = [(r, c) for r, row in enumerate(squares) for c, sq in enumerate(row)
             if sq.symbol == EMPTY or EMPTY in sq.options]
    if len(empty) != LENGTH or sorted(empty) not in [sorted(cells) for cells in straight_fours()]:
        return None
    return sorted(empty)


def near_grey(square) -> bool:
    """Whether ``square``'s colour is nearest the grey piece's of all the pieces' and the wood's, or
    no nearer another's by :data:`~visolve.puzzles.genius_square.colours.MIN_LEAD` (seed 311 scene 55:
    a grey SmartGames drawing whose grey piece on A4-D4 read 0.82 from the grey piece's colour and
    0.81 from the wood's, each square empty, the board covered but for them: a misread)."""
    residuals = dict(square.ranks)
    if GREY not in residuals:
        return False
    return residuals[GREY] - square.ranks[0][1] < MIN_LEAD


def with_grey_options(squares):
    """The squares, those read as empty that may be the grey piece
    (:attr:`visolve.puzzles.genius_square.colours.Square.grey`) given that option when the grey
    piece is surely seen elsewhere: the shapes say whether it needs them (never when it is not seen:
    glare on a row of empty squares would then be a doubt)."""
    if not any(sq.symbol == GREY for row in squares for sq in row):
        return squares
    return [[replace(sq, symbol="", options=(EMPTY, GREY)) if sq.grey and sq.symbol == EMPTY else sq
             for sq in row] for row in squares]


def with_standing_grey(squares):
    """The squares, the four of :func:`standing_four` (or else of :func:`rimmed_four`) read as the grey
    piece (the others as read)."""
    four = standing_four(squares) or rimmed_four(squares)
    if four is None:
        return with_rim_doubt(squares)
    out = [list(row) for row in squares]
    for r, c in four:
        out[r][c] = replace(out[r][c], symbol=GREY, options=(), faint=False, grey=False, sides=())
    return out


def standing_four(squares) -> list[tuple[int, int]] | None:
    """The one straight four of squares read as empty (or as empty or the grey piece, for the shapes
    to settle) that is the grey piece by its colour and by the board around it: each square lighter than
    the board in every channel (:data:`~visolve.puzzles.genius_square.colours.EMPTY_MAX` and more) and
    nearest the grey piece's colour of all the pieces' and the wood's, within the sure colours' residual
    (:data:`~visolve.puzzles.genius_square.colours.MAX_RESIDUAL`); every square beside the four read
    surely, the empty ones at most :data:`OUTLINE_SHARE` as bright as the dimmest of the four.

    Glare, the other thing that lifts an empty square to a grey, is a smooth spot: it lifts the empty
    squares around the ones it lifts most, and pales the pieces beside them into a doubt or options
    (scene 64 of seed 1: the grey piece on a navy board drawn flat, ``n`` 0.27-0.48, its light lines
    like the empty squares' rims, read as empty or grey with empty squares at ``n`` 0 beside it; scene
    97 of seed 0: on a grey board, ``n`` 0.2, every other square covered).  None when the grey piece is
    seen (or may be) elsewhere, or when no four or several are such.
    """
    if _grey_elsewhere(squares):
        return None
    fours = [cells for cells in straight_fours() if all(_standing(squares[r][c]) for r, c in cells)
             and _sure_around(squares, cells) and _outlined(squares, cells)]
    return fours[0] if len(fours) == 1 else None


def rimmed_four(squares) -> list[tuple[int, int]] | None:
    """The one straight four of :func:`_faint_grey` squares of which at least :data:`RIMMED_LEAST` show a
    cube's rim (:func:`visolve.puzzles.genius_square.rims.rimmed`): the grey piece on a board as grey as
    it, its colour no clue (:mod:`visolve.puzzles.genius_square.rims`).  None when no four or several are
    such, or the grey piece is seen elsewhere or may lie elsewhere (:func:`grey_four_elsewhere`: a square
    that may be grey where no four of the grey piece fits is no such place: seed 2 scene 43, discs in
    glare with the grey piece among their options)."""
    if any(sq.symbol == GREY for row in squares for sq in row):
        return None
    fours = _rimmed_fours(squares, _faint_grey)
    return fours[0] if len(fours) == 1 and not grey_four_elsewhere(squares, fours[0]) else None


def grey_four_elsewhere(squares, four: list[tuple[int, int]]) -> bool:
    """Whether a straight four other than ``four`` may be the grey piece: each of its squares read as
    it, with it among their options, or :func:`_faint_grey`, and one at least may be it but as empty or
    grey (:func:`grey_or_empty`: those are the faint fours' own); or a four apart from ``four``, each
    of its squares empty or grey (a lifted grey: the grey piece's lit tops on a grey board, seed 101
    scene 79, where a faint rimmed row beside brown cubes was read as the grey piece, a misread; no
    rimmed four picked in the scenes of seeds 0, 1, 17, 79, 83 and 89 had such a four apart)."""
    return any(sorted(cells) != sorted(four)
               and all(_may_be_grey(squares[r][c]) or _faint_grey(squares[r][c]) for r, c in cells)
               and any(_may_be_grey(squares[r][c]) for r, c in cells) for cells in straight_fours()) or any(
        not set(cells) & set(four) and all(grey_or_empty(squares[r][c]) for r, c in cells)
        for cells in straight_fours())


def with_rim_doubt(squares):
    """The squares, those of the one four that :func:`rimmed_four` takes but for some square not lighter
    than the board (:func:`_board_grey`: the grey piece as dark as a grey board, seed 2 scene 47, read as
    four empty squares: a misread) in doubt; the others as read."""
    four = _rimmed(squares, _board_grey)
    if four is None:
        return squares
    out = [list(row) for row in squares]
    for r, c in four:
        out[r][c] = replace(out[r][c], symbol="", options=(), doubt="four squares in a row read as empty, most "
                            "of them edged dark as a cube's rims: the grey piece as grey as the board?")
    return out


def _rimmed(squares, alike) -> list[tuple[int, int]] | None:
    """The one straight four of squares each ``alike``, at least :data:`RIMMED_LEAST` of them rimmed, the
    grey piece nowhere else; None when no four or several are such."""
    if _grey_elsewhere(squares):
        return None
    fours = _rimmed_fours(squares, alike)
    return fours[0] if len(fours) == 1 else None


def _rimmed_fours(squares, alike) -> list[list[tuple[int, int]]]:
    """The straight fours of squares each ``alike``, at least :data:`RIMMED_LEAST` of them rimmed."""
    return [cells for cells in straight_fours() if all(alike(squares[r][c]) for r, c in cells)
            and sum(rimmed(squares[r][c].rims) for r, c in cells) >= RIMMED_LEAST]


def _grey_elsewhere(squares) -> bool:
    """Whether a square is read as the grey piece, or may be it among other things than empty."""
    return any(_may_be_grey(sq) for row in squares for sq in row)


def _may_be_grey(sq) -> bool:
    """Whether ``sq`` is read as the grey piece, or may be it among other things than empty."""
    return sq.symbol == GREY or (GREY in sq.options and not grey_or_empty(sq))


def _faint_grey(sq) -> bool:
    """A square read as empty (or :func:`grey_or_empty`), faint (lighter than the board), its channels
    within :data:`~visolve.puzzles.genius_square.colours.NEUTRAL_SPREAD`."""
    if not (sq.symbol == EMPTY or grey_or_empty(sq)) or not sq.faint or not sq.colour:
        return False
    return float(max(sq.colour) - min(sq.colour)) <= NEUTRAL_SPREAD


def _board_grey(sq) -> bool:
    """A square read as empty (or :func:`grey_or_empty`), neutral, not in a shadow
    (:data:`SHADOW_FLOOR`)."""
    if not (sq.symbol == EMPTY or grey_or_empty(sq)) or not sq.colour:
        return False
    return float(max(sq.colour) - min(sq.colour)) <= NEUTRAL_SPREAD and float(np.mean(sq.colour)) >= SHADOW_FLOOR


def grey_or_empty(sq) -> bool:
    """A square read as empty or the grey piece, for the shapes to settle."""
    return not sq.symbol and not sq.doubt and set(sq.options) == {EMPTY, GREY}


def _standing(sq) -> bool:
    """A square read as empty (or :func:`grey_or_empty`) lighter than the board in every channel,
    nearest the grey piece's colour within the sure colours' residual."""
    if not (sq.symbol == EMPTY or grey_or_empty(sq)) or not sq.colour or not sq.ranks:
        return False
    best, residual = sq.ranks[0]
    return best == GREY and residual <= MAX_RESIDUAL and float(min(sq.colour)) >= EMPTY_MAX


def _sure_around(squares, cells: list[tuple[int, int]]) -> bool:
    """Whether every square beside ``cells`` is read surely: one symbol, no options, no doubt."""
    around = {(y + dy, x + dx) for y, x in cells for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    return all(squares[y][x].symbol and not squares[y][x].options for y, x in around - set(cells)
               if 0 <= y < SIZE and 0 <= x < SIZE)


def straight_fours() -> list[list[tuple[int, int]]]:
    """Every straight row or column of :data:`LENGTH` squares on the board (the grey piece's
    places), by its first square in reading order, across before down."""
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            for dr, dc in ((0, 1), (1, 0)):
                cells = [(r + k * dr, c + k * dc) for k in range(LENGTH)]
                if all(0 <= y < SIZE and 0 <= x < SIZE for y, x in cells):
                    out.append(cells)
    return out


def _outlined(squares, cells: list[tuple[int, int]]) -> bool:
    dimmest = min(float(np.mean(squares[y][x].colour)) for y, x in cells)
    around = {(y + dy, x + dx) for y, x in cells for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    around = [(y, x) for y, x in around - set(cells) if 0 <= y < SIZE and 0 <= x < SIZE
              and squares[y][x].symbol == EMPTY and squares[y][x].colour]
    return all(float(np.mean(squares[y][x].colour)) <= OUTLINE_SHARE * dimmest for y, x in around)
