"""IQ Circuit reader: a booklet-style challenge picture (or a photo of one) -> Level.

Steps:

1. Find the 8 x 4 board.  Screenshots and crops (the board upright, any
   scale): :func:`find_board` fits the lattice to the column and row sums of
   the grey grid and returns the four outer corners (the middle lines of the
   outer gaps).  Photos (turned, at an angle, on a cluttered desk, unevenly
   lit): :func:`find_board_in_photo` finds the 32 cells as dark blobs
   ("dark" in the smallest colour channel, where yellow track is dark too,
   at fixed levels or against the local mean and spread) with
   :func:`visolve.vision.lattice.find_cell_lattice`, which gives a homography
   from board coordinates (one unit per cell) to the picture.
2. :func:`board_view` samples the board straight on (a
   :class:`visolve.vision.view.BoardView`), :data:`PITCH` px per
   cell with half a cell of margin, then :func:`refine` nudges the lattice
   so each inner grid crossing sits where it should (template matching of
   the "+" of grey between four dark cells) and samples again.
3. :func:`normalised_classes` evens out the light: per cell the dark colour
   (the cell's corners) and per grid crossing the grey colour (its least
   bright arm, away from white outlines) give, channel by channel, an affine
   map dark -> 0, grey -> 1 (:func:`visolve.vision.light.normalise_light`).
   When that reading is in doubt, a second try (:func:`glare_classes`)
   follows glare that changes within a cell: the dark colour from every
   dark corner pixel of the cells by local quadratic fits, the grey
   predicted from it (glare moves both towards its tint by the same share).
   Gains, colour casts, veiling light and glare are all affine per pixel, so
   yellow, white, grey and dark are then told apart by fixed thresholds.
4. Every cell gets scores in 0..1 (share of yellow pixels in small patches):
   centre, each of the four track arms (13 px from the centre), a dot (four
   diagonal patches at 6 px, which a 7 px track band never reaches); every
   inside gap gets a track-crossing score and a white-outline score.
   A score between the two thresholds is a doubt and raises ReadError
   naming the cell (but a track arm pointing off the board is no doubt: no
   track leaves the board).
5. The kind of picture: a white outline on an inside gap = Master; otherwise
   yellow crossing an inside gap = Expert; otherwise Wizard.
6. Master pictures: cells joined by gaps without outline form regions; each
   outlined region with track must match exactly one piece face laid on the
   board (face, rotation and anchor from the piece data).

The level number: the pictures print none, so it is the number in the file
name, else the file stem (:func:`level_name`).

Steps 1-2 live in :mod:`visolve.puzzles.iq_circuit.finder`, step 3 in
:mod:`visolve.puzzles.iq_circuit.colours`, step 4 in
:mod:`visolve.puzzles.iq_circuit.scores` (their names stay importable from
here); this module tells the kind of picture and makes the level.
"""

from __future__ import annotations


import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError, SeveralBoards
from visolve.puzzles.base import level_from_filename
from visolve.puzzles.iq_circuit.colours import (  # noqa: F401 - the reader's names, re-exported
    MARGIN,
    PITCH,
    Classes,
    dark_mask,
    glare_classes,
    glare_tint,
    grey_mask,
    normalised_classes,
    white_mask,
    yellow_mask,
)
from visolve.puzzles.iq_circuit.board_checks import (  # noqa: F401
    board_in_line,
    grid_runs_on,
    outer_line_off,
    outer_view,
    whole_board_holds,
)
from visolve.puzzles.iq_circuit.finder import (  # noqa: F401 - the reader's names, re-exported
    FINDERS,
    board_view,
    corners_homography,
    find_board,
    find_board_in_photo,
    refine,
    straight_view,
    warp_board,
)
from visolve.puzzles.iq_circuit.model import (
    DELTA,
    HEIGHT,
    OPEN_DOT,
    PIECES,
    SYMBOL_MASK,
    UNKNOWN,
    WIDTH,
    Level,
    Placement,
    grid_with_pieces,
    placed_cells,
)
from visolve.puzzles.iq_circuit.scores import (  # noqa: F401 - the reader's names, re-exported
    NO,
    YES,
    BoardScores,
    CellScores,
    cell_symbol,
    decide,
    patch_share,
    score_board,
)
from visolve.vision.geometry import map_points
from visolve.vision.overlay import draw_overlay
from visolve.vision.pages import named_levels, page_of, read_page

MAX_PALE_CELLS = 4  #: cells that may fail the "dark square" look (glare) before the picture is refused


# -- whole picture -------------------------------------------------------------------

def level_name(source: str) -> int | str:
    """The level a file name names (:func:`visolve.puzzles.base.level_from_filename`)."""
    return level_from_filename(source)


