"""IQ Stars colours: the seven piece colours told apart under uneven light.

Every colour is measured against the navy board right around its star (the
notches between its points are always board): a photo's stray light and
glare add the same to both and cancel in the difference, and what remains
is the drawn colour's difference from navy scaled per channel by the light
(its gain and colour cast, which the reader divides out).  Blur mixes a
star's black outline into it, which moves it along the navy's own
direction (navy fading to black), so only the part across that direction
counts (:func:`colour_part`).  A star is classed by the *direction* of that
part: the angle to each piece colour's own in any of its shades, the
booklet's drawing or the plastic (:data:`PALETTE`, a
:class:`visolve.vision.palette.Palette`).  Red, orange and yellow, and purple, blue
and pink, lie closest; the :class:`visolve.vision.palette.Verdict` keeps the angle
margin to the second-best colour so the reader can refuse when it is small.

Whether a coloured star has a white middle (a placed piece) or not (a
wizard star) is the share of white in its middle's difference
(:func:`white_share`): the middle is fitted as a mix of the star's colour
and white.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from visolve.puzzles.iq_stars.board import CELLS, cell_name
from visolve.vision.palette import Palette, Verdict, across

#: a colour this many degrees nearer than the second-nearest is read; less is a doubt
#: the pieces' shapes may settle
MIN_MARGIN = 4.0
#: a middle's white share (:func:`white_share`) above WHITE_ABOVE is a placed piece, below
#: SOLID_BELOW a wizard star, between refused
SOLID_BELOW, WHITE_ABOVE = 0.5, 0.8

#: the booklet's drawn colours (RGB)
NAVY_RGB = (44, 44, 68)
WHITE_RGB = (255, 255, 255)
COLOUR_RGB = {
    "r": (255, 0, 0),
    "o": (255, 165, 0),
    "y": (255, 215, 0),
    "g": (0, 128, 0),
    "b": (0, 0, 255),
    "v": (128, 0, 128),
    "p": (255, 20, 147),
}
#: the pieces' plastic as printed colours and renders show it (RGB): the published plastic
#: shades (lime green far greener than the booklet's green, blue a sky blue, violet a
#: purple).  A phone photo's pale plastic (the product photo's, ``../shared/iq-stars``) is
#: not among them: against navy its red, pink and violet lie within 2 degrees of each
#: other, so the tray reader tells them apart by hue against each piece's white instead
PLASTIC_RGB = {
    "r": (242, 38, 46),
    "o": (242, 150, 28),
    "y": (255, 219, 54),
    "g": (156, 214, 48),
    "b": (41, 156, 247),
    "v": (150, 59, 186),
    "p": (232, 94, 184),
}
#: every shade a piece colour is seen in: the booklet's drawing first, then the plastic's
SHADES = {k: (c, PLASTIC_RGB[k]) for k, c in COLOUR_RGB.items()}
#: the direction in which navy fades to black (RGB unit vector)
NAVY_DIR = np.asarray(NAVY_RGB, np.float64) / np.linalg.norm(NAVY_RGB)


def colour_part(diff_rgb) -> np.ndarray:
    """The part of a difference from navy across the navy's own direction (RGB; one or ``(n, 3)``)."""
    return across(diff_rgb, NAVY_DIR)


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


#: each colour shade's colour part, in units of the navy's own size: what a star of
#: that shade measures against navy fading to black
EXPECTED = {
    k: tuple(float(np.linalg.norm(colour_part(np.array(c, np.float64) - NAVY_RGB)) / np.linalg.norm(NAVY_RGB))
             for c in cs)
    for k, cs in SHADES.items()
}
#: white's difference from navy, a unit vector (middles are not blurred by the outline)
WHITE = _unit(np.array(WHITE_RGB, np.float64) - NAVY_RGB)


#: the piece colours as differences from navy, compared by the angle across navy's own
#: direction (:func:`colour_part`): a photo's light scales a difference and blur moves it
#: along navy, neither changes that angle (CIEDE2000 compares absolute colours, and a star's
#: is measured only as a difference from the board around it)
PALETTE = Palette({k: [np.array(c, np.float64) - NAVY_RGB for c in cs] for k, cs in SHADES.items()},
                  metric="angle", along=tuple(NAVY_DIR))


def classify(diff_rgb: np.ndarray) -> Verdict:
    """The piece colour whose direction is nearest ``diff_rgb``'s colour part (colour - navy, RGB):
    ``distance`` and ``margin`` in degrees, ``shade`` the index into :data:`SHADES`."""
    return PALETTE.classify(diff_rgb)


