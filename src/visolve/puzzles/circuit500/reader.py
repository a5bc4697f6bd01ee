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
   state.  A score below :data:`MIN_TILE_SCORE` or a margin to the best other
   tile below :data:`MIN_TILE_MARGIN` is a :class:`ReadError` naming the
   cell and both candidates.  When most cells match nothing the picture is
   not this game after all (:class:`NotThisPuzzle`).
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
strokes normalised), the photo tile threshold :data:`MIN_PHOTO_TILE_SCORE`
with the same margin, and the rules settling a tile unsure between two
readings only when exactly one choice obeys them
(:func:`_let_rules_decide`).  Candidates are read in turn until one is
trusted; when none of them is, more come from the bright split with narrow
bridges cut (:func:`visolve.vision.sides.iter_opened_candidates`: glare that
joined the board to the screen).  An unsure digit gets a second look on a
4x finer grid against blurred, enlarged digits (:func:`_digits_second_look`);
a tile too flat to match is matched again at a lower contrast limit but
must then score clearly (:func:`_rematch_faint`); an empty or gap plate with
a wide margin may score a little lower (:data:`MIN_PLAIN_TILE_SCORE`).

Scores are normalised cross-correlations (1.0 = identical up to brightness and
contrast).  See :func:`read_details` for everything the reader saw.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.circuit500.model import COLS, ROWS, Level, Tile, grid_problems, is_solved, make_grid
from visolve.puzzles.circuit500.references import DIGIT_UP, References, references  # noqa: F401 - references re-exported
from visolve.vision.board import Board, BoardNotFound, find_board
from visolve.vision.geometry import map_points
from visolve.vision.light import normalise_strokes
from visolve.vision.match import Match, TemplateBank, read_glyph_row, to_grey
from visolve.vision.overlay import banner, draw_overlay
from visolve.vision.sides import iter_board_candidates, iter_opened_candidates, refine_sides
from visolve.vision.view import BoardView

# --------------------------------------------------------------------------
# thresholds (see the module docstring and scripts/eval_reader.py)
#
# Measured on the 163 real screenshots (raw/ and scaled/): every tile scores
# >= 0.989 with a margin >= 0.164; caption letters and digits score >= 0.99.
# The margin has a hard ceiling: the closest two different drawings (cross vs
# a junction, same lit state) correlate 0.83, so even a perfect read of a
# cross has margin 0.17; digits correlate at most 0.75 with each other.  The
# thresholds sit well below what clean screenshots give and well above chance,
# leaving room for heavier JPEG and rescaling.

#: a tile must correlate at least this well with its best reference
MIN_TILE_SCORE = 0.80
#: ... and beat the best *different* tile by at least this much
MIN_TILE_MARGIN = 0.08
#: a caption glyph (letter or digit) must score at least this
MIN_GLYPH_SCORE = 0.70
#: ... and beat the next character by at least this much
MIN_GLYPH_MARGIN = 0.10
#: the word "level" counts as found when its letters score this on average
MIN_CAPTION_SCORE = 0.60
#: fewer than this share of cells matching anything -> not a circuit500 board
MIN_TILE_SHARE = 0.5
#: grey level above which a caption cell holds a glyph
INK = 60.0
#: in a photo a caption cell holds a glyph when this many pixels are above
#: INK (the narrowest digit, "1", has 9 bright pixels; noise gives a few specks)
PHOTO_INK_PIXELS = 4

#: a faint cell after the last digit that still looks this much like a digit
#: makes the number doubtful (noise on glare does not reach it)
FAINT_DIGIT_SCORE = 0.5

# Photos (measured on synthetic photos at full strength, see
# scripts/eval_reader.py --synth): blur and noise lower the correlation of
# the flat tiles most (empty, gap: one-pixel bevels on a plain plate), down
# to about 0.6 when the read is right, while wrong tiles stay below 0.4;
# the margin keeps its meaning, so it is unchanged.
#: a photographed tile must correlate at least this well with its best reference
MIN_PHOTO_TILE_SCORE = 0.55




# --------------------------------------------------------------------------
# reading


@dataclass(frozen=True)
class TileRead:
    row: int
    col: int
    tile: Tile
    lit: str  #: "off", "start" or "end" (the best-matching drawing)
    score: float
    runner_up: Tile | None
    runner_score: float
    min_score: float = MIN_TILE_SCORE  #: the threshold that applies (lower for photos)

    @property
    def margin(self) -> float:
        return self.score - self.runner_score

    def problem(self) -> str | None:
        if self.score < self.min_score:
            return (
                f"tile ({self.row},{self.col}): no good match (best {self.tile.token()} "
                f"{self.score:.2f} < {self.min_score:.2f}, next {_tok(self.runner_up)} "
                f"{self.runner_score:.2f})"
            )
        if self.margin < MIN_TILE_MARGIN:
            return (
                f"tile ({self.row},{self.col}): unsure between {self.tile.token()} "
                f"({self.score:.2f}) and {_tok(self.runner_up)} ({self.runner_score:.2f})"
            )
        return None


