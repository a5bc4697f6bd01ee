"""Synthetic phone photos of flat pictures, and pictures of "something else".

Real input pictures are often not clean screenshots but phone photos of a
screen or of a puzzle booklet: taken at an angle, on a desk, under uneven
light, a little blurred and JPEG-compressed.  This module makes such photos
from flat source pictures so the vision code can be tested (and tuned) on
many of them with a known ground truth, and it makes pictures that show no
puzzle at all so rejection ("this is not a board") can be tested too.

:func:`photograph`
    One photo-like picture of a flat source picture plus the 3x3 homography
    from source coordinates to photo coordinates.  The simulation, in the
    order a camera would see it:

    1. *frame* -- the source is shown inside a dark or light phone bezel
       with rounded corners, printed on a page with margins and text lines,
       or left bare (:data:`FRAMES`);
    2. *background* -- the framed picture lies on a desk-like surface: a
       colour gradient, wood grain, speckled desk texture or a flat colour,
       with random shapes (papers, pens, cups ...) and a soft drop shadow;
    3. *geometry* -- rotation in the picture plane (up to +-15 degrees) and a
       viewing angle (perspective: keystone plus jitter moving the corners by
       up to about 8 % of the size), scaled so that the photo's long side is
       1200-3000 px;
    4. *lighting* -- exposure, a smooth multiplicative light gradient,
       vignetting, blotchy low-frequency shading, a white-balance / colour
       cast, contrast loss, and optionally a glare spot (a reflection that
       washes colours out towards white);
    5. *optics and sensor* -- a small Gaussian (defocus) or motion (hand
       shake) blur, signal-dependent sensor noise (read + shot noise, partly
       shared between channels like demosaiced noise) and the phone's own
       sharpening;
    6. *compression* -- a JPEG round trip at quality 60-95.

    ``strength`` in ``[0, 1]`` scales every distortion of steps 3-6; at 0 the
    picture is placed upright (no rotation or perspective), evenly lit,
    sharp, noise-free and saved at JPEG quality 95.  The frame, background
    and size are chosen the same way at any strength.

:func:`distractor` / :func:`distractors` / :func:`iter_distractors`
    Pictures of something else (:data:`DISTRACTOR_KINDS`): photo-like
    scenes, screenshots of other games (dots, chess, 2048, sudoku,
    tic-tac-toe), text pages, dark app screens, blank pictures, pure noise
    and cartoon faces -- some of them "photographed" with :func:`photograph`.

Everything random comes from the ``numpy.random.Generator`` passed in (or a
seed), and the amount of randomness drawn never depends on picture content:
the same seed and the same inputs give byte-identical results, and two
sources of equal size photographed with the same seed get exactly the same
frame, background, geometry, light and noise.

Coordinates follow :mod:`visolve.vision.board`: pixel ``(row i, column j)``
covers ``[j, j+1) x [i, i+1)``, so a ``w x h`` picture spans ``(0, 0)`` to
``(w, h)`` and pixel centres are at ``(j + 0.5, i + 0.5)``.  The homography
returned by :func:`photograph` uses that convention on both sides.
"""

from __future__ import annotations

import colorsys
import math
from collections.abc import Iterator

import cv2
import numpy as np

#: ways the source picture is shown before it is photographed
FRAMES = ("none", "phone_dark", "phone_light", "page")
#: default range of the photo's long side in pixels (inclusive)
LONG_SIDE = (1200, 3000)
#: (width, height) of common phone screenshots
SCREEN_SIZES = (
    (750, 1334),
    (1080, 1920),
    (1080, 2340),
    (1080, 2400),
    (1170, 2532),
    (1242, 2688),
)
#: kinds of "something else" pictures made by :func:`distractor`
DISTRACTOR_KINDS = (
    "scene",
    "dots",
    "chess",
    "text",
    "tictactoe",
    "dark_ui",
    "tiles2048",
    "sudoku",
    "blank",
    "noise",
    "face",
)
#: distractor kinds that are screens or pages, and may come photographed
_FLAT_KINDS = ("dots", "chess", "text", "tictactoe", "dark_ui", "tiles2048", "sudoku", "face")

_AA = cv2.LINE_AA
_FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)


# ---------------------------------------------------------------------------
# public API: photos