def white_share(core_rgb: np.ndarray, letter: str, shade: int = 0) -> float:
    """Share of white in a star's middle (middle - navy, RGB) fitted as colour + white.

    About 1 for a placed piece's white middle, 0 for a wizard star's solid
    colour; the two parts are kept non-negative.
    """
    basis = np.stack([_unit(np.array(SHADES[letter][shade], np.float64) - NAVY_RGB), WHITE], axis=1)
    coef, *_ = np.linalg.lstsq(basis, np.asarray(core_rgb, np.float64), rcond=None)
    a, w = (max(float(c), 0.0) for c in coef)
    return w / max(a + w, 1e-9)


def middle_share(core_rgb: np.ndarray, verdict: Verdict) -> float:
    """The white share of a star's middle (:func:`white_share`) against the verdict's shade; when
    that lies between :data:`SOLID_BELOW` and :data:`WHITE_ABOVE`, the least against either shade
    of its colour (or of the second colour too, when the two are in doubt, under
    :data:`MIN_MARGIN`) if that one is solid.  A violet wizard star called pink or violet measured
    0.51 against the booklet's pink and 0.07 against the plastic's; placed pieces' white middles
    measure 0.9 and more against every shade (orange and yellow, scenes of seeds 0 and 1)."""
    white = white_share(core_rgb, verdict.name, verdict.shade)
    if not SOLID_BELOW <= white <= WHITE_ABOVE:
        return white
    names = {verdict.name} | ({verdict.second} if verdict.margin < MIN_MARGIN and verdict.second in SHADES else set())
    least = min(white_share(core_rgb, k, shade) for k in names for shade in range(len(SHADES[k])))
    return least if least < SOLID_BELOW else white


#: orange against yellow when the page gave the colour cast: the green share
#: green / red of a star's difference from navy (drawn: orange 0.57, yellow
#: 0.81).  A bright photo clips red first, which lifts orange's share (up to
#: 0.70 measured) and never lowers yellow's: orange below ORANGE_BELOW,
#: yellow above YELLOW_ABOVE, between refused
ORANGE_BELOW, YELLOW_ABOVE = 0.71, 0.77
#: the same bounds when no page gave the cast (a drawing on a dark page): wider by what a
#: colour cast of about 6 % between red and green moves the share.  Measured on the
#: randomized scenes of seeds 0, 1 and 3 without a light page: orange up to 0.72, yellow
#: from 0.735
UNCAST_BAND = (0.67, 0.80)


#: the page-cast bounds widened by 0.02 each way: a share just outside them that contradicts a clear
#: angle (:data:`MIN_MARGIN` and more) is a doubt.  Seed 101 scene 87: a yellow star, its angle yellow
#: 4.3 clear, its solid middle's share 0.709, was read orange; on the randomized scenes of seeds 0,
#: 1, 3, 17, 79 and 101 every other clear angle the share overruled was right, its share at most 0.52
#: or 0.85 and more (41 calls); the shares of 0.704-0.708 of seed 17 scene 13 (a golden yellow beside
#: an orange, settled by :func:`split_by_shade`) had angles 1.1-1.6 clear, untouched
NEAR_BAND = (ORANGE_BELOW - 0.02, YELLOW_ABOVE + 0.02)


def orange_or_yellow(diff_rgb, band: tuple[float, float] = (ORANGE_BELOW, YELLOW_ABOVE)) -> str | None:
    """``"o"``, ``"y"`` or None (too close) by the green share of a difference from navy: orange
    below ``band[0]``, yellow above ``band[1]``."""
    red, green = float(diff_rgb[0]), float(diff_rgb[1])
    if red <= 0:
        return None
    share = green / red
    if share < band[0]:
        return "o"
    if share > band[1]:
        return "y"
    return None


#: red against pink: ``(blue - PINK_GREEN * green) / red`` of a star's difference from navy
#: (its ratios do not change as blur mixes the board in).  The booklet's red measures -0.26,
#: its pink 0.41, the plastic's -0.10 and 0.54; the randomized scenes' printed shades
#: -0.41..0.16 (red) and 0.20..0.68 (pink); their stars as read (seeds 0, 1, 3), near the
#: middle (``ARM_R``): red up to 0.115, pink from 0.21; far out (``HUE_R``, where the black
#: outline blurs in and lowers it): red up to 0.08, pink down to 0.02.  The colour's angle
#: alone puts a light pink a few degrees from red, often on red's side (the part of pink's
#: blue along navy's direction is dropped with it)
PINK_GREEN = 0.3
RED_BELOW, PINK_ABOVE = 0.14, 0.19


