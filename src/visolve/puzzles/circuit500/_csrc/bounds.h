/* circuit500 compiled search: the gap-reach lower bounds of solver_bound.py
 * (gap_distances, _walk_start, reach_bound, counted_bound), ported to return
 * exactly the Python values for every input.  The bounds and their proofs
 * are in the docstrings of solver_bound.py; this file follows the Python
 * code step by step (same state packing, same bucket order, same dominance
 * rules), only the containers differ:
 *
 *   dcost    an open-addressing hash (linear probing) of packed state ->
 *            cost; each slot carries the number of the call that wrote it,
 *            so nothing is cleared between calls;
 *   buckets  one stack per cost 0..31 (LIFO, like list.pop());
 *   labels   per walk node a growable array of packed labels (byte lanes,
 *            compared all at once), emptied per call by a per-node stamp;
 *   low_u    per walk node, stamped the same way.
 *
 * All memory lives in a BoundScratch that is reused across calls; it only
 * grows (rarely, when a call needs more than any call before).  If growing
 * fails, the call returns 0 (always a valid lower bound) and sets
 * sc->failed.
 *
 * Requires common.h (Tables, NCELL, NNODE, INF, CROSS_C, UCAP). */
#ifndef C500_BOUNDS_H
#define C500_BOUNDS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

/* the counts are 5-bit fields, so limit is capped at 31 (as in Python) */
#define BOUND_LIMIT_CAP 31
#define BOUND_NBUCKET 32
/* hash slot: call stamp (29 bits) << 35 | state (29 bits) << 6 | cost (6 bits);
 * a slot whose stamp is not the current one is empty for this call */
#define BOUND_STAMP_BITS 29
#define BOUND_STAMP_MAX ((1u << BOUND_STAMP_BITS) - 1)
/* starting sizes (the tables only grow); a test build may make them tiny */
#ifndef BOUND_HT_MIN_BITS
#define BOUND_HT_MIN_BITS 12
#endif
#ifndef BOUND_BK_MIN
#define BOUND_BK_MIN 256
#endif
#ifndef BOUND_LAB_MIN
#define BOUND_LAB_MIN 8
#endif
/* label lanes: every field < 128 sits in its own byte; the high bit of each
 * used byte is the guard for the all-fields "<=" test (see bound_label_dominated) */
#define BOUND_ROT_BIAS 32

#if defined(__GNUC__)
#define BOUND_COLD __attribute__((noinline, cold))
#define BOUND_HOT_INLINE __attribute__((always_inline)) inline
#else
#define BOUND_COLD
#define BOUND_HOT_INLINE inline
#endif

struct BoundScratch {
    /* dcost */
    uint64_t *ht;
    uint32_t ht_bits;
    uint32_t ht_mask;
    uint32_t ht_count; /* slots written in this call */
    uint32_t stamp;    /* number of the current call, 1..BOUND_STAMP_MAX */
    /* buckets */
    uint32_t *bk[BOUND_NBUCKET];
    int bk_n[BOUND_NBUCKET];
    int bk_cap[BOUND_NBUCKET];
    /* per walk node: labels and low_u, valid when node_stamp == stamp */
    uint32_t node_stamp[NNODE];
    uint64_t *lab[NNODE];
    int lab_n[NNODE];
    int lab_cap[NNODE];
    uint8_t low_u[NNODE];
    int failed;
};
typedef struct BoundScratch BoundScratch;

static void bound_scratch_free(BoundScratch *sc)
{
    if (!sc)
        return;
    free(sc->ht);
    for (int i = 0; i < BOUND_NBUCKET; i++)
        free(sc->bk[i]);
    for (int i = 0; i < NNODE; i++)
        free(sc->lab[i]);
    free(sc);
}

static BoundScratch *bound_scratch_new(void)
{
    BoundScratch *sc = (BoundScratch *)calloc(1, sizeof(BoundScratch));
    if (!sc)
        return NULL;
    sc->ht_bits = BOUND_HT_MIN_BITS;
    sc->ht_mask = (1u << sc->ht_bits) - 1;
    sc->ht = (uint64_t *)calloc((size_t)1 << sc->ht_bits, sizeof(uint64_t));
    if (!sc->ht) {
        bound_scratch_free(sc);
        return NULL;
    }
    for (int i = 0; i < BOUND_NBUCKET; i++) {
        sc->bk_cap[i] = BOUND_BK_MIN;
        sc->bk[i] = (uint32_t *)malloc(BOUND_BK_MIN * sizeof(uint32_t));
        if (!sc->bk[i]) {
            bound_scratch_free(sc);
            return NULL;
        }
    }
    /* labels are allocated on first use of a node */
    sc->stamp = 0;
    return sc;
}

