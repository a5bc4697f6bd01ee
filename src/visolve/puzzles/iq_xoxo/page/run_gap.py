"""A page whose tab numbers leave a gap where a board could stand: a board not found.

A booklet numbers a page's challenges one after another, row by row.  When
the numbers read in a picture are one run but for some missing (40, 42: 41
missing, :func:`missing_numbers`) and the boards found leave at least as many
empty places of their own grid (:func:`empty_places`: a place in a row and a
column of boards found that holds none, or room between two columns of boards
for a board more), the missing numbers are boards the finder lost (one under
glare, say), not a page numbered so: :func:`lost_board` says why the picture
is refused.  The painter's own pages number their boards at random, but fill
their grids (one to four boards, every place taken): they keep their reading.
"""

from __future__ import annotations

import numpy as np

#: boards whose centres lie within ROW_REACH of a board's height (across its rows) stand in one
#: row of boards; within COLUMN_REACH of its width (along them) in one column (rows of boards are
#: 1.4 - 2.4 board heights apart, columns 1.1 - 1.5 board widths)
ROW_REACH, COLUMN_REACH = 0.6, 0.5
#: two columns of boards hold a column between them when their centres are at least ROOM board
#: widths apart (neighbours stand at most 1.5 apart; one place between puts them 2.2 or more)
ROOM = 2.0


def missing_numbers(numbers: list) -> list[int]:
    """The numbers between the least and the greatest of ``numbers`` not among them (a run
    but for these); empty when they are not all distinct whole numbers."""
    if len(numbers) < 2 or not all(isinstance(n, int) for n in numbers) or len(set(numbers)) != len(numbers):
        return []
    return sorted(set(range(min(numbers), max(numbers) + 1)) - set(numbers))


def _axes(quads: np.ndarray) -> tuple[np.ndarray, float, float]:
    """The boards' common long axis (unit vector, picture px), their mean width and height (px):
    each board's corners ``(n, 4, 2)``, its long sides along its rows."""
    one, two = quads[:, 1] - quads[:, 0] + quads[:, 2] - quads[:, 3], quads[:, 3] - quads[:, 0] + quads[:, 2] - quads[:, 1]
    longer = np.linalg.norm(one, axis=1) >= np.linalg.norm(two, axis=1)
    along, across = np.where(longer[:, None], one, two) / 2, np.where(longer[:, None], two, one) / 2
    angle = np.arctan2(along[:, 1], along[:, 0])
    mean = np.angle(np.exp(2j * angle).mean()) / 2  # doubled angles: a board turned half round agrees
    width, height = float(np.linalg.norm(along, axis=1).mean()), float(np.linalg.norm(across, axis=1).mean())
    return np.array([np.cos(mean), np.sin(mean)]), width, height


def _groups(values: np.ndarray, reach: float) -> np.ndarray:
    """Each value's group (0, 1, ... in increasing order): sorted values closer than ``reach`` to
    the previous one share its group."""
    order = np.argsort(values)
    out, group = np.zeros(len(values), int), 0
    for prev, k in zip(order[:-1], order[1:]):
        group += int(values[k] - values[prev] >= reach)
        out[k] = group
    return out


def empty_places(quads: list) -> int:
    """How many places of the grid the boards found stand in hold no board (``quads``: each board's
    corners, picture px): the places in a row and a column of boards where none stands, and
    the columns between two columns of boards at least :data:`ROOM` board widths apart (one a
    row, in every row)."""
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    if len(q) < 2:
        return 0
    along, width, height = _axes(q)
    centres = q.mean(axis=1)
    u, v = centres @ along, centres @ np.array([-along[1], along[0]])
    rows, cols = _groups(v, ROW_REACH * height), _groups(u, COLUMN_REACH * width)
    taken = len(set(zip(rows.tolist(), cols.tolist())))
    n_rows, n_cols = rows.max() + 1, cols.max() + 1
    col_u = np.array([u[cols == c].mean() for c in range(n_cols)])
    apart = np.diff(col_u) / width
    between = int(sum(np.floor(apart[apart >= ROOM] - ROOM) + 1))
    return int(n_rows * n_cols - taken + n_rows * between)


def lost_board(numbers: list, quads: list) -> str | None:
    """Why a page whose boards read ``numbers`` (their corners ``quads``, picture px) is refused:
    its numbers are one run but for some missing and its boards leave room for as many
    (:func:`empty_places`); None otherwise."""
    missing = missing_numbers(numbers)
    if not missing or len(quads) != len(numbers):
        return None
    room = empty_places(quads)
    if room < len(missing):
        return None
    shown = ", ".join(str(n) for n in sorted(numbers))
    lost = ", ".join(str(n) for n in missing)
    return (f"the tabs read {shown}: one run of numbers but for {lost}, and the boards found leave "
            f"room for {'it' if len(missing) == 1 else 'them'} ({room} empty place{'s' if room != 1 else ''} "
            "among them): a board not found (under glare?)")


def places(corners: list) -> list[tuple[int, int]]:
    """Each board's row and column of boards (0, 1, ... top to bottom, left to right as the boards
    stand upright): ``corners``, each board's upright corners (top left, top right, bottom right,
    bottom left; picture px).  Boards within :data:`ROW_REACH` of a board's height of each other
    (across their rows) share a row; within :data:`COLUMN_REACH` of its width a column."""
    q = np.asarray(corners, np.float64).reshape(-1, 4, 2)
    if not len(q):
        return []
    along = (q[:, 1] - q[:, 0] + q[:, 2] - q[:, 3]).sum(axis=0) / 2
    down = (q[:, 3] - q[:, 0] + q[:, 2] - q[:, 1]).sum(axis=0) / 2
    width = float(np.linalg.norm(q[:, 1] - q[:, 0], axis=1).mean())
    height = float(np.linalg.norm(q[:, 3] - q[:, 0], axis=1).mean())
    centres = q.mean(axis=1)
    u = centres @ (along / max(float(np.linalg.norm(along)), 1e-9))
    v = centres @ (down / max(float(np.linalg.norm(down)), 1e-9))
    rows, cols = _groups(v, ROW_REACH * height), _groups(u, COLUMN_REACH * width)
    return list(zip(rows.tolist(), cols.tolist()))

