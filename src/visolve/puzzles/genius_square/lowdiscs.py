"""A board read on a grid of the tall pieces' tops, checked for a disc seen off its own square.

On a grid surely found on the tall pieces' tops (:func:`surely_tops`: every row of labels beside it
found squeezed, or slid towards the camera, against the cubes' lean; one squeezed and one slid so), a
disc's top stands lower than the cubes' and shows nearer the camera than its square's top would.
Read at the squares' middles, a disc may fall on the square in front of its own (seed 139 scene 69:
the disc of E5 seen in D5's far half, D5 read in doubt and E5 empty; the shapes and the roll settled
D5 as the blocker).  Read a share of a cube's lean towards the camera
(:func:`visolve.puzzles.genius_square.leaning.tops_fields`), the disc shows on its own square: a
board that leaves empty a square read surely as a disc there is refused (:func:`moved_disc`).
Looser tests of the grid refused boards read right: any grid not on the floor (seed 0 scenes 35
and 80, seed 1 scene 7, seed 131 scene 84), a squeeze alone (seed 4 scene 47).

A camera nearly over the board gives no lean to read towards (:func:`~.tops.middle_lean`), but a
lattice of the tops is still wider than the floor: every labelled row found squeezed.  The labels
then say where the floor's squares lie (:func:`label_floor`), and the squares are read there.  A
disc found there off the level's is believed only when the floor so read keeps the level's other
discs (:func:`floor_kept`): the labels' places are found in steps (an eighth of a square, a squeeze
of 0.08), and a floor guessed from a lattice that is the floor itself falls off its discs (seed 1
scene 1: labels found squeezed beside a floor grid, read there three discs lost and one gained).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import BLOCKER, EMPTY
from visolve.puzzles.genius_square.labelrows import along_edge
from visolve.puzzles.genius_square.leaning import tops_fields
from visolve.puzzles.genius_square.model import Level
from visolve.puzzles.genius_square.tops import AGAINST_LEAN, middle_lean, slide_way
from visolve.vision.view import BoardView

SIZE = model.SIZE
#: the most of the level's discs that the floor read from the labels may lose (the disc moved)
FLOOR_LOST = 1
#: where the squares were read again, as the reasons say it
TOWARDS_CAMERA = "nearer the camera, where a disc shows on a grid of the pieces' tops"
LABELS_FLOOR = "where the labels, found squeezed beside a grid of the pieces' tops, place the floor"


def disc_off_its_square(level: Level, places, edges: tuple[int, ...], view: BoardView, read: Callable[..., tuple],
                        edition: str) -> str:
    """Why ``level``, read at its squares' middles, shows a disc off its own square (:func:`moved_disc`),
    its squares read again (``read(shift=...)``, as :func:`visolve.puzzles.genius_square.reader.squares_of`
    reads them); "" when it does not.

    On a grid surely of the tops (:func:`surely_tops`; ``places``, ``edges`` as there) they are read
    towards the camera.  Else (a camera nearly over the board gives no lean to read towards) a lattice
    whose every labelled row is squeezed is read where the labels place the floor (:func:`label_floor`),
    and believed when that floor keeps the level's other discs (:func:`floor_kept`).  A board read at
    the leans is not asked: those readings are off the middles already."""
    if surely_tops(places, edges, view):
        towards = tops_fields(view)
        return moved_disc(level, read(shift=towards[0])[1], edition) if towards else ""
    if places is None or len(edges) < 2 or any(places[k][1] >= 1.0 for k in edges):
        return ""
    floor = read(shift=label_floor(places, edges))[1]  # every row squeezed: a lattice wider than the floor
    return moved_disc(level, floor, edition, LABELS_FLOOR) if floor_kept(level, floor, edition) else ""


def label_floor(places, edges: tuple[int, ...]) -> np.ndarray:
    """Per square ``(6, 6, 2)``: where its floor lies off its middle (squares), as the rows of labels
    of ``edges`` at ``places`` (shift, squeeze, slide) place the floor's columns and rows: the label
    of the square whose middle is ``m`` along its edge stands at
    :func:`~visolve.puzzles.genius_square.labelrows.along_edge` of ``m``."""
    field = np.zeros((SIZE, SIZE, 2))
    middles = np.arange(SIZE) + 0.5
    for k in edges:
        _shift, squeeze, slide = places[k]
        off = along_edge(middles, squeeze, slide) - middles
        if k % 2 == 0:  # top or bottom: the columns
            field[:, :, 0] = off[None, :]
        else:
            field[:, :, 1] = off[:, None]
    return field


def floor_kept(level: Level, floor: list[list], edition: str) -> bool:
    """Whether ``floor`` (squares read on the floor the labels give) reads at most :data:`FLOOR_LOST`
    of ``level``'s discs surely as empty."""
    cells = [model.square(cell, edition) for cell in level.blockers]
    return sum(floor[r][c].symbol == EMPTY for r, c in cells) <= FLOOR_LOST


def surely_tops(places, edges: tuple[int, ...], view: BoardView) -> bool:
    """Whether every labelled edge's row (``places`` as :func:`visolve.puzzles.genius_square.tops.on_floor`
    takes them) is squeezed, or slid against the cubes' lean along it (:func:`~.tops.slide_way`), one
    of them squeezed and one slid so: the lattice is wider than the floor and off it away from the
    camera.  A squeeze alone is no proof (seed 4 scene 47: a board of discs only, its one labelled
    row found squeezed)."""
    if places is None or view.picture is None:
        return False
    lean = middle_lean(view)
    if lean is None:
        return False
    squeezed = [places[k][1] < 1.0 for k in edges]
    against = [slide_way(places[k][2], k, lean) == AGAINST_LEAN for k in edges]
    return all(s or a for s, a in zip(squeezed, against)) and any(squeezed) and any(against)


def moved_disc(level: Level, towards: list[list], edition: str, where: str = TOWARDS_CAMERA) -> str:
    """The first square ``level`` leaves empty that ``towards`` (its squares read again ``where``:
    towards the camera, or on the floor the labels give) reads surely as a disc, and why ("" when
    there is none)."""
    taken = set(level.blockers).union(*(cells for _piece, cells in level.pieces))
    for r in range(SIZE):
        for c in range(SIZE):
            name = model.name((r, c), edition)
            if name not in taken and towards[r][c].symbol == BLOCKER and not towards[r][c].doubt:
                return (f"square {name}: read as empty, but read {where}, it is a disc: a disc seen a square "
                        "off its own?")
    return ""
