"""One board-reading layer: a board seen straight on, its cells and its light.

Every family reads a board the same way once it knows where the board is in
the picture (four corners, or a lattice homography from
:func:`visolve.vision.lattice.find_cell_lattice`): sample it upright at a chosen
number of pixels per cell, even out the light, cut the cells and look at
each.  :class:`BoardView` is that upright board; :func:`draw_overlay` draws
what a reader saw on the picture for ``--debug``.

Coordinates
    *picture*: continuous ``(x, y)``, pixel ``(i, j)`` covers
    ``[j, j+1) x [i, i+1)`` (:mod:`visolve.vision.geometry`).

    *board*: one unit per cell; the board spans ``[0, cols] x [0, rows]``
    and cell ``(r, c)`` of a square lattice covers ``[c, c+1) x [r, r+1)``.
    ``BoardView.homography`` maps board to picture coordinates.

    *view*: the upright picture ``BoardView.image``, ``pitch`` pixels per
    board unit, covering the board rectangle ``extent = (u0, v0, u1, v1)``
    (the board and a margin, or any region: a caption above the board):
    view point ``(x, y)`` shows board point ``(u0 + x / pitch, v0 + y / pitch)``.

Cells
    A square lattice has cells ``(r, c)`` centred at ``(c + 0.5, r + 0.5)``.
    Other lattices (rows of 7 and 6 stars, a hexagonal board) pass
    ``centres``: cell key -> board coordinates of its centre;
    :meth:`BoardView.cell` cuts a square patch around any cell's centre.

Sampling
    ``"linear"``: bilinear warp, after area-shrinking the board's region of a
    large picture so fine detail does not alias (outside the picture: the
    nearest edge pixel).  ``"area"``: every view pixel is the area average of
    the picture region it covers (:func:`visolve.vision.grid.rectify`: exact
    for an upright board at any scale, supersampled otherwise; outside the
    picture: black) -- for pixel-art screens read against drawn templates.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from visolve.vision.geometry import map_points, rect_to_quad
from visolve.vision.grid import rectify
from visolve.vision.light import fill_quadratic, flat_field, normalise_light
from visolve.vision.overlay import banner, draw_overlay  # noqa: F401 - part of this layer

SAMPLINGS = ("linear", "area")
#: a picture region is area-shrunk before a linear warp when its cells are
#: more than this many times the view's pitch
SHRINK_ABOVE = 1.5
#: ... to this many times the view's pitch
SHRINK_TO = 1.2


@dataclass(frozen=True)
class BoardView:
    """An upright view of a board found in a picture (see the module docstring).

    Build one with :meth:`from_corners`, :meth:`from_homography` or
    :meth:`from_lattice`; the light-evening steps (:meth:`flat_fielded`,
    :meth:`normalised`) and :meth:`with_image` return a new view of the same
    geometry.
    """

    image: np.ndarray  #: the upright view (uint8 BGR as sampled; float32 after evening the light)
    homography: np.ndarray  #: board -> picture, 3x3
    rows: int
    cols: int
    pitch: int  #: view pixels per board unit
    extent: tuple[float, float, float, float]  #: board region (u0, v0, u1, v1) the view shows
    #: cell key -> board coordinates of its centre (square lattice: (r, c) -> (c + .5, r + .5))
    centres: Mapping[Hashable, tuple[float, float]] = field(repr=False, compare=False, default_factory=dict)
    picture: np.ndarray | None = field(repr=False, compare=False, default=None)  #: the picture sampled
    sampling: str = "linear"

    # -- construction -------------------------------------------------------

    @classmethod
    def from_homography(
        cls,
        picture: np.ndarray,
        homography: np.ndarray,
        rows: int,
        cols: int,
        *,
        pitch: int = 32,
        margin: float | Sequence[float] = 0.0,
        extent: Sequence[float] | None = None,
        centres: Mapping[Hashable, tuple[float, float]] | None = None,
        sampling: str = "linear",
    ) -> BoardView:
        """The board that ``homography`` (board -> picture) points at, sampled upright.

        ``margin`` is board units around ``[0, cols] x [0, rows]``: one number,
        or ``(left, top, right, bottom)``; ``extent`` = ``(u0, v0, u1, v1)``
        replaces it with any region.  The view is ``round((u1 - u0) * pitch)``
        pixels wide.
        """
        if sampling not in SAMPLINGS:
            raise ValueError(f"unknown sampling {sampling!r}; expected one of {', '.join(SAMPLINGS)}")
        box = board_extent(rows, cols, margin, extent)
        hom = np.asarray(homography, np.float64)
        image = sample(picture, hom, box, pitch, sampling)
        if centres is None:
            centres = {(r, c): (c + 0.5, r + 0.5) for r in range(rows) for c in range(cols)}
        return cls(image, hom, rows, cols, int(pitch), box, dict(centres), picture, sampling)

    @classmethod
    def from_corners(
        cls, picture: np.ndarray, corners, rows: int, cols: int, **kw
    ) -> BoardView:
        """The board whose outer corners (tl, tr, br, bl, picture coordinates) are ``corners``.

        Keywords as for :meth:`from_homography`.
        """
        return cls.from_homography(picture, corners_homography(corners, rows, cols), rows, cols, **kw)

    @classmethod
    def from_lattice(cls, picture: np.ndarray, lattice, **kw) -> BoardView:
        """The board of a :class:`visolve.vision.lattice.Lattice` (``find_cell_lattice``)."""
        return cls.from_homography(picture, lattice.homography, lattice.rows, lattice.cols, **kw)

    def with_image(self, image: np.ndarray) -> BoardView:
        """The same view with another picture of it (a processed copy, same size)."""
        if image.shape[:2] != self.image.shape[:2]:
            raise ValueError(f"view is {self.image.shape[1]}x{self.image.shape[0]}, got {image.shape[1]}x{image.shape[0]}")
        return replace(self, image=image)

    def resampled(
        self,
        *,
        homography: np.ndarray | None = None,
        pitch: int | None = None,
        extent: Sequence[float] | None = None,
        sampling: str | None = None,
    ) -> BoardView:
        """The board sampled again from the picture: a corrected homography, another
        pitch (a finer look at a few cells) or another region."""
        if self.picture is None:
            raise ValueError("this view keeps no picture to sample again")
        return BoardView.from_homography(
            self.picture,
            self.homography if homography is None else homography,
            self.rows,
            self.cols,
            pitch=self.pitch if pitch is None else pitch,
            extent=self.extent if extent is None else extent,
            centres=self.centres,
            sampling=self.sampling if sampling is None else sampling,
        )

    # -- geometry -----------------------------------------------------------

    def view_to_board(self, points) -> np.ndarray:
        """View coordinates -> board coordinates, ``(n, 2)``."""
        p = np.asarray(points, np.float64).reshape(-1, 2)
        return p / self.pitch + np.array(self.extent[:2])

    def board_to_view(self, points) -> np.ndarray:
        """Board coordinates -> view coordinates, ``(n, 2)``."""
        p = np.asarray(points, np.float64).reshape(-1, 2)
        return (p - np.array(self.extent[:2])) * self.pitch

    def to_picture(self, points) -> np.ndarray:
        """Board coordinates -> picture coordinates, ``(n, 2)``."""
        return map_points(self.homography, points)

    def from_picture(self, points) -> np.ndarray:
        """Picture coordinates -> board coordinates, ``(n, 2)``."""
        return map_points(np.linalg.inv(self.homography), points)

    def view_homography(self) -> np.ndarray:
        """3x3 homography from view coordinates to picture coordinates."""
        u0, v0 = self.extent[:2]
        s = np.array([[1.0 / self.pitch, 0, u0], [0, 1.0 / self.pitch, v0], [0, 0, 1.0]])
        return self.homography @ s

    def corners(self) -> np.ndarray:
        """The board's outer corners tl, tr, br, bl in the picture, ``(4, 2)``."""
        return self.to_picture([[0, 0], [self.cols, 0], [self.cols, self.rows], [0, self.rows]])

    def cell_size(self) -> float:
        """Mean size of a board unit in picture pixels (mean of the four sides)."""
        c = self.corners()
        sides = np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1)
        return float((sides[0] + sides[2]) / (4 * self.cols) + (sides[1] + sides[3]) / (4 * self.rows))

    # -- cells --------------------------------------------------------------

    @property
    def keys(self) -> list[Hashable]:
        """Cell keys in reading order (as ``centres`` lists them)."""
        return list(self.centres)

    def centre(self, *key) -> tuple[float, float]:
        """View coordinates of a cell's centre: ``centre(r, c)`` or ``centre(key)``."""
        u, v = self.centres[_key(key)]
        x, y = self.board_to_view([(u, v)])[0]
        return float(x), float(y)

    def cell(self, *key, size: float = 1.0) -> np.ndarray:
        """The square patch of ``size`` board units around a cell's centre: ``cell(r, c)``.

        A view of :attr:`image` (no copy) when it lies inside the view; cut
        off by the view's edge, it is padded with the edge pixels.
        """
        cx, cy = self.centre(*key)
        return self.patch(cx, cy, size)

    def patch(self, cx: float, cy: float, size: float = 1.0) -> np.ndarray:
        """The square patch of ``size`` board units centred on view point ``(cx, cy)``."""
        s = max(1, int(round(size * self.pitch)))
        x0, y0 = int(round(cx - s / 2)), int(round(cy - s / 2))
        h, w = self.image.shape[:2]
        if x0 >= 0 and y0 >= 0 and x0 + s <= w and y0 + s <= h:
            return self.image[y0 : y0 + s, x0 : x0 + s]
        ys = np.clip(np.arange(y0, y0 + s), 0, h - 1)
        xs = np.clip(np.arange(x0, x0 + s), 0, w - 1)
        return self.image[np.ix_(ys, xs)]

    def cells(self, size: float = 1.0) -> list[np.ndarray]:
        """Every cell's patch (:meth:`cell`), in :attr:`keys` order."""
        return [self.cell(k, size=size) for k in self.keys]

    def region(self, u0: float, v0: float, u1: float, v1: float) -> np.ndarray:
        """The view's pixels showing the board rectangle ``[u0, u1] x [v0, v1]`` (no copy)."""
        (x0, y0), (x1, y1) = np.round(self.board_to_view([(u0, v0), (u1, v1)])).astype(int)
        h, w = self.image.shape[:2]
        return self.image[max(y0, 0) : min(y1, h), max(x0, 0) : min(x1, w)]

    def board(self) -> np.ndarray:
        """The board itself, without margin: :meth:`region` ``(0, 0, cols, rows)``."""
        return self.region(0, 0, self.cols, self.rows)

    # -- light --------------------------------------------------------------

    def flat_fielded(self, size: float = 2.0, level: float = 200.0) -> BoardView:
        """Light paint evened out: each pixel divided by the local light on the
        brightest paint within ``size`` board units (:func:`visolve.vision.light.flat_field`),
        scaled so that paint becomes ``level`` (float32).  For boards whose
        background is the brightest thing near every cell (paper, a light grid)."""
        return self.with_image(flat_field(self.image, size * self.pitch, level))

    def normalised(self, low: np.ndarray, high: np.ndarray, *, sigma: float = 0.35, min_span: float = 8.0) -> BoardView:
        """Two references evened out: 0 where the view shows the ``low`` one, 1 for ``high``.

        ``low`` and ``high`` are boolean masks (view-sized) of pixels that show
        each reference (say the dark cells' corners and the grey lines);
        each reference's colour is filled in everywhere by local quadratic
        fits of width ``sigma`` board units
        (:func:`visolve.vision.light.fill_quadratic`), then every channel is
        mapped affinely per pixel (:func:`visolve.vision.light.normalise_light`;
        float32).  Light gains, colour casts, veiling light and glare are
        affine per pixel, so what remains is the drawing's own colour.
        """
        img = self.image.astype(np.float32)
        lo = fill_quadratic(img, low, sigma * self.pitch)
        hi = fill_quadratic(img, high, sigma * self.pitch)
        return self.with_image(normalise_light(img, lo, hi, min_span))

    def sample_colours(self, points, radius: int = 1) -> np.ndarray:
        """Mean colour of the ``(2 radius + 1)`` px square around each board point, ``(n, c)``."""
        out = []
        img = self.image if self.image.ndim == 3 else self.image[:, :, None]
        h, w = img.shape[:2]
        for x, y in self.board_to_view(points):
            xi, yi = int(np.clip(np.floor(x), 0, w - 1)), int(np.clip(np.floor(y), 0, h - 1))
            block = img[max(yi - radius, 0) : yi + radius + 1, max(xi - radius, 0) : xi + radius + 1]
            out.append(block.reshape(-1, img.shape[2]).mean(axis=0))
        return np.array(out, np.float64)


