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
"""

from __future__ import annotations

from collections.abc import Callable

from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import BLOCKER
from visolve.puzzles.genius_square.leaning import tops_fields
from visolve.puzzles.genius_square.model import Level
from visolve.puzzles.genius_square.tops import AGAINST_LEAN, middle_lean, slide_way
from visolve.vision.view import BoardView

SIZE = model.SIZE


def disc_off_its_square(level: Level, places, edges: tuple[int, ...], view: BoardView, read: Callable[..., tuple],
                        edition: str) -> str:
    """Why ``level``, read at its squares' middles, shows a disc off its own square (:func:`moved_disc`)
    on a grid surely of the tops (:func:`surely_tops`; ``places``, ``edges`` as there), its squares
    read towards the camera (``read(shift=...)``, as :func:`visolve.puzzles.genius_square.reader.squares_of`
    reads them); "" when it does not, or the grid is not surely the tops'.  A board read at the leans
    is not asked: those readings are off the middles already."""
    if not surely_tops(places, edges, view):
        return ""
    towards = tops_fields(view)
    return moved_disc(level, read(shift=towards[0])[1], edition) if towards else ""


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


def moved_disc(level: Level, towards: list[list], edition: str) -> str:
    """The first square ``level`` leaves empty that ``towards`` (its squares read towards the camera)
    reads surely as a disc, and why ("" when there is none)."""
    taken = set(level.blockers).union(*(cells for _piece, cells in level.pieces))
    for r in range(SIZE):
        for c in range(SIZE):
            name = model.name((r, c), edition)
            if name not in taken and towards[r][c].symbol == BLOCKER and not towards[r][c].doubt:
                return (f"square {name}: read as empty, but read nearer the camera, where a disc shows on a grid "
                        "of the pieces' tops, it is a disc: a disc seen a square off its own?")
    return ""
