"""Drawing photos of the IQ XOXO box with pieces in it (for tests and the evaluation).

The geometry and palette were measured on the real product photo of the
solved box (``../shared/iq-xoxo/photos/box_solved.jpg``, 1280 x 1086 px,
about 75 px per square); nothing of it is copied, every pixel here is drawn:

* a white plastic box with rounded corners: a rim of about 0.55 squares at
  the sides and 0.6 at the bottom around the tray, a hinge roll about 1.3
  squares high above it and the open lid (a translucent light grey panel
  about 4.5 squares high) beyond;
* the tray: a 5 x 10 floor a little greyer than the rim (recessed, in the
  box's own shade) with its walls' shadow along two sides -- the real photo
  shows no empty square, so the floor's grey is this drawer's assumption;
* each piece a plastic plate in its colour, its outline rounded and inset a
  little from the squares' edges (a dark seam where two pieces touch), and
  on each square a raised X or O of the same plastic: a shadow below and to
  the right, a highlight on the upper left edge, an O with a shaded hole.

:func:`draw_box` draws a :class:`~visolve.puzzles.iq_xoxo.model.Level`'s
pieces so; ``rng`` moves each piece a little, as loose pieces lie.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.board import COLS, EMPTY, ROWS, mark

from visolve.puzzles.iq_xoxo.box.shape import BOX_BGR, O_INNER, O_OUTER, PLATE_INSET, X_ARM, X_REACH
from visolve.puzzles.iq_xoxo.model import Level

#: the box's white plastic, its outline's shade, the tray floor and the wall's shadow (BGR)
RIM = (250, 251, 251)
RIM_EDGE = (196, 198, 198)
FLOOR = (212, 214, 214)
WALL = (200, 202, 202)
#: the open lid's translucent panel and its frame
LID = (241, 243, 243)
LID_FRAME = (226, 229, 229)
#: the table around the box (a white photo studio table)
TABLE = (246, 247, 247)
#: rim widths around the tray (squares): left/right, bottom; hinge roll height; wall shadow width
RIM_SIDE, RIM_BOTTOM, HINGE, WALL_WIDTH = 0.55, 0.6, 1.3, 0.1
#: lid height and its inset from the box's sides (squares); box corner radius (squares)
LID_HEIGHT, LID_INSET, BOX_RADIUS = 4.5, 0.35, 0.4
#: table margin around the box (squares)
TABLE_MARGIN = 1.0
#: a piece's plate: corner radius (squares)
PLATE_RADIUS = 0.1
#: the seam along a plate's edge: width (squares) and darkness (share of the colour kept)
SEAM_WIDTH, SEAM_SHADE = 0.03, 0.55
#: raised mark: shadow offset (squares) and shade, highlight tint, hole shade
MARK_SHADOW, SHADOW_SHADE, HIGHLIGHT, HOLE_SHADE = 0.035, 0.6, 0.35, 0.72
#: the mark's body is the plate colour lightened by this share of white
MARK_LIFT = 0.08
#: loose pieces: each moved by up to this share of a square
LOOSE = 0.03
#: drawing supersampling (antialiased edges of the masks)
SUPER = 2


def box_size(p: float) -> tuple[int, int, tuple[float, float]]:
    """(width, height) px of a box picture at pitch ``p``, and where the tray's top-left corner is."""
    left = TABLE_MARGIN + RIM_SIDE
    top = TABLE_MARGIN + LID_HEIGHT + HINGE
    w = (2 * left + COLS) * p
    h = (top + ROWS + RIM_BOTTOM + TABLE_MARGIN) * p
    return int(round(w)), int(round(h)), (left * p, top * p)


def _rounded(img: np.ndarray, x0: float, y0: float, x1: float, y1: float, r: float, colour) -> None:
    """A filled rectangle with rounded corners (radius ``r`` px)."""
    r = max(1, int(round(min(r, (x1 - x0) / 2, (y1 - y0) / 2))))
    xa, ya, xb, yb = (int(round(v)) for v in (x0, y0, x1, y1))
    cv2.rectangle(img, (xa + r, ya), (xb - r, yb), colour, -1)
    cv2.rectangle(img, (xa, ya + r), (xb, yb - r), colour, -1)
    for cx, cy in ((xa + r, ya + r), (xb - r, ya + r), (xb - r, yb - r), (xa + r, yb - r)):
        cv2.circle(img, (cx, cy), r, colour, -1, cv2.LINE_AA)


