"""Synthetic phone photos of flat pictures, with the exact homography.

Real input pictures are often not clean screenshots but phone photos of a
screen or of a puzzle booklet: taken at an angle, on a desk, under uneven
light, a little blurred and JPEG-compressed.  :func:`photograph` makes such
photos from flat source pictures so the vision code can be tested (and
tuned) on many of them with a known ground truth.  The simulation, in the
order a camera would see it:

1. *frame* -- the source is shown inside a dark or light phone bezel with
   rounded corners, printed on a page with margins and text lines, or left
   bare (:data:`FRAMES`);
2. *background* -- the framed picture lies on a desk-like surface
   (:mod:`visolve.testing.desk`) with a soft drop shadow;
3. *geometry* -- rotation in the picture plane (up to +-15 degrees) and a
   viewing angle (perspective: keystone plus jitter moving the corners by up
   to about 8 % of the size), scaled so that the photo's long side is
   1200-3000 px;
4. *lighting* -- exposure, a smooth light gradient, vignetting, blotchy
   shading, a colour cast, contrast loss, and optionally a glare spot;
5. *optics and sensor* -- defocus or motion blur, sensor noise and the
   phone's own sharpening (steps 4-5: :mod:`visolve.testing.camera`);
6. *compression* -- a JPEG round trip at quality 60-95.

``strength`` in ``[0, 1]`` scales every distortion of steps 3-6; at 0 the
picture is placed upright (no rotation or perspective), evenly lit, sharp,
noise-free and saved at JPEG quality 95.  The frame, background and size
are chosen the same way at any strength.

Everything random comes from the ``numpy.random.Generator`` passed in, and
the amount of randomness drawn never depends on picture content: the same
seed and the same inputs give byte-identical results, and two sources of
equal size photographed with the same seed get exactly the same frame,
background, geometry, light and noise.

Coordinates follow :mod:`visolve.vision.geometry`: pixel ``(row i, column
j)`` covers ``[j, j+1) x [i, i+1)``; the homography returned by
:func:`photograph` uses that convention on both sides.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from visolve.testing._draw import AA, random_colour, smooth_noise, uniform
from visolve.testing.camera import camera
from visolve.testing.desk import background
from visolve.vision.geometry import map_points

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

    canvas = background(rng, out_h, out_w)
    _composite(canvas, card, alpha, card_to_photo, rng)
    camera(canvas, rng, s)
    quality = int(round(95 - 35 * s * rng.random()))
    photo = np.clip(canvas + 0.5, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:  # pragma: no cover - OpenCV always encodes a uint8 BGR picture
        raise RuntimeError("JPEG encoding failed")

    src_to_card = np.array([[1.0, 0.0, ox], [0.0, 1.0, oy], [0.0, 0.0, 1.0]])
    homography = card_to_photo @ src_to_card
    return buf.tobytes(), homography / homography[2, 2]


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
    side = int(round(uniform(rng, 0.025, 0.07) * w)) + 2
    top = int(round(uniform(rng, 0.02, 0.12) * h)) + 2
    bottom = int(round(uniform(rng, 0.02, 0.12) * h)) + 2
    cw, ch = w + 2 * side, h + top + bottom
    if kind == "phone_dark":
        base = np.array(random_colour(rng, sat=(0.0, 0.3), val=(0.02, 0.16)), np.float32)
    else:
        base = np.array(random_colour(rng, sat=(0.0, 0.12), val=(0.75, 0.97)), np.float32)
    shade = 1.0 + 0.12 * smooth_noise(rng, ch, cw, 3)
    card = np.clip(base[None, None, :] * shade + 3.0, 0, 255).astype(np.uint8)
    cam_r = max(2, int(round(uniform(rng, 0.15, 0.3) * top)))
    cam_x = int(round(uniform(rng, 0.3, 0.7) * cw))
    if rng.random() < 0.6:
        cam_col = tuple(float(c) for c in np.clip(base * 0.5 + 12.0, 0, 255))
        cv2.circle(card, (cam_x, top // 2), cam_r, cam_col, -1, AA)
    card[top : top + h, side : side + w] = src

    radius = uniform(rng, 0.06, 0.14) * cw
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
    left = int(round(uniform(rng, 0.05, 0.3) * size)) + 2
    right = int(round(uniform(rng, 0.05, 0.3) * size)) + 2
    top = int(round(uniform(rng, 0.08, 0.45) * size)) + 2
    bottom = int(round(uniform(rng, 0.08, 0.45) * size)) + 2
    cw, ch = w + left + right, h + top + bottom
    paper = np.array(random_colour(rng, sat=(0.0, 0.1), val=(0.86, 0.99), hue=(0.05, 0.17)), np.float32)
    tex = 1.0 + 0.025 * smooth_noise(rng, ch, cw, 8) + 0.012 * rng.standard_normal((ch, cw, 1), dtype=np.float32)
    page = paper[None, None, :] * tex
    ink = uniform(rng, 20, 70)
    # text-like lines above and below the picture
    line_h = max(3.0, uniform(rng, 0.012, 0.03) * size)
    for y0, y1 in ((0, top), (top + h, ch)):
        y = y0 + uniform(rng, 0.8, 2.0) * line_h
        while y + line_h < y1 - line_h:
            x = float(left)
            end = cw - right - uniform(rng, 0.0, 0.3) * (cw - left - right)
            while x < end:
                word = uniform(rng, 1.5, 6.0) * line_h
                x1 = min(end, x + word)
                cv2.rectangle(
                    page,
                    (int(x), int(y + 0.2 * line_h)),
                    (int(x1), int(y + 0.75 * line_h)),
                    (ink, ink, ink),
                    -1,
                )
                x = x1 + uniform(rng, 0.4, 0.8) * line_h
            y += uniform(rng, 1.5, 2.0) * line_h
    region = page[top : top + h, left : left + w]
    page[top : top + h, left : left + w] = region * (src.astype(np.float32) / 255.0)
    card = np.clip(page, 0, 255).astype(np.uint8)
    return card, np.ones((ch, cw), np.float32), (left, top)



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
    amount = uniform(rng, 0.25, 1.0) * 0.08 * s
    p = p + moves * (amount / np.linalg.norm(moves, axis=1).max())
    theta = math.radians(uniform(rng, -15, 15) * s)
    rot = np.array([[math.cos(theta), -math.sin(theta)], [math.sin(theta), math.cos(theta)]])
    p = p @ rot.T

    bw, bh = np.ptp(p[:, 0]), np.ptp(p[:, 1])
    long_side = int(rng.integers(lo, hi + 1))
    aspect = float(rng.choice([4 / 3, 16 / 9, 3 / 2, 1.0], p=[0.45, 0.3, 0.15, 0.1]))
    portrait = bool(bh >= bw) != bool(rng.random() < 0.1)
    short = max(16, int(round(long_side / aspect)))
    out_w, out_h = (short, long_side) if portrait else (long_side, short)
    fill = uniform(rng, 0.55, 0.92)
    k = fill * min(out_w / bw, out_h / bh)
    off = np.array([uniform(rng, 0, out_w - k * bw), uniform(rng, 0, out_h - k * bh)])
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
    quad = map_points(homography, _corners(cw, ch))
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
    sigma = uniform(rng, 0.004, 0.02) * big
    shift = rng.uniform(-0.008, 0.008, 2) * big
    opacity = uniform(rng, 0.15, 0.5)
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

