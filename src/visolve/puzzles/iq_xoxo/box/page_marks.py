"""Marks of a booklet page around a tray the box reader found: a challenge's number tab.

A booklet board is a grid of grey squares on white paper with its pieces on it: the box reader
can take it for the tray (the paper for the box's white rim, the squares for its floor), all the
more when the squares are too light for the grid check (:func:`.floor.gridded`) to see their gaps.
The box prints no number beside its tray; a booklet prints one on a tab centred above each board.
"""

from __future__ import annotations

import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.iq_xoxo.page.tab_number import LIGHT_SIZE, TAB_PITCH, TAB_REGION, read_tab
from visolve.puzzles.iq_xoxo.page.turned import turned
from visolve.vision.view import BoardView


def tab_number_beside(view: BoardView) -> int | None:
    """The number read on a tab centred above the tray of ``view`` (a view with a margin all
    round; as seen, then turned half round: the tab below), None when neither shows one read
    clearly.  The paper's colour is the median of the region searched (the tab covers a small
    part of it); a region that is the box's rim and the table beyond shows no number."""
    for side in (view, turned(view)):
        tab_view = side.resampled(extent=TAB_REGION, pitch=TAB_PITCH).flat_fielded(size=LIGHT_SIZE)
        page = np.median(tab_view.image.reshape(-1, 3), axis=0).astype(np.float32)
        try:
            number = read_tab(tab_view.image, page)
        except ReadError:
            continue
        if number is not None:
            return int(number)
    return None
