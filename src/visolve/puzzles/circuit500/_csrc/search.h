/* circuit500 compiled search: the two phases of solver.py (min_actions and
 * the tap search of search()) over slide states, with the class-key bound
 * cache of solver._Bounds.  Same states, same rules, same bounds; the
 * argument for exactness is in the docstrings of solver.py and
 * solver_bound.py.  The Python module is the reference: tests compare the
 * two on many levels.
 *
 * Needs common.h and bounds.h before it. */
#ifndef C500_SEARCH_H
#define C500_SEARCH_H

#include <stdlib.h>
#include <time.h>

#define REGION 255
#define HB 31      /* largest value the search asks of the bound */
#define NONE8 255  /* "no value" in a uint8 field */
#define COUNTED_LIM 3
#define GMAX 128   /* action counts the phase-1 buckets hold (more: not proven) */

/* ------------------------------------------------------------ hashing */

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static inline uint64_t hash_bytes32(const uint8_t *p)
{
    uint64_t a, b, c, d;
    memcpy(&a, p, 8);
    memcpy(&b, p + 8, 8);
    memcpy(&c, p + 16, 8);
    memcpy(&d, p + 24, 8);
    return mix64(a ^ mix64(b ^ mix64(c ^ mix64(d + 0x9e3779b97f4a7c15ULL))));
}

/* A growable array's storage twice as large (256 elements at first);
 * NULL when out of memory (``items`` is then kept). */
static void *grow(void *items, int64_t *cap, size_t size)
{
    int64_t nc = *cap ? *cap * 2 : 256;
    void *nv = realloc(items, size * (size_t)nc);
    if (nv)
        *cap = nc;
    return nv;
}

typedef struct {
    int32_t *v;
    int64_t n, cap;
} IVec;

/* ------------------------------------------------------------ hash table */

/* Records of ``size`` bytes whose first 32 bytes are the key, kept in one
 * array (indices stay valid when it grows), found by open addressing.  A
 * slot holds the key's 32-bit hash << 32 | (index + 1), 0 when empty: a
 * probe compares the hashes first, so it reads a record only when they
 * match (most misses touch no record), and growing the slots reads none. */
typedef struct {
    uint8_t *recs;
    size_t size;
    int32_t n;
    int64_t cap;
    uint64_t *slots;
    uint32_t mask;
} Table;

static inline void *tab_rec(const Table *t, int32_t i) { return t->recs + (size_t)i * t->size; }

static int tab_init(Table *t, size_t size)
{
    t->size = size;
    t->n = 0;
    t->cap = 1 << 10;
    t->mask = (1u << 11) - 1;
    t->recs = malloc(size * (size_t)t->cap);
    t->slots = calloc((size_t)t->mask + 1, sizeof(uint64_t));
    if (!t->recs || !t->slots)
        return -1;
    return 0;
}

static void tab_free(Table *t)
{
    free(t->recs);
    free(t->slots);
}

/* twice the slots, each entry placed again by the hash it carries */
static int tab_rehash(Table *t)
{
    uint32_t nmask = t->mask * 2 + 1;
    uint64_t *ns = calloc((size_t)nmask + 1, sizeof(uint64_t));
    if (!ns)
        return -1;
    for (uint32_t j = 0; j <= t->mask; j++) {
        uint64_t e = t->slots[j];
        if (!e)
            continue;
        uint32_t h = (uint32_t)(e >> 32) & nmask;
        while (ns[h])
            h = (h + 1) & nmask;
        ns[h] = e;
    }
    free(t->slots);
    t->slots = ns;
    t->mask = nmask;
    return 0;
}

static inline uint32_t tab_hash(const uint8_t key[32]) { return (uint32_t)hash_bytes32(key); }

/* Index of the record with ``key`` (whose tab_hash is ``hv``); a new one
 * (zeroed but for the key, *created set) when absent; -1 when out of
 * memory. */
