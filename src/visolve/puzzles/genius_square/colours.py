"""What lies on each square of an upright board: nothing, a blocker, or which piece.

Colours are compared after evening out the light with two references the
board itself shows (:func:`references`):

* *the board* -- a band just outside the grid, between it and the labels,
  sampled all round: the board colour near every square (a smooth field,
  so a light gradient across the board does not matter);
* *the labels* -- their ink is white print: one white point for the board.

Each square's colour ``c`` becomes ``n = (c - board) / (white - board)`` per
channel: 0 on an empty square, the drawing's own colour elsewhere, in the
same units as :data:`PROTOTYPES` (the game's colours put through the same
map with the edition's nominal board and label colours).  A square is

* *empty* when ``n`` stays near 0 at its centre;
* a *blocker* when its centre is wood and its corners show the board (a
  disc leaves them free; two free corners or more: a disc or nothing);
* a *piece* when its centre matches one piece colour clearly better than
  any other (up to a light gain in :data:`GAIN`) and its corners are not the
  board's (a cube fills its square).

Anything else is a doubt: the square is named and nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from visolve.puzzles.genius_square.draw import PIECE_BGR, STYLE, WOOD_BGR
from visolve.puzzles.genius_square.model import COLOURS
from visolve.vision.view import BoardView

SIZE = 6
WOOD = "#"
EMPTY = "."
#: centre patch of a square (share of its side) whose median colour is read
CENTRE = 0.4
#: corner patches: centre this far from the square's edges, half-size (squares)
CORNER_AT = 0.11
CORNER_HALF = 0.045
#: the band outside the grid that shows the board: from, to (squares outside)
BAND = (0.08, 0.2)
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
#: largest relative residual of the best colour, and least lead over the second
MAX_RESIDUAL = 0.3
MIN_LEAD = 0.1
#: board colour: Smart Games blue when blue exceeds red by this much (grey levels)
BLUE_LEAD = 25.0


@dataclass(frozen=True)
class Square:
    """One square as read: ``symbol`` (``.``, ``#``, ``1``-``9``) or ``""`` with a ``doubt``."""

    symbol: str
    doubt: str = ""
    colour: tuple = ()
    faint: bool = False  #: read as empty, but lighter than the board (glare, or a dim grey piece?)


def edition_of(board_bgr: np.ndarray) -> str:
    """``smartgames`` for the blue board, ``happy-puzzle`` for the black one."""
    b, _g, r = (float(v) for v in board_bgr)
    return "smartgames" if b - r > BLUE_LEAD else "happy-puzzle"


def prototypes(edition: str) -> dict[str, np.ndarray]:
    """The game's colours in the units of ``n`` for an edition: piece number or ``#`` -> vectors ``(k, 3)``.

    Wood gets one vector per brightness of :data:`WOOD_SHADES`: lighter or
    darker wood is no gain on ``n`` on a coloured board (the board is
    subtracted first); the pieces' paint is one colour each.
    """
    style = STYLE[edition]
    board = np.array(style["board"], np.float64)
    span = np.array(style["label"], np.float64) - board
    colours = dict(PIECE_BGR, **{WOOD: WOOD_BGR})
    return {name: np.array([(np.clip(np.array(bgr, np.float64) * f, 0, 255) - board) / span
                            for f in (WOOD_SHADES if name == WOOD else (1.0,))])
            for name, bgr in colours.items()}


def references(view: BoardView, ink: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The board colour per square centre ``(6, 6, 3)`` and the white point ``(3,)``.

    ``ink`` are the label pixels' colours ``(n, 3)``.
    """
    points, colours = _band_samples(view)
    centres = np.array([(c + 0.5, r + 0.5) for r in range(SIZE) for c in range(SIZE)])
    d2 = ((centres[:, None, :] - points[None, :, :]) ** 2).sum(axis=2)
    weight = 1.0 / (d2 + 0.25)
    field = (weight @ colours) / weight.sum(axis=1, keepdims=True)
    white = np.percentile(ink, 90, axis=0) if len(ink) else np.full(3, 255.0)
    return field.reshape(SIZE, SIZE, 3), white


def _band_samples(view: BoardView) -> tuple[np.ndarray, np.ndarray]:
    """Board points just outside the grid, four per square of each edge, and their median colours."""
    a, b = BAND
    mid = (a + b) / 2
    half = (b - a) / 2
    points = []
    for k in np.arange(0.125, SIZE, 0.25):
        points += [(k, -mid), (SIZE + mid, k), (k, SIZE + mid), (-mid, k)]
    img = view.image.astype(np.float64)
    cols = []
    for u, v in points:
        x, y = view.board_to_view([(u, v)])[0]
        r = max(1, int(round(half * view.pitch)))
        patch = img[max(int(y) - r, 0):int(y) + r + 1, max(int(x) - r, 0):int(x) + r + 1]
        cols.append(np.median(patch.reshape(-1, 3), axis=0))
    return np.array(points), np.array(cols)


def read_squares(view: BoardView, board: np.ndarray, white: np.ndarray, edition: str) -> list[list[Square]]:
    """Every square of the upright ``view`` (6 x 6, row A first)."""
    protos = prototypes(edition)
    img = view.image.astype(np.float64)
    out = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            span = np.maximum(white - board[r, c], 20.0)
            centre = (_median(img, view, c + 0.5, r + 0.5, CENTRE / 2) - board[r, c]) / span
            corners = [(_median(img, view, c + x, r + y, CORNER_HALF) - board[r, c]) / span
                       for x in (CORNER_AT, 1 - CORNER_AT) for y in (CORNER_AT, 1 - CORNER_AT)]
            row.append(classify(centre, corners, protos))
        out.append(row)
    return out


def _median(img: np.ndarray, view: BoardView, u: float, v: float, half: float) -> np.ndarray:
    x, y = view.board_to_view([(u, v)])[0]
    r = max(1, int(round(half * view.pitch)))
    patch = img[int(round(y)) - r:int(round(y)) + r + 1, int(round(x)) - r:int(round(x)) + r + 1]
    return np.median(patch.reshape(-1, 3), axis=0)


def classify(centre: np.ndarray, corners: list[np.ndarray], protos: dict[str, np.ndarray]) -> Square:
    """One square from its centre and corner colours (units of ``n``)."""
    size = float(np.abs(centre).max())
    spread = float(centre.max() - centre.min())
    free = sum(float(np.abs(k).max()) < min(CORNER_BOARD, FREE_SHARE * size) for k in corners)
    shown = tuple(round(float(v), 2) for v in centre)
    if size < EMPTY_MAX:
        return Square(EMPTY, colour=shown)
    if size < FAINT_MAX and spread < NEUTRAL_SPREAD:
        return Square(EMPTY, colour=shown, faint=True)
    if size < OBJECT_MIN:
        return Square("", f"too faint for a piece or a blocker, too bright for an empty square (n={shown})", shown)
    if free >= DISC_FREE:
        return _disc(centre, protos[WOOD], shown)
    filled = sum(float(np.abs(k).max()) > FILLED_SHARE * size for k in corners)
    names = [name for name in protos if name != WOOD or filled < CUBE_FILLED]
    ranked = sorted((_residual(centre, protos[name]), name) for name in names)
    (best, name), (second, other) = ranked[0], ranked[1]
    if best > MAX_RESIDUAL or second - best < MIN_LEAD:
        return Square("", f"colour {shown} is neither clearly {_what(name)} nor {_what(other)}", shown)
    if name != WOOD and free > MAX_FREE_CUBE:
        return Square("", f"{_what(name)} colour, but the square's corners show the board", shown)
    return Square(name, colour=shown)


def _disc(centre: np.ndarray, wood: np.ndarray, shown: tuple) -> Square:
    """A square whose corners show the board: a blocker if its centre is wood."""
    if _residual(centre, wood) > MAX_RESIDUAL:
        return Square("", f"its corners show the board, but colour {shown} is not wood", shown)
    return Square(WOOD, colour=shown)


def _residual(n: np.ndarray, shades: np.ndarray) -> float:
    """How far ``n`` is from ``g p`` for the best shade ``p`` and gain ``g`` in :data:`GAIN`, relative to ``|g p|``."""
    return min(_residual_one(n, p) for p in shades)


def _residual_one(n: np.ndarray, p: np.ndarray) -> float:
    g = float(np.clip(n @ p / (p @ p), *GAIN))
    return float(np.linalg.norm(n - g * p) / (g * np.linalg.norm(p)))


def _what(name: str) -> str:
    return "a wooden blocker" if name == WOOD else f"piece {name} ({COLOURS[name]})"
