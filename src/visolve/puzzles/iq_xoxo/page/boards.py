"""Reading every board of an IQ XOXO booklet page (or open booklet).

The finder's outlines (:func:`visolve.puzzles.iq_xoxo.page.finder.find_boards`) are grouped by
place (one board may be outlined several ways); each place is read
(:func:`visolve.puzzles.iq_xoxo.page.reading.read_board`) from its first outline that reads.
When a board is left unread, read only faint, or out, the finder is asked for more outlines, then for squares
run together cut apart, and last windows are placed beside the boards read
(:mod:`visolve.puzzles.iq_xoxo.page.neighbours`: a blurred or washed-out board).  A page that
is refused whatever its tabs is looked at once more on planes smoothed against its grain
(:mod:`visolve.puzzles.iq_xoxo.page.denoised`), windows placed beside what that reads: a page
read without it is never changed by it.  A page still refused for what lies outside its boards is
looked at once more with the boards read painted over: boards seen at another pitch (a spread's
far page) are found at their own.
:func:`read_boards` gives the readings in reading order; :mod:`visolve.puzzles.iq_xoxo.reader`
turns them into levels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_xoxo.board import COLS, ROWS, square_name
from visolve.puzzles.iq_xoxo.page.beyond import beyond_crop
from visolve.puzzles.iq_xoxo.page.finder import Found, find_boards, reading_order
from visolve.puzzles.iq_xoxo.page.first_look import SQUARE_ASPECT
from visolve.puzzles.iq_xoxo.page.lost_read import read_at_lost_places
from visolve.puzzles.iq_xoxo.page.neighbours import neighbour_quads
from visolve.puzzles.iq_xoxo.page.off_page import on_the_page
from visolve.puzzles.iq_xoxo.page.reading import MIN_GRID, PLACED_GRID, BoardReading, board_pitch, read_board, reads
from visolve.vision.geometry import sides_moved_out
from visolve.vision.light import evened_lightness
from visolve.vision.painted_over import painted_over
from visolve.vision.polygon_distance import distances_within

#: a place outlined that shows this many grey squares but no grid is a board not outlined
MIN_SQUARES = 6


def read_boards(image: np.ndarray, notes: dict | None = None,
                settles: Callable[[list[BoardReading]], object] | None = None,
                aspect: float = SQUARE_ASPECT) -> tuple[list[BoardReading], int]:
    """Every board of the picture, read (reading order), and the weight of the squares of a grid,
    tabs and pieces outside the boards read (see :func:`visolve.puzzles.iq_xoxo.page.finder.find_boards`).

    The finder may outline one board several ways: of the quads around one
    place the first that reads is kept, else the first that shows a grid.  ``notes``: see
    :func:`~visolve.puzzles.iq_xoxo.page.finder.find_boards`.  ``settles``: whether the page's
    numbers settle its tabs in doubt (None: they do not); a page whose squares all read, nothing
    lost, whose tabs in doubt the page cannot settle is refused whatever more outlines would
    find, and is not outlined further (one it can settle is: a board left out unseen would be
    read in part); the boards read are not outlined again.  When the boards
    were looked for in a part of the picture only, what lies lost beyond it weighs too
    (:func:`~visolve.puzzles.iq_xoxo.page.beyond.beyond_crop`).  A page that weighs enough to be
    refused (the reader's MIN_STRAY) is looked at again with the boards read painted over
    (:func:`_looked_again`: boards at another pitch), and when it still does, or a board outlined
    does not read, on a copy with its lightness evened (:func:`_looked_evened`: a washed-out page,
    a faint board).  Last, a page whose boards all read, one run of numbers but for some, is read
    at the empty places of its grid (:func:`~visolve.puzzles.iq_xoxo.page.lost_read.read_at_lost_places`:
    a board under glare), and so is a page that weighs enough to be refused (a board lost at the
    end of its run, or one whose tab's digits do not read).  ``aspect``: the longest a grey square's blob may be against its width, at
    every look (:data:`~.first_look.STEEP_ASPECT` for a page seen steeply).
    """
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < 32:
        raise NotThisPuzzle("not a colour picture")
    picture = np.ascontiguousarray(image[:, :, :3])
    read, weighed = _one_pass(picture, {} if notes is None else notes, settles, aspect=aspect)
    weight = weighed(read)
    if weight >= _min_stray():
        read, weight = _looked_again(picture, read, weighed, weight, settles, aspect)
    unread = any(r.quad is not None and not reads(r) for r in read)
    if weight >= _min_stray() or unread:
        read, weight = _looked_evened(picture, read, weighed, weight, settles, aspect)
    found = read_at_lost_places(picture, read, lost=weight >= _min_stray())
    if not found:
        return read, weight
    read = _in_order(read + found)
    return read, min(weight, weighed(read))


def _one_pass(picture: np.ndarray, notes: dict, settles: Callable | None, tabs_on: np.ndarray | None = None,
              aspect: float = SQUARE_ASPECT) -> tuple[list[BoardReading], Callable]:
    """:func:`read_boards`' readings of ``picture`` (reading order), and how to weigh what lies
    outside some readings' boards (as the finder weighs it, and beyond the part it looked at);
    ``tabs_on``: the picture the tabs are read on, when ``picture`` is a copy of it
    (:func:`~visolve.puzzles.iq_xoxo.page.reading.read_board`)."""
    found, weigh, outlines = find_boards(picture, notes, aspect)
    groups = _grouped([], found)
    readings = [_read_group(picture, members, tabs_on) for _c, _p, members in groups]
    for split in (False, True):  # outlined further; last, squares run together cut apart
        if _settled(readings, weigh, settles):
            break  # every board read, or its tabs' doubt final, and nothing lost: more outlines would only cost
        # the boards read, but faint, are outlined again: a sharper outline may read them better
        known = [r.quad for r in readings if reads(r) and not r.faint and r.quad is not None]
        groups = _read_more(picture, groups, readings, outlines(split=split, done=known), tabs_on)
    _read_beside(picture, groups, readings, weigh, tabs_on)
    if _refused(readings, weigh):  # last, on planes smoothed against the page's grain
        known = [r.quad for r in readings if reads(r) and not r.faint and r.quad is not None]
        groups = _read_more(picture, groups, readings, outlines(done=known, smooth=True), tabs_on)
        _read_beside(picture, groups, readings, weigh, tabs_on)
    read = on_the_page(picture, unshadowed([r for r in readings if r is not None]))

    def weighed(some: list[BoardReading]) -> int:
        quads = [r.quad for r in some if r.quad is not None]
        done = any(r.quad is not None and (r.level is not None or r.tab_doubt) for r in some)
        return weigh(quads) + (beyond_crop(picture, quads, notes["crop"]) if done and "crop" in notes else 0)

    return _in_order(read), weighed


def _in_order(read: list[BoardReading]) -> list[BoardReading]:
    """``read`` in reading order (:func:`_place`)."""
    return [read[i] for i in sorted(range(len(read)), key=lambda i: _place(read[i]))]


def _min_stray() -> int:
    """The weight from which the reader refuses a page (its MIN_STRAY)."""
    from visolve.puzzles.iq_xoxo.reader import MIN_STRAY  # the reader imports this module

    return MIN_STRAY


#: the boards read are painted over grown by PAINT_GROW pitches, in the page's colour taken
#: from the ring PAINT_RING pitches around them (a board's blurred edge and the gaps by it go;
#: the next board, 1 pitch off or more, is untouched: grown by 1.1 pitches, seed 2's scene 41
#: lost the bottom row of the board above another); the boards read weigh, in what is seen on
#: the painted copy, grown by TAB_FAR pitches (their tabs, at most a pitch off, stay: at the
#: second look's pitch, smaller, a tab was farther than its reach from its board, and lost)
PAINT_GROW, PAINT_RING, TAB_FAR = 0.4, (0.5, 1.0), 1.0


def _looked_again(picture: np.ndarray, read: list[BoardReading], weighed: Callable, weight: int,
                  settles: Callable | None, aspect: float = SQUARE_ASPECT) -> tuple[list[BoardReading], int]:
    """``read`` and its ``weight``, or, when lower, the weight of ``read`` with the boards found
    on the picture with the boards read painted over (:func:`visolve.vision.painted_over.painted_over`)
    and both, weighed as each pass weighs (the finder's first look takes the boards'
    pitch from the most squares: a spread's far page seen smaller, or a board beyond the part
    looked at, is looked for at its own pitch).  Boards of that look whose middle lies in a
    board of the first are left out (a board not read, found again)."""
    done = [r.quad for r in read if r.quad is not None and (r.level is not None or r.tab_doubt)]
    if not done:
        return read, weight
    painted = painted_over(picture, done, [board_pitch(q) for q in done], PAINT_GROW, PAINT_RING)
    try:
        more, weighed_more = _one_pass(painted, {}, settles, aspect=aspect)
    except NotThisPuzzle:
        return read, weight
    first = [np.asarray(r.quad, np.float32) for r in read if r.quad is not None]
    more = [r for r in more if r.quad is not None and not _middle_on(r.quad, first)]
    if not more:
        return read, weight
    both = _in_order(unshadowed(read + more))
    second = {id(r) for r in more}
    wide = [r if id(r) in second or r.quad is None
            else replace(r, quad=sides_moved_out(r.quad, TAB_FAR * board_pitch(r.quad))) for r in both]
    again = weighed(both) + weighed_more(wide)
    return (both, again) if again < weight else (read, weight)


#: the lightness of a washed-out page is evened over about this many tiles across its long side
#: (:func:`visolve.vision.light.evened_lightness`): a board is 1/7 - 1/3 of an open booklet's
#: width, so a tile holds a board's grey squares with paper around them
EVEN_TILES = 8


def _looked_evened(picture: np.ndarray, read: list[BoardReading], weighed: Callable, weight: int,
                   settles: Callable | None, aspect: float = SQUARE_ASPECT) -> tuple[list[BoardReading], int]:
    """``read`` and its ``weight``, or ``read`` with the boards read (:func:`reads`) on a copy of
    ``picture`` with its lightness evened (:data:`EVEN_TILES`) whose middle lies on no board of
    ``read`` read, each in place of the boards of ``read`` not read whose middle lies on it, when
    that reads more levels, or as many with less weight: the more of what ``weighed`` (the first
    pass's) and the copy's pass weigh outside its boards (each may see what the other does not:
    scenes seed 139 spread 87, a board under glare, seen on the picture, weighed 10 there and 0 on
    the copy, and the page lost it unsaid when the copy's weight alone was taken).  A block
    seen on the copy alone that does not read is left to weigh, not kept (seed 5 booklet 19: the
    table beside the booklet, evened, showed one); a block of ``read`` not read stays unless a board
    read on the copy takes its place (scenes seed 137 page 38: dropped, its squares weighed 59, not
    10), or the boards read lie under most of its squares (:func:`unshadowed`: held-out kind, seed 3
    booklet 14, challenges 49 and 50 outlined as one, 40 % of it on 49 read first, 80 % once 50 was
    read on the copy).

    On a washed-out page the grey squares fade into the paper and only the pieces and tabs show: the
    finder outlines no board there.  On the evened copy the squares stand out again; they are read
    there and the tabs on ``picture`` itself.  Held-out kind, seed 6 booklet 20: no board of 12 read,
    11 on the copy; seed 5 booklet 22: two boards lost, all 12 read."""
    evened = evened_lightness(picture, EVEN_TILES)
    try:
        more, weighed_more = _one_pass(evened, {}, settles, tabs_on=picture, aspect=aspect)
    except NotThisPuzzle:
        return read, weight
    quads = [np.asarray(r.quad, np.float32) for r in read if reads(r) and r.quad is not None]
    added = [r for r in more if reads(r) and r.quad is not None and not _middle_on(r.quad, quads)]
    news = [np.asarray(r.quad, np.float32) for r in added]
    added = [_as_on_picture(picture, r) for r in added]
    kept = [r for r in read if reads(r) or r.quad is None or not _middle_on(r.quad, news)]
    both = _in_order(unshadowed(kept + added))
    again = max(weighed(both), weighed_more(both))
    better = (_levels(both), -again) > (_levels(read), -weight)
    return (both, again) if better else (read, weight)


def _as_on_picture(picture: np.ndarray, reading: BoardReading) -> BoardReading:
    """``reading``, a board read on the evened copy (:func:`_looked_evened`), or the same board not
    read when ``picture`` itself reads its squares otherwise on the same outline: the evening may
    wash a pale piece into the grey (scenes seed 293 page 41: a pale green L under glare, clear on
    the picture, read as empty squares on the copy).  A board whose squares do not all read on the
    picture (a washed-out page, what the copy is for) keeps the copy's reading."""
    own = read_board(picture, np.asarray(reading.quad, np.float32))
    if own is None or own.rows is None or reading.rows is None or own.rows == reading.rows:
        return reading
    r, c = next((r, c) for r in range(ROWS) for c in range(COLS) if own.rows[r][c] != reading.rows[r][c])
    return replace(reading, level=None, tab_doubt=False, error=(
        f"square {square_name(r, c)} of the board reads {reading.rows[r][c]!r} on a copy with the page's lightness evened but "
        f"{own.rows[r][c]!r} on the picture itself: a pale piece washed into the grey?"))


def _levels(read: list[BoardReading]) -> int:
    """How many of ``read`` read a level (its tab's number too)."""
    return sum(r.level is not None for r in read)


def _middle_on(quad: np.ndarray, quads: list[np.ndarray]) -> bool:
    """Whether the middle of ``quad`` lies on one of ``quads`` (float32 corners)."""
    middle = tuple(float(v) for v in np.mean(quad, axis=0))
    return any(cv2.pointPolygonTest(q, middle, False) >= 0 for q in quads)


def _settled(readings: list, weigh: Callable, settles: Callable | None) -> bool:
    """Whether every board of ``readings`` (None: no board) read, not faint, or its tab's doubt is final
    (``settles``: see :func:`read_boards`), and ``weigh`` finds nothing lost beside them (a board
    read faint is outlined again: a sharper outline may read it, and the outlines asked for may
    find a board the first look missed)."""
    read = [r for r in readings if r is not None]
    return bool(read) and all((r.level is not None or r.tab_doubt) and not r.faint for r in read) \
        and not weigh([r.quad for r in read if r.quad is not None]) \
        and (all(r.level is not None for r in read) or (settles is not None and settles(read) is None))


def _refused(readings: list, weigh: Callable) -> bool:
    """Whether the page of ``readings`` is refused whatever its tabs: no board, a board whose squares
    do not read, or a weight (``weigh``) that refuses it (the reader's MIN_STRAY)."""
    read = [r for r in readings if r is not None]
    return not read or not all(reads(r) for r in read) \
        or weigh([r.quad for r in read if r.quad is not None]) >= _min_stray()


#: boards placed beside the boards read are looked for this many times (each time beside the
#: boards the last time placed too)
BESIDE_ROUNDS = 2


def _read_beside(picture: np.ndarray, groups: list, readings: list, weigh: Callable,
                 tabs_on: np.ndarray | None = None) -> None:
    """``readings`` (one per group of ``groups``) with the boards placed beside the boards read
    (:func:`~visolve.puzzles.iq_xoxo.page.neighbours.neighbour_quads`; none read: beside those
    outlined that show a grid) read, when a board is left unread or out (``weigh``); windows
    that do not read are dropped (``tabs_on``: see :func:`_one_pass`)."""
    tried: list[np.ndarray] = []
    looked: list[np.ndarray] = []  # the boards beside which boards were looked for
    for _round in range(BESIDE_ROUNDS):
        read = [r for r in readings if r is not None]
        done = [r.quad for r in read if r.quad is not None and (r.level is not None or r.tab_doubt)]
        if len(done) == len(read) and not weigh(done):
            return
        # with no board read, beside the boards outlined that show a grid (their plane and size)
        fresh = [q for q in (done or [r.quad for r in read if r.quad is not None and r.view is not None])
                 if not any(q is seen for seen in looked)]
        looked += fresh
        windows = [w for w in neighbour_quads(picture, fresh, done)
                   if all(np.abs(w - t).max() > np.linalg.norm(w[1] - w[0]) / COLS / 4 for t in tried)]
        if not windows:
            return
        tried += windows
        before = len(done)
        more = [Found(w, float(np.linalg.norm(w[1] - w[0])) / COLS, np.zeros((0, 2)), True) for w in windows]
        groups[:] = _read_more(picture, groups, readings, more, tabs_on)
        if sum(r is not None and (r.level is not None or r.tab_doubt) for r in readings) == before:
            return


def _read_more(picture: np.ndarray, groups: list, readings: list, more: list,
               tabs_on: np.ndarray | None = None) -> list:
    """The ``groups`` with the quads ``more`` added (each to the group of its place, or as a new one);
    ``readings`` (one per group) updated in place where a group not read reads on its new quads
    (``tabs_on``: see :func:`_one_pass`)."""
    tried = [len(members) for _c, _p, members in groups]
    groups = _grouped(groups, reading_order(more))
    for k, (_c, _p, members) in enumerate(groups):
        done = tried[k] if k < len(tried) else 0
        if k < len(readings) and reads(readings[k]) and not readings[k].faint:
            continue
        again = _read_group(picture, members[done:], tabs_on) if len(members) > done else None
        if k >= len(readings):
            readings.append(again)
        elif again is not None and (readings[k] is None or (reads(again) and not (again.faint and reads(readings[k])))):
            readings[k] = again  # read, or its squares read and its tab in doubt, over not read or read faint
    return groups


#: a board not read most of whose squares (this share of their middles at least) lie on boards read
#: is those boards outlined together
ON_READ = 0.5


def unshadowed(read: list[BoardReading]) -> list[BoardReading]:
    """``read`` less the boards not read whose middle lies on a board read (its squares read, its
    tab in doubt or not): one board outlined twice (the second quad a square or more off, so not
    grouped with the first); or :data:`ON_READ` of whose squares do: two boards read side by side
    outlined as one across the gap between them (held-out kind, seed 3 open booklet 14: 49 and 50
    a third of a square apart, every board read and the page refused for that outline)."""
    done = [np.asarray(r.quad, np.float32) for r in read if (r.level is not None or r.tab_doubt) and r.quad is not None]
    return [r for r in read if r.level is not None or r.tab_doubt or r.quad is None
            or not (_middle_on(r.quad, done) or on_boards(r.quad, done) >= ON_READ)]


def on_boards(quad: np.ndarray, quads: list[np.ndarray]) -> float:
    """The share of the squares' middles of the board ``quad`` (corners in order around it, px: a
    10 x 5 grid between them) that lie on one of ``quads`` (float32 corners)."""
    if not quads:
        return 0.0
    q = np.asarray(quad, np.float64)
    s, t = np.meshgrid((np.arange(COLS) + 0.5) / COLS, (np.arange(ROWS) + 0.5) / ROWS)
    s, t = s.reshape(-1, 1), t.reshape(-1, 1)
    points = (1 - t) * ((1 - s) * q[0] + s * q[1]) + t * ((1 - s) * q[3] + s * q[2])
    return float(np.mean(np.any([distances_within(points, other, 0.0) >= 0 for other in quads], axis=0)))


def outlined_once(read: list[BoardReading]) -> list[BoardReading]:
    """``read`` less the boards read whose middle lies on a board kept before them that read the
    same squares and the same number, or whose tab is in doubt there (:func:`_same_board`): one
    board outlined twice, a little off, and read alike.  Held-out kind, seed 6 booklets 2 and 14:
    challenges 63 and 100 each so, and the pages refused for a challenge read twice
    (:func:`~visolve.puzzles.iq_xoxo.reader.read_twice`, which still refuses two readings that
    differ).  Taken once the boards are found (the finder's passes as before).  A second outline
    dropped is no board lost either: seed 5 booklet 15, a board not outlined, counted board 5's
    second outline (its tab in doubt) among the boards not read, and so kept 6, a number not firm,
    beside a run short of 6 - 8; now 6 waits for its page."""
    kept: list[BoardReading] = []
    for r in read:
        middle = None if r.quad is None else tuple(float(v) for v in np.mean(r.quad, axis=0))
        if middle is None or not any(_same_board(r, k, middle) for k in kept):
            kept.append(r)
    return kept


def _same_board(second: BoardReading, first: BoardReading, middle: tuple[float, float]) -> bool:
    """Whether ``second`` (its quad's ``middle``) is ``first`` outlined again: its middle on
    ``first``'s board read with a number, the same squares read, and the same number or its tab
    in doubt."""
    if first.level is None or first.quad is None or second.rows is None or second.rows != first.level.rows:
        return False
    if second.level is not None and second.level.level != first.level.level:
        return False
    if second.level is None and not second.tab_doubt:
        return False
    return cv2.pointPolygonTest(np.asarray(first.quad, np.float32), middle, False) >= 0


def _place(reading: BoardReading) -> tuple[int, float]:
    """Where a board read lies in reading order: its row of boards (about six pitches high), its x."""
    if reading.quad is None:
        return (0, 0.0)
    q = np.asarray(reading.quad, np.float64)
    pitch = max(float(np.linalg.norm(q[1] - q[0])) / COLS, 1e-6)
    centre = q.mean(axis=0)
    return (round(centre[1] / (6 * pitch)), float(centre[0]))


def _grouped(groups: list, found: list) -> list:
    """``groups`` (centre, pitch, members) with each of ``found`` added to the group within a pitch
    of its centre, or as a new group."""
    groups = [(c, p, list(m)) for c, p, m in groups]
    for fd in found:
        centre = fd.corners.mean(axis=0)
        group = next((g for g in groups if np.linalg.norm(g[0] - centre) < fd.pitch), None)
        if group is None:
            groups.append((centre, fd.pitch, [fd]))
        else:
            group[2].append(fd)
    return groups


def _read_group(picture: np.ndarray, members: list, tabs_on: np.ndarray | None = None) -> BoardReading | None:
    """The first of one place's outlines that reads, else the first that shows a grid; None
    when none does and the place shows fewer than :data:`MIN_SQUARES` grey squares (no board:
    a block of text), else a reading that names the board not outlined.  An outline that reads
    though its gaps are hardly seen (:attr:`~visolve.puzzles.iq_xoxo.page.reading.BoardReading.faint`:
    blurred, or off the board a little) counts only when no other outline of the place reads:
    a sharper one shows the tab sharper too.  ``tabs_on``: see :func:`_one_pass`."""
    first = faint = None
    for fd in members:
        reading = read_board(picture, fd.corners, fd.squares, PLACED_GRID if fd.tentative else MIN_GRID, tabs_on)
        if reading is not None:
            reading.quad = fd.corners
            if (reading.level is not None or reading.tab_doubt) and not reading.faint:  # another outline
                return reading  # would only give the same blurred digits another chance to pass
            if reading.level is not None or reading.tab_doubt:
                faint = faint or reading
                continue
        if not fd.tentative:  # a window placed from a tab alone counts only when it reads
            first = first or reading
    if faint is not None:
        return faint
    if first is None and max((len(fd.squares) for fd in members if not fd.tentative), default=0) >= MIN_SQUARES:
        centre = np.round(members[0].corners.mean(axis=0)).astype(int)
        return BoardReading(None, error=f"the board around ({centre[0]}, {centre[1]}) px shows squares "
                                        "but no grid where it was outlined", quad=members[0].corners)
    return first
