"""IQ Circuit (SmartGames): read a challenge picture, solve it, draw the solution.

Parts: :mod:`.model` (pieces and rules), :mod:`.levelfile` (text format),
:mod:`.solver`, :mod:`.reader`, :mod:`.painter`, :mod:`.plugin` (``FAMILY``).
"""
