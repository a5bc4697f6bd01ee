"""How file names and messages are shown wherever visolve writes them.

A file name may hold anything but ``/`` and NUL: a newline, a tab, a
right-to-left mark, bytes that are no UTF-8 (Python keeps them as lone
surrogates, ``\\udcff``, which no UTF-8 file or terminal takes).  Written as
they are, such names split a level file's ``source`` line, an output line or a
``history.log`` row, or end a run with ``UnicodeEncodeError``.  So a name is
written only as :func:`shown_name` gives it: one line of printable text, with
backslash escapes a reader can undo (:func:`original_name`).

Messages (:func:`shown_text`) are made one line the same way, and cut to a
short excerpt (:func:`excerpt`): a level file's megabyte-long line is quoted
by its first characters and its length, never whole.
"""

from __future__ import annotations

import re

#: escapes for the usual control characters
_SHORT = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
#: longest quote of a file's content kept whole (a token, a line of a level file)
QUOTE_MAX = 60
#: longest run of characters without a blank kept whole in a message (a path fits)
WORD_MAX = 240
#: longest message kept whole (five families' reasons for refusing a picture fit)
MESSAGE_MAX = 1500


def _escaped(ch: str) -> str:
    """One character as it is shown (itself when printable)."""
    if ch in _SHORT:
        return _SHORT[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was no UTF-8 (os.fsdecode's surrogate escape)
        return f"\\x{code - 0xDC00:02x}"
    if ch == " " or ch.isprintable():
        return ch
    return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def shown_name(name: str) -> str:
    """A file name as one line of printable text: ``new⏎line.png`` -> ``new\\nline.png``.

    A backslash is doubled, control and invisible characters become ``\\n``,
    ``\\t``, ``\\xNN``, ``\\uNNNN``; a byte that was no UTF-8 becomes ``\\xNN``
    (``\\x80``-``\\xff``, which a character below U+0100 never gives: those
    are printable or written ``\\u00NN``).  Ordinary names are unchanged.
    """
    name = str(name)
    if name.isprintable() and "\\" not in name:
        return name
    return "".join("\\\\" if ch == "\\" else _escaped(ch) for ch in name)


_ESCAPE = re.compile(r"\\(\\|n|t|r|x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")


def original_name(shown: str) -> str:
    """The file name that :func:`shown_name` showed as ``shown`` (its inverse)."""

    def undo(m: re.Match) -> str:
        code = m.group(1)
        if code == "\\":
            return "\\"
        if code in ("n", "t", "r"):
            return {"n": "\n", "t": "\t", "r": "\r"}[code]
        value = int(code[1:], 16)
        if code[0] == "x" and value >= 0x80:
            return chr(0xDC00 + value)  # the byte, as os.fsdecode keeps it
        return chr(value)

    return _ESCAPE.sub(undo, shown)


def excerpt(text: str, limit: int = QUOTE_MAX) -> str:
    """``text`` when short, else its first characters and its length: ``'xxxx... (1000000 characters)``."""
    if len(text) <= limit:
        return text
    return f"{text[:max(limit - 24, 8)]}... ({len(text)} characters)"


def one_line(text: str) -> str:
    """``text`` with its control and invisible characters escaped (backslashes stay), nothing cut."""
    text = str(text)
    return text if text.isprintable() else "".join(_escaped(ch) for ch in text)


def shown_text(text: str, limit: int = MESSAGE_MAX, word: int = WORD_MAX) -> str:
    """A message as one short line: control characters escaped, words over ``word`` characters and the whole cut.

    Backslashes already in it stay as they are (a message is read, not undone).
    """
    text = one_line(text)
    if len(text) > word:
        text = re.sub(r"\S{%d,}" % (word + 1), lambda m: excerpt(m.group(0), word), text)
    return excerpt(text, limit)


def brief_list(things: list[str], first: int = 5) -> str:
    """``a, b, c, d, e and 1995 more``: the first few of a long list, then how many more."""
    shown = [shown_text(t, 200) for t in things[:first]]
    more = len(things) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more else "")
