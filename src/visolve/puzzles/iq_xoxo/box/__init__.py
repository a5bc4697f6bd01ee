"""The IQ XOXO box reader: a photo of the box with pieces in its tray.

:mod:`.finder` finds the tray, :mod:`.reader` reads it square by square
(:mod:`.squares`, against the box's colours and marks in :mod:`.shape`).
:mod:`.drawing` draws box photos for tests and the evaluation; nothing at
run time imports it.
"""