/* A new call: a fresh stamp (every hash slot and node becomes empty) and
 * empty buckets. */
static void bound_begin(BoundScratch *sc)
{
    if (sc->stamp >= BOUND_STAMP_MAX) {
        memset(sc->ht, 0, ((size_t)sc->ht_mask + 1) * sizeof(uint64_t));
        memset(sc->node_stamp, 0, sizeof(sc->node_stamp));
        sc->stamp = 0;
    }
    sc->stamp++;
    sc->ht_count = 0;
    sc->failed = 0;
    for (int i = 0; i < BOUND_NBUCKET; i++)
        sc->bk_n[i] = 0;
}

static inline uint32_t bound_hash(const BoundScratch *sc, uint32_t st)
{
    return (st * 0x9E3779B1u) >> (32 - sc->ht_bits);
}

/* Double the hash table, keeping this call's slots. */
static BOUND_COLD int bound_ht_grow(BoundScratch *sc)
{
    uint32_t bits = sc->ht_bits + 1;
    uint64_t *nt = (uint64_t *)calloc((size_t)1 << bits, sizeof(uint64_t));
    if (!nt)
        return 0;
    uint64_t *old = sc->ht;
    uint32_t old_n = sc->ht_mask + 1;
    sc->ht = nt;
    sc->ht_bits = bits;
    sc->ht_mask = (1u << bits) - 1;
    for (uint32_t i = 0; i < old_n; i++) {
        uint64_t e = old[i];
        if ((uint32_t)(e >> 35) != sc->stamp)
            continue;
        uint32_t st = (uint32_t)(e >> 6) & ((1u << 29) - 1);
        uint32_t j = bound_hash(sc, st);
        while ((uint32_t)(nt[j] >> 35) == sc->stamp)
            j = (j + 1) & sc->ht_mask;
        nt[j] = e;
    }
    free(old);
    return 1;
}

/* dcost[st], or -1 when absent */
static BOUND_HOT_INLINE int bound_get(const BoundScratch *sc, uint32_t st)
{
    uint64_t tag = ((uint64_t)sc->stamp << 29) | st;
    uint32_t i = bound_hash(sc, st);
    for (;;) {
        uint64_t e = sc->ht[i];
        if ((uint32_t)(e >> 35) != sc->stamp)
            return -1;
        if ((e >> 6) == tag)
            return (int)(e & 63);
        i = (i + 1) & sc->ht_mask;
    }
}

static BOUND_COLD int bound_bucket_grow(BoundScratch *sc, int c)
{
    int cap = sc->bk_cap[c] * 2;
    uint32_t *nb = (uint32_t *)realloc(sc->bk[c], (size_t)cap * sizeof(uint32_t));
    if (!nb) {
        sc->failed = 1;
        return 0;
    }
    sc->bk[c] = nb;
    sc->bk_cap[c] = cap;
    return 1;
}

static BOUND_HOT_INLINE void bound_push(BoundScratch *sc, int c, uint32_t st)
{
    if (sc->bk_n[c] == sc->bk_cap[c] && !bound_bucket_grow(sc, c))
        return;
    sc->bk[c][sc->bk_n[c]++] = st;
}

/* Python: if c < dcost.get(st, limit): dcost[st] = c; buckets[c].append(st).
 * Every caller has c < best <= limit, so the default never matters. */