def red_or_pink(diff_rgb) -> str | None:
    """``"r"``, ``"p"`` or None (too close) by the blue share of a difference from navy."""
    red, green, blue = (float(c) for c in diff_rgb[:3])
    if red <= 0:
        return None
    share = (blue - PINK_GREEN * green) / red
    if share < RED_BELOW:
        return "r"
    if share > PINK_ABOVE:
        return "p"
    return None


#: violet against pink when the page gives the light's level: the size of a star's colour part
#: (:func:`visolve.puzzles.iq_stars.colours.colour_part`) in drawn levels; measured on the
#: randomized scenes' photos: pink stars 90-195, violet 36-100 (the booklet's and the plastic's
#: pink 172 and 108, violet 93 and 66).  Blur shrinks a star's colour, nothing grows it: a star
#: called pink under PINK_LEAST may be violet, and is a doubt between the two (a violet drawn
#: redder than the published shades lies nearer pink by its colour's angle alone)
PINK_LEAST = 85.0
#: ... and one under PINK_SURE whose blue share ``(blue - 0.75 green) / red`` (of its points'
#: difference from navy) is violet's too, above VIOLET_SHARE, is the same doubt.  Measured on
#: the scenes of seeds 0, 1 and 3: pink stars under 120 levels have shares up to 0.50 (pink's
#: shares reach 0.62, on stronger stars), violet stars 0.54 and up; seed 2 misread a violet of
#: 90 levels, share 0.76, as a wizard pink star
PINK_SURE, VIOLET_SHARE = 120.0, 0.6


def violet_rule(verdict: Verdict, ring: np.ndarray, level: float) -> Verdict:
    """A star called pink whose colour is too weak for pink (:data:`PINK_LEAST`, on the page's
    ``level``), or weak and as blue as violet (:data:`PINK_SURE`, :data:`VIOLET_SHARE`), is a
    doubt between pink and violet: its margin becomes 0."""
    if level <= 0 or verdict.name != "p":
        return verdict
    size = float(np.linalg.norm(colour_part(ring))) / level
    red, green, blue = (float(c) for c in ring[:3])
    bluish = red > 0 and (blue - 0.75 * green) / red > VIOLET_SHARE
    if size >= PINK_SURE or (size >= PINK_LEAST and not bluish):
        return verdict
    return replace(verdict, margin=0.0, second="v")


#: a pink or violet doubt (under :data:`MIN_MARGIN`, as the angle or :func:`violet_rule` left it)
#: of a wizard star is settled by the blue share ``(blue - 0.75 green) / red`` of its solid middle:
#: pink below PINK_BELOW, violet above VIOLET_ABOVE.  Drawn: pink 0.46 (booklet) and 0.42 (plastic),
#: violet 1.10 and 1.01.  Measured on the doubts of the scenes of seeds 1-4 (all violet wizard
#: stars): middles 0.66-0.93; a pink wizard star beside them 0.45.  A placed piece's points are
#: no guide (a violet measured 0.54, seed 1 scene 86): its doubt is left to the pieces' shapes.
#: Every wizard star named pink or violet in the scenes of seed 43 and seed 0's first 25, sure or
#: not: pink middles 0.28-0.60 (12), violet 0.77-1.24 (13)
PINK_BELOW, VIOLET_ABOVE = 0.55, 0.68
#: the bounds widened by 0.05 each way: a share there that says the other colour than the angle's lean
#: (a doubt under MIN_MARGIN, but not none) leaves the doubt.  Seed 103 scene 73: a pink wizard star,
#: its points 2.3 nearer pink, its middle's share 0.715, was read violet (now read pink by the shapes);
#: of the 529 pink or violet doubts and calls of seeds 103, 0, 1 and 3 no other is so
PINK_NEAR = (PINK_BELOW - 0.05, VIOLET_ABOVE + 0.05)


