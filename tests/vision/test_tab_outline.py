"""Where number tabs are (:mod:`visolve.vision.tab_outline`): the faint masks a page's pale tabs are
looked for on."""

import numpy as np

from visolve.make.generate import challenges
from visolve.make.pages import draw_page, per_page
from visolve.testing.photos import photograph
from visolve.vision.tab_outline import FAINT, faint_masks
from visolve.vision.tabs import find_tabs


def test_faint_masks_one_a_level_each_holding_the_one_before():
    rng = np.random.default_rng(3)
    image = rng.integers(150, 256, (120, 160, 3), dtype=np.uint8)
    masks = faint_masks(image)
    assert len(masks) == len(FAINT) == 2
    assert not (masks[0] & ~masks[1]).any()


def test_a_tab_washed_unevenly_by_a_glare_spot_is_read():
    # make photo seed 5, expert page (a dark phone photo): a glare spot over tab 2 left it 0.72 of
    # the light at one end and 0.86-0.91 at the other; at the first faint level it broke into
    # pieces, so its board had no tab and was refused
    made = list(challenges("genius-square", "expert", per_page("genius-square"), 5))
    photo, _h = photograph(draw_page("genius-square", made), np.random.default_rng([5, 2]), 1.0)
    assert [t.number for t in find_tabs(photo)] == [1, 2]