static int32_t tab_get_h(Table *t, const uint8_t key[32], uint32_t hv, int *created)
{
    uint64_t tag = (uint64_t)hv << 32;
    uint32_t h = hv & t->mask;
    *created = 0;
    for (;;) {
        uint64_t e = t->slots[h];
        if (!e)
            break;
        if ((e & 0xffffffff00000000ULL) == tag) {
            int32_t i = (int32_t)(uint32_t)e - 1;
            if (memcmp(tab_rec(t, i), key, 32) == 0)
                return i;
        }
        h = (h + 1) & t->mask;
    }
    if (t->n >= t->cap) {
        uint8_t *nr = grow(t->recs, &t->cap, t->size);
        if (!nr)
            return -1;
        t->recs = nr;
    }
    int32_t i = t->n++;
    uint8_t *rec = tab_rec(t, i);
    memset(rec, 0, t->size);
    memcpy(rec, key, 32);
    t->slots[h] = tag | (uint32_t)(i + 1);
    *created = 1;
    if ((uint32_t)t->n * 2 > t->mask && tab_rehash(t) < 0)
        return -1;
    return i;
}

static inline int32_t tab_get(Table *t, const uint8_t key[32], int *created)
{
    return tab_get_h(t, key, tab_hash(key), created);
}

/* ------------------------------------------------------------ slide states */

/* A slide state: the arrangement and the frozen mask (tiles that have
 * touched the gap at every moment so far).  ``key`` is 32 bytes: 24 codes,
 * the mask in 4 bytes, 4 zero bytes. */
typedef struct {
    uint8_t key[32];
    int32_t p1_parent; /* phase 1: state it was reached from (-1: start) */
    int32_t p2_parent; /* phase 2: the same */
    int8_t p1_cell;    /* the cell slid into the gap to get here */
    int8_t p2_cell;
    uint8_t level1;    /* least actions phase 1 knows (NONE8: unknown) */
    uint8_t done;      /* listed as a member of a class in phase 1 */
    uint8_t ga;        /* phase 2: actions (NONE8: not reached) */
    uint8_t listed;    /* enumeration: paths to it already listed */
    uint16_t gt;       /* phase 2: taps */
    int32_t edge;      /* enumeration: first edge reaching it at (ga, gt), -1: none */
} Node;

#define NODE(st, i) ((Node *)tab_rec((st), (i)))

static inline uint32_t node_frozen(const Node *nd)
{
    uint32_t f;
    memcpy(&f, nd->key + 24, 4);
    return f;
}

/* the table key of the state (arr, frozen) */
static inline void st_key(const uint8_t *arr, uint32_t frozen, uint8_t key[32])
{
    memcpy(key, arr, 24);
    memcpy(key + 24, &frozen, 4);
    memset(key + 28, 0, 4);
}

/* Index of the state with table key ``key`` (hash ``hv``), created unset
 * when new; -1 when out of memory (*oom set). */
static int32_t st_find_key(Table *t, const uint8_t key[32], uint32_t hv, int *oom)
{
    int created;
    int32_t i = tab_get_h(t, key, hv, &created);
    if (i < 0) {
        *oom = 1;
        return -1;
    }
    if (created) {
        Node *nd = NODE(t, i);
        nd->p1_parent = nd->p2_parent = -1;
        nd->p1_cell = nd->p2_cell = -1;
        nd->level1 = NONE8;
        nd->ga = NONE8;
        nd->edge = -1;
    }
    return i;
}

/* st_find_key of the state (arr, frozen) */
static int32_t st_find(Table *t, const uint8_t *arr, uint32_t frozen, int *oom)
{
    uint8_t key[32];
    st_key(arr, frozen, key);
    return st_find_key(t, key, tab_hash(key), oom);
}

/* ------------------------------------------------------------ class keys */

/* solver.class_key: the region (gap + empties/crosses joined to it through
 * empties/crosses) marked REGION, byte 24 = crosses in it, the rest 0. */
static void class_key_c(const uint8_t *arr, int gap, const Tables *t, uint8_t key[32])
{
    memset(key, 0, 32);
    memcpy(key, arr, 24);
    if (gap < 0)
        return;
    int todo[NCELL], nt = 0, crosses = 0;
    key[gap] = REGION;
    todo[nt++] = gap;
    while (nt) {
        int c = todo[--nt];
        for (int k = 0; k < t->nb_n[c]; k++) {
            int n = t->nb_cell[c][k];
            int code = key[n];
            if (code != REGION && !t->paid[code]) {
                if (code == CROSS_C)
                    crosses++;
                key[n] = REGION;
                todo[nt++] = n;
            }
        }
    }
    key[24] = (uint8_t)crosses;
}

