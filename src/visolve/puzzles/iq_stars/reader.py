"""The IQ Stars reader: a challenge picture -> Level.

The board is found and put upright (:mod:`.finder`), then each of the 26
stars is looked at in two places: its six points (:data:`ARM_R` out from
its middle, always the star's own colour: navy when free) and its middle (a
placed piece's white star, a wizard star's colour).  Each is measured
against the navy of the board around the star (:mod:`.colours`), and
:mod:`.symbols` calls each star or refuses it by name; a reading that is no
possible challenge (a placed piece that is not a piece's shape) is refused
too.  The picture prints no level number: it is
the file name's (:func:`visolve.puzzles.base.level_from_filename`).
"""

from __future__ import annotations


import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError, SeveralBoards
from visolve.puzzles.base import level_from_filename
from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.beyond import star_beyond
from visolve.puzzles.iq_stars.board import CELLS, level_problems, twins
from visolve.puzzles.iq_stars.clipping import CLIPPED, rim_direction, unclipped, unclipped_points
from visolve.puzzles.iq_stars.model import Level
from visolve.puzzles.iq_stars.colours import (
    EXPECTED,
    NAVY_RGB,
    WHITE_RGB,
    classify,
    colour_part,
    middle_share,
    orange_rule,
    pink_violet_rule,
    red_rule,
    shades_apart,
    split_by_shade,
    violet_rule,
)
from visolve.puzzles.iq_stars.finder import find_board, locate
from visolve.puzzles.iq_stars.lattice import CLEAR_RHO
from visolve.puzzles.iq_stars.probe import tray_without_drawing
from visolve.puzzles.iq_stars.solver import challenges_among
from visolve.puzzles.iq_stars.symbols import Star, check_outer_lines, rows_of, symbol_of
from visolve.puzzles.iq_stars.tops_board import place_by_tops
from visolve.puzzles.iq_stars.tray import DrawnStarsError, read_after, read_tray
from visolve.vision.geometry import map_points
from visolve.vision.pages import named_levels, page_of, read_page
from visolve.vision.view import BoardView, banner, draw_overlay

#: view pixels per board unit for reading the stars
READ_PITCH = 32
#: board units of picture around the board in the view (the page is looked at)
VIEW_MARGIN = 0.2
#: distance (board units) of the samples on a star's points from its middle
#: (the point is 0.18 wide there; a white middle reaches 0.24)
ARM_R = 0.33
#: the colour of a star is read this far out on its points (board units), clear of a white
#: middle drawn larger than the booklet's (up to 0.31 across) whose blur at ARM_R turns a
#: violet pink; the black outline blurred in there only darkens it, along the navy's own
#: direction, which the colour's angle leaves out (:func:`visolve.puzzles.iq_stars.colours.colour_part`)
HUE_R = 0.37
#: half-width (view px) of the windows where a star's black outline is looked for
DARK_WINDOW = 2
#: the board's edge where the booklet's drawings have it (left, top, right, bottom; board units)
DRAWN_EDGE = (0.0, 0.0, layout.BOARD_W, layout.BOARD_H)
#: the smallest navy-to-black span (RGB levels) a strength is measured against
MIN_SCALE = 8.0
#: a page point counts for the colour cast when it is this much lighter than
#: the navy inside in every channel (RGB levels) ...
MIN_PAGE_STEP = 20.0
#: ... and the cast is taken when this many points count
MIN_PAGE_POINTS = 8
#: a cast whose gain differs from the mean by more than this factor is no page's
MAX_CAST = 1.35
#: the page around a board is clipped in red when at least this share of its samples reach
#: :data:`visolve.puzzles.iq_stars.clipping.CLIPPED`: an orange star's red (drawn at the page's)
#: is then clipped too, its green share raised (measured on the made pages of seeds 111-140:
#: orange stars above 0.71, read yellow or in doubt, only where half the page samples reach it;
#: 0.55-0.69 at shares of 0.26-0.38.  A painter photo's yellow wizard star of share 0.85 on a
#: page of share 0.26 stood alone, where no shape settles a doubt).  A star whose points were
#: seen clipped had its red restored from its rim (:func:`unclip_bright`) and is read as it measures
PAGE_CLIPPED_SHARE = 0.4
#: the smallest picture side worth a look (px)
MIN_SIDE = 48


def _arm_offsets(radius: float = ARM_R) -> np.ndarray:
    angles = np.radians(np.arange(6) * 60.0)
    return np.stack([radius * np.cos(angles), radius * np.sin(angles)], axis=1)


