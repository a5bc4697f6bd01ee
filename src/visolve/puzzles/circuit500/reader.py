"""circuit500 reader: a screenshot (or other picture of the game screen) -> :class:`Level`.

How a picture is read
=====================

1. **Board.**  :func:`visolve.vision.board.find_board` looks for the game's
   board: the big light-grey rectangle with aspect 4:6 on the black screen.
   No fixed screen coordinates are used, so any phone size, scale (integer or
   not) and JPEG compression works.  No board -> :class:`NotThisPuzzle`.
2. **Canonical view.**  The board's corners give a homography from the game's
   160x284 *base* pixel grid (board at x=16..143, y=47..238) to the picture;
   the region around the board and the caption above it is area-resampled
   back onto that grid (:class:`visolve.vision.view.BoardView`, one view
   pixel per base pixel, ``sampling="area"``).
3. **Caption.**  The word ``level`` must be found in the pixel font left of
   the number (searched within +-1 base pixel), otherwise the picture is not
   this game (:class:`NotThisPuzzle`).  The digits that follow are read by
   glyph matching; no digits or an unsure digit -> :class:`ReadError`.
4. **Tiles.**  Each of the 24 32x32 cells is matched against the reference
   tiles in ``data/reference/circuit500/tiles`` (drawn by the project's own
   painter, see ``scripts/draw_reference.py``), lit variants included.  The
   answer is the best *tile* (kind + arms); its lit variant is kept as the lit
   state.  A score below :data:`reading.MIN_TILE_SCORE` or a margin to the
   best other tile below :data:`reading.MIN_TILE_MARGIN` is a
   :class:`ReadError` naming the cell and both candidates.  When most cells
   match nothing the picture is not this game after all
   (:class:`NotThisPuzzle`).
5. **Rules.**  The grid must pass :func:`model.grid_problems` (one start, one
   end, at most one gap), else :class:`ReadError`.

Photos
======

A picture whose upright read is not trusted is read again as a photo of the
screen (:func:`_read_photo`, details in ``docs/photos.md``): candidate
quadrilaterals (:func:`visolve.vision.sides.iter_board_candidates`), each
side fitted to a fraction of a pixel at full resolution
(:func:`visolve.vision.sides.refine_sides`, corrected for the plates' bevel),
the homography extended above the board for the caption, light evened out
(detrended per-channel correlation against sharp and blurred tiles; caption
strokes normalised), the photo tile threshold
:data:`reader_photo.MIN_PHOTO_TILE_SCORE` with the same margin, and the rules
settling a tile unsure between two readings only when exactly one choice
obeys them (:func:`reading.let_rules_decide`).  Candidates are read in turn
until one is trusted; when none of them is, more come from the bright split
with narrow bridges cut (:func:`visolve.vision.sides.iter_opened_candidates`:
glare that joined the board to the screen).  The caption's sub-pixel search,
the second look at unsure digits and the faint and plain tiles are in
:mod:`reader_photo`; the thresholds, :class:`TileRead` and :class:`Reading`
in :mod:`reading`.

Scores are normalised cross-correlations (1.0 = identical up to brightness and
contrast).  See :func:`read_details` for everything the reader saw.
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.circuit500.model import COLS, ROWS, Level, grid_problems, make_grid
from visolve.puzzles.circuit500.reader_photo import (
    FAINT_DIGIT_SCORE,
    MIN_PHOTO_TILE_SCORE,
    MIN_PLAIN_MARGIN,
    MIN_PLAIN_TILE_SCORE,
    PHOTO_INK_PIXELS,
    PLAIN_KINDS,
    digits_second_look,
    photo_caption,
    rematch_faint,
)
from visolve.puzzles.circuit500.reading import (
    INK,
    MIN_CAPTION_SCORE,
    MIN_GLYPH_MARGIN,
    MIN_GLYPH_SCORE,
    MIN_TILE_SCORE,
    MIN_TILE_SHARE,
    Reading,
    TileRead,
    let_rules_decide,
    token_of,
)
from visolve.puzzles.circuit500.references import References, references  # noqa: F401 - references re-exported
from visolve.puzzles.textfile import LEVEL_MAX, level_number
from visolve.vision.board import Board, BoardNotFound, find_board
from visolve.vision.geometry import map_points
from visolve.vision.match import Match, read_glyph_row, to_grey
from visolve.vision.overlay import banner, draw_overlay
from visolve.vision.sides import iter_board_candidates, iter_opened_candidates, refine_sides
from visolve.vision.view import BoardView

# --------------------------------------------------------------------------
# reading


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if not isinstance(image, np.ndarray):
        raise NotThisPuzzle("not a picture (expected a numpy array)")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim != 3 or image.shape[2] not in (3, 4):
        raise NotThisPuzzle(f"not a colour picture (shape {image.shape})")
    if image.shape[2] == 4:
        image = image[:, :, :3]
    if image.dtype != np.uint8:
        raise NotThisPuzzle(f"picture must be 8-bit, got {image.dtype}")
    return image


def read_details(image: np.ndarray) -> Reading:
    """Run every step and return what was seen, without raising for doubts.

    ``Reading.not_this`` is set when the picture is not a circuit500 screen;
    otherwise ``Reading.problems`` lists every doubt (empty = trusted).

    A screenshot is read through the upright board finder first (fast and
    exact).  When that gives no trusted reading, the picture is taken for a
    photo (:func:`_read_photo`): candidate quadrilaterals, sub-pixel sides,
    even light, per-channel matching.  A trusted photo reading wins; else
    the more telling of the two failures is returned.
    """
    refs = references()
    image = _as_bgr(image)
    screen = _read_screen(image, refs)
    if screen.not_this is None and not screen.problems:
        return screen
    photo = _read_photo(image, refs)
    if photo.not_this is None and not photo.problems:
        return photo
    if screen.not_this is None and screen.board is not None and screen.board.axis_aligned:
        return screen  # an upright board: its own doubts are the ones to report
    if photo.not_this is None or photo.board is not None and screen.board is None:
        return photo
    return screen


#: boards of trusted screenshot readings, by picture size: a batch of screenshots
#: from one phone has the board at the same place in every one
_SCREEN_BOARDS: dict[tuple[int, int], Board] = {}
#: picture sizes remembered at most (phones of one player: a handful)
MAX_SCREEN_SIZES = 16


def _read_screen(image: np.ndarray, refs: References) -> Reading:
    """An upright screenshot: at the board of an earlier screenshot of this size, else found anew.

    The remembered place is only a first try: its reading must pass every
    check of a fresh one (caption, each tile's score and margin, the rules),
    or the board is looked for as usual.
    """
    size = image.shape[:2]
    known = _SCREEN_BOARDS.get(size)
    if known is not None:
        again = _read_at(image, known, refs, photo=False)
        if again.not_this is None and not again.problems:
            return again
    x0, y0, x1, y1 = refs.board_rect
    try:
        board = find_board(image, (x1 - x0) / (y1 - y0), base_width=x1 - x0)
    except BoardNotFound as exc:
        return Reading(problems=[], not_this=f"no circuit500 board found: {exc}")
    reading = _read_at(image, board, refs, photo=False)
    if reading.not_this is None and not reading.problems and board.axis_aligned:
        if len(_SCREEN_BOARDS) >= MAX_SCREEN_SIZES:
            _SCREEN_BOARDS.pop(next(iter(_SCREEN_BOARDS)))
        _SCREEN_BOARDS[size] = board
    return reading


#: at most this many candidate boards of a photo are read
PHOTO_CANDIDATES = 6
#: ... and then at most this many with narrow bridges cut (glare joined the board to something)
OPENED_CANDIDATES = 6


def _read_photo(image: np.ndarray, refs: References) -> Reading:
    """Read a photo: try candidate boards, best reading first.

    Each candidate quadrilateral gets sub-pixel sides and is read; the
    first trusted reading is returned, else the most plausible one (a
    circuit500 board with doubts before something else, then the best
    tiles and caption).
    """
    x0, y0, x1, y1 = refs.board_rect
    units = (x1 - x0, y1 - y0)
    best, best_key = None, None
    aspect = units[0] / units[1]
    candidates = itertools.chain(
        itertools.islice(iter_board_candidates(image, aspect), PHOTO_CANDIDATES),
        # glare that joins the board to the screen: the split opened to cut the bridge
        itertools.islice(iter_opened_candidates(image, aspect), OPENED_CANDIDATES),
    )
    for cand in candidates:
        corners = refine_sides(image, cand.corners, units, edge_bias=refs.edge_bias)
        board = Board(corners, cand.solidity, False)
        rd = _read_at(image, board, refs, photo=True)
        if rd.not_this is None and not rd.problems:
            return rd
        tiles = float(np.mean([t.score for t in rd.tiles])) if rd.tiles else 0.0
        key = (rd.not_this is None, -len(rd.problems or ()), rd.caption_score + tiles)
        if best_key is None or key > best_key:
            best, best_key = rd, key
    if best is None:
        return Reading(problems=[], not_this="no circuit500 board found: no light quadrilateral of the board's shape")
    return best


def _read_at(image: np.ndarray, board: Board, refs: References, photo: bool) -> Reading:
    """Read caption and tiles of the board found at ``board.corners``."""
    out = Reading(problems=[], board=board, photo=photo)
    # the board and the caption above it, one base pixel per view pixel
    out.board_view = BoardView.from_corners(
        image, board.corners, ROWS, COLS, pitch=refs.tile, extent=refs.to_board(refs.view), sampling="area"
    )
    out.H = out.board_view.homography @ refs.base_to_board()
    vx0, vy0, vx1, vy1 = refs.view
    out.view = out.board_view.image

    # the caption: "level" then the number
    grey = to_grey(out.view)
    cx, cy = refs.caption_xy
    letters, digits = (refs.photo_letters, refs.photo_digits) if photo else (refs.letters, refs.digits)
    specks = PHOTO_INK_PIXELS if photo else 1
    if photo:
        grey, word = photo_caption(grey, refs, letters)
    else:
        word = read_glyph_row(grey, letters, cx - vx0, cy - vy0, refs.pitch, 5, ink=INK, jitter=1)
    if word.text == "level":
        out.caption_score = float(np.mean([m.score for m in word.matches]))
    elif word.matches:
        out.caption_score = float(np.mean([m.score for m in word.matches])) * len(
            [a for a, b in zip(word.text, "level") if a == b]
        ) / 5
    out.caption_xy = (word.x + vx0, word.y + vy0)

    # the tiles
    patches = out.board_view.cells()
    bank = refs.photo_tiles if photo else refs.tiles
    min_score = MIN_PHOTO_TILE_SCORE if photo else MIN_TILE_SCORE
    matches = bank.match(patches, per_channel=photo)
    if photo:
        matches = rematch_faint(bank, patches, matches)
    reads = []
    for i, m in enumerate(matches):
        r, c = divmod(i, COLS)
        floor = min_score
        if photo and m.group.kind in PLAIN_KINDS and m.margin >= MIN_PLAIN_MARGIN:
            floor = MIN_PLAIN_TILE_SCORE
        reads.append(TileRead(r, c, m.group, m.label[1], m.score, m.runner_up, m.runner_score, floor))
    out.tiles = reads
    good = sum(tr.score >= min_score for tr in reads)
    if out.caption_score < MIN_CAPTION_SCORE:
        if good < MIN_TILE_SHARE * len(reads):
            out.not_this = (
                f"a light rectangle was found but it is not a circuit500 screen "
                f"(no 'level' caption, only {good} of {len(reads)} cells look like tiles)"
            )
            return out
        # the tiles say circuit500, the caption is missing (cropped?)
        out.problems.append(
            f"cannot read the level number: no 'level N' caption above the board "
            f"(caption score {out.caption_score:.2f} < {MIN_CAPTION_SCORE:.2f})"
        )
    elif good < MIN_TILE_SHARE * len(reads):
        out.not_this = (
            f"the board does not show circuit500 tiles (only {good} of {len(reads)} cells match)"
        )
        return out

    # the level number, right after "level" + one blank cell
    dx = refs.digits_xy[0] - refs.caption_xy[0]
    num = read_glyph_row(
        grey, digits, word.x + dx, word.y + (refs.digits_xy[1] - refs.caption_xy[1]),
        refs.pitch, len(str(LEVEL_MAX)) + 1, ink=INK, jitter=0, min_ink_pixels=specks,
    )
    out.digits = num.text
    out.digit_matches = num.matches
    if photo and num.text and len(num.text) < 4:
        # the cell after the last digit must be empty: a faint digit that
        # did not count as ink would otherwise shorten the number silently
        nx = num.x + len(num.text) * refs.pitch
        cell = grey[num.y : num.y + 9, nx : nx + 8]
        if (
            cell.shape == (9, 8)
            and np.count_nonzero(cell > INK / 2) >= PHOTO_INK_PIXELS
            and digits.match_one(cell.astype(np.float32)).score >= FAINT_DIGIT_SCORE
        ):
            out.problems.append(
                f"level number: faint mark after '{num.text}' (a digit too faint to read?)"
            )
    matches, text = num.matches, num.text
    if photo and num.text and out.caption_score >= MIN_CAPTION_SCORE and not all(_glyph_ok(m) for m in matches):
        second = digits_second_look(out.board_view, refs, num.x + vx0, num.y + vy0, len(num.text))
        if second is not None and all(_glyph_ok(m) for m in second):
            matches = second
            out.digits = text = "".join(str(m.group) for m in second)
            out.digit_matches = second
    if out.caption_score < MIN_CAPTION_SCORE:
        pass  # already reported
    elif not text:
        out.problems.append("cannot read the level number: no digits after 'level'")
    else:
        for k, m in enumerate(matches):
            if not _glyph_ok(m):
                out.problems.append(
                    f"level number digit {k + 1}: unsure between {m.group} ({m.score:.2f}) "
                    f"and {m.runner_up} ({m.runner_score:.2f})"
                )
        if text.startswith("0"):
            out.problems.append(f"level number {text!r} starts with 0")
        elif level_number(text) is None:  # one digit more than a level has is read, so none is cut off
            out.problems.append(f"level number {text!r} is out of range: level numbers run from 1 to {LEVEL_MAX}")
        else:
            out.level = int(text)

    reads = let_rules_decide(reads, out.decided)
    out.tiles = reads
    for tr in reads:
        why = tr.problem()
        if why:
            out.problems.append(why)
    if not any(tr.problem() for tr in reads):
        grid = make_grid([[reads[r * COLS + c].tile for c in range(COLS)] for r in range(ROWS)])
        kinds = [tr.tile.kind for tr in reads]
        if kinds.count("start") == 2 and kinds.count("end") == 0:
            out.problems.append(
                "two green knobs and no purple one: the board is already solved, so "
                "start and end look alike and cannot be told apart"
            )
        for why in grid_problems(grid):
            out.problems.append(f"board breaks the rules: {why}")
    return out


def _glyph_ok(m: Match) -> bool:
    return m.score >= MIN_GLYPH_SCORE and m.margin >= MIN_GLYPH_MARGIN


def read(image: np.ndarray, source: str = "") -> Level:
    """Read a circuit500 screenshot.

    Raises :class:`NotThisPuzzle` when the picture is not a circuit500 screen
    and :class:`ReadError` (naming the first doubtful cell or digit) when it is
    but cannot be read with confidence.
    """
    rd = read_details(image)
    if rd.not_this:
        raise NotThisPuzzle(rd.not_this)
    if rd.problems:
        more = f" (and {len(rd.problems) - 1} more)" if len(rd.problems) > 1 else ""
        raise ReadError(rd.problems[0] + more)
    return _level_of(rd, source)


def read_again(image: np.ndarray, source: str = "") -> Level | None:
    """The level when ``image`` reads, trusted, at the board of an earlier screenshot of its size; else None.

    No search: the batch fast path (a phone's screenshots all have the board
    at one place).  What it returns is exactly what :func:`read` would, since
    :func:`read` tries the same place first with the same checks.
    """
    if not isinstance(image, np.ndarray) or image.ndim != 3 or image.dtype != np.uint8:
        return None
    known = _SCREEN_BOARDS.get(image.shape[:2])
    if known is None:
        return None
    rd = _read_at(_as_bgr(image), known, references(), photo=False)
    if rd.not_this is not None or rd.problems:
        return None
    return _level_of(rd, source)


def _level_of(rd: Reading, source: str) -> Level:
    grid = make_grid([[rd.tiles[r * COLS + c].tile for c in range(COLS)] for r in range(ROWS)])
    lit = tuple(
        f"lit {tr.row},{tr.col} {tr.lit}" for tr in rd.tiles if tr.lit != "off"
    ) + tuple(rd.decided)
    return Level(level=rd.level, grid=grid, source=source, notes=lit)


# --------------------------------------------------------------------------
# debug picture


def debug_overlay(image: np.ndarray, source: str = "") -> np.ndarray:
    """The picture with the board outline, the tile grid and each reading drawn on it.

    The generic overlay (:func:`visolve.vision.overlay.draw_overlay`): the
    board outline as found (a quadrilateral in a photo), the tile grid and
    per tile its reading and score (red, with the runner-up, when
    doubtful); in yellow where the caption was read, its score and each
    digit's score.  Never raises for a bad picture: the reason is written on
    it instead.
    """
    image = _as_bgr(image)
    try:
        rd = read_details(image)
    except Exception as exc:  # noqa: BLE001 - the overlay must always draw
        return draw_overlay(image, None, title=f"error: {exc}", title_colour=RED)
    if rd.board_view is None or rd.H is None:
        return draw_overlay(image, None, title=rd.not_this or "no board", title_colour=RED)
    labels, colours = {}, {}
    for tr in rd.tiles or []:
        bad = tr.problem() is not None
        lines = [tr.tile.token(), f"{tr.score:.2f}" + (f" {tr.lit}" if tr.lit != "off" else "")]
        if bad:
            lines.append(f"or {token_of(tr.runner_up)} {tr.runner_score:.2f}")
        labels[(tr.row, tr.col)] = "\n".join(lines)
        colours[(tr.row, tr.col)] = RED if bad else TRUSTED
    out = draw_overlay(image, rd.board_view, labels, colours)
    if rd.caption_xy is not None:
        _draw_caption(out, rd, references())
    if rd.not_this:
        banner(out, rd.not_this, RED)
    elif rd.problems:
        banner(out, rd.problems[0], RED)
    else:
        how = "photo" if rd.photo else "screenshot"
        banner(out, f"{source or 'picture'}: level {rd.level} read OK (as a {how})", (0, 200, 0))
    return out


RED, TRUSTED, CAPTION = (0, 0, 255), (0, 160, 0), (0, 220, 220)


def _draw_caption(out: np.ndarray, rd: Reading, refs: References) -> None:
    """Where the caption was read (a box), its score and each digit's score."""
    font = cv2.FONT_HERSHEY_SIMPLEX
    thick = max(1, round(out.shape[1] / 400))
    scale = max(0.3, rd.board_view.cell_size() / 120)
    cx, cy = rd.caption_xy
    n = 6 + max(1, len(rd.digits))
    xa, xb, ya, yb = cx - 1, cx + n * refs.pitch + 1, cy - 1, cy + 10
    box = map_points(rd.H, [(xa, ya), (xb, ya), (xb, yb), (xa, yb)])
    cv2.polylines(out, [np.round(box).astype(np.int32)], True, CAPTION, thick, cv2.LINE_AA)
    digit_scores = " ".join(f"{m.group}:{m.score:.2f}" for m in rd.digit_matches)
    label = f"level {rd.digits or '?'}  caption {rd.caption_score:.2f}  {digit_scores}"
    org = map_points(rd.H, [(xa, ya - 3)])[0]
    (tw, th), base = cv2.getTextSize(label, font, 0.6 * scale, max(1, round(1.2 * scale)))
    p = (int(org[0]), int(org[1]))
    cv2.rectangle(out, (p[0] - 2, p[1] - th - 2), (p[0] + tw + 2, p[1] + base), (0, 0, 0), -1)
    cv2.putText(out, label, p, font, 0.6 * scale, CAPTION, max(1, round(1.2 * scale)), cv2.LINE_AA)
