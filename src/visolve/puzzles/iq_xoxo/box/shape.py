"""The IQ XOXO box as the box reader knows it: each piece's colour, the plate's inset, the marks' size.

Measured on the real product photo of the solved box
(``../shared/iq-xoxo/photos/box_solved.jpg``, about 75 px per square).  The
reader compares squares with these (:mod:`visolve.puzzles.iq_xoxo.box.squares`)
and the test drawing draws with them
(:mod:`visolve.puzzles.iq_xoxo.box.drawing`, never imported at run time).
"""

from __future__ import annotations

#: BGR of each piece in the real photo: the median of a square's middle,
#: marks included (measured on box_solved.jpg, where the rim is white)
BOX_BGR = {
    "I": (120, 59, 48),
    "L": (6, 214, 197),
    "N": (185, 136, 252),
    "P": (218, 156, 68),
    "T": (14, 179, 253),
    "U": (86, 42, 95),
    "V": (242, 218, 114),
    "W": (29, 160, 253),
    "Y": (27, 54, 247),
    "Z": (127, 146, 38),
}
#: a piece's plate: inset from the squares' edges (squares)
PLATE_INSET = 0.035
#: O: outer and inner radius; X: half its reach along each axis and arm width (squares)
O_OUTER, O_INNER, X_REACH, X_ARM = 0.36, 0.2, 0.3, 0.15
#: a piece's plastic: saturation at least this (the rim and the floor are grey)
COLOURED = 0.3
