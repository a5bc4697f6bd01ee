"""The 6 x 6 grid placed by its printed labels when one edge's row of labels is partly hidden.

A board seen at a slant with tall pieces on it (cubes standing a square high, leaning over the
labels on the near side) may show neither a lattice of squares nor two whole rows of labels: its
outline holds a whole line of six glyphs along one edge and, along the adjacent edge, only some of
the six (:func:`visolve.puzzles.genius_square.fromlabels.grid_from_labels` wants both whole).  The
whole line places the grid across it; the glyphs seen of the other line, each a whole number of
squares from the next, place it along, up to a whole number of squares; that number is the one
that sets the whole line as far outside the grid as the partial one stands (both rows of labels
are printed at one distance from the grid).  Which labels they are is for the glyphs to say
afterwards, as for any grid: both edges must read
(:func:`visolve.puzzles.genius_square.outlined.by_outlines`).
"""

from __future__ import annotations

import numpy as np

from visolve.puzzles.genius_square.fromlabels import (GLYPH_SHARE, HEIGHT_RATIO, IN_LINE, OUTSIDE, SIZE,
                                                      candidate_view, glyph_boxes, glyph_lines, label_span,
                                                      placed_grid)

#: least glyphs seen of the partly hidden line (3: scene 35 of seed 1 shows 6, 5 and 4 of its
#: digits, the grey piece lying over 1-3)
PART_LEAST = 3
#: the partly hidden line's step (a square along it) against the whole line's, from, to (the ratio
#: of a square's sides a whole row and column of labels may place in the candidate's view)
STEP_RATIO = (0.75, 1.33)
#: each glyph of the partial line within this share of a step of the whole-step positions fitted
#: to it
PART_FIT = 0.12
#: the two lines of labels stand as far outside the grid within this many squares (the two offsets
#: a square apart differ by 1: at most one is within 0.3)
SAME_GAP = 0.3


def grid_from_labels_in_part(image: np.ndarray, homography: np.ndarray,
                             picture: np.ndarray | None = None) -> list[np.ndarray]:
    """Homographies (board -> ``image``) of the grids that a line of six glyphs along one edge and a
    part of the line along an adjacent edge place inside the candidate ``homography`` (none: an
    empty list); the glyphs are looked for on ``picture`` (the picture ``image`` is a reduced copy
    of) when it is given."""
    glyphs = glyph_boxes(candidate_view(image, homography, picture).image)
    out: list[np.ndarray] = []
    for axis in (0, 1):
        for line in glyph_lines(glyphs, axis):
            out += [placed_grid(homography, placed) for placed in part_grids(line, axis, glyphs)]
    return out


def part_grids(line: np.ndarray, axis: int, glyphs: np.ndarray) -> list[tuple[float, float, float, float]]:
    """The grids (left, top, px a square across, down) that the whole ``line`` of six glyphs along
    ``axis`` (0: a row across, its (x, y) centres; 1: a column down, its (y, x) centres) and some
    of ``glyphs`` (rows of x, y, size) in a line across it place."""
    (a0, a1), step = label_span(line[:, 0]), float(np.diff(line[:, 0]).mean())
    square = (a1 - a0) / SIZE
    size = _sizes(line, axis, glyphs)
    along, across = (1, 0) if axis == 0 else (0, 1)  # the partial line's axes in ``glyphs``
    like = glyphs[(np.maximum(glyphs[:, 2], size) < HEIGHT_RATIO * np.minimum(glyphs[:, 2], size))]
    gap = np.maximum(a0 - like[:, across], like[:, across] - a1) / square
    like = like[(gap >= OUTSIDE[0]) & (gap <= OUTSIDE[1])]
    out: list[tuple[float, float, float, float]] = []
    for seed in like:
        part = like[np.abs(like[:, across] - seed[across]) <= IN_LINE * step]
        placed = _placed_but_one(part[np.argsort(part[:, along])], along, across, line, (a0, a1, square))
        if placed is not None and not any(np.allclose(placed, other, atol=1.0) for other in out):
            out.append(placed)
    return out


