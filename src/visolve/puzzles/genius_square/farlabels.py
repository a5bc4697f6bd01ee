"""A grid whose rows of labels stand slid along its edges by most of a square, or a whole one.

Tall pieces' tops stand off their squares away from the camera (:func:`visolve.vision.lean.lean`).
A lattice found on the tops of a solved board seen at a slant has the printed labels, on the floor,
slid along its edges towards the camera, by up to a square; a lattice found a square off the floor
(a rim or a row of labels taken for squares) has them slid by a whole square.  The rows of labels
are looked for slid so far (:data:`~visolve.puzzles.genius_square.labelrows.FAR_SLIDES`) only when
no way up found nearer reads, and such a way up is kept only when the slide says one thing:

- the grid is the floor, moved by a whole square (the labels then stand at their printed place
  beside it, within :data:`SLACK`), or
- the grid is the tops, where the labels stand as far along as the floor under tops
  :data:`TOP_HEIGHTS` tall shows for the cameras both principal points give
  (:func:`visolve.vision.lean.camera_over`), maybe moved by a whole square too;

and both say the same whole squares' move, or one only fits (:func:`moved_by_lean`).  The moved
way's glyphs must then read (the reader's ``legible``) and each seen row of labels must stand
beside its own squares, each with :data:`~visolve.puzzles.genius_square.labels.MIN_ORDER_GLYPHS`
glyphs at least (:func:`in_order`).

Coordinates: board units, the grid spans ``[0, 6] x [0, 6]`` (see :mod:`visolve.vision.view`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.genius_square.labelrows import LABEL_MARGIN, SIZE
from visolve.puzzles.genius_square.labels import (DIGITS, LETTERS, MIN_ORDER_GLYPHS, edition_and_places,
                                                  glyph_rows, order_offset)
from visolve.vision.geometry import map_points
from visolve.vision.lean import camera_over, lean
from visolve.vision.quick_view import quick_view

#: heights (squares) of the tall pieces' tops a lattice may be found on: the scenes' blocks are
#: 0.75-1.0 squares tall
TOP_HEIGHTS = (0.75, 1.0)
#: most distance (squares) of a row's slide from where the floor or the tops put it: the slides are
#: tried an eighth of a square apart (scene 46 of seed 0: slid 0.75 on the tops, whose cameras put
#: the floor's labels 0.70-0.93 along; scene 36 of seed 17: slid a whole square, 1.0, a floor grid a
#: square off, where the tops would put them 0.23-0.32 along)
SLACK = 0.15
#: a row slid further than this (squares) is one the nearer search did not look at
NEAR_SLIDE = 0.5
#: px a square of the view the glyphs' order is read on (the reader's, ``reader.READ_PITCH``)
ORDER_PITCH = 32
#: the label rows' middles, squares outside the edge (a label box spans 0.22-1.05 out)
ACROSS = 0.6


def slid_ways(small: np.ndarray, options: list, picture: np.ndarray | None, legible) -> list:
    """Of the ways up ``options`` (``Upright``, board -> ``small``, the reduced copy of ``picture``) found
    with their rows of labels slid far, those the slides move by whole squares (:func:`moved_by_lean`),
    moved, whose glyphs read (``legible(way)``) and stand in order (:func:`in_order`)."""
    to_picture = np.eye(3) if picture is None else np.diag([picture.shape[1] / small.shape[1]] * 2 + [1.0])
    shape = small.shape if picture is None else picture.shape
    moved = [way for way in (moved_by_lean(option, to_picture, shape) for option in options) if way is not None]
    return [way for way in moved if legible(way) and in_order(small, way, picture)]


def moved_by_lean(option, to_picture: np.ndarray, shape: tuple[int, ...]):
    """``option`` (an ``Upright`` of :mod:`visolve.puzzles.genius_square.finder`, board -> a reduced copy
    that ``to_picture`` maps onto a picture of ``shape``) moved by whole squares along its labelled
    edges so that each row of labels stands where the floor or the tops put it (module docstring),
    its places' slides less the move; None when a row is not slid past :data:`NEAR_SLIDE`, or the
    slides fit no move or two."""
    slides = {edge: option.places[edge][2] for edge in option.edges}
    if max(abs(s) for s in slides.values()) <= NEAR_SLIDE:
        return None
    along = _tops_along(to_picture @ option.homography, shape, option.edges)
    moves = {kind: _moves(slides, fits) for kind, fits in
             (("floor", lambda edge, s: abs(s) <= SLACK), ("tops", lambda edge, s: _on_tops(along, edge, s)))}
    found = {tuple(sorted(m.items())) for m in moves.values() if m is not None}
    if len(found) != 1:
        return None
    move = dict(next(iter(found)))
    du, dv = move.get(0, 0), move.get(3, 0)  # the top edge's labels name the columns (u), the left's the rows
    places = tuple((p[0], p[1], p[2] - move.get(k, 0)) if k in move else p for k, p in enumerate(option.places))
    step = np.array([[1.0, 0.0, du], [0.0, 1.0, dv], [0.0, 0.0, 1.0]])
    return replace(option, homography=option.homography @ step, places=places)


def _moves(slides: dict[int, float], fits) -> dict[int, int] | None:
    """Per edge the one whole squares' move (-1, 0 or 1) leaving its slide where ``fits(edge, rest)``
    says the row stands, or None when an edge has none or several."""
    out = {}
    for edge, s in slides.items():
        ms = [m for m in (-1, 0, 1) if fits(edge, s - m)]
        if len(ms) != 1:
            return None
        out[edge] = ms[0]
    return out


def _on_tops(along: dict[int, list[tuple[float, float]]] | None, edge: int, slide: float) -> bool:
    """Whether ``slide`` lies where every camera puts the floor's labels seen from tops (``along``:
    per edge, each camera's range), within :data:`SLACK`."""
    return along is not None and all(lo - SLACK <= slide <= hi + SLACK for lo, hi in along[edge])


