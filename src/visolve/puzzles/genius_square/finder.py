"""Finding the 6 x 6 grid in a picture and turning it upright by its labelled edges.

1. :func:`grid_candidates` -- on a reduced copy, the squares of the grid are
   flat patches (an empty square, the top of a cube, the inside of a disc)
   parted by edges (ridges, grid lines, bevels, a disc's rim): masks of
   flat pixels at a few levels go to
   :func:`visolve.vision.lattice.find_cell_lattice`, which fits a homography
   to the 6 x 6 lattice of patches whatever the rotation and perspective.
   A board in strong perspective, or with tall pieces across it, whose
   patches link only in small groups gives its lattice when the groups that
   lie on one are gathered (:data:`GATHER`).  The outline of a light grid
   (grid lines and what lies on them, on a dark board) gives a second
   candidate when too few squares show flat.
2. :func:`upright` -- both editions print labels along two adjacent edges
   only (``1``-``6`` and ``A``-``F``); a strip outside each edge with a
   glyph beside every one of its six squares is a labelled edge, and the
   corner between the two labelled edges is the top left.  A lattice found
   mirrored is turned over first (photos are never mirrored).  When the two
   labelled edges' glyphs do not read and a third edge shows a little label
   ink (a row of dice taken for labels), the ways up that edge allows are
   tried (:mod:`visolve.puzzles.genius_square.nearedge`); when none reads, rows of labels slid up to a
   square along (tall pieces' tops, a grid a square off: :mod:`visolve.puzzles.genius_square.farlabels`).
3. :func:`moved_inward` -- a first lattice none of whose ways up reads may
   have taken the row of labels for squares (a solved board seen from the
   front: the near row of tall pieces leans towards the camera, off the
   lattice); a row of labels found one or two rows inside an edge moves it
   that far away from them, where two labelled edges must read.
4. :func:`visolve.puzzles.genius_square.fromlabels.grid_from_labels` -- a candidate with no way
   up (a small blurred print, whose squares show as one dark field: the candidate is the board's
   outline) is placed again by a row and a column of six glyphs inside it; the outline of a plain
   region is looked in too, and last a whole row and the glyphs seen of the column (tall pieces
   hiding the others, :mod:`visolve.puzzles.genius_square.partlabels`), in the outlines of plain
   regions (:func:`visolve.puzzles.genius_square.outlined.by_outlines`).
5. Then the first lattice is taken for the plane of a solved board's tall pieces' tops, and the
   labels are looked for beside the floor's grid under it
   (:func:`visolve.puzzles.genius_square.floorgrid.floor_grids`).
6. Then the lattice of the best flat mask looked at alone (:data:`EACH_MASK`), whose two labelled
   edges must read.
7. Last, a lattice of fewer squares (:data:`FEW_FOUND`: a floor mostly covered by pieces, whose tops
   lie on a lattice of their own), at the print's depths, whose two labelled edges must read.

Coordinates: board units, the grid spans ``[0, 6] x [0, 6]`` (see
:mod:`visolve.vision.view`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import cv2
import numpy as np

from visolve.errors import NotThisPuzzle
from visolve.vision.geometry import map_points, polygon_corners
from visolve.vision.lattice import Lattice, find_alone, find_cell_lattice
from visolve.vision.light import channel_max
from visolve.vision.masks import locally_light
from visolve.vision.quick_view import quick_view
from visolve.vision.view import BoardView, corners_homography
from visolve.puzzles.genius_square.closer import closer
from visolve.puzzles.genius_square.farlabels import in_order, slid_ways, squares_off
from visolve.puzzles.genius_square.fromlabels import grid_from_labels
from visolve.puzzles.genius_square.outlined import by_outlines
from visolve.puzzles.genius_square.upright import Upright
from visolve.puzzles.genius_square.floorgrid import floor_grids
from visolve.puzzles.genius_square.nearedge import both_edges_read, quarter_turn, turned_if_legible, turned_places
from visolve.puzzles.genius_square.labelrows import (FAR_SLIDES, LABEL_MARGIN, LABEL_PITCH, LABEL_SLIDES, MIN_INK,
                                                     STROKE_SIDE, WIDE_STROKE_SIDE, inner_label_rows, label_rows,
                                                     two_adjacent)

SIZE = 6
#: long side of the reduced copy the grid is searched on (px)
WORK_SIDE = 720
#: morphological gradient levels (grey levels) under which a pixel is flat
FLAT_LEVELS = (4, 6, 9, 14)
#: distance-transform depths tried (work px)
DEPTHS = (1.5, 2.5, 4.0, 6.0, 9.0, 13.0)
#: the depths a second board is looked for at (``thorough=False``): a page's other boards are flat
#: prints, whose squares part at the thin printed lines; the deeper ones split the tops of cubes
#: joined by their shaded sides (the 12 of the 21 scenes of 10 MP and more of seed 0 that look for a
#: second board spend 45 % less on its lattice: median 50 -> 27 ms under load)
PRINT_DEPTHS = DEPTHS[:3]
#: depths from this one on are labelled on every second pixel across and down of the masks, a quarter
#: of their cost (:func:`visolve.vision.lattice.find_cell_lattice`'s ``halved_from``).  From 9 on, scene
#: 66 of seed 6 read without its grey piece when the guard of its hidden lines was taken away (the
#: guard of its faint squares no longer caught it: tests/puzzles/genius_square/test_unseen_misreads.py);
#: from 6 on a held-out solved board was lost (its lattice at depth 6: 27 squares, not 31); from 4 on
#: two scenes of seed 0
HALVED_FROM = 13.0
#: share of the 36 squares that must be found as patches
MIN_FOUND = 0.55
#: ... and, last of all, the share found on a board whose pieces cover most of the floor (seed 211
#: scene 74: 17 empty squares, the tops of the pieces on a lattice of their own): the lattice must
#: then have two labelled edges that read.  It is looked for at :data:`PRINT_DEPTHS` only (the deeper
#: ones did not find 211/74's floor, and each depth costs 10-20 ms on every picture refused)
FEW_FOUND = 0.44
#: largest RMS distance (squares) of the patches from the lattice fitted to them: a recessed
#: square's patch leans towards its lit side, a disc's patch is off its square's centre, and
#: the labels are then looked for around the edge (:func:`label_rows`), not at one place
MAX_LATTICE_ERROR = 0.2
#: the board may lie turned any way in a photo (the lattice's turn is modulo 90 degrees)
MAX_LATTICE_TURN = 45.0
#: lattices looked for again with the ones found before painted out
MORE_LATTICES = 2
#: last of all, the flat masks are looked at each alone (:func:`~visolve.vision.lattice.find_alone`):
#: seed 127 scene 58 (a small board, its discs at a slant) is found on one mask alone, on none pooled;
#: tried any earlier, one mask's lattice came before the candidate that read seeds 0/74, 1/14, 131/80
EACH_MASK = True
#: a board seen in strong perspective, or with tall pieces across it, breaks the links between its
#: squares' patches into groups each under :data:`MIN_FOUND` of them: when no lattice is found, the
#: groups that lie on one lattice are gathered (:func:`visolve.vision.lattice.find_cell_lattice`'s
#: ``gather``): of the 6 such scenes of seed 0, 3 then stand on the board's floor, a fourth is found
#: skewed and refused for its squares
GATHER = True
#: a lattice may have taken the row of labels (and one beyond) for squares: labels looked for so many
#: rows inside each edge (:func:`moved_inward`)
INNER_ROWS = (1, 2)
#: a light grid's outline must cover this share of the reduced picture at least
MIN_OUTLINE_AREA = 0.01


def grid_candidates(small: np.ndarray, more: int = MORE_LATTICES, gather: bool = False,
                    depths: tuple[float, ...] = DEPTHS) -> Iterator[np.ndarray]:
    """Homographies (board -> ``small``) of 6 x 6 grids, likeliest first (found lazily): the
    lattice of flat patches, the outlines of light grids, then lattices found with the ones
    before painted out (a pattern on the table, a patch of glare, may look more like a lattice
    than the board does).  ``gather``: when no lattice is found, the first is looked for again
    counting the groups of patches cut off from the largest one that lie on its lattice
    (:data:`GATHER`).  ``depths``: the first lattice's distance-transform depths (work px)."""
    grey, masks = _flat(small)
    lattice = _lattice(masks, or_gathered=gather, depths=depths)  # (gathering again on the blobs found once)
    if lattice is not None:
        yield lattice
    yield from _outlines(grey)
    for _ in range(more):
        if lattice is None:
            return
        corners = map_points(lattice, [(-0.5, -0.5), (SIZE + 0.5, -0.5), (SIZE + 0.5, SIZE + 0.5), (-0.5, SIZE + 0.5)])
        for m in masks:
            cv2.fillConvexPoly(m, np.round(corners).astype(np.int32), 0)
        lattice = _lattice(masks)
        if lattice is not None:
            yield lattice