/* bound cache entry per class key (values <= 31; lim NONE8: not computed) */
typedef struct {
    uint8_t key[32];
    uint8_t h_val, h_lim, r_val, r_lim, rest;
} KeyEntry;

/* The index of a class key's entry in the key table, new and empty when
 * absent; -1 when out of memory (*oom set).  The search keeps the index (it
 * stays valid when the table grows, a pointer would not): a free slide
 * keeps the class key, so a state entered by one reuses its parent's. */
static int32_t kt_index(Table *t, const uint8_t key[32], int *oom)
{
    int created;
    int32_t i = tab_get(t, key, &created);
    if (i < 0) {
        *oom = 1;
        return -1;
    }
    KeyEntry *en = tab_rec(t, i);
    if (created)
        en->h_lim = en->r_lim = NONE8;
    return i;
}

/* ------------------------------------------------------------ the bounds */

typedef struct {
    Tables tab;
    Table keys; /* KeyEntry records */
    BoundScratch *scratch;
    int counted_lim;
    long calls;
    int oom;
} Bounds;

static inline int locate(const uint8_t *arr, int kind)
{
    for (int i = 0; i < NCELL; i++)
        if ((arr[i] >> 4) == kind)
            return i;
    return -1;
}

static inline int find_gap(const uint8_t *arr)
{
    for (int i = 0; i < NCELL; i++)
        if (arr[i] == GAP_C)
            return i;
    return -1;
}

/* _Bounds.actions: lower bound on the further actions of every state with
 * the class key of entry ``ki`` (kt_index; values >= lim come back as lim). */
static int bounds_actions(Bounds *b, const uint8_t *arr, int32_t ki, int lim)
{
    if (ki < 0)
        return lim;
    KeyEntry *en = tab_rec(&b->keys, ki);
    int r = en->rest;
    if (r >= lim)
        return r;
    int ql = lim < HB ? lim : HB;
    int v;
    if (en->h_lim != NONE8 && (en->h_val < en->h_lim || en->h_lim >= ql)) {
        v = en->h_val;
    } else {
        int s0 = locate(arr, K_START), e0 = locate(arr, K_END), gap = find_gap(arr);
        b->calls++;
        v = reach_bound_c(arr, &b->tab, s0, e0, gap, ql, 31, b->scratch);
        if (v < ql && ql <= b->counted_lim && b->tab.n_cross < UCAP) {
            b->calls++;
            v = counted_bound_c(arr, &b->tab, s0, e0, gap, ql, 31, b->scratch);
        }
        en->h_val = (uint8_t)v;
        en->h_lim = (uint8_t)ql;
    }
    return v > r ? v : r;
}

/* _Bounds.rotations: lower bound on the rotation-only finish of every state
 * joined to this one by free slides (class key entry ``ki``). */
static int bounds_rotations(Bounds *b, const uint8_t *arr, int32_t ki, int lim)
{
    if (ki < 0)
        return 0;
    KeyEntry *en = tab_rec(&b->keys, ki);
    int ql = lim < HB ? lim : HB;
    if (en->r_lim != NONE8 && (en->r_val < en->r_lim || en->r_lim >= ql))
        return en->r_val;
    int s0 = locate(arr, K_START), e0 = locate(arr, K_END), gap = find_gap(arr);
    b->calls++;
    int v = reach_bound_c(arr, &b->tab, s0, e0, gap, ql, 0, b->scratch);
    en->r_val = (uint8_t)v;
    en->r_lim = (uint8_t)ql;
    return v;
}

/* phase 1 learnt that the states of key entry ``ki`` need ``lb`` more actions */
static void bounds_drop(Bounds *b, int32_t ki, int lb)
{
    KeyEntry *en = ki < 0 ? NULL : tab_rec(&b->keys, ki);
    if (en && en->rest < lb)
        en->rest = (uint8_t)(lb > 250 ? 250 : lb);
}

/* ------------------------------------------------------------ rotation finish */

typedef struct {
    const Tables *t;
    const uint8_t *arr;
    uint32_t frozen;
    int s0, e0, best, found;
    uint8_t on[NCELL];
} Dfs;

static inline const int *turn_costs(const Tables *t, const uint8_t *arr, uint32_t frozen, int cell)
{
    return (frozen >> cell & 1) ? t->rot_fixed[arr[cell]] : t->rot[arr[cell]];
}

