"""A page of boards under number tabs, split into one region a tab and read board by board."""

import cv2
import numpy as np
import pytest

from tests.vision.test_tabs import page_with_tabs
from visolve.errors import NotThisPuzzle, PartialRead, ReadError, SeveralBoards
from visolve.vision.page_regions import Region, board_regions, joined_image
from visolve.vision.pages import named_levels, page_of, read_page
from visolve.vision.tabs import Tab, look_at_page


def _block_middle(region: np.ndarray) -> tuple[float, float]:
    """Where the dark block (the board) lies in a region, as shares of its size: the 'reading'."""
    ys, xs = np.nonzero(region.max(axis=2) < 100)
    return float(xs.mean() / region.shape[1]), float(ys.mean() / region.shape[0])


def test_each_board_is_read_from_its_own_region_under_its_tab_number():
    page = page_with_tabs([4, 9, 2, 11])
    read = read_page(page, _block_middle, SeveralBoards("two boards"))
    assert [n for n, _r in read] == [4, 9, 2, 11]
    for _n, (x, y) in read:
        assert 0.4 < x < 0.6 and 0.2 < y < 0.8  # one whole board, in the middle of its region


def test_a_page_without_tabs_stays_refused_as_the_family_said():
    page = np.full((900, 1200, 3), 255, np.uint8)
    for x in (100, 700):
        cv2.rectangle(page, (x, 200), (x + 400, 500), (40, 30, 30), -1)
    with pytest.raises(SeveralBoards, match="two boards; no number tab"):
        read_page(page, _block_middle, SeveralBoards("two boards"))


def test_a_board_without_its_tab_is_refused_naming_where_it_is():
    page = page_with_tabs([1, 2, 3, 4])
    page[450 + 80: 450 + 80 + 110, 900 - 130: 900 + 131] = 255  # tab 4 torn off
    with pytest.raises(PartialRead, match=r"a board at \(9\d\d, \d+\) px has no number tab") as caught:
        read_page(page, _block_middle, SeveralBoards("four boards"))
    assert [n for n, _r in caught.value.levels] == [1, 2, 3]  # the boards under their own tabs


def test_two_tabs_of_one_number_are_refused():
    with pytest.raises(ReadError, match="boards 1 and 2 of 2 both show tab 5"):
        read_page(page_with_tabs([5, 5]), _block_middle, SeveralBoards("two boards"))


def test_a_board_that_does_not_read_refuses_the_page_naming_it():
    def fussy(region):
        raise NotThisPuzzle("no board here") if _block_middle(region)[0] > 2 else ReadError("square B3 in doubt")

    with pytest.raises(ReadError, match=r"board 1 of 2 \(tab 6\): square B3 in doubt"):
        read_page(page_with_tabs([6, 7]), fussy, SeveralBoards("two boards"))


def test_a_board_that_does_not_read_leaves_the_others_read_and_named():
    seen = []

    def fussy(region):
        seen.append(region)
        if len(seen) in (2, 3, 4):  # the second board is in doubt (and again in its tab's whole area
            # and in the box holding both)
            raise ReadError("square B3 in doubt")
        return _block_middle(region)

    with pytest.raises(PartialRead, match=r"^board 2 of 3 \(tab 8\): square B3 in doubt$") as caught:
        read_page(page_with_tabs([7, 8, 9]), fussy, SeveralBoards("three boards"))
    assert [n for n, _r in caught.value.levels] == [7, 9]


def test_the_levels_of_a_page_read_in_part_are_named_after_their_tabs():
    from dataclasses import dataclass

    @dataclass
    class Board:
        level: object

    def in_part():
        raise PartialRead("board 2 of 3: its tab's number cannot be read", [(4, Board("")), (6, Board(""))])

    with pytest.raises(PartialRead) as caught:
        named_levels(in_part, "{:03d}".format)
    assert [b.level for b in caught.value.levels] == ["004", "006"]
    assert named_levels(lambda: [(5, Board(""))]) == [Board(5)] and named_levels(lambda: None) is None


