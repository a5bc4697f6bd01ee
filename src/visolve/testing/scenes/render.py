"""A small 3D renderer for the scenes: a pinhole camera, flat prints, blocks with height and shadow.

World coordinates are millimetres: ``x`` to the right and ``y`` down the
table as a top view shows them, ``z`` *into* the table, so a thing ``h`` mm
tall has its top at ``z = -h``.  A camera with no rotation looks straight
down (along ``+z``); :func:`random_view` tilts it up to 45 degrees in any
direction, turns it by any angle about its axis and frames the things to be
seen at a random size and place in a 2-16 MP picture.

Flat things (a board's print, a booklet page) are drawn top-down as a
texture and pasted through the homography of their plane
(:meth:`View.plane`).  Things with height (cubes, discs, star pieces, dice,
the board's own slab) are :class:`Prism`: a polygon extruded between two
heights, drawn face by face from the farthest, with a shadow cast on the
plane below them along the light.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from visolve.testing.scenes.ink import blend, poly_mask

#: the range of the picture's size in megapixels
MEGAPIXELS = (2.0, 16.0)
#: (width, height) ratios of phone pictures
ASPECTS = (4 / 3, 16 / 9, 3 / 2)


def _rot(axis: int, a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    i, j = [k for k in range(3) if k != axis]
    m = np.eye(3)
    m[i, i], m[i, j], m[j, i], m[j, j] = c, -s, s, c
    return m


@dataclass
class View:
    """A pinhole camera: intrinsics ``K``, rotation ``R`` (world -> camera), centre ``C``, picture size."""

    K: np.ndarray
    R: np.ndarray
    C: np.ndarray
    size: tuple[int, int]  #: (width, height) px

    def project(self, pts) -> np.ndarray:
        """World points ``(n, 3)`` -> picture points ``(n, 2)``."""
        cam = (np.asarray(pts, np.float64) - self.C) @ self.R.T
        p = cam @ self.K.T
        return p[:, :2] / p[:, 2:3]

    def depth(self, pts) -> np.ndarray:
        """Distance along the camera's axis of world points ``(n, 3)``."""
        return ((np.asarray(pts, np.float64) - self.C) @ self.R.T)[:, 2]

    def plane(self, z: float, scale: float, origin=(0.0, 0.0)) -> np.ndarray:
        """Homography from a texture of the plane ``z`` (``scale`` px per mm, its pixel (0, 0) at
        world ``origin``) to the picture."""
        a = np.array([[1 / scale, 0, origin[0]], [0, 1 / scale, origin[1]], [0, 0, 1.0]])
        m = np.column_stack([self.R[:, 0], self.R[:, 1], self.R[:, 2] * z - self.R @ self.C])
        h = self.K @ m @ a
        return h / h[2, 2]

    def px_per_mm(self, pts) -> float:
        """The largest size of a millimetre near the points ``(n, 3)``, in picture px."""
        p = np.asarray(pts, np.float64)
        a, b = self.project(p), self.project(p + (1.0, 0, 0))
        c = self.project(p + (0, 1.0, 0))
        return float(max(np.hypot(*(b - a).T).max(), np.hypot(*(c - a).T).max()))


def picture_size(rng: np.random.Generator, megapixels=MEGAPIXELS) -> tuple[int, int]:
    """(width, height) of a phone picture of a random size (log-uniform in megapixels)."""
    mp = math.exp(rng.uniform(math.log(megapixels[0]), math.log(megapixels[1])))
    aspect = ASPECTS[int(rng.integers(len(ASPECTS)))]
    w = math.sqrt(mp * 1e6 * aspect)
    h = w / aspect
    return (int(w), int(h)) if rng.random() < 0.6 else (int(h), int(w))


