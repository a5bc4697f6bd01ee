"""Booklet pages of made challenges, and their answers, drawn by the families' painters.

``DATA/booklet/FAMILY/<level>-<seed>-page-NN.png`` holds challenges
``n(NN-1)+1 .. nNN`` of a run (n = :func:`per_page`: 2), each under a tab
with its number (1..N), and ``...-answers-NN.png`` their solutions in the same places.  Pages are
drawn at print resolution (:data:`DPI`): an A4 page is 2480 x 3508 px.  IQ XOXO pages are in its
booklet's style (:mod:`visolve.puzzles.iq_xoxo.draw`: grey squares on its grey paper, tabs in the
level group's colour, the grades on a line below), one a row, two on an A4 portrait sheet (its
booklet has 3 x 2, where the boards were too small on the strongest photos; 2 x 2 left their tabs'
digits too small), its empty squares darker and its tabs larger and farther above their boards
than the booklet's (:data:`XOXO_SQUARE`, :data:`XOXO_TAB_H`), which its reader reads back; the
other families' boards are laid out one a row, two a portrait page (:data:`LAYOUTS`), each drawn
as large as its row holds, with a tab above and its grade below.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from visolve.workspace import atomic_write_bytes

#: print resolution, and the A4 page in pixels at it
DPI = 300
PAGE_W, PAGE_H = 2480, 3508
#: challenges a page holds at most, and how they are laid out (columns, rows) on a portrait page
PER_PAGE = 6
GRID = (2, 3)
#: families whose boards are laid out otherwise: one a row, two a page, each drawn about 2300 px
#: wide (IQ Stars, IQ Circuit; 1430-1520 three a page) or 1380 (Genius Square; 1120 four a page):
#: on the strongest photos of a page, boards 150-290 px wide were refused by their readers; IQ XOXO
#: one a row at :data:`XOXO_PITCH` (as its booklet, 3 x 2, a tenth of the photos had boards under
#: 150 px; 2 x 2, its boards 0.43 of the page's long side, the digits of its tabs were about 12 px high
#: on the strongest photos, smudged by motion blur: 5 of 100 pages refused for a tab, photo seeds 11-30)
LAYOUTS = {"genius-square": (2, 1), "iq-stars": (1, 2), "iq-circuit": (1, 2), "iq-xoxo": (1, 2)}
#: families whose page is A4 landscape: Genius Square's square boards, two on a portrait page one a
#: row, were 1345 px wide (their height half the page's); side by side across a landscape page they
#: are about 1630 px (its labels were not legible on boards about 250 px wide on the strongest photos)
LANDSCAPE = ("genius-square",)
#: how much larger than its painter's usual size a board may be drawn to fill its place on the page
MAX_GROW = 2.2
MARGIN = 60
#: the number tab above each board (px), its digits DIGIT_H px high in strokes of DIGIT_STROKE of
#: that: the number must still read on a photo of the page where the tab is 20 px high
TAB_H, TAB_W = 200, 440
DIGIT_H, DIGIT_STROKE = 140, 0.13
#: families whose tabs are printed taller, (tab height, digit height) px: IQ Circuit's 200 px tabs
#: (digits 140), its page printed in a sheet of text, were photographed 15.6-17 px high, under
#: the 18 a tab's number is read at (photo seeds 37, 38; the digits blurred into the tab's rim);
#: at 260 they read.  IQ Stars and Genius Square pages so printed each lost a board read before
#: (their boards moved down, photo seeds 57 wizard and 10 expert) and gained none on the seeds
#: measured (41-60, 1-10): IQ Stars keeps 200.  Genius Square's tab was photographed 17 px high on
#: a page in a sheet of text (photo seed 38 starter): its tab is GS_TAB px high, grown up into the
#: page's margin (:data:`RAISED_TABS`) so that its boards stay where they were
GS_TAB = (230, 160)
TALL_TABS = {"iq-circuit": (260, 170), "genius-square": GS_TAB}
#: families whose taller tabs (:data:`TALL_TABS`) grow upward from a :data:`TAB_H` tab's bottom,
#: into the page's margin: their boards keep the place they had under a TAB_H tab
RAISED_TABS = ("genius-square",)
#: the tab's top below the cell's, the board's top below the tab (60: at 25 a photo's blur ran a
#: tab into its dark board, and the tab was not found), the grade's line under the board
TAB_TOP, BOARD_GAP, GRADE_GAP = 10, 60, 30
#: what a cell keeps free beside its board across (px), and under it (the grade's line and a gap)
SIDE_ROOM, FOOT_ROOM = 60, 80
TAB_COLOUR = (60, 60, 60)
INK = (40, 40, 40)
WHITE = (255, 255, 255)
FONT = cv2.FONT_HERSHEY_SIMPLEX
#: IQ XOXO squares in px at print resolution: a board of 10 squares is 1950 px (6.5 in) wide, 0.56
#: of the A4 portrait sheet's long side its two boards, tabs and grades fill (2340 x 3452 px of
#: 2480 x 3508); 2 x 2 at 138 px on a landscape sheet drew them 0.43 of it (1380 px), and at 70 px,
#: printed on A4, 0.2 of the sheet's width
XOXO_PITCH = 195
#: height of the line of grades under an IQ XOXO page (pitches)
XOXO_FOOT = 1.3
#: IQ XOXO's empty squares and their dots, printed darker than its booklet's (204 and 228 on its
#: paper's 236): on photos in glare or blur the booklet's pale squares were not outlined (7 of 15
#: pages refused at strength 1.0, seeds 1-16) or showed no gaps between them (2)
XOXO_SQUARE, XOXO_DOT = (185, 185, 185), (230, 230, 230)
#: an IQ XOXO tab's bottom stands this many pitches above its board (the booklet's 0.12: a
#: photo's blur ran a tab into a piece on the board's top row and the tab was refused)
XOXO_TAB_GAP = 0.35
#: an IQ XOXO tab's width and height (pitches; the booklet's 2.3 x 0.85: its number about 10 px
#: high on the strongest photos, 3 of 15 refused pages); its number's size keeps the booklet's
#: share of the tab's height (larger digits in the same tab blurred into its rim). Tried and
#: dropped: 2.2 x 1.3 (two pages whose 1 was unclear read, but the page reader takes a blob of
#: 1.2-4.5 pitches squared, 1.5-4 times as wide as high, for a tab: seen near and turned a little,
#: the taller tab was none and counted as stray squares, seed 1 master)
XOXO_TAB_W, XOXO_TAB_H = 2.2, 1.0


def layout(family: str) -> tuple[int, int]:
    """The (columns, rows) of a family's page."""
    return LAYOUTS.get(family, GRID)


