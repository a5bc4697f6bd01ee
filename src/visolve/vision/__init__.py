"""Puzzle-independent image work: loading, board finding, grid sampling, matching."""