static BOUND_HOT_INLINE void bound_relax(BoundScratch *sc, uint32_t st, int c)
{
    uint64_t tag = ((uint64_t)sc->stamp << 29) | st;
    uint32_t i = bound_hash(sc, st);
    for (;;) {
        uint64_t e = sc->ht[i];
        if ((uint32_t)(e >> 35) != sc->stamp) {
            if (sc->failed)
                return; /* out of memory: the value will be 0, keep the table sparse */
            sc->ht[i] = (tag << 6) | (uint64_t)c;
            bound_push(sc, c, st);
            if (++sc->ht_count * 2 > sc->ht_mask + 1 && !bound_ht_grow(sc))
                sc->failed = 1;
            return;
        }
        if ((e >> 6) == tag) {
            if (c < (int)(e & 63)) {
                sc->ht[i] = (tag << 6) | (uint64_t)c;
                bound_push(sc, c, st);
            }
            return;
        }
        i = (i + 1) & sc->ht_mask;
    }
}

/* Make the per-node data of this call valid (empty label list, low_u 64). */
static inline void bound_node_touch(BoundScratch *sc, int node)
{
    if (sc->node_stamp[node] != sc->stamp) {
        sc->node_stamp[node] = sc->stamp;
        sc->lab_n[node] = 0;
        sc->low_u[node] = 64;
    }
}

/* Python: for l1 in labels[node]: if l1 <= lab field by field: dominated;
 * else append lab.  Fields are bytes < 128; guard bits H on the used bytes:
 * (lab | H) - l1 keeps the guard of a byte iff that byte of lab >= l1's. */
static inline int bound_label_dominated(BoundScratch *sc, int node, uint64_t lab, uint64_t guard)
{
    bound_node_touch(sc, node);
    const uint64_t *seen = sc->lab[node];
    int n = sc->lab_n[node];
    uint64_t lg = lab | guard;
    for (int i = 0; i < n; i++) {
        if (((lg - seen[i]) & guard) == guard)
            return 1;
    }
    if (n == sc->lab_cap[node]) {
        int cap = n ? n * 2 : BOUND_LAB_MIN;
        uint64_t *nl = (uint64_t *)realloc(sc->lab[node], (size_t)cap * sizeof(uint64_t));
        if (!nl) {
            sc->failed = 1;
            return 0; /* not recorded: only a weaker pruning */
        }
        sc->lab[node] = nl;
        sc->lab_cap[node] = cap;
    }
    sc->lab[node][n] = lab;
    sc->lab_n[node] = n + 1;
    return 0;
}

#if ROWS != 6 || COLS != 4
#error "bound_expand assumes a board of 6 rows of 4 cells"
#endif
#define BOUND_ALL 0xFFFFFFu  /* every cell */
#define BOUND_COL0 0x111111u /* cells of column 0 */
#define BOUND_COL3 0x888888u /* cells of column 3 */

/* the cells of m and their neighbours (cell bit i = row * 4 + col) */
static inline uint32_t bound_expand(uint32_t m)
{
    return m | (m >> 4) | ((m << 4) & BOUND_ALL) | ((m >> 1) & ~BOUND_COL3)
           | ((m << 1) & ~BOUND_COL0 & BOUND_ALL);
}

/* gap_distances: cheapest count of rotatable tiles entered from gap to each
 * cell (all INF when gap < 0, as _walk_start does for a level without a gap).
 * Python runs a 0-1 BFS; the distances are unique, so here level by level on
 * bit sets: level d is the closure through free (unpaid) cells of its seeds,
 * the seeds of level d + 1 are the cells next to level d not reached yet
 * (all paid: a free one would be in the closure). */
static void gap_distances_c(const uint8_t *arr, const Tables *t, int gap, int gd[NCELL])
{
    uint32_t free_cells = 0;
    for (int c = 0; c < NCELL; c++) {
        gd[c] = INF;
        if (!t->paid[arr[c]])
            free_cells |= 1u << c;
    }
    if (gap < 0)
        return;
    uint32_t reached = 0, seeds = 1u << gap;
    for (int d = 0; seeds; d++) {
        uint32_t lev = seeds;
        for (;;) {
            uint32_t more = lev | (bound_expand(lev) & free_cells & ~reached);
            if (more == lev)
                break;
            lev = more;
        }
        reached |= lev;
        seeds = bound_expand(lev) & ~reached;
        for (int c = 0; lev; c++, lev >>= 1) {
            if (lev & 1)
                gd[c] = d;
        }
    }
}

/* _walk_start: what both bounds share.  Fills gd, w, *k0, *top; starts a call
 * on sc and pushes the start seeds.  limit must already be capped, > 0. */
