/* visolve.tiling._core: the tiling search compiled.
 *
 * The same steps as search.py, in the same order (so the same solutions in
 * the same order and the same node counts): every node keeps its live
 * placements, counts them per free cell and branches on the cell with the
 * fewest (lowest on a tie); a free cell with none, or an unused piece with
 * none when the unused pieces exactly fill the free cells, ends the branch;
 * laying a piece filters the live list (overlap, same piece, the halo for
 * the pieces it may not touch).  search.py stays the reference; the tests
 * check that both give the same answers.  Family hooks run in Python only.
 *
 * The scan-line rule (a Core made with scan=1) instead fills the lowest
 * free cell with each fitting placement whose lowest cell it is, skipping
 * a lay that leaves more walled-in free cells than there are unused
 * one-cell pieces; the pieces' forbidden cells are kept up to date instead
 * of a live list.
 *
 * Counting every solution (no solution kept) adds a memo: the number of
 * completions of a state is cached under (covered cells, used pieces, and
 * what fixes the other pieces' forbidden cells: when the pieces with
 * conflicts form one group, the free cells next to its laid pieces, else
 * where each of them lies).
 *
 * Questions with constraints.Rules (data the family gives: edges each
 * placement says are crossed or not, which must agree between neighbours;
 * tokens a placement sets or may not meet; cells that each need a distinct
 * piece of a set; a veto per placement; a final check of a full board,
 * called back in Python) run here too, without the memo.
 *
 * A Core holds one placement table (built once per puzzle); search()
 * answers one question, batch() many start masks in one call. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define MAX_CELLS 64
#define MAX_PIECES 32
#define MAX_DEPTH 64
/* check the clock and Python's signals every this many nodes, minus one */
#define CLOCK_EVERY 1023
/* memo slots for one search() and for a batch (powers of two) */
#define MEMO_SMALL (1 << 14)
#define MEMO_BATCH (1 << 20)
/* pieces with conflicts whose lays fit in the memo key (16 bits each) */
#define MEMO_RANKS 4
/* states with fewer free cells are counted again rather than looked up */
#define MEMO_MIN_FREE 4

typedef struct {
    PyObject_HEAD
    int ncells, npieces, nplace;
    uint64_t full;
    int sizes[MAX_PIECES];
    uint64_t nbrs[MAX_CELLS];  /* per cell: the cells sharing an edge with it */
    int nshifts;               /* neighbours by shifts: cells with a neighbour at +offset */
    int shift_offset[2 * MAX_CELLS];
    uint64_t shift_cells[2 * MAX_CELLS];
    uint64_t *masks;       /* per placement: cells */
    uint64_t *halos;       /* per placement: cells sharing an edge with it */
    int *owners;           /* per placement: piece */
    int *order;            /* placements in search order */
    int scan;              /* rule: 1 = the lowest free cell, 0 = the fewest options */
    uint32_t singles;      /* one-cell pieces */
    int *first_start;      /* per cell: where its placements start in first_idx */
    int *first_idx;        /* placements by lowest cell, in search order */
    /* rules (constraints.Rules), NULL when the puzzle has none */
    uint64_t *seam_on, *seam_off; /* per placement: edges it crosses / leaves uncrossed */
    uint32_t *bars, *sets;        /* per placement: tokens it may not meet / it sets */
} Core;

typedef struct {
    uint64_t covered, sig;
    uint32_t used, full;
    long long count;
} Slot;

typedef struct {
    Slot *slots;
    uint64_t mask;
    int rank[MAX_PIECES]; /* per piece: its 16-bit field in the key, or -1 */
    int clique;           /* the pieces with conflicts all conflict with each other */
} Memo;

/* a live placement, its cells and piece at hand (the fewest-options rule) */
typedef struct {
    uint64_t mask;
    int32_t k, owner;
} Live;

