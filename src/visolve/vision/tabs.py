"""Number tabs on a page of challenges: filled dark or coloured blocks holding a number in light digits.

A booklet (and ``visolve make``) prints each challenge under a *tab*: a
filled rectangle, its corners square or rounded, darker or more coloured than
the page, with the challenge's number in light digits in its middle.
:func:`find_tabs` finds them in a picture of a page and reads their numbers;
it knows nothing of the boards under them.

Finding: :mod:`visolve.vision.tab_outline` finds blocks of ink shaped as tabs on a reduced
copy and their corners again in the picture.  Each is then looked at,
turned upright and :data:`TAB_HEIGHT` px high: its light parts must
stand like the digits of a number (each :data:`DIGIT_HEIGHT` of the tab's
height, side by side in its middle, none touching its rim), else it is no
tab (the white outlines on a board, a label).  A faint tab (looked for beside a tab read) whose
light parts do not stand so is looked at once more with its own background taken off
(:func:`flattened`: light falling brighter on one end of it; a small blurred tab, the page's light
blurred in at its rim), and so is a block of a read tab's height found among the dark ones whose
light parts did not stand so (a tab under a glare spot).  Every tab so flattened made a chess
board's dark squares three tabs.

Reading: each digit is cut out (:func:`visolve.vision.digits.glyph`) and matched by normalised
correlation (:class:`visolve.vision.match.TemplateBank`) against digits
drawn in several fonts, weights and blurs (:func:`visolve.vision.digits.digit_bank`); a digit
whose best match is below :data:`MATCH_MIN`, or less than
:data:`MATCH_MARGIN` above any other digit, leaves the tab unread, with the
reason (a reader never guesses a number).  A light part as wide as two digits
is cut where it is thinnest and both halves must match :data:`CUT_MARGIN`
clear of any other digit.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from visolve.vision.digits import glyph, style_scores, thinnest_column, verdict
from visolve.vision.geometry import quad_size
from visolve.vision.light import channel_min
from visolve.vision.tab_outline import LOOK_SIDE, candidates, faint_masks, ink_masks, reduced, refined

#: tabs whose middles are less than ROW_GAP of a tab's height apart down the page share a row
ROW_GAP = 1.5
#: a tab fewer than MIN_HEIGHT px high in the picture is not read: its digits, about half as
#: high, blur into each other's shapes (a 3 matched as a 4 by 0.01 at 14 px)
MIN_HEIGHT = 18
#: when two tabs or more are read, an unread one lower than LIKE_READ of their median height, or
#: higher than 1 / LIKE_READ of it, is no tab (a page's tabs are printed alike: a board washed pale
#: by glare, its light stars standing like digits on a dark block, is no tab; a board left without
#: its tab is still seen, by its ink)
LIKE_READ = 0.6
#: a tab is looked at TAB_HEIGHT px high, without RIM of its height around it (corners, blur)
TAB_HEIGHT, RIM = 64, 0.08
#: a digit's height: DIGIT_HEIGHT[0]-DIGIT_HEIGHT[1] of the tab's; parts lower than SPECK are
#: specks (noise), parts between SPECK and a digit leave the tab unread
DIGIT_HEIGHT, SPECK = (0.3, 0.9), 0.12
#: the digits' middle within OFF_MIDDLE of the tab's height (across) / width (along) of its middle
OFF_MIDDLE = 0.2
#: every digit at least EVEN of the tallest one's height; at most MAX_DIGITS digits
EVEN, MAX_DIGITS = 0.75, 3
#: a part wider than ONE_DIGIT of its height holds two digits run together
ONE_DIGIT = 1.05
#: a digit is read when its best match is MATCH_MIN and MATCH_MARGIN above any other digit
#: (CUT_MARGIN for the halves of a part cut in two)
MATCH_MIN, MATCH_MARGIN, CUT_MARGIN = 0.75, 0.05, 0.1
#: ... and still the best digit over all styles by ANY_STYLE_MARGIN (another font's look-alike)
ANY_STYLE_MARGIN = 0.02
#: a faint tab whose light parts do not stand as digits is looked at once more, flattened
#: (:func:`flattened`): its background, a grey opening FLAT_OPEN of its height square (wider than
#: any digit's stroke), taken off, and FLAT_RIM of its height left off around it.  Measured on
#: blurred made pages: a 33 px tab lit brighter at one end (its light end rose over the half-way
#: whiteness and reached the rim) and a 19 px one whose paper, blurred 2 px into it, joined its
#: digit at the 0.08 rim; both stood as their digits at 0.4 / 0.12 (the digit 0.26-0.83 of the tab).
#: When they do not stand so at FLAT_RIM, they are looked at once more at FLAT_RIM_LOW: a 104 px tab
#: under a glare spot (made page, photo seed 116 starter) whose digit, printed low as a made page's
#: are (0.32-0.86 of its height, measured on its neighbour), reached the 0.12 rim once flattened
FLAT_OPEN, FLAT_RIM, FLAT_RIM_LOW = 0.4, 0.12, 0.1
#: ... and, when looked at more than FLAT_ENLARGED times its height, smoothed by FLAT_BLUR of the
#: enlargement (px; the picture's grain enlarged with it broke a 19 px tab's 1 into specks)
FLAT_ENLARGED, FLAT_BLUR = 2.0, 0.25


@dataclass(frozen=True)
class Tab:
    """A number tab found on a page.

    Attributes
    ----------
    corners : numpy.ndarray
        ``(4, 2)`` picture points (x, y): the tab's top-left, top-right, bottom-right and
        bottom-left, its long side taken as across (turned at most 45 degrees).
    number : int or None
        The number read, None when it could not be read with confidence.
    reason : str
        Why the number was not read ("" when it was).
    """

    corners: np.ndarray
    number: int | None
    reason: str = ""

    @property
    def centre(self) -> np.ndarray:
        """The tab's middle (x, y)."""
        return self.corners.mean(axis=0)

    @property
    def width(self) -> float:
        """Its length across (px)."""
        return quad_size(self.corners)[0]

    @property
    def height(self) -> float:
        """Its height (px)."""
        return quad_size(self.corners)[1]

    @property
    def down(self) -> np.ndarray:
        """Unit vector from the tab's top edge to its bottom edge (the page's down)."""
        c = self.corners
        v = (c[3] + c[2] - c[0] - c[1]) / 2
        return v / max(float(np.linalg.norm(v)), 1e-9)


