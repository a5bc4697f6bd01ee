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
Seed 2's open booklet 1 (held-out kind), a block on a navy and teal shape above the page, is not
reached: the teal is near the paper's tint in a shadow (0.039), 31 % of the margin so measured.
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
    off = {id(r) for r in blocks if off_share(margin_pixels(picture, r.quad), page) >= OFF_SHARE}
    return [r for r in read if id(r) not in off]


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
    quad = np.asarray(quad, np.float64)
    pitch = board_pitch(quad)
    outer, inner = sides_moved_out(quad, MARGIN_TO * pitch), sides_moved_out(quad, MARGIN_FROM * pitch)
    h, w = picture.shape[:2]
    x0, y0 = np.clip(np.floor(outer.min(axis=0)).astype(int), 0, [w, h])
    x1, y1 = np.clip(np.ceil(outer.max(axis=0)).astype(int) + 1, 0, [w, h])
    if x1 - x0 < 1 or y1 - y0 < 1:
        return np.zeros((0, 3), picture.dtype)
    band = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(band, np.round(outer - (x0, y0)).astype(np.int32), 1)
    cv2.fillConvexPoly(band, np.round(inner - (x0, y0)).astype(np.int32), 0)
    return picture[y0:y1, x0:x1][band > 0]