static void dfs_simple(Dfs *d, int cell, int back, int cost)
{
    if (cost > d->best)
        return;
    if (cell == d->e0) {
        int t = turn_costs(d->t, d->arr, d->frozen, cell)[back];
        if (t >= INF || cost + t > d->best)
            return;
        d->best = cost + t;
        d->found = 1;
        return;
    }
    if (d->on[cell] || cell == d->s0)
        return;
    const int *tab = turn_costs(d->t, d->arr, d->frozen, cell);
    d->on[cell] = 1;
    for (int k = 0; k < d->t->nb_n[cell]; k++) {
        int bit = d->t->nb_bit[cell][k];
        if (bit == back)
            continue;
        int t = tab[back | bit];
        if (t >= INF || cost + t > d->best)
            continue;
        dfs_simple(d, d->t->nb_cell[cell][k], d->t->nb_opp[cell][k], cost + t);
    }
    d->on[cell] = 0;
}

#define RF_CAP 128
#define RF_PUSH 4096

/* solver.rotation_finish, cost only: the cheapest finish by rotations
 * along a simple start-to-end path when it costs less than ``limit``
 * (INF otherwise).  A cheapest walk first; when it revisits a cell, a
 * search over simple paths. */
static int rotation_finish_c(const Tables *t, const uint8_t *arr, uint32_t frozen, int limit)
{
    int s0 = locate(arr, K_START), e0 = locate(arr, K_END);
    if (limit > RF_CAP)
        limit = RF_CAP;
    int dist[NNODE], pred[NNODE];
    /* bucket lists: item/next arrays, head per cost (last in, first out) */
    int item[RF_PUSH], nxt[RF_PUSH], head[RF_CAP];
    int np = 0;
    for (int i = 0; i < RF_CAP; i++)
        head[i] = -1;
    for (int i = 0; i < NNODE; i++)
        dist[i] = INF;
    const int *srot = turn_costs(t, arr, frozen, s0);
    const int *erot = turn_costs(t, arr, frozen, e0);
    int maxc = -1;
    for (int k = 0; k < t->nb_n[s0]; k++) {
        int c = srot[t->nb_bit[s0][k]];
        if (c >= limit)
            continue;
        int node = t->nbx_node[s0][k];
        if (c < dist[node]) {
            dist[node] = c;
            pred[node] = -1;
            item[np] = node;
            nxt[np] = head[c];
            head[c] = np++;
            if (c > maxc)
                maxc = c;
        }
    }
    int best = limit, best_node = -1;
    for (int cur = 0; cur <= maxc && cur < best; cur++) {
        while (head[cur] >= 0) {
            int node = item[head[cur]];
            head[cur] = nxt[head[cur]];
            if (dist[node] != cur)
                continue;
            int cell = node >> 4, back = node & 15;
            if (cell == e0) {
                int e = erot[back] < INF ? cur + erot[back] : INF;
                if (e < best) {
                    best = e;
                    best_node = node;
                }
                continue;
            }
            if (cell == s0)
                continue;
            const int *tab = turn_costs(t, arr, frozen, cell);
            for (int k = 0; k < t->nb_n[cell]; k++) {
                int bit = t->nb_bit[cell][k];
                if (bit == back)
                    continue;
                int step = tab[back | bit];
                if (step >= INF)
                    continue;
                int nc = cur + step;
                if (nc >= best)
                    continue;
                int nn = t->nbx_node[cell][k];
                if (nc < dist[nn]) {
                    dist[nn] = nc;
                    pred[nn] = node;
                    if (np >= RF_PUSH)
                        goto dfs; /* (never seen; the exact search stays right) */
                    item[np] = nn;
                    nxt[np] = head[nc];
                    head[nc] = np++;
                    if (nc > maxc)
                        maxc = nc;
                }
            }
        }
    }
    if (best_node == -1)
        return INF;
    {
        /* simple path?  cells of the walk, from the end back to s0 */
        uint32_t seen = 1u << s0;
        for (int n = best_node; n != -1; n = pred[n]) {
            int cell = n >> 4;
            if (seen >> cell & 1)
                goto dfs;
            seen |= 1u << cell;
        }
        return best;
    }
dfs:;
    Dfs d;
    d.t = t;
    d.arr = arr;
    d.frozen = frozen;
    d.s0 = s0;
    d.e0 = e0;
    d.best = limit - 1;
    d.found = 0;
    memset(d.on, 0, sizeof(d.on));
    for (int k = 0; k < t->nb_n[s0]; k++) {
        int c = srot[t->nb_bit[s0][k]];
        if (c >= INF)
            continue;
        dfs_simple(&d, t->nb_cell[s0][k], t->nb_opp[s0][k], c);
    }
    return d.found ? d.best : INF;
}

