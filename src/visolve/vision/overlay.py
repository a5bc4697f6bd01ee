"""A generic debug overlay: what a reader saw, drawn on the picture.

:func:`draw_overlay` draws a :class:`visolve.vision.view.BoardView` onto the
picture it was found in: the board's outline, the cell lattice (square
lattices), a dot at every cell centre, and per cell a label (the reading,
one or more lines) and its score, each cell in its own colour (say green
when trusted, red when in doubt).  A title goes in a banner along the bottom
edge; :func:`banner` alone is what a reader draws when it found no board.
Sizes follow the board's cell size in the picture, so the overlay reads the
same on a small screenshot and a large photo.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from visolve.vision.view import BoardView

GREEN = (0, 200, 0)
RED = (0, 0, 255)
OUTLINE = (0, 255, 0)
LATTICE = (0, 170, 0)
LABEL_GROUND = (255, 255, 255)
FONT = cv2.FONT_HERSHEY_SIMPLEX
#: cell size (picture px) at which labels are drawn at font scale 1
LABEL_CELL = 120.0


def as_bgr(image: np.ndarray) -> np.ndarray:
    """A BGR ``uint8`` copy of a grey, BGR or BGRA picture."""
    img = np.asarray(image)
    if img.dtype != np.uint8:
        img = np.clip(img, 0, 255).astype(np.uint8)
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    return np.ascontiguousarray(img[:, :, :3]).copy()


def draw_overlay(
    image: np.ndarray,
    view: BoardView | None,
    labels: Mapping[Hashable, str] | Sequence[str] | None = None,
    colours: Mapping[Hashable, tuple] | Sequence[tuple] | None = None,
    title: str | None = None,
    *,
    scores: Mapping[Hashable, float] | Sequence[float] | None = None,
    title_colour: tuple = GREEN,
    lattice: bool = True,
) -> np.ndarray:
    """The picture (BGR ``uint8`` copy) with the board and each cell's reading drawn on it.

    ``labels``, ``colours`` and ``scores`` give per cell the text (``\\n``
    for more lines), its colour and a score shown after it; each is a
    mapping from cell key or a sequence in ``view.keys`` order.  With
    ``view=None`` only the title is drawn (no board found).
    """
    out = as_bgr(image)
    if view is not None:
        _draw_board(out, view, lattice)
        keys = view.keys
        labels_, colours_, scores_ = (_per_cell(v, keys) for v in (labels, colours, scores))
        size = view.cell_size()
        for key in keys:
            colour = colours_.get(key) or GREEN
            x, y = view.to_picture([view.centres[key]])[0]
            cv2.circle(out, (int(round(x)), int(round(y))), max(2, int(size / 25)), colour, -1, cv2.LINE_AA)
            text = labels_.get(key)
            score = scores_.get(key)
            lines = [] if text is None else str(text).split("\n")
            if score is not None:
                lines.append(f"{float(score):.2f}")
            if lines:
                u, v = view.centres[key]
                _label(out, view.to_picture([(u - 0.45, v - 0.25)])[0], lines, colour, size)
    if title:
        banner(out, title, title_colour)
    return out


def banner(image: np.ndarray, text: str, colour: tuple = RED) -> np.ndarray:
    """Write ``text`` on a black band along the bottom of ``image`` (in place; also returned)."""
    h, w = image.shape[:2]
    scale = max(0.4, w / 1400)
    (tw, _th), _ = cv2.getTextSize(text, FONT, scale, 1)
    scale = min(scale, scale * (w - 10) / max(tw, 1))
    y = h - 10
    cv2.rectangle(image, (0, y - int(30 * scale) - 4), (w, h), (0, 0, 0), -1)
    cv2.putText(image, text, (5, y), FONT, scale, colour, max(1, round(scale * 1.5)), cv2.LINE_AA)
    return image


def _draw_board(out: np.ndarray, view: BoardView, lattice: bool) -> None:
    thick = max(1, round(out.shape[1] / 400))
    quad = np.round(view.corners()).astype(np.int32)
    cv2.polylines(out, [quad], True, OUTLINE, thick + 1, cv2.LINE_AA)
    if not lattice or not _square(view):
        return
    for c in range(1, view.cols):
        a, b = view.to_picture([(c, 0), (c, view.rows)])
        cv2.line(out, _pt(a), _pt(b), LATTICE, thick, cv2.LINE_AA)
    for r in range(1, view.rows):
        a, b = view.to_picture([(0, r), (view.cols, r)])
        cv2.line(out, _pt(a), _pt(b), LATTICE, thick, cv2.LINE_AA)


def _square(view: BoardView) -> bool:
    """True when the cells are the squares of the rows x cols lattice."""
    want = {(r, c): (c + 0.5, r + 0.5) for r in range(view.rows) for c in range(view.cols)}
    return dict(view.centres) == want


def _label(out: np.ndarray, org, lines: list[str], colour, cell: float) -> None:
    """Lines of text on white boxes, the first line's baseline at ``org``."""
    scale = max(0.3, cell / LABEL_CELL) * 0.55
    thick = max(1, round(2.2 * scale))
    step = int(round(48 * scale))
    for k, text in enumerate(lines):
        p = (int(org[0]), int(org[1] + k * step))
        (tw, th), base = cv2.getTextSize(text, FONT, scale, thick)
        cv2.rectangle(out, (p[0] - 2, p[1] - th - 2), (p[0] + tw + 2, p[1] + base), LABEL_GROUND, -1)
        cv2.putText(out, text, p, FONT, scale, colour, thick, cv2.LINE_AA)


def _per_cell(values: Any, keys: list) -> dict:
    if values is None:
        return {}
    if isinstance(values, Mapping):
        return dict(values)
    values = list(values)
    if len(values) != len(keys):
        raise ValueError(f"{len(values)} values for {len(keys)} cells")
    return dict(zip(keys, values))


def _pt(p) -> tuple[int, int]:
    return int(round(p[0])), int(round(p[1]))
