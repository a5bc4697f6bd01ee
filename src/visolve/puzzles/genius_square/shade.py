"""An empty square in a shadow: the board's own colour, darker, its chroma kept.

A tall piece (or a disc) casts its shadow on the squares beside it, away from the light.  A shadow
is a lightness change: the square shows the board's colour times a factor ``k`` below 1, whatever
the board's colour.  In units of ``n`` (:mod:`visolve.puzzles.genius_square.colours`: the square's
colour less the board's, over the board-to-white span) that is ``n = -t b`` with ``t = 1 - k`` and
``b`` the board's colour over the span; stray light in the lens (a veil added to every channel
alike) moves the board's colour seen towards grey, so ``n = -t b + w / span`` with ``0 <= w <= t``
times the board's darkest channel.  On a navy board such a square reads as a dim blue (seed 0 scene
30: ``n = (-0.16, -0.06, -0.04)``, too faint for a piece, too bright for an empty square), on a
grey one as a dark grey (scene 74: ``(-0.47, -0.43, -0.42)``, no piece's colour).

A square whose centre fits that model within :data:`FIT` is empty in shade
(:func:`shade_depth`).  A piece whose colour, or its side's, is a darker board's (the dark blue
piece's side on the navy board, the grey piece's on the grey board) looks the same: those pieces
are :func:`shade_like`, and such a square is empty only when its own grid lines show
(:mod:`visolve.puzzles.genius_square.sides`), measured against its shaded centre.

A shadow falls beside what casts it.  A patch of shade no larger than a piece with nothing standing
beside it (:func:`uncast_shade`) is no shadow the board's pieces cast: it stays a doubt (the grey
piece on a grey board shows its dark sides and tops the board's colour, and nothing else).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from visolve.puzzles.genius_square.board import BLOCKER, EMPTY
from visolve.puzzles.genius_square.draw import PIECE_BGR, STYLE
from visolve.puzzles.genius_square.sides import excused_edges, lined
from visolve.tiling.geometry import SQUARE

#: darkening a shadow may have (``t``, share of the board's light taken): the scenes' shadows take
#: 0.3-0.55 of it, two crossing ones more
DEPTH = (0.1, 0.85)
#: most residual (largest channel, units of ``n``) of a shaded board's fit: FIT_FLOOR plus
#: FIT_SHARE of the darkening's size (the board's colour varies a little across it, and noise)
FIT_FLOOR = 0.04
FIT_SHARE = 0.12
#: the light on a piece's faces as a share of its top's: its top, and its side lit 0.45-0.8 (as
#: :data:`visolve.puzzles.genius_square.sides.SIDE_SHADES`), in shade or not (0.45 of that)
FACE_SHADES = (1.0, 0.8, 0.7, 0.6, 0.5, 0.45, 0.35, 0.25)
#: veils tried, from none to the board's darkest channel
VEILS = 5
#: largest patch of shade with nothing beside it to cast it that is held a doubt (the largest piece)
MOST_UNCAST = 4
#: why a square read as shade with nothing beside it to cast it is in doubt
UNCAST_DOUBT = ("dark as the board in a shadow, but nothing beside it stands to cast one: "
                "a piece's shaded side, its top the board's colour?")


def shade_depth(centre: np.ndarray, board: np.ndarray, span: np.ndarray) -> float | None:
    """How much of the board's light a shadow takes (``t``) when ``centre`` (units of ``n``) is the
    board's colour ``board`` (BGR, as seen) darkened, up to a veil (module docstring), else None.

    ``span`` is the board-to-white span (BGR) the centre is in units of."""
    board = np.asarray(board, np.float64)
    t, residual = min((_fit(centre, (board - veil) / span) for veil in np.linspace(0.0, float(board.min()), VEILS)),
                      key=lambda fit: fit[1])
    if not DEPTH[0] <= t <= DEPTH[1]:
        return None
    return t if residual <= FIT_FLOOR + FIT_SHARE * t * float(np.abs(board / span).max()) else None


def _fit(centre: np.ndarray, lit: np.ndarray) -> tuple[float, float]:
    """The darkening ``t`` that makes ``-t lit`` nearest ``centre``, and the residual left (largest
    channel); ``t`` 0 and the centre's size when no darkening does (a lighter centre)."""
    t = float(centre @ -lit) / max(float(lit @ lit), 1e-9)
    if t <= 0:
        return 0.0, float(np.abs(centre).max())
    return t, float(np.abs(centre + t * lit).max())