def random_view(rng: np.random.Generator, pts, *, tilt: float = 45.0, turn: float = 180.0,
                fill=(0.45, 0.9), megapixels=None) -> View:
    """A camera seeing the world points ``pts`` (n, 3) whole.

    ``tilt``: most degrees off straight down; ``turn``: most degrees turned
    about the camera's axis either way; ``fill``: the share of the picture's
    width or height (whichever is tighter) the points take; ``megapixels``
    the picture's range of sizes (default :data:`MEGAPIXELS`, read at each call).
    """
    w, h = picture_size(rng, MEGAPIXELS if megapixels is None else megapixels)
    fov = math.radians(rng.uniform(50, 72))
    f = max(w, h) / (2 * math.tan(fov / 2))
    t = math.radians(tilt * math.sqrt(rng.random()))
    az = rng.uniform(0, 2 * math.pi)
    roll = math.radians(rng.uniform(-turn, turn)) - az
    R = _rot(2, roll) @ _rot(0, t) @ _rot(2, az)
    pts = np.asarray(pts, np.float64)
    target = pts.mean(0)
    want = rng.uniform(*fill)
    dist = 10.0 * float(np.ptp(pts[:, :2], 0).max())
    K = np.array([[f, 0, 0], [0, f, 0], [0, 0, 1.0]])
    for _ in range(4):
        view = View(K, R, target - dist * R[2], (w, h))
        p = view.project(pts)
        span = max(np.ptp(p[:, 0]) / w, np.ptp(p[:, 1]) / h)
        dist *= span / want
    view = View(K, R, target - dist * R[2], (w, h))
    p = view.project(pts)
    lo, hi = p.min(0), p.max(0)
    room = np.maximum(np.array([w, h]) - (hi - lo), 0)
    shift = lo - room * rng.uniform(0.15, 0.85, 2)
    K = K.copy()
    K[0, 2], K[1, 2] = -shift
    return View(K, R, view.C, (w, h))


