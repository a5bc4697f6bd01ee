"""The Genius Square reader: a photo or screenshot of the board -> the level.

1. :func:`visolve.puzzles.genius_square.finder.find_upright` finds the
   6 x 6 grid (any rotation, perspective) and turns it so that the labelled
   edges are on top and on the left: the board as seen, as the level file
   draws it.
2. The board is sampled upright (:class:`visolve.vision.view.BoardView`);
   the board colour around the grid and the label ink give the light
   references, and the board colour the edition
   (:mod:`visolve.puzzles.genius_square.colours`).  Squares are named as
   that edition prints them (``model.name``): on a SmartGames board the
   letters across the top name columns, on a Happy Puzzle board the letters
   down the left name rows.
3. Every square is read as empty, a blocker or a piece by colour and shape
   (a disc leaves the square's corners free, a cube fills them); the
   squares of each piece colour must lie in that piece's shape.

A square in doubt is a :class:`ReadError` naming it ("square C4: ..."),
and so is a board without blockers (nothing to solve before the roll); a
picture without a labelled 6 x 6 grid is :class:`NotThisPuzzle`.  The
level's name is the picture's file stem (the game prints no numbers), kept
as a name even when it is all digits.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, PartialRead, ReadError, SeveralBoards
from visolve.puzzles.genius_square import model
from visolve.puzzles.genius_square.board import Level, groups, is_legal_roll, make_level
from visolve.puzzles.genius_square.rollcheck import (bare_die_problem, blocker_count_problem, dice_problem,
                                                     empty_beside_pieces, moved_by_dice_problem, roll_problem,
                                                     shifted_disc_problem, shifted_grid_problem)
from visolve.puzzles.genius_square.colours import Square, read_squares
from visolve.puzzles.genius_square.references import print_colour, references
from visolve.puzzles.genius_square.labels import EditionUnknown, edition_and_places
from visolve.puzzles.genius_square.edition import edition_of, grid_line_share, navy
from visolve.puzzles.genius_square.cover import solved_cover
from visolve.puzzles.genius_square.dice import face_scores
from visolve.puzzles.genius_square.dicenames import EDITIONS, named_by_dice
from visolve.puzzles.genius_square.resolve import resolve
from visolve.puzzles.genius_square.tops import on_floor, one_edge_at_print, top_shifts
from visolve.puzzles.genius_square.topspots import looked_off_floor, top_readings, tops_problem
from visolve.puzzles.genius_square.sideshade import side_beside_top
from visolve.puzzles.genius_square.offgrid import top_off_grid
from visolve.puzzles.genius_square.leaning import lean_fields, leaning_level, remembered, uncovered
from visolve.puzzles.genius_square.lowdiscs import disc_off_its_square
from visolve.puzzles.genius_square.dimgrey import no_dim_grey_piece
from visolve.puzzles.genius_square.glared import glare_along_grey, glare_beside_grey
from visolve.puzzles.genius_square.lastpiece import last_piece_problem
from visolve.puzzles.genius_square.flatgrey import with_flat_grey
from visolve.puzzles.genius_square.greyback import grey_side_behind
from visolve.puzzles.genius_square.faint import faint_opened
from visolve.puzzles.genius_square.leandoubts import dropped_piece
from visolve.puzzles.genius_square.greyrow import with_grey_options, with_standing_grey
from visolve.puzzles.genius_square.unlined import with_unlined_grey
from visolve.puzzles.genius_square.finder import SIZE, find_upright, WORK_SIDE
from visolve.puzzles.genius_square.upright import Upright
from visolve.puzzles.genius_square.labelrows import LABEL_MARGIN, label_pixels
from visolve.vision.geometry import map_points
from visolve.vision.overlay import draw_overlay
from visolve.vision.pages import named_levels, page_of, read_page
from visolve.vision.painted_over import painted_in_place
from visolve.vision.quick_view import quick_view
from visolve.vision.view import BoardView
from visolve.vision.working import working_copy

#: the grey piece (straight four), an empty square
GREY, EMPTY = "5", "."
#: pixels per square of the view the squares are read on
READ_PITCH = 32
#: long side (px) of the closer copy the grid is looked for on when the usual one shows none
CLOSER_SIDE = 2 * WORK_SIDE
#: least size (px) of a picture worth looking at
MIN_SIDE = 48
TRUSTED, DOUBT = (0, 200, 0), (0, 0, 255)


def level_name(source: str) -> str:
    """The level name a picture's file name gives: its stem ("unnamed" without one)."""
    stem = Path(source).stem.strip() if source else ""
    return stem or "unnamed"