/* ------------------------------------------------------------ the search */

static inline double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}


static int iv_push(IVec *v, int32_t x)
{
    if (v->n >= v->cap) {
        int32_t *nv = grow(v->v, &v->cap, sizeof(int32_t));
        if (!nv)
            return -1;
        v->v = nv;
    }
    v->v[v->n++] = x;
    return 0;
}

/* solver._slide: the tile at ``cell`` into the gap */
static inline uint32_t slide_c(const Tables *t, const uint8_t *arr, uint32_t frozen, int gap,
                               int cell, uint8_t *out)
{
    memcpy(out, arr, 24);
    out[gap] = arr[cell];
    out[cell] = GAP_C;
    if (frozen) {
        if (frozen >> cell & 1)
            frozen = (frozen & ~(1u << cell)) | (1u << gap);
        frozen &= t->adj_mask[cell];
    }
    return frozen;
}

typedef struct {
    int actions;      /* fewest actions (INF: no finish) */
    int taps;         /* fewest taps with that many actions */
    int32_t best;     /* state of the best finish (-1: none) */
    int best_phase;   /* 1 or 2: which parent links lead to it */
    int proven;
    int listed_all;   /* enumeration: every state with a best finish was reached */
    long nodes;
    long bound_calls;
    int oom;
} SearchResult;

/* enumeration: an edge parent --slide of ``cell``--> child, listed per child */
typedef struct {
    int32_t parent, next;
    int8_t cell;
} Edge;

typedef struct {
    Table st; /* Node records */
    Bounds b;
    Edge *edges; /* enumeration only */
    int64_t n_edges, cap_edges;
    IVec finals; /* enumeration: states popped with a finish at the best taps */
    /* asked every few hundred states: nonzero stops the search (Ctrl-C) */
    int (*interrupted)(void);
    int was_interrupted;
} Search;

/* Every ``mask + 1`` states: whether the deadline has passed or the caller
 * wants the search stopped. */
static inline int should_stop(Search *S, long nodes, long mask, double deadline)
{
    if ((nodes & mask) != 0)
        return 0;
    if (S->interrupted && S->interrupted()) {
        S->was_interrupted = 1;
        return 1;
    }
    return deadline > 0 && now_seconds() > deadline;
}

static int edge_add(Search *S, Node *child, int32_t parent, int cell)
{
    if (S->n_edges >= S->cap_edges) {
        Edge *ne = grow(S->edges, &S->cap_edges, sizeof(Edge));
        if (!ne)
            return -1;
        S->edges = ne;
    }
    Edge *e = &S->edges[S->n_edges];
    e->parent = parent;
    e->cell = (int8_t)cell;
    e->next = child->edge;
    child->edge = S->n_edges++;
    return 0;
}

/* The children of a popped state, one per neighbour of its gap (the order
 * of t->nb_cell): table keys and hashes.  Their slots in the state table
 * are prefetched, so that the lookups that follow overlap their cache
 * misses instead of waiting for each in turn (the slots are the largest
 * cost of a lookup on big searches). */
typedef struct {
    uint8_t key[4][32];
    uint32_t hv[4];
} Kids;

static inline void kids_prepare(const Tables *t, const Table *st, const uint8_t *arr,
                                uint32_t frozen, int gap, Kids *kd)
{
    uint8_t child[24];
    for (int k = 0; k < t->nb_n[gap]; k++) {
        uint32_t cf = slide_c(t, arr, frozen, gap, t->nb_cell[gap][k], child);
        st_key(child, cf, kd->key[k]);
        kd->hv[k] = tab_hash(kd->key[k]);
        __builtin_prefetch(&st->slots[kd->hv[k] & st->mask]);
    }
}

