"""The makers of :mod:`visolve.testing.distractors`: one function a kind of "something else" picture.

:data:`MAKERS` maps a kind of :data:`visolve.testing.distractors.DISTRACTOR_KINDS`
to a function ``rng -> BGR uint8 picture``: a desk scene, screenshots of other
games (dots, chess, 2048, sudoku, tic-tac-toe), a text page, a dark app
screen, a blank picture, noise, a cartoon face.  Each draws only from its
``rng``, so a picture depends on nothing else.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.testing._draw import AA, jpeg_round_trip, random_colour, smooth_noise, uniform
from visolve.testing.camera import camera
from visolve.testing.desk import background, random_shape
from visolve.testing.photos import LONG_SIDE, SCREEN_SIZES

_FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)



def _screen_size(rng: np.random.Generator) -> tuple[int, int]:
    w, h = SCREEN_SIZES[int(rng.integers(len(SCREEN_SIZES)))]
    return int(w), int(h)


def _photo_size(rng: np.random.Generator) -> tuple[int, int]:
    long_side = int(rng.integers(LONG_SIDE[0], LONG_SIDE[1] + 1))
    short = int(round(long_side / float(rng.choice([4 / 3, 16 / 9, 3 / 2]))))
    return (short, long_side) if rng.random() < 0.6 else (long_side, short)


def _canvas(w: int, h: int, colour) -> np.ndarray:
    img = np.empty((h, w, 3), np.uint8)
    img[:] = np.clip(np.round(colour), 0, 255).astype(np.uint8)
    return img


def _word(rng: np.random.Generator, lo: int = 2, hi: int = 10) -> str:
    letters = "abcdefghijklmnopqrstuvwxyzeeeaaoottn"
    return "".join(letters[int(i)] for i in rng.integers(0, len(letters), int(rng.integers(lo, hi))))


def _text_block(
    img: np.ndarray, rng: np.random.Generator, box: tuple[int, int, int, int], colour, scale: float, font: int
) -> None:
    """Fill ``box = (x0, y0, x1, y1)`` with lines of random words."""
    x0, y0, x1, y1 = box
    thick = max(1, int(round(scale * 1.6)))
    (_, th), _ = cv2.getTextSize("Mg", font, scale, thick)
    y = y0 + th
    while y < y1:
        words, x = [], x0
        limit = x1 - uniform(rng, 0, 0.35) * (x1 - x0)
        while True:
            word = _word(rng)
            (tw, _), _ = cv2.getTextSize(word + " ", font, scale, thick)
            if x + tw > limit:
                break
            words.append(word)
            x += tw
        if words:
            cv2.putText(img, " ".join(words), (x0, y), font, scale, colour, thick, AA)
        y += int(th * uniform(rng, 1.7, 2.2))
        if rng.random() < 0.12:
            y += th * 2  # paragraph break


def _title(img: np.ndarray, rng: np.random.Generator, x: int, y: int, scale: float, colour) -> None:
    font = _FONTS[int(rng.integers(len(_FONTS)))]
    text = _word(rng, 3, 8).capitalize() + (" " + str(int(rng.integers(1, 999))) if rng.random() < 0.5 else "")
    cv2.putText(img, text, (x, y), font, scale, colour, max(1, int(scale * 2)), AA)


def _make_scene(rng: np.random.Generator) -> np.ndarray:
    """A photo of a desk with objects: background + shapes, then the camera steps."""
    w, h = _photo_size(rng)
    img = background(rng, h, w)
    tmp = np.clip(img, 0, 255).astype(np.uint8)
    for _ in range(int(rng.integers(3, 12))):
        random_shape(tmp, rng)
    img = tmp.astype(np.float32)
    s = uniform(rng, 0.3, 1.0)
    camera(img, rng, s)
    return jpeg_round_trip(np.clip(img + 0.5, 0, 255).astype(np.uint8), int(round(95 - 35 * s * rng.random())))


def _make_dots(rng: np.random.Generator) -> np.ndarray:
    """A match-three / dots game: a grid of coloured discs under a score bar."""
    w, h = _screen_size(rng)
    dark = rng.random() < 0.5
    bg = random_colour(rng, sat=(0, 0.3), val=(0.05, 0.2) if dark else (0.85, 1.0))
    img = _canvas(w, h, bg)
    fg = (235, 235, 235) if dark else (40, 40, 40)
    _title(img, rng, int(0.06 * w), int(0.08 * h), w / 600, fg)
    cols, rows = int(rng.integers(5, 10)), int(rng.integers(5, 11))
    cell = min(0.92 * w / cols, 0.7 * h / rows)
    x0 = (w - cell * cols) / 2
    y0 = uniform(rng, 0.15, 0.3) * h
    palette = [random_colour(rng, sat=(0.6, 1), val=(0.7, 1)) for _ in range(int(rng.integers(4, 7)))]
    for r in range(rows):
        for c in range(cols):
            col = palette[int(rng.integers(len(palette)))]
            centre = (int(x0 + (c + 0.5) * cell), int(y0 + (r + 0.5) * cell))
            cv2.circle(img, centre, int(cell * 0.36), col, -1, AA)
    return img


def _make_chess(rng: np.random.Generator) -> np.ndarray:
    """A chess or draughts app: an 8x8 / 10x10 chequered board with round pieces."""
    w, h = _screen_size(rng)
    img = _canvas(w, h, random_colour(rng, sat=(0, 0.3), val=(0.1, 0.9)))
    n = 8 if rng.random() < 0.7 else 10
    light = random_colour(rng, sat=(0.1, 0.4), val=(0.8, 0.95))
    darkc = random_colour(rng, sat=(0.3, 0.7), val=(0.35, 0.6))
    side = int(w * uniform(rng, 0.9, 1.0))
    cell = side / n
    x0 = (w - side) / 2
    y0 = uniform(rng, 0.2, 0.35) * h
    for r in range(n):
        for c in range(n):
            col = light if (r + c) % 2 == 0 else darkc
            p0 = (int(x0 + c * cell), int(y0 + r * cell))
            p1 = (int(x0 + (c + 1) * cell), int(y0 + (r + 1) * cell))
            cv2.rectangle(img, p0, p1, col, -1)
            if rng.random() < 0.35:
                piece = (245, 245, 240) if rng.random() < 0.5 else (25, 25, 30)
                centre = (int(x0 + (c + 0.5) * cell), int(y0 + (r + 0.5) * cell))
                cv2.circle(img, centre, int(cell * 0.36), piece, -1, AA)
                cv2.circle(img, centre, int(cell * 0.36), (90, 90, 90), max(1, int(cell / 30)), AA)
                if rng.random() < 0.5:
                    cv2.circle(img, centre, int(cell * 0.18), (128, 128, 128), max(1, int(cell / 25)), AA)
    fg = (230, 230, 230) if np.mean(img[5, 5]) < 128 else (30, 30, 30)
    _title(img, rng, int(0.05 * w), int(y0 - 0.04 * h), w / 700, fg)
    _title(img, rng, int(0.05 * w), int(y0 + side + 0.07 * h), w / 700, fg)
    return img


def _make_text(rng: np.random.Generator) -> np.ndarray:
    """A page of text: an e-book / web page screenshot or a scanned sheet."""
    if rng.random() < 0.6:
        w, h = _screen_size(rng)
    else:
        w = int(rng.integers(1200, 2200))
        h = int(w * 1.414)
    dark = rng.random() < 0.2
    bg = (30, 30, 30) if dark else random_colour(rng, sat=(0, 0.08), val=(0.92, 1.0), hue=(0.08, 0.16))
    fg = (215, 215, 215) if dark else (25, 25, 25)
    img = _canvas(w, h, bg)
    margin = int(uniform(rng, 0.04, 0.1) * w)
    _title(img, rng, margin, int(0.08 * h), w / 500, fg)
    font = _FONTS[int(rng.integers(len(_FONTS)))]
    _text_block(img, rng, (margin, int(0.12 * h), w - margin, h - margin), fg, w / uniform(rng, 1000, 1500), font)
    return img


def _make_tictactoe(rng: np.random.Generator) -> np.ndarray:
    """A 3x3 tic-tac-toe grid on a light background, some X and O played."""
    w, h = _screen_size(rng) if rng.random() < 0.7 else _photo_size(rng)
    img = _canvas(w, h, random_colour(rng, sat=(0, 0.1), val=(0.9, 1.0)))
    ink = random_colour(rng, sat=(0, 0.8), val=(0.05, 0.4))
    side = min(w, h) * uniform(rng, 0.6, 0.9)
    x0, y0 = (w - side) / 2, uniform(rng, 0.2, 0.8) * (h - side)
    t = max(2, int(side / uniform(rng, 40, 90)))
    for k in (1, 2):
        x = int(x0 + k * side / 3)
        y = int(y0 + k * side / 3)
        cv2.line(img, (x, int(y0)), (x, int(y0 + side)), ink, t, AA)
        cv2.line(img, (int(x0), y), (int(x0 + side), y), ink, t, AA)
    cell = side / 3
    for r in range(3):
        for c in range(3):
            mark = int(rng.integers(0, 3))
            cx, cy = int(x0 + (c + 0.5) * cell), int(y0 + (r + 0.5) * cell)
            d = int(cell * 0.3)
            if mark == 1:
                col = (40, 40, 220)
                cv2.line(img, (cx - d, cy - d), (cx + d, cy + d), col, t, AA)
                cv2.line(img, (cx - d, cy + d), (cx + d, cy - d), col, t, AA)
            elif mark == 2:
                cv2.circle(img, (cx, cy), d, (200, 90, 30), t, AA)
    return img


def _make_dark_ui(rng: np.random.Generator) -> np.ndarray:
    """A dark app screen with bright rounded panels of the wrong shape or count.

    Layouts: a list of wide cards, an icon grid (4-5 columns of small
    squares) or two or three big panels.
    """
    w, h = _screen_size(rng)
    img = _canvas(w, h, random_colour(rng, sat=(0, 0.4), val=(0.03, 0.15)))
    layout = int(rng.integers(0, 3))
    boxes = []
    if layout == 0:
        n = int(rng.integers(4, 8))
        top, gap = 0.12 * h, 0.02 * h
        bh = (h * 0.85 - top - gap * n) / n
        for i in range(n):
            boxes.append((0.05 * w, top + i * (bh + gap), 0.95 * w, top + i * (bh + gap) + bh))
    elif layout == 1:
        cols = int(rng.integers(4, 6))
        rows = int(rng.integers(4, 7))
        cell = 0.9 * w / cols
        for r in range(rows):
            for c in range(cols):
                x, y = 0.05 * w + c * cell, 0.15 * h + r * cell * 1.3
                boxes.append((x + 0.15 * cell, y + 0.15 * cell, x + 0.85 * cell, y + 0.85 * cell))
    else:
        n = int(rng.integers(2, 4))
        gap = 0.03 * h
        bh = (0.8 * h - gap * n) / n
        for i in range(n):
            boxes.append((0.06 * w, 0.12 * h + i * (bh + gap), 0.94 * w, 0.12 * h + i * (bh + gap) + bh))
    for x0, y0, x1, y1 in boxes:
        col = random_colour(rng, sat=(0, 0.8), val=(0.6, 1.0))
        rad = int(min(x1 - x0, y1 - y0) * uniform(rng, 0.05, 0.25))
        _rounded_rect(img, (int(x0), int(y0), int(x1), int(y1)), rad, col)
        if y1 - y0 > 0.05 * h:
            _text_block(
                img, rng, (int(x0 + 0.05 * w), int(y0 + 0.02 * h), int(x1 - 0.05 * w), int(y0 + 0.08 * h)),
                (30, 30, 30), w / 1100, cv2.FONT_HERSHEY_SIMPLEX,
            )
    _title(img, rng, int(0.06 * w), int(0.07 * h), w / 600, (235, 235, 235))
    return img


def _rounded_rect(img: np.ndarray, box: tuple[int, int, int, int], radius: int, colour) -> None:
    x0, y0, x1, y1 = box
    radius = max(0, min(radius, (x1 - x0) // 2, (y1 - y0) // 2))
    cv2.rectangle(img, (x0 + radius, y0), (x1 - radius, y1), colour, -1)
    cv2.rectangle(img, (x0, y0 + radius), (x1, y1 - radius), colour, -1)
    if radius > 0:
        for cx, cy in ((x0 + radius, y0 + radius), (x1 - radius, y0 + radius),
                       (x0 + radius, y1 - radius), (x1 - radius, y1 - radius)):
            cv2.circle(img, (cx, cy), radius, colour, -1, AA)


def _make_tiles2048(rng: np.random.Generator) -> np.ndarray:
    """A 2048-like game: a 4x4 or 5x5 board of rounded tiles, some numbered."""
    w, h = _screen_size(rng)
    img = _canvas(w, h, random_colour(rng, sat=(0.05, 0.2), val=(0.85, 0.98), hue=(0.08, 0.15)))
    n = int(rng.choice([4, 5, 6]))
    side = int(0.92 * w)
    x0, y0 = (w - side) // 2, int(uniform(rng, 0.25, 0.4) * h)
    _rounded_rect(img, (x0, y0, x0 + side, y0 + side), side // 40, random_colour(rng, sat=(0.1, 0.25), val=(0.5, 0.65), hue=(0.08, 0.12)))
    gap = side * 0.03
    cell = (side - gap * (n + 1)) / n
    for r in range(n):
        for c in range(n):
            tx = int(x0 + gap + c * (cell + gap))
            ty = int(y0 + gap + r * (cell + gap))
            val = int(2 ** rng.integers(1, 12)) if rng.random() < 0.5 else 0
            col = random_colour(rng, sat=(0.3, 0.9), val=(0.8, 1.0), hue=(0.0, 0.15)) if val else (180, 192, 205)
            _rounded_rect(img, (tx, ty, int(tx + cell), int(ty + cell)), int(cell / 12), col)
            if val:
                text = str(val)
                scale = cell / 60 / max(1, len(text)) * 1.4
                (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, max(1, int(scale * 2)))
                org = (int(tx + (cell - tw) / 2), int(ty + (cell + th) / 2))
                cv2.putText(img, text, org, cv2.FONT_HERSHEY_DUPLEX, scale, (60, 70, 90), max(1, int(scale * 2)), AA)
    _title(img, rng, int(0.05 * w), int(0.1 * h), w / 450, (60, 70, 90))
    return img


def _make_sudoku(rng: np.random.Generator) -> np.ndarray:
    """A sudoku: a 9x9 grid (bold 3x3 boxes) with some digits."""
    w, h = _screen_size(rng) if rng.random() < 0.6 else _photo_size(rng)
    img = _canvas(w, h, random_colour(rng, sat=(0, 0.08), val=(0.9, 1.0)))
    side = min(w, h) * uniform(rng, 0.85, 0.95)
    x0, y0 = (w - side) / 2, uniform(rng, 0.15, 0.85) * (h - side)
    cell = side / 9
    for k in range(10):
        t = max(2, int(side / 150)) if k % 3 == 0 else max(1, int(side / 500))
        x, y = int(x0 + k * cell), int(y0 + k * cell)
        cv2.line(img, (x, int(y0)), (x, int(y0 + side)), (20, 20, 20), t)
        cv2.line(img, (int(x0), y), (int(x0 + side), y), (20, 20, 20), t)
    scale = cell / 40
    for r in range(9):
        for c in range(9):
            if rng.random() < 0.4:
                d = str(int(rng.integers(1, 10)))
                (tw, th), _ = cv2.getTextSize(d, cv2.FONT_HERSHEY_SIMPLEX, scale, max(1, int(scale * 2)))
                org = (int(x0 + c * cell + (cell - tw) / 2), int(y0 + r * cell + (cell + th) / 2))
                cv2.putText(img, d, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (30, 30, 30), max(1, int(scale * 2)), AA)
    return img


def _make_blank(rng: np.random.Generator) -> np.ndarray:
    """A nearly uniform picture: a lens cap, a wall, a blank screen."""
    w, h = _screen_size(rng) if rng.random() < 0.5 else _photo_size(rng)
    base = np.array(random_colour(rng, sat=(0, 0.6), val=(0.0, 1.0)), np.float32)
    img = base * (1 + uniform(rng, 0, 0.06) * smooth_noise(rng, h, w, 2))
    img += uniform(rng, 0, 2.5) * rng.standard_normal((h, w, 1), dtype=np.float32)
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)


def _make_noise(rng: np.random.Generator) -> np.ndarray:
    """Pure noise: uniform colour, Gaussian grey, blocky, or salt and pepper."""
    w, h = _screen_size(rng) if rng.random() < 0.5 else _photo_size(rng)
    mode = int(rng.integers(0, 4))
    if mode == 0:
        return rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    if mode == 1:
        g = np.clip(rng.normal(uniform(rng, 60, 190), uniform(rng, 20, 70), (h, w, 1)), 0, 255).astype(np.uint8)
        return np.repeat(g, 3, axis=2)
    if mode == 2:
        block = int(rng.integers(4, 40))
        small = rng.integers(0, 256, (h // block + 1, w // block + 1, 3), dtype=np.uint8)
        return cv2.resize(small, (w, h), interpolation=cv2.INTER_NEAREST)
    img = _canvas(w, h, (128, 128, 128))
    r = rng.random((h, w))
    img[r < 0.15] = 0
    img[r > 0.85] = 255
    return img


def _make_face(rng: np.random.Generator) -> np.ndarray:
    """A cartoon face: head, hair, eyes, brows, nose, mouth, on a plain background."""
    w, h = _screen_size(rng) if rng.random() < 0.5 else _photo_size(rng)
    img = _canvas(w, h, random_colour(rng, sat=(0.1, 0.7), val=(0.4, 1.0)))
    cx, cy = int(w * uniform(rng, 0.35, 0.65)), int(h * uniform(rng, 0.35, 0.6))
    r = int(min(w, h) * uniform(rng, 0.25, 0.38))
    skin = random_colour(rng, sat=(0.2, 0.6), val=(0.45, 0.95), hue=(0.03, 0.1))
    hair = random_colour(rng, sat=(0.2, 0.9), val=(0.1, 0.6))
    ry = int(r * uniform(rng, 1.1, 1.35))
    cv2.ellipse(img, (cx, cy + int(0.9 * ry)), (int(1.4 * r), int(0.6 * ry)), 0, 180, 360, random_colour(rng), -1, AA)
    cv2.ellipse(img, (cx, cy - int(0.15 * ry)), (int(r * 1.08), int(ry * 0.95)), 0, 180, 360, hair, -1, AA)
    cv2.ellipse(img, (cx, cy), (r, ry), 0, 0, 360, skin, -1, AA)
    outline = max(2, r // 40)
    cv2.ellipse(img, (cx, cy), (r, ry), 0, 0, 360, (30, 30, 30), outline, AA)
    ex, ey = int(r * 0.38), int(cy - ry * 0.15)
    er = max(3, int(r * uniform(rng, 0.12, 0.2)))
    iris = random_colour(rng, sat=(0.4, 0.9), val=(0.2, 0.7))
    look = rng.uniform(-0.4, 0.4, 2) * er
    for sx in (-1, 1):
        centre = (cx + sx * ex, ey)
        cv2.circle(img, centre, er, (250, 250, 250), -1, AA)
        cv2.circle(img, centre, er, (30, 30, 30), outline, AA)
        cv2.circle(img, (int(centre[0] + look[0]), int(centre[1] + look[1])), er // 2, iris, -1, AA)
        cv2.circle(img, (int(centre[0] + look[0]), int(centre[1] + look[1])), er // 4, (10, 10, 10), -1, AA)
        by = int(ey - er * uniform(rng, 1.4, 2.0))
        cv2.line(img, (centre[0] - er, by + int(sx * uniform(rng, -4, 4))), (centre[0] + er, by), hair, outline * 2, AA)
    cv2.ellipse(img, (cx, int(cy + ry * 0.1)), (max(2, r // 12), max(2, r // 7)), 0, 0, 180, (60, 60, 90), outline, AA)
    smile = uniform(rng, -0.3, 1.0)
    my = int(cy + ry * 0.45)
    if smile > 0:
        cv2.ellipse(img, (cx, my - int(r * 0.1)), (int(r * 0.45), max(2, int(r * 0.25 * smile))),
                    0, 0, 180, (40, 40, 160), outline * 2, AA)
    else:
        cv2.line(img, (cx - int(r * 0.35), my), (cx + int(r * 0.35), my), (40, 40, 160), outline * 2, AA)
    return img


#: the maker of each kind of distractor
MAKERS = {
    "scene": _make_scene,
    "dots": _make_dots,
    "chess": _make_chess,
    "text": _make_text,
    "tictactoe": _make_tictactoe,
    "dark_ui": _make_dark_ui,
    "tiles2048": _make_tiles2048,
    "sudoku": _make_sudoku,
    "blank": _make_blank,
    "noise": _make_noise,
    "face": _make_face,
}