def _draw_shell(img: np.ndarray, p: float, ox: float, oy: float) -> None:
    """The box: lid, hinge roll, rim with its outline, the tray floor and the walls' shadow."""
    lx0, lx1 = ox - RIM_SIDE * p + LID_INSET * p, ox + (COLS + RIM_SIDE - LID_INSET) * p
    ly0, ly1 = oy - (HINGE + LID_HEIGHT) * p, oy - HINGE * p + 0.2 * p
    _rounded(img, lx0 - 2, ly0 - 2, lx1 + 2, ly1 + 2, BOX_RADIUS * p, LID_FRAME)
    _rounded(img, lx0 + 0.12 * p, ly0 + 0.12 * p, lx1 - 0.12 * p, ly1, BOX_RADIUS * p, LID)
    tab = (ox + (COLS / 2 - 1.0) * p, ly0 - 0.25 * p, ox + (COLS / 2 + 1.0) * p, ly0 + 0.1 * p)
    _rounded(img, *tab, 0.1 * p, LID_FRAME)
    bx0, bx1 = ox - RIM_SIDE * p, ox + (COLS + RIM_SIDE) * p
    by0, by1 = oy - HINGE * p, oy + (ROWS + RIM_BOTTOM) * p
    _rounded(img, bx0 - 2, by0 - 2, bx1 + 2, by1 + 2, BOX_RADIUS * p, RIM_EDGE)
    _rounded(img, bx0, by0, bx1, by1, BOX_RADIUS * p, RIM)
    roll = np.linspace(0.96, 1.0, max(2, int(HINGE * p * 0.5)))
    for k, shade in enumerate(np.concatenate([roll, roll[::-1]])):
        y = int(round(by0 + k))
        colour = tuple(int(v * shade) for v in RIM)
        cv2.line(img, (int(bx0 + 0.1 * p), y), (int(bx1 - 0.1 * p), y), colour, 1)
    fx0, fy0 = int(round(ox)), int(round(oy))
    fx1, fy1 = int(round(ox + COLS * p)), int(round(oy + ROWS * p))
    cv2.rectangle(img, (fx0, fy0), (fx1 - 1, fy1 - 1), FLOOR, -1)
    wall = max(1, int(round(WALL_WIDTH * p)))
    cv2.rectangle(img, (fx0, fy0), (fx1 - 1, fy0 + wall), WALL, -1)
    cv2.rectangle(img, (fx0, fy0), (fx0 + wall, fy1 - 1), WALL, -1)


def _plate_mask(cells, p: float, shape: tuple[int, int], ox: float, oy: float) -> np.ndarray:
    """The piece's plate (uint8 mask at :data:`SUPER` times the picture's size), rounded corners."""
    s = SUPER
    mask = np.zeros((shape[0] * s, shape[1] * s), np.uint8)
    inset = PLATE_INSET * p
    cells = set(cells)
    for r, c in cells:
        x0, y0 = ox + c * p + inset, oy + r * p + inset
        x1, y1 = ox + (c + 1) * p - inset, oy + (r + 1) * p - inset
        if (r, c + 1) in cells:
            x1 += 2 * inset
        if (r + 1, c) in cells:
            y1 += 2 * inset
        cv2.rectangle(mask, (int(round(x0 * s)), int(round(y0 * s))), (int(round(x1 * s)), int(round(y1 * s))), 255, -1)
    k = max(3, int(round(2 * PLATE_RADIUS * p * s)) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, disc)


def _paint(img: np.ndarray, mask: np.ndarray, colour) -> None:
    """Blend ``colour`` into ``img`` through a supersampled mask (antialiased)."""
    h, w = img.shape[:2]
    alpha = cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)[..., None] / 255.0
    img[:] = (img * (1 - alpha) + np.asarray(colour, np.float32) * alpha).astype(np.uint8)


def _shade(colour, k: float) -> tuple[float, ...]:
    return tuple(float(v) * k for v in colour)


def _lift(colour, share: float) -> tuple[float, ...]:
    return tuple(float(v) * (1 - share) + 255.0 * share for v in colour)


