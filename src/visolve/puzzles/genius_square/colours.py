"""What lies on each square of an upright board: nothing, a blocker, or which piece.

Colours are compared after evening out the light with two references the
board itself shows (:mod:`visolve.puzzles.genius_square.references`): the
board's own colour near every square, and the label ink's white point.

Each square's colour ``c`` becomes ``n = (c - board) / (white - board)`` per
channel: 0 on an empty square, the drawing's own colour elsewhere, in the
same units as :data:`PROTOTYPES` (the game's colours put through the same
map with the edition's nominal board and label colours).  A square is

* *empty* when ``n`` stays near 0 at its centre, or is the board's colour in a shadow
  (:mod:`visolve.puzzles.genius_square.shade`);
* a *blocker* when its centre is wood and its corners show the board (two free corners or more: a disc or nothing);
* a *piece* when its centre matches one piece colour clearly better than any other (up to a light gain in
  :data:`GAIN`: a :class:`visolve.vision.palette.Palette` of the ``gain`` metric) and its corners are not
  the board's (a cube fills its square; a piece faint on its board: :mod:`visolve.puzzles.genius_square.faint`).
Anything else is a doubt: the square is named and nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from visolve.puzzles.genius_square.draw import PIECE_BGR, STYLE, WOOD_BGR
from visolve.puzzles.genius_square.model import COLOURS
from visolve.puzzles.genius_square.faint import FAINT_DOUBT, faint_piece, with_faint_tops
from visolve.puzzles.genius_square.glared import MIN_UNGLARED, board_in_glare, own_cube, under_glare
from visolve.puzzles.genius_square.greywood import grey_wood
from visolve.puzzles.genius_square.references import MIN_SPAN
from visolve.puzzles.genius_square.rims import dark_edges
from visolve.puzzles.genius_square.sides import EDGES, board_like, hidden_pieces, line_lifts, lines_over, sides_seen
from visolve.puzzles.genius_square.shade import in_shade, shade_like
from visolve.puzzles.genius_square.surplus import over_read
from visolve.vision.patches import median_last
from visolve.vision.palette import Palette
from visolve.vision.view import BoardView

SIZE = 6
WOOD = "#"
EMPTY = "."
GREY_PIECE = "5"
#: on a board as grey as the grey piece, a square read as empty this much lighter than the board in every channel may be it
GREY_LIFT = 0.04
#: centre patch of a square (share of its side) whose median colour is read
CENTRE = 0.4
#: corner patches: centre this far from the square's edges, half-size (squares)
CORNER_AT = 0.11
CORNER_HALF = 0.045
#: a centre (largest channel of |n|) below EMPTY_MAX is empty; an object needs OBJECT_MIN
EMPTY_MAX = 0.14
OBJECT_MIN = 0.2
#: a faint, grey centre (largest channel below FAINT_MAX, channels within
#: NEUTRAL_SPREAD) is an empty square in glare or shade: no piece is that dim
#: and grey (the grey piece is far brighter), wood is never grey
FAINT_MAX = 0.32
NEUTRAL_SPREAD = 0.08
#: a corner shows the board when its largest channel of |n| is below this,
#: and below this share of the centre's (a dark cube's bevel is dark, not board)
CORNER_BOARD = 0.16
FREE_SHARE = 0.3
#: a cube leaves at most this many corners free (its bevel, a gap); with
#: DISC_FREE or more free corners the square holds a disc or nothing
MAX_FREE_CUBE = 1
DISC_FREE = 2
#: a corner is filled when its largest channel of |n| is this share of the
#: centre's or more; CUBE_FILLED filled corners: a cube, never a disc
FILLED_SHARE = 0.6
CUBE_FILLED = 3
#: light gains allowed between the board's white point and a square
GAIN = (0.75, 1.33)
#: brightness of the wood of the discs (it varies from disc to disc)
WOOD_SHADES = (0.85, 1.0, 1.1)
#: a piece's paint seen darker or lighter than the game's (a print run, a dye: the scenes jitter it
#: by 6-7 %): on a board as dark as the piece that is no light gain on ``n`` either, so a square read
#: as empty is matched to a piece faint on its board at these brightnesses of its paint
#: (:func:`visolve.puzzles.genius_square.faint.faint_top`; seed 191 scene 87: a brown domino drawn at
#: 0.83 of the brown, on a maroon board, 0.79 off brown's own shade, read as two empty squares)
PAINTS = (0.8, 0.9, 1.0)
#: ... and of a disc's side, which fills a square's centre when a tall disc is seen at an angle (its
#: top off its square): the wood at 0.85 x the side's light 0.5-0.85.  On a coloured board darker
#: wood is no gain on ``n``: these are shades of their own, in close steps (near the board's colour
#: ``n`` is small, and a step between shades a large relative residual)
DISC_SIDE_SHADES = (0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75)
#: largest relative residual of the best colour, and least lead over the second
MAX_RESIDUAL = 0.3
MIN_LEAD = 0.1
#: a colour further than MAX_RESIDUAL from every piece, up to LOOSE_RESIDUAL, is never read alone:
#: the colours within LOOSE_WINDOW of it, and at least the two nearest, are options for the shapes
#: to settle (a colour cast or a shaded cube top moves a piece's colour towards its neighbour's:
#: orange and yellow, purple and red on a maroon board); wood is among the two nearest only within
#: LOOSE_WINDOW, else the next piece is (a cast moves a piece's hue towards another piece's; a disc is
#: told by its free corners, or by its colour nearest the wood's).  Seed 227 scene 49: a green cube's
#: shaded side on C6 (nearest green by 0.45, wood 0.78), green read whole elsewhere, was read as a disc
#: by the shapes, the disc on F6 hidden and read empty: a misread
LOOSE_RESIDUAL = 0.8
LOOSE_WINDOW = 0.25
LOOSE_LEAST = 2
#: a colour paler than this in every channel may be a piece's under glare: the glare mixes tried
PALE_FLOOR = 0.25
GLARE_MIX = (0.15, 0.3, 0.45, 0.6)
#: ... up to this much above the palest channel: a colour with a channel at or below the board's
#: (dark blue's red, yellow's blue) keeps it near 0 under glare, noise puts it either side
GLARE_SLACK = 0.1
#: a colour this close behind the best one (beyond MIN_LEAD) is an option too
OPTION_MARGIN = 0.05
#: centre edge patches: this far inside the square's edge, half-size (squares)
EDGE_AT = 0.02
EDGE_HALF = 0.03
#: glare on the board: channels of ``n`` within GLARE_SPREAD + GLARE_SPREAD_SHARE * size
GLARE_SPREAD = 0.06
GLARE_SPREAD_SHARE = 0.35
#: grey: channels within GREY_SPREAD + GREY_SPREAD_SHARE * size (wood: 0.45 * size and more)
GREY_SPREAD = 0.04
GREY_SPREAD_SHARE = 0.2
#: centre over edges per light left by glare (:func:`_edge_contrast`), measured on 500 synthetic
#: photos: an empty square in glare at most 0.18 (Happy Puzzle) and -0.38 (SmartGames), the grey
#: piece at least 0.42 and -0.41 (-0.34 drawn clean).  Below EMPTY_EDGE_MAX a square may be empty;
#: below CUBE_EDGE_MIN it is no cube.  On the SmartGames board the light grid lines hide the cube's
#: edge and the two overlap (painter seed 0: empty squares in glare -0.36 to -1.6), so only a square
#: well below the grey piece's least is no cube (a glare spot on empty squares, -0.56 to -1.56: read
#: as empty or the grey piece, the shapes allowed it on several fours); above, it stays either.
EMPTY_EDGE_MAX = {"happy-puzzle": 0.2, "smartgames": -0.4}
CUBE_EDGE_MIN = {"happy-puzzle": 0.2, "smartgames": -0.5}
#: a centre brighter than this (mean of ``n``) is washed out: nothing can be told
WASHED_OUT = 1.05
#: a disc in glare: its corners (median) below this share of the centre's brightness (a cube's
#: corners are its face, one its dark bevel); glare at most MAX_GLARE
DISC_CORNER_SHARE = 0.8
#: ... below SURE_DISC_SHARE no cube (measured: cubes 0.5 and more, the grey piece 0.65 and more)
SURE_DISC_SHARE = 0.45
MAX_GLARE = 0.85


@dataclass(frozen=True)
class Square:
    """One square as read: ``symbol`` (``.``, ``#``, ``1``-``9``) or ``""`` with a ``doubt``."""

    symbol: str
    doubt: str = ""
    colour: tuple = ()
    faint: bool = False  #: read as empty, lighter than the board, not flat (glare, or a dim grey piece?)
    options: tuple = ()  #: what the square may be when its colour alone does not say (shapes settle it)
    #: read as empty (flat against its edges) but of a colour that piece may be: it is, when that piece is
    #: seen elsewhere and needs it (tall pieces around a cube fill the gaps that part it, seen from the front)
    grey: bool = False
    #: (symbol, residual) of the centre's colour to each piece's and the wood's, nearest first (a solved
    #: board's whole cover weighs by them: :mod:`visolve.puzzles.genius_square.cover`)
    ranks: tuple = ()
    #: read as empty, its grid lines hidden, on a board that these pieces' shaded sides look like, or of
    #: the colour of a piece as faint as the board: it may be one of them
    #: (:mod:`visolve.puzzles.genius_square.sides`, :func:`visolve.puzzles.genius_square.faint.faint_top`)
    sides: tuple = ()
    rims: int = 0  #: edges darker than the board (a cube's rim: :mod:`visolve.puzzles.genius_square.rims`)
    #: edges showing the grid's light line over its middle, on a board as grey as the grey piece (its top
    #: covers them: :mod:`visolve.puzzles.genius_square.unlined`); all four where not counted
    lines: int = EDGES


def prototypes(edition: str, board_bgr=None, paints: tuple[float, ...] = (1.0,)) -> Palette:
    """The game's colours in the units of ``n`` for an edition: piece number or ``#`` -> shades ``(k, 3)``.

    Wood gets one shade per brightness of :data:`WOOD_SHADES`: lighter or
    darker wood is no gain on ``n`` on a coloured board (the board is
    subtracted first); the pieces' paint is one colour each, or one shade per brightness of
    ``paints`` (:data:`PAINTS`, for :func:`visolve.puzzles.genius_square.faint.faint_top`).  They are
    compared by the residual after a light gain within :data:`GAIN`, not
    CIEDE2000: ``n`` is a difference from the board in units of the light
    (its limits below were measured in those units).
    """
    style = STYLE[edition]
    board = np.array(style["board"] if board_bgr is None else board_bgr, np.float64)
    span = np.array(style["label"], np.float64) - board
    colours = dict(PIECE_BGR, **{WOOD: WOOD_BGR})
    return Palette({name: np.array([(np.clip(np.array(bgr, np.float64) * f, 0, 255) - board) / span
                                    for f in (WOOD_SHADES + DISC_SIDE_SHADES if name == WOOD else paints)])
                    for name, bgr in colours.items()}, metric="gain", order="bgr", gain=GAIN)


def read_squares(view: BoardView, board: np.ndarray, white: np.ndarray, edition: str,
                 print_bgr=None, shift: np.ndarray | None = None) -> list[list[Square]]:
    """Every square of the upright ``view`` (6 x 6, row A first).

    ``print_bgr`` is the board's printed colour when it is not the edition's
    nominal one (a maroon or grey SmartGames board), see :func:`print_colour`;
    ``shift`` ``(6, 6, 2)``: where each square's centre colour is read, off its middle
    (:func:`visolve.puzzles.genius_square.tops.top_shifts`).
    """
    protos = prototypes(edition, print_bgr)
    img = view.image.astype(np.float64)
    span = np.maximum(white - board, MIN_SPAN)
    corner_at = [(x, y) for x in (CORNER_AT, 1 - CORNER_AT) for y in (CORNER_AT, 1 - CORNER_AT)]
    edge_at = [(0.5, EDGE_AT), (0.5, 1 - EDGE_AT), (EDGE_AT, 0.5), (1 - EDGE_AT, 0.5)]
    centres = (_medians(img, view, [(0.5, 0.5)], CENTRE / 2, shift) - board[:, :, None]) / span[:, :, None]
    corners = (_medians(img, view, corner_at, CORNER_HALF) - board[:, :, None]) / span[:, :, None]
    edges = (_medians(img, view, edge_at, EDGE_HALF) - board[:, :, None]) / span[:, :, None]
    like = board_like(edition, print_bgr)
    lifts = line_lifts(img, view, board, span) if like else np.zeros((SIZE, SIZE, 4))
    sided = sides_seen(view) if like else np.zeros((SIZE, SIZE), bool)  # a cube's side at the middle?
    board_lift = float(np.median(lifts))
    squares = [[_read_square(centres[r, c, 0], list(corners[r, c]), list(edges[r, c]), protos, edition,
                             (like if sided[r, c] else (), lifts[r, c], board_lift))
                for c in range(SIZE)] for r in range(SIZE)]
    squares = in_shade(squares, centres[:, :, 0], board, span,
                       lambda: lifts if like else line_lifts(img, view, board, span),
                       lambda: shade_like(edition, print_bgr))
    squares = with_faint_tops(squares, centres[:, :, 0], protos,  # brown on maroon, fainter than an object
                              lambda: prototypes(edition, print_bgr, PAINTS))
    if grey_like_board(protos):  # an empty square lighter than the board in every channel may be it
        squares = [[replace(sq, faint=True) if sq.symbol == EMPTY and float(centres[r, c, 0].min()) >= GREY_LIFT
                    else sq for c, sq in enumerate(row)] for r, row in enumerate(squares)]
        edged = lifts if like else line_lifts(img, view, board, span)  # its top covers the grid's lines
        edged_lift = float(np.median(edged))
        squares = [[replace(sq, lines=lines_over(edged[r, c], centres[r, c, 0], edged_lift))
                    for c, sq in enumerate(row)] for r, row in enumerate(squares)]
    return over_read(squares)  # a piece read surely where no one placement of it lies: those squares in doubt


def _read_square(centre: np.ndarray, corners: list[np.ndarray], edges: list[np.ndarray], protos: Palette,
                 edition: str, lines: tuple) -> Square:
    """One square (:func:`classify`) with its colour's ranks and the pieces it may hide
    (:func:`visolve.puzzles.genius_square.sides.hidden_pieces`; ``lines``: the board-like pieces, the
    square's line lifts and the board's median lift)."""
    sq = classify(centre, corners, protos, edition, edges)
    return replace(sq, ranks=tuple((name, round(d, 3)) for d, name in protos.ranked(centre)),
                   sides=hidden_pieces(sq.symbol, lines[1], lines[2], lines[0]), rims=dark_edges(edges))


def grey_like_board(protos: Palette) -> bool:
    """Whether the grey piece is as faint against this board as an empty square in glare (a grey
    SmartGames board): its squares would read as empty."""
    return float(np.abs(protos.shades[GREY_PIECE]).max()) < FAINT_MAX


def _medians(img: np.ndarray, view: BoardView, offsets: list[tuple[float, float]], half: float,
             shift: np.ndarray | None = None) -> np.ndarray:
    """Median colours ``(6, 6, k, 3)`` of square patches ``half`` squares each side of the points
    ``offsets`` (within a square, in squares) of every square, moved by ``shift`` ``(6, 6, 2)``."""
    r = max(1, int(round(half * view.pitch)))
    cells = np.array([(c + u, rr + v) for rr in range(SIZE) for c in range(SIZE) for u, v in offsets])
    if shift is not None:
        cells += np.repeat(shift.reshape(-1, 2), len(offsets), axis=0)
    at = np.round(view.board_to_view(cells)).astype(int)
    d = np.arange(-r, r + 1)
    ys = np.clip(at[:, 1, None, None] + d[None, :, None], 0, img.shape[0] - 1)
    xs = np.clip(at[:, 0, None, None] + d[None, None, :], 0, img.shape[1] - 1)
    patches = img[ys, xs].reshape(len(cells), -1, 3)
    return median_last(patches.transpose(0, 2, 1)).reshape(SIZE, SIZE, len(offsets), 3)


def classify(centre: np.ndarray, corners: list[np.ndarray], protos: Palette,
             edition: str = "happy-puzzle", edges: list[np.ndarray] | None = None) -> Square:
    """One square from its centre, corner and edge colours (units of ``n``).

    The result has one symbol, or several ``options`` that the pieces' shapes
    must settle (:mod:`visolve.puzzles.genius_square.resolve`), or a ``doubt``.
    """
    size = float(np.abs(centre).max())
    spread = float(centre.max() - centre.min())
    shown = tuple(round(float(v), 2) for v in centre)
    if size < EMPTY_MAX:
        return Square(EMPTY, colour=shown)
    flat = edges is not None and _edge_contrast(centre, edges) < EMPTY_EDGE_MAX[edition]
    if size < FAINT_MAX and spread < NEUTRAL_SPREAD:
        return Square(EMPTY, colour=shown, faint=not flat)
    if size < OBJECT_MIN:  # a piece as faint on this board (brown on maroon), or a doubt
        name = faint_piece(centre, corners, protos)
        return Square(name, colour=shown) if name else Square("", f"{FAINT_DOUBT} (n={shown})", shown)
    free = sum(float(np.abs(k).max()) < min(CORNER_BOARD, FREE_SHARE * size) for k in corners)
    if free >= DISC_FREE:  # a disc or nothing, washed out or not: a cube fills its corners
        return _disc(centre, protos, shown, corners)
    if float(centre.mean()) > WASHED_OUT:  # anything at all: the pieces' shapes may settle it
        return Square("", colour=shown, options=(EMPTY, WOOD, *sorted(p for p in protos.shades if p != WOOD)))
    glared = _disc_in_glare(centre, corners)
    disc = glared is not None and protos.distance(glared, WOOD) <= MAX_RESIDUAL
    flat = flat and _glare_like(centre)
    cube = edges is None or _edge_contrast(centre, edges) > CUBE_EDGE_MIN[edition]
    if disc and _corner_share(centre, corners) < SURE_DISC_SHARE:
        return Square(WOOD, colour=shown)
    options = ([EMPTY] if flat else []) + ([WOOD] if disc else [])
    colours = _colour_options(centre, corners, protos, size, free)
    options += [name for name in colours
                if name not in options and (name == WOOD or cube or not _glare_like(centre))]
    if WOOD in options and EMPTY not in options and _grey(centre) and grey_wood(centre, protos):  # or glare
        options = [EMPTY, *options]
    if EMPTY not in options and edges is not None and _glare_like(centre) and board_in_glare(
            centre, _edge_contrast(centre, edges), protos.ranked(centre)[0][0] <= MAX_RESIDUAL):
        options = [EMPTY, *options] if options else [EMPTY, WOOD]  # the shapes and the dice's count settle it
    if not options and lifted_grey(centre):  # the grey piece out of true, or glare: the shapes settle it
        return Square("", colour=shown, options=(EMPTY, GREY_PIECE))
    if not options:
        return Square("", _colour_doubt(centre, protos, shown), shown)
    if WOOD in options and not disc and own_cube(centre, corners):  # a glared cube, not a hidden disc
        options += [name for name in under_glare(centre, protos) if name not in options]
    if len(options) == 1:
        return Square(options[0], colour=shown, grey=options[0] == EMPTY and GREY_PIECE in colours)
    return Square("", colour=shown, options=tuple(options))


def _colour_options(centre: np.ndarray, corners: list[np.ndarray], protos: Palette,
                    size: float, free: int) -> list[str]:
    """The colours ``centre`` may be: the best (within :data:`MAX_RESIDUAL`) and those close behind it."""
    filled = sum(float(np.abs(k).max()) > FILLED_SHARE * size for k in corners)
    wood = filled < CUBE_FILLED and (not _grey(centre) or grey_wood(centre, protos))
    every = protos.ranked(centre)
    ranked = [(r, name) for r, name in every if name != WOOD or wood]
    # a disc whose corners tall pieces lean over: wood, if the pieces' shapes allow it
    leaning = not wood and not _grey(centre) and every[0][1] == WOOD and every[0][0] <= MAX_RESIDUAL
    best = ranked[0][0]
    if best > LOOSE_RESIDUAL and not leaning:
        return []
    window = MIN_LEAD + OPTION_MARGIN if best <= MAX_RESIDUAL else LOOSE_WINDOW
    close = [name for r, name in ranked if r < best + window]
    if best > MAX_RESIDUAL and len(close) < LOOSE_LEAST and not lifted_grey(centre):  # a cast moves a hue, not a lifted grey
        close = [name for r, name in ranked if name != WOOD or r < best + window][:LOOSE_LEAST]
    close += [name for name in _unglared(centre, protos) if name not in close and name != WOOD]
    close += [WOOD] if leaning else []
    close = [name for name in close if name == WOOD or free <= MAX_FREE_CUBE]
    return close if best <= MAX_RESIDUAL or len(close) > 1 else []


def _unglared(centre: np.ndarray, protos: Palette) -> list[str]:
    """The pieces a pale colour (every channel of ``n`` over :data:`PALE_FLOOR`) may be under glare:
    glare mixes a colour towards white, ``(1 - s) n + s``; for each ``s`` of :data:`GLARE_MIX` below
    the palest channel (and up to :data:`GLARE_SLACK` above it), the colour with that glare taken out is matched (options only: a cube's top
    in glare is no more the grey piece or wood than the colour under it)."""
    low = float(centre.min())
    if low <= PALE_FLOOR:
        return []
    out: list[str] = []
    for mix in GLARE_MIX:
        if mix >= low + GLARE_SLACK:
            break
        residual, name = protos.ranked((centre - mix) / (1.0 - mix))[0]
        if residual <= MAX_RESIDUAL and name not in out:
            out.append(name)
    return out


def _colour_doubt(centre: np.ndarray, protos: Palette, shown: tuple) -> str:
    (_best, name), (_second, other) = protos.ranked(centre)[:2]
    return f"colour {shown} is neither clearly {_what(name)} nor {_what(other)}"


def _glare_like(centre: np.ndarray) -> bool:
    """A colour glare on the board gives: near the board-to-white line (channels close together)."""
    size = float(np.abs(centre).max())
    return float(centre.max() - centre.min()) <= GLARE_SPREAD + GLARE_SPREAD_SHARE * size


def lifted_grey(centre: np.ndarray) -> bool:
    """Whether a colour may be the grey piece or the board in glare though neither matches it: neutral
    (:func:`_grey`) and lighter than the board by :data:`OBJECT_MIN` or more in every channel.  On a grey
    SmartGames board whose label ink reads dim, the grey piece's prototype is out of true (seeds 17 and
    19, scenes 27, 58 and 20: its squares measured 0.3-0.75 in every channel, its prototypes -0.57 to
    0.17; the wood, never this grey, nearest at 0.48-0.86)."""
    return _grey(centre) and float(centre.min()) >= OBJECT_MIN


def _grey(centre: np.ndarray) -> bool:
    """A colour with its channels close together (wood never is, even in glare)."""
    size = float(np.abs(centre).max())
    return float(centre.max() - centre.min()) <= GREY_SPREAD + GREY_SPREAD_SHARE * size


def _edge_contrast(centre: np.ndarray, edges: list[np.ndarray]) -> float:
    """How much brighter the centre is than the square's edges, per unit of light left by glare.

    An empty square in glare is as bright as the board and grid lines around
    it; a cube stands apart from the gap around it.
    """
    mean = float(centre.mean())
    return (mean - float(np.mean(edges))) / max(1.0 - mean, MIN_UNGLARED)


def _corner_share(centre: np.ndarray, corners: list[np.ndarray]) -> float:
    """The corners' brightness (median) as a share of the centre's."""
    return float(np.median([float(k.mean()) for k in corners])) / max(float(centre.mean()), MIN_UNGLARED)


def _disc_in_glare(centre: np.ndarray, corners: list[np.ndarray]) -> np.ndarray | None:
    """The centre's colour with glare taken out, when two corners or more show the board in glare.

    Glare mixes a colour ``n`` towards white: ``(1 - s) n + s``; a corner
    showing the board (0) gives ``s``.  Corners much darker than the centre
    and near the board-to-white line are taken as such.
    """
    lifted = [float(k.mean()) for k in corners if _glare_like(k)]
    if len(lifted) < DISC_FREE or _corner_share(centre, corners) > DISC_CORNER_SHARE:
        return None
    s = float(np.clip(min(lifted), 0.0, MAX_GLARE))
    glared = (centre - s) / (1.0 - s)
    return None if _grey(glared) else glared  # wood is coloured; a grey left is glare itself


def _disc(centre: np.ndarray, protos: Palette, shown: tuple, corners: list[np.ndarray]) -> Square:
    """A square whose corners show the board: a blocker if its centre is wood (coloured: a grey
    centre is a spot of glare as likely as a disc in it).  A centre of a piece's colour is a cube
    whose neighbours stand lower (discs beside a tall piece, its top seen off its square): that
    piece (or those pieces, for the shapes to settle), never wood; a wooden centre nearer a piece's
    colour still (a brown cube's top, near the dark wood of a disc's side) is wood or that piece.  A
    lifted grey centre (:func:`lifted_grey`) is glare, a disc in it or the grey piece's top, for the
    shapes and the dice's count to settle (seed 0: the grey piece's end square of scene 39, an empty
    square of scene 3 and a disc of scene 49, their corners all showing the board)."""
    if _grey(centre) and grey_wood(centre, protos):  # wood a maroon board greys, or glare: the dice's count says
        return Square("", colour=shown, options=(EMPTY, WOOD))
    if lifted_grey(centre):  # a spot of glare, a disc in it, or the grey piece's top seen off its square
        return Square("", colour=shown, options=(EMPTY, WOOD, GREY_PIECE))
    if protos.distance(centre, WOOD) > MAX_RESIDUAL or _grey(centre):
        colours = [] if _grey(centre) else _colour_options(centre, corners, protos, float(np.abs(centre).max()), 0)
        colours = [c for c in colours if c != WOOD]
        if len(colours) == 1 and protos.distance(centre, colours[0]) > MAX_RESIDUAL:  # loose: never read alone
            colours = [name for _r, name in protos.ranked(centre)][:LOOSE_LEAST]  # a disc too, when it is nearer
        if len(colours) == 1:
            return Square(colours[0], colour=shown)
        if colours:
            return Square("", colour=shown, options=tuple(colours))
        return Square("", f"its corners show the board, but colour {shown} is not wood", shown)
    wood = protos.distance(centre, WOOD)
    nearer = [name for r, name in protos.ranked(centre) if r < wood and name != WOOD]
    if nearer:  # a piece's colour nearer still (brown beside discs, a shaded disc's dark wood): the shapes say
        return Square("", colour=shown, options=(WOOD, *nearer))
    return Square(WOOD, colour=shown)


def _what(name: str) -> str:
    return "a wooden blocker" if name == WOOD else f"piece {name} ({COLOURS[name]})"