def pink_violet_rule(verdict: Verdict, ring: np.ndarray, core: np.ndarray) -> Verdict:
    """A wizard star's pink or violet doubt settled by the blue share (:data:`PINK_BELOW`,
    :data:`VIOLET_ABOVE`) of its solid middle ``core``; others unchanged (``ring``, its points,
    gives the settled colour's shade).

    A wizard star named pink or violet surely by its points' angle whose middle's share says
    the other colour is a doubt (margin 0) that only the pieces' shapes may settle: the points,
    where the black outline blurs in, and the middle disagree (seed 43 scene 37: a violet drawn
    in the plastic's shade, its points 5.4 degrees nearer pink, its middle's share 0.77)."""
    if {verdict.name, verdict.second} != {"p", "v"}:
        return verdict
    if min(white_share(core, k, shade) for k in "pv" for shade in (0, 1)) >= SOLID_BELOW:
        return verdict
    red, green, blue = (float(c) for c in core[:3])
    if red <= 0:
        return verdict
    share = (blue - 0.75 * green) / red
    letter = "p" if share < PINK_BELOW else "v" if share > VIOLET_ABOVE else None
    if verdict.margin >= MIN_MARGIN:
        return verdict if letter in (None, verdict.name) else replace(verdict, margin=0.0)
    if letter is None or (verdict.margin > 0 and letter != verdict.name and PINK_NEAR[0] <= share <= PINK_NEAR[1]):
        return verdict  # between the bounds, or just past one against the angle's lean: a doubt still
    shade = PALETTE.classify(ring, names=[letter]).shade
    return replace(verdict, name=letter, second="v" if letter == "p" else "p", margin=MIN_MARGIN, shade=shade)


def orange_rule(verdict: Verdict, ring: np.ndarray, balanced: bool, core: np.ndarray | None = None,
                clipped: bool = False, gains: np.ndarray | None = None,
                points_clear: np.ndarray | None = None) -> Verdict:
    """Orange against yellow by the green share (:func:`visolve.puzzles.iq_stars.colours.orange_or_yellow`):
    the verdict's margin becomes 0 when the share is too close to call.  When no page gave the
    cast, the share, between wider bounds, only settles a doubt of the angle's, or makes a
    clear angle a doubt by saying the other colour or by lying between the page-cast bounds
    (:data:`ORANGE_BELOW`, :data:`YELLOW_ABOVE`), where the angle is no guide: randomized scenes
    of seed 17 drew an orange at 0.735 whose angle called it yellow 4.4 degrees clear (scene 36),
    and a yellow of seed 1 at 0.74 was 5.1 degrees clear.

    A wizard star's solid middle (``core``) shows its colour clear of the black outline, whose
    blur lowers the points' share (a yellow drawn at 0.735, between the two, measured 0.708 on its
    points in a board 225 px high and was read orange): its share decides.

    When the page around the board is ``clipped`` in red, so is an orange star's red (drawn at
    the page's level) inside it, and its share is raised by an unknown amount: a star called
    yellow is then a doubt between yellow and orange that the pieces' shapes must settle --
    unless its points seen unclipped (``points_clear``: their colour as ``ring``'s, or None:
    :func:`~visolve.puzzles.iq_stars.clipping.unclipped_points`) say yellow by their share too.
    Clipping did not touch those samples, and the black outline blurred into the points
    only lowers their share (a white middle raises it, as on any page).  So a wizard star whose
    solid middle clipped (seed 1 scene 38: middle at 253, share 0.90; points at 243 and under,
    0.90) is read by its points.  Randomized scenes of seeds 0, 1, 3 and 17: of the 99 orange
    stars on clipped pages (74 with their points unclipped) none measured over 0.77, the
    greenest 0.76 (a doubt by the share).

    ``gains`` are the cast taken out of ``ring`` and ``core`` (RGB, mean 1).  When the share as
    seen, the cast left in, calls the other colour than the share with it taken out, the cast
    decided the colour, and a page's cast is not always the light's (a tinted sheet, a tinted
    glare): a doubt.  Randomized scenes, seeds 0-3 and 17: a yellow under a cyan glare measured
    0.70 with the page's cast out and 0.78 with it in, and was read orange (seed 17 scene 67);
    two other stars of 566 under a page flip so, both read right (they become doubts)."""
    called = _orange_or_yellow(verdict, ring, balanced, core)
    if balanced and gains is not None and _cast_decides(called, ring, core, gains):
        called = replace(called, margin=0.0, second="y" if called.name == "o" else "o")
    if clipped and called.name == "y" and (called.second == "o" or called.margin >= MIN_MARGIN):
        band = (ORANGE_BELOW, YELLOW_ABOVE) if balanced else UNCAST_BAND
        if not (points_clear is not None and called.margin >= MIN_MARGIN
                and orange_or_yellow(points_clear, band) == "y"):
            return replace(called, margin=0.0, second="o")
    return called