def _flat(small: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """The reduced copy's grey plane (blurred) and its masks of flat pixels at :data:`FLAT_LEVELS`."""
    grey = cv2.GaussianBlur(channel_max(small), (0, 0), 0.8)
    grad = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    return grey, [(grad < level).astype(np.uint8) for level in FLAT_LEVELS]


def _lattice(masks: list[np.ndarray], or_gathered: bool = False,
             depths: tuple[float, ...] = DEPTHS, each: bool = False) -> np.ndarray | None:
    lat = _found_lattice(masks, MIN_FOUND, or_gathered, depths, each)
    return None if lat is None else lat.homography


def _few_lattice(masks: list[np.ndarray]) -> np.ndarray | None:
    """The lattice of :data:`FEW_FOUND` of the squares or more in the flat ``masks``, under
    :data:`MIN_FOUND` (one with more was a candidate already), at :data:`PRINT_DEPTHS`; None when
    there is none."""
    lat = _found_lattice(masks, FEW_FOUND, True, PRINT_DEPTHS)
    return None if lat is None or lat.found >= math.ceil(MIN_FOUND * SIZE * SIZE) else lat.homography


def _found_lattice(masks: list[np.ndarray], min_found: float, or_gathered: bool, depths: tuple[float, ...],
                   each: bool = False) -> Lattice | None:
    """The lattice of ``min_found`` of the squares or more in ``masks`` (``each``: the best mask looked
    at alone)."""
    find = find_alone if each else find_cell_lattice
    return find(masks, SIZE, SIZE, min_found=min_found, depths=depths, max_blobs=3000, max_error=MAX_LATTICE_ERROR,
                max_angle=MAX_LATTICE_TURN, or_gathered=or_gathered, halved_from=HALVED_FROM)


def _outlines(grey: np.ndarray) -> list[np.ndarray]:
    """Light grids on a dark board: the outline of the grid lines and what lies on them."""
    light = locally_light(grey, max(grey.shape) // 8, 25)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(light, connectivity=8)
    area = grey.shape[0] * grey.shape[1]
    out = []
    for i in np.argsort(-stats[1:, cv2.CC_STAT_AREA])[:4] + 1:
        w, h = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
        if w * h < MIN_OUTLINE_AREA * area or not 0.5 < w / h < 2.0:
            continue
        contours, _ = cv2.findContours((labels == i).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        quad = _quad(max(contours, key=cv2.contourArea))
        if quad is not None:
            out.append(corners_homography(quad, SIZE, SIZE))
    return out


def _quad(contour: np.ndarray) -> np.ndarray | None:
    """The four corners (tl, tr, br, bl as seen) of a contour's convex hull, if it is a quadrilateral."""
    poly = polygon_corners(contour, steps=(0.01, 0.02, 0.04))
    return None if poly is None else np.roll(poly, -int(np.argmin(poly.sum(axis=1))), axis=0)


def upright(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None = None) -> Upright:
    """The grid of ``homography`` with its labelled edges on top and on the left.

    Raises
    ------
    NotThisPuzzle
        No edge carries labels, or the labelled ones leave several ways up (see
        :func:`upright_options`).
    """
    options = upright_options(image, homography, picture)
    if len(options) != 1:
        raise NotThisPuzzle(f"the labelled edges beside the 6 x 6 grid leave {len(options)} ways up "
                            f"(label ink {_shown(options[0].ink)})")
    return options[0]


def upright_options(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None = None,
                    view: BoardView | None = None, both: bool = False,
                    slides: tuple[float, ...] = LABEL_SLIDES, opposite: bool = False,
                    glare: bool = False) -> list[Upright]:
    """The ways the grid of ``homography`` (board -> ``image``) may stand upright: one when exactly
    two adjacent edges carry label ink, two or more when three or four edges do (dice or a leaning
    cube beside one edge), two when one edge only does (the other's labels hidden by tall pieces:
    it is the top or the left): which way is right is then for the glyphs to say
    (:func:`visolve.puzzles.genius_square.labels.edition_by_labels`).

    The labels are looked for on ``picture`` (the picture ``image`` is a reduced copy of, so that
    small labels keep their strokes) when it is given; the row of labels beside each edge is
    searched near the grid (:func:`label_rows`), not only at one distance from it; when no edge
    shows ink, as strokes up to
    :data:`~visolve.puzzles.genius_square.labelrows.WIDE_STROKE_SIDE` wide (a small blurred print),
    else as strokes brighter than half the strokes near them (labels in glare,
    :data:`~visolve.puzzles.genius_square.labelrows.OWN_REACH`): two adjacent edges must show it
    so, and such ways up are ``blurred`` (their glyphs must read); with ``opposite``, one edge
    showing ink against its own strokes will do.  ``view``: the grid's
    :func:`label_view`, when it was made already.  ``both``: two adjacent edges must read anyway
    (:func:`_ways_up`), and the wide strokes are looked for whenever fewer than two adjacent edges
    show thin ones (a blurred print's rims may leave one edge just above :data:`MIN_INK`).  ``slides``:
    along each edge (:func:`label_rows`).  ``opposite``: two opposite edges showing ink, and no third,
    give the ways up of each as the one labelled edge (a row of dice lies beside the other; the
    floor's grid under tall pieces' tops, :mod:`visolve.puzzles.genius_square.floorgrid`).  ``glare``:
    the ink is taken against the strokes near it from the first (the ways up are ``blurred``).

    Raises
    ------
    NotThisPuzzle
        No edge carries labels.
    """
    hom, mirrored = _unmirrored(homography)
    view = label_view(image, homography, picture) if view is None else view
    ink, places = label_rows(view, STROKE_SIDE, glare, slides)
    blurred = glare
    thin = two_adjacent(ink) if both else max(ink) >= MIN_INK
    # no edge labelled (or not two, when two must read): a small print's glyphs blurred wide, or in glare?
    for stroke, own in () if thin else ((WIDE_STROKE_SIDE, False), (STROKE_SIDE, True)):
        seen = label_rows(view, stroke, own, slides)
        if two_adjacent(seen[0]) or (own and opposite and not both and max(seen[0]) >= MIN_INK):
            (ink, places), blurred = seen, True  # (the floor's grid under tops: one edge in glare, the
            break  # other's labels under the pieces; scenes seed 257 scene 9, the letters A-F in a haze)
    labelled = [k for k in range(4) if ink[k] >= MIN_INK]
    # an edge is the top when the edge before it (the left) is labelled too
    tops = [(k, (0, 3)) for k in labelled if (k - 1) % 4 in labelled] if len(labelled) >= 2 else []
    if len(labelled) == 1 or (opposite and len(labelled) == 2 and not tops):  # the other labels hidden (tall
        # pieces leaning over them): the top or the left, of either of two opposite edges (dice beside one)
        tops = [way for k in labelled for way in ((k, (0,)), ((k + 1) % 4, (3,)))]
    if not tops:
        raise NotThisPuzzle(f"no labelled edge beside the 6 x 6 grid (label ink {_shown(ink)})")
    return [Upright(hom @ quarter_turn(k), k, mirrored, tuple(ink[(j + k) % 4] for j in range(4)),
                    turned_places(places, k), edges, blurred) for k, edges in tops]


def label_view(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None) -> BoardView:
    """The view the labels of the grid ``homography`` (board -> ``image``, turned over when found
    mirrored) are looked for on: ``picture`` (the picture ``image`` is a reduced copy of) when given."""
    hom, _mirrored = _unmirrored(homography)
    source, scale = (image, 1.0) if picture is None else (picture, picture.shape[1] / image.shape[1])
    return quick_view(source, np.diag([scale, scale, 1.0]) @ hom, SIZE, SIZE, pitch=LABEL_PITCH, margin=LABEL_MARGIN)


def moved_inward(image: np.ndarray, homography: np.ndarray, picture: np.ndarray | None = None,
                 view: BoardView | None = None) -> list[np.ndarray]:
    """The grid ``homography`` moved by whole squares away from an edge whose outer rows hold a row of
    labels (:func:`inner_label_rows`): a lattice of a solved board seen from the front that took the
    flat row of labels for squares and missed the far row of tall pieces leaning towards the camera.
    ``view``: the grid's :func:`label_view`, when it was made already."""
    hom, _mirrored = _unmirrored(homography)
    step = {0: (0, 1), 1: (-1, 0), 2: (0, -1), 3: (1, 0)}
    out = []
    view = label_view(image, homography, picture) if view is None else view
    for edge, rows in inner_label_rows(view, INNER_ROWS):
        du, dv = step[edge]
        out.append(hom @ np.array([[1.0, 0.0, du * rows], [0.0, 1.0, dv * rows], [0.0, 0.0, 1.0]]))
    return out


def _shown(ink) -> str:
    return ", ".join(f"{side} {v:.3f}" for side, v in zip(("top", "right", "bottom", "left"), ink))


def _unmirrored(hom: np.ndarray) -> tuple[np.ndarray, bool]:
    """The homography turned over (u <-> v) when it maps the board mirrored."""
    p = map_points(hom, [(3.0, 3.0), (4.0, 3.0), (3.0, 4.0)])
    a, b = p[1] - p[0], p[2] - p[0]
    if a[0] * b[1] - a[1] * b[0] > 0:
        return hom, False
    swap = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    return hom @ swap, True


def find_upright(small: np.ndarray, picture: np.ndarray | None = None, legible=None,
                 thorough: bool = True) -> list[Upright]:
    """The ways the first grid candidate of a reduced picture whose labelled edges are found
    may stand upright (:func:`upright_options`; labels looked for on ``picture`` when given, and
    a grid small in the reduced copy looked for again on a closer copy of ``picture``).

    ``legible(option)`` says whether the glyphs beside an option's labelled edges read as labels:
    when the labelled edges leave several ways up (or one edge only is labelled) the one it
    accepts is kept, and a candidate it accepts none of gives way to the next.  (Letting a grid
    with two labelled edges whose glyphs do not read give way too read one scene more in 100 and
    cost about 100 ms on 12 MP photos that are refused: left out.)  ``thorough=False``
    looks only at the first lattice (at :data:`PRINT_DEPTHS`) and the outlines, on the reduced copy
    (a second board looked for).

    Raises
    ------
    NotThisPuzzle
        No 6 x 6 grid, or none with labelled edges.
    """
    reasons: list[str] = []
    first = None  # the first lattice found
    candidates = (grid_candidates(small, MORE_LATTICES, gather=GATHER) if thorough
                  else grid_candidates(small, 0, depths=PRINT_DEPTHS))
    for n, hom in enumerate(candidates):
        for found in closer(small, hom, picture if thorough else None, grid_candidates):
            first = found if first is None else first
            view = label_view(small, found, picture)  # made once: the labels' search and moved_inward's
            options, kept = _ways_up(small, found, picture, legible, reasons, view=view)
            first_try = n == 0 and thorough and legible is not None
            moves = moved_inward(small, found, picture, view) if first_try else []
            unread = first_try and options is not None and len(options) == 1 and not legible(options[0])
            if options is not None and not unread:
                return options  # (the glyphs of two labelled edges are read once: the reader keeps them)
            tries = [(m, False) for m in moves] + [(m, True) for m in (squares_off(found) if unread else ())]
            for moved, check in tries:  # inward: outer rows the labels; a square off the floor: rows in order
                again, _kept = _ways_up(small, moved, picture, legible, [], both=True)
                if again is not None and (not check or in_order(small, again[0], picture)):
                    return again
            if options is not None:
                return options  # two labelled edges whose glyphs do not read: the reader says so
            for placed in grid_from_labels(small, found, picture) if thorough and not kept else ():
                again, _kept = _ways_up(small, placed, picture, legible, [])  # a blurred print's outline?
                if again is not None:
                    return again
            if kept:
                break
    placed_any = False
    for placed in by_outlines(small, picture) if thorough and legible is not None else ():
        placed_any = True
        again, _kept = _ways_up(small, placed, picture, legible, [], both=True)  # two labelled edges that read
        if again is not None:
            return again
    to_picture = np.eye(3) if picture is None else np.diag([picture.shape[1] / small.shape[1]] * 2 + [1.0])
    shape = small.shape if picture is None else picture.shape
    floors = floor_grids(first, to_picture, shape) if first is not None and thorough and legible is not None else []
    for floor in floors:
        again, _kept = _ways_up(small, floor, picture, legible, [], opposite=True)  # the floor under tops
        if again is not None and in_order(small, again[0], picture):  # each row beside its own squares
            return again
    fresh = _flat(small)[1] if thorough and legible is not None else None  # not painted out: the last two looks
    lone = _lattice(fresh, each=True) if fresh is not None and EACH_MASK else None
    for found in closer(small, lone, picture, grid_candidates) if lone is not None else ():  # last: two edges that read
        again, _kept = _ways_up(small, found, picture, legible, [], both=True)
        if again is not None:
            return again
    few = _few_lattice(fresh) if fresh is not None else None
    for found in closer(small, few, picture, grid_candidates) if few is not None else ():  # a floor mostly covered
        again, _kept = _ways_up(small, found, picture, legible, [], both=True)
        if again is not None:
            return again
    why = reasons[0] if reasons else "no 6 x 6 grid of squares found"
    if thorough and legible is not None:
        why += ("; a grid placed by labels inside a plain outline had no two labelled edges that read" if placed_any
                else "; no plain outline holds a row and a column of six labels")
        why += "; nor the floor's grid under the first lattice taken for tall pieces' tops" if floors else ""
    raise NotThisPuzzle(why)


def _ways_up(small: np.ndarray, found: np.ndarray, picture: np.ndarray | None, legible, reasons: list[str],
             both: bool = False, view: BoardView | None = None,
             opposite: bool = False) -> tuple[list[Upright] | None, bool]:
    """The ways up of the grid ``found`` that :func:`find_upright` returns (None when there is none:
    why is added to ``reasons``), and whether some ways up read but not only one (the grid is the
    board's, its other candidates need not be tried).  ``both``: two adjacent labelled edges must
    read, never one (a way up with one labelled edge whose other edge's glyphs read too,
    :func:`~visolve.puzzles.genius_square.nearedge.both_edges_read`).  ``opposite``: see
    :func:`upright_options`."""
    try:
        options = upright_options(small, found, picture, view, both, opposite=opposite)
    except NotThisPuzzle as exc:
        reasons.append(str(exc))
        return None, False
    if legible is None or (len(options) == 1 and options[0].edges == (0, 3) and not both and not options[0].blurred):
        # two adjacent labelled edges: the reader says if their glyphs do not read (unless a third edge
        # faintly labelled allows a way up whose glyphs do, or the ink against its own surroundings does)
        if legible is None:
            return options, True
        return turned_if_legible(options[0], legible) or glared_way(small, found, picture, view, legible,
                                                                     options[0]) or options, True
    kept = [option for option in options if legible(option)] or _slid_ways(small, found, picture, legible, both,
                                                                           opposite)
    if len(kept) == 1 and (kept[0].edges == (0, 3) or not both or both_edges_read(small, kept[0], picture)):
        return kept, True
    seen = "one edge looks labelled" if options[0].edges != (0, 3) else f"{len(options) + 1} edges look labelled"
    reasons.append(f"{seen} beside the 6 x 6 grid, and the glyphs read as labels A-F and 1-6 "
                   f"{len(kept)} of the {len(options)} ways up that allows")
    return None, bool(kept)


def glared_way(small: np.ndarray, found: np.ndarray, picture: np.ndarray | None, view: BoardView | None,
                legible, plain: Upright) -> list[Upright] | None:
    """The one way up whose glyphs read of those the grid ``found`` allows with its ink taken against
    the strokes near it (:func:`upright_options` ``glare``), turned otherwise than the ``plain`` ink's
    one, else None: a row of dice's white edges can lift plain ink's level over a glared edge's labels,
    the dice then taken for labels (seed 137 scene 30: E and F lost, the letters' edge at 0.004 of ink,
    the dice's at 0.034).  Turned the same, the plain way stands (seed 79 scene 90)."""
    try:
        options = upright_options(small, found, picture, view, glare=True)
    except NotThisPuzzle:
        return None
    kept = [option for option in options if legible(option)]
    return kept if len(kept) == 1 and (kept[0].turns, kept[0].mirrored) != (plain.turns, plain.mirrored) else None


def _slid_ways(small: np.ndarray, found: np.ndarray, picture: np.ndarray | None, legible, both: bool,
               opposite: bool = False) -> list[Upright]:
    """The ways up of the grid ``found`` whose rows of labels are slid along the edges by most of a
    square or a whole one (:func:`~visolve.puzzles.genius_square.farlabels.slid_ways`)."""
    try:
        return slid_ways(small, upright_options(small, found, picture, None, both, FAR_SLIDES, opposite), picture,
                         legible)
    except NotThisPuzzle:
        return []