def test_a_board_sized_blot_on_the_desk_beside_the_page_is_no_board_without_a_tab():
    # a coloured shape as large as a board, two rows' pitch below the page's last row of tabs
    page = cv2.copyMakeBorder(page_with_tabs([1, 2, 3, 4]), 0, 700, 0, 0, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    cv2.rectangle(page, (400, 1500), (900, 1800), (200, 120, 40), -1)
    read = read_page(page, _block_middle, SeveralBoards("four boards"))
    assert [n for n, _r in read] == [1, 2, 3, 4]


def test_a_board_run_down_past_the_next_tab_is_not_taken_whole_as_one_board():
    # board 2 run down past tab 4 by a dark strip (boards and a tab blurred together on a photo):
    # a part whose box takes in another tab is no one board; board 2's region stays in its row
    page = page_with_tabs([1, 2, 3, 4])
    for cx, top in ((300, 80), (900, 80), (300, 530), (900, 530)):  # smaller boards: two fit a region
        page[top + 140: top + 441, cx - 250: cx + 251] = 255
        cv2.rectangle(page, (cx - 150, top + 140), (cx + 150, top + 340), (40, 30, 30), -1)
    cv2.rectangle(page, (1040, 400), (1050, 650), (40, 30, 30), -1)  # board 2 run down beside tab 4
    regions = board_regions(page, look_at_page(page))
    assert [r.tab.number for r in regions] == [1, 2, 3, 4]
    assert regions[1].image.shape[0] < 1.5 * regions[0].image.shape[0]


def _tabbed_column(shape, numbers, step, tab, digit, board):
    """A white page of one column: a dark tab ``tab = (x0, y0, x1, y1)`` with a white number
    ``digit = (height, stroke)`` above a dark board ``board`` (same frame), repeated ``step`` px down."""
    page = np.full(shape + (3,), 255, np.uint8)
    font = cv2.FONT_HERSHEY_SIMPLEX
    scale = cv2.getFontScaleFromHeight(font, digit[0])
    for i, n in enumerate(numbers):
        x0, y0, x1, y1 = tab[0], tab[1] + step * i, tab[2], tab[3] + step * i
        cv2.rectangle(page, (x0, y0), (x1, y1), (60, 60, 60), -1)
        (w, h), _ = cv2.getTextSize(str(n), font, scale, digit[1])
        cv2.putText(page, str(n), ((x0 + x1) // 2 - w // 2, y0 + (y1 - y0 + h) // 2), font, scale,
                    (255, 255, 255), digit[1], cv2.LINE_AA)
        cv2.rectangle(page, (board[0], board[1] + step * i), (board[2], board[3] + step * i), (40, 30, 30), -1)
    return page


def _column_page(numbers):
    """A page of one column: a tab (260 x 110) above each board, three rows."""
    return _tabbed_column((1500, 1000), numbers, 470, (370, 60, 630, 170), (60, 6), (200, 200, 800, 480))


def test_a_one_column_page_whose_middle_tab_is_lost_is_refused_not_read_one_board_short():
    page = _column_page([1, 2, 3])
    assert [n for n, _r in read_page(page, _block_middle, SeveralBoards("three boards"))] == [1, 2, 3]
    page[530:640, 370:631] = 255  # tab 2 torn off: tab 1's area now runs down to tab 3
    with pytest.raises(ReadError, match=r"a board at \(\d+, \d+\) px has no number tab"):
        read_page(page, _block_middle, SeveralBoards("three boards"))


def test_a_board_sized_blot_beside_a_one_column_page_is_no_board_without_a_tab():
    page = cv2.copyMakeBorder(_column_page([1, 2, 3]), 0, 0, 700, 0, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    # a shape as large as a board on the desk two tab widths left of the column (was refused as
    # a board without its tab: a page's grid then reached four tab widths either side)
    cv2.rectangle(page, (100, 600), (700, 880), (200, 120, 40), -1)
    read = read_page(page, _block_middle, SeveralBoards("three boards"))
    assert [n for n, _r in read] == [1, 2, 3]


def test_a_board_cut_in_parts_by_light_lines_is_cut_out_whole():
    # a light outline running across the whole board (an IQ Circuit piece's, merged with the
    # board's edge on a photo) split its ink in two: the region took the larger part only
    page = _column_page([1, 2, 3])
    for i in range(3):
        top = 60 + 470 * i
        page[top + 140: top + 421, 338:346] = 235  # a light line across board i, 138 px from its left
    regions = board_regions(page, look_at_page(page))
    for region in regions:
        ys, xs = np.nonzero(region.image.max(axis=2) < 100)
        width = xs.max() - xs.min() + 1
        assert width > 0.9 * 600 * region.image.shape[1] / (region.corners[1][0] - region.corners[0][0])


def test_a_board_and_its_tab_paled_by_glare_refuse_the_page_not_read_one_board_short():
    # glare washes out tab 1 and board 1 (0.7 of the page's light: lighter than the first ink
    # mask takes): tabs 2 and 3 were read and the page given as two boards, board 1 dropped unsaid
    page = _column_page([1, 2, 3])
    page[60:170, 370:631] = 255
    board = page[200:481].astype(np.float32)
    page[200:481] = np.clip(255 - (255 - board) * 0.35, 0, 255).astype(np.uint8)
    for x in range(230, 800, 50):  # its light marks (a board is not one flat block)
        for y in range(225, 481, 50):
            cv2.circle(page, (x, y), 8, (255, 255, 255), -1)
    with pytest.raises(ReadError, match=r"a board at \(\d+, \d+\) px has no number tab"):
        read_page(page, _block_middle, SeveralBoards("three boards"))


def _two_page():
    """A page of two boards one a row, as visolve make prints IQ Stars (tabs 220 x 100)."""
    return _tabbed_column((1760, 1240), (1, 2), 850, (510, 30, 730, 130), (70, 9), (45, 142, 1195, 792))


def _kept_whole(part: PartialRead) -> list[int]:
    """The tab numbers of a page read in part, each of its boards read whole in its region's middle."""
    for _n, (x, y) in part.levels:
        assert 0.4 < x < 0.6 and 0.4 < y < 0.6
    return [n for n, _r in part.levels]


def test_a_page_of_two_boards_whose_second_tab_is_lost_gives_the_first_board_and_names_the_second():
    # with tab 2 lost, tab 1 is the page's one row and board 2 lay beyond the grid looked at below it
    page = _two_page()
    assert [n for n, _r in read_page(page, _block_middle, SeveralBoards("two boards"))] == [1, 2]
    page[880:981, 510:731] = 255  # tab 2 torn off
    with pytest.raises(PartialRead, match=r"a board at \(\d+, \d+\) px has no number tab") as caught:
        read_page(page, _block_middle, SeveralBoards("two boards"))
    assert _kept_whole(caught.value) == [1]  # board 1, cut around its own ink, away from board 2


def test_a_lone_tab_whose_region_is_no_board_of_its_own_gives_nothing_beside_a_lost_board():
    # board 1 too pale for its ink to be found: its region would be its tab's whole area, which
    # may take in part of the board whose tab is lost; nothing is read under a guessed cut
    page = _two_page()
    page[880:981, 510:731] = 255  # tab 2 torn off
    board = np.all(page[:850] == (40, 30, 30), axis=2)
    page[:850][board] = 200
    with pytest.raises(ReadError, match=r"a board at \(\d+, \d+\) px has no number tab") as caught:
        read_page(page, _block_middle, SeveralBoards("two boards"))
    assert not isinstance(caught.value, PartialRead)


def test_a_lone_tab_whose_board_does_not_read_names_both_boards():
    page = _two_page()
    page[880:981, 510:731] = 255  # tab 2 torn off

    def refuse(_region):
        raise ReadError("square B3 in doubt")
    with pytest.raises(ReadError, match=r"no number tab above it .*; board 1 of 2 \(tab 1\): square B3 in doubt"):
        read_page(page, refuse, SeveralBoards("two boards"))


def test_a_board_read_alone_beside_a_board_whose_tab_is_lost_is_read_again_under_its_tab():
    # a family read board 2 alone, small in the photo, and looked for tabs around it: one tab
    # (under PAGE_TABS) left its reading standing, board 2 named after the picture, board 1 lost
    page = _two_page()
    page[30:131, 510:731] = 255  # tab 1 hidden (glare)
    with pytest.raises(PartialRead, match=r"a board at \(\d+, \d+\) px has no number tab") as caught:
        page_of(page, _block_middle, numbered=True)
    assert _kept_whole(caught.value) == [2]  # board 2 read again under its own tab, board 1 named
    page[30:800] = 255  # board 1 not in the picture at all: the family's reading of board 2 stands
    assert page_of(page, _block_middle, numbered=True) is None


def test_a_board_on_a_page_seen_turned_is_cut_out_whole():
    # a page turned 25 degrees on the photo: board 1's box in the picture's axes took in tab 2's
    # middle, so board 1 was taken for boards run together and its region was its tab's area,
    # narrower than the board (an IQ Circuit photo refused: "track towards left leaves the board")
    page = _tabbed_column((1500, 1400), [1, 2, 3], 470, (570, 60, 830, 170), (60, 6), (100, 200, 1300, 480))
    page = cv2.copyMakeBorder(page, 400, 400, 300, 300, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    h, w = page.shape[:2]
    page = cv2.warpAffine(page, cv2.getRotationMatrix2D((w / 2, h / 2), 25, 1.0), (w, h), borderValue=(255, 255, 255))
    regions = board_regions(page, look_at_page(page))
    assert [r.tab.number for r in regions] == [1, 2, 3]
    for region in regions:
        ys, xs = np.nonzero(region.image.max(axis=2) < 100)
        scale = region.image.shape[1] / np.linalg.norm(region.corners[1] - region.corners[0])
        assert xs.max() - xs.min() + 1 > 0.95 * 1200 * scale


def test_a_board_sized_blot_on_the_desk_below_a_page_of_boards_side_by_side_is_no_board():
    # a page of one row of two boards (Genius Square's, landscape): a board-sized shape on the desk
    # a board and a half below the row refused the page as a board without its tab (a page's one
    # row was looked below two columns' spacing down, as for a second row of boards)
    page = page_with_tabs([1, 2])
    cv2.rectangle(page, (50, 900), (550, 1200), (200, 120, 40), -1)
    assert [n for n, _r in read_page(page, _block_middle, SeveralBoards("two boards"))] == [1, 2]
    page[80:191, 770:1031] = 255  # tab 2 torn off: its board, beside tab 1, has no tab
    with pytest.raises(ReadError, match=r"a board at \(9\d\d, \d+\) px has no number tab") as caught:
        read_page(page, _block_middle, SeveralBoards("two boards"))
    # tab 1's region was cut around the blot (as large as a board, and board 1's ink too little of
    # the lone tab's wide area): it stands far below the tab, so nothing is read under tab 1
    assert not isinstance(caught.value, PartialRead)


def test_a_page_of_two_boards_side_by_side_whose_second_tab_is_lost_is_refused_not_read_one_short():
    # boards side by side more than four tab widths apart (Genius Square's landscape page, tab 2 lost
    # in glare): board 2 lay beyond the reach looked at beside the lone tab, and the page was read
    # as board 1 alone
    page = page_with_tabs([1, 2], tab=(140, 110))
    assert [n for n, _r in read_page(page, _block_middle, SeveralBoards("two boards"))] == [1, 2]
    page[75:196, 825:976] = 255  # tab 2 torn off
    with pytest.raises(PartialRead, match=r"a board at \(9\d\d, \d+\) px has no number tab") as caught:
        read_page(page, _block_middle, SeveralBoards("two boards"))
    assert _kept_whole(caught.value) == [1]


def test_a_pale_board_on_a_page_of_one_column_is_cut_out_whole():
    # boards 5.2 tab widths wide (IQ Circuit's as visolve make prints them), too pale to be cut out
    # by their ink (light on a photo): the region under each tab was 4 tab widths across, the
    # board's outer columns cut off ("track towards left leaves the board", photo seed 32 master)
    page = _two_page()
    board = np.all(page == (40, 30, 30), axis=2)
    page[board] = 190
    regions = board_regions(page, look_at_page(page))
    assert [r.tab.number for r in regions] == [1, 2]
    for region in regions:
        cols = np.nonzero((region.image.max(axis=2) < 220).any(axis=0))[0]
        assert cols[0] > 0 and cols[-1] < region.image.shape[1] - 1  # paper either side of the board


def test_a_small_board_read_alone_under_two_unread_tabs_is_refused_as_a_page():
    # a photo of a page so small its tabs (17 px high) cannot be read: a family read one board alone
    # and looked for numbered tabs around it, found none, and its board stood named after the
    # picture (Genius Square landscape page, photo seed 38 starter: a misread)
    page = cv2.resize(page_with_tabs([1, 2]), None, fx=0.14, fy=0.14, interpolation=cv2.INTER_AREA)
    assert all(t.number is None and "too small" in t.reason for t in look_at_page(page).tabs)
    with pytest.raises(ReadError, match="a page of 2 boards under number tabs that cannot be read"):
        page_of(page, _block_middle, numbered=True)


def test_a_page_the_family_saw_several_boards_on_with_one_tab_read_is_refused():
    # a photo of a page of two in glare (IQ Stars seed 54 starter, a light phone's glare): tab 2 and
    # board 2 washed out past both ink masks; the family saw two boards, the page one tab, and board
    # 1 was given alone, board 2 dropped unsaid
    page = _two_page()
    page[880:981, 510:731] = 255  # tab 2 washed out
    board = page[990:1645].astype(np.float32)
    page[990:1645] = np.clip(255 - (255 - board) * 0.1, 0, 255).astype(np.uint8)
    with pytest.raises(ReadError, match="two boards; 1 number tab found"):
        read_page(page, _block_middle, SeveralBoards("two boards"))


def test_a_board_cut_in_two_by_glare_whose_tab_is_lost_is_refused_not_read_one_board_short():
    # a photo of an IQ Stars page of two (photo seed 55 wizard): glare across board 2 paled tab 2
    # and a band down board 2's middle; its two halves, neither like a board alone, were no board,
    # and board 1 was read alone, named after the picture, board 2 lost
    page = _two_page()
    page[880:981, 510:731] = 255  # tab 2 washed out
    page[992:1643, 560:680] = 255  # a pale band down board 2's middle (0.1 of its width)
    with pytest.raises(PartialRead, match=r"a board at \(\d+, 1\d\d\d\) px, its ink in pieces") as caught:
        page_of(page, _block_middle, numbered=True)
    assert _kept_whole(caught.value) == [1]
    with pytest.raises(PartialRead, match=r"its ink in pieces") as caught:
        read_page(page, _block_middle, SeveralBoards("two boards"))
    assert _kept_whole(caught.value) == [1]


def test_lines_of_text_below_a_lone_board_are_no_board_in_pieces():
    # a page of one board with paragraphs of text below it: each line is a part of ink far smaller
    # than a board's pieces (PIECE), however close the lines lie to each other
    page = _two_page()
    page[850:] = 255
    for y in range(900, 1600, 45):
        cv2.rectangle(page, (100, y), (1100, y + 25), (40, 40, 40), -1)
    assert page_of(page, _block_middle, numbered=True) is None


def test_a_board_whose_ink_glare_cut_short_is_cut_out_whole():
    # glare paled the right of board 2 (photo seed 62 junior): its ink's box, 0.6 of board 1's
    # across, was its region, and the board's right columns were lost
    page = _two_page()
    page[992:1643, 700:1196] = 250  # board 2's right part as pale as the paper round it
    regions = board_regions(page, look_at_page(page))
    assert [r.tab.number for r in regions] == [1, 2]
    for region in regions:  # the board's whole width, 45 - 1195 px, in its region
        assert region.corners[:, 0].min() <= 45 and region.corners[:, 0].max() >= 1195


def test_a_board_partly_paled_by_glare_that_does_not_read_around_its_ink_is_read_in_its_tab_area():
    # glare paled the left fifth of board 2 (IQ Circuit make photo seed 23 expert): its ink's box,
    # 0.78 of board 1's across, was not cut short, and the region grown round it cut the board's
    # paled columns in two; the board did not read there, and reads in its tab's whole area
    page = _two_page()
    page[992:1643, 45:260] = 200  # board 2's left part pale, no ink

    def whole_only(region):
        cols = np.nonzero((region.max(axis=2) < 230).any(axis=0))[0]
        if cols[0] == 0 or cols[-1] == region.shape[1] - 1:
            raise NotThisPuzzle("the board runs off the region's side")
        return _block_middle(region)

    assert [n for n, _r in read_page(page, whole_only, SeveralBoards("two boards"))] == [1, 2]


def _box(x0, y0, x1, y1):
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)


def test_the_joined_cut_holds_both_the_board_s_ink_box_and_its_tab_s_area():
    # IQ Circuit make photo seed 76 wizard: glare paled the board's first column, out of its ink's
    # box, and its tab's area ended above the board's last row; the box holding both holds the board
    image = np.random.default_rng(1).integers(0, 256, (400, 500, 3), dtype=np.uint8)
    region = Region(Tab(_box(60, 20, 120, 50), 3), _box(100, 100, 300, 380), image[100:380, 100:300],
                    area=_box(40, 60, 280, 300))
    joined = joined_image(image, region, side=1000)
    assert np.array_equal(joined, image[60:380, 40:300])
    assert joined_image(image, Region(region.tab, region.corners, region.image)) is None  # its tab's area already


def test_a_board_read_only_in_the_joined_cut_is_read_and_else_the_first_refusal_stands():
    page = _two_page()
    cuts = []

    def third_only(region):
        cuts.append(region.shape)
        if len(cuts) == 2:  # board 2 around its ink
            raise ReadError("square B3 in doubt")
        if len(cuts) == 3:  # board 2 in its tab's whole area
            raise NotThisPuzzle("the board runs off the region's foot")
        return _block_middle(region)

    assert [n for n, _r in read_page(page, third_only, SeveralBoards("two boards"))] == [1, 2]
    assert len(cuts) == 4
    height = max(cuts[1][0], cuts[2][0])  # the joined cut holds both: at least as tall as either
    assert cuts[3][0] >= height - 1 and cuts[3][1] >= max(cuts[1][1], cuts[2][1]) - 1

    cuts.clear()

    def first_board_only(region):
        cuts.append(region.shape)
        if len(cuts) == 1:
            return _block_middle(region)
        raise ReadError("square B3 in doubt") if len(cuts) == 2 else NotThisPuzzle("no board")

    with pytest.raises(PartialRead, match=r"board 2 of 2 \(tab 2\): square B3 in doubt$"):
        read_page(page, first_board_only, SeveralBoards("two boards"))
    assert len(cuts) == 4  # its ink's box, its tab's area, the box of both; the first refusal stands


def test_a_board_read_alone_beside_a_board_whose_tab_does_not_read_is_read_as_a_page_in_part():
    # a photo of a page of two (Genius Square make photo seed 122, expert): tab 1's digit blurred
    # past reading, tab 2 read; the family read board 2 alone, found one numbered tab, and board 2
    # stood named after the picture, board 1 lost unsaid
    page = page_with_tabs([1, 2])
    cv2.rectangle(page, (282, 105), (318, 165), (255, 255, 255), -1)  # tab 1's digit: a white blot
    assert [t.number for t in look_at_page(page).tabs] == [None, 2]
    with pytest.raises(PartialRead, match="board 1 of 2: its tab's number cannot be read") as caught:
        page_of(page, _block_middle, numbered=True)
    assert [n for n, _r in caught.value.levels] == [2]
