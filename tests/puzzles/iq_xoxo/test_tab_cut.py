"""Cutting a run of digits along seams: kerned digits come apart whole."""

import numpy as np

from visolve.puzzles.iq_xoxo.page.tab_cut import cut_glyphs, cut_pieces, cuts, seam
from visolve.puzzles.iq_xoxo.page.tab_glyphs import glyph, ink_box


def _kerned_pair() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A run of two digit-like blocks whose columns overlap without touching (italic digits, a 7's
    bar over the digit before it): a gap 3 px wide slanting one column left every 3 rows; the
    whole run's whiteness and each block's mask."""
    h, w = 40, 60
    left = np.zeros((h, w), bool)
    right = np.zeros((h, w), bool)
    for r in range(6, 34):
        slant = (r - 6) // 3
        left[r, 8: 30 - slant] = True
        right[r, 33 - slant: 52] = True
    return (left | right).astype(np.float64), left, right


def _ink_and_box(white: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """The run's ink and its box (x, y, w, h)."""
    mask = white > 0.5
    ys, xs = np.nonzero(mask)
    return mask, (int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))


def test_a_seam_goes_round_the_overhang():
    white, left, right = _kerned_pair()
    path = seam(white[6:34, 8:52], 23, 10)
    assert not white[np.arange(6, 34), path + 8].any()  # through no ink at all
    for col in range(8 + 16, 8 + 22):  # where a straight cut goes through ink
        assert white[6:34, col].any()


def test_cut_glyphs_keep_each_digit_whole():
    white, left, right = _kerned_pair()
    mask, box = _ink_and_box(white)
    glyphs = cut_glyphs(white, mask, box, (19,))
    assert glyphs is not None and len(glyphs) == 2
    for got, part in zip(glyphs, (left, right)):
        want = glyph(np.where(part, white, 0.0), *ink_box(part), part)
        assert float(got @ want) / 2 > 0.99  # each view is of unit norm: two views agree


def test_cuts_keep_pieces_near_even():
    profile = np.array([5, 5, 4, 1, 4, 5, 5, 5, 0, 5, 5, 5, 5, 4, 5, 5, 5, 5], float)
    for cut in cuts(profile, 2):
        widths = np.diff([0, *cut, len(profile)])
        assert widths.min() >= 0.7 * len(profile) / 2
    assert (8,) in cuts(profile, 2) and (3,) not in cuts(profile, 2)


def test_cut_pieces_give_each_digit_its_own_ink():
    white, left, right = _kerned_pair()
    mask, box = _ink_and_box(white)
    pieces = cut_pieces(white, mask, box, (19,))
    assert pieces is not None and len(pieces) == 2
    for (_g, ink), part in zip(pieces, (left, right)):
        assert np.array_equal(ink, part[ink_box(part)])  # the block's ink, cut to its box
