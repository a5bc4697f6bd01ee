"""From a found board to a canonical, base-resolution view, and cells in it.

Pixel-art games draw on a small *base* grid which the phone scales up by some
factor (x4 on a 640x1136 iPhone, x4.6875 on 750x1334, ...).  Once the board's
corners are known in the picture, a homography maps base coordinates to
picture coordinates; :func:`rectify` samples the picture back onto the base
grid, each output pixel being the *area average* of the picture region that
base pixel covers.  That undoes any scale, integer or not, and keeps JPEG
noise low.

Coordinates: a continuous point ``(x, y)``; pixel ``(row i, col j)`` covers
``[j, j+1) x [i, i+1)`` in both the picture and the base grid.

* upright boards (screenshots) use an exact separable area average computed
  from an integral image (:func:`_area_resample`);
* tilted or perspective boards (photos) use a supersampled
  ``warpPerspective`` followed by ``INTER_AREA`` reduction.
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.vision.geometry import map_points, rect_corners, rect_to_quad  # noqa: F401 - map_points, rect_corners re-exported

#: samples per base pixel and axis in the general (perspective) path
SUPERSAMPLE = 4


def base_to_image(corners: np.ndarray, base_rect: tuple[float, float, float, float]) -> np.ndarray:
    """3x3 homography taking base coordinates to picture coordinates.

    ``base_rect`` = (x0, y0, x1, y1) is where the board lies on the base grid;
    ``corners`` are its tl, tr, br, bl corners found in the picture.
    """
    return rect_to_quad(base_rect, corners)


def is_upright(H: np.ndarray, tol: float = 1e-6) -> bool:
    """True when ``H`` is a pure scale + shift (no rotation, shear or perspective)."""
    Hn = H / H[2, 2]
    scale = max(abs(Hn[0, 0]), abs(Hn[1, 1]), 1e-9)
    return bool(
        abs(Hn[0, 1]) < tol * scale
        and abs(Hn[1, 0]) < tol * scale
        and abs(Hn[2, 0]) < tol
        and abs(Hn[2, 1]) < tol
    )


def rectify(image: np.ndarray, H: np.ndarray, out_rect: tuple[int, int, int, int]) -> np.ndarray:
    """Sample ``image`` onto the base grid region ``out_rect`` = (x0, y0, x1, y1).

    ``H`` maps base coordinates to picture coordinates (:func:`base_to_image`).
    Returns a ``(y1-y0, x1-x0[, c])`` ``uint8`` picture; base pixels falling
    outside the picture come out black.
    """
    x0, y0, x1, y1 = (int(v) for v in out_rect)
    if is_upright(H, tol=1e-4):
        Hn = H / H[2, 2]
        xs = Hn[0, 2] + Hn[0, 0] * np.arange(x0, x1 + 1, dtype=np.float64)
        ys = Hn[1, 2] + Hn[1, 1] * np.arange(y0, y1 + 1, dtype=np.float64)
        return _area_resample(image, xs, ys)
    return _warp_supersampled(image, H, (x0, y0, x1, y1))


def cells(img: np.ndarray, rows: int, cols: int) -> list[list[np.ndarray]]:
    """Split a canonical board picture into ``rows x cols`` equal cells (views, no copies)."""
    h, w = img.shape[:2]
    if h % rows or w % cols:
        raise ValueError(f"{w}x{h} picture does not split into {cols}x{rows} equal cells")
    ch, cw = h // rows, w // cols
    return [[img[r * ch : (r + 1) * ch, c * cw : (c + 1) * cw] for c in range(cols)] for r in range(rows)]


# --------------------------------------------------------------------------
# internals


def _area_resample(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Exact area average of ``image`` over the cells of the grid ``xs x ys``.

    ``xs`` (n+1 increasing values) and ``ys`` (m+1) are cell edges in picture
    coordinates; the result is ``(m, n[, c])``.  The integral of a picture
    that is constant on each pixel is bilinear inside each pixel, so linear
    interpolation of the integral image at fractional edges is exact.
    """
    h, w = image.shape[:2]
    fast = _integer_grid(image, xs, ys)
    if fast is not None:
        return fast
    # only integrate the part of the picture that is needed
    cx0 = int(np.clip(np.floor(xs.min()), 0, w))
    cx1 = int(np.clip(np.ceil(xs.max()) + 1, 0, w))
    cy0 = int(np.clip(np.floor(ys.min()), 0, h))
    cy1 = int(np.clip(np.ceil(ys.max()) + 1, 0, h))
    out_shape = (len(ys) - 1, len(xs) - 1) + image.shape[2:]
    if cx1 <= cx0 or cy1 <= cy0:
        return np.zeros(out_shape, np.uint8)
    crop = image[cy0:cy1, cx0:cx1]
    gx = np.clip(xs - cx0, 0, cx1 - cx0)
    gy = np.clip(ys - cy0, 0, cy1 - cy0)
    # Large pictures are first box-reduced by an integer factor that keeps at
    # least 2.5 picture pixels per output cell: a small approximation (cell
    # borders are blurred by well under half a cell) that saves most of the
    # time.  Scales up to x5 stay exact.
    step = min(np.diff(xs).min(), np.diff(ys).min())
    k = max(1, int(step / 2.5)) if step >= 5.5 else 1
    if k > 1:
        ch, cw = crop.shape[0] // k * k, crop.shape[1] // k * k
        crop = cv2.resize(crop[:ch, :cw], (cw // k, ch // k), interpolation=cv2.INTER_AREA)
        gx, gy = np.clip(gx / k, 0, cw // k), np.clip(gy / k, 0, ch // k)
    depth = cv2.CV_32S if crop.shape[0] * crop.shape[1] < 8_000_000 else cv2.CV_64F
    G = cv2.integral(crop, sdepth=depth)  # (ch+1, cw+1[, c])
    if G.ndim == 2:
        G = G[:, :, None]
    G = _interp_axis(G, gx, axis=1)
    G = _interp_axis(G, gy, axis=0)
    sums = G[1:, 1:] - G[:-1, 1:] - G[1:, :-1] + G[:-1, :-1]
    area = np.outer(np.diff(ys), np.diff(xs))[:, :, None] / (k * k)
    out = sums / np.maximum(area, 1e-12)
    out = np.clip(out + 0.5, 0, 255).astype(np.uint8)
    return out.reshape(out_shape)


def _integer_grid(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray | None:
    """Fast exact path: cell edges on whole pixels with a whole-number cell size
    (a screenshot at an integer scale) inside the picture -> crop + INTER_AREA.
    Returns None when that does not apply."""
    h, w = image.shape[:2]
    sx, sy = xs[1] - xs[0], ys[1] - ys[0]
    grid_ok = (
        abs(sx - round(sx)) < 1e-3 and abs(sy - round(sy)) < 1e-3 and round(sx) >= 1 and round(sy) >= 1
        and np.abs(xs - np.round(xs)).max() < 1e-3 and np.abs(ys - np.round(ys)).max() < 1e-3
    )
    if not grid_ok:
        return None
    x0, x1, y0, y1 = int(round(xs[0])), int(round(xs[-1])), int(round(ys[0])), int(round(ys[-1]))
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return None
    out = cv2.resize(image[y0:y1, x0:x1], (len(xs) - 1, len(ys) - 1), interpolation=cv2.INTER_AREA)
    return out


def _interp_axis(G: np.ndarray, pos: np.ndarray, axis: int) -> np.ndarray:
    n = G.shape[axis] - 1
    i = np.clip(np.floor(pos).astype(np.int64), 0, max(n - 1, 0))
    f = (pos - i).reshape((-1, 1, 1) if axis == 0 else (1, -1, 1))
    a = np.take(G, i, axis=axis).astype(np.float64)
    b = np.take(G, np.minimum(i + 1, n), axis=axis).astype(np.float64)
    return a * (1.0 - f) + b * f


def _warp_supersampled(image: np.ndarray, H: np.ndarray, rect) -> np.ndarray:
    x0, y0, x1, y1 = rect
    k = SUPERSAMPLE
    # supersampled output pixel (j, i) has its centre at base ((j+0.5)/k + x0, (i+0.5)/k + y0);
    # picture pixel index p has its centre at p + 0.5.
    S = np.array([[1 / k, 0, 0.5 / k + x0], [0, 1 / k, 0.5 / k + y0], [0, 0, 1]], dtype=np.float64)
    T = np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1]], dtype=np.float64)
    M = T @ H @ S  # supersampled index -> picture index
    out_w, out_h = (x1 - x0) * k, (y1 - y0) * k
    # only the part of the picture the region covers is used (a photo is
    # much larger than the board): crop it, and shift M accordingly
    quad = map_points(H, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    h, w = image.shape[:2]
    cx0 = int(np.clip(np.floor(quad[:, 0].min()) - 4, 0, w - 1))
    cy0 = int(np.clip(np.floor(quad[:, 1].min()) - 4, 0, h - 1))
    cx1 = int(np.clip(np.ceil(quad[:, 0].max()) + 5, cx0 + 1, w))
    cy1 = int(np.clip(np.ceil(quad[:, 1].max()) + 5, cy0 + 1, h))
    src = image[cy0:cy1, cx0:cx1]
    M = np.array([[1, 0, -cx0], [0, 1, -cy0], [0, 0, 1]], dtype=np.float64) @ M
    # blur a little when one output sample spans several picture pixels
    step = np.sqrt(abs(np.linalg.det(H[:2, :2] / H[2, 2]))) / k
    if step > 1.5:
        src = cv2.GaussianBlur(src, (0, 0), sigmaX=0.4 * step)
    big = cv2.warpPerspective(
        src, M, (out_w, out_h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_CONSTANT, borderValue=0,
    )
    return cv2.resize(big, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
