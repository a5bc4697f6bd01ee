"""circuit500 reference templates: the tiles and glyphs the reader matches against.

The templates are drawn by the project's painter (``scripts/draw_reference.py``)
into ``data/reference/circuit500`` and shipped with the package
(:func:`visolve.resources.reference_dir`).  :func:`references` loads them
once, with the blurred copies photos need and the board's geometry on the
game's base grid.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.puzzles.circuit500.model import COLS, ROWS, Tile
from visolve.resources import reference_dir
from visolve.vision.light import channel_max
from visolve.vision.match import TemplateBank


def _reference_dir() -> Path:
    return reference_dir("circuit500")


# --------------------------------------------------------------------------
# references


@dataclass(frozen=True)
class References:
    tiles: TemplateBank  #: groups are Tile(kind, arms), labels (token, lit)
    #: for photos: the same tiles, also slightly blurred, light gradients removed
    photo_tiles: TemplateBank
    digits: TemplateBank
    letters: TemplateBank
    photo_digits: TemplateBank  #: digits also blurred (same groups), for photos
    photo_letters: TemplateBank
    board_rect: tuple[int, int, int, int]  #: (x0, y0, x1, y1) on the base grid
    tile: int
    caption_xy: tuple[int, int]  #: where "level" starts
    digits_xy: tuple[int, int]
    pitch: int
    view: tuple[int, int, int, int]  #: base region that is rectified
    #: (top, right, bottom, left): how far outside the true board edge the
    #: area under an edge profile puts it, in base pixels (the plates' bevel)
    edge_bias: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    #: digits enlarged DIGIT_UP times and blurred by each of DIGIT_UP_BLURS,
    #: for a second look at a small photo's number (:func:`digits_second_look`)
    digits_up: TemplateBank | None = None

    def to_board(self, rect) -> tuple[float, float, float, float]:
        """A base-grid rectangle (x0, y0, x1, y1) in board units (one per tile, 0 at the board's corner)."""
        ox, oy = self.board_rect[:2]
        x0, y0, x1, y1 = rect
        return ((x0 - ox) / self.tile, (y0 - oy) / self.tile, (x1 - ox) / self.tile, (y1 - oy) / self.tile)

    def base_to_board(self) -> np.ndarray:
        """3x3 map from base-grid coordinates to board units."""
        ox, oy = self.board_rect[:2]
        t = float(self.tile)
        return np.array([[1 / t, 0, -ox / t], [0, 1 / t, -oy / t], [0, 0, 1.0]])


@lru_cache(maxsize=1)
def references() -> References:
    """Load the reference tiles and glyphs once (cached)."""
    folder = _reference_dir()
    index_path = folder / "index.json"
    if not index_path.is_file():
        raise ReadError(
            f"circuit500 reference templates not found in {folder} "
            "(run scripts/draw_reference.py)"
        )
    index = json.loads(index_path.read_text())
    geo = index["geometry"]
    tile_imgs, tile_labels, tile_groups = [], [], []
    glyphs: dict[str, np.ndarray] = {}
    # in-game drawings first, so a not-in-game drawing that is (nearly)
    # identical to one of them (the green end of a solved board looks exactly like the
    # start) can be dropped: it could only ever make a tie.
    entries = sorted(index["files"], key=lambda e: not e.get("in_game", True))
    for entry in entries:
        path = folder / entry["file"]
        if entry["type"] == "tile":
            img = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if img is None:
                raise ReadError(f"cannot load reference tile {path}")
            group = Tile(entry["kind"], int(entry["arms"]))
            if not entry.get("in_game", True) and _near_duplicate(img, group, tile_imgs, tile_groups):
                continue
            tile_imgs.append(img)
            tile_labels.append((entry["token"], entry["lit"]))
            tile_groups.append(group)
        elif entry["type"] == "glyph":
            img = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
            if img is None:
                raise ReadError(f"cannot load reference glyph {path}")
            glyphs[entry["char"]] = img
    ox, oy = geo["board_origin"]
    t = int(geo["tile"])
    rows, cols = int(geo["rows"]), int(geo["cols"])
    if (rows, cols) != (ROWS, COLS):
        raise ReadError(f"reference geometry is {rows}x{cols}, the model wants {ROWS}x{COLS}")
    board_rect = (ox, oy, ox + cols * t, oy + rows * t)
    cap = geo["level_text"]
    dig = geo["level_digits"]
    digit_chars = [c for c in sorted(glyphs) if c.isdigit()]
    letter_chars = [c for c in sorted(glyphs) if not c.isdigit()]
    edge_bias = _edge_bias(tile_imgs, tile_groups)
    view_y0 = max(0, int(cap["y"]) - 5)
    view = (0, view_y0, int(geo["base_size"][0]), board_rect[3] + 1)
    return References(
        tiles=TemplateBank(tile_imgs, tile_labels, tile_groups),
        photo_tiles=_photo_bank(tile_imgs, tile_labels, tile_groups),
        digits=TemplateBank([glyphs[c] for c in digit_chars], digit_chars),
        letters=TemplateBank([glyphs[c] for c in letter_chars], letter_chars),
        photo_digits=_photo_bank([glyphs[c] for c in digit_chars], digit_chars, digit_chars, detrend=False),
        photo_letters=_photo_bank([glyphs[c] for c in letter_chars], letter_chars, letter_chars, detrend=False),
        board_rect=board_rect,
        tile=t,
        caption_xy=(int(cap["x"]), int(cap["y"])),
        digits_xy=(int(dig["x"]), int(dig["y"])),
        pitch=int(dig["step"]),
        view=view,
        edge_bias=edge_bias,
        digits_up=_upsampled_bank([glyphs[c] for c in digit_chars], digit_chars),
    )


#: blur (base pixels) of the extra photo templates: a photo's focus and
#: resampling soften 1-pixel outlines
PHOTO_BLURS = (0.6, 1.0)


def _photo_bank(imgs, labels, groups, detrend: bool = True) -> TemplateBank:
    """Templates as drawn plus blurred copies (same group, so never a doubt)."""
    all_imgs, all_labels, all_groups = list(imgs), list(labels), list(groups)
    for sigma in PHOTO_BLURS:
        for img, lab, g in zip(imgs, labels, groups):
            all_imgs.append(cv2.GaussianBlur(img, (0, 0), sigma, borderType=cv2.BORDER_REPLICATE))
            all_labels.append(lab)
            all_groups.append(g)
    return TemplateBank(all_imgs, all_labels, all_groups, detrend=detrend)


#: a small photo's level number is looked at again on a grid this many times
#: finer than the base grid ...
DIGIT_UP = 4
#: ... against the digits blurred by each of these widths (base pixels; the
#: best-fitting blur wins, all blurs of a digit are one answer)
DIGIT_UP_BLURS = (0.35, 0.5, 0.7, 0.9, 1.2)


def _upsampled_bank(imgs, chars) -> TemplateBank:
    """Glyphs enlarged DIGIT_UP times (nearest: sharp pixel art), blurred by each of DIGIT_UP_BLURS."""
    all_imgs, all_labels = [], []
    for sigma in DIGIT_UP_BLURS:
        for img, c in zip(imgs, chars):
            big = cv2.resize(img, None, fx=DIGIT_UP, fy=DIGIT_UP, interpolation=cv2.INTER_NEAREST)
            all_imgs.append(cv2.GaussianBlur(big.astype(np.float32), (0, 0), sigma * DIGIT_UP,
                                             borderType=cv2.BORDER_CONSTANT))
            all_labels.append(c)
    return TemplateBank(all_imgs, all_labels, all_labels)


def _edge_bias(imgs, groups) -> tuple[float, float, float, float]:
    """Edge bias per side from the empty tile's bevel (see :func:`refine_sides`).

    Brightness in excess of the plate just inside an edge (a light bevel)
    makes the area estimate land outside the edge by that excess, in base
    pixels; a dark bevel puts it inside.
    """
    for img, g in zip(imgs, groups):
        if g == Tile("empty"):
            v = channel_max(img).astype(np.float64)
            plate = float(np.median(v))
            prof = {
                "top": v[:4, 4:-4].mean(axis=1),
                "right": v[4:-4, -4:].mean(axis=0)[::-1],
                "bottom": v[-4:, 4:-4].mean(axis=1)[::-1],
                "left": v[4:-4, :4].mean(axis=0),
            }
            return tuple(float((prof[k] / plate - 1).sum()) for k in ("top", "right", "bottom", "left"))
    return (0.0, 0.0, 0.0, 0.0)


def _near_duplicate(img, group, imgs, groups, limit: float = 0.98) -> bool:
    """True when ``img`` correlates >= ``limit`` with a loaded template of another group."""
    others = [o for o, g in zip(imgs, groups) if g != group]
    if not others:
        return False
    bank = TemplateBank(others, list(range(len(others))))
    return bool(bank.scores([img]).max() >= limit)
