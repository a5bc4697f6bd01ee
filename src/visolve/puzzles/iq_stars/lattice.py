"""The IQ Stars star lattice on a board quad: aligned to the drawn star outlines.

:func:`fit_lattice` maps the board onto a quad found by :mod:`.finder` both
ways up and aligns the drawn star outlines with the picture's dark lines
(OpenCV's ECC on a line picture, :func:`align`): the lattice of rows of 7
and 6 stars fits only one way up, which is how a picture turned half a turn
still gives the right cells.  Where the stars are not as far in from the
board's edge as the booklet's drawings put them (other prints, the real
board), :func:`lattice_guess` finds them inside the quad from their
outlines alone; where no quad of the picture holds a lattice so,
:func:`foreshortened_guess` looks again with each page hole made each of a
board's proportions (a board seen steeply: its outline's are not the
board's).  The result is a homography from board units (:mod:`.layout`)
to the picture.  OpenCV's ECC and matchTemplate do the fitting:
scikit-image has no homography-valued image alignment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle
from visolve.puzzles.iq_stars import layout
from visolve.puzzles.iq_stars.blurred import blurred_lattice
from visolve.puzzles.iq_stars.guess import MAX_EXTRA_MARGIN, foreshortened_guess, lattice_guess
from visolve.puzzles.iq_stars.outlines import (
    align,
    moved,
    outline_match,
    quad_homography,
    shifted,
    top_up,
    turned,
    way_up,
)

#: correlation of the line pictures a lattice must reach ...
MIN_RHO = 0.35
#: the star outlines' lines lie on one triangular grid of lines, so the board
#: turned half a turn shares much of them: the way up is told by the outline
#: segments only one way has, (own - other) / (own + other) of their line
#: picture's mean, which must reach this
MIN_WAY_UP = 0.3
#: the fitted lattice may move the quad's corners by at most this (board units)
MAX_SHIFT = 0.25
#: a lattice on the board's outline matching less than this is compared with the one found
#: from the stars alone, which replaces it when it matches better by :data:`BETTER_RHO`
CLEAR_RHO = 0.6
BETTER_RHO = 0.1
#: a star's points may reach this far past the board's edge as found (board units: a board
#: outlined a little short)
EDGE_SLACK = 0.12


@dataclass(frozen=True)
class Fit:
    """A board found in a picture.

    Attributes
    ----------
    homography : ndarray
        Board units -> picture pixels, 3 x 3.
    rho : float
        Correlation of the drawn star outlines with the picture's dark lines.
    way_up : float
        How much more the outline segments of this way up are dark lines than
        those of the board turned half a turn (-1 .. 1).
    edge : tuple of float
        The board's edge in board units (left, top, right, bottom).
    twin : tuple or None
        The lattice's twin (turned half round, half a star along: :func:`clear_of_twin`) with
        its edge, when it matches the outlines about as well (within :data:`STEP_BETTER`): the
        outlines do not say which the board is, its stars may.
    """

    homography: np.ndarray
    rho: float
    way_up: float
    edge: tuple[float, float, float, float] = (0.0, 0.0, layout.BOARD_W, layout.BOARD_H)
    twin: tuple[np.ndarray, tuple[float, float, float, float]] | None = None


def board_edge(hom: np.ndarray, quad: np.ndarray) -> tuple[float, float, float, float]:
    """The board's edge ``quad`` in the board units of ``hom``: (left, top, right, bottom),
    each the mean of the two corners on that side."""
    pts = cv2.perspectiveTransform(quad.reshape(-1, 1, 2).astype(np.float64), np.linalg.inv(hom)).reshape(-1, 2)
    xs, ys = np.sort(pts[:, 0]), np.sort(pts[:, 1])
    return (float(xs[:2].mean()), float(ys[:2].mean()), float(xs[2:].mean()), float(ys[2:].mean()))


def margins_fit(edge: tuple[float, float, float, float]) -> bool:
    """Whether every side of the board's edge lies as far from the stars as a board's may."""
    m = layout.MARGIN
    gaps = (m - edge[0], m - edge[1], edge[2] - (layout.BOARD_W - m), edge[3] - (layout.BOARD_H - m))
    # the search allows 2 x MAX_EXTRA_MARGIN across the board: a side may take all of it (a
    # board printed off-centre, a tray's wide rim on one side), both sides together not more
    most = m + 2 * MAX_EXTRA_MARGIN + MAX_SHIFT
    # every star lies on the board: its points reach STAR_R across, STAR_R sqrt(3) / 2 up and down
    # (a lattice half a star off, turned half round, matches all but the rows' end stars and
    # puts one of them across the edge)
    least = (layout.STAR_R - EDGE_SLACK, layout.STAR_R * layout.ROW_STEP - EDGE_SLACK) * 2
    fits = all(lo <= g <= most for g, lo in zip(gaps, least))
    return fits and all(gaps[i] + gaps[i + 2] <= 2 * (m + MAX_EXTRA_MARGIN + MAX_SHIFT) for i in (0, 1))


def _aligned(image: np.ndarray, hom: np.ndarray, exact: bool) -> tuple[np.ndarray, float, float]:
    """``hom`` aligned to the outlines, its match and how far it moved.

    An ``exact`` quad is kept when its outlines match clearly (:data:`CLEAR_RHO`), or when they
    match and aligning takes it further than :data:`MAX_SHIFT` or matches worse (a small board's
    edge, found on the search's small copy, may be a tenth of a star off: aligned it is read)."""
    if exact:
        rho = outline_match(image, hom)
        if rho >= CLEAR_RHO:
            return hom, rho, 0.0
        if rho >= MIN_RHO:
            new, better = align(image, hom)
            if better > rho and moved(hom, new) <= MAX_SHIFT:
                return new, better, moved(hom, new)
            return hom, rho, 0.0
    new, rho = align(image, hom)
    return new, rho, moved(hom, new)


#: the six lattice steps (board units) from a star to its neighbours: a lattice aligned
#: to the outlines may still lie a step off (most outlines then fall on other stars')
LATTICE_STEPS = ((1.0, 0.0), (-1.0, 0.0), (0.5, layout.ROW_STEP), (-0.5, layout.ROW_STEP),
                 (0.5, -layout.ROW_STEP), (-0.5, -layout.ROW_STEP))
#: offsets tried around a rough lattice, each way up: up to a star across and a row up or down
#: (the board turned half round is the lattice half a star across, but for the rows' end stars)
OFFSETS = tuple((dx, dy) for dx in (-1.0, -0.5, 0.0, 0.5, 1.0) for dy in (-layout.ROW_STEP, 0.0, layout.ROW_STEP))
#: a guess aligned to match at least this is checked against its offsets (each aligned again)
GUESS_FLOOR = 0.25
#: how many of the best-matching offsets are aligned, and how much better than the lattice
#: aligned already one must match to replace it
ALIGN_BEST, STEP_BETTER = 3, 0.02
#: a twin that matches better than the lattice found by less than TWIN_CLEAR is taken, but ties with it
TWIN_CLEAR = 0.04
#: a lattice matching at least SURE_START whose offsets all match OFFSETS_BELOW less as they lie
#: is kept without aligning them (on seed 0's scenes the lattice on the stars matched 0.80-0.97 and
#: its offsets 0.02-0.09 less, aligned 0.01-0.03 more than as they lay; an offset that won
#: matched more than the lattice as it lay, or the lattice matched under 0.63)
SURE_START, OFFSETS_BELOW = 0.75, 0.05


def best_step(image: np.ndarray, hom: np.ndarray) -> tuple[np.ndarray, float]:
    """The lattice near ``hom`` whose outlines match the picture's dark lines best, and that match.

    Aligning from a rough guess can settle a star or a row off the true lattice,
    or on the board turned half round: all but a row or a column of outlines still
    fall on drawn ones.  Every offset of :data:`OFFSETS`, both ways up, is scored
    as it lies; the :data:`ALIGN_BEST` best are aligned and the best match kept
    (the true lattice is the one where all 26 outlines match)."""
    best = (hom, outline_match(image, hom))
    starts = []
    for way in (hom, turned(hom)):
        for dx, dy in OFFSETS:
            if way is hom and dx == dy == 0.0:
                continue
            cand = shifted(way, dx, dy)
            starts.append((outline_match(image, cand), cand))
    starts.sort(key=lambda f: -f[0])
    if best[1] >= SURE_START and starts[0][0] < best[1] - OFFSETS_BELOW:
        return best  # every offset matches clearly less as it lies: the lattice is on the stars
    for _rho, cand in starts[:ALIGN_BEST]:
        new, r = align(image, cand)
        # another offset replaces the lattice aligned already only when clearly better
        if r > best[1] + STEP_BETTER and moved(cand, new) <= MAX_SHIFT:
            best = (new, r)
    return best

#: a third of a row: a lattice whose stars sit a third of a row (or a triangle's centre) off the
#: true ones lies on the same grid of lines as their outlines and matches part of them (0.36-0.52
#: on the scenes of seed 4, where the true lattice matched 0.85-0.96): the lattice moved so,
#: either way up (twelve ways each), is aligned and compared when a lattice matches under CLEAR_RHO
#: (and at least GUESS_FLOOR: under it there is no lattice to move)
THIRD = layout.ROW_STEP / 3
BETWEEN = tuple((dx, k * THIRD) for k in (-2, -1, 1, 2) for dx in (-0.5, 0.0, 0.5))
#: px per board unit and ECC iterations of those alignments (a ninth of the pixels of FIT_PITCH,
#: half the steps: as good a start on seed 4's five such lattices); how many of the best are
#: aligned again at FIT_PITCH; how much better than the lattice one must match
COARSE_PITCH, COARSE_ITER, BETWEEN_KEEP, BETWEEN_BETTER = 16, 20, 2, 0.15


def clear_of_between(image: np.ndarray, hom: np.ndarray, rho: float,
                     quad: np.ndarray) -> tuple[np.ndarray, float]:
    """``hom`` and its match ``rho``, or the lattice a third of a row or a triangle's centre away
    (:data:`BETWEEN`, either way up) when that matches clearly better (:data:`BETWEEN_BETTER`)
    and sits on the board ``quad``: ``hom`` then lies between the stars."""
    coarse = []
    for way in (hom, turned(hom)):
        for dx, dy in BETWEEN:
            new, r = align(image, shifted(way, dx, dy), COARSE_PITCH, COARSE_ITER)
            coarse.append((r, new))
    coarse.sort(key=lambda f: -f[0])
    best = (hom, rho)
    for _r, start in coarse[:BETWEEN_KEEP]:
        new, r = align(image, start)
        if r > best[1] + (BETWEEN_BETTER if best[0] is hom else 0.0) and margins_fit(board_edge(new, quad)):
            best = (new, r)
    return best


def clear_of_twin(image: np.ndarray, hom: np.ndarray, rho: float,
                  quad: np.ndarray) -> tuple[np.ndarray, float, np.ndarray | None]:
    """``hom`` and its match ``rho``, or its twin when that matches better both as it lies and
    aligned (by :data:`STEP_BETTER`) and sits on the board ``quad``; and the twin aligned when it
    matches better as it lies and, aligned, within STEP_BETTER of ``rho``, or ``hom`` when the twin
    taken matches less than :data:`TWIN_CLEAR` better (a tie the outlines leave open, else None).

    The lattice turned half round and moved half a star along the rows (the twin) shares every
    star but the rows' end stars, which it has at the other end: on a board with margins wide
    enough for both, only the end stars' outlines tell them apart, and the way-up test, which
    compares a lattice with itself turned, cannot (a drawing with thick outlines was read so).

    Seed 18 scene 41: a photographed drawing with faint outlines on a board with wide margins,
    its lattice 0.487 and its twin 0.506 (better as it lay too), was read as the twin, turned half
    round and a row off.  On the scenes of seeds 18 and 19 (164 boards) no other board's twin
    matched better as it lay than the lattice read.  Seed 59 scene 98: a photographed drawing whose
    twin, 0.027 better aligned, was taken and read (a misread); the lattice it replaced, read too,
    reads otherwise.  Twins taken on seeds 18, 19, 25, 28, 30, 35, 54, 57 and 59 matched 0.023-0.092
    better; of those under TWIN_CLEAR only 59/98 reads otherwise from the lattice it replaced.
    """
    as_is = outline_match(image, hom)
    best, tied = (hom, rho), None
    for dx in (-0.5, 0.5):
        twin = shifted(turned(hom), dx, 0.0)
        if outline_match(image, twin) <= as_is:
            continue
        new, r = align(image, twin)
        if not margins_fit(board_edge(new, quad)):
            continue
        if r > best[1] + STEP_BETTER:
            best = (new, r)
        elif r > rho - STEP_BETTER:
            tied = new
    if best[0] is not hom:  # the lattice it replaced ties with it unless the twin is clearly better
        return best[0], best[1], (hom if best[1] < rho + TWIN_CLEAR else None)
    return best[0], best[1], tied


def _settled(image: np.ndarray, hom: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The best of a rough lattice's offsets (:func:`best_step`) when it matches and sits on the
    board ``quad``, else None."""
    new, rho = best_step(image, hom)
    return (new, rho) if rho >= MIN_RHO and margins_fit(board_edge(new, quad)) else None


def _from_guess(image: np.ndarray, quad: np.ndarray, aligned: tuple[np.ndarray, float]) -> tuple[np.ndarray, float] | None:
    """The lattice found from the stars alone (:func:`lattice_guess` on ``quad``, ``aligned``: it
    aligned and its match), then the best of its offsets, when it matches and sits on the board,
    else None."""
    new, rho = aligned
    if rho < GUESS_FLOOR:
        return None
    # a guess is rough: where aligning took it is checked against the lattice's offsets instead
    return _settled(image, new, quad)


class _OnQuad(NamedTuple):
    """The lattice found on a quad before its rechecks (kept in :func:`fit_lattice`'s memo)."""

    homography: np.ndarray
    rho: float  #: its match
    shift: float  #: how far it moved from where the quad put it (stars)
    best: tuple[np.ndarray, float]  #: the best-matching lattice looked at, for a refusal's reason
    steep: bool = False  #: whether the board was looked at as seen steeply too (:func:`_steep`)


def _on_quad(image: np.ndarray, quad: np.ndarray, exact: bool, upright: bool) -> _OnQuad:
    """The lattice on ``quad`` before its rechecks (see :func:`fit_lattice`): the homography,
    its match, how far it moved from where the quad put it, and the best-matching of the
    lattices looked at (for a refusal's reason, :func:`no_lattice`)."""
    base = quad_homography(quad)
    if upright:
        hom = base if top_up(base) else turned(base)
    else:
        hom = base if way_up(image, base) >= 0 else turned(base)
    new, rho, shift = _aligned(image, hom, exact)
    looks = [(new, rho)]
    if shift > MAX_SHIFT or rho < CLEAR_RHO:
        guess = lattice_guess(image, quad)[0]
        guessed = align(image, guess)
        looks.append(guessed)
        found = _from_guess(image, quad, guessed)
        if shift > MAX_SHIFT and rho >= MIN_RHO and (found is None or (
                found[1] < rho and moved(found[0], new) > MAX_SHIFT)):
            # aligning took the drawings' lattice far (a board with wider margins) and the guess
            # did not land there matching as well: where it went is checked against its offsets
            # like a guess, and the better of the two kept
            settled = _settled(image, new, quad)
            if settled is not None and (found is None or settled[1] > found[1]):
                found = settled
        if found is not None and (shift > MAX_SHIFT or found[1] > rho + BETTER_RHO
                                  or not margins_fit(board_edge(new, quad))):
            (new, rho), shift = found, 0.0
        elif found is None and rho < MIN_RHO:  # the guess aligned (as _aligned would do again)
            (new, rho), shift = guessed, moved(guess, guessed[0])
    return _OnQuad(new, rho, shift, _best_look(looks))


def _best_look(looks: list[tuple[np.ndarray, float]]) -> tuple[np.ndarray, float]:
    """The best-matching of lattices looked at (a homography and its match each)."""
    return max(looks, key=lambda look: look[1] if np.isfinite(look[1]) else -2.0)


def _steep(image: np.ndarray, quad: np.ndarray, on_quad: _OnQuad) -> _OnQuad:
    """``on_quad`` (what :func:`_on_quad` found on ``quad``), or the lattice the stars give with the
    board seen steeply (:func:`foreshortened_guess`) when that found none and this does."""
    new, rho, shift, best, _steep_before = on_quad
    look = align(image, foreshortened_guess(image, quad)[0])
    found = _from_guess(image, quad, look)
    if found is not None:
        (new, rho), shift = found, 0.0
    return _OnQuad(new, rho, shift, _best_look([best, look]), steep=True)


def no_lattice(image: np.ndarray, quad: np.ndarray, best: tuple[np.ndarray, float]) -> str:
    """Why no lattice was found on ``quad`` whose lattices looked at match at most as ``best``
    (a homography and its match) does, in plain words: the match where the stars were looked
    for, or that the outlines never settled on the picture's lines (OpenCV's ECC did not
    converge: its 0 is no match figure), or why the best match was not the board's."""
    hom, rho = best
    if not rho > 0.0:  # align() gives exactly 0 when ECC fails; no dark lines at all: nan
        at_edge = outline_match(image, quad_homography(quad))
        seen = (f"where the board's edge puts them they match {at_edge:.2f}" if np.isfinite(at_edge)
                else "there are no dark lines where the board's edge puts them")
        return ("the star outlines would not settle on the dark board's lines anywhere they were "
                f"looked for ({seen}; {MIN_RHO} needed)")
    if rho < MIN_RHO:
        return (f"the dark board's lines are not the star lattice: the star outlines match them {rho:.2f} "
                f"at best ({MIN_RHO} needed)")
    edge = board_edge(hom, quad)
    return (f"the star outlines match the dark board's lines {rho:.2f} at best, but no lattice matching "
            f"{MIN_RHO} or more sits inside the board with a board's margins (the best one's edges at "
            f"{', '.join(f'{e:.2f}' for e in edge)} board units)")


def fit_lattice(image: np.ndarray, quad: np.ndarray, exact: bool = False, upright: bool = False,
                recheck: bool = True, memo: dict | None = None, steep: bool = False) -> Fit:
    """The board on ``quad`` the way up its star outlines say (raises NotThisPuzzle).

    The stars are first looked for as far in from ``quad`` as the
    booklet's drawings put them.  An ``exact`` quad (a hole in a light
    page) is kept as it is when its outlines match; any other, or one whose
    outlines do not match (a shadow or glare on the board's edge), is
    aligned to the outlines (:func:`align`).  When that does not give the
    lattice (a board printed or made with other margins), the lattice is
    looked for inside the quad from the stars alone (:func:`lattice_guess`)
    and aligned from there.  An ``upright`` picture (a page's board, cut out
    as its number tab stands) shows the board top up: a lattice top up whose
    outlines say so too, if less clearly than :data:`MIN_WAY_UP`, is kept; an ``upright`` and
    ``exact`` one whose outlines do not match is looked at coarser (a blurred board:
    :func:`visolve.puzzles.iq_stars.blurred.blurred_lattice`).  ``recheck``: the
    lattice is compared with those between the stars and with its twin (:func:`clear_of_between`,
    :func:`clear_of_twin`); off where only whether a quad holds a lattice at all matters
    (another board beside the one read: up to 150 ms saved).  ``memo``: a dict kept for one
    picture, where the lattice found on a quad before its rechecks is kept for the next call
    on the same quad (the board and the check for a second board fit the same quads).
    ``steep``: where no lattice is found so, the board may be seen steeply: the lattice is
    looked for with the quad made each of a board's proportions (:func:`foreshortened_guess`;
    0.1-0.5 s: :func:`visolve.puzzles.iq_stars.finder.locate` asks for it on page holes only,
    where no quad of the picture held a lattice otherwise).
    """
    key = (np.asarray(quad, np.float64).tobytes(), exact, upright)
    state = memo.get(key) if memo is not None else None
    if state is None:
        state = _on_quad(image, quad, exact, upright)
    if steep and not state.steep and (state.rho < MIN_RHO or state.shift > MAX_SHIFT):
        state = _steep(image, quad, state)
    if memo is not None:
        memo[key] = state
    new, rho, shift, best, _looked_steeply = state
    if recheck and GUESS_FLOOR <= rho < CLEAR_RHO:
        better, rho = clear_of_between(image, new, rho, quad)
        new, shift = better, (shift if better is new else 0.0)
    tied = None
    if recheck and rho >= MIN_RHO:
        better, rho, tied = clear_of_twin(image, new, rho, quad)
        new, shift = better, (shift if better is new else 0.0)
    if rho < MIN_RHO and exact and upright:  # a page's board blurred past its outlines at this scale?
        found = blurred_lattice(image, quad)
        if found is not None:
            hom, coarse_rho, up = found
            return Fit(hom, coarse_rho, up, board_edge(hom, quad))
    if rho < MIN_RHO:
        raise NotThisPuzzle(no_lattice(image, quad, _best_look([(new, rho), best])))
    if shift > MAX_SHIFT:
        raise NotThisPuzzle(f"the star outlines' best match moved {shift:.2f} star from where the board "
                            f"puts them (at most {MAX_SHIFT})")
    edge = board_edge(new, quad)
    if not margins_fit(edge):
        raise NotThisPuzzle("the star lattice does not sit inside the dark board with a board's margins "
                            f"(edges at {', '.join(f'{e:.2f}' for e in edge)} board units)")
    up = way_up(image, new)
    if up < MIN_WAY_UP and not (upright and up > 0 and top_up(new)):
        tab = " and the page's tab does not settle it" if upright else ""
        raise NotThisPuzzle(f"cannot tell which way up the star lattice is: the outlines of one way up are "
                            f"darker than the other's by {up:.2f} ({MIN_WAY_UP} needed){tab}")
    return Fit(new, rho, up, edge, None if tied is None else (tied, board_edge(tied, quad)))