def photograph(
    image_bgr: np.ndarray,
    rng: np.random.Generator,
    strength: float = 1.0,
    *,
    frame: str | None = None,
    long_side: int | tuple[int, int] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Simulate a phone photo of a flat picture (a screenshot, a booklet page).

    Returns ``(photo, homography)``: the photo as a BGR ``uint8`` array (after
    a JPEG round trip) and the ``(3, 3)`` float64 homography mapping source
    picture coordinates ``(x, y, 1)`` to photo coordinates (both with pixel
    ``(i, j)`` covering ``[j, j+1) x [i, i+1)``; see the module docstring).

    ``strength`` in ``[0, 1]`` scales all distortions (0: upright, evenly
    lit, sharp, clean).  ``frame`` forces one of :data:`FRAMES` (default:
    chosen at random, phone bezels being likelier for tall pictures and a
    page for wide ones).  ``long_side`` overrides :data:`LONG_SIDE`, either a
    fixed length or an inclusive ``(lo, hi)`` range.
    """
    data, homography = photograph_jpeg(
        image_bgr, rng, strength, frame=frame, long_side=long_side
    )
    photo = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    return photo, homography


def photograph_jpeg(
    image_bgr: np.ndarray,
    rng: np.random.Generator,
    strength: float = 1.0,
    *,
    frame: str | None = None,
    long_side: int | tuple[int, int] | None = None,
) -> tuple[bytes, np.ndarray]:
    """Like :func:`photograph` but return the JPEG file bytes instead of pixels.

    Writing these bytes to a ``.jpg`` file gives a file that decodes to
    exactly the picture :func:`photograph` returns for the same seed (no
    second compression).
    """
    src = _as_bgr(image_bgr)
    s = float(np.clip(strength, 0.0, 1.0))
    lo, hi = _long_side_range(long_side)

    if frame is None:
        tall = max(src.shape[:2]) / min(src.shape[:2]) > 1.5 and src.shape[0] > src.shape[1]
        p = (0.15, 0.5, 0.2, 0.15) if tall else (0.2, 0.15, 0.1, 0.55)
        frame = str(rng.choice(FRAMES, p=p))
    elif frame not in FRAMES:
        raise ValueError(f"unknown frame {frame!r}; expected one of {', '.join(FRAMES)}")

    card, alpha, (ox, oy) = _frame(src, rng, frame)
    ch, cw = card.shape[:2]
    card_to_photo, (out_w, out_h) = _placement(rng, cw, ch, s, lo, hi)

    canvas = _background(rng, out_h, out_w)
    _composite(canvas, card, alpha, card_to_photo, rng)
    _camera(canvas, rng, s)
    quality = int(round(95 - 35 * s * rng.random()))
    photo = np.clip(canvas + 0.5, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:  # pragma: no cover - OpenCV always encodes a uint8 BGR picture
        raise RuntimeError("JPEG encoding failed")

    src_to_card = np.array([[1.0, 0.0, ox], [0.0, 1.0, oy], [0.0, 0.0, 1.0]])
    homography = card_to_photo @ src_to_card
    return buf.tobytes(), homography / homography[2, 2]


def apply_homography(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Map ``(n, 2)`` points ``(x, y)`` through a 3x3 homography; returns ``(n, 2)``."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    hom = np.hstack([pts, np.ones((len(pts), 1))]) @ np.asarray(homography, np.float64).T
    return hom[:, :2] / hom[:, 2:3]


# ---------------------------------------------------------------------------
# public API: distractors


def distractor(
    rng: np.random.Generator,
    kind: str | None = None,
    *,
    photographed: bool | None = None,
) -> np.ndarray:
    """A picture of something that is not a puzzle board (BGR ``uint8``).

    ``kind`` is one of :data:`DISTRACTOR_KINDS` (default: random).  Screens and
    pages (every kind but ``scene``, ``blank`` and ``noise``) are returned as
    flat screenshots, or -- when ``photographed`` is true, or at random about
    a third of the time when it is ``None`` -- as a phone photo of one.
    Sizes are those of phone screenshots (750x1334 to 1242x2688) or photos
    (long side 1200-3000 px).
    """
    return _distractor(rng, kind, photographed)[1]


def iter_distractors(n: int, seed: int = 0) -> Iterator[tuple[str, np.ndarray]]:
    """Yield ``n`` varied distractors as ``(label, picture)``.

    Kinds go round :data:`DISTRACTOR_KINDS` in a shuffled order, so any
    ``n >= len(DISTRACTOR_KINDS)`` covers every kind.  ``label`` is the kind,
    with ``"_photo"`` appended when the picture is a photographed screen.
    Picture ``i`` depends only on ``seed`` and ``i``.
    """
    for i, kind in enumerate(distractor_plan(n, seed)):
        yield _distractor(np.random.default_rng([seed, i]), kind, None)


def distractor_plan(n: int, seed: int = 0) -> list[str]:
    """The kinds :func:`iter_distractors` makes for ``n`` and ``seed``, in order."""
    order = np.random.default_rng([seed, 0x5EED]).permutation(len(DISTRACTOR_KINDS))
    return [DISTRACTOR_KINDS[int(order[i % len(order)])] for i in range(n)]


def distractors(n: int, seed: int = 0) -> list[np.ndarray]:
    """``n`` varied distractor pictures (see :func:`iter_distractors`)."""
    return [img for _, img in iter_distractors(n, seed)]


# ---------------------------------------------------------------------------
# small helpers


def _as_bgr(image: np.ndarray) -> np.ndarray:
    img = np.asarray(image)
    if img.dtype != np.uint8:
        raise ValueError(f"expected a uint8 picture, got {img.dtype}")
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if img.ndim == 3 and img.shape[2] == 4:
        return np.ascontiguousarray(img[:, :, :3])
    if img.ndim != 3 or img.shape[2] != 3:
        raise ValueError(f"expected a (h, w, 3) picture, got shape {img.shape}")
    if min(img.shape[:2]) < 2:
        raise ValueError(f"picture too small: {img.shape[1]}x{img.shape[0]}")
    return np.ascontiguousarray(img)


def _long_side_range(long_side: int | tuple[int, int] | None) -> tuple[int, int]:
    if long_side is None:
        return LONG_SIDE
    if isinstance(long_side, (int, np.integer)):
        return int(long_side), int(long_side)
    lo, hi = (int(v) for v in long_side)
    if not 16 <= lo <= hi:
        raise ValueError(f"bad long_side range {long_side!r}")
    return lo, hi


def _u(rng: np.random.Generator, a: float, b: float) -> float:
    return float(rng.uniform(a, b))


def _colour(
    rng: np.random.Generator,
    sat: tuple[float, float] = (0.2, 0.9),
    val: tuple[float, float] = (0.2, 0.95),
    hue: tuple[float, float] = (0.0, 1.0),
) -> tuple[float, float, float]:
    """A random colour as a BGR tuple in 0..255, drawn in HSV."""
    h = _u(rng, *hue) % 1.0
    r, g, b = colorsys.hsv_to_rgb(h, _u(rng, *sat), _u(rng, *val))
    return (b * 255.0, g * 255.0, r * 255.0)


def _smooth_noise(rng: np.random.Generator, h: int, w: int, cells: float, channels: int = 1) -> np.ndarray:
    """Low-frequency noise of about ``cells`` blobs across the long side.

    A coarse uniform random grid in ``[-1, 1]`` upsampled bicubically, so
    values are smooth (slight overshoot past +-1 is possible).  Returns
    ``(h, w, channels)`` float32.
    """
    gh = max(2, int(round(cells * h / max(h, w)))) + 2
    gw = max(2, int(round(cells * w / max(h, w)))) + 2
    grid = rng.uniform(-1.0, 1.0, (gh, gw, channels)).astype(np.float32)
    out = cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)
    return out.reshape(h, w, channels)


def _homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Exact float64 homography taking 4 points ``src`` to 4 points ``dst``."""
    a = np.zeros((8, 8))
    b = np.zeros(8)
    for k, ((x, y), (u, v)) in enumerate(zip(src, dst)):
        a[2 * k] = (x, y, 1, 0, 0, 0, -u * x, -u * y)
        a[2 * k + 1] = (0, 0, 0, x, y, 1, -v * x, -v * y)
        b[2 * k], b[2 * k + 1] = u, v
    h = np.linalg.solve(a, b)
    return np.append(h, 1.0).reshape(3, 3)


def _to_cv(homography: np.ndarray) -> np.ndarray:
    """Edge-convention homography -> OpenCV's (pixel centres at integers)."""
    t_in = np.array([[1.0, 0, 0.5], [0, 1.0, 0.5], [0, 0, 1.0]])
    t_out = np.array([[1.0, 0, -0.5], [0, 1.0, -0.5], [0, 0, 1.0]])
    return t_out @ homography @ t_in


def _corners(w: float, h: float) -> np.ndarray:
    return np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]])


