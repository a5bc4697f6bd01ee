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
Where the grid has empty places, :func:`lost_places` gives their corners: the
page's run of numbers then counts a board lost at each
(:func:`~visolve.puzzles.iq_xoxo.page.tab_run.settled_around_lost`).  An open booklet prints
its two pages alike: boards found in more columns on one side of the fold than on the other
leave boards lost beyond them (:func:`lost_beyond_fold`).
"""

from __future__ import annotations

import numpy as np

from visolve.plural import counted
from visolve.puzzles.iq_xoxo.board import COLS, ROWS
from visolve.vision.geometry import map_points, rect_to_quad

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


#: a tab number is off its page's run when the page's other numbers, at least OFF_RUN_LEAST of them,
#: fit one run as long as the page and it does not (:func:`off_run`).  The painter's pages (one to
#: four boards, numbered at random) must not meet it: with 3, its page 14 of seed 0 (81, 82, 84 and
#: 97) was refused
OFF_RUN_LEAST = 4


def off_run(numbers: list, boards: int | None = None) -> int | None:
    """The index of the one number of a page's ``numbers`` (distinct whole numbers, one a board)
    that no run of as many consecutive numbers as the page has ``boards`` (by default one a number)
    holds with the others, when the others (at least :data:`OFF_RUN_LEAST`) fit one; None when all
    fit one run, or no one number stands out so.  A booklet numbers a page one after another: a
    number off the run of the others is a tab misread (held-out kind, seed 1 booklet 7: 62 read 82
    beside 61 and 63 - 72, a board lost at glare cannot leave a run so)."""
    n = len(numbers)
    if n <= OFF_RUN_LEAST or not all(isinstance(x, int) for x in numbers) or len(set(numbers)) != n:
        return None
    span = n if boards is None else max(boards, n)

    def fits(some: list) -> bool:
        return max(some) - min(some) < span

    if fits(numbers):
        return None
    out = [k for k in range(n) if fits(numbers[:k] + numbers[k + 1:])]
    return out[0] if len(out) == 1 else None


def _sides(quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each board's mean long side and mean short side (vectors, picture px, ``(n, 2)`` each): its
    corners ``(n, 4, 2)``, its long sides along its rows."""
    one, two = quads[:, 1] - quads[:, 0] + quads[:, 2] - quads[:, 3], quads[:, 3] - quads[:, 0] + quads[:, 2] - quads[:, 1]
    longer = np.linalg.norm(one, axis=1) >= np.linalg.norm(two, axis=1)
    return np.where(longer[:, None], one, two) / 2, np.where(longer[:, None], two, one) / 2


def _axes(quads: np.ndarray) -> tuple[np.ndarray, float, float]:
    """The boards' common long axis (unit vector, picture px), their mean width and height (px):
    each board's corners ``(n, 4, 2)``, its long sides along its rows."""
    along, across = _sides(quads)
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


def _grid(quads: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]:
    """The grid the boards ``quads`` (``(n, 4, 2)``, picture px) stand in: each board's row and
    column of boards, its centre along the boards' rows and across them (px), the boards' common
    long axis (unit vector) and mean width (px)."""
    along, width, height = _axes(quads)
    centres = quads.mean(axis=1)
    u, v = centres @ along, centres @ np.array([-along[1], along[0]])
    return _groups(v, ROW_REACH * height), _groups(u, COLUMN_REACH * width), u, v, along, width


def _columns_apart(cols: np.ndarray, u: np.ndarray, width: float) -> np.ndarray:
    """How far apart (board widths) each column of boards stands from the next."""
    col_u = np.array([u[cols == c].mean() for c in range(cols.max() + 1)])
    return np.diff(col_u) / width


def _corners_as(quad: np.ndarray, like: np.ndarray) -> np.ndarray:
    """``quad``'s corners listed from the one that stands where ``like``'s first does about its
    middle (a board read turned half round lists them from its other end)."""
    offsets, want = quad - quad.mean(axis=0), like - like.mean(axis=0)
    shift = min(range(4), key=lambda k: float(np.linalg.norm(np.roll(offsets, -k, axis=0) - want)))
    return np.roll(quad, -shift, axis=0)


def empty_places(quads: list) -> int:
    """How many places of the grid the boards found stand in hold no board (``quads``: each board's
    corners, picture px): the places in a row and a column of boards where none stands, and
    the columns between two columns of boards at least :data:`ROOM` board widths apart (one a
    row, in every row)."""
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    if len(q) < 2:
        return 0
    rows, cols, u, _v, _along, width = _grid(q)
    taken = len(set(zip(rows.tolist(), cols.tolist())))
    apart = _columns_apart(cols, u, width)
    between = int(sum(np.floor(apart[apart >= ROOM] - ROOM) + 1))
    return int((rows.max() + 1) * (cols.max() + 1) - taken + (rows.max() + 1) * between)