def _tops_along(hom: np.ndarray, shape: tuple[int, ...], edges: tuple[int, ...]):
    """Per edge of ``edges``: for each camera (the principal point at the board's middle, and at the
    picture's), how far along the edge (least and most over :data:`TOP_HEIGHTS`) the row of labels
    printed on the floor shows, seen from a plane of tops ``hom`` (board -> picture of ``shape``);
    None when a principal point gives no camera."""
    h, w = shape[:2]
    aimed = tuple(float(v) for v in map_points(hom, [(SIZE / 2, SIZE / 2)])[0])
    rows = {0: [(k + 0.5, -ACROSS) for k in range(SIZE)], 3: [(-ACROSS, k + 0.5) for k in range(SIZE)]}
    out: dict[int, list[tuple[float, float]]] = {edge: [] for edge in edges}
    for principal in (aimed, (w / 2, h / 2)):
        camera = camera_over(hom, principal, float(max(h, w)))
        if camera is None:
            return None
        for edge in edges:
            axis = 0 if edge == 0 else 1
            ends = [float(lean(rows[edge], camera, -height)[:, axis].mean()) for height in TOP_HEIGHTS]
            out[edge].append((min(ends), max(ends)))
    return out


def in_order(small: np.ndarray, option, picture: np.ndarray | None) -> bool:
    """Whether the glyphs of ``option`` (board -> ``small``, the reduced copy of ``picture``) say an
    edition at its places (:func:`visolve.puzzles.genius_square.labels.edition_and_places`, not moved
    elsewhere) and each seen row shows :data:`MIN_ORDER_GLYPHS` glyphs at least beside its own
    squares (:func:`visolve.puzzles.genius_square.labels.order_offset`)."""
    source, scale = (small, 1.0) if picture is None else (picture, picture.shape[1] / small.shape[1])
    view = quick_view(source, np.diag([scale, scale, 1.0]) @ option.homography, SIZE, SIZE, pitch=ORDER_PITCH,
                      margin=LABEL_MARGIN)
    try:
        edition, places = edition_and_places(view, option.places, option.edges)
    except ReadError:
        return False
    if tuple(places) != tuple(option.places):
        return False
    rows = dict(zip((0, 3), glyph_rows(view, places)))
    chars = dict(zip((0, 3), (DIGITS, LETTERS) if edition == "happy-puzzle" else (LETTERS, DIGITS)))
    return all(sum(g is not None for g in rows[edge]) >= MIN_ORDER_GLYPHS and order_offset(rows[edge], chars[edge]) == 0
               for edge in option.edges)


def squares_off(homography: np.ndarray) -> list[np.ndarray]:
    """The grid ``homography`` (board -> picture) moved a whole square each way along its rows and
    columns: a lattice that took the margin beyond one edge for a row of squares and missed the row
    along the opposite edge (its squares covered by cubes and discs), its labels then a square
    further out than printed on one edge and a square along on the other (seed 3 scene 26).  Tried
    when the one way up of the first lattice does not read; a way up kept must read on both edges,
    each row beside its own squares (:func:`in_order`)."""
    return [homography @ np.array([[1.0, 0.0, du], [0.0, 1.0, dv], [0.0, 0.0, 1.0]])
            for du, dv in ((0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0))]
