"""A board-like block outlined on the desk beside the page: no board.

The finder outlines blocks wherever blobs stand in rows, and a shape on the desk can show a few
lighter lines across it.  Such a block, none of whose squares read, was a board in doubt, and its
page was refused though every board on it read: seed 89's scene 23, its one board read, for a
block on the purple desk below the page ("gaps between only 15 % of its squares").  A booklet
prints its boards on the page, so a board's margin (:data:`MARGIN_FROM` to :data:`MARGIN_TO` of
a pitch outside its squares) is the page's paper, as light as the margin of the boards read and of
its tint.  :func:`on_the_page` drops a block most of whose margin is darker than theirs and of
another tint (:data:`OFF_SHARE`): it stands off the page.  A board in a shadow keeps the paper's
tint, and one under a coloured glare is lighter, not darker: both stay, and are refused as before.
A block at the page's edge has its margin off the page on some sides only: it is dropped too when
two of its sides are so (:data:`SIDES_OFF`), each side weighed when the picture shows it
(:data:`SIDE_SHOWN`).  Held-out kind, seed 5 open booklet 7: a block on the desk below the page,
cut by the picture's bottom edge, its margin 87 % and 90 % off the page at its two ends, on the
page above it, 40 % in all; every board read has one side so at most (the tab's side, 25-32 %;
a board beside the page's coloured band, 92 % on that side alone).  Seed 2's open booklet 1, a
block on a navy and teal shape above the page, is not reached: the teal is near the paper's tint
in a shadow (0.039), 31 % of the margin so measured and one side alone (87 %).
"""

from __future__ import annotations

import cv2
import numpy as np

from visolve.puzzles.iq_xoxo.page.reading import BoardReading, board_pitch
from visolve.vision.geometry import sides_moved_out

#: a board's margin: the band from MARGIN_FROM to MARGIN_TO pitches outside its squares
MARGIN_FROM, MARGIN_TO = 0.25, 0.75
#: a margin pixel is off the page when darker than OFF_LIGHT of the page's colour (the brightest
#: channel) and of another tint (each channel's share of their sum off by more than OFF_TINT);
#: a block whose margin is at least OFF_SHARE such pixels stands off the page
OFF_LIGHT, OFF_TINT, OFF_SHARE = 0.9, 0.04, 0.5
#: ... or whose margin is at least OFF_SHARE such pixels on SIDES_OFF of its sides, a side weighed
#: when the picture shows at least SIDE_SHOWN of its band
SIDES_OFF, SIDE_SHOWN = 2, 0.5


def on_the_page(picture: np.ndarray, read: list[BoardReading]) -> list[BoardReading]:
    """``read`` less the blocks outlined off the page (see the module docstring); all of it when
    no board read gives a margin to compare with."""
    boards = [r for r in read if r.quad is not None and (r.level is not None or r.tab_doubt)]
    blocks = [r for r in read if _block(r)]
    if not boards or not blocks:
        return read
    paper = np.concatenate([margin_pixels(picture, r.quad) for r in boards])
    if not len(paper):
        return read
    page = np.median(paper, axis=0)
    off = {id(r) for r in blocks if _off_the_page(picture, r.quad, page)}
    return [r for r in read if id(r) not in off]


def _off_the_page(picture: np.ndarray, quad: np.ndarray, page: np.ndarray) -> bool:
    """Whether the block of corners ``quad`` stands off the page of colour ``page``: its whole
    margin, or its margin on :data:`SIDES_OFF` of its sides shown, off the page."""
    if off_share(margin_pixels(picture, quad), page) >= OFF_SHARE:
        return True
    sides = [off_share(pixels, page) for pixels, shown in side_margins(picture, quad) if shown >= SIDE_SHOWN]
    return sum(share >= OFF_SHARE for share in sides) >= SIDES_OFF


def _block(reading: BoardReading) -> bool:
    """Whether ``reading`` is a block outlined whose squares did not read at all."""
    return reading.quad is not None and reading.level is None and not reading.tab_doubt \
        and not reading.squares and not reading.lost


def off_share(pixels: np.ndarray, page: np.ndarray) -> float:
    """The share of ``pixels`` (``(n, 3)`` BGR) darker than :data:`OFF_LIGHT` of the ``page``'s
    colour and of another tint (their channels' shares off by more than :data:`OFF_TINT`)."""
    if not len(pixels):
        return 0.0
    px = pixels.astype(np.float64)
    darker = px.max(axis=1) < OFF_LIGHT * float(page.max())
    tint = px / np.maximum(px.sum(axis=1, keepdims=True), 1.0) - page / max(float(page.sum()), 1.0)
    return float(np.mean(darker & (np.abs(tint).max(axis=1) > OFF_TINT)))


def margin_pixels(picture: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The pixels (``(n, 3)`` BGR) of the band around the board of corners ``quad`` (picture px)
    from :data:`MARGIN_FROM` to :data:`MARGIN_TO` of its pitch out."""
    outer, inner = _band(quad)
    return _pixels_in(picture, outer, inner)


def side_margins(picture: np.ndarray, quad: np.ndarray) -> list[tuple[np.ndarray, float]]:
    """The band of :func:`margin_pixels` side by side (the quad's side ``k`` from its corner ``k``
    to the next): each side's pixels (``(n, 3)`` BGR) and the share of its band the picture shows."""
    outer, inner = _band(quad)
    out = []
    for k in range(4):
        part = np.array([inner[k], inner[(k + 1) % 4], outer[(k + 1) % 4], outer[k]])
        pixels = _pixels_in(picture, part)
        out.append((pixels, len(pixels) / max(cv2.contourArea(part.astype(np.float32)), 1.0)))
    return out


def _band(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The outer and inner edges (corners, px) of the margin band around ``quad``."""
    quad = np.asarray(quad, np.float64)
    pitch = board_pitch(quad)
    return sides_moved_out(quad, MARGIN_TO * pitch), sides_moved_out(quad, MARGIN_FROM * pitch)


def _pixels_in(picture: np.ndarray, outer: np.ndarray, inner: np.ndarray | None = None) -> np.ndarray:
    """The pixels (``(n, 3)``) of ``picture`` within the convex polygon ``outer`` (corners, px) and
    outside ``inner`` (none: the whole polygon), where the picture shows them."""
    h, w = picture.shape[:2]
    x0, y0 = np.clip(np.floor(outer.min(axis=0)).astype(int), 0, [w, h])
    x1, y1 = np.clip(np.ceil(outer.max(axis=0)).astype(int) + 1, 0, [w, h])
    if x1 - x0 < 1 or y1 - y0 < 1:
        return np.zeros((0, 3), picture.dtype)
    band = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(band, np.round(outer - (x0, y0)).astype(np.int32), 1)
    if inner is not None:
        cv2.fillConvexPoly(band, np.round(inner - (x0, y0)).astype(np.int32), 0)
    return picture[y0:y1, x0:x1][band > 0]