def board_view(image: np.ndarray, homography: np.ndarray, edge=DRAWN_EDGE) -> BoardView:
    """The board upright at :data:`READ_PITCH`, cells centred on the stars; ``edge`` is the
    board's edge (left, top, right, bottom; board units), seen with :data:`VIEW_MARGIN` around it."""
    u0, v0, u1, v1 = edge
    m = VIEW_MARGIN
    return BoardView.from_homography(
        image, homography, 4, 7, pitch=READ_PITCH, extent=(u0 - m, v0 - m, u1 + m, v1 + m), centres=layout.CENTRES,
    )


def _samples(view: BoardView) -> list[np.ndarray]:
    """Per cell, RGB colours: its six points, its middle, its six points further out
    (:data:`HUE_R`), its notches (navy)."""
    arms, outer = _arm_offsets(), _arm_offsets(HUE_R)
    points, spans = [], []
    for cell in CELLS:
        c = np.asarray(layout.CENTRES[cell])
        notches = layout.notch_points(*cell)
        points += [c + arms, c[None, :], c + outer, notches]
        spans.append(13 + len(notches))
    return np.split(sample_rgb(view, np.concatenate(points)), np.cumsum(spans)[:-1])


def sample_rgb(view: BoardView, points) -> np.ndarray:
    """RGB mean of the 3 x 3 view pixels around each board point, ``(n, 3)`` float64."""
    box = cv2.blur(view.image, (3, 3))
    h, w = box.shape[:2]
    xy = np.floor(view.board_to_view(points)).astype(int)
    x, y = np.clip(xy[:, 0], 0, w - 1), np.clip(xy[:, 1], 0, h - 1)
    return box[y, x, ::-1].astype(np.float64)


def _darks(view: BoardView) -> np.ndarray:
    """Per cell, the RGB colour of its black outline as seen (blurred, lit as the star).

    The darkest pixel near each of the star's six inner corners, the median of the six; a corner
    beyond the view (a lattice moved a row off, :mod:`visolve.puzzles.iq_stars.beyond`) is looked
    for at the view's nearest edge.
    """
    out = []
    r = DARK_WINDOW
    h, w = view.image.shape[:2]
    for cell in CELLS:
        u, v = layout.CENTRES[cell]
        corners = layout.star_points(u, v, layout.STAR_R)[1::2]
        mins = []
        for x, y in view.board_to_view(corners):
            xi, yi = int(np.clip(round(x), 0, w - 1)), int(np.clip(round(y), 0, h - 1))
            block = view.image[max(yi - r, 0) : yi + r + 1, max(xi - r, 0) : xi + r + 1].reshape(-1, 3)
            mins.append(block[int(np.argmin(block.astype(np.int32).sum(axis=1)))])
        out.append(np.median(np.array(mins, np.float64), axis=0)[::-1])
    return np.array(out, np.float64)


def edge_samples(view: BoardView, edge=DRAWN_EDGE) -> tuple[np.ndarray, np.ndarray]:
    """RGB colours just outside the board's edge ``edge`` (page) and just inside it (navy), in pairs."""
    outer, inner = layout.edge_pairs(edge=edge)
    return sample_rgb(view, outer), sample_rgb(view, inner)


def white_balance(page: np.ndarray, navy: np.ndarray) -> tuple[np.ndarray, float]:
    """Per-channel gains of the picture's colour cast (RGB, mean 1) from the page around the board,
    and the light's level (their mean before that: picture levels per drawn level, 0 when unknown).

    Page minus navy across the board's edge is the drawn white minus navy
    times each channel's gain (stray light and glare add the same to both).
    With too few clearly light page points (or a cast beyond
    :data:`MAX_CAST`) no cast is taken out: all gains 1, level 0.
    """
    diff = page - navy
    light = diff.min(axis=1) > MIN_PAGE_STEP
    if light.sum() < MIN_PAGE_POINTS:
        return np.ones(3), 0.0
    gains = np.median(diff[light], axis=0) / (np.asarray(WHITE_RGB, np.float64) - NAVY_RGB)
    level = float(gains.mean())
    gains /= level
    if np.abs(np.log(gains)).max() > np.log(MAX_CAST):
        return np.ones(3), 0.0
    return gains, level


