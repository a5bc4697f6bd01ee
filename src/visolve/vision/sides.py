"""Finding a bright board in a *photo*: candidate quadrilaterals and sub-pixel sides.

:mod:`visolve.vision.board` finds an upright board in a screenshot.  In a
photo of a screen the board is a quadrilateral (rotation, viewing angle),
the light is uneven, the picture blurred and noisy, and the largest bright
thing may be the desk.  This module works in two steps:

1. :func:`board_candidates` -- several ways of telling "bright" from "dark"
   on a reduced copy (a fixed level, Otsu's split, and a flat-fielded picture
   for uneven light), each giving blobs whose outline is fitted with four
   lines.  Every quadrilateral of the right rough shape is a candidate; the
   caller decides which one is the board by *reading* it (a desk or a paper
   sheet has the right shape but not the right content).
2. :func:`refine_sides` -- at full resolution, many short profiles across each
   side measure where the dark surround turns into the board, by the area
   under the step (blur moves a step's half-way point but keeps its area),
   corrected by the known drawing just inside the edge (a bevel) through
   ``edge_bias``.  A robust straight line through those points per side, and
   the four intersections, give the corners to a fraction of a pixel.

Nothing here knows a particular puzzle: the caller passes the expected
aspect ratio, the board size in its own base units (so distances can be
expressed in "base pixels") and the edge bias of its drawing.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from visolve.vision.board import Board, otsu_threshold
from visolve.vision.geometry import grown, line_intersection, quad_from_contour
from visolve.vision.light import channel_max, illumination
from visolve.vision.working import working_copy

#: longest side of the reduced copy used to find candidates
WORK_SIZE = 800


def board_candidates(image: np.ndarray, aspect: float, *, limit: int = 8, **kw) -> list[Board]:
    """Up to ``limit`` of :func:`iter_board_candidates` as a list (empty: nothing of the right shape)."""
    out = []
    for board in iter_board_candidates(image, aspect, **kw):
        out.append(board)
        if len(out) >= limit:
            break
    return out


def _work_view(image: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The brightest channel shrunk to at most ``WORK_SIZE`` px (area averaging), and the scale used (None if tiny)."""
    if image.ndim not in (2, 3) or image.shape[0] < 16 or image.shape[1] < 16:
        return None
    v, _x_scale = working_copy(channel_max(image), WORK_SIZE, fast=False)
    return v, min(1.0, WORK_SIZE / max(image.shape[:2]))  # the long side's scale, exact for it


def iter_board_candidates(
    image: np.ndarray,
    aspect: float,
    *,
    aspect_tolerance: float = 0.3,
    min_area_frac: float = 0.015,
    min_solidity: float = 0.8,
    per_mask: int = 4,
) -> Iterator[Board]:
    """Bright quadrilaterals that could be a board of width/height ``aspect``.

    Made lazily, the likeliest ways of thresholding first and largest blobs
    first within each, so a caller that recognises the board early does not
    pay for the rest.  Near-duplicates (corners within 2% of the size) are
    dropped.
    """
    view = _work_view(image)
    if view is None:
        return
    v, f = view
    yield from _candidates_from_masks(_masks(v), v.shape, f, aspect, aspect_tolerance, min_area_frac,
                                      min_solidity, per_mask)


def iter_opened_candidates(
    image: np.ndarray,
    aspect: float,
    *,
    aspect_tolerance: float = 0.3,
    min_area_frac: float = 0.008,
    min_solidity: float = 0.8,
    per_mask: int = 4,
) -> Iterator[Board]:
    """Fallback candidates for a board that glare has joined to its surround.

    Glare can lift the dark screen beside the board so that the bright part
    of the local-contrast split (the first of :func:`iter_board_candidates`)
    runs from the board into a glare patch, the caption or the bezel through
    a narrow bridge.  Here that split is closed as usual and then *opened*
    (eroded, then dilated) with kernels of about 1 % and 2 % of the picture,
    which cuts such bridges but keeps a board of any useful size whole.
    """
    view = _work_view(image)
    if view is None:
        return
    v, f = view
    local = next(_masks(v)).astype(np.uint8)
    size = max(v.shape)
    close = [max(3, int(round(frac * size))) for frac in (0.009, 0.005)]
    opens = [max(3, int(round(frac * size)) | 1) for frac in (0.011, 0.019)]

    def opened():
        for ko in opens:
            for kc in close:
                closed = cv2.morphologyEx(local, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (kc, kc)))
                yield cv2.morphologyEx(closed, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (ko, ko)))

    yield from _candidates_from_masks(opened(), v.shape, f, aspect, aspect_tolerance, min_area_frac,
                                      min_solidity, per_mask, kernel_fracs=())