#: more than one lost place counts only among at least LOST_SHARE times as many boards found (a
#: page of two boards found on a diagonal would leave its numbers to its layout alone)
LOST_SHARE = 3


def lost_places(quads: list) -> list[np.ndarray]:
    """The corners (picture px) of each empty place among the boards found (``quads``: each board's
    corners, picture px): a place in a row and a column of boards found that holds none, where a
    board was not found (under glare, say).  They are a board's corners moved there (the board
    nearest the place along its row and column).  Empty when there is room between two columns of
    boards (:data:`ROOM`: no grid to place them in), two boards share a place, or more than one
    place is empty among fewer than :data:`LOST_SHARE` boards found a place."""
    return [estimates[0] for estimates in _estimates(quads, beside=False)]


def lost_place_estimates(quads: list) -> list[list[np.ndarray]]:
    """Each empty place of :func:`lost_places`, as several estimates of its corners (picture px):
    first the nearest board's corners moved there (what :func:`lost_places` gives), then each
    parallelogram of three boards beside it (one in its row, one in its column, the one diagonal to
    it: the first two plus the one less the third).  Seen in perspective, with boards not quite evenly
    spaced, each estimate may be a fraction of a square off at a corner, each another way.  Last, the
    place as the boards stand on the page's own plane (:func:`_page_frame`), where its rows and
    columns stand square whatever the camera's tilt: seen along the picture's axes, a page turned and
    foreshortened puts a place squares off, or gives none (its columns drift row to row, two boards
    fall in one place: scenes seed 257 spread 41, a spread turned 50 degrees, its lost board found so,
    the page then refused for a tab in doubt).  When the picture's axes give no place, the places the
    page's plane gives are kept, each with that one estimate."""
    seen = _estimates(quads, beside=True)
    flat = _estimates(quads, beside=False, on_page=True)
    if not seen:
        return flat
    for place in flat:
        middle = place[0].mean(axis=0)
        nearest = min(seen, key=lambda estimates: float(np.linalg.norm(estimates[0].mean(axis=0) - middle)))
        width = _board_width(nearest[0])
        new = all(float(np.abs(place[0] - estimate).max()) > width / COLS / 4 for estimate in nearest)
        if new and float(np.linalg.norm(nearest[0].mean(axis=0) - middle)) < width:
            nearest.append(place[0])  # (one the others give already, a quarter square near, is not)
    return seen


def _board_width(quad: np.ndarray) -> float:
    """A board's long side (px, the mean of its two: :func:`_sides`)."""
    return float(np.linalg.norm(_sides(np.asarray(quad, np.float64).reshape(1, 4, 2))[0][0]))


def _page_frame(quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The boards' corners ``(n, 4, 2)`` seen on the page's plane, in squares (the middle-sized board's
    frame: its own homography undone, its long side along x), and the homography back to the
    picture.  A page is flat: its boards, square to one another on it, stand square in that frame
    whatever the camera's tilt and turn."""
    d1, d2 = quads[:, 2] - quads[:, 0], quads[:, 3] - quads[:, 1]
    areas = np.abs(d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0])  # twice each board's area
    ref = int(np.argsort(areas)[len(areas) // 2])
    to_picture = rect_to_quad((0.0, 0.0, float(COLS), float(ROWS)), quads[ref])
    back = np.linalg.inv(to_picture)
    return np.array([map_points(back, _corners_as(b, quads[ref])) for b in quads]), to_picture


def _frame_grid(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]:
    """:func:`_grid` of boards on the page's plane (:func:`_page_frame`: a board is COLS x ROWS there,
    its long side along x)."""
    centres = flat.mean(axis=1)
    u, v = centres[:, 0], centres[:, 1]
    rows, cols = _groups(v, ROW_REACH * ROWS), _groups(u, COLUMN_REACH * COLS)
    return rows, cols, u, v, np.array([1.0, 0.0]), float(COLS)


def _estimates(quads: list, beside: bool, on_page: bool = False) -> list[list[np.ndarray]]:
    """:func:`lost_place_estimates`, the parallelograms only when ``beside``; ``on_page``: the boards
    placed on the page's plane (:func:`_page_frame`), not along the picture's axes."""
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    if len(q) < 2:
        return []
    to_picture = None
    if on_page:
        q, to_picture = _page_frame(q)
    rows, cols, u, v, along, width = _frame_grid(q) if on_page else _grid(q)
    taken = {(r, c): k for k, (r, c) in enumerate(zip(rows.tolist(), cols.tolist()))}
    if len(taken) != len(q) or np.any(_columns_apart(cols, u, width) >= ROOM):
        return []
    across = np.array([-along[1], along[0]])
    out = []
    for row, col in ((r, c) for r in range(rows.max() + 1) for c in range(cols.max() + 1) if (r, c) not in taken):
        at_u, at_v = float(u[cols == col].mean()), float(v[rows == row].mean())
        near = int(np.argmin(np.abs(u - at_u) + np.abs(v - at_v)))
        estimates = [q[near] + (at_u - u[near]) * along + (at_v - v[near]) * across]
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)) if beside else ():
            three = [taken.get(place) for place in ((row + dr, col), (row, col + dc), (row + dr, col + dc))]
            if None not in three:
                a, b, c = (_corners_as(q[k], q[near]) for k in three)
                estimates.append(a + b - c)
        out.append(estimates if to_picture is None else [map_points(to_picture, e) for e in estimates])
    return out if len(out) <= 1 or len(q) >= LOST_SHARE * len(out) else []


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


