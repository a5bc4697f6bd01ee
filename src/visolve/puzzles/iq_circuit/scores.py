"""IQ Circuit cell and gap scores: a board seen straight on -> shares of yellow and white.

Every cell gets scores in 0..1 (share of yellow pixels in small patches):
centre, each of the four track arms (15-17 px from the centre, a doubt there
settled 13-15 px out where a piece's outline hides the track's end), a dot (four
diagonal patches at 6 px, which a 7 px track band never reaches); every
inside gap gets a track-crossing score and a white-outline score.
:func:`cell_symbol` turns a cell's scores into its symbol, and a score
between :data:`NO` and :data:`YES` is a doubt: a ReadError naming the cell.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from visolve.errors import ReadError
from visolve.plural import counted
from visolve.puzzles.iq_circuit.colours import PITCH, Classes, white_mask, yellow_mask
from visolve.puzzles.iq_circuit.model import DELTA, HEIGHT, MASK_SYMBOL, OPEN_DOT, WIDTH, gap_key

YES, NO = 0.6, 0.3  #: score thresholds; in between = doubtful


#: a track arm is looked for ARM_FROM..ARM_TO px from the cell's centre (at PITCH px per
#: cell): past the largest dot (a third of a cell wide), short of the gap's middle at 20
#: px, where a track ends at a piece's outline
ARM_FROM, ARM_TO = 15, 17
#: ... and ARM_NEAR px out where the gap beyond shows a white outline and no track crossing it
#: (a piece's outline hides the track's end): boards of about 25 px a cell, blurred, left
#: the track's yellow ending 16-17 px out under the outline (photo seed 37), short of the
#: far window; a dot's yellow reached 11 px (its radius is a quarter of a cell, 10 px)
ARM_NEAR = (13, 15)
#: a dot's rim: the yellow run from a cell's centre along an axis reaches RIM_PAST px or
#: more past the track band's half width (measured on the board, :func:`band_half_width`;
#: a lattice half a pixel off moves a band's side by that much, the smallest dot's rim is
#: half a band width further out) ...
RIM_PAST = 2.0
#: ... and a band's side RIM_SIDE px or less past it (between the two: a doubt)
RIM_SIDE = 1.25
#: the band's half width (px at PITCH) when the board shows no track arm to measure it on
BAND_HALF = 5
#: white within SEAM px of yellow is a compression seam, not an outline
SEAM = 3


@dataclass
class CellScores:
    centre: float
    dot: float
    arms: tuple[float, float, float, float]  # right, down, left, up
    #: yellow just past the band's half width from the centre towards right, down, left, up (a dot's rim
    #: in every direction; a band's side only along its own arms)
    rim: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)


@dataclass
class BoardScores:
    cells: list[list[CellScores]]  # [y][x]
    #: gaps[(x, y, d)] for d = 0 (right neighbour) and 1 (lower neighbour): (track, outline)
    gaps: dict[tuple[int, int, int], tuple[float, float]]


def patch_share(mask: np.ndarray, cx: float, cy: float, hw: int, hh: int) -> float:
    """Mean of ``mask`` over the patch ``cx - hw .. cx + hw`` by ``cy - hh .. cy + hh`` (0 off the picture)."""
    x0, x1 = int(round(cx - hw)), int(round(cx + hw)) + 1
    y0, y1 = int(round(cy - hh)), int(round(cy + hh)) + 1
    patch = mask[max(y0, 0) : y1, max(x0, 0) : x1]
    return float(patch.mean()) if patch.size else 0.0


def _diagonal(mask: np.ndarray, cx: int, cy: int, sx: int, sy: int) -> float:
    """Mean of the pixels (6,6) (7,6) (6,7) from the centre towards one corner."""
    return float(sum(mask[cy + sy * b, cx + sx * a] for a, b in ((6, 6), (7, 6), (6, 7))) / 3)


def _axis_share(mask: np.ndarray, cx: int, cy: int, dx: int, dy: int, near: int, far: int) -> float:
    """Mean of ``mask`` ``near``..``far`` px from ``(cx, cy)`` towards ``(dx, dy)``, 2 px either side
    of the axis."""
    if dx:
        x0, x1 = sorted((cx + dx * near, cx + dx * far))
        return patch_share(mask, (x0 + x1) / 2, cy, (x1 - x0) / 2, 2)
    y0, y1 = sorted((cy + dy * near, cy + dy * far))
    return patch_share(mask, cx, (y0 + y1) / 2, 2, (y1 - y0) / 2)


def _outline_score(wht: np.ndarray, x: int, y: int, vertical: bool, clear: int = 6) -> float:
    """How much the gap centred on ``(x, y)`` shows a thin white line along it.

    Looks at the two stretches ``clear`` to ``clear + 6`` px either side of the
    gap's middle (the middle may be crossed by track, ``clear`` is past its
    band); on each line across the gap (13 px) the
    white pixels must be a narrow run (1-8 px, centred within 3 px of the gap
    line): an outline, not a wash of light over the whole gap.  The score is
    the share of such lines in the worse of the two stretches.
    """
    g = wht if vertical else wht.T
    if not vertical:
        x, y = y, x
    halves = []
    for lo, hi in ((y - clear - 6, y - clear), (y + clear, y + clear + 6)):
        block = g[max(lo, 0) : hi + 1, max(x - 6, 0) : x + 7].astype(np.float32)
        if block.size == 0:
            return 0.0
        count = block.sum(axis=1)
        pos = np.arange(block.shape[1], dtype=np.float32) + max(x - 6, 0) - x
        centre = (block * pos).sum(axis=1) / np.maximum(count, 1)
        ok = (count >= 1) & (count <= 8) & (np.abs(centre) <= 3)
        halves.append(float(ok.mean()))
    return min(halves)


def _run_length(mask: np.ndarray, cx: int, cy: int, dx: int, dy: int) -> float:
    """How far ``mask`` runs unbroken from ``(cx, cy)`` towards ``(dx, dy)`` (at most half a
    cell): the median over the axis and the lines 1 px either side of it."""
    runs = []
    for side in (-1, 0, 1):
        n = 0
        while n < PITCH // 2:
            px, py = cx + dx * n + dy * side, cy + dy * n + dx * side
            if not (0 <= py < mask.shape[0] and 0 <= px < mask.shape[1]) or mask[py, px] < 0.5:
                break
            n += 1
        runs.append(n)
    # the middle of the three (numpy's median of three, without its cost); the run's last pixel
    # ends half a pixel past its centre
    return float(sorted(runs)[1]) - 0.5


def _rim_score(run: float, half: float) -> float:
    """0..1: how clearly a yellow run from the centre reaches past the band (a dot's rim)."""
    return float(np.clip(0.3 + 0.3 * (run - half - RIM_SIDE) / (RIM_PAST - RIM_SIDE), 0.0, 1.0))


def band_half_width(yel: np.ndarray) -> float:
    """Half the width of the track band on a board (yellow mask, PITCH px per cell): the
    median, over the arms clearly seen (yellow along the axis ARM_FROM..ARM_TO px out), of
    the yellow run across the arm through its axis; :data:`BAND_HALF` without any arm."""
    widths = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            cx, cy = PITCH * x + PITCH // 2, PITCH * y + PITCH // 2
            for dx, dy in DELTA:
                if not (0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT):
                    continue
                if _axis_share(yel, cx, cy, dx, dy, ARM_FROM, ARM_TO) < YES:
                    continue
                at = (ARM_FROM + ARM_TO) // 2
                if dx:
                    across = yel[cy - PITCH // 2 : cy + PITCH // 2, cx + dx * at]
                else:
                    across = yel[cy + dy * at, cx - PITCH // 2 : cx + PITCH // 2]
                mid = PITCH // 2
                lo = mid
                while lo > 0 and across[lo - 1] >= 0.5:
                    lo -= 1
                hi = mid
                while hi < len(across) and across[hi] >= 0.5:
                    hi += 1
                widths.append(hi - lo)
    return float(np.median(widths)) / 2 if widths else float(BAND_HALF)


def score_board(board: np.ndarray, classes: Classes | None = None) -> BoardScores:
    """Scores of every cell and inside gap of a board seen straight on (no margin).

    ``classes`` are the colour classes from :func:`normalised_classes`; without
    them the fixed booklet colours are used (clean screenshots only).
    """
    if classes is None:
        yel = yellow_mask(board).astype(np.float32)
        wht = white_mask(board).astype(np.float32)
    else:
        yel = classes.yellow.astype(np.float32)
        wht = classes.white.astype(np.float32)
    half = band_half_width(yel)
    # JPEG's coarse colour leaves light, nearly white seams along yellow: white next to
    # yellow is no outline (an outline stays whole past a band that ends at it)
    wht = wht * (cv2.dilate(yel, np.ones((2 * SEAM + 1, 2 * SEAM + 1), np.uint8)) < 0.5)
    gaps = _gap_scores(yel, wht, max(6, int(np.ceil(half)) + 2))
    cells = [[_cell_scores(yel, x, y, half, gaps) for x in range(WIDTH)] for y in range(HEIGHT)]
    return BoardScores(cells, gaps)


def _cell_scores(yel: np.ndarray, x: int, y: int, half: float, gaps: dict) -> CellScores:
    """The scores of cell ``(x, y)`` on the yellow mask of a board (track band ``half`` px
    half wide; ``gaps`` those of :func:`_gap_scores`, for the arms ending at an outline)."""
    cx, cy = PITCH * x + PITCH // 2, PITCH * y + PITCH // 2
    centre = max(patch_share(yel, cx + sx * 2, cy + sy * 2, 1, 1) for sx in (-1, 1) for sy in (-1, 1))
    # three pixels 8.5-9.2 px from the centre along each diagonal: inside a
    # dot (radius ~10), 6 px clear of the axes (track half width ~4)
    diag = sorted(_diagonal(yel, cx, cy, sx, sy) for sx in (-1, 1) for sy in (-1, 1))
    arms = []
    for d, (dx, dy) in enumerate(DELTA):
        arm = _axis_share(yel, cx, cy, dx, dy, ARM_FROM, ARM_TO)
        gap = gaps.get(gap_key(x, y, d))
        if NO < arm < YES and gap is not None and gap[0] <= NO and gap[1] >= YES:
            near = _band_near(yel, cx, cy, dx, dy, half)
            arm = near if near >= YES else arm  # only a doubt is settled, and only as an arm
        arms.append(arm)
    rim = tuple(_rim_score(_run_length(yel, cx, cy, dx, dy), half) for dx, dy in DELTA)
    return CellScores(centre, float(np.mean(diag)), tuple(arms), rim)


def _band_near(yel: np.ndarray, cx: int, cy: int, dx: int, dy: int, half: float) -> float:
    """The arm's score ARM_NEAR px out from ``(cx, cy)`` towards ``(dx, dy)``; 0 unless the yellow
    across it at both ends of that window is a band's width (``2 * half`` px, within RIM_PAST):
    the rim of a dot the lattice places off its centre narrows there, or is wider."""
    for at in ARM_NEAR:
        if abs(_width_across(yel, cx + dx * at, cy + dy * at, dy != 0) - 2 * half) > RIM_PAST:
            return 0.0
    return _axis_share(yel, cx, cy, dx, dy, *ARM_NEAR)


def _width_across(yel: np.ndarray, px: int, py: int, horizontal: bool) -> int:
    """Length of the yellow run through ``(px, py)`` along a row (``horizontal``) or a column,
    at most a cell's pitch (0 when that pixel is not yellow)."""
    line = yel[py, px - PITCH // 2 : px + PITCH // 2] if horizontal else yel[py - PITCH // 2 : py + PITCH // 2, px]
    lo = hi = PITCH // 2
    if hi >= len(line) or line[hi] < 0.5:
        return 0
    while lo > 0 and line[lo - 1] >= 0.5:
        lo -= 1
    while hi < len(line) and line[hi] >= 0.5:
        hi += 1
    return hi - lo


def _gap_scores(yel: np.ndarray, wht: np.ndarray, clear: int) -> dict[tuple[int, int, int], tuple[float, float]]:
    """``(track, outline)`` scores of every inside gap (see :class:`BoardScores`), the outline
    looked for ``clear`` px and more from the track's axis."""
    gaps = {}
    for y in range(HEIGHT):
        for x in range(WIDTH):
            cx, cy = PITCH * x + PITCH // 2, PITCH * y + PITCH // 2
            if x + 1 < WIDTH:
                gx = PITCH * (x + 1)
                gaps[(x, y, 0)] = (patch_share(yel, gx, cy, 1, 1), _outline_score(wht, gx, cy, True, clear))
            if y + 1 < HEIGHT:
                gy = PITCH * (y + 1)
                gaps[(x, y, 1)] = (patch_share(yel, cx, gy, 1, 1), _outline_score(wht, cx, gy, False, clear))
    return gaps


def decide(score: float, what: str) -> bool:
    """Yes at :data:`YES` or more, no at :data:`NO` or less; in between a ReadError naming ``what``."""
    if score >= YES:
        return True
    if score <= NO:
        return False
    raise ReadError(f"{what}: score {score:.2f} is neither clearly yes (>= {YES}) nor no (<= {NO})")


def cell_symbol(s: CellScores, x: int, y: int) -> str:
    """Symbol of one cell from its scores: '.', a line/bend, a dot with direction or 'o'.

    The arms and the centre decide: a yellow centre with two arms is track, with
    at most one arm a dot, which its rim must confirm (yellow all round, past a
    band's width, in every direction without an arm); a dot seen across the
    diagonals of a cell with two arms is a doubt.
    """
    where = f"cell ({x},{y}) [column {x + 1}, row {y + 1}]"
    arms = []
    for d, (a, name) in enumerate(zip(s.arms, ("right", "down", "left", "up"))):
        if 0 <= x + DELTA[d][0] < WIDTH and 0 <= y + DELTA[d][1] < HEIGHT:
            arms.append(decide(a, f"{where} track towards {name}"))
        elif a >= YES:
            raise ReadError(f"{where}: track towards {name} leaves the board (score {a:.2f})")
        else:
            # no track leaves the board, so a weak score there is no doubt (the
            # rim of a dot in a corner cell that the lattice places a little off)
            arms.append(False)
    mask = sum(1 << d for d in range(4) if arms[d])
    n = bin(mask).count("1")
    centre = decide(s.centre, f"{where} track at the centre")
    arm_text = ", ".join(f"{a:.2f}" for a in s.arms)
    if centre and n <= 1:
        rim = min(r for d, r in enumerate(s.rim) if not arms[d])
        if decide(rim, f"{where} dot (its rim)"):
            return MASK_SYMBOL[mask] if mask else OPEN_DOT
    elif centre and n == 2:
        # two arms are track; only a clear dot on them is a contradiction
        if min(r for d, r in enumerate(s.rim) if not arms[d]) >= YES:
            raise ReadError(f"{where}: a dot with 2 tracks leaving it (arm scores r,d,l,u {arm_text})")
        return MASK_SYMBOL[mask]
    elif not centre and n == 0:
        return "."
    raise ReadError(
        f"{where}: track with {counted(n, 'arm')} and centre score {s.centre:.2f} is no cell type (arm scores r,d,l,u {arm_text})"
    )