/* Phase 1 (solver.min_actions). */
static void min_actions_c(Search *S, const uint8_t *arr0, double deadline, SearchResult *res)
{
    const Tables *t = &S->b.tab;
    Table *st = &S->st;
    int gap0 = find_gap(arr0);
    uint32_t frozen0 = gap0 >= 0 ? t->adj_mask[gap0] : 0;
    int oom = 0;
    int32_t start = st_find(st, arr0, frozen0, &oom);
    if (start < 0) {
        res->oom = 1;
        return;
    }
    NODE(st, start)->level1 = 0;
    int best = INF;
    int32_t best_at = -1;
    long nodes = 0;
    IVec buckets[GMAX];
    memset(buckets, 0, sizeof(buckets));
    IVec todo = {0};
    int timed_out = 0, overflow = 0;
    if (iv_push(&buckets[0], start) < 0)
        goto oom_out;
    uint8_t key[32], arr[24];
    Kids kd;
    for (int g = 0; g < GMAX && g < best; g++) {
        for (int32_t bi = 0; bi < buckets[g].n; bi++) {
            int32_t root = buckets[g].v[bi];
            Node *rn = NODE(st, root);
            if (rn->done || rn->level1 != g)
                continue;
            memcpy(arr, rn->key, 24);
            class_key_c(arr, find_gap(arr), t, key);
            int32_t ki = kt_index(&S->b.keys, key, &S->b.oom);
            int lim = best >= INF ? INF : best - g;
            int hv = bounds_actions(&S->b, arr, ki, lim);
            if (g + hv >= best) {
                bounds_drop(&S->b, ki, hv);
                continue;
            }
            int r0 = bounds_rotations(&S->b, arr, ki, best - g);
            if (g + r0 >= best && g + 1 >= best) {
                bounds_drop(&S->b, ki, best - g);
                continue;
            }
            NODE(st, root)->done = 1;
            todo.n = 0;
            iv_push(&todo, root);
            for (int32_t qi = 0; qi < todo.n; qi++) {
                int32_t si = todo.v[qi];
                nodes++;
                if (should_stop(S, nodes, 511, deadline)) {
                    timed_out = 1;
                    goto out;
                }
                memcpy(arr, NODE(st, si)->key, 24);
                uint32_t frozen = node_frozen(NODE(st, si));
                if (g + r0 < best) {
                    int r = rotation_finish_c(t, arr, frozen, best - g);
                    if (r < INF && g + r < best) {
                        best = g + r;
                        best_at = si;
                    }
                }
                if (gap0 < 0)
                    continue;
                int gap = find_gap(arr);
                kids_prepare(t, st, arr, frozen, gap, &kd);
                for (int k = 0; k < t->nb_n[gap]; k++) {
                    int cell = t->nb_cell[gap][k];
                    if (t->paid[arr[cell]]) {
                        if (g + 1 >= best)
                            continue;
                        int32_t ci = st_find_key(st, kd.key[k], kd.hv[k], &oom);
                        if (ci < 0)
                            goto oom_out;
                        Node *cn = NODE(st, ci);
                        if (cn->level1 == NONE8 || cn->level1 > g + 1) {
                            cn->level1 = (uint8_t)(g + 1);
                            cn->p1_parent = si;
                            cn->p1_cell = (int8_t)cell;
                            if (g + 1 >= GMAX)
                                overflow = 1; /* beyond the buckets: no proof */
                            else if (iv_push(&buckets[g + 1], ci) < 0)
                                goto oom_out;
                        }
                        continue;
                    }
                    int32_t ci = st_find_key(st, kd.key[k], kd.hv[k], &oom);
                    if (ci < 0)
                        goto oom_out;
                    Node *cn = NODE(st, ci);
                    if (!cn->done) {
                        cn->done = 1;
                        cn->level1 = (uint8_t)g;
                        cn->p1_parent = si;
                        cn->p1_cell = (int8_t)cell;
                        if (iv_push(&todo, ci) < 0)
                            goto oom_out;
                    }
                }
            }
        }
        buckets[g].n = 0;
    }
out:
    res->actions = best;
    res->best = best_at;
    res->best_phase = 1;
    res->proven = !timed_out && !overflow;
    res->nodes = nodes;
    for (int g = 0; g < GMAX; g++)
        free(buckets[g].v);
    free(todo.v);
    return;
oom_out:
    res->oom = 1;
    timed_out = 1;
    goto out;
}

/* Phase 2 (solver.search after min_actions): A* on taps with f = gt + A - ga,
 * f never decreases along an edge, so a bucket queue per f, first in first
 * out (the order of Python's heap with its tie counter). */
