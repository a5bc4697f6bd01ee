"""``visolve make``: new challenges, proven unique, graded by their search, printed as booklet pages.

One job per module: :mod:`.generate` (the seeded stream and the makers of
:mod:`.stars`, :mod:`.xoxo`, :mod:`.circuit`, :mod:`.genius`), :mod:`.grade`
(the grading search and Spearman's rank correlation), :mod:`.pages` (booklet
pages and answers) and :mod:`.command` (the command line).
"""