def paste(out: np.ndarray, tex: np.ndarray, homography: np.ndarray, alpha: np.ndarray | None = None) -> None:
    """Warp the texture through ``homography`` onto ``out`` (only over its footprint), in place."""
    th, tw = tex.shape[:2]
    corners = np.array([[0, 0, 1], [tw, 0, 1], [tw, th, 1], [0, th, 1]], np.float64) @ homography.T
    if np.any(corners[:, 2] <= 0):
        return
    xy = corners[:, :2] / corners[:, 2:3]
    x0, y0 = np.maximum(np.floor(xy.min(0)).astype(int) - 1, 0)
    x1 = min(out.shape[1], int(math.ceil(xy[:, 0].max())) + 1)
    y1 = min(out.shape[0], int(math.ceil(xy[:, 1].max())) + 1)
    if x1 <= x0 or y1 <= y0:
        return
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ homography
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(tex, shift, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if alpha is None:
        alpha = np.zeros((th + 2, tw + 2), np.float32)
        alpha[1:-1, 1:-1] = 1.0
        shift = shift @ np.array([[1, 0, 1], [0, 1, 1], [0, 0, 1.0]])
    a = cv2.warpPerspective(alpha, shift, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    part = out[y0:y1, x0:x1]
    part += (warped - part) * a[..., None]


@dataclass
class Prism:
    """A polygon ``base`` ((n, 2) mm) extruded from ``z0`` up to ``z1`` (``z1 < z0``: up).

    ``top`` / ``side`` are BGR colours (``top`` None: leave the top face
    undrawn, e.g. for a texture pasted later); ``marks`` are (polygon,
    colour) pairs printed on the top face; ``rim`` a darker line round the top.
    """

    base: np.ndarray
    z0: float
    z1: float
    top: np.ndarray | None
    side: np.ndarray
    marks: list = field(default_factory=list)
    rim: float = 0.0
    #: (texture, px per mm, world origin of its pixel (0, 0)) printed on the top face
    texture: tuple | None = None


def draw_prisms(out: np.ndarray, view: View, prisms: list[Prism], light) -> None:
    """Draw the prisms, farthest first; each one's side faces from the back, shaded by ``light``."""
    lx, ly = light[0], light[1]
    order = sorted(prisms, key=lambda p: -view.depth([[*p.base.mean(0), p.z1]])[0])
    for p in order:
        n = len(p.base)
        bottom = np.column_stack([p.base, np.full(n, p.z0)])
        top = np.column_stack([p.base, np.full(n, p.z1)])
        pb, pt = view.project(bottom), view.project(top)
        faces = []
        for i in range(n):
            j = (i + 1) % n
            quad = np.array([pb[i], pb[j], pt[j], pt[i]])
            mid = (bottom[i] + bottom[j] + top[i] + top[j]) / 4
            d = p.base[j] - p.base[i]
            normal = np.array([d[1], -d[0]]) / (np.hypot(*d) + 1e-9)
            lit = 0.5 + 0.35 * max(0.0, -(normal[0] * lx + normal[1] * ly))
            faces.append((view.depth([mid])[0], quad, lit))
        faces.sort(key=lambda f: -f[0])
        for _d, quad, lit in faces:
            _fill_px(out, [quad], np.asarray(p.side, np.float32) * lit)
        if p.top is not None:
            _fill_px(out, [pt], p.top)
            if p.rim > 0:
                _rim(out, pt, np.asarray(p.top, np.float32) * 0.7, p.rim * view.px_per_mm(top[:1]))
        for poly, colour in p.marks:
            pts = np.column_stack([np.asarray(poly, np.float64), np.full(len(poly), p.z1)])
            _fill_px(out, [view.project(pts)], colour)
        if p.texture is not None:
            tex, scale, origin = p.texture
            paste(out, tex, view.plane(p.z1, scale, origin))


def _fill_px(out: np.ndarray, polys, bgr) -> None:
    allp = np.concatenate(polys)
    x0, y0 = np.maximum(np.floor(allp.min(0)).astype(int) - 2, 0)
    x1 = min(out.shape[1], int(math.ceil(allp[:, 0].max())) + 2)
    y1 = min(out.shape[0], int(math.ceil(allp[:, 1].max())) + 2)
    if x1 <= x0 or y1 <= y0:
        return
    blend(out, poly_mask((y1 - y0, x1 - x0), [q - (x0, y0) for q in polys]), bgr, x0, y0)


def _rim(out: np.ndarray, poly: np.ndarray, bgr, width: float) -> None:
    from visolve.testing.scenes.ink import outline

    outline(out, poly, bgr, max(1.0, width))


def cast_shadows(out: np.ndarray, view: View, prisms: list[Prism], light, darkness: float) -> None:
    """Darken the plane under each prism where its shadow falls (light along ``light`` (x, y, z>0))."""
    polys = []
    for p in prisms:
        h = p.z0 - p.z1
        off = np.array([light[0], light[1]]) * h / max(light[2], 1e-3)
        base, moved = p.base, p.base + off
        world = [base, moved] + [np.array([base[i], base[(i + 1) % len(base)], moved[(i + 1) % len(base)],
                                           moved[i]]) for i in range(len(base))]
        polys += [view.project(np.column_stack([q, np.full(len(q), p.z0)])) for q in world]
    if not polys:
        return
    allp = np.concatenate(polys)
    x0, y0 = np.maximum(np.floor(allp.min(0)).astype(int) - 40, 0)
    x1 = min(out.shape[1], int(math.ceil(allp[:, 0].max())) + 40)
    y1 = min(out.shape[0], int(math.ceil(allp[:, 1].max())) + 40)
    if x1 <= x0 or y1 <= y0:
        return
    m = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for q in polys:
        cv2.fillPoly(m, [np.round((q - (x0, y0)) * 16).astype(np.int32)], 255, cv2.LINE_AA, 4)
    soft = max(0.8, 0.6 * view.px_per_mm(np.column_stack([prisms[0].base[:1], [prisms[0].z0]])))
    mask = cv2.GaussianBlur(m.astype(np.float32) / 255.0, (0, 0), soft)
    out[y0:y1, x0:x1] *= (1.0 - darkness * mask)[..., None]


def light_direction(rng: np.random.Generator) -> np.ndarray:
    """A light from above at 35-75 degrees of elevation, any side: its direction of travel (x, y, z)."""
    az = rng.uniform(0, 2 * math.pi)
    el = math.radians(rng.uniform(35, 75))
    return np.array([math.cos(az) * math.cos(el), math.sin(az) * math.cos(el), math.sin(el)])