static void bound_walk_start(const uint8_t *arr, const Tables *t, int s0, int e0, int gap,
                             int limit, int max_m, BoundScratch *sc, int gd[NCELL],
                             int w[NCELL], int *k0_out, int *top_out)
{
    gap_distances_c(arr, t, gap, gd);
    int k0 = 0;
    for (int c = 0; c < NCELL; c++) {
        if (gd[c] == 0 && arr[c] == CROSS_C)
            k0++;
        w[c] = t->paid[arr[c]];
    }
    w[s0] = 0;
    w[e0] = 0;
    int top = limit - 1;
    if (top > max_m)
        top = max_m;
    int best = limit;
    bound_begin(sc);
    const int *srot = t->rot[arr[s0]];
    for (int k = 0; k < t->nb_n[s0]; k++) {
        int r = srot[t->nb_bit[s0][k]];
        if (r < best)
            bound_relax(sc, (uint32_t)t->nbx_node[s0][k], r);
    }
    int gs = gd[s0];
    if (gs <= top) {
        const int *ds = t->dist[s0];
        for (int p = 0; p < NCELL; p++) {
            if (p == s0 || ds[p] > top)
                continue;
            int m = gd[p];
            if (m < gs)
                m = gs;
            int s = 1 + w[p];
            int x = m > s ? m : s;
            if (x > top)
                continue;
            int c0 = ds[p] - 1 + x;
            uint32_t head = ((uint32_t)m << 9) | ((uint32_t)s << 14);
            for (int k = 0; k < t->nb_n[p]; k++) {
                int c = c0 + srot[t->nb_bit[p][k]];
                if (c < best)
                    bound_relax(sc, (uint32_t)t->nbx_node[p][k] | head, c);
            }
        }
    }
    *k0_out = k0;
    *top_out = top;
}

/* reach_bound of solver_bound.py: states node | m << 9 | s << 14 | u << 19. */
/* What finishing a walk at a popped state costs: the end tile stays at e0
 * (its rotations), or it ends on this cell (its slides from e0, and the paid
 * slides max(m, gd, s + 1 + w, a) reach then).  x is the paid-slide charge
 * already in cur; a a further floor of it (0 for none). */
typedef struct {
    int e0, ge, top;
    const int *erot, *de, *gd, *w;
} BoundFinish;

static BOUND_HOT_INLINE int bound_finish(const BoundFinish *f, int cur, int x, int m, int s, int a,
                                         int cell, int back)
{
    if (cell == f->e0)
        return cur + f->erot[back];
    int x2 = m > f->ge ? m : f->ge;
    if (f->gd[cell] > x2)
        x2 = f->gd[cell];
    if (s + 1 + f->w[cell] > x2)
        x2 = s + 1 + f->w[cell];
    if (a > x2)
        x2 = a;
    return x2 <= f->top ? cur + (x2 - x) + f->de[cell] - 1 + f->erot[back] : INF;
}