typedef struct {
    int32_t state;
    int32_t key; /* its class key entry (kt_index), -1: not known yet */
    uint8_t ga;
    uint8_t check; /* entered by a paid slide: its action bound is still to check */
    uint16_t gt;
} Entry;

typedef struct {
    Entry *v;
    int64_t head, n, cap;
} EQueue;

static int eq_push(EQueue *q, Entry e)
{
    if (q->n >= q->cap) {
        Entry *nv = grow(q->v, &q->cap, sizeof(Entry));
        if (!nv)
            return -1;
        q->v = nv;
    }
    q->v[q->n++] = e;
    return 0;
}

/* With ``enumerate``, the search goes on through f == best_t, records
 * every edge that reaches a state at its (ga, gt) and collects the states
 * with a finish at best_t taps in S->finals (list_paths() reads them). */
static void min_taps_c(Search *S, const uint8_t *arr0, int target, int ntaps, double deadline,
                       int enumerate, SearchResult *res)
{
    const Tables *t = &S->b.tab;
    Table *st = &S->st;
    S->b.counted_lim = 0; /* phase 2: see solver.COUNTED_LIM */
    int gap0 = find_gap(arr0);
    uint32_t frozen0 = gap0 >= 0 ? t->adj_mask[gap0] : 0;
    int oom = 0;
    int32_t start = st_find(st, arr0, frozen0, &oom);
    if (start < 0) {
        res->oom = 1;
        return;
    }
    NODE(st, start)->ga = 0;
    NODE(st, start)->gt = 0;
    int best_t = ntaps;
    int32_t best_state = -1;
    /* f < best_t <= ntaps: one queue per value below ntaps */
    EQueue *qs = calloc((size_t)ntaps + 1, sizeof(EQueue));
    if (!qs) {
        res->oom = 1;
        return;
    }
    Entry e0 = {start, -1, 0, 0, 0};
    eq_push(&qs[target], e0);
    long nodes = 0;
    uint8_t key[32], arr[24];
    Kids kd;
    int f = target;
    int stopped = 0;
    /* without enumeration only f < best_t is looked at; with it f <= best_t */
    int over = enumerate ? 1 : 0;
    while (f < best_t + over) {
        EQueue *q = &qs[f];
        if (q->head >= q->n) {
            f++;
            continue;
        }
        Entry e = q->v[q->head++];
        Node *nd = NODE(st, e.state);
        if (nd->ga != e.ga || nd->gt != e.gt)
            continue; /* stale */
        memcpy(arr, nd->key, 24);
        uint32_t frozen = node_frozen(nd);
        int rest = target - e.ga;
        int gap = find_gap(arr);
        if (e.key < 0) {
            /* entered by a paid slide (or the start): its own class key */
            class_key_c(arr, gap, t, key);
            e.key = kt_index(&S->b.keys, key, &S->b.oom);
        }
        if (e.check && bounds_actions(&S->b, arr, e.key, rest + 1) > rest)
            continue;
        nodes++;
        if (should_stop(S, nodes, 255, deadline)) {
            stopped = 1;
            break;
        }
        if (e.gt + rest < best_t + over && bounds_rotations(&S->b, arr, e.key, rest + 1) <= rest) {
            int r = rotation_finish_c(t, arr, frozen, rest + 1);
            if (r == rest) {
                if (e.gt + r < best_t) {
                    best_t = e.gt + r;
                    best_state = e.state;
                }
                if (enumerate && iv_push(&S->finals, e.state) < 0) {
                    res->oom = 1;
                    stopped = 1;
                    goto out;
                }
            }
        }
        if (gap0 < 0)
            continue;
        kids_prepare(t, st, arr, frozen, gap, &kd);
        for (int k = 0; k < t->nb_n[gap]; k++) {
            int cell = t->nb_cell[gap][k];
            int pc = t->paid[arr[cell]];
            int ca = e.ga + pc, ct = e.gt + 1;
            int fc = ct + target - ca;
            if (fc >= best_t + over)
                continue;
            int32_t ci = st_find_key(st, kd.key[k], kd.hv[k], &oom);
            if (ci < 0) {
                res->oom = 1;
                stopped = 1;
                goto out;
            }
            Node *cn = NODE(st, ci);
            if (cn->ga != NONE8 && (cn->ga < ca || (cn->ga == ca && cn->gt <= ct))) {
                if (enumerate && cn->ga == ca && cn->gt == ct && edge_add(S, cn, e.state, cell) < 0) {
                    res->oom = 1;
                    stopped = 1;
                    goto out;
                }
                continue;
            }
            if (cn->level1 != NONE8 && cn->level1 < ca)
                continue;
            if (enumerate) {
                cn->edge = -1; /* a better (ga, gt): the edges so far are not on it */
                if (edge_add(S, cn, e.state, cell) < 0) {
                    res->oom = 1;
                    stopped = 1;
                    goto out;
                }
            }
            cn->ga = (uint8_t)ca;
            cn->gt = (uint16_t)ct;
            cn->p2_parent = e.state;
            cn->p2_cell = (int8_t)cell;
            /* a free slide keeps the class key: the child shares e.key */
            Entry ce = {ci, pc ? -1 : e.key, (uint8_t)ca, (uint8_t)pc, (uint16_t)ct};
            if (eq_push(&qs[fc], ce) < 0) {
                res->oom = 1;
                stopped = 1;
                goto out;
            }
        }
    }
out:
    res->nodes += nodes;
    /* stopped at f == best_t: the taps are proven, the list is not complete */
    if (stopped && f < best_t)
        res->proven = 0;
    res->listed_all = enumerate && !stopped;
    if (best_state >= 0) {
        res->taps = best_t;
        res->best = best_state;
        res->best_phase = 2;
    }
    for (int i = 0; i <= ntaps; i++)
        free(qs[i].v);
    free(qs);
}

