"""Finding IQ XOXO boards in a picture: each 5 x 10 grid as a quadrilateral.

A booklet board is a block of grey squares and coloured pieces on a light
page.  On a working copy of the picture (its first look, long side
:data:`~visolve.puzzles.iq_xoxo.page.first_look.WORK_SIDE`, in
:mod:`visolve.puzzles.iq_xoxo.page.first_look`):

1. *ink*: pixels darker than the page around them (the light is evened out
   with :func:`visolve.vision.light.illumination`) or clearly coloured;
2. *pitch*: the board's empty squares are separate compact blobs of one
   size; the median side of the square-like blobs is the cell pitch;
3. *parts*: on a copy with squares about
   :data:`~visolve.puzzles.iq_xoxo.page.crop.TARGET_PITCH` px apart, cut
   to the part around the squares seen, the grey squares and the pieces
   (:mod:`visolve.puzzles.iq_xoxo.page.parts`);
4. *boards* (:mod:`visolve.puzzles.iq_xoxo.page.quads`): each as a lattice of its squares
   (:mod:`visolve.puzzles.iq_xoxo.page.lattice`); when that leaves grey squares,
   a number tab or pieces out, also as outlined blocks
   (:mod:`visolve.puzzles.iq_xoxo.page.outline`);
5. *left out*: grey squares on a grid, a tab or pieces on the page away
   from every board found (:mod:`visolve.puzzles.iq_xoxo.page.missed`) weigh against
   the page (the reader refuses it).

:func:`find_boards` returns the quadrilaterals in picture coordinates
(corners tl, tr, br, bl of the squares' outer edges, long side across),
in reading order.  Which way up the board is, is the reader's question.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from visolve.puzzles.iq_xoxo.page.crop import boards_copy
from visolve.puzzles.iq_xoxo.page.faint_look import edge_look, faint_look
from visolve.puzzles.iq_xoxo.page.first_look import (MAX_SQUARES, SQUARE_ASPECT, closer_look, closer_planes,
                                                    edged_planes, first_look, on_grid, planes, work_copy)
from visolve.puzzles.iq_xoxo.page.quads import board_quads
from visolve.vision.polygon_distance import distances_within


@dataclass(frozen=True)
class Found:
    """A board found: its corners (picture px, tl tr br bl), the pitch (picture px) and
    the centres (picture px) of the grey squares seen in and around it."""

    corners: np.ndarray
    pitch: float
    squares: np.ndarray
    tentative: bool = False  #: placed from a tab alone (:mod:`.tab_anchor`): kept only when it reads


def glance(image: np.ndarray, aspect: float = SQUARE_ASPECT) -> tuple:
    """The working copy of ``image``, its scale, its planes (made on first use) and the first
    look at it (:func:`first_look`; None: no squares at the working copy's scale).  A box photo
    shows none there: the reader asks the box reader before the page finder's closer look
    (:func:`find_boards`, ``notes["glance"]``), which costs most of a 12 MP box photo's time.
    ``aspect``: the longest a square's blob may be against its width (:func:`first_look`)."""
    work, f = work_copy(image)
    made: dict = {}

    def work_planes() -> tuple:
        if not made:
            made["planes"] = planes(work)
        return made["planes"]

    return work, f, work_planes, first_look(work, work_planes, aspect)


def _looked(image: np.ndarray, glanced: tuple | None = None, aspect: float = SQUARE_ASPECT) -> tuple:
    """:func:`glance` (or ``glanced``, taken before), with a closer look when the first sees
    no squares (small squares' gaps blurred away at the working scale), and a faint look when
    neither does (:func:`~visolve.puzzles.iq_xoxo.page.faint_look.faint_look`: fainter gaps;
    None: no squares), last :func:`~visolve.puzzles.iq_xoxo.page.faint_look.edge_look`; and what
    makes the planes of the copy the boards are looked for on (:func:`planes`, or
    :func:`edged_planes` when only the edge look saw squares); ``aspect``: as :func:`glance` takes it."""
    work, f, work_planes, look = glance(image, aspect) if glanced is None else glanced
    made = planes
    if look is None:
        closer = closer_planes(image, f)  # made once: the looks read it
        look = closer_look(image, f, closer, aspect) or faint_look(image, f, work_planes, lambda: closer)
        if look is None:
            look = edge_look(image, f, lambda: closer)
            if look is not None:
                made, work_planes = edged_planes, _edged_work(work)
    return work, f, work_planes, look, made


def _edged_work(work: np.ndarray) -> Callable[[], tuple]:
    """The :func:`edged_planes` of ``work``, made on first use."""
    return functools.cache(lambda: edged_planes(work))


def find_boards(image: np.ndarray, notes: dict | None = None, aspect: float = SQUARE_ASPECT) -> tuple[
        list[Found], Callable[[list[np.ndarray]], int], Callable[..., list[Found]]]:
    """Every board-like block of ``image`` (see the module docstring), in reading order, how
    to weigh the squares of a grid, tabs and pieces lying outside some of them (quads in
    picture px; a weight of :data:`~visolve.puzzles.iq_xoxo.page.parts.LOST_TAB` or more: a
    board not outlined), and how to
    outline the boards further (more quads, called when a board was left out or does not read;
    ``done``: the quads, picture px, of the boards read, which are not outlined again:
    :func:`~visolve.puzzles.iq_xoxo.page.outline.known_block`).

    The pitch is measured on the working copy (:func:`first_look`); the boards
    are then looked for on a copy scaled so that a square is about
    :data:`~visolve.puzzles.iq_xoxo.page.crop.TARGET_PITCH` px (never larger
    than the picture): small boards keep their gaps, large ones cost less
    (:func:`~visolve.puzzles.iq_xoxo.page.crop.boards_copy`).  ``notes``, when given, keeps the
    first look (``"look"``) for :func:`squares_seen`, and the part of the picture looked at
    (``"crop"``: its top-left and bottom-right corners and the pitch, picture px); a
    ``"glance"`` it holds (:func:`glance` of the same picture) is not taken again.  ``aspect``: the
    longest a grey square's blob may be against its width (:data:`~.first_look.STEEP_ASPECT` when
    the page is looked at again as seen steeply).
    """
    work, f, work_planes, look, made = _looked(image, None if notes is None else notes.get("glance"), aspect)
    if notes is not None:
        notes["look"] = (f, look)
    if look is None:
        return [], _nothing, lambda split=False, done=(), smooth=False: []
    picture, (grey, coloured, dull), pitch, f, origin = boards_copy(image, work, f, work_planes, *look, made)
    if notes is not None:  # the part of the picture looked at (picture px) and its pitch there
        notes["crop"] = (origin, part_end(origin, picture.shape, f, image.shape), pitch / f)
    quads, squares, weigh, outlines, tentative = board_quads(grey, coloured, pitch, dull, picture, aspect)
    scale, shift = f, origin

    def to_picture(some: list[np.ndarray]) -> list[Found]:
        found = []
        for q in some:
            near = np.asarray(squares).reshape(-1, 2)[distances_within(squares, q, pitch / 2) > -pitch / 2]
            found.append(Found((q + 0.5) / scale + shift, pitch / scale,
                               (np.array(near).reshape(-1, 2) + 0.5) / scale + shift, q.tobytes() in tentative))
        return found

    def weigh_picture(some: list[np.ndarray]) -> int:
        return weigh([(np.asarray(q, np.float64) - shift) * scale - 0.5 for q in some])

    def further(split: bool = False, done: list[np.ndarray] = (), smooth: bool = False) -> list[Found]:
        return to_picture(outlines(split=split, done=[(np.asarray(q, np.float64) - shift) * scale - 0.5 for q in done],
                                   smooth=smooth))

    return reading_order(to_picture(quads)), weigh_picture, further


def part_end(origin: np.ndarray, shape: tuple, f: float, whole: tuple) -> np.ndarray:
    """The bottom-right corner (picture px) of the part of a picture of ``whole`` shape whose copy
    ``f`` times as large, of ``shape``, starts at ``origin``: the copy's size rounded to whole
    pixels falls short of the part by up to a pixel of the copy, ``1 / f`` picture px, so an end
    within that of the picture's edge is the edge.  A whole picture 2947 px high, seen 0.51 times
    as large, ended at 2945.5: the part "beyond" it was then the whole picture, weighed again on a
    coarser copy (:func:`~visolve.puzzles.iq_xoxo.page.beyond.beyond_crop`): seed 2 scene 34, its
    three boards all found, weighed 10 there, and seed 0 scene 6's board lost counted twice."""
    end = np.asarray(origin, np.float64) + np.array(shape[1::-1], np.float64) / f
    size = np.array(whole[1::-1], np.float64)
    return np.where(size - end <= 1.0 / f, size, end)


def squares_seen(image: np.ndarray, notes: dict | None = None) -> tuple[int, float]:
    """How many grey squares the first look sees on a grid in ``image``, and their pitch
    (picture px); ``(0, 0.0)`` when it sees none.  What the reader tells when no board
    could be outlined on a page (its refusal names the page, not the box reader).  ``notes``:
    those :func:`find_boards` kept for the same picture (its first look is not taken again:
    a large picture's closer look costs about 100 ms)."""
    if notes is not None and "look" in notes:
        f, look = notes["look"]
    else:
        _work, f, _planes, look, _made = _looked(image)
    if look is None:
        return 0, 0.0
    pitch, centres = look
    return on_grid(centres[:MAX_SQUARES], pitch), pitch / f


def reading_order(found: list[Found]) -> list[Found]:
    """Boards in rows of about six pitches, each row left to right."""
    centres = [fd.corners.mean(axis=0) for fd in found]
    rows = [round(c[1] / (6 * fd.pitch)) for c, fd in zip(centres, found)]
    order = sorted(range(len(found)), key=lambda i: (rows[i], centres[i][0]))
    return [found[i] for i in order]


def _nothing(_quads: list[np.ndarray]) -> int:
    """No squares seen: nothing left out."""
    return 0