# ---------------------------------------------------------------------------
# step 1: the frame around the source


def _frame(src: np.ndarray, rng: np.random.Generator, kind: str) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """Put the source in a phone bezel or on a page.

    Returns ``(card, alpha, (ox, oy))``: the framed picture (uint8), its
    coverage (float32, 1 inside, 0 outside the rounded corners, soft at the
    edge) and where the source's top-left corner is in it.
    """
    h, w = src.shape[:2]
    if kind == "none":
        return src, np.ones((h, w), np.float32), (0, 0)

    if kind == "page":
        return _page(src, rng)

    # a phone: bezel margins, rounded outline, glossy bezel, camera dot
    side = int(round(_u(rng, 0.025, 0.07) * w)) + 2
    top = int(round(_u(rng, 0.02, 0.12) * h)) + 2
    bottom = int(round(_u(rng, 0.02, 0.12) * h)) + 2
    cw, ch = w + 2 * side, h + top + bottom
    if kind == "phone_dark":
        base = np.array(_colour(rng, sat=(0.0, 0.3), val=(0.02, 0.16)), np.float32)
    else:
        base = np.array(_colour(rng, sat=(0.0, 0.12), val=(0.75, 0.97)), np.float32)
    shade = 1.0 + 0.12 * _smooth_noise(rng, ch, cw, 3)
    card = np.clip(base[None, None, :] * shade + 3.0, 0, 255).astype(np.uint8)
    cam_r = max(2, int(round(_u(rng, 0.15, 0.3) * top)))
    cam_x = int(round(_u(rng, 0.3, 0.7) * cw))
    if rng.random() < 0.6:
        cam_col = tuple(float(c) for c in np.clip(base * 0.5 + 12.0, 0, 255))
        cv2.circle(card, (cam_x, top // 2), cam_r, cam_col, -1, _AA)
    card[top : top + h, side : side + w] = src

    radius = _u(rng, 0.06, 0.14) * cw
    # keep the whole screen inside the rounded outline
    edge = min(top, bottom)
    while radius > 2 and radius > side and radius > edge and (
        math.hypot(radius - side, radius - edge) > radius - 1.5
    ):
        radius *= 0.9
    alpha = _rounded_alpha(ch, cw, radius)
    return card, alpha, (side, top)


def _rounded_alpha(h: int, w: int, radius: float) -> np.ndarray:
    """Coverage of a ``w x h`` rounded rectangle, antialiased at the corners."""
    alpha = np.ones((h, w), np.float32)
    r = int(math.ceil(radius))
    if r < 1:
        return alpha
    r = min(r, h // 2, w // 2)
    yy, xx = np.mgrid[0:r, 0:r].astype(np.float32) + 0.5
    dist = np.hypot(xx - radius, yy - radius)
    corner = np.clip(radius - dist + 0.5, 0.0, 1.0)
    corner[(xx >= radius) | (yy >= radius)] = 1.0
    alpha[:r, :r] = corner
    alpha[:r, w - r :] = corner[:, ::-1]
    alpha[h - r :, :r] = corner[::-1, :]
    alpha[h - r :, w - r :] = corner[::-1, ::-1]
    return alpha


def _page(src: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """The source printed on a sheet of paper with margins and text lines.

    Printing is modelled as multiplying the paper colour by the picture, so
    white in the picture becomes paper-coloured.
    """
    h, w = src.shape[:2]
    size = max(h, w)
    left = int(round(_u(rng, 0.05, 0.3) * size)) + 2
    right = int(round(_u(rng, 0.05, 0.3) * size)) + 2
    top = int(round(_u(rng, 0.08, 0.45) * size)) + 2
    bottom = int(round(_u(rng, 0.08, 0.45) * size)) + 2
    cw, ch = w + left + right, h + top + bottom
    paper = np.array(_colour(rng, sat=(0.0, 0.1), val=(0.86, 0.99), hue=(0.05, 0.17)), np.float32)
    tex = 1.0 + 0.025 * _smooth_noise(rng, ch, cw, 8) + 0.012 * rng.standard_normal((ch, cw, 1), dtype=np.float32)
    page = paper[None, None, :] * tex
    ink = _u(rng, 20, 70)
    # text-like lines above and below the picture
    line_h = max(3.0, _u(rng, 0.012, 0.03) * size)
    for y0, y1 in ((0, top), (top + h, ch)):
        y = y0 + _u(rng, 0.8, 2.0) * line_h
        while y + line_h < y1 - line_h:
            x = float(left)
            end = cw - right - _u(rng, 0.0, 0.3) * (cw - left - right)
            while x < end:
                word = _u(rng, 1.5, 6.0) * line_h
                x1 = min(end, x + word)
                cv2.rectangle(
                    page,
                    (int(x), int(y + 0.2 * line_h)),
                    (int(x1), int(y + 0.75 * line_h)),
                    (ink, ink, ink),
                    -1,
                )
                x = x1 + _u(rng, 0.4, 0.8) * line_h
            y += _u(rng, 1.5, 2.0) * line_h
    region = page[top : top + h, left : left + w]
    page[top : top + h, left : left + w] = region * (src.astype(np.float32) / 255.0)
    card = np.clip(page, 0, 255).astype(np.uint8)
    return card, np.ones((ch, cw), np.float32), (left, top)


# ---------------------------------------------------------------------------
# step 2: what the picture lies on


def _background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A cluttered desk-like background, float32 BGR in 0..255.

    One of: a two-colour gradient (linear or radial), wood grain (rings
    warped by smooth noise, streaks along the grain, optional plank seams),
    a speckled desk / fabric texture, or a flat colour; then 0-14 random
    shapes (rectangles, discs, ellipses, thick lines, polygons, outlines)
    standing for objects on the desk, an optional out-of-focus blur and a
    fine surface grain.
    """
    style = str(rng.choice(["gradient", "wood", "desk", "flat"], p=[0.35, 0.25, 0.25, 0.15]))
    big = float(max(h, w))
    # the base surface is smooth: make it at most 1000 px across, then enlarge
    f = min(1.0, 1000.0 / big)
    bh, bw = max(2, int(round(h * f))), max(2, int(round(w * f)))
    yy, xx = np.mgrid[0:bh, 0:bw].astype(np.float32)
    if style == "gradient":
        c1 = np.array(_colour(rng), np.float32)
        c2 = np.array(_colour(rng), np.float32)
        if rng.random() < 0.6:
            ang = _u(rng, 0, 2 * math.pi)
            t = xx * math.cos(ang) + yy * math.sin(ang)
            t = (t - t.min()) / max(1e-6, float(t.max() - t.min()))
        else:
            cx, cy = _u(rng, 0, bw), _u(rng, 0, bh)
            t = np.clip(np.hypot(xx - cx, yy - cy) / (max(bh, bw) * _u(rng, 0.5, 1.2)), 0, 1)
        t = t[..., None]
        base = c1 * (1 - t) + c2 * t + 12.0 * _smooth_noise(rng, bh, bw, 4)
        grain = _u(rng, 0.5, 3.0)
    elif style == "wood":
        light = np.array(_colour(rng, sat=(0.3, 0.6), val=(0.5, 0.9), hue=(0.05, 0.11)), np.float32)
        dark = light * _u(rng, 0.45, 0.75)
        ang = _u(rng, 0, math.pi)
        across = xx * math.cos(ang) + yy * math.sin(ang)
        period = _u(rng, 0.02, 0.07) * max(bh, bw)
        warp = _smooth_noise(rng, bh, bw, _u(rng, 1.5, 3.5))[..., 0] * period * _u(rng, 0.5, 2.0)
        rings = 0.5 + 0.5 * np.sin((across + warp) * (2 * math.pi / period))
        rings = rings ** _u(rng, 1.5, 4.0)
        idx = (across - across.min()).astype(np.int32)
        streak = rng.standard_normal(int(idx.max()) + 1).astype(np.float32)
        streak = cv2.GaussianBlur(streak.reshape(1, -1), (0, 0), _u(rng, 0.8, 2.5)).ravel()
        streak = streak / (float(np.abs(streak).max()) + 1e-6)
        t = np.clip(0.65 * rings + 0.25 * (streak[idx] * 0.5 + 0.5), 0, 1)[..., None]
        base = light * (1 - t) + dark * t
        plank = _u(rng, 0.12, 0.4) * max(bh, bw)
        if rng.random() < 0.5:  # plank seams
            seam = np.mod(across - across.min(), plank) < 1.5
            base[seam] *= 0.55
        grain = _u(rng, 1.0, 4.0)
    elif style == "desk":  # speckled laminate / fabric
        colour = np.array(_colour(rng, sat=(0.0, 0.5), val=(0.15, 0.9)), np.float32)
        base = colour * (1 + 0.12 * _smooth_noise(rng, bh, bw, 6))
        grain = _u(rng, 4.0, 14.0)
    else:
        colour = np.array(_colour(rng), np.float32)
        base = colour * (1 + 0.05 * _smooth_noise(rng, bh, bw, 3))
        grain = _u(rng, 0.5, 3.0)
    del xx, yy
    base = np.clip(base, 0, 255).astype(np.uint8)
    img = cv2.resize(base, (w, h), interpolation=cv2.INTER_LINEAR) if f < 1 else base

    for _ in range(int(rng.integers(0, 15))):
        _random_shape(img, rng)

    blur = _u(rng, 0, 3.0) * big / 2000
    if blur > 0.6:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    # fine surface grain, a little coarser than a pixel
    fine = rng.standard_normal((max(2, h // 2), max(2, w // 2)), dtype=np.float32)
    fine = cv2.resize(fine, (w, h), interpolation=cv2.INTER_LINEAR)
    out = img.astype(np.float32)
    out += (grain * fine)[..., None]
    return out


def _random_shape(img: np.ndarray, rng: np.random.Generator) -> None:
    """Draw one random object-like shape on ``img`` (uint8, in place)."""
    h, w = img.shape[:2]
    big = max(h, w)
    kind = str(rng.choice(["rect", "disc", "ellipse", "line", "poly"]))
    col = _colour(rng)
    filled = rng.random() < 0.75
    thick = -1 if filled else max(1, int(_u(rng, 0.002, 0.015) * big))
    cx, cy = _u(rng, -0.1, 1.1) * w, _u(rng, -0.1, 1.1) * h
    size = _u(rng, 0.03, 0.45) * big
    if kind == "rect":
        box = ((cx, cy), (size, size * _u(rng, 0.1, 1.5)), _u(rng, 0, 180))
        pts = np.round(cv2.boxPoints(box)).astype(np.int32)
        if filled:
            cv2.fillPoly(img, [pts], col, _AA)
        else:
            cv2.polylines(img, [pts], True, col, thick, _AA)
    elif kind == "disc":
        cv2.circle(img, (int(cx), int(cy)), int(size / 2), col, thick, _AA)
    elif kind == "ellipse":
        axes = (int(size / 2), int(size / 2 * _u(rng, 0.2, 1.0)))
        cv2.ellipse(img, (int(cx), int(cy)), axes, _u(rng, 0, 180), 0, 360, col, thick, _AA)
    elif kind == "line":
        ang = _u(rng, 0, math.pi)
        dx, dy = math.cos(ang) * size, math.sin(ang) * size
        lw = max(1, int(_u(rng, 0.002, 0.012) * big))
        cv2.line(img, (int(cx - dx), int(cy - dy)), (int(cx + dx), int(cy + dy)), col, lw, _AA)
    else:
        n = int(rng.integers(3, 7))
        angs = np.sort(rng.uniform(0, 2 * math.pi, n))
        rad = rng.uniform(0.3, 1.0, n) * size / 2
        pts = np.stack([cx + rad * np.cos(angs), cy + rad * np.sin(angs)], 1).astype(np.int32)
        if filled:
            cv2.fillPoly(img, [pts], col, _AA)
        else:
            cv2.polylines(img, [pts], True, col, thick, _AA)


# ---------------------------------------------------------------------------
# step 3: geometry


def _placement(
    rng: np.random.Generator, cw: int, ch: int, s: float, lo: int, hi: int
) -> tuple[np.ndarray, tuple[int, int]]:
    """Choose the photo size and where the card lands in it.

    The card's corners are normalised (long side 1), moved to imitate a
    viewing angle -- a keystone (near edge longer than far edge, vertical
    and horizontal tilt) plus independent jitter, the largest corner move
    being up to 8 % of the card's long side -- and rotated by up to 15
    degrees; both scale with ``s``.  The photo gets a long side in
    ``[lo, hi]`` and a camera aspect (4:3, 16:9, 3:2, 1:1) in the card's
    orientation (sometimes the other one), and the card fills 55-92 % of it
    at a random position.  Returns the card->photo homography (edge
    convention) and ``(width, height)``.
    """
    corners = _corners(cw, ch)
    p = (corners - [cw / 2, ch / 2]) / max(cw, ch)
    signs = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64)
    tilt = rng.uniform(-1, 1, 2)
    jitter = rng.uniform(-0.35, 0.35, (4, 2))
    moves = (signs[:, 0] * signs[:, 1])[:, None] * tilt[None, :] + jitter
    amount = _u(rng, 0.25, 1.0) * 0.08 * s
    p = p + moves * (amount / np.linalg.norm(moves, axis=1).max())
    theta = math.radians(_u(rng, -15, 15) * s)
    rot = np.array([[math.cos(theta), -math.sin(theta)], [math.sin(theta), math.cos(theta)]])
    p = p @ rot.T

    bw, bh = np.ptp(p[:, 0]), np.ptp(p[:, 1])
    long_side = int(rng.integers(lo, hi + 1))
    aspect = float(rng.choice([4 / 3, 16 / 9, 3 / 2, 1.0], p=[0.45, 0.3, 0.15, 0.1]))
    portrait = bool(bh >= bw) != bool(rng.random() < 0.1)
    short = max(16, int(round(long_side / aspect)))
    out_w, out_h = (short, long_side) if portrait else (long_side, short)
    fill = _u(rng, 0.55, 0.92)
    k = fill * min(out_w / bw, out_h / bh)
    off = np.array([_u(rng, 0, out_w - k * bw), _u(rng, 0, out_h - k * bh)])
    quad = (p - p.min(axis=0)) * k + off
    return _homography(corners, quad), (out_w, out_h)


def _composite(
    canvas: np.ndarray, card: np.ndarray, alpha: np.ndarray, homography: np.ndarray, rng: np.random.Generator
) -> None:
    """Warp the card into the photo over the background (in place).

    A card shrunk a lot is first reduced with area averaging (what a camera
    sensor does; plain warping would alias fine lines), a card enlarged is
    warped with bicubic interpolation.  The card's outline is antialiased
    through its warped coverage, and a soft drop shadow darkens the
    background around it.
    """
    out_h, out_w = canvas.shape[:2]
    ch, cw = card.shape[:2]
    quad = apply_homography(homography, _corners(cw, ch))
    edges = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    scale = float(max(edges[0] / cw, edges[2] / cw, edges[1] / ch, edges[3] / ch))
    h_card = homography
    if scale < 0.75:
        f = min(1.0, 1.3 * scale)
        nw, nh = max(2, int(round(cw * f))), max(2, int(round(ch * f)))
        card = cv2.resize(card, (nw, nh), interpolation=cv2.INTER_AREA)
        alpha = cv2.resize(alpha, (nw, nh), interpolation=cv2.INTER_AREA)
        h_card = homography @ np.diag([cw / nw, ch / nh, 1.0])
    h_cv = _to_cv(h_card)
    interp = cv2.INTER_CUBIC if scale > 1.2 else cv2.INTER_LINEAR
    warped = cv2.warpPerspective(card, h_cv, (out_w, out_h), flags=interp, borderMode=cv2.BORDER_REPLICATE)
    cover = cv2.warpPerspective(
        alpha, h_cv, (out_w, out_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0
    )
    big = max(out_w, out_h)
    sigma = _u(rng, 0.004, 0.02) * big
    shift = rng.uniform(-0.008, 0.008, 2) * big
    opacity = _u(rng, 0.15, 0.5)
    # the shadow is smooth: blur a quarter-size copy, then enlarge it
    q = 4
    sw, sh = max(2, out_w // q), max(2, out_h // q)
    small = cv2.resize(cover, (sw, sh), interpolation=cv2.INTER_AREA)
    move = np.array([[1, 0, shift[0] / q], [0, 1, shift[1] / q]], np.float32)
    small = cv2.GaussianBlur(cv2.warpAffine(small, move, (sw, sh)), (0, 0), max(0.5, sigma / q))
    shadow = cv2.resize(small, (out_w, out_h), interpolation=cv2.INTER_LINEAR)
    canvas *= (1.0 - opacity * shadow)[..., None]
    cover = cover[..., None]
    canvas *= 1.0 - cover
    canvas += warped.astype(np.float32) * cover


# ---------------------------------------------------------------------------
# steps 4-5: light, optics, sensor


def _camera(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Lighting, glare, blur, sensor noise and sharpening (float32, in place)."""
    _lighting(img, rng, s)
    _glare(img, rng, s)
    _blur(img, rng, s)
    _noise(img, rng, s)
    _sharpen(img, rng, s)


def _lighting(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Uneven light and colour as a multiplicative gain field.

    Models exposure error (global gain), a light source on one side (linear
    gradient up to +-30 %), lens vignetting (corners up to 35 % darker),
    soft shading blotches (up to +-12 %), white balance / colour cast
    (per-channel gains plus a warm-cool shift) and the contrast loss of
    stray light.  All amplitudes scale with ``s``.
    """
    h, w = img.shape[:2]
    gh, gw = (64, max(2, int(64 * w / h))) if h >= w else (max(2, int(64 * h / w)), 64)
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    xx = (xx + 0.5) / gw * 2 - 1
    yy = (yy + 0.5) / gh * 2 - 1
    exposure = math.exp(_u(rng, -0.25, 0.2) * s)
    ang = _u(rng, 0, 2 * math.pi)
    grad = _u(rng, 0, 0.3) * s * (xx * math.cos(ang) + yy * math.sin(ang))
    cx, cy = rng.uniform(-0.3, 0.3, 2)
    vign = _u(rng, 0, 0.35) * s * np.clip(((xx - cx) ** 2 + (yy - cy) ** 2) / 2, 0, 1)
    blotch = _u(rng, 0, 0.12) * s * _smooth_noise(rng, gh, gw, 3)[..., 0]
    gain = exposure * (1 + grad) * (1 - vign) * (1 + blotch)
    gain = cv2.resize(gain.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    temp = _u(rng, -0.08, 0.08) * s
    wb = np.exp(rng.normal(0, 0.04, 3) * s) * np.array([1 - temp, 1.0, 1 + temp])
    contrast = 1 - _u(rng, 0, 0.15) * s
    veil = (1 - contrast) * _u(rng, 60, 160)
    img *= gain[..., None]
    img *= (wb * contrast).astype(np.float32)
    img += np.float32(veil)


def _glare(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Optional glare: a soft elliptical reflection washing colours to white."""
    h, w = img.shape[:2]
    present = rng.random() < 0.5
    cx, cy = _u(rng, 0.15, 0.85) * w, _u(rng, 0.15, 0.85) * h
    big = max(h, w)
    sx, sy = _u(rng, 0.03, 0.2) * big, _u(rng, 0.03, 0.2) * big
    ang = _u(rng, 0, math.pi)
    amp = _u(rng, 0.25, 0.85) * s
    tint = np.array(_colour(rng, sat=(0.0, 0.15), val=(0.95, 1.0)), np.float32)
    if not present or amp < 0.02:
        return
    f = 8  # compute on a reduced grid; the spot is smooth
    gh, gw = max(2, h // f), max(2, w // f)
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    xx = (xx + 0.5) * (w / gw) - cx
    yy = (yy + 0.5) * (h / gh) - cy
    u = xx * math.cos(ang) + yy * math.sin(ang)
    v = -xx * math.sin(ang) + yy * math.cos(ang)
    spot = np.exp(-0.5 * ((u / sx) ** 2 + (v / sy) ** 2)) * amp
    spot = cv2.resize(spot.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)[..., None]
    img += (tint - img) * spot


def _blur(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Small defocus (Gaussian, sigma up to 1.6 px) or hand-shake (motion, up to 7 px) blur."""
    motion = rng.random() < 0.35
    sigma = _u(rng, 0.3, 1.6) * s
    length = _u(rng, 1.0, 7.0) * s
    ang = _u(rng, 0, math.pi)
    if motion and length >= 1.5:
        size = int(math.ceil(length)) | 1
        size += 2
        kernel = np.zeros((size * 8, size * 8), np.uint8)
        c = size * 4
        dx, dy = math.cos(ang) * length * 4, math.sin(ang) * length * 4
        cv2.line(kernel, (int(c - dx), int(c - dy)), (int(c + dx), int(c + dy)), 255, 8, _AA)
        kernel = cv2.resize(kernel.astype(np.float32), (size, size), interpolation=cv2.INTER_AREA)
        kernel /= kernel.sum()
        cv2.filter2D(img, -1, kernel, dst=img, borderType=cv2.BORDER_REFLECT)
    elif not motion and sigma >= 0.25:
        cv2.GaussianBlur(img, (0, 0), sigma, dst=img)


def _noise(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """Sensor noise: read noise (up to 3.5 grey levels) plus shot noise growing with brightness.

    Part of it is shared between the three channels, like the luminance
    noise left after demosaicing.
    """
    h, w = img.shape[:2]
    read = _u(rng, 0.5, 3.5) * s
    shot = _u(rng, 0.05, 0.35) * s
    if s <= 0:
        return
    # luminance noise per pixel, chroma noise a little coarser (as after demosaicing)
    noise = rng.standard_normal((h, w, 1), dtype=np.float32) * 0.8
    chroma = rng.standard_normal((max(2, h // 2), max(2, w // 2), 3), dtype=np.float32)
    noise = noise + 0.75 * cv2.resize(chroma, (w, h), interpolation=cv2.INTER_LINEAR)
    sigma = np.clip(img, 0, None)
    sigma *= shot * shot
    sigma += read * read
    np.sqrt(sigma, out=sigma)
    noise *= sigma
    img += noise


def _sharpen(img: np.ndarray, rng: np.random.Generator, s: float) -> None:
    """The phone's own sharpening: a mild unsharp mask (amount up to 0.6)."""
    amount = _u(rng, 0, 0.6) * s
    radius = _u(rng, 0.8, 2.0)
    if amount < 0.05:
        return
    soft = cv2.GaussianBlur(img, (0, 0), radius)
    img *= 1 + amount
    img -= amount * soft


# ---------------------------------------------------------------------------
# distractors


def _distractor(rng: np.random.Generator, kind: str | None, photographed: bool | None) -> tuple[str, np.ndarray]:
    if kind is None:
        kind = str(rng.choice(DISTRACTOR_KINDS))
    if kind not in DISTRACTOR_KINDS:
        raise ValueError(f"unknown distractor kind {kind!r}; expected one of {', '.join(DISTRACTOR_KINDS)}")
    photo_draw = rng.random() < 0.35
    if photographed is None:
        photographed = photo_draw
    img = _MAKERS[kind](rng)
    if kind in _FLAT_KINDS and photographed:
        img, _ = photograph(img, rng, _u(rng, 0.3, 1.0))
        return kind + "_photo", img
    return kind, img


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
        limit = x1 - _u(rng, 0, 0.35) * (x1 - x0)
        while True:
            word = _word(rng)
            (tw, _), _ = cv2.getTextSize(word + " ", font, scale, thick)
            if x + tw > limit:
                break
            words.append(word)
            x += tw
        if words:
            cv2.putText(img, " ".join(words), (x0, y), font, scale, colour, thick, _AA)
        y += int(th * _u(rng, 1.7, 2.2))
        if rng.random() < 0.12:
            y += th * 2  # paragraph break


def _title(img: np.ndarray, rng: np.random.Generator, x: int, y: int, scale: float, colour) -> None:
    font = _FONTS[int(rng.integers(len(_FONTS)))]
    text = _word(rng, 3, 8).capitalize() + (" " + str(int(rng.integers(1, 999))) if rng.random() < 0.5 else "")
    cv2.putText(img, text, (x, y), font, scale, colour, max(1, int(scale * 2)), _AA)


def _make_scene(rng: np.random.Generator) -> np.ndarray:
    """A photo of a desk with objects: background + shapes, then the camera steps."""
    w, h = _photo_size(rng)
    img = _background(rng, h, w)
    tmp = np.clip(img, 0, 255).astype(np.uint8)
    for _ in range(int(rng.integers(3, 12))):
        _random_shape(tmp, rng)
    img = tmp.astype(np.float32)
    s = _u(rng, 0.3, 1.0)
    _camera(img, rng, s)
    return _jpeg(np.clip(img + 0.5, 0, 255).astype(np.uint8), int(round(95 - 35 * s * rng.random())))


def _make_dots(rng: np.random.Generator) -> np.ndarray:
    """A match-three / dots game: a grid of coloured discs under a score bar."""
    w, h = _screen_size(rng)
    dark = rng.random() < 0.5
    bg = _colour(rng, sat=(0, 0.3), val=(0.05, 0.2) if dark else (0.85, 1.0))
    img = _canvas(w, h, bg)
    fg = (235, 235, 235) if dark else (40, 40, 40)
    _title(img, rng, int(0.06 * w), int(0.08 * h), w / 600, fg)
    cols, rows = int(rng.integers(5, 10)), int(rng.integers(5, 11))
    cell = min(0.92 * w / cols, 0.7 * h / rows)
    x0 = (w - cell * cols) / 2
    y0 = _u(rng, 0.15, 0.3) * h
    palette = [_colour(rng, sat=(0.6, 1), val=(0.7, 1)) for _ in range(int(rng.integers(4, 7)))]
    for r in range(rows):
        for c in range(cols):
            col = palette[int(rng.integers(len(palette)))]
            centre = (int(x0 + (c + 0.5) * cell), int(y0 + (r + 0.5) * cell))
            cv2.circle(img, centre, int(cell * 0.36), col, -1, _AA)
    return img


def _make_chess(rng: np.random.Generator) -> np.ndarray:
    """A chess or draughts app: an 8x8 / 10x10 chequered board with round pieces."""
    w, h = _screen_size(rng)
    img = _canvas(w, h, _colour(rng, sat=(0, 0.3), val=(0.1, 0.9)))
    n = 8 if rng.random() < 0.7 else 10
    light = _colour(rng, sat=(0.1, 0.4), val=(0.8, 0.95))
    darkc = _colour(rng, sat=(0.3, 0.7), val=(0.35, 0.6))
    side = int(w * _u(rng, 0.9, 1.0))
    cell = side / n
    x0 = (w - side) / 2
    y0 = _u(rng, 0.2, 0.35) * h
    for r in range(n):
        for c in range(n):
            col = light if (r + c) % 2 == 0 else darkc
            p0 = (int(x0 + c * cell), int(y0 + r * cell))
            p1 = (int(x0 + (c + 1) * cell), int(y0 + (r + 1) * cell))
            cv2.rectangle(img, p0, p1, col, -1)
            if rng.random() < 0.35:
                piece = (245, 245, 240) if rng.random() < 0.5 else (25, 25, 30)
                centre = (int(x0 + (c + 0.5) * cell), int(y0 + (r + 0.5) * cell))
                cv2.circle(img, centre, int(cell * 0.36), piece, -1, _AA)
                cv2.circle(img, centre, int(cell * 0.36), (90, 90, 90), max(1, int(cell / 30)), _AA)
                if rng.random() < 0.5:
                    cv2.circle(img, centre, int(cell * 0.18), (128, 128, 128), max(1, int(cell / 25)), _AA)
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
    bg = (30, 30, 30) if dark else _colour(rng, sat=(0, 0.08), val=(0.92, 1.0), hue=(0.08, 0.16))
    fg = (215, 215, 215) if dark else (25, 25, 25)
    img = _canvas(w, h, bg)
    margin = int(_u(rng, 0.04, 0.1) * w)
    _title(img, rng, margin, int(0.08 * h), w / 500, fg)
    font = _FONTS[int(rng.integers(len(_FONTS)))]
    _text_block(img, rng, (margin, int(0.12 * h), w - margin, h - margin), fg, w / _u(rng, 1000, 1500), font)
    return img


def _make_tictactoe(rng: np.random.Generator) -> np.ndarray:
    """A 3x3 tic-tac-toe grid on a light background, some X and O played."""
    w, h = _screen_size(rng) if rng.random() < 0.7 else _photo_size(rng)
    img = _canvas(w, h, _colour(rng, sat=(0, 0.1), val=(0.9, 1.0)))
    ink = _colour(rng, sat=(0, 0.8), val=(0.05, 0.4))
    side = min(w, h) * _u(rng, 0.6, 0.9)
    x0, y0 = (w - side) / 2, _u(rng, 0.2, 0.8) * (h - side)
    t = max(2, int(side / _u(rng, 40, 90)))
    for k in (1, 2):
        x = int(x0 + k * side / 3)
        y = int(y0 + k * side / 3)
        cv2.line(img, (x, int(y0)), (x, int(y0 + side)), ink, t, _AA)
        cv2.line(img, (int(x0), y), (int(x0 + side), y), ink, t, _AA)
    cell = side / 3
    for r in range(3):
        for c in range(3):
            mark = int(rng.integers(0, 3))
            cx, cy = int(x0 + (c + 0.5) * cell), int(y0 + (r + 0.5) * cell)
            d = int(cell * 0.3)
            if mark == 1:
                col = (40, 40, 220)
                cv2.line(img, (cx - d, cy - d), (cx + d, cy + d), col, t, _AA)
                cv2.line(img, (cx - d, cy + d), (cx + d, cy - d), col, t, _AA)
            elif mark == 2:
                cv2.circle(img, (cx, cy), d, (200, 90, 30), t, _AA)
    return img


def _make_dark_ui(rng: np.random.Generator) -> np.ndarray:
    """A dark app screen with bright rounded panels of the wrong shape or count.

    Layouts: a list of wide cards, an icon grid (4-5 columns of small
    squares) or two or three big panels.
    """
    w, h = _screen_size(rng)
    img = _canvas(w, h, _colour(rng, sat=(0, 0.4), val=(0.03, 0.15)))
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
        col = _colour(rng, sat=(0, 0.8), val=(0.6, 1.0))
        rad = int(min(x1 - x0, y1 - y0) * _u(rng, 0.05, 0.25))
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
            cv2.circle(img, (cx, cy), radius, colour, -1, _AA)


def _make_tiles2048(rng: np.random.Generator) -> np.ndarray:
    """A 2048-like game: a 4x4 or 5x5 board of rounded tiles, some numbered."""
    w, h = _screen_size(rng)
    img = _canvas(w, h, _colour(rng, sat=(0.05, 0.2), val=(0.85, 0.98), hue=(0.08, 0.15)))
    n = int(rng.choice([4, 5, 6]))
    side = int(0.92 * w)
    x0, y0 = (w - side) // 2, int(_u(rng, 0.25, 0.4) * h)
    _rounded_rect(img, (x0, y0, x0 + side, y0 + side), side // 40, _colour(rng, sat=(0.1, 0.25), val=(0.5, 0.65), hue=(0.08, 0.12)))
    gap = side * 0.03
    cell = (side - gap * (n + 1)) / n
    for r in range(n):
        for c in range(n):
            tx = int(x0 + gap + c * (cell + gap))
            ty = int(y0 + gap + r * (cell + gap))
            val = int(2 ** rng.integers(1, 12)) if rng.random() < 0.5 else 0
            col = _colour(rng, sat=(0.3, 0.9), val=(0.8, 1.0), hue=(0.0, 0.15)) if val else (180, 192, 205)
            _rounded_rect(img, (tx, ty, int(tx + cell), int(ty + cell)), int(cell / 12), col)
            if val:
                text = str(val)
                scale = cell / 60 / max(1, len(text)) * 1.4
                (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, max(1, int(scale * 2)))
                org = (int(tx + (cell - tw) / 2), int(ty + (cell + th) / 2))
                cv2.putText(img, text, org, cv2.FONT_HERSHEY_DUPLEX, scale, (60, 70, 90), max(1, int(scale * 2)), _AA)
    _title(img, rng, int(0.05 * w), int(0.1 * h), w / 450, (60, 70, 90))
    return img


def _make_sudoku(rng: np.random.Generator) -> np.ndarray:
    """A sudoku: a 9x9 grid (bold 3x3 boxes) with some digits."""
    w, h = _screen_size(rng) if rng.random() < 0.6 else _photo_size(rng)
    img = _canvas(w, h, _colour(rng, sat=(0, 0.08), val=(0.9, 1.0)))
    side = min(w, h) * _u(rng, 0.85, 0.95)
    x0, y0 = (w - side) / 2, _u(rng, 0.15, 0.85) * (h - side)
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
                cv2.putText(img, d, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (30, 30, 30), max(1, int(scale * 2)), _AA)
    return img


def _make_blank(rng: np.random.Generator) -> np.ndarray:
    """A nearly uniform picture: a lens cap, a wall, a blank screen."""
    w, h = _screen_size(rng) if rng.random() < 0.5 else _photo_size(rng)
    base = np.array(_colour(rng, sat=(0, 0.6), val=(0.0, 1.0)), np.float32)
    img = base * (1 + _u(rng, 0, 0.06) * _smooth_noise(rng, h, w, 2))
    img += _u(rng, 0, 2.5) * rng.standard_normal((h, w, 1), dtype=np.float32)
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)


def _make_noise(rng: np.random.Generator) -> np.ndarray:
    """Pure noise: uniform colour, Gaussian grey, blocky, or salt and pepper."""
    w, h = _screen_size(rng) if rng.random() < 0.5 else _photo_size(rng)
    mode = int(rng.integers(0, 4))
    if mode == 0:
        return rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    if mode == 1:
        g = np.clip(rng.normal(_u(rng, 60, 190), _u(rng, 20, 70), (h, w, 1)), 0, 255).astype(np.uint8)
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
    img = _canvas(w, h, _colour(rng, sat=(0.1, 0.7), val=(0.4, 1.0)))
    cx, cy = int(w * _u(rng, 0.35, 0.65)), int(h * _u(rng, 0.35, 0.6))
    r = int(min(w, h) * _u(rng, 0.25, 0.38))
    skin = _colour(rng, sat=(0.2, 0.6), val=(0.45, 0.95), hue=(0.03, 0.1))
    hair = _colour(rng, sat=(0.2, 0.9), val=(0.1, 0.6))
    ry = int(r * _u(rng, 1.1, 1.35))
    cv2.ellipse(img, (cx, cy + int(0.9 * ry)), (int(1.4 * r), int(0.6 * ry)), 0, 180, 360, _colour(rng), -1, _AA)
    cv2.ellipse(img, (cx, cy - int(0.15 * ry)), (int(r * 1.08), int(ry * 0.95)), 0, 180, 360, hair, -1, _AA)
    cv2.ellipse(img, (cx, cy), (r, ry), 0, 0, 360, skin, -1, _AA)
    outline = max(2, r // 40)
    cv2.ellipse(img, (cx, cy), (r, ry), 0, 0, 360, (30, 30, 30), outline, _AA)
    ex, ey = int(r * 0.38), int(cy - ry * 0.15)
    er = max(3, int(r * _u(rng, 0.12, 0.2)))
    iris = _colour(rng, sat=(0.4, 0.9), val=(0.2, 0.7))
    look = rng.uniform(-0.4, 0.4, 2) * er
    for sx in (-1, 1):
        centre = (cx + sx * ex, ey)
        cv2.circle(img, centre, er, (250, 250, 250), -1, _AA)
        cv2.circle(img, centre, er, (30, 30, 30), outline, _AA)
        cv2.circle(img, (int(centre[0] + look[0]), int(centre[1] + look[1])), er // 2, iris, -1, _AA)
        cv2.circle(img, (int(centre[0] + look[0]), int(centre[1] + look[1])), er // 4, (10, 10, 10), -1, _AA)
        by = int(ey - er * _u(rng, 1.4, 2.0))
        cv2.line(img, (centre[0] - er, by + int(sx * _u(rng, -4, 4))), (centre[0] + er, by), hair, outline * 2, _AA)
    cv2.ellipse(img, (cx, int(cy + ry * 0.1)), (max(2, r // 12), max(2, r // 7)), 0, 0, 180, (60, 60, 90), outline, _AA)
    smile = _u(rng, -0.3, 1.0)
    my = int(cy + ry * 0.45)
    if smile > 0:
        cv2.ellipse(img, (cx, my - int(r * 0.1)), (int(r * 0.45), max(2, int(r * 0.25 * smile))),
                    0, 0, 180, (40, 40, 160), outline * 2, _AA)
    else:
        cv2.line(img, (cx - int(r * 0.35), my), (cx + int(r * 0.35), my), (40, 40, 160), outline * 2, _AA)
    return img


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:  # pragma: no cover
        raise RuntimeError("JPEG encoding failed")
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


_MAKERS = {
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
assert set(_MAKERS) == set(DISTRACTOR_KINDS)