typedef struct {
    const Core *c;
    uint64_t forbid[MAX_PIECES], need[MAX_PIECES];
    uint32_t conflicts[MAX_PIECES];
    int stack[MAX_DEPTH];
    int depth;
    Live *live;            /* (npieces + 2) lists of nplace */
    long long count, limit, nodes, keep;
    long long *tally;
    PyObject *sols;
    Memo *memo;            /* counting only */
    int rules;             /* a constraints.Rules question: the fields below count */
    uint64_t on, off;      /* edges crossed / not crossed so far */
    uint32_t tokens;       /* tokens set so far */
    uint64_t demand_cells; /* free cells of these ... */
    uint32_t demand_pieces;/* ... each need an unused piece of these */
    const uint8_t *allowed;/* per placement: may be used (NULL: all) */
    PyObject *finish;      /* callable(stack tuple) -> bool on a full board, or NULL */
    double deadline;
    int stop, timed_out, error;
} Ctx;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* the stack as a tuple (NULL with an exception set) */
static PyObject *stack_tuple(const Ctx *x)
{
    PyObject *t = PyTuple_New(x->depth);
    for (int i = 0; t && i < x->depth; i++) {
        PyObject *v = PyLong_FromLong(x->stack[i]);
        if (!v) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* does the final check accept this full board? (-1: error) */
static int finished(Ctx *x)
{
    if (!x->finish)
        return 1;
    PyObject *t = stack_tuple(x);
    PyObject *r = t ? PyObject_CallOneArg(x->finish, t) : NULL;
    Py_XDECREF(t);
    int ok = r ? PyObject_IsTrue(r) : -1;
    Py_XDECREF(r);
    return ok;
}

static void leaf(Ctx *x)
{
    int ok = finished(x);
    if (ok <= 0) {
        if (ok < 0)
            x->error = x->stop = 1;
        return;
    }
    x->count++;
    if (x->sols && (x->keep < 0 || PyList_GET_SIZE(x->sols) < x->keep)) {
        PyObject *t = stack_tuple(x);
        if (!t) {
            x->error = x->stop = 1;
            return;
        }
        if (PyList_Append(x->sols, t) < 0)
            x->error = x->stop = 1;
        Py_DECREF(t);
    }
    if (x->tally)
        for (int i = 0; i < x->depth; i++)
            x->tally[x->stack[i]]++;
    if (x->limit && x->count >= x->limit)
        x->stop = 1;
}

static int tick(Ctx *x)
{
    if (x->deadline > 0 && now_seconds() > x->deadline) {
        x->timed_out = x->stop = 1;
        return 1;
    }
    if (PyErr_CheckSignals() < 0) {
        x->error = x->stop = 1;
        return 1;
    }
    return 0;
}

/* bit of the free cell with the fewest live placements, 0 for a dead end;
 * *piece becomes the unused piece to branch on instead when it has fewer
 * (only when the unused pieces exactly fill the free cells) */
static uint64_t choose(const Core *c, const Live *live, int nlive, uint64_t free, int exact,
                       uint32_t used, int *piece)
{
    int counts[MAX_CELLS] = {0}, per_piece[MAX_PIECES] = {0};
    for (int i = 0; i < nlive; i++) {
        per_piece[live[i].owner]++;
        for (uint64_t m = live[i].mask; m; m &= m - 1)
            counts[__builtin_ctzll(m)]++;
    }
    uint64_t best = 0;
    int fewest = nlive + 1;
    for (uint64_t rest = free; rest; rest &= rest - 1) {
        int n = counts[__builtin_ctzll(rest)];
        if (n < fewest) {
            best = rest & -rest;
            fewest = n;
            if (!n)
                return 0;
        }
    }
    if (exact)
        for (int p = 0; p < c->npieces; p++)
            if (!(used >> p & 1) && per_piece[p] < fewest) {
                if (!per_piece[p])
                    return 0;
                fewest = per_piece[p];
                *piece = p;
            }
    return best;
}

/* the live placements that stay after laying (m, p): no overlap, not piece p, and
 * clear of the halo for the pieces in conf */
static int filter_live(const Live *live, int nlive, Live *child, uint64_t m, int p, uint32_t conf,
                       uint64_t halo)
{
    int n = 0;
    if (!conf) { /* branch-free: the keep test is data, not a jump */
        for (int j = 0; j < nlive; j++) {
            child[n] = live[j];
            n += !(live[j].mask & m) & (live[j].owner != p);
        }
        return n;
    }
    for (int j = 0; j < nlive; j++) {
        uint64_t mq = live[j].mask;
        int o = live[j].owner;
        child[n] = live[j];
        n += !(mq & m) & (o != p) & !((conf >> o & 1) && (mq & halo));
    }
    return n;
}

static int regions_fit(const Core *c, uint64_t free, uint32_t used)
{
    uint64_t reach = 1; /* bit s: some unused pieces have s cells in all */
    for (int p = 0; p < c->npieces; p++)
        if (!(used >> p & 1))
            reach |= reach << c->sizes[p];
    while (free) {
        uint64_t region = free & -free, edge = region;
        while (edge) {
            uint64_t grow = 0;
            for (; edge; edge &= edge - 1)
                grow |= c->nbrs[__builtin_ctzll(edge)];
            edge = grow & free & ~region;
            region |= edge;
        }
        int size = __builtin_popcountll(region);
        if (size >= 64 || !(reach >> size & 1))
            return size >= 64;
        free &= ~region;
    }
    return 1;
}

#include "_core_memo.h"

/* more walled-in free cells (no free neighbour) than unused one-cell pieces? */
static int walled(const Core *c, uint64_t free, uint32_t used)
{
    uint64_t near = 0;
    for (int i = 0; i < c->nshifts; i++) {
        uint64_t part = free & c->shift_cells[i];
        int off = c->shift_offset[i];
        near |= off > 0 ? part << off : part >> -off;
    }
    uint64_t alone = free & ~near;
    return alone && __builtin_popcountll(alone) > __builtin_popcount(c->singles & ~used);
}

/* rules: may placement k be laid now? */
static inline int rules_allow(const Ctx *x, int k)
{
    const Core *c = x->c;
    if (x->allowed && !x->allowed[k])
        return 0;
    if (c->seam_on && ((c->seam_on[k] & x->off) || (c->seam_off[k] & x->on)))
        return 0;
    return !(c->bars && (c->bars[k] & x->tokens));
}

/* rules: more demanding free cells than unused pieces that can meet them? */
static inline int rules_prune(const Ctx *x, uint64_t free, uint32_t used)
{
    uint64_t left = x->demand_cells & free;
    return left && __builtin_popcountll(left) > __builtin_popcount(x->demand_pieces & ~used);
}

typedef struct {
    uint64_t on, off;
    uint32_t tokens;
} RuleState;

static inline RuleState rules_lay(Ctx *x, int k)
{
    const Core *c = x->c;
    RuleState old = {x->on, x->off, x->tokens};
    if (c->seam_on) {
        x->on |= c->seam_on[k];
        x->off |= c->seam_off[k];
    }
    if (c->sets)
        x->tokens |= c->sets[k];
    return old;
}

static inline void rules_undo(Ctx *x, RuleState old)
{
    x->on = old.on;
    x->off = old.off;
    x->tokens = old.tokens;
}

/* the scan-line rule: lay each fitting placement on the lowest free cell */
static long long node_scan(Ctx *x, uint64_t covered, uint32_t used, uint64_t sig)
{
    const Core *c = x->c;
    x->nodes++;
    if (!(x->nodes & CLOCK_EVERY) && tick(x))
        return 0;
    uint64_t free = c->full & ~covered;
    if (!free) {
        if (!x->memo)
            leaf(x);
        return 1;
    }
    if (x->rules && rules_prune(x, free, used))
        return 0;
    int hit = 0;
    Slot *slot = memo_find(x, covered, used, sig, free, &hit);
    if (hit)
        return slot->count;
    long long total = 0;
    int cell = __builtin_ctzll(free);
    const int *run = c->first_idx + c->first_start[cell], *end = c->first_idx + c->first_start[cell + 1];
    for (; run < end; run++) {
        int k = *run, p = c->owners[k];
        uint64_t m = c->masks[k];
        if ((m & covered) || (used >> p & 1) || (m & x->forbid[p]) || (m & x->need[p]) != x->need[p])
            continue;
        if (x->rules && !rules_allow(x, k))
            continue;
        uint32_t nused = used | (1u << p);
        if (walled(c, free & ~m, nused))
            continue;
        RuleState before = rules_lay(x, k);
        uint32_t conf = x->conflicts[p];
        uint64_t saved[MAX_PIECES], nsig = sig;
        if (conf) {
            nsig = memo_sig(x, sig, k, p);
            for (int q = 0; q < c->npieces; q++)
                if (conf >> q & 1) {
                    saved[q] = x->forbid[q];
                    x->forbid[q] |= c->halos[k];
                }
        }
        x->stack[x->depth++] = k;
        total += node_scan(x, covered | m, nused, nsig);
        x->depth--;
        rules_undo(x, before);
        if (conf)
            for (int q = 0; q < c->npieces; q++)
                if (conf >> q & 1)
                    x->forbid[q] = saved[q];
        if (x->stop)
            return total;
    }
    memo_store(x, slot, covered, used, sig, total);
    return total;
}

/* solutions below this node (the memo's value; with the memo no leaf side effects) */
static long long node(Ctx *x, const Live *live, int nlive, int level, uint64_t covered,
                      uint32_t used, int area, uint64_t sig)
{
    const Core *c = x->c;
    x->nodes++;
    if (!(x->nodes & CLOCK_EVERY) && tick(x))
        return 0;
    uint64_t free = c->full & ~covered;
    if (!free) {
        if (!x->memo)
            leaf(x);
        return 1;
    }
    int hit = 0;
    Slot *slot = memo_find(x, covered, used, sig, free, &hit);
    if (hit)
        return slot->count;
    long long total = 0;
    int branch = -1;
    uint64_t cell = 0;
    if (!(x->rules && rules_prune(x, free, used)) && regions_fit(c, free, used))
        cell = choose(c, live, nlive, free, area == __builtin_popcountll(free), used, &branch);
    Live *child = x->live + (size_t)(level + 1) * c->nplace;
    for (int i = 0; cell && i < nlive; i++) {
        int k = live[i].k, p = live[i].owner;
        uint64_t m = live[i].mask;
        if (branch >= 0 ? p != branch : !(m & cell))
            continue;
        if (x->rules && !rules_allow(x, k))
            continue;
        uint32_t conf = x->conflicts[p];
        int n = filter_live(live, nlive, child, m, p, conf, c->halos[k]);
        uint64_t nsig = sig;
        if (conf)
            nsig = memo_sig(x, sig, k, p);
        x->stack[x->depth++] = k;
        RuleState before = rules_lay(x, k);
        total += node(x, child, n, level + 1, covered | m, used | (1u << p), area - c->sizes[p], nsig);
        x->depth--;
        rules_undo(x, before);
        if (x->stop)
            return total;
    }
    memo_store(x, slot, covered, used, sig, total);
    return total;
}

/* the live list at the start: free cells, unused pieces, forbid and need kept */
static int root_live(const Ctx *x, uint64_t covered, uint32_t used)
{
    const Core *c = x->c;
    int n = 0;
    for (int i = 0; i < c->nplace; i++) {
        int k = c->order[i], p = c->owners[k];
        uint64_t m = c->masks[k];
        if ((m & covered) || (used >> p & 1) || (m & x->forbid[p]) || (m & x->need[p]) != x->need[p])
            continue;
        x->live[n++] = (Live){m, k, p};
    }
    return n;
}

/* run one question from (covered, used); x->count is the number found */
static void run(Ctx *x, uint64_t covered, uint32_t used)
{
    const Core *c = x->c;
    int area = 0;
    for (int p = 0; p < c->npieces; p++)
        if (!(used >> p & 1))
            area += c->sizes[p];
    long long total;
    if (c->scan) {
        total = node_scan(x, covered, used, 0);
    } else {
        int n = root_live(x, covered, used);
        total = node(x, x->live, n, 0, covered, used, area, 0);
    }
    if (x->memo)
        x->count = total;
}

#include "_core_py.h"
