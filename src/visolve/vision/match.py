"""Template matching: which reference picture does a patch look like, and how sure is that?

:class:`TemplateBank` holds reference pictures of equal size, each with a
*label* and a *group*.  Several templates may share a group (for example a
tile drawn unlit and lit is one tile): the answer is the best group, and the
*margin* is measured against the best template of any **other** group, so
look-alike variants of the same answer never count as doubt.

The score is the normalised cross-correlation (Pearson correlation) of all
pixel values, colour channels included: 1.0 is a perfect match up to
brightness and contrast, 0 is unrelated, negative is inverted.  It is blind
to a uniform gain/offset (exposure, display brightness), not to colour
changes, which is what pixel-art tiles want.  A flat patch (no contrast) has
no defined correlation and scores 0 (below :data:`FLAT_STD`, or the
``flat_std`` a caller passes for a second look at faint patches).

:func:`read_glyph_row` reads a line of fixed-pitch pixel-font text (digits of
a level number, a counter) cell by cell against a bank of glyph masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

import cv2
import numpy as np

#: standard deviation (grey levels) below which a patch counts as flat
FLAT_STD = 4.0


@dataclass(frozen=True)
class Match:
    """Outcome of matching one patch."""

    group: Hashable  #: the answer (best group)
    label: Hashable  #: the best template's own label (e.g. with its lit state)
    score: float  #: correlation with the best template, -1..1
    runner_up: Hashable  #: best group other than ``group`` (None if only one group)
    runner_score: float  #: its score (-1 when there is none)

    @property
    def margin(self) -> float:
        return self.score - self.runner_score


def _normalise(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Zero-mean, unit-norm rows; returns (normalised, std per row)."""
    v = vectors.astype(np.float32)
    v = v - v.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(v, axis=1, keepdims=True)
    std = norm[:, 0] / np.sqrt(max(v.shape[1], 1))
    return v / np.maximum(norm, 1e-6), std