def measure(view: BoardView, edge=DRAWN_EDGE) -> dict:
    """Per cell, a :class:`Star` (colours as RGB differences from the navy around it,
    the page's colour cast taken out); ``edge`` is the board's edge in board units."""
    samples = _samples(view)
    navies = np.array([np.median(block[13:], axis=0) for block in samples])
    darks = _darks(view)
    page, inside = edge_samples(view, edge)
    gains, level = white_balance(page, inside)
    balanced = level > 0
    clipped = float(np.mean(page[:, 0] >= CLIPPED)) >= PAGE_CLIPPED_SHARE
    scales = np.linalg.norm((navies - darks) / gains, axis=1)
    typical = max(float(np.median(scales)), MIN_SCALE)
    out = {}
    for cell, block, navy, scale in zip(CELLS, samples, navies, scales):
        ring, hue, core, restored = unclip_bright(view, cell, navy, gains, block)
        unclear = clipped and not restored  # the page clipped in red: its points as drawn, or None
        clear = unclipped_points(block[:6], navy, gains, ring) if unclear else None
        verdict = orange_rule(classify(hue), ring, balanced, core, unclear, gains, clear)
        verdict = violet_rule(red_rule(verdict, ring, hue, core), ring, level)
        verdict = pink_violet_rule(verdict, ring, core)
        expected = EXPECTED[verdict.name][verdict.shade]
        strength = float(np.linalg.norm(colour_part(ring))) / max(float(scale), MIN_SCALE) / expected
        white = middle_share(core, verdict)
        arms = np.sort(np.linalg.norm(colour_part((block[:6] - navy) / gains), axis=1))
        out[cell] = Star(strength, verdict, white, float(scale) / typical, float(arms[1] / max(arms[-1], 1e-6)),
                         float(arms[-1]) / max(float(scale), MIN_SCALE), float(ring[1] / max(ring[0], 1e-6)))
    return out


def unclip_bright(view: BoardView, cell, navy: np.ndarray, gains: np.ndarray, block: np.ndarray) -> tuple:
    """A star's points, points further out and middle (``block`` as :func:`_samples` gives it) as
    differences from ``navy`` with the cast ``gains`` taken out; when the angle puts it between
    orange and yellow and its points' red is clipped, the red is restored from the star's
    unclipped rim (:mod:`visolve.puzzles.iq_stars.clipping`).  The fourth value says whether the
    points' red was restored so (then their share no longer depends on the clipping)."""
    raws = (np.median(block[:6], axis=0), np.median(block[7:13], axis=0), block[6])
    diffs = [(raw - navy) / gains for raw in raws]
    verdict = classify(diffs[1])
    if {verdict.name, verdict.second} != {"o", "y"} or raws[0].max() < CLIPPED:
        return (*diffs, False)
    direction = rim_direction(view, cell, navy, gains)
    restored = direction is not None and int(np.sum(raws[0] >= CLIPPED)) == 1  # as unclipped() restores
    return (*(unclipped(raw, diff, direction) for raw, diff in zip(raws, diffs)), restored)


def _check_picture(image) -> None:
    if not isinstance(image, np.ndarray) or image.ndim != 3 or image.shape[2] < 3:
        raise NotThisPuzzle("not a colour picture")
    if min(image.shape[:2]) < MIN_SIDE:
        raise NotThisPuzzle(f"picture smaller than {MIN_SIDE} px")


def read(image: np.ndarray, source: str = "") -> Level | list[Level]:
    """Read the challenge in ``image`` (BGR); ``source`` is the picture's file name.

    A page of several drawn boards gives the list of its challenges, numbered from the tabs
    above them (:func:`visolve.vision.pages.read_page`).

    When no drawn board reads, a photo of the tray with real pieces standing in it is tried
    (:func:`visolve.puzzles.iq_stars.tray.read_after`); when that fails too with a ReadError
    (the tray's piece tops lie on a lattice) and the drawn board's lattice was not found (a
    board found whose stars are in doubt stays refused), a drawn board placed by its pieces'
    white middles (:func:`drawn_by_tops`)."""
    _check_picture(image)
    tray = tray_first(image, source)
    if isinstance(tray, Level):
        return tray
    try:
        level, share, rho = _drawn_board(image, source)
    except SeveralBoards as several:  # a page of drawn boards (no tray): each under its number tab?
        return named_levels(lambda: read_page(image, lambda b: _read_drawn(b, source), several))
    except (NotThisPuzzle, ReadError) as exc:
        page = named_levels(lambda: page_of(image, lambda b: _read_drawn(b, source)))  # a photo of a page?
        if page is not None:
            return page
        try:
            return read_after(image, source, exc, tray)
        except ReadError as refused:  # not NotThisPuzzle: then the tray's tops lie on no lattice
            if isinstance(exc, DrawnStarsError):  # the board was placed: its stars' doubts stand
                raise
            return drawn_by_tops(image, source, refused)
    if share < PAGE_SHARE:  # a small board: one of a photographed page's (1-5 % each), the others unseen?
        page = named_levels(lambda: page_of(image, lambda b: _read_drawn(b, source), numbered=True))
        if page is not None:
            return page
    if rho < CLEAR_RHO:
        return tray_agrees(image, source, level, tray)
    return level