/* ------------------------------------------------------------ enumeration */

typedef struct {
    Search *S;
    int32_t start;
    int8_t cells[512];
    /* called with each path (cells from the start, in order) to S->finals[i];
     * returns nonzero to stop */
    int (*emit)(void *ctx, int32_t final, const int8_t *cells, int n);
    void *ctx;
    int32_t final;
    int stop;
} Lister;

/* the edge parent -> x is on a best path: it reaches x at x's (ga, gt) */
static inline int edge_fits(const Search *S, const Node *x, const Edge *e)
{
    const Node *p = NODE(&S->st, e->parent);
    if (p->ga == NONE8)
        return 0;
    int pc = S->b.tab.paid[p->key[e->cell]];
    return p->ga + pc == x->ga && p->gt + 1 == x->gt;
}

static void list_back(Lister *L, int32_t x, int depth)
{
    if (x == L->start) {
        int8_t path[512];
        for (int i = 0; i < depth; i++)
            path[i] = L->cells[depth - 1 - i];
        if (L->emit(L->ctx, L->final, path, depth))
            L->stop = 1;
        return;
    }
    const Node *nd = NODE(&L->S->st, x);
    if (depth >= 511)
        return;
    for (int32_t ei = nd->edge; ei >= 0 && !L->stop; ei = L->S->edges[ei].next) {
        const Edge *e = &L->S->edges[ei];
        if (!edge_fits(L->S, nd, e))
            continue;
        L->cells[depth] = e->cell;
        list_back(L, e->parent, depth + 1);
    }
}

/* Every best path (target actions, taps) to each finishing state of the
 * enumeration, handed to ``emit`` until it says stop. */
static void list_paths(Search *S, const uint8_t *arr0, int target, int taps,
                       int (*emit)(void *, int32_t, const int8_t *, int), void *ctx)
{
    const Tables *t = &S->b.tab;
    int gap0 = find_gap(arr0);
    int oom = 0;
    Lister L;
    L.S = S;
    L.start = st_find(&S->st, arr0, gap0 >= 0 ? t->adj_mask[gap0] : 0, &oom);
    L.emit = emit;
    L.ctx = ctx;
    L.stop = 0;
    if (L.start < 0)
        return;
    for (int32_t i = 0; i < S->finals.n && !L.stop; i++) {
        int32_t x = S->finals.v[i];
        Node *nd = NODE(&S->st, x);
        int rest = target - nd->ga;
        if (nd->listed || nd->gt + rest != taps)
            continue;
        if (rotation_finish_c(t, nd->key, node_frozen(nd), rest + 1) != rest)
            continue;
        nd->listed = 1;
        L.final = x;
        list_back(&L, x, 0);
    }
}

#endif