static int reach_bound_c(const uint8_t *arr, const Tables *t, int s0, int e0, int gap,
                         int limit, int max_m, BoundScratch *sc)
{
    if (limit > BOUND_LIMIT_CAP)
        limit = BOUND_LIMIT_CAP;
    if (limit <= 0) {
        sc->failed = 0;
        return limit; /* no seed can cost below it: Python returns limit */
    }
    int gd[NCELL], w[NCELL], k0, top;
    bound_walk_start(arr, t, s0, e0, gap, limit, max_m, sc, gd, w, &k0, &top);
    const uint64_t guard = 0x808080u;
    int best = limit;
    const BoundFinish fin = {e0, gd[e0], top, t->rot[arr[e0]], t->dist[e0], gd, w};
    const int *chg = t->chg;
    for (int cur = 0; cur < limit; cur++) {
        if (cur >= best)
            break;
        while (sc->bk_n[cur] > 0) {
            uint32_t st = sc->bk[cur][--sc->bk_n[cur]];
            if (bound_get(sc, st) != cur)
                continue;
            int node = (int)(st & 511);
            int m = (int)((st >> 9) & 31);
            int s = (int)((st >> 14) & 31);
            int u = (int)(st >> 19);
            int x = m > s ? m : s;
            if (!((st >> 9) & 1023)) {
                /* layer 0: an earlier state here with no more FC crosses used */
                bound_node_touch(sc, node);
                if (sc->low_u[node] <= u)
                    continue;
                sc->low_u[node] = (uint8_t)u;
            } else {
                /* an earlier label here with no more rotations spent and no
                 * larger m, s */
                uint64_t lab = (uint64_t)(cur - x + BOUND_ROT_BIAS) | ((uint64_t)m << 8)
                               | ((uint64_t)s << 16);
                if (bound_label_dominated(sc, node, lab, guard))
                    continue;
            }
            int cell = node >> 4;
            int back = node & 15;
            int e = bound_finish(&fin, cur, x, m, s, 0, cell, back);
            if (e < best) {
                best = e;
                if (cur >= best)
                    break;
            }
            int g = gd[cell];
            int wc = w[cell];
            const int *tab = t->rot[arr[cell]];
            int nbn = t->nb_n[cell];
            if (m == 0 && g == 0) {
                /* inside FC without any paid slide: a cross must be here */
                for (int k = 0; k < nbn; k++) {
                    int bit = t->nb_bit[cell][k];
                    if (bit == back)
                        continue;
                    uint32_t nn = (uint32_t)t->nbx_node[cell][k];
                    if (u < k0)
                        bound_relax(sc, nn | ((uint32_t)(u + 1) << 19), cur);
                    if (top >= 1) {
                        /* or the gap leaves FC at some point: m >= 1 */
                        int nc = cur + 1 + chg[back | bit];
                        if (nc < best)
                            bound_relax(sc, nn | (1u << 9), nc);
                    }
                }
                continue;
            }
            /* changed: m' = max(m, g), s' = s + wc */
            int m2 = m > g ? m : g;
            int s2 = s + wc;
            int x2 = m2 > s2 ? m2 : s2;
            int dx = x2 <= top ? x2 - x : INF;
            uint32_t keep_head = st & ~511u;
            uint32_t chg_head = dx < INF ? ((uint32_t)m2 << 9) | ((uint32_t)s2 << 14) : 0;
            for (int k = 0; k < nbn; k++) {
                int bit = t->nb_bit[cell][k];
                if (bit == back)
                    continue;
                uint32_t nn = (uint32_t)t->nbx_node[cell][k];
                int need = back | bit;
                int nc = cur + tab[need];
                if (nc < best)
                    bound_relax(sc, nn | keep_head, nc);
                nc = cur + dx + chg[need];
                if (nc < best)
                    bound_relax(sc, nn | chg_head, nc);
            }
        }
    }
    return sc->failed ? 0 : best;
}

/* counted_bound of solver_bound.py: states node | m << 9 | s << 14 | a << 19
 * | u << 24. */