# ---------------------------------------------------------------------------
# sampling


def corners_homography(corners, rows: int, cols: int) -> np.ndarray:
    """Board -> picture homography of a board whose outer corners are ``corners`` (tl, tr, br, bl)."""
    return rect_to_quad((0.0, 0.0, float(cols), float(rows)), corners).astype(np.float64)


def sample(
    picture: np.ndarray, homography: np.ndarray, extent: Sequence[float], pitch: int, sampling: str = "linear"
) -> np.ndarray:
    """The board region ``extent`` (board units) of ``picture`` seen straight on, ``pitch`` px per unit."""
    u0, v0, u1, v1 = (float(v) for v in extent)
    out_w, out_h = int(round((u1 - u0) * pitch)), int(round((v1 - v0) * pitch))
    if out_w < 1 or out_h < 1:
        raise ValueError(f"empty view: extent {tuple(extent)} at {pitch} px per unit")
    h = np.asarray(homography, np.float64)
    if sampling == "area":
        to_board = np.array([[1.0 / pitch, 0, u0], [0, 1.0 / pitch, v0], [0, 0, 1.0]])
        return rectify(picture, h @ to_board, (0, 0, out_w, out_h))
    return _warp_linear(picture, h, (u0, v0, u1, v1), pitch, (out_w, out_h))