def _kind(scores: BoardScores) -> str:
    outlined = [
        decide(o, f"white outline on the gap {'right of' if k[2] == 0 else 'below'} cell ({k[0]},{k[1]})")
        for k, (_t, o) in scores.gaps.items()
    ]
    if any(outlined):
        return "master"
    tracks = [(k, t) for k, (t, _o) in scores.gaps.items()]
    if any(t >= YES for _k, t in tracks):
        return "expert"
    return "wizard"


def _piece_options_by_footprint():
    """Every placement of a piece face wholly on the board, by the cells and masks it covers.

    Each face and turn's cells are turned once (its placement at anchor (0, 0)); an anchor
    keeps it on the board exactly when it lies in the range those cells leave, so only the
    anchors of that range are made, of those from -3 to 3 past the board (the same placements,
    in the same order, as trying each of those anchors: 12 ms instead of 130 ms, once a process)."""
    table: dict[frozenset, list[Placement]] = {}
    for piece in PIECES:
        for face in piece.faces:
            for r in range(4):
                shape = placed_cells(piece.id, face.index, 0, 0, r)
                xs, ys = [dx for dx, _dy, _m in shape], [dy for _dx, dy, _m in shape]
                for x0 in range(max(-3, -min(xs)), min(WIDTH + 3, WIDTH - max(xs))):
                    for y0 in range(max(-3, -min(ys)), min(HEIGHT + 3, HEIGHT - max(ys))):
                        cells = frozenset((x0 + dx, y0 + dy, m) for dx, dy, m in shape)
                        table.setdefault(cells, []).append(Placement(piece.id, face.index, x0, y0, r))
    return table


_FOOTPRINTS: dict | None = None


def _match_piece(cells: dict[tuple[int, int], int]) -> list[Placement]:
    global _FOOTPRINTS
    if _FOOTPRINTS is None:
        _FOOTPRINTS = _piece_options_by_footprint()
    key = frozenset((x, y, m) for (x, y), m in cells.items())
    found = _FOOTPRINTS.get(key, [])
    # one placement per piece (symmetric faces give several equal ones)
    seen, out = set(), []
    for pl in sorted(found, key=lambda p: (p.piece, p.face, p.rotation)):
        if pl.piece not in seen:
            seen.add(pl.piece)
            out.append(pl)
    return out


