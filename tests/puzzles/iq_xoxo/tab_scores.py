"""Made-up digit scores of a number tab, for the tests of tabs settled by their page."""

import numpy as np


def digit_scores(**scores) -> np.ndarray:
    """Ten scores, 0.3 but for the digits given (``d8=0.9``)."""
    out = np.full(10, 0.3)
    for name, value in scores.items():
        out[int(name[1:])] = value
    return out