def _picture(image) -> np.ndarray:
    if not isinstance(image, np.ndarray) or image.ndim != 3 or min(image.shape[:2]) < MIN_SIDE:
        raise NotThisPuzzle("not a colour picture of a board")
    return np.ascontiguousarray(image[:, :, :3])


def look(image: np.ndarray, side: int = WORK_SIDE,
         thorough: bool = True) -> tuple[Upright, BoardView, list[list[Square]], str]:
    """The upright board (homography in ``image``), its view, every square as read and the edition.

    The grid is searched on a copy ``side`` px long; the squares are read on that copy when its squares
    are :data:`READ_PITCH` px or more, else on the picture itself.  ``thorough=False``: the first grid
    candidates only (:func:`visolve.puzzles.genius_square.finder.find_upright`).  Labels that do not say
    the edition are an :class:`EditionUnknown` whose ``read_as(edition)`` gives what this returns, the
    squares read as that edition's (the grid is not looked for again)."""
    small, f = working_copy(image, side)
    to_picture = np.diag([1.0 / f, 1.0 / f, 1.0])
    read: dict[int, tuple | ReadError] = {}  # what the labels said while ways up were tried (edition and
    # places, or why they said nothing), by option
    seen: dict[int, tuple[np.ndarray, BoardView]] = {}  # the views of the picture they were read on, by option
    (found,) = find_upright(small, image, lambda option: _legible(image, to_picture, option, read, seen),
                            thorough)
    up = replace(found, homography=to_picture @ found.homography)
    said = read.get(id(found), (None, found.places))
    near = _square_px(found.homography) >= READ_PITCH  # the squares are read on the reduced copy
    known, places = said if isinstance(said, tuple) else (None, found.places)
    if near:
        read_on = partial(squares_of, small, found.homography, places=places, edges=found.edges)
    else:
        read_on = partial(squares_of, image, up.homography, places=places, edges=found.edges,
                          view=_view_of(seen, found))

    def read_as(edition: str | None) -> tuple[Upright, BoardView, list[list[Square]], str]:
        return (replace(up, places=places), *read_on(edition=edition))

    try:
        if isinstance(said, ReadError) and not near:  # its glyphs were read on this picture, and said nothing
            raise said
        return read_as(known)
    except EditionUnknown as unknown:
        unknown.read_as = read_as
        raise


def _legible(image: np.ndarray, to_picture: np.ndarray, option: Upright, read: dict[int, tuple],
             seen: dict[int, tuple[np.ndarray, BoardView]]) -> bool:
    """Whether the glyphs beside the labelled edges of a way up read as the labels A-F and 1-6
    (:func:`visolve.puzzles.genius_square.labels.edition_and_places`); the edition they say, and
    where the rows of labels that said it are (or why they said nothing), are kept in ``read`` by
    ``id(option)``, and the view they were read on in ``seen`` (the squares are read on it too).
    An option read already is not read again."""
    if _view_of(seen, option) is not None and id(option) in read:
        return not isinstance(read[id(option)], ReadError)
    view = quick_view(image, to_picture @ option.homography, SIZE, SIZE, pitch=READ_PITCH, margin=LABEL_MARGIN)
    seen[id(option)] = (option.homography, view)
    try:
        read[id(option)] = edition_and_places(view, option.places, option.edges)
    except ReadError as exc:
        read[id(option)] = exc
        return False
    return True