@dataclass(frozen=True)
class PageLook:
    """What :func:`look_at_page` saw: the tabs, and the ink mask of the copy they were found on.

    Attributes
    ----------
    tabs : list of Tab
        The tabs, top to bottom, left to right (picture px).
    ink : numpy.ndarray
        the first of :func:`ink_masks` of the copy (bool).
    scale : float
        The copy's size over the picture's.
    pale : numpy.ndarray or None
        The last of :func:`ink_masks` (bool): ink paled by glare, which the first leaves out.
    """

    tabs: list[Tab]
    ink: np.ndarray
    scale: float
    pale: np.ndarray | None = None


def find_tabs(image: np.ndarray) -> list[Tab]:
    """The number tabs in a picture (BGR or grey), row by row down the page, left to right
    (the page's rows and columns turned as its tabs are).

    A tab whose digits cannot be read is returned with ``number`` None and the reason.
    """
    return look_at_page(image).tabs


def look_at_page(image: np.ndarray) -> PageLook:
    """The number tabs in a picture (see :func:`find_tabs`) and the ink mask they were found on."""
    img = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    small, f = reduced(img, LOOK_SIDE)
    masks = ink_masks(small)
    found: list[np.ndarray] = []
    for ink in masks:
        found += _apart(candidates(ink), found)  # those on the first mask found again are left out
    looks = [_look(img, refined(img, c / f)) for c in found]
    seen = [look for look in looks if look is not None]
    tabs = _read_all(seen)
    if any(t.number is not None for t in tabs):
        unseen = [c for c, look in zip(found, looks) if look is None]
        tabs = _with_faint(img, small, f, found, seen, tabs, _like_read(unseen, f, tabs))
    read = [t.height for t in tabs if t.number is not None]
    if len(read) >= 2:  # a block far smaller than the page's tabs whose light parts do not read is none
        usual = float(np.median(read))
        tabs = [t for t in tabs if t.number is not None or LIKE_READ * usual <= t.height <= usual / LIKE_READ]
    if tabs:
        rows = rows_of(tabs)
        across = page_axes(tabs)[0]
        order = sorted(range(len(tabs)), key=lambda i: (rows[i], float(tabs[i].centre @ across)))
        tabs = [tabs[i] for i in order]
    return PageLook(tabs, masks[0], f, masks[-1])


def _apart(new: list[np.ndarray], found: list[np.ndarray]) -> list[np.ndarray]:
    """The candidates of ``new`` (corners on the copy) whose middles lie more than half a tab's
    height from every one ``found``."""
    return [c for c in new if all(np.linalg.norm(c.mean(axis=0) - o.mean(axis=0)) > quad_size(o)[1] / 2
                                  for o in found)]


