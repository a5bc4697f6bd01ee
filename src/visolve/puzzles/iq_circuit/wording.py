"""IQ Circuit pieces and placements in a player's words.

The real pieces are all black with gold track (``pieces.json``, RULES.md):
a player knows them by their shape and, for the three pairs of look-alikes
(two short bars, two long bars, two corners), by what the side with the dot
shows.  The solution picture outlines every piece in a colour of its own;
that colour starts the name (``"red short bar (dot + bend)"``), so a line of
the list and the piece on the picture go together.  The booklet's codes
(``LINE3_1``) and face numbers stay in the level file and the JSON.

A step of the laying order (:func:`steps`) carries its number, the
placement, the text of its line and the cell where the picture writes the
number: the picture and the list are made from the same steps.
"""

from __future__ import annotations

from dataclasses import dataclass

from visolve.puzzles.iq_circuit.model import PIECES, Level, Placement, mask_kind

#: per piece id (face by face): which side is up, as a player sees it
FACE_WORDS: tuple[tuple[str, ...], ...] = (
    *(("dot side up", "no-dot track side up", "blank side up"),) * 4,  # the four bars
    *(("dot side up", "flipped: no-dot side up"),) * 3,  # the two corners, the square
    ("L-shaped side up", "flipped: J-shaped side up"),
    ("side with a bare cell up", "flipped: track on every cell"),
    ("dot side up", "flipped: no-dot side up"),  # the Z piece
)

#: per piece id: the outline colour of the solution picture (BGR) and its name
OUTLINES: tuple[tuple[tuple[int, int, int], str], ...] = (
    ((40, 40, 235), "red"),
    ((0, 150, 255), "orange"),
    ((40, 170, 40), "green"),
    ((235, 225, 0), "cyan"),
    ((240, 110, 30), "blue"),
    ((200, 60, 150), "purple"),
    ((190, 130, 255), "pink"),
    ((255, 255, 255), "white"),
    ((30, 80, 140), "brown"),
    ((130, 255, 170), "lime"),
)


def player_name(piece: int) -> str:
    """The piece as a player sees it, with its outline colour: ``"red short bar (dot + bend)"``."""
    return f"{OUTLINES[piece][1]} {PIECES[piece].name}"


def face_words(piece: int, face: int) -> str:
    """Which side of the piece is up, in words: ``"dot side up"``, ``"blank side up"``..."""
    return FACE_WORDS[piece][face]


def square_name(x: int, y: int) -> str:
    """A board square as the picture's edges label it: column letter A-H, row number 1-4 from the top."""
    return f"{chr(ord('A') + x)}{y + 1}"


def describe(pl: Placement) -> str:
    """One placement in a player's words: the piece, the side up, where its dot goes, the squares."""
    cells = pl.cells()
    where = " ".join(square_name(x, y) for x, y in sorted((x, y) for x, y, _m in cells))
    dots = [square_name(x, y) for x, y, m in cells if mask_kind(m) == "point"]
    dot = f", dot on {dots[0]}" if dots else ""
    return f"{player_name(pl.piece)}, {face_words(pl.piece, pl.face)}{dot}: {where}"


@dataclass(frozen=True)
class Step:
    """One piece of the laying order, as the list and the picture show it."""

    number: int  #: 1 for the piece laid first
    placement: Placement
    text: str  #: the list's line, which starts with the number
    mark: tuple[int, int]  #: the square (x, y) where the picture writes the number: its first without a dot
    preplaced: bool  #: the challenge shows this piece already on the board


def steps(level: Level, order: list[Placement]) -> list[Step]:
    """The pieces of ``order`` (the laying order) numbered from 1, each with its line and mark."""
    fixed = set(level.pieces)
    out = []
    for number, pl in enumerate(order, start=1):
        note = " (already on the board)" if pl in fixed else ""
        bare = [(x, y) for x, y, m in pl.cells() if mask_kind(m) != "point"]  # a bar has one dot at most
        mark = min(bare, key=lambda c: (c[1], c[0]))
        out.append(Step(number, pl, f"{number:2d}. {describe(pl)}{note}", mark, pl in fixed))
    return out


def _check_tables() -> None:
    if len(FACE_WORDS) != len(PIECES) or len(OUTLINES) != len(PIECES):
        raise ValueError("iq-circuit wording: one entry per piece")
    for piece, faces in zip(PIECES, FACE_WORDS):
        if len(faces) != len(piece.faces):
            raise ValueError(f"iq-circuit wording: piece {piece.id} has {len(piece.faces)} faces")


_check_tables()
