"""visolve: turn pictures of logic puzzles into solutions."""

__version__ = "0.1.0"
