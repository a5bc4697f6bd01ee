"""circuit500: the rotate/slide pipe puzzle from phone screenshots.

``plugin.FAMILY`` ties the parts together: ``reader`` (picture -> level),
``levelfile`` (text format), ``solver`` (minimal actions), ``painter``
(screenshots in the game's look and annotated solution pictures).
"""