def shade_like(edition: str, board_bgr=None) -> tuple[str, ...]:
    """The pieces whose top or side, in a light of :data:`FACE_SHADES`, fits a shade of the board
    (``board_bgr``, the edition's nominal colour by default) as an empty square's would."""
    style = STYLE[edition]
    board = np.array(style["board"] if board_bgr is None else board_bgr, np.float64)
    span = np.maximum(np.array(style["label"], np.float64) - board, 1.0)
    return tuple(sorted(name for name, bgr in PIECE_BGR.items()
                        if any(shade_depth((np.array(bgr, np.float64) * s - board) / span, board, span) is not None
                               for s in FACE_SHADES)))


def uncast_shade(squares, shaded: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The squares of ``shaded`` (read as the board in shade) that nothing beside them could shade:
    none of their eight neighbours outside the shade stands on the board (read as anything but
    empty), and their patch of shade (squares of ``shaded`` joined by an edge) is no larger than the
    largest piece (:data:`MOST_UNCAST`).

    A shadow falls beside what casts it: on seeds 527-577 and the held-out kind's seed 0, of the 133
    squares read as shade 13 had no caster beside them, and 7 of those 13 were a piece's or a disc's
    square (seed 577 scene 8: the grey piece on a grey board, its cubes' dark sides read as shade
    and their tops as the board, no piece seen); the 6 empty ones were on boards refused for other
    squares.  A wide shadow (a hand's, the phone's) is no piece: a patch larger than a piece is left
    to the shade."""
    out = set()
    for r, c in shaded:
        if not _stands_beside(squares, r, c, shaded) and len(SQUARE.patch((r, c), shaded)) <= MOST_UNCAST:
            out.add((r, c))
    return out


def _stands_beside(squares, r: int, c: int, shaded: set[tuple[int, int]]) -> bool:
    """Whether a square next to ``(r, c)`` (edge or corner), not in ``shaded``, is read as other than empty."""
    return any(squares[rr][cc].symbol != EMPTY
               for rr in range(max(r - 1, 0), min(r + 2, len(squares)))
               for cc in range(max(c - 1, 0), min(c + 2, len(squares[rr])))
               if (rr, cc) != (r, c) and (rr, cc) not in shaded)


def in_shade(squares, centres: np.ndarray, board: np.ndarray, span: np.ndarray,
             line_lifts: Callable[[], np.ndarray], like: Callable[[], tuple[str, ...]]):
    """The squares, each read as a doubt or with options whose centre is the board in shade
    (:func:`shade_depth`) read as empty instead.  Such a square may hide the :func:`shade_like`
    ``pieces`` (``sides``) unless its grid lines show above its shaded centre (a shadow darkens the
    lines as much as the floor), and a square read as empty that may hide a piece by its lines
    (:mod:`visolve.puzzles.genius_square.sides`) does not when lines facing discs and shaded squares
    are excused (:func:`visolve.puzzles.genius_square.sides.lined`).  A square in shade that nothing
    beside it could shade (:func:`uncast_shade`) is a doubt instead, with no options.

    ``centres`` ``(6, 6, 3)`` are the squares' centres in units of ``n``, ``board`` and ``span``
    ``(6, 6, 3)`` the board's colour and the board-to-white span at each; ``line_lifts`` gives their
    lines' (:func:`visolve.puzzles.genius_square.sides.line_lifts`) and ``like`` the pieces (both
    asked for only when a square is in shade or may hide a piece)."""
    depth = {(r, c): shade_depth(centres[r, c], board[r, c], span[r, c])
             for r, row in enumerate(squares) for c, sq in enumerate(row) if not sq.symbol}
    depth = {at: t for at, t in depth.items() if t is not None}
    uncast = uncast_shade(squares, set(depth))
    depth = {at: t for at, t in depth.items() if at not in uncast}
    squares = [[replace(sq, doubt=UNCAST_DOUBT, options=()) if (r, c) in uncast else sq for c, sq in enumerate(row)]
               for r, row in enumerate(squares)]
    if not depth and not any(sq.sides for row in squares for sq in row):
        return squares
    lifts, pieces = line_lifts(), like()
    hiding = set(depth) | {(r, c) for r, row in enumerate(squares) for c, sq in enumerate(row) if sq.symbol == BLOCKER}
    typical = float(np.median(lifts))
    out = [list(row) for row in squares]
    for r, row in enumerate(squares):
        for c, sq in enumerate(row):
            excused = excused_edges(r, c, hiding)
            if (r, c) in depth:
                t = depth[(r, c)]
                shown = lined(lifts[r, c] - float(centres[r, c].mean()), (1.0 - t) * typical, excused)
                out[r][c] = replace(sq, symbol=EMPTY, doubt="", options=(), sides=() if shown else pieces)
            elif sq.sides and lined(lifts[r, c], typical, excused):
                out[r][c] = replace(sq, sides=())
    return out
