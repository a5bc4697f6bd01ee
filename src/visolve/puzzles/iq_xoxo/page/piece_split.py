"""Two pieces of one colour seen as one: a group of ten piece squares cut into two pentominoes.

The scenes (and a blurred photo of the booklet) may show two pieces of like
colours side by side with the light gap between them washed out: their
squares join into one group of ten that is no pentomino.  Such a group is cut
into two pentominoes of the set only along gaps that are all lighter (nearer
the page) than every gap kept inside the two pieces: inside a piece there is no
gap at all, between two pieces the page shows, however faint.  The reader
takes a cut only when the whole board then reads one way alone
(:func:`visolve.puzzles.iq_xoxo.page.reading.read_board`).
"""

from __future__ import annotations

import itertools

from visolve.puzzles.iq_xoxo.board import letter_of_shape

#: a group of this many squares is looked at for a cut into two pentominoes
PAIR = 10


def _pairs_within(cells: set) -> list:
    """The neighbouring pairs of ``cells`` (each once: the right or lower one second)."""
    return [((r, c), nb) for r, c in cells for nb in ((r, c + 1), (r + 1, c)) if nb in cells]


def pentomino_cuts(group: list, shares: dict) -> list[list[list[tuple[int, int]]]]:
    """The ways of cutting ``group`` (:data:`PAIR` squares, no pentomino itself) into two
    pentominoes of the set whose gaps cut all show more page than every gap kept.

    Parameters
    ----------
    group : list of tuple
        The group's squares (r, c).
    shares : dict
        Gap shares between neighbouring squares, ``((r, c), (r, c + 1) or (r + 1, c)) -> share``
        (:func:`visolve.puzzles.iq_xoxo.page.squares.gap_shares`: 0 the page, 1 the pieces' colour).

    Returns
    -------
    list
        Each cut as two lists of squares (sorted); empty when the group is no pair of pieces.
    """
    cells = sorted(group)
    if len(cells) != PAIR or letter_of_shape(cells) is not None:
        return []
    first, rest = cells[0], cells[1:]
    cuts = []
    for others in itertools.combinations(rest, PAIR // 2 - 1):
        one = {first, *others}
        two = set(cells) - one
        if letter_of_shape(sorted(one)) is None or letter_of_shape(sorted(two)) is None:
            continue  # (a pentomino's squares touch one another)
        kept = [shares.get(p) for p in _pairs_within(one) + _pairs_within(two)]
        cut = [shares.get(p) for p in _pairs_within(set(cells)) if (p[0] in one) != (p[1] in one)]
        if any(s is None for s in kept + cut) or not kept or not cut:
            continue
        if max(cut) < min(kept):
            cuts.append([sorted(one), sorted(two)])
    return cuts
