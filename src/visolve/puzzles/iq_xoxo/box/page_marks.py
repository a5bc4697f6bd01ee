"""Marks of a booklet page around a tray the box reader found: a challenge's number tab.

A booklet board is a grid of grey squares on white paper with its pieces on it: the box reader
can take it for the tray (the paper for the box's white rim, the squares for its floor), all the
more when the squares are too light for the grid check (:func:`.floor.gridded`) to see their gaps.
The box prints no number beside its tray; a booklet prints one on a tab centred above each board.
"""

from __future__ import annotations

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.page.tab_number import LIGHT_SIZE, TAB_PITCH, TAB_REGION, TabCut, TabDoubt, read_tab
from visolve.puzzles.iq_xoxo.page.turned import turned
from visolve.vision.view import BoardView


class TabBeside(ReadError):
    """A number tab beside the tray whose number is not read clearly: a booklet page's board."""


def tab_number_beside(view: BoardView) -> int | None:
    """The number read on a tab centred above the tray of ``view`` (a view with a margin all
    round; as seen, then turned half round: the tab below), None when neither shows a tab.
    The paper's colour is the median of the region searched (the tab covers a small part of
    it); a region that is the box's rim and the table beyond shows no tab.

    Raises
    ------
    TabBeside
        A tab showing digits is seen, but neither side's number is read clearly (a small,
        blurred page's tab): the board is a page's all the same, and its page has other boards.
    """
    unclear = None
    for side in (view, turned(view)):
        try:
            number = _tab_read(side)
        except TabDoubt as exc:  # white parts standing as digits, not read clearly
            unclear = unclear or exc
            continue
        except ReadError:  # light parts that are no digits: the rim, the table
            continue
        if number is not None:
            return int(number)
    if unclear is not None:
        raise TabBeside(f"a number tab beside the tray ({unclear}): a booklet page, not the box")
    return None


#: a tab cut by the edge of the region searched is looked for again in the region moved this far
#: (board units) towards the tray: a booklet board outlined as a tray a little beyond its squares
#: on the tab's side.  Scenes seed 367 spread 17: an open booklet of twelve small boards, turned
#: upside down; board 117's tab, printed close to its squares, cut at the region's lower edge
#: (TabCut), so no tab was seen and the box reader read the board as the box, named from the file
TAB_NEARER = 0.2


def _tab_read(side: BoardView) -> int | None:
    """The number :func:`~.page.tab_number.read_tab` reads above the tray of ``side`` (a view), in
    :data:`TAB_REGION` or, when the tab there is cut by its lower edge (the tray's side), moved
    :data:`TAB_NEARER` nearer."""
    u0, v0, u1, v1 = TAB_REGION
    try:
        return _read_in(side, TAB_REGION)
    except TabCut as cut:
        if not cut.below:  # the rim or the table beside the region, not a tab against the tray
            raise
        return _read_in(side, (u0, v0 + TAB_NEARER, u1, v1 + TAB_NEARER))


def _read_in(side: BoardView, region: tuple) -> int | None:
    """The number read on the tab in ``region`` (board units) of ``side``, the paper's colour the
    median of the region."""
    tab_view = side.resampled(extent=region, pitch=TAB_PITCH).flat_fielded(size=LIGHT_SIZE)
    page = np.median(tab_view.image.reshape(-1, 3), axis=0).astype(np.float32)
    return read_tab(tab_view.image, page)