def _view_of(seen: dict[int, tuple[np.ndarray, BoardView]], option: Upright) -> BoardView | None:
    """The view ``option``'s glyphs were read on (None when they were not, or another option's)."""
    hom, view = seen.get(id(option), (None, None))
    return view if hom is not None and np.array_equal(hom, option.homography) else None


def _square_px(hom: np.ndarray) -> float:
    """Mean side of a square in the picture ``hom`` maps to (px)."""
    c = map_points(hom, [(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)])
    return float(np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1).mean()) / SIZE


def squares_of(picture: np.ndarray, hom: np.ndarray, by_labels: bool = True, places=None,
               edges: tuple[int, ...] = (0, 3), edition: str | None = None,
               view: BoardView | None = None, shift: np.ndarray | None = None) -> tuple[BoardView, list[list[Square]], str]:
    """The upright view of the board ``hom`` (board -> ``picture``) shows, its squares as read and the edition.

    The edition is the printed labels' (:func:`visolve.puzzles.genius_square.labels.edition_by_labels`):
    which edge has the letters; the board's colour only says how to read the squares (a black
    board with recessed squares, or a coloured one with light grid lines).  ``by_labels=False``
    (the probe, on a copy too small to read glyphs) takes the edition from the colour: the
    squares are read, their names are not to be trusted.  ``places``: where each edge's row of
    labels was found (:func:`visolve.puzzles.genius_square.labelrows.label_rows`), ``edges`` the edges
    whose labels are seen (top 0, left 3), ``edition`` the one their glyphs gave already; ``shift``:
    where the squares' colours are read off their middles, when not :func:`top_shifts`'.
    """
    if view is None:
        view = quick_view(picture, hom, SIZE, SIZE, pitch=READ_PITCH, margin=LABEL_MARGIN)
    if edition is None and by_labels:
        edition, places = edition_and_places(view, places, edges)
    board, white = references(view, label_pixels(view, places, edges))
    style = edition_of(np.median(board.reshape(-1, 3), axis=0), grid_line_share(view, board, white), edition)
    if edition is None:
        edition = style
    shift = top_shifts(view, places, edges) if shift is None else shift
    if edition == "smartgames":
        printed = print_colour(board, white, edition)
        if style != edition or not navy(printed):  # a maroon or grey SmartGames board
            return view, read_squares(view, board, white, edition, printed, shift), edition
    return view, read_squares(view, board, white, style, shift=shift), edition


def read(image: np.ndarray, source: str = "") -> Level | list[Level]:
    """The level a picture of the board shows (see the module docstring); a page of several
    boards gives the list of its levels, named from the tabs above them
    (:func:`visolve.vision.pages.read_page`)."""
    image = _picture(image)
    one = partial(_read_one, source=source)
    try:
        level, share = _board_and_share(image, source)
    except SeveralBoards as several:
        return named_levels(lambda: read_page(image, one, several), _tab_name)
    except (NotThisPuzzle, ReadError) as refused:
        try:  # a photo of a page?
            read = named_levels(lambda: page_of(image, one), _tab_name)
        except ReadError as page:
            if isinstance(refused, ReadError) and not isinstance(page, PartialRead):  # the board was found:
                raise refused from page  # its own reason, not a page's tabs
            raise
        if read is None:
            raise
        return read
    if share < PAGE_SHARE:  # a small board: one of a photographed page's (1-5 % each), the others unseen?
        read = named_levels(lambda: page_of(image, one, numbered=True), _tab_name)
        if read is not None:
            return read
    return level


#: a level's name from its tab's number (a roll is named by three digits)
_tab_name = "{:03d}".format
#: a board covering less of the picture than this may be one of a page's: its tabs are looked for
PAGE_SHARE = 0.08


def _read_one(image: np.ndarray, source: str) -> Level:
    """The level of the one board in ``image`` (a page's region: made upright first)."""
    return _board_and_share(_picture(image), source)[0]