def page_size(family: str) -> tuple[int, int]:
    """The (width, height) px of a family's page (IQ XOXO's too: its boards are centred on it)."""
    return (PAGE_H, PAGE_W) if family in LANDSCAPE else (PAGE_W, PAGE_H)


def per_page(family: str) -> int:
    """How many challenges a page of ``family`` holds."""
    cols, rows = layout(family)
    return cols * rows


def page_name(level: str, seed: int, page: int, answers: bool = False) -> str:
    """``wizard-7-page-01.png`` / ``wizard-7-answers-01.png``."""
    return f"{level}-{seed}-{'answers' if answers else 'page'}-{page:02d}.png"


def page_path(root: Path, family: str, level: str, seed: int, page: int, answers: bool = False) -> Path:
    """Where a page goes: ``DATA/booklet/FAMILY/<name>``."""
    return Path(root) / "booklet" / family / page_name(level, seed, page, answers)


def _board(family: str, made, answer: bool, scale: float = 1.0) -> np.ndarray:
    """One challenge (or its solution) as its family's painter draws it, BGR, ``scale`` times its
    usual size on a page."""
    level = made.level
    if family == "iq-stars":
        from visolve.puzzles.iq_stars.model import Level
        from visolve.puzzles.iq_stars.painter import draw_challenge

        shown = Level(level.level, tuple(made.solution)) if answer else level
        return draw_challenge(shown, pitch=150.0 * scale)
    if family == "iq-circuit":
        from visolve.puzzles.iq_circuit.model import Level
        from visolve.puzzles.iq_circuit.painter import draw_challenge

        shown = Level(level.level, "expert", made.solution) if answer else level
        return draw_challenge(shown, pitch=int(round(120 * scale)), margin=0.3)
    if family == "genius-square":
        from visolve.puzzles.genius_square.board import drawing
        from visolve.puzzles.genius_square.draw import draw_board

        rows = list(made.solution[1]) if answer else drawing(level)
        return draw_board(rows, level.edition, pitch=int(round(120 * scale)))
    raise ValueError(f"no board painter for {family}")


def tab_size(family: str) -> tuple[int, int]:
    """The height of a family's number tabs and of their digits (px; :data:`TALL_TABS`)."""
    return TALL_TABS.get(family, (TAB_H, DIGIT_H))