def _mark_mask(shape: tuple[int, int], cx: float, cy: float, p: float, which: str) -> np.ndarray:
    """A raised mark's outline (supersampled uint8 mask); an O's hole is left out."""
    s = SUPER
    mask = np.zeros((shape[0] * s, shape[1] * s), np.uint8)
    c = (int(round(cx * s)), int(round(cy * s)))
    if which == "O":
        cv2.circle(mask, c, int(round(O_OUTER * p * s)), 255, -1, cv2.LINE_AA)
        cv2.circle(mask, c, int(round(O_INNER * p * s)), 0, -1, cv2.LINE_AA)
    else:
        h = X_REACH * p * s
        for sx in (-1, 1):
            a = (int(round(c[0] - sx * h)), int(round(c[1] - h)))
            b = (int(round(c[0] + sx * h)), int(round(c[1] + h)))
            cv2.line(mask, a, b, 255, max(1, int(round(X_ARM * p * s))), cv2.LINE_AA)
    return mask


def _draw_mark(img: np.ndarray, cx: float, cy: float, p: float, which: str, colour) -> None:
    """A raised X or O: its shadow, its body, a highlight at the upper left, an O's shaded hole.

    Drawn on the crop of ``img`` around the square.
    """
    xa, ya = max(0, int(cx - 0.5 * p)), max(0, int(cy - 0.5 * p))
    img = img[ya:int(cy + 0.5 * p) + 2, xa:int(cx + 0.5 * p) + 2]
    cx, cy = cx - xa, cy - ya
    d = MARK_SHADOW * p
    shape = img.shape[:2]
    _paint(img, _mark_mask(shape, cx + d, cy + d, p, which), _shade(colour, SHADOW_SHADE))
    if which == "O":
        hole = np.zeros((shape[0] * SUPER, shape[1] * SUPER), np.uint8)
        cv2.circle(hole, (int(round(cx * SUPER)), int(round(cy * SUPER))), int(round(O_INNER * p * SUPER)), 255, -1)
        _paint(img, hole, _shade(colour, HOLE_SHADE))
    _paint(img, _mark_mask(shape, cx - d / 2, cy - d / 2, p, which), _lift(colour, HIGHLIGHT))
    _paint(img, _mark_mask(shape, cx, cy, p, which), _lift(colour, MARK_LIFT))


def _draw_piece(img: np.ndarray, cells, p: float, ox: float, oy: float, colour) -> None:
    """One piece: seam, plate, and the mark of the square under each of its squares.

    Drawn on the crop of ``img`` around the piece (the masks stay small).
    """
    rs, cs = [r for r, _ in cells], [c for _, c in cells]
    xa, ya = max(0, int(ox + min(cs) * p) - 2), max(0, int(oy + min(rs) * p) - 2)
    xb, yb = int(ox + (max(cs) + 1) * p) + 3, int(oy + (max(rs) + 1) * p) + 3
    img, ox, oy = img[ya:yb, xa:xb], ox - xa, oy - ya
    seam = _plate_mask(cells, p, img.shape[:2], ox, oy)
    inner = cv2.erode(seam, np.ones((3, 3), np.uint8), iterations=max(1, int(round(SEAM_WIDTH * p * SUPER))))
    _paint(img, seam, _shade(colour, SEAM_SHADE))
    _paint(img, inner, colour)
    for r, c in cells:
        _draw_mark(img, ox + (c + 0.5) * p, oy + (r + 0.5) * p, p, mark(r, c), colour)


def draw_box(level: Level, p: float = 60, rng: np.random.Generator | None = None) -> np.ndarray:
    """The box seen from above in the booklet's orientation (lid at the top), ``level``'s pieces in the tray.

    ``p`` is px per square; ``rng`` (optional) moves each piece by up to
    :data:`LOOSE` of a square.  Pieces are drawn on whole squares only: a
    piece sticking out of the tray is not drawn.
    """
    w, h, (ox, oy) = box_size(p)
    img = np.full((h, w, 3), TABLE, np.uint8)
    _draw_shell(img, p, ox, oy)
    for letter, cells in level.pieces().items():
        dx, dy = (0.0, 0.0) if rng is None else rng.uniform(-LOOSE, LOOSE, 2) * p
        _draw_piece(img, cells, p, ox + dx, oy + dy, BOX_BGR[letter])
    return img


def tray_corners(p: float) -> np.ndarray:
    """The tray floor's corners (tl, tr, br, bl) in a :func:`draw_box` picture at pitch ``p``."""
    _w, _h, (ox, oy) = box_size(p)
    return np.array([[ox, oy], [ox + COLS * p, oy], [ox + COLS * p, oy + ROWS * p], [ox, oy + ROWS * p]])


def empty_level(name: str = "box") -> Level:
    """A level with no piece in the tray."""
    return Level(name, (EMPTY * COLS,) * ROWS)