def read_board(board: np.ndarray, source: str = "", classes: Classes | None = None) -> Level:
    """A warped board picture (see :func:`warp_board`) -> Level."""
    scores = score_board(board, classes)
    kind = _kind(scores)
    symbols = [[cell_symbol(scores.cells[y][x], x, y) for x in range(WIDTH)] for y in range(HEIGHT)]
    name = level_name(source)
    if kind == "expert":
        # the track drawn across the gaps must agree with the cells on both sides
        for (x, y, d), (track, _o) in scores.gaps.items():
            nx, ny = x + DELTA[d][0], y + DELTA[d][1]
            a = _mask(symbols[y][x]) >> d & 1
            b = _mask(symbols[ny][nx]) >> (d + 2) & 1
            crossing = decide(track, f"track across the gap between cells ({x},{y}) and ({nx},{ny})")
            if not (a == b == crossing):
                raise ReadError(
                    f"track between cells ({x},{y}) and ({nx},{ny}) does not join up "
                    f"(arms {a} / {b}, gap score {track:.2f})"
                )
        grid = tuple("".join(r) for r in symbols)
        return Level(name, kind, grid, (), source)
    if kind == "wizard":
        rows = []
        for y in range(HEIGHT):
            row = ""
            for x in range(WIDTH):
                sym = symbols[y][x]
                if sym == ".":
                    row += UNKNOWN
                elif sym == OPEN_DOT:
                    row += OPEN_DOT
                else:
                    raise ReadError(f"cell ({x},{y}): track {sym!r} in a picture with only dots")
            rows.append(row)
        return Level(name, kind, tuple(rows), (), source)
    # master: regions bounded by outlines
    parent = {(x, y): (x, y) for y in range(HEIGHT) for x in range(WIDTH)}

    def root(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for (x, y, d), (_t, outline) in scores.gaps.items():
        if not outline >= YES:  # doubt was already raised by _kind
            nx, ny = x + DELTA[d][0], y + DELTA[d][1]
            parent[root((x, y))] = root((nx, ny))
    regions: dict = {}
    for c in parent:
        regions.setdefault(root(c), []).append(c)
    pieces: list[Placement] = []
    in_piece = set()
    for cells in regions.values():
        has_track = any(symbols[y][x] not in ".o" for x, y in cells)
        if len(cells) > 4 or not has_track:
            # big regions are the open board; a small one without track is a
            # part of the board walled in by pieces (pre-placed pieces always
            # show their track)
            continue
        masks = {(x, y): _mask(symbols[y][x]) for x, y in cells}
        found = _match_piece(masks)
        if not found:
            if has_track:
                cells_text = " ".join(f"({x},{y})" for x, y in sorted(cells))
                drawn = " ".join(symbols[y][x] for x, y in sorted(cells))
                raise ReadError(f"outlined cells {cells_text} showing {drawn!r} match no piece face")
            continue
        pl = found[0]
        if any(p.piece == pl.piece for p in pieces):
            raise ReadError(f"piece {pl.piece} ({PIECES[pl.piece].code}) found twice among the pre-placed pieces")
        pieces.append(pl)
        in_piece.update(cells)
    rows = []
    for y in range(HEIGHT):
        row = ""
        for x in range(WIDTH):
            sym = symbols[y][x]
            if (x, y) in in_piece:
                row += sym
            elif sym == ".":
                row += UNKNOWN
            elif sym == OPEN_DOT:
                row += OPEN_DOT
            else:
                raise ReadError(f"cell ({x},{y}): track {sym!r} outside every outlined piece")
        rows.append(row)
    _check_outlines(scores, pieces)
    pieces.sort()
    return Level(name, kind, grid_with_pieces(tuple(rows), pieces), tuple(pieces), source)


def _check_outlines(scores: BoardScores, pieces: list[Placement]) -> None:
    """The white outlines must be exactly the borders of the pre-placed pieces found."""
    if not pieces:
        raise ReadError("white outlines on the board, but no outlined piece with track inside them")
    owner = {}
    for k, pl in enumerate(pieces):
        for x, y, _m in pl.cells():
            owner[(x, y)] = k
    for (x, y, d), (_t, outline) in scores.gaps.items():
        nx, ny = x + DELTA[d][0], y + DELTA[d][1]
        a, b = owner.get((x, y)), owner.get((nx, ny))
        border = a != b
        if border != (outline >= YES):
            where = f"the gap {'right of' if d == 0 else 'below'} cell ({x},{y})"
            what = "no outline where a piece ends" if border else "an outline that borders no piece"
            raise ReadError(f"{where}: {what} (outline score {outline:.2f})")


def _mask(sym: str) -> int:
    return SYMBOL_MASK.get(sym, 0)


def read_view(image: np.ndarray, hom: np.ndarray, source: str = "", moved_once: bool = False) -> Level:
    """Read the board that ``hom`` (board coordinates -> picture) points at; a lattice
    whose outer column or row is off the board is moved by whole cells once, when one
    move holds (:func:`board_in_line`)."""
    hom, view = refine(image, hom)
    classes, _n = normalised_classes(view)
    o = int(round(MARGIN * PITCH))
    board = view[o : o + HEIGHT * PITCH, o : o + WIDTH * PITCH]
    # the cells must look like dark squares: dark or yellow around their
    # centres (a few may be washed out by glare; then their scores decide)
    dark = classes.dark | classes.yellow
    pale = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            share = patch_share(dark, PITCH * x + PITCH // 2, PITCH * y + PITCH // 2, 11, 11)
            if share < 0.8:
                pale.append(f"({x},{y}) {share:.2f}")
    # a strong glare spot may wash out more cells than that: then the board
    # must pass the glare-proof whole-board check of sparse lattices instead
    # (which also refuses a lattice one column or row off the board)
    if len(pale) > MAX_PALE_CELLS and not whole_board_holds(image, hom):
        raise NotThisPuzzle(f"{len(pale)} cells are not dark squares (share dark or yellow: {', '.join(pale[:4])})")
    around = outer_view(image, hom)
    off = outer_line_off(image, hom, around)
    if off:
        moved = None if moved_once else board_in_line(image, hom)
        if moved is None or np.allclose(moved, hom):
            raise NotThisPuzzle(off)
        return read_view(image, moved, source, moved_once=True)  # the one whole-cell move that holds
    # and the gaps between them grey (or white outline, or yellow track)
    grid = ~(classes.dark)
    lines = [patch_share(grid, PITCH * i, PITCH * y + PITCH // 2, 1, 6) for i in range(1, WIDTH) for y in range(HEIGHT)]
    if np.mean(lines) < 0.6:
        raise NotThisPuzzle(f"the cells are not separated by a lighter grid ({np.mean(lines):.2f})")
    if grid_runs_on(image, hom, around):
        raise NotThisPuzzle("the grid of cells runs on past the 8 x 4 board (a bigger board)")
    try:
        return read_board(board, source, classes)
    except ReadError as first:
        # a doubt may come from a glare spot that changes within a cell (a
        # gap between the crossings washed white, a faint cell): read once
        # more with the references that follow it; if that is in doubt too,
        # the first doubt stands
        washed, _n = glare_classes(view)
        try:
            return read_board(board, source, washed)
        except ReadError:
            raise first from None


def read(image: np.ndarray, source: str = "") -> Level | list[Level]:
    """Picture (BGR) -> Level.  NotThisPuzzle / ReadError on failure.

    A page of several boards gives the list of its challenges, numbered from the tabs above
    them (:func:`visolve.vision.pages.read_page`).

    Each finder of :data:`FINDERS` is tried until one gives a board that
    reads; a ReadError (the board is there but a cell is in doubt) is
    reported in preference to a NotThisPuzzle.
    """
    if image is None or image.ndim != 3 or image.shape[2] < 3:
        raise NotThisPuzzle("not a colour picture")
    image = np.ascontiguousarray(image[:, :, :3])
    try:
        level, share = _read_seen(image, source)
    except SeveralBoards as several:  # a page: each board under its number tab?
        return named_levels(lambda: read_page(image, lambda b: _read_one(b, source), several))
    except (NotThisPuzzle, ReadError):
        page = named_levels(lambda: page_of(image, lambda b: _read_one(b, source)))  # a photo of a page?
        if page is None:
            raise
        return page
    if share < PAGE_SHARE:  # a small board: one of a photographed page's, the others unseen?
        page = named_levels(lambda: page_of(image, lambda b: _read_one(b, source), numbered=True))
        if page is not None:
            return page
    return level


#: a board covering less of the picture than this may be one of a page's: its tabs are looked for
#: (a board of a made page of two covers up to about 0.27 of a photo; 0.08 was a page of three's)
PAGE_SHARE = 0.3


def _read_one(image: np.ndarray, source: str) -> Level:
    """The challenge of the one board in ``image`` (see :func:`read`)."""
    return _read_seen(image, source)[0]


def _read_seen(image: np.ndarray, source: str) -> tuple[Level, float]:
    """The challenge of the one board in ``image`` and the share of the picture its board covers."""
    errors: list[Exception] = []
    for name, finder in FINDERS:
        try:
            hom = finder(image)
            level = read_view(image, hom, source)
            corners = map_points(hom, [(0, 0), (WIDTH, 0), (WIDTH, HEIGHT), (0, HEIGHT)])
            return level, abs(cv2.contourArea(np.float32(corners))) / (image.shape[0] * image.shape[1])
        except SeveralBoards:
            raise  # another finder would read one of them
        except (NotThisPuzzle, ReadError) as exc:
            if name != "outline" or isinstance(exc, ReadError) or not errors:
                errors.append(exc)  # the last resort's "no outline" says less than the others' refusals
    doubts = [e for e in errors if isinstance(e, ReadError)]
    raise (doubts or errors)[-1]


def _page_verdict(image: np.ndarray, source: str, reason: str) -> str:
    """The overlay's title when no one board was found: a page's boards as read, else ``reason``."""
    try:
        got = read(image, source)
    except (NotThisPuzzle, ReadError) as exc:
        return str(exc) or reason
    levels = got if isinstance(got, list) else [got]
    return f"a page of {len(levels)} boards: " + ", ".join(str(level.level) for level in levels)


def debug_overlay(image: np.ndarray, source: str = "") -> np.ndarray:
    """The picture with the found board lattice and each cell's read symbol drawn on it.

    The generic overlay (:func:`visolve.vision.overlay.draw_overlay`): the
    board's outline and lattice, per cell its symbol (red ``!`` when the
    cell is in doubt), and along the bottom what the reader made of the
    whole picture, or why it refused it.
    """
    out = np.ascontiguousarray(image[:, :, :3])
    hom = None
    reason = ""
    for _name, finder in FINDERS:
        try:
            hom = finder(out)
            break
        except (NotThisPuzzle, SeveralBoards) as exc:  # a page of boards: what read says of it
            reason = str(exc)
    if hom is None:
        return draw_overlay(out, None, title=_page_verdict(out, source, reason), title_colour=DOUBT)
    hom, view = refine(out, hom)
    classes, _n = normalised_classes(view)
    o = int(round(MARGIN * PITCH))
    scores = score_board(view[o : o + HEIGHT * PITCH, o : o + WIDTH * PITCH], classes)
    labels, colours = {}, {}
    for y in range(HEIGHT):
        for x in range(WIDTH):
            try:
                labels[(y, x)], colours[(y, x)] = cell_symbol(scores.cells[y][x], x, y), TRUSTED
            except ReadError:
                labels[(y, x)], colours[(y, x)] = "!", DOUBT
    try:
        level = read_view(out, hom, source)
        title, colour = f"{source or 'picture'}: {level.kind} challenge read OK", TRUSTED
    except (ReadError, NotThisPuzzle) as exc:
        title, colour = str(exc), DOUBT
    return draw_overlay(out, board_view(out, hom), labels, colours, title, title_colour=colour)


TRUSTED, DOUBT = (0, 200, 0), (0, 0, 255)
