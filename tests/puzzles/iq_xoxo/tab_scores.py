"""Made-up digit scores of a number tab, and boards of a page, for the tests of tabs settled by their page."""

import numpy as np

from visolve.puzzles.iq_xoxo.model import Level
from visolve.puzzles.iq_xoxo.page.reading import BoardReading


def digit_scores(**scores) -> np.ndarray:
    """Ten scores, 0.3 but for the digits given (``d8=0.9``)."""
    out = np.full(10, 0.3)
    for name, value in scores.items():
        out[int(name[1:])] = value
    return out


#: the squares of every made-up board (all empty)
ROWS = ("..........",) * 5


def page_quad(row: int, col: int) -> np.ndarray:
    """The corners of the board in ``row`` and ``col`` of a page (300 x 150 px, 400 and 300 px apart)."""
    return np.array([(0.0, 0.0), (300.0, 0.0), (300.0, 150.0), (0.0, 150.0)]) + (400.0 * col, 300.0 * row)


def clear_tab(n: int, row: int, col: int) -> BoardReading:
    """The board at ``row``, ``col`` of a page, its squares read and its tab read clearly as ``n``."""
    return BoardReading(None, level=Level(level=n, rows=ROWS), rows=ROWS, quad=page_quad(row, col))


def doubt_tab(row: int, col: int, *digits: np.ndarray) -> BoardReading:
    """The board at ``row``, ``col`` of a page, its squares read and its tab in doubt (each digit's
    ten scores ``digits``)."""
    return BoardReading(None, error="digit unclear", tab_doubt=True, rows=ROWS, tab_scores=tuple(digits),
                        quad=page_quad(row, col))