def tray_first(image: np.ndarray, source: str) -> Level | Exception | None:
    """The tray read first when the picture plainly shows one and no drawn board
    (:func:`visolve.puzzles.iq_stars.probe.tray_without_drawing`): its Level, or why it did not
    read (kept for :func:`visolve.puzzles.iq_stars.tray.read_after`); None when not tried."""
    if not tray_without_drawing(image):
        return None
    try:
        return read_tray(image, source)
    except (NotThisPuzzle, ReadError) as exc:
        return exc


def tray_agrees(image: np.ndarray, source: str, level: Level, tried: Exception | None = None) -> Level:
    """The reading of a picture whose drawn board read as ``level`` with a weak lattice match:
    ``level`` when the picture is no tray, or a tray that reads the same; the tray's reading
    when ``level`` is its twin (:func:`.board.twins`); ReadError when it reads as a tray with
    other pieces.

    A photo of the tray's star pits can be fitted by the drawn board's lattice both ways up (the
    lattice and its twin, turned half round and half a star over, both lie on pits); the tray
    reader places the board by its pits and the pieces' tops, and settles it or refuses
    (``tried``: why the tray did not read, when :func:`tray_first` tried it).  The tray reader
    does not take a drawing for its twin: the twin's row ends lie off the drawn board, where
    it sees no pits (a drawing's free stars pass for pits, the page round it does not), and
    the twin leaves off the tops at the drawing's own row ends."""
    if tried is not None:
        return level
    try:
        tray_level = read_tray(image, source)
    except (NotThisPuzzle, ReadError):
        return level
    if tray_level.rows in twins(level.rows):  # the drawn lattice lay on the pits turned half round
        return tray_level
    if tray_level.rows != level.rows:
        raise ReadError(f"the star lattice matches its outlines weakly and the picture reads two ways: "
                        f"as a drawn board {'/'.join(level.rows)} and as a tray {'/'.join(tray_level.rows)}")
    return level


#: a board covering less of the picture than this may be one of a page's: its tabs are looked for
PAGE_SHARE = 0.08


def _read_drawn(image: np.ndarray, source: str) -> Level:
    """The challenge of the one drawn board in ``image``, a page's board cut out upright as its
    number tab stands (the tab says which way up when the outlines are faint)."""
    return _drawn_board(image, source, upright=True)[0]


def _drawn_board(image: np.ndarray, source: str, upright: bool = False) -> tuple[Level, float, float]:
    """The challenge of the one drawn board in ``image``, the share of the picture it covers and
    how well its lattice matched (``Fit.rho``); ``upright``: the picture shows the board top up."""
    work, fit = locate(np.ascontiguousarray(image[:, :, :3]), upright)
    rows = twin_agrees(work, fit, stars_rows(work, fit.homography, fit.edge))
    if off := star_beyond(lambda hom, edge: measure(board_view(work, hom, edge), edge), fit.homography, fit.edge):
        raise DrawnStarsError(f"read {'/'.join(rows)}, but {off}")
    u0, v0, u1, v1 = fit.edge
    outline = map_points(fit.homography, [(u0, v0), (u1, v0), (u1, v1), (u0, v1)])
    share = cv2.contourArea(np.float32(outline)) / (work.shape[0] * work.shape[1])
    return Level(level_from_filename(source), rows, source), share, fit.rho


