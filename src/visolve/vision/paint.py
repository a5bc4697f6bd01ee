"""A small painter kit: what every solution and hint picture draws the same way.

:func:`centred_text` writes a label centred on a point (shrunk to fit a
width, with an optional dark halo), :func:`caption_band` and
:func:`with_caption` put lines of text in a band under a picture,
:func:`cell_outline` draws a line round a group of square cells (on their
borders, or inset into them), and :func:`hint_lines` words a solution's
``hint`` (see ``visolve.puzzles.base``) as the caption of a hint picture.
OpenCV's Hershey fonts draw the text: they need no font file and look alike
on every machine, which keeps the pictures the same everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import cv2
import numpy as np

from visolve.vision.canvas import solid

FONT = cv2.FONT_HERSHEY_SIMPLEX
AA = cv2.LINE_AA
#: a caption line: its text, or its text and its BGR colour
Line = str | tuple[str, tuple[int, int, int]]


def fitted_scale(text: str, scale: float, thickness: int, room: float | None) -> float:
    """``scale``, made smaller when ``text`` drawn at it would be wider than ``room`` px (None: any width)."""
    if room is None:
        return scale
    (tw, _th), _ = cv2.getTextSize(text, FONT, scale, thickness)
    return scale * min(1.0, room / max(tw, 1))


def centred_text(img: np.ndarray, text: str, centre: tuple[float, float], scale: float, colour,
                 thickness: int = 1, room: float | None = None, halo=None) -> None:
    """Write ``text`` centred on the pixel ``centre`` (x, y).

    Parameters
    ----------
    img : numpy.ndarray
        The BGR picture, drawn on in place.
    text : str
        What to write.
    centre : tuple of float
        Where the middle of the text goes.
    scale : float
        OpenCV's font scale; smaller when the text is wider than ``room`` px.
    colour : tuple of int
        BGR colour of the letters.
    thickness : int
        Stroke width of the letters.
    room : float, optional
        The widest the text may be.
    halo : tuple of int, optional
        BGR colour of a border 2 px wide round the letters, drawn first, so they read on any colour.
    """
    scale = fitted_scale(text, scale, thickness, room)
    (tw, th), _ = cv2.getTextSize(text, FONT, scale, thickness)
    org = (int(round(centre[0] - tw / 2)), int(round(centre[1] + th / 2)))
    if halo is not None:  # OpenCV 5 draws no stroke wider than 2 px: the letters shifted round instead
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, -1), (-1, 1), (1, 1)):
            cv2.putText(img, text, (org[0] + dx, org[1] + dy), FONT, scale, halo, thickness, AA)
    cv2.putText(img, text, org, FONT, scale, colour, thickness, AA)


def caption_band(width: int, lines: Sequence[Line], line_h: int, scale: float, colour=(0, 0, 0),
                 background=(255, 255, 255), left: int | None = None, margin: int = 0,
                 thickness: int = 1) -> np.ndarray:
    """A band ``width`` px wide holding ``lines`` of text, ``line_h`` px each (plus ``margin`` below).

    Each line is centred, or starts ``left`` px from the left edge; a line
    too wide for the band is written smaller, in strokes ``thickness`` px
    wide.  A line given as ``(text, colour)`` has its own colour.
    """
    band = solid(line_h * len(lines) + margin, width, background)
    for k, line in enumerate(lines):
        text, ink = (line, colour) if isinstance(line, str) else line
        room = width - 2 * (10 if left is None else left)
        middle = k * line_h + line_h / 2
        if left is None:
            centred_text(band, text, (width / 2, middle), scale, ink, thickness, room)
            continue
        fitted = fitted_scale(text, scale, thickness, room)
        (_tw, th), _ = cv2.getTextSize(text, FONT, fitted, thickness)
        cv2.putText(band, text, (left, int(round(middle + th / 2))), FONT, fitted, ink, thickness, AA)
    return band


def with_caption(img: np.ndarray, lines: Sequence[Line], line_h: int, scale: float, **band) -> np.ndarray:
    """``img`` with a :func:`caption_band` of ``lines`` under it (``band``: its other arguments)."""
    return np.vstack([img, caption_band(img.shape[1], lines, line_h, scale, **band)])


def cell_outline(img: np.ndarray, cells: Iterable[tuple[int, int]], origin: tuple[float, float], pitch: int,
                 colour, width: int, inset: int = 0) -> None:
    """A line round a group of square cells: on their outer borders, or ``inset`` px inside them.

    Parameters
    ----------
    img : numpy.ndarray
        The BGR picture, drawn on in place.
    cells : iterable of (row, column)
        The group's cells, drawn in this order (where lines cross, the
        order may change the blend of their edges by a level or two).
    origin : tuple of float
        Pixel (x, y) of the top left corner of cell (0, 0).
    pitch : int
        Pixels from one cell to the next.
    colour : tuple of int
        BGR colour of the line.
    width : int
        Its thickness.
    inset : int
        How far inside the border the line runs (0: on it); at a corner
        the lines meet, at a notch they run on to the neighbour's line.
    """
    order = list(dict.fromkeys(tuple(c) for c in cells))  # drawn in the order given: same pixels each time
    cells = set(order)
    half, reach = pitch // 2, pitch // 2 - inset
    for r, c in order:
        cx, cy = origin[0] + c * pitch + half, origin[1] + r * pitch + half
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            if (r + dr, c + dc) in cells:
                continue
            ends = []
            for sign in (-1, 1):
                ar, ac = sign * dc, -sign * dr  # along the side
                run = half + inset if (r + ar, c + ac) in cells else reach
                ends.append((int(round(cx + dc * reach + ac * run)), int(round(cy + dr * reach + ar * run))))
            cv2.line(img, ends[0], ends[1], colour, width, AA)


def hint_lines(title: str, hint: dict, next_piece: str) -> tuple[str, str]:
    """The two caption lines of a hint picture: what to lay next (or why nothing), and why.

    Parameters
    ----------
    title : str
        What the picture shows, e.g. ``"level 3"``.
    hint : dict
        A solution's ``hint``: ``piece``, ``cells``, ``completable``, ``reason``.
    next_piece : str
        How the family names the hint's piece and place, e.g. ``"lay W (X up)"``.

    Returns
    -------
    tuple of str
        ``"<title>: next, <next_piece>"``, ``"<title>: cannot be finished"``
        or ``"<title>: no next piece"``; then the hint's reason.
    """
    if hint.get("piece") and hint.get("cells"):
        head = f"{title}: next, {next_piece}"
    elif hint.get("completable") is False:
        head = f"{title}: cannot be finished"
    else:
        head = f"{title}: no next piece"
    return head, str(hint.get("reason", ""))