def _like_read(unseen: list[np.ndarray], f: float, tabs: list[Tab]) -> list[np.ndarray]:
    """Of the blocks found as tabs are whose light parts did not stand as digits (``unseen``,
    corners on the copy ``f`` of the picture), those within :data:`LIKE_READ` of the height of the
    ``tabs`` read (their median)."""
    usual = float(np.median([t.height for t in tabs if t.number is not None]))
    return [c for c in unseen if LIKE_READ * usual <= quad_size(c)[1] / f <= usual / LIKE_READ]


def _with_faint(img: np.ndarray, small: np.ndarray, f: float, found: list[np.ndarray],
                seen: list[_Seen], tabs: list[Tab], unseen: list[np.ndarray]) -> list[Tab]:
    """``tabs`` (read from ``seen``, found as ``found`` on the copy ``small``, ``f`` its scale) and
    the faint tabs of the page (:func:`visolve.vision.tab_outline.faint_masks`, a mask's
    candidates left out where one of an earlier mask was or one of ``found`` not in ``unseen``)
    whose numbers read.  ``unseen`` (copy corners: found, not seen as tabs, of the read tabs'
    height) are looked for again so: a tab under a glare spot, its lit end as light as its digits,
    is found among the dark blocks, but its light parts stand as digits only flattened.

    Only when a tab read: a page is then in the picture, and its other tabs may be printed pale
    or washed by light.  The faint ones are read with the others (one style for the page); they
    are kept only when that leaves every tab read before as it was, and each keeps only a number
    that reads (a faint block that is no tab is left out, as if never seen)."""
    pale: list[np.ndarray] = []
    kept = [c for c in found if not any(c is u for u in unseen)]
    for mask in faint_masks(small):
        pale += _apart(candidates(mask), kept + pale)
    faint = [look for look in (_look(img, refined(img, c / f), flat=True) for c in pale)
             if look is not None and not look.doubt]
    if not faint:
        return tabs
    together = _read_all(seen + faint)
    if [t.number for t in together[:len(tabs)]] != [t.number for t in tabs]:
        return tabs
    return tabs + [t for t in together[len(tabs):] if t.number is not None]


def page_axes(tabs: list[Tab]) -> tuple[np.ndarray, np.ndarray]:
    """The page's across and down (unit vectors in the picture), as its tabs are turned."""
    down = np.median([t.down for t in tabs], axis=0)
    down /= max(float(np.linalg.norm(down)), 1e-9)
    return np.array([down[1], -down[0]]), down


def rows_of(tabs: list[Tab]) -> list[int]:
    """The row of each tab on its page (0 the top one): tabs less than :data:`ROW_GAP` of a tab's
    height apart down the page share a row."""
    down = page_axes(tabs)[1]
    v = [float(t.centre @ down) for t in tabs]
    gap = ROW_GAP * float(np.median([t.height for t in tabs]))
    rows, row, last = [0] * len(tabs), 0, None
    for i in sorted(range(len(tabs)), key=lambda i: v[i]):
        if last is not None and v[i] - last > gap:
            row += 1
        rows[i], last = row, v[i]
    return rows


@dataclass(frozen=True)
class _Seen:
    """A tab as seen before its number is read: its corners, its digits' glyphs and the margin
    each needs, or the doubt that leaves it unread."""

    corners: np.ndarray
    glyphs: list
    margins: list
    doubt: str


def _look(image: np.ndarray, corners: np.ndarray, flat: bool = False) -> _Seen | None:
    """The tab at ``corners`` of the picture, upright (its darkest channel), its digits cut out;
    None when its light parts do not stand as the digits of a number (``flat``: a faint tab, also
    when they do not stand so :func:`flattened`)."""
    width = np.linalg.norm(corners[1] - corners[0])
    height = np.linalg.norm(corners[3] - corners[0])
    out_w = max(8, int(round(TAB_HEIGHT * width / max(height, 1e-9))))
    dst = np.float32([[0, 0], [out_w, 0], [out_w, TAB_HEIGHT], [0, TAB_HEIGHT]])
    m = cv2.getPerspectiveTransform(np.float32(corners), dst)
    flags = cv2.INTER_AREA if height > TAB_HEIGHT else cv2.INTER_LINEAR
    view = channel_min(cv2.warpPerspective(image, m, (out_w, TAB_HEIGHT), flags=flags, borderMode=cv2.BORDER_REPLICATE))
    rim = int(round(RIM * TAB_HEIGHT))
    inner = view[rim:TAB_HEIGHT - rim, rim:out_w - rim].astype(np.float32)
    parts = digit_parts(inner)
    for flat_rim in (FLAT_RIM, FLAT_RIM_LOW) if parts is None and flat else ():
        parts = digit_parts(flattened(view, height, flat_rim), flat_rim)
        if parts is not None:
            break
    if parts is None:
        return None
    whiteness, boxes, doubt = parts
    corners = corners.astype(np.float64)
    if height < MIN_HEIGHT:
        doubt = f"the tab is {height:.0f} px high, too small to read its number (at least {MIN_HEIGHT})"
    if doubt:
        return _Seen(corners, [], [], doubt)
    glyphs, margins = digit_glyphs(whiteness, boxes)
    if len(glyphs) > MAX_DIGITS:
        return _Seen(corners, [], [], f"the tab shows more than {MAX_DIGITS} digits")
    return _Seen(corners, glyphs, margins, "")