def _masks(v: np.ndarray) -> Iterator[np.ndarray]:
    """Ways of telling the bright board from its dark surround, likeliest first."""
    vf = v.astype(np.float32)
    # brighter than the middle of the local darkest and brightest values:
    # glare lifts a dark surround, but it stays darker than the board next
    # to it, so this one keeps the board apart where fixed levels merge it
    kl = max(5, int(round(0.03 * max(v.shape))) | 1)
    se = cv2.getStructuringElement(cv2.MORPH_RECT, (kl, kl))
    hi_, lo_ = cv2.dilate(v, se), cv2.erode(v, se)
    mid = cv2.blur((hi_.astype(np.float32) + lo_) * 0.5, (kl, kl))
    yield (vf > mid) & ((hi_.astype(np.int16) - lo_) > 40) & (v > 30)
    yield v > 100
    otsu = otsu_threshold(v, lo=30.0, hi=200.0)
    if abs(otsu - 100) > 12:
        yield v > otsu
    # flat-fielded: bright relative to the light around it (uneven light)
    light = illumination(vf, max(v.shape) / 8.0)
    yield (vf > 0.55 * light) & (vf > 25)


def _candidates_from_masks(masks, shape, f, aspect, aspect_tolerance, min_area_frac, min_solidity, per_mask,
                           kernel_fracs=(0.005, 0.009)):
    """Quadrilaterals of blobs in ``masks`` (of the picture reduced by ``f``, ``shape``), in picture pixels.

    Each mask is closed with a kernel of each of ``kernel_fracs`` of the
    picture's size (none: used as it is).
    """
    # thin dark lines inside the board (outlines) are bridged by a closing;
    # the board's size is not known yet, so a small and a larger kernel are
    # both tried (the larger may also join text next to the board)
    kernels = [
        cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
        for k in sorted({max(3, int(round(frac * max(shape)))) for frac in kernel_fracs})
    ] or [None]
    out: list[Board] = []
    for mask, kernel in ((m, k) for m in masks for k in kernels):
        m = mask.astype(np.uint8)
        if m.sum() < 0.01 * m.size:
            continue
        closed = m if kernel is None else cv2.morphologyEx(m, cv2.MORPH_CLOSE, kernel)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(closed, connectivity=4)
        order = [1 + int(i) for i in np.argsort(-stats[1:, cv2.CC_STAT_AREA])]
        order = [i for i in order if stats[i, cv2.CC_STAT_AREA] >= min_area_frac * closed.size][:per_mask]
        for label in order:
            x, y, bw, bh, area = stats[label]
            if bw >= 0.995 * shape[1] and bh >= 0.995 * shape[0]:
                continue  # the whole picture
            blob = np.pad((labels[y : y + bh, x : x + bw] == label).astype(np.uint8), 1)
            contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            quad = quad_from_contour(max(contours, key=cv2.contourArea))
            if quad is None:
                continue
            quad = grown(quad, 0.5) + (x - 1, y - 1)
            if not _convex(quad):
                continue
            qa = cv2.contourArea(quad.astype(np.float32))
            if qa <= 0:
                continue
            solidity = min(1.0, float(area) / qa)
            board = Board(quad / f, solidity, False)
            if solidity < min_solidity or abs(board.aspect - aspect) > aspect_tolerance * aspect:
                continue
            size = max(board.width, board.height)
            if any(np.abs(o.corners - board.corners).max() < 0.02 * size for o in out):
                continue
            out.append(board)
            yield board


def _convex(quad: np.ndarray) -> bool:
    cross = []
    for k in range(4):
        a, b, c = quad[k], quad[(k + 1) % 4], quad[(k + 2) % 4]
        u, v = b - a, c - b
        cross.append(u[0] * v[1] - u[1] * v[0])
    return all(c > 0 for c in cross) or all(c < 0 for c in cross)