def tab_place(family: str) -> tuple[int, int]:
    """The top of a family's number tab and of its board below a page cell's top (px): the tab
    :data:`TAB_TOP` down and the board :data:`BOARD_GAP` under it, or, for :data:`RAISED_TABS`, the
    board where it is under a :data:`TAB_H` tab and the taller tab's bottom where that one's is."""
    tab_h = tab_size(family)[0]
    if family in RAISED_TABS:
        return TAB_TOP + TAB_H - tab_h, TAB_TOP + TAB_H + BOARD_GAP
    return TAB_TOP, TAB_TOP + tab_h + BOARD_GAP


def _tab(img: np.ndarray, cx: int, top: int, number: int, family: str) -> None:
    """The challenge number in white on a dark tab centred at ``cx`` (``family``'s :func:`tab_size`)."""
    tab_h, digit_h = tab_size(family)
    x0, x1 = cx - TAB_W // 2, cx + TAB_W // 2
    cv2.rectangle(img, (x0, top), (x1, top + tab_h), TAB_COLOUR, -1)
    text = str(number)
    scale = cv2.getFontScaleFromHeight(FONT, digit_h)
    stroke = max(1, int(round(DIGIT_STROKE * digit_h)))
    (tw, th), _ = cv2.getTextSize(text, FONT, scale, stroke)
    cv2.putText(img, text, (cx - tw // 2, top + (tab_h + th) // 2), FONT, scale, WHITE, stroke, cv2.LINE_AA)


def _fit(board: np.ndarray, width: int, height: int) -> np.ndarray:
    """``board`` scaled down (never up) to fit ``width`` x ``height``."""
    f = min(width / board.shape[1], height / board.shape[0], 1.0)
    if f >= 1.0:
        return board
    size = (max(1, int(board.shape[1] * f)), max(1, int(board.shape[0] * f)))
    return cv2.resize(board, size, interpolation=cv2.INTER_AREA)


def _sized(family: str, made, answer: bool, width: int, height: int) -> np.ndarray:
    """The board drawn as large as fits ``width`` x ``height`` (up to :data:`MAX_GROW` times its
    usual size: the painter draws it larger, lines and all, rather than the picture being enlarged)."""
    key = (family, answer, width, height)
    if key in _GROWN:  # a painter's board has the same size for every challenge: drawn once
        return _fit(_board(family, made, answer, _GROWN[key]), width, height)
    board, grow = _board(family, made, answer), 1.0
    for _ in range(2):  # a painter's edges and margins do not grow with its pitch: a second step
        more = min(width / board.shape[1], height / board.shape[0], MAX_GROW / grow)
        if more <= 1.02:
            break
        grow *= more
        board = _board(family, made, answer, grow)
    _GROWN[key] = grow
    return _fit(board, width, height)


#: the scale :func:`_sized` found for a family's boards in a place of a given size
_GROWN: dict[tuple, float] = {}


def draw_page(family: str, made_list: list, answers: bool = False) -> np.ndarray:
    """A page of up to :func:`per_page` challenges (or their answers), BGR."""
    if family == "iq-xoxo":
        return _xoxo_page(made_list, answers)
    page_w, page_h = page_size(family)
    img = np.full((page_h, page_w, 3), 255, np.uint8)
    cols, rows = layout(family)
    if len(made_list) > cols * rows:
        raise ValueError(f"a {family} page holds {cols * rows} challenges, not {len(made_list)}")
    cell_w = (page_w - 2 * MARGIN) // cols
    cell_h = (page_h - 2 * MARGIN) // rows
    tab_top, board_top = tab_place(family)
    for i, made in enumerate(made_list):
        r, c = divmod(i, cols)
        x0, y0 = MARGIN + c * cell_w, MARGIN + r * cell_h
        board = _sized(family, made, answers, cell_w - SIDE_ROOM, cell_h - board_top - FOOT_ROOM)
        cx = x0 + cell_w // 2
        _tab(img, cx, y0 + tab_top, made.k, family)
        top = y0 + board_top
        left = cx - board.shape[1] // 2
        img[top:top + board.shape[0], left:left + board.shape[1]] = board[:, :, :3]
        if not answers and made.level.grade is not None:
            text = f"grade {made.level.grade}"
            (tw, th), _ = cv2.getTextSize(text, FONT, 1.4, 3)
            cv2.putText(img, text, (cx - tw // 2, top + board.shape[0] + GRADE_GAP + th), FONT, 1.4, INK, 3, cv2.LINE_AA)
    return img


def _xoxo_page(made_list: list, answers: bool) -> np.ndarray:
    """IQ XOXO pages in its booklet's style (:mod:`visolve.puzzles.iq_xoxo.draw`: grey squares, tabs in
    the level group's colour), laid out :func:`layout` (one a row) on an A4 portrait sheet of its
    grey paper, numbered 1..N."""
    from visolve.puzzles.iq_xoxo import draw as xoxo

    cols, rows = layout("iq-xoxo")
    if len(made_list) > cols * rows:
        raise ValueError(f"an iq-xoxo page holds {cols * rows} challenges, not {len(made_list)}")
    # the booklet's light grey paper: on white the reader finds the dots on its grey squares too faint
    page = np.full((PAGE_H, PAGE_W, 3), xoxo.PAGE, np.uint8)
    for made, (x, y) in zip(made_list, xoxo_origins(len(made_list))):
        xoxo.draw_board(page, x, y, XOXO_PITCH, tuple(made.solution) if answers else made.level.rows,
                        square=XOXO_SQUARE, dot=XOXO_DOT)
        xoxo.draw_tab(page, x, y, XOXO_PITCH, made.k, size=(XOXO_TAB_W, XOXO_TAB_H), gap=XOXO_TAB_GAP)
    if answers:
        return page
    # the booklet's page has no room for more under its boards: the grades go on a line below
    text = "grades: " + "   ".join(f"{m.k}: {m.level.grade}" for m in made_list)
    size = XOXO_PITCH / 54
    (_tw, th), _ = cv2.getTextSize(text, FONT, size, 1)
    left, top = _xoxo_corner()
    foot_h = int(round(XOXO_FOOT * XOXO_PITCH))
    foot_top = top + _xoxo_block()[1] - foot_h
    org = (left + XOXO_PITCH, foot_top + (foot_h + th) // 2)
    cv2.putText(page, text, org, FONT, size, INK, max(1, XOXO_PITCH // 23), cv2.LINE_AA)
    return page


def _xoxo_block() -> tuple[int, int]:
    """(width, height) px of an IQ XOXO page's boards, tabs and line of grades."""
    from visolve.puzzles.iq_xoxo import draw as xoxo

    cols, rows = layout("iq-xoxo")
    w, h = xoxo.page_size(cols * rows, XOXO_PITCH, cols)
    return w, h + _xoxo_top() + int(round(XOXO_FOOT * XOXO_PITCH))


def _xoxo_corner() -> tuple[int, int]:
    """The top-left corner (px) of an IQ XOXO page's block (:func:`_xoxo_block`) centred on the A4 sheet."""
    w, h = _xoxo_block()
    return (PAGE_W - w) // 2, (PAGE_H - h) // 2


def _xoxo_top() -> int:
    """Rows (px) an IQ XOXO page grows at its top: a tab taller or farther above its board than the
    booklet's would come within half a pitch of the page's edge."""
    from visolve.puzzles.iq_xoxo import draw as xoxo

    reach = XOXO_TAB_H + XOXO_TAB_GAP + 0.5 - (xoxo.PAGE_MARGIN + xoxo.TAB_H + xoxo.TAB_GAP)
    return int(round(max(0.0, reach) * XOXO_PITCH))


def xoxo_origins(n: int) -> list[tuple[float, float]]:
    """The top-left corners (px) of the ``n`` boards of an IQ XOXO page (the booklet's layout at
    :data:`XOXO_PITCH`, :func:`layout` across, moved down by the rows its tabs add at the top, the
    whole centred on the sheet: :func:`_xoxo_corner`)."""
    from visolve.puzzles.iq_xoxo import draw as xoxo

    left, top = _xoxo_corner()
    top += _xoxo_top()
    return [(x + left, y + top) for x, y in xoxo.board_origins(n, XOXO_PITCH, layout("iq-xoxo")[0])]


def write_pages(root: Path, family: str, level: str, seed: int, page: int, made_list: list) -> list[Path]:
    """Draw and write page ``page`` of a run and its answers (atomically); their paths.

    The page's thumbnail for ``index.html`` (:func:`visolve.overview.booklet_rows`) is written
    after it, from the page drawn: the index would otherwise decode each page again (a tenth of a
    second of CPU an A4 page at print resolution, a quarter of ``visolve make``'s time)."""
    from visolve.overview import write_thumbnail
    from visolve.workspace import Workspace

    out = []
    for answers in (False, True):
        path = page_path(root, family, level, seed, page, answers)
        path.parent.mkdir(parents=True, exist_ok=True)
        drawn = draw_page(family, made_list, answers)
        ok, data = cv2.imencode(".png", drawn)
        if not ok:
            raise OSError(f"could not encode {path.name}")
        atomic_write_bytes(path, data.tobytes())
        if not answers:
            try:
                write_thumbnail(Workspace.at(root), family, f"booklet_{path.stem}", drawn)  # the index's key
            except (OSError, ValueError):  # a thumbnail is a nicety: the index makes it from the page
                pass
        out.append(path)
    return out