def lost_beyond_run(numbers: list, quads: list) -> tuple[str, int] | None:
    """Why a page whose tabs read ``numbers``, one whole run, is read in part (their corners
    ``quads``, picture px), and how many boards it lost: its boards leave empty places in their grid
    (:func:`lost_places`: a place in a row and a column of boards that holds none).  A booklet fills
    its pages' grids (the Starter booklet: 6 challenges a page, 3 x 2), so such a place held a board
    that was not found, numbered before or after the run (seed 139 spread 50: 13 - 23 read, board 24
    in the right page's far corner unseen).  Room between two columns of boards is no such place
    here: a spread's two pages of one board each stand a page apart (scenes seed 0 spreads 20, 54, 62
    and 87 were read in part so with :func:`empty_places`).  None otherwise (a number missing is
    :func:`lost_board`'s)."""
    if (len(quads) < 2 or len(quads) != len(numbers) or not all(isinstance(n, int) for n in numbers)
            or len(set(numbers)) != len(numbers) or missing_numbers(numbers)):
        return None
    room = len(lost_places(quads))
    if not room:
        return None
    return (f"the tabs read {min(numbers)} - {max(numbers)}, one run, but the boards found leave "
            f"{counted(room, 'empty place')} among them: a board not found there (under glare?), numbered "
            "before or after the run", room)


#: a spread's fold: the widest gap between two columns of boards, at least FOLD times as wide as
#: every other gap, each gap in the mean width of the boards beside it (a page's columns stand
#: 1.1 - 1.5 board widths apart, the fold adds its two margins; scenes seed 89 spread 53: 1.77
#: against 1.18), and narrower than :data:`ROOM` (room for a column of boards)
FOLD = 1.3


def lost_beyond_fold(quads: list) -> tuple[str, int] | None:
    """Why a picture whose boards (``quads``: corners, picture px) stand in columns split by a
    spread's fold (:data:`FOLD`), more columns on one page than on the other, is read in part,
    and how many boards it lost at least (each column more, one a row of boards); None otherwise
    (fewer than three boards, fewer than three columns, no fold, or as many columns either side).

    A booklet lays out both pages of a spread alike (the Starter booklet: 3 x 2 a page), so a
    column more on one side is a column of boards not found on the other, beyond the boards
    found there (scenes seed 89 spread 53: 67 and 68 on one page, 66 on the other, 65 under a
    pink glare beyond it, its tab and pieces too pale for colour)."""
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    if len(q) < 3:
        return None
    rows, cols, u, _v, _along, _width = _grid(q)
    if cols.max() < 2:
        return None
    own = np.linalg.norm(_sides(q)[0], axis=1)  # each board's width
    at = np.array([u[cols == c].mean() for c in range(cols.max() + 1)])
    wide = np.array([own[cols == c].mean() for c in range(cols.max() + 1)])
    gaps = np.diff(at) / ((wide[:-1] + wide[1:]) / 2)
    fold = int(np.argmax(gaps))
    rest = np.delete(gaps, fold)
    if gaps[fold] >= ROOM or gaps[fold] < FOLD * rest.max():
        return None
    left, right = fold + 1, len(at) - fold - 1
    if left == right:
        return None
    lost = abs(left - right) * (int(rows.max()) + 1)
    return (f"the boards found stand in {counted(left, 'column')} and {counted(right, 'column')} either side of "
            f"a wider gap (a spread's fold, {gaps[fold]:.2f} board widths against {rest.max():.2f}): a spread's pages "
            f"show their boards alike, so {counted(lost, 'board')} beyond them could not be found (under glare?)", lost)


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

