"""Squares near the boards count as a board lost only on the boards' own grid (issue #25: scenes seed
191 spread 3, its 12 boards all outlined, was refused for specks of an evened page's grain that
lay a pitch from two others in any direction)."""

import numpy as np

from visolve.puzzles.iq_xoxo.page.first_look import on_grid
from visolve.puzzles.iq_xoxo.page.quads import AXIS_SLACK, on_boards_grid

PITCH = 20.0


def _turned(points: np.ndarray, degrees: float) -> np.ndarray:
    t = np.deg2rad(degrees)
    return points @ np.array([[np.cos(t), np.sin(t)], [-np.sin(t), np.cos(t)]])


def _quad(x0: float, y0: float, degrees: float) -> np.ndarray:
    """A 10 x 5 board's corners (in order), turned about the origin."""
    corners = np.array([(x0, y0), (x0 + 10 * PITCH, y0), (x0 + 10 * PITCH, y0 + 5 * PITCH), (x0, y0 + 5 * PITCH)])
    return _turned(corners, degrees)


def _squares(x0: float, y0: float, degrees: float, cols: range, rows: range) -> np.ndarray:
    centres = np.array([(x0 + PITCH * (c + 0.5), y0 + PITCH * (r + 0.5)) for r in rows for c in cols], np.float64)
    return _turned(centres, degrees)


def test_a_lost_boards_squares_count_along_the_boards_sides():
    for degrees in (0.0, 27.0, -61.0):
        quads = [_quad(0, 0, degrees)]
        lost = _squares(0, 7 * PITCH, degrees, range(3), range(2))  # six squares of a board below, in two rows
        assert on_boards_grid(lost, quads, PITCH) == 6


def test_a_board_a_few_degrees_off_its_neighbour_still_counts():
    quads = [_quad(0, 0, 0.0)]
    lost = _squares(0, 7 * PITCH, np.rad2deg(AXIS_SLACK) * 0.7, range(3), range(2))
    assert on_boards_grid(lost, quads, PITCH) == 6


def test_specks_a_pitch_apart_across_the_boards_sides_do_not_count():
    quads = [_quad(0, 0, 0.0)]
    specks = _squares(100, 100, 45.0, range(3), range(2))  # a grid of its own, turned half way between the sides
    assert on_grid(specks, PITCH) == 6  # a pitch apart in any direction: all on a grid
    assert on_boards_grid(specks, quads, PITCH) == 0


def test_nothing_without_boards_or_squares():
    assert on_boards_grid(np.zeros((0, 2)), [_quad(0, 0, 0.0)], PITCH) == 0
    assert on_boards_grid(_squares(0, 0, 0.0, range(3), range(2)), [], PITCH) == 0