@dataclass
class Reading:
    """Everything the reader saw; ``problems`` empty means the read is trusted."""

    board: Board | None = None
    H: np.ndarray | None = None  #: base grid -> picture
    view: np.ndarray | None = None  #: canonical base-resolution picture of ``refs.view``
    board_view: BoardView | None = None  #: the board and caption upright (``view`` is its picture)
    caption_score: float = 0.0
    caption_xy: tuple[int, int] | None = None
    digits: str = ""
    digit_matches: tuple[Match, ...] = ()
    tiles: list[TileRead] | None = None
    level: int | None = None
    not_this: str | None = None  #: reason when the picture is not circuit500
    problems: list[str] | None = None
    photo: bool = False  #: read as a photo (quadrilateral board, photo thresholds)
    #: doubtful tiles the rules settled ("tile (r,c): start:u, not end:u (rules)")
    decided: list[str] = field(default_factory=list)


def _tok(tile: Tile | None) -> str:
    return tile.token() if tile is not None else "nothing"


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
        grey, word = _photo_caption(grey, refs, letters)
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
        matches = _rematch_faint(bank, patches, matches)
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
        refs.pitch, 4, ink=INK, jitter=0, min_ink_pixels=specks,
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
        second = _digits_second_look(out.board_view, refs, num.x + vx0, num.y + vy0, len(num.text))
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
        else:
            out.level = int(text)

    reads = _let_rules_decide(reads, out.decided)
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