def stars_rows(work: np.ndarray, homography: np.ndarray, edge=DRAWN_EDGE) -> tuple[str, ...]:
    """The rows of the drawn board that ``homography`` (board units -> ``work`` px) puts in
    ``work``, its edge at ``edge`` (board units); NotThisPuzzle when the lattice is a star off,
    :class:`DrawnStarsError` when a star cannot be called or the reading is no challenge."""
    stars = measure(board_view(work, homography, edge), edge)
    check_outer_lines(stars)  # a lattice a star off (on a tray's pits?) is no drawn board found
    try:
        rows = rows_of(stars)
    except ReadError as exc:  # the lattice was found: its stars' reason is the one to give
        raise DrawnStarsError(str(exc)) from None
    problems = level_problems(rows)
    apart = shades_apart(stars, rows)  # one colour read at two shades far apart
    if problems or apart:
        split = split_by_shade(stars, rows)  # orange and yellow both drawn off their shades
        if split is not None and not level_problems(split) and challenges_among([split]):
            return split
        raise DrawnStarsError(f"read {'/'.join(rows)}, which is no challenge: {problems[0]}" if problems
                              else f"read {'/'.join(rows)}: {apart}")
    return rows


def twin_agrees(work: np.ndarray, fit, rows: tuple[str, ...]) -> tuple[str, ...]:
    """``rows``, read on ``fit``'s lattice, when its twin is not tied with it
    (:attr:`visolve.puzzles.iq_stars.lattice.Fit.twin`), or its stars do not read, or read the
    same; else :class:`DrawnStarsError` naming both readings (seed 18 scene 41: read as the
    twin, turned half round and a row off)."""
    if fit.twin is None:
        return rows
    try:
        other = stars_rows(work, *fit.twin)
    except (NotThisPuzzle, ReadError):  # its free stars at the rows' ends show no outlines, or in doubt
        return rows
    if other == rows:
        return rows
    raise DrawnStarsError(f"the star outlines match the lattice and its twin (turned half round, half a star "
                          f"along) alike, and the two read differently: {'/'.join(rows)} and {'/'.join(other)}")


def drawn_by_tops(image: np.ndarray, source: str, refused: Exception) -> Level:
    """The drawn board placed by its pieces' white middles (:func:`.tops_board.place_by_tops`)
    when neither the drawn board's edge and outlines nor a tray placed it; ``refused`` (why the
    tray did not read) is raised again when the tops place no board, or one whose outer stars
    have no outlines (:func:`.symbols.check_outer_lines`).  The board's stars are
    read as any drawn board's, at the drawings' edge (:data:`DRAWN_EDGE`); each rival placement
    is read too, and one that reads otherwise makes it a ReadError (one whose stars refuse,
    its outer stars without outlines, is no board)."""
    found = place_by_tops(np.ascontiguousarray(image[:, :, :3]))
    if found is None:
        raise refused
    work, (best, *rivals) = found
    try:
        rows = stars_rows(work, best)
    except NotThisPuzzle:  # its outer stars have no outlines: the tops placed no drawn board after all
        raise refused from None
    for rival in rivals:
        try:
            other = stars_rows(work, rival)
        except (NotThisPuzzle, ReadError):
            continue
        if other != rows:
            raise ReadError(f"{refused}; the pieces' white middles place a drawn board two ways, read as "
                            f"{'/'.join(rows)} and {'/'.join(other)}")
    return Level(level_from_filename(source), rows, source)


def debug_overlay(image: np.ndarray, source: str = "") -> np.ndarray:
    """The picture with the board found and each star's reading (or why not) drawn on it."""
    try:
        _check_picture(image)
        img = np.ascontiguousarray(image[:, :, :3])
        fit = find_board(img)
    except NotThisPuzzle as exc:
        return banner(image, f"iq-stars: {exc}")
    except SeveralBoards:  # a page: what it reads as
        try:
            return banner(image, "iq-stars: a page, tabs " + " ".join(str(g.level) for g in read(img, source)))
        except ReadError as exc:
            return banner(image, f"iq-stars: {exc}")
    view = board_view(img, fit.homography, fit.edge)
    stars = measure(view, fit.edge)
    labels, colours = {}, {}
    for cell, star in stars.items():
        try:
            labels[cell] = symbol_of(cell, star)
            colours[cell] = (0, 200, 0)
        except ReadError:
            labels[cell] = f"{star.verdict.name}?"
            colours[cell] = (0, 0, 255)
    try:
        got = read(img, source)
        title = (f"iq-stars: a page, tabs {' '.join(str(g.level) for g in got)}" if isinstance(got, list)
                 else f"iq-stars: read {'/'.join(got.rows)}")
    except ReadError as exc:
        title = f"iq-stars: {exc}"
    return draw_overlay(img, view, labels, colours, title, lattice=False)