def _board_and_share(image: np.ndarray, source: str) -> tuple[Level, float]:
    """The level of the one board in ``image``, and the share of the picture its squares cover."""
    try:
        looked = _look_or_closer(image)
    except EditionUnknown as unknown:  # the dice beside the board may name the squares (genius_square.dicenames)
        return _named_by_dice(image, source, unknown)
    return _level_and_share(image, source, *looked)


def _level_and_share(image: np.ndarray, source: str, up: Upright, view: BoardView, squares: list[list[Square]],
                     edition: str, dice: Callable[[], list[dict[str, float]]] | None = None) -> tuple[Level, float]:
    """:func:`_board_and_share` for the board :func:`look` found and read (``dice``: the faces of the
    dice beside it, read when first asked for)."""
    dice = dice or cache(partial(face_scores, image, up.homography))
    again = remembered(partial(squares_of, view.picture, view.homography, places=up.places, edges=up.edges,
                               edition=edition, view=view))
    try:
        level = level_of(squares, edition, source, dice)  # a board refused for its squares is no page's misread:
        if side := side_beside_top(squares, edition):  # a tall piece a square off (genius_square.sideshade)
            raise ReadError(side)
    except ReadError as refused:  # tall pieces at a slant? read again where their tops show (genius_square.leaning)
        at = remembered(lambda shift: uncovered(again, shift, view))  # each field's squares, read once
        try:
            level = leaning_level(refused, lean_fields(view, up.places, up.edges, squares),
                                  lambda shift: level_of(at(shift), edition, source, dice), at)
        except ReadError as leaning:  # last, squares too faint to say left to the shapes (genius_square.faint)
            level = _faint_opened(squares, edition, source, dice, leaning)
        if dropped := dropped_piece(level, squares):  # a piece the middles saw whole, gone at the lean
            raise ReadError(dropped) from refused
        if moved := moved_by_dice_problem(list(level.blockers), dice()):  # a disc the dice put elsewhere
            raise ReadError(moved) from refused
    else:  # read at the middles: on a grid of the tops, a disc may show a square off (genius_square.lowdiscs)
        if moved := disc_off_its_square(level, up.places, up.edges, view, again, edition):
            raise ReadError(moved)
    if off := top_off_grid(level, squares, view, again):  # a tall piece leaning off the grid (genius_square.offgrid)
        raise ReadError(off)
    half = one_edge_at_print(up.places, up.edges, view)
    readings = top_readings(view, up.places, up.edges, again, anywhere=looked_off_floor(level, edition, half))
    problem = (tops_problem(level, squares, readings, edition, on_floor(up.places, up.edges, view), half)
               or grey_side_behind(level, squares, view, up.places, up.edges))
    if problem:  # the cubes' tops, where a slanted view stands them, say otherwise (genius_square.topspots)
        raise ReadError(problem)
    check_alone(image, up.homography)  # the second board is looked for only behind one that reads
    corners = map_points(up.homography, [(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)])
    share = cv2.contourArea(corners.astype(np.float32)) / (image.shape[0] * image.shape[1])
    return level, share


def _look_or_closer(image: np.ndarray) -> tuple[Upright, BoardView, list[list[Square]], str]:
    """:func:`look` at the board, and when no labelled grid is found on the usual reduced copy, on
    one :data:`CLOSER_SIDE` px long: a small board's squares run together at the usual size, and a
    board whose tall pieces and discs leave fewer than :data:`~visolve.puzzles.genius_square.finder.MIN_FOUND`
    of its squares flat shows more of them (the discs' tops) on a closer copy.  The first look's
    reason stands when the closer one finds nothing either."""
    try:
        return look(image)
    except NotThisPuzzle as first:
        if max(image.shape[:2]) < CLOSER_SIDE:
            raise
        try:
            return look(image, CLOSER_SIDE)
        except NotThisPuzzle:
            raise first from None


