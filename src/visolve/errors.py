"""Exceptions shared by every part of visolve.

Every error carries a one-line, human-readable reason; the pipeline prefixes
it with the file or level it concerns.
"""

from visolve.names import QUOTE_MAX, shown_name, shown_text


class VisolveError(Exception):
    """Base class: an expected failure with a message meant for the user."""


class ImageLoadError(VisolveError):
    """The file is not an image we can decode (missing, empty, truncated, not a picture)."""


class NotThisPuzzle(VisolveError):
    """The picture is not of the puzzle family asked (reader's first check failed)."""


class ReadError(VisolveError):
    """The picture is of this puzzle but could not be read with confidence."""


class SeveralBoards(ReadError):
    """The picture shows more than one board of a family that reads one board a picture (a
    page of challenges): read as one of them it would be a misread."""


class PartialRead(ReadError):
    """A picture of several challenges (a booklet page) of which some were read and some not.

    ``levels`` holds the levels read, each settled on its own (its squares and its tab's number
    clear without the page's help); the message names what was refused and why.  A caller
    that does not know this class sees a refusal of the whole picture, as before.
    """

    def __init__(self, message: str, levels: list):
        super().__init__(message)
        self.levels = list(levels)


class LevelFormatError(VisolveError):
    """A level file does not parse; ``line`` is 1-based (0 when not tied to a line).

    The message quotes at most a short excerpt of the file (a megabyte-long
    line is shown by its first characters and its length), and the file name
    is shown escaped (:mod:`visolve.names`).
    """

    def __init__(self, message: str, line: int = 0, path: str = ""):
        self.line = line
        self.path = path = shown_name(path)
        self.reason = message = shown_text(message, 300, QUOTE_MAX)
        where = f"{path}:" if path else ""
        where += f"line {line}: " if line else ("" if not path else " ")
        super().__init__(f"{where}{message}")
