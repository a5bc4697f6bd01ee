"""IQ Circuit reader: a booklet-style challenge picture -> Level.

Steps:

1. :func:`find_board` finds the 8 x 4 board by its look (dark rounded cells
   on a mid-grey lattice) at any scale and returns its four outer corners
   (the middle lines of the outer gaps).  Only this step would change for
   photos; everything after works on the board warped to a fixed frame.
2. :func:`warp_board` maps those corners to a canonical picture with a
   40 px cell pitch (cell ``(x, y)`` centred on ``(40x + 20, 40y + 20)``).
3. Every cell gets scores in 0..1 (share of yellow pixels in small patches):
   centre, each of the four track arms (13 px from the centre), a dot (four
   diagonal patches at 6 px, which a 7 px track band never reaches); every
   inside gap gets a track-crossing score and a white-outline score.
   A score between the two thresholds is a doubt and raises ReadError
   naming the cell.
4. The kind of picture: a white outline on an inside gap = Master; otherwise
   yellow crossing an inside gap = Expert; otherwise Wizard.
5. Master pictures: cells joined by gaps without outline form regions; each
   outlined region with track must match exactly one piece face laid on the
   board (face, rotation and anchor from the piece data).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle, ReadError
from visolve.puzzles.iq_circuit.model import (
    DELTA,
    HEIGHT,
    MASK_SYMBOL,
    OPEN_DOT,
    PIECES,
    SYMBOL_MASK,
    UNKNOWN,
    WIDTH,
    Level,
    Placement,
    grid_with_pieces,
)

PITCH = 40  #: canonical cell pitch in pixels
YES, NO = 0.6, 0.3  #: score thresholds; in between = doubtful
MAX_SIDE = 1000  #: larger pictures are shrunk before the board search


# -- colour classes -------------------------------------------------------------

def yellow_mask(img: np.ndarray) -> np.ndarray:
    b, g, r = (img[:, :, i].astype(np.int16) for i in range(3))
    return (r > 160) & (g > 140) & (b < 120) & (r - b > 90)


def white_mask(img: np.ndarray) -> np.ndarray:
    lo = img.min(axis=2)
    hi = img.max(axis=2)
    return (lo > 150) & (hi.astype(np.int16) - lo < 60)


def dark_mask(img: np.ndarray) -> np.ndarray:
    return img.max(axis=2) < 66


def grey_mask(img: np.ndarray) -> np.ndarray:
    lo = img.min(axis=2).astype(np.int16)
    hi = img.max(axis=2).astype(np.int16)
    return (lo > 66) & (hi < 150) & (hi - lo < 25)


# -- board finding ----------------------------------------------------------------

def _runs(profile: np.ndarray, threshold: float) -> list[tuple[int, int]]:
    """(start, end) index pairs (end exclusive) where profile > threshold."""
    above = profile > threshold
    runs = []
    start = None
    for i, v in enumerate(above):
        if v and start is None:
            start = i
        elif not v and start is not None:
            runs.append((start, i))
            start = None
    if start is not None:
        runs.append((start, len(above)))
    return runs


def _fit_lattice(profile: np.ndarray, count: int, what: str) -> tuple[float, float]:
    """From a 'cell-ness' profile find ``count`` cell bands; returns (first edge, pitch)."""
    runs = []
    for s, e in _runs(profile, 0.5):  # merge runs split by a thin seam
        if runs and s - runs[-1][1] <= max(2, len(profile) // 150):
            runs[-1] = (runs[-1][0], e)
        else:
            runs.append((s, e))
    if not runs:
        raise NotThisPuzzle(f"no {what} of cells found")
    widths = np.array([e - s for s, e in runs])
    big = widths.max()
    runs = [r for r, w in zip(runs, widths) if w >= 0.35 * big]
    if len(runs) != count:
        raise NotThisPuzzle(f"found {len(runs)} {what} of cells, an IQ Circuit board has {count}")
    centres = np.array([(s + e - 1) / 2 for s, e in runs])
    idx = np.arange(count)
    pitch, first = np.polyfit(idx, centres, 1)
    resid = np.abs(centres - (first + pitch * idx)).max()
    widths = np.array([e - s for s, e in runs])
    if pitch <= 4 or resid > 0.15 * pitch:
        raise NotThisPuzzle(f"{what} of cells are not evenly spaced")
    if not (0.5 * pitch <= np.median(widths) <= 0.95 * pitch):
        raise NotThisPuzzle(f"{what} of cells have the wrong width for a board")
    return first - pitch / 2, pitch


def find_board(image: np.ndarray) -> np.ndarray:
    """Four corners (tl, tr, br, bl; float32 x, y) of the board's outer gap lines.

    Raises NotThisPuzzle when no 8 x 4 board of dark cells on grey is found.
    """
    h, w = image.shape[:2]
    scale = 1.0
    small = image
    if max(h, w) > MAX_SIDE:
        scale = MAX_SIDE / max(h, w)
        small = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    grey = grey_mask(small)
    if grey.mean() < 0.05:
        raise NotThisPuzzle("no grey board lattice in the picture")
    n, labels, stats, _c = cv2.connectedComponentsWithStats(grey.astype(np.uint8), connectivity=8)
    if n < 2:
        raise NotThisPuzzle("no grey board lattice in the picture")
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x0, y0, bw, bh = (int(v) for v in stats[best, :4])
    # white outlines can cut the lattice in parts: join the big parts that
    # touch the box (gap of a few pixels, the width of an outline)
    x1, y1 = x0 + bw, y0 + bh
    tol = max(4, int(0.02 * max(small.shape[:2])))
    changed = True
    while changed:
        changed = False
        for i in range(1, n):
            sx, sy, sw, sh = (int(v) for v in stats[i, :4])
            if stats[i, 4] < 0.02 * stats[best, 4]:
                continue
            if sx >= x0 and sy >= y0 and sx + sw <= x1 and sy + sh <= y1:
                continue
            if sx < x1 + tol and sx + sw > x0 - tol and sy < y1 + tol and sy + sh > y0 - tol:
                x0, y0, x1, y1 = min(x0, sx), min(y0, sy), max(x1, sx + sw), max(y1, sy + sh)
                changed = True
    bw, bh = x1 - x0, y1 - y0
    if not (1.4 <= bw / max(bh, 1) <= 2.8):
        raise NotThisPuzzle(f"grey region {bw}x{bh} is not shaped like an 8 x 4 board")
    grey = grey | white_mask(small)
    cellish = ~grey[y0 : y0 + bh, x0 : x0 + bw]
    if cellish.mean() < 0.3:
        raise NotThisPuzzle("too few dark cells for an IQ Circuit board")
    left, px = _fit_lattice(cellish.mean(axis=0), WIDTH, "columns")
    top, py = _fit_lattice(cellish.mean(axis=1), HEIGHT, "rows")
    if not 0.8 <= px / py <= 1.25:
        raise NotThisPuzzle("cells are not square")
    left += x0
    top += y0
    right = left + WIDTH * px
    bottom = top + HEIGHT * py
    corners = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], np.float32)
    return corners / scale


def warp_board(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The board seen straight on, ``PITCH`` px per cell (8*PITCH x 4*PITCH)."""
    dst = np.array(
        [[0, 0], [WIDTH * PITCH, 0], [WIDTH * PITCH, HEIGHT * PITCH], [0, HEIGHT * PITCH]], np.float32
    )
    m = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), dst)
    return cv2.warpPerspective(
        image, m, (WIDTH * PITCH, HEIGHT * PITCH), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


# -- scores -----------------------------------------------------------------------

@dataclass
class CellScores:
    centre: float
    dot: float
    arms: tuple[float, float, float, float]  # right, down, left, up


@dataclass
class BoardScores:
    cells: list[list[CellScores]]  # [y][x]
    #: gaps[(x, y, d)] for d = 0 (right neighbour) and 1 (lower neighbour): (track, outline)
    gaps: dict[tuple[int, int, int], tuple[float, float]]


def _frac(mask: np.ndarray, cx: float, cy: float, hw: int, hh: int) -> float:
    x0, x1 = int(round(cx - hw)), int(round(cx + hw)) + 1
    y0, y1 = int(round(cy - hh)), int(round(cy + hh)) + 1
    patch = mask[max(y0, 0) : y1, max(x0, 0) : x1]
    return float(patch.mean()) if patch.size else 0.0


def _diag(mask: np.ndarray, cx: int, cy: int, sx: int, sy: int) -> float:
    """Mean of the pixels (6,6) (7,6) (6,7) from the centre towards one corner."""
    return float(sum(mask[cy + sy * b, cx + sx * a] for a, b in ((6, 6), (7, 6), (6, 7))) / 3)


def score_board(board: np.ndarray) -> BoardScores:
    yel = yellow_mask(board).astype(np.float32)
    wht = white_mask(board).astype(np.float32)
    cells = []
    for y in range(HEIGHT):
        row = []
        for x in range(WIDTH):
            cx, cy = PITCH * x + PITCH // 2, PITCH * y + PITCH // 2
            centre = max(_frac(yel, cx + sx * 2, cy + sy * 2, 1, 1) for sx in (-1, 1) for sy in (-1, 1))
            # three pixels 8.5-9.2 px from the centre along each diagonal: inside a
            # dot (radius ~10), 6 px clear of the axes (track half width ~4)
            diag = sorted(_diag(yel, cx, cy, sx, sy) for sx in (-1, 1) for sy in (-1, 1))
            dot = float(np.mean(diag))
            arms = []
            for dx, dy in DELTA:
                ax, ay = cx + dx * 13, cy + dy * 13
                hw, hh = (1, 2) if dx else (2, 1)
                arms.append(_frac(yel, ax, ay, hw, hh))
            row.append(CellScores(centre, dot, tuple(arms)))
        cells.append(row)
    gaps = {}
    for y in range(HEIGHT):
        for x in range(WIDTH):
            cx, cy = PITCH * x + PITCH // 2, PITCH * y + PITCH // 2
            if x + 1 < WIDTH:
                gx = PITCH * (x + 1)
                track = _frac(yel, gx, cy, 1, 1)
                outline = max(_frac(wht, gx, cy - 9, 1, 3), _frac(wht, gx, cy + 9, 1, 3))
                gaps[(x, y, 0)] = (track, outline)
            if y + 1 < HEIGHT:
                gy = PITCH * (y + 1)
                track = _frac(yel, cx, gy, 1, 1)
                outline = max(_frac(wht, cx - 9, gy, 3, 1), _frac(wht, cx + 9, gy, 3, 1))
                gaps[(x, y, 1)] = (track, outline)
    return BoardScores(cells, gaps)


def _decide(score: float, what: str) -> bool:
    if score >= YES:
        return True
    if score <= NO:
        return False
    raise ReadError(f"{what}: score {score:.2f} is neither clearly yes (>= {YES}) nor no (<= {NO})")


def cell_symbol(s: CellScores, x: int, y: int) -> str:
    """Symbol of one cell from its scores: '.', a line/bend, a dot with direction or 'o'."""
    where = f"cell ({x},{y}) [column {x + 1}, row {y + 1}]"
    arms = [_decide(a, f"{where} track towards {name}") for a, name in zip(s.arms, ("right", "down", "left", "up"))]
    mask = sum(1 << d for d in range(4) if arms[d])
    if _decide(s.dot, f"{where} dot"):
        if bin(mask).count("1") > 1:
            raise ReadError(f"{where}: a dot with {bin(mask).count('1')} tracks leaving it (scores {s.arms})")
        return MASK_SYMBOL[mask] if mask else OPEN_DOT
    centre = _decide(s.centre, f"{where} track at the centre")
    n = bin(mask).count("1")
    if not centre and n == 0:
        return "."
    if centre and n == 2:
        return MASK_SYMBOL[mask]
    arm_text = ", ".join(f"{a:.2f}" for a in s.arms)
    raise ReadError(
        f"{where}: track with {n} arm(s) and centre score {s.centre:.2f} is no cell type (arm scores r,d,l,u {arm_text})"
    )


# -- whole picture -------------------------------------------------------------------

def level_name(source: str) -> int | str:
    stem = Path(source).stem if source else ""
    m = re.search(r"(\d+)", stem)
    if m:
        return int(m.group(1))
    return stem or "unnamed"


def _kind(scores: BoardScores) -> str:
    outlined = [
        _decide(o, f"white outline on the gap {'right of' if k[2] == 0 else 'below'} cell ({k[0]},{k[1]})")
        for k, (_t, o) in scores.gaps.items()
    ]
    if any(outlined):
        return "master"
    tracks = [(k, t) for k, (t, _o) in scores.gaps.items()]
    if any(t >= YES for _k, t in tracks):
        return "expert"
    return "wizard"


def _piece_options_by_footprint():
    table: dict[frozenset, list[Placement]] = {}
    for piece in PIECES:
        for face in piece.faces:
            for r in range(4):
                for x0 in range(-3, WIDTH + 3):
                    for y0 in range(-3, HEIGHT + 3):
                        pl = Placement(piece.id, face.index, x0, y0, r)
                        if pl.on_board():
                            table.setdefault(frozenset(pl.cells()), []).append(pl)
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


def read_board(board: np.ndarray, source: str = "") -> Level:
    """A warped board picture (see :func:`warp_board`) -> Level."""
    scores = score_board(board)
    kind = _kind(scores)
    symbols = [[cell_symbol(scores.cells[y][x], x, y) for x in range(WIDTH)] for y in range(HEIGHT)]
    name = level_name(source)
    if kind == "expert":
        # the track drawn across the gaps must agree with the cells on both sides
        for (x, y, d), (track, _o) in scores.gaps.items():
            nx, ny = x + DELTA[d][0], y + DELTA[d][1]
            a = _mask(symbols[y][x]) >> d & 1
            b = _mask(symbols[ny][nx]) >> (d + 2) & 1
            crossing = _decide(track, f"track across the gap between cells ({x},{y}) and ({nx},{ny})")
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
    pieces.sort()
    return Level(name, kind, grid_with_pieces(tuple(rows), pieces), tuple(pieces), source)


def _mask(sym: str) -> int:
    return SYMBOL_MASK.get(sym, 0)


def read(image: np.ndarray, source: str = "") -> Level:
    """Picture (BGR) -> Level.  NotThisPuzzle / ReadError on failure."""
    if image is None or image.ndim != 3 or image.shape[2] < 3:
        raise NotThisPuzzle("not a colour picture")
    image = image[:, :, :3]
    corners = find_board(image)
    board = warp_board(image, corners)
    # every cell must look like a dark square: dark or yellow around its centre
    dark = dark_mask(board) | yellow_mask(board)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            share = _frac(dark, PITCH * x + PITCH // 2, PITCH * y + PITCH // 2, 11, 11)
            if share < 0.8:
                raise NotThisPuzzle(f"cell ({x},{y}) is not a dark square ({share:.2f} dark or yellow)")
    return read_board(board, source)


def debug_overlay(image: np.ndarray, source: str = "") -> np.ndarray:
    """The picture with the found board lattice and each cell's read symbol drawn on it."""
    out = image[:, :, :3].copy()
    try:
        corners = find_board(out)
    except NotThisPuzzle as exc:
        cv2.putText(out, str(exc)[:60], (5, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 255), 1)
        return out
    m = cv2.getPerspectiveTransform(
        np.array([[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT]], np.float32), corners
    )
    board = warp_board(out, corners)
    scores = score_board(board)
    for y in range(HEIGHT + 1):
        pts = cv2.perspectiveTransform(np.array([[[0, y], [WIDTH, y]]], np.float32), m)[0]
        cv2.line(out, tuple(map(int, pts[0])), tuple(map(int, pts[1])), (255, 0, 255), 1)
    for x in range(WIDTH + 1):
        pts = cv2.perspectiveTransform(np.array([[[x, 0], [x, HEIGHT]]], np.float32), m)[0]
        cv2.line(out, tuple(map(int, pts[0])), tuple(map(int, pts[1])), (255, 0, 255), 1)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            try:
                sym = cell_symbol(scores.cells[y][x], x, y)
                colour = (0, 200, 0)
            except ReadError:
                sym, colour = "!", (0, 0, 255)
            p = cv2.perspectiveTransform(np.array([[[x + 0.15, y + 0.35]]], np.float32), m)[0][0]
            cv2.putText(out, sym, (int(p[0]), int(p[1])), cv2.FONT_HERSHEY_SIMPLEX, 0.45, colour, 1)
    return out