def flattened(view: np.ndarray, height: float, rim: float = FLAT_RIM) -> np.ndarray:
    """A tab's upright view (:data:`TAB_HEIGHT` px high, ``height`` px in the picture) less its
    background (see :data:`FLAT_OPEN`), smoothed when much enlarged (:data:`FLAT_ENLARGED`),
    without ``rim`` of its height around it."""
    side = int(round(FLAT_OPEN * TAB_HEIGHT)) | 1
    grey = view.astype(np.float32)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    flat = grey - cv2.morphologyEx(grey, cv2.MORPH_OPEN, kernel, borderType=cv2.BORDER_REPLICATE)
    enlarged = TAB_HEIGHT / max(height, 1e-9)
    if enlarged > FLAT_ENLARGED:
        flat = cv2.GaussianBlur(flat, (0, 0), FLAT_BLUR * enlarged)
    cut = int(round(rim * TAB_HEIGHT))
    return flat[cut:TAB_HEIGHT - cut, cut:flat.shape[1] - cut]


def digit_parts(inner: np.ndarray, rim: float = RIM) -> tuple[np.ndarray, list[tuple[int, int, int, int]], str] | None:
    """The whiteness (0 tab, 1 digit) of a tab's inside and its digits' boxes (x, y, w, h), left to
    right, with a doubt ("" when none); None when its light parts are no number's digits.
    ``inner`` is the tab's view without ``rim`` of its height around it."""
    dark, light = np.percentile(inner, 10), np.percentile(inner, 99.5)
    if light - dark < 30:
        return None
    whiteness = np.clip((inner - dark) / (light - dark), 0.0, 1.0)
    mask = (whiteness > 0.5).astype(np.uint8)
    n, _labels, stats, _c = cv2.connectedComponentsWithStats(mask, connectivity=8)
    h, w = inner.shape
    full = h / (1 - 2 * rim)  # the tab's height
    boxes, low = [], []
    for x, y, bw, bh, _a in stats[1:]:
        if bh < SPECK * full:
            continue
        if x == 0 or y == 0 or x + bw >= w or y + bh >= h or bh > DIGIT_HEIGHT[1] * full:
            return None  # light reaching the rim: no digit on a tab
        (low if bh < DIGIT_HEIGHT[0] * full else boxes).append((int(x), int(y), int(bw), int(bh)))
    if not boxes:  # every digit broken: its pieces, one above the other, joined first
        boxes, low = _stacked(low, DIGIT_HEIGHT[0] * full, DIGIT_HEIGHT[1] * full)
    boxes, smudges = _join_broken(boxes, low, DIGIT_HEIGHT[1] * full)
    if not boxes:
        return None
    boxes.sort()
    tallest = max(b[3] for b in boxes)
    middle_y = np.mean([b[1] + b[3] / 2 for b in boxes])
    left, right = boxes[0][0], max(b[0] + b[2] for b in boxes)
    if abs(middle_y - h / 2) > OFF_MIDDLE * full or abs((left + right) / 2 - w / 2) > OFF_MIDDLE * w:
        return None
    if min(b[3] for b in boxes) < EVEN * tallest:
        return None
    if len(boxes) > MAX_DIGITS:
        return None
    doubt = "a light smudge on the tab lower than its digits" if smudges else ""
    return whiteness, boxes, doubt