def _orange_or_yellow(verdict: Verdict, ring: np.ndarray, balanced: bool, core: np.ndarray | None) -> Verdict:
    """:func:`orange_rule` where the page is not clipped."""
    if {verdict.name, verdict.second} != {"o", "y"}:
        return verdict
    shown = _shown(ring, core)
    letter = orange_or_yellow(shown) if balanced else orange_or_yellow(shown, UNCAST_BAND)
    if not balanced and verdict.margin >= MIN_MARGIN:  # a clear angle stands unless the share contradicts it
        if orange_or_yellow(shown) is None:  # between even the page-cast bounds: the angle cannot say
            return replace(verdict, margin=0.0)
        return verdict if letter in (None, verdict.name) else replace(verdict, margin=0.0)
    if letter is None or (verdict.margin >= MIN_MARGIN and letter != verdict.name
                          and orange_or_yellow(shown, NEAR_BAND) is None):  # a clear angle against a share at the band
        return replace(verdict, margin=0.0)
    other = "y" if letter == "o" else "o"
    return replace(verdict, name=letter, margin=max(verdict.margin, MIN_MARGIN), second=other)


def _shown(ring: np.ndarray, core: np.ndarray | None) -> np.ndarray:
    """A wizard star's solid middle when it is solid (:func:`orange_rule`), else its points."""
    solid = core is not None and min(white_share(core, k, shade) for k in "oy" for shade in (0, 1)) < SOLID_BELOW
    return core if solid else ring


def _cast_decides(called: Verdict, ring: np.ndarray, core: np.ndarray | None, gains: np.ndarray) -> bool:
    """Whether an orange or yellow ``called`` with the cast ``gains`` taken out would be called the
    other colour with the cast left in (:func:`orange_rule`)."""
    if called.margin < MIN_MARGIN or called.name not in ("o", "y"):
        return False
    shown = _shown(ring, core)
    cast_out, cast_in = orange_or_yellow(shown), orange_or_yellow(shown * gains)
    return cast_out == called.name and cast_in not in (None, called.name)


def red_rule(verdict: Verdict, ring: np.ndarray, hue: np.ndarray, core: np.ndarray) -> Verdict:
    """Red against pink by the blue share (:func:`visolve.puzzles.iq_stars.colours.red_or_pink`)
    whenever the angle's two nearest colours are red and pink, however far apart it puts them.

    A wizard star's solid middle (``core``) shows its colour clear of any outline: its share
    decides.  On the points, the black outline blurred in lowers the share, most far out on
    them (``hue``, the reader's ``HUE_R``), and a white middle blurred in raises it, most near the
    middle (``ring``, its ``ARM_R``): pink is read when even the outer part says pink, red
    when even the inner part says red.  Otherwise the verdict's margin becomes 0, a doubt; so too
    when a solid middle's share lies between red's and pink's bounds (the points, lowered by the
    outline, do not decide then: seed 11 scene 26, a pink star whose middle measured 0.177 and its
    points red's -0.11 and 0.095, was read red; on the scenes of seeds 0-10 no other star is so)."""
    if {verdict.name, verdict.second} != {"r", "p"}:
        return verdict
    outer, inner = red_or_pink(hue), red_or_pink(ring)
    solid = min(white_share(core, k, shade) for k in "rp" for shade in (0, 1)) < SOLID_BELOW
    letter = red_or_pink(core) if solid else None
    if solid and letter is None:  # the middle, clear of the outline, between the two: the points do not say
        return replace(verdict, margin=0.0)
    if letter is None:
        letter = "p" if outer == "p" and inner != "r" else "r" if inner == "r" and outer != "p" else None
    elif outer == inner and outer not in (None, letter):  # the points contradict the middle
        letter = None
    if letter is None:
        return replace(verdict, margin=0.0)
    if letter == verdict.name:
        return replace(verdict, margin=max(verdict.margin, MIN_MARGIN))
    shade = PALETTE.classify(hue, names=[letter]).shade
    return replace(verdict, name=letter, margin=MIN_MARGIN, second="p" if letter == "r" else "r", shade=shade)