def refine_sides(
    image: np.ndarray,
    corners: np.ndarray,
    units: tuple[float, float],
    *,
    edge_bias: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0),
    reach: float = 2.5,
    passes: int = 2,
    samples: int = 48,
) -> np.ndarray:
    """Sub-pixel corners (tl, tr, br, bl) of a bright quadrilateral on a dark surround.

    ``corners`` are a rough guess, ``units`` = (width, height) of the board
    in base pixels.  Each side is searched within ``reach`` base pixels of
    the guess.  ``edge_bias`` (top, right, bottom, left, in base pixels) is
    how far the area estimate lands *outside* the true edge for a clean
    drawing (bright bevel: positive, dark bevel: negative), and is
    corrected.  Sides that cannot be measured keep their guess.
    """
    c = np.asarray(corners, np.float64).copy()
    x0, y0 = np.floor(c.min(axis=0)).astype(int)
    x1, y1 = np.ceil(c.max(axis=0)).astype(int)
    pad = int(0.1 * max(x1 - x0, y1 - y0)) + 4
    H, W = image.shape[:2]
    ox, oy = max(0, x0 - pad), max(0, y0 - pad)
    crop = image[oy : max(oy + 1, min(H, y1 + pad)), ox : max(ox + 1, min(W, x1 + pad))]
    v = channel_max(crop).astype(np.float32)
    c -= (ox, oy)
    for p in range(passes):
        r = reach if p == 0 else max(1.0, reach / 2.0)
        lines = []
        for k in range(4):
            a, b = c[k], c[(k + 1) % 4]
            along = np.linalg.norm(b - a) / (units[0] if k % 2 == 0 else units[1])
            across = (np.linalg.norm(c[(k + 2) % 4] - b) + np.linalg.norm(c[(k + 3) % 4] - a)) / 2
            across /= units[1] if k % 2 == 0 else units[0]
            bp = max(0.5, 0.5 * (along + across))
            lines.append(_side_line(v, a, b, bp, r, edge_bias[k], samples))
        new = c.copy()
        limit = 2 * reach * _base_px(c, units)
        for k in range(4):
            l1, l2 = lines[(k - 1) % 4], lines[k]
            if l1 is None or l2 is None:
                continue
            pt = line_intersection(l1, l2)
            if pt is not None and np.linalg.norm(np.array(pt) - c[k]) < limit:
                new[k] = pt
        c = new
    return c + (ox, oy)


def _base_px(c: np.ndarray, units) -> float:
    w = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    return max(0.5, w / units[0])


def _side_line(v, a, b, bp, reach, bias, samples):
    """Robust line (vx, vy, x0, y0) through the edge points of side a->b, or None."""
    d = (b - a) / max(np.linalg.norm(b - a), 1e-9)
    n = np.array([d[1], -d[0]])  # outward for clockwise corners (y down)
    ts = np.linspace(0.06, 0.94, samples)
    pts = a[None, :] + ts[:, None] * (b - a)[None, :]
    step = min(1.0, bp / 3.0)
    inside = reach + 2.5  # the plate level is measured 1.5-2.5 base px past the search range
    m = int(np.ceil((reach + inside) * bp / step)) + 1
    s = -reach * bp + step * np.arange(m)  # distance inwards from the guess
    xs = pts[:, 0:1] - n[0] * s[None, :]
    ys = pts[:, 1:2] - n[1] * s[None, :]
    prof = cv2.remap(v, (xs - 0.5).astype(np.float32), (ys - 0.5).astype(np.float32),
                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    third = max(2, int(round(bp / step)))
    n_out = max(3, int(2 * reach * bp / step))
    out = np.percentile(prof[:, :n_out], 10, axis=1)
    inner = prof[:, -third:]
    inn = np.median(inner, axis=1)
    contrast = inn - out
    ok = contrast > 20
    ok &= inner.std(axis=1) < 0.15 * np.maximum(contrast, 1)
    ok &= prof[:, : max(2, n_out // 3)].mean(axis=1) < out + 0.35 * contrast
    if ok.sum() < 6:
        return None
    frac = np.clip((prof - out[:, None]) / np.maximum(contrast, 1)[:, None], -0.2, 1.5)
    area = frac.sum(axis=1) * step
    # sample j stands for [s_j - step/2, s_j + step/2]
    edge = (s[-1] + step / 2) - area + bias * bp
    t, e = ts[ok], edge[ok]
    # the line through most samples: every pair of samples far enough apart
    # proposes a line, the one with most samples within a small distance
    # wins (pipes reaching the edge, or a tile with another bevel, can spoil
    # a third of the samples, all on one side), then least squares on those
    tol = max(0.12 * bp, 0.25)
    i, j = np.triu_indices(len(t), 1)
    far = (t[j] - t[i]) > 0.25
    i, j = i[far], j[far]
    if len(i) == 0:
        return None
    beta = (e[j] - e[i]) / (t[j] - t[i])
    alpha = e[i] - beta * t[i]
    res = np.abs(e[None, :] - (alpha[:, None] + beta[:, None] * t[None, :]))
    inl = res < tol
    k = int(np.argmax(inl.sum(axis=1) - 1e-3 * np.minimum(res, tol).sum(axis=1)))
    keep = inl[k]
    if keep.sum() < 6:
        return None
    beta, alpha = np.polyfit(t[keep], e[keep], 1)
    p0 = a - n * alpha
    p1 = b - n * (alpha + beta)
    dv = (p1 - p0) / max(np.linalg.norm(p1 - p0), 1e-9)
    return (float(dv[0]), float(dv[1]), float(p0[0]), float(p0[1]))