def _plane_basis(h: int, w: int) -> np.ndarray:
    """Orthonormal basis (h*w, 3) of constant, x and y over an h x w patch."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
    A = np.stack([np.ones(h * w), xx.ravel() - xx.mean(), yy.ravel() - yy.mean()], axis=1)
    q, _ = np.linalg.qr(A)
    return q.astype(np.float32)


def _normalise_channels(v: np.ndarray) -> np.ndarray:
    """(n, pixels, channels) -> (n, pixels * channels): each channel zero-mean, unit-norm.

    A flat channel (a grey drawing has the same structure in all three, but a
    pure colour may have none in one) becomes all zeros.
    """
    v = v - v.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(v, axis=1, keepdims=True)
    v = v / np.maximum(norm, 1e-3)
    return np.ascontiguousarray(v.reshape(len(v), -1), dtype=np.float32)


class TemplateBank:
    """Reference pictures of one size, matched by normalised cross-correlation."""

    def __init__(self, templates: Sequence[np.ndarray], labels: Sequence[Hashable],
                 groups: Sequence[Hashable] | None = None, *, detrend: bool = False):
        if not templates:
            raise ValueError("a template bank needs at least one template")
        shapes = {t.shape for t in templates}
        if len(shapes) != 1:
            raise ValueError(f"templates differ in shape: {sorted(shapes)}")
        if len(labels) != len(templates):
            raise ValueError("one label per template")
        self.shape = templates[0].shape
        #: remove a plane (a linear light gradient) from every patch and
        #: template before correlating, per channel
        self.detrend = bool(detrend)
        self._channels = int(self.shape[2]) if len(self.shape) == 3 else 1
        self._basis = _plane_basis(self.shape[0], self.shape[1]) if detrend else None
        self.labels = list(labels)
        self.groups = list(groups) if groups is not None else list(labels)
        flat = np.stack([np.asarray(t, np.float32).ravel() for t in templates])
        flat = self._detrend(flat)
        self._T, _ = _normalise(flat)
        self._Tc = None  # per-channel normalised templates, made when first asked for
        # group index per template, for the per-group maximum
        self._group_ids = {g: i for i, g in enumerate(dict.fromkeys(self.groups))}
        self._group_of = np.array([self._group_ids[g] for g in self.groups])
        self._group_names = list(self._group_ids)
        # templates in group order, and where each group's run starts (for per-group maxima)
        self._by_group = np.argsort(self._group_of, kind="stable")
        self._group_starts = np.searchsorted(self._group_of[self._by_group], np.arange(len(self._group_names)))

    def __len__(self) -> int:
        return len(self.labels)

    def scores(self, patches: Sequence[np.ndarray] | np.ndarray, per_channel: bool = False,
               flat_std: float = FLAT_STD) -> np.ndarray:
        """Correlation of each patch with each template: ``(n_patches, n_templates)``.

        ``per_channel``: correlate each colour channel on its own and average
        -- blind to a gain and offset *per channel* (a colour cast, light of
        another colour temperature), at the price of ignoring how bright one
        channel is against another.  Shape and which parts are lighter or
        darker in each channel still count, so green and purple on grey stay
        apart.

        ``flat_std``: a patch whose standard deviation (grey levels, the
        largest over its channels) is below this counts as flat and scores 0.
        """
        P = np.stack([np.asarray(p, np.float32).ravel() for p in patches])
        if P.shape[1] != self._T.shape[1]:
            raise ValueError(f"patch size {patches[0].shape} does not match templates {self.shape}")
        P = self._detrend(P)
        if per_channel and self._channels > 1:
            return self._scores_per_channel(P, flat_std)
        Pn, std = _normalise(P)
        # cv2.gemm: small products without OpenBLAS thread start-up, which on a
        # busy machine can cost tens of milliseconds per call
        S = cv2.gemm(Pn, self._T, 1.0, None, 0.0, flags=cv2.GEMM_2_T)
        S[std < flat_std] = 0.0
        return S

    def _detrend(self, P: np.ndarray) -> np.ndarray:
        """Rows with the least-squares plane of each channel taken out (when asked for)."""
        if self._basis is None:
            return P
        c = self._channels
        V = P.reshape(len(P), -1, c)
        coef = np.einsum("pk,npc->nkc", self._basis, V)
        V = V - np.einsum("pk,nkc->npc", self._basis, coef)
        return np.ascontiguousarray(V.reshape(len(P), -1), dtype=np.float32)

    def _scores_per_channel(self, P: np.ndarray, flat_std: float = FLAT_STD) -> np.ndarray:
        c = self._channels
        if self._Tc is None:
            T = self._T.reshape(len(self._T), -1, c)
            self._Tc = _normalise_channels(T)
        Pc = P.reshape(len(P), -1, c)
        Pn = _normalise_channels(Pc)
        std = Pc.std(axis=1).max(axis=1)
        S = cv2.gemm(Pn, self._Tc, 1.0 / c, None, 0.0, flags=cv2.GEMM_2_T)
        S[std < flat_std] = 0.0
        return S

    def match(self, patches: Sequence[np.ndarray] | np.ndarray, per_channel: bool = False,
              flat_std: float = FLAT_STD) -> list[Match]:
        """Best group, best label and runner-up group for each patch (see :meth:`scores`)."""
        S = self.scores(patches, per_channel, flat_std)
        n_groups = len(self._group_names)
        # best score per group, all patches at once: templates sorted by group, maxima per run
        per_group = np.maximum.reduceat(S[:, self._by_group], self._group_starts, axis=1)
        order = np.argsort(-per_group, axis=1)
        best = order[:, 0]
        # the best template of the best group: the first of its highest in template order
        in_best = self._group_of[None, :] == best[:, None]
        best_t = np.argmax(np.where(in_best, S, -np.inf), axis=1)
        out = []
        for i, g1 in enumerate(best.tolist()):
            if n_groups > 1:
                g2 = int(order[i, 1])
                runner, rscore = self._group_names[g2], float(per_group[i, g2])
            else:
                runner, rscore = None, -1.0
            out.append(Match(self._group_names[g1], self.labels[int(best_t[i])], float(per_group[i, g1]),
                             runner, rscore))
        return out

    def match_one(self, patch: np.ndarray) -> Match:
        return self.match([patch])[0]


def glyph_bank(glyphs: dict[str, np.ndarray]) -> TemplateBank:
    """A bank of pixel-font glyphs (bool or grey masks of one size), labelled by character."""
    chars = sorted(glyphs)
    return TemplateBank([np.asarray(glyphs[c], np.float32) for c in chars], chars)


@dataclass(frozen=True)
class GlyphRead:
    text: str
    matches: tuple[Match, ...]
    x: int  #: where the row was found (left edge of the first cell)
    y: int


def read_glyph_row(
    grey: np.ndarray,
    bank: TemplateBank,
    x: int,
    y: int,
    pitch: int,
    max_chars: int,
    *,
    ink: float = 60.0,
    jitter: int = 1,
    min_ink_pixels: int = 1,
) -> GlyphRead:
    """Read fixed-pitch glyphs left to right starting at cell ``(x, y)`` of ``grey``.

    Cells are ``bank.shape`` big and ``pitch`` apart.  Reading stops at the
    first cell without ink (fewer than ``min_ink_pixels`` pixels brighter
    than ``ink``; more than one keeps a noisy photo's specks from counting
    as a character) or after ``max_chars``.  The row's position is searched within +-``jitter`` pixels
    (the offset that makes the first glyph match best is used for the row).
    """
    gh, gw = bank.shape[:2]
    grey = np.asarray(grey, np.float32)
    # the first glyph at every offset, matched in one batch
    offsets, firsts = [], []
    for dy in range(-jitter, jitter + 1):
        for dx in range(-jitter, jitter + 1):
            cell = _cell(grey, x + dx, y + dy, gw, gh)
            if cell is not None and np.count_nonzero(cell > ink) >= min_ink_pixels:
                offsets.append((dx, dy))
                firsts.append(cell)
    if not firsts:
        return GlyphRead("", (), x, y)
    first_matches = bank.match(firsts)
    best = max(range(len(firsts)), key=lambda i: first_matches[i].score)  # the first of equals
    dx, dy = offsets[best]
    x0, y0 = x + dx, y + dy
    cells = []
    for k in range(max_chars):
        cell = _cell(grey, x0 + k * pitch, y0, gw, gh)
        if cell is None or np.count_nonzero(cell > ink) < min_ink_pixels:
            break
        cells.append(cell)
    matches = bank.match(cells) if cells else []
    return GlyphRead("".join(str(m.group) for m in matches), tuple(matches), x0, y0)


def _cell(grey: np.ndarray, x: int, y: int, w: int, h: int) -> np.ndarray | None:
    if x < 0 or y < 0 or y + h > grey.shape[0] or x + w > grey.shape[1]:
        return None
    return grey[y : y + h, x : x + w]


def to_grey(img: np.ndarray) -> np.ndarray:
    """BGR -> grey ``uint8`` (passes grey through)."""
    return img if img.ndim == 2 else cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