#: an orange/yellow doubt is the other colour than a star of the same board read orange (or
#: yellow) when its green share is at least this much above (below) that star's: stars of one
#: colour on one board measure within 0.10 of each other, orange and yellow 0.09 apart and
#: more (scenes of seeds 0, 1, 3: 124 boards with two stars of a colour, 41 with both)
OTHER_SHADE = 0.14
#: two stars read the same colour this far apart in green share or more are past what one colour
#: measured: no reading stands unless a split settles them (:func:`shades_apart`).  Orange 0.10 (the
#: most one colour measured, above; seed 18 scene 3: a yellow drawn orange-ish, 0.65, read orange
#: beside an orange at 0.54, 0.11 apart, too close for :data:`OTHER_SHADE`'s split); yellow, whose
#: shares are larger, :data:`OTHER_SHADE` (the painter's photo 21 of seed 0: two yellows 0.84 and 0.96)
ONE_SHADE = {"o": 0.10, "y": OTHER_SHADE}


def settled_by_board(stars: dict, grid: list[list[str]], doubts: list) -> list | None:
    """Orange/yellow doubts ((cell, ColourDoubt) pairs) settled against the stars (cell -> the
    reader's Star) of the same board read orange or yellow
    (see :data:`OTHER_SHADE`): their symbols are written into ``grid`` and the doubts left are
    returned, or None when none was settled."""
    refs = [(grid[r][k].lower(), stars[(r, k)].green) for r, k in CELLS if grid[r][k].lower() in "oy"
            and all((r, k) != c for c, _d in doubts)]
    rest, settled = [], False
    for cell, doubt in doubts:
        share = stars[cell].green
        said = {"y" if share - g >= OTHER_SHADE else None for sym, g in refs if sym == "o"}
        said |= {"o" if g - share >= OTHER_SHADE else None for sym, g in refs if sym == "y"}
        said.discard(None)
        options = {o.lower(): o for o in doubt.options}
        if set(options) == {"o", "y"} and len(said) == 1:
            r, k = cell
            grid[r][k] = options[said.pop()]
            settled = True
        else:
            rest.append((cell, doubt))
    return rest if settled else None


def shades_apart(stars: dict, rows) -> str | None:
    """Why ``rows`` cannot stand as read when two of its stars read the same colour, orange or
    yellow, have green shares (the reader's ``Star.green``) :data:`ONE_SHADE` or more apart (one
    colour is one piece, its stars within 0.10 of each other), else None.  Seed 16 scene 56: a
    yellow at 0.709, just under :data:`ORANGE_BELOW`, read orange beside an orange at 0.44; over
    the randomized scenes of seeds 0, 1, 3, 16 and 17 no other board read so."""
    for letter, name in (("o", "orange"), ("y", "yellow")):
        cells = [(r, k) for r, k in CELLS if rows[r][k].lower() == letter]
        shares = [stars[c].green for c in cells]
        if len(cells) > 1 and max(shares) - min(shares) >= ONE_SHADE[letter]:
            far = [cells[int(np.argmin(shares))], cells[int(np.argmax(shares))]]
            where = " and ".join(f"{cell_name(c)} ({stars[c].green:.2f})" for c in far)
            return (f"{where} both read {name}, but their green shares are {ONE_SHADE[letter]} or more apart: "
                    "two colours, not split surely into orange and yellow")
    return None


def split_by_shade(stars: dict, rows) -> tuple[str, ...] | None:
    """``rows`` with its stars read all orange or all yellow split into two colours, when their green
    shares (the reader's ``Star.green``) fall into two groups at least :data:`OTHER_SHADE` apart, each
    within less than that: the greener group yellow, the other orange.  A print run may draw orange
    redder and yellow more orange than the booklet (a golden yellow at 0.70, an orange at 0.43, both
    read orange: scene 13 of seed 17), but one colour is one piece, so two shades that far apart are
    two pieces.  None when the stars do not fall so; whether the rows are a challenge is the
    caller's to check."""
    cells = [(r, k) for r, k in CELLS if rows[r][k].lower() in "oy"]
    if len(cells) < 2 or len({rows[r][k].lower() for r, k in cells}) != 1:
        return None
    cells.sort(key=lambda c: stars[c].green)
    shares = np.array([stars[c].green for c in cells])
    cut = int(np.argmax(np.diff(shares))) + 1
    if shares[cut] - shares[cut - 1] < OTHER_SHADE or max(shares[cut - 1] - shares[0],
                                                        shares[-1] - shares[cut]) >= OTHER_SHADE:
        return None
    grid = [list(row) for row in rows]
    for n, (r, k) in enumerate(cells):
        letter = "o" if n < cut else "y"
        grid[r][k] = letter.upper() if grid[r][k].isupper() else letter
    return tuple("".join(row) for row in grid)