def _named_by_dice(image: np.ndarray, source: str, unknown: EditionUnknown) -> tuple[Level, float]:
    """The level of a board whose labels do not say the edition, read as each edition's, that the
    dice beside it name (:func:`visolve.puzzles.genius_square.dicenames.named_by_dice`), and its share
    of the picture; else ``unknown`` is raised again."""
    if unknown.read_as is None:
        raise unknown
    read: dict[str, tuple[Level, float]] = {}
    dice = None
    for edition in EDITIONS:
        up, view, squares, _said = unknown.read_as(edition)
        dice = dice or cache(partial(face_scores, image, up.homography))
        try:
            read[edition] = _level_and_share(image, source, up, view, squares, edition, dice)
        except SeveralBoards:
            raise
        except ReadError:
            continue
    blockers = {edition: list(level.blockers) for edition, (level, _share) in read.items()}
    named = named_by_dice(blockers, dice()) if read else None
    if named is None:
        raise unknown
    return read[named]


def _faint_opened(squares, edition: str, source: str, dice, refused: ReadError) -> Level:
    """The level of ``squares`` with those too faint to say left open to anything
    (:func:`visolve.puzzles.genius_square.faint.faint_opened`), when the shapes and the roll settle
    them; else ``refused`` is raised again."""
    opened = faint_opened(squares, tuple(model.COLOURS))
    if opened is None:
        raise refused
    try:
        return level_of(opened, edition, source, dice)
    except ReadError:
        raise refused from None


#: a second board is looked for only when the board found, with its labels, covers at most
#: this share of the picture (a page of challenges, as visolve make prints them)
BOARD_ALONE = 0.4
#: squares around the grid that its labels take
AROUND = 1.2


def check_alone(image: np.ndarray, hom: np.ndarray) -> None:
    """SeveralBoards when, with the board ``hom`` found painted over in the page's colour, another
    board reads: a page of challenges would be read as one of them (a misread)."""
    a = AROUND
    corners = map_points(hom, [(-a, -a), (SIZE + a, -a), (SIZE + a, SIZE + a), (-a, SIZE + a)])
    if cv2.contourArea(corners.astype(np.float32)) > BOARD_ALONE * image.shape[0] * image.shape[1]:
        return
    rim = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    outline = np.round(corners).astype(np.int32)
    with painted_in_place(image, outline, [float(v) for v in np.median(rim, axis=0)]) as rest:
        try:
            look(rest, thorough=False)  # a page's other boards are flat prints: the first candidates do
        except (NotThisPuzzle, ReadError):
            return
    raise SeveralBoards("at least 2 Genius Square boards in one picture (a page of challenges?): "
                        "visolve reads one challenge a picture, so give each its own")


def level_of(squares: list[list[Square]], edition: str, source: str = "",
             dice: Callable[[], list[dict[str, float]]] | None = None) -> Level:
    """The level of squares as read: a square in doubt, pieces out of shape, or no blockers
    are a :class:`ReadError` (see :func:`board_of`; ``dice`` as there)."""
    blockers, pieces = board_of(squares, edition, dice)
    if not blockers:
        raise ReadError("no blockers on the board: roll the dice first (a level is the board after the roll)")
    problem = (blocker_count_problem(blockers) or roll_problem(blockers, empty_beside_pieces(pieces, blockers, edition))
               or shifted_disc_problem(blockers, pieces, edition) or shifted_grid_problem(blockers, pieces, edition)
               or (dice is not None and (dice_problem(blockers, dice()) or bare_die_problem(blockers, dice()))))
    if problem:
        raise ReadError(problem)
    return make_level(level_name(source), blockers, pieces, source=source, edition=edition)