def _digits_second_look(view: BoardView, refs: References, x: int, y: int, n: int) -> tuple[Match, ...] | None:
    """The ``n`` digits whose first cell is at base ``(x, y)``, read again finely.

    A small, blurred photo leaves about one photo pixel per base pixel, and
    sampling it onto the base grid blurs the one-pixel strokes once more.
    Here the number is resampled DIGIT_UP times finer, its strokes evened
    out, and each digit matched against enlarged digits blurred by several
    widths, at every shift of a fine pixel within +-1 base pixel; the best
    shift per digit counts.  Same thresholds as the first look.
    """
    bank = refs.digits_up
    if bank is None or view is None:
        return None
    u, pad = DIGIT_UP, 2
    gh, gw = bank.shape[:2]
    rect = (x - pad, y - pad, x + (n - 1) * refs.pitch + gw // u + pad, y + gh // u + pad)
    band = to_grey(view.resampled(pitch=u * refs.tile, extent=refs.to_board(rect)).image)
    band = normalise_strokes(band, 9 * u, 153.0).astype(np.float32)
    out = []
    for k in range(n):
        cells_k, x0 = [], pad * u + k * refs.pitch * u
        for sy in range(-u, u + 1):
            for sx in range(-u, u + 1):
                cell = band[pad * u + sy : pad * u + sy + gh, x0 + sx : x0 + sx + gw]
                if cell.shape == (gh, gw):
                    cells_k.append(cell)
        if not cells_k:
            return None
        best = max(bank.match(cells_k), key=lambda m: m.score)
        out.append(best)
    return tuple(out)


#: a photographed tile too flat for the usual correlation (a dim, blurred
#: empty or gap plate: a few grey levels of bevel) is matched again down to
#: this standard deviation (grey levels) ...
FAINT_TILE_STD = 1.5
#: ... and its reading counts only when it scores this well (a flat tile that
#: is really flat, or noise, correlates with no drawing anywhere near this)
MIN_FAINT_TILE_SCORE = 0.70
#: ... and beats every other tile by this much
MIN_FAINT_TILE_MARGIN = 0.25

#: an empty or gap plate in a photo may score down to this (instead of
#: MIN_PHOTO_TILE_SCORE) when it beats every other tile by MIN_PLAIN_MARGIN:
#: the plain plates lose most to blur, a tile with a pipe keeps a close
#: runner-up (its plate)
MIN_PLAIN_TILE_SCORE = 0.45
MIN_PLAIN_MARGIN = 0.25
PLAIN_KINDS = ("empty", "gap")


def _rematch_faint(bank: TemplateBank, patches, matches: list[Match]) -> list[Match]:
    """Photo tiles that counted as flat, matched again with a lower flatness limit.

    The new match replaces the "no match" only when it is clearly good
    (:data:`MIN_FAINT_TILE_SCORE`, :data:`MIN_FAINT_TILE_MARGIN`); then the
    usual thresholds apply to it as to any tile.
    """
    flat = [i for i, m in enumerate(matches) if m.score == 0.0 and m.runner_score == 0.0]
    if not flat:
        return matches
    again = bank.match([patches[i] for i in flat], per_channel=True, flat_std=FAINT_TILE_STD)
    out = list(matches)
    for i, m in zip(flat, again):
        if m.score >= MIN_FAINT_TILE_SCORE and m.margin >= MIN_FAINT_TILE_MARGIN:
            out[i] = m
    return out


#: at most this many doubtful tiles are settled by the rules
MAX_RULE_DOUBTS = 3


def _let_rules_decide(reads: list[TileRead], decided: list[str]) -> list[TileRead]:
    """Settle tiles that are unsure between two readings by the rules.

    A tile is *unsure* when both its best and its runner-up reading score
    above the threshold but the margin between them is too small.  When
    every other tile is trusted and exactly one way of choosing among the
    unsure tiles' two readings gives a board that obeys the rules (one
    start, one end, at most one gap, not already solved), that choice is
    taken and recorded in ``decided``; otherwise nothing changes and the
    doubt stays a problem.
    """
    unsure = [
        i for i, tr in enumerate(reads)
        if tr.score >= tr.min_score and tr.margin < MIN_TILE_MARGIN
        and tr.runner_up is not None and tr.runner_score >= tr.min_score
    ]
    if not unsure or len(unsure) > MAX_RULE_DOUBTS:
        return reads
    if any(tr.problem() for i, tr in enumerate(reads) if i not in unsure):
        return reads
    valid = []
    for choice in itertools.product(*[(reads[i].tile, reads[i].runner_up) for i in unsure]):
        tiles = [tr.tile for tr in reads]
        for i, t in zip(unsure, choice):
            tiles[i] = t
        grid = make_grid([tiles[r * COLS : (r + 1) * COLS] for r in range(ROWS)])
        if not grid_problems(grid) and not is_solved(grid):
            valid.append(choice)
    if len(valid) != 1:
        return reads
    out = list(reads)
    for i, t in zip(unsure, valid[0]):
        tr = reads[i]
        other = tr.runner_up if t == tr.tile else tr.tile
        decided.append(f"tile ({tr.row},{tr.col}): {t.token()}, not {other.token()} (only this obeys the rules)")
        if t == tr.tile:
            out[i] = replace(tr, runner_score=-1.0, runner_up=None)
        else:
            lit = t.kind if t.kind in ("start", "end") else "off"
            out[i] = replace(tr, tile=t, score=tr.runner_score, runner_up=None, runner_score=-1.0, lit=lit)
    return out


#: sub-pixel shifts (base pixels) tried when reading a photo's caption
CAPTION_SHIFTS = (-1 / 3, 0.0, 1 / 3)


def _photo_caption(grey: np.ndarray, refs: References, letters: TemplateBank):
    """The caption of a photo: even out its light, then find the word "level"
    at whole *and* third-of-a-pixel offsets (one-pixel strokes lose much of
    their correlation when half a pixel off).  Returns the evened-out,
    best-shifted grey view and the word read there.
    """
    vx0, vy0 = refs.view[0], refs.view[1]
    cx, cy = refs.caption_xy
    # light text on a dark screen: subtract the ground (glare), then bring
    # every stroke to its drawn grey (glare lowers contrast locally)
    ya, yb = max(0, cy - vy0 - 4), cy - vy0 + 14
    grey = grey.copy()
    grey[ya:yb] = normalise_strokes(grey[ya:yb], 9, 153.0)
    band = grey[ya:yb].astype(np.float32)
    best = None
    for dy in CAPTION_SHIFTS:
        for dx in CAPTION_SHIFTS:
            M = np.float32([[1, 0, -dx], [0, 1, -dy]])
            shifted = cv2.warpAffine(band, M, (band.shape[1], band.shape[0]), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT, borderValue=0)
            g = grey.astype(np.float32)
            g[ya:yb] = shifted
            word = read_glyph_row(g, letters, cx - vx0, cy - vy0, refs.pitch, 5, ink=INK, jitter=1,
                                  min_ink_pixels=PHOTO_INK_PIXELS)
            score = float(np.mean([m.score for m in word.matches])) if word.text == "level" else -1.0
            if best is None or score > best[0]:
                best = (score, g, word)
    return best[1], best[2]


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
            lines.append(f"or {_tok(tr.runner_up)} {tr.runner_score:.2f}")
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
