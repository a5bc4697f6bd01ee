"""Counts in words: ``1 tap``, ``2 taps`` -- never ``1 taps`` nor ``tap(s)``."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun`` agreeing in number: ``counted(1, "action")`` -> ``"1 action"``.

    Parameters
    ----------
    n : int
        The count.
    noun : str
        The singular noun (or noun phrase whose last word takes the plural).
    plural : str, optional
        The plural when it is not ``noun + "s"`` (``"squares"`` needs none, ``"boxes"`` does).

    Returns
    -------
    str
        ``"<n> <noun or plural>"``.
    """
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