def _sizes(line: np.ndarray, axis: int, glyphs: np.ndarray) -> float:
    """The median size of the glyphs of a whole line (the glyph nearest each of its centres)."""
    xy = line if axis == 0 else line[:, ::-1]
    nearest = [int(np.argmin(np.hypot(glyphs[:, 0] - x, glyphs[:, 1] - y))) for x, y in xy]
    return float(np.median(glyphs[nearest, 2]))


def _placed(part: np.ndarray, along: int, across: int, line: np.ndarray,
            whole: tuple[float, float, float]) -> tuple[float, float, float, float] | None:
    """The grid placed by the whole line (its span ``whole``: start, end, px a square) and the
    glyphs ``part`` (in order along the partial line), when they sit whole squares apart and exactly
    one place along sets the two lines as far outside the grid; else None."""
    a0, a1, square = whole
    fitted = _whole_steps(part[:, along], square)
    if fitted is None:
        return None
    first, step, last = fitted  # the first glyph's centre, a square along, the last glyph's index
    gap_part = float(np.median(np.maximum(a0 - part[:, across], part[:, across] - a1))) / square
    line_at = float(np.median(line[:, 1]))
    starts = []
    for offset in range(SIZE - last):  # the first glyph beside square ``offset``
        b0 = first - (offset + 0.5) * step
        gap_line = max(b0 - line_at, line_at - (b0 + SIZE * step)) / step
        if OUTSIDE[0] <= gap_line <= OUTSIDE[1] and abs(gap_line - gap_part) <= SAME_GAP:
            starts.append(b0)
    if len(starts) != 1 or not GLYPH_SHARE[0] <= float(np.median(part[:, 2])) / step <= GLYPH_SHARE[1]:
        return None
    return (a0, starts[0], square, step) if along == 1 else (starts[0], a0, step, square)


def _placed_but_one(part: np.ndarray, along: int, across: int, line: np.ndarray,
                    whole: tuple[float, float, float]) -> tuple[float, float, float, float] | None:
    """The grid :func:`_placed` by the glyphs ``part``, or, when they do not place it and more than
    :data:`PART_LEAST` are seen, by all of them but one: a light spot in line with the labels (a grey
    piece's lit top beside the hidden ``A`` of scene 74 of seed 17, 1.4 squares before the ``B``)
    is no label.  None when no such glyph, or more than one, leaves the others placing a grid."""
    placed = _placed(part, along, across, line, whole)
    if placed is not None or len(part) <= PART_LEAST:
        return placed
    found = [p for k in range(len(part)) if (p := _placed(np.delete(part, k, axis=0), along, across, line, whole))]
    return found[0] if len(found) == 1 else None


def _whole_steps(at: np.ndarray, square: float) -> tuple[float, float, int] | None:
    """Positions ``at`` (increasing) of at least :data:`PART_LEAST` glyphs as ``first + k step`` for
    whole ``k`` from 0, with ``step`` within :data:`STEP_RATIO` of ``square``: (first, step, the last
    ``k``), when exactly one such step fits them within :data:`PART_FIT` of it; else None."""
    if len(at) < PART_LEAST or len(at) > SIZE:
        return None
    gaps = np.diff(at)
    if gaps.min() <= 0:
        return None
    fits = []
    for times in range(1, SIZE):  # the shortest gap is so many squares
        guess = float(gaps.min()) / times
        if not STEP_RATIO[0] * square <= guess <= STEP_RATIO[1] * square:
            continue
        k = np.round((at - at[0]) / guess)
        if len(set(k)) < len(k) or k[-1] >= SIZE:
            continue
        step, first = np.polyfit(k, at, 1)
        if np.abs(first + k * step - at).max() <= PART_FIT * step and STEP_RATIO[0] * square <= step <= STEP_RATIO[1] * square:
            fits.append((float(first), float(step), int(k[-1])))
    return fits[0] if len(fits) == 1 else None
