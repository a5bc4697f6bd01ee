"""The IQ XOXO booklet-page reader: boards of grey squares on a light page, each with its number tab.

:mod:`.finder` finds each board (as a lattice of its squares, :mod:`.lattice`
and :mod:`.cell_evidence`, else outlined as a block, :mod:`.outline`) and
what it left out (:mod:`.missed`); :mod:`.reading` reads each board found:
its squares (:mod:`.squares` against the grey of :mod:`.empty_grey`), which
way up (:mod:`.turned`) and the number on its tab (:mod:`.tab_number`).
"""