def board_of(squares: list[list[Square]], edition: str,
             dice: Callable[[], list[dict[str, float]]] | None = None) -> tuple[list[str], dict[str, list[str]]]:
    """The blockers and pieces the squares as read show (names as ``edition`` prints them).

    Squares with several options are settled by the pieces' shapes
    (:func:`visolve.puzzles.genius_square.resolve.resolve`); a square in
    doubt, or pieces out of shape, are a :class:`ReadError`.  A solved board the shapes do not
    settle is the one whole cover near the squares as read
    (:func:`visolve.puzzles.genius_square.cover.solved_cover`; ``dice``: the faces of the dice
    beside the board, asked for only when two covers are near).
    """
    squares = with_unlined_grey(with_standing_grey(squares))  # the grey piece standing out, or covering lines
    try:
        rows = resolve(with_grey_options(squares), edition, dice)
    except ReadError:
        rows = solved_cover(squares, edition, dice)  # a solved board: the one whole cover near the reading?
        if rows is None:
            raise
    else:  # squares that may hide a piece the board's colour: the shapes settle them, or they are a doubt
        if any(sq.sides for row in squares for sq in row):  # (not the cover: it would lay that piece on one)
            rows = resolve(with_side_options(with_grey_options(squares)), edition, dice)
    rows = with_flat_grey(squares, rows)  # covered but for the grey piece drawn flat on a board as grey
    blockers, found = groups(rows, edition)
    if not is_legal_roll(blockers):
        rows = solved_cover(squares, edition, dice) or rows
        blockers, found = groups(rows, edition)
    pieces = {piece: parts[0] for piece, parts in sorted(found.items())}
    if problem := last_piece_problem(squares, rows, edition):
        raise ReadError(problem)
    if GREY not in pieces:
        no_dim_grey_piece(squares, edition)
    elif glared := glare_beside_grey(squares, rows, GREY):
        names = " ".join(model.name(cell, edition) for cell in glared)
        raise ReadError(f"piece 5 (grey) read on {' '.join(pieces[GREY])}, and {names} beside it read "
                        "empty though as grey: glare spread over the board?")
    elif lit := glare_along_grey(squares, rows, GREY):
        names = " ".join(model.name(cell, edition) for cell in lit)
        raise ReadError(f"piece 5 (grey) read on {' '.join(pieces[GREY])}, and the empty squares on both sides of "
                        f"it ({names}) are lighter than the rest of the board: a streak of glare, not the piece?")
    return blockers, pieces


def with_side_options(squares: list[list[Square]]) -> list[list[Square]]:
    """The squares, those read as empty that may be a piece whose shaded side looks like the board
    (:attr:`visolve.puzzles.genius_square.colours.Square.sides`) given those options: the shapes
    settle them (empty when that piece is seen elsewhere), else they are a doubt."""
    return [[replace(sq, symbol="", options=(sq.symbol, *sq.sides)) if sq.sides and sq.symbol == EMPTY else sq
             for sq in row] for row in squares]


def debug_overlay(image: np.ndarray, source: str = "") -> np.ndarray:
    """The picture with the grid found, each square's reading, and what was made of it.

    Squares read are green (``.``, ``#`` or the piece number), squares in
    doubt red ``!``; the banner says the level read or why the picture was
    refused.
    """
    image = np.ascontiguousarray(np.asarray(image)[:, :, :3])
    try:
        up, _view, squares, edition = look(_picture(image))
    except (NotThisPuzzle, ReadError) as exc:
        return draw_overlay(image, None, title=str(exc), title_colour=DOUBT)
    grid = BoardView.from_homography(image, up.homography, SIZE, SIZE, pitch=8)
    labels = {(r, c): sq.symbol or "!" for r, row in enumerate(squares) for c, sq in enumerate(row)}
    colours = {(r, c): DOUBT if sq.doubt else TRUSTED for r, row in enumerate(squares) for c, sq in enumerate(row)}
    try:
        level = read(image, source)
        if isinstance(level, list):  # a page: the overlay shows its first board
            title, colour = f"a page of {len(level)} boards, tabs {' '.join(lv.level for lv in level)}", TRUSTED
        else:
            title, colour = f"{edition}, turned {90 * up.turns} deg: blockers {' '.join(level.blockers)}", TRUSTED
    except (NotThisPuzzle, ReadError) as exc:
        title, colour = str(exc), DOUBT
    return draw_overlay(image, grid, labels, colours, title, title_colour=colour)