def _stacked(low: list[tuple[int, int, int, int]], lowest: float,
             tallest: float) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
    """The light parts lower than a digit that stand one above the other, each across at least
    half the narrower's width, joined when together they are as high as a digit (``lowest`` to
    ``tallest``): a small tab's digit whose dim diagonal blur broke in two (a 2's arc and its
    base); the joined boxes and the parts left."""
    groups: list[list[tuple[int, int, int, int]]] = []
    for part in sorted(low, key=lambda b: b[1]):
        x, _y, w, _h = part
        for group in groups:
            gx0 = min(b[0] for b in group)
            gx1 = max(b[0] + b[2] for b in group)
            if min(x + w, gx1) - max(x, gx0) >= 0.5 * min(w, gx1 - gx0):
                group.append(part)
                break
        else:
            groups.append([part])
    joined, left = [], []
    for group in groups:
        x0, y0 = min(b[0] for b in group), min(b[1] for b in group)
        x1, y1 = max(b[0] + b[2] for b in group), max(b[1] + b[3] for b in group)
        if len(group) > 1 and lowest <= y1 - y0 <= tallest:
            joined.append((x0, y0, x1 - x0, y1 - y0))
        else:
            left += group
    return joined, left


def _join_broken(boxes: list[tuple[int, int, int, int]], low: list[tuple[int, int, int, int]],
                 tallest: float) -> tuple[list[tuple[int, int, int, int]], int]:
    """Digits' boxes with the light parts lower than a digit that stand within one digit's span
    across joined to it (a digit broken in two by motion blur or glare: its dim stroke under the
    half-way light); the boxes and how many low parts are left (smudges).  A joined box must
    still be no higher than ``tallest``; the glyph it makes is matched as any other."""
    left = 0
    boxes = list(boxes)
    for x, y, w, h in low:
        middle = x + w / 2
        near = [i for i, b in enumerate(boxes) if b[0] <= middle <= b[0] + b[2]]
        if len(near) != 1:
            left += 1
            continue
        bx, by, bw, bh = boxes[near[0]]
        x0, y0 = min(x, bx), min(y, by)
        x1, y1 = max(x + w, bx + bw), max(y + h, by + bh)
        if y1 - y0 > tallest:
            left += 1
            continue
        boxes[near[0]] = (x0, y0, x1 - x0, y1 - y0)
    return boxes, left


def digit_glyphs(whiteness: np.ndarray, boxes: list[tuple[int, int, int, int]]) -> tuple[list, list]:
    """The glyphs of the digits in ``boxes`` of ``whiteness`` (a part as wide as two digits cut
    in two), and the margin each needs to be read."""
    glyphs, margins = [], []
    for x, y, w, h in boxes:
        if w > ONE_DIGIT * h:
            cut = thinnest_column(whiteness, (x, y, w, h))
            for box in ((x, y, cut - x, h), (cut, y, x + w - cut, h)):
                glyphs.append(glyph(whiteness, box))
                margins.append(CUT_MARGIN)
        else:
            glyphs.append(glyph(whiteness, (x, y, w, h)))
            margins.append(MATCH_MARGIN)
    return glyphs, margins


def _read_all(seen: list[_Seen]) -> list[Tab]:
    """The tabs of a page read together: their digits are matched within the one template style
    that fits all of them best (one booklet prints its tabs in one font); a digit is read when,
    within that style, it is :data:`MATCH_MIN` and its margin over every other digit is the one
    it needs, and over all styles it is still the best digit by :data:`ANY_STYLE_MARGIN`."""
    glyphs = [g for s in seen for g in s.glyphs]
    if not glyphs:
        return [Tab(s.corners, None, s.doubt) for s in seen]
    per_style = style_scores(np.stack(glyphs))  # (glyph, style, digit)
    style = int(np.argmax(per_style.max(axis=2).sum(axis=0)))
    overall = per_style.max(axis=1)
    out, k = [], 0
    for s in seen:
        if s.doubt:
            out.append(Tab(s.corners, None, s.doubt))
            continue
        text, reason = "", ""
        for j, need in enumerate(s.margins):
            digit, score, margin = verdict(per_style[k + j, style])
            best_any, _score_any, margin_any = verdict(overall[k + j])
            if score < MATCH_MIN or margin < need or best_any != digit or margin_any < ANY_STYLE_MARGIN:
                reason = (f"digit {j + 1} on the tab is unclear (best {digit}: {score:.2f}, margin {margin:.2f}; "
                          f"in any font {best_any}, margin {margin_any:.2f})")
                break
            text += str(digit)
        k += len(s.margins)
        if not reason and text.startswith("0"):
            reason = f"the tab reads {text!r}, not a challenge number"
        out.append(Tab(s.corners, None, reason) if reason else Tab(s.corners, int(text)))
    return out