def shrink_box(shape: tuple, homography: np.ndarray, extent: Sequence[float],
               pitch: int) -> tuple[tuple[int, int, int, int], float] | None:
    """The picture's box ``(x0, y0, x1, y1)`` (px, 2 px around the board region ``extent``, in the
    picture of ``shape``) that a linear view at ``pitch`` px a unit area-shrinks first, and the
    factor it is shrunk by (to :data:`SHRINK_TO` times the pitch); None when the region's cells
    are at most :data:`SHRINK_ABOVE` times the pitch, or the box is under 2 px."""
    u0, v0, u1, v1 = extent
    quad = map_points(np.asarray(homography, np.float64), [[u0, v0], [u1, v0], [u1, v1], [u0, v1]])
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    src_pitch = max(sides[0] / (u1 - u0), sides[1] / (v1 - v0))
    if src_pitch <= SHRINK_ABOVE * pitch:
        return None
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - 2, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0)).astype(int) + 2, [shape[1], shape[0]])
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    return (int(x0), int(y0), int(x1), int(y1)), SHRINK_TO * pitch / src_pitch


def _warp_linear(picture, h, extent, pitch, size) -> np.ndarray:
    """Bilinear warp; the picture's region is area-shrunk first when its cells are large (:func:`shrink_box`)."""
    u0, v0, u1, v1 = extent
    out_w, out_h = size
    img = picture
    shrink = shrink_box(picture.shape, h, extent, pitch)
    if shrink is not None:
        (x0, y0, x1, y1), factor = shrink
        nw, nh = max(2, int(round((x1 - x0) * factor))), max(2, int(round((y1 - y0) * factor)))
        img = cv2.resize(picture[y0:y1, x0:x1], (nw, nh), interpolation=cv2.INTER_AREA)
        h = np.diag([nw / (x1 - x0), nh / (y1 - y0), 1.0]) @ np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ h
    # output pixel centre (j + 0.5, i + 0.5) -> board -> picture (then -0.5 for OpenCV)
    to_board = np.array([[1 / pitch, 0, 0.5 / pitch + u0], [0, 1 / pitch, 0.5 / pitch + v0], [0, 0, 1]])
    to_cv = np.array([[1, 0, -0.5], [0, 1, -0.5], [0, 0, 1.0]])
    m = to_cv @ h @ to_board
    return cv2.warpPerspective(
        img, m, (out_w, out_h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE
    )


def board_extent(rows: int, cols: int, margin: float | Sequence[float] = 0.0,
                 extent: Sequence[float] | None = None) -> tuple[float, float, float, float]:
    """The board region ``(u0, v0, u1, v1)`` a view shows: ``extent``, else ``[0, cols] x [0, rows]``
    with ``margin`` around it (one number, or ``(left, top, right, bottom)``)."""
    if extent is not None:
        u0, v0, u1, v1 = (float(v) for v in extent)
    else:
        m = (float(margin),) * 4 if np.isscalar(margin) else tuple(float(v) for v in margin)
        if len(m) != 4:
            raise ValueError(f"margin must be one number or (left, top, right, bottom), got {margin!r}")
        u0, v0, u1, v1 = -m[0], -m[1], cols + m[2], rows + m[3]
    if not (u1 > u0 and v1 > v0):
        raise ValueError(f"empty extent {(u0, v0, u1, v1)}")
    return (u0, v0, u1, v1)


def _key(key: tuple) -> Hashable:
    return key[0] if len(key) == 1 else tuple(key)
