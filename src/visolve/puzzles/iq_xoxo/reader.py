"""The IQ XOXO reader: every booklet challenge in a picture, or the box with pieces in it, as levels.

A booklet page is read board by board (:mod:`visolve.puzzles.iq_xoxo.page`,
:func:`~visolve.puzzles.iq_xoxo.page.boards.read_boards`); each board takes
the number on its tab, else the file name's
(:func:`visolve.puzzles.base.level_from_filename`, with ``-1``, ``-2`` ...
when the picture holds several boards without tabs).  A picture with no
board is tried as a photo of the box (:mod:`visolve.puzzles.iq_xoxo.box`); one whose first
look sees no grey squares at all is tried as the box first (the page reader's closer look,
for a page of small squares, costs more than the box reader).

``read`` gives one level, or the list of levels of a page.  A picture with
no board and no box is :class:`NotThisPuzzle`; a board with a square in
doubt is :class:`ReadError` naming the square, and so is a page whose numbers are one run
but for some, with room among its boards for the boards missing
(:mod:`visolve.puzzles.iq_xoxo.page.run_gap`: a board not found).  A tab in doubt is a
ReadError too, unless the page's numbers settle it (:mod:`visolve.puzzles.iq_xoxo.page.tab_run`).  On a page of
several boards that refusal is a :class:`~visolve.errors.PartialRead` holding
the boards that stand on their own (:func:`page_levels`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.errors import NotThisPuzzle, PartialRead, ReadError
from visolve.plural import counted
from visolve.puzzles.base import level_from_filename
from visolve.puzzles.iq_xoxo.model import EMPTY, Level
from visolve.puzzles.iq_xoxo.page.finder import glance, squares_seen
from visolve.puzzles.iq_xoxo.page.first_look import STEEP_ASPECT
from visolve.puzzles.iq_xoxo.page.boards import outlined_once, read_boards
from visolve.puzzles.iq_xoxo.page.odd_outline import odd_outlines
from visolve.puzzles.iq_xoxo.page.reading import BoardReading
from visolve.puzzles.iq_xoxo.page.run_gap import (lost_beyond_fold, lost_beyond_run, lost_board, lost_places,
                                                  missing_numbers, off_run)
from visolve.puzzles.iq_xoxo.page.tab_layout import layout_numbers
from visolve.puzzles.iq_xoxo.page.tab_run import settled_around_lost, settled_by_page

#: this many squares of a grid outside the boards found mean a board was missed
MIN_STRAY = 4
#: a picture showing this many grey squares on a grid is a booklet page (its refusal is the page reader's)
PAGE_SQUARES = 10


def page_levels(readings: list[BoardReading], stray: int) -> list[Level]:
    """The levels of a picture's boards; NotThisPuzzle when there are none, ReadError when one is in
    doubt (:class:`PartialRead` with the others when they stand on their own: :func:`_partly`), or
    read on an outline unlike every other board's of its page
    (:func:`~visolve.puzzles.iq_xoxo.page.odd_outline.odd_outlines`)."""
    if not readings:
        raise NotThisPuzzle("no 5 x 10 board of grey squares found")
    readings = odd_outlines(tab_missed(outlined_once(readings)))
    if stray >= MIN_STRAY:
        lost = _not_outlined(readings)
        which = "a board" if lost == 1 else f"{lost} boards (empty places among those found)"
        raise _partly(_around_lost(readings) or readings, set(), f"squares of a grid or a number tab lie outside "
                      f"the {counted(len(readings), 'board')} found (weight {stray}): {which} could not be outlined",
                      lost=lost)
    failed = [(k, r) for k, r in enumerate(readings) if r.level is None]
    if failed:
        settled = settled_by_page(readings)
        if settled is not None:
            _fold_checked(readings, settled)
            return settled
        around = _around_lost(readings)
        if around is None:
            k, first = failed[0]
            where = f"board {k + 1} of {len(readings)}: " if len(readings) > 1 else ""
            raise _partly(readings, {k for k, _r in failed}, where + first.error)
        readings = around  # checked below as a page whose tabs all read: a lost board's number left out
    levels = [r.level for r in readings]
    twice = read_twice(levels)
    if twice:
        first, second = twice
        misread = misread_of_twice(readings, twice)
        if misread is not None:
            wrong, number = misread
            right = second if wrong == first else first
            raise _partly(readings, {wrong}, f"board {wrong + 1} of {len(levels)}: its tab reads "
                          f"{levels[wrong].level} as board {right + 1}'s does, where the page's other tabs "
                          f"put {number}: a tab misread")
        raise _partly(readings, set(twice), f"boards {first + 1} and {second + 1} of {len(levels)} both read as "
                      f"challenge {levels[first].level}: one board outlined twice, or a tab misread")
    loose = unconfirmed(levels)
    if loose is not None:
        others = ", ".join(str(lv.level) for k, lv in enumerate(levels) if k != loose)
        raise _partly(readings, {loose}, f"board {loose + 1} of {len(levels)}: its tab reads {levels[loose].level} "
                      f"only as a run of digits drawn whole, and the other tabs read {others}: not one run of "
                      "numbers (a tab misread, or a board out of the picture)")
    numbers, quads = [lv.level for lv in levels], [r.quad for r in readings if r.quad is not None]
    lost = lost_board(numbers, quads)
    if lost is not None:
        raise _partly(readings, set(), lost, lost=len(missing_numbers(numbers)))
    beyond = lost_beyond_run(numbers, quads)
    if beyond is not None:
        raise _partly(readings, set(), beyond[0], lost=beyond[1])
    _fold_checked(readings, levels)
    off = off_run(numbers)
    if off is not None:
        others = sorted(lv.level for k, lv in enumerate(levels) if k != off)
        raise _partly(readings, {off}, f"board {off + 1} of {len(levels)}: its tab reads {levels[off].level}, "
                      f"off the run of the page's other tabs ({others[0]} - {others[-1]}): a tab misread?")
    return levels


def _fold_checked(readings: list[BoardReading], levels: list[Level]) -> None:
    """Raise the refusal of a spread whose boards found stand unlike either side of its fold
    (:func:`~visolve.puzzles.iq_xoxo.page.run_gap.lost_beyond_fold`): a :class:`PartialRead` with
    ``levels`` (the boards' levels as read, or as their page settled their tabs); nothing
    otherwise.  Scenes seed 89 spread 53: 66 - 68 read, 65 under a pink glare beyond 66 unseen, and
    the spread read as three challenges."""
    quads = [r.quad for r in readings]
    if any(q is None for q in quads):
        return
    fold = lost_beyond_fold(quads)
    if fold is not None:
        raise _partly(_with_levels(readings, levels), set(), fold[0], lost=fold[1])


def tab_missed(readings: list[BoardReading]) -> list[BoardReading]:
    """The readings with each board whose squares read but no tab was found made a tab in doubt
    with no digits (a blank tab: settled by its page, else refused with the page's other boards
    kept), when another board shows a tab (read or in doubt): its tab was missed (washed out by
    glare, cut by the edge), for a booklet prints one above every challenge (held-out kind seed 2
    booklet 15: 29's tab not seen beside eleven others, the whole page refused before).  A picture
    whose boards show no tab keeps them, named by the file (:func:`name_levels`)."""
    if not any(r.tab_doubt or (r.level is not None and isinstance(r.level.level, int)) for r in readings):
        return readings
    return [replace(r, level=None, tab_doubt=True, tab_scores=(), tab_best=None, error=_NO_TAB)
            if r.level is not None and not isinstance(r.level.level, int) else r for r in readings]


#: why a board without a tab on a page of tabbed boards is refused
_NO_TAB = "no number tab seen above it, while the other boards show theirs"


def _not_outlined(readings: list[BoardReading]) -> int:
    """How many boards at least a page whose squares lie outside its boards found lost: one, or
    the empty places among them (:func:`~visolve.puzzles.iq_xoxo.page.run_gap.lost_places`;
    held-out kind seed 5 booklet 19: two boards of a row lost, 61 - 72 read but for 63, 65, 68
    and 69, its tabs' numbers are kept as one run with four holes)."""
    quads = [r.quad for r in readings]
    return 1 if any(q is None for q in quads) else max(1, len(lost_places(quads)))


def _around_lost(readings: list[BoardReading]) -> list[BoardReading] | None:
    """The readings with the levels their page settles counting a board lost at the one empty place
    among them (:func:`~visolve.puzzles.iq_xoxo.page.tab_run.settled_around_lost`), else None."""
    settled = settled_around_lost(readings)
    if settled is None:
        return None
    return _with_levels(readings, settled)


def _with_levels(readings: list[BoardReading], levels: list[Level]) -> list[BoardReading]:
    """``readings`` each given its level of ``levels`` (settled or read: no error, no tab in doubt)."""
    return [replace(r, level=level, error="", tab_doubt=False) for r, level in zip(readings, levels)]


def _partly(readings: list[BoardReading], refused: set[int], reason: str, lost: int = 0) -> ReadError:
    """The refusal ``reason`` of a page whose boards ``refused`` (indices) are in doubt, or that lost
    ``lost`` boards (at least): a :class:`PartialRead` with the levels of the other boards that
    stand on their own -- squares read, a tab number whose every digit is clear by itself
    (``firm``), numbers all different -- else a plain ReadError.  A number not firm is kept
    only beside a firm one, when the numbers kept are one run but for no more numbers than
    boards were refused or lost (:func:`_run_with_holes`; a bold 79 read 70 beside 76-81 is not),
    and a number off the run of the others kept (:func:`~.page.run_gap.off_run`, as many numbers as
    boards found and lost) is not kept.
    """
    standing = [r.level for k, r in enumerate(readings) if k not in refused and r.level is not None
                and isinstance(r.level.level, int)]
    firm = [lv for lv in standing if getattr(lv.level, "firm", True)]
    numbers = [lv.level for lv in standing]
    unread = len(readings) - len(standing) + lost
    kept = standing if firm and _run_with_holes(numbers, unread) else firm
    off = off_run([lv.level for lv in kept], len(readings) + lost)
    if off is not None:  # a tab misread kept beside a run with holes (72 read 82 beside 63 - 71)
        reason = f"{reason}; the tab read {kept[off].level} lies off the run of the others, not kept"
        kept = kept[:off] + kept[off + 1:]
    if len(readings) < 2 or not kept or len({lv.level for lv in kept}) != len(kept):
        return ReadError(reason)
    return PartialRead(reason, kept)


def _run_with_holes(numbers: list[int], holes: int) -> bool:
    """Whether ``numbers`` are all different and one run of consecutive numbers but for at most
    ``holes`` numbers."""
    return len(set(numbers)) == len(numbers) and max(numbers) - min(numbers) + 1 - len(numbers) <= holes


def _run(numbers: list[int]) -> bool:
    """Whether ``numbers`` are one run of consecutive numbers."""
    return sorted(numbers) == list(range(min(numbers), min(numbers) + len(numbers)))


def read_twice(levels: list[Level]) -> tuple[int, int] | None:
    """The indices of the first two ``levels`` with one tab number (a booklet prints a challenge
    once: painter set seed 0 page 153 had one board outlined twice, read twice as 103), else None."""
    seen: dict[int, int] = {}
    for k, lv in enumerate(levels):
        if not isinstance(lv.level, int):
            continue  # no tab: named from the file later
        if lv.level in seen:
            return seen[lv.level], k
        seen[lv.level] = k
    return None


#: a page's other tabs tell which of two boards read alike misread its tab when at least TWICE_READ
#: of them read and they number its layout one way only
TWICE_READ = 3


def misread_of_twice(readings: list[BoardReading], twice: tuple[int, int]) -> tuple[int, int] | None:
    """``(board, number)`` when of the two boards ``twice`` read with one number, the page's layout
    (:func:`~visolve.puzzles.iq_xoxo.page.tab_layout.layout_numbers`) numbered one way by its
    other tabs (at least :data:`TWICE_READ` read) gives one that number and the other
    ``number``: the other misread its tab (held-out kind seed 1 booklet 15, 13 read firmly as 18
    beside 14 - 24; seed 6 booklet 16, 6 read as 8).  None otherwise."""
    others = [replace(r, level=None) if k in twice else r for k, r in enumerate(readings)]
    if sum(r.level is not None for r in others) < TWICE_READ:
        return None
    numbers = layout_numbers(others)
    if len(numbers) != 1:
        return None
    numbers = numbers.pop()
    read = readings[twice[0]].level.level
    wrong = [k for k in twice if numbers[k] != read]
    return (wrong[0], numbers[wrong[0]]) if len(wrong) == 1 else None


def unconfirmed(levels: list[Level]) -> int | None:
    """The index of a level whose tab number is not firm (``firm`` False: see
    :class:`~visolve.puzzles.iq_xoxo.page.tab_number.TabNumber`) and that its page does not
    back: the other numbers read in the picture are one run (a booklet's page or spread,
    numbered one after another) and it does not continue that run.  None when every number
    stands (a page whose other numbers are no run is not a booklet's: the painter's pages number
    their boards at random, and a weak number there stands as before), and so does the number of
    a picture of one board: nothing there backs it or speaks against it.  A number is not firm
    only after it passed its run's margin and the second look (:func:`~.tab_clear.second_opinion`);
    of those on one-board pages, the randomized scenes of seeds 0, 1, 2, 17, 59, 89, 101, 103, 137
    and 139 read 12, all right (refused until then as not backed), and the firm ones 49, all right."""
    numbers = [lv.level for lv in levels]
    if len(numbers) < 2 or not all(isinstance(n, int) for n in numbers):
        return None
    for k, n in enumerate(numbers):
        others = numbers[:k] + numbers[k + 1:]
        if not getattr(n, "firm", True) and _run(others) and not _run(numbers):
            return k
    return None


def name_levels(levels: list[Level], source: str) -> list[Level]:
    """Levels without a tab number take the file name's (``-k`` suffixes when several); a
    board without a tab on a page whose other boards show theirs is refused (its tab was missed:
    washed out by glare)."""
    base = level_from_filename(source)
    unnamed = [i for i, lv in enumerate(levels) if lv.level == ""]
    if unnamed and len(unnamed) < len(levels):
        raise ReadError(f"board {unnamed[0] + 1} of {len(levels)}: {_NO_TAB}")
    out = []
    for i, lv in enumerate(levels):
        name = int(lv.level) if isinstance(lv.level, int) else lv.level  # a plain number, firm or not
        if i in unnamed:
            name = base if len(unnamed) == 1 else f"{base}-{unnamed.index(i) + 1}"
        out.append(Level(level=name, rows=lv.rows, source=source))
    return out


def read(image: np.ndarray, source: str = "") -> Level | list[Level]:
    """The challenge (or the challenges of a page) in ``image``.

    Raises
    ------
    NotThisPuzzle
        No IQ XOXO board in the picture.
    ReadError
        A board was found but a square (or the tab's number) is in doubt; a
        :class:`~visolve.errors.PartialRead` with the page's other boards when they stand on
        their own.
    """
    from visolve.puzzles.iq_xoxo.box.reader import read_box

    notes: dict = {}  # the page reader's first look, told again when the box reader fails too
    box = None  # the box reader's refusal, when it was asked first
    if _colour(image):
        notes["glance"] = glance(np.ascontiguousarray(image[:, :, :3]))
        if notes["glance"][3] is None:  # no squares at the working scale: a box photo, most likely
            try:
                level = read_box(image, source)
            except (NotThisPuzzle, ReadError) as exc:
                box = exc  # a page of small squares, seen closer by the page reader, or nothing
            else:
                if any(square != EMPTY for row in level.rows for square in row):
                    return level
                try:  # an empty box, or a page's small board seen as the tray: the page's boards when they read
                    levels = _page(image, notes, source)
                except (NotThisPuzzle, ReadError):
                    return level
                return _one_or_all(levels)
    try:
        levels = _page(image, notes, source)
    except NotThisPuzzle as page:  # no booklet board: a photo of the box with pieces in it?
        try:
            if box is None:
                return read_box(image, source)
        except (NotThisPuzzle, ReadError) as exc:
            box = exc
        levels = _seen_steeply(image, source)
        if levels is None:
            raise _page_or_box(image, page, box, notes) from box
    return _one_or_all(levels)


def _one_or_all(levels: list[Level]) -> Level | list[Level]:
    """What :func:`read` gives for ``levels``: the level alone, or the page's list."""
    return levels[0] if len(levels) == 1 else levels


def _page(image: np.ndarray, notes: dict, source: str, *aspect: float) -> list[Level]:
    """The page reader's levels of ``image`` (``notes``: its first look, when taken; ``aspect`` as
    :func:`~.page.boards.read_boards` takes it), named; a :class:`~visolve.errors.PartialRead`
    carries the boards read, named too."""
    try:
        return name_levels(page_levels(*read_boards(image, notes, settled_by_page, *aspect)), source)
    except PartialRead as part:
        raise PartialRead(str(part), name_levels(part.levels, source)) from None


def _seen_steeply(image: np.ndarray, source: str) -> list[Level] | None:
    """The levels of a picture neither reader found a board in, looked at again as a page seen
    steeply (square-like blobs up to :data:`~.page.first_look.STEEP_ASPECT` times as long as wide);
    None when no board is found so either.

    Raises
    ------
    ReadError
        A board so found is in doubt (a :class:`~visolve.errors.PartialRead` as :func:`read` raises).
    """
    try:
        return _page(image, {}, source, STEEP_ASPECT)
    except NotThisPuzzle:
        return None


def _colour(image: np.ndarray) -> bool:
    """Whether ``image`` is a colour picture the readers look at (else both refuse it at once)."""
    return isinstance(image, np.ndarray) and image.ndim == 3 and min(image.shape[:2]) >= 32


def _page_or_box(image: np.ndarray, page: NotThisPuzzle, box: Exception, notes: dict | None = None) -> Exception:
    """The refusal of a picture neither reader read: never the box reader's alone.

    When the page reader's first look saw grey squares on a grid, its reason (a booklet page
    whose boards could not be outlined: a ReadError naming what it saw when they are at least
    :data:`PAGE_SQUARES`, else NotThisPuzzle, a page too faint or too small); else both
    reasons, the page reader's first, as the box reader's kind of refusal (ReadError when it
    found a tray it could not read: a photo of a page whose squares are too light to see was
    refused with the box reader's reason alone).
    """
    seen, pitch = squares_seen(image, notes)
    if seen >= PAGE_SQUARES:
        return ReadError(f"{page}: {counted(seen, 'grey square')} on a grid seen (about {pitch:.0f} px apart), "
                         "but no whole board could be outlined around them")
    if seen:  # too few to claim the picture (another family's grid may show a few)
        return NotThisPuzzle(f"{page}: only {counted(seen, 'grey square')} on a grid seen (about {pitch:.0f} px "
                             "apart): a booklet page too faint or too small to outline its boards")
    both = f"{page}; the box reader: {str(box).removeprefix('box: ')}"
    return ReadError(both) if isinstance(box, ReadError) else NotThisPuzzle(both)


def debug_overlay(image: np.ndarray, source: str = "") -> np.ndarray:
    """The picture with each board found, what each square was read as, and the verdict."""
    from visolve.vision.overlay import as_bgr, banner, draw_overlay

    try:
        readings, _stray = read_boards(image)
    except NotThisPuzzle as exc:
        return banner(as_bgr(image), f"iq-xoxo: {exc}")
    if not readings:
        return banner(as_bgr(image), "iq-xoxo: no 5 x 10 board of grey squares found")
    out, verdicts = image, []
    for k, reading in enumerate(readings):
        labels = {key: f"{s.kind[0]}{s.mark}" for key, s in reading.squares.items()}
        verdicts.append(f"board {k + 1}: " + (f"challenge {reading.level.level or source}" if reading.level
                                               else reading.error))
        if reading.view is not None:
            out = draw_overlay(out, reading.view, labels)
    return banner(out, "iq-xoxo " + " | ".join(verdicts))