static int counted_bound_c(const uint8_t *arr, const Tables *t, int s0, int e0, int gap,
                           int limit, int max_m, BoundScratch *sc)
{
    if (limit > BOUND_LIMIT_CAP)
        limit = BOUND_LIMIT_CAP;
    if (limit <= 0) {
        sc->failed = 0;
        return limit;
    }
    int gd[NCELL], w[NCELL], k0, top;
    bound_walk_start(arr, t, s0, e0, gap, limit, max_m, sc, gd, w, &k0, &top);
    const uint64_t guard = 0x8080808080ull;
    const int *fill = t->fill;
    int ncross = t->n_cross;
    /* with many crosses the count is not kept outside FC (a relaxation) */
    int track = ncross < UCAP ? 1 : 0;
    int best = limit;
    const BoundFinish fin = {e0, gd[e0], top, t->rot[arr[e0]], t->dist[e0], gd, w};
    for (int cur = 0; cur < limit; cur++) {
        if (cur >= best)
            break;
        while (sc->bk_n[cur] > 0) {
            uint32_t st = sc->bk[cur][--sc->bk_n[cur]];
            if (bound_get(sc, st) != cur)
                continue;
            int u = (int)(st >> 24);
            int node = (int)(st & 511);
            int m = (int)((st >> 9) & 31);
            int s = (int)((st >> 14) & 31);
            int a = (int)((st >> 19) & 31);
            int x = m > s ? m : s;
            if (a > x)
                x = a;
            /* an earlier label here with no more rotations spent and no
             * larger m, s, a, u */
            uint64_t lab = (uint64_t)(cur - x + BOUND_ROT_BIAS) | ((uint64_t)m << 8)
                           | ((uint64_t)s << 16) | ((uint64_t)a << 24) | ((uint64_t)u << 32);
            if (bound_label_dominated(sc, node, lab, guard))
                continue;
            int cell = node >> 4;
            int back = node & 15;
            int e = bound_finish(&fin, cur, x, m, s, a, cell, back);
            if (e < best) {
                best = e;
                if (cur >= best)
                    break;
            }
            int g = gd[cell];
            int code = arr[cell];
            int nbn = t->nb_n[cell];
            if (m == 0 && g == 0) {
                /* inside FC while no rotatable tile moves: a cross of FC ends here */
                for (int k = 0; k < nbn; k++) {
                    int bit = t->nb_bit[cell][k];
                    if (bit == back)
                        continue;
                    uint32_t nn = (uint32_t)t->nbx_node[cell][k];
                    if (u < k0)
                        bound_relax(sc, nn | ((uint32_t)(u + 1) << 24), cur);
                    if (top >= 1) {
                        /* or a rotatable tile moves after all (x >= 1): a
                         * cross, or a corner/junction brought here */
                        int nc = cur + 1;
                        if (u < ncross && nc < best)
                            bound_relax(sc, nn | (1u << 9) | ((uint32_t)(u + track) << 24), nc);
                        nc += fill[back | bit];
                        if (nc < best && (track || u >= ncross))
                            bound_relax(sc, nn | (1u << 9) | (1u << 19) | ((uint32_t)u << 24), nc);
                    }
                }
                continue;
            }
            /* kept: the tile here now stays (a cross counts as used, except
             * while m = 0 where only FC crosses are counted) */
            uint32_t keep_head = st & ~511u;
            int keep_ok = 1;
            const int *tab = NULL; /* NULL: a cross, no rotations for any arms */
            if (code == CROSS_C) {
                if (m && track) {
                    if (u < ncross)
                        keep_head += 1u << 24;
                    else
                        keep_ok = 0;
                }
            } else {
                tab = t->rot[code];
            }
            /* changed: m' = max(m, g), s' = s + w; filled by a cross (u + 1)
             * or by a corner/junction (a + 1, and m' >= 1: it moved) */
            int m2 = m > g ? m : g;
            int s2 = s + w[cell];
            int x2 = m2 > s2 ? m2 : s2;
            if (a > x2)
                x2 = a;
            int dx = (x2 <= top && u < ncross) ? x2 - x : INF;
            uint32_t cross_head = dx < INF ? ((uint32_t)m2 << 9) | ((uint32_t)s2 << 14)
                                                 | ((uint32_t)a << 19)
                                                 | ((uint32_t)(u + track) << 24)
                                           : 0;
            int m3 = m2 ? m2 : 1;
            int a3 = a + 1;
            int x3 = m3 > s2 ? m3 : s2;
            if (a3 > x3)
                x3 = a3;
            /* (a free cross beats a corner/junction when crosses are not counted) */
            int dr = (x3 <= top && (track || u >= ncross)) ? x3 - x : INF;
            uint32_t rot_head = dr < INF ? ((uint32_t)m3 << 9) | ((uint32_t)s2 << 14)
                                               | ((uint32_t)a3 << 19) | ((uint32_t)u << 24)
                                         : 0;
            for (int k = 0; k < nbn; k++) {
                int bit = t->nb_bit[cell][k];
                if (bit == back)
                    continue;
                uint32_t nn = (uint32_t)t->nbx_node[cell][k];
                int need = back | bit;
                int nc;
                if (keep_ok) {
                    nc = tab ? cur + tab[need] : cur;
                    if (nc < best)
                        bound_relax(sc, nn | keep_head, nc);
                }
                nc = cur + dx;
                if (nc < best)
                    bound_relax(sc, nn | cross_head, nc);
                nc = cur + dr + fill[need];
                if (nc < best)
                    bound_relax(sc, nn | rot_head, nc);
            }
        }
    }
    return sc->failed ? 0 : best;
}

#endif
